// What directed construction (directed.h) asks of the wp problem
// (DirectedQueries): the targets a dispatch skolem may still take at a
// site, as the type facts of a waiting minterm bound them, and whether Z3
// allows a dispatch to one of them.
#include "wp/wp_problem.h"

namespace jwp::wp::internal {

// The targets not yet enabled at `site` that the dispatch skolem `sigma`
// of a pending minterm may take by the receiver's type bounds in `facts`
// (the minterm's literals and the entry's declared types: an instanceof,
// an exact type, a resolved dispatch), which narrow the class-hierarchy
// list.
std::vector<std::string> WpProblem::BoundedTargets(std::span<const Term> facts, Term sigma,
                                                      const DirectedSite& site) {
  const ir::Instruction& call = site.ir->insns[site.call];
  absl::flat_hash_set<std::string> allowed;  // empty: no bound found
  bool bounded = false;
  bool named_method = false;  // `allowed` is a method constant's, not the class hierarchy's
  for (Term lit : facts) {
    if (!lit.is(logic::TermKind::kEq) || (lit.arg(0) != sigma && lit.arg(1) != sigma)) continue;
    Term other = lit.arg(0) == sigma ? lit.arg(1) : lit.arg(0);
    if (other.is(logic::TermKind::kMethodConst)) {
      logic::MemberRef m = tm_.method_info(other);
      allowed = {Cat(m.owner, ".", m.name, m.descriptor)};
      named_method = true;
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
  const std::vector<Target>* listed = site.targets;
  std::vector<std::string> candidates;
  absl::flat_hash_set<std::string> known;
  for (const Target& t : *listed) {
    const std::string k = t.key();
    known.insert(k);
    if (enabled_.IsEnabled(site.key, k)) continue;
    if (bounded && !allowed.contains(k)) continue;
    candidates.push_back(k);
  }
  for (const Target& t : lambda_targets(call)) {
    const std::string k = t.key();
    known.insert(k);
    if (lambda_enabled(t) || (bounded && !allowed.contains(k))) continue;
    candidates.push_back(k);
  }
  if (bounded && truncated(listed)) {
    // A bound may allow targets beyond the first ones listed: the bound's
    // own, as the class hierarchy selects them for its types, in name
    // order. (Listing every target to intersect it read thousands of
    // classes for a receiver of Object.toString.) A method constant the
    // minterm names is taken when a concrete subtype of its class selects
    // it (or its class has too many to ask: a target too many costs only
    // the search, one too few its completeness).
    std::vector<std::string> beyond;
    for (const std::string& k : allowed) {
      if (!known.contains(k) && !enabled_.IsEnabled(site.key, k)) beyond.push_back(k);
    }
    std::sort(beyond.begin(), beyond.end());
    for (std::string& k : beyond) {
      if (named_method && !selected_somewhere(call, k)) continue;
      candidates.push_back(std::move(k));
    }
  }
  return candidates;
}

// Whether some concrete subtype of the class of method `k` (a target key,
// owner.name(descriptor)) selects it at `call`; true when the class has
// more than kMaxSubtypesAsked of them.
bool WpProblem::selected_somewhere(const ir::Instruction& call, const std::string& k) {
  constexpr size_t kMaxSubtypesAsked = 64;
  const std::optional<callgraph::MethodId> m = Target::MethodOfKey(k);
  const classfile::ClassId c = m ? h_.Find(m->owner) : classfile::kNoClass;
  if (c == classfile::kNoClass) return false;
  std::vector<std::string> types;
  for (classfile::ClassId sub : h_.ConcreteSubtypes(c)) {
    if (types.size() == kMaxSubtypesAsked) return true;
    types.emplace_back(h_.Name(sub));
  }
  const callgraph::CallTargets ct = callgraph::TargetsForTypes(h_, call, types);
  return std::any_of(ct.targets.begin(), ct.targets.end(),
                     [&](const callgraph::MethodId& m) { return Cat(m.owner, ".", m.name, m.descriptor) == k; });
}

// May the dispatch skolem `sigma` of pending minterm `p` be target `k` of
// `site`? Ruled out only by a real unsat from the solver (not one within a
// cut type domain); out of time, or past the phase's checks, it may.
bool WpProblem::DispatchFeasible(const Pending& p, Term sigma, const DirectedSite& site,
                                    const std::string& k) {
  // (ph_.result is the phase's: the checks are counted per phase.)
  if (out_of_time() || ph_.result.stats.dispatch_checks >= kMaxCandidateChecks) return true;
  ++ph_.result.stats.dispatch_checks;
  // The target by its key: listing the site's every target for it read
  // thousands of classes.
  const std::optional<callgraph::MethodId> m = Target::MethodOfKey(k);
  if (!m) return true;
  const Term method = tm_.mk_method(m->owner, m->name, m->descriptor);
  Minterm with = logic::conjoin(tm_, p.phi, tm_.mk_eq(sigma, method));
  with = simplifier_.simplify(with);
  if (with.is_false()) return false;
  std::vector<Term> query(with.begin(), with.end());
  for (Term x : entry_check_.Typing(entry(acts_[p.act]))) query.push_back(x);
  add_ranges(tm_, vocab_, with.is_true() ? tm_.mk_true() : with.term(), &query);
  vocab_.add_field_values(with.is_true() ? tm_.mk_true() : with.term(), entry_check_.Uninitialized(entry(acts_[p.act])),
                          &query);
  return !check(query, /*want_witness=*/false).proves_unsat();
}

}  // namespace jwp::wp::internal
