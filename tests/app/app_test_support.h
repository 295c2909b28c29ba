// Helpers shared by the app tests that run `jwp wp --json` on the fixtures.
#ifndef JWP_TESTS_APP_APP_TEST_SUPPORT_H_
#define JWP_TESTS_APP_APP_TEST_SUPPORT_H_

#include <string>

#include "nlohmann/json.hpp"
#include "tests/test_support.h"

namespace jwp::testing {

// `jwp wp -cp build/fixtures/release17.jar` with more arguments (which
// must include --json), by EngineJwpBinary(); *status gets jwp's exit
// status. Throws
// nlohmann::json::parse_error when the output is not JSON.
inline nlohmann::json RunWpJson(const std::string& args, int* status) {
  std::string out = RunCommand(EngineJwpBinary() + " wp -cp " + FixturesDir() + "/release17.jar" + args, status);
  return nlohmann::json::parse(out);
}

}  // namespace jwp::testing

#endif  // JWP_TESTS_APP_APP_TEST_SUPPORT_H_
