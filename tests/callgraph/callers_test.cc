// FindCallers: private (nest and accessor), package-private and public
// callees, virtual and interface dispatch.
#include "callgraph/callers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::Release;
using testing::World;

std::vector<std::string> Callers(const MethodId& callee, Release r = Release::k17,
                                 const FindCallersOptions& options = {}) {
  World& w = World::Get(r);
  std::vector<std::string> out;
  for (const CallSiteRef& site : FindCallers(w.hierarchy(), w.cache(), callee, options)) {
    out.push_back(site.caller.ToString());
  }
  return out;
}

TEST(FindCallers, PrivateMethodFromItsNest) {
  EXPECT_THAT(Callers(MethodId("callgraph/Access", "secret", "()I")),
              ElementsAre("callgraph/Access.usesSecret()I", "callgraph/Access$Inner.get()I"));
}

TEST(FindCallers, PrivateMethodThroughASyntheticAccessor) {
  std::vector<std::string> callers = Callers(MethodId("callgraph/Access", "secret", "()I"), Release::k8);
  ASSERT_EQ(callers.size(), 2u);
  EXPECT_THAT(callers[0], ::testing::StartsWith("callgraph/Access.access$"));
  EXPECT_EQ(callers[1], "callgraph/Access.usesSecret()I");
}

TEST(FindCallers, PackagePrivateMethodFromItsPackage) {
  EXPECT_THAT(Callers(MethodId("callgraph/Access", "pkg", "()I")),
              ElementsAre("callgraph/AccessUser.usePkg(Lcallgraph/Access;)I"));
}

TEST(FindCallers, PublicMethodFromTheWholeClassPath) {
  EXPECT_THAT(Callers(MethodId("callgraph/Access", "open", "()I")),
              ElementsAre("callgraph/AccessUser.useOpen(Lcallgraph/Access;)I",
                          "callgraph/other/Outside.call(Lcallgraph/Access;)I"));
}

TEST(FindCallers, OverrideIsCalledThroughSuperclassReferences) {
  EXPECT_THAT(Callers(MethodId("callgraph/Dog", "sound", "()Ljava/lang/String;")),
              ElementsAre("callgraph/Calls.callOnDog(Lcallgraph/Dog;)Ljava/lang/String;",
                          "callgraph/Calls.callOnPuppy(Lcallgraph/Puppy;)Ljava/lang/String;",
                          "callgraph/Calls.callVirtual(Lcallgraph/Animal;)Ljava/lang/String;"));
  // Animal.sound: the virtual call whose receiver may be an Animal, and the
  // super call in Dog.
  EXPECT_THAT(Callers(MethodId("callgraph/Animal", "sound", "()Ljava/lang/String;")),
              ElementsAre("callgraph/Calls.callVirtual(Lcallgraph/Animal;)Ljava/lang/String;",
                          "callgraph/Dog.sound()Ljava/lang/String;"));
  // Cat.sound: only through Animal.
  EXPECT_THAT(Callers(MethodId("callgraph/Cat", "sound", "()Ljava/lang/String;")),
              ElementsAre("callgraph/Calls.callVirtual(Lcallgraph/Animal;)Ljava/lang/String;"));
}

TEST(FindCallers, DefaultMethodAndItsOverride) {
  EXPECT_THAT(Callers(MethodId("callgraph/Shape", "name", "()Ljava/lang/String;")),
              ElementsAre("callgraph/Calls.callDefault(Lcallgraph/Shape;)Ljava/lang/String;"));
  EXPECT_THAT(Callers(MethodId("callgraph/Square", "name", "()Ljava/lang/String;")),
              ElementsAre("callgraph/Calls.callDefault(Lcallgraph/Shape;)Ljava/lang/String;"));
  EXPECT_THAT(Callers(MethodId("callgraph/Blob", "area", "()D")), IsEmpty());  // never selected
}

TEST(FindCallers, EverySiteWithBciAndLine) {
  World& w = World::Get();
  std::vector<CallSiteRef> sites =
      FindCallers(w.hierarchy(), w.cache(), MethodId("callgraph/Counter", "bump", "()V"));
  ASSERT_EQ(sites.size(), 2u);
  EXPECT_EQ(sites[0].caller.ToString(), "callgraph/Counter.bumpTwice()V");
  EXPECT_LT(sites[0].bci, sites[1].bci);
  EXPECT_GT(sites[0].line, 0);
  EXPECT_EQ(sites[1].line, sites[0].line + 1);
  auto ir = w.cache().Get(sites[0].caller);
  ASSERT_TRUE(ir.ok());
  const ir::Instruction& in = (*ir)->insns[sites[0].insn];
  EXPECT_EQ(in.op, ir::Op::kInvoke);
  EXPECT_EQ(in.name, "bump");
  EXPECT_EQ(in.bci, sites[0].bci);
}

TEST(FindCallers, UnknownCalleeHasNoCallers) {
  EXPECT_THAT(Callers(MethodId("callgraph/Nowhere", "m", "()V")), IsEmpty());
}

}  // namespace
}  // namespace jwp::callgraph
