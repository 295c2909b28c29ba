// Method models: a static method of p/C_JwpModel stands in for a method of
// p/C (its receiver first), in MethodCache and so in mod-sets.
#include "callgraph/method_models.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "callgraph/method_cache.h"
#include "callgraph/mod_set.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using testing::World;

const classfile::MethodInfo& Declared(std::string_view owner, std::string_view name, std::string_view desc) {
  static MethodCache* cache = new MethodCache(World::Get().hierarchy());
  auto decl = cache->Find(MethodId(owner, name, desc));
  EXPECT_TRUE(decl.ok()) << decl.status();
  return *decl->method;
}

TEST(MethodModels, NamesTheModelClass) {
  EXPECT_TRUE(IsMethodModelClass("java/lang/System_JwpModel"));
  EXPECT_FALSE(IsMethodModelClass("java/lang/System"));
  EXPECT_FALSE(IsMethodModelClass("javax/swing/ButtonModel"));
}

TEST(MethodModels, AnInstanceMethodsModelTakesTheReceiverFirst) {
  auto model = FindMethodModel(World::Get().hierarchy(), "callgraph/Modelled",
                               Declared("callgraph/Modelled", "answer", "()I"));
  ASSERT_TRUE(model.has_value());
  EXPECT_EQ(model->owner, "callgraph/Modelled_JwpModel");
  EXPECT_EQ(model->descriptor, "(Lcallgraph/Modelled;)I");
}

TEST(MethodModels, AStaticMethodsModelHasItsDescriptor) {
  auto model = FindMethodModel(World::Get().hierarchy(), "callgraph/Modelled",
                               Declared("callgraph/Modelled", "twice", "(I)I"));
  ASSERT_TRUE(model.has_value());
  EXPECT_EQ(model->descriptor, "(I)I");
}

TEST(MethodModels, NoModelWithoutAMatchingStaticMethod) {
  const classfile::ClassHierarchy& h = World::Get().hierarchy();
  // Modelled_JwpModel.unmodelled()I lacks the receiver.
  EXPECT_FALSE(FindMethodModel(h, "callgraph/Modelled", Declared("callgraph/Modelled", "unmodelled", "()I")));
  EXPECT_FALSE(FindMethodModel(h, "callgraph/Modelled", Declared("callgraph/Modelled", "plain", "()I")));
  // No callgraph/Natives_JwpModel at all.
  EXPECT_FALSE(FindMethodModel(h, "callgraph/Natives", Declared("callgraph/Natives", "own", "()I")));
}

TEST(MethodModels, TheCacheGivesTheModelsCodeForANative) {
  MethodCache cache(World::Get().hierarchy());
  const MethodId answer("callgraph/Modelled", "answer", "()I");
  EXPECT_FALSE(cache.IsNative(answer));
  EXPECT_TRUE(cache.IsNative(MethodId("callgraph/Modelled", "unmodelled", "()I")));
  auto ir = cache.Get(answer);
  ASSERT_TRUE(ir.ok()) << ir.status();
  EXPECT_EQ((*ir)->class_name, "callgraph/Modelled_JwpModel");
  EXPECT_EQ((*ir)->params.size(), 1u);  // the receiver
  auto plain = cache.Get(MethodId("callgraph/Modelled", "plain", "()I"));
  ASSERT_TRUE(plain.ok()) << plain.status();
  EXPECT_EQ((*plain)->class_name, "callgraph/Modelled");
}

TEST(MethodModels, AModelsWritesAreInTheModSet) {
  World& w = World::Get();
  ModSets mods(w.hierarchy(), w.cache(), ModSetOptions{.natives_are_top = true});
  const ModSet& s = mods.Of(MethodId("callgraph/Modelled", "answer", "()I"));
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_TRUE(s.WritesField("callgraph/Modelled", "field", "I"));
}

}  // namespace
}  // namespace jwp::callgraph
