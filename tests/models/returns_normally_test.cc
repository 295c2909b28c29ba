// The table of methods that return normally (models/returns_normally.def):
// its answers, and that every row names a method with a body where the
// analysis reads it (the model jar's class when one shadows the JDK's), so
// that a row never stands for a native or a missing method. That the JDK's
// methods do return normally is tried on the JVM
// (tests/models/ReturnsNormallyCheck.java).
#include "models/returns_normally.h"

#include <gtest/gtest.h>

#include <string>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "tests/test_support.h"

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
  classfile::Diagnostics diagnostics;
  classfile::ClassPathOptions options;
  options.jdk_home = jwp::testing::JavaHome();
  auto cp = classfile::ClassPath::Open(std::string(JWP_BINARY_DIR) + "/lib/jwp-models.jar", options, &diagnostics);
  ASSERT_TRUE(cp.ok()) << cp.status();
  auto h = classfile::ClassHierarchy::Build(**cp);
  ASSERT_TRUE(h.ok()) << h.status();
  const std::vector<std::string_view> keys = ReturnsNormallyKeys();
  EXPECT_GT(keys.size(), 20u);
  for (std::string_view key : keys) {
    const size_t dot = key.find('.'), paren = key.find('(');
    ASSERT_TRUE(dot != std::string_view::npos && paren != std::string_view::npos && dot < paren) << key;
    const std::string_view owner = key.substr(0, dot), name = key.substr(dot + 1, paren - dot - 1),
                           descriptor = key.substr(paren);
    const classfile::ClassId id = (*h)->Find(owner);
    ASSERT_NE(id, classfile::kNoClass) << key;
    auto cls = (*h)->Load(id);
    ASSERT_TRUE(cls.ok()) << key << ": " << cls.status();
    bool found = false;
    for (const classfile::MethodInfo& m : (*cls)->methods) {
      if (m.name == name && m.descriptor == descriptor) {
        found = true;
        EXPECT_FALSE(m.IsNative() || m.IsAbstract()) << key << " has no body";
      }
    }
    EXPECT_TRUE(found) << key << ": no such method";
  }
}

}  // namespace
}  // namespace jwp::models
