#include "wp/entry_chains.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "classfile/descriptor.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {

using classfile::JavaName;

bool IsNamedEntry(const ir::MethodIR& m, std::string_view entry) {
  const std::string name = JavaName(m.class_name) + "." + std::string(m.method_name);
  return entry == name || entry == name + std::string(m.method_descriptor);
}

EntryChains FindEntryChains(std::shared_ptr<const ir::MethodIR> from, uint32_t max_depth,
                            const std::function<bool(const ir::MethodIR&)>& is_entry,
                            const std::function<std::vector<callgraph::CallSiteRef>(const ir::MethodIR&)>& callers_of,
                            callgraph::MethodCache& cache) {
  EntryChains out;
  absl::flat_hash_map<std::string, std::vector<std::string>> up;  // method -> its callers
  absl::flat_hash_set<std::string> entries;
  std::vector<std::shared_ptr<const ir::MethodIR>> frontier{from};
  absl::flat_hash_set<std::string> seen{from->QualifiedName()};
  bool complete = true;
  for (uint32_t level = 0; level <= max_depth && !frontier.empty() && complete; ++level) {
    std::vector<std::shared_ptr<const ir::MethodIR>> next;
    for (const auto& m : frontier) {
      const std::string name = m->QualifiedName();
      if (is_entry(*m)) entries.insert(name);
      if (level == max_depth) {
        // Its callers lie beyond the depth: a chain through them to the
        // entry is not known not to exist.
        if (!is_entry(*m)) out.cut_at_depth = true;
        continue;
      }
      for (const callgraph::CallSiteRef& site : callers_of(*m)) {
        auto cir = cache.Get(site.caller);
        if (!cir.ok()) continue;  // the search notes it
        const std::string caller = (*cir)->QualifiedName();
        up[name].push_back(caller);
        if (seen.insert(caller).second) next.push_back(*cir);
      }
      if (seen.size() > EntryChains::kMaxMethods) {
        complete = false;
        break;
      }
    }
    frontier = std::move(next);
  }
  if (!complete) return out;
  out.complete = true;
  out.on_chain = std::move(entries);
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [m, callers] : up) {
      if (out.on_chain.contains(m)) continue;
      for (const std::string& c : callers) {
        if (out.on_chain.contains(c)) {
          out.on_chain.insert(m);
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

absl::Status CheckEntryReachesGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options) {
  if (options.entry.empty()) return absl::OkStatus();
  callgraph::MethodCache cache(h);
  const EntryChains chains = FindEntryChains(
      goal.ir, options.max_caller_depth,
      [&](const ir::MethodIR& m) { return IsNamedEntry(m, options.entry); },
      [&](const ir::MethodIR& m) {
        return callgraph::FindCallers(h, cache, callgraph::MethodId(m.class_name, m.method_name, m.method_descriptor));
      },
      cache);
  if (!chains.complete || chains.cut_at_depth || chains.on_chain.contains(goal.ir->QualifiedName())) {
    return absl::OkStatus();
  }
  const ir::MethodIR& m = *goal.ir;
  return absl::NotFoundError(absl::StrCat(
      "--entry ", options.entry, " cannot reach the goal's method ", JavaName(m.class_name), ".",
      std::string(m.method_name), std::string(m.method_descriptor), ": no chain of callers within ",
      options.max_caller_depth, " levels (--max-caller-depth) leads from it there, and the callers of every method on the way were listed"));
}

EntryChoice ExplainEntry(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options) {
  EntryChoice out;
  const ir::MethodIR& m = *goal.ir;
  const std::string method = JavaName(m.class_name) + "." + std::string(m.method_name);
  if (!options.entry.empty()) {
    out.reason = "named by --entry";
    return out;
  }
  if (m.method == nullptr || !(m.method->access_flags & classfile::access::kPublic)) {
    out.reason = absl::StrCat("the goal's method ", method,
                              " is not public: the search goes up its callers to the closest public methods (within ",
                              options.max_caller_depth, " levels, --max-caller-depth)");
    return out;
  }
  out.reason = absl::StrCat("the goal's method ", method,
                            " is public: the search starts there (--entry names a caller to start from)");
  callgraph::MethodCache cache(h);
  absl::flat_hash_set<std::string> seen;
  std::vector<std::string> callers;
  for (const callgraph::CallSiteRef& site :
       callgraph::FindCallers(h, cache, callgraph::MethodId(m.class_name, m.method_name, m.method_descriptor))) {
    auto decl = cache.Find(site.caller);
    if (!decl.ok() || !(decl->method->access_flags & classfile::access::kPublic)) continue;
    const std::string name = JavaName(site.caller.owner) + "." + site.caller.name + site.caller.descriptor;
    if (seen.insert(name).second) callers.push_back(name);
  }
  std::sort(callers.begin(), callers.end());
  out.public_callers_total = callers.size();
  if (callers.size() > EntryChoice::kMaxListed) callers.resize(EntryChoice::kMaxListed);
  out.public_callers = std::move(callers);
  return out;
}

}  // namespace jwp::wp
