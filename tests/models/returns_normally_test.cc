// The table of methods that return normally (models/returns_normally.def):
// its answers, and that every row names a method with a body where the
// analysis reads it (the model jar's class when one shadows the JDK's), so
// that a row never stands for a native or a missing method. That the JDK's
// methods do return normally is tried on the JVM
// (tests/models/ReturnsNormallyCheck.java).
#include "models/returns_normally.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/models/models_test_support.h"

namespace jwp::models {
namespace {

TEST(ReturnsNormally, AnswersPerRow) {
  EXPECT_TRUE(ReturnsNormally("java/lang/StringBuilder.append(I)Ljava/lang/StringBuilder;", ""));
  EXPECT_TRUE(ReturnsNormally("java/lang/StringBuilder.append(I)Ljava/lang/StringBuilder;", "java/lang/StringBuilder"));
  // append(char[]) of null throws NullPointerException; append(Object) calls toString.
  EXPECT_FALSE(ReturnsNormally("java/lang/StringBuilder.append([C)Ljava/lang/StringBuilder;", ""));
  EXPECT_FALSE(ReturnsNormally("java/lang/StringBuilder.append(Ljava/lang/Object;)Ljava/lang/StringBuilder;", ""));
  // An exception's constructor: only for an object exactly of its class.
  const char* ctor = "java/lang/IllegalArgumentException.<init>(Ljava/lang/String;)V";
  EXPECT_TRUE(ReturnsNormally(ctor, "java/lang/IllegalArgumentException"));
  EXPECT_FALSE(ReturnsNormally(ctor, ""));
  EXPECT_FALSE(ReturnsNormally(ctor, "com/example/MyException"));
}

TEST(ReturnsNormally, EveryRowNamesAMethodWithABodyWhereTheAnalysisReadsIt) {
  testing::ModelWorld world;
  ASSERT_NE(world.hierarchy(), nullptr);
  const std::vector<std::string_view> keys = ReturnsNormallyKeys();
  EXPECT_GT(keys.size(), 20u);
  for (std::string_view key : keys) {
    if (const classfile::MethodInfo* m = world.Method(key)) {
      EXPECT_FALSE(m->IsNative() || m->IsAbstract()) << key << " has no body";
    }
  }
}

}  // namespace
}  // namespace jwp::models
