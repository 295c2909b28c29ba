// `jwp wp` with the JDK models (issue #7): the String and StringBuilder
// models turn goals that need String.length or appends from UNKNOWN into
// FOUND confirmed on the JVM; --no-models analyses the JDK's own classes.
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

constexpr const char* kStringLength =
    " --goal 'interproc.Jdk.stringLength(Ljava/lang/String;I)I@line:28'"
    " --kind exception:java.lang.ArithmeticException --json";

// `jwp wp ARGS --confirm`, expected FOUND and confirmed on the JVM.
nlohmann::json FoundAndConfirmed(const std::string& args) {
  int status = -1;
  nlohmann::json j = RunWpJson(args + " --confirm", &status);
  EXPECT_EQ(status, 0) << j.dump();
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  return j;
}

TEST(Models, StringLengthIsFoundWithTheStringModelAndConfirmed) {
  nlohmann::json j = FoundAndConfirmed(kStringLength);
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr("s.length() == 3"));
  // The witness's string is a real string of three characters, not an
  // object with the model's field.
  const auto& heap = j["witness"]["heap"];
  const std::string s = j["witness"]["arguments"][0];
  EXPECT_EQ(heap[s]["class"], "java/lang/String");
  EXPECT_EQ(heap[s]["string"].get<std::string>().size(), 3u);
  EXPECT_EQ(heap[s]["interned"], false);
  EXPECT_FALSE(heap[s].contains("fields"));
}

TEST(Models, StringBuilderAppendsAndToStringAreModelled) {
  nlohmann::json j = FoundAndConfirmed(
      " --goal 'interproc.JdkUse.builderLength(Ljava/lang/String;I)I@line:60'"
      " --kind exception:java.lang.ArithmeticException --json");
  // s + '!' has three characters: s has two.
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr("s.length() == 2"));
}

TEST(Models, AStringBuilderInputIsReplayedAsARealStringBuilder) {
  nlohmann::json j = FoundAndConfirmed(
      " --goal 'interproc.JdkUse.builderArgument(Ljava/lang/StringBuilder;I)I@any'"
      " --kind exception:java.lang.ArithmeticException --json");
  const auto& heap = j["witness"]["heap"];
  const std::string b = j["witness"]["arguments"][0];
  EXPECT_EQ(heap[b]["class"], "java/lang/StringBuilder");
  ASSERT_TRUE(heap[b]["string"].is_string()) << j.dump();
  const std::string text = heap[b]["string"];
  EXPECT_EQ(text.size(), 2u);
  EXPECT_EQ(text[1], 'x');
  EXPECT_FALSE(heap[b].contains("fields")) << "the model's jwpValue and jwpCount are not the JDK's";
  EXPECT_FALSE(heap[b].contains("interned"));
}

TEST(Models, WithoutModelsTheJdksStringIsAnalysed) {
  int status = -1;
  nlohmann::json j = RunWpJson(std::string(kStringLength) + " --no-models", &status);
  EXPECT_EQ(status, 4) << j.dump();
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("COMPACT_STRINGS"));
}

// Goals that need a method model (callgraph/method_models.h) or what jwp
// knows of natives and class initializers: each FOUND and confirmed.
struct ModelledGoal {
  const char* goal;
  const char* needs;
};

class MethodModels : public ::testing::TestWithParam<ModelledGoal> {};

TEST_P(MethodModels, GoalIsFoundAndConfirmed) {
  int status = -1;
  nlohmann::json j = RunWpJson(Cat(" --goal 'interproc.JdkUse.", GetParam().goal,
                                   "' --kind exception:java.lang.ArithmeticException --json --confirm"),
                               &status);
  EXPECT_EQ(status, 0) << GetParam().needs << ": " << j.dump();
  EXPECT_EQ(j["verdict"], "FOUND") << GetParam().needs;
  EXPECT_EQ(j["confirmed"], true) << GetParam().needs;
}

INSTANTIATE_TEST_SUITE_P(
    JdkUse, MethodModels,
    ::testing::Values(ModelledGoal{"copiedPair([II)I@line:149", "System.arraycopy"},
                      ModelledGoal{"copiedIntoObjects([Ljava/lang/Object;I)I@line:157", "System.arraycopy (aastore)"},
                      ModelledGoal{"sameThread(I)I@line:162", "one current thread"},
                      ModelledGoal{"locked(I)I@line:171", "AbstractQueuedSynchronizer.compareAndSetState"},
                      ModelledGoal{"staticLengths(I)I@line:179", "lengths of static final arrays"},
                      ModelledGoal{"boxedSuccessor(II)I@line:69", "Integer.valueOf"},
                      ModelledGoal{"boxedLong(II)I@line:187", "Long.valueOf"},
                      ModelledGoal{"oneAdded(I)I@line:218",
                                   "a static final's length met after a summary (ArrayList.<init>)"},
                      ModelledGoal{"listSum(III)I@line:29",
                                   "ArrayList.add and its iterator: JDK callees' summaries framed, "
                                   "static final facts met after a summary, cheap target choice"}));

TEST(MethodModels, WithoutModelsArraycopyIsANativeThatMayThrowAndTheLockIsExact) {
  int status = -1;
  nlohmann::json copy = RunWpJson(
      " --goal 'interproc.JdkUse.copiedPair([II)I@line:149' --kind exception:java.lang.ArithmeticException"
      " --json --no-models",
      &status);
  EXPECT_EQ(copy["verdict"], "UNKNOWN") << copy.dump();
  EXPECT_THAT(copy["reason"].get<std::string>(), HasSubstr("native method java.lang.System.arraycopy"));
  // Without the AbstractQueuedSynchronizer model, the JDK's own
  // compareAndSetState is Unsafe.compareAndSetInt(this, STATE, ...) with
  // STATE bound by the class initializer (callgraph/var_handles.h): the
  // compare-and-set of field `state`, exact (it was a native that may throw).
  nlohmann::json lock = RunWpJson(
      " --goal 'interproc.JdkUse.locked(I)I@line:171' --kind exception:java.lang.ArithmeticException"
      " --json --no-models --max-steps 15000",
      &status);
  EXPECT_EQ(lock["verdict"], "FOUND") << lock.dump();
  EXPECT_EQ(lock["precondition"], "y == 0") << lock.dump();
  EXPECT_THAT(lock.dump(), ::testing::Not(HasSubstr("compareAndSetInt"))) << lock.dump();
}

TEST(MethodModels, ACachedBoxIsLeftUnknownNeverNotFound) {
  // Two Integer.valueOf(x) are one object for -128 <= x <= 127 and two
  // above: the goal is reachable only through the cache, which the model
  // leaves unknown. NOT_FOUND would be a wrong answer.
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.JdkUse.sameBoxes(II)I@line:196' --kind exception:java.lang.ArithmeticException --json",
      &status);
  EXPECT_EQ(status, 4) << j.dump();
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("Integer_JwpModel.cached"));
}

TEST(MethodModels, EachCallOfAHelperGetsItsOwnNativeResult) {
  // clock() returns System.nanoTime(); its summary is applied at both calls,
  // each with its own unknown result. Sharing one made a == b "always
  // true": a FOUND the JVM refuted.
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.JdkUse.sameClockReading(I)I@line:209' --kind exception:java.lang.ArithmeticException"
      " --json",
      &status);
  EXPECT_EQ(status, 4) << j.dump();
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("System.nanoTime"));
}

// Goals of the Java 17 fixtures (tests/fixtures/java17/interproc: APIs the
// --release 8 corpus cannot call), each FOUND and confirmed on the JVM with
// the literal `needs` in its precondition, or NOT_FOUND (`needs` null), as
// the fixture's comment at the goal says.
struct Java17Goal {
  const char* goal;   // under interproc.: "Class.method(desc)@line:N"
  const char* needs;  // null: NOT_FOUND
  bool exact;         // FOUND with no assumption
};

class Java17Goals : public ::testing::TestWithParam<Java17Goal> {};

TEST_P(Java17Goals, AsTheFixtureSays) {
  const std::string args =
      Cat(" --goal 'interproc.", GetParam().goal, "' --kind exception:java.lang.ArithmeticException --json");
  if (GetParam().needs == nullptr) {
    int status = -1;
    nlohmann::json j = RunWpJson(args, &status);
    EXPECT_EQ(j["verdict"], "NOT_FOUND") << j.dump();
    return;
  }
  nlohmann::json j = FoundAndConfirmed(args);
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr(GetParam().needs)) << j.dump();
  if (GetParam().exact) {
    EXPECT_EQ(j["assumptions"].size(), 0u) << j.dump();
  }
}

// Strings with no holes (issue #28): String's methods since Java 11 that the
// model gives bodies. Before, each call did not resolve: UNKNOWN.
INSTANTIATE_TEST_SUITE_P(
    Strings, Java17Goals,
    ::testing::Values(Java17Goal{"StringsSince11.negativeRepeat(Ljava/lang/String;II)I@line:13", "n < 0", false},
                      Java17Goal{"StringsSince11.repeated(Ljava/lang/String;II)I@line:20", "n == 3", false},
                      Java17Goal{"StringsSince11.blank(Ljava/lang/String;I)I@line:27", "s.length() == 2", false},
                      Java17Goal{"StringsSince11.nonNegativeRepeat(Ljava/lang/String;II)I@line:37", nullptr, false}));

// VarHandles bound by the class initializer (issue #28,
// callgraph/var_handles.h): compareAndSet, getAndAdd, get and an array
// element handle's setVolatile/getVolatile are the accesses they make
// (Handles.java). Before, each was a skipped signature-polymorphic call.
INSTANTIATE_TEST_SUITE_P(
    VarHandles, Java17Goals,
    ::testing::Values(Java17Goal{"Handles.swapped(Ljava/lang/Object;Ljava/lang/Object;I)I@line:34", "b == null", true},
                      Java17Goal{"Handles.counted(II)I@line:53", "n == 2", true},
                      Java17Goal{"Handles.slot([Ljava/lang/Object;Ljava/lang/Object;I)I@line:61", "v == null", true},
                      Java17Goal{"Handles.notSwapped(Ljava/lang/Object;Ljava/lang/Object;I)I@line:43", nullptr, true}));

// Unsafe with field offsets the class initializer binds (objectFieldOffset
// of getDeclaredField; Offsets.java): the compare-and-swap, put/get and
// getAndAdd of that field. Before, each was a skipped native: FOUND only
// as an optimistic candidate, or UNKNOWN. At an element's offset (no field
// binds it) the native's write is unknown, and it throws nothing: its
// exceptional edge is no path (before, a skipped native that may throw:
// UNKNOWN).
INSTANTIATE_TEST_SUITE_P(
    UnsafeOffsets, Java17Goals,
    ::testing::Values(Java17Goal{"Offsets.acquired(II)I@line:41", "s == 0", true},
                      Java17Goal{"Offsets.owned(Ljava/lang/Object;I)I@line:50", "who == null", true},
                      Java17Goal{"Offsets.added(II)I@line:59", "s == 4", true},
                      Java17Goal{"Offsets.neverAcquiredTwice(I)I@line:67", nullptr, true},
                      Java17Goal{"Offsets.afterASlotSwap(Ljava/lang/Object;I)I@line:79", "x == null", false},
                      Java17Goal{"Offsets.slotSwapThrows(Ljava/lang/Object;I)I@line:89", nullptr, false}));

}  // namespace
}  // namespace jwp::app
