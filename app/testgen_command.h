// jwp testgen (issue #31): JUnit 5 tests from the witnesses the JVM
// confirmed in the results of jwp wp, jwp validate and jwp exceptions.
#ifndef JWP_APP_TESTGEN_COMMAND_H_
#define JWP_APP_TESTGEN_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace jwp::app {

struct TestgenOptions {
  std::string class_path;         // the classes under test, then their dependencies
  std::string jdk;                // JDK home ("" = JAVA_HOME, then java on PATH)
  std::vector<std::string> from;  // result files (JSON of jwp wp/validate/exceptions, or SARIF)
  // --cover: classes ("pkg.C"), packages ("pkg.") or methods ("pkg.C.m") of the first class path
  // entry whose coverage goals (wp/coverage_goals.h) are searched, each confirmed witness a test.
  std::vector<std::string> cover;
  double timeout_s = 10;      // --cover: per goal
  uint64_t max_steps = 50000;  // --cover: per goal
  // Construction goals (construction_goals.h): a state a test would set reflectively is searched
  // through the class's constructors and methods first, `construction_timeout_s` per sequence.
  bool construct = true;
  double construction_timeout_s = 5;
  int jobs = 0;                // --cover: methods searched at once, each in a child process (0: the number of cores)
  uint64_t memory_mb = 4096;   // --cover: address-space cap of each child (0: none)
  bool models = true;
  std::string out;                // the directory the tests go to (their package directories under it)
  bool verify = true;             // compile the tests and run them `runs` times; drop those that fail
  int runs = 2;
  std::string junit = "/usr/share/java/junit-platform-console-standalone.jar";
  std::string source_label;  // names the results in the tests' comments ("" = the --from file's name)
};

// Exit status: 0 every confirmed witness became a passing test (but those
// that set environment variables, which a JUnit test cannot: listed); 1
// some did not (skipped or dropped, each listed); 2 usage or set-up error.
int RunTestgen(const TestgenOptions& options, std::ostream& out, std::ostream& err);

// `--tests DIR` of jwp validate and jwp exceptions: RunTestgen over the
// results just computed (written to a temporary file for it).
int WriteTestsFor(const nlohmann::ordered_json& results, const std::string& class_path, const std::string& jdk,
                  const std::string& dir, std::ostream& out, std::ostream& err);

}  // namespace jwp::app

#endif  // JWP_APP_TESTGEN_COMMAND_H_
