// Running a program with an argument vector (posix_spawnp): no shell, so no
// quoting, whatever the paths hold (spaces, quotes, `$`). Used to start the
// witness runner's JVM.
#ifndef JWP_APP_PROCESS_H_
#define JWP_APP_PROCESS_H_

#include <spawn.h>
#include <sys/types.h>

#include <string>
#include <string_view>
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

// Starts argv[0] (looked up in PATH when it has no '/') with `argv`, the
// file actions `actions`, the attributes `attributes` (none when null) and
// jwp's environment (posix_spawnp): 0 and the child's pid in `pid`, or
// posix_spawnp's error number.
int Spawn(const std::vector<std::string>& argv, const posix_spawn_file_actions_t& actions, pid_t* pid,
          const posix_spawnattr_t* attributes = nullptr);

// Runs argv[0] (looked up in PATH when it has no '/') with `argv`, its
// stdin empty, and waits for it; its stdout and stderr are read as they
// come (neither pipe can fill and block it).
ProcessResult RunProcess(const std::vector<std::string>& argv);

// Writes all of `text` to `fd` (again after a signal); false on any error.
bool WriteAll(int fd, std::string_view text);

// `argv` run by /bin/sh in `dir` with the soft address-space limit lifted to
// the hard one (a goal's memory cap, jwp validate --memory-mb): a JVM needs
// its own address space.
std::vector<std::string> InDirectoryForAJvm(const std::string& dir, const std::vector<std::string>& argv);

// Runs `argv` in a fresh directory of its own under /tmp, removed after, so
// that files the program makes from relative names land there (the JVMs
// that run analysed code on inputs jwp chose). The soft address-space limit
// (a goal's memory cap, jwp validate --memory-mb) is lifted to the hard one
// for it: a JVM needs its own address space.
ProcessResult RunProcessInScratchDirectory(const std::vector<std::string>& argv);

// `name` in the lib/ directory beside the running jwp's bin/
// (lib/jwp-witness-runner.jar, lib/jwp-models.jar); "" when unknown.
std::string JwpLibFile(const char* name);

// Each entry of a class path (a.jar:dir) made absolute, empty ones dropped.
std::string AbsoluteClassPath(const std::string& class_path);

}  // namespace jwp::app

#endif  // JWP_APP_PROCESS_H_
