// Construction goals (issue #31): the state a witness gives the receiver,
// reached through its class's own API instead of set reflectively.
//
// For a confirmed result whose entry is an instance method, a *universal
// driver* (Snugglebug §1): a static method that builds the receiver with one
// of its class's constructors, calls up to two of its methods that write the
// fields the witness sets (a setter, then an add), then makes the entry call.
// Each candidate sequence is a small Java class compiled here, and the
// result's goal is searched again with the driver as its entry. The first
// candidate whose witness the JVM confirms gives the test its state: the
// driver's inputs are the constructor's and the calls' arguments.
#ifndef JWP_APP_CONSTRUCTION_GOALS_H_
#define JWP_APP_CONSTRUCTION_GOALS_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "nlohmann/json.hpp"

namespace jwp::app {

struct ConstructionOptions {
  std::string class_path, jdk;  // the classes under test, then their dependencies
  bool models = true;
  double timeout_s = 5;    // per candidate sequence
  int max_candidates = 8;  // sequences tried per result
  int jobs = 0;            // results searched at once, each in a child process (0: the number of cores)
  uint64_t memory_mb = 4096;
};

// A sequence that reaches a result's goal.
struct FoundConstruction {
  nlohmann::ordered_json result;  // the goal searched from the driver: FOUND, its witness confirmed
  // For the test writer: {"subject": internal name, "constructor": {"descriptor", "args": [i...]},
  // "calls": [{"name", "descriptor", "args"}...], "entry": {"name", "descriptor", "args"}}, args
  // indexing the driver's parameters.
  nlohmann::ordered_json sequence;
  std::vector<std::string> parameters;  // the driver's parameter names
};

// For each confirmed result in `results` (as jwp wp --json prints them), a
// sequence or nothing. The drivers are compiled into `drivers_dir`, which
// must stay on the class path of whatever replays the found witnesses.
// What could not be tried goes to `log`.
std::vector<std::optional<FoundConstruction>> SearchConstructions(const classfile::ClassHierarchy& h,
                                                                  const std::vector<nlohmann::ordered_json>& results,
                                                                  const std::string& drivers_dir,
                                                                  const ConstructionOptions& o, std::ostream& log);

}  // namespace jwp::app

#endif  // JWP_APP_CONSTRUCTION_GOALS_H_
