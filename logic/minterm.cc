#include "logic/minterm.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "boost/container/small_vector.hpp"
#include "base/check.h"

namespace jwp::logic {

Minterm Minterm::of(TermManager& tm, std::span<const Term> conjuncts) {
  return from_term(tm.mk_and(conjuncts));
}

Minterm Minterm::from_term(Term conjunction) {
  JWP_CHECK(!conjunction.is_null() && conjunction.sort().is_bool(),
            "a minterm is a Bool term");
  Minterm m;
  if (!conjunction.is_true()) m.term_ = conjunction;
  return m;
}

std::span<const Term> Minterm::literals() const {
  if (is_true()) return {};
  if (term_.is(TermKind::kAnd)) return term_.args();
  return {&term_, 1};
}

uint64_t Minterm::stable_hash() const {
  return is_true() ? 0 : term_.structural_hash();
}

bool Minterm::contains(Term literal) const {
  std::span<const Term> lits = literals();
  return std::binary_search(lits.begin(), lits.end(), literal);
}

bool Minterm::is_subset_of(const Minterm& other) const {
  std::span<const Term> a = literals(), b = other.literals();
  if (a.size() > b.size()) return false;
  return std::includes(b.begin(), b.end(), a.begin(), a.end());
}

Minterm conjoin(TermManager& tm, const Minterm& a, const Minterm& b) {
  const Term left = a.formula(tm);
  const Term right = b.formula(tm);
  return Minterm::from_term(tm.mk_and(left, right));
}

Minterm conjoin(TermManager& tm, const Minterm& a, Term conjunct) {
  return Minterm::from_term(tm.mk_and(a.formula(tm), conjunct));
}

Minterm remove_literal(TermManager& tm, const Minterm& m, Term literal) {
  if (!m.contains(literal)) return m;
  boost::container::small_vector<Term, 16> rest;
  for (Term l : m.literals()) {
    if (l != literal) rest.push_back(l);
  }
  return Minterm::of(tm, std::span<const Term>(rest.data(), rest.size()));
}

bool are_complementary(Term a, Term b) {
  if (a.is(TermKind::kNot) && a.arg(0) == b) return true;
  if (b.is(TermKind::kNot) && b.arg(0) == a) return true;
  auto swapped = [](Term x, TermKind kx, Term y, TermKind ky) {
    return x.is(kx) && y.is(ky) && x.arg(0) == y.arg(1) && x.arg(1) == y.arg(0);
  };
  if (swapped(a, TermKind::kLt, b, TermKind::kLe) || swapped(a, TermKind::kLe, b, TermKind::kLt)) {
    return true;
  }
  return (a.is_true() && b.is_false()) || (a.is_false() && b.is_true());
}

std::optional<Minterm> merge(TermManager& tm, const Minterm& a, const Minterm& b) {
  if (a.is_subset_of(b)) return a;
  if (b.is_subset_of(a)) return b;
  std::span<const Term> la = a.literals(), lb = b.literals();
  if (la.size() != lb.size()) return std::nullopt;
  // Walk both sorted lists; exactly one literal of each may be unmatched.
  Term only_a, only_b;
  size_t i = 0, j = 0;
  while (i < la.size() || j < lb.size()) {
    if (j == lb.size() || (i < la.size() && la[i] < lb[j])) {
      if (!only_a.is_null()) return std::nullopt;
      only_a = la[i++];
    } else if (i == la.size() || lb[j] < la[i]) {
      if (!only_b.is_null()) return std::nullopt;
      only_b = lb[j++];
    } else {
      ++i;
      ++j;
    }
  }
  if (only_a.is_null() || only_b.is_null() || !are_complementary(only_a, only_b)) {
    return std::nullopt;
  }
  return remove_literal(tm, a, only_a);
}

// ---- DNF -------------------------------------------------------------------

namespace {

class DnfBuilder {
 public:
  DnfBuilder(TermManager& tm, size_t limit) : tm_(tm), limit_(limit) {}

  // The DNF of t (negated if `negate`) as a list of conjunction terms.
  absl::StatusOr<std::vector<Term>> build(Term t, bool negate) {
    switch (t.kind()) {
      case TermKind::kConst:
        return std::vector<Term>{tm_.mk_bool(t.bool_value() != negate)};
      case TermKind::kNot:
        return build(t.arg(0), !negate);
      case TermKind::kAnd:
      case TermKind::kOr: {
        const bool conj = t.is(TermKind::kAnd) != negate;
        if (!conj) {  // a disjunction: concatenate
          std::vector<Term> out;
          for (Term a : t.args()) {
            absl::StatusOr<std::vector<Term>> part = build(a, negate);
            if (!part.ok()) return part.status();
            out.insert(out.end(), part->begin(), part->end());
            if (out.size() > limit_) return too_many();
          }
          return out;
        }
        std::vector<Term> acc{tm_.mk_true()};  // a conjunction: distribute
        for (Term a : t.args()) {
          absl::StatusOr<std::vector<Term>> part = build(a, negate);
          if (!part.ok()) return part.status();
          std::vector<Term> next;
          for (Term x : acc) {
            for (Term y : *part) {
              Term c = tm_.mk_and(x, y);
              if (!c.is_false()) next.push_back(c);
              if (next.size() > limit_) return too_many();
            }
          }
          acc = std::move(next);
        }
        return acc;
      }
      case TermKind::kIte:
        if (t.sort().is_bool()) {  // ite(c, a, b) == (c && a) || (!c && b)
          Term c = t.arg(0);
          Term then_case = tm_.mk_and(c, t.arg(1));
          Term expanded = tm_.mk_or(then_case, tm_.mk_and(tm_.mk_not(c), t.arg(2)));
          if (expanded.is(TermKind::kIte)) break;  // cannot happen; avoid looping
          return build(expanded, negate);
        }
        break;
      default:
        break;
    }
    return std::vector<Term>{negate ? tm_.mk_not(t) : t};
  }

 private:
  absl::Status too_many() const {
    return absl::ResourceExhaustedError(
        absl::StrCat("dnf: more than ", limit_, " minterms"));
  }
  TermManager& tm_;
  size_t limit_;
};

}  // namespace

absl::StatusOr<std::vector<Minterm>> to_dnf(TermManager& tm, Term formula, size_t max_minterms) {
  JWP_CHECK(formula.sort().is_bool(), "dnf of a non-Bool term");
  DnfBuilder builder(tm, max_minterms);
  absl::StatusOr<std::vector<Term>> terms = builder.build(formula, false);
  if (!terms.ok()) return terms.status();
  std::vector<Minterm> out;
  for (Term t : *terms) {
    if (!t.is_false()) out.push_back(Minterm::from_term(t));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace jwp::logic
