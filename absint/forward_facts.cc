// Forward facts: the interpreter's run from the goal's method, and what the
// search takes from it; see forward_facts.h.
#include "absint/forward_facts.h"

#include <algorithm>
#include <functional>

#include "absl/strings/str_cat.h"
#include "absint/internal/interpreter.h"

namespace jwp::absint {

std::string ForwardFacts::Child(std::string_view caller, ir::InsnId call, std::string_view target) {
  return std::string(caller) + "|" + std::to_string(call) + ">" + std::string(target);
}

const ForwardContext* ForwardFacts::Find(std::string_view context) const {
  if (!complete) return nullptr;
  auto it = by_context.find(std::string(context));
  return it == by_context.end() ? nullptr : &it->second;
}

std::vector<std::string> ForwardFacts::Callees(std::string_view context, ir::InsnId call) const {
  if (!complete) return {};
  auto it = callees_by_site.find(Child(context, call, ""));
  return it == callees_by_site.end() ? std::vector<std::string>{} : it->second;
}

const callgraph::ModSet* ForwardModSets::Of(const std::string& context) {
  if (auto it = done_.find(context); it != done_.end()) return it->second.get();
  const ForwardContext* f = facts_.Find(context);
  if (f == nullptr || f->ir == nullptr) return nullptr;
  auto followed = [&](ir::InsnId call, callgraph::ModSet* into) {
    const std::vector<std::string> callees = facts_.Callees(context, call);
    auto not_run = f->calls_not_run.find(call);
    // Not run at all, or run where the analysis keeps no facts.
    if (callees.empty() && not_run == f->calls_not_run.end()) return false;
    if (not_run != f->calls_not_run.end()) into->Merge(mods_.Of(not_run->second));
    for (const std::string& c : callees) {
      const callgraph::ModSet* sub = Of(c);
      if (sub == nullptr) return false;
      into->Merge(*sub);
    }
    return true;
  };
  auto set = std::make_unique<callgraph::ModSet>(mods_.OfRun(*f->ir, f->reached, followed));
  return done_.emplace(context, std::move(set)).first->second.get();
}

ForwardFacts ComputeForwardFacts(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache,
                                 const ir::MethodIR& entry, const ForwardOptions& options) {
  ForwardFacts out;
  internal::Interpreter interp(h, cache, options, &out);
  std::vector<AbsVal> args(entry.params.size(), AbsVal::Top());
  internal::Interpreter::Outcome o;
  if (!interp.Run(entry, std::string(ForwardFacts::kRoot), std::move(args), Heap{}, 0, &o)) {
    out.by_context.clear();
    return out;
  }
  // Contexts below a call site that was once an unknown call.
  for (auto it = out.by_context.begin(); it != out.by_context.end();) {
    bool below = false;
    for (const std::string& site : interp.unknown_sites_) below = below || it->first.starts_with(site);
    if (below) {
      out.by_context.erase(it++);
    } else {
      ++it;
    }
  }
  out.complete = true;
  out.contexts = out.by_context.size();
  for (auto& [context, f] : out.by_context) {
    if (context.empty()) continue;
    // Child(): "caller|call>target", where the target's name may hold '>' (<init>).
    const size_t arrow = context.find('>', context.rfind('|'));
    out.callees_by_site[context.substr(0, arrow + 1)].push_back(context);
  }
  for (auto& [site, callees] : out.callees_by_site) std::sort(callees.begin(), callees.end());
  // Mark the contexts with a dead edge and every context that calls them.
  std::vector<std::string> pruning;
  for (auto& [context, f] : out.by_context) {
    for (size_t e = 0; e < f.live.size(); ++e) {
      if (!f.live[e]) ++out.dead_edges;
    }
    if (std::find(f.live.begin(), f.live.end(), false) != f.live.end()) pruning.push_back(context);
  }
  // Facts ids, from the deepest contexts up: a context's facts, then its
  // callees' ids by call site.
  std::vector<std::pair<size_t, std::string>> order;
  for (const auto& [context, f] : out.by_context) {
    order.emplace_back(std::count(context.begin(), context.end(), '|'), context);
  }
  std::sort(order.begin(), order.end(), std::greater<>());
  std::map<std::string, std::vector<std::string>> callees;  // context -> "site=id" of its callees
  std::map<std::string, int32_t> ids;
  for (const auto& [depth, context] : order) {
    ForwardContext& f = out.by_context[context];
    std::string print = f.method + " ";
    for (bool l : f.live) print += l ? '1' : '0';
    std::vector<std::string>& below = callees[context];
    std::sort(below.begin(), below.end());
    for (const std::string& c : below) print += " " + c;
    f.facts_id = ids.try_emplace(print, static_cast<int32_t>(ids.size())).first->second;
    if (depth > 0) {
      const size_t bar = context.rfind('|');
      callees[context.substr(0, bar)].push_back(context.substr(bar + 1) + "=" + std::to_string(f.facts_id));
    }
  }
  for (const std::string& context : pruning) {
    std::string_view c = context;
    while (true) {
      auto it = out.by_context.find(std::string(c));
      if (it != out.by_context.end()) it->second.prunes = true;
      if (c.empty()) break;
      const size_t slash = c.rfind('|');
      c = c.substr(0, slash == std::string_view::npos ? 0 : slash);
    }
  }
  return out;
}

const std::vector<State>* ForwardFacts::StatesAt(ir::BlockId b) const {
  if (!complete || root_states == nullptr || b < 0 || static_cast<size_t>(b) >= root_states->at.size() ||
      root_states->at[b].empty()) {
    return nullptr;
  }
  return &root_states->at[b];
}

ForwardFacts ForwardFactsCache::Get(const classfile::ClassHierarchy& h, const ir::MethodIR& entry,
                                    const ForwardOptions& options, bool* computed) {
  // The options that change the facts: the bounds and which facts the
  // states may rest on (the field facts and non-null methods of one class
  // path give the same answers to every goal).
  const std::string key = absl::StrCat(entry.QualifiedName(), " ", options.max_steps, " ", options.max_depth, " ",
                                       options.max_contexts, " ", options.max_objects, " ",
                                       options.field_facts != nullptr, options.non_null_returns != nullptr);
  std::string patterns;
  if (options.inputs != nullptr) {
    for (const callgraph::MethodPattern& p : options.inputs->inputs()) absl::StrAppend(&patterns, " in:", p.text());
    for (const callgraph::MethodPattern& p : options.inputs->assumes()) absl::StrAppend(&patterns, " assume:", p.text());
  }
  const std::string key_with_inputs = key + patterns;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = by_key_.find(key_with_inputs);
  *computed = it == by_key_.end();
  if (*computed) it = by_key_.emplace(key_with_inputs, ComputeForwardFacts(h, cache_, entry, options)).first;
  ForwardFacts out = it->second;
  // The root context ran `entry` of the first goal: this goal's IR of the
  // same method (same blocks, edges and instructions) stands in for it.
  if (auto root = out.by_context.find(std::string(ForwardFacts::kRoot)); root != out.by_context.end()) {
    root->second.ir = &entry;
  }
  return out;
}

}  // namespace jwp::absint
