// Boolean connectives and comparisons (term.h rules 2, 4, 5, 8).
#include <algorithm>

#include "boost/container/small_vector.hpp"
#include "logic/internal/canonical.h"
#include "base/check.h"
#include "base/java_semantics.h"
#include "logic/term_manager.h"

namespace jwp::logic {

using internal::canonical_less;
using internal::is_integral_const;
using internal::sort_mismatch;

Term TermManager::find_negation(Term lit) {
  switch (lit.kind()) {
    case TermKind::kConst:
      return lit.bool_value() ? false_ : true_;
    case TermKind::kNot:
      return lit.arg(0);
    case TermKind::kLt: {  // !(a < b) is b <= a
      Term args[] = {lit.arg(1), lit.arg(0)};
      return find(TermKind::kLe, Sort::Bool(), 0, args);
    }
    case TermKind::kLe: {  // !(a <= b) is b < a
      Term args[] = {lit.arg(1), lit.arg(0)};
      return find(TermKind::kLt, Sort::Bool(), 0, args);
    }
    default:
      return find(TermKind::kNot, Sort::Bool(), 0, {&lit, 1});
  }
}

Term TermManager::mk_not(Term a) {
  JWP_CHECK(a.sort().is_bool(), absl::StrCat("not of sort ", sort_name(a.sort())));
  switch (a.kind()) {
    case TermKind::kConst: return a.bool_value() ? false_ : true_;  // !true -> false
    case TermKind::kNot: return a.arg(0);                             // !!a -> a
    case TermKind::kLt: return mk_le(a.arg(1), a.arg(0));             // !(a < b) -> b <= a
    case TermKind::kLe: return mk_lt(a.arg(1), a.arg(0));             // !(a <= b) -> b < a
    default: return intern(TermKind::kNot, Sort::Bool(), 0, {&a, 1});
  }
}

// And/Or: flatten, drop the neutral element, absorb, sort by id, dedup,
// detect complements. Complements are looked for only among the arguments
// that do not come from the largest argument of the same kind (that one is
// canonical already, hence complement-free).
Term TermManager::mk_nary(TermKind kind, std::span<const Term> args) {
  const Term absorbing = kind == TermKind::kAnd ? false_ : true_;
  const Term neutral = kind == TermKind::kAnd ? true_ : false_;
  Term base;  // the largest argument of kind `kind`
  for (Term a : args) {
    JWP_CHECK(a.sort().is_bool(),
              absl::StrCat(internal::kind_name(kind), " of sort ", sort_name(a.sort())));
    if (a == absorbing) return absorbing;
    if (a.is(kind) && (base.is_null() || a.num_args() > base.num_args())) base = a;
  }
  boost::container::small_vector<Term, 8> others;
  for (Term a : args) {
    if (a == neutral || a == base) continue;
    if (a.is(kind)) {
      others.insert(others.end(), a.args().begin(), a.args().end());
    } else {
      others.push_back(a);
    }
  }
  if (others.empty()) return base.is_null() ? neutral : base;
  std::sort(others.begin(), others.end());
  others.erase(std::unique(others.begin(), others.end()), others.end());
  boost::container::small_vector<Term, 16> all;
  if (base.is_null()) {
    all.assign(others.begin(), others.end());
  } else {
    std::span<const Term> b = base.args();
    all.resize(b.size() + others.size());
    auto end = std::set_union(b.begin(), b.end(), others.begin(), others.end(), all.begin());
    all.erase(end, all.end());
    if (all.size() == b.size()) return base;  // nothing new
  }
  for (Term t : others) {
    Term neg = find_negation(t);
    if (!neg.is_null() && std::binary_search(all.begin(), all.end(), neg)) return absorbing;
  }
  if (all.size() == 1) return all[0];
  return intern(kind, Sort::Bool(), 0, std::span<const Term>(all.data(), all.size()));
}

Term TermManager::mk_and(std::span<const Term> args) { return mk_nary(TermKind::kAnd, args); }
Term TermManager::mk_or(std::span<const Term> args) { return mk_nary(TermKind::kOr, args); }

Term TermManager::mk_ite(Term c, Term a, Term b) {
  JWP_CHECK(c.sort().is_bool(), absl::StrCat("ite condition of sort ", sort_name(c.sort())));
  JWP_CHECK(a.sort() == b.sort(), sort_mismatch("ite", a, b));
  if (c.is_const()) return c.bool_value() ? a : b;  // ite(true, a, b) -> a
  if (a == b) return a;                              // ite(c, a, a) -> a
  if (c.is(TermKind::kNot)) return mk_ite(c.arg(0), b, a);  // ite(!c, a, b) -> ite(c, b, a)
  if (a.sort().is_bool()) {
    if (a.is_true()) return mk_or(c, b);             // ite(c, true, b) -> c || b
    if (a.is_false()) return mk_and(mk_not(c), b);   // ite(c, false, b) -> !c && b
    if (b.is_true()) return mk_or(mk_not(c), a);     // ite(c, a, true) -> !c || a
    if (b.is_false()) return mk_and(c, a);           // ite(c, a, false) -> c && a
  }
  Term args[] = {c, a, b};
  return intern(TermKind::kIte, a.sort(), 0, args);
}

Term TermManager::mk_eq(Term a, Term b) {
  JWP_CHECK(a.sort() == b.sort(), sort_mismatch("==", a, b));
  if (std::optional<bool> k = known_equal(a, b)) return mk_bool(*k);
  if ((a.is(TermKind::kNull) && b.is_var() && var_info(b).non_null) ||
      (b.is(TermKind::kNull) && a.is_var() && var_info(a).non_null)) {
    return false_;  // a variable declared never null (set_non_null)
  }
  if (a.is(TermKind::kClassOf) || b.is(TermKind::kClassOf)) {  // rule 12
    if (a.is(TermKind::kClassOf) && b.is(TermKind::kClassOf)) return mk_eq(a.arg(0), b.arg(0));
    const Term other = a.is(TermKind::kClassOf) ? b : a;
    if (other.is(TermKind::kNull) || other.is(TermKind::kStringLit) || other.is(TermKind::kFresh)) return false_;
  }
  if (a.sort().is_bool()) {
    if (b.is_const()) return b.bool_value() ? a : mk_not(a);  // b == true -> b
    if (a.is_const()) return a.bool_value() ? b : mk_not(b);
  }
  if (canonical_less(b, a)) std::swap(a, b);
  Term args[] = {a, b};
  return intern(TermKind::kEq, Sort::Bool(), 0, args);
}

Term TermManager::mk_lt(Term a, Term b) {
  JWP_CHECK(a.sort() == b.sort() && a.sort().is_integral(), sort_mismatch("<", a, b));
  if (a.is_const() && b.is_const()) return mk_bool(a.integral_value() < b.integral_value());
  if (a == b) return false_;  // x < x -> false
  const int64_t min = a.sort().is_int() ? java::kIntMin : java::kLongMin;
  const int64_t max = a.sort().is_int() ? java::kIntMax : java::kLongMax;
  if (is_integral_const(b, min) || is_integral_const(a, max)) return false_;  // x < MIN, MAX < x
  Term args[] = {a, b};
  return intern(TermKind::kLt, Sort::Bool(), 0, args);
}

Term TermManager::mk_le(Term a, Term b) {
  JWP_CHECK(a.sort() == b.sort() && a.sort().is_integral(), sort_mismatch("<=", a, b));
  if (a.is_const() && b.is_const()) return mk_bool(a.integral_value() <= b.integral_value());
  if (a == b) return true_;  // x <= x -> true
  const int64_t min = a.sort().is_int() ? java::kIntMin : java::kLongMin;
  const int64_t max = a.sort().is_int() ? java::kIntMax : java::kLongMax;
  if (is_integral_const(a, min) || is_integral_const(b, max)) return true_;  // MIN <= x, x <= MAX
  Term args[] = {a, b};
  return intern(TermKind::kLe, Sort::Bool(), 0, args);
}

}  // namespace jwp::logic
