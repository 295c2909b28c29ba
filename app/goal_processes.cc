#include "app/goal_processes.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "app/process.h"
#include "app/runner_pool.h"
#include "base/check.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// Under AddressSanitizer the address space is reserved up front: a cap
// would stop every child at once.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// The child's side of the pipe, one line per message: "R <json>" a result,
// "E <text>" an exception from the work, "M" out of memory, "C <text>" a
// failed JWP_CHECK (base/check.h; the process then aborts).
[[noreturn]] void RunChild(int fd, uint64_t memory_mb, const std::function<void(const Emit&)>& work) {
  // A process group of its own: a kill takes the JVMs it started too.
  setpgid(0, 0);
  if (memory_mb > 0 && !kSanitized) {
    rlimit cap;
    getrlimit(RLIMIT_AS, &cap);
    cap.rlim_cur = static_cast<rlim_t>(memory_mb) << 20;
    if (cap.rlim_max != RLIM_INFINITY && cap.rlim_cur > cap.rlim_max) cap.rlim_cur = cap.rlim_max;
    setrlimit(RLIMIT_AS, &cap);
  }
  const Emit emit = [fd](const ordered_json& j) { WriteAll(fd, absl::StrCat("R ", j.dump(), "\n")); };
  base::set_check_failure_fd(fd);  // "C <where>: <condition>: <message>" before the abort
  try {
    work(emit);
  } catch (const std::bad_alloc&) {
    WriteAll(fd, "M\n");
  } catch (const std::exception& e) {
    std::string what = e.what();
    std::replace(what.begin(), what.end(), '\n', ' ');
    WriteAll(fd, absl::StrCat("E ", what, "\n"));
  }
  close(fd);
  std::cout.flush();
  std::cerr.flush();
  _exit(0);
}

struct Child {
  pid_t pid = -1;
  int fd = -1;
  size_t id = 0;
  int slot = 0;  // which of the jobs it runs as (RunnerSlots)
  Clock::time_point start, last;
  std::string pending;  // an incomplete line
  bool eof = false;
  ChildEnd end;
};

}  // namespace

std::string ChildEnd::Why(const GoalProcessOptions& o) const {
  if (out_of_memory) {
    return absl::StrCat("out of memory: the search exceeded the address-space cap of ", o.memory_mb, " MB (--memory-mb)");
  }
  if (!exception.empty()) return absl::StrCat("internal error: ", exception);
  if (!failed_check.empty()) return absl::StrCat("internal error: a check failed (a bug in jwp): ", failed_check);
  if (killed) {
    return absl::StrCat("killed after ", static_cast<int>(silent_s), " s without a result (the search overran its --timeout)");
  }
  if (signal != 0) {
    return absl::StrCat("the analysis process died of signal ", signal, " (", strsignal(signal), ")",
                        o.memory_mb > 0 ? absl::StrCat("; out of memory under --memory-mb ", o.memory_mb, "?") : "");
  }
  if (exit_status != 0) return absl::StrCat("the analysis process exited with status ", exit_status);
  return "";
}

GoalProcesses::GoalProcesses(GoalProcessOptions options)
    : options_(options),
      jobs_(options.jobs > 0 ? options.jobs : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))) {}

void GoalProcesses::Submit(size_t id, std::function<void(const Emit&)> work) {
  queue_.push_back({id, std::move(work)});
}

bool GoalProcesses::Run(const std::function<void(size_t, ordered_json)>& on_result,
                        const std::function<void(size_t, const ChildEnd&)>& on_end,
                        const std::function<void(size_t)>& on_tick, std::string* error) {
  std::vector<Child> running;
  RunnerSlots runners(options_.serving_runner, jobs_);
  std::vector<bool> slot_busy(static_cast<size_t>(jobs_), false);
  auto kill_all = [&] {
    for (Child& c : running) {
      kill(-c.pid, SIGKILL);
      kill(c.pid, SIGKILL);
      waitpid(c.pid, nullptr, 0);
      close(c.fd);
      runners.ChildEnded(c.slot, /*clean=*/false);
    }
  };
  // Each complete line of `c`: a result, or how its work failed.
  auto take_lines = [&](Child& c) {
    size_t start = 0;
    for (size_t nl; (nl = c.pending.find('\n', start)) != std::string::npos; start = nl + 1) {
      std::string_view line(c.pending.data() + start, nl - start);
      if (line.starts_with("R ")) {
        ordered_json j = ordered_json::parse(line.substr(2), nullptr, /*allow_exceptions=*/false);
        if (j.is_discarded()) continue;
        c.last = Clock::now();
        on_result(c.id, std::move(j));
      } else if (line == "M") {
        c.end.out_of_memory = true;
      } else if (line.starts_with("E ")) {
        c.end.exception = std::string(line.substr(2));
      } else if (line.starts_with("C ")) {
        c.end.failed_check = std::string(line.substr(2));
      }
    }
    c.pending.erase(0, start);
  };
  while (!queue_.empty() || !running.empty()) {
    while (!queue_.empty() && static_cast<int>(running.size()) < jobs_) {
      Task task = std::move(queue_.front());
      queue_.pop_front();
      int fds[2];
      if (pipe(fds) != 0) {
        *error = absl::StrCat("pipe: ", std::strerror(errno));
        kill_all();
        return false;
      }
      const int slot = static_cast<int>(std::find(slot_busy.begin(), slot_busy.end(), false) - slot_busy.begin());
      runners.LendToNextChild(slot);
      std::cout.flush();
      std::cerr.flush();
      const pid_t pid = fork();
      if (pid < 0) {
        *error = absl::StrCat("fork: ", std::strerror(errno));
        close(fds[0]);
        close(fds[1]);
        kill_all();
        return false;
      }
      if (pid == 0) {
        close(fds[0]);
        for (const Child& c : running) close(c.fd);
        RunChild(fds[1], options_.memory_mb, task.work);
      }
      close(fds[1]);
      fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
      Child c;
      c.pid = pid;
      c.fd = fds[0];
      c.id = task.id;
      c.slot = slot;
      slot_busy[static_cast<size_t>(slot)] = true;
      c.start = c.last = Clock::now();
      running.push_back(std::move(c));
      on_tick(running.size());
    }
    std::vector<pollfd> polls;
    for (const Child& c : running) polls.push_back({c.eof ? -1 : c.fd, POLLIN, 0});
    poll(polls.data(), polls.size(), 200);
    for (size_t i = 0; i < running.size(); ++i) {
      Child& c = running[i];
      if (!c.eof && (polls[i].revents & (POLLIN | POLLHUP | POLLERR))) {
        char buf[65536];
        for (;;) {
          const ssize_t n = read(c.fd, buf, sizeof buf);
          if (n > 0) {
            c.pending.append(buf, static_cast<size_t>(n));
            continue;
          }
          if (n == 0) c.eof = true;
          if (n < 0 && errno == EINTR) continue;
          break;
        }
        take_lines(c);
      }
      const double silent = std::chrono::duration<double>(Clock::now() - c.last).count();
      if (!c.end.killed && silent > options_.silence_limit_s) {
        kill(-c.pid, SIGKILL);  // the child's process group (see RunChild)
        kill(c.pid, SIGKILL);
        c.end.killed = true;
        c.end.silent_s = silent;
      }
    }
    // Reap the children that are done.
    for (size_t i = 0; i < running.size();) {
      Child& c = running[i];
      int status = 0;
      const pid_t w = c.eof || c.end.killed ? waitpid(c.pid, &status, c.end.killed ? 0 : WNOHANG) : 0;
      if (w != c.pid) {
        ++i;
        continue;
      }
      char buf[65536];
      for (ssize_t n; (n = read(c.fd, buf, sizeof buf)) > 0;) c.pending.append(buf, static_cast<size_t>(n));
      close(c.fd);
      take_lines(c);
      if (WIFSIGNALED(status) && !c.end.killed) c.end.signal = WTERMSIG(status);
      if (WIFEXITED(status)) c.end.exit_status = WEXITSTATUS(status);
      c.end.elapsed_s = std::chrono::duration<double>(Clock::now() - c.start).count();
      if (!c.end.killed) c.end.silent_s = std::chrono::duration<double>(Clock::now() - c.last).count();
      const size_t id = c.id;
      const ChildEnd end = c.end;
      slot_busy[static_cast<size_t>(c.slot)] = false;
      runners.ChildEnded(c.slot, !end.killed && end.signal == 0 && end.exit_status == 0 && end.exception.empty() &&
                                     !end.out_of_memory);
      running.erase(running.begin() + static_cast<std::ptrdiff_t>(i));
      on_end(id, end);
      on_tick(running.size());
    }
  }
  return true;
}

bool SearchListsInChildren(
    GoalProcesses& processes, const std::vector<size_t>& list_sizes,
    const std::function<ordered_json(size_t, size_t, const std::vector<ordered_json>&)>& search,
    const std::function<ordered_json(size_t, size_t, const std::string&)>& failed,
    const std::function<void(size_t, std::vector<ordered_json>)>& done, std::string* error) {
  std::vector<std::vector<ordered_json>> results(list_sizes.size());
  // A child for `list` from its goal `results[list].size()` on.
  auto submit = [&](size_t list) {
    std::vector<ordered_json> earlier = results[list];
    processes.Submit(list, [&search, &list_sizes, list, earlier](const Emit& emit) mutable {
      for (size_t goal = earlier.size(); goal < list_sizes[list]; ++goal) {
        ordered_json j = search(list, goal, earlier);
        emit(j);
        earlier.push_back(std::move(j));
      }
    });
  };
  for (size_t list = 0; list < list_sizes.size(); ++list) {
    if (list_sizes[list] == 0) {
      done(list, {});
    } else {
      submit(list);
    }
  }
  return processes.Run(
      [&](size_t list, ordered_json j) {
        if (results[list].size() < list_sizes[list]) results[list].push_back(std::move(j));
      },
      [&](size_t list, const ChildEnd& end) {
        std::vector<ordered_json>& r = results[list];
        if (r.size() < list_sizes[list]) {
          std::string why = end.Why(processes.options());
          if (why.empty()) why = "the analysis process ended without a result";
          r.push_back(failed(list, r.size(), why));
          if (r.size() < list_sizes[list]) {
            submit(list);
            return;
          }
        }
        done(list, std::move(r));
      },
      [](size_t) {}, error);
}

}  // namespace jwp::app
