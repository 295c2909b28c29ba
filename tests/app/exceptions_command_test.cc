// `jwp exceptions` (issue #30) on tests/fixtures/java8/exceptions: for each
// method and each exception type that may leave it, one condition merged
// from the preconditions the JVM confirmed, complete when the search was
// exhaustive; the exception no input can raise never printed as a
// condition; complete conditions checked against the JVM on a grid of
// inputs; the formats, the Javadoc comparison, and bad input a clear error.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using jwp::testing::EngineJwpBinary;
using jwp::testing::JwpBinary;
using jwp::testing::ReadText;
using jwp::testing::RunCommand;
using nlohmann::json;

// `jwp exceptions` on the fixtures as a user runs it, by this build's
// binary, or by `jwp` (EngineJwpBinary for the tests whose time goes into
// the searches, as the engine tests: under the sanitizers they took a
// fifth of app_tests' time).
std::string ExceptionsAsIs(const std::string& args, const std::string& jwp = JwpBinary()) {
  return jwp + " exceptions -cp " + jwp::testing::FixturesDir() + "/release17.jar " + args;
}

// The same with one search per goal (--first-timeout 0): the 1 s first
// search is wall clock, and these tests check conditions, not the schedule,
// on machines as slow as the sanitizer build beside other tests.
std::string Exceptions(const std::string& args, const std::string& jwp = JwpBinary()) {
  return ExceptionsAsIs("--first-timeout 0 " + args, jwp);
}

// The pairs of a run's JSON by "method exception".
std::map<std::string, json> Pairs(const std::string& path) {
  json j = json::parse(ReadText(path), nullptr, false);
  std::map<std::string, json> out;
  if (!j.is_array()) return out;
  for (const auto& p : j) out[p["method"].get<std::string>() + " " + p["exception"].get<std::string>()] = p;
  return out;
}

// A printed condition rests on disjuncts the JVM confirmed: exact ones, or,
// with a proviso ("when C returns normally"), ones through passed calls; no
// exact disjunct was refuted; each is on the method's own parameters.
void ExpectConditionsConfirmed(const std::map<std::string, json>& pairs) {
  for (const auto& [key, p] : pairs) {
    EXPECT_EQ(p["refuted"], 0) << key << ": " << p.dump(2);
    if (!p["condition"].is_string()) continue;
    const bool proviso = !p["provided"].empty();
    int resting = 0;
    for (const auto& d : p["disjuncts"]) {
      if (!d["internal_state"].empty() || (d["optimistic"] == true) != proviso) continue;
      if (d["confirmed"] != true) continue;
      ++resting;
      EXPECT_EQ(d["entry"], p["method"]) << "the condition is on the method's own parameters";
    }
    EXPECT_GT(resting, 0) << key << ": " << p.dump(2);
    if (proviso) {
      EXPECT_THAT(p["condition"].get<std::string>(), HasSubstr(" normally")) << key;
    }
  }
}

TEST(Exceptions, EachExceptionGetsOneConfirmedConditionOrSaysWhy) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(Exceptions("exceptions.Checks --json " + tmp.File("out.json") + " 2>&1"), &status);
  ASSERT_EQ(status, 0) << out;
  // Both ways out of the range check, merged into one condition.
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.checkedIndex(II)I\n"
                             "  @throws java.lang.IndexOutOfBoundsException if index < 0 || length <= index "
                             "[complete; line 12]\n"));
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.requireText(Ljava/lang/String;)Ljava/lang/String;\n"
                             "  @throws java.lang.NullPointerException if s == null [complete; line 19]\n"));
  // The receiver's class not overriding the method is not said: the condition documents this code.
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.pop()I\n"
                             "  @throws java.lang.IllegalStateException if this.size == 0 [complete; line 26]\n"));
  EXPECT_THAT(out, HasSubstr("java.lang.IllegalArgumentException (line 33): never thrown (exhaustive search)"));
  EXPECT_THAT(out, Not(HasSubstr("@throws java.lang.IllegalArgumentException")));
  // Not public, or nothing leaves it.
  EXPECT_THAT(out, Not(HasSubstr("plain")));
  EXPECT_THAT(out, Not(HasSubstr("packagePrivate")));
  EXPECT_THAT(out, HasSubstr("6 methods: 3 exceptions with a confirmed condition (3 complete, 0 partial), "
                             "1 never thrown, 0 UNKNOWN"));
  const std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  ExpectConditionsConfirmed(pairs);
  const json& index = pairs.at("exceptions.Checks.checkedIndex(II)I java.lang.IndexOutOfBoundsException");
  EXPECT_EQ(index["origin"], "throw");
  EXPECT_EQ(index["disjuncts"].size(), 2u) << index.dump(2);
  EXPECT_EQ(index["complete"], true);
  for (const auto& d : index["disjuncts"]) {
    EXPECT_TRUE(d["smtlib"].is_string()) << "each disjunct in SMT-LIB too";
    EXPECT_TRUE(d["witness"].is_object());
    EXPECT_EQ(d["kind"], "exit:java.lang.IndexOutOfBoundsException");
  }
  EXPECT_EQ(pairs.at("exceptions.Checks.never(I)I java.lang.IllegalArgumentException")["verdict"], "NOT_FOUND");
}

// `jwp exceptions` on the fixture class exceptions.Api, run once for the two
// tests that read it (each run took 25 s, most of it goals searched to their
// budget): with the JSON, and compared with the class's own Javadoc, made
// here by the JDK's javadoc.
struct ApiRun {
  jwp::testing::TempDir tmp;
  std::string javadoc;
  int javadoc_status = -1;
  std::string out;
  int status = -1;
  std::map<std::string, json> pairs;
};

const ApiRun& ApiRunOnce() {
  static ApiRun run;
  static const bool ran = [] {
    run.javadoc = RunCommand(jwp::testing::JavaHome() + "/bin/javadoc -quiet -notimestamp --no-platform-links " +
                                 "-Xdoclint:none -d " + run.tmp.File("api") + " " + jwp::testing::SourceDir() +
                                 "/tests/fixtures/java8/exceptions/Api.java 2>&1",
                             &run.javadoc_status);
    if (run.javadoc_status != 0) return false;
    // 6,000 steps a goal: two goals that no step budget finishes (joined's
    // and joinAll's NullPointerException) took 10 s each at 31,000 steps;
    // every other goal needs under 1,000.
    run.out = RunCommand(Exceptions("exceptions.Api --timeout 10 --max-steps 6000 --compare-javadoc " + run.tmp.File("api") +
                                        " --json " + run.tmp.File("out.json") + " 2>&1",
                                    EngineJwpBinary()),
                         &run.status);
    run.pairs = Pairs(run.tmp.File("out.json"));
    return true;
  }();
  (void)ran;
  return run;
}

// The hardening report against the fixture's own Javadoc (made here with the
// JDK's javadoc): documented and confirmed, documented and not (a wrong
// @throws: the type is searched too, and never thrown), and confirmed but
// undocumented. Checked on the run of ApiShapesGetTheirConditions (the
// tests run in six processes: a run shared by two tests was made twice).
void ExpectTheJavadocComparison(const ApiRun& run) {
  const std::string& out = run.out;
  const jwp::testing::TempDir& tmp = run.tmp;
  int status = -1;
  EXPECT_THAT(out, HasSubstr("  confirmed     exceptions.Api.clamp(III)I IllegalArgumentException if high < low  "
                             "(documented: if low is greater than high)"));
  EXPECT_THAT(out, HasSubstr("  confirmed     exceptions.Api.name(Ljava/lang/String;)Ljava/lang/String; "
                             "NullPointerException if s == null"));
  EXPECT_THAT(out, HasSubstr("  not confirmed exceptions.Api.digit(C)I NumberFormatException  (documented: if c is "
                             "not a digit): never thrown: no input throws it (exhaustive search"));
  EXPECT_THAT(out, HasSubstr("java.lang.NumberFormatException: documented, but never thrown (exhaustive search)"));
  EXPECT_THAT(out, HasSubstr("  undocumented  exceptions.Api.percent(II)I ArithmeticException if whole == 0"));
  EXPECT_THAT(out, HasSubstr("  confirmed     exceptions.Api.doubled([I)[I NullPointerException if values == null"));
  // The Javadoc names the null case of trimmed's argument with the wrong
  // type: the report says which the code throws there.
  EXPECT_THAT(out, HasSubstr("  not confirmed exceptions.Api.trimmed(Ljava/lang/String;)Ljava/lang/String; "
                             "IllegalArgumentException  (documented: if text is null): in the case it names the code "
                             "throws NullPointerException (confirmed: text == null)"));
  EXPECT_THAT(out, HasSubstr("documented (method, exception) pairs: 6, confirmed by jwp with a condition: 4 (67%)"));
  EXPECT_THAT(out, HasSubstr("documented but never thrown: 1; documented, but the code throws another exception in "
                             "the case named: 1\n"));
  json report = json::parse(ReadText(tmp.File("out.json.javadoc.json")), nullptr, false);
  ASSERT_TRUE(report.is_array()) << out;
  bool instead = false;
  for (const json& m : report) {
    if (m.value("method", "") != "exceptions.Api.trimmed(Ljava/lang/String;)Ljava/lang/String;") continue;
    for (const json& missed : m["documented_not_confirmed"]) {
      instead = missed.contains("thrown_instead") &&
                missed["thrown_instead"].value("exception", "") == "java.lang.NullPointerException" &&
                missed["thrown_instead"].value("condition", "") == "text == null";
    }
  }
  EXPECT_TRUE(instead) << report.dump(1);

  const std::string missing =
      RunCommand(Exceptions("exceptions.Api --compare-javadoc " + tmp.File("nothing") + " 2>&1"), &status);
  EXPECT_EQ(status, 2) << missing;
  EXPECT_THAT(missing, HasSubstr("--compare-javadoc"));
  EXPECT_THAT(missing, HasSubstr(tmp.File("nothing")));
}

// The shapes of real API code: helpers (guava-style, Objects.requireNonNull),
// the JVM's implicit exceptions, an exception two calls down, one caught and
// rethrown as another, a String.format message, a loop; and the hardening
// report against the fixture's Javadoc.
TEST(Exceptions, ApiShapesGetTheirConditionsAndAreComparedWithTheirJavadoc) {
  const ApiRun& run = ApiRunOnce();
  ASSERT_EQ(run.javadoc_status, 0) << run.javadoc;
  ASSERT_EQ(run.status, 0) << run.out;
  const std::string& out = run.out;
  const std::map<std::string, json>& pairs = run.pairs;
  ExpectConditionsConfirmed(pairs);
  auto condition = [&](const std::string& method, const std::string& exception) -> std::string {
    auto it = pairs.find(method + " " + exception);
    if (it == pairs.end() || !it->second["condition"].is_string()) return "(none)";
    return it->second["condition"].get<std::string>() + (it->second["complete"] == true ? " [complete]" : " [partial]");
  };
  EXPECT_EQ(condition("exceptions.Api.clamp(III)I", "java.lang.IllegalArgumentException"), "high < low [complete]");
  EXPECT_EQ(condition("exceptions.Api.name(Ljava/lang/String;)Ljava/lang/String;", "java.lang.NullPointerException"),
            "s == null [complete]");
  EXPECT_EQ(condition("exceptions.Api.percent(II)I", "java.lang.ArithmeticException"), "whole == 0 [complete]");
  EXPECT_EQ(condition("exceptions.Api.at([II)I", "java.lang.NullPointerException"), "values == null [complete]");
  EXPECT_EQ(condition("exceptions.Api.at([II)I", "java.lang.ArrayIndexOutOfBoundsException"),
            "values != null && (i < 0 || values.length <= i) [complete]");
  EXPECT_EQ(condition("exceptions.Api.deep(I)I", "java.lang.IllegalStateException"), "n > 100 [complete]");
  // A call on a null receiver throws before the callee runs (the search once
  // looked for the exception inside the callee and said never thrown).
  EXPECT_THAT(condition("exceptions.Api.first([Ljava/lang/Boolean;)Z", "java.lang.NullPointerException"),
              HasSubstr("flags[0] == null"));
  EXPECT_EQ(condition("exceptions.Api.digit(C)I", "java.lang.IllegalArgumentException"),
            "c < '0' || c > '9' [complete]");
  // The message supplier's String.format of a literal format: analysed
  // (callgraph/format_classes.h), it returns for every argument, so the
  // condition needs no proviso.
  EXPECT_EQ(condition("exceptions.Api.present(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/Object;",
                      "java.lang.NullPointerException"),
            "value == null [partial]");
  // Two such checks.
  EXPECT_EQ(condition("exceptions.Api.both(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/String;",
                      "java.lang.NullPointerException"),
            "first == null || second == null [partial]");
  // A format the search passes (a width), which a handler's second check
  // may run again: its result is never null (models/jdk_natives.def), so
  // the candidate assumes nothing of it, only that it returns (it once was
  // null in one candidate and a String in another, which covering needs
  // the call to run once: examples only).
  EXPECT_EQ(condition("exceptions.Api.lenient(Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/String;",
                      "java.lang.NullPointerException"),
            "second == null, when java.lang.String.format returns normally [partial]");
  EXPECT_EQ(condition("exceptions.Api.width(I)Ljava/lang/String;", "java.lang.IllegalArgumentException"),
            "width < 0, when java.lang.String.format returns normally [partial]");
  EXPECT_EQ(pairs.count("exceptions.Api.joined(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String; "
                        "java.lang.ArrayStoreException"),
            0u);
  EXPECT_EQ(pairs.at("exceptions.Api.deep(I)I java.lang.IllegalStateException")["origin"], "callee");
  EXPECT_EQ(pairs.at("exceptions.Api.percent(II)I java.lang.ArithmeticException")["origin"], "implicit");
  // An array's clone throws no CloneNotSupportedException, and the loop's
  // index stays within both arrays (a counter from 0 below out.length, and
  // out is as long as values): the JVM's AIOOBE is never thrown.
  EXPECT_EQ(condition("exceptions.Api.doubled([I)[I", "java.lang.NullPointerException"), "values == null [complete]");
  EXPECT_EQ(pairs.count("exceptions.Api.doubled([I)[I java.lang.CloneNotSupportedException"), 0u);
  ASSERT_EQ(pairs.count("exceptions.Api.doubled([I)[I java.lang.ArrayIndexOutOfBoundsException"), 1u);
  EXPECT_EQ(pairs.at("exceptions.Api.doubled([I)[I java.lang.ArrayIndexOutOfBoundsException")["verdict"], "NOT_FOUND");
  // The digit's IllegalStateException is caught: it never leaves.
  EXPECT_EQ(pairs.count("exceptions.Api.digit(C)I java.lang.IllegalStateException"), 0u);
  // A loop the search cannot finish: the conditions found, partial.
  const std::string loop = condition("exceptions.Api.sumUntil(II)I", "java.lang.IllegalStateException");
  EXPECT_THAT(loop, HasSubstr("[partial]"));
  EXPECT_THAT(loop, HasSubstr("n > 0 && limit < 0"));
  // Each printed line says complete or partial; none is printed unconfirmed.
  for (const auto& [key, p] : pairs) {
    if (p["condition"].is_string()) {
      EXPECT_THAT(out, HasSubstr(" if " + p["condition"].get<std::string>() + " [" +
                                 (p["complete"] == true ? "complete" : "partial")))
          << key;
    }
  }
  ExpectTheJavadocComparison(run);
}

// presentPadded's message supplier (a lambda) reaches only requireNonNull's
// call of get, not the helper twice's calls of another Supplier, which the
// search analyses too: the passed format runs at most once per call, so
// what it returns does not matter and the disjunct is a condition with a
// proviso (the rule once took every Supplier.get call as a caller of the
// lambda, and there were examples only). Searched for its full 10 s.
TEST(Exceptions, AMessageSupplierReachesOnlyTheCallItIsPassedTo) {
  jwp::testing::TempDir tmp;
  int status = 0;
  const std::string out = RunCommand(
      Exceptions("exceptions.Api.paddedThenSupplied --timeout 10 --max-steps 6000 --json " +
                     tmp.File("out.json") + " 2>&1",
                 EngineJwpBinary()),
      &status);
  ASSERT_EQ(status, 0) << out;
  const std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  ExpectConditionsConfirmed(pairs);
  const json& npe = pairs.at("exceptions.Api.paddedThenSupplied(Ljava/lang/Object;Ljava/lang/String;)I "
                             "java.lang.NullPointerException");
  ASSERT_TRUE(npe["condition"].is_string()) << npe.dump(2);
  EXPECT_EQ(npe["condition"], "value == null, when java.lang.String.format returns normally") << npe.dump(2);
}

// A complete condition is exactly when the method throws: run each such
// method on the JVM over a grid of inputs, and compare whether it threw the
// exception with the condition, compiled as Java (it is Java).
TEST(Exceptions, CompleteConditionsHoldExactlyOnTheJvm) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(
      Exceptions("exceptions.Api.clamp exceptions.Api.percent exceptions.Api.deep exceptions.Api.digit "
                 "exceptions.Checks.checkedIndex --timeout 10 --json " + tmp.File("out.json") + " 2>&1",
                 EngineJwpBinary()),
      &status);
  ASSERT_EQ(status, 0) << out;
  const std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  // The fixture's parameters, as the conditions name them, and a call.
  struct Case {
    std::string method, exception, loops, call;
  };
  const std::string ints = "new int[] {Integer.MIN_VALUE, -200, -101, -1, 0, 1, 2, 3, 99, 100, 101, 128, Integer.MAX_VALUE}";
  const std::vector<Case> cases = {
      {"exceptions.Api.clamp(III)I", "java.lang.IllegalArgumentException",
       "for (int value : " + ints + ") for (int low : " + ints + ") for (int high : " + ints + ")",
       "exceptions.Api.clamp(value, low, high)"},
      {"exceptions.Api.percent(II)I", "java.lang.ArithmeticException",
       "for (int part : " + ints + ") for (int whole : " + ints + ")", "exceptions.Api.percent(part, whole)"},
      {"exceptions.Api.deep(I)I", "java.lang.IllegalStateException", "for (int n : " + ints + ")",
       "exceptions.Api.deep(n)"},
      {"exceptions.Api.digit(C)I", "java.lang.IllegalArgumentException", "for (char c = 0; c < 300; c++)",
       "exceptions.Api.digit(c)"},
      {"exceptions.Checks.checkedIndex(II)I", "java.lang.IndexOutOfBoundsException",
       "for (int index : " + ints + ") for (int length : " + ints + ")",
       "exceptions.Checks.checkedIndex(index, length)"},
  };
  std::string body;
  for (const Case& c : cases) {
    const json& p = pairs.at(c.method + " " + c.exception);
    ASSERT_EQ(p["complete"], true) << p.dump(2);
    const std::string cond = p["condition"].get<std::string>();
    body += c.loops + " {\n  boolean expected = " + cond + ";\n  boolean threw = false;\n  try { " + c.call +
            "; } catch (" + c.exception + " e) { threw = true; }\n  checked++;\n  if (threw != expected) " +
            "{ System.out.println(\"MISMATCH " + c.method + "\"); }\n}\n";
  }
  const std::string source = "public class CheckConditions {\n  public static void main(String[] args) {\n"
                              "int checked = 0;\n" + body + "System.out.println(\"checked \" + checked);\n  }\n}\n";
  jwp::testing::WriteText(tmp.File("CheckConditions.java"), source);
  const std::string cp = jwp::testing::FixturesDir() + "/release17.jar";
  const std::string javac = RunCommand(jwp::testing::JavaHome() + "/bin/javac -cp " + cp + " -d " + tmp.path() + " " +
                                           tmp.File("CheckConditions.java") + " 2>&1",
                                       &status);
  ASSERT_EQ(status, 0) << javac << source;
  const std::string ran =
      RunCommand(jwp::testing::JavaHome() + "/bin/java -cp " + cp + ":" + tmp.path() + " CheckConditions 2>&1", &status);
  ASSERT_EQ(status, 0) << ran;
  EXPECT_THAT(ran, Not(HasSubstr("MISMATCH"))) << source;
  EXPECT_THAT(ran, HasSubstr("checked " + std::to_string(13 * 13 * 13 + 13 * 13 + 13 + 300 + 13 * 13)));
}

// A state kept in an enum field: the enum's constants are class constants,
// the objects its class initializer made. Conditions compare the field with
// them (not with the class that a method dispatches to), the JVM runs
// witnesses that refer to those very objects, and the field, which no
// constructor or method leaves null, is no NullPointerException's condition.
TEST(Exceptions, EnumStatesAreComparedWithTheirConstants) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out =
      RunCommand(Exceptions("exceptions.Phases --timeout 10 --json " + tmp.File("out.json") + " 2>&1", EngineJwpBinary()), &status);
  ASSERT_EQ(status, 0) << out;
  std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  ExpectConditionsConfirmed(pairs);
  const std::string state = " java.lang.IllegalStateException";
  const json& start = pairs["exceptions.Phases.start()V" + state];
  EXPECT_EQ(start["condition"], "this.phase != exceptions.Phases$Phase.IDLE") << start.dump(2);
  EXPECT_EQ(start["complete"], true);
  // finish() asks the constant's own method (RUNNING's body says true).
  const json& finish = pairs["exceptions.Phases.finish()V" + state];
  EXPECT_EQ(finish["condition"], "this.phase != exceptions.Phases$Phase.RUNNING") << finish.dump(2);
  EXPECT_EQ(finish["complete"], true);
  for (const json* p : {&start, &finish}) {
    ASSERT_FALSE((*p)["disjuncts"].empty());
    const json& heap = (*p)["disjuncts"][0]["witness"]["heap"];
    const json& state_object = heap["o1"]["fields"]["exceptions/Phases.phase:Lexceptions/Phases$Phase;"];
    ASSERT_TRUE(state_object.is_string()) << heap.dump(2);
    EXPECT_THAT(heap[state_object.get<std::string>()].value("static_value", ""),
                ::testing::StartsWith("exceptions/Phases$Phase.")) << heap.dump(2);
    EXPECT_EQ((*p)["disjuncts"][0]["confirmed"], true);
  }
  for (const std::string m : {"start()V", "finish()V", "isDone()Z"}) {
    const auto npe = pairs.find("exceptions.Phases." + m + " java.lang.NullPointerException");
    if (npe == pairs.end()) continue;
    EXPECT_EQ(npe->second["verdict"], "NOT_FOUND") << npe->second.dump(2);
  }
  EXPECT_EQ(pairs.count("exceptions.Phases.isDone()Z java.lang.NullPointerException"), 1u) << out;
}

// Which override a call runs, in Java: the condition of render's
// UnsupportedOperationException is a type test on the argument (Strict and
// Loud throw, Lenient overrides Strict's method), not
// dispatch(typeOf(style), Style.open) == Strict.open.
TEST(Exceptions, TheOverrideACallRunsIsSaidWithTypeTests) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out =
      RunCommand(Exceptions("exceptions.Styles.render --timeout 10 --json " + tmp.File("out.json") + " 2>&1", EngineJwpBinary()), &status);
  ASSERT_EQ(status, 0) << out;
  std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  ExpectConditionsConfirmed(pairs);
  const json& uoe =
      pairs["exceptions.Styles.render(Lexceptions/Styles$Style;)Ljava/lang/String; java.lang.UnsupportedOperationException"];
  EXPECT_EQ(uoe["condition"],
            "style != null && style instanceof exceptions.Styles$Strict && !(style instanceof exceptions.Styles$Lenient)")
      << uoe.dump(2);
  EXPECT_EQ(uoe["complete"], true) << uoe.dump(2);
}

// A throw inside synchronized blocks leaves the method through javac's
// catch-all handlers (monitorexit, rethrow): documented with its own type,
// confirmed; the handlers' rethrow of a Throwable is not an exception type
// of its own, and their structured monitorexits throw nothing.
TEST(Exceptions, AThrowInsideSynchronizedBlocksLeavesThroughTheirHandlers) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(Exceptions("exceptions.Locked --json " + tmp.File("out.json") + " 2>&1", EngineJwpBinary()), &status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("exceptions.Locked.take(I)I\n  @throws java.lang.IllegalArgumentException if "));
  EXPECT_THAT(out, HasSubstr("  @throws java.lang.IllegalStateException if b != null && a != null && n == 7 [complete"));
  EXPECT_THAT(out, HasSubstr("  @throws java.lang.NullPointerException if a == null || b == null [complete"));
  EXPECT_THAT(out, Not(HasSubstr("java.lang.Throwable")));
  EXPECT_THAT(out, Not(HasSubstr("IllegalMonitorStateException")));
  ExpectConditionsConfirmed(Pairs(tmp.File("out.json")));
}

// Each method's goals are searched in a process of its own; one that runs
// out of memory costs only the goal it was on: a new process goes on from
// the next. Under a 1 MB cap every goal fails so, each on its own, and the
// run still lists them all in order and exits 0.
TEST(Exceptions, AGoalOutOfMemoryIsUnknownAndCostsOnlyItself) {
  jwp::testing::TempDir tmp;
  int status = -1;
  // The optimized build's binary where run_all.sh names it: a sanitized
  // jwp runs no goal under a cap (AddressSanitizer reserves its address
  // space up front), so only the optimized one shows the cap's UNKNOWN.
  const std::string jwp = EngineJwpBinary();
  const bool capped = !jwp::testing::kUnderAsan || jwp != JwpBinary();
  const std::string out = RunCommand(
      Exceptions("exceptions.Checks --jobs 2 --memory-mb 1 --json " + tmp.File("out.json") + " 2>&1", jwp), &status);
  ASSERT_EQ(status, 0) << out;
  json j = json::parse(ReadText(tmp.File("out.json")), nullptr, false);
  ASSERT_TRUE(j.is_array() && j.size() == 4u) << out;
  std::vector<std::string> methods;
  for (const auto& r : j) {
    methods.push_back(r["method"]);
    if (!capped) continue;  // no cap there: decided as usual
    EXPECT_EQ(r["verdict"], "UNKNOWN") << r.dump(2);
    EXPECT_THAT(r["reason"].get<std::string>(), HasSubstr("memory")) << r.dump(2);
  }
  // The order of a run without the cap (the class's declaration order).
  const std::string plain = RunCommand(Exceptions("exceptions.Checks --no-confirm --jobs 1 2>&1", jwp), &status);
  size_t at = 0;
  for (const std::string& m : methods) {
    const size_t next = plain.find(m + "\n", at);
    ASSERT_NE(next, std::string::npos) << m << " out of order in:\n" << plain;
    at = next;
  }
}

TEST(Exceptions, JavadocAndMarkdownFormats) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string javadoc = RunCommand(Exceptions("exceptions.Checks --format javadoc 2>&1"), &status);
  ASSERT_EQ(status, 0) << javadoc;
  EXPECT_THAT(javadoc, HasSubstr("exceptions.Checks.requireText(Ljava/lang/String;)Ljava/lang/String;\n"
                                 " * @throws NullPointerException if s is null\n"));
  EXPECT_THAT(javadoc, HasSubstr(" * @throws IndexOutOfBoundsException if index < 0 || length <= index\n"));
  EXPECT_THAT(javadoc, Not(HasSubstr("(exhaustive search)")));

  const std::string md = RunCommand(
      Exceptions("exceptions.Checks exceptions.Locked --format markdown --out " + tmp.File("pages") + " 2>&1"),
      &status);
  ASSERT_EQ(status, 0) << md;
  const std::string page = ReadText(tmp.File("pages/exceptions.Checks.md"));
  EXPECT_THAT(page, HasSubstr("# `exceptions.Checks`"));
  EXPECT_THAT(page, HasSubstr("### `exceptions.Checks.checkedIndex(II)I`\n\n"
                              "- `IndexOutOfBoundsException` if `index < 0 || length <= index` (complete, line 12)"));
  EXPECT_THAT(ReadText(tmp.File("pages/README.md")), HasSubstr("[`exceptions.Locked`](exceptions.Locked.md)"));

  const std::string no_out = RunCommand(Exceptions("exceptions.Checks --format markdown 2>&1"), &status);
  EXPECT_EQ(status, 2) << no_out;
  EXPECT_THAT(no_out, HasSubstr("--out DIR"));
  const std::string bad = RunCommand(Exceptions("exceptions.Checks --format html 2>&1"), &status);
  EXPECT_EQ(status, 2) << bad;
  EXPECT_THAT(bad, HasSubstr("--format html: expected text, javadoc or markdown"));
}

// End to end on commons-lang3 (Debian's jar and its Javadoc): a sample of
// Validate, StringUtils and ArrayUtils (all three in bench/, with the whole
// jar). Every printed condition rests on disjuncts the JVM confirmed, and
// the comparison with the Javadoc is printed.
TEST(Exceptions, CommonsLang3SampleAgainstItsJavadoc) {
  const std::string jar = "/usr/share/java/commons-lang3.jar";
  const std::string doc = "/usr/share/doc/libcommons-lang3-java/api";
  if (!std::filesystem::exists(jar) || !std::filesystem::exists(doc)) {
    GTEST_SKIP() << jar << " or " << doc << " is missing: bash .ci/setup installs them";
  }
  jwp::testing::TempDir tmp;
  int status = -1;
  // The optimized build's binary where run_all.sh names it: the budgets
  // below are wall clock, and under the sanitizers (3-5 times slower, beside
  // another test) abbreviate's search did not reach its candidate in 5 s.
  const std::string out = RunCommand(
      EngineJwpBinary() + " exceptions -cp " + jar +
          // One overload or two of each (ArrayUtils.swap alone has 18: they
          // took two thirds of the test's 52 s and checked nothing more).
          " 'org.apache.commons.lang3.Validate.isTrue(Z)V' 'org.apache.commons.lang3.Validate.isTrue(ZLjava/lang/String;J)V'"
          " org.apache.commons.lang3.StringUtils.left 'org.apache.commons.lang3.ArrayUtils.swap([Ljava/lang/Object;II)V'"
          " 'org.apache.commons.lang3.StringUtils.abbreviate(Ljava/lang/String;I)Ljava/lang/String;'"
          // One 5 s search per goal: the 1 s first search is wall clock,
          // and this test runs beside others (a loaded machine).
          " --timeout 5 --first-timeout 0 --jobs 2 --compare-javadoc " + doc + " --json " + tmp.File("out.json") +
          " 2>&1",
      &status);
  ASSERT_TRUE(status == 0) << out;
  const std::map<std::string, json> pairs = Pairs(tmp.File("out.json"));
  ASSERT_FALSE(pairs.empty()) << out;
  ExpectConditionsConfirmed(pairs);
  EXPECT_THAT(out, HasSubstr("org.apache.commons.lang3.Validate.isTrue(Z)V\n"
                             "  @throws java.lang.IllegalArgumentException if !expression [complete"));
  // One overload named by its descriptor. Its IllegalArgumentException's
  // message is a String.format of a literal format (analysed: it returns
  // for the int it is given), so the condition needs no proviso; on a
  // loaded machine the (wall-clock) budget may end first with a confirmed
  // candidate that passed calls: then the same inputs are printed as an
  // example. Either way, those inputs.
  EXPECT_EQ(pairs.count("org.apache.commons.lang3.StringUtils.abbreviate(Ljava/lang/String;II)Ljava/lang/String; "
                        "java.lang.IllegalArgumentException"),
            0u);
  EXPECT_THAT(out, HasSubstr("org.apache.commons.lang3.StringUtils.abbreviate(Ljava/lang/String;I)Ljava/lang/String;\n"));
  EXPECT_THAT(out, ::testing::AnyOf(
                       HasSubstr("  @throws java.lang.IllegalArgumentException if str != null && str.length() > 0 && "
                                 "maxWidth < 4 [partial"),
                       HasSubstr("  java.lang.IllegalArgumentException (line 222): thrown on the JVM for an input where "
                                 "str != null && str.length() > 0 && maxWidth < 4 (an example")));
  EXPECT_THAT(out, HasSubstr("Javadoc comparison:\n"));
  EXPECT_THAT(out, HasSubstr("  confirmed     org.apache.commons.lang3.Validate.isTrue(Z)V IllegalArgumentException "
                             "if !expression  (documented: if expression is false)"));
  EXPECT_THAT(out, ::testing::ContainsRegex("documented \\(method, exception\\) pairs: [0-9]+, confirmed by jwp with a "
                                          "condition: [0-9]+"));
}

// Each goal is searched first for --first-timeout seconds; with
// --search-again, one whose first search found inputs that throw but no
// condition to print (here one over an argument's field, left out) is
// searched again with the whole --timeout, and one with a condition is
// not. Without it, or with --first-timeout 0: one search.
TEST(Exceptions, AGoalWithOnlyExamplesAfterItsFirstSearchIsSearchedAgain) {
  jwp::testing::TempDir tmp;
  // The optimized build's binary: the schedule is of wall-clock searches,
  // which under the sanitizers took 32 s of their tests.
  // A first search of 3 s (not the default 1 s): the example's candidate
  // must reach the JVM within it on a loaded machine too.
  const std::string scope =
      "exceptions.Shares.share exceptions.Shares.label --timeout 10 --jobs 1 --no-progress";
  const std::string arithmetic = "exceptions.Shares.share(Lexceptions/Shares$Pool;I)I java.lang.ArithmeticException";
  const std::string npe = "exceptions.Shares.share(Lexceptions/Shares$Pool;I)I java.lang.NullPointerException";
  const std::string state = "exceptions.Shares.label(Ljava/lang/String;)Ljava/lang/String; "
                            "java.lang.IllegalStateException";
  int status = -1;
  std::string out = RunCommand(
      ExceptionsAsIs(scope + " --first-timeout 3 --search-again --json " + tmp.File("two.json") + " 2>&1",
                     EngineJwpBinary()),
      &status);
  ASSERT_EQ(status, 0) << out;
  std::map<std::string, json> pairs = Pairs(tmp.File("two.json"));
  ASSERT_EQ(pairs.count(arithmetic), 1u) << out;
  ASSERT_EQ(pairs.count(npe), 1u) << out;
  ASSERT_EQ(pairs.count(state), 1u) << out;
  // Only an example to print: searched again.
  EXPECT_EQ(pairs[state]["verdict"], "FOUND") << pairs[state].dump(2);
  EXPECT_TRUE(pairs[state]["condition"].is_null()) << pairs[state].dump(2);
  EXPECT_FALSE(pairs[state]["examples"].empty()) << pairs[state].dump(2);
  EXPECT_EQ(pairs[state]["searched_again"], true);
  // Found, but its only condition is over internal state: not again.
  EXPECT_EQ(pairs[arithmetic]["verdict"], "FOUND") << pairs[arithmetic].dump(2);
  EXPECT_TRUE(pairs[arithmetic]["condition"].is_null());
  EXPECT_GT(pairs[arithmetic]["left_out"], 0);
  EXPECT_EQ(pairs[arithmetic]["searched_again"], false);
  // A condition: not again.
  EXPECT_EQ(pairs[npe]["condition"], "pool == null");
  EXPECT_EQ(pairs[npe]["searched_again"], false);
  out = RunCommand(
      ExceptionsAsIs(scope + " --first-timeout 0 --json " + tmp.File("one.json") + " 2>&1", EngineJwpBinary()),
      &status);
  ASSERT_EQ(status, 0) << out;
  pairs = Pairs(tmp.File("one.json"));
  EXPECT_EQ(pairs[state]["verdict"], "FOUND");
  EXPECT_EQ(pairs[state]["searched_again"], false);
  EXPECT_EQ(pairs[state]["timeout_s"], 10);
  out = RunCommand(
      ExceptionsAsIs(scope + " --first-timeout 3 --json " + tmp.File("first.json") + " 2>&1", EngineJwpBinary()),
      &status);
  ASSERT_EQ(status, 0) << out;
  pairs = Pairs(tmp.File("first.json"));
  EXPECT_EQ(pairs[state]["verdict"], "FOUND");
  EXPECT_EQ(pairs[state]["searched_again"], false);
  EXPECT_EQ(pairs[state]["timeout_s"], 3);
  // A bad value is a usage error.
  out = RunCommand(ExceptionsAsIs(scope + " --first-timeout -1 2>&1"), &status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_THAT(out, HasSubstr("--first-timeout"));
}

// An implicit runtime exception that only a callee raises (an index into
// the callee's array parameter) gets --callee-runtime-share of the first
// search's budget and of the whole one; a NullPointerException from the
// same call does not. Each pair's JSON says the budget it had.
TEST(Exceptions, ASecondaryGoalGetsItsShareOfBothSearches) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(
      ExceptionsAsIs("exceptions.Shares.first --timeout 8 --first-timeout 4 --callee-runtime-share 0.5 --jobs 1 "
                     "--no-progress --json " + tmp.File("first.json") + " 2>&1"),
      &status);
  ASSERT_EQ(status, 0) << out;
  std::map<std::string, json> pairs = Pairs(tmp.File("first.json"));
  const std::string method = "exceptions.Shares.first([I)I ";
  ASSERT_EQ(pairs.count(method + "java.lang.ArrayIndexOutOfBoundsException"), 1u) << out;
  ASSERT_EQ(pairs.count(method + "java.lang.NullPointerException"), 1u) << out;
  const json& index = pairs[method + "java.lang.ArrayIndexOutOfBoundsException"];
  const json& npe = pairs[method + "java.lang.NullPointerException"];
  EXPECT_EQ(index["origin"], "callee");
  EXPECT_EQ(index["timeout_s"], 2.0) << index.dump(2);
  EXPECT_EQ(index["condition"], "values != null && values.length == 0") << index.dump(2);
  EXPECT_EQ(npe["timeout_s"], 4.0) << npe.dump(2);
  EXPECT_EQ(npe["condition"], "values == null") << npe.dump(2);
  ExpectConditionsConfirmed(pairs);
}

TEST(Exceptions, AScopeThatNamesNothingIsAnErrorAndTheRestStillRuns) {
  int status = -1;
  const std::string out =
      RunCommand(Exceptions("exceptions.Checks.requireText exceptions.NoSuchClass --no-confirm 2>&1"), &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("error: exceptions.NoSuchClass names no public or protected method of a public class"));
  EXPECT_THAT(out, HasSubstr("@throws java.lang.NullPointerException if s == null [complete; not replayed: --no-confirm"));
  EXPECT_THAT(out, HasSubstr("1 method: 1 exceptions with a confirmed condition"));

  const std::string missing = RunCommand(JwpBinary() + " exceptions -cp /nonexistent.jar 2>&1", &status);
  EXPECT_EQ(status, 2) << missing;
  EXPECT_THAT(missing, HasSubstr("/nonexistent.jar"));
}

}  // namespace
}  // namespace jwp::app
