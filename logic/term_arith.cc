// Arithmetic, bitwise operations, shifts, three-way comparisons and
// conversions, folded with Java's semantics (term.h rules 1, 6, 7).
#include <cmath>

#include "logic/internal/canonical.h"
#include "base/check.h"
#include "base/java_semantics.h"
#include "logic/term_manager.h"

namespace jwp::logic {

using internal::canonical_less;
using internal::is_integral_const;
using internal::sort_mismatch;

namespace {

void check_binary(std::string_view op, Term a, Term b, bool integral_only) {
  JWP_CHECK(a.sort() == b.sort() && (integral_only ? a.sort().is_integral() : a.sort().is_numeric()),
            sort_mismatch(op, a, b));
}

// c1 op c2 for the associative integer kinds, as int64 of the sort's width.
int64_t fold_assoc(TermKind k, Sort s, int64_t x, int64_t y) {
  const bool i = s.is_int();
  switch (k) {
    case TermKind::kAdd: return i ? java::iadd(int32_t(x), int32_t(y)) : java::ladd(x, y);
    case TermKind::kMul: return i ? java::imul(int32_t(x), int32_t(y)) : java::lmul(x, y);
    case TermKind::kBitAnd: return x & y;
    case TermKind::kBitOr: return x | y;
    case TermKind::kBitXor: return x ^ y;
    default: return 0;
  }
}

// x op c with c a constant at the top of the chain: returns c, else nullopt.
std::optional<std::pair<Term, Term>> split_const(Term t, TermKind kind) {
  if (t.is(kind) && t.arg(1).is_const()) return std::make_pair(t.arg(0), t.arg(1));
  return std::nullopt;
}

}  // namespace

// The associative-commutative integer kinds: fold, identities, and chains
// that keep a single constant at the top: (x op c1) op c2 -> x op (c1 op c2),
// (x op c) op y -> (x op y) op c.
Term TermManager::mk_assoc_int(TermKind kind, Term a, Term b) {
  const Sort s = a.sort();
  if (canonical_less(b, a)) std::swap(a, b);
  // Constants sort last, so b is the constant if there is one.
  if (a.is_const()) {  // both constant
    return mk_integral(s, fold_assoc(kind, s, a.integral_value(), b.integral_value()));
  }
  if (b.is_const()) {
    const int64_t c = b.integral_value();
    switch (kind) {
      case TermKind::kAdd: if (c == 0) return a; break;           // x + 0 -> x
      case TermKind::kMul:
        if (c == 0) return b;                                       // x * 0 -> 0
        if (c == 1) return a;                                       // x * 1 -> x
        if (c == -1) return mk_neg(a);                              // x * -1 -> -x
        break;
      case TermKind::kBitAnd:
        if (c == 0) return b;                                       // x & 0 -> 0
        if (c == -1) return a;                                      // x & -1 -> x
        break;
      case TermKind::kBitOr:
        if (c == 0) return a;                                       // x | 0 -> x
        if (c == -1) return b;                                      // x | -1 -> -1
        break;
      case TermKind::kBitXor: if (c == 0) return a; break;        // x ^ 0 -> x
      default: break;
    }
    if (auto inner = split_const(a, kind)) {  // (x op c1) op c2 -> x op (c1 op c2)
      return mk_assoc_int(kind, inner->first,
                          mk_integral(s, fold_assoc(kind, s, inner->second.integral_value(), c)));
    }
  } else {
    if (a == b) {
      if (kind == TermKind::kBitAnd || kind == TermKind::kBitOr) return a;  // x & x -> x
      if (kind == TermKind::kBitXor) return mk_integral(s, 0);              // x ^ x -> 0
    }
    auto ia = split_const(a, kind), ib = split_const(b, kind);
    if (ia && ib) {  // (x op c1) op (y op c2) -> (x op y) op (c1 op c2)
      Term vars = mk_assoc_int(kind, ia->first, ib->first);
      return mk_assoc_int(kind, vars,
                          mk_integral(s, fold_assoc(kind, s, ia->second.integral_value(),
                                                    ib->second.integral_value())));
    }
    if (ia) return mk_assoc_int(kind, mk_assoc_int(kind, ia->first, b), ia->second);
    if (ib) return mk_assoc_int(kind, mk_assoc_int(kind, a, ib->first), ib->second);
  }
  Term args[] = {a, b};
  return intern(kind, s, 0, args);
}

Term TermManager::mk_neg(Term a) {
  JWP_CHECK(a.sort().is_numeric(), absl::StrCat("neg of sort ", sort_name(a.sort())));
  if (a.is_const()) {
    switch (a.sort().kind()) {
      case SortKind::kInt: return mk_int(java::ineg(a.int_value()));
      case SortKind::kLong: return mk_long(java::lneg(a.long_value()));
      case SortKind::kFloat: return mk_float(-a.float_value());
      default: return mk_double(-a.double_value());
    }
  }
  if (a.is(TermKind::kNeg)) return a.arg(0);  // -(-x) -> x
  return intern(TermKind::kNeg, a.sort(), 0, {&a, 1});
}

Term TermManager::mk_add(Term a, Term b) {
  check_binary("+", a, b, false);
  if (a.sort().is_integral()) return mk_assoc_int(TermKind::kAdd, a, b);
  if (a.is_const() && b.is_const()) {
    return a.sort().is_double() ? mk_double(a.double_value() + b.double_value())
                                : mk_float(a.float_value() + b.float_value());
  }
  if (canonical_less(b, a)) std::swap(a, b);
  Term args[] = {a, b};
  return intern(TermKind::kAdd, a.sort(), 0, args);
}

Term TermManager::mk_sub(Term a, Term b) {
  check_binary("-", a, b, false);
  const Sort s = a.sort();
  if (s.is_integral()) {
    if (b.is_const()) {  // x - c -> x + (-c)  (also folds c1 - c2)
      return mk_add(a, mk_integral(s, s.is_int() ? java::ineg(b.int_value())
                                                 : java::lneg(b.long_value())));
    }
    if (a == b) return mk_integral(s, 0);             // x - x -> 0
    if (is_integral_const(a, 0)) return mk_neg(b);    // 0 - x -> -x
  } else if (a.is_const() && b.is_const()) {
    return s.is_double() ? mk_double(a.double_value() - b.double_value())
                         : mk_float(a.float_value() - b.float_value());
  }
  Term args[] = {a, b};
  return intern(TermKind::kSub, s, 0, args);
}

Term TermManager::mk_mul(Term a, Term b) {
  check_binary("*", a, b, false);
  if (a.sort().is_integral()) return mk_assoc_int(TermKind::kMul, a, b);
  if (a.is_const() && b.is_const()) {
    return a.sort().is_double() ? mk_double(a.double_value() * b.double_value())
                                : mk_float(a.float_value() * b.float_value());
  }
  if (canonical_less(b, a)) std::swap(a, b);
  Term args[] = {a, b};
  return intern(TermKind::kMul, a.sort(), 0, args);
}

Term TermManager::mk_div(Term a, Term b) {
  check_binary("/", a, b, false);
  const Sort s = a.sort();
  if (s.is_integral()) {
    if (b.is_const() && b.integral_value() != 0) {  // never fold x / 0: it throws
      if (a.is_const()) {
        return s.is_int() ? mk_int(java::idiv(a.int_value(), b.int_value()))
                          : mk_long(java::ldiv(a.long_value(), b.long_value()));
      }
      if (b.integral_value() == 1) return a;          // x / 1 -> x
      if (b.integral_value() == -1) return mk_neg(a); // x / -1 -> -x (MIN / -1 == MIN == -MIN)
    }
  } else if (a.is_const() && b.is_const()) {  // IEEE: x / 0.0 is ±inf or NaN
    return s.is_double() ? mk_double(a.double_value() / b.double_value())
                         : mk_float(a.float_value() / b.float_value());
  }
  Term args[] = {a, b};
  return intern(TermKind::kDiv, s, 0, args);
}

Term TermManager::mk_rem(Term a, Term b) {
  check_binary("%", a, b, false);
  const Sort s = a.sort();
  if (s.is_integral()) {
    if (b.is_const() && b.integral_value() != 0) {  // never fold x % 0: it throws
      if (a.is_const()) {
        return s.is_int() ? mk_int(java::irem(a.int_value(), b.int_value()))
                          : mk_long(java::lrem(a.long_value(), b.long_value()));
      }
      if (b.integral_value() == 1 || b.integral_value() == -1) return mk_integral(s, 0);
    }
  } else if (a.is_const() && b.is_const()) {  // fmod, not IEEE remainder
    return s.is_double() ? mk_double(java::drem(a.double_value(), b.double_value()))
                         : mk_float(java::frem(a.float_value(), b.float_value()));
  }
  Term args[] = {a, b};
  return intern(TermKind::kRem, s, 0, args);
}

Term TermManager::mk_bit_and(Term a, Term b) {
  check_binary("&", a, b, true);
  return mk_assoc_int(TermKind::kBitAnd, a, b);
}
Term TermManager::mk_bit_or(Term a, Term b) {
  check_binary("|", a, b, true);
  return mk_assoc_int(TermKind::kBitOr, a, b);
}
Term TermManager::mk_bit_xor(Term a, Term b) {
  check_binary("^", a, b, true);
  return mk_assoc_int(TermKind::kBitXor, a, b);
}

Term TermManager::mk_shift(TermKind kind, Term a, Term count) {
  JWP_CHECK(a.sort().is_integral() && count.sort().is_int(),
            absl::StrCat(internal::kind_name(kind), ": value of sort ", sort_name(a.sort()),
                         ", count of sort ", sort_name(count.sort())));
  const Sort s = a.sort();
  if (count.is_const()) {
    const int32_t n = count.int_value() & (s.is_int() ? 31 : 63);  // the JVM masks the count
    if (a.is_const()) {
      if (s.is_int()) {
        int32_t v = a.int_value();
        return mk_int(kind == TermKind::kShl   ? java::ishl(v, n)
                      : kind == TermKind::kShr ? java::ishr(v, n)
                                               : java::iushr(v, n));
      }
      int64_t v = a.long_value();
      return mk_long(kind == TermKind::kShl   ? java::lshl(v, n)
                     : kind == TermKind::kShr ? java::lshr(v, n)
                                              : java::lushr(v, n));
    }
    if (n == 0) return a;  // x << 0 -> x (also x << 32 for int)
    count = mk_int(n);     // x << 33 -> x << 1
  }
  if (is_integral_const(a, 0)) return a;                             // 0 << n -> 0
  if (kind == TermKind::kShr && is_integral_const(a, -1)) return a;  // -1 >> n -> -1
  Term args[] = {a, count};
  return intern(kind, s, 0, args);
}

Term TermManager::mk_shl(Term a, Term count) { return mk_shift(TermKind::kShl, a, count); }
Term TermManager::mk_shr(Term a, Term count) { return mk_shift(TermKind::kShr, a, count); }
Term TermManager::mk_ushr(Term a, Term count) { return mk_shift(TermKind::kUShr, a, count); }

Term TermManager::mk_lcmp(Term a, Term b) {
  JWP_CHECK(a.sort().is_long() && b.sort().is_long(), sort_mismatch("lcmp", a, b));
  if (a.is_const() && b.is_const()) return mk_int(java::lcmp(a.long_value(), b.long_value()));
  if (a == b) return mk_int(0);
  Term args[] = {a, b};
  return intern(TermKind::kLCmp, Sort::Int(), 0, args);
}

Term TermManager::mk_fcmp(TermKind kind, Term a, Term b) {
  JWP_CHECK(a.sort() == b.sort() && a.sort().is_floating(), sort_mismatch("fcmp", a, b));
  if (a.is_const() && b.is_const()) {
    double x = a.sort().is_double() ? a.double_value() : a.float_value();
    double y = b.sort().is_double() ? b.double_value() : b.float_value();
    return mk_int(kind == TermKind::kFCmpL ? java::fcmpl(x, y) : java::fcmpg(x, y));
  }
  // No x fcmp x -> 0: NaN compares unordered with itself.
  Term args[] = {a, b};
  return intern(kind, Sort::Int(), 0, args);
}

Term TermManager::mk_fcmpl(Term a, Term b) { return mk_fcmp(TermKind::kFCmpL, a, b); }
Term TermManager::mk_fcmpg(Term a, Term b) { return mk_fcmp(TermKind::kFCmpG, a, b); }

Sort TermManager::conversion_operand(TermKind kind) {
  switch (kind) {
    case TermKind::kI2L: case TermKind::kI2F: case TermKind::kI2D: case TermKind::kI2B:
    case TermKind::kI2C: case TermKind::kI2S:
      return Sort::Int();
    case TermKind::kL2I: case TermKind::kL2F: case TermKind::kL2D: return Sort::Long();
    case TermKind::kF2I: case TermKind::kF2L: case TermKind::kF2D: return Sort::Float();
    case TermKind::kD2I: case TermKind::kD2L: case TermKind::kD2F: return Sort::Double();
    default: break;
  }
  base::check_failed(__FILE__, __LINE__, "is_conversion(kind)",
                         absl::StrCat(internal::kind_name(kind), " is not a conversion"));
}

Sort TermManager::conversion_result(TermKind kind) {
  switch (kind) {
    case TermKind::kL2I: case TermKind::kF2I: case TermKind::kD2I: case TermKind::kI2B:
    case TermKind::kI2C: case TermKind::kI2S:
      return Sort::Int();
    case TermKind::kI2L: case TermKind::kF2L: case TermKind::kD2L: return Sort::Long();
    case TermKind::kI2F: case TermKind::kL2F: case TermKind::kD2F: return Sort::Float();
    case TermKind::kI2D: case TermKind::kL2D: case TermKind::kF2D: return Sort::Double();
    default: break;
  }
  base::check_failed(__FILE__, __LINE__, "is_conversion(kind)",
                         absl::StrCat(internal::kind_name(kind), " is not a conversion"));
}

Term TermManager::mk_convert(TermKind kind, Term a) {
  JWP_CHECK(is_conversion(kind), absl::StrCat(internal::kind_name(kind), " is not a conversion"));
  JWP_CHECK(a.sort() == conversion_operand(kind),
            absl::StrCat(internal::kind_name(kind), " of sort ", sort_name(a.sort())));
  if (a.is_const()) {
    switch (kind) {
      case TermKind::kI2L: return mk_long(a.int_value());
      case TermKind::kI2F: return mk_float(static_cast<float>(a.int_value()));
      case TermKind::kI2D: return mk_double(static_cast<double>(a.int_value()));
      case TermKind::kL2I: return mk_int(java::l2i(a.long_value()));
      case TermKind::kL2F: return mk_float(static_cast<float>(a.long_value()));
      case TermKind::kL2D: return mk_double(static_cast<double>(a.long_value()));
      case TermKind::kF2I: return mk_int(java::f2i(a.float_value()));
      case TermKind::kF2L: return mk_long(java::f2l(a.float_value()));
      case TermKind::kF2D: return mk_double(static_cast<double>(a.float_value()));
      case TermKind::kD2I: return mk_int(java::d2i(a.double_value()));
      case TermKind::kD2L: return mk_long(java::d2l(a.double_value()));
      case TermKind::kD2F: return mk_float(static_cast<float>(a.double_value()));
      case TermKind::kI2B: return mk_int(java::i2b(a.int_value()));
      case TermKind::kI2C: return mk_int(java::i2c(a.int_value()));
      case TermKind::kI2S: return mk_int(java::i2s(a.int_value()));
      default: break;
    }
  }
  // Exact round trips: l2i(i2l x), d2i(i2d x) -> x; d2f(f2d x) -> x.
  if ((kind == TermKind::kL2I && a.is(TermKind::kI2L)) ||
      (kind == TermKind::kD2I && a.is(TermKind::kI2D)) ||
      (kind == TermKind::kD2F && a.is(TermKind::kF2D))) {
    return a.arg(0);
  }
  // Idempotent narrowings: i2b(i2b x) -> i2b x, and likewise i2c, i2s.
  if ((kind == TermKind::kI2B || kind == TermKind::kI2C || kind == TermKind::kI2S) && a.is(kind)) {
    return a;
  }
  return intern(kind, conversion_result(kind), 0, {&a, 1});
}

}  // namespace jwp::logic
