// Directed call-graph construction (PLDI'09 Section 4, Figure 4): the
// phases of RunGoal, the targets the minterms waiting at the entry need
// (bounded by their type facts, checked by Z3), the targets a minterm pins
// on its way, and what one phase hands to the next.
#include "wp/internal/search.h"

namespace jwp::wp::internal {

// The targets not yet enabled at `site` that the dispatch skolem `sigma`
// of a pending minterm may take by the receiver's type bounds in `facts`
// (the minterm's literals and the entry's declared types: an instanceof,
// an exact type, a resolved dispatch), which narrow the class-hierarchy
// list.
std::vector<std::string> IntraSearch::bounded_targets(const std::vector<Term>& facts, Term sigma,
                                                      const DirectedSite& site) {
  const ir::Instruction& call = site.ir->insns[site.call];
  absl::flat_hash_set<std::string> allowed;  // empty: no bound found
  bool bounded = false;
  for (Term lit : facts) {
    if (!lit.is(logic::TermKind::kEq) || (lit.arg(0) != sigma && lit.arg(1) != sigma)) continue;
    Term other = lit.arg(0) == sigma ? lit.arg(1) : lit.arg(0);
    if (other.is(logic::TermKind::kMethodConst)) {
      logic::MemberRef m = tm_.method_info(other);
      allowed = {Cat(m.owner, ".", m.name, m.descriptor)};
      bounded = true;
      break;
    }
    if (!other.is(logic::TermKind::kDispatch) || !other.arg(0).is(logic::TermKind::kTypeOf)) continue;
    // The tightest bound: the type literal about r with the fewest concrete subtypes.
    for (Term b : facts) {
      std::vector<std::string> names;
      if (b.is(logic::TermKind::kSubType) && b.arg(0) == other.arg(0) && b.arg(1).is(logic::TermKind::kTypeConst)) {
        classfile::ClassId c = h_.Find(tm_.type_name(b.arg(1)));
        if (c == classfile::kNoClass) continue;
        for (classfile::ClassId sub : h_.ConcreteSubtypes(c)) names.emplace_back(h_.Name(sub));
      } else if (b.is(logic::TermKind::kEq) && (b.arg(0) == other.arg(0) || b.arg(1) == other.arg(0))) {
        Term ty = b.arg(0) == other.arg(0) ? b.arg(1) : b.arg(0);
        if (!ty.is(logic::TermKind::kTypeConst)) continue;
        if (types_.lambda(tm_.type_name(ty)) != nullptr) {
          // An exact lambda class: its own method, or none of the site's.
          std::optional<types::MethodName> m =
              types_.dispatch(tm_.type_name(ty), call.owner, call.name, call.descriptor);
          if (!m) continue;
          allowed = {Cat(m->owner, ".", m->name, m->descriptor)};
          bounded = true;
          break;
        }
        names.emplace_back(tm_.type_name(ty));
      } else {
        continue;
      }
      callgraph::CallTargets ct = callgraph::TargetsForTypes(h_, call, names);
      if (ct.truncated || ct.incomplete || ct.opaque) continue;  // not an exact bound
      absl::flat_hash_set<std::string> keys;
      for (const callgraph::MethodId& m : ct.targets) keys.insert(Cat(m.owner, ".", m.name, m.descriptor));
      if (!bounded || keys.size() < allowed.size()) allowed = std::move(keys);
      bounded = true;
    }
  }
  std::vector<Target>* listed = site.targets;
  if (bounded && truncated(listed)) {
    // A bound may allow targets beyond the first ones listed.
    std::string why;
    if (std::vector<Target>* whole = all_targets(call, listed, &why)) listed = whole;
  }
  std::vector<std::string> candidates;
  for (const Target& t : *listed) {
    const std::string k = t.key();
    if (enabled_.IsEnabled(site.key, k)) continue;
    if (bounded && !allowed.contains(k)) continue;
    candidates.push_back(k);
  }
  for (const Target& t : lambda_targets(call)) {
    const std::string k = t.key();
    if (lambda_enabled(t) || (bounded && !allowed.contains(k))) continue;
    candidates.push_back(k);
  }
  return candidates;
}

void IntraSearch::note_pinned(const Minterm& phi) {
  for (Term lit : phi) {
    if (!lit.is(logic::TermKind::kEq)) continue;
    Term sigma = lit.arg(0), m = lit.arg(1);
    if (!m.is(logic::TermKind::kMethodConst)) std::swap(sigma, m);
    if (!m.is(logic::TermKind::kMethodConst) || !sigma.is(logic::TermKind::kVar)) continue;
    const logic::VarInfo& info = tm_.var_info(sigma);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
    auto site = directed_sites_.find(info.site);
    if (site == directed_sites_.end() || !ph_.pin_checked.insert(lit).second) continue;
    for (std::string& t : bounded_targets({lit}, sigma, site->second)) {
      auto [at, inserted] = ph_.pinned[site->second.key].insert(std::move(t));
      if (inserted && tracing()) opt_.trace(Cat("phase ", phase_, ": a minterm pins ", site->second.key, " to ", *at));
    }
  }
}

// May the dispatch skolem `sigma` of pending minterm `p` be target `k` of
// `site`? Ruled out only by a real unsat from the solver (not one within a
// cut type domain); out of time, or past the phase's checks, it may.
bool IntraSearch::dispatch_feasible(const Pending& p, Term sigma, const DirectedSite& site,
                                    const std::string& k) {
  // (ph_.result is the phase's: the checks are counted per phase.)
  if (out_of_time() || ph_.result.stats.dispatch_checks >= kMaxCandidateChecks) return true;
  ++ph_.result.stats.dispatch_checks;
  std::string why;
  const std::vector<Target>* listed = all_targets(site.ir->insns[site.call], site.targets, &why);
  const Target* t = nullptr;
  for (const Target& x : listed != nullptr ? *listed : *site.targets) {
    if (x.key() == k) t = &x;
  }
  for (const Target& x : lambda_targets(site.ir->insns[site.call])) {
    if (x.key() == k) t = &x;
  }
  if (t == nullptr) return true;
  Minterm with = logic::conjoin(tm_, p.phi, tm_.mk_eq(sigma, tm_.mk_method(t->owner, t->name, t->descriptor)));
  with = simplifier_.simplify(with);
  if (with.is_false()) return false;
  std::vector<Term> query(with.begin(), with.end());
  for (Term x : entry_check_.Typing(entry(acts_[p.act]))) query.push_back(x);
  add_ranges(tm_, vocab_, with.is_true() ? tm_.mk_true() : with.term(), &query);
  return !check(query, /*want_witness=*/false).proves_unsat();
}

// Directed construction between phases (Section 4, Figure 4). For each
// minterm that reached the entry with skolems of partially expanded sites,
// its sites are ranked by the targets not yet enabled that the type bounds
// in the minterm allow (bounded_targets); a site allowing none makes it
// infeasible (every execution dispatches to some target, and the enabled
// ones were expanded). The cheapest site's candidates are then checked by
// the solver (a candidate already chosen for another minterm needs no
// check: it is enabled anyway): none left, the minterm is infeasible;
// otherwise they are chosen. Only the cheapest site is checked: the others
// wait for later phases, which start over. The next phase enables every
// chosen site's targets; only when no minterm offers a site with at most
// kSmallSite of them, and `allow_big` (the end of the phase, or its grace
// ran out twice) or a waiting minterm skipped that site more than once (a
// loop through it, which unrolls on while the phase waits), is the
// smallest larger one seen this phase enabled (within max_targets). The
// targets minterms pinned on their way (note_pinned) go with the cheap
// sites.
// Deterministic: sites and targets in name order.
void IntraSearch::choose_expansions(bool allow_big) {
  std::map<std::string, std::set<std::string>> small = ph_.pinned;
  for (; ph_.pending_checked < ph_.pending.size(); ++ph_.pending_checked) {
    if (out_of_time()) {
      note(Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms"));
      return;
    }
    const Pending& p = ph_.pending[ph_.pending_checked];
    std::map<std::string, std::vector<Term>> sigmas;  // by site key
    absl::flat_hash_map<std::string, const DirectedSite*> sites;
    for (Term v : logic::free_variables(p.phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
      auto it = directed_sites_.find(info.site);
      if (it == directed_sites_.end()) continue;
      sigmas[it->second.key].push_back(v);
      sites[it->second.key] = &it->second;
    }
    // Each site's candidates by the type bounds, fewest first. The type
    // facts: the minterm's, and the entry's declared types (an input is null
    // or of its declared type, as the final check assumes).
    std::vector<Term> facts(p.phi.begin(), p.phi.end());
    if (!sigmas.empty()) {
      for (Term t : entry_check_.DeclaredTypeBounds(entry(acts_[p.act]))) facts.push_back(t);
    }
    std::vector<SiteCandidates> ranked;
    bool refuted = false;
    for (const auto& [key, vars] : sigmas) {
      std::set<std::string> union_targets;
      for (Term sigma : vars) {
        for (std::string& t : bounded_targets(facts, sigma, *sites[key])) union_targets.insert(std::move(t));
      }
      if (union_targets.empty()) {
        refuted = true;
        break;
      }
      ranked.push_back({key, std::vector<std::string>(union_targets.begin(), union_targets.end()), vars.size() > 1});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const SiteCandidates& a, const SiteCandidates& b) {
      return a.targets.size() < b.targets.size();
    });
    if (!refuted) {
      ++ph_.waiting_counted;
      for (const SiteCandidates& r : ranked) {
        auto& [count, targets] = ph_.waiting_sites[r.key];
        ++count;
        targets.insert(r.targets.begin(), r.targets.end());
      }
    }
    if (tracing()) {
      std::string sites;
      for (const SiteCandidates& r : ranked) sites += Cat(" ", r.key, " (", r.targets.size(), ")");
      opt_.trace(Cat("phase ", phase_, ": a minterm waits at the entry",
                     refuted ? ", refuted: a site has no target left" : Cat("; its sites by candidates:", sites),
                     "; the minterm: ", trace_text(p.phi)));
    }
    std::optional<SiteCandidates> best;
    if (!refuted && !ranked.empty()) {
      SiteCandidates& first = ranked.front();
      if (first.targets.size() > kSmallSite) {
        best = first;  // too many to check one by one
      } else {
        const std::set<std::string>& chosen = small[first.key];
        SiteCandidates feasible{first.key, {}};
        for (const std::string& k : first.targets) {
          bool ok = chosen.contains(k);
          for (Term sigma : sigmas[first.key]) {
            if (ok) break;
            ok = dispatch_feasible(p, sigma, *sites[first.key], k);
          }
          if (ok) feasible.targets.push_back(k);
        }
        if (feasible.targets.empty()) refuted = true;
        else best = std::move(feasible);
      }
      if (small[first.key].empty()) small.erase(first.key);
    }
    if (refuted) {
      ++ph_.result.stats.refuted_by_dispatch;
      continue;
    }
    // Not refuted: until a phase expands its skipped calls, they are why it
    // is not a precondition (every one of them, so that the search is never
    // taken for exhaustive while it waits).
    for (Term v : logic::free_variables(p.phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role == logic::VarRole::kSkolem) note(vocab_.call_site_text(info.site));
    }
    if (!best) continue;
    // Sites the minterm's type bounds pin to one target are chosen beside
    // the cheapest: each adds one method, and a phase per site would take
    // every waiting minterm through the rest of the path again.
    for (size_t i = 1; i < ranked.size() && ranked[i].targets.size() == 1; ++i) {
      small[ranked[i].key].insert(ranked[i].targets.front());
    }
    if (best->targets.size() <= kSmallSite) {
      small[best->key].insert(best->targets.begin(), best->targets.end());
    } else {
      // The same site offered again, with fewer candidates (this minterm's
      // type bounds cut more) or not, keeps what either minterm saw: a loop
      // through it.
      const bool same_site = ph_.big && ph_.big->key == best->key;
      const bool repeated = best->repeated || (same_site && ph_.big->repeated);
      if (!ph_.big || best->targets.size() < ph_.big->targets.size()) ph_.big = std::move(best);
      if (same_site) ph_.big->repeated = repeated;
    }
  }
  // A site every waiting minterm (two or more) passes through must be
  // expanded for any of them to become a precondition: it goes with the
  // cheap ones whatever its size (within max_targets), or cheap sites
  // inside the targets enabled so far could fill every phase while it
  // waits.
  if (!small.empty() && ph_.waiting_counted >= 2) {
    for (const auto& [site, entry] : ph_.waiting_sites) {
      const auto& [count, targets] = entry;
      if (count == ph_.waiting_counted && targets.size() > kSmallSite && targets.size() <= opt_.max_targets) {
        small[site].insert(targets.begin(), targets.end());
      }
    }
  }
  for (const auto& [site, ts] : small) {
    auto pinned = ph_.pinned.find(site);
    for (const std::string& t : ts) {
      ph_.to_enable.emplace_back(site, t);
      if (pinned != ph_.pinned.end() && pinned->second.contains(t)) ++ph_.result.stats.targets_pinned;
    }
  }
  if (ph_.to_enable.empty() && ph_.big && (allow_big || ph_.big->repeated)) {
    if (ph_.big->targets.size() <= opt_.max_targets) {
      for (const std::string& t : ph_.big->targets) ph_.to_enable.emplace_back(ph_.big->key, t);
    } else {
      note(Cat("a call has more than ", opt_.max_targets, " possible targets (--max-targets): ", ph_.big->key));
    }
  }
}

void IntraSearch::next_phase(const absl::flat_hash_set<std::string>& changed) {
  // Activations with work left: their summaries are incomplete.
  absl::flat_hash_set<int32_t> open;
  for (const Item& left : ph_.tabulation->TakeWorklist()) open.insert(left.at.act);
  // New lambda classes change what interface calls list, and mod-sets.
  const bool lambdas_grew_now = lambdas_grew();
  // A summary stays when its analysis finished and none of its call sites
  // (nor, through the table, those of the summaries it waited on) gained
  // a target; new lambda classes change every interface call's targets.
  kept_total_ += summaries_.KeepOnly([&](Summaries::Id, const Summary& sm) {
    JWP_CHECK(sm.data.act >= 0, "a summary in the table without its activation");
    if (lambdas_grew_now || open.contains(sm.data.act)) return false;
    const ir::MethodIR& m = *acts_[sm.data.act].ir;
    for (const ir::Instruction& in : m.insns) {
      if (in.op == ir::Op::kInvoke && changed.contains(EnabledTargets::SiteKey(m, in))) return false;
    }
    return true;
  });
  // Mod-sets are rebuilt: a ModSets' answers depend on the order of its
  // queries (a query cut by the node budget is cached as top), and a phase
  // that starts from another order than its own could lose frames.
  forward_mods_.reset();
  mod_sets_.reset();
  lambdas_at_start_ = lambdas_.size();
  ++phase_;
  ph_ = PhaseState{};
  ph_.tabulation = std::make_unique<Tabulation>(*this, MakeSearcher(opt_.search_order));
  ph_.methods_seen = {ir_.QualifiedName()};
}

}  // namespace jwp::wp::internal

namespace jwp::wp {

using internal::Clock;
using internal::IntraSearch;
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
  IntraSearch search(h, goal, options, enabled, lambdas);
  for (uint32_t phase = 1;; ++phase) {
    const IntraSearch::Used used{
        total.steps, std::chrono::duration<double, std::milli>(Clock::now() - start).count(), total.entry_checks};
    Result r = search.run(used);
    total.AddPhase(r.stats);
    const double elapsed = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    // A phase that made new lambda classes runs again with them (they are
    // targets the phase's calls did not list).
    bool more = r.verdict == Verdict::kUnknown && (!search.to_enable().empty() || search.lambdas_grew());
    if (more && phase >= options.max_phases) {
      r.reason = Cat("budget: ", options.max_phases, " phases of call-graph expansion; ", r.reason);
      more = false;
    }
    if (more && (total.steps >= options.max_steps || elapsed >= options.timeout_ms)) more = false;
    if (!more) {
      r.stats = total;
      r.stats.callgraph_methods = total.methods_analysed;
      r.stats.phases = phase;
      r.stats.sites_expanded = enabled.num_sites();
      r.enabled_targets = enabled.Sorted();
      r.stats.time_ms = elapsed;
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
