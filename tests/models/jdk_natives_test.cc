// The table of what the search may assume of JDK natives
// (models/jdk_natives.def): its answers, and that every row names a native
// method that exists (a typo would silently assume nothing).
#include "models/jdk_natives.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/models/models_test_support.h"

namespace jwp::models {
namespace {

TEST(JdkNatives, AnswersPerRow) {
  const NativeFacts* hash = FindNativeFacts("java/lang/Object.hashCode()I");
  ASSERT_NE(hash, nullptr);
  EXPECT_TRUE(hash->never_throws);
  EXPECT_FALSE(hash->writes_nothing);
  // A type query of a class: never throws, writes nothing.
  const NativeFacts* is_array = FindNativeFacts("java/lang/Class.isArray()Z");
  ASSERT_NE(is_array, nullptr);
  EXPECT_TRUE(is_array->never_throws);
  EXPECT_TRUE(is_array->writes_nothing);
  // isAssignableFrom(null) throws NullPointerException: it writes nothing, and may throw.
  const NativeFacts* assignable = FindNativeFacts("java/lang/Class.isAssignableFrom(Ljava/lang/Class;)Z");
  ASSERT_NE(assignable, nullptr);
  EXPECT_FALSE(assignable->never_throws);
  EXPECT_TRUE(assignable->writes_nothing);
  // Reflection asks for its caller's class: a Class, no exception, no write.
  const NativeFacts* caller = FindNativeFacts("jdk/internal/reflect/Reflection.getCallerClass()Ljava/lang/Class;");
  ASSERT_NE(caller, nullptr);
  EXPECT_TRUE(caller->never_throws && caller->writes_nothing && caller->returns_non_null);
  // initClassName caches the name in the Class object: a write.
  const NativeFacts* name = FindNativeFacts("java/lang/Class.initClassName()Ljava/lang/String;");
  ASSERT_NE(name, nullptr);
  EXPECT_TRUE(name->never_throws && name->returns_non_null);
  EXPECT_FALSE(name->writes_nothing);
  const NativeFacts* box = FindNativeFacts("java/lang/Integer_JwpModel.cached(I)Ljava/lang/Integer;");
  ASSERT_NE(box, nullptr);
  EXPECT_TRUE(box->never_throws);
  EXPECT_EQ(box->cached_box_class, "java/lang/Integer");
  EXPECT_EQ(box->cached_box_value_descriptor, "I");
  const NativeFacts* thread = FindNativeFacts("java/lang/Thread.currentThread()Ljava/lang/Thread;");
  ASSERT_NE(thread, nullptr);
  EXPECT_TRUE(thread->current_thread && thread->never_throws);
  // String.format of a format that is not a literal: may throw (a bad
  // format), and returns a Formatter's text, never null.
  const NativeFacts* format =
      FindNativeFacts("java/lang/String.format(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;");
  ASSERT_NE(format, nullptr);
  EXPECT_TRUE(format->returns_non_null);
  EXPECT_FALSE(format->never_throws);
  // Natives the table does not list may throw and write anything.
  EXPECT_EQ(FindNativeFacts("java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V"), nullptr);
  EXPECT_EQ(FindNativeFacts("java/lang/Object.hashCode"), nullptr);
}

TEST(JdkNatives, EveryRowNamesANativeMethodOfTheJdkOrTheModelJar) {
  testing::ModelWorld world;
  ASSERT_NE(world.hierarchy(), nullptr);
  const std::vector<std::string_view> keys = NativeFactsKeys();
  EXPECT_GT(keys.size(), 40u);
  for (std::string_view key : keys) {
    if (const classfile::MethodInfo* m = world.Method(key)) {
      EXPECT_TRUE(m->IsNative()) << key << " is not native";
    }
  }
}

}  // namespace
}  // namespace jwp::models
