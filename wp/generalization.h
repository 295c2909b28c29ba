// Generalization and the frame rule at calls (PLDI'09 Section 5, Figure 5).
//
// At a call, the postcondition φ at the callee's exit (the call's result
// already `ret`) is split as φ ≡ ∃l. φ^I ∧ φ^D, where no term of φ^I may be
// written by the callee (so φ^I holds after the call iff before it: the
// frame rule) and φ^D, the method-dependent part, alone goes through the
// callee and keys its summary.
//
// With generalization, every term the callee may write is first extracted
// into a fresh generic variable l_i (bottom-up, so nested reads become
// chains of generics):
//   v_ret:               φ[l_i/ret] ∧ l_i = ret
//   read(f, e):          φ[l_i/read(f, e)] ∧ l_j = e ∧ l_i = read(f, l_j)
//   aread(a, e1, e2):    φ[l_i/aread(a, e1, e2)] ∧ l_j = e1 ∧ l_k = e2
//                          ∧ l_i = aread(a, l_j, l_k)
//                        (a constant index e2 stays: two constants are two
//                        cells, where generics would make the callee split
//                        on every way they may alias)
// An argument e that is a string literal or a fresh object (one the caller
// allocates after the call) stays as it is, too: a generic would hide from
// the callee that e is none of the objects it reads (logic/AXIOMS.md H4)
// and, for a fresh one, what its fields hold (H3); a callee's loop over a
// string's array then splits at every element on whether the caller's new
// array is that string's.
// The equations l_i = <written term> are then the dependent part; l_j = e
// and the rest of φ are framed. Following the paper, a return value that φ
// constrains only to be true, false, null or non-null is not generalized,
// nor is the in-flight exception (its literals are dependent as they are).
//
// The dependent part's generics are then renamed canonically (l_0, l_1, ...
// in an order that depends only on the part's shape), so that call sites
// whose dependent parts differ only in the names of their generics share one
// summary. `canonical` maps each canonical generic back to the call site's
// own; apply it (Rename) to a precondition of the summary before conjoining
// it with `framed`.
//
// Generic variables are existential: after the summary's precondition and
// the framed part are conjoined, EliminateGenerics substitutes away every
// generic defined by an equation; the others stay as existential unknowns
// (fresh per call site, so they never clash).
#ifndef JWP_WP_GENERALIZATION_H_
#define JWP_WP_GENERALIZATION_H_

#include <functional>
#include <utility>
#include <vector>

#include "logic/minterm.h"
#include "logic/term_manager.h"

namespace jwp::wp {

// Indices below this are canonical generics (summary keys); fresh generics
// made by generalization are numbered from here up.
inline constexpr uint32_t kFirstFreshGeneric = 1u << 16;

struct FrameSplit {
  logic::Minterm dependent;
  logic::Minterm framed;
  // (canonical generic, the call site's generic) for each generic of
  // `dependent`; `dependent` is already in canonical names.
  std::vector<std::pair<logic::Term, logic::Term>> canonical;
};

// `may_write(leaf)` says whether the callee may write a field constant, an
// array-kind constant or a static-field variable (the length field is never
// asked). With `generalize` false, the literals are only split (the frame
// rule alone, as without generalization).
FrameSplit SplitAtCall(logic::TermManager& tm, const logic::Minterm& post,
                       const std::function<bool(logic::Term)>& may_write, bool generalize);

// Simultaneous renaming of generics (pairs (from, to)).
logic::Minterm RenameGenerics(logic::TermManager& tm, const logic::Minterm& m,
                              const std::vector<std::pair<logic::Term, logic::Term>>& pairs);

// Substitutes away each fresh generic g (index >= kFirstFreshGeneric) with a
// literal g == t (t not mentioning g). Canonical generics are left alone:
// inside a summary's callee they are the summary's parameters.
logic::Minterm EliminateGenerics(logic::TermManager& tm, const logic::Minterm& m);

}  // namespace jwp::wp

#endif  // JWP_WP_GENERALIZATION_H_
