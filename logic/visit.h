// Traversals and queries over terms: a post-order walk of the DAG, a
// TermVisitor with one method per kind (expanded from term_kinds.def), free
// variables, "mentions" queries and sizes. Walks keep their visited sets in
// side tables keyed by term id (never marks in nodes) and are iterative, so
// deep update chains do not exhaust the stack.
#ifndef JWP_LOGIC_VISIT_H_
#define JWP_LOGIC_VISIT_H_

#include <algorithm>
#include <cstddef>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "logic/minterm.h"
#include "logic/term.h"
#include "logic/term_manager.h"

namespace jwp::logic {

// Calls fn(Term) once for each distinct subterm of the roots, children
// before parents, in a deterministic order (left to right, first visit).
// If fn returns bool, returning false stops the walk (and for_each_subterm
// returns false).
template <typename Fn>
bool for_each_subterm(std::span<const Term> roots, Fn&& fn) {
  absl::flat_hash_set<uint32_t> done;
  std::vector<std::pair<Term, bool>> stack;
  for (size_t r = roots.size(); r-- > 0;) stack.emplace_back(roots[r], false);
  while (!stack.empty()) {
    auto [t, expanded] = stack.back();
    if (expanded) {
      stack.pop_back();
      if (!done.insert(t.id()).second) continue;
      if constexpr (std::is_same_v<decltype(fn(t)), bool>) {
        if (!fn(t)) return false;
      } else {
        fn(t);
      }
      continue;
    }
    if (done.contains(t.id())) {
      stack.pop_back();
      continue;
    }
    stack.back().second = true;
    std::span<const Term> args = t.args();
    for (size_t i = args.size(); i-- > 0;) {
      if (!done.contains(args[i].id())) stack.emplace_back(args[i], false);
    }
  }
  return true;
}

template <typename Fn>
bool for_each_subterm(Term root, Fn&& fn) {
  return for_each_subterm(std::span<const Term>(&root, 1), std::forward<Fn>(fn));
}

// Dispatch on a term's kind to Derived::visit_<snake_name>(Term), each
// defaulting to Derived::visit_term(Term). Non-recursive: a method decides
// whether to visit arguments. R is the result type.
template <typename Derived, typename R = void>
class TermVisitor {
 public:
  R visit(Term t) {
    switch (t.kind()) {
#define JWP_TERM_KIND(name, snake, min_args, max_args) \
  case TermKind::k##name:                              \
    return self().visit_##snake(t);
#include "logic/term_kinds.def"
#undef JWP_TERM_KIND
    }
    return self().visit_term(t);
  }

  R visit_term(Term) { return R(); }
#define JWP_TERM_KIND(name, snake, min_args, max_args) \
  R visit_##snake(Term t) { return self().visit_term(t); }
#include "logic/term_kinds.def"
#undef JWP_TERM_KIND

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

// The variables (program, exc, ret, generic, skolem, temp) of a term or a
// minterm, sorted by id.
std::vector<Term> free_variables(Term t);
std::vector<Term> free_variables(const Minterm& m);
// Every subterm satisfying pred, sorted by id.
template <typename Pred>
std::vector<Term> collect(Term t, Pred&& pred) {
  std::vector<Term> out;
  for_each_subterm(t, [&](Term s) {
    if (pred(s)) out.push_back(s);
  });
  std::sort(out.begin(), out.end());
  return out;
}

// Does `t` contain `sub` (a variable, a field or array map constant, any
// term)? Pruned by the leaf Bloom filter.
bool mentions(Term t, Term sub);
bool mentions(const Minterm& m, Term sub);
// O(1), from the node flags.
inline bool mentions_skolem(Term t) { return t.has(kHasSkolem); }
// When `t` is `x == null` or `null == x`: x; else a null Term.
inline Term null_compared(Term t) {
  if (!t.is(TermKind::kEq)) return Term();
  if (t.arg(1).is(TermKind::kNull)) return t.arg(0);
  return t.arg(0).is(TermKind::kNull) ? t.arg(1) : Term();
}
inline bool mentions_generic(Term t) { return t.has(kHasGeneric); }
inline bool mentions_fresh(Term t) { return t.has(kHasFresh); }
bool mentions_skolem(const Minterm& m);
// The field map constants (not updates) a term reads or updates, sorted by
// id; with length_field() when lengths are read.
std::vector<Term> fields_mentioned(Term t);

// Number of distinct nodes of the DAG (Term::size() counts with repetition).
size_t dag_size(Term t);
size_t dag_size(std::span<const Term> roots);

}  // namespace jwp::logic

#endif  // JWP_LOGIC_VISIT_H_
