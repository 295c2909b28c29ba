// The on-the-fly simplifier of PLDI'09 Section 6 ("a difference constraints
// solver, a term rewriting engine, and standard elimination techniques to
// compute solved forms"; Figure 6): it answers FALSE for minterms it proves
// contradictory and otherwise returns an EQUIVALENT minterm (never merely
// equisatisfiable) under logic/AXIOMS.md and Java's exact semantics.
//
// The dispatcher (simplifier.cc) runs, to a fixpoint bounded by
// SimplifierOptions::max_rounds: equality elimination (union-find, solved
// equations kept), the per-theory term rewriters (bool_rules.cc,
// bitvector_rules.cc, heap_rules.cc, type_rules.cc) with the other literals
// of the minterm as context, and the minterm-level rules (literal pairs,
// difference constraints, type literals).
//
// Ownership: the TermManager and the TypeFacts must outlive the Simplifier.
// Not thread-safe (like the manager). Deterministic: the result depends only
// on the input minterm and the manager's terms, never on pointers or hashes.
#ifndef JWP_SIMPLIFIER_SIMPLIFIER_H_
#define JWP_SIMPLIFIER_SIMPLIFIER_H_

#include <cstddef>
#include <cstdint>

#include "logic/minterm.h"
#include "logic/term.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"

namespace jwp::simplifier {

struct SimplifierOptions {
  // Rounds of (equality elimination, term rewriting, minterm rules); stops
  // earlier at a fixpoint. Any prefix of rounds gives an equivalent minterm.
  int max_rounds = 8;
  // Bound on the rule applications of one term rewrite (kRewrite* re-runs).
  int max_steps_per_term = 64;
  // Difference constraints are used when the minterm has at most this many
  // comparison literals (the redundancy check is quadratic-ish in it).
  size_t max_difference_literals = 48;
  // Drop comparison literals implied by the other literals.
  bool drop_redundant_comparisons = true;
  // Equality elimination (union-find over x == e literals).
  bool eliminate_equalities = true;
  // concrete_subtypes limit for the T2/T3 type rules.
  size_t concrete_subtype_limit = 16;
};

class Simplifier {
 public:
  // types may be null: then no hierarchy facts (T1-T5) are used.
  Simplifier(logic::TermManager& tm, const types::TypeFacts* types = nullptr,
             SimplifierOptions options = {});

  // Either the FALSE minterm (m is contradictory under the axioms) or a
  // minterm equivalent to m, usually smaller. Deterministic.
  logic::Minterm simplify(const logic::Minterm& m);

  struct Stats {
    uint64_t minterms = 0;       // simplify() calls
    uint64_t proved_false = 0;   // ... answered FALSE
    uint64_t rewrites = 0;       // term rule applications
    uint64_t rounds = 0;         // fixpoint rounds run
    uint64_t eliminated = 0;     // equality classes used for substitution
    uint64_t dropped = 0;        // literals dropped as implied by the others
    uint64_t literal_rules = 0;  // minterm-level rule applications
  };
  const Stats& stats() const { return stats_; }

 private:
  logic::TermManager& tm_;
  const types::TypeFacts* types_;
  SimplifierOptions options_;
  Stats stats_;
};

}  // namespace jwp::simplifier

#endif  // JWP_SIMPLIFIER_SIMPLIFIER_H_
