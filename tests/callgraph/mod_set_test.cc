// Method mod-sets: direct, transitive, recursive, arrays, statics, natives,
// the budget, and one JDK method.
#include "callgraph/mod_set.h"

#include <optional>

#include "callgraph/var_handles.h"
#include "classfile/strings.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using testing::World;

class ModSetsTest : public ::testing::Test {
 protected:
  explicit ModSetsTest(ModSetOptions options = {})
      : cache_(World::Get().hierarchy()), mod_(World::Get().hierarchy(), cache_, options) {}
  const ModSet& Of(std::string_view owner, std::string_view name, std::string_view desc) {
    return mod_.Of(MethodId(owner, name, desc));
  }
  MethodCache cache_;
  ModSets mod_;
};

TEST_F(ModSetsTest, DirectFieldWrite) {
  const ModSet& s = Of("callgraph/Chain", "bottom", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/Box.value:I"));
  EXPECT_TRUE(s.WritesField("callgraph/Box", "value", "I"));
  EXPECT_FALSE(s.WritesField("callgraph/Chain", "box", "Lcallgraph/Box;"));
  EXPECT_THAT(s.Statics(), IsEmpty());
  EXPECT_EQ(s.ArrayKinds(), "");
}

TEST_F(ModSetsTest, TransitiveThroughAChainOfCalls) {
  const ModSet& s = Of("callgraph/Chain", "top", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/Box.value:I"));
  EXPECT_EQ(mod_.stats().queries, 1u);
  // The methods below were solved by the same query.
  EXPECT_THAT(Of("callgraph/Chain", "middle", "()V").Fields(), ElementsAre("callgraph/Box.value:I"));
  EXPECT_EQ(mod_.stats().queries, 1u);
}

TEST_F(ModSetsTest, ThroughEveryInterfaceTarget) {
  const ModSet& s = Of("callgraph/Chain", "viaWriter", "(Lcallgraph/Writer;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/LeftWriter.left:I"));
  EXPECT_THAT(s.Statics(), ElementsAre("callgraph/FinalWriter.last:I", "callgraph/RightWriter.right:Ljava/lang/String;"));
  EXPECT_TRUE(s.WritesStatic("callgraph/RightWriter", "right", "Ljava/lang/String;"));
  EXPECT_FALSE(s.WritesField("callgraph/RightWriter", "right", "Ljava/lang/String;"));
}

TEST_F(ModSetsTest, ConstructorWritesInitializedFields) {
  const ModSet& s = Of("callgraph/Chain", "<init>", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/Chain.box:Lcallgraph/Box;"));
}

TEST_F(ModSetsTest, MutualRecursionIsOneComponent) {
  const ModSet& s = Of("callgraph/Rec", "start", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/Rec.a:I", "callgraph/Rec.b:I"));
  EXPECT_THAT(Of("callgraph/Rec", "even", "(I)V").Fields(), ElementsAre("callgraph/Rec.a:I", "callgraph/Rec.b:I"));
  EXPECT_THAT(Of("callgraph/Rec", "odd", "(I)V").Fields(), ElementsAre("callgraph/Rec.a:I", "callgraph/Rec.b:I"));
  EXPECT_EQ(mod_.stats().queries, 1u);
  EXPECT_EQ(mod_.stats().explored, 3u);
}

TEST_F(ModSetsTest, RecursionQueriedFromInsideTheCycle) {
  const ModSet& s = Of("callgraph/Rec", "odd", "(I)V");
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/Rec.a:I", "callgraph/Rec.b:I"));
}

TEST_F(ModSetsTest, PureMethodWritesNothing) {
  const ModSet& s = Of("callgraph/Chain", "pure", "(I)I");
  EXPECT_FALSE(s.top);
  EXPECT_THAT(s.Fields(), IsEmpty());
  EXPECT_FALSE(s.WritesArray('I'));
  EXPECT_FALSE(s.WritesArray('L'));
}

TEST_F(ModSetsTest, ArrayStoresOfEachKind) {
  struct Case {
    const char* method;
    const char* desc;
    const char* kinds;
  };
  const Case cases[] = {
      {"ints", "([I)V", "I"},      {"longs", "([J)V", "J"},    {"floats", "([F)V", "F"},
      {"doubles", "([D)V", "D"},   {"bytes", "([B)V", "B"},    {"booleans", "([Z)V", "B"},
      {"chars", "([C)V", "C"},     {"shorts", "([S)V", "S"},   {"refs", "([Ljava/lang/Object;)V", "L"},
      {"nested", "([[I)V", "L"},
  };
  for (const Case& c : cases) {
    const ModSet& s = Of("callgraph/ArrayWriter", c.method, c.desc);
    EXPECT_FALSE(s.top) << c.method << ": " << s.top_reason;
    EXPECT_EQ(s.ArrayKinds(), c.kinds) << c.method;
    EXPECT_TRUE(s.WritesArray(c.kinds[0])) << c.method;
  }
  EXPECT_TRUE(Of("callgraph/ArrayWriter", "booleans", "([Z)V").WritesArray('Z'));
  EXPECT_TRUE(Of("callgraph/ArrayWriter", "nested", "([[I)V").WritesArray('['));
  EXPECT_FALSE(Of("callgraph/ArrayWriter", "ints", "([I)V").WritesArray('J'));
}

TEST_F(ModSetsTest, StaticFieldWriter) {
  const ModSet& s = Of("callgraph/Counter", "bumpTwice", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Statics(), ElementsAre("callgraph/Counter.count:I"));
  EXPECT_TRUE(s.WritesStatic("callgraph/Counter", "count", "I"));
  EXPECT_FALSE(s.WritesField("callgraph/Counter", "count", "I"));
  EXPECT_THAT(s.Fields(), IsEmpty());
}

TEST_F(ModSetsTest, NativeCalleeMakesTop) {
  const ModSet& copy = Of("callgraph/Natives", "copy", "([I[I)V");
  EXPECT_TRUE(copy.top);
  EXPECT_THAT(copy.top_reason, HasSubstr("java/lang/System.arraycopy"));
  EXPECT_TRUE(copy.WritesField("callgraph/Box", "value", "I"));
  EXPECT_TRUE(copy.WritesArray('D'));

  const ModSet& hash = Of("callgraph/Natives", "hash", "(Lcallgraph/Natives;)I");
  EXPECT_TRUE(hash.top);
  EXPECT_THAT(hash.top_reason, HasSubstr("java/lang/Object.hashCode()I"));

  const ModSet& own = Of("callgraph/Natives", "callsOwn", "()I");
  EXPECT_TRUE(own.top);
  EXPECT_THAT(own.top_reason, HasSubstr("native"));
}

class ModSetsNoEffectNativesTest : public ModSetsTest {
 protected:
  ModSetsNoEffectNativesTest() : ModSetsTest(ModSetOptions{.natives_are_top = false}) {}
};

TEST_F(ModSetsNoEffectNativesTest, NativesAreListedInsteadOfTop) {
  const ModSet& s = Of("callgraph/Natives", "copy", "([I[I)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  ASSERT_EQ(s.AssumedNatives().size(), 1u);
  EXPECT_EQ(s.AssumedNatives()[0].ToString(),
            "java/lang/System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V");
}

// An access mode of a VarHandle its class initializer binds writes that
// variable only (var_handles.h), not "a native", and so does an access of
// Unsafe through a bound field offset: JDK 17's
// ConcurrentLinkedQueue.updateHead (HEAD.compareAndSet, NEXT.setRelease),
// and the fixture's array element handle.
TEST_F(ModSetsNoEffectNativesTest, BoundVarHandlesWriteTheirVariable) {
  const ModSet& s = Of("java/util/concurrent/ConcurrentLinkedQueue", "updateHead",
                       "(Ljava/util/concurrent/ConcurrentLinkedQueue$Node;Ljava/util/concurrent/ConcurrentLinkedQueue$Node;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.AssumedNatives(), IsEmpty());
  EXPECT_THAT(s.Fields(), ElementsAre("java/util/concurrent/ConcurrentLinkedQueue$Node.next:Ljava/util/concurrent/ConcurrentLinkedQueue$Node;",
                                      "java/util/concurrent/ConcurrentLinkedQueue.head:Ljava/util/concurrent/ConcurrentLinkedQueue$Node;"));
  const ModSet& slot = Of("interproc/Handles", "slot", "([Ljava/lang/Object;Ljava/lang/Object;I)I");
  EXPECT_FALSE(slot.top) << slot.top_reason;
  EXPECT_THAT(slot.AssumedNatives(), IsEmpty());
  EXPECT_THAT(slot.Fields(), IsEmpty());
  EXPECT_EQ(slot.ArrayKinds(), "L");
  // Unsafe with a bound field offset (AtomicInteger's VALUE): that field.
  const ModSet& inc = Of("java/util/concurrent/atomic/AtomicInteger", "getAndIncrement", "()I");
  EXPECT_FALSE(inc.top) << inc.top_reason;
  EXPECT_THAT(inc.AssumedNatives(), IsEmpty());
  EXPECT_THAT(inc.Fields(), ElementsAre("java/util/concurrent/atomic/AtomicInteger.value:I"));
}

// HashMap.hash calls key.hashCode(), which has more class-hierarchy targets
// than a site may have: top,
// with natives assumed to write nothing (as wp asks), unless the key is known to be a String.
TEST_F(ModSetsNoEffectNativesTest, JdkHashOfAStringKey) {
  const MethodId hash("java/util/HashMap", "hash", "(Ljava/lang/Object;)I");
  EXPECT_TRUE(mod_.Of(hash).top);
  const ModSet& s = mod_.Of(hash, {"java/lang/String"});
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), Contains("java/lang/String.hash:I"));
  EXPECT_THAT(s.Statics(), IsEmpty());
}

// A call with more class-hierarchy targets than followed (Object.hashCode),
// or with several, writes what the targets the client names there write
// (directed construction's enabled targets), and the set says it is
// partial; with no list a call with too many targets makes the set top, as
// without the function.
class ModSetsEnabledTargetsTest : public ModSetsTest {
 protected:
  ModSetsEnabledTargetsTest()
      : ModSetsTest(ModSetOptions{
            .natives_are_top = false,
            .enabled_targets = [this](const ir::MethodIR& caller, const ir::Instruction& call)
                -> std::optional<std::vector<MethodId>> {
              asked_.push_back(Cat(caller.class_name, ".", caller.method_name, " ", call.owner, ".", call.name));
              return enabled_;
            }}) {}
  std::optional<std::vector<MethodId>> enabled_;
  std::vector<std::string> asked_;
};

TEST_F(ModSetsEnabledTargetsTest, AWideCallWritesWhatItsEnabledTargetsWrite) {
  enabled_ = std::vector<MethodId>{MethodId("interproc/WideFrames$Setter", "hashCode", "()I")};
  const ModSet& s = Of("interproc/WideFrames", "hash", "(Ljava/lang/Object;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_TRUE(s.partial);
  EXPECT_THAT(s.partial_reason, HasSubstr("the enabled targets of java/lang/Object.hashCode()I"));
  EXPECT_THAT(s.Fields(), ElementsAre("interproc/WideFrames.f:I"));
  EXPECT_THAT(asked_, ElementsAre("interproc/WideFrames.hash java/lang/Object.hashCode"));
  // A caller's set is partial through it.
  const ModSet& caller = Of("interproc/WideFrames", "maybeHash", "(Ljava/lang/Object;Z)V");
  EXPECT_FALSE(caller.top) << caller.top_reason;
  EXPECT_TRUE(caller.partial);
  EXPECT_THAT(caller.Fields(), ElementsAre("interproc/WideFrames.f:I"));
}

TEST_F(ModSetsEnabledTargetsTest, NoTargetEnabledWritesNothingButIsPartial) {
  enabled_ = std::vector<MethodId>{};
  const ModSet& s = Of("interproc/WideFrames", "hash", "(Ljava/lang/Object;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_TRUE(s.partial);
  EXPECT_THAT(s.Fields(), IsEmpty());
  // A call whose targets are all listed is whole.
  const ModSet& bottom = Of("callgraph/Chain", "bottom", "()V");
  EXPECT_FALSE(bottom.partial);
}

// Directed construction expands any call with several targets only to the
// enabled ones: Writer.write has three, of which one is enabled.
TEST_F(ModSetsEnabledTargetsTest, ACallWithSeveralTargetsWritesWhatTheEnabledOnesWrite) {
  enabled_ = std::vector<MethodId>{MethodId("callgraph/LeftWriter", "write", "()V")};
  const ModSet& s = Of("callgraph/Chain", "viaWriter", "(Lcallgraph/Writer;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_TRUE(s.partial);
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/LeftWriter.left:I"));
  EXPECT_THAT(s.Statics(), IsEmpty());
  // A receiver of exact type has one target, whole.
  const ModSet& exact = Of("callgraph/Chain", "passFinal", "(Lcallgraph/FinalWriter;)V");
  EXPECT_FALSE(exact.partial);
  EXPECT_THAT(exact.Statics(), ElementsAre("callgraph/FinalWriter.last:I"));
}

TEST_F(ModSetsEnabledTargetsTest, NoListIsTop) {
  const ModSet& s = Of("interproc/WideFrames", "hash", "(Ljava/lang/Object;)V");
  EXPECT_TRUE(s.top);
  EXPECT_FALSE(s.partial);
  EXPECT_THAT(s.top_reason, HasSubstr("more than 64 targets of java/lang/Object.hashCode()I"));
}

class ModSetsSmallBudgetTest : public ModSetsTest {
 protected:
  ModSetsSmallBudgetTest() : ModSetsTest(ModSetOptions{.node_budget = 2}) {}
};

TEST_F(ModSetsSmallBudgetTest, BudgetMakesTheQueryTopOnly) {
  const ModSet& s = Of("callgraph/Chain", "top", "()V");
  EXPECT_TRUE(s.top);
  EXPECT_THAT(s.top_reason, HasSubstr("node budget of 2 methods exceeded"));
  EXPECT_EQ(mod_.stats().budget_exceeded, 1u);
  // middle() was cut too, but not cached as top: asked itself, it fits.
  const ModSet& middle = Of("callgraph/Chain", "middle", "()V");
  EXPECT_FALSE(middle.top) << middle.top_reason;
  EXPECT_THAT(middle.Fields(), ElementsAre("callgraph/Box.value:I"));
}

// The methods a user names as inputs and assumptions (input_methods.h):
// their code does not run; an input's call writes the count of inputs read.
const InputMethods& HarnessMethods() {
  static const InputMethods* methods = [] {
    auto* m = new InputMethods();
    EXPECT_TRUE(m->AddInput("wp.Inputs$Harness.nondet*").ok());
    EXPECT_TRUE(m->AddAssume("wp.Inputs$Harness.assume").ok());
    return m;
  }();
  return *methods;
}

class ModSetsInputsTest : public ModSetsTest {
 protected:
  ModSetsInputsTest() : ModSetsTest(ModSetOptions{.natives_are_top = false, .inputs = &HarnessMethods()}) {}
};

TEST_F(ModSetsInputsTest, AnInputsCallWritesTheCountOfInputsReadAndRunsNoCode) {
  // Through a callee (pair) too; the harness's queue is never reached.
  const ModSet& s = Of("wp/Inputs", "throughACallee", "()I");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Statics(), ElementsAre("jwp;inputs.read:I"));
  EXPECT_THAT(s.Fields(), IsEmpty());
  EXPECT_THAT(s.AssumedNatives(), IsEmpty());
  // An assumption writes nothing (Runtime.halt is not reached).
  const ModSet& a = Of("wp/Inputs", "assumed", "()I");
  EXPECT_FALSE(a.top) << a.top_reason;
  EXPECT_THAT(a.Statics(), ElementsAre("jwp;inputs.read:I"));
  EXPECT_THAT(a.AssumedNatives(), IsEmpty());
}

TEST_F(ModSetsNoEffectNativesTest, WithoutInputMethodsTheHarnessCodeRuns) {
  const ModSet& s = Of("wp/Inputs", "secondDecides", "()I");
  EXPECT_TRUE(s.top || !s.Fields().empty()) << "the queue's remove writes its fields";
  EXPECT_THAT(s.Statics(), Not(Contains("jwp;inputs.read:I")));
}

TEST(InputMethods, PatternsNameAClassAndAMethodWithStars) {
  InputMethods m;
  ASSERT_TRUE(m.AddInput("org.sosy_lab.sv_benchmarks.Verifier.nondet*").ok());
  ASSERT_TRUE(m.AddInput("p.Outer$Inner.*Value").ok());
  ASSERT_TRUE(m.AddAssume("org.sosy_lab.sv_benchmarks.Verifier.assume").ok());
  using K = InputMethods::Kind;
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "nondetInt", "()I"), K::kInput);
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "nondetString", "()Ljava/lang/String;"), K::kInput);
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "nondet", "()J"), K::kInput);
  EXPECT_EQ(m.Classify("p/Outer$Inner", "readValue", "(I)D"), K::kInput);
  EXPECT_EQ(m.Classify("p/Outer$Inner", "readValues", "()D"), K::kNone);
  // Results no input gives, the wrong class, an assumption's descriptor.
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "nondetObject", "()Ljava/lang/Object;"), K::kNone);
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "nondetVoid", "()V"), K::kNone);
  EXPECT_TRUE(m.Names("org/sosy_lab/sv_benchmarks/Verifier", "nondetObject"));
  EXPECT_EQ(m.Classify("other/Verifier", "nondetInt", "()I"), K::kNone);
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "assume", "(Z)V"), K::kAssume);
  EXPECT_EQ(m.Classify("org/sosy_lab/sv_benchmarks/Verifier", "assume", "(ZZ)V"), K::kNone);
  for (const char* bad : {"nondetInt", ".nondet", "Verifier.", "a.*.nondet", "a.B.(x)", "a..B.m"}) {
    absl::Status s = m.AddInput(bad);
    EXPECT_FALSE(s.ok()) << bad;
    EXPECT_THAT(std::string(s.message()), HasSubstr(bad));
  }
}

TEST(InputMethods, TheFileSystemsQueriesAreInputsUnlessTurnedOff) {
  InputMethods m;
  using K = InputMethods::Kind;
  EXPECT_FALSE(m.empty());
  EXPECT_EQ(m.Classify("java/io/File", "exists", "()Z"), K::kFileQuery);
  EXPECT_EQ(m.Classify("java/io/File", "list", "()[Ljava/lang/String;"), K::kFileQuery);
  EXPECT_EQ(m.Classify("java/io/File", "listFiles", "()[Ljava/io/File;"), K::kFileQuery);
  const FileQuery* length = FileQueryOf("java/io/File", "length", "()J");
  ASSERT_NE(length, nullptr);
  EXPECT_TRUE(length->non_negative);
  // The path's own methods, and overloads that take a filter, are code.
  EXPECT_EQ(m.Classify("java/io/File", "getName", "()Ljava/lang/String;"), K::kNone);
  EXPECT_EQ(m.Classify("java/io/File", "list", "(Ljava/io/FilenameFilter;)[Ljava/lang/String;"), K::kNone);
  EXPECT_EQ(m.Classify("java/io/FileX", "exists", "()Z"), K::kNone);
  EXPECT_THAT(FileQueryPatterns(), ::testing::Contains("java.io.File.isDirectory"));
  // java.nio.file.Files' static queries of a Path, and the streams' openings.
  const FileQuery* nio = FileQueryOf("java/nio/file/Files", "isDirectory", "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z");
  ASSERT_NE(nio, nullptr);
  EXPECT_TRUE(nio->path_argument);
  EXPECT_EQ(m.Classify("java/nio/file/Files", "size", "(Ljava/nio/file/Path;)J"), K::kNone);
  const FileQuery* open = FileQueryOf("java/io/FileInputStream", "open0", "(Ljava/lang/String;)V");
  ASSERT_NE(open, nullptr);
  EXPECT_TRUE(open->opens);
  EXPECT_THAT(FileQueryPatterns(), ::testing::Contains("java.io.FileOutputStream.open0"));
  m.set_file_system(false);
  EXPECT_TRUE(m.empty());
  EXPECT_EQ(m.Classify("java/io/File", "exists", "()Z"), K::kNone);
}

TEST_F(ModSetsTest, MissingMethodMakesTop) {
  const ModSet& s = Of("callgraph/Nowhere", "m", "()V");
  EXPECT_TRUE(s.top);
  EXPECT_THAT(s.top_reason, HasSubstr("not on the class path"));
}

TEST_F(ModSetsTest, AnAllocatedReceiverHasOneTarget) {
  const ModSet& s = Of("callgraph/Chain", "viaNewLeft", "()V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), ElementsAre("callgraph/LeftWriter.left:I"));
  EXPECT_THAT(s.Statics(), IsEmpty());
  EXPECT_THAT(Of("callgraph/Chain", "viaOneClass", "(Z)V").Statics(), IsEmpty());
  // A phi of two classes is not exact: every class-hierarchy target.
  const ModSet& two = Of("callgraph/Chain", "viaTwoClasses", "(Z)V");
  EXPECT_THAT(two.Fields(), ElementsAre("callgraph/LeftWriter.left:I"));
  EXPECT_THAT(two.Statics(), ElementsAre("callgraph/FinalWriter.last:I", "callgraph/RightWriter.right:Ljava/lang/String;"));
}

TEST_F(ModSetsTest, AParametersContextSelectsItsTargetAndPassesOn) {
  const std::vector<std::string> right = {"callgraph/RightWriter"};
  const ModSet& s = mod_.Of(MethodId("callgraph/Chain", "viaWriter", "(Lcallgraph/Writer;)V"), right);
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), IsEmpty());
  EXPECT_THAT(s.Statics(), ElementsAre("callgraph/RightWriter.right:Ljava/lang/String;"));
  const ModSet& on = mod_.Of(MethodId("callgraph/Chain", "passOn", "(Lcallgraph/Writer;)V"), right);
  EXPECT_THAT(on.Fields(), IsEmpty());
  EXPECT_THAT(on.Statics(), ElementsAre("callgraph/RightWriter.right:Ljava/lang/String;"));
  // Without a context: every implementation. An all-unknown context is the same query.
  EXPECT_THAT(Of("callgraph/Chain", "passOn", "(Lcallgraph/Writer;)V").Fields(),
              ElementsAre("callgraph/LeftWriter.left:I"));
  const size_t queries = mod_.stats().queries;
  mod_.Of(MethodId("callgraph/Chain", "passOn", "(Lcallgraph/Writer;)V"), {""});
  EXPECT_EQ(mod_.stats().queries, queries);
}

TEST_F(ModSetsTest, AFinalDeclaredTypeIsExact) {
  const ModSet& s = Of("callgraph/Chain", "passFinal", "(Lcallgraph/FinalWriter;)V");
  EXPECT_FALSE(s.top) << s.top_reason;
  EXPECT_THAT(s.Fields(), IsEmpty());
  EXPECT_THAT(s.Statics(), ElementsAre("callgraph/FinalWriter.last:I"));
}

TEST_F(ModSetsTest, JdkArrayListAdd) {
  const ModSet& s = Of("java/util/ArrayList", "add", "(Ljava/lang/Object;)Z");
  EXPECT_THAT(s.Fields(), Contains("java/util/ArrayList.size:I"));
  EXPECT_THAT(s.Fields(), Contains("java/util/AbstractList.modCount:I"));
  EXPECT_THAT(s.ArrayKinds(), HasSubstr("L"));
  EXPECT_TRUE(s.WritesField("java/util/ArrayList", "size", "I"));
  EXPECT_TRUE(s.WritesArray('L'));
}

// The one table of access modes (var_handles.h) that mod-sets and the
// search read: what each name does, and what it leaves out.
TEST(AccessModes, VarHandleModesAndUnsafeMethodsByName) {
  EXPECT_EQ(VarHandleAccessModeOf("getAcquire"), AccessMode::kGet);
  EXPECT_EQ(VarHandleAccessModeOf("compareAndExchangeRelease"), AccessMode::kCompareAndExchange);
  EXPECT_EQ(VarHandleAccessModeOf("getAndBitwiseOr"), std::nullopt);
  EXPECT_FALSE(VarHandleModeWrites("getOpaque"));
  EXPECT_TRUE(VarHandleModeWrites("setRelease"));
  EXPECT_TRUE(VarHandleModeWrites("getAndBitwiseOr"));  // not modelled, but a write
  EXPECT_FALSE(VarHandleModeWrites("accessModeType"));  // not an access mode

  const std::optional<UnsafeAccess> cas = UnsafeAccessOf("compareAndSetInt");
  ASSERT_TRUE(cas.has_value());
  EXPECT_EQ(cas->mode, AccessMode::kCompareAndSet);
  EXPECT_EQ(cas->type, 'I');
  const std::optional<UnsafeAccess> ordered = UnsafeAccessOf("putOrderedObject");  // sun.misc
  ASSERT_TRUE(ordered.has_value());
  EXPECT_EQ(ordered->mode, AccessMode::kSet);
  EXPECT_EQ(ordered->type, 'L');
  const std::optional<UnsafeAccess> read = UnsafeAccessOf("getReferenceAcquire");
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->mode, AccessMode::kGet);
  EXPECT_EQ(UnsafeAccessOf("getAndBitwiseOrInt"), std::nullopt);
  EXPECT_EQ(UnsafeAccessOf("getIntUnaligned"), std::nullopt);
  EXPECT_EQ(UnsafeAccessOf("copyMemory"), std::nullopt);
  EXPECT_EQ(UnsafeAccessOf("getFloat"), std::nullopt);
}

}  // namespace
}  // namespace jwp::callgraph
