// The exception types that may leave a method (absint/thrown_types.h) over
// tests/fixtures/java8/exceptions: own throws, the JVM's implicit
// exceptions, callees' two calls deep, a caught exception that does not
// leave, synchronized blocks' handlers.
#include "absint/thrown_types.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::absint {
namespace {

using callgraph::MethodId;
using callgraph::testing::Release;
using callgraph::testing::World;

class ThrownTypesTest : public ::testing::TestWithParam<Release> {
 protected:
  // type -> origin of what leaves the method.
  std::map<std::string, ThrownType::Origin> Of(const std::string& cls, const std::string& name,
                                               const std::string& desc, ThrownTypesOptions options = {}) {
    World& w = World::Get(GetParam());
    ThrownTypes thrown(w.hierarchy(), w.cache(), std::move(options));
    auto ir = w.cache().Get(MethodId(cls, name, desc));
    EXPECT_TRUE(ir.ok()) << ir.status();
    std::map<std::string, ThrownType::Origin> out;
    if (!ir.ok()) return out;
    for (const ThrownType& t : thrown.Of(**ir)) out[t.type] = t.origin;
    return out;
  }
};

using O = ThrownType::Origin;

TEST_P(ThrownTypesTest, OwnThrowsTheJvmsAndNothingElse) {
  // (Java 8's message concatenation calls StringBuilder, whose exceptions may come too.)
  auto index = Of("exceptions/Checks", "checkedIndex", "(II)I");
  ASSERT_TRUE(index.contains("java/lang/IndexOutOfBoundsException"));
  EXPECT_EQ(index["java/lang/IndexOutOfBoundsException"], O::kThrow);
  if (GetParam() == Release::k17) {
    EXPECT_EQ(index.size(), 1u) << "string concatenation of ints throws nothing";
  }
  EXPECT_EQ(Of("exceptions/Api", "percent", "(II)I"),
            (std::map<std::string, O>{{"java/lang/ArithmeticException", O::kImplicit}}));
  auto at = Of("exceptions/Api", "at", "([II)I");
  EXPECT_EQ(at["java/lang/NullPointerException"], O::kImplicit);
  EXPECT_EQ(at["java/lang/ArrayIndexOutOfBoundsException"], O::kImplicit);
  EXPECT_EQ(at.size(), 2u);
  EXPECT_TRUE(Of("exceptions/Checks", "plain", "(I)I").empty());
}

TEST_P(ThrownTypesTest, CalleesTwoCallsDownAndWhatACatchKeepsIn) {
  auto deep = Of("exceptions/Api", "deep", "(I)I");
  ASSERT_TRUE(deep.contains("java/lang/IllegalStateException"));
  EXPECT_EQ(deep["java/lang/IllegalStateException"], O::kCallee);
  // digit catches the helper's IllegalStateException and throws an IllegalArgumentException.
  auto digit = Of("exceptions/Api", "digit", "(C)I");
  EXPECT_TRUE(digit.contains("java/lang/IllegalArgumentException"));
  EXPECT_FALSE(digit.contains("java/lang/IllegalStateException"));
}

TEST_P(ThrownTypesTest, SynchronizedHandlersRethrowWhatEnteredThem) {
  auto take = Of("exceptions/Locked", "take", "(I)I");
  EXPECT_TRUE(take.contains("java/lang/IllegalArgumentException"));
  EXPECT_FALSE(take.contains("java/lang/Throwable")) << "the handler's rethrow is of what it caught";
  EXPECT_FALSE(take.contains("java/lang/IllegalMonitorStateException")) << "structured monitorexits throw nothing";
}

TEST_P(ThrownTypesTest, AVarargsArrayTakesAnyStore) {
  EXPECT_FALSE(Of("exceptions/Api", "joined", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;")
                   .contains("java/lang/ArrayStoreException"))
      << "the callee stores into the caller's fresh Object[]";
  EXPECT_TRUE(Of("exceptions/Api", "joinAll", "([Ljava/lang/Object;)Ljava/lang/String;")
                  .contains("java/lang/ArrayStoreException"))
      << "a String[] passed as Object[] takes no Integer";
}

TEST_P(ThrownTypesTest, AGuardedCalleeCountsOnlyFaultsOnItsParameters) {
  ThrownTypesOptions guarded;
  guarded.guarded_class = [](std::string_view cls) { return cls == "exceptions/Api"; };
  // Not guarded: the callee's index into its own table may fail, as far as this analysis knows.
  EXPECT_TRUE(Of("exceptions/Api", "firstEntry", "()I").contains("java/lang/ArrayIndexOutOfBoundsException"));
  EXPECT_FALSE(Of("exceptions/Api", "firstEntry", "()I", guarded).contains("java/lang/ArrayIndexOutOfBoundsException"));
  EXPECT_FALSE(Of("exceptions/Api", "firstEntry", "()I", guarded).contains("java/lang/NullPointerException"));
  // The index is the caller's argument: listed.
  EXPECT_TRUE(Of("exceptions/Api", "entryAt", "(I)I", guarded).contains("java/lang/ArrayIndexOutOfBoundsException"));
}

TEST_P(ThrownTypesTest, AnArraysCloneThrowsNothingObjectCloneDeclares) {
  const auto doubled = Of("exceptions/Api", "doubled", "([I)[I");
  EXPECT_FALSE(doubled.contains("java/lang/CloneNotSupportedException"));
  EXPECT_TRUE(doubled.contains("java/lang/NullPointerException")) << "a null receiver";
}

INSTANTIATE_TEST_SUITE_P(Releases, ThrownTypesTest, ::testing::Values(Release::k8, Release::k17),
                         [](const auto& info) { return info.param == Release::k8 ? "Java8" : "Java17"; });

}  // namespace
}  // namespace jwp::absint
