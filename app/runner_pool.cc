#include "app/runner_pool.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <utility>

namespace jwp::app {
namespace {

// The first line of each reply (WitnessRunner.REPLY).
constexpr std::string_view kReply = "JWP-RUNNER ";
// A reply that takes longer than this is a runner gone wrong: the runner
// bounds each witness's run itself (its timeout_ms and a start-up grace).
constexpr auto kReplyDeadline = std::chrono::minutes(10);

// WriteAll to a runner's stdin. A runner that died makes the write fail
// with EPIPE, not kill jwp: SIGPIPE is blocked in this thread for the
// write, and one it raised is taken before it is unblocked.
bool WriteToRunner(int fd, std::string_view text) {
  sigset_t pipe_only, old;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &old);
  const bool ok = WriteAll(fd, text);
  if (!ok) {
    const timespec now = {0, 0};
    while (sigtimedwait(&pipe_only, nullptr, &now) == SIGPIPE) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

}  // namespace

// One runner started with --serve: its stdin and stdout are pipes to jwp,
// its stderr is dropped (what a witness prints on stderr comes in the
// reply).
class ServingRunner {
 public:
  // `own_group`: in a process group of its own, with the debuggees it
  // starts, for a runner that outlives the goal processes that use it
  // (RunnerSlots): one dropped while it may be running a witness is killed
  // with its debuggee.
  static std::unique_ptr<ServingRunner> Start(const std::vector<std::string>& runner, bool own_group) {
    int to[2], from[2];
    if (pipe2(to, O_CLOEXEC) != 0) return nullptr;
    if (pipe2(from, O_CLOEXEC) != 0) {
      close(to[0]);
      close(to[1]);
      return nullptr;
    }
    // As RunProcessInScratchDirectory, in a directory that is not the
    // user's (no analysed code runs in the serving JVM: each witness runs in
    // a debuggee in a directory of its own).
    std::vector<std::string> serving = {runner.front(), "-XX:+DisplayVMOutputToStderr"};  // the JVM's own warnings off the replies
    serving.insert(serving.end(), runner.begin() + 1, runner.end());
    serving.push_back("--serve");
    const std::vector<std::string> argv = InDirectoryForAJvm(std::filesystem::temp_directory_path().string(), serving);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, from[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    // Nothing else of jwp's: a goal's pipe to its parent (jwp validate and
    // jwp exceptions run goals in processes of their own) must reach end of
    // file when the goal's process ends, not when this runner does.
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    if (own_group) {
      posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
      posix_spawnattr_setpgroup(&attributes, 0);
    }
    pid_t pid = -1;
    const int spawned = Spawn(argv, actions, &pid, &attributes);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(to[0]);
    close(from[1]);
    if (spawned != 0) {
      close(to[1]);
      close(from[0]);
      return nullptr;
    }
    return std::unique_ptr<ServingRunner>(new ServingRunner(pid, to[1], from[0], own_group, /*borrowed=*/false));
  }

  ServingRunner(const ServingRunner&) = delete;
  ServingRunner& operator=(const ServingRunner&) = delete;

  // The end of its input ends it; one that does not end at once is killed.
  // A borrowed runner (a goal process's use of its parent's) that is
  // dropped failed this process: it is killed, the parent finds it gone.
  ~ServingRunner() {
    if (pid_ < 0) return;
    close(to_);
    close(from_);
    if (borrowed_) {
      Kill();
      return;
    }
    for (int i = 0; i < 200; ++i) {
      const pid_t done = waitpid(pid_, nullptr, WNOHANG);
      if (done == pid_ || (done < 0 && errno != EINTR)) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    KillAndReap();
  }

  // This process's use of a runner its parent keeps (lent through fork():
  // the same pipes).
  std::unique_ptr<ServingRunner> Borrow() const {
    return std::unique_ptr<ServingRunner>(new ServingRunner(pid_, to_, from_, own_group_, /*borrowed=*/true));
  }
  bool borrowed() const { return borrowed_; }

  // A runner of this process's own that may be running a witness: killed
  // at once (with its debuggee when it has a group of its own) and reaped.
  void Drop() {
    if (pid_ < 0) return;
    close(to_);
    close(from_);
    KillAndReap();
    pid_ = -1;
  }

  // False (and reaped) when it has ended.
  bool Alive() {
    if (pid_ < 0) return false;
    if (waitpid(pid_, nullptr, WNOHANG) != pid_) return true;
    close(to_);
    close(from_);
    pid_ = -1;
    return false;
  }

  // Forgets a runner this process inherited through fork(): its pipes are
  // closed here, the runner is its parent's.
  void Abandon() {
    close(to_);
    close(from_);
    pid_ = -1;
  }

  // Sends one witness and reads the reply. False when the runner is gone
  // or answered out of protocol (a reply that names another witness: one a
  // goal process before this one asked for and did not read): it cannot be
  // used again.
  bool Run(const std::string& witness_path, ProcessResult* result) {
    if (witness_path.find('\n') != std::string::npos) return false;
    if (!WriteToRunner(to_, witness_path + "\n")) return false;
    const auto deadline = std::chrono::steady_clock::now() + kReplyDeadline;
    std::string header;
    do {
      if (!ReadLine(deadline, &header)) return false;
    } while (!header.starts_with(kReply));
    int numbers[3] = {0, 0, 0};
    std::string_view rest = std::string_view(header).substr(kReply.size());
    for (int& n : numbers) {
      const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), n);
      if (ec != std::errc() || n < 0) return false;
      rest.remove_prefix(static_cast<size_t>(end - rest.data()));
      if (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    }
    if (rest != witness_path) return false;
    std::string body;
    if (!ReadExact(static_cast<size_t>(numbers[1]) + static_cast<size_t>(numbers[2]), deadline, &body)) return false;
    result->status = numbers[0];
    result->out = body.substr(0, static_cast<size_t>(numbers[1]));
    result->err = body.substr(static_cast<size_t>(numbers[1]));
    result->error.clear();
    return true;
  }

 private:
  ServingRunner(pid_t pid, int to, int from, bool own_group, bool borrowed)
      : pid_(pid), to_(to), from_(from), own_group_(own_group), borrowed_(borrowed) {}

  void Kill() const {
    if (own_group_) kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
  }
  void KillAndReap() const {
    Kill();
    while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }

  // Reads more of the runner's stdout into buffer_; false at its end, on an
  // error or past the deadline.
  bool Fill(std::chrono::steady_clock::time_point deadline) {
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) return false;
      pollfd p = {from_, POLLIN, 0};
      const int ready = poll(&p, 1, static_cast<int>(std::min<int64_t>(left.count(), 60'000)));
      if (ready < 0 && errno == EINTR) continue;
      if (ready < 0) return false;
      if (ready == 0) continue;
      char buf[65536];
      const ssize_t n = read(from_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      buffer_.append(buf, static_cast<size_t>(n));
      return true;
    }
  }

  bool ReadLine(std::chrono::steady_clock::time_point deadline, std::string* line) {
    size_t end;
    while ((end = buffer_.find('\n')) == std::string::npos) {
      if (!Fill(deadline)) return false;
    }
    *line = buffer_.substr(0, end);
    buffer_.erase(0, end + 1);
    return true;
  }

  bool ReadExact(size_t n, std::chrono::steady_clock::time_point deadline, std::string* out) {
    while (buffer_.size() < n) {
      if (!Fill(deadline)) return false;
    }
    *out = buffer_.substr(0, n);
    buffer_.erase(0, n);
    return true;
  }

  pid_t pid_;
  int to_;    // its stdin
  int from_;  // its stdout
  bool own_group_;
  bool borrowed_;
  std::string buffer_;
};

namespace {

// The idle runners by the command that starts them (the JDK and the class
// path), for the process that started them.
class Pool {
 public:
  std::unique_ptr<ServingRunner> Take(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    ForgetInherited();
    auto it = idle_.find(key);
    if (it == idle_.end() || it->second.empty()) return nullptr;
    std::unique_ptr<ServingRunner> r = std::move(it->second.back());
    it->second.pop_back();
    return r;
  }

  void Give(const std::string& key, std::unique_ptr<ServingRunner> r) {
    std::lock_guard<std::mutex> lock(mu_);
    ForgetInherited();
    idle_[key].push_back(std::move(r));
  }

  // A command whose runner could not be started once is not tried again.
  bool Failed(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    ForgetInherited();
    return failed_.contains(key);
  }
  void SetFailed(const std::string& key) {
    std::lock_guard<std::mutex> lock(mu_);
    failed_.insert(key);
  }

  // In a parent, before fork(): the next child takes `runner` (which the
  // parent keeps) as an idle runner of its own for `key`; none when null.
  void LendToNextChild(const std::string& key, const ServingRunner* runner) {
    std::lock_guard<std::mutex> lock(mu_);
    lent_key_ = key;
    lent_ = runner;
  }

  // A process that ends normally leaves the runners it borrowed running.
  ~Pool() {
    std::lock_guard<std::mutex> lock(mu_);
    ForgetInherited();
    for (auto& [key, runners] : idle_) {
      for (auto& r : runners) {
        if (r->borrowed()) r->Abandon();
      }
    }
  }

 private:
  // After fork() (the goals of jwp validate, jwp exceptions and a batch of
  // jwp wp run in processes of their own) the runners are the parent's:
  // the child starts its own, but for the one the parent lent it.
  void ForgetInherited() {
    if (owner_ == getpid()) return;
    for (auto& [key, runners] : idle_) {
      for (auto& r : runners) r->Abandon();
    }
    idle_.clear();
    failed_.clear();
    if (lent_ != nullptr) idle_[lent_key_].push_back(lent_->Borrow());
    lent_ = nullptr;
    owner_ = getpid();
  }

  std::mutex mu_;
  pid_t owner_ = getpid();
  std::map<std::string, std::vector<std::unique_ptr<ServingRunner>>> idle_;
  std::set<std::string> failed_;
  std::string lent_key_;
  const ServingRunner* lent_ = nullptr;
};

Pool& ThePool() {
  static Pool pool;
  return pool;
}

bool ServingIsOff() {
  const char* v = std::getenv("JWP_RUNNER_SERVE");
  return v != nullptr && std::string_view(v) == "0";
}

std::string PoolKey(const std::vector<std::string>& runner) {
  std::string key;
  for (const std::string& a : runner) key += a + '\0';
  return key;
}

}  // namespace

RunnerSlots::RunnerSlots(std::vector<std::string> runner, int slots)
    : runner_(std::move(runner)), key_(PoolKey(runner_)), slots_(static_cast<size_t>(std::max(slots, 0))) {}

RunnerSlots::~RunnerSlots() { ThePool().LendToNextChild("", nullptr); }

void RunnerSlots::LendToNextChild(int slot) {
  std::unique_ptr<ServingRunner>& r = slots_.at(static_cast<size_t>(slot));
  if (r == nullptr && !failed_ && !runner_.empty() && !ServingIsOff()) {
    r = ServingRunner::Start(runner_, /*own_group=*/true);
    failed_ = r == nullptr;
  }
  ThePool().LendToNextChild(key_, r.get());
}

void RunnerSlots::ChildEnded(int slot, bool clean) {
  std::unique_ptr<ServingRunner>& r = slots_.at(static_cast<size_t>(slot));
  if (r == nullptr) return;
  if (!clean) r->Drop();
  if (!r->Alive()) r.reset();
}

bool ServeWitness(const std::vector<std::string>& runner, const std::string& witness_path, ProcessResult* result) {
  if (runner.empty() || ServingIsOff()) return false;
  const std::string key = PoolKey(runner);
  Pool& pool = ThePool();
  std::unique_ptr<ServingRunner> r = pool.Take(key);
  const bool fresh = r == nullptr;
  if (fresh) {
    if (pool.Failed(key)) return false;
    r = ServingRunner::Start(runner, /*own_group=*/false);
    if (r == nullptr) {
      pool.SetFailed(key);
      return false;
    }
  }
  if (!r->Run(witness_path, result)) {
    // Dropped (killed if it still runs). One that fails its first witness
    // (a runner without --serve) is not started again.
    if (fresh) pool.SetFailed(key);
    return false;
  }
  pool.Give(key, std::move(r));
  return true;
}

}  // namespace jwp::app
