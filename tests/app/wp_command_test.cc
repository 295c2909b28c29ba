// `jwp wp` end to end (issue #5): output, JSON fields, exit codes, errors.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "app/wp_command.h"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using jwp::testing::RunCommand;

std::string Wp(const std::string& args) {
  return jwp::testing::BinaryDir() + "/bin/jwp wp -cp " + jwp::testing::FixturesDir() +
         "/release17.jar " + args;
}

// The same by the engine tests' binary (EngineJwpBinary), for the tests
// whose time goes into the search and the JVM: under the sanitizers three
// of them took a seventh of app_tests' time.
std::string WpOnEngine(const std::string& args) {
  return jwp::testing::EngineJwpBinary() + " wp -cp " + jwp::testing::FixturesDir() + "/release17.jar " + args;
}

constexpr const char* kOverflow =
    "--goal 'wp.Arith.overflow(II)I@line:30' --kind exception:java.lang.ArithmeticException";

TEST(WpCommand, FoundPrintsPreconditionWitnessAndConfirmation) {
  int status = -1;
  std::string out = RunCommand(Wp(std::string(kOverflow) + " --confirm 2>&1"), &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("verdict: FOUND\n"));
  EXPECT_THAT(out, HasSubstr("precondition: y == 0 && x + 1 < x\n"));
  EXPECT_THAT(out, HasSubstr("\"arguments\": [\n    2147483647,\n    0\n  ]"));
  EXPECT_THAT(out, HasSubstr("runner: CONFIRMED"));
}

// The search order weighs a cheap callee's normal return (a few
// instructions, no loop, a few levels: Collections.synchronizedList of a new
// list) at its caller's depth: what it needs to return normally is settled
// before the loop through the parser that follows is unrolled (before, the
// loop's paths took every one of 3,000 steps and the goal was UNKNOWN).
TEST(WpCommand, ACheapCallIsSettledBeforeALoopIsUnrolled) {
  int status = -1;
  const std::string m = "'exceptions.Tokens.<init>([Ljava/lang/String;)V'";
  const std::string out = RunCommand(Wp("--goal " + m + "@any --entry " + m +
                                        " --kind exit:java.lang.NullPointerException --max-steps 1000 --confirm 2>&1"),
                                     &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("precondition: words == null\n"));
  EXPECT_THAT(out, HasSubstr("runner: CONFIRMED"));
}

// A lambda class learnt during a phase ends it and drops every summary.
// Api.both calls Api.present (a static call), whose message supplier is a
// lambda: its class is learnt before the first phase, which then ends only
// to enable the lambda's target at requireNonNull, not because the
// program's classes grew.
TEST(WpCommand, TheLambdasOfStaticCalleesAreLearntBeforeTheFirstPhase) {
  int status = -1;
  const std::string m = "'exceptions.Api.both(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/String;'";
  const std::string out = RunCommand(
      WpOnEngine("--goal " + m + "@any --kind exit:java.lang.NullPointerException --confirm --trace 2>&1"), &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("precondition: first == null\n"));
  EXPECT_THAT(out, HasSubstr("phase 1 enables exceptions/Api$$Lambda$present$"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("lambda classes were made during the phase")));
}

TEST(WpCommand, AnOverriddenEntryPinsTheReceiversDispatch) {
  // The witness runner calls the entry virtually: a receiver of a subclass
  // that overrides it (Overridden.Safe, Zero) would run other code. The
  // precondition says so, and the witness's receiver is not one of them.
  int status = -1;
  std::string out =
      RunCommand(Wp("--goal 'interproc.Overridden.size@line:12' --kind npe --json --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_THAT(j["precondition"].get<std::string>(),
              HasSubstr("dispatch(typeOf(this), interproc.Overridden.size()) == interproc.Overridden.size()"));
  EXPECT_THAT(j["smtlib"].get<std::string>(), HasSubstr("interproc/Overridden.size()I"));
  const std::string receiver = j["witness"]["receiver"];
  const std::string cls = j["witness"]["heap"][receiver]["class"];
  EXPECT_TRUE(cls == "interproc/Overridden" || cls == "interproc/Overridden$Plain") << cls;
}

TEST(WpCommand, JsonHasTheDocumentedFields) {
  int status = -1;
  std::string out = RunCommand(Wp(std::string(kOverflow) + " --json --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["reason"], "");
  EXPECT_EQ(j["goal"], "wp.Arith.overflow(II)I@line:30");
  EXPECT_EQ(j["entry"], "wp.Arith.overflow(II)I");
  EXPECT_EQ(j["precondition"], "y == 0 && x + 1 < x");
  EXPECT_THAT(j["smtlib"].get<std::string>(), HasSubstr("(assert (= y@1 (_ bv0 32)))"));
  EXPECT_EQ(j["witness"]["arguments"][0], 2147483647);
  EXPECT_EQ(j["witness"]["expect"]["type"], "java/lang/ArithmeticException");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["runner"]["outcome"], "CONFIRMED");
  EXPECT_TRUE(j["runner"]["observed"].is_null());
  EXPECT_THAT(j["runner"]["output"].get<std::string>(), ::testing::StartsWith("CONFIRMED\n"));
  EXPECT_TRUE(j["assumptions"].is_array());
  EXPECT_TRUE(j["path"].is_array());
  for (const char* key : {"minterms", "steps", "time_ms"}) {
    EXPECT_TRUE(j["stats"].contains(key)) << key;
  }
  EXPECT_GT(j["stats"]["steps"].get<int>(), 0);
}

TEST(WpCommand, NotFoundExitsThree) {
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'wp.Arith.divGuarded(II)I@line:23' --kind exception:java.lang.ArithmeticException 2>&1"),
      &status);
  EXPECT_EQ(status, 3) << out;
  EXPECT_THAT(out, HasSubstr("verdict: NOT_FOUND\n"));
}

TEST(WpCommand, GoalBehindAnUnexpandableCallIsUnknownNamingTheCall) {
  // System.arraycopy is native and may throw: not assumed away (without
  // the models: with them its method model is analysed, models_test.cc).
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'interproc.Natives.afterArraycopy([I[II)I@line:28' "
         "--kind exception:java.lang.ArithmeticException --json --no-models"),
      &status);
  EXPECT_EQ(status, 4) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(),
              HasSubstr("native method java.lang.System.arraycopy(Ljava/lang/Object;ILjava/lang/Object;II)V "
                        "at interproc.Natives.afterArraycopy:27 may throw"));
  EXPECT_TRUE(j["precondition"].is_null());
  EXPECT_TRUE(j["witness"].is_null());
}

TEST(WpCommand, MissingMethodIsAnErrorThatSaysSo) {
  int status = -1;
  std::string out = RunCommand(Wp("--goal 'wp.Arith.noSuchMethod@line:3' --kind reach 2>&1"), &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("error: "));
  EXPECT_THAT(out, HasSubstr("noSuchMethod"));
}

TEST(WpCommand, LineWithoutInstructionsIsAnError) {
  int status = -1;
  std::string out = RunCommand(Wp("--goal 'wp.Arith.divInt(II)I@line:2' --kind reach 2>&1"), &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("line 2"));
}

TEST(WpCommand, AnEntryThatIsNoMethodIsAnError) {
  for (const char* entry : {"interproc.Fig1.nosuch", "interproc.NoSuchClass.m", "interproc.Fig1.entrypoint()V"}) {
    int status = -1;
    std::string out = RunCommand(
        Wp(std::string("--goal 'interproc.Fig1.checkValid(Ljava/util/Collection;Z)V@line:81' --kind throw --entry '") +
           entry + "' 2>&1"),
        &status);
    EXPECT_EQ(status, 1) << entry << ": " << out;
    EXPECT_THAT(out, HasSubstr("no such method on the class path")) << entry;
  }
}

// The JSON names the entry the search used, whatever the verdict (issue
// #32): here an UNKNOWN from the named entry, given without its
// descriptor, which the result completes.
TEST(WpCommand, TheJsonEntryIsTheNamedOneForEveryVerdict) {
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'interproc.Fig1.checkValid(Ljava/util/Collection;Z)V@line:81' --kind throw "
         "--entry interproc/Fig1.entrypoint --max-steps 5 --json"),
      &status);
  EXPECT_EQ(status, 4) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_EQ(j["entry"], "interproc.Fig1.entrypoint(Ljava/util/Collection;)V");
}

// A named entry beyond --max-caller-depth: the chain from it to the goal
// is longer than the walk looked, so the answer is UNKNOWN with the depth as
// its reason, never NOT_FOUND (which it was: the callers off every chain
// the walk knew were left out without a word). At the chain's length, FOUND.
TEST(WpCommand, ANamedEntryBeyondTheCallerDepthIsNoProof) {
  const std::string goal =
      "--goal 'interproc.DeepChain.d12(I)I@line:58' --kind exception:java.lang.ArithmeticException "
      "--entry 'interproc.DeepChain.top(I)I' --json --max-caller-depth ";
  int status = -1;
  std::string out = RunCommand(Wp(goal + "3"), &status);
  EXPECT_EQ(status, 4) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("within 3 levels (--max-caller-depth)"));
  out = RunCommand(Wp(goal + "12 --confirm"), &status);
  EXPECT_EQ(status, 0) << out;
  j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true) << "the witness, replayed on the JVM";
}

// An entry from which no chain of callers leads to the goal's method is an
// error at once (issue #32), naming both, not a search to the budget.
TEST(WpCommand, AnEntryThatCannotReachTheGoalIsAnError) {
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'interproc.DeepChain.d12(I)I@line:58' --kind exception:java.lang.ArithmeticException "
         "--entry 'interproc.Fig1.entrypoint' 2>&1"),
      &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("--entry interproc.Fig1.entrypoint(Ljava/util/Collection;)V cannot reach the goal's "
                             "method interproc.DeepChain.d12(I)I"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("verdict")));
}

// One spelling of the goal's budget (issue #32): --timeout in seconds,
// fractional allowed, as `jwp validate` has it; --timeout-ms is a hidden
// alias; both at once, or a budget that is not positive, is a usage error.
TEST(WpCommand, TheTimeoutIsInSecondsAsInValidate) {
  const std::string loop = "--goal 'wp.Loops.neverExits(I)I@line:95' --kind exception:java.lang.ArithmeticException "
                           "--max-steps 100000000 --json";
  int status = -1;
  std::string out = RunCommand(Wp(loop + " --timeout 0.5"), &status);
  EXPECT_EQ(status, 4) << out;
  EXPECT_THAT(nlohmann::json::parse(out)["reason"].get<std::string>(), HasSubstr("timeout: 500 ms"));
  out = RunCommand(Wp(loop + " --timeout-ms 300"), &status);
  EXPECT_EQ(status, 4) << out;
  EXPECT_THAT(nlohmann::json::parse(out)["reason"].get<std::string>(), HasSubstr("timeout: 300 ms"));
  for (const char* bad : {" --timeout 0", " --timeout -1", " --timeout 1 --timeout-ms 5"}) {
    out = RunCommand(Wp(loop + bad + " 2>&1"), &status);
    EXPECT_EQ(status, 2) << bad << ": " << out;
    EXPECT_THAT(out, HasSubstr("timeout")) << bad;
  }
  out = RunCommand(jwp::testing::BinaryDir() + "/bin/jwp wp --help", &status);
  EXPECT_THAT(out, HasSubstr("--timeout"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("--timeout-ms")));
}

// With --json, an outcome that is no verdict is a JSON object on stdout
// too (issue #32): NO_GOAL when the goal names nothing to search, ERROR
// for usage and set-up; the exit codes are as without --json.
TEST(WpCommand, WithJsonEveryOutcomeIsAJsonObject) {
  const struct {
    std::string args;
    int status;
    const char* verdict;
    const char* message;
  } kCases[] = {
      {"--goal 'wp.Arith.divInt(II)I@column:2' --kind reach", 2, "ERROR", "malformed goal"},
      {"--goal 'wp.Arith.divInt(II)I@line:6' --kind explode", 2, "ERROR", "explode"},
      {"--goal 'wp.Arith.noSuchMethod@line:3' --kind reach", 1, "NO_GOAL", "noSuchMethod"},
      {"--goal 'wp.NoSuchClass.m@line:3' --kind reach", 1, "NO_GOAL", "no class wp.NoSuchClass on the class path"},
      {"--goal 'wp.Arith.divInt(II)I@line:2' --kind reach", 1, "NO_GOAL", "line 2"},
      {"--goal 'wp.Arith.divInt(II)I@line:6' --kind npe", 1, "NO_GOAL", "line 6"},
      {"--goal 'interproc.Fig1.checkValid(Ljava/util/Collection;Z)V@line:81' --kind throw "
       "--entry interproc.Fig1.nosuch",
       1, "ERROR", "no such method on the class path"},
      {"--goal 'interproc.DeepChain.d12(I)I@line:58' --kind exception:java.lang.ArithmeticException "
       "--entry interproc.Fig1.entrypoint",
       1, "ERROR", "cannot reach the goal's method"},
      {"--goal 'wp.Arith.divInt(II)I@line:6' --kind reach --jdk /nonexistent-jdk", 2, "ERROR", "/nonexistent-jdk"},
  };
  for (const auto& c : kCases) {
    int status = -1;
    const std::string out = RunCommand(Wp(c.args + " --json 2>/dev/null"), &status);
    EXPECT_EQ(status, c.status) << c.args << ": " << out;
    nlohmann::json j = nlohmann::json::parse(out, nullptr, /*allow_exceptions=*/false);
    ASSERT_TRUE(j.is_object()) << c.args << ": stdout is not one JSON object: " << out;
    EXPECT_EQ(j["verdict"], c.verdict) << c.args;
    EXPECT_THAT(j["message"].get<std::string>(), HasSubstr(c.message)) << c.args;
    EXPECT_TRUE(j.contains("goal") && j.contains("kind")) << c.args;
  }
}

// The runner's report as JSON (issue #32): what happened instead of the
// goal, split into the exception and where it was thrown. The lines are
// the runner's own (tests/witness_runner/expected.txt).
TEST(WpCommand, TheRunnersRefutationIsInTheJson) {
  RunnerOutcome refuted;
  refuted.confirmed = false;
  refuted.output =
      "REFUTED: threw java.lang.NullPointerException at wr/Basic.next(Lwr/Basic$Node;)I bci 1 line 15, expected "
      "java.lang.NullPointerException at wr/Basic.next(Lwr/Basic$Node;)I bci 4\n  detail\n";
  nlohmann::ordered_json j = RunnerJson(refuted);
  EXPECT_EQ(j["outcome"], "REFUTED");
  EXPECT_EQ(j["observed"], "threw java.lang.NullPointerException at wr/Basic.next(Lwr/Basic$Node;)I bci 1 line 15");
  EXPECT_EQ(j["exception"], "java.lang.NullPointerException");
  EXPECT_EQ(j["location"], "wr/Basic.next(Lwr/Basic$Node;)I bci 1 line 15");
  EXPECT_EQ(j["output"], refuted.output);

  refuted.output = "REFUTED: returned normally, expected java.lang.NullPointerException at wr/Basic.field\n";
  j = RunnerJson(refuted);
  EXPECT_EQ(j["observed"], "returned normally");
  EXPECT_TRUE(j["exception"].is_null());
  EXPECT_TRUE(j["location"].is_null());

  RunnerOutcome confirmed;
  confirmed.confirmed = true;
  confirmed.output = "CONFIRMED\n";
  j = RunnerJson(confirmed);
  EXPECT_EQ(j["outcome"], "CONFIRMED");
  EXPECT_TRUE(j["observed"].is_null());
}

// Why the search starts where it does (issue #32): a goal in a public
// helper starts at the helper, and the result says so and lists the public
// methods that call it one level up; a named entry says it was named.
TEST(WpCommand, TheResultSaysWhyTheSearchStartsWhereItDoes) {
  int status = -1;
  std::string out = RunCommand(WpOnEngine("--goal 'interproc.PublicHelper.helper([I)I@line:8' --kind npe --json --confirm"),
                               &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["entry"], "interproc.PublicHelper.helper([I)I");
  EXPECT_EQ(j["confirmed"], true) << "the witness, replayed on the JVM";
  EXPECT_THAT(j["entry_reason"].get<std::string>(),
              HasSubstr("the goal's method interproc.PublicHelper.helper is public: the search starts there"));
  EXPECT_EQ(j["public_callers"],
            nlohmann::json::array({"interproc.PublicHelper.first([I)I", "interproc.PublicHelper.second([I)I"}));
  EXPECT_EQ(j["public_callers_total"], 2);

  out = RunCommand(WpOnEngine("--goal 'interproc.PublicHelper.helper([I)I@line:8' --kind npe"), &status);
  EXPECT_THAT(out, HasSubstr("public callers one level up (2): interproc.PublicHelper.first([I)I "
                             "interproc.PublicHelper.second([I)I\n"));

  out = RunCommand(
      WpOnEngine("--goal 'interproc.PublicHelper.helper([I)I@line:8' --kind npe --entry interproc.PublicHelper.first --json "
         "--confirm"),
      &status);
  ASSERT_EQ(status, 0) << out;
  j = nlohmann::json::parse(out);
  EXPECT_EQ(j["entry_reason"], "named by --entry");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_TRUE(j["public_callers"].empty());

  out = RunCommand(WpOnEngine("--goal 'interproc.PublicHelper.hidden([I)I@line:20' "
                      "--kind exception:java.lang.NullPointerException --json --confirm"),
                   &status);
  ASSERT_EQ(status, 0) << out;
  j = nlohmann::json::parse(out);
  EXPECT_EQ(j["entry"], "interproc.PublicHelper.viaHidden([I)I");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_THAT(j["entry_reason"].get<std::string>(), HasSubstr("is not public: the search goes up its callers"));
  // The path names the method of each line: from the entry to the goal.
  ASSERT_EQ(j["path_steps"].size(), 2u) << j.dump(2);
  EXPECT_EQ(j["path_steps"][0], nlohmann::json({{"class", "interproc.PublicHelper"}, {"method", "viaHidden"}, {"line", 24}}));
  EXPECT_EQ(j["path_steps"][1], nlohmann::json({{"class", "interproc.PublicHelper"}, {"method", "hidden"}, {"line", 20}}));
}

// The witness runner is started with an argument vector, no shell (issue
// #32): a class path whose directory holds spaces, quotes and `$` reaches
// the runner's JVM as it is.
TEST(WpCommand, TheRunnerTakesAClassPathWithSpacesAndQuotes) {
  jwp::testing::TempDir tmp;
  const std::string dir = tmp.File("a dir 'with' \"quotes\" $HOME");
  ASSERT_TRUE(std::filesystem::create_directory(dir));
  const std::string jar = dir + "/release17.jar";
  std::filesystem::copy_file(jwp::testing::FixturesDir() + "/release17.jar", jar);
  // The test's own command goes through the shell: quote the path for it.
  std::string quoted = "'";
  for (char c : jar) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  int status = -1;
  const std::string out = RunCommand(jwp::testing::BinaryDir() + "/bin/jwp wp -cp " + quoted + " " + kOverflow +
                                         " --confirm --json 2>&1",
                                     &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["runner"]["outcome"], "CONFIRMED");
}

// Preconditions print booleans as Java writes them (issue #32): `a && a
// != b`, not `a != 0 && a != b`.
TEST(WpCommand, BooleansPrintAsJavaWritesThem) {
  int status = -1;
  const std::string out =
      RunCommand(Wp("--goal 'wp.Branches.booleans(ZZ)I@line:116' --kind reach --json --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  const std::string pre = j["precondition"];
  EXPECT_THAT(pre, ::testing::StartsWith("a && ")) << pre;
  EXPECT_THAT(pre, ::testing::Not(HasSubstr("== 0"))) << pre;
  EXPECT_THAT(pre, ::testing::Not(HasSubstr("== 1"))) << pre;
  EXPECT_THAT(pre, ::testing::Not(HasSubstr("!= 0"))) << pre;
  EXPECT_EQ(j["confirmed"], true);
}

// assert (issue #28): disabled by default, as `java` runs it; -ea (java's
// spelling) analyses it as enabled, and the witness says so, so that the
// runner replays with assertions on: the AssertionError is FOUND and
// confirmed, and the dereference after `assert o != null` is NOT_FOUND.
TEST(WpCommand, AssertionsFollowTheJvmsSettingAndEaEnablesThem) {
  const std::string assertion =
      "--goal 'wp.Asserts.positive(I)I@line:10' --kind exit:java.lang.AssertionError --json --confirm";
  const std::string after = "--goal 'wp.Asserts.afterAssert(Ljava/lang/Object;)I@line:16' --kind npe --json --confirm";
  int status = -1;
  nlohmann::json off = nlohmann::json::parse(RunCommand(WpOnEngine(assertion), &status));
  EXPECT_EQ(off["verdict"], "NOT_FOUND") << off.dump(2);
  nlohmann::json on = nlohmann::json::parse(RunCommand(WpOnEngine(assertion + " -ea"), &status));
  ASSERT_EQ(on["verdict"], "FOUND") << on.dump(2);
  EXPECT_EQ(on["precondition"], "x <= 0");
  EXPECT_EQ(on["witness"]["assertions"], true);
  EXPECT_EQ(on["confirmed"], true) << on.dump(2);
  nlohmann::json npe_off = nlohmann::json::parse(RunCommand(WpOnEngine(after), &status));
  ASSERT_EQ(npe_off["verdict"], "FOUND") << npe_off.dump(2);
  EXPECT_FALSE(npe_off["witness"].contains("assertions"));
  EXPECT_EQ(npe_off["confirmed"], true) << npe_off.dump(2);
  nlohmann::json npe_on = nlohmann::json::parse(RunCommand(WpOnEngine(after + " --enable-assertions"), &status));
  EXPECT_EQ(npe_on["verdict"], "NOT_FOUND") << npe_on.dump(2);
}

TEST(WpCommand, MalformedGoalOrKindIsAUsageError) {
  int status = -1;
  std::string out = RunCommand(Wp("--goal 'wp.Arith.divInt(II)I@column:2' --kind reach 2>&1"), &status);
  EXPECT_EQ(status, 2) << out;
  out = RunCommand(Wp("--goal 'wp.Arith.divInt(II)I@line:6' --kind explode 2>&1"), &status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_THAT(out, HasSubstr("explode"));
}

TEST(WpCommand, MissingClassPathEntryIsWarnedAboutAndItsClassesAreMissing) {
  int status = -1;
  std::string out = RunCommand(jwp::testing::BinaryDir() +
                                   "/bin/jwp wp -cp /nonexistent/x.jar --goal 'a.B.c@line:1' 2>&1",
                               &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("warning: class path entry skipped: /nonexistent/x.jar"));
  EXPECT_THAT(out, HasSubstr("no class a.B on the class path"));
}

TEST(WpCommand, CallsAreFollowedIntoTheirTargetsWithNativeAssumptionsListed) {
  // `throw new Refusal(...)`, an exception class of the program's own: the
  // constructor chain down to Throwable's native fillInStackTrace(int),
  // assumed not to throw.
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'wp.Optimistic.requireArgument(Ljava/lang/Object;)V@line:97' --kind throw --json --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  ASSERT_EQ(j["assumptions"].size(), 1u) << out;
  EXPECT_THAT(j["assumptions"][0].get<std::string>(),
              HasSubstr("native method java.lang.Throwable.fillInStackTrace(I)"));
  EXPECT_GT(j["stats"]["methods_analysed"].get<int>(), 3);
}

// `throw new IllegalArgumentException()`: a JDK exception's constructor,
// for an object of exactly its class, returns normally
// (models/returns_normally.def): framed whole, it is not entered and
// nothing is assumed of the natives below it.
TEST(WpCommand, AJdkExceptionsConstructorIsFramedWhole) {
  int status = -1;
  std::string out = RunCommand(Wp("--goal 'wp.Throws.throwNew(I)V@line:19' --kind throw --json --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["assumptions"].size(), 0u) << out;
  EXPECT_EQ(j["stats"]["calls_framed_whole"], 1) << out;
  EXPECT_EQ(j["stats"]["methods_analysed"], 1) << out;
}

TEST(WpCommand, ANamedEntryLeavesOutCallersThatDoNotLeadToIt) {
  // shared has four public callers; only mainRoute leads to the entry, so
  // the search goes up through it alone (the three side routes were
  // analysed, and each noted that no caller leads to the entry).
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'interproc.CalleeNpe.shared(Linterproc/Link;)I@line:64' --kind npe "
         "--entry 'interproc.CalleeNpe.mainRoute(Linterproc/Link;)I' --json --confirm"),
      &status);
  EXPECT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["entry"], "interproc.CalleeNpe.mainRoute(Linterproc/Link;)I");
  EXPECT_EQ(j["stats"]["callgraph_methods"].get<int>(), 2) << out;
}

TEST(WpCommand, SameInputsGiveTheSameOutput) {
  // DESIGN.md, "Determinism": byte-identical output apart from the timing,
  // statistics included. Each run is a new process, with its own absl::Hash
  // seed: Fig2.test's summaries order their literals by a hash of their
  // shape, and with absl::Hash 8 runs of it made 4 different term counts.
  constexpr int kRuns = 4;
  for (const char* goal : {"--goal 'wp.Throws.throwNew(I)V@line:19' --kind throw",
                           "--goal 'interproc.DeepChain.d12(I)I@line:58' --kind "
                           "exception:java.lang.ArithmeticException --entry interproc.DeepChain.top",
                           "--goal 'interproc.Fig2.test(Linterproc/Fig1$NewCarList;)V@line:20' --kind "
                           "'exit:interproc.Fig1$MyException'"}) {
    std::string first;
    for (int run = 0; run < kRuns; ++run) {
      int status = -1;
      nlohmann::json a = nlohmann::json::parse(RunCommand(WpOnEngine(std::string(goal) + " --json"), &status));
      EXPECT_EQ(status, 0) << goal;
      // FOUND here is confirmed on the JVM by the tests above; without
      // --confirm the runner is not run and says so.
      EXPECT_TRUE(a["confirmed"].is_null()) << goal;
      // Timings: every figure in milliseconds.
      std::vector<std::string> timings;
      for (const auto& [key, value] : a["stats"].items()) {
        if (key.ends_with("_ms")) timings.push_back(key);
      }
      EXPECT_GE(timings.size(), 5u);
      for (const std::string& timing : timings) a["stats"].erase(timing);
      if (run == 0) {
        first = a.dump();
      } else {
        EXPECT_EQ(a.dump(), first) << goal << ", run " << run + 1;
      }
    }
  }
}

TEST(WpCommand, GoalInAPrivateMethodIsReachedFromItsPublicCaller) {
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'interproc.DeepChain.d12(I)I@line:58' --kind exception:java.lang.ArithmeticException "
         "--json --confirm"),
      &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["entry"], "interproc.DeepChain.top(I)I");
  EXPECT_EQ(j["precondition"], "x == 39");
  EXPECT_EQ(j["confirmed"], true);
}

// --trace tells on standard error how the search went: the phases, what
// each enabled, the waiting minterms' sites, the summaries; without it,
// nothing of that is printed.
TEST(WpCommand, TracePrintsThePhasesAndWhatTheyEnable) {
  const std::string goal =
      "--goal 'interproc.LiteralAfterCall.twoSitesOneAllocation(III)I@line:59' "
      "--kind exception:java.lang.ArithmeticException";
  int status = -1;
  std::string out = RunCommand(Wp(goal + " --trace 2>&1 >/dev/null"), &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("trace: phase 1 ends after "));
  EXPECT_THAT(out, HasSubstr("trace: phase 1 enables interproc/LiteralAfterCall$Doubling.add(I)V at "
                             "interproc/LiteralAfterCall.twoSitesOneAllocation(III)I@10\n"));
  EXPECT_THAT(out, HasSubstr("trace: phase 1: a minterm waits at the entry; its sites by candidates: "));
  EXPECT_THAT(out, HasSubstr("; the minterm: y == 0 && "));
  // The call passes `new Doubling()`: its exact type is the summary's context.
  EXPECT_THAT(out, HasSubstr("trace: phase 2: summary of interproc.LiteralAfterCall$Doubling.add(I)V with exact "
                             "types (interproc/LiteralAfterCall$Doubling, ?) for "));
  EXPECT_THAT(out, HasSubstr("trace: phase 1: a minterm pins interproc/LiteralAfterCall.twoSitesOneAllocation(III)I@10 "
                             "to interproc/LiteralAfterCall$Doubling.add(I)V\n"));
  std::string quiet = RunCommand(Wp(goal + " 2>&1 >/dev/null"), &status);
  EXPECT_EQ(status, 0) << quiet;
  EXPECT_EQ(quiet.find("trace:"), std::string::npos) << quiet;
}

// The runner's `stack:` line (a refutation by an exception), top frame
// first: what the engine reads to learn which passed call threw (issue #27).
TEST(WpCommand, RunnerStackIsReadFromTheRefutation) {
  const auto frames = RunnerStack(
      "REFUTED: threw java.lang.IllegalArgumentException at wp/Optimistic.requirePositive line 43, expected ...\n"
      "  goal: exception java.lang.NullPointerException thrown by wp/Optimistic.positiveThenLength\n"
      "  entry: threw java.lang.IllegalArgumentException at wp/Optimistic.requirePositive line 43\n"
      "  stack: wp/Optimistic.requirePositive:43 < wp/Optimistic.positiveThenLength:49 < a/B$C.<init>:-1\n");
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[0].class_name, "wp/Optimistic");
  EXPECT_EQ(frames[0].method, "requirePositive");
  EXPECT_EQ(frames[0].line, 43);
  EXPECT_EQ(frames[1].method, "positiveThenLength");
  EXPECT_EQ(frames[1].line, 49);
  EXPECT_EQ(frames[2].class_name, "a/B$C");
  EXPECT_EQ(frames[2].method, "<init>");
  EXPECT_EQ(frames[2].line, -1);
  EXPECT_TRUE(RunnerStack("REFUTED: returned normally, expected ...\n  goal: x\n").empty());
}

// The runner's `call:` lines (what the calls a candidate assumed did) are
// read site by site, the outcome whole (a string value may hold ": ").
TEST(WpCommand, RunnerCallsAreReadFromTheReport) {
  const auto calls = RunnerCalls(
      "REFUTED: returned normally, the athrow at wp/Concolic.collide(II)V bci 17 (line 23) never executed\n"
      "  goal: throw at wp/Concolic.collide(II)V bci 17 (line 23)\n"
      "  call: wp/Concolic.collide(II)V@1: returned int 3523607\n"
      "  call: a/B.m(Ljava/lang/String;)V@7: returned string \"x: y\"\n"
      "  note: whatever\n");
  ASSERT_EQ(calls.size(), 2u);
  EXPECT_EQ(calls[0].site, "wp/Concolic.collide(II)V@1");
  EXPECT_EQ(calls[0].outcome, "returned int 3523607");
  EXPECT_EQ(calls[1].site, "a/B.m(Ljava/lang/String;)V@7");
  EXPECT_EQ(calls[1].outcome, "returned string \"x: y\"");
  EXPECT_TRUE(RunnerCalls("CONFIRMED\n  goal: x\n").empty());
}

// Concolic refinement end to end (issue #27): the first candidate guesses
// the digest, the JVM refutes it and reports what the digest returned;
// the next round keeps `id` and takes `expected` from that value, and the
// JVM confirms it. --exact cannot afford Objects.hash within the budget.
TEST(WpCommand, ConcolicRoundConfirmedOnTheJvm) {
  const std::string goal =
      "--goal 'wp.Concolic.collide(II)V@line:23' --kind throw --max-steps 3000 --json";
  int status = -1;
  const std::string jwp = jwp::testing::EngineJwpBinary();  // what the search finds
  const std::string out =
      RunCommand(jwp + " wp -cp " + jwp::testing::FixturesDir() + "/release17.jar --confirm " + goal, &status);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["optimistic"], true);
  EXPECT_EQ(j["stats"]["candidates_refuted"], 1) << j["stats"].dump();
  EXPECT_GE(j["stats"]["candidate_rounds"].get<int>(), 1) << j["stats"].dump();
  const auto& args = j["witness"]["arguments"];
  ASSERT_EQ(args.size(), 2u);
  EXPECT_THAT(j["precondition"].get<std::string>(), ::testing::HasSubstr("expected == "));
  EXPECT_THAT(j["witness"]["observe"].dump(), ::testing::HasSubstr("\"callee\":\"digest\""));
  const std::string exact =
      RunCommand(jwp + " wp -cp " + jwp::testing::FixturesDir() + "/release17.jar --confirm --exact " + goal, &status);
  EXPECT_EQ(nlohmann::json::parse(exact)["verdict"], "UNKNOWN");
}

// Optimistic calls end to end (issue #27): the first candidate passes
// requirePositive with n = 0 and the JVM refutes it (the call threw); the
// search then expands that call, and the next candidate, n > 0, is
// confirmed. --exact cannot afford the log line within the same budget.
TEST(WpCommand, OptimisticCandidateRefinedThenConfirmed) {
  const std::string goal =
      "--goal 'wp.Optimistic.positiveThenLength(ILjava/lang/String;)I@line:50' --kind npe --max-steps 3000 --json";
  int status = -1;
  std::string out = RunCommand(WpOnEngine(goal + " --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["optimistic"], true);
  EXPECT_EQ(j["precondition"], "t == null && n > 0");
  EXPECT_GE(j["stats"]["candidate_refinements"].get<int>(), 1) << out;
  EXPECT_GE(j["stats"]["candidates_refuted"].get<int>(), 1);
  EXPECT_EQ(j["stats"]["candidates_confirmed"], 1);
  EXPECT_THAT(j["assumptions"].dump(), HasSubstr("optimistic: wp.Optimistic.log(Ljava/lang/String;)V at "
                                                 "wp.Optimistic.requirePositive"));
  out = RunCommand(WpOnEngine(goal + " --confirm --exact"), &status);
  EXPECT_EQ(status, 4) << out;
  j = nlohmann::json::parse(out);
  EXPECT_EQ(j["optimistic"], false);
  EXPECT_EQ(j["stats"]["candidates"], 0);
}

// The witnesses of one goal (a refuted candidate, then the confirmed one)
// through a runner that serves many (app/runner_pool.h, the default) and
// through a runner each (JWP_RUNNER_SERVE=0): the same verdicts, the same
// candidates and rounds, and no directory left behind by the debuggees.
TEST(WpCommand, AServingRunnerGivesTheVerdictsOfARunnerEach) {
  const std::string goal =
      "--goal 'wp.Optimistic.positiveThenLength(ILjava/lang/String;)I@line:50' --kind npe --max-steps 3000 --json "
      "--confirm";
  // The runners' directories in /tmp; other tests that run at the same
  // time make and remove theirs.
  auto leftovers = [] {
    std::set<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::temp_directory_path())) {
      const std::string name = e.path().filename().string();
      if (name.starts_with("jwp-debuggee-") || name.starts_with("jwp-exit-check-")) names.insert(name);
    }
    return names;
  };
  const std::set<std::string> before = leftovers();
  int served_status = -1, each_status = -1;
  const std::string served = RunCommand(WpOnEngine(goal), &served_status);
  const std::string each = RunCommand("JWP_RUNNER_SERVE=0 " + WpOnEngine(goal), &each_status);
  ASSERT_EQ(served_status, 0) << served;
  ASSERT_EQ(each_status, 0) << each;
  const nlohmann::json a = nlohmann::json::parse(served), b = nlohmann::json::parse(each);
  for (const char* key : {"verdict", "confirmed", "precondition", "witness", "assumptions"}) {
    EXPECT_EQ(a[key], b[key]) << key;
  }
  for (const char* key : {"candidates", "candidates_confirmed", "candidates_refuted", "candidate_refinements"}) {
    EXPECT_EQ(a["stats"][key], b["stats"][key]) << key;
  }
  EXPECT_EQ(a["stats"]["candidates"], 2) << served;
  // None of those made since is left for long (another test's may be there
  // a moment; ours would stay).
  std::vector<std::string> left;
  for (int i = 0; i < 50; ++i) {
    left.clear();
    for (const std::string& name : leftovers()) {
      if (!before.contains(name)) left.push_back(name);
    }
    if (left.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_THAT(left, ::testing::IsEmpty());
}

// System.getenv of a constant name is an input (issue #28): the witness
// sets the variable in the environment of the JVM that runs the entry, and
// the FOUND is the JVM's; without --confirm the goal stays UNKNOWN and
// names the variable.
TEST(WpCommand, AnEnvironmentVariableIsAnInputTheWitnessSets) {
  const std::string goal =
      "--goal 'wp.Environment.variableMode(I)I@line:40' --kind exception:java.lang.ArithmeticException --json";
  int status = -1;
  const std::string out = RunCommand(WpOnEngine(goal + " --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  ASSERT_TRUE(j["witness"].contains("environment")) << out;
  const std::string id = j["witness"]["environment"]["JWP_MODE"].get<std::string>();
  EXPECT_EQ(j["witness"]["heap"][id]["string"], "fast") << out;
  EXPECT_EQ(j["witness"]["arguments"], nlohmann::json::array({0}));
  EXPECT_EQ(j["precondition"], "y == 0");
  EXPECT_THAT(j["assumptions"].dump(), HasSubstr("System.getenv(\\\"JWP_MODE\\\") == \\\"fast\\\"")) << out;
  EXPECT_THAT(j["smtlib"].get<std::string>(), HasSubstr("|sk.System.getenv(\"JWP_MODE\")|"));
  const std::string unconfirmed = RunCommand(WpOnEngine(goal + " --max-steps 2000"), &status);
  EXPECT_EQ(status, 4) << unconfirmed;
  EXPECT_THAT(unconfirmed, HasSubstr("environment variable \\\"JWP_MODE\\\"")) << unconfirmed;
}

// --input-method (issue #28): each call of a method the pattern names
// returns a value of the witness at its position among the inputs, which
// the runner returns on the JVM; without --confirm nobody runs them, and
// the answer names the calls. A pattern that is none is an error.
TEST(WpCommand, AnInputMethodsCallsReturnTheWitnesssValuesInCallOrder) {
  constexpr const char* kInputs = "tests/fixtures/java8/wp/Inputs.java";
  const std::string goal = "--goal 'wp.Inputs.secondDecides()I@line:" +
                           std::to_string(jwp::testing::LineHolding(kInputs, "return 10 / (a - 7);")) +
                           "' --kind exception:java.lang.ArithmeticException --json "
                           "--input-method 'wp.Inputs$Harness.nondet*'";
  int status = -1;
  const std::string out = RunCommand(WpOnEngine(goal + " --confirm"), &status);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  ASSERT_TRUE(j["witness"].contains("inputs")) << out;
  const nlohmann::json& inputs = j["witness"]["inputs"];
  // The user's pattern, then java.io.File's queries (inputs too: the runner
  // counts them among the positions).
  ASSERT_GE(inputs["methods"].size(), 2u) << out;
  EXPECT_EQ(inputs["methods"][0], "wp.Inputs$Harness.nondet*");
  EXPECT_EQ(inputs["methods"][1], "java.io.File.exists");
  ASSERT_EQ(inputs["values"].size(), 2u) << out;
  EXPECT_EQ(inputs["values"][0]["position"], 0);
  EXPECT_EQ(inputs["values"][0]["value"], 7);
  EXPECT_EQ(inputs["values"][0]["method"], "wp.Inputs$Harness.nondetInt()I");
  EXPECT_EQ(inputs["values"][1]["position"], 1);
  EXPECT_EQ(inputs["values"][1]["value"], 42);
  const std::string unconfirmed = RunCommand(WpOnEngine(goal), &status);
  EXPECT_EQ(status, 4) << unconfirmed;
  EXPECT_THAT(unconfirmed, HasSubstr("an input method: the witness gives it")) << unconfirmed;
  // The input is any int, not what the stub's code returns (0): the
  // forward facts, which run callees' code, do not prune on that.
  const std::string stub =
      RunCommand(WpOnEngine("--goal 'wp.Inputs.notTheStubsZero()I@line:" +
                            std::to_string(jwp::testing::LineHolding(kInputs, "return 1 / (x - 5);")) +
                            "' --kind exception:java.lang.ArithmeticException --json --confirm "
                            "--input-method 'wp.Inputs$Harness.nondet*'"),
                 &status);
  ASSERT_EQ(status, 0) << stub;
  const nlohmann::json s = nlohmann::json::parse(stub);
  EXPECT_EQ(s["verdict"], "FOUND") << stub;
  EXPECT_EQ(s["confirmed"], true) << stub;
  EXPECT_EQ(s["witness"]["inputs"]["values"][0]["value"], 5) << stub;
  for (const std::string bad : {"--input-method nondetInt", "--assume-method 'a.*.assume'"}) {
    const std::string error = RunCommand(WpOnEngine(goal + " " + bad + " 2>&1"), &status);
    EXPECT_EQ(status, 2) << error;
    EXPECT_THAT(error, HasSubstr(bad.substr(0, bad.find(' ')))) << error;
    EXPECT_THAT(error, HasSubstr("method pattern")) << error;
  }
}

// jwp wp --goals: each goal's result is what a run of its own gives (the
// same verdict, witness and confirmation, its exit status in "exit"), in
// the file's order, with the file's line; a line that is an error costs
// only itself, and makes the batch's status 1.
TEST(WpCommand, ABatchGivesEachGoalTheResultOfARunOfItsOwn) {
  jwp::testing::TempDir tmp;
  const std::vector<std::string> goals = {
      "--goal 'wp.Optimistic.positiveThenLength(ILjava/lang/String;)I@line:50' --kind npe --max-steps 3000",
      std::string(kOverflow),
      "--goal 'wp.Arith.divInt(II)I@line:6' --kind exception:java.lang.ArithmeticException",
      "--goal 'wp.Arith.divGuarded(II)I@line:23' --kind exception:java.lang.ArithmeticException",
      "--goal 'wp.Arith.noSuchMethod()V@line:6' --kind reach",
      "--kind reach --frobnicate",
  };
  {
    std::ofstream f(tmp.File("goals.txt"));
    f << "# a comment, then a blank line\n\n";
    for (const std::string& g : goals) f << g << "\n";
  }
  int status = -1;
  const std::string batch =
      RunCommand(WpOnEngine("--json --confirm --jobs 2 --goals " + tmp.File("goals.txt")), &status);
  EXPECT_EQ(status, 1) << batch;  // two lines are errors
  std::vector<nlohmann::json> results;
  std::istringstream lines(batch);
  for (std::string line; std::getline(lines, line);) results.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(results.size(), goals.size()) << batch;
  for (size_t i = 0; i + 2 < goals.size(); ++i) {
    SCOPED_TRACE(goals[i]);
    int single_status = -1;
    const std::string single = RunCommand(WpOnEngine(goals[i] + " --json --confirm"), &single_status);
    const nlohmann::json one = nlohmann::json::parse(single);
    EXPECT_EQ(results[i]["line"], i + 3);
    EXPECT_EQ(results[i]["exit"], single_status);
    for (const char* key : {"verdict", "confirmed", "precondition", "witness", "assumptions"}) {
      EXPECT_EQ(results[i].value(key, nlohmann::json()), one.value(key, nlohmann::json())) << key;
    }
  }
  EXPECT_EQ(results[0]["verdict"], "FOUND");
  EXPECT_EQ(results[0]["confirmed"], true);
  EXPECT_EQ(results[3]["verdict"], "NOT_FOUND");
  EXPECT_EQ(results[4]["verdict"], "NO_GOAL");
  EXPECT_EQ(results[4]["exit"], 1);
  EXPECT_EQ(results[5]["verdict"], "ERROR");
  EXPECT_THAT(results[5]["message"].get<std::string>(), HasSubstr("line 8: "));
  EXPECT_THAT(results[5]["message"].get<std::string>(), HasSubstr("frobnicate"));
}

TEST(WpCommand, ABatchNeedsGoalsItCanRead) {
  int status = -1;
  std::string out = RunCommand(Wp("--goals /nonexistent/goals.txt 2>&1"), &status);
  EXPECT_EQ(status, 2);
  EXPECT_THAT(out, HasSubstr("--goals /nonexistent/goals.txt: cannot read the file"));
  out = RunCommand(Wp("--goals - --goal 'wp.Arith.divInt(II)I@line:6' < /dev/null 2>&1"), &status);
  EXPECT_EQ(status, 2);
  EXPECT_THAT(out, HasSubstr("needs --goal or --goals (one of them)"));
  // No goals: nothing to say, and nothing wrong.
  out = RunCommand(Wp("--goals - < /dev/null"), &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(out, "");
}

// `throw new IllegalArgumentException(String.format(...))` with format
// skipped: a candidate may assume format threw the IllegalArgumentException
// itself. The JVM refutes it for an exception goal at the throw (format
// returns normally), and for an exit goal it would reach the goal whatever
// format does; the candidate assuming format returns normally goes to the
// JVM first, and no run is spent on the other.
TEST(WpCommand, ACandidateAssumingACallThrewRunsAfterTheOthers) {
  int status = -1;
  const std::string out =
      RunCommand(WpOnEngine("--goal 'wp.Optimistic.checkRange(II[I)V@line:31' --kind exception:java.lang.IllegalArgumentException "
                    "--max-steps 3000 --json --confirm"),
                 &status);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_EQ(j["stats"]["candidates_refuted"], 0) << out;
  EXPECT_EQ(j["stats"]["candidates"], 1);
  EXPECT_THAT(j["assumptions"].dump(), ::testing::Not(HasSubstr("instanceof java.lang.IllegalArgumentException")));
  // When the search first met the method's entry (stats.first_entry_steps).
  EXPECT_GT(j["stats"]["first_entry_steps"].get<uint64_t>(), 0u);
  EXPECT_LE(j["stats"]["first_entry_steps"].get<uint64_t>(), j["stats"]["steps"].get<uint64_t>());
}

// The message of checkedIndex's exception is a StringBuilder chain: with
// the models, its calls return normally whatever they are given
// (models/returns_normally.def) and the goal asks nothing of the message,
// so the exact search frames them whole, never entering the decimal
// conversion of an int (it ran out of 3,000 steps doing so before).
TEST(WpCommand, TheExactSearchFramesTheMessageBuilderWhole) {
  int status = -1;
  const std::string out = RunCommand(
      WpOnEngine("--goal 'wp.Optimistic.checkedIndex(I[I)I@line:89' --kind exit:java.lang.IndexOutOfBoundsException "
         "--max-steps 3000 --json --exact --confirm"),
      &status);
  ASSERT_EQ(status, 0) << out;
  const nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "FOUND") << out;
  EXPECT_EQ(j["confirmed"], true) << out;
  // new StringBuilder(), four appends, toString, the exception's constructor.
  EXPECT_GE(j["stats"]["calls_framed_whole"].get<uint64_t>(), 7u);
  for (const nlohmann::json& c : j["summaries"]) {
    EXPECT_THAT(c["method"].get<std::string>(), ::testing::Not(::testing::StartsWith("java.lang.StringBuilder.")))
        << "entered, not framed";
  }
}

// The witness runner runs the analysed code in a directory of its own
// (removed after): a file the code makes by a relative name never lands in
// the user's working directory.
TEST(WpCommand, TheRunnerRunsInADirectoryOfItsOwn) {
  char dir[] = "/tmp/jwp-cwd-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  int status = -1;
  const std::string out = RunCommand(
      std::string("cd ") + dir + " && " +
          WpOnEngine("--goal 'wp.Optimistic.touchThenLength(Ljava/lang/String;)I@line:56' --kind npe --confirm --json"),
      &status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_EQ(nlohmann::json::parse(out)["confirmed"], true);
  EXPECT_FALSE(std::filesystem::exists(std::string(dir) + "/jwp-runner-cwd-probe"));
  std::filesystem::remove_all(dir);
}

TEST(WpCommand, StepBudgetGivesUnknownWithTheReason) {
  int status = -1;
  std::string out = RunCommand(
      Wp("--goal 'wp.Npe.deep(Lwp/Node;)I@line:42' --kind npe --max-steps 2 --json"), &status);
  EXPECT_EQ(status, 4) << out;
  nlohmann::json j = nlohmann::json::parse(out);
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("budget: 2 steps"));
}

}  // namespace
}  // namespace jwp::app
