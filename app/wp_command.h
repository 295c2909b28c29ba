// `jwp wp -cp PATH --goal 'pkg.Class.method(desc)@line:N' --kind npe
//  [--confirm] [--json]`: the raw engine on one goal (issue #5). Prints the
// verdict, the precondition (Java-like and SMT-LIB), the path, the witness
// and the assumptions; --confirm replays the witness on the JVM with the
// witness runner (app/witness_runner/README.md).
//
// Exit status: 0 FOUND (and CONFIRMED when --confirm), 3 NOT_FOUND,
// 4 UNKNOWN, 5 FOUND but the runner REFUTED it (a bug in jwp), 1 the goal
// does not exist (no such class, method, line, dereference...) or the
// --entry cannot be used, 2 usage or set-up error (class path, JDK,
// runner). With --json every outcome is one JSON object on stdout (errors
// too: OutcomeJson), and the message is also on stderr.
#ifndef JWP_APP_WP_COMMAND_H_
#define JWP_APP_WP_COMMAND_H_

#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "app/class_path_setup.h"
#include "classfile/class_hierarchy.h"
#include "nlohmann/json.hpp"
#include "wp/engine.h"
#include "wp/entry_chains.h"

namespace jwp::app {

struct WpOptions {
  std::string class_path;
  std::string jdk;
  std::string goal;
  std::string kind = "reach";
  std::string entry;  // the entry method; empty: the closest public one
  bool models = true;  // analyse with lib/jwp-models.jar before the JDK
  bool confirm = false;
  bool exact = false;  // with confirm: no optimistic calls (issue #27)
  bool json = false;
  std::string witness_out;  // also write the witness JSON here
  bool trace = false;  // the engine's trace lines on `err`
  wp::EngineOptions engine;
  // A batch (--goals): the file of goals, "-" for standard input; goals
  // searched at once (0: the number of cores); each one's memory cap.
  std::string goals_file;
  int jobs = 0;
  uint64_t memory_mb = 4096;
};

int RunWp(const WpOptions& options, std::ostream& out, std::ostream& err);

struct AnalysedClassPath;
// RunWp on a class path already opened (options.class_path, options.jdk
// and options.models are those it was opened with).
int RunWpGoal(const AnalysedClassPath& analysed, const WpOptions& options, std::ostream& out, std::ostream& err);

// jwp wp --goals: every goal of options.goals_file, a line each (blank
// lines and those starting with '#' skipped), `parse_line` giving the
// goal's options (the class path, the JDK, the models and --json are the
// batch's). The class path is opened once; each goal is searched in a
// process of its own (app/goal_processes.h: a crash or a memory cap costs
// only that goal), the witnesses confirmed by serving runners the
// processes share (app/runner_pool.h, RunnerSlots). Results in the file's
// order, as each is known: with --json one object per line, the single
// run's object with "line" (the file's line) and "exit" (the status a
// single run exits with); otherwise each goal's text after a line
// "== line N: GOAL". Returns 0 when every goal has its result, 1 when
// some line is an error (no goal, a bad option, a process that died), 2
// when the batch cannot start.
int RunWpBatch(const WpOptions& options,
               const std::function<absl::StatusOr<WpOptions>(const std::string& line)>& parse_line, std::ostream& out,
               std::ostream& err);

// The witness runner's input (app/witness_runner/README.md) for a FOUND result.
std::string WitnessJson(const wp::Result& result, const wp::GoalSpec& goal);

// The JSON object `jwp wp --json` prints for a result.
nlohmann::ordered_json WpResultJson(const wp::Result& result, const wp::GoalSpec& goal,
                                    const std::optional<bool>& confirmed);

// The class path as the engine sees it: lib/jwp-models.jar first when
// `models`, then `class_path`, then the JDK; and its class hierarchy.
struct AnalysedClassPath {
  OpenedClassPath opened;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy;
};
// Warnings (a class path entry skipped, ...) go to `warnings`; an error
// (no JDK, the models missing, ...) is the status, its message without
// "error: ".
absl::Status OpenAnalysedClassPath(const std::string& class_path, const std::string& jdk, bool models,
                                   std::ostream& warnings, AnalysedClassPath* out);

// Replays the witness in `witness_path` with lib/jwp-witness-runner.jar on
// the user's `class_path` (never the models). `confirmed` is the runner's
// verdict; `output` its stdout (CONFIRMED/REFUTED lines); `error` is set
// (ending in a newline) when the runner could not run or failed.
struct RunnerOutcome {
  bool confirmed = false;
  std::string output;
  std::string error;
};
RunnerOutcome ConfirmWitness(const std::string& witness_path, const std::string& class_path,
                             const std::string& jdk_home);
// The command that starts the witness runner (java, its flags, -cp, the
// main class; without a witness) for `class_path`; empty with `error` set
// when the JDK or lib/jwp-witness-runner.jar cannot be found.
std::vector<std::string> WitnessRunnerCommand(const std::string& class_path, const std::string& jdk_home,
                                              std::string* error);
// ConfirmWitness on the witness document `witness` (JSON text), written to
// a temporary file for the runner and removed after.
RunnerOutcome ConfirmWitnessText(const std::string& witness, const std::string& class_path,
                                 const std::string& jdk_home);
// Optimistic calls (issue #27): unless `exact`, the engine passes costly
// calls beside its exact search (wp::EngineOptions::optimistic_calls) and
// runs each candidate's witness on the JVM (ConfirmResult) before it
// returns it as a FOUND.
void RunCandidatesOnJvm(const wp::GoalSpec& goal, const std::string& class_path, const std::string& jdk_home,
                        bool exact, wp::EngineOptions* engine);
// The `stack:` line of the runner's output (a refutation by an exception),
// top frame first; empty when it has none.
std::vector<wp::EngineOptions::Confirmation::Frame> RunnerStack(const std::string& output);
// The `call:` lines of the runner's output: what each call the candidate
// assumed did (Replay::observe).
std::vector<wp::EngineOptions::Confirmation::Call> RunnerCalls(const std::string& output);
// The runner's outcome when the engine had the result confirmed itself (a
// FOUND through optimistic calls): nothing to run again.
std::optional<RunnerOutcome> EngineConfirmation(const wp::Result& result);
// Writes `text` to `path` through a temporary file renamed over it: a
// reader, or a run interrupted while writing, sees the old file or the new
// one, never half of one. False when either step fails.
bool WriteFileAtomically(const std::string& path, const std::string& text);

// ConfirmWitness on the witness of a FOUND `result`, written to a temporary
// file for the runner and removed after; `timeout_ms` (> 0) bounds the entry
// call (the runner's default otherwise).
RunnerOutcome ConfirmResult(const wp::Result& result, const wp::GoalSpec& goal, const std::string& class_path,
                            const std::string& jdk_home, int timeout_ms = 0);

// The runner's outcome as JSON (`runner` in the results of `jwp wp --json`
// and `jwp validate --json`): "outcome" CONFIRMED or REFUTED; for a
// refutation "observed" (what happened instead, as the runner says it) and,
// when that was an exception, "exception" (its class) and "location"
// ("pkg/C.m line N"); "output", the runner's whole report.
nlohmann::ordered_json RunnerJson(const RunnerOutcome& run);

// With --json, an outcome that is no verdict of a search is still one JSON
// object on stdout: "verdict" NO_GOAL (the goal names nothing to search:
// no such class, method, line or dereference) or ERROR (usage, set-up, the
// runner), with "message", and the goal and kind as given.
// `entry_reason`, `public_callers` and `public_callers_total` of a result
// (wp::ExplainEntry).
void AddEntryChoice(const wp::EntryChoice& choice, nlohmann::ordered_json* j);

nlohmann::ordered_json OutcomeJson(std::string_view verdict, std::string_view message, std::string_view goal,
                                   std::string_view kind);

}  // namespace jwp::app

#endif  // JWP_APP_WP_COMMAND_H_
