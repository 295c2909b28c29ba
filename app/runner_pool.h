// Witness runners that serve many witnesses (WitnessRunner --serve,
// app/witness_runner/README.md): a jwp process that confirms many witnesses
// (the optimistic candidates and concolic rounds of one goal, the disjuncts
// of `jwp exceptions`) starts the runner's JVM once rather than once per
// witness. Each witness still runs in a JVM of its own (a debuggee, or for
// an exit check one of the JVMs the runner starts ahead: ExitCheckJvm.java),
// in a directory of its own: what a witness sees does not depend on those
// run before it.
//
// A runner serves one witness at a time: the pool keeps one per thread that
// confirms at once, for the life of the process. A runner that cannot be
// started, dies or answers out of protocol is dropped, and the witness runs
// in a runner of its own (RunProcessInScratchDirectory): serving only saves
// time, it never decides a verdict. JWP_RUNNER_SERVE=0 in the environment
// turns it off (every witness in a runner of its own).
#ifndef JWP_APP_RUNNER_POOL_H_
#define JWP_APP_RUNNER_POOL_H_

#include <memory>
#include <string>
#include <vector>

#include "app/process.h"

namespace jwp::app {

// Runs the witness at `witness_path` (absolute) with the runner that
// `runner` starts (java, its flags, -cp, the main class: without the
// witness's path); the result is what a run of its own gives. False when no
// serving runner could run it: then nothing was run.
bool ServeWitness(const std::vector<std::string>& runner, const std::string& witness_path, ProcessResult* result);

class ServingRunner;

// Serving runners that a parent keeps for the goal processes it forks
// (app/goal_processes.h), one per job slot: the child that runs in a slot
// inherits the slot's runner through fork() (its pipes) and uses it as an
// idle runner of its own, and the runner outlives the child, so that the
// next child in the slot finds it started (the goals of jwp validate, jwp
// exceptions and a batch of jwp wp start a JVM the fewer each). The child
// that drops it (it died or answered out of protocol) kills it. Each reply
// names the witness it answers (WitnessRunner --serve): a reply left
// unread by a child before is never taken for another's. The runner has a
// process group of its own, with the debuggees it starts: a child that
// ended otherwise than normally may have left it running a witness, and
// it is killed with its debuggee (a new one is started for the slot's next
// child).
class RunnerSlots {
 public:
  // `runner`: as for ServeWitness (a runner is started for a slot at its
  // first lending; none when empty or JWP_RUNNER_SERVE=0).
  RunnerSlots(std::vector<std::string> runner, int slots);
  ~RunnerSlots();
  RunnerSlots(const RunnerSlots&) = delete;
  RunnerSlots& operator=(const RunnerSlots&) = delete;

  // Just before fork(): the next child inherits the runner of `slot`.
  void LendToNextChild(int slot);
  // After the child that ran in `slot` ended (`clean`: it exited normally,
  // with its work done).
  void ChildEnded(int slot, bool clean);

 private:
  std::vector<std::string> runner_;
  std::string key_;
  std::vector<std::unique_ptr<ServingRunner>> slots_;
  bool failed_ = false;  // a runner could not be started: none is tried again
};

}  // namespace jwp::app

#endif  // JWP_APP_RUNNER_POOL_H_
