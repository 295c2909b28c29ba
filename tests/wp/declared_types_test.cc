// Declared types (WpProblem::with_declared_types): a value the verifier
// types (a parameter, a call's result, a field read, a cast) that a minterm
// says is not null is an instance of its declared type, so a callee's test
// of another type on it is refuted where the search meets it, rather than
// carried to the entry (tests/fixtures/java8/wp/Casts.java, elementCount).
#include <gtest/gtest.h>

#include <string>

#include "tests/callgraph/callgraph_test_support.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {
namespace {

int CastsLineOf(const std::string& marker) {
  return jwp::testing::LineHolding("tests/fixtures/java8/wp/Casts.java", marker);
}

// `bare`: neither the forward facts nor the field facts, so that the
// search alone must rule the other array types out (with them, absint
// already does; without the field facts Throwable's constructor needs a
// static field's initial value and no FOUND can be had).
Result RunCastsGoal(const std::string& method, const std::string& marker, bool bare) {
  auto spec = ParseGoal("wp.Casts." + method + "@line:" + std::to_string(CastsLineOf(marker)),
                        "exception:java.lang.IllegalArgumentException");
  EXPECT_TRUE(spec.ok()) << spec.status();
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  EXPECT_TRUE(goal.ok()) << goal.status();
  EngineOptions options;
  options.forward_facts = !bare;
  options.field_facts = !bare;
  options.max_steps = 5000;
  return RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
}

TEST(DeclaredTypes, AFieldDeclaredIntArrayHoldsNoOtherArrayType) {
  const Result r = RunCastsGoal("elementCount", "throw new IllegalArgumentException(\"not an array\")", true);
  EXPECT_EQ(r.verdict, Verdict::kNotFound) << r.reason;
  // Refuted where dataCount passes n.data, not at the entry.
  EXPECT_EQ(r.stats.entry_checks, 0u);
}

TEST(DeclaredTypes, AFieldDeclaredObjectMayHoldAnyType) {
  const Result r = RunCastsGoal("refCount", "throw new IllegalArgumentException(\"not a long[]\")", false);
  EXPECT_EQ(r.verdict, Verdict::kFound) << r.reason;
  EXPECT_NE(r.precondition.find("n.ref"), std::string::npos) << r.precondition;
}

}  // namespace
}  // namespace jwp::wp
