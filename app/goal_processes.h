// Goals searched in child processes: one failure (out of memory, a crash, a
// search that overruns its timeout) costs only the goal it happened in.
// jwp validate runs a child per report; jwp exceptions and jwp testgen
// --cover a child per method, which sends each goal's result as it is
// decided, so that a child that dies loses none of the results it sent.
#ifndef JWP_APP_GOAL_PROCESSES_H_
#define JWP_APP_GOAL_PROCESSES_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "nlohmann/json.hpp"

namespace jwp::app {

struct GoalProcessOptions {
  int jobs = 0;                // children at once; 0: the number of cores
  uint64_t memory_mb = 4096;   // soft address-space cap of each child (0: none; none under ASan)
  // A child that sends no result for this long is killed (the engine
  // stops itself at its timeout; this is for one that does not).
  double silence_limit_s = 180;
  // The witness runner's command (app/runner_pool.h, ServeWitness): when
  // set, a serving runner per job, lent to the children that run there one
  // after another (RunnerSlots).
  std::vector<std::string> serving_runner;
};

// How a child ended.
struct ChildEnd {
  bool killed = false;       // after silence_limit_s without a result
  int signal = 0;            // the signal that ended it, or 0
  int exit_status = 0;       // its exit status when no signal ended it
  std::string exception;     // what an exception thrown from its work said
  std::string failed_check;  // the JWP_CHECK that failed and aborted it ("file:line: condition: message")
  bool out_of_memory = false;  // std::bad_alloc in its work
  double elapsed_s = 0;
  double silent_s = 0;  // since its last result
  // Why the goal the child was searching when it ended got no result ("" when the child
  // finished its work normally).
  std::string Why(const GoalProcessOptions& o) const;
};

// Sends one result from a child to the parent.
using Emit = std::function<void(const nlohmann::ordered_json&)>;

class GoalProcesses {
 public:
  explicit GoalProcesses(GoalProcessOptions options);

  // Queues a task: `work` runs in a child (forked when a job is free) and
  // calls `emit` once per result. `id` names the task in the callbacks.
  void Submit(size_t id, std::function<void(const Emit&)> work);

  // Runs the queued tasks (and those the callbacks submit) until none is
  // left: `on_result(id, result)` in the parent for each result as it
  // arrives, `on_end(id, end)` when the task's child has ended, with every
  // result it sent already passed to on_result. `on_tick(running)` after
  // each change (for a progress line). Returns false when a child could not
  // be started (`error`); the children still running are then killed.
  bool Run(const std::function<void(size_t, nlohmann::ordered_json)>& on_result,
           const std::function<void(size_t, const ChildEnd&)>& on_end, const std::function<void(size_t)>& on_tick,
           std::string* error);

  int jobs() const { return jobs_; }
  const GoalProcessOptions& options() const { return options_; }

 private:
  struct Task {
    size_t id;
    std::function<void(const Emit&)> work;
  };
  GoalProcessOptions options_;
  int jobs_;
  std::deque<Task> queue_;
};

// Lists of goals (one list per method, say) searched in children, a child
// per list: `search(list, goal, earlier)` runs in the child and returns the
// goal's result (`earlier`: the results of the list's goals before it).
// When a child ends before its list is done, the goal it was on gets
// `failed(list, goal, why)` and a new child goes on from the next goal. In
// the parent, `done(list, results)` once per list as soon as all its
// goals have a result (lists in any order). Returns false with `error`
// when no child could be started.
bool SearchListsInChildren(
    GoalProcesses& processes, const std::vector<size_t>& list_sizes,
    const std::function<nlohmann::ordered_json(size_t, size_t, const std::vector<nlohmann::ordered_json>&)>& search,
    const std::function<nlohmann::ordered_json(size_t, size_t, const std::string&)>& failed,
    const std::function<void(size_t, std::vector<nlohmann::ordered_json>)>& done, std::string* error);

}  // namespace jwp::app

#endif  // JWP_APP_GOAL_PROCESSES_H_
