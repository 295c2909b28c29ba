// MethodId and MethodCache: lazily built IR, cached results and errors.
#include "callgraph/method_cache.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "absl/container/flat_hash_set.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::HasSubstr;
using testing::World;

TEST(MethodId, PrintsOwnerNameAndDescriptor) {
  EXPECT_EQ(MethodId("java/util/ArrayList", "add", "(Ljava/lang/Object;)Z").ToString(),
            "java/util/ArrayList.add(Ljava/lang/Object;)Z");
}

TEST(MethodId, OrdersByOwnerNameThenDescriptor) {
  std::set<MethodId> s = {MethodId("b/B", "a", "()V"), MethodId("a/A", "z", "()V"),
                          MethodId("a/A", "m", "(I)V"), MethodId("a/A", "m", "()V")};
  std::vector<std::string> order;
  for (const MethodId& m : s) order.push_back(m.ToString());
  EXPECT_THAT(order, ::testing::ElementsAre("a/A.m()V", "a/A.m(I)V", "a/A.z()V", "b/B.a()V"));
}

TEST(MethodId, HashesByValue) {
  absl::flat_hash_set<MethodId> s = {MethodId("a/A", "m", "()V")};
  EXPECT_TRUE(s.contains(MethodId("a/A", "m", "()V")));
  EXPECT_FALSE(s.contains(MethodId("a/A", "m", "(I)V")));
  EXPECT_EQ(MethodIdHash()(MethodId("a/A", "m", "()V")), MethodIdHash()(MethodId("a/A", "m", "()V")));
}

TEST(MethodCache, BuildsOnceAndCaches) {
  World& w = World::Get();
  MethodCache cache(w.hierarchy());
  MethodId m("callgraph/Calls", "twice", "(I)I");
  auto first = cache.Get(m);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(MethodId::Of(**first), m);
  auto second = cache.Get(m);
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(first->get(), second->get());
  EXPECT_EQ(cache.stats().built, 1u);
  EXPECT_EQ(cache.stats().hits, 1u);
}

TEST(MethodCache, MissingClassIsNotFound) {
  MethodCache cache(World::Get().hierarchy());
  auto r = cache.Get(MethodId("callgraph/Nowhere", "m", "()V"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("callgraph/Nowhere.m()V"));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("not on the class path"));
}

TEST(MethodCache, MissingMethodIsNotFound) {
  MethodCache cache(World::Get().hierarchy());
  auto r = cache.Get(MethodId("callgraph/Calls", "twice", "(J)J"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("callgraph/Calls.twice(J)J"));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("declares no such method"));
  // The error is cached too.
  EXPECT_FALSE(cache.Get(MethodId("callgraph/Calls", "twice", "(J)J")).ok());
  EXPECT_EQ(cache.stats().failed, 1u);
  EXPECT_EQ(cache.stats().hits, 1u);
}

TEST(MethodCache, NativeMethodHasNoCode) {
  MethodCache cache(World::Get().hierarchy());
  MethodId m("callgraph/Natives", "own", "()I");
  auto r = cache.Get(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("callgraph/Natives.own()I"));
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("native"));
  EXPECT_TRUE(cache.IsNative(m));
  EXPECT_FALSE(cache.IsAbstract(m));
  EXPECT_TRUE(cache.IsNative(MethodId("java/lang/System", "arraycopy",
                                      "(Ljava/lang/Object;ILjava/lang/Object;II)V")));
}

TEST(MethodCache, AbstractMethodHasNoCode) {
  MethodCache cache(World::Get().hierarchy());
  MethodId m("callgraph/Polygon", "sides", "()I");
  auto r = cache.Get(m);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("abstract"));
  EXPECT_TRUE(cache.IsAbstract(m));
  EXPECT_FALSE(cache.IsNative(m));
  EXPECT_TRUE(cache.IsAbstract(MethodId("callgraph/Shape", "area", "()D")));
  EXPECT_FALSE(cache.IsAbstract(MethodId("callgraph/Nowhere", "area", "()D")));
}

TEST(MethodCache, FindsTheDeclaration) {
  MethodCache cache(World::Get().hierarchy());
  auto d = cache.Find(MethodId("callgraph/Access", "secret", "()I"));
  ASSERT_TRUE(d.ok()) << d.status();
  EXPECT_TRUE(d->method->IsPrivate());
  EXPECT_EQ(d->class_file->this_class, "callgraph/Access");
  // Not inherited: Puppy declares no sound().
  EXPECT_FALSE(cache.Find(MethodId("callgraph/Puppy", "sound", "()Ljava/lang/String;")).ok());
}

}  // namespace
}  // namespace jwp::callgraph
