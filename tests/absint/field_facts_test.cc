// Field facts (absint/field_facts.h) over tests/fixtures/java8/wp/FieldFacts.java,
// compiled for Java 8 (accessors) and 17 (nestmates), and over the JDK.
#include "absint/field_facts.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::absint {
namespace {

using callgraph::testing::World;
using callgraph::testing::Release;
constexpr const char* kFacts = "wp/FieldFacts";

std::vector<std::string> Shown(const std::vector<FieldValue>& values) {
  std::vector<std::string> out;
  for (const FieldValue& v : values) out.push_back(v.ToString());
  return out;
}

using Strings = std::vector<std::string>;

class FieldFactsTest : public ::testing::TestWithParam<Release> {
 protected:
  const FieldFact& Of(const char* owner, const char* name, const char* descriptor) {
    if (facts_ == nullptr) facts_ = std::make_unique<FieldFacts>(World::Get(GetParam()).hierarchy());
    return facts_->Of(owner, name, descriptor);
  }
  std::unique_ptr<FieldFacts> facts_;
};

TEST_P(FieldFactsTest, AFlagInitializedAndNeverWrittenAgainHoldsItsInitializer) {
  const FieldFact& f = Of(kFacts, "privateFalse", "Z");
  ASSERT_TRUE(f.known) << f.why_not;
  EXPECT_EQ(Shown(f.values), Strings{"0"});
  EXPECT_TRUE(f.effectively_final);
  const FieldFact& t = Of(kFacts, "privateTrue", "Z");
  ASSERT_TRUE(t.known) << t.why_not;
  EXPECT_EQ(Shown(t.values), (Strings{"0", "1"}));  // 0 while the constructor runs
  EXPECT_EQ(Shown(t.initialized), Strings{"1"});
  EXPECT_EQ(t.description, "wp.FieldFacts.privateTrue holds 1 once initialized");
}

TEST_P(FieldFactsTest, AFinalFieldEveryConstructorSetsOrDelegatesIsSetOnceInitialized) {
  const FieldFact& f = Of(kFacts, "name", "Ljava/lang/String;");
  ASSERT_TRUE(f.known) << f.why_not;
  EXPECT_EQ(Shown(f.values), (Strings{"null", "\"jwp\""}));
  EXPECT_EQ(Shown(f.initialized), Strings{"\"jwp\""});
}

TEST_P(FieldFactsTest, ASetterStoringAParameterLeavesNoFacts) {
  const FieldFact& f = Of(kFacts, "label", "Ljava/lang/String;");
  EXPECT_FALSE(f.known);
  EXPECT_NE(f.why_not.find("wp.FieldFacts.setLabel(Ljava/lang/String;)V stores a value"), std::string::npos)
      << f.why_not;
  EXPECT_TRUE(f.values.empty());
}

TEST_P(FieldFactsTest, ANestedClassWritesThroughANestmateOrAnAccessor) {
  // Java 17: Switcher stores into mode directly (a nestmate); Java 8: through
  // FieldFacts.access$002, whose only caller passes 3.
  const FieldFact& f = Of(kFacts, "mode", "I");
  ASSERT_TRUE(f.known) << f.why_not;
  EXPECT_EQ(Shown(f.values), (Strings{"0", "3"}));
  EXPECT_EQ(Shown(f.initialized), (Strings{"0", "3"}));
  EXPECT_FALSE(f.effectively_final);
}

TEST_P(FieldFactsTest, ASuperclassConstructorThatLetsThisEscapeKeepsTheDefault) {
  const FieldFact& leaky = Of("wp/FieldFacts$Leaky", "name", "Ljava/lang/String;");
  ASSERT_TRUE(leaky.known) << leaky.why_not;
  EXPECT_EQ(Shown(leaky.initialized), (Strings{"null", "\"set\""}));
  const FieldFact& two = Of("wp/FieldFacts$TwoWays", "name", "Ljava/lang/String;");
  ASSERT_TRUE(two.known) << two.why_not;
  EXPECT_EQ(Shown(two.initialized), (Strings{"null", "\"a\""}));  // TwoWays(int) leaves it unset
}

TEST_P(FieldFactsTest, APrivateInitEveryConstructorCallsStoresTheFieldFirst) {
  const FieldFact& shared = Of("wp/FieldFacts$SharedInit", "parts", "Ljava/util/List;");
  ASSERT_TRUE(shared.known) << shared.why_not;
  EXPECT_EQ(Shown(shared.values), (Strings{"null", "a new java.util.ArrayList"}));  // null while constructing
  EXPECT_EQ(Shown(shared.initialized), Strings{"a new java.util.ArrayList"});
  // init() passes `this` to other code before its store: the default stays.
  const FieldFact& escaping = Of("wp/FieldFacts$EscapingInit", "name", "Ljava/lang/String;");
  ASSERT_TRUE(escaping.known) << escaping.why_not;
  EXPECT_EQ(Shown(escaping.initialized), (Strings{"null", "\"set\""}));
}

TEST_P(FieldFactsTest, AFieldOnlyConstructorsWriteIsEffectivelyFinalWhateverTheyStore) {
  const FieldFact& f = Of("wp/FieldFacts$Kept", "lock", "Ljava/lang/Object;");
  EXPECT_FALSE(f.known);  // the constructor stores a parameter
  EXPECT_TRUE(f.effectively_final);
  EXPECT_FALSE(Of(kFacts, "mode", "I").effectively_final);  // Switcher.on writes it
}

TEST_P(FieldFactsTest, AValueNeverNullWhereItIsStoredIsANonNullValueOfTheFieldsType) {
  // Objects.requireNonNull's result; a parameter after `if (p == null) throw`;
  // String.trim's result (a final class's method that never returns null).
  for (const char* name : {"required:Ljava/lang/Object;", "guarded:Ljava/lang/String;", "trimmed:Ljava/lang/String;"}) {
    const std::string_view key(name);
    const size_t colon = key.find(':');
    const FieldFact& f = Of("wp/FieldFacts$Checked", std::string(key.substr(0, colon)).c_str(),
                            std::string(key.substr(colon + 1)).c_str());
    ASSERT_TRUE(f.known) << name << ": " << f.why_not;
    const std::string type(key.substr(colon + 2, key.size() - colon - 3));
    EXPECT_EQ(Shown(f.values), (Strings{"null", Cat("a ", classfile::JavaName(type))})) << name;
    EXPECT_EQ(Shown(f.initialized), Strings{Cat("a ", classfile::JavaName(type))}) << name;
  }
  // A parameter no check guards: any value.
  const FieldFact& unchecked = Of("wp/FieldFacts$Checked", "unchecked", "Ljava/lang/Object;");
  EXPECT_FALSE(unchecked.known);
  EXPECT_NE(unchecked.why_not.find("stores a value that is not a constant or a new object"), std::string::npos)
      << unchecked.why_not;
  // What a witness prefers there: a value of the field's type.
  EXPECT_EQ(Shown(unchecked.constructed), Strings{"a java.lang.Object"});
}

TEST_P(FieldFactsTest, AFieldOnlyDeserializationOpensKeepsWhatItsConstructorsLeave) {
  const FieldFact& items = Of("wp/Completion$Memo", "items", "Ljava/util/List;");
  EXPECT_FALSE(items.known);
  EXPECT_NE(items.why_not.find("deserialization"), std::string::npos) << items.why_not;
  EXPECT_EQ(Shown(items.constructed), Strings{"a new java.util.ArrayList"});
  // Open for another reason (neither private nor final): nothing constructed.
  EXPECT_TRUE(Of(kFacts, "debug", "Z").constructed.empty());
}

TEST_P(FieldFactsTest, AReferenceItsWritersNeverSetToNullIsMostLikelyAnObject) {
  // Stored from a constructor's parameter: no facts, a Completion preferred.
  const FieldFact& owner = Of("wp/Completion$Part", "owner", "Lwp/Completion;");
  EXPECT_FALSE(owner.known);
  EXPECT_EQ(Shown(owner.constructed), Strings{"a wp.Completion"});
  // Also set to null (forget()): no preference.
  const FieldFact& note = Of("wp/Completion$Part", "note", "Ljava/lang/String;");
  EXPECT_FALSE(note.known);
  EXPECT_TRUE(note.constructed.empty());
}

TEST_P(FieldFactsTest, AStaticNeverWrittenHoldsItsDefault) {
  const FieldFact& f = Of(kFacts, "neverSet", "Z");
  ASSERT_TRUE(f.known) << f.why_not;
  EXPECT_EQ(Shown(f.initialized), Strings{"0"});
  EXPECT_EQ(f.description, "wp.FieldFacts.neverSet holds 0 (never written)");
  EXPECT_TRUE(f.initial_known);
  EXPECT_EQ(Shown(f.initial), Strings{"0"});
  // A public static has no facts (a client may set it), but its initial value is known.
  const FieldFact& debug = Of(kFacts, "debug", "Z");
  EXPECT_FALSE(debug.known);
  ASSERT_TRUE(debug.initial_known);
  EXPECT_EQ(Shown(debug.initial), Strings{"0"});
  // System's initializer calls natives: System.out's initial value is not known.
  EXPECT_FALSE(Of("java/lang/System", "out", "Ljava/io/PrintStream;").initial_known);
}

// A compile-time constant (ConstantValue, never written) holds its value
// even in a class whose fields the JVM writes; a static final the class
// initializer sets there does not (HotSpot sets the JDK's
// String.COMPACT_STRINGS from -XX:CompactStrings).
TEST_P(FieldFactsTest, ACompileTimeConstantOfAClassTheJvmWritesHoldsItsValue) {
  const FieldFact& min = Of("java/lang/Thread", "MIN_PRIORITY", "I");
  ASSERT_TRUE(min.known) << "why not: " << min.why_not;
  EXPECT_EQ(Shown(min.initialized), Strings{"1"});
  ASSERT_TRUE(min.initial_known);
  EXPECT_EQ(Shown(min.initial), Strings{"1"});
  const FieldFact& compact = Of("java/lang/String", "COMPACT_STRINGS", "Z");
  EXPECT_FALSE(compact.known);
  EXPECT_NE(compact.why_not.find("the JVM itself writes"), std::string::npos) << compact.why_not;
}

TEST_P(FieldFactsTest, FieldsOthersMayWriteHaveNoFacts) {
  const FieldFact& named = Of("wp/FieldFacts$Reflective", "secret", "Ljava/lang/String;");
  EXPECT_FALSE(named.known);
  EXPECT_NE(named.why_not.find("string constant"), std::string::npos) << named.why_not;
  // The trap of issue #29: <clinit> stores null in System.out, natives replace it.
  const FieldFact& out = Of("java/lang/System", "out", "Ljava/io/PrintStream;");
  EXPECT_FALSE(out.known);
  EXPECT_NE(out.why_not.find("native"), std::string::npos) << out.why_not;
  // Deserialization sets an ArrayList's size; field updaters a volatile.
  const FieldFact& size = Of("java/util/ArrayList", "size", "I");
  EXPECT_FALSE(size.known);
  EXPECT_NE(size.why_not.find("deserialization"), std::string::npos) << size.why_not;
  const FieldFact& v = Of("java/util/concurrent/atomic/AtomicInteger", "value", "I");
  EXPECT_FALSE(v.known);
  EXPECT_NE(v.why_not.find("volatile"), std::string::npos) << v.why_not;
  // A framework sets an @Injected field, which no code of its class writes.
  const FieldFact& injected = Of("wp/FieldFacts$Injectable", "service", "Ljava/lang/Object;");
  EXPECT_FALSE(injected.known);
  EXPECT_NE(injected.why_not.find("annotated with Lwp/FieldFacts$Injected;"), std::string::npos) << injected.why_not;
  // The garbage collector sets SoftReference.clock, which no code writes.
  const FieldFact& clock = Of("java/lang/ref/SoftReference", "clock", "J");
  EXPECT_FALSE(clock.known);
  EXPECT_FALSE(clock.initial_known);
  EXPECT_NE(clock.why_not.find("the JVM itself writes"), std::string::npos) << clock.why_not;
  // UnixNativeDispatcher.stat fills the stat buffer through JNI; no Java
  // code writes it.
  const FieldFact& mode = Of("sun/nio/fs/UnixFileAttributes", "st_mode", "I");
  EXPECT_FALSE(mode.known);
  EXPECT_NE(mode.why_not.find("JNI"), std::string::npos) << mode.why_not;
  // Public and non-final: any class may write it.
  EXPECT_FALSE(Of("java/awt/Point", "x", "I").known);
  // Not declared there.
  EXPECT_FALSE(Of(kFacts, "nosuch", "I").known);
  EXPECT_FALSE(Of("no/such/Class", "f", "I").known);
}

TEST_P(FieldFactsTest, APackagePrivateFieldHasFactsOnlyInAClosedPackage) {
  const FieldFact& open = Of("wp/PackageFlag", "packageFlag", "Z");
  EXPECT_FALSE(open.known);
  EXPECT_NE(open.why_not.find("neither private nor final"), std::string::npos) << open.why_not;
  FieldFacts closed(World::Get(GetParam()).hierarchy(), /*closed_packages=*/true);
  const FieldFact& f = closed.Of("wp/PackageFlag", "packageFlag", "Z");
  ASSERT_TRUE(f.known) << f.why_not;
  EXPECT_EQ(Shown(f.values), Strings{"0"});
  // Other fields keep their own writers.
  EXPECT_EQ(closed.Of(kFacts, "privateFalse", "Z").values, Of(kFacts, "privateFalse", "Z").values);
}

TEST_P(FieldFactsTest, StatsCountTheClassesAndFieldsComputed) {
  Of(kFacts, "privateFalse", "Z");
  const FieldFacts::Stats first = facts_->stats();
  Of(kFacts, "privateTrue", "Z");
  Of("wp/FieldFacts$Leaky", "name", "Ljava/lang/String;");
  FieldFacts::Stats s = facts_->stats();
  // Computed once per class; with nestmates (Java 17), for the whole nest at once.
  EXPECT_EQ(first.classes, GetParam() == Release::k17 ? 12u : 1u);
  EXPECT_EQ(s.classes, GetParam() == Release::k17 ? 12u : 2u);
  EXPECT_GE(s.fields, 7u);
  EXPECT_GE(s.known, 5u);
  EXPECT_LT(s.known, s.fields);
}

INSTANTIATE_TEST_SUITE_P(Releases, FieldFactsTest, ::testing::Values(Release::k8, Release::k17),
                         [](const auto& info) { return info.param == Release::k8 ? "Java8" : "Java17"; });

}  // namespace
}  // namespace jwp::absint
