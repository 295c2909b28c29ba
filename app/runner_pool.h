// Witness runners that serve many witnesses (WitnessRunner --serve,
// app/witness_runner/README.md): a jwp process that confirms many witnesses
// (the optimistic candidates and concolic rounds of one goal, the disjuncts
// of `jwp exceptions`) starts the runner's JVM once rather than once per
// witness. Each witness still runs in a debuggee JVM of its own, in a
// directory of its own: what a witness sees does not depend on those run
// before it.
//
// A runner serves one witness at a time: the pool keeps one per thread that
// confirms at once, for the life of the process. A runner that cannot be
// started, dies or answers out of protocol is dropped, and the witness runs
// in a runner of its own (RunProcessInScratchDirectory): serving only saves
// time, it never decides a verdict. JWP_RUNNER_SERVE=0 in the environment
// turns it off (every witness in a runner of its own).
#ifndef JWP_APP_RUNNER_POOL_H_
#define JWP_APP_RUNNER_POOL_H_

#include <string>
#include <vector>

#include "app/process.h"

namespace jwp::app {

// Runs the witness at `witness_path` (absolute) with the runner that
// `runner` starts (java, its flags, -cp, the main class: without the
// witness's path); the result is what a run of its own gives. False when no
// serving runner could run it: then nothing was run.
bool ServeWitness(const std::vector<std::string>& runner, const std::string& witness_path, ProcessResult* result);

}  // namespace jwp::app

#endif  // JWP_APP_RUNNER_POOL_H_
