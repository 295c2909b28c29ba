// `jwp validate -cp PATH --findbugs REPORT.xml [--json FILE] [--sarif FILE]
//  [--confirm] [--jobs N] [--timeout S] [--memory-mb M] [--config C]`
// (issue #8): the null-dereference reports of a FindBugs/SpotBugs
// BugCollection, each turned into a goal (app/findbugs_report.h) and
// searched from the closest public method, as in the paper's Section 7.
//
// Verdicts, one per dereference report:
//   VALIDATED  a precondition at the entry under which the dereference
//              throws NullPointerException, with a witness; with --confirm
//              the witness runner replayed it on the JVM (a REFUTED witness
//              is never reported as VALIDATED: it becomes UNKNOWN, names the
//              bug, and the exit status is 5).
//   NOT_FOUND  the search was exhaustive and no precondition exists.
//   UNKNOWN    with the reason (budget, timeout, memory, unsupported
//              construct, missing class, solver unknown, no goal).
// Reports of other types are counted as "not a dereference goal".
//
// Each goal runs in a child process (fork) with the per-goal timeout (the
// engine's budget, then SIGKILL after a grace period) and an address-space
// cap, so that one goal's crash or blow-up costs only that goal. Up to
// --jobs children run at once. Results are printed (a table on stdout) in
// report order as soon as every earlier one is known; --json and --sarif
// files are rewritten after each result with everything finished so far,
// so an interrupted run keeps it. A progress line goes to stderr when it is
// a terminal.
//
// Exit status: 0 the run finished; 1 some reports make no goal in the
// class path's bytecode (listed on stderr; the others still ran); 5 a
// witness was refuted by the runner (a bug in jwp); 2 usage or set-up
// error (unreadable report, class path, JDK, runner).
#ifndef JWP_APP_VALIDATE_COMMAND_H_
#define JWP_APP_VALIDATE_COMMAND_H_

#include <iosfwd>
#include <string>

#include "wp/engine.h"

namespace jwp::app {

struct ValidateOptions {
  std::string class_path;
  std::string jdk;
  std::string findbugs;        // the BugCollection XML
  std::string json_out;        // "" none
  std::string sarif_out;       // "" none
  std::string tests_dir;       // "" none: else jwp testgen's tests of the confirmed witnesses go there
  bool confirm = false;
  bool exact = false;  // with confirm: no optimistic calls (issue #27)
  int jobs = 0;                // 0: the number of cores
  double timeout_s = 60;       // per goal
  uint64_t memory_mb = 4096;   // address-space cap per goal (0: none)
  std::string config = "production";  // production | no-generalization | no-simplification | cha
  std::string select;          // "" all; else report numbers "1,4-7" (1-based, dereference reports only)
  bool models = true;
  int progress = -1;           // -1: when stderr is a terminal; 0 never; 1 always
  bool verbose = false;        // the witness under each VALIDATED row
  wp::EngineOptions engine;    // the base options the configuration adjusts
};

int RunValidate(const ValidateOptions& options, std::ostream& out, std::ostream& err);

}  // namespace jwp::app

#endif  // JWP_APP_VALIDATE_COMMAND_H_
