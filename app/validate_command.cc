#include "app/validate_command.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <new>
#include <optional>
#include <ostream>
#include <sstream>
#include <vector>

#include "app/findbugs_report.h"
#include "app/goal_processes.h"
#include "app/testgen_command.h"
#include "app/wp_command.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "nlohmann/json.hpp"

namespace jwp::app {

namespace {

using nlohmann::ordered_json;
using Clock = std::chrono::steady_clock;

// "1,4-7" over reports numbered 1..n: which to run. Error text on bad input.
std::optional<std::vector<bool>> ParseSelection(const std::string& text, size_t n, std::string* error) {
  std::vector<bool> chosen(n, text.empty());
  if (text.empty()) return chosen;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    std::string part = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    size_t dash = part.find('-');
    auto number = [&](const std::string& s, size_t* out) {
      if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), ::isdigit)) return false;
      *out = std::stoul(s);
      return *out >= 1;
    };
    size_t lo = 0, hi = 0;
    bool ok = dash == std::string::npos ? number(part, &lo) && (hi = lo, true)
                                        : number(part.substr(0, dash), &lo) && number(part.substr(dash + 1), &hi);
    if (!ok || hi < lo) {
      *error = Cat("--select ", text, ": '", part, "' is not a report number or range such as 4-7");
      return std::nullopt;
    }
    if (hi > n) {
      *error = Cat("--select ", text, ": there are ", n, " dereference reports");
      return std::nullopt;
    }
    for (size_t i = lo; i <= hi; ++i) chosen[i - 1] = true;
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return chosen;
}

// The paper's configurations (Table 4) on top of the base options.
bool ApplyConfig(const std::string& config, wp::EngineOptions* e) {
  if (config == "production") return true;
  if (config == "no-generalization") e->generalize = false;
  else if (config == "no-simplification") e->simplify = false;
  else if (config == "cha") e->callgraph = wp::CallGraph::kCha;
  else return false;
  return true;
}

// The source file of a class, as a path relative to a source root
// ("org/apache/commons/io/FileUtils.java"): its SourceFile attribute in its
// package's directory, else the outermost class's name.
std::string SourcePath(const classfile::ClassHierarchy& h, const std::string& internal_name) {
  const size_t slash = internal_name.rfind('/');
  const std::string dir = slash == std::string::npos ? "" : internal_name.substr(0, slash + 1);
  auto cf = h.class_path().Load(internal_name);
  if (cf.ok() && !(*cf)->source_file.empty()) return dir + std::string((*cf)->source_file);
  std::string simple = internal_name.substr(dir.size());
  return dir + simple.substr(0, simple.find('$')) + ".java";
}

// The line and bytecode offset FindBugs shows for a report: its primary
// SourceLine's.
const FindBugsSourceLine* PrimaryLine(const FindBugsReport& r) {
  for (const FindBugsSourceLine& l : r.source_lines) {
    if (l.primary && l.start > 0) return &l;
  }
  return nullptr;
}

ordered_json ReportFields(const FindBugsReport& r, int number) {
  ordered_json j;
  j["report"] = number;
  j["type"] = r.type;
  j["class"] = classfile::JavaName(r.class_name);
  j["method"] = r.method_name;
  j["descriptor"] = r.descriptor;
  const FindBugsSourceLine* primary = PrimaryLine(r);
  j["line"] = primary ? primary->start : r.line;
  j["bci"] = primary ? primary->start_bci : r.bci;
  j["instance_hash"] = r.instance_hash;
  j["message"] = r.message;
  return j;
}

// j[key] when it is a boolean, else false (absent, or null: not run).
bool Flag(const ordered_json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

ordered_json Unknown(ordered_json j, const std::string& reason) {
  j["verdict"] = "UNKNOWN";
  j["reason"] = reason;
  if (!j.contains("assumptions")) j["assumptions"] = ordered_json::array();
  return j;
}

// The whole work on one report, in the child process.
ordered_json ValidateOne(const classfile::ClassHierarchy& h, const FindBugsReport& report, int number,
                         const ValidateOptions& o, const wp::EngineOptions& engine) {
  ordered_json j = ReportFields(report, number);
  j["source_file"] = SourcePath(h, report.class_name);
  auto located = GoalForReport(h, report);
  if (!located.ok()) {
    // FailedPrecondition: the report names no dereference (a value only
    // returned): nothing to validate, and nothing wrong with the input.
    if (located.status().code() == absl::StatusCode::kFailedPrecondition) {
      return Unknown(std::move(j), Cat("not a dereference: ", located.status().message()));
    }
    // The report names code the class path does not have: no goal to
    // search (the verdict jwp wp --json gives the same case).
    j["no_goal"] = true;
    j = Unknown(std::move(j), Cat("no goal: ", located.status().message()));
    j["verdict"] = "NO_GOAL";
    return j;
  }
  j["goal_location"] = located->how;
  const wp::Goal& goal = located->goal;
  wp::EngineOptions goal_engine = engine;
  if (o.confirm) RunCandidatesOnJvm(goal.spec, o.class_path, o.jdk, o.exact, &goal_engine);
  wp::Result r = wp::RunGoal(h, goal, goal_engine);
  std::optional<bool> confirmed;
  std::string runner_output, runner_error;
  std::optional<RunnerOutcome> runner;  // the runner's outcome when it ran
  if (o.confirm && r.verdict == wp::Verdict::kFound && r.witness) {
    RunnerOutcome run = EngineConfirmation(r).value_or(RunnerOutcome{});
    if (!r.confirmed_on_jvm) run = ConfirmResult(r, goal.spec, o.class_path, o.jdk);
    if (run.error.empty()) confirmed = run.confirmed;
    runner_output = run.output;
    runner_error = run.error;
    if (run.error.empty()) runner = std::move(run);
  }
  ordered_json result = WpResultJson(r, goal.spec, confirmed);
  // Each step of the path with its source file (the SARIF code flow).
  for (ordered_json& step : result["path_steps"]) {
    std::string internal = step.value("class", "");
    std::replace(internal.begin(), internal.end(), '.', '/');
    step["source_file"] = SourcePath(h, internal);
  }
  for (const auto& [key, value] : result.items()) j[key] = value;
  if (r.verdict == wp::Verdict::kFound) j["verdict"] = "VALIDATED";
  if (runner) j["runner"] = RunnerJson(*runner);
  if (!runner_error.empty()) {
    j["runner_error"] = runner_error;
    // A class missing from -cp shows here first (NoClassDefFoundError).
    return Unknown(std::move(j), Cat("a precondition was found but its witness could not be replayed (is the class "
                                     "path complete?): ",
                                     runner_error));
  }
  if (confirmed && !*confirmed) {
    j["refuted"] = true;
    // npe-arg:K: the engine's goal is any NullPointerException inside the
    // callee while it got null as argument K (wp/goal.h); the runner also
    // wants the null handed down to the throwing frame, which the search
    // does not model: a refutation there is the goal's looseness, not a bug.
    constexpr std::string_view kNotHandedDown = "is not handed down";
    if (goal.spec.kind == wp::GoalKind::kNpeArg && runner_output.find(kNotHandedDown) != std::string::npos) {
      return Unknown(std::move(j), Cat("the precondition leads to a NullPointerException inside the callee, but "
                                       "not where the null passed is dereferenced (the witness runner): ",
                                       runner_output));
    }
    return Unknown(std::move(j), Cat("jwp found a precondition but the witness runner REFUTED it (a bug in jwp, "
                                     "please report it): ",
                                     runner_output));
  }
  return j;
}

// A stable fingerprint of a report's goal: FNV-1a (64 bits, hex) of its
// type, class, method, descriptor, line and offset.
std::string GoalFingerprint(const ordered_json& j) {
  const std::string key = Cat(j.value("type", ""), "|", j.value("class", ""), "|", j.value("method", ""), "|",
                              j.value("descriptor", ""), "|", j.value("line", -1), "|", j.value("bci", -1));
  uint64_t h = 14695981039346656037ull;
  for (unsigned char c : key) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

// The witness's path from the entry to the dereference as a SARIF code
// flow (one thread flow, a location per source line); null without a path.
ordered_json CodeFlow(const ordered_json& j) {
  if (!j.contains("path_steps") || j["path_steps"].empty()) return nullptr;
  ordered_json locations = ordered_json::array();
  for (const ordered_json& step : j["path_steps"]) {
    ordered_json physical;
    physical["artifactLocation"] = {{"uri", step.value("source_file", "")}};
    if (step.value("line", -1) > 0) physical["region"] = {{"startLine", step.value("line", -1)}};
    const std::string where = Cat(step.value("class", ""), ".", step.value("method", ""));
    locations.push_back({{"location",
                          {{"physicalLocation", physical},
                           {"logicalLocations", ordered_json::array({{{"fullyQualifiedName", where},
                                                                       {"kind", "function"}}})},
                           {"message", {{"text", Cat(where, " line ", step.value("line", -1))}}}}}});
  }
  ordered_json flow;
  flow["message"] = {{"text", Cat("the path of the witness, from ", j.value("entry", ""), " to the dereference")}};
  flow["threadFlows"] = ordered_json::array({{{"locations", locations}}});
  return flow;
}

ordered_json SarifLog(const std::vector<std::optional<ordered_json>>& results, const ValidateOptions& o) {
  ordered_json rules = ordered_json::array();
  std::map<std::string, size_t> rule_index;
  ordered_json out = ordered_json::array();
  for (const auto& r : results) {
    if (!r) continue;
    const ordered_json& j = *r;
    const std::string type = j.value("type", "");
    auto [it, fresh] = rule_index.emplace(type, rules.size());
    if (fresh) {
      rules.push_back({{"id", type},
                       {"shortDescription", {{"text", Cat("FindBugs ", type, ", validated by jwp")}}},
                       {"properties", {{"tags", {"null-dereference"}}}}});
    }
    const std::string verdict = j.value("verdict", "UNKNOWN");
    const std::string where = Cat(j.value("class", ""), ".", j.value("method", ""), " line ", j.value("line", -1));
    ordered_json res;
    res["ruleId"] = type;
    res["ruleIndex"] = it->second;
    std::string text;
    if (verdict == "VALIDATED") {
      res["kind"] = "fail";
      res["level"] = "error";
      text = Cat("NullPointerException at ", where, " when ", j.value("entry", ""),
                 " is called with: ", j.value("precondition", ""));
    } else if (verdict == "NOT_FOUND") {
      res["kind"] = "pass";
      res["level"] = "none";
      text = Cat("No input reaches this null dereference (", where, "): ", j.value("reason", ""));
    } else {
      res["kind"] = "review";
      res["level"] = "none";
      text = Cat(verdict == "NO_GOAL" ? "No goal (" : "Not validated (", where, "): ", j.value("reason", ""));
    }
    res["message"] = {{"text", text}};
    ordered_json physical;
    physical["artifactLocation"] = {{"uri", j.value("source_file", "")}};
    if (j.value("line", -1) > 0) physical["region"] = {{"startLine", j.value("line", -1)}};
    res["locations"] = ordered_json::array(
        {{{"physicalLocation", physical},
          {"logicalLocations",
           ordered_json::array({{{"fullyQualifiedName", Cat(j.value("class", ""), ".", j.value("method", ""))},
                                 {"kind", "function"}}})}}});
    // Fingerprints that stay the same from run to run: FindBugs' own, and
    // jwp's of the goal (the report's type and place).
    res["partialFingerprints"] = {{"jwpGoal/v1", GoalFingerprint(j)}};
    if (!j.value("instance_hash", "").empty()) {
      res["partialFingerprints"]["findbugsInstanceHash/v1"] = j.value("instance_hash", "");
    }
    if (verdict == "VALIDATED") {
      if (ordered_json flow = CodeFlow(j); !flow.is_null()) res["codeFlows"] = ordered_json::array({flow});
    }
    ordered_json props;
    props["verdict"] = verdict;
    for (const char* key : {"confirmed", "entry", "precondition", "reason", "assumptions", "facts_used", "goal", "kind", "witness"}) {
      if (j.contains(key) && !j[key].is_null()) props[key] = j[key];
    }
    props["report"] = j.value("report", 0);
    res["properties"] = props;
    out.push_back(res);
  }
  ordered_json run;
  run["tool"] = {{"driver", {{"name", "jwp"}, {"version", "0.1"}, {"rules", rules}}}};
  run["results"] = out;
  run["properties"] = {{"findbugs", o.findbugs}, {"config", o.config}, {"confirm", o.confirm}};
  ordered_json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = ordered_json::array({run});
  return log;
}

std::string Pad(std::string s, size_t width) {
  if (s.size() < width) s.append(width - s.size(), ' ');
  return s;
}

struct Widths {
  size_t type = 4, location = 8;
  size_t entry = 5;
  size_t line = 0;  // the terminal's width (0: not a terminal, rows are not cut)
};

// The width of the terminal on `fd`; 0 when it is not one.
size_t TerminalWidth(int fd) {
  winsize ws{};
  if (!isatty(fd) || ioctl(fd, TIOCGWINSZ, &ws) != 0) return 0;
  return ws.ws_col;
}

std::string Location(const ordered_json& j) {
  return Cat(j.value("class", ""), ".", j.value("method", ""), ":", j.value("line", -1));
}

// One row of the table: the report, its verdict and time, and for a
// VALIDATED report the entry and the precondition (for an UNKNOWN one the
// reason); cut to the terminal's width when the table goes to one. With
// `verbose`, a VALIDATED row is followed by its witness.
std::string Row(const ordered_json& j, const Widths& w, bool verbose) {
  std::string verdict = j.value("verdict", "UNKNOWN");
  const bool validated = verdict == "VALIDATED";
  if (validated && Flag(j, "confirmed")) verdict += " (confirmed)";
  const std::string entry = validated ? j.value("entry", "") : "";
  std::string what = validated ? j.value("precondition", "")
                     : verdict == "UNKNOWN" || verdict == "NO_GOAL" ? j.value("reason", "")
                                                                    : "";
  char time[32];
  std::snprintf(time, sizeof time, "%.1fs", j.value("time_s", 0.0));
  std::string row = Cat(Pad(std::to_string(j.value("report", 0)), 5), Pad(j.value("type", ""), w.type + 2),
                        Pad(Location(j), w.location + 2), Pad(verdict, 23), Pad(time, 8),
                        Pad(entry, w.entry + 2), what);
  if (w.line > 3 && row.size() > w.line) row = row.substr(0, w.line - 3) + "...";
  while (!row.empty() && row.back() == ' ') row.pop_back();
  if (verbose && validated && j.contains("witness") && j["witness"].is_object()) {
    row += Cat("\n     witness: ", j["witness"].dump());
  }
  return row;
}

}  // namespace

int RunValidate(const ValidateOptions& options, std::ostream& out, std::ostream& err) {
  if (!options.tests_dir.empty() && !options.confirm) {
    err << "error: --tests writes tests of the witnesses the JVM confirmed: it needs --confirm\n";
    return 2;
  }
  // A set-up error: the message on stderr and, with --json, the file holds
  // one ERROR object (issue #32: every outcome is JSON).
  auto setup_error = [&](const std::string& message) {
    err << "error: " << message << "\n";
    if (!options.json_out.empty()) {
      ordered_json error = {{"verdict", "ERROR"}, {"message", message}};
      WriteFileAtomically(options.json_out, ordered_json::array({error}).dump(2) + "\n");
    }
    return 2;
  };
  wp::EngineOptions engine = options.engine;
  if (!ApplyConfig(options.config, &engine)) {
    return setup_error(
        Cat("--config ", options.config, ": expected production, no-generalization, no-simplification or cha"));
  }
  if (!(options.timeout_s > 0)) return setup_error("--timeout must be positive");
  engine.timeout_ms = options.timeout_s * 1000;
  auto file = ReadFindBugsFile(options.findbugs);
  if (!file.ok()) return setup_error(std::string(file.status().message()));
  AnalysedClassPath analysed;
  if (absl::Status opened = OpenAnalysedClassPath(options.class_path, options.jdk, options.models, err, &analysed);
      !opened.ok()) {
    return setup_error(std::string(opened.message()));
  }
  const classfile::ClassHierarchy& h = *analysed.hierarchy;

  // The dereference reports, numbered from 1; the rest counted by type.
  std::vector<const FindBugsReport*> goals;
  std::map<std::string, int> skipped;
  for (const FindBugsReport& r : file->reports) {
    if (IsDereferenceReport(r.type)) goals.push_back(&r);
    else ++skipped[r.type];
  }
  std::string error;
  auto chosen = ParseSelection(options.select, goals.size(), &error);
  if (!chosen) return setup_error(error);
  std::vector<size_t> tasks;
  for (size_t i = 0; i < goals.size(); ++i) {
    if ((*chosen)[i]) tasks.push_back(i);
  }

  GoalProcessOptions pool;
  pool.jobs = options.jobs;
  pool.memory_mb = options.memory_mb;
  std::string no_runner;  // then each confirmation says why
  if (options.confirm) pool.serving_runner = WitnessRunnerCommand(options.class_path, options.jdk, &no_runner);
  const bool progress = options.progress == 1 || (options.progress == -1 && isatty(STDERR_FILENO));
  // The engine stops itself at the timeout; the child is killed only when
  // it overruns that by far (witness replay included).
  pool.silence_limit_s = options.timeout_s * 1.5 + 30 + (options.confirm ? 120 : 0);
  const int jobs = GoalProcesses(pool).jobs();

  std::vector<std::optional<ordered_json>> results(goals.size());
  size_t printed = 0, finished = 0, running = 0;
  std::map<std::string, int> counts;
  int confirmed = 0, no_goal = 0, refuted = 0;
  const auto run_start = Clock::now();

  Widths widths;
  for (size_t t : tasks) {
    const ordered_json f = ReportFields(*goals[t], 0);
    widths.type = std::max(widths.type, f.value("type", "").size());
    widths.location = std::max(widths.location, Location(f).size());
    // The entry column as wide as the goals' methods (an entry that is a
    // longer caller pushes only its own row's precondition right).
    widths.entry = std::max(widths.entry, f.value("class", "").size() + f.value("method", "").size() +
                                              f.value("descriptor", "").size() + 1);
  }
  widths.entry = std::min<size_t>(widths.entry, 60);
  widths.line = TerminalWidth(STDOUT_FILENO);
  out << Cat(Pad("#", 5), Pad("type", widths.type + 2), Pad("location", widths.location + 2), Pad("verdict", 23),
             Pad("time", 8), Pad("entry", widths.entry + 2), "precondition (VALIDATED) or reason (UNKNOWN)")
      << "\n";
  out.flush();
  auto clear_progress = [&] {
    if (progress) err << "\r\033[K" << std::flush;
  };
  auto show_progress = [&] {
    if (!progress) return;
    err << "\r\033[K" << finished << "/" << tasks.size() << " done: VALIDATED " << counts["VALIDATED"]
        << ", NOT_FOUND " << counts["NOT_FOUND"] << ", UNKNOWN " << counts["UNKNOWN"] << "; " << running
        << " running" << std::flush;
  };
  auto write_files = [&] {
    if (!options.json_out.empty()) {
      ordered_json list = ordered_json::array();
      for (const auto& r : results) {
        if (r) list.push_back(*r);
      }
      if (!WriteFileAtomically(options.json_out, list.dump(2) + "\n")) {
        err << "error: cannot write " << options.json_out << "\n";
      }
    }
    if (!options.sarif_out.empty()) {
      if (!WriteFileAtomically(options.sarif_out, SarifLog(results, options).dump(2) + "\n")) {
        err << "error: cannot write " << options.sarif_out << "\n";
      }
    }
  };
  auto finish = [&](size_t task, ordered_json j) {
    const std::string verdict = j.value("verdict", "UNKNOWN");
    ++counts[verdict];
    if (verdict == "VALIDATED" && Flag(j, "confirmed")) ++confirmed;
    if (Flag(j, "no_goal")) {
      ++no_goal;
      clear_progress();
      err << "error: report " << (task + 1) << " (" << j.value("type", "") << " in " << j.value("class", "")
          << "." << j.value("method", "") << "): " << j.value("reason", "") << "\n";
    }
    if (Flag(j, "refuted")) {
      ++refuted;
      clear_progress();
      err << "error: report " << (task + 1) << ": " << j.value("reason", "") << "\n";
    }
    results[task] = std::move(j);
    ++finished;
    // Rows in report order, as soon as every earlier one is known.
    bool any = false;
    while (printed < tasks.size() && results[tasks[printed]]) {
      if (!any) clear_progress();
      any = true;
      out << Row(*results[tasks[printed]], widths, options.verbose) << "\n";
      ++printed;
    }
    if (any) out.flush();
    write_files();
  };

  GoalProcesses children(pool);
  for (size_t task : tasks) {
    children.Submit(task, [&, task](const Emit& emit) {
      emit(ValidateOne(h, *goals[task], static_cast<int>(task + 1), options, engine));
    });
  }
  std::map<size_t, ordered_json> sent;
  const bool ran = children.Run([&](size_t task, ordered_json j) { sent[task] = std::move(j); },
                                [&](size_t task, const ChildEnd& end) {
                                  ordered_json j;
                                  if (auto it = sent.find(task); it != sent.end() && it->second.is_object()) {
                                    j = std::move(it->second);
                                    sent.erase(it);
                                  } else {
                                    const std::string why = end.Why(pool);
                                    j = Unknown(ReportFields(*goals[task], static_cast<int>(task + 1)),
                                                why.empty() ? "the analysis process ended without a result" : why);
                                  }
                                  j["time_s"] = std::round(end.elapsed_s * 100) / 100;
                                  finish(task, std::move(j));
                                },
                                [&](size_t n) {
                                  running = n;
                                  show_progress();
                                },
                                &error);
  if (!ran) {
    clear_progress();
    err << "error: " << error << "\n";
    return 2;
  }
  clear_progress();
  write_files();

  const double total = std::chrono::duration<double>(Clock::now() - run_start).count();
  int others = 0;
  for (const auto& [type, n] : skipped) others += n;
  out << "\n" << tasks.size() << " dereference reports" << (tasks.size() < goals.size() ? " selected" : "")
      << ": VALIDATED " << counts["VALIDATED"];
  if (options.confirm) out << " (" << confirmed << " confirmed on the JVM)";
  out << ", NOT_FOUND " << counts["NOT_FOUND"] << ", UNKNOWN " << counts["UNKNOWN"];
  if (counts["NO_GOAL"] > 0) out << ", NO_GOAL " << counts["NO_GOAL"];
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.1f", total);
  out << "; " << secs << " s with " << jobs << " job" << (jobs == 1 ? "" : "s") << ", config " << options.config
      << "\n";
  if (others > 0) {
    out << others << " reports of other types skipped (not a dereference goal):";
    std::vector<std::pair<int, std::string>> by_count;
    for (const auto& [type, n] : skipped) by_count.push_back({-n, type});
    std::sort(by_count.begin(), by_count.end());
    for (size_t i = 0; i < by_count.size(); ++i) {
      if (i == 8) {
        out << " ...";
        break;
      }
      out << (i ? ", " : " ") << by_count[i].second << " " << -by_count[i].first;
    }
    out << "\n";
  }
  int tests_status = 0;
  if (!options.tests_dir.empty()) {
    ordered_json list = ordered_json::array();
    for (const auto& r : results) {
      if (r) list.push_back(*r);
    }
    tests_status = WriteTestsFor(list, options.class_path, options.jdk, options.tests_dir, out, err);
  }
  if (refuted > 0) return 5;
  if (no_goal > 0) return 1;
  return tests_status == 2 ? 2 : 0;
}

}  // namespace jwp::app
