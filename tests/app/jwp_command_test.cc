// End-to-end checks of the jwp command line: output and exit codes.
#include <filesystem>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using jwp::testing::RunCommand;

std::string Jwp() { return jwp::testing::BinaryDir() + "/bin/jwp"; }

TEST(JwpCommand, StatsCountsFixtureClasses) {
  int status = -1;
  std::string out = RunCommand(Jwp() + " stats -cp " + jwp::testing::Release8Dir() + " 2>&1", &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_THAT(out, HasSubstr("classes: 6\n"));
  EXPECT_THAT(out, HasSubstr("errors: 0\n"));
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
  std::string out = RunCommand(Jwp() + " stats -cp " + dir.string() + " 2>&1", &status);
  EXPECT_EQ(status, 1) << out;
  EXPECT_THAT(out, HasSubstr(dir.string() + "/fixtures/Basics.class: offset 0x"));
  EXPECT_THAT(out, HasSubstr("classes: 1\n"));  // the good class still counts
  EXPECT_THAT(out, HasSubstr("errors: 1\n"));
  fs::remove_all(dir);
}

TEST(JwpCommand, DumpOfMissingClassFailsWithItsName) {
  int status = -1;
  std::string out = RunCommand(
      Jwp() + " dump -cp " + jwp::testing::Release8Dir() + " fixtures.NoSuchClass 2>&1", &status);
  EXPECT_EQ(status, 1);
  EXPECT_THAT(out, HasSubstr("fixtures/NoSuchClass"));
}

TEST(JwpCommand, UsageErrorsExitTwo) {
  int status = -1;
  std::string out = RunCommand(Jwp() + " frobnicate 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  out = RunCommand(Jwp() + " dump 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  out = RunCommand(Jwp() + " stats --jdk /tmp 2>&1", &status);
  EXPECT_EQ(status, 2) << out;
  EXPECT_THAT(out, HasSubstr("/tmp: not a JDK"));
}

}  // namespace
}  // namespace jwp::app
