// jwp wp --goals: many goals on one class path (app/wp_command.h,
// RunWpBatch). What it saves over a jwp process per goal is jwp's start
// (the class path and the JDK's hierarchy, opened once) and, with
// --confirm, a witness runner's JVM per confirmation (runners that the goal
// processes share, app/runner_pool.h).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "app/goal_processes.h"
#include "app/wp_command.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;

// A goal of the batch: its line in the file and its options, or why the
// line gives none.
struct BatchGoal {
  int line = 0;
  std::string text;  // the line as written
  std::optional<WpOptions> options;
  std::string error;
};

// The goals of `in`, a line each (blank lines and '#' comments skipped).
std::vector<BatchGoal> ReadGoals(std::istream& in,
                                 const std::function<absl::StatusOr<WpOptions>(const std::string&)>& parse_line) {
  std::vector<BatchGoal> goals;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    BatchGoal g;
    g.line = number;
    g.text = line;
    absl::StatusOr<WpOptions> parsed = parse_line(line);
    if (parsed.ok()) {
      g.options = *std::move(parsed);
    } else {
      g.error = std::string(parsed.status().message());
    }
    goals.push_back(std::move(g));
  }
  return goals;
}

// What a goal's process sends: the exit status a single run has, and what
// it prints.
ordered_json GoalRun(const AnalysedClassPath& analysed, const WpOptions& options) {
  std::ostringstream out, err;
  const int status = RunWpGoal(analysed, options, out, err);
  ordered_json j;
  j["exit"] = status;
  j["out"] = out.str();
  j["err"] = err.str();
  return j;
}

// The result of a goal that has none of its own (its line is an error, or
// its process died): as a single run's error.
ordered_json ErrorRun(const BatchGoal& g, const std::string& message, bool json) {
  ordered_json j;
  j["exit"] = 1;
  const std::string goal = g.options ? g.options->goal : "";
  const std::string kind = g.options ? g.options->kind : "";
  const std::string text = absl::StrCat("line ", g.line, ": ", message);
  j["out"] = json ? OutcomeJson("ERROR", text, goal, kind).dump() + "\n" : "";
  j["err"] = absl::StrCat("error: ", text, "\n");
  return j;
}

// Prints a goal's result: with --json its object on one line (with "line"
// and "exit"), otherwise its text after a heading line.
void PrintRun(const BatchGoal& g, const ordered_json& run, bool json, std::ostream& out, std::ostream& err) {
  const std::string text = run.value("out", "");
  const std::string errors = run.value("err", "");
  if (json) {
    ordered_json j = ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!j.is_object()) {
      j = OutcomeJson("ERROR", absl::StrCat("line ", g.line, ": no result in JSON: ", text.substr(0, 200)),
                      g.options ? g.options->goal : "", g.options ? g.options->kind : "");
    }
    j["line"] = g.line;
    j["exit"] = run.value("exit", 1);
    out << j.dump() << "\n";
  } else {
    out << "== line " << g.line << ": " << g.text << "\n" << text;
  }
  if (!errors.empty()) err << "== line " << g.line << ":\n" << errors;
  out.flush();
}

}  // namespace

int RunWpBatch(const WpOptions& options,
               const std::function<absl::StatusOr<WpOptions>(const std::string& line)>& parse_line, std::ostream& out,
               std::ostream& err) {
  std::vector<BatchGoal> goals;
  if (options.goals_file == "-") {
    goals = ReadGoals(std::cin, parse_line);
  } else {
    std::ifstream in(options.goals_file);
    if (!in) {
      err << "error: --goals " << options.goals_file << ": cannot read the file\n";
      return 2;
    }
    goals = ReadGoals(in, parse_line);
  }
  AnalysedClassPath analysed;
  if (absl::Status opened = OpenAnalysedClassPath(options.class_path, options.jdk, options.models, err, &analysed);
      !opened.ok()) {
    err << "error: " << opened.message() << "\n";
    return 2;
  }

  GoalProcessOptions pool;
  pool.jobs = options.jobs;
  pool.memory_mb = options.memory_mb;
  // The engine stops itself at its timeout; a process is killed only when
  // it overruns that by far (the witness's replay included).
  double longest_s = 0;
  bool confirms = false;
  for (const BatchGoal& g : goals) {
    if (!g.options) continue;
    longest_s = std::max(longest_s, g.options->engine.timeout_ms / 1000.0);
    confirms = confirms || g.options->confirm;
  }
  pool.silence_limit_s = longest_s * 1.5 + 30 + (confirms ? 120 : 0);
  std::string no_runner;  // then each confirmation says why
  if (confirms) pool.serving_runner = WitnessRunnerCommand(options.class_path, options.jdk, &no_runner);
  GoalProcesses processes(pool);

  std::vector<std::optional<ordered_json>> runs(goals.size());
  int status = 0;
  for (size_t i = 0; i < goals.size(); ++i) {
    if (!goals[i].options) {
      runs[i] = ErrorRun(goals[i], goals[i].error, options.json);
      continue;
    }
    processes.Submit(i, [&analysed, &goals, i](const Emit& emit) { emit(GoalRun(analysed, *goals[i].options)); });
  }
  // Results in the file's order: each printed once those before it are.
  size_t printed = 0;
  auto print_ready = [&] {
    for (; printed < goals.size() && runs[printed]; ++printed) {
      const int exit = runs[printed]->value("exit", 1);
      if (exit == 1 || exit == 2) status = 1;
      PrintRun(goals[printed], *runs[printed], options.json, out, err);
    }
  };
  print_ready();
  std::string error;
  const bool ran = processes.Run(
      [&](size_t i, ordered_json run) {
        if (!runs[i]) runs[i] = std::move(run);
      },
      [&](size_t i, const ChildEnd& end) {
        if (!runs[i]) {
          std::string why = end.Why(processes.options());
          if (why.empty()) why = "the analysis process ended without a result";
          runs[i] = ErrorRun(goals[i], why, options.json);
        }
        print_ready();
      },
      [](size_t) {}, &error);
  if (!ran) {
    err << "error: " << error << "\n";
    return 2;
  }
  print_ready();
  return status;
}

}  // namespace jwp::app
