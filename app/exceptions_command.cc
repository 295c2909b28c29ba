#include "app/exceptions_command.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <vector>

#include "absint/forward_facts.h"
#include "absint/thrown_types.h"
#include "absl/strings/str_cat.h"
#include "app/exception_conditions.h"
#include "app/goal_processes.h"
#include "app/javadoc_comparison.h"
#include "app/method_goals.h"
#include "app/testgen_command.h"
#include "app/wp_command.h"
#include "callgraph/method_cache.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "nlohmann/json.hpp"
#include "types/stand_ins.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;
using absl::StrCat;

using Method = ScopeMethod;

// The exceptions the Javadoc documents for `m` that `types` does not list
// (nor a subclass of): goals too, so that the comparison says what the
// search found of each. Returns the types of `types` that the Javadoc
// names (a subclass of a documented one included).
std::set<std::string> AddDocumented(const classfile::ClassHierarchy& h, const std::vector<DocumentedMethod>& documented,
                                    const Method& m, std::vector<absint::ThrownType>* types) {
  std::set<std::string> named;
  std::string cls, name, params;
  if (!SplitMethodName(m.java(), &cls, &name, &params)) return named;
  for (const DocumentedMethod& d : documented) {
    if (d.class_name != cls || d.name != name || d.descriptor != params) continue;
    for (const DocumentedThrow& t : d.throws) {
      if (t.exception.find('.') == std::string::npos) continue;  // no package: not a class jwp can name
      const std::string type = classfile::InternalName(t.exception);
      if (!h.Valid(h.Find(type))) continue;
      bool listed = false;
      for (const absint::ThrownType& x : *types) {
        if (h.IsSubtype(x.type, type) != classfile::Tristate::kYes) continue;
        listed = true;
        named.insert(x.type);
      }
      if (listed) continue;
      absint::ThrownType extra;
      extra.type = type;
      extra.origin = absint::ThrownType::Origin::kDocumented;
      named.insert(type);
      types->push_back(std::move(extra));
    }
  }
  return named;
}

std::optional<ExceptionsFormat> ParseFormat(const std::string& f) {
  if (f == "text") return ExceptionsFormat::kText;
  if (f == "javadoc") return ExceptionsFormat::kJavadoc;
  if (f == "markdown") return ExceptionsFormat::kMarkdown;
  return std::nullopt;
}

// A runtime exception the JVM raises implicitly that leaves the method only
// from its callees (an index into a callee's array, a callee's cast): a
// goal the search rarely decides (guava's base package: 6 of 383 such goals
// found in 5 s each) and rarely what a caller must know; it gets a share of
// the budget. NullPointerException and the index exceptions of strings
// (thrown explicitly by the JDK) are not among them.
bool SecondaryGoal(const absint::ThrownType& t) {
  static constexpr std::string_view kImplicit[] = {
      "java/lang/ArrayIndexOutOfBoundsException", "java/lang/ArrayStoreException", "java/lang/ClassCastException",
      "java/lang/NegativeArraySizeException", "java/lang/ArithmeticException", "java/lang/IllegalMonitorStateException"};
  return t.origin == absint::ThrownType::Origin::kCallee &&
         std::find(std::begin(kImplicit), std::end(kImplicit), t.type) != std::end(kImplicit);
}

// Whether a pair's first search earns it a second with the whole budget:
// it found inputs that throw (FOUND) but no condition to print, only
// examples: inputs the JVM confirmed through calls whose results the
// candidate assumed (String.format's, say). A longer search turns such
// pairs into conditions (the candidates that cover the calls' results, the
// exact paths past them). A pair with a condition, NOT_FOUND, UNKNOWN with
// nothing found, or conditions over internal state only rarely gains from
// one (measured in bench/README.md, session 34). A pair with a refuted
// disjunct (a bug in jwp) keeps its first search, so that the refutation
// is reported.
bool WorthASecondSearch(const ordered_json& pair) {
  return pair.value("verdict", "") == "FOUND" && !(pair.contains("condition") && pair["condition"].is_string()) &&
         pair.contains("examples") && !pair["examples"].empty() && pair.value("refuted", 0) == 0;
}

// The goal of one (method, exception type): T leaving the method from
// anywhere, several preconditions, each confirmed; searched first for
// `first_timeout_s` (when shorter), then again with the whole budget when
// `search_again` and WorthASecondSearch.
ordered_json SearchPair(const classfile::ClassHierarchy& h, const Method& m, const absint::ThrownType& type,
                        const MethodGoalOptions& options, double secondary_share, double first_timeout_s,
                        bool search_again) {
  const auto start = std::chrono::steady_clock::now();
  MethodGoalOptions o = options;
  if (SecondaryGoal(type) && secondary_share < 1) {
    // The share cuts both searches: the first one's 1 s is most of what
    // such a goal gets otherwise.
    o.timeout_s *= secondary_share;
    o.engine.max_steps = std::max<uint64_t>(1, static_cast<uint64_t>(o.engine.max_steps * secondary_share));
    first_timeout_s *= secondary_share;
  }
  const std::string kind = StrCat("exit:", classfile::JavaName(type.type));
  auto search = [&](const MethodGoalOptions& with) {
    std::optional<bool> confirmed;
    return ExceptionPair(m.java(), type, SearchMethodGoal(h, m, "any", kind, with, &confirmed), with.confirm);
  };
  ordered_json j;
  bool searched_again = false;
  double timeout_s = o.timeout_s;
  if (first_timeout_s > 0 && first_timeout_s < o.timeout_s) {
    MethodGoalOptions first = o;
    first.timeout_s = timeout_s = first_timeout_s;
    j = search(first);
    searched_again = search_again && WorthASecondSearch(j);
  }
  if (j.is_null() || searched_again) {
    j = search(o);
    timeout_s = o.timeout_s;
  }
  j["searched_again"] = searched_again;
  j["timeout_s"] = timeout_s;
  j["seconds"] = std::round(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() * 100) / 100;
  return j;
}

// The counts of the closing line.
struct Tally {
  int complete = 0, partial = 0, examples = 0, internal = 0, unconfirmed = 0, not_found = 0, unknown = 0,
      refuted = 0;
  void Add(const ordered_json& p) {
    const std::string verdict = p.value("verdict", "UNKNOWN");
    if (p.contains("condition") && p["condition"].is_string()) {
      ++(p.value("complete", false) ? complete : partial);
    } else if (verdict == "FOUND" && p.contains("examples") && !p["examples"].empty()) {
      ++examples;
    } else if (verdict == "FOUND" && p.value("left_out", 0) > 0) {
      ++internal;
    } else if (verdict == "FOUND") {
      ++unconfirmed;
    } else if (verdict == "NOT_FOUND") {
      ++not_found;
    } else if (verdict != "NO_GOAL") {
      ++unknown;
    }
    refuted += p.value("refuted", 0);
  }
};

// Markdown: a page per class (pkg.C.md) and an index (README.md) in `dir`.
class MarkdownPages {
 public:
  explicit MarkdownPages(std::string dir) : dir_(std::move(dir)) {}
  bool Open(std::ostream& err) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) err << "error: cannot create " << dir_ << ": " << ec.message() << "\n";
    return !ec;
  }
  // Adds a method's text to its class's page and writes the page again.
  void Add(const Method& m, const std::string& text) {
    const std::string cls = classfile::JavaName(m.owner);
    std::string& page = pages_[cls];
    if (page.empty()) page = StrCat("# `", cls, "`: exceptions\n\nEach condition was confirmed on the JVM; ",
                                    "*complete*: the method throws the exception exactly when it holds.\n\n");
    page += text;
    WriteFileAtomically(StrCat(dir_, "/", cls, ".md"), page);
    std::string index = "# Exceptions\n\n";
    for (const auto& [c, p] : pages_) index += StrCat("- [`", c, "`](", c, ".md)\n");
    WriteFileAtomically(StrCat(dir_, "/README.md"), index);
  }

 private:
  std::string dir_;
  std::map<std::string, std::string> pages_;
};

}  // namespace

int RunExceptions(const ExceptionsOptions& options, std::ostream& out, std::ostream& err) {
  if (!(options.timeout_s > 0)) {
    err << "error: --timeout must be positive\n";
    return 2;
  }
  const std::optional<ExceptionsFormat> format = ParseFormat(options.format);
  if (!format) {
    err << "error: --format " << options.format << ": expected text, javadoc or markdown\n";
    return 2;
  }
  if (*format == ExceptionsFormat::kMarkdown && options.out_dir.empty()) {
    err << "error: --format markdown writes one page per class: name the directory with --out DIR\n";
    return 2;
  }
  if (options.max_conditions < 1) {
    err << "error: --max-conditions must be at least 1\n";
    return 2;
  }
  // The Javadoc is read first: a wrong directory is a usage error before hours of search.
  std::optional<std::vector<DocumentedMethod>> documented;
  if (!options.compare_javadoc.empty()) {
    absl::StatusOr<std::vector<DocumentedMethod>> read = ReadJavadocThrows(options.compare_javadoc);
    if (!read.ok()) {
      err << "error: --compare-javadoc: " << read.status().message() << "\n";
      return 2;
    }
    documented = std::move(*read);
  }
  MarkdownPages pages(options.out_dir);
  if (*format == ExceptionsFormat::kMarkdown && !pages.Open(err)) return 2;
  AnalysedClassPath analysed;
  if (absl::Status opened = OpenAnalysedClassPath(options.class_path, options.jdk, options.models, err, &analysed);
      !opened.ok()) {
    err << "error: " << opened.message() << "\n";
    return 2;
  }
  int status = 0;
  const std::vector<Method> methods =
      SelectMethods(*analysed.opened.class_path, options.class_path, options.scope, err, &status);
  if (status == 2) return 2;
  callgraph::MethodCache cache(*analysed.hierarchy);
  MethodGoalOptions shared{options.class_path, options.jdk, options.timeout_s, options.confirm, options.exact,
                           options.engine};
  shared.engine.max_preconditions = options.max_conditions;
  // Several conditions per goal, each from its own candidates.
  shared.engine.max_candidates = std::max<uint32_t>(shared.engine.max_candidates, 3 * options.max_conditions);
  // One computation of the field facts for every goal.
  if (shared.engine.field_facts) {
    shared.engine.field_facts_cache = std::make_shared<absint::FieldFacts>(*analysed.hierarchy, shared.engine.closed_packages);
  }
  // One computation of the forward facts for the goals of each method (a
  // method's goals share a child process).
  if (shared.engine.forward_facts) {
    shared.engine.forward_facts_cache = std::make_shared<absint::ForwardFactsCache>(*analysed.hierarchy);
  }
  // The types that may leave each method, found here; each method's goals
  // searched in a child process (app/goal_processes.h), methods printed in
  // order as they are done.
  // The JDK checks its arguments explicitly: its implicit exceptions on its
  // own state (StringBuilder's array) are no goals.
  absint::ThrownTypesOptions thrown_options;
  thrown_options.guarded_class = [](std::string_view cls) { return types::IsJdkPackage(cls); };
  absint::ThrownTypes thrown(*analysed.hierarchy, cache, thrown_options);
  std::vector<std::vector<absint::ThrownType>> types(methods.size());
  std::vector<size_t> counts_of_types(methods.size(), 0);
  std::set<std::pair<size_t, std::string>> named_by_javadoc;  // (method, type): the goal gets the whole budget
  for (size_t i = 0; i < methods.size(); ++i) {
    auto ir = cache.Get(callgraph::MethodId(methods[i].owner, methods[i].name, methods[i].descriptor));
    if (!ir.ok()) {
      err << "error: " << methods[i].java() << ": " << ir.status().message() << "\n";
      continue;
    }
    types[i] = thrown.Of(**ir);
    if (documented) {
      for (const std::string& t : AddDocumented(*analysed.hierarchy, *documented, methods[i], &types[i])) {
        named_by_javadoc.emplace(i, t);
      }
    }
    counts_of_types[i] = types[i].size();
  }
  GoalProcessOptions pool;
  pool.jobs = options.jobs;
  pool.memory_mb = options.memory_mb;
  std::string no_runner;  // then each confirmation says why
  if (options.confirm) pool.serving_runner = WitnessRunnerCommand(options.class_path, options.jdk, &no_runner);
  pool.silence_limit_s =
      (options.timeout_s + options.first_timeout_s) * 1.5 + 30 + (options.confirm ? 60.0 * (1 + options.max_conditions) : 0);
  GoalProcesses processes(pool);
  const bool progress = options.progress && isatty(STDERR_FILENO);
  std::vector<std::optional<std::vector<ordered_json>>> done(methods.size());
  ordered_json all = ordered_json::array();
  Tally tally;
  size_t printed = 0, finished = 0;
  auto print_ready = [&] {
    for (; printed < methods.size() && done[printed]; ++printed) {
      const std::string text = RenderMethod(methods[printed].java(), *done[printed], *format);
      if (*format == ExceptionsFormat::kMarkdown) {
        if (!text.empty()) pages.Add(methods[printed], text);
      } else {
        out << text;
      }
      for (ordered_json& j : *done[printed]) {
        tally.Add(j);
        all.push_back(std::move(j));
      }
      out.flush();
      if (!options.json_out.empty()) WriteFileAtomically(options.json_out, all.dump(2) + "\n");
    }
    if (progress) {
      err << "\r[" << finished << "/" << methods.size() << " methods] " << tally.complete + tally.partial
          << " conditions confirmed" << std::flush;
    }
  };
  std::string error;
  const bool ran = SearchListsInChildren(
      processes, counts_of_types,
      [&](size_t m, size_t t, const std::vector<ordered_json>&) {
        const bool named = named_by_javadoc.contains({m, types[m][t].type});
        return SearchPair(*analysed.hierarchy, methods[m], types[m][t], shared,
                          named ? 1.0 : options.callee_runtime_share, options.first_timeout_s,
                          options.search_again);
      },
      [&](size_t m, size_t t, const std::string& why) {
        ordered_json search{{"verdict", "UNKNOWN"}, {"reason", why}};
        return ExceptionPair(methods[m].java(), types[m][t], search, options.confirm);
      },
      [&](size_t m, std::vector<ordered_json> results) {
        done[m] = std::move(results);
        ++finished;
        print_ready();
      },
      &error);
  if (progress) err << "\r\033[K" << std::flush;
  if (!ran) {
    err << "error: " << error << "\n";
    return 2;
  }
  out << "\n" << methods.size() << (methods.size() == 1 ? " method: " : " methods: ") << tally.complete + tally.partial
      << " exceptions with a confirmed condition (" << tally.complete << " complete, " << tally.partial
      << " partial), " << tally.not_found << " never thrown, " << tally.unknown << " UNKNOWN";
  if (tally.examples > 0) out << ", " << tally.examples << " with an example input only";
  if (tally.internal > 0) out << ", " << tally.internal << " only over the internal state of arguments or the JDK";
  if (tally.unconfirmed > 0) out << ", " << tally.unconfirmed << " found but not confirmed";
  out << "\n";
  if (*format == ExceptionsFormat::kMarkdown) out << "pages written to " << options.out_dir << "\n";
  if (!options.json_out.empty() && !WriteFileAtomically(options.json_out, all.dump(2) + "\n")) {
    err << "error: cannot write " << options.json_out << "\n";
  }
  if (documented) {
    std::vector<std::string> in_scope;
    for (const Method& m : methods) in_scope.push_back(m.java());
    const classfile::ClassHierarchy& h = *analysed.hierarchy;
    const JavadocComparison c = CompareWithJavadoc(*documented, in_scope, all, [&](const std::string& a, const std::string& b) {
      return h.IsSubtype(classfile::InternalName(a), classfile::InternalName(b)) == classfile::Tristate::kYes;
    });
    out << "\n" << c.report;
    if (!options.json_out.empty()) {
      WriteFileAtomically(options.json_out + ".javadoc.json", c.json.dump(2) + "\n");
    }
  }
  if (!options.tests_dir.empty() &&
      WriteTestsFor(all, options.class_path, options.jdk, options.tests_dir, out, err) == 2 && status == 0) {
    status = 2;
  }
  return tally.refuted > 0 ? 5 : status;
}

}  // namespace jwp::app
