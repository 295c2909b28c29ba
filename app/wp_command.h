// `jwp wp -cp PATH --goal 'pkg.Class.method(desc)@line:N' --kind npe
//  [--confirm] [--json]`: the raw engine on one goal (issue #5). Prints the
// verdict, the precondition (Java-like and SMT-LIB), the path, the witness
// and the assumptions; --confirm replays the witness on the JVM with the
// witness runner (app/witness_runner/README.md).
//
// Exit status: 0 FOUND (and CONFIRMED when --confirm), 3 NOT_FOUND,
// 4 UNKNOWN, 5 FOUND but the runner REFUTED it (a bug in jwp), 1 the goal
// does not exist (no such class, method, line, dereference...), 2 usage or
// set-up error (class path, JDK, runner).
#ifndef JWP_APP_WP_COMMAND_H_
#define JWP_APP_WP_COMMAND_H_

#include <iosfwd>
#include <string>

#include "wp/engine.h"

namespace jwp::app {

struct WpOptions {
  std::string class_path;
  std::string jdk;
  std::string goal;
  std::string kind = "reach";
  std::string entry;  // the entry method; empty: the closest public one
  bool models = true;  // analyse with lib/jwp-models.jar before the JDK
  bool confirm = false;
  bool json = false;
  std::string witness_out;  // also write the witness JSON here
  wp::EngineOptions engine;
};

int RunWp(const WpOptions& options, std::ostream& out, std::ostream& err);

// The witness runner's input (app/witness_runner/README.md) for a FOUND result.
std::string WitnessJson(const wp::Result& result, const wp::GoalSpec& goal);

}  // namespace jwp::app

#endif  // JWP_APP_WP_COMMAND_H_
