// The classes made for lambdas and method references (lambda_classes.h):
// each shape of tests/fixtures/java8/fixtures/irshapes/Lambdas.java gets a
// class that parses, implements the functional interface, holds the
// captured values and whose method's IR calls the implementation with the
// metafactory's adaptations; the registry; and mod-sets through lambdas.
#include "callgraph/lambda_classes.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "callgraph/mod_set.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using testing::Release;
using testing::World;

constexpr std::string_view kShapes = "fixtures/irshapes/Lambdas";

std::shared_ptr<const ir::MethodIR> IrOf(World& w, std::string_view owner, std::string_view name,
                                         std::string_view desc) {
  auto ir = w.cache().Get(MethodId(owner, name, desc));
  EXPECT_TRUE(ir.ok()) << ir.status();
  return ir.ok() ? *ir : nullptr;
}

const ir::Instruction* LambdaIn(const ir::MethodIR& ir) {
  for (const ir::Instruction& in : ir.insns) {
    if (in.op == ir::Op::kLambda) return &in;
  }
  ADD_FAILURE() << "no lambda in " << ir.QualifiedName();
  return nullptr;
}

// What the IR of the made class's method does, one word per instruction
// of interest: "getfield cap$0", "checkcast java/lang/String",
// "invoke java/lang/String.length", "new java/util/ArrayList".
std::vector<std::string> Shape(const ir::MethodIR& ir) {
  std::vector<std::string> out;
  for (const ir::Block& b : ir.blocks) {
    for (ir::InsnId i : b.insns) {
      const ir::Instruction& in = ir.insns[i];
      switch (in.op) {
        case ir::Op::kGetField: out.push_back(Cat("getfield ", in.name)); break;
        case ir::Op::kCheckCast: out.push_back(Cat("checkcast ", in.type)); break;
        case ir::Op::kInvoke: out.push_back(Cat("invoke ", in.owner, ".", in.name)); break;
        case ir::Op::kNew: out.push_back(Cat("new ", in.type)); break;
        default: break;
      }
    }
  }
  return out;
}

struct ShapeCase {
  const char* method;
  const char* descriptor;
  const char* interface_name;
  const char* method_name;
  const char* erased;
  size_t captured;
  std::vector<std::string> shape;  // of the made method's IR (release 17)
};

class LambdaClassesTest : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(LambdaClassesTest, MakesAClassThatCallsTheImplementation) {
  const ShapeCase& c = GetParam();
  for (Release r : {Release::k8, Release::k17}) {
    World& w = World::Get(r);
    auto ir = IrOf(w, kShapes, c.method, c.descriptor);
    ASSERT_NE(ir, nullptr);
    const ir::Instruction* in = LambdaIn(*ir);
    ASSERT_NE(in, nullptr);
    LambdaClass l = MakeLambdaClass(*ir, *in);
    ASSERT_EQ(l.unsupported, "") << c.method;
    EXPECT_EQ(l.name, LambdaClassName(*ir, *in));
    EXPECT_THAT(l.name, HasSubstr(Cat(kShapes, "$$Lambda$", c.method, "$")));
    EXPECT_EQ(l.interface_name, c.interface_name);
    EXPECT_EQ(l.method_name, c.method_name);
    EXPECT_EQ(l.erased, c.erased);
    EXPECT_EQ(l.captured.size(), c.captured);
    EXPECT_EQ(LambdaCapturedDescriptors(*ir, *in), l.captured);
    ASSERT_NE(l.class_file, nullptr);
    EXPECT_EQ(l.class_file->this_class, l.name);
    EXPECT_THAT(l.class_file->interfaces, ::testing::Contains(std::string_view(c.interface_name)));
    EXPECT_TRUE(l.class_file->IsFinal());
    ASSERT_EQ(l.class_file->fields.size(), c.captured);
    for (size_t i = 0; i < c.captured; ++i) {
      EXPECT_EQ(l.class_file->fields[i].name, LambdaClass::CapturedField(i));
      EXPECT_EQ(l.class_file->fields[i].descriptor, l.captured[i]);
    }
    // Its method, through a cache that knows the class.
    LambdaClasses registry;
    EXPECT_EQ(registry.AddFrom(*ir), 1u);
    EXPECT_EQ(registry.AddFrom(*ir), 0u) << "a site is registered once";
    MethodCache cache(w.hierarchy());
    cache.set_lambdas(&registry);
    auto made = cache.Get(registry.at(0).Method());
    ASSERT_TRUE(made.ok()) << made.status();
    if (r == Release::k17) {
      // Each expected word is a prefix (javac names serializable lambdas
      // with a hash).
      std::vector<std::string> got = Shape(**made);
      ASSERT_EQ(got.size(), c.shape.size()) << ::testing::PrintToString(got);
      for (size_t i = 0; i < got.size(); ++i) EXPECT_THAT(got[i], ::testing::StartsWith(c.shape[i]));
    }
    // The implementation is called, whatever the release's shape.
    std::vector<std::string> shape = Shape(**made);
    EXPECT_THAT(shape, ::testing::Contains(Cat("invoke ", l.impl.owner, ".", l.impl.name)));
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, LambdaClassesTest,
    ::testing::Values(
        ShapeCase{"capture", "(Ljava/lang/String;I)Ljava/util/function/Supplier;", "java/util/function/Supplier",
                  "get", "()Ljava/lang/Object;", 2,
                  {"getfield cap$0", "getfield cap$1", "invoke fixtures/irshapes/Lambdas.lambda$capture$0"}},
        ShapeCase{"noCapture", "()Ljava/util/function/IntBinaryOperator;", "java/util/function/IntBinaryOperator",
                  "applyAsInt", "(II)I", 0, {"invoke fixtures/irshapes/Lambdas.lambda$noCapture$1"}},
        ShapeCase{"captureThis", "()Ljava/lang/Runnable;", "java/lang/Runnable", "run", "()V", 1,
                  {"getfield cap$0", "invoke fixtures/irshapes/Lambdas.lambda$captureThis$2"}},
        // Function<String, Integer>: the argument cast to String; the int
        // result boxed.
        ShapeCase{"staticRef", "()Ljava/util/function/Function;", "java/util/function/Function", "apply",
                  "(Ljava/lang/Object;)Ljava/lang/Object;", 0,
                  {"checkcast java/lang/String", "invoke java/lang/Integer.parseInt",
                   "invoke java/lang/Integer.valueOf"}},
        ShapeCase{"boundRef", "(Ljava/lang/String;)Ljava/util/function/Supplier;", "java/util/function/Supplier",
                  "get", "()Ljava/lang/Object;", 1,
                  {"getfield cap$0", "invoke java/lang/String.length", "invoke java/lang/Integer.valueOf"}},
        // The receiver is the first argument.
        ShapeCase{"unboundRef", "()Ljava/util/function/Function;", "java/util/function/Function", "apply",
                  "(Ljava/lang/Object;)Ljava/lang/Object;", 0,
                  {"checkcast java/lang/String", "invoke java/lang/String.length",
                   "invoke java/lang/Integer.valueOf"}},
        // The object made, then its constructor.
        ShapeCase{"constructorRef", "()Ljava/util/function/Supplier;", "java/util/function/Supplier", "get",
                  "()Ljava/lang/Object;", 0, {"new java/util/ArrayList", "invoke java/util/ArrayList.<init>"}},
        ShapeCase{"serializable", "(I)Ljava/lang/Runnable;", "java/lang/Runnable", "run", "()V", 1,
                  {"getfield cap$0", "invoke fixtures/irshapes/Lambdas.lambda$serializable$"}}),
    [](const ::testing::TestParamInfo<ShapeCase>& info) { return std::string(info.param.method); });

TEST(LambdaClasses, ASerializableLambdaIsSerializable) {
  World& w = World::Get(Release::k17);
  auto ir = IrOf(w, kShapes, "serializable", "(I)Ljava/lang/Runnable;");
  ASSERT_NE(ir, nullptr);
  LambdaClass l = MakeLambdaClass(*ir, *LambdaIn(*ir));
  EXPECT_TRUE(l.serializable);
  EXPECT_THAT(l.class_file->interfaces, ElementsAre("java/lang/Runnable", "java/io/Serializable"));
}

TEST(LambdaClasses, TheRegistryListsTheClassesAnInterfaceCallReaches) {
  World& w = World::Get(Release::k17);
  LambdaClasses registry;
  for (const char* m : {"adder", "scaled"}) {
    auto ir = IrOf(w, "callgraph/LambdaWrites", m,
                   m == std::string_view("adder") ? "()Lcallgraph/LambdaWrites$Step;" : "(I)Lcallgraph/LambdaWrites$Step;");
    ASSERT_NE(ir, nullptr);
    EXPECT_EQ(registry.AddFrom(*ir), 1u);
  }
  ASSERT_EQ(registry.size(), 2u);
  const std::string step = "callgraph/LambdaWrites$Step";
  const std::string desc = "(Lcallgraph/LambdaWrites;I)V";
  EXPECT_THAT(registry.Implementing(w.hierarchy(), step, "apply", desc), ElementsAre(0u, 1u));
  EXPECT_THAT(registry.Implementing(w.hierarchy(), step, "apply", "()V"), IsEmpty());
  EXPECT_THAT(registry.Implementing(w.hierarchy(), "java/lang/Runnable", "apply", desc), IsEmpty());
  EXPECT_EQ(registry.Find(registry.at(1).name), &registry.at(1));
  EXPECT_EQ(registry.Find("callgraph/LambdaWrites"), nullptr);
}

// Step has no class implementing it: without the lambda classes the call
// s.apply reaches nothing, and run's mod-set misses the lambdas' writes.
TEST(LambdaClasses, ModSetsReachTheLambdaBodiesOfTheRegistry) {
  World& w = World::Get(Release::k17);
  const MethodId run("callgraph/LambdaWrites", "run", "(Lcallgraph/LambdaWrites$Step;Lcallgraph/LambdaWrites;)V");
  {
    MethodCache cache(w.hierarchy());
    ModSets mods(w.hierarchy(), cache);
    EXPECT_THAT(mods.Of(run).Fields(), IsEmpty());
  }
  LambdaClasses registry;
  auto ir = IrOf(w, "callgraph/LambdaWrites", "scaled", "(I)Lcallgraph/LambdaWrites$Step;");
  ASSERT_NE(ir, nullptr);
  registry.AddFrom(*ir);
  MethodCache cache(w.hierarchy());
  cache.set_lambdas(&registry);
  ModSetOptions o;
  o.lambdas = &registry;
  ModSets mods(w.hierarchy(), cache, o);
  const ModSet& s = mods.Of(run);
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/LambdaWrites.total:I"));
  // Making the lambda writes its captured value into the new object.
  const ModSet& made = mods.Of(MethodId("callgraph/LambdaWrites", "scaled", "(I)Lcallgraph/LambdaWrites$Step;"));
  EXPECT_THAT(made.Fields(), ElementsAre(Cat(registry.at(0).name, ".cap$0:I")));
}

}  // namespace
}  // namespace jwp::callgraph
