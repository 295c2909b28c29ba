#include "app/exceptions_command.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <system_error>
#include <tuple>
#include <vector>

#include "absl/strings/str_cat.h"
#include "app/goal_processes.h"
#include "app/method_goals.h"
#include "app/testgen_command.h"
#include "app/wp_command.h"
#include "callgraph/method_cache.h"
#include "classfile/class_file.h"
#include "classfile/class_path.h"
#include "classfile/descriptor.h"
#include "ir/monitors.h"
#include "nlohmann/json.hpp"
#include "wp/goal.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;
using absl::StrCat;

using Method = ScopeMethod;

// A `throw` of the method whose exception can leave it: the thrown type
// (internal name) and the line.
struct ThrowSite {
  std::string type;
  int32_t line = -1;
  bool operator<(const ThrowSite& o) const { return std::tie(type, line) < std::tie(o.type, o.line); }
};

// The method's own `throw`s whose exception can leave it: an athrow with
// an edge for the operand (not for the NPE of a null operand) into the
// exceptional exit, or through synchronized blocks' handlers to it
// (ir::LeavesMethod), by the operand's static type.
std::vector<ThrowSite> ThrowSites(const ir::MethodIR& ir) {
  std::set<ThrowSite> sites;
  for (const ir::Instruction& in : ir.insns) {
    if (in.op != ir::Op::kThrow || in.operands.empty()) continue;
    if (ir::IsSynchronizedRethrow(ir, static_cast<ir::InsnId>(&in - ir.insns.data()))) continue;
    std::string_view desc = ir.values[in.operands[0]].type.descriptor;
    if (desc.size() < 3 || desc[0] != 'L') continue;
    const std::string type(desc.substr(1, desc.size() - 2));
    for (ir::EdgeId e : ir.blocks[in.block].succs) {
      const ir::Edge& edge = ir.edges[e];
      if (edge.kind == ir::EdgeKind::kException && edge.thrown == type && ir::LeavesMethod(ir, e)) {
        sites.insert({type, in.line});
      }
    }
  }
  return {sites.begin(), sites.end()};
}

// One throw site's outcome, as JSON.
ordered_json SiteFields(const Method& m, const ThrowSite& site) {
  ordered_json j;
  j["method"] = m.java();
  j["exception"] = classfile::JavaName(site.type);
  j["line"] = site.line;
  return j;
}

ordered_json SearchThrow(const classfile::ClassHierarchy& h, const Method& m, const ThrowSite& site,
                         const MethodGoalOptions& o, std::optional<bool>* confirmed) {
  ordered_json j = SiteFields(m, site);
  const ordered_json result =
      SearchMethodGoal(h, m, StrCat("line:", site.line), StrCat("exit:", classfile::JavaName(site.type)), o, confirmed);
  for (const auto& [key, value] : result.items()) j[key] = value;
  return j;
}

// The text of one result under its method: a confirmed condition as a
// Javadoc @throws line; the others say what stands.
std::string ResultLine(const ordered_json& j, bool confirm) {
  const std::string verdict = j.value("verdict", "UNKNOWN");
  const std::string where = StrCat(" (line ", j.value("line", -1), ")");
  if (verdict == "FOUND") {
    const bool confirmed = j.contains("confirmed") && j["confirmed"].is_boolean() && j["confirmed"].get<bool>();
    if (confirm && !confirmed) {
      return StrCat("  ", j.value("exception", ""), where, ": a condition was found but the JVM did not confirm it: ",
                    j.value("precondition", ""), j.contains("runner_error") ? " (the runner failed)" : " (REFUTED)");
    }
    return StrCat("  @throws ", j.value("exception", ""), " if ", j.value("precondition", ""), where,
                  confirm ? "" : " [not replayed: --no-confirm]");
  }
  if (verdict == "NOT_FOUND") return StrCat("  ", j.value("exception", ""), where, ": never thrown (exhaustive search)");
  return StrCat("  ", j.value("exception", ""), where, ": ", verdict, ": ", j.value("reason", ""));
}

}  // namespace

int RunExceptions(const ExceptionsOptions& options, std::ostream& out, std::ostream& err) {
  if (!(options.timeout_s > 0)) {
    err << "error: --timeout must be positive\n";
    return 2;
  }
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
  // One computation of the field facts for every throw site.
  MethodGoalOptions shared{options.class_path, options.jdk, options.timeout_s, options.confirm, options.exact,
                           options.engine};
  if (shared.engine.field_facts) {
    shared.engine.field_facts_cache = std::make_shared<absint::FieldFacts>(*analysed.hierarchy, shared.engine.closed_packages);
  }
  // The throw sites of each method, found here; each method's sites searched in a child
  // process (app/goal_processes.h), methods printed in order as they are done.
  std::vector<std::vector<ThrowSite>> sites(methods.size());
  std::vector<size_t> counts_of_sites(methods.size(), 0);
  for (size_t i = 0; i < methods.size(); ++i) {
    auto ir = cache.Get(callgraph::MethodId(methods[i].owner, methods[i].name, methods[i].descriptor));
    if (!ir.ok()) {
      err << "error: " << methods[i].java() << ": " << ir.status().message() << "\n";
      continue;
    }
    sites[i] = ThrowSites(**ir);
    counts_of_sites[i] = sites[i].size();
  }
  GoalProcessOptions pool;
  pool.jobs = options.jobs;
  pool.memory_mb = options.memory_mb;
  pool.silence_limit_s = options.timeout_s * 1.5 + 30 + (options.confirm ? 120 : 0);
  GoalProcesses processes(pool);
  std::vector<std::optional<std::vector<ordered_json>>> done(methods.size());
  ordered_json all = ordered_json::array();
  std::map<std::string, int> counts;
  int refuted = 0;
  size_t printed = 0;
  auto print_ready = [&] {
    for (; printed < methods.size() && done[printed]; ++printed) {
      if (done[printed]->empty()) continue;
      out << methods[printed].java() << "\n";
      for (ordered_json& j : *done[printed]) {
        const std::string verdict = j.value("verdict", "UNKNOWN");
        if (verdict == "FOUND" && j.contains("confirmed") && j["confirmed"] == false) ++refuted;
        ++counts[verdict];
        out << ResultLine(j, options.confirm) << "\n";
        all.push_back(std::move(j));
      }
      out.flush();
      if (!options.json_out.empty()) WriteFileAtomically(options.json_out, all.dump(2) + "\n");
    }
  };
  std::string error;
  const bool ran = SearchListsInChildren(
      processes, counts_of_sites,
      [&](size_t m, size_t site, const std::vector<ordered_json>&) {
        std::optional<bool> confirmed;
        return SearchThrow(*analysed.hierarchy, methods[m], sites[m][site], shared, &confirmed);
      },
      [&](size_t m, size_t site, const std::string& why) {
        ordered_json j = SiteFields(methods[m], sites[m][site]);
        j["verdict"] = "UNKNOWN";
        j["reason"] = why;
        return j;
      },
      [&](size_t m, std::vector<ordered_json> results) {
        done[m] = std::move(results);
        print_ready();
      },
      &error);
  if (!ran) {
    err << "error: " << error << "\n";
    return 2;
  }
  out << "\n" << methods.size() << (methods.size() == 1 ? " method, " : " methods, ") << all.size()
      << (all.size() == 1 ? " throw site" : " throw sites") << ": FOUND " << counts["FOUND"]
      << ", NOT_FOUND " << counts["NOT_FOUND"] << ", UNKNOWN " << counts["UNKNOWN"] << "\n";
  if (!options.json_out.empty() && !WriteFileAtomically(options.json_out, all.dump(2) + "\n")) {
    err << "error: cannot write " << options.json_out << "\n";
  }
  if (!options.tests_dir.empty() &&
      WriteTestsFor(all, options.class_path, options.jdk, options.tests_dir, out, err) == 2 && status == 0) {
    status = 2;
  }
  return refuted > 0 ? 5 : status;
}

}  // namespace jwp::app
