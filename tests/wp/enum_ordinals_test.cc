// An enum constant's ordinal is the one its class initializer passes to
// its constructor (wp/vocabulary.cc, class constants): a witness never
// needs RED to have BLUE's ordinal, a state the runner refuses ("the value
// of ... has field java/lang/Enum.ordinal:I = 0, not 2 as the witness
// needs"), which lost guava's AbstractIterator candidates
// (tests/fixtures/java8/wp/EnumOrdinals.java).
#include <gtest/gtest.h>

#include <string>

#include "tests/callgraph/callgraph_test_support.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {
namespace {

TEST(EnumOrdinals, AWitnessTakesTheConstantWhoseOrdinalItNeeds) {
  auto spec = ParseGoal("wp.EnumOrdinals.third()I@any", "exit:java.lang.IllegalStateException");
  ASSERT_TRUE(spec.ok()) << spec.status();
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  ASSERT_TRUE(goal.ok()) << goal.status();
  EngineOptions options;
  options.max_steps = 5000;
  const Result r = RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_TRUE(r.witness.has_value());
  const Replay& w = *r.witness;
  const Replay::Static* current = nullptr;
  for (const Replay::Static& s : w.statics) {
    if (s.name == "current") current = &s;
  }
  ASSERT_NE(current, nullptr) << "the witness sets EnumOrdinals.current";
  ASSERT_EQ(current->value.kind, solver::WitnessValue::Kind::kRef);
  const solver::WitnessObject* o = nullptr;
  for (const solver::WitnessObject& h : w.heap) {
    if (h.id == current->value.object) o = &h;
  }
  ASSERT_NE(o, nullptr);
  ASSERT_TRUE(o->static_value.has_value()) << "an enum constant, not a new object";
  EXPECT_EQ(*o->static_value, "wp/EnumOrdinals$Color.BLUE:Lwp/EnumOrdinals$Color;");
  // What the formula needs of the constant's fields, the runner checks
  // against the real object: its ordinal is 2.
  for (const solver::WitnessField& f : o->fields) {
    if (f.name == "ordinal") {
      EXPECT_EQ(f.value.integral, 2);
    }
  }
}

}  // namespace
}  // namespace jwp::wp
