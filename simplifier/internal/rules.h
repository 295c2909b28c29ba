// Private to simplifier/: the rewrite protocol shared by the per-theory rule
// files and the dispatcher (simplifier.cc), after Z3's br_status
// (STYLE.md, "Z3").
//
// Term rules: RewriteStatus rule(Context&, Term t, Term* out) for a term t
// whose arguments are already rewritten.
//   kFailed      no rule applied; reuse t (out untouched). The common case.
//   kDone        *out is final: do not rewrite it again.
//   kRewrite1    *out's top needs another pass of the term rules.
//   kRewrite2    *out's top and its arguments' tops may need a pass.
//   kRewriteFull *out is new throughout: rewrite it fully again.
// Side conditions are three-valued (std::optional<bool>): a rule fires only
// on a known answer.
//
// Minterm rules: RewriteStatus rule(Context&, std::vector<Term>& literals)
// over the whole literal list; kFailed means no change; a contradiction
// replaces the list by the single literal false.
#ifndef JWP_SIMPLIFIER_INTERNAL_RULES_H_
#define JWP_SIMPLIFIER_INTERNAL_RULES_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "logic/term.h"
#include "logic/term_manager.h"
#include "simplifier/simplifier.h"
#include "types/type_facts.h"

namespace jwp::simplifier::internal {

enum class RewriteStatus : uint8_t { kFailed, kDone, kRewrite1, kRewrite2, kRewriteFull };

using logic::Term;
using logic::TermKind;
using logic::TermManager;

// H4: fresh(T)#n is distinct from a pre-existing reference: a program
// variable, exc, ret, a string literal, read(F, y) of a field constant,
// aread(A, y, i) of an array constant (heap_rules.cc; logic/AXIOMS.md).
bool is_pre_existing(const TermManager& tm, Term ref);

// What the minterm being simplified says, as seen from one literal: every
// literal of the minterm is a fact except `masked`, the literal being
// rewritten (a literal must never simplify itself away).
struct Context {
  TermManager& tm;
  const types::TypeFacts* types;
  const SimplifierOptions& options;
  absl::flat_hash_set<Term> literals;
  // Variables a literal `x == t` equates with a pre-existing t (H4): the
  // variable is pre-existing too. Mapped to that literal, which must not
  // be the masked one. (A summary's generic l_i == read(jwpValue, l_j):
  // an array that exists at the callee's exit, so not an array the caller
  // allocates after the call.)
  absl::flat_hash_map<Term, Term> pre_existing_vars;
  Term masked;
  uint64_t rewrites = 0;

  Context(TermManager& m, const types::TypeFacts* t, const SimplifierOptions& o)
      : tm(m), types(t), options(o) {}

  void set_literals(const std::vector<Term>& lits) {
    literals.clear();
    literals.insert(lits.begin(), lits.end());
    pre_existing_vars.clear();
    for (Term lit : lits) note_pre_existing(lit);
    masked = Term();
  }
  // H4 for `ref` in this minterm: is_pre_existing, or a variable a literal
  // other than the masked one equates with a pre-existing term.
  bool pre_existing(Term ref) const {
    if (is_pre_existing(tm, ref)) return true;
    auto it = pre_existing_vars.find(ref);
    return it != pre_existing_vars.end() && it->second != masked;
  }
  // `lit` is a literal of the minterm (and not the masked one).
  bool has(Term lit) const { return lit != masked && literals.contains(lit); }
  // The truth of a Bool atom or literal according to the other literals.
  std::optional<bool> truth(Term lit) {
    if (has(lit)) return true;
    if (has(tm.mk_not(lit))) return false;
    return std::nullopt;
  }
  // Three-valued a == b: known_equal, the literals a == b / a != b, H4
  // freshness for references, value ranges and order literals for integers.
  std::optional<bool> equal(Term a, Term b);

 private:
  void note_pre_existing(Term lit);
};

// ---- Values of integer terms (bitvector_rules.cc) ----------------------------
// A closed interval of mathematical integers holding every value the term
// can take under V2 (and H2 for lengths): [MIN, MAX] of its sort unless the
// term's shape says more (i2b, i2c, i2s, i2l, lcmp, fcmp, length, x & c with
// c >= 0, x % c, x >>> c, ite of bounded branches, x + c without overflow).
struct Interval {
  __int128 lo, hi;
};
Interval value_range(const TermManager& tm, Term t);

// ---- Term rules ----------------------------------------------------------------
RewriteStatus bool_rules(Context& ctx, Term t, Term* out);
RewriteStatus bitvector_rules(Context& ctx, Term t, Term* out);
RewriteStatus heap_rules(Context& ctx, Term t, Term* out);
RewriteStatus type_rules(Context& ctx, Term t, Term* out);

// ---- Minterm rules --------------------------------------------------------------
// Union-find over the equalities; substitutes representatives, keeps the
// solved equations (equality_elimination.cc). *eliminated counts classes.
RewriteStatus eliminate_equalities(Context& ctx, std::vector<Term>& literals,
                                   uint64_t* eliminated);
// Pairs of literals: x <= y with x != y, x < y with x != y (bool_rules.cc).
RewriteStatus bool_literal_rules(Context& ctx, std::vector<Term>& literals);
// Difference constraints over the comparison literals: negative cycle ->
// false, implied comparisons dropped, disequalities settled
// (bitvector_rules.cc). *dropped counts dropped literals.
RewriteStatus difference_rules(Context& ctx, std::vector<Term>& literals, uint64_t* dropped);
// subType literal pairs, T2/T3 with x != null (type_rules.cc).
RewriteStatus type_literal_rules(Context& ctx, std::vector<Term>& literals);

// Helpers.
inline void set_false(TermManager& tm, std::vector<Term>& literals) {
  literals.assign(1, tm.mk_false());
}
// The atom of a literal (strips one Not).
inline Term atom_of(Term lit) { return lit.is(TermKind::kNot) ? lit.arg(0) : lit; }

}  // namespace jwp::simplifier::internal

#endif  // JWP_SIMPLIFIER_INTERNAL_RULES_H_
