// `jwp exceptions` (issue #30, first increment) on tests/fixtures/java8/exceptions:
// every printed condition's witness confirmed on the JVM, the exception no
// input can raise never printed as a condition, methods out of scope or
// without a throw left out, and bad input a clear error.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using jwp::testing::JwpBinary;
using jwp::testing::ReadText;
using jwp::testing::RunCommand;

std::string Exceptions(const std::string& args) {
  return JwpBinary() + " exceptions -cp " + jwp::testing::FixturesDir() + "/release17.jar " + args;
}

TEST(Exceptions, EachThrowGetsAConfirmedConditionOrSaysWhy) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(Exceptions("exceptions.Checks --json " + tmp.File("out.json") + " 2>&1"), &status);
  ASSERT_EQ(status, 0) << out;
  // One @throws line per condition, under its method, in Java.
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.checkedIndex(II)I\n  @throws java.lang.IndexOutOfBoundsException if "));
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.requireText(Ljava/lang/String;)Ljava/lang/String;\n"
                             "  @throws java.lang.NullPointerException if s == null (line 19)\n"));
  EXPECT_THAT(out, HasSubstr("exceptions.Checks.pop()I\n  @throws java.lang.IllegalStateException if "));
  EXPECT_THAT(out, HasSubstr("java.lang.IllegalArgumentException (line 33): never thrown (exhaustive search)"));
  // Methods without a throw, and methods that are not public, are left out.
  EXPECT_THAT(out, Not(HasSubstr("plain")));
  EXPECT_THAT(out, Not(HasSubstr("packagePrivate")));
  EXPECT_THAT(out, HasSubstr("4 throw sites: FOUND 3, NOT_FOUND 1, UNKNOWN 0"));

  nlohmann::json j = nlohmann::json::parse(ReadText(tmp.File("out.json")), nullptr, false);
  ASSERT_TRUE(j.is_array()) << out;
  ASSERT_EQ(j.size(), 4u);
  int found = 0;
  for (const auto& r : j) {
    SCOPED_TRACE(r.dump(2));
    if (r["verdict"] == "FOUND") {
      ++found;
      EXPECT_EQ(r["confirmed"], true) << "every printed condition is replayed on the JVM";
      EXPECT_EQ(r["entry"], r["method"]) << "the condition is on the method's own parameters";
    } else {
      EXPECT_EQ(r["verdict"], "NOT_FOUND");
      EXPECT_EQ(r["exception"], "java.lang.IllegalArgumentException");
    }
  }
  EXPECT_EQ(found, 3);
  // The index check: its condition says when index is out of range.
  for (const auto& r : j) {
    if (r["exception"] == "java.lang.IndexOutOfBoundsException") {
      const std::string pre = r["precondition"];
      EXPECT_TRUE(pre.find("index < 0") != std::string::npos || pre.find("index >= length") != std::string::npos)
          << pre;
    }
  }
}

// A throw inside synchronized blocks leaves the method through javac's
// catch-all handlers (monitorexit, rethrow): it is documented at its own
// line with its own type, confirmed; the handlers' rethrows of a Throwable
// are no throw sites.
TEST(Exceptions, AThrowInsideSynchronizedBlocksLeavesThroughTheirHandlers) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(Exceptions("exceptions.Locked --json " + tmp.File("out.json") + " 2>&1"), &status);
  ASSERT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("exceptions.Locked.take(I)I\n  @throws java.lang.IllegalArgumentException if "));
  EXPECT_THAT(out, HasSubstr("  @throws java.lang.IllegalStateException if n == 7"));
  EXPECT_THAT(out, Not(HasSubstr("java.lang.Throwable")));
  EXPECT_THAT(out, HasSubstr("2 throw sites: FOUND 2, NOT_FOUND 0, UNKNOWN 0"));
  nlohmann::json j = nlohmann::json::parse(ReadText(tmp.File("out.json")), nullptr, false);
  ASSERT_TRUE(j.is_array()) << out;
  ASSERT_EQ(j.size(), 2u);
  for (const auto& r : j) EXPECT_EQ(r["confirmed"], true) << r.dump(2);
}

// Each method's sites are searched in a process of its own; one that runs
// out of memory costs only the site it was on: a new process goes on from
// the next site. Under a 1 MB cap every site fails so, each on its own,
// and the run still lists all four in order and exits 0.
TEST(Exceptions, ASiteOutOfMemoryIsUnknownAndCostsOnlyItself) {
  jwp::testing::TempDir tmp;
  int status = -1;
  const std::string out = RunCommand(
      Exceptions("exceptions.Checks --jobs 2 --memory-mb 1 --json " + tmp.File("out.json") + " 2>&1"), &status);
  ASSERT_EQ(status, 0) << out;
  nlohmann::json j = nlohmann::json::parse(ReadText(tmp.File("out.json")), nullptr, false);
  ASSERT_TRUE(j.is_array() && j.size() == 4u) << out;
  std::vector<std::string> methods;
  for (const auto& r : j) {
    methods.push_back(r["method"]);
    if (jwp::testing::kUnderAsan) continue;  // no cap there: decided as usual
    EXPECT_EQ(r["verdict"], "UNKNOWN") << r.dump(2);
    EXPECT_THAT(r["reason"].get<std::string>(), HasSubstr("memory")) << r.dump(2);
  }
  // The order of a run without the cap (the class's declaration order).
  const std::string plain = RunCommand(Exceptions("exceptions.Checks --no-confirm --jobs 1 2>&1"), &status);
  size_t at = 0;
  for (const std::string& m : methods) {
    const size_t next = plain.find(m + "\n", at);
    ASSERT_NE(next, std::string::npos) << m << " out of order in:\n" << plain;
    at = next;
  }
}

TEST(Exceptions, AScopeThatNamesNothingIsAnErrorAndTheRestStillRuns) {
  int status = -1;
  const std::string out =
      RunCommand(Exceptions("exceptions.Checks.requireText exceptions.NoSuchClass --no-confirm 2>&1"), &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr("error: exceptions.NoSuchClass names no public or protected method of a public class"));
  EXPECT_THAT(out, HasSubstr("@throws java.lang.NullPointerException if s == null (line 19) [not replayed"));
  EXPECT_THAT(out, HasSubstr("1 method, 1 throw site: FOUND 1"));

  const std::string missing = RunCommand(JwpBinary() + " exceptions -cp /nonexistent.jar 2>&1", &status);
  EXPECT_EQ(status, 2) << missing;
  EXPECT_THAT(missing, HasSubstr("/nonexistent.jar"));
}

}  // namespace
}  // namespace jwp::app
