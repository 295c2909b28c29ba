// The jwp command line. Every subcommand parses its options here and passes
// them down as a struct; exit codes: 0 success, 1 the command ran but found
// errors in its input, 2 usage or set-up error.
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "CLI/CLI.hpp"
#include "app/dump_command.h"
#include "app/exceptions_command.h"
#include "app/ir_command.h"
#include "app/stats_command.h"
#include "app/testgen_command.h"
#include "app/validate_command.h"
#include "app/wp_command.h"

namespace {

// --statics any|initial and --closed-packages (issue #29), in every
// subcommand that searches.
void AddReachableStateOptions(CLI::App* cmd, jwp::wp::StaticsAtEntry* statics, bool* closed_packages) {
  cmd->add_flag("--closed-packages", *closed_packages,
                "Every class of each package of the class path is on it: a package-private field holds only "
                "what its package's code stores (the JDK's packages are closed anyway)");
  cmd->add_option("--statics", *statics,
                  "What static fields hold at the entry: any (a client may have set those its class does not "
                  "keep to itself: they are inputs, listed in static_inputs) or initial (what their class "
                  "initializers leave there, as when a fresh JVM calls the entry first)")
      ->transform(CLI::CheckedTransformer(std::map<std::string, jwp::wp::StaticsAtEntry>{
          {"any", jwp::wp::StaticsAtEntry::kAny}, {"initial", jwp::wp::StaticsAtEntry::kInitial}}))
      ->capture_default_str();
}

// --input-method and --assume-method (callgraph/input_methods.h), for
// each subcommand that searches.
void AddInputMethodOptions(CLI::App* cmd, jwp::callgraph::InputMethods* inputs) {
  auto adder = [inputs](bool input) {
    return [inputs, input](const std::vector<std::string>& patterns) {
      for (const std::string& p : patterns) {
        const absl::Status s = input ? inputs->AddInput(p) : inputs->AddAssume(p);
        if (!s.ok()) throw CLI::ValidationError(input ? "--input-method" : "--assume-method", std::string(s.message()));
      }
    };
  };
  cmd->add_option_function<std::vector<std::string>>(
         "--input-method", adder(true),
         "Calls of these methods are inputs (pkg.Class.method, '*' in the name matching any run; repeatable): each "
         "call returns a value the witness gives, in call order (primitive and String results); the witness runner "
         "returns it on the JVM, so a FOUND needs --confirm (e.g. org.sosy_lab.sv_benchmarks.Verifier.nondet*)")
      ->type_name("PATTERN");
  cmd->add_option_function<std::vector<std::string>>(
         "--assume-method", adder(false),
         "Calls of these methods (void, one boolean) end every path whose argument is false (repeatable; e.g. "
         "org.sosy_lab.sv_benchmarks.Verifier.assume)")
      ->type_name("PATTERN");
  cmd->add_flag_callback(
      "--no-file-system-inputs", [inputs] { inputs->set_file_system(false); },
      "Analyse java.io.File's queries (exists, isDirectory, length, list, ...) as code, whose file-system natives "
      "are skipped calls, instead of as inputs the witness runner makes a file tree for");
}

constexpr const char* kExactHelp = "With --confirm: the exact search only. Without it, the search also passes costly calls without entering them (optimistic calls: assumed to return normally); such a candidate is a FOUND only once the JVM ran its witness to the goal, and a NOT_FOUND is still the exact search's";

// The options of `jwp wp` that say what to search and how: on the command
// line, and on each line of a --goals file (over the command line's).
void AddWpGoalOptions(CLI::App* cmd, jwp::app::WpOptions* wp, std::optional<double>* timeout_s) {
  cmd->add_option("--goal", wp->goal, "pkg.Class.method(desc)@line:N or @bci:N");
  cmd->add_option("--kind", wp->kind, "reach, npe, throw, exception:T, exit:T or npe-arg:K")->capture_default_str();
  cmd->add_option("--entry", wp->entry, "Entry method pkg.Class.method[(desc)] (default: the first public method met going up through callers)");
  cmd->add_option("--max-caller-depth", wp->engine.max_caller_depth, "Levels of callers searched for the entry")->capture_default_str();
  cmd->add_flag("--confirm", wp->confirm,
                "Replay the witness on the JVM with the witness runner; the search may then also pass costly "
                "calls optimistically (see --exact)");
  cmd->add_flag("--exact", wp->exact, kExactHelp);
  cmd->add_option("--max-candidates", wp->engine.max_candidates, "Optimistic candidates run on the JVM per goal")
      ->capture_default_str();
  cmd->add_option("--max-preconditions", wp->engine.max_preconditions,
                  "Go on after the first precondition, up to this many (the others as alternatives, merged; "
                  "jwp exceptions searches so)")
      ->capture_default_str()
      ->check(CLI::Range(1u, 64u));
  cmd->add_option("--witness-out", wp->witness_out, "Also write the witness JSON to this file");
  cmd->add_option("--max-steps", wp->engine.max_steps,
                  "Step budget per goal: the exact search's steps (with --confirm, optimistic minterms' come on "
                  "top, within their share)")->capture_default_str();
  // One spelling of the goal's budget in every subcommand: --timeout in
  // seconds (fractional allowed); --timeout-ms stays as a hidden alias.
  auto* timeout = cmd->add_option("--timeout", *timeout_s, "Seconds per goal, fractional allowed (default 60)");
  cmd->add_option("--timeout-ms", wp->engine.timeout_ms, "Wall-clock budget per goal in milliseconds")
      ->group("")
      ->excludes(timeout);
  cmd->add_option("--max-terms", wp->engine.max_terms, "Term budget per goal (memory cap)")->capture_default_str();
  cmd->add_option("--solver-timeout-ms", wp->engine.solver_timeout_ms, "Z3 timeout per query")->capture_default_str();
  cmd->add_flag("!--no-calls", wp->engine.expand_calls, "Skip every call with skolems instead of following it");
  cmd->add_flag("!--no-summaries", wp->engine.summaries, "Re-analyse callees for every path instead of sharing summaries");
  cmd->add_flag("!--no-forward-facts", wp->engine.forward_facts,
                "Explore backwards every edge, also those the objects the goal's method builds rule out");
  cmd->add_flag("!--no-field-facts", wp->engine.field_facts,
                "Treat every field at the entry as an input, also values no code of its class stores (absint/field_facts.h)");
  cmd->add_flag("!--no-non-null-returns", wp->engine.non_null_returns,
                "Let every call return null, also of methods that never do (absint/non_null_returns.h)");
  cmd->add_flag("!--no-generalization", wp->engine.generalize, "Key summaries on the whole dependent part, without generic variables (paper Section 5)");
  cmd->add_flag("!--no-simplification", wp->engine.simplify, "Check new minterms with Z3 alone, without the rewrite simplifier (paper Table 4)");
  cmd->add_option("--max-call-depth", wp->engine.max_call_depth, "Calls deeper than this are skipped")->capture_default_str();
  cmd->add_option("--callgraph", wp->engine.callgraph,
                  "directed: expand calls with several targets as the constraints choose them (paper Section 4); "
                  "cha: every class-hierarchy target from the start")
      ->transform(CLI::CheckedTransformer(std::map<std::string, jwp::wp::CallGraph>{
          {"directed", jwp::wp::CallGraph::kDirected}, {"cha", jwp::wp::CallGraph::kCha}}))
      ->capture_default_str();
  cmd->add_option("--search-order", wp->engine.search_order,
                  "shallow-first: fewer loop iterations and calls first (paper Section 6); fifo: creation order")
      ->transform(CLI::CheckedTransformer(std::map<std::string, jwp::wp::SearchOrder>{
          {"shallow-first", jwp::wp::SearchOrder::kShallowFirst}, {"fifo", jwp::wp::SearchOrder::kFifo}}))
      ->capture_default_str();
  cmd->add_option("--max-phases", wp->engine.max_phases, "Phases of directed call-graph construction")->capture_default_str();
  cmd->add_flag("--enable-assertions", wp->engine.enable_assertions, "Analyse `assert` statements as enabled, as java -ea runs them (default: disabled, the JVM's default); the witness runner runs with the same setting");
  AddReachableStateOptions(cmd, &wp->engine.statics, &wp->engine.closed_packages);
  AddInputMethodOptions(cmd, &wp->engine.inputs);
  cmd->add_flag("--trace", wp->trace, "Print how the search goes on standard error: each phase's end and the targets it enables, each waiting minterm's sites, each new summary");
  cmd->add_option("--max-targets", wp->engine.max_targets, "Targets per call site (cha: more are skipped; directed: enabled at once at an unconstrained site)")->capture_default_str();
}

// --timeout's seconds into the engine's budget; false (said on `err`) when
// it is not positive.
bool ApplyTimeout(const std::optional<double>& timeout_s, jwp::app::WpOptions* wp, std::ostream& err) {
  if (!timeout_s) return true;
  if (!(*timeout_s > 0)) {
    err << "error: --timeout must be positive (seconds per goal), not " << *timeout_s << "\n";
    return false;
  }
  wp->engine.timeout_ms = *timeout_s * 1000;
  return true;
}

// A line of a --goals file: its options over those of the command line
// (`base`). The class path, the JDK, the models and the output format are
// the batch's.
absl::StatusOr<jwp::app::WpOptions> ParseGoalLine(const jwp::app::WpOptions& base, const std::string& line) {
  jwp::app::WpOptions goal = base;
  goal.goal.clear();
  std::optional<double> timeout_s;
  CLI::App app{"a goal of jwp wp --goals"};
  AddWpGoalOptions(&app, &goal, &timeout_s);
  try {
    app.parse(line, /*program_name_included=*/false);
  } catch (const CLI::ParseError& e) {
    return absl::InvalidArgumentError(e.what());
  }
  if (goal.goal.empty()) return absl::InvalidArgumentError("no --goal");
  std::ostringstream why;
  if (!ApplyTimeout(timeout_s, &goal, why)) return absl::InvalidArgumentError(why.str());
  return goal;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"jwp: weakest preconditions for JVM bytecode"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "jwp 0.1");
  app.footer(
      "Examples:\n"
      "  jwp validate -cp app.jar --findbugs findbugs.xml --confirm --sarif out.sarif\n"
      "  jwp wp -cp app.jar --goal 'com.example.Foo.bar(I)V@line:42' --kind npe --confirm\n"
      "  jwp ir -cp app.jar 'com.example.Foo.bar'\n"
      "Each subcommand's --help has its options and an example.");

  jwp::app::StatsOptions stats;
  auto* stats_cmd = app.add_subcommand(
      "stats", "Parse and decode every class on the class path (default: the JDK's modules)");
  stats_cmd->add_option("-c,--cp,--class-path", stats.class_path, "Class path (a.jar:dir:b.jar)");
  stats_cmd->add_option("--jdk", stats.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  stats_cmd->add_flag("--jmods", stats.prefer_jmods, "Read the JDK from jmods/, not lib/modules");
  stats_cmd->add_flag("--ir", stats.build_ir, "Also build and verify the SSA IR of every method");
  stats_cmd->add_flag("--field-facts", stats.field_facts,
                      "Also compute the field facts of every class (what its fields can hold) and count them");
  stats_cmd->add_option("--max-errors", stats.max_errors_shown, "Errors to list (default 20)");
  stats_cmd->footer("Example:\n  jwp stats -cp app.jar --ir");

  jwp::app::DumpOptions dump;
  auto* dump_cmd = app.add_subcommand("dump", "Print classes as javap -c -p -l does");
  dump_cmd->add_option("-c,--cp,--class-path", dump.class_path, "Class path (a.jar:dir:b.jar)");
  dump_cmd->add_option("--jdk", dump.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  dump_cmd->add_option("classes", dump.class_names, "Class names (a.b.C or a/b/C), printed in turn")->required();
  dump_cmd->footer("Example:\n  jwp dump -cp app.jar com.example.Foo");

  jwp::app::IrOptions ir;
  auto* ir_cmd = app.add_subcommand("ir", "Print the SSA IR of a method");
  ir_cmd->add_option("-c,--cp,--class-path", ir.class_path, "Class path (a.jar:dir:b.jar)");
  ir_cmd->add_option("--jdk", ir.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  ir_cmd->add_option("method", ir.method, "pkg.Class.method(desc); the descriptor may be omitted if unique")
      ->required();
  ir_cmd->add_flag("!--no-verify", ir.verify, "Do not run the IR verifier");
  ir_cmd->footer("Example:\n  jwp ir -cp app.jar 'com.example.Foo.bar(I)V'");

  jwp::app::WpOptions wp;
  auto* wp_cmd = app.add_subcommand("wp", "Weakest precondition of one goal (exit 0 FOUND, 3 NOT_FOUND, 4 UNKNOWN, 5 refuted)");
  wp_cmd->add_option("-c,--cp,--class-path", wp.class_path, "Class path (a.jar:dir:b.jar)");
  wp_cmd->add_option("--jdk", wp.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  std::optional<double> wp_timeout_s;
  AddWpGoalOptions(wp_cmd, &wp, &wp_timeout_s);
  wp_cmd->add_flag("--json", wp.json, "Print one JSON object (with --goals: one per line, a goal each)");
  wp_cmd->add_flag("!--no-models", wp.models, "Analyse the JDK's own classes where jwp has models (models/: String)");
  wp_cmd->add_option("--goals", wp.goals_file,
                     "A batch: a file (- for standard input) with a goal per line, each line the options of one "
                     "goal (--goal G --kind K [--entry M] [--timeout S] ...) over those of the command line; the "
                     "class path is opened once and each goal searched in a process of its own; results in the "
                     "file's order (exit 0: every goal has its result, 1: some line is an error)");
  wp_cmd->add_option("--jobs", wp.jobs, "With --goals: goals searched at once (default: the number of cores)");
  wp_cmd->add_option("--memory-mb", wp.memory_mb, "With --goals: address-space cap per goal in MB (0: none)")
      ->capture_default_str();
  wp_cmd->footer(
      "Examples:\n"
      "  jwp wp -cp app.jar --goal 'com.example.Foo.bar(I)V@line:42' --kind npe --confirm\n"
      "  jwp wp -cp app.jar --goal 'com.example.Foo.bar@bci:17' --kind exception:java.lang.ArithmeticException \\\n"
      "         --entry com.example.Api.run --timeout 30 --json");

  jwp::app::ValidateOptions validate;
  auto* validate_cmd = app.add_subcommand(
      "validate", "Validate the null-dereference reports of a FindBugs/SpotBugs XML report (exit 0 done, 1 some "
                  "reports make no goal, 5 a witness refuted, 2 usage or set-up error)");
  validate_cmd->add_option("-c,--cp,--class-path", validate.class_path, "Class path of the analysed jar (a.jar:dir:b.jar)")
      ->required();
  validate_cmd->add_option("--jdk", validate.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  validate_cmd->add_option("--findbugs", validate.findbugs, "BugCollection XML (FindBugs 3.x, SpotBugs 4.x)")->required();
  validate_cmd->add_option("--json", validate.json_out, "Write every result as JSON to this file");
  validate_cmd->add_option("--tests", validate.tests_dir,
                           "With --confirm: write a JUnit 5 reproducer of each VALIDATED report into this directory "
                           "(jwp testgen: each compiled and run twice; see jwp testgen --help)");
  validate_cmd->add_option("--sarif", validate.sarif_out, "Write SARIF 2.1.0 to this file");
  validate_cmd->add_flag("--confirm", validate.confirm,
                         "Replay every witness on the JVM with the witness runner; the search may then also pass "
                         "costly calls optimistically (see --exact)");
  validate_cmd->add_flag("--exact", validate.exact, kExactHelp);
  validate_cmd->add_option("--jobs", validate.jobs, "Goals run in parallel (default: the number of cores)");
  validate_cmd->add_option("--timeout", validate.timeout_s, "Seconds per goal")->capture_default_str();
  validate_cmd->add_option("--memory-mb", validate.memory_mb, "Address-space cap per goal in MB (0: none)")
      ->capture_default_str();
  validate_cmd->add_option("--config", validate.config, "production, no-generalization, no-simplification or cha (paper Table 4)")
      ->check(CLI::IsMember({"production", "no-generalization", "no-simplification", "cha"}))
      ->capture_default_str();
  validate_cmd->add_flag("--verbose", validate.verbose, "Print each VALIDATED report's witness under its row");
  validate_cmd->add_option("--select", validate.select, "Only these dereference reports, numbered from 1 as in the table: 1,4-7");
  validate_cmd->add_option("--max-steps", validate.engine.max_steps,
                           "Step budget per goal: the exact search's steps (optimistic minterms' come on top, "
                           "within their share)")->capture_default_str();
  validate_cmd->add_flag("!--no-models", validate.models, "Analyse the JDK's own classes where jwp has models");
  validate_cmd->add_flag("--enable-assertions", validate.engine.enable_assertions, "Analyse `assert` statements as enabled, as java -ea runs them (default: disabled, the JVM's default); the witness runner runs with the same setting");
  AddReachableStateOptions(validate_cmd, &validate.engine.statics, &validate.engine.closed_packages);
  AddInputMethodOptions(validate_cmd, &validate.engine.inputs);
  validate_cmd->add_flag_callback("--progress", [&validate] { validate.progress = 1; },
                                  "Progress line on stderr (default: when stderr is a terminal)");
  validate_cmd->add_flag_callback("--no-progress", [&validate] { validate.progress = 0; }, "No progress line");
  validate_cmd->footer(
      "Example:\n"
      "  jwp validate -cp app.jar:lib/dep.jar --findbugs spotbugs.xml --confirm --timeout 30 --json out.json "
      "--sarif out.sarif");

  jwp::app::ExceptionsOptions exceptions;
  auto* exceptions_cmd = app.add_subcommand(
      "exceptions", "The exceptions a jar's public methods throw, each with its condition confirmed on the JVM "
                    "(exit 0 done, 1 a scope names nothing, 5 a witness refuted, 2 usage or set-up error)");
  exceptions_cmd->add_option("-c,--cp,--class-path", exceptions.class_path,
                             "The jar documented, then its dependencies (a.jar:dep.jar)")
      ->required();
  exceptions_cmd->add_option("--jdk", exceptions.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  exceptions_cmd->add_option("scope", exceptions.scope,
                             "Classes (pkg.C), packages (a prefix ending in '.'), methods (pkg.C.m) or one overload (pkg.C.m(desc)); default: "
                             "every public and protected method of every public class of the jar");
  exceptions_cmd->add_option("--timeout", exceptions.timeout_s,
                             "Seconds per method and exception type: the budget of a goal searched again "
                             "(--search-again), and of every goal with --first-timeout 0")
      ->capture_default_str();
  exceptions_cmd->add_option("--first-timeout", exceptions.first_timeout_s,
                             "Seconds of each goal's search (0: every goal gets --timeout)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  exceptions_cmd->add_flag("--search-again", exceptions.search_again,
                           "Search a goal again for --timeout when its first search found example inputs but no "
                           "condition");
  exceptions_cmd->add_option("--max-steps", exceptions.engine.max_steps, "Step budget per method and exception type")
      ->capture_default_str();
  exceptions_cmd->add_option("--jobs", exceptions.jobs,
                             "Methods searched in parallel, each in a process of its own (default: the number of cores)");
  exceptions_cmd->add_option("--memory-mb", exceptions.memory_mb, "Address-space cap per process in MB (0: none)")
      ->capture_default_str();
  exceptions_cmd->add_option("--json", exceptions.json_out, "Write every result as JSON to this file");
  exceptions_cmd->add_option("--max-conditions", exceptions.max_conditions,
                             "Preconditions searched per method and exception type, merged into one condition")
      ->capture_default_str();
  exceptions_cmd->add_option("--callee-runtime-share", exceptions.callee_runtime_share,
                             "The share of --timeout, --first-timeout and --max-steps for an implicit runtime exception (array index, "
                             "cast, array store, negative size, arithmetic) that only callees raise, and that no "
                             "Javadoc names (1: the whole budget)")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 1.0));
  exceptions_cmd->add_option("--format", exceptions.format,
                             "text (every result), javadoc (@throws lines) or markdown (a page per class, in --out)")
      ->capture_default_str();
  exceptions_cmd->add_option("--out", exceptions.out_dir, "With --format markdown: the directory of the pages");
  exceptions_cmd->add_option("--compare-javadoc", exceptions.compare_javadoc,
                             "The jar's Javadoc (HTML directory): report the documented exceptions jwp confirmed, "
                             "those it could not, and those it confirmed that are not documented");
  exceptions_cmd->add_flag("!--no-progress", exceptions.progress, "No progress line on a terminal");
  exceptions_cmd->add_option("--tests", exceptions.tests_dir,
                             "Write a JUnit 5 test of each confirmed condition into this directory (jwp testgen: "
                             "each compiled and run twice; see jwp testgen --help)");
  exceptions_cmd->add_flag("!--no-confirm", exceptions.confirm, "Print conditions without replaying their witnesses");
  exceptions_cmd->add_flag("--exact", exceptions.exact, kExactHelp);
  exceptions_cmd->add_flag("!--no-models", exceptions.models, "Analyse the JDK's own classes where jwp has models");
  exceptions_cmd->add_flag("--enable-assertions", exceptions.engine.enable_assertions, "Analyse `assert` statements as enabled, as java -ea runs them (default: disabled, the JVM's default); the witness runner runs with the same setting");
  AddReachableStateOptions(exceptions_cmd, &exceptions.engine.statics, &exceptions.engine.closed_packages);
  AddInputMethodOptions(exceptions_cmd, &exceptions.engine.inputs);
  exceptions_cmd->footer("Example:\n  jwp exceptions -cp commons-lang3.jar org.apache.commons.lang3.Validate --json out.json");

  jwp::app::TestgenOptions testgen;
  auto* testgen_cmd = app.add_subcommand(
      "testgen",
      "JUnit 5 tests from the witnesses the JVM confirmed: in results of jwp wp, validate or exceptions (--from), or "
      "found for the branches of a class (--cover) (exit 0 every witness gave a passing test, 1 some gave none, 2 "
      "usage or set-up error)");
  testgen_cmd->add_option("-c,--cp,--class-path", testgen.class_path,
                          "The classes under test, then their dependencies (as the results were computed with)")
      ->required();
  testgen_cmd->add_option("--jdk", testgen.jdk, "JDK home (default: JAVA_HOME, then java on PATH)");
  testgen_cmd->add_option("--from", testgen.from,
                          "A results file: the --json output of jwp wp, jwp validate or jwp exceptions (or validate's "
                          "SARIF); repeatable. Each confirmed witness becomes one test");
  testgen_cmd->add_option("--cover", testgen.cover,
                          "Classes (pkg.C), packages (a prefix ending in '.') or methods (pkg.C.m) of the first class "
                          "path entry: every branch outcome, throw and return of their public and protected methods "
                          "is a goal searched with the method as its entry; each witness the JVM confirms becomes a test");
  testgen_cmd->add_option("--timeout", testgen.timeout_s, "With --cover: seconds per goal")->capture_default_str();
  testgen_cmd->add_option("--max-steps", testgen.max_steps, "With --cover: step budget per goal")->capture_default_str();
  testgen_cmd->add_flag("!--no-construct", testgen.construct,
                        "Set a state reflectively without first searching for a constructor and calls of the class's "
                        "own methods that reach it (construction goals)");
  testgen_cmd->add_option("--construction-timeout", testgen.construction_timeout_s,
                          "Seconds per candidate sequence of a construction goal")
      ->capture_default_str();
  testgen_cmd->add_option("--jobs", testgen.jobs,
                          "Methods (--cover) and construction goals searched in parallel, each in a process of its "
                          "own (default: the number of cores)");
  testgen_cmd->add_option("--memory-mb", testgen.memory_mb, "Address-space cap per search process in MB (0: none)")
      ->capture_default_str();
  testgen_cmd->add_flag("!--no-models", testgen.models, "Analyse the JDK's own classes where jwp has models");
  testgen_cmd->add_option("--out", testgen.out,
                          "Directory of the tests: FooJwpTest.java in Foo's package directory under it, and "
                          "jwp/testsupport/ReflectiveState.java when a test sets state reflectively")
      ->required();
  testgen_cmd->add_flag("!--no-verify", testgen.verify,
                        "Write the tests without compiling and running them (by default each is compiled and run "
                        "twice with the JUnit console launcher; a test that fails or differs is dropped and listed)");
  testgen_cmd->add_option("--junit", testgen.junit, "The JUnit console launcher jar (Debian package junit5)")
      ->capture_default_str();
  testgen_cmd->footer(
      "Each test builds the witness's state, calls the entry and asserts what the JVM did then: the exception it "
      "threw, where and with which message, or the value it returned (a regression oracle). Objects are made by "
      "a JDK class's public no-argument constructor where the witness runner uses one; others, and private or "
      "final fields, are set through the generated ReflectiveState helper, and such tests carry "
      "@Tag(\"state-set-reflectively\"): their state may be one no caller can create.\n"
      "Examples:\n  jwp wp -cp app.jar --goal 'com.example.Foo.bar(I)V@line:42' --kind npe --confirm --json > r.json\n"
      "  jwp testgen -cp app.jar --from r.json --out src/test/java\n"
      "  jwp testgen -cp app.jar --cover com.example.Foo --out src/test/java");

  // CLI11 accepts -cp as a cluster of -c and -p, and -ea as -e -a; rewrite
  // them (java's spellings) first.
  std::vector<std::string> args(argv, argv + argc);
  for (auto& a : args) {
    if (a == "-cp" || a == "-classpath") a = "--cp";
    if (a == "-ea" || a == "-enableassertions") a = "--enable-assertions";
  }
  std::vector<char*> cargs;
  for (auto& a : args) cargs.push_back(a.data());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  if (stats_cmd->parsed()) return jwp::app::RunStats(stats, std::cout, std::cerr);
  if (dump_cmd->parsed()) return jwp::app::RunDump(dump, std::cout, std::cerr);
  if (ir_cmd->parsed()) return jwp::app::RunIr(ir, std::cout, std::cerr);
  if (wp_cmd->parsed()) {
    if (!ApplyTimeout(wp_timeout_s, &wp, std::cerr)) return 2;
    if (wp.goal.empty() == wp.goals_file.empty()) {
      std::cerr << "error: jwp wp needs --goal or --goals (one of them)\n";
      return 2;
    }
    if (!wp.goals_file.empty()) {
      return jwp::app::RunWpBatch(
          wp, [&wp](const std::string& line) { return ParseGoalLine(wp, line); }, std::cout, std::cerr);
    }
    return jwp::app::RunWp(wp, std::cout, std::cerr);
  }
  if (validate_cmd->parsed()) return jwp::app::RunValidate(validate, std::cout, std::cerr);
  if (exceptions_cmd->parsed()) return jwp::app::RunExceptions(exceptions, std::cout, std::cerr);
  if (testgen_cmd->parsed()) return jwp::app::RunTestgen(testgen, std::cout, std::cerr);
  return 2;
}
