// `jwp wp` through lambdas and method references (issue #7): the classes
// LambdaMetafactory makes (callgraph/lambda_classes.h) are targets that
// directed construction enables when a lambda reaches the call; every
// FOUND is confirmed on the JVM, and no class-path implementation of the
// interface stands in for the lambda.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "classfile/strings.h"
#include "tests/app/app_test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using jwp::testing::RunWpJson;

constexpr const char* kAe = " --kind exception:java.lang.ArithmeticException --json";

// ArrayList.forEach calls Consumer.accept, which the class path implements
// in many classes; the call graph enables only the lambda's class there.
TEST(Lambdas, ForEachRunsTheLambdaAndOnlyItsClassIsEnabled) {
  int status = -1;
  nlohmann::json j = RunWpJson(Cat(" --goal 'interproc.JdkUse.forEachSum(III)I@line:81'", kAe, " --confirm"), &status);
  EXPECT_EQ(status, 0) << j.dump();
  ASSERT_EQ(j["verdict"], "FOUND") << j.dump();
  EXPECT_EQ(j["confirmed"], true);
  bool accept_site = false;
  for (const auto& site : j["callgraph"]) {
    if (!site["site"].get<std::string>().starts_with("java/util/ArrayList.forEach(")) continue;
    accept_site = true;
    ASSERT_EQ(site["targets"].size(), 1u) << site.dump();
    EXPECT_THAT(site["targets"][0].get<std::string>(),
                HasSubstr("interproc/JdkUse$$Lambda$forEachSum$"));
    EXPECT_THAT(site["targets"][0].get<std::string>(), HasSubstr(".accept(Ljava/lang/Object;)V"));
  }
  EXPECT_TRUE(accept_site) << j["callgraph"].dump();
  EXPECT_GE(j["stats"]["phases"].get<int>(), 2);
}

struct LambdaGoal {
  const char* goal;  // in interproc.LambdaUse
  const char* shows;
};

class LambdaGoals : public ::testing::TestWithParam<LambdaGoal> {};

TEST_P(LambdaGoals, FoundAndConfirmed) {
  int status = -1;
  nlohmann::json j = RunWpJson(Cat(" --goal 'interproc.LambdaUse.", GetParam().goal, "'", kAe, " --confirm"), &status);
  EXPECT_EQ(status, 0) << GetParam().shows << ": " << j.dump();
  EXPECT_EQ(j["verdict"], "FOUND") << GetParam().shows;
  EXPECT_EQ(j["confirmed"], true) << GetParam().shows;
}

INSTANTIATE_TEST_SUITE_P(
    LambdaUse, LambdaGoals,
    ::testing::Values(LambdaGoal{"onlyLambdas(II)I@line:36", "an interface no class implements"},
                      LambdaGoal{"lambdaBesideAClass(II)I@line:44", "a lambda beside the interface's one class"},
                      LambdaGoal{"unboundReference(Ljava/lang/String;I)I@line:60", "String::length, boxed"},
                      LambdaGoal{"primitiveResult(Ljava/lang/String;I)I@line:68", "ToIntFunction, checkcast"},
                      LambdaGoal{"constructorReference(I)I@line:77", "ArrayList::new"},
                      LambdaGoal{"madeInACallee(II)I@line:89", "a lambda made in a callee (a later phase)"},
                      LambdaGoal{"capturedThis(I)I@line:99", "a lambda capturing this"}));

// Shift's one class, Negate, returns 5 for x = -5; the receiver is a lambda
// returning 0. With the dispatch literal dropped for a call with one
// class-path target, the search would go through Negate and answer FOUND.
TEST(Lambdas, TheInterfacesOneClassDoesNotStandInForTheLambda) {
  for (const char* cg : {"directed", "cha"}) {
    int status = -1;
    nlohmann::json j = RunWpJson(
        Cat(" --goal 'interproc.LambdaUse.constantLambda(II)I@line:52'", kAe, " --callgraph ", cg), &status);
    EXPECT_EQ(status, 3) << cg << ": " << j.dump();
    EXPECT_EQ(j["verdict"], "NOT_FOUND") << cg;
  }
}

}  // namespace
}  // namespace jwp::app
