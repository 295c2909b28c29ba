// Type facts over the class path and the lambda classes made so far
// (wp/lambda_type_facts.h).
#include "wp/lambda_type_facts.h"

#include <gtest/gtest.h>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::wp {
namespace {

using FixtureWorld = callgraph::testing::World;

class LambdaTypeFactsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FixtureWorld& w = FixtureWorld::Get();
    // Runnable from captureThis; Supplier from capture.
    for (auto [m, d] : {std::pair{"captureThis", "()Ljava/lang/Runnable;"},
                        std::pair{"capture", "(Ljava/lang/String;I)Ljava/util/function/Supplier;"},
                        std::pair{"serializable", "(I)Ljava/lang/Runnable;"}}) {
      auto ir = w.cache().Get(callgraph::MethodId("fixtures/irshapes/Lambdas", m, d));
      ASSERT_TRUE(ir.ok()) << ir.status();
      lambdas_.AddFrom(**ir);
    }
    ASSERT_EQ(lambdas_.size(), 3u);
    runnable_ = lambdas_.at(0).name;
    supplier_ = lambdas_.at(1).name;
    serializable_ = lambdas_.at(2).name;
  }
  callgraph::LambdaClasses lambdas_;
  LambdaTypeFacts facts_{FixtureWorld::Get().hierarchy(), lambdas_};
  std::string runnable_, supplier_, serializable_;
};

TEST_F(LambdaTypeFactsTest, ALambdaClassIsAFinalSubtypeOfItsInterface) {
  EXPECT_EQ(facts_.is_subtype(runnable_, "java/lang/Runnable"), true);
  EXPECT_EQ(facts_.is_subtype(Cat("L", runnable_, ";"), "Ljava/lang/Object;"), true);
  EXPECT_EQ(facts_.is_subtype(runnable_, "java/util/function/Supplier"), false);
  EXPECT_EQ(facts_.is_subtype(runnable_, "java/lang/Thread"), false);
  EXPECT_EQ(facts_.is_subtype(runnable_, "java/io/Serializable"), false);
  EXPECT_EQ(facts_.is_subtype(serializable_, "java/io/Serializable"), true);
  EXPECT_EQ(facts_.is_subtype(runnable_, runnable_), true);
  EXPECT_EQ(facts_.is_subtype(runnable_, supplier_), false);
  EXPECT_EQ(facts_.is_subtype("java/lang/Runnable", runnable_), false);
  EXPECT_TRUE(facts_.is_final(runnable_));
  EXPECT_TRUE(facts_.is_instantiable(runnable_));
  EXPECT_TRUE(facts_.is_known(runnable_));
  EXPECT_EQ(facts_.concrete_subtypes(runnable_, 8).types, std::vector<std::string>{runnable_});
  // The class path's answers are unchanged: no lambda among Runnable's subtypes.
  for (const std::string& t : facts_.concrete_subtypes("java/lang/Runnable", 100).types) {
    EXPECT_EQ(facts_.lambda(t), nullptr) << t;
  }
  EXPECT_EQ(facts_.is_subtype("java/lang/Thread", "java/lang/Runnable"), true);
  EXPECT_EQ(facts_.lambda("java/lang/Thread"), nullptr);
}

TEST_F(LambdaTypeFactsTest, DispatchOnALambdaClass) {
  auto run = facts_.dispatch(runnable_, "java/lang/Runnable", "run", "()V");
  ASSERT_TRUE(run.has_value());
  EXPECT_EQ(run->owner, runnable_);
  EXPECT_EQ(run->name, "run");
  auto eq = facts_.dispatch(runnable_, "java/lang/Runnable", "hashCode", "()I");
  ASSERT_TRUE(eq.has_value());
  EXPECT_EQ(eq->owner, "java/lang/Object");
  // Not a method of its interface: no such call on it.
  EXPECT_FALSE(facts_.dispatch(runnable_, "java/util/function/Supplier", "get", "()Ljava/lang/Object;"));
  auto get = facts_.dispatch(supplier_, "java/util/function/Supplier", "get", "()Ljava/lang/Object;");
  ASSERT_TRUE(get.has_value());
  EXPECT_EQ(get->owner, supplier_);
}

}  // namespace
}  // namespace jwp::wp
