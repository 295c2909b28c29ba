#include "logic/visit.h"

#include <algorithm>

namespace jwp::logic {

std::vector<Term> free_variables(Term t) {
  if (!t.has(kHasVar)) return {};
  std::vector<Term> out;
  for_each_subterm(t, [&](Term s) {
    if (s.is_var()) out.push_back(s);
  });
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Term> free_variables(const Minterm& m) {
  if (m.is_true()) return {};
  return free_variables(m.term());
}

bool mentions(Term t, Term sub) {
  if ((sub.leaf_mask() & ~t.leaf_mask()) != 0 || sub.size() > t.size()) return false;
  bool found = false;
  // Walk only subtrees whose filter admits `sub`.
  std::vector<Term> stack{t};
  absl::flat_hash_set<uint32_t> seen;
  while (!stack.empty() && !found) {
    Term s = stack.back();
    stack.pop_back();
    if (s == sub) {
      found = true;
      break;
    }
    for (Term a : s.args()) {
      if ((sub.leaf_mask() & ~a.leaf_mask()) == 0 && a.size() >= sub.size() &&
          seen.insert(a.id()).second) {
        stack.push_back(a);
      }
    }
  }
  return found;
}

bool mentions(const Minterm& m, Term sub) { return !m.is_true() && mentions(m.term(), sub); }

bool mentions_skolem(const Minterm& m) { return !m.is_true() && mentions_skolem(m.term()); }

std::vector<Term> fields_mentioned(Term t) {
  if (!t.has(kHasFieldMap)) return {};
  return collect(t, [](Term s) { return s.is(TermKind::kFieldConst); });
}

size_t dag_size(std::span<const Term> roots) {
  size_t n = 0;
  for_each_subterm(roots, [&](Term) { ++n; });
  return n;
}

size_t dag_size(Term t) { return dag_size(std::span<const Term>(&t, 1)); }

}  // namespace jwp::logic
