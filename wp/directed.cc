// Directed call-graph construction (PLDI'09 Section 4, Figure 4): the
// phases of RunGoal, and between them the targets that the minterms
// waiting at the entry need (ranked by their type bounds, checked by Z3:
// the wp problem answers both, directed_queries.cc) and those a minterm
// pins on its way.
#include "wp/directed.h"

#include <algorithm>
#include <map>

#include "absl/strings/str_cat.h"
#include "base/check.h"
#include "logic/printer.h"
#include "logic/visit.h"
#include "wp/wp_problem.h"

namespace jwp::wp::internal {

using logic::Minterm;
using logic::Term;

std::string TraceText(const logic::TermManager& tm, const Minterm& m) {
  std::string text = logic::to_java(tm, m);
  if (text.size() > kTraceWidth) text = absl::StrCat(text.substr(0, kTraceWidth), " ...");
  return text;
}

bool DirectedConstruction::Wait(const Minterm& phi, int32_t act) {
  if (ph_.pending.size() >= kMaxPending) return false;
  ph_.pending.push_back(Pending{phi, act});
  return true;
}

void DirectedConstruction::NotePinned(const Minterm& phi) {
  for (Term lit : phi) {
    if (!lit.is(logic::TermKind::kEq)) continue;
    Term sigma = lit.arg(0), m = lit.arg(1);
    if (!m.is(logic::TermKind::kMethodConst)) std::swap(sigma, m);
    if (!m.is(logic::TermKind::kMethodConst) || !sigma.is(logic::TermKind::kVar)) continue;
    const logic::VarInfo& info = tm_.var_info(sigma);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
    auto site = sites_.find(info.site);
    if (site == sites_.end() || !ph_.pin_checked.insert(lit).second) continue;
    const Term facts[] = {lit};
    for (std::string& t : queries_.BoundedTargets(facts, sigma, site->second)) {
      auto [at, inserted] = ph_.pinned[site->second.key].insert(std::move(t));
      if (inserted && tracing()) opt_.trace(Cat("phase ", phase_, ": a minterm pins ", site->second.key, " to ", *at));
    }
  }
}

std::string DirectedConstruction::Interrupt(uint64_t steps) {
  if (!Waiting()) return "";
  // Minterms wait for expansion: once the phase has run as long again as
  // it took to produce the first of them (loops with skipped calls need
  // not end), choose targets; end the phase when there are some.
  if (ph_.pending_since == 0) ph_.pending_since = steps;
  if (steps < 2 * ph_.pending_since + kPhaseGrace) return "";
  // The first time, only sites with few candidates, or a larger one that a
  // loop skips again and again; from the second on, the best larger one
  // too (a loop whose skipped call has many targets would otherwise hold
  // the phase until the budget ends).
  ChooseExpansions(/*allow_big=*/ph_.graces++ > 0);
  if (!ph_.to_enable.empty()) return "the phase ended early to expand calls";
  ph_.pending_since = 0;
  return "";
}

// Each directed site of `p`'s skolems with the targets not yet enabled
// that the type bounds allow there, fewest first. The type facts: the
// minterm's, and the entry's declared types (an input is null or of its
// declared type, as the final check assumes). Nullopt when a site allows
// none: every execution dispatches to some target, and the enabled ones
// were expanded.
std::optional<DirectedConstruction::Ranked> DirectedConstruction::rank_sites(const Pending& p) {
  Ranked r;
  for (Term v : logic::free_variables(p.phi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
    auto it = sites_.find(info.site);
    if (it == sites_.end()) continue;
    r.sigmas[it->second.key].push_back(v);
    r.by_key[it->second.key] = &it->second;
  }
  std::vector<Term> facts(p.phi.begin(), p.phi.end());
  if (!r.sigmas.empty()) {
    for (Term t : queries_.DeclaredTypeBounds(p.act)) facts.push_back(t);
  }
  for (const auto& [key, vars] : r.sigmas) {
    std::set<std::string> union_targets;
    for (Term sigma : vars) {
      for (std::string& t : queries_.BoundedTargets(facts, sigma, *r.by_key[key])) union_targets.insert(std::move(t));
    }
    if (union_targets.empty()) return std::nullopt;
    r.sites.push_back({key, std::vector<std::string>(union_targets.begin(), union_targets.end()), vars.size() > 1});
  }
  std::stable_sort(r.sites.begin(), r.sites.end(), [](const SiteCandidates& a, const SiteCandidates& b) {
    return a.targets.size() < b.targets.size();
  });
  return r;
}

// For one waiting minterm: its cheapest site's candidates are checked by
// the solver (a candidate already chosen for another minterm needs no
// check: it is enabled anyway); none left, the minterm is infeasible.
// Only the cheapest site is checked: the others wait for later phases,
// which start over. Sites the type bounds pin to one target go with it.
bool DirectedConstruction::choose_for(const Pending& p, std::map<std::string, std::set<std::string>>& small) {
  std::optional<Ranked> ranked = rank_sites(p);
  if (ranked) {
    ++ph_.waiting_counted;
    for (const SiteCandidates& r : ranked->sites) {
      auto& [count, targets] = ph_.waiting_sites[r.key];
      ++count;
      targets.insert(r.targets.begin(), r.targets.end());
    }
  }
  if (tracing()) {
    std::string sites;
    if (ranked) {
      for (const SiteCandidates& r : ranked->sites) sites += Cat(" ", r.key, " (", r.targets.size(), ")");
    }
    opt_.trace(Cat("phase ", phase_, ": a minterm waits at the entry",
                   !ranked ? ", refuted: a site has no target left" : Cat("; its sites by candidates:", sites),
                   "; the minterm: ", TraceText(tm_, p.phi)));
  }
  if (!ranked) return false;
  std::optional<SiteCandidates> best;
  if (!ranked->sites.empty()) {
    SiteCandidates& first = ranked->sites.front();
    if (first.targets.size() > kSmallSite) {
      best = first;  // too many to check one by one
    } else {
      const std::set<std::string>& chosen = small[first.key];
      SiteCandidates feasible{first.key, {}};
      for (const std::string& k : first.targets) {
        bool ok = chosen.contains(k);
        for (Term sigma : ranked->sigmas[first.key]) {
          if (ok) break;
          ok = queries_.DispatchFeasible(p, sigma, *ranked->by_key[first.key], k);
        }
        if (ok) feasible.targets.push_back(k);
      }
      if (!feasible.targets.empty()) best = std::move(feasible);
    }
    const bool none_feasible = !best;
    if (small[first.key].empty()) small.erase(first.key);
    if (none_feasible) return false;
  }
  // Not refuted: until a phase expands its skipped calls, they are why it
  // is not a precondition (every one of them, so that the search is never
  // taken for exhaustive while it waits).
  for (Term v : logic::free_variables(p.phi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role == logic::VarRole::kSkolem) queries_.Note(vocab_.call_site_text(info.site));
  }
  if (!best) return true;
  for (size_t i = 1; i < ranked->sites.size() && ranked->sites[i].targets.size() == 1; ++i) {
    small[ranked->sites[i].key].insert(ranked->sites[i].targets.front());
  }
  if (best->targets.size() <= kSmallSite) {
    small[best->key].insert(best->targets.begin(), best->targets.end());
    return true;
  }
  // The same site offered again, with fewer candidates (this minterm's type
  // bounds cut more) or not, keeps what either minterm saw: a loop through it.
  const bool same_site = ph_.big && ph_.big->key == best->key;
  const bool repeated = best->repeated || (same_site && ph_.big->repeated);
  if (!ph_.big || best->targets.size() < ph_.big->targets.size()) ph_.big = std::move(best);
  if (same_site) ph_.big->repeated = repeated;
  return true;
}

// A site every waiting minterm (at least `min_waiting`) passes through
// must be expanded for any of them to become a precondition: it goes with
// the sites chosen whatever its size (within max_targets), or cheap sites
// inside the targets enabled so far could fill every phase while it waits.
// With the cheap sites, two or more minterms must share it; with a big
// site (no cheap one left), one is enough: each of its big sites would
// otherwise take a phase of its own.
void DirectedConstruction::add_common_sites(std::map<std::string, std::set<std::string>>& small,
                                            uint32_t min_waiting) const {
  if (small.empty() || ph_.waiting_counted < min_waiting) return;
  for (const auto& [site, entry] : ph_.waiting_sites) {
    const auto& [count, targets] = entry;
    if (count == ph_.waiting_counted && targets.size() > kSmallSite && targets.size() <= opt_.max_targets) {
      small[site].insert(targets.begin(), targets.end());
    }
  }
}

// Directed construction between phases (Section 4, Figure 4). For each
// minterm that reached the entry with skolems of partially expanded sites,
// its sites are ranked by the targets not yet enabled that the type bounds
// in the minterm allow (rank_sites), and the cheapest site's are chosen
// (choose_for). The next phase enables every chosen site's targets; only
// when no minterm offers a site with at most kSmallSite of them, and
// `allow_big` (the end of the phase, or its grace ran out twice) or a
// waiting minterm skipped that site more than once (a loop through it,
// which unrolls on while the phase waits), is the smallest larger one seen
// this phase enabled (within max_targets). The targets minterms pinned on
// their way (NotePinned) go with the cheap sites.
// Deterministic: sites and targets in name order.
void DirectedConstruction::ChooseExpansions(bool allow_big) {
  std::map<std::string, std::set<std::string>> small = ph_.pinned;
  for (; ph_.pending_checked < ph_.pending.size(); ++ph_.pending_checked) {
    if (queries_.OutOfTime()) {
      queries_.Note(Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms"));
      return;
    }
    if (!choose_for(ph_.pending[ph_.pending_checked], small)) ++queries_.PhaseStats().refuted_by_dispatch;
  }
  add_common_sites(small, 2);
  for (const auto& [site, ts] : small) {
    auto pinned = ph_.pinned.find(site);
    for (const std::string& t : ts) {
      ph_.to_enable.emplace_back(site, t);
      if (pinned != ph_.pinned.end() && pinned->second.contains(t)) ++queries_.PhaseStats().targets_pinned;
    }
  }
  if (ph_.to_enable.empty() && ph_.big && (allow_big || ph_.big->repeated)) {
    if (ph_.big->targets.size() <= opt_.max_targets) {
      std::map<std::string, std::set<std::string>> chosen;
      chosen[ph_.big->key].insert(ph_.big->targets.begin(), ph_.big->targets.end());
      add_common_sites(chosen, 1);
      for (const auto& [site, ts] : chosen) {
        for (const std::string& t : ts) ph_.to_enable.emplace_back(site, t);
      }
    } else {
      queries_.Note(Cat("a call has more than ", opt_.max_targets, " possible targets (--max-targets): ", ph_.big->key));
    }
  }
}

}  // namespace jwp::wp::internal


namespace jwp::wp {

using internal::Clock;
using internal::WpProblem;
using callgraph::EnabledTargets;

// The phases of directed call-graph construction (Section 4, Figure 4):
// each phase searches with the targets enabled so far; one that ends
// without a precondition chooses the targets the waiting minterms need and
// the next phase starts over with them. Phases share the goal's budgets.
Result RunGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options) {
  const auto start = Clock::now();
  EnabledTargets enabled;
  callgraph::LambdaClasses lambdas;
  Result::Stats total;
  std::map<std::string, uint64_t> steps_by_method;  // over all phases
  WpProblem search(h, goal, options, enabled, lambdas);
  for (uint32_t phase = 1;; ++phase) {
    const WpProblem::Used used{total.steps, total.budgeted_steps(),
                               std::chrono::duration<double, std::milli>(Clock::now() - start).count(),
                               total.entry_checks};
    Result r = search.run(used);
    total.AddPhase(r.stats);
    for (const Result::SummaryCount& c : r.summaries) steps_by_method[c.method] += c.steps;
    const double elapsed = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    // A phase that made new lambda classes runs again with them (they are
    // targets the phase's calls did not list); one that ran out of work
    // before the forward facts were due runs again with them.
    bool more = r.verdict == Verdict::kUnknown &&
                (!search.to_enable().empty() || search.lambdas_grew() || search.forward_facts_due());
    if (more && phase >= options.max_phases) {
      r.reason = Cat("budget: ", options.max_phases, " phases of call-graph expansion; ", r.reason);
      more = false;
    }
    if (more && (total.budgeted_steps() >= options.max_steps || elapsed >= options.timeout_ms)) more = false;
    if (!more) {
      search.finish_collected(&r);
      r.stats = total;
      r.stats.callgraph_methods = total.methods_analysed;
      r.stats.phases = phase;
      r.stats.sites_expanded = enabled.num_sites();
      r.enabled_targets = enabled.Sorted();
      r.stats.time_ms = elapsed;
      // Steps per method over every phase (the summaries stay the final
      // phase's); methods only earlier phases entered are listed too.
      for (Result::SummaryCount& c : r.summaries) c.steps = steps_by_method[c.method];
      for (const auto& [method, steps] : steps_by_method) {
        auto it = std::lower_bound(r.summaries.begin(), r.summaries.end(), method,
                                   [](const Result::SummaryCount& c, const std::string& m) { return c.method < m; });
        if (it == r.summaries.end() || it->method != method) {
          Result::SummaryCount c;
          c.method = method;
          c.steps = steps;
          r.summaries.insert(it, std::move(c));
        }
      }
      return r;
    }
    absl::flat_hash_set<std::string> changed;
    if (options.trace) {
      options.trace(Cat("phase ", phase, " ends after ", r.stats.steps, " steps (", r.stats.minterms, " minterms, ",
                        r.stats.summaries_created, " summaries made, ", r.stats.summaries_reused, " reused, ",
                        r.stats.terms, " terms in all, ", r.stats.entry_checks, " final checks, ",
                        r.stats.dispatch_checks, " checks of candidate targets, ",
                        static_cast<int64_t>(r.stats.time_ms), " ms, of which solver ",
                        static_cast<int64_t>(r.stats.solver_ms), " ms): ", r.reason));
    }
    for (const auto& [site, target] : search.to_enable()) {
      if (options.trace) options.trace(Cat("phase ", phase, " enables ", target, " at ", site));
      if (enabled.Enable(site, target)) changed.insert(site);
    }
    search.next_phase(changed);
  }
}

}  // namespace jwp::wp
