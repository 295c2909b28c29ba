// `jwp wp` with the JDK models (issue #7): the String and StringBuilder
// models turn goals that need String.length or appends from UNKNOWN into
// FOUND confirmed on the JVM; --no-models analyses the JDK's own classes.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "nlohmann/json.hpp"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;
using jwp::testing::RunCommand;

constexpr const char* kStringLength =
    " --goal 'interproc.Jdk.stringLength(Ljava/lang/String;I)I@line:28'"
    " --kind exception:java.lang.ArithmeticException --json";

nlohmann::json RunWpJson(const std::string& args, int* status) {
  std::string out = RunCommand(jwp::testing::BinaryDir() + "/bin/jwp wp -cp " + jwp::testing::FixturesDir() +
                                   "/release17.jar" + args,
                               status);
  return nlohmann::json::parse(out);
}

TEST(Models, StringLengthIsFoundWithTheStringModelAndConfirmed) {
  int status = -1;
  nlohmann::json j = RunWpJson(std::string(kStringLength) + " --confirm", &status);
  EXPECT_EQ(status, 0) << j.dump();
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr("s.jwpValue.length == 3"));
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
  int status = -1;
  nlohmann::json j = RunWpJson(
      " --goal 'interproc.JdkUse.builderLength(Ljava/lang/String;I)I@line:60'"
      " --kind exception:java.lang.ArithmeticException --json --confirm",
      &status);
  EXPECT_EQ(status, 0) << j.dump();
  EXPECT_EQ(j["verdict"], "FOUND");
  EXPECT_EQ(j["confirmed"], true);
  // s + '!' has three characters: s has two.
  EXPECT_THAT(j["precondition"].get<std::string>(), HasSubstr("s.jwpValue.length == 2"));
}

TEST(Models, WithoutModelsTheJdksStringIsAnalysed) {
  int status = -1;
  nlohmann::json j = RunWpJson(std::string(kStringLength) + " --no-models", &status);
  EXPECT_EQ(status, 4) << j.dump();
  EXPECT_EQ(j["verdict"], "UNKNOWN");
  EXPECT_THAT(j["reason"].get<std::string>(), HasSubstr("COMPACT_STRINGS"));
}

}  // namespace
}  // namespace jwp::app
