// Shared helpers of the folding constructors (term_*.cc).
#ifndef JWP_LOGIC_INTERNAL_CANONICAL_H_
#define JWP_LOGIC_INTERNAL_CANONICAL_H_

#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "logic/sort.h"
#include "logic/term.h"

namespace jwp::logic::internal {

// Argument order of commutative kinds (term.h rule 3): non-values by id, then
// distinct values by id.
inline bool canonical_less(Term a, Term b) {
  bool va = a.is_distinct_value(), vb = b.is_distinct_value();
  if (va != vb) return vb;
  return a.id() < b.id();
}

// An int or long constant equal to v (v sign-extended for int).
inline bool is_integral_const(Term t, int64_t v) {
  return t.is_const() && t.sort().is_integral() && t.integral_value() == v;
}

// term_kind_name for absl::StrCat (Debian's absl::string_view is not std's).
inline absl::string_view kind_name(TermKind kind) {
  std::string_view n = term_kind_name(kind);
  return absl::string_view(n.data(), n.size());
}

inline std::string sort_mismatch(std::string_view op, Term a, Term b) {
  return absl::StrCat(absl::string_view(op.data(), op.size()), ": sorts ", sort_name(a.sort()), " and ",
                      sort_name(b.sort()));
}

}  // namespace jwp::logic::internal

#endif  // JWP_LOGIC_INTERNAL_CANONICAL_H_
