#include "app/wp_command.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <type_traits>
#include <ostream>
#include <sstream>
#include <vector>

#include "absl/strings/str_split.h"
#include "classfile/class_hierarchy.h"
#include "app/class_path_setup.h"
#include "app/process.h"
#include "app/runner_pool.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "classfile/jdk.h"
#include "classfile/strings.h"
#include "logic/printer.h"
#include "models/string_model.h"
#include "nlohmann/json.hpp"
#include "types/stand_ins.h"
#include "wp/entry_chains.h"
#include "wp/goal.h"

namespace jwp::app {

namespace {

using nlohmann::ordered_json;
using solver::WitnessValue;

// Floats and doubles as strings Java's parsers read back exactly: the
// shortest round-trip decimal, or NaN / Infinity / -Infinity.
template <typename F>
std::string float_text(F v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "Infinity" : "-Infinity";
  std::array<char, 64> buf;
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  std::string s(buf.data(), end);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

ordered_json value_json(const WitnessValue& v) {
  switch (v.kind) {
    case WitnessValue::Kind::kBool:
    case WitnessValue::Kind::kInt:
    case WitnessValue::Kind::kLong: return v.integral;
    case WitnessValue::Kind::kFloat: {
      uint32_t b = static_cast<uint32_t>(v.bits);
      float f;
      std::memcpy(&f, &b, sizeof f);
      return float_text(f);
    }
    case WitnessValue::Kind::kDouble: {
      double d;
      std::memcpy(&d, &v.bits, sizeof d);
      return float_text(d);
    }
    case WitnessValue::Kind::kNull: return nullptr;
    case WitnessValue::Kind::kRef: return v.object;
    case WitnessValue::Kind::kOpaque: return v.text;
  }
  return nullptr;
}

// A field fact's allowed values as the witness runner reads them: numbers,
// null, {"string": text}, {"class": name, "exact": bool}.
ordered_json FieldValueJson(const absint::FieldValue& v) {
  switch (v.kind) {
    case absint::FieldValue::kInt: case absint::FieldValue::kLong: return v.i;
    case absint::FieldValue::kNull: return nullptr;
    case absint::FieldValue::kString: return ordered_json{{"string", v.text}};
    case absint::FieldValue::kObject: return ordered_json{{"class", v.text}, {"exact", v.exact}};
    case absint::FieldValue::kStatic: return ordered_json{{"static", v.text}};
  }
  return nullptr;
}

// The witness's "field_facts" (app/witness_runner/README.md): what the
// runner checks the state it builds against.
ordered_json FieldFactsJson(const std::vector<wp::FieldFactCheck>& checks) {
  ordered_json out = ordered_json::array();
  for (const wp::FieldFactCheck& c : checks) {
    ordered_json j;
    const std::string key = c.owner + "." + c.name + ":" + c.descriptor;
    if (c.object.empty()) {
      j["static"] = key;
    } else {
      j["object"] = c.object;
      j["field"] = key;
    }
    ordered_json allowed = ordered_json::array();
    for (const absint::FieldValue& v : c.allowed) allowed.push_back(FieldValueJson(v));
    j["allowed"] = allowed;
    j["fact"] = c.fact;
    out.push_back(j);
  }
  return out;
}

}  // namespace

ordered_json WpResultJson(const wp::Result& r, const wp::GoalSpec& spec, const std::optional<bool>& confirmed) {
  ordered_json j;
  j["verdict"] = wp::VerdictName(r.verdict);
  j["reason"] = r.reason;
  j["goal"] = spec.GoalText();
  j["kind"] = spec.KindText();
  j["entry"] = r.entry;
  j["precondition"] = r.verdict == wp::Verdict::kFound ? ordered_json(r.precondition) : ordered_json(nullptr);
  j["smtlib"] = r.verdict == wp::Verdict::kFound ? ordered_json(r.smtlib) : ordered_json(nullptr);
  j["path"] = r.path;
  ordered_json steps = ordered_json::array();
  for (const wp::Result::PathStep& step : r.path_steps) {
    steps.push_back({{"class", classfile::JavaName(step.class_name)}, {"method", step.method}, {"line", step.line}});
  }
  j["path_steps"] = steps;
  j["witness"] = r.witness ? ordered_json::parse(WitnessJson(r, spec)) : ordered_json(nullptr);
  j["confirmed"] = confirmed ? ordered_json(*confirmed) : ordered_json(nullptr);
  j["assumptions"] = r.assumptions;
  // Found through optimistic calls (issue #27): the engine ran the witness
  // on the JVM before it called it FOUND; the calls it assumed are the
  // assumptions that start with "optimistic:".
  j["optimistic"] = r.confirmed_on_jvm.has_value();
  j["facts_used"] = r.facts_used;
  j["static_inputs"] = r.static_inputs;
  j["internal_state"] = r.internal_state;
  ordered_json stats;
  wp::ForEachStat(r.stats, [&](const char* name, auto value) {
    if constexpr (std::is_floating_point_v<decltype(value)>) {
      stats[name] = std::round(value * 10) / 10;  // milliseconds to a tenth
    } else {
      stats[name] = value;
    }
  });
  j["stats"] = stats;
  ordered_json summaries = ordered_json::array();
  for (const auto& c : r.summaries) {
    summaries.push_back({{"method", c.method},
                         {"steps", c.steps},
                         {"created", c.created},
                         {"trivial", c.trivial},
                         {"reused", c.reused}});
  }
  j["summaries"] = summaries;
  ordered_json enabled = ordered_json::array();
  for (const auto& [site, targets] : r.enabled_targets) {
    enabled.push_back({{"site", site}, {"targets", targets}});
  }
  j["callgraph"] = enabled;
  return j;
}

std::string WitnessJson(const wp::Result& r, const wp::GoalSpec& spec) {
  const wp::Replay& w = *r.witness;
  ordered_json j;
  j["entry"] = {{"class", w.entry_class},
                {"method", w.entry_method},
                {"descriptor", w.entry_descriptor},
                {"static", w.entry_static}};
  j["receiver"] = w.receiver ? value_json(*w.receiver) : ordered_json(nullptr);
  ordered_json args = ordered_json::array();
  for (const auto& a : w.arguments) args.push_back(value_json(a));
  j["arguments"] = args;
  ordered_json heap = ordered_json::object();
  for (const auto& o : w.heap) {
    ordered_json obj;
    obj["class"] = o.type;
    if (o.string_value) {
      obj["string"] = *o.string_value;
      // String objects of the logic are literals (JLS 3.10.5), except those
      // the model only typed as strings.
      bool plain = std::find(w.plain_strings.begin(), w.plain_strings.end(), o.id) != w.plain_strings.end();
      if (o.type == models::kStringClass) obj["interned"] = !plain;
    }
    if (o.class_literal) obj["class_literal"] = *o.class_literal;
    if (o.static_value) obj["static_value"] = *o.static_value;
    if (std::optional<std::string> t = types::StandInFor(o.type)) obj["stand_in_for"] = *t;
    if (!o.fields.empty()) {
      ordered_json fields = ordered_json::object();
      for (const auto& f : o.fields) {
        fields[f.owner + "." + f.name + ":" + f.descriptor] = value_json(f.value);
      }
      obj["fields"] = fields;
    }
    if (o.length) obj["length"] = *o.length;
    if (!o.elements.empty()) {
      ordered_json elements = ordered_json::object();
      for (const auto& e : o.elements) elements[std::to_string(e.index)] = value_json(e.value);
      obj["elements"] = elements;
    }
    heap[o.id] = obj;
  }
  j["heap"] = heap;
  ordered_json statics = ordered_json::object();
  for (const auto& s : w.statics) statics[s.owner + "." + s.name + ":" + s.descriptor] = value_json(s.value);
  j["statics"] = statics;
  if (!w.properties.empty()) {
    // System properties the runner sets before the call (null: cleared).
    ordered_json properties = ordered_json::object();
    for (const wp::Replay::Property& p : w.properties) properties[p.key] = value_json(p.value);
    j["properties"] = properties;
  }
  if (!w.variables.empty()) {
    // Environment variables of the JVM that runs the entry (null: unset).
    ordered_json environment = ordered_json::object();
    for (const wp::Replay::Property& p : w.variables) environment[p.key] = value_json(p.value);
    j["environment"] = environment;
  }
  if (!w.input_methods.empty()) {
    // What the calls of the input methods return, by position (the runner
    // returns them on entry; a position not listed gets the type's default).
    ordered_json values = ordered_json::array();
    for (const wp::Replay::Input& x : w.inputs) {
      values.push_back({{"position", x.position}, {"method", x.method}, {"value", value_json(x.value)}});
    }
    j["inputs"] = {{"methods", w.input_methods}, {"values", values}};
  }
  if (w.assertions) j["assertions"] = true;  // java -ea, as the search assumed
  if (!w.field_facts.empty()) j["field_facts"] = FieldFactsJson(w.field_facts);
  if (!w.stand_in_returns.empty()) {
    ordered_json returns = ordered_json::array();
    for (const wp::Replay::StandInReturn& x : w.stand_in_returns) {
      returns.push_back(
          {{"owner", x.owner}, {"method", x.method}, {"descriptor", x.descriptor}, {"value", value_json(x.value)}});
    }
    j["stand_in_returns"] = returns;
  }
  if (!w.observe.empty()) {
    ordered_json observe = ordered_json::array();
    for (const wp::Replay::ObservedCall& c : w.observe) {
      observe.push_back({{"class", c.class_name},
                         {"method", c.method},
                         {"descriptor", c.descriptor},
                         {"bci", c.bci},
                         {"callee", c.callee},
                         {"callee_descriptor", c.callee_descriptor}});
    }
    j["observe"] = observe;
  }
  const bool goal_is_entry = w.entry_class == spec.class_name && w.entry_method == spec.method_name &&
                            w.entry_descriptor == spec.descriptor;
  ordered_json expect;
  switch (spec.kind) {
    case wp::GoalKind::kNpe:
      expect["kind"] = "exception";
      expect["type"] = "java/lang/NullPointerException";
      break;
    case wp::GoalKind::kException:
      expect["kind"] = "exception";
      expect["type"] = spec.exception_type;
      expect["subtypes"] = true;
      if (r.goal_via_call) expect["via_call"] = true;  // raised inside the callee
      break;
    case wp::GoalKind::kExit:
      // From another entry, the runner checks the raise at the goal's
      // instruction (that the precondition also drives it out of the goal's
      // method is not observed there).
      expect["kind"] = goal_is_entry ? "exit" : "exception";
      expect["type"] = spec.exception_type;
      expect["subtypes"] = true;
      if (!goal_is_entry && r.goal_via_call) expect["via_call"] = true;
      break;
    case wp::GoalKind::kNpeArg:
      // Raised inside the callee of the call at the goal's bci, while the
      // argument the goal names is null there (not a null elsewhere: an
      // object of the witness the callee finds incomplete).
      expect["kind"] = "exception";
      expect["type"] = spec.exception_type;
      expect["subtypes"] = true;
      expect["via_call"] = true;
      expect["null_argument"] = spec.argument;
      break;
    case wp::GoalKind::kReach: expect["kind"] = "reach"; break;
    case wp::GoalKind::kBranch:
      // The runner checks that the instruction after the branch is the outcome's.
      expect["kind"] = "branch";
      expect["branch"] = wp::BranchOutcome(spec.branch, spec.case_value);
      break;
    case wp::GoalKind::kThrow: expect["kind"] = "throw"; break;
  }
  if (spec.kind != wp::GoalKind::kExit || !goal_is_entry) {
    expect["class"] = spec.class_name;
    expect["method"] = spec.method_name;
    expect["descriptor"] = spec.descriptor;
    expect["bci"] = r.goal_bci;
    expect["line"] = r.goal_line;
  }
  j["expect"] = expect;
  return j.dump(2);
}

absl::Status OpenAnalysedClassPath(const std::string& class_path, const std::string& jdk, bool models,
                                   std::ostream& warnings, AnalysedClassPath* out) {
  // The JDK models (models/) shadow the JDK's classes in the analysed class
  // path only; the witness runner runs the user's class path.
  std::string analysed = class_path;
  if (models) {
    std::string jar = JwpLibFile("jwp-models.jar");
    if (jar.empty() || !std::filesystem::exists(jar)) {
      return absl::FailedPreconditionError(Cat("the JDK models are missing (", jar.empty() ? "lib/jwp-models.jar" : jar,
                                               "); --no-models analyses the JDK's own String"));
    }
    analysed = jar + (analysed.empty() ? "" : ":" + analysed);
  }
  // OpenClassPath prints its warnings and its "error: " lines: the first go
  // on, the others are the status.
  std::ostringstream setup;
  const bool opened = OpenClassPath(analysed, jdk, setup, &out->opened);
  std::string message;
  std::istringstream lines(setup.str());
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("error: ")) message += (message.empty() ? "" : "\n") + line.substr(7);
    else warnings << line << "\n";
  }
  if (!opened) return absl::FailedPreconditionError(message.empty() ? "the class path cannot be opened" : message);
  auto hierarchy = BuildCachedHierarchy(*out->opened.class_path);
  if (!hierarchy.ok()) return hierarchy.status();
  out->hierarchy = *std::move(hierarchy);
  return absl::OkStatus();
}


std::vector<std::string> WitnessRunnerCommand(const std::string& class_path, const std::string& jdk_home,
                                              std::string* error) {
  auto jdk = classfile::FindJdk(jdk_home);
  std::string jar = JwpLibFile("jwp-witness-runner.jar");
  if (!jdk.ok() || jar.empty() || !std::filesystem::exists(jar)) {
    *error = !jdk.ok() ? std::string(jdk.status().message()) : jar + " is missing";
    return {};
  }
  // The verdict is on stdout; stderr (the entry's own output, or the
  // runner's error message) is shown only on errors. The runner's own JVM
  // only drives the debuggee (JdiCheck.java starts it with the same
  // flags): C1 and the serial collector start it about 15% sooner.
  // Its heap is bounded (WitnessRunner.MAX_HEAP, which the VMs it starts
  // get too): an entry that the solver's inputs make allocate gigabytes
  // ends at once in an OutOfMemoryError, no verdict (exit 2).
  return {jdk->home + "/bin/java", "-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
          "-cp", std::filesystem::absolute(jar).string() + ":" + AbsoluteClassPath(class_path),
          "jwp.runner.WitnessRunner"};
}

RunnerOutcome ConfirmWitness(const std::string& witness_path, const std::string& class_path,
                             const std::string& jdk_home) {
  RunnerOutcome run;
  std::string why;
  std::vector<std::string> runner = WitnessRunnerCommand(class_path, jdk_home, &why);
  if (runner.empty()) {
    run.error = Cat("cannot run the witness runner: ", why, "\n");
    return run;
  }
  // The runner's JVM needs its own address space, and runs the analysed
  // code on inputs jwp chose (an optimistic candidate is a guess): in a
  // scratch directory (files the code makes from relative names, "null").
  // A runner that serves many witnesses where one is free (app/runner_pool.h):
  // it runs each in a JVM of its own (a debuggee, or for an exit check a
  // JVM it started ahead: ExitCheckJvm.java), so no analysed code runs in
  // the runner that serves.
  const std::string witness = std::filesystem::absolute(witness_path).string();
  ProcessResult p;
  if (!ServeWitness(runner, witness, &p)) {
    runner.push_back(witness);
    p = RunProcessInScratchDirectory(runner);
  }
  run.output = std::move(p.out);
  if (!p.error.empty()) run.error = Cat("the witness runner failed: ", p.error, "\n", p.err);
  else if (p.status == 0) run.confirmed = true;
  else if (p.status == 1) run.confirmed = false;
  else run.error = Cat("the witness runner failed (exit ", p.status, "): ", p.err.empty() ? run.output : p.err);
  return run;
}

bool WriteFileAtomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return false;
    out << text;
    if (!out.flush()) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  return !ec;
}

RunnerOutcome ConfirmWitnessText(const std::string& witness, const std::string& class_path,
                                 const std::string& jdk_home) {
  char name[] = "/tmp/jwp-witness-XXXXXX";
  const int fd = mkstemp(name);
  if (fd < 0) {
    RunnerOutcome run;
    run.error = Cat("cannot write the witness: ", std::strerror(errno), "\n");
    return run;
  }
  close(fd);
  std::ofstream(name) << witness << "\n";
  RunnerOutcome run = ConfirmWitness(name, class_path, jdk_home);
  std::filesystem::remove(name);
  return run;
}

RunnerOutcome ConfirmResult(const wp::Result& result, const wp::GoalSpec& goal, const std::string& class_path,
                            const std::string& jdk_home, int timeout_ms) {
  std::string witness = WitnessJson(result, goal);
  if (timeout_ms > 0) {
    ordered_json j = ordered_json::parse(witness);
    j["timeout_ms"] = timeout_ms;
    witness = j.dump(2);
  }
  return ConfirmWitnessText(witness, class_path, jdk_home);
}

namespace {

// Calls `fn` with the rest of each line of the runner's report that starts
// with `prefix` (its detail lines: app/witness_runner/README.md).
template <typename Fn>
void ForEachDetail(const std::string& output, std::string_view prefix, Fn fn) {
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with(prefix)) fn(std::string_view(line).substr(prefix.size()));
  }
}

}  // namespace

std::vector<wp::EngineOptions::Confirmation::Frame> RunnerStack(const std::string& output) {
  // "  stack: a/B.m:12 < c/D.n:40".
  std::vector<wp::EngineOptions::Confirmation::Frame> frames;
  ForEachDetail(output, "  stack: ", [&](std::string_view rest) {
    while (!rest.empty()) {
      const size_t sep = rest.find(" < ");
      const std::string_view frame = rest.substr(0, sep);
      rest = sep == std::string_view::npos ? std::string_view() : rest.substr(sep + 3);
      const size_t colon = frame.rfind(':');
      const size_t dot = colon == std::string_view::npos ? colon : frame.rfind('.', colon);
      int32_t n = -1;
      if (dot == std::string_view::npos ||
          std::from_chars(frame.data() + colon + 1, frame.data() + frame.size(), n).ec != std::errc()) {
        continue;
      }
      frames.push_back({std::string(frame.substr(0, dot)), std::string(frame.substr(dot + 1, colon - dot - 1)), n});
    }
  });
  return frames;
}

std::vector<wp::EngineOptions::Confirmation::Call> RunnerCalls(const std::string& output) {
  // "  call: a/B.m(I)V@12: returned int 5".
  std::vector<wp::EngineOptions::Confirmation::Call> calls;
  ForEachDetail(output, "  call: ", [&](std::string_view rest) {
    const size_t sep = rest.find(": ");
    if (sep != std::string_view::npos) calls.push_back({std::string(rest.substr(0, sep)), std::string(rest.substr(sep + 2))});
  });
  return calls;
}

void RunCandidatesOnJvm(const wp::GoalSpec& goal, const std::string& class_path, const std::string& jdk_home,
                        bool exact, wp::EngineOptions* engine) {
  if (exact) return;
  engine->optimistic_calls = true;
  engine->confirm = [goal, class_path, jdk_home](const wp::Result& candidate) {
    using Outcome = wp::EngineOptions::Confirmation::Outcome;
    // A candidate's inputs are Z3's guess: they may make the entry loop.
    constexpr int kCandidateTimeoutMs = 3000;
    const RunnerOutcome run = ConfirmResult(candidate, goal, class_path, jdk_home, kCandidateTimeoutMs);
    if (!run.error.empty()) return wp::EngineOptions::Confirmation{Outcome::kError, run.error, {}, {}};
    return wp::EngineOptions::Confirmation{run.confirmed ? Outcome::kConfirmed : Outcome::kRefuted, run.output,
                                           RunnerStack(run.output), RunnerCalls(run.output)};
  };
}

std::optional<RunnerOutcome> EngineConfirmation(const wp::Result& result) {
  if (!result.confirmed_on_jvm) return std::nullopt;
  RunnerOutcome run;
  run.confirmed = true;
  run.output = *result.confirmed_on_jvm;
  return run;
}

ordered_json RunnerJson(const RunnerOutcome& run) {
  ordered_json j;
  j["outcome"] = run.confirmed ? "CONFIRMED" : "REFUTED";
  j["observed"] = nullptr;
  j["exception"] = nullptr;
  j["location"] = nullptr;
  // The first line: CONFIRMED, or "REFUTED: <what happened>, expected ..."
  // where what happened is "threw java.lang.X at a/B.m line 12", "returned
  // normally", ... (app/witness_runner/README.md).
  const std::string first = run.output.substr(0, run.output.find('\n'));
  constexpr std::string_view kRefuted = "REFUTED: ";
  if (!run.confirmed && first.starts_with(kRefuted)) {
    std::string observed = first.substr(kRefuted.size());
    if (size_t expected = observed.find(", expected"); expected != std::string::npos) observed.resize(expected);
    j["observed"] = observed;
    constexpr std::string_view kThrew = "threw ";
    if (observed.starts_with(kThrew)) {
      const std::string rest = observed.substr(kThrew.size());
      const size_t at = rest.find(" at ");
      j["exception"] = rest.substr(0, at);
      if (at != std::string::npos) j["location"] = rest.substr(at + 4);
    }
  }
  j["output"] = run.output;
  return j;
}

ordered_json OutcomeJson(std::string_view verdict, std::string_view message, std::string_view goal,
                         std::string_view kind) {
  ordered_json j;
  j["verdict"] = verdict;
  j["message"] = message;
  j["goal"] = goal;
  j["kind"] = kind;
  return j;
}

void AddEntryChoice(const wp::EntryChoice& choice, ordered_json* j) {
  (*j)["entry_reason"] = choice.reason;
  (*j)["public_callers"] = choice.public_callers;
  (*j)["public_callers_total"] = choice.public_callers_total;
}

namespace {

// An outcome that is no verdict: the message on stderr, and with --json
// also as an object on stdout; returns `status`.
int WpFailure(const WpOptions& options, std::string_view verdict, const std::string& message, int status,
              std::ostream& out, std::ostream& err) {
  err << "error: " << message << (message.ends_with('\n') ? "" : "\n");
  if (options.json) {
    std::string_view m = message;
    while (m.ends_with('\n')) m.remove_suffix(1);
    out << OutcomeJson(verdict, m, options.goal, options.kind).dump(2) << "\n";
  }
  return status;
}

}  // namespace

int RunWpGoal(const AnalysedClassPath& analysed, const WpOptions& options, std::ostream& out, std::ostream& err) {
  auto fail = [&](std::string_view verdict, const std::string& message, int status) {
    return WpFailure(options, verdict, message, status, out, err);
  };
  auto spec = wp::ParseGoal(options.goal, options.kind);
  if (!spec.ok()) return fail("ERROR", std::string(spec.status().message()), 2);
  const classfile::ClassPath* cp = analysed.opened.class_path.get();
  const auto& hierarchy = analysed.hierarchy;
  auto goal = wp::ResolveGoal(*hierarchy, *spec);
  if (!goal.ok()) return fail("NO_GOAL", std::string(goal.status().message()), 1);
  wp::EngineOptions engine = options.engine;
  if (options.trace) {
    engine.trace = [&err](std::string_view line) { err << "trace: " << line << "\n"; };
  }
  engine.entry = options.entry;
  for (char& c : engine.entry) {  // the class part may use slashes; the descriptor keeps them
    if (c == '(') break;
    if (c == '/') c = '.';
  }
  if (!engine.entry.empty()) {
    // The entry must name a method of a class on the class path.
    const std::string& e = engine.entry;
    const size_t paren = e.find('(');
    const std::string qualified = e.substr(0, paren);
    const size_t dot = qualified.rfind('.');
    std::vector<std::string> found;  // the descriptors of the methods it names
    if (dot != std::string::npos && dot > 0) {
      std::string cls = qualified.substr(0, dot);
      std::replace(cls.begin(), cls.end(), '.', '/');
      const std::string name = qualified.substr(dot + 1);
      const std::string desc = paren == std::string::npos ? "" : e.substr(paren);
      auto cf = cp->Load(cls);
      if (cf.ok()) {
        for (const auto& m : (*cf)->methods) {
          if (m.name == name && (desc.empty() || m.descriptor == desc)) found.emplace_back(m.descriptor);
        }
      }
    }
    // A name without a descriptor that one method answers to: the result
    // names the entry in full.
    if (found.size() == 1 && paren == std::string::npos) engine.entry = qualified + found[0];
    if (found.empty()) return fail("ERROR", Cat("--entry ", options.entry, ": no such method on the class path"), 1);
  }
  // An entry no chain of callers leads from: said at once, not after the
  // search's budget.
  if (absl::Status reach = wp::CheckEntryReachesGoal(*hierarchy, *goal, engine); !reach.ok()) {
    return fail("ERROR", std::string(reach.message()), 1);
  }
  // Why the search starts where it does (the public callers of a public
  // goal method listed), said with the result.
  const wp::EntryChoice entry_choice = wp::ExplainEntry(*hierarchy, *goal, engine);
  if (options.confirm) RunCandidatesOnJvm(goal->spec, options.class_path, options.jdk, options.exact, &engine);
  wp::Result r = wp::RunGoal(*hierarchy, *goal, engine);

  std::optional<bool> confirmed;
  std::string runner_output;
  std::optional<RunnerOutcome> runner;
  if (r.verdict == wp::Verdict::kFound && r.witness) {
    if (!options.witness_out.empty()) std::ofstream(options.witness_out) << WitnessJson(r, goal->spec) << "\n";
    if (options.confirm) {
      RunnerOutcome run = EngineConfirmation(r).value_or(RunnerOutcome{});
      if (!r.confirmed_on_jvm) run = ConfirmResult(r, goal->spec, options.class_path, options.jdk);
      if (!run.error.empty()) return fail("ERROR", run.error, 2);
      confirmed = run.confirmed;
      runner_output = run.output;
      runner = std::move(run);
    }
  }

  if (options.json) {
    ordered_json j = WpResultJson(r, goal->spec, confirmed);
    AddEntryChoice(entry_choice, &j);
    if (runner) j["runner"] = RunnerJson(*runner);
    out << j.dump(2) << "\n";
  } else {
    out << "goal: " << goal->spec.ToString() << "\n";
    out << "entry: " << r.entry << " (" << entry_choice.reason << ")\n";
    if (entry_choice.public_callers_total > 0) {
      out << "public callers one level up (" << entry_choice.public_callers_total << "):";
      for (const std::string& c : entry_choice.public_callers) out << " " << c;
      if (entry_choice.public_callers_total > entry_choice.public_callers.size()) out << " ...";
      out << "\n";
    }
    out << "verdict: " << wp::VerdictName(r.verdict) << "\n";
    if (!r.reason.empty()) out << "reason: " << r.reason << "\n";
    if (r.verdict == wp::Verdict::kFound) {
      out << "precondition: " << r.precondition << "\n";
      out << "path (lines):";
      for (int32_t l : r.path) out << " " << l;
      out << "\n";
      if (r.confirmed_on_jvm) {
        out << "optimistic: found through calls the search did not enter or inputs it did not choose (the "
               "assumptions below that start with \"optimistic:\"); the JVM ran the witness to the goal before "
               "this was called FOUND\n";
      }
      if (r.witness && !r.witness->inputs.empty()) {
        out << "inputs (the values the input methods' calls return, in call order):\n";
        for (const wp::Replay::Input& x : r.witness->inputs) {
          std::string value = solver::to_string(x.value);
          // As Java writes the method's result type: a boolean, a char.
          const char result = x.method.empty() ? 0 : x.method.back();
          if (x.value.kind == WitnessValue::Kind::kInt && result == 'Z') value = x.value.integral != 0 ? "true" : "false";
          if (x.value.kind == WitnessValue::Kind::kInt && result == 'C' && x.value.integral >= 32 && x.value.integral < 127 &&
              x.value.integral != '\'' && x.value.integral != '\\') {
            value = Cat("'", std::string(1, static_cast<char>(x.value.integral)), "'");
          }
          for (const solver::WitnessObject& o : r.witness->heap) {
            if (x.value.kind == WitnessValue::Kind::kRef && o.id == x.value.object && o.string_value) {
              value = logic::java_string_literal(*o.string_value);
            } else if (x.value.kind == WitnessValue::Kind::kRef && o.id == x.value.object && o.length) {
              // A file query's listing (list, listFiles): the runner makes a
              // directory of that many entries.
              value = Cat("an array of length ", *o.length, " (", o.id, ")");
            }
          }
          out << "  " << x.position << ": " << x.method << " returns " << value << "\n";
        }
      }
      out << "assumptions:" << (r.assumptions.empty() ? " none" : "") << "\n";
      for (const auto& a : r.assumptions) out << "  - " << a << "\n";
      if (!r.static_inputs.empty()) out << "static fields taken as inputs (--statics any):\n";
      for (const auto& a : r.static_inputs) out << "  - " << a << "\n";
      out << "witness:\n" << WitnessJson(r, goal->spec) << "\n";
      out << "smtlib:\n" << r.smtlib;
    }
    if (!r.facts_used.empty()) out << "field facts used:\n";
    for (const auto& f : r.facts_used) out << "  - " << f << "\n";
    if (confirmed) out << "runner: " << runner_output;
    out << "stats: " << r.stats.minterms << " minterms, " << r.stats.steps << " steps, "
        << r.stats.entry_checks << " final checks, " << static_cast<int64_t>(r.stats.time_ms)
        << " ms\n";
  }
  switch (r.verdict) {
    case wp::Verdict::kFound: return confirmed && !*confirmed ? 5 : 0;
    case wp::Verdict::kNotFound: return 3;
    case wp::Verdict::kUnknown: return 4;
  }
  return 4;
}

int RunWp(const WpOptions& options, std::ostream& out, std::ostream& err) {
  // A goal that does not parse is said before the class path is opened.
  if (auto spec = wp::ParseGoal(options.goal, options.kind); !spec.ok()) {
    return WpFailure(options, "ERROR", std::string(spec.status().message()), 2, out, err);
  }
  AnalysedClassPath analysed;
  if (absl::Status opened = OpenAnalysedClassPath(options.class_path, options.jdk, options.models, err, &analysed);
      !opened.ok()) {
    return WpFailure(options, "ERROR", std::string(opened.message()), 2, out, err);
  }
  return RunWpGoal(analysed, options, out, err);
}

}  // namespace jwp::app
