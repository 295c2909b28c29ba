// ir/value_facts.h over the loop shapes of
// tests/fixtures/java8/fixtures/irshapes/Loops.java: which counters are never
// negative, and which array lengths are named by another value.
#include "ir/value_facts.h"

#include <memory>
#include <optional>

#include "gtest/gtest.h"
#include "ir/dominators.h"
#include "tests/ir/ir_test_support.h"

namespace jwp::ir::testing {
namespace {

// The loop counter: the phi one of whose operands is itself plus one.
ValueId Counter(const MethodIR& ir) {
  for (const Instruction* phi : FindOp(ir, Op::kPhi)) {
    for (ValueId o : phi->operands) {
      const Instruction& d = ir.def(o);
      if (d.op == Op::kBinary && d.binary == BinaryOp::kAdd && d.operands[0] == phi->result) return phi->result;
    }
  }
  ADD_FAILURE() << "no counter in\n" << Print(ir);
  return kNone;
}

TEST(ValueFacts, ACounterBoundedByALengthIsNeverNegativeAndTheCopyIsAsLong) {
  for (Release r : {Release::k8, Release::k17}) {
    auto ir = BuildFixture(r, kLoops, "copyCounted");
    ASSERT_NE(ir, nullptr);
    Dominators dom(*ir);
    ValueFacts facts(*ir, dom);
    EXPECT_FALSE(facts.empty());
    const ValueId i = Counter(*ir);
    ASSERT_NE(i, kNone);
    EXPECT_TRUE(facts.non_negative(i)) << Print(*ir);
    // The increment too: i + 1 under i < a.length.
    const auto adds = Find(*ir, [](const Instruction& in) { return in.op == Op::kBinary && in.binary == BinaryOp::kAdd; });
    ASSERT_EQ(adds.size(), 1u);
    EXPECT_TRUE(facts.non_negative(adds[0]->result));
    // out = new int[a.length]: its length is that arraylength's value,
    // which is a's length.
    const auto news = FindOp(*ir, Op::kNewArray);
    ASSERT_EQ(news.size(), 1u);
    const ValueId n = facts.allocated_length(news[0]->result);
    ASSERT_NE(n, kNone);
    EXPECT_EQ(ir->def(n).op, Op::kArrayLength);
    EXPECT_EQ(facts.length_of(n), ir->params[0]);
    EXPECT_TRUE(facts.non_negative(n));
    // The new array is never null; a parameter is nothing.
    EXPECT_TRUE(facts.non_null(news[0]->result));
    EXPECT_FALSE(facts.non_null(ir->params[0]));
    EXPECT_EQ(facts.length_of(ir->params[0]), kNone);
    EXPECT_FALSE(facts.non_negative(ir->params[0]));
  }
}

// Whether the counter of fixture method `name` is never negative, by the
// value facts; `facts` gets them.
std::optional<bool> CounterNonNegative(const char* name, std::shared_ptr<const MethodIR>* ir,
                                       std::optional<ValueFacts>* facts) {
  *ir = BuildFixture(Release::k8, kLoops, name);
  if (*ir == nullptr) return std::nullopt;
  Dominators dom(**ir);
  facts->emplace(**ir, dom);
  const ValueId i = Counter(**ir);
  if (i == kNone) return std::nullopt;
  return (*facts)->non_negative(i);
}

TEST(ValueFacts, ACounterNoTestBoundsBeforeItGrowsMayWrap) {
  std::shared_ptr<const MethodIR> ir;
  std::optional<ValueFacts> facts;
  EXPECT_EQ(CounterNonNegative("unboundedCounter", &ir, &facts), std::optional<bool>(false));
  ASSERT_NE(ir, nullptr);
  // i & 7 is never negative whatever i is.
  const auto ands = Find(*ir, [](const Instruction& in) { return in.op == Op::kBinary && in.binary == BinaryOp::kAnd; });
  ASSERT_EQ(ands.size(), 1u);
  EXPECT_TRUE(facts->non_negative(ands[0]->result));
}

TEST(ValueFacts, ACounterFromMinusOneIsNot) {
  std::shared_ptr<const MethodIR> ir;
  std::optional<ValueFacts> facts;
  EXPECT_EQ(CounterNonNegative("fromMinusOne", &ir, &facts), std::optional<bool>(false));
}

}  // namespace
}  // namespace jwp::ir::testing
