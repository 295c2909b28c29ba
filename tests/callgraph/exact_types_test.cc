// Exact types of SSA values: what the code fixes of a value's class.
#include "callgraph/exact_types.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::World;

// The exact type of each invoke's receiver in `method`, by the invoke's name.
std::map<std::string, std::string> ReceiverTypes(const MethodId& method,
                                                 const std::vector<std::string>& context = {}) {
  std::map<std::string, std::string> out;
  auto ir = World::Get().cache().Get(method);
  if (!ir.ok()) {
    ADD_FAILURE() << ir.status();
    return out;
  }
  const std::vector<std::string> exact = ExactTypes(World::Get().hierarchy(), **ir, context);
  EXPECT_EQ(exact.size(), (*ir)->values.size());
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kInvoke && in.invoke != ir::InvokeKind::kStatic && !in.operands.empty()) {
      out[std::string(in.name)] = exact[in.operands[0]];
    }
  }
  return out;
}

TEST(ExactTypes, ConstantsCastsAllocationsAndFinalTypes) {
  const MethodId m("callgraph/Chain", "exactKinds", "(Ljava/lang/Object;Lcallgraph/FinalWriter;)I");
  std::map<std::string, std::string> r = ReceiverTypes(m);
  EXPECT_EQ(r["length"], "java/lang/String");
  EXPECT_EQ(r["getModifiers"], "java/lang/Class");
  EXPECT_EQ(r["<init>"], "callgraph/LeftWriter");
  EXPECT_EQ(r["hashCode"], "");  // the parameter o: only its declared type
  // Two calls named write: the cast allocation's, then f's (final declared type).
  auto ir = World::Get().cache().Get(m);
  ASSERT_TRUE(ir.ok());
  const std::vector<std::string> exact = ExactTypes(World::Get().hierarchy(), **ir);
  std::vector<std::string> writes;
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kInvoke && in.name == "write") writes.push_back(exact[in.operands[0]]);
  }
  EXPECT_THAT(writes, ElementsAre("callgraph/LeftWriter", "callgraph/FinalWriter"));
}

TEST(ExactTypes, AParameterTakesItsContext) {
  const MethodId m("callgraph/Chain", "exactKinds", "(Ljava/lang/Object;Lcallgraph/FinalWriter;)I");
  EXPECT_EQ(ReceiverTypes(m, {"java/lang/Integer"})["hashCode"], "java/lang/Integer");
}

TEST(ExactTypes, PhisOfOneClassOnly) {
  auto one = ReceiverTypes(MethodId("callgraph/Chain", "viaOneClass", "(Z)V"));
  EXPECT_EQ(one["write"], "callgraph/LeftWriter");
  auto two = ReceiverTypes(MethodId("callgraph/Chain", "viaTwoClasses", "(Z)V"));
  EXPECT_EQ(two["write"], "");
}

TEST(ExactTypes, CallContextIsEmptyWhenNothingIsKnown) {
  ir::Instruction call;
  call.operands = {0, 1};
  EXPECT_THAT(CallContext(call, std::vector<std::string>{"", ""}), IsEmpty());
  EXPECT_THAT(CallContext(call, std::vector<std::string>{"", "java/lang/String"}), ElementsAre("", "java/lang/String"));
}

}  // namespace
}  // namespace jwp::callgraph
