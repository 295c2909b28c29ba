// CHA target selection over the callgraph fixtures and the JDK.
#include "callgraph/call_targets.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::FindInvoke;
using testing::Names;
using testing::World;

CallTargets Targets(std::string_view method, std::string_view desc, std::string_view callee,
                    const CallTargetOptions& options = {}) {
  World& w = World::Get();
  const ir::Instruction* in = FindInvoke(w, MethodId("callgraph/Calls", method, desc), callee);
  if (in == nullptr) return {};
  return ChaTargets(w.hierarchy(), *in, options);
}

TEST(ChaTargets, StaticCallHasTheResolvedMethod) {
  CallTargets t = Targets("callStatic", "()I", "twice");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Calls.twice(I)I"));
  EXPECT_FALSE(t.truncated);
  EXPECT_THAT(t.problems, IsEmpty());
}

TEST(ChaTargets, InheritedStaticResolvesInTheSuperclass) {
  CallTargets t = Targets("callInheritedStatic", "()I", "helper");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Animal.helper()I"));
}

TEST(ChaTargets, ConstructorCallIsSpecial) {
  CallTargets t = Targets("callConstructor", "()Ljava/lang/Object;", "<init>");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Dog.<init>()V"));
}

TEST(ChaTargets, SuperCallIsTheSuperclassMethod) {
  World& w = World::Get();
  const ir::Instruction* in =
      FindInvoke(w, MethodId("callgraph/Dog", "sound", "()Ljava/lang/String;"), "sound");
  ASSERT_NE(in, nullptr);
  EXPECT_EQ(in->invoke, ir::InvokeKind::kSpecial);
  CallTargets t = ChaTargets(w.hierarchy(), *in);
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Animal.sound()Ljava/lang/String;"));
}

TEST(ChaTargets, VirtualCallHasEveryOverride) {
  CallTargets t = Targets("callVirtual", "(Lcallgraph/Animal;)Ljava/lang/String;", "sound");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Animal.sound()Ljava/lang/String;",
                                            "callgraph/Cat.sound()Ljava/lang/String;",
                                            "callgraph/Dog.sound()Ljava/lang/String;"));
  EXPECT_FALSE(t.truncated);
  EXPECT_FALSE(t.incomplete);
  EXPECT_THAT(t.dispatch, IsEmpty());  // not asked for
}

TEST(ChaTargets, VirtualCallOnASubclassSeesOnlyItsSubtypes) {
  EXPECT_THAT(Names(Targets("callOnDog", "(Lcallgraph/Dog;)Ljava/lang/String;", "sound").targets),
              ElementsAre("callgraph/Dog.sound()Ljava/lang/String;"));
  EXPECT_THAT(Names(Targets("callOnPuppy", "(Lcallgraph/Puppy;)Ljava/lang/String;", "sound").targets),
              ElementsAre("callgraph/Dog.sound()Ljava/lang/String;"));
}

TEST(ChaTargets, InterfaceCallSkipsAbstractImplementors) {
  CallTargets t = Targets("callInterface", "(Lcallgraph/Shape;)D", "area");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Circle.area()D", "callgraph/Square.area()D",
                                            "callgraph/Triangle.area()D"));
}

TEST(ChaTargets, DefaultMethodAndItsOverride) {
  CallTargets t = Targets("callDefault", "(Lcallgraph/Shape;)Ljava/lang/String;", "name");
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Shape.name()Ljava/lang/String;",
                                            "callgraph/Square.name()Ljava/lang/String;"));
}

TEST(ChaTargets, ArrayCloneIsObjectClone) {
  CallTargets t = Targets("callArrayClone", "([I)Ljava/lang/Object;", "clone");
  EXPECT_THAT(Names(t.targets), ElementsAre("java/lang/Object.clone()Ljava/lang/Object;"));
}

TEST(ChaTargets, TruncatesAtMaxTargets) {
  CallTargetOptions options;
  options.max_targets = 2;
  CallTargets t = Targets("callInterface", "(Lcallgraph/Shape;)D", "area", options);
  EXPECT_TRUE(t.truncated);
  EXPECT_EQ(t.targets.size(), 2u);
}

TEST(ChaTargets, TruncatesAtMaxReceivers) {
  CallTargetOptions options;
  options.max_receivers = 1;
  CallTargets t = Targets("callInterface", "(Lcallgraph/Shape;)D", "area", options);
  EXPECT_TRUE(t.truncated);
  EXPECT_EQ(t.targets.size(), 1u);
}

TEST(ChaTargets, RecordsDispatchWhenAsked) {
  CallTargetOptions options;
  options.record_dispatch = true;
  CallTargets t = Targets("callVirtual", "(Lcallgraph/Animal;)Ljava/lang/String;", "sound", options);
  std::vector<std::string> pairs;
  for (const ReceiverDispatch& d : t.dispatch) pairs.push_back(d.receiver + " -> " + d.target.ToString());
  EXPECT_THAT(pairs, ::testing::UnorderedElementsAre(
                         "callgraph/Animal -> callgraph/Animal.sound()Ljava/lang/String;",
                         "callgraph/Dog -> callgraph/Dog.sound()Ljava/lang/String;",
                         "callgraph/Puppy -> callgraph/Dog.sound()Ljava/lang/String;",
                         "callgraph/Cat -> callgraph/Cat.sound()Ljava/lang/String;"));
}

TEST(ChaTargets, OpaqueInvokeDynamicHasNoTargets) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kDynamic;
  in.name = "bootstrap";
  in.descriptor = "()V";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  EXPECT_TRUE(t.opaque);
  EXPECT_THAT(t.targets, IsEmpty());
}

TEST(ChaTargets, MissingClassIsAProblem) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kVirtual;
  in.owner = "callgraph/NoSuchClass";
  in.name = "m";
  in.descriptor = "()V";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  EXPECT_THAT(t.targets, IsEmpty());
  EXPECT_TRUE(t.incomplete);
  ASSERT_EQ(t.problems.size(), 1u);
  EXPECT_EQ(t.problems[0].error, classfile::LinkageError::kNoClassDefFound);
  EXPECT_THAT(t.problems[0].detail, ::testing::HasSubstr("callgraph/NoSuchClass"));
}

TEST(ChaTargets, MissingMethodIsNoSuchMethod) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kStatic;
  in.owner = "callgraph/Calls";
  in.name = "nothing";
  in.descriptor = "()V";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  ASSERT_EQ(t.problems.size(), 1u);
  EXPECT_EQ(t.problems[0].error, classfile::LinkageError::kNoSuchMethod);
}

TEST(ChaTargets, StaticCallOfAnInstanceMethodIsIncompatible) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kStatic;
  in.owner = "callgraph/Animal";
  in.name = "sound";
  in.descriptor = "()Ljava/lang/String;";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  EXPECT_THAT(t.targets, IsEmpty());
  ASSERT_EQ(t.problems.size(), 1u);
  EXPECT_EQ(t.problems[0].error, classfile::LinkageError::kIncompatibleClassChange);
}

TEST(ChaTargets, NonInvokeIsAProblem) {
  ir::Instruction in;
  in.op = ir::Op::kNew;
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  EXPECT_THAT(t.targets, IsEmpty());
  ASSERT_EQ(t.problems.size(), 1u);
  EXPECT_THAT(t.problems[0].detail, ::testing::HasSubstr("not an invoke"));
}

TEST(TargetsForTypes, DispatchesEachGivenType) {
  World& w = World::Get();
  const ir::Instruction* in =
      FindInvoke(w, MethodId("callgraph/Calls", "callVirtual", "(Lcallgraph/Animal;)Ljava/lang/String;"), "sound");
  ASSERT_NE(in, nullptr);
  std::vector<std::string> types = {"callgraph/Puppy", "Lcallgraph/Cat;"};
  CallTargets t = TargetsForTypes(w.hierarchy(), *in, types);
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Cat.sound()Ljava/lang/String;",
                                            "callgraph/Dog.sound()Ljava/lang/String;"));
  ASSERT_EQ(t.dispatch.size(), 2u);
  EXPECT_EQ(t.dispatch[0].receiver, "callgraph/Puppy");
  EXPECT_EQ(t.dispatch[0].target.ToString(), "callgraph/Dog.sound()Ljava/lang/String;");
  EXPECT_EQ(t.dispatch[1].receiver, "callgraph/Cat");
  EXPECT_THAT(t.problems, IsEmpty());
}

TEST(TargetsForTypes, DefaultMethodForAnImplementor) {
  World& w = World::Get();
  const ir::Instruction* in =
      FindInvoke(w, MethodId("callgraph/Calls", "callDefault", "(Lcallgraph/Shape;)Ljava/lang/String;"), "name");
  ASSERT_NE(in, nullptr);
  std::vector<std::string> types = {"callgraph/Triangle"};
  CallTargets t = TargetsForTypes(w.hierarchy(), *in, types);
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Shape.name()Ljava/lang/String;"));
}

TEST(TargetsForTypes, RejectsUnrelatedInterfaceAndMissingTypes) {
  World& w = World::Get();
  const ir::Instruction* in =
      FindInvoke(w, MethodId("callgraph/Calls", "callVirtual", "(Lcallgraph/Animal;)Ljava/lang/String;"), "sound");
  ASSERT_NE(in, nullptr);
  std::vector<std::string> types = {"callgraph/Circle", "callgraph/Shape", "callgraph/Missing"};
  CallTargets t = TargetsForTypes(w.hierarchy(), *in, types);
  EXPECT_THAT(t.targets, IsEmpty());
  ASSERT_EQ(t.problems.size(), 3u);
  EXPECT_EQ(t.problems[0].receiver, "callgraph/Circle");
  EXPECT_THAT(t.problems[0].detail, ::testing::HasSubstr("not a subtype"));
  EXPECT_THAT(t.problems[1].detail, ::testing::HasSubstr("interface"));
  EXPECT_EQ(t.problems[2].error, classfile::LinkageError::kNoClassDefFound);
  EXPECT_TRUE(t.incomplete);
}

TEST(TargetsForTypes, StaticCallIgnoresTheTypes) {
  World& w = World::Get();
  const ir::Instruction* in = FindInvoke(w, MethodId("callgraph/Calls", "callStatic", "()I"), "twice");
  ASSERT_NE(in, nullptr);
  CallTargets t = TargetsForTypes(w.hierarchy(), *in, {});
  EXPECT_THAT(Names(t.targets), ElementsAre("callgraph/Calls.twice(I)I"));
}

TEST(ChaTargets, JdkListSizeIncludesArrayList) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kInterface;
  in.interface_owner = true;
  in.owner = "java/util/List";
  in.name = "size";
  in.descriptor = "()I";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  std::vector<std::string> names = Names(t.targets);
  EXPECT_THAT(names, ::testing::Contains("java/util/ArrayList.size()I"));
  EXPECT_THAT(names, ::testing::Contains("java/util/LinkedList.size()I"));
  EXPECT_GT(names.size(), 10u);
  EXPECT_TRUE(std::is_sorted(t.targets.begin(), t.targets.end()));
  // Deterministic: the same answer twice.
  EXPECT_EQ(Names(ChaTargets(World::Get().hierarchy(), in).targets), names);
}

// MethodHandle.invokeExact is signature polymorphic (JVMS 2.9.3): its one
// target is the native declaration, whatever descriptor the call site uses,
// and the result says so (the wp engine does not analyse such calls).
TEST(ChaTargets, SignaturePolymorphicCallIsMarked) {
  ir::Instruction in;
  in.op = ir::Op::kInvoke;
  in.invoke = ir::InvokeKind::kVirtual;
  in.owner = "java/lang/invoke/MethodHandle";
  in.name = "invokeExact";
  in.descriptor = "(Ljava/lang/String;)I";
  CallTargets t = ChaTargets(World::Get().hierarchy(), in);
  EXPECT_TRUE(t.signature_polymorphic);
  EXPECT_THAT(Names(t.targets),
              ElementsAre("java/lang/invoke/MethodHandle.invokeExact([Ljava/lang/Object;)Ljava/lang/Object;"));
  // An ordinary virtual call is not.
  EXPECT_FALSE(Targets("callVirtual", "(Lcallgraph/Animal;)Ljava/lang/String;", "sound").signature_polymorphic);
}

}  // namespace
}  // namespace jwp::callgraph
