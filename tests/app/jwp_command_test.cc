// End-to-end checks of the jwp command line: output and exit codes.
#include <filesystem>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using jwp::testing::JwpBinary;
using jwp::testing::RunCommand;


TEST(JwpCommand, StatsCountsFixtureClasses) {
  namespace fs = std::filesystem;
  // A directory holding exactly the six classes of Basics.java.
  fs::path dir = fs::temp_directory_path() / "jwp_command_test_basics";
  fs::remove_all(dir);
  fs::create_directories(dir / "fixtures");
  for (const auto& e : fs::directory_iterator(jwp::testing::Release8Dir() + "/fixtures")) {
    std::string name = e.path().filename().string();
    if (name == "Basics.class" || name.rfind("Basics$", 0) == 0) fs::copy_file(e.path(), dir / "fixtures" / name);
  }
  int status = -1;
  std::string out = RunCommand(JwpBinary() + " stats -cp " + dir.string() + " 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("classes: 6\n"));
  EXPECT_THAT(out, HasSubstr("errors: 0\n"));
  out = RunCommand(JwpBinary() + " stats --ir -cp " + dir.string() + " 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("ir construction failures: 0 (unsupported: 0)\n"));
  EXPECT_THAT(out, HasSubstr("ir verifier violations: 0\n"));
  fs::remove_all(dir);
}

TEST(JwpCommand, StatsCountsFieldFacts) {
  namespace fs = std::filesystem;
  // FieldFacts.java's classes (Java 8: no nestmates; its accessor is followed).
  fs::path dir = fs::temp_directory_path() / "jwp_command_test_field_facts";
  fs::remove_all(dir);
  fs::create_directories(dir / "wp");
  for (const auto& e : fs::directory_iterator(jwp::testing::Release8Dir() + "/wp")) {
    std::string name = e.path().filename().string();
    if (name == "FieldFacts.class" || name.rfind("FieldFacts$", 0) == 0) fs::copy_file(e.path(), dir / "wp" / name);
  }
  int status = -1;
  std::string out = RunCommand(JwpBinary() + " stats --field-facts -cp " + dir.string() + " 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  // FieldFacts: privateTrue, privateFalse, privateFive, name, mode, neverSet,
  // debug (public: no facts), label (a setter); Leaky.name, TwoWays.name,
  // Switcher.this$0 and Kept.lock (parameters), Reflective.secret (named by a
  // string), Injectable.service (annotated for a framework); SharedInit.parts
  // (a private init() every constructor and readObject call stores it:
  // default gone), SharedInit.size (deserialization sets it),
  // EscapingInit.name (init() lets `this` escape first: default kept);
  // Checked.required, .guarded and .trimmed (never null where stored:
  // default gone) and Checked.unchecked (a parameter).
  EXPECT_THAT(out, HasSubstr("fields: 21\n"));
  EXPECT_THAT(out, HasSubstr("no facts, annotated for a framework: 1\n"));
  EXPECT_THAT(out, HasSubstr("fields with facts: 13 (one value: 2; default gone once initialized: 7)\n"));
  EXPECT_THAT(out, HasSubstr("no facts, deserialization sets it: 1\n"));
  EXPECT_THAT(out, HasSubstr("no facts, writable outside its class: 1\n"));
  EXPECT_THAT(out, HasSubstr("no facts, named by a string constant: 1\n"));
  EXPECT_THAT(out, HasSubstr("no facts, a stored value is not a constant or a new object: 4\n"));
  EXPECT_THAT(out, HasSubstr("effectively final: 13\n"));
  fs::remove_all(dir);
}

TEST(JwpCommand, StatsReportsBrokenClassesAndExitsOne) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / "jwp_command_test_broken";
  fs::remove_all(dir);
  fs::create_directories(dir / "fixtures");
  auto bytes = jwp::testing::ReadFileBytes(jwp::testing::Release8Dir() + "/fixtures/Basics.class");
  bytes.resize(bytes.size() / 2);
  jwp::testing::WriteFileBytes(dir / "fixtures/Basics.class", bytes);
  fs::copy_file(jwp::testing::Release8Dir() + "/fixtures/Basics$Color.class",
                dir / "fixtures/Basics$Color.class");
  int status = -1;
  std::string out = RunCommand(JwpBinary() + " stats -cp " + dir.string() + " 2>&1", &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr(dir.string() + "/fixtures/Basics.class: offset 0x"));
  EXPECT_THAT(out, HasSubstr("classes: 1\n"));  // the good class still counts
  EXPECT_THAT(out, HasSubstr("errors: 1\n"));
  fs::remove_all(dir);
}

TEST(JwpCommand, DumpOfMissingClassFailsWithItsName) {
  int status = -1;
  std::string out = RunCommand(
      JwpBinary() + " dump -cp " + jwp::testing::Release8Dir() + " fixtures.NoSuchClass 2>&1", &status);
  EXPECT_EQ(status, 1);
  EXPECT_THAT(out, HasSubstr("fixtures/NoSuchClass"));
}

TEST(JwpCommand, DumpOfSeveralClassesPrintsEachInTurnAndReportsTheMissingOne) {
  const std::string dump = JwpBinary() + " dump -cp " + jwp::testing::Release8Dir() + " ";
  int status = -1;
  const std::string basics = RunCommand(dump + "fixtures.Basics 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  const std::string color = RunCommand(dump + "'fixtures/Basics$Color' 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  ASSERT_THAT(basics, HasSubstr("class fixtures.Basics"));
  ASSERT_THAT(color, HasSubstr("fixtures.Basics$Color"));

  const std::string both = dump + "fixtures.Basics fixtures.NoSuchClass 'fixtures/Basics$Color'";
  std::string out = RunCommand(both + " 2>/dev/null", &status);
  EXPECT_EQ(status, 1);
  EXPECT_EQ(out, basics + color);  // the missing class leaves nothing behind
  std::string err = RunCommand(both + " 2>&1 >/dev/null", &status);
  EXPECT_EQ(status, 1);
  EXPECT_THAT(err, HasSubstr("fixtures/NoSuchClass"));
  EXPECT_THAT(err, ::testing::Not(HasSubstr("Basics")));
}

// jwp --help and every subcommand's --help end with an example of its use
// (issue #32), in the one spelling of the options (--timeout in seconds).
TEST(JwpCommand, EveryHelpHasAnExample) {
  int status = -1;
  std::string out = RunCommand(JwpBinary() + " --help", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("Examples:\n  jwp validate -cp "));
  for (const char* sub : {"stats", "dump", "ir", "wp", "validate", "exceptions"}) {
    out = RunCommand(JwpBinary() + " " + sub + " --help", &status);
    EXPECT_EQ(status, 0) << sub << ": " << out;
    EXPECT_THAT(out, ::testing::ContainsRegex(std::string("Examples?:\n  jwp ") + sub + " ")) << sub;
  }
  out = RunCommand(JwpBinary() + " wp --help", &status);
  EXPECT_THAT(out, HasSubstr("--timeout 30"));
  EXPECT_THAT(out, ::testing::Not(HasSubstr("--timeout-ms")));
}

TEST(JwpCommand, UsageErrorsExitTwo) {
  int status = -1;
  std::string out = RunCommand(JwpBinary() + " frobnicate 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  out = RunCommand(JwpBinary() + " dump 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  out = RunCommand(JwpBinary() + " stats --jdk /tmp 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_THAT(out, HasSubstr("/tmp: not a JDK"));
}

TEST(JwpCommand, IrPrintsMethodWithExceptionalEdgesAndLines) {
  int status = -1;
  std::string out = RunCommand(
      JwpBinary() + " ir -cp " + jwp::testing::Release8Dir() + " 'fixtures.Basics.loops([I)I' 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("method fixtures.Basics.loops([I)I static"));
  EXPECT_THAT(out, HasSubstr("= arraylength v0"));
  EXPECT_THAT(out, HasSubstr("exception java.lang.ArrayIndexOutOfBoundsException uncaught"));
  EXPECT_THAT(out, HasSubstr(" line 75"));
  EXPECT_THAT(out, HasSubstr("(exceptional exit)"));
  // Without a descriptor, a unique name is enough.
  out = RunCommand(JwpBinary() + " ir -cp " + jwp::testing::Release8Dir() + " fixtures.Basics.loops 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
}

TEST(JwpCommand, IrRejectsMissingAndAbstractMethods) {
  int status = -1;
  std::string cp = jwp::testing::Release8Dir();
  std::string out = RunCommand(JwpBinary() + " ir -cp " + cp + " fixtures.Basics.nope 2>&1", &status);
  EXPECT_EQ(status, 1);
  EXPECT_THAT(out, HasSubstr("class fixtures/Basics has no method nope"));
  out = RunCommand(JwpBinary() + " ir -cp " + cp + " fixtures.Basics.nativeMethod 2>&1", &status);
  EXPECT_EQ(status, 1);
  EXPECT_THAT(out, HasSubstr("has no code"));
  out = RunCommand(JwpBinary() + " ir -cp " + cp + " nodots 2>&1", &status);
  EXPECT_EQ(status, 2);
  EXPECT_THAT(out, HasSubstr("does not name a method"));
}

}  // namespace
}  // namespace jwp::app
