// Boolean rules: an atom that is (or whose complement is) another literal of
// the minterm is true (false) wherever it occurs inside a literal (unit
// propagation into Or, Ite conditions, Bool equalities; the connectives then
// fold by construction, term.h rule 5 and 8); and the literal pairs of
// PLDI'09 Figure 6 over int/long comparisons.
#include <algorithm>

#include "logic/minterm.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier::internal {

RewriteStatus bool_rules(Context& ctx, Term t, Term* out) {
  if (!logic::is_atom(t)) return RewriteStatus::kFailed;
  // a --> true   if a is another literal of the minterm
  // a --> false  if !a is a literal of the minterm
  std::optional<bool> v = ctx.truth(t);
  if (!v) return RewriteStatus::kFailed;
  *out = ctx.tm.mk_bool(*v);
  return RewriteStatus::kDone;
}

RewriteStatus bool_literal_rules(Context& ctx, std::vector<Term>& literals) {
  TermManager& tm = ctx.tm;
  absl::flat_hash_set<Term> present(literals.begin(), literals.end());
  bool changed = false;
  for (Term& l : literals) {
    if (!l.is(TermKind::kNot) || !l.arg(0).is(TermKind::kEq)) continue;
    Term a = l.arg(0).arg(0), b = l.arg(0).arg(1);
    if (!a.sort().is_integral()) continue;
    // (x < y) ∧ (x != y) --> x < y   (and y < x)
    if (present.contains(tm.mk_lt(a, b)) || present.contains(tm.mk_lt(b, a))) {
      present.erase(l);
      l = tm.mk_true();
      changed = true;
      continue;
    }
    // (x <= y) ∧ (x != y) --> x < y   (and y <= x)
    for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
      Term le = tm.mk_le(x, y);
      if (!present.contains(le)) continue;
      Term lt = tm.mk_lt(x, y);
      std::replace(literals.begin(), literals.end(), le, lt);
      present.erase(le);
      present.insert(lt);
      present.erase(l);
      l = tm.mk_true();
      changed = true;
      break;
    }
  }
  if (!changed) return RewriteStatus::kFailed;
  std::erase_if(literals, [](Term x) { return x.is_true(); });
  return RewriteStatus::kRewriteFull;
}

}  // namespace jwp::simplifier::internal
