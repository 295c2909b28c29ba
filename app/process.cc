#include "app/process.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>

#include <filesystem>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

extern char** environ;

namespace jwp::app {
namespace {

// A pipe whose ends close themselves.
struct Pipe {
  int fd[2] = {-1, -1};
  bool Open() { return pipe2(fd, O_CLOEXEC) == 0; }
  void Close(int end) {
    if (fd[end] >= 0) close(fd[end]);
    fd[end] = -1;
  }
  ~Pipe() {
    Close(0);
    Close(1);
  }
};

// Reads `out` and `err` until both reach end of file.
void Drain(int out_fd, int err_fd, std::string* out, std::string* err) {
  std::array<pollfd, 2> fds = {pollfd{out_fd, POLLIN, 0}, pollfd{err_fd, POLLIN, 0}};
  std::array<std::string*, 2> into = {out, err};
  std::array<char, 4096> buf;
  int open = 2;
  while (open > 0) {
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    for (size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = read(fds[i].fd, buf.data(), buf.size());
      if (n > 0) {
        into[i]->append(buf.data(), static_cast<size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;  // end of file (or an error): poll ignores it now
        --open;
      }
    }
  }
}

}  // namespace

int Spawn(const std::vector<std::string>& argv, const posix_spawn_file_actions_t& actions, pid_t* pid,
          const posix_spawnattr_t* attributes) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  return posix_spawnp(pid, args[0], &actions, attributes, args.data(), environ);
}

ProcessResult RunProcess(const std::vector<std::string>& argv) {
  ProcessResult r;
  if (argv.empty()) {
    r.error = "no program to run";
    return r;
  }
  Pipe out, err;
  if (!out.Open() || !err.Open()) {
    r.error = absl::StrCat("cannot make a pipe: ", std::strerror(errno));
    return r;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, out.fd[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.fd[1], STDERR_FILENO);
  pid_t pid = -1;
  const int spawned = Spawn(argv, actions, &pid);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    r.error = absl::StrCat("cannot start ", argv[0], ": ", std::strerror(spawned));
    return r;
  }
  out.Close(1);  // the child's ends: end of file once it exits
  err.Close(1);
  Drain(out.fd[0], err.fd[0], &r.out, &r.err);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      r.error = absl::StrCat("cannot wait for ", argv[0], ": ", std::strerror(errno));
      return r;
    }
  }
  if (WIFEXITED(status)) {
    r.status = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.error = absl::StrCat(argv[0], " was killed by signal ", WTERMSIG(status));
  }
  return r;
}

bool WriteAll(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

std::vector<std::string> InDirectoryForAJvm(const std::string& dir, const std::vector<std::string>& argv) {
  std::vector<std::string> shell = {"/bin/sh", "-c", "ulimit -S -v \"$(ulimit -H -v)\" 2>/dev/null; cd \"$0\" && exec \"$@\"",
                                    dir};
  shell.insert(shell.end(), argv.begin(), argv.end());
  return shell;
}

ProcessResult RunProcessInScratchDirectory(const std::vector<std::string>& argv) {
  char dir[] = "/tmp/jwp-run-XXXXXX";
  if (mkdtemp(dir) == nullptr) {
    ProcessResult r;
    r.error = absl::StrCat("cannot make a directory to run ", argv.empty() ? "" : argv[0], " in: ", std::strerror(errno));
    return r;
  }
  ProcessResult r = RunProcess(InDirectoryForAJvm(dir, argv));
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
  return r;
}

std::string JwpLibFile(const char* name) {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "";
  return (exe.parent_path().parent_path() / "lib" / name).string();
}

std::string AbsoluteClassPath(const std::string& class_path) {
  std::string out;
  for (const std::string& entry : std::vector<std::string>(absl::StrSplit(class_path, ':'))) {
    if (entry.empty()) continue;
    if (!out.empty()) out += ":";
    out += std::filesystem::absolute(entry).string();
  }
  return out;
}

}  // namespace jwp::app
