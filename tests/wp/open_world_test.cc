// Entry parameters whose declared type no class on the class path
// implements or extends: a caller's own class could make them objects.
// The witness gives them a stand-in (types/stand_ins.h) where a caller
// could write one; otherwise a search that needs one ends UNKNOWN naming
// the parameter (wp/entry_check.cc, input_without_a_class), never
// NOT_FOUND (tests/fixtures/java8/wp/OpenWorld.java).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "tests/callgraph/callgraph_test_support.h"
#include "types/stand_ins.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {
namespace {

// The result of the goal `method` at the line of OpenWorld.java holding `marker`.
Result RunOpenWorld(const std::string& method, const std::string& marker) {
  std::ifstream in(jwp::testing::SourceDir() + "/tests/fixtures/java8/wp/OpenWorld.java");
  int line = -1;
  std::string text;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.find(marker) != std::string::npos) line = n;
  }
  EXPECT_GT(line, 0) << marker;
  auto spec = ParseGoal("wp.OpenWorld." + method + "@line:" + std::to_string(line),
                        "exception:java.lang.ArithmeticException");
  EXPECT_TRUE(spec.ok()) << spec.status();
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  EXPECT_TRUE(goal.ok()) << goal.status();
  return RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, EngineOptions{});
}

// The witness's object for parameter `i`, which must be a stand-in of `type`.
void ExpectStandIn(const Result& r, size_t i, const std::string& type) {
  ASSERT_TRUE(r.witness.has_value());
  ASSERT_GT(r.witness->arguments.size(), i);
  const solver::WitnessValue& v = r.witness->arguments[i];
  ASSERT_EQ(v.kind, solver::WitnessValue::Kind::kRef);
  const auto o = std::find_if(r.witness->heap.begin(), r.witness->heap.end(),
                              [&](const solver::WitnessObject& x) { return x.id == v.object; });
  ASSERT_NE(o, r.witness->heap.end());
  EXPECT_EQ(o->type, type + "$JwpStandIn");
  EXPECT_THAT(r.assumptions, ::testing::Contains(::testing::HasSubstr("stand-in: " + v.object)));
}

TEST(OpenWorld, AnInterfaceNoClassImplementsGetsAStandIn) {
  const Result r = RunOpenWorld("notifyAll(Lwp/OpenWorld$Listener;I)I", "no class on the class path implements Listener");
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ExpectStandIn(r, 0, "wp/OpenWorld$Listener");
}

TEST(OpenWorld, AnAbstractClassWithoutSubclassGetsAStandIn) {
  const Result r = RunOpenWorld("measure(Lwp/OpenWorld$Sized;I)I", "Sized has no concrete subclass");
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ExpectStandIn(r, 0, "wp/OpenWorld$Sized");
}

// No caller can extend a class whose one constructor is private: no
// stand-in, and the search that needs one is no proof either way.
TEST(OpenWorld, AClassNoCallerCanExtendIsNoProof) {
  const Result r = RunOpenWorld("closed(Lwp/OpenWorld$Closed;I)I", "no caller can write one");
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_THAT(r.reason, ::testing::HasSubstr("open world: the precondition needs parameter 1 (wp.OpenWorld$Closed)"));
  EXPECT_THAT(r.reason, ::testing::HasSubstr("no stand-in"));
}

TEST(OpenWorld, AClassOnTheClassPathIsUsedAndNullNeedsNone) {
  const Result r = RunOpenWorld("withImplementation(Lwp/OpenWorld$Implemented;I)I", "One is on the class path");
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_TRUE(r.witness.has_value());
  ASSERT_EQ(r.witness->arguments.size(), 2u);
  const Result n = RunOpenWorld("nullListener(Lwp/OpenWorld$Listener;I)I", "null needs no class");
  EXPECT_EQ(n.verdict, Verdict::kFound) << n.reason;
}

TEST(StandIns, NamesRoundTripAndTheJdksLiveInAPackageOfTheirOwn) {
  EXPECT_EQ(types::StandInName("wp/OpenWorld$Listener"), "wp/OpenWorld$Listener$JwpStandIn");
  EXPECT_EQ(types::StandInName("java/util/function/IntSupplier"),
            "jwp/standin/java/util/function/IntSupplier$JwpStandIn");
  EXPECT_EQ(types::StandInFor("wp/OpenWorld$Listener$JwpStandIn"), "wp/OpenWorld$Listener");
  EXPECT_EQ(types::StandInFor("jwp/standin/java/util/function/IntSupplier$JwpStandIn"),
            "java/util/function/IntSupplier");
  EXPECT_EQ(types::StandInFor("java/util/function/IntSupplier$JwpStandIn"), std::nullopt);  // no JDK package
  EXPECT_EQ(types::StandInFor("jwp/standin/wp/OpenWorld$Listener$JwpStandIn"), std::nullopt);
  EXPECT_EQ(types::StandInFor("wp/OpenWorld$Listener"), std::nullopt);
}

TEST(StandIns, OnlyTypesACallerCanImplementAndNoClassDoesHaveOne) {
  const types::StandInTypeFacts facts(callgraph::testing::World::Get().hierarchy());
  EXPECT_TRUE(facts.has_stand_in("wp/OpenWorld$Listener"));
  EXPECT_TRUE(facts.has_stand_in("wp/OpenWorld$Sized"));
  EXPECT_FALSE(facts.has_stand_in("wp/OpenWorld$Closed"));       // a private constructor only
  EXPECT_FALSE(facts.has_stand_in("wp/OpenWorld$Implemented"));  // One implements it
  EXPECT_FALSE(facts.has_stand_in("wp/OpenWorld$One"));          // concrete
  EXPECT_FALSE(facts.has_stand_in("java/lang/Runnable"));        // the JDK implements it
  EXPECT_FALSE(facts.has_stand_in("[Lwp/OpenWorld$Listener;"));
}

TEST(StandIns, AStandInIsAFinalSubtypeInAListThatIsNeverComplete) {
  const types::StandInTypeFacts facts(callgraph::testing::World::Get().hierarchy());
  const std::string listener = "wp/OpenWorld$Listener$JwpStandIn";
  const types::TypeFacts::TypeList subs = facts.concrete_subtypes("wp/OpenWorld$Listener", 8);
  EXPECT_THAT(subs.types, ::testing::ElementsAre(listener));
  EXPECT_FALSE(subs.complete);
  EXPECT_TRUE(facts.is_instantiable(listener));
  EXPECT_TRUE(facts.is_final(listener));
  EXPECT_TRUE(facts.is_known(listener));
  EXPECT_EQ(facts.is_subtype(listener, "wp/OpenWorld$Listener"), true);
  EXPECT_EQ(facts.is_subtype(listener, "java/lang/Object"), true);
  EXPECT_EQ(facts.is_subtype(listener, "wp/OpenWorld$Sized"), false);
  EXPECT_EQ(facts.is_subtype("wp/OpenWorld$Listener", listener), false);
  EXPECT_FALSE(facts.is_instantiable("wp/OpenWorld$Closed$JwpStandIn"));  // Closed has none
}

TEST(StandIns, DispatchSelectsTheTypesOwnCodeElseTheStandInsMethod) {
  const types::StandInTypeFacts facts(callgraph::testing::World::Get().hierarchy());
  const std::string sized = "wp/OpenWorld$Sized$JwpStandIn";
  const auto twice = facts.dispatch(sized, "wp/OpenWorld$Sized", "twice", "()I");
  ASSERT_TRUE(twice.has_value());
  EXPECT_EQ(twice->owner, "wp/OpenWorld$Sized");
  const auto size = facts.dispatch(sized, "wp/OpenWorld$Sized", "size", "()I");
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->owner, sized);
  const auto hash = facts.dispatch(sized, "java/lang/Object", "hashCode", "()I");
  ASSERT_TRUE(hash.has_value());
  EXPECT_EQ(hash->owner, "java/lang/Object");
}

}  // namespace
}  // namespace jwp::wp
