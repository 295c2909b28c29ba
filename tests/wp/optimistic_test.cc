// Optimistic calls (issue #27, wp/optimistic.cc) with a JVM that the test
// plays: a candidate is a FOUND only when `confirm` says the JVM reached
// the goal; a refuted one never reaches the result, and a NOT_FOUND stays
// the exact search's (tests/fixtures/java8/wp/Optimistic.java).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/callgraph/callgraph_test_support.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {
namespace {

using ::testing::HasSubstr;
using Outcome = EngineOptions::Confirmation::Outcome;

// The line of Optimistic.java holding `marker`.
int OptimisticLineOf(const std::string& marker) {
  return jwp::testing::LineHolding("tests/fixtures/java8/wp/Optimistic.java", marker);
}

class OptimisticTest : public ::testing::Test {
 protected:
  // The goal `method@line of marker`, run with the JVM answering `answer`
  // (and recording the candidates it was given); without `answer`, the
  // exact search.
  Result Run(const std::string& method, const std::string& marker, const std::string& kind,
             std::optional<Outcome> answer, uint64_t max_steps = 3000) {
    auto spec = ParseGoal("wp.Optimistic." + method + "@line:" + std::to_string(OptimisticLineOf(marker)), kind);
    EXPECT_TRUE(spec.ok()) << spec.status();
    auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
    EXPECT_TRUE(goal.ok()) << goal.status();
    EngineOptions options;
    options.max_steps = max_steps;
    if (answer) {
      options.optimistic_calls = true;
      options.confirm = [this, answer](const Result& candidate) {
        candidates_.push_back(candidate);
        return EngineOptions::Confirmation{*answer, *answer == Outcome::kConfirmed ? "CONFIRMED" : "REFUTED: test", {}, {}};
      };
    }
    return RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  }
  // The goal `goal_text` (kind `kind`) searched for every precondition, up
  // to 4 (as jwp exceptions does), the JVM confirming every candidate.
  Result RunForEveryPrecondition(const std::string& goal_text, const std::string& kind, uint64_t max_steps) {
    auto spec = ParseGoal(goal_text, kind);
    EXPECT_TRUE(spec.ok()) << spec.status();
    auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
    EXPECT_TRUE(goal.ok()) << goal.status();
    EngineOptions options;
    options.max_steps = max_steps;
    options.max_preconditions = 4;
    options.optimistic_calls = true;
    options.confirm = [this](const Result& candidate) {
      candidates_.push_back(candidate);
      return EngineOptions::Confirmation{Outcome::kConfirmed, "CONFIRMED", {}, {}};
    };
    return RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  }
  std::vector<Result> candidates_;
};

constexpr const char* kAfterLog = "return s.length(); // @goal npe FOUND s=null";

TEST_F(OptimisticTest, ConfirmedCandidateIsFoundWithItsAssumptions) {
  const Result r = Run("afterLog(Ljava/lang/String;)I", kAfterLog, "npe", Outcome::kConfirmed);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_TRUE(r.confirmed_on_jvm.has_value());
  EXPECT_EQ(r.precondition, "s == null");
  EXPECT_THAT(r.assumptions, ::testing::Contains(HasSubstr("optimistic: wp.Optimistic.log(Ljava/lang/String;)V at "
                                                           "wp.Optimistic.afterLog")));
  ASSERT_TRUE(r.witness.has_value());
  ASSERT_EQ(r.witness->arguments.size(), 1u);
  EXPECT_EQ(r.witness->arguments[0].kind, solver::WitnessValue::Kind::kNull);
  EXPECT_EQ(r.stats.candidates, 1u);
  EXPECT_EQ(r.stats.candidates_confirmed, 1u);
  ASSERT_EQ(candidates_.size(), 1u);
  EXPECT_EQ(candidates_[0].precondition, "s == null");
}

// A passed call whose code returns normally only for a non-null argument
// (requireName's null check, as Validate.notNull's and checkNotNull's):
// every candidate that passed it says the argument is not null, so the JVM
// is never handed one where the call throws (wp/null_guards.h).
TEST_F(OptimisticTest, APassedNullCheckKeepsItsArgumentNonNull) {
  const Result r = Run("namedThenChecked(Ljava/lang/String;I)I", "throw new IllegalStateException(\"k\");",
                       "exception:java.lang.IllegalStateException", Outcome::kConfirmed);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  EXPECT_THAT(r.assumptions, ::testing::Contains(HasSubstr("optimistic: wp.Optimistic.requireName(Ljava/lang/String;)V")));
  ASSERT_FALSE(candidates_.empty());
  for (const Result& c : candidates_) {
    EXPECT_THAT(c.precondition, HasSubstr("name != null"));
    ASSERT_TRUE(c.witness.has_value());
    ASSERT_EQ(c.witness->arguments.size(), 2u);
    EXPECT_NE(c.witness->arguments[0].kind, solver::WitnessValue::Kind::kNull);
  }
}

// Every precondition wanted (jwp exceptions): a confirmed candidate is
// collected, and its query is not run again for other inputs (concolic
// rounds follow a refutation only). Those runs cost a JVM run each and gave
// only narrower copies of the same precondition.
TEST_F(OptimisticTest, AConfirmedQueryIsNotRunAgainForOtherInputs) {
  const Result r = RunForEveryPrecondition(
      "wp.Optimistic.afterLog(Ljava/lang/String;)I@line:" + std::to_string(OptimisticLineOf(kAfterLog)), "npe", 3000);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  EXPECT_EQ(r.precondition, "s == null");
  ASSERT_EQ(candidates_.size(), 1u);
  EXPECT_EQ(candidates_[0].precondition, "s == null");
  EXPECT_EQ(r.stats.candidate_rounds, 0u);
}

TEST_F(OptimisticTest, RefutedCandidatesNeverReachTheResult) {
  const Result r = Run("afterLog(Ljava/lang/String;)I", kAfterLog, "npe", Outcome::kRefuted);
  EXPECT_NE(r.verdict, Verdict::kFound);
  EXPECT_FALSE(r.confirmed_on_jvm.has_value());
  EXPECT_GE(r.stats.candidates, 1u);
  EXPECT_EQ(r.stats.candidates_refuted, r.stats.candidates);
  EXPECT_EQ(r.stats.candidates_confirmed, 0u);
  // The same inputs are never run twice.
  for (size_t i = 1; i < candidates_.size(); ++i) {
    ASSERT_TRUE(candidates_[i].witness && candidates_[0].witness);
    EXPECT_FALSE(candidates_[i].witness->arguments == candidates_[0].witness->arguments &&
                 candidates_[i].goal_bci == candidates_[0].goal_bci);
  }
}

TEST_F(OptimisticTest, TheExactSearchAloneCannotAffordIt) {
  const Result r = Run("afterLog(Ljava/lang/String;)I", kAfterLog, "npe", std::nullopt);
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.stats.optimistic_skips, 0u);
  EXPECT_EQ(r.stats.candidates, 0u);
}

TEST_F(OptimisticTest, WithoutAJvmTheSearchIsExact) {
  auto spec = ParseGoal("wp.Optimistic.afterLog(Ljava/lang/String;)I@line:" + std::to_string(OptimisticLineOf(kAfterLog)), "npe");
  ASSERT_TRUE(spec.ok());
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  ASSERT_TRUE(goal.ok());
  EngineOptions options;
  options.max_steps = 3000;
  options.optimistic_calls = true;  // but no confirm: nothing could confirm a candidate
  const Result r = RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  EXPECT_EQ(r.verdict, Verdict::kUnknown);
  EXPECT_EQ(r.stats.optimistic_skips, 0u);
}

// The callee never returns normally: the optimistic minterm reaches the
// entry, the JVM refutes it, and the exact search's NOT_FOUND stands; what
// the optimistic minterms met is no reason for an UNKNOWN.
TEST_F(OptimisticTest, NotFoundStaysTheExactSearchs) {
  const char* marker = "return s.length(); // @goal npe NOT_FOUND alwaysThrows";
  const Result exact = Run("afterFailure(Ljava/lang/String;)I", marker, "npe", std::nullopt, 50000);
  ASSERT_EQ(exact.verdict, Verdict::kNotFound) << exact.reason;
  const Result r = Run("afterFailure(Ljava/lang/String;)I", marker, "npe", Outcome::kRefuted, 50000);
  EXPECT_EQ(r.verdict, Verdict::kNotFound) << r.reason;
  EXPECT_GT(r.stats.optimistic_skips, 0u);
}

// The step budget is the exact search's: the optimistic minterms' steps
// come on top of it, so that production decides within the budget what
// the exact search alone decides (guava's ContiguousSet.create lost its
// VALIDATED when they counted). Here the exact search decides in 10 steps;
// counting the optimistic ones, production ran out at 10.
TEST_F(OptimisticTest, TheExactSearchKeepsItsWholeBudget) {
  const char* marker = "return s.length(); // @goal npe NOT_FOUND alwaysThrows";
  const Result exact = Run("afterFailure(Ljava/lang/String;)I", marker, "npe", std::nullopt, 50000);
  ASSERT_EQ(exact.verdict, Verdict::kNotFound) << exact.reason;
  const Result r = Run("afterFailure(Ljava/lang/String;)I", marker, "npe", Outcome::kRefuted, exact.stats.steps);
  EXPECT_EQ(r.verdict, Verdict::kNotFound) << r.reason;
  EXPECT_GT(r.stats.optimistic_steps, 0u);
  EXPECT_GT(r.stats.steps, exact.stats.steps) << "the optimistic steps came on top";
  EXPECT_LE(r.stats.budgeted_steps(), exact.stats.steps);
}

// A candidate that passed the exception's constructor is confirmed before
// the exact search reaches the entry with the same precondition (its
// candidates are due after a quarter of the steps): the exact one takes
// its place, so the condition needs no proviso.
TEST_F(OptimisticTest, AnExactPreconditionReplacesTheSameConfirmedCandidate) {
  const Result r = RunForEveryPrecondition("wp.Optimistic.requireArgument(Ljava/lang/Object;)V@any",
                                           "exit:java.lang.IllegalArgumentException", 400);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_FALSE(candidates_.empty()) << "the candidate reached the JVM first";
  EXPECT_EQ(candidates_[0].precondition, "o == null");
  EXPECT_EQ(r.precondition, "o == null");
  EXPECT_FALSE(r.confirmed_on_jvm.has_value()) << "the exact precondition, not the candidate";
  EXPECT_THAT(r.assumptions, ::testing::Not(::testing::Contains(::testing::StartsWith("optimistic"))));
  for (const Result& alt : r.alternatives) EXPECT_NE(alt.precondition, "o == null");
}

// A constructor of a JDK exception is framed whole only for an object of
// exactly its class: requireArgument throws a subclass of its own, whose
// constructor's super() call enters IllegalArgumentException's.
TEST_F(OptimisticTest, AnExceptionSubclassEntersItsSuperConstructor) {
  auto spec = ParseGoal("wp.Optimistic.requireArgument(Ljava/lang/Object;)V@any", "exit:java.lang.IllegalArgumentException");
  ASSERT_TRUE(spec.ok()) << spec.status();
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  ASSERT_TRUE(goal.ok()) << goal.status();
  EngineOptions options;
  options.max_steps = 3000;
  const Result r = RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  EXPECT_EQ(r.precondition, "o == null");
  bool entered = false;
  for (const Result::SummaryCount& c : r.summaries) {
    entered = entered || c.method == "java.lang.IllegalArgumentException.<init>(Ljava/lang/String;)V";
  }
  EXPECT_TRUE(entered);
}

// Concolic refinement (wp/concolic.cc, tests/fixtures/java8/wp/Concolic.java):
// the test's JVM says the digest returned 77 on the first candidate's
// inputs; the next round keeps `id`, takes 77 for the call's result and
// chooses `expected` from it.
TEST_F(OptimisticTest, AConcolicRoundTakesTheValueTheJvmObserved) {
  const int line = jwp::testing::LineHolding("tests/fixtures/java8/wp/Concolic.java",
                                             "throw new IllegalStateException(\"collision\")");
  ASSERT_GT(line, 0);
  auto spec = ParseGoal("wp.Concolic.collide(II)V@line:" + std::to_string(line), "throw");
  ASSERT_TRUE(spec.ok()) << spec.status();
  auto goal = ResolveGoal(callgraph::testing::World::Get().hierarchy(), *spec);
  ASSERT_TRUE(goal.ok()) << goal.status();
  EngineOptions options;
  options.max_steps = 3000;
  options.optimistic_calls = true;
  options.confirm = [this](const Result& candidate) {
    candidates_.push_back(candidate);
    EngineOptions::Confirmation c;
    const bool second = candidates_.size() > 1;
    c.outcome = second ? Outcome::kConfirmed : Outcome::kRefuted;
    c.report = second ? "CONFIRMED" : "REFUTED: returned normally";
    for (const Replay::ObservedCall& call : candidate.witness->observe) {
      const std::string site = call.class_name + "." + call.method + call.descriptor + "@" + std::to_string(call.bci);
      if (call.callee == "digest") c.calls.push_back({site, "returned int 77"});
    }
    return c;
  };
  const Result r = RunGoal(callgraph::testing::World::Get().hierarchy(), *goal, options);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_EQ(candidates_.size(), 2u);
  ASSERT_TRUE(candidates_[0].witness && candidates_[1].witness);
  EXPECT_THAT(candidates_[0].witness->observe,
              ::testing::Contains(::testing::Field(&Replay::ObservedCall::callee, "digest")));
  EXPECT_THAT(r.precondition, HasSubstr("expected == 77"));
  ASSERT_EQ(r.witness->arguments.size(), 2u);
  EXPECT_EQ(r.witness->arguments[1].integral, 77);
  EXPECT_EQ(r.witness->arguments[0].integral, candidates_[0].witness->arguments[0].integral);  // id kept
  EXPECT_GE(r.stats.candidate_rounds, 1u);
  EXPECT_EQ(r.stats.candidates_refuted, 1u);
}

// A StringBuilder chain behind an exception's message (checkedIndex): the
// appends are passed (each has a loop), and what the candidate needs of
// their results (non-null StringBuilders, so the next call dispatches to
// StringBuilder's own method) is what their code guarantees, not an
// assumption: the FOUND lists that they return normally, nothing of their
// results.
TEST_F(OptimisticTest, AStringBuilderChainIsPassedAndItsResultsAreFacts) {
  const std::string marker = "throw new IndexOutOfBoundsException(new StringBuilder()";
  const Result r = Run("checkedIndex(I[I)I", marker, "exit:java.lang.IndexOutOfBoundsException", Outcome::kConfirmed);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  EXPECT_THAT(r.assumptions, ::testing::Contains(HasSubstr("java.lang.StringBuilder.append(I)Ljava/lang/StringBuilder; at "
                                                           "wp.Optimistic.checkedIndex")));
  for (const std::string& a : r.assumptions) {
    // (Without the models, the JDK's own StringBuilder constructor reads
    // String.COMPACT_STRINGS, a static its initializer sets: that stays.)
    if (a.starts_with(kAssumedOfResults)) {
      EXPECT_THAT(a, ::testing::Not(HasSubstr("σ_ret"))) << a;
    }
  }
  // Without the JVM: the exact search does not get there in 3000 steps.
  EXPECT_EQ(Run("checkedIndex(I[I)I", marker, "exit:java.lang.IndexOutOfBoundsException", std::nullopt).verdict,
            Verdict::kUnknown);
}

}  // namespace
}  // namespace jwp::wp
