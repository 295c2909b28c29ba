#include "app/testgen_command.h"

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "app/json_fields.h"
#include "app/construction_goals.h"
#include "app/goal_processes.h"
#include "app/method_goals.h"
#include "app/process.h"
#include "app/wp_command.h"
#include "absint/field_facts.h"
#include "callgraph/method_cache.h"
#include "classfile/class_hierarchy.h"
#include "classfile/jdk.h"
#include "ir/dominators.h"
#include "ir/ir.h"
#include "nlohmann/json.hpp"
#include "wp/coverage_goals.h"
#include "pugixml.hpp"

namespace jwp::app {
namespace {

using absl::StrCat;
// Ordered, as jwp wp --json prints results (a witness keeps its key order).
using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// A confirmed witness and what becomes of it.
struct Scenario {
  std::string id;  // "1", "2", ... in the order the results list them
  json witness;
  std::string precondition;
  std::string origin;  // "npe at pkg.C.m(...)@line:12 (in results.json)"
  std::vector<std::string> parameters;
  json constructors;  // Constructors()
  json result;    // the result the witness came from (its goal and kind)
  // When the state comes from a universal driver (construction_goals.h): the driver's calls, and
  // what the scenario was before (it goes back to that when the driver's test fails).
  json sequence;
  json original;
  // The outcome.
  std::string test;  // "pkg.FooJwpTest.method"
  bool reflective = false;
  std::string problem;  // why there is no test
};

// Every object in `j` (at any depth: jwp wp's one result, validate's and
// exceptions' arrays, SARIF's properties) that holds a witness the JVM
// confirmed, once per distinct witness.
void CollectWitnesses(const json& j, const std::string& source, std::set<std::string>* seen,
                      std::vector<Scenario>* out) {
  if (j.is_array()) {
    for (const json& e : j) CollectWitnesses(e, source, seen, out);
    return;
  }
  if (!j.is_object()) return;
  const bool confirmed = j.contains("confirmed") && j["confirmed"].is_boolean() && j["confirmed"].get<bool>();
  if (confirmed && j.contains("witness") && j["witness"].is_object()) {
    if (!seen->insert(j["witness"].dump()).second) return;
    Scenario s;
    s.id = std::to_string(out->size() + 1);
    s.witness = j["witness"];
    s.precondition = Text(j, "precondition");
    s.result = j;
    s.origin = StrCat(Text(j, "kind"), " at ", Text(j, "goal"), " (",
                      j.contains("report") && j["report"].is_number_integer()
                          ? StrCat("FindBugs report ", j["report"].get<int>(), ", ")
                          : "",
                      source, ")");
    out->push_back(std::move(s));
    return;
  }
  for (const auto& [key, value] : j.items()) CollectWitnesses(value, source, seen, out);
}

// For each class of the witness's heap objects: its constructors'
// descriptors and parameter names (the test writer builds objects through
// constructors whose parameters are named as the fields to set).
json Constructors(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache, const json& witness) {
  json out = json::object();
  if (!witness.contains("heap") || !witness["heap"].is_object()) return out;
  for (const auto& [id, object] : witness["heap"].items()) {
    const std::string cls = Text(object, "class");
    if (cls.empty() || cls[0] == '[' || out.contains(cls)) continue;
    const classfile::ClassId id_of_class = h.Find(cls);
    if (!h.Valid(id_of_class)) continue;
    auto file = h.Load(id_of_class);
    if (!file.ok()) continue;
    json by_descriptor = json::object();
    for (const classfile::MethodInfo& m : (*file)->methods) {
      if (m.name != "<init>") continue;
      std::vector<std::string> names = ParameterNames(cache, cls, "<init>", std::string(m.descriptor));
      if (!names.empty() || m.descriptor == "()V") by_descriptor[std::string(m.descriptor)] = names;
    }
    out[cls] = by_descriptor;
  }
  return out;
}

// What the runs of testgen share.
struct Setup {
  std::string java, javac, runner_jar, class_path, junit;
  std::string writer_class_path;  // class_path, and the universal drivers the witnesses may call
  fs::path work, out;
};

// Puts a scenario whose state a driver builds back to the witness it had before.
void Revert(Scenario* sc) {
  if (sc->original.is_null()) return;
  sc->witness = sc->original["witness"];
  sc->precondition = sc->original["precondition"];
  sc->parameters = sc->original["parameters"].get<std::vector<std::string>>();
  sc->constructors = sc->original["constructors"];
  sc->sequence = json();
  sc->original = json();
}

// Runs the test writer over the scenarios not in `excluded`; fills their
// outcome and returns the files it wrote (empty on error, with `error`).
std::vector<std::string> WriteTests(const Setup& s, const std::set<std::string>& excluded,
                                    std::vector<Scenario>* scenarios, std::string* error) {
  json spec = {{"out", s.out.string()}, {"scenarios", json::array()}};
  for (Scenario& sc : *scenarios) {
    if (excluded.contains(sc.id)) continue;
    const fs::path w = s.work / StrCat("witness-", sc.id, ".json");
    std::ofstream(w) << sc.witness.dump(2) << "\n";
    spec["scenarios"].push_back({{"id", sc.id},
                                 {"witness", w.string()},
                                 {"parameters", sc.parameters},
                                 {"precondition", sc.precondition},
                                 {"origin", sc.origin},
                                 {"constructors", sc.constructors}});
    if (!sc.sequence.is_null()) spec["scenarios"].back()["sequence"] = sc.sequence;
    sc.test.clear();
    sc.problem.clear();
  }
  const fs::path spec_file = s.work / "spec.json";
  std::ofstream(spec_file) << spec.dump(2) << "\n";
  ProcessResult p = RunProcessInScratchDirectory(
      {s.java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", s.runner_jar + ":" + s.writer_class_path,
       "jwp.runner.TestWriter", spec_file.string()});
  if (!p.error.empty() || p.status != 0) {
    *error = StrCat("the test writer failed", p.error.empty() ? StrCat(" (exit ", p.status, ")") : ": " + p.error, ": ",
                    p.err);
    return {};
  }
  std::map<std::string, Scenario*> by_id;
  for (Scenario& sc : *scenarios) by_id[sc.id] = &sc;
  std::vector<std::string> files;
  std::istringstream lines(p.out);
  for (std::string line; std::getline(lines, line);) {
    std::vector<std::string> f = absl::StrSplit(line, absl::MaxSplits(' ', 3));
    if (f.size() >= 2 && f[0] == "file") {
      files.push_back(line.substr(5));
    } else if (f.size() >= 4 && f[0] == "test" && by_id.contains(f[1])) {
      Scenario* sc = by_id[f[1]];
      std::vector<std::string> rest = absl::StrSplit(f[3], ' ');
      sc->test = StrCat(f[2], ".", rest[0]);
      sc->reflective = rest.size() > 1 && rest[1] == "reflective";
    } else if (f.size() >= 3 && f[0] == "skip" && by_id.contains(f[1])) {
      by_id[f[1]]->problem = StrCat("skipped: ", line.substr(6 + f[1].size()));
    }
  }
  return files;
}

// The test method of `file` around `line` ("  void NAME() throws
// Throwable {"), as "pkg.Class.NAME"; "" outside every test.
std::string TestAt(const std::string& file, int line, const Setup& s) {
  std::ifstream in(file);
  std::string found;
  static const std::regex kDecl("^  void ([A-Za-z0-9_]+)\\(\\) throws Throwable \\{$");
  std::smatch m;
  int n = 0;
  for (std::string text; n < line && std::getline(in, text);) {
    ++n;
    if (std::regex_match(text, m, kDecl)) found = m[1];
  }
  if (found.empty()) return "";
  std::string cls = fs::path(file).lexically_relative(s.out).replace_extension("").string();
  std::replace(cls.begin(), cls.end(), '/', '.');
  return StrCat(cls, ".", found);
}

// Compiles the tests; each test method a javac error falls in goes into
// `failed` with the error. Returns false when an error is outside every
// test (a bug in the writer), with `error`.
bool Compile(const Setup& s, const std::vector<std::string>& files, std::map<std::string, std::string>* failed,
             std::string* error) {
  std::error_code ec;
  fs::remove_all(s.work / "classes", ec);
  fs::create_directories(s.work / "classes");
  std::vector<std::string> argv = {s.javac,        "-d",         (s.work / "classes").string(), "-cp",
                                   s.class_path + ":" + s.junit, "-encoding", "UTF-8", "-nowarn", "-proc:none",
                                   "-Xmaxerrs",    "1000"};
  argv.insert(argv.end(), files.begin(), files.end());
  ProcessResult p = RunProcessInScratchDirectory(argv);
  if (!p.error.empty()) {
    *error = StrCat("javac did not run: ", p.error);
    return false;
  }
  if (p.status == 0) return true;
  static const std::regex kError("^(/[^:]+\\.java):([0-9]+): error: (.*)$");
  std::istringstream lines(p.err);
  bool placed = false;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, kError)) continue;
    const std::string test = TestAt(m[1], std::stoi(m[2]), s);
    if (test.empty()) {
      *error = StrCat("the generated tests do not compile: ", line);
      return false;
    }
    failed->emplace(test, StrCat("does not compile: ", m[3].str()));
    placed = true;
  }
  if (!placed) *error = StrCat("javac failed (exit ", p.status, "): ", p.err);
  return placed;
}

// Runs every test once with the JUnit console launcher; `passed` gets the
// tests that passed, `failed` the others with why.
bool RunJunit(const Setup& s, int run, std::set<std::string>* passed, std::map<std::string, std::string>* failed,
              std::string* error) {
  const fs::path reports = s.work / StrCat("reports-", run);
  std::error_code ec;
  fs::remove_all(reports, ec);
  ProcessResult p = RunProcessInScratchDirectory(
      {s.java, "-jar", s.junit, "-cp", (s.work / "classes").string() + ":" + s.class_path, "--scan-classpath",
       (s.work / "classes").string(), "--disable-banner", "--details=none", "--reports-dir", reports.string(),
       // A test that hangs fails instead (the witness's own call ended within its timeout when the test
       // was written; the launcher must end whatever a test does).
       "--config=junit.jupiter.execution.timeout.default=60 s"});
  pugi::xml_document doc;
  if (!p.error.empty() || !doc.load_file((reports / "TEST-junit-jupiter.xml").c_str())) {
    *error = StrCat("the JUnit console launcher did not run (", s.junit, "): ", p.error, p.err);
    return false;
  }
  for (pugi::xml_node t : doc.child("testsuite").children("testcase")) {
    std::string name = t.attribute("name").as_string();
    if (const size_t paren = name.find('('); paren != std::string::npos) name.resize(paren);
    const std::string test = StrCat(t.attribute("classname").as_string(), ".", name);
    pugi::xml_node bad = t.child("failure");
    if (!bad) bad = t.child("error");
    if (!bad && !t.child("skipped")) {
      passed->insert(test);
      continue;
    }
    std::string why = bad ? bad.attribute("message").as_string() : "skipped";
    if (why.empty() && bad) why = bad.attribute("type").as_string();
    failed->emplace(test, StrCat("failed in run ", run, ": ", why.substr(0, 300)));
  }
  return true;
}

// Compiles and runs the tests; scenarios whose test failed get `problem`
// and go into `excluded`. Returns false on a set-up error.
bool Verify(const Setup& s, const std::vector<std::string>& files, int runs, std::vector<Scenario>* scenarios,
            std::set<std::string>* excluded, bool* all_passed, std::string* error) {
  std::map<std::string, std::string> failed;
  std::set<std::string> passed_every_run;
  if (!Compile(s, files, &failed, error)) return false;
  if (failed.empty()) {
    for (int run = 1; run <= runs; ++run) {
      std::set<std::string> passed;
      if (!RunJunit(s, run, &passed, &failed, error)) return false;
      if (run == 1) passed_every_run = passed;
      std::erase_if(passed_every_run, [&](const std::string& t) { return !passed.contains(t); });
    }
  }
  *all_passed = true;
  for (Scenario& sc : *scenarios) {
    if (sc.test.empty() || excluded->contains(sc.id)) continue;
    if (failed.contains(sc.test) && !sc.sequence.is_null()) {
      Revert(&sc);  // its state set as the witness had it instead
      *all_passed = false;
      continue;
    }
    if (failed.contains(sc.test)) {
      sc.problem = StrCat("dropped: ", failed[sc.test]);
    } else if (failed.empty() && !passed_every_run.contains(sc.test)) {
      sc.problem = "dropped: the JUnit launcher did not run it";
    } else {
      continue;
    }
    excluded->insert(sc.id);
    *all_passed = false;
  }
  return true;
}

// Construction goals (construction_goals.h) for the scenarios whose test sets state reflectively:
// each one a driver is found for takes the driver's witness, and its sequence of calls. Returns how
// many did.
int BuildThroughApi(const TestgenOptions& o, const classfile::ClassHierarchy& h, callgraph::MethodCache& cache,
                    Setup* s, std::vector<Scenario>* scenarios, std::ostream& out) {
  std::vector<Scenario*> chosen;
  std::vector<json> results;
  for (Scenario& sc : *scenarios) {
    if (sc.reflective && sc.problem.empty() && !sc.test.empty() && sc.sequence.is_null()) {
      chosen.push_back(&sc);
      results.push_back(sc.result);
    }
  }
  if (chosen.empty()) return 0;
  ConstructionOptions c;
  c.class_path = o.class_path;
  c.jdk = o.jdk;
  c.models = o.models;
  c.timeout_s = o.construction_timeout_s;
  c.jobs = o.jobs;
  c.memory_mb = o.memory_mb;
  const fs::path drivers = s->work / "drivers";
  std::ostringstream log;
  std::vector<std::optional<FoundConstruction>> found = SearchConstructions(h, results, drivers.string(), c, log);
  int n = 0;
  for (size_t i = 0; i < chosen.size(); ++i) {
    if (!found[i]) continue;
    Scenario& sc = *chosen[i];
    sc.original = {{"witness", sc.witness},
                   {"precondition", sc.precondition},
                   {"parameters", sc.parameters},
                   {"constructors", sc.constructors}};
    sc.witness = found[i]->result["witness"];
    sc.precondition = Text(found[i]->result, "precondition");
    sc.parameters = found[i]->parameters;
    sc.constructors = Constructors(h, cache, sc.witness);
    sc.sequence = found[i]->sequence;
    ++n;
  }
  if (n > 0) s->writer_class_path = StrCat((drivers / "classes").string(), ":", s->class_path);
  out << "construction goals: " << n << " of " << chosen.size()
      << " states set reflectively reached through their class's constructors and methods\n";
  std::istringstream lines(log.str());
  for (std::string line; std::getline(lines, line);) out << "  " << line << "\n";
  return n;
}

// What the test of a confirmed witness will cover in its entry method `m`: the witness replayed with
// the runner recording which of the goals' places execute and which branch outcomes are taken
// ({"bcis": [...], "outcomes": ["7:false", ...]}); null when the replay did not confirm.
json RecordCoverage(const json& witness, const ScopeMethod& m, const std::vector<wp::CoverageGoal>& goals,
                    const std::string& class_path, const std::string& jdk) {
  json w = witness;
  std::set<uint32_t> bcis;
  for (const wp::CoverageGoal& g : goals) {
    if (g.outcome.empty()) bcis.insert(g.block_bci);
  }
  w["record"] = {{"method", m.name}, {"descriptor", m.descriptor}, {"bcis", bcis}};
  const RunnerOutcome run = ConfirmWitnessText(w.dump(2), class_path, jdk);
  if (!run.error.empty() || !run.confirmed) return json();
  json covered = {{"bcis", json::array()}, {"outcomes", json::array()}};
  std::istringstream lines(run.output);
  for (std::string line; std::getline(lines, line);) {
    for (const auto& [prefix, key] : {std::pair{"  covered bcis:", "bcis"}, std::pair{"  covered outcomes:", "outcomes"}}) {
      if (!line.starts_with(prefix)) continue;
      for (absl::string_view item : absl::StrSplit(line.substr(std::string_view(prefix).size()), ' ', absl::SkipEmpty())) {
        uint32_t bci = 0;
        if (std::string(key) == "outcomes") covered[key].push_back(std::string(item));
        else if (absl::SimpleAtoi(item, &bci)) covered[key].push_back(bci);
      }
    }
  }
  return covered;
}

// Whether `covered` (RecordCoverage) includes goal g: its branch outcome, or its place.
bool CoveredBy(const json& covered, const wp::CoverageGoal& g) {
  if (!covered.is_object()) return false;
  if (!g.outcome.empty()) {
    const std::string key = StrCat(g.bci, ":", g.outcome);
    return std::any_of(covered["outcomes"].begin(), covered["outcomes"].end(),
                       [&](const json& o) { return o.is_string() && o.get<std::string>() == key; });
  }
  return std::any_of(covered["bcis"].begin(), covered["bcis"].end(),
                     [&](const json& b) { return b.is_number_unsigned() && b.get<uint32_t>() == g.block_bci; });
}

// --cover: searches the coverage goals of every method in scope, each with
// the method as its entry; the confirmed results go into `results`.
// Returns 1 when a scope entry names nothing (the rest still runs).
int SearchCoverage(const TestgenOptions& o, const AnalysedClassPath& analysed, std::ostream& out, std::ostream& err,
                   json* results) {
  int status = 0;
  const std::vector<ScopeMethod> methods = SelectMethods(*analysed.opened.class_path, o.class_path, o.cover, err, &status);
  if (status == 2) return 2;
  MethodGoalOptions search;
  search.class_path = o.class_path;
  search.jdk = o.jdk;
  search.timeout_s = o.timeout_s;
  search.engine.max_steps = o.max_steps;
  if (search.engine.field_facts) {
    search.engine.field_facts_cache = std::make_shared<absint::FieldFacts>(*analysed.hierarchy, false);
  }
  callgraph::MethodCache cache(*analysed.hierarchy);
  // Each method's goals, ordered so that the way to one passes many others: a goal every execution
  // to a reached one passes (its block dominates) needs no test of its own.
  struct MethodGoals {
    std::vector<wp::CoverageGoal> goals;
    std::optional<ir::Dominators> dominators;
  };
  std::vector<MethodGoals> per_method(methods.size());
  std::vector<size_t> sizes(methods.size(), 0);
  for (size_t i = 0; i < methods.size(); ++i) {
    const ScopeMethod& m = methods[i];
    auto ir = cache.Get(callgraph::MethodId(m.owner, m.name, m.descriptor));
    if (!ir.ok()) {
      err << "error: " << m.java() << ": " << ir.status().message() << "\n";
      continue;
    }
    per_method[i].goals = wp::CoverageGoals(**ir);
    // Outcomes that share their block with other ways in come first (reaching one passes what its
    // block leads to), then returns and throws, then the blocks entered by one outcome.
    std::stable_sort(per_method[i].goals.begin(), per_method[i].goals.end(),
                     [](const wp::CoverageGoal& a, const wp::CoverageGoal& b) {
                       auto rank = [](const wp::CoverageGoal& g) {
                         return !g.outcome.empty() ? 0 : g.what != wp::CoverageGoal::What::kBranch ? 1 : 2;
                       };
                       return rank(a) < rank(b);
                     });
    per_method[i].dominators.emplace(**ir);
    sizes[i] = per_method[i].goals.size();
  }
  // In a child process per method: each goal's outcome ("reached", "covered", "unreachable" or
  // "open"), what to print, and the result when reached.
  auto search_goal = [&](size_t m, size_t i, const std::vector<json>& earlier) {
    const MethodGoals& mg = per_method[m];
    const wp::CoverageGoal& g = mg.goals[i];
    json o = {{"outcome", "covered"}, {"line", StrCat(g.describe(), ": passed on the way to a goal already reached")}};
    for (size_t k = 0; k < earlier.size(); ++k) {
      if (Text(earlier[k], "outcome") != "reached") continue;
      if (wp::PassedOnTheWay(*mg.dominators, g, mg.goals[k])) return o;
      if (CoveredBy(earlier[k].value("covered", json()), g)) {
        o["line"] = StrCat(g.describe(), ": covered by the test of the ", mg.goals[k].describe());
        return o;
      }
    }
    std::optional<bool> confirmed;
    json j = SearchMethodGoal(*analysed.hierarchy, methods[m], g.where(), g.kind(), search, &confirmed);
    const std::string verdict = Text(j, "verdict");
    const bool kept = verdict == "FOUND" && confirmed == true;
    o["outcome"] = kept ? "reached" : verdict == "NOT_FOUND" ? "unreachable" : "open";
    o["line"] = StrCat(g.describe(), ": ",
                       kept ? "reached"
                       : verdict == "NOT_FOUND"
                           ? "unreachable (exhaustive search)"
                           : StrCat(verdict, verdict == "FOUND" ? " (the JVM did not confirm it)" : "", ": ",
                                    Text(j, "reason").substr(0, 160)));
    if (kept) {
      o["covered"] = RecordCoverage(j["witness"], methods[m], mg.goals, search.class_path, search.jdk);
      o["result"] = std::move(j);
    }
    return o;
  };
  auto failed_goal = [&](size_t m, size_t i, const std::string& why) {
    return json{{"outcome", "open"}, {"line", StrCat(per_method[m].goals[i].describe(), ": UNKNOWN: ", why)}};
  };
  std::map<std::string, int> counts;
  std::vector<std::optional<std::vector<json>>> done(methods.size());
  size_t printed = 0;
  auto method_done = [&](size_t m, std::vector<json> outcomes) {
    done[m] = std::move(outcomes);
    for (; printed < methods.size() && done[printed]; ++printed) {
      if (done[printed]->empty()) continue;
      out << methods[printed].java() << "\n";
      for (json& o : *done[printed]) {
        ++counts[Text(o, "outcome")];
        out << "  " << Text(o, "line") << "\n";
        if (o.contains("result")) results->push_back(std::move(o["result"]));
      }
      out.flush();
    }
  };
  GoalProcessOptions pool;
  pool.jobs = o.jobs;
  pool.memory_mb = o.memory_mb;
  std::string no_runner;  // then each confirmation says why
  pool.serving_runner = WitnessRunnerCommand(search.class_path, search.jdk, &no_runner);
  pool.silence_limit_s = o.timeout_s * 1.5 + 30 + 120;  // the search, then the witness's replay
  GoalProcesses processes(pool);
  std::string error;
  if (!SearchListsInChildren(processes, sizes, search_goal, failed_goal, method_done, &error)) {
    err << "error: " << error << "\n";
    return 2;
  }
  out << "\ncoverage goals: " << counts["reached"] << " reached (witness confirmed), " << counts["covered"]
      << " passed on the way to those or covered by their tests, " << counts["unreachable"] << " unreachable, " << counts["open"]
      << " not decided\n";
  return status;
}

}  // namespace

int RunTestgen(const TestgenOptions& o, std::ostream& out, std::ostream& err) {
  if (o.from.empty() == o.cover.empty()) {
    err << "error: give either --from RESULTS.json (tests of results already computed) or --cover SCOPE (tests "
           "that cover the scope's branches), not both\n";
    return 2;
  }
  if (!(o.timeout_s > 0)) {
    err << "error: --timeout must be positive\n";
    return 2;
  }
  AnalysedClassPath analysed;
  if (absl::Status opened = OpenAnalysedClassPath(o.class_path, o.jdk, o.models, err, &analysed); !opened.ok()) {
    err << "error: " << opened.message() << "\n";
    return 2;
  }
  std::vector<Scenario> scenarios;
  std::set<std::string> seen;
  int scope_status = 0;
  if (!o.cover.empty()) {
    json results = json::array();
    scope_status = SearchCoverage(o, analysed, out, err, &results);
    if (scope_status == 2) return 2;
    CollectWitnesses(results, "--cover", &seen, &scenarios);
    if (scenarios.empty()) {
      out << "no goal of the scope was reached with a confirmed witness: no test written\n";
      return 1;
    }
  }
  for (const std::string& file : o.from) {
    std::ifstream in(file);
    if (!in) {
      err << "error: cannot read " << file << "\n";
      return 2;
    }
    json j = json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) {
      err << "error: " << file << " is not JSON (expected the --json output of jwp wp, validate or exceptions)\n";
      return 2;
    }
    CollectWitnesses(j, o.source_label.empty() ? fs::path(file).filename().string() : o.source_label, &seen,
                     &scenarios);
  }
  if (scenarios.empty()) {
    err << "error: no confirmed witness in " << absl::StrJoin(o.from, ", ")
        << " (jwp testgen writes tests for results the JVM confirmed: run them with --confirm)\n";
    return 1;
  }
  callgraph::MethodCache cache(*analysed.hierarchy);
  for (Scenario& sc : scenarios) {
    const json& e = sc.witness.value("entry", json::object());
    sc.parameters = ParameterNames(cache, Text(e, "class"), Text(e, "method"), Text(e, "descriptor"));
    sc.constructors = Constructors(*analysed.hierarchy, cache, sc.witness);
  }

  Setup s;
  auto jdk = classfile::FindJdk(o.jdk);
  s.runner_jar = JwpLibFile("jwp-witness-runner.jar");
  if (!jdk.ok() || !fs::exists(s.runner_jar)) {
    err << "error: " << (jdk.ok() ? s.runner_jar + " is missing" : std::string(jdk.status().message())) << "\n";
    return 2;
  }
  s.java = jdk->home + "/bin/java";
  s.javac = jdk->home + "/bin/javac";
  s.class_path = AbsoluteClassPath(o.class_path);
  s.writer_class_path = s.class_path;
  s.junit = fs::absolute(o.junit).string();
  if (o.verify && (!fs::exists(s.javac) || !fs::exists(s.junit))) {
    err << "error: --verify needs javac (" << s.javac << ") and the JUnit console launcher (" << s.junit
        << ", Debian package junit5); --no-verify writes the tests without running them\n";
    return 2;
  }
  s.out = fs::absolute(o.out);
  std::error_code ec;
  fs::create_directories(s.out, ec);
  if (ec) {
    err << "error: cannot make " << o.out << ": " << ec.message() << "\n";
    return 2;
  }
  char work[] = "/tmp/jwp-testgen-XXXXXX";
  if (mkdtemp(work) == nullptr) {
    err << "error: cannot make a work directory under /tmp\n";
    return 2;
  }
  s.work = work;

  // Write, verify, drop what failed, write again: at most a few rounds.
  std::set<std::string> excluded;
  std::vector<std::string> files, previous;
  std::string error;
  bool verified = false;
  for (int round = 0; round < 5 && error.empty(); ++round) {
    files = WriteTests(s, excluded, &scenarios, &error);
    for (const std::string& f : previous) {
      if (std::find(files.begin(), files.end(), f) == files.end()) fs::remove(f, ec);  // no test left in it
    }
    previous = files;
    if (!error.empty()) break;
    if (round == 0 && o.construct && BuildThroughApi(o, *analysed.hierarchy, cache, &s, &scenarios, out) > 0) {
      continue;  // written again, the drivers' states built through the API
    }
    bool reverted = false;
    for (Scenario& sc : scenarios) {
      if (!sc.sequence.is_null() && !sc.problem.empty()) {
        Revert(&sc);  // the writer could not use the driver
        reverted = true;
      }
    }
    if (reverted) continue;
    if (!o.verify || files.empty()) break;
    if (!Verify(s, files, o.runs, &scenarios, &excluded, &verified, &error)) break;
    if (verified) break;
  }
  fs::remove_all(s.work, ec);
  if (!error.empty()) {
    err << "error: " << error << "\n";
    return 2;
  }
  int written = 0, reflective = 0;
  // A witness that sets environment variables (issue #28, System.getenv):
  // the JVM's environment is fixed at its start, so a JUnit test cannot
  // replay it (the writer says so); said, and not a failure. Nor can a
  // test make input methods (--input-method) return the witness's values.
  int environment = 0, inputs = 0;
  std::set<std::string> classes;
  for (const Scenario& sc : scenarios) {
    const bool sets_environment =
        sc.test.empty() && sc.witness.contains("environment") && !sc.witness["environment"].empty();
    environment += sets_environment;
    inputs += !sets_environment && sc.test.empty() && sc.witness.contains("inputs");
    if (!sc.test.empty() && sc.problem.empty()) {
      ++written;
      reflective += sc.reflective;
      classes.insert(sc.test.substr(0, sc.test.rfind('.')));
      out << sc.test << (sc.reflective ? " [state set reflectively]" : "") << "\n    from " << sc.origin << "\n";
    } else {
      out << "no test: " << sc.origin << "\n    " << (sc.problem.empty() ? "skipped: no outcome" : sc.problem) << "\n";
    }
  }
  out << "\n" << written << (written == 1 ? " test" : " tests") << " in " << classes.size()
      << (classes.size() == 1 ? " class" : " classes") << " written to " << o.out;
  if (o.verify) out << (verified ? StrCat(" (compiled and run ", o.runs, " times: all passed)") : " (NOT verified: tests kept failing)");
  else out << " (not verified: --no-verify)";
  out << "; " << reflective << " set state reflectively (@Tag(\"state-set-reflectively\")); "
      << scenarios.size() - written << " of " << scenarios.size() << " confirmed witnesses gave no test"
      << (environment > 0 ? StrCat(" (", environment, " set environment variables, which a JUnit test cannot)") : "")
      << (inputs > 0 ? StrCat(" (", inputs, " give input methods' values, which a JUnit test cannot)") : "")
      << "\n";
  if (o.verify && !verified) return 2;
  return written + environment + inputs == static_cast<int>(scenarios.size()) && scope_status == 0 ? 0 : 1;
}

int WriteTestsFor(const nlohmann::ordered_json& results, const std::string& class_path, const std::string& jdk,
                  const std::string& dir, std::ostream& out, std::ostream& err) {
  char name[] = "/tmp/jwp-results-XXXXXX";
  const int fd = mkstemp(name);
  if (fd < 0) {
    err << "error: cannot write the results for jwp testgen under /tmp\n";
    return 2;
  }
  close(fd);
  std::ofstream(name) << results.dump() << "\n";
  TestgenOptions o;
  o.class_path = class_path;
  o.jdk = jdk;
  o.from = {name};
  o.out = dir;
  o.source_label = "this run";
  out << "\njwp testgen: tests from the confirmed witnesses\n";
  const int status = RunTestgen(o, out, err);
  std::error_code ec;
  fs::remove(name, ec);
  return status;
}

}  // namespace jwp::app
