// Methods that never return null (absint/non_null_returns.h) over
// tests/fixtures/java8/wp/NonNullReturns.java and the JDK, and the statics
// a class initializer sets before anyone reads them (field_facts.h).
#include "absint/non_null_returns.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::absint {
namespace {

using callgraph::MethodId;
using callgraph::testing::Release;
using callgraph::testing::World;
constexpr const char* kFixture = "wp/NonNullReturns";

class NonNullReturnsTest : public ::testing::TestWithParam<Release> {
 protected:
  NonNullReturns& Returns(bool with_facts = true) {
    World& w = World::Get(GetParam());
    facts_ = std::make_unique<FieldFacts>(w.hierarchy());
    returns_ = std::make_unique<NonNullReturns>(w.hierarchy(), w.cache(), with_facts ? facts_.get() : nullptr,
                                                [](const MethodId&) { return false; });
    return *returns_;
  }
  std::unique_ptr<FieldFacts> facts_;
  std::unique_ptr<NonNullReturns> returns_;
};

TEST_P(NonNullReturnsTest, AReturnPastANullCheckOrADereferenceIsNonNull) {
  NonNullReturns& r = Returns();
  EXPECT_TRUE(r.Of(MethodId(kFixture, "orEmpty", "(Ljava/lang/String;)Ljava/lang/String;")));
  EXPECT_TRUE(r.Of(MethodId(kFixture, "dereferenced", "(Ljava/lang/String;)Ljava/lang/String;")));
  EXPECT_TRUE(r.Of(MethodId("java/util/Objects", "requireNonNull", "(Ljava/lang/Object;)Ljava/lang/Object;")));
}

TEST_P(NonNullReturnsTest, AnUncheckedArgumentMayBeNull) {
  NonNullReturns& r = Returns();
  EXPECT_FALSE(r.Of(MethodId(kFixture, "either", "(Ljava/lang/String;Z)Ljava/lang/String;")));
  // Not a reference at all.
  EXPECT_FALSE(r.Of(MethodId(kFixture, "checked", "(Ljava/lang/String;)I")));
}

TEST_P(NonNullReturnsTest, ThisAndNewObjectsThroughTheJdk) {
  NonNullReturns& r = Returns();
  std::vector<std::string> facts;
  EXPECT_TRUE(r.Of(MethodId("java/lang/StringBuilder", "append", "(Ljava/lang/String;)Ljava/lang/StringBuilder;"),
                   &facts));
  ASSERT_FALSE(facts.empty());
  EXPECT_EQ(facts.front(), "java.lang.StringBuilder.append(Ljava/lang/String;)Ljava/lang/StringBuilder; never returns null");
  EXPECT_TRUE(r.Of(MethodId("java/lang/Integer", "toString", "(I)Ljava/lang/String;")));
  // HashMap.get returns null for a missing key.
  EXPECT_FALSE(r.Of(MethodId("java/util/HashMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;")));
}

TEST_P(NonNullReturnsTest, AFieldTheFactsKeepNonNullNeedsTheFacts) {
  const MethodId name("wp/NonNullReturns$Registry", "name", "()Ljava/lang/String;");
  std::vector<std::string> facts;
  EXPECT_TRUE(Returns().Of(name, &facts));
  EXPECT_NE(std::find(facts.begin(), facts.end(), "wp.NonNullReturns$Registry.name holds \"registry\" once initialized"),
            facts.end());
  EXPECT_FALSE(Returns(/*with_facts=*/false).Of(name));
}

TEST_P(NonNullReturnsTest, ASingletonIsSetBeforeAnyoneReadsIt) {
  Returns();
  const FieldFact& singleton = facts_->Of("wp/NonNullReturns$Registry", "INSTANCE", "Lwp/NonNullReturns$Registry;");
  ASSERT_TRUE(singleton.known) << singleton.why_not;
  ASSERT_EQ(singleton.initialized.size(), 1u);
  EXPECT_EQ(singleton.initialized[0].ToString(), "a new wp.NonNullReturns$Registry");
  // Its constructor reads INSTANCE, still null then.
  const FieldFact& watcher = facts_->Of("wp/NonNullReturns$Watcher", "INSTANCE", "Lwp/NonNullReturns$Watcher;");
  ASSERT_TRUE(watcher.known) << watcher.why_not;
  EXPECT_EQ(watcher.initialized.size(), 2u);
}

TEST_P(NonNullReturnsTest, AnEnumsValuesHoldItsConstants) {
  Returns();
  const FieldFact& red = facts_->Of("wp/NonNullReturns$Color", "RED", "Lwp/NonNullReturns$Color;");
  ASSERT_TRUE(red.known) << red.why_not;
  ASSERT_EQ(red.initialized.size(), 1u);
  const FieldFact& values = facts_->Of("wp/NonNullReturns$Color", "$VALUES", "[Lwp/NonNullReturns$Color;");
  ASSERT_TRUE(values.known) << values.why_not;
  // Stored before any other class's code runs: $values() runs only Color's.
  EXPECT_EQ(values.initialized.size(), 1u) << values.description;
  ASSERT_TRUE(values.elements_known) << values.description;
  ASSERT_EQ(values.elements.size(), 1u) << values.description;
  EXPECT_EQ(values.elements[0].ToString(), "a new wp.NonNullReturns$Color");
}

INSTANTIATE_TEST_SUITE_P(Releases, NonNullReturnsTest, ::testing::Values(Release::k8, Release::k17),
                         [](const auto& info) { return info.param == Release::k8 ? "Java8" : "Java17"; });

}  // namespace
}  // namespace jwp::absint
