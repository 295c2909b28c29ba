// Minterms: the conjunctions of literals that Snugglebug propagates
// independently (PLDI'09, Section 6, "Disjunctive formula propagation"), and
// the merge rule of INTRAWP (Figure 3, line 8: merge(φ ∧ a, φ ∧ ¬a) = φ).
//
// A Minterm wraps one canonical And term (term.h rule 5): its literals are
// sorted by term id without duplicates or complements, so equal literal sets
// give the identical term, and ==, hash and ordering cost one word. The
// minterm `true` has no literals; `false` is the single literal false.
// Minterms are values; the terms they hold belong to a TermManager.
#ifndef JWP_LOGIC_MINTERM_H_
#define JWP_LOGIC_MINTERM_H_

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "absl/status/statusor.h"
#include "logic/term.h"
#include "logic/term_manager.h"

namespace jwp::logic {

class Minterm {
 public:
  // The empty conjunction: true.
  Minterm() = default;
  // The conjunction of Bool terms (literals, or conjunctions of them; an Or
  // is kept as one conjunct: use to_dnf to split disjunctions).
  static Minterm of(TermManager& tm, std::span<const Term> conjuncts);
  static Minterm of(TermManager& tm, std::initializer_list<Term> conjuncts) {
    return of(tm, std::span<const Term>(conjuncts.begin(), conjuncts.size()));
  }
  // Wraps a Bool term as made by the manager (an And is taken as is).
  static Minterm from_term(Term conjunction);

  // The conjunction as one term (true for the empty minterm).
  Term term() const { return term_; }
  // The conjunction as one Bool term, never null: true for the empty minterm.
  Term formula(TermManager& tm) const { return term_.is_null() ? tm.mk_true() : term_; }
  bool is_true() const { return term_.is_null() || term_.is_true(); }
  bool is_false() const { return !term_.is_null() && term_.is_false(); }

  // Literals sorted by id; valid while this Minterm lives.
  std::span<const Term> literals() const;
  size_t size() const { return literals().size(); }
  const Term* begin() const { return literals().data(); }
  const Term* end() const { return literals().data() + literals().size(); }

  // O(log n).
  bool contains(Term literal) const;
  // Every literal of this minterm is one of `other`'s, so `other` implies
  // this: a sufficient precondition `other` is redundant next to this one.
  bool is_subset_of(const Minterm& other) const;
  bool subsumes(const Minterm& other) const { return is_subset_of(other); }

  friend bool operator==(const Minterm& a, const Minterm& b) { return a.term() == b.term(); }
  // Deterministic order (by the conjunction's term id).
  friend bool operator<(const Minterm& a, const Minterm& b) { return a.key() < b.key(); }
  template <typename H>
  friend H AbslHashValue(H h, const Minterm& m) {
    return H::combine(std::move(h), m.key());
  }
  // A deterministic 64-bit hash (the conjunction's structural hash), stable
  // across runs: usable in output or sharding, unlike absl::Hash.
  uint64_t stable_hash() const;

 private:
  uint64_t key() const { return is_true() ? 0 : uint64_t{term_.id()} + 1; }
  Term term_;  // null or true for the empty minterm
};

// a ∧ b; false if they contain complementary literals.
Minterm conjoin(TermManager& tm, const Minterm& a, const Minterm& b);
Minterm conjoin(TermManager& tm, const Minterm& a, Term conjunct);
// The minterm without `literal` (itself if it has no such literal).
Minterm remove_literal(TermManager& tm, const Minterm& m, Term literal);

// True if b is the negation of a: Not(a) and a, or Lt(x, y) and Le(y, x).
// Never creates terms.
bool are_complementary(Term a, Term b);

// The merge rule: if a = φ ∧ l and b = φ ∧ ¬l (the same φ, complementary
// literals l and ¬l), returns φ; otherwise nothing. Also when one subsumes
// the other (a ⊆ b gives a), since a ∨ b is then a.
std::optional<Minterm> merge(TermManager& tm, const Minterm& a, const Minterm& b);

// The disjunctive normal form of a Bool term as minterms of literals, false
// ones dropped, in a deterministic order. Negations are pushed to atoms,
// Ite(c, a, b) on Bool is (c ∧ a) ∨ (¬c ∧ b); Eq on Bool is an atom. Fails
// with kResourceExhausted when more than `max_minterms` would be produced.
absl::StatusOr<std::vector<Minterm>> to_dnf(TermManager& tm, Term formula,
                                            size_t max_minterms = 1024);

}  // namespace jwp::logic

#endif  // JWP_LOGIC_MINTERM_H_
