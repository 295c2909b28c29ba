// Entry parameters whose declared type no class on the class path
// implements or extends (wp/entry_check.cc, input_without_a_class): a
// caller's own class could make them objects, so a search that needs one
// ends UNKNOWN naming the parameter, never NOT_FOUND
// (tests/fixtures/java8/wp/OpenWorld.java).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "tests/callgraph/callgraph_test_support.h"
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

TEST(OpenWorld, AnInterfaceNoClassImplementsIsNoProof) {
  const Result r = RunOpenWorld("notifyAll(Lwp/OpenWorld$Listener;I)I", "no class on the class path implements Listener");
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_THAT(r.reason, ::testing::HasSubstr("open world: the precondition needs parameter 1 (wp.OpenWorld$Listener)"));
}

TEST(OpenWorld, AnAbstractClassWithoutSubclassIsNoProof) {
  const Result r = RunOpenWorld("measure(Lwp/OpenWorld$Sized;I)I", "Sized has no concrete subclass");
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_THAT(r.reason, ::testing::HasSubstr("(wp.OpenWorld$Sized) to be an object"));
}

TEST(OpenWorld, AClassOnTheClassPathIsUsedAndNullNeedsNone) {
  const Result r = RunOpenWorld("withImplementation(Lwp/OpenWorld$Implemented;I)I", "One is on the class path");
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_TRUE(r.witness.has_value());
  ASSERT_EQ(r.witness->arguments.size(), 2u);
  const Result n = RunOpenWorld("nullListener(Lwp/OpenWorld$Listener;I)I", "null needs no class");
  EXPECT_EQ(n.verdict, Verdict::kFound) << n.reason;
}

}  // namespace
}  // namespace jwp::wp
