// Substitution φ[t2/t1], the heart of every wp transformer (PLDI'09,
// Table 1: φ[read(f, w)/v], φ[update(f, v, w)/f], φ[fresh(T)/v],
// φ[null/exc][v/ret], and the skolems of skipped calls φ[σ_ret/w]
// [mod(f, σ_f)/f]).
//
// A Substitution maps terms to terms of the same sort: variables, map
// constants (a field map f, an array map), or any subterm (generalization
// replaces read(f, e) by l_i, paper Figure 5). All pairs apply
// simultaneously: a replacement is not itself searched for other pairs, so
// φ[x/y, y/x] swaps. For sequential substitution apply two Substitutions.
// Results are rebuilt through the manager's folding constructors, so
// constants fold (read(update(f, fresh, w), fresh) becomes w) and canonical
// forms hold. Untouched subterms are returned as is (no rebuild).
//
// Results are memoized per Substitution object, across apply() calls, until
// the next add(); apply one object to every literal of a minterm. Subterms
// that cannot contain any `from` (by their leaf Bloom filter) are skipped.
// Not thread-safe; the manager must outlive it.
#ifndef JWP_LOGIC_SUBSTITUTION_H_
#define JWP_LOGIC_SUBSTITUTION_H_

#include <cstdint>
#include <span>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "logic/minterm.h"
#include "logic/term.h"
#include "logic/term_manager.h"

namespace jwp::logic {

class Substitution {
 public:
  explicit Substitution(TermManager& tm) : tm_(tm) {}

  // Replace `from` by `to` (same sort). A second add() for the same `from`
  // replaces the first.
  void add(Term from, Term to);
  bool empty() const { return map_.empty(); }
  size_t size() const { return map_.size(); }

  Term apply(Term t);
  Minterm apply(const Minterm& m);
  // apply() to each term, in order.
  std::vector<Term> apply(std::span<const Term> terms);

  struct Stats {
    uint64_t visited = 0;  // nodes traversed
    uint64_t pruned = 0;   // non-leaf subtrees skipped by the Bloom filter
    uint64_t cached = 0;   // memo hits
  };
  const Stats& stats() const { return stats_; }

 private:
  bool may_contain_from(Term t) const;

  TermManager& tm_;
  absl::flat_hash_map<Term, Term> map_;
  std::vector<uint64_t> from_masks_;
  absl::flat_hash_map<Term, Term> memo_;
  Stats stats_;
};

// One-shot φ[to/from].
Term substitute(TermManager& tm, Term t, Term from, Term to);

}  // namespace jwp::logic

#endif  // JWP_LOGIC_SUBSTITUTION_H_
