// Equality elimination ("standard elimination techniques to compute solved
// forms", PLDI'09 Section 6): union-find over the equality literals a == b
// (any sort but Bool), one representative per class, the representative
// substituted for the other members in every other literal. The solved
// equations member == representative are KEPT, so the result is equivalent
// to the input, not merely equisatisfiable.
//
// The representative is a member that contains no other member of its class
// (so substitution cannot loop), preferring a distinct value (a constant,
// null, a type, a fresh object), then the smallest tree, then the smallest
// id. Two distinct values in one class are a contradiction (V1).
//
// Why the result is equivalent: the new minterm is
//   { m[args/σ] == σ(r) : m a non-representative member of a class with
//     representative r } ∪ { σ(L) : L another literal },
// where σ replaces each member by its representative. Substitution inside a
// kept equation for m only replaces members strictly smaller than m (its
// arguments' subterms; the representative is rewritten only when it is no
// larger than m), so the original equations are recovered by induction on
// the size of m, and then every L from σ(L).
#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/check.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier::internal {

namespace {

class UnionFind {
 public:
  size_t id(Term t) {
    auto [it, inserted] = index_.try_emplace(t, terms_.size());
    if (inserted) {
      terms_.push_back(t);
      parent_.push_back(terms_.size() - 1);
    }
    return it->second;
  }
  size_t find(size_t i) {
    while (parent_[i] != i) {
      parent_[i] = parent_[parent_[i]];
      i = parent_[i];
    }
    return i;
  }
  void unite(Term a, Term b) {
    size_t x = find(id(a)), y = find(id(b));
    if (x != y) parent_[std::max(x, y)] = std::min(x, y);
  }
  const std::vector<Term>& terms() const { return terms_; }

 private:
  absl::flat_hash_map<Term, size_t> index_;
  std::vector<Term> terms_;  // in order of first appearance
  std::vector<size_t> parent_;
};

bool is_equation(Term l) { return l.is(TermKind::kEq) && !l.arg(0).sort().is_bool(); }

}  // namespace

RewriteStatus eliminate_equalities(Context& ctx, std::vector<Term>& literals,
                                   uint64_t* eliminated) {
  TermManager& tm = ctx.tm;
  UnionFind uf;
  bool any = false;
  for (Term l : literals) {
    if (!is_equation(l)) continue;
    uf.unite(l.arg(0), l.arg(1));
    any = true;
  }
  if (!any) return RewriteStatus::kFailed;

  // Classes in order of first appearance (deterministic).
  std::vector<std::vector<Term>> classes;
  absl::flat_hash_map<size_t, size_t> class_of_root;
  for (Term t : uf.terms()) {
    size_t root = uf.find(uf.id(t));
    auto [it, inserted] = class_of_root.try_emplace(root, classes.size());
    if (inserted) classes.emplace_back();
    classes[it->second].push_back(t);
  }

  logic::Substitution sigma(tm);
  std::vector<Term> reps(classes.size());
  for (size_t k = 0; k < classes.size(); ++k) {
    const std::vector<Term>& members = classes[k];
    // a == c1 ∧ a == c2 --> false  for different distinct values c1, c2 (V1)
    size_t values = 0;
    for (Term m : members) values += m.is_distinct_value() ? 1 : 0;
    if (values >= 2) {
      set_false(tm, literals);
      return RewriteStatus::kDone;
    }
    Term best;
    auto better = [](Term a, Term b) {  // a is a better representative than b
      if (a.is_distinct_value() != b.is_distinct_value()) return a.is_distinct_value();
      if (a.size() != b.size()) return a.size() < b.size();
      return a.id() < b.id();
    };
    for (Term m : members) {
      bool contains_other = false;
      for (Term o : members) {
        if (o != m && o.size() < m.size() && logic::mentions(m, o)) {
          contains_other = true;
          break;
        }
      }
      if (contains_other) continue;
      if (best.is_null() || better(m, best)) best = m;
    }
    JWP_CHECK(!best.is_null(), "equality class without a representative");
    reps[k] = best;
    for (Term m : members) {
      if (m != best) sigma.add(m, best);
    }
    ++*eliminated;
  }

  std::vector<Term> out;
  out.reserve(literals.size());
  for (size_t k = 0; k < classes.size(); ++k) {
    Term r = reps[k];
    for (Term m : classes[k]) {
      if (m == r) continue;
      // Keep the solved equation m == r, with smaller members inside it
      // replaced by their representatives.
      std::vector<Term> args = sigma.apply(m.args());
      Term m2 = tm.rebuild(m, args);
      Term r2 = r.size() <= m.size() ? sigma.apply(r) : r;
      out.push_back(tm.mk_eq(m2, r2));
    }
  }
  for (Term l : literals) {
    if (is_equation(l)) continue;
    out.push_back(sigma.apply(l));
  }
  std::vector<Term> old = literals;
  literals = std::move(out);
  std::sort(literals.begin(), literals.end());
  literals.erase(std::unique(literals.begin(), literals.end()), literals.end());
  std::sort(old.begin(), old.end());
  return literals == old ? RewriteStatus::kFailed : RewriteStatus::kRewriteFull;
}

}  // namespace jwp::simplifier::internal
