// Running a program with an argument vector (posix_spawnp): no shell, so no
// quoting, whatever the paths hold (spaces, quotes, `$`). Used to start the
// witness runner's JVM.
#ifndef JWP_APP_PROCESS_H_
#define JWP_APP_PROCESS_H_

#include <string>
#include <vector>

namespace jwp::app {

struct ProcessResult {
  // The exit status; -1 when the program could not be started or was
  // killed by a signal (`error` says which).
  int status = -1;
  std::string out;  // its standard output
  std::string err;  // its standard error
  std::string error;
};

// Runs argv[0] (looked up in PATH when it has no '/') with `argv`, its
// stdin empty, and waits for it; its stdout and stderr are read as they
// come (neither pipe can fill and block it).
ProcessResult RunProcess(const std::vector<std::string>& argv);

}  // namespace jwp::app

#endif  // JWP_APP_PROCESS_H_
