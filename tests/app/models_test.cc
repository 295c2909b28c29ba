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

// Strings with no holes (issue #28): methods of String since Java 11 that
// the model gives bodies (tests/fixtures/java17/interproc/StringsSince11.java;
// the --release 8 corpus cannot call them). Before, each call did not
// resolve and the goal was UNKNOWN.
class StringsSince11 : public ::testing::TestWithParam<ModelledGoal> {};

TEST_P(StringsSince11, GoalIsFoundAndConfirmed) {
  nlohmann::json j = FoundAndConfirmed(Cat(" --goal 'interproc.StringsSince11.", GetParam().goal,
                                           "' --kind exception:java.lang.ArithmeticException --json"));
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr(GetParam().needs)) << j.dump();
}

INSTANTIATE_TEST_SUITE_P(
    Models, StringsSince11,
    ::testing::Values(ModelledGoal{"negativeRepeat(Ljava/lang/String;II)I@line:13", "n < 0"},
                      ModelledGoal{"repeated(Ljava/lang/String;II)I@line:20", "n == 3"},
                      ModelledGoal{"blank(Ljava/lang/String;I)I@line:27", "s.length() == 2"}));

TEST(StringsSince11, OnlyANegativeCountIsRefused) {
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.StringsSince11.nonNegativeRepeat(Ljava/lang/String;II)I@line:37'"
      " --kind exception:java.lang.ArithmeticException --json",
      &status);
  EXPECT_EQ(j["verdict"], "NOT_FOUND") << j.dump();
}

// VarHandles bound by the class initializer (issue #28,
// callgraph/var_handles.h): compareAndSet, getAndAdd, get and the array
// element handle's setVolatile/getVolatile are the accesses they make
// (tests/fixtures/java17/interproc/Handles.java). Before, each was a
// skipped signature-polymorphic call.
class VarHandles : public ::testing::TestWithParam<ModelledGoal> {};

TEST_P(VarHandles, GoalIsFoundAndConfirmed) {
  nlohmann::json j = FoundAndConfirmed(Cat(" --goal 'interproc.Handles.", GetParam().goal,
                                           "' --kind exception:java.lang.ArithmeticException --json"));
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr(GetParam().needs)) << j.dump();
  EXPECT_EQ(j["assumptions"].size(), 0u) << j.dump();
}

INSTANTIATE_TEST_SUITE_P(
    Models, VarHandles,
    ::testing::Values(ModelledGoal{"swapped(Ljava/lang/Object;Ljava/lang/Object;I)I@line:34", "b == null"},
                      ModelledGoal{"counted(II)I@line:53", "n == 2"},
                      ModelledGoal{"slot([Ljava/lang/Object;Ljava/lang/Object;I)I@line:61", "v == null"}));

TEST(VarHandles, ASwapOfTheValueItHoldsAlwaysSucceeds) {
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.Handles.notSwapped(Ljava/lang/Object;Ljava/lang/Object;I)I@line:43'"
      " --kind exception:java.lang.ArithmeticException --json",
      &status);
  EXPECT_EQ(j["verdict"], "NOT_FOUND") << j.dump();
}

// Unsafe with field offsets the class initializer binds (objectFieldOffset
// of getDeclaredField; tests/fixtures/java17/interproc/Offsets.java): the
// compare-and-swap, put/get and getAndAdd of that field. Before, each was a
// skipped native (or Unsafe's own loop around one).
class UnsafeOffsets : public ::testing::TestWithParam<ModelledGoal> {};

TEST_P(UnsafeOffsets, GoalIsFoundAndConfirmed) {
  nlohmann::json j = FoundAndConfirmed(Cat(" --goal 'interproc.Offsets.", GetParam().goal,
                                           "' --kind exception:java.lang.ArithmeticException --json"));
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr(GetParam().needs)) << j.dump();
  EXPECT_EQ(j["assumptions"].size(), 0u) << j.dump();
}

INSTANTIATE_TEST_SUITE_P(Models, UnsafeOffsets,
                         ::testing::Values(ModelledGoal{"acquired(II)I@line:37", "s == 0"},
                                           ModelledGoal{"owned(Ljava/lang/Object;I)I@line:46", "who == null"},
                                           ModelledGoal{"added(II)I@line:55", "s == 4"}));

TEST(UnsafeOffsets, ASecondSwapFromTheSameValueFails) {
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.Offsets.neverAcquiredTwice(I)I@line:63'"
      " --kind exception:java.lang.ArithmeticException --json",
      &status);
  EXPECT_EQ(j["verdict"], "NOT_FOUND") << j.dump();
}

}  // namespace
}  // namespace jwp::app
