// Int and long rules (V2: 32/64-bit two's complement, Java's semantics):
// value ranges of terms, comparisons decided by ranges, equalities decided
// by the low bits the terms' forms fix (parity), rewrites that are
// bijections under wrapping (x + c1 == c2, x ^ c1 == c2, odd x * c == d),
// i2l and lcmp comparisons as the bytecode produces them, and the
// difference-constraint pass over the comparison literals of a minterm.
//
// Never valid here, and never done: x + 1 > x, x < x + 1, or moving a
// constant across < or <= (x + c < y is not x < y - c when x + c wraps).
#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/check.h"
#include "base/java_semantics.h"
#include "simplifier/difference_constraints.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier::internal {

namespace {

using Wide = __int128;


Interval sort_range(logic::Sort s) {
  if (s.is_int()) return {java::kIntMin, java::kIntMax};
  return {java::kLongMin, java::kLongMax};
}

bool within(Interval r, Interval bounds) { return r.lo >= bounds.lo && r.hi <= bounds.hi; }

// An interval no wider than the sort's range (a result that might wrap
// falls back to the whole range).
Interval clamp_or_full(Interval r, logic::Sort s) {
  Interval full = sort_range(s);
  return within(r, full) ? r : full;
}

Interval range_at(const TermManager& tm, Term t, int depth) {
  const logic::Sort s = t.sort();
  const Interval full = sort_range(s);
  if (t.is_const()) return {t.integral_value(), t.integral_value()};
  if (depth <= 0) return full;
  auto sub = [&](size_t i) { return range_at(tm, t.arg(i), depth - 1); };
  switch (t.kind()) {
    case TermKind::kI2B: return {-128, 127};
    case TermKind::kI2C: return {0, 65535};
    case TermKind::kI2S: return {-32768, 32767};
    case TermKind::kI2L: return sub(0);  // exact: the int's value
    case TermKind::kL2I: return clamp_or_full(sub(0), s);  // in range: unchanged
    case TermKind::kLCmp: case TermKind::kFCmpL: case TermKind::kFCmpG: return {-1, 1};
    case TermKind::kRead:
      // H2: read(length, x) >= 0.
      if (tm.is_length_field(t.arg(0))) return {0, java::kIntMax};
      return full;
    case TermKind::kBitAnd:
      // x & c with c >= 0 lies in [0, c] (canonical: the constant is on the right).
      if (t.arg(1).is_const() && t.arg(1).integral_value() >= 0) return {0, t.arg(1).integral_value()};
      return full;
    case TermKind::kUShr:
      if (t.arg(1).is_const()) {
        const int bits = s.is_int() ? 32 : 64;
        const int n = t.arg(1).int_value() & (bits - 1);
        if (n > 0) return {0, ((Wide{1} << bits) - 1) >> n};
      }
      return full;
    case TermKind::kShr:
      if (t.arg(1).is_const()) {
        const int n = t.arg(1).int_value() & (s.is_int() ? 31 : 63);
        Interval a = sub(0);
        return {a.lo >> n, a.hi >> n};  // arithmetic shift is monotone
      }
      return full;
    case TermKind::kRem:
      if (t.arg(1).is_const() && t.arg(1).integral_value() != 0) {
        // |x % c| < |c|, with the dividend's sign.
        Wide c = t.arg(1).integral_value();
        Wide m = (c < 0 ? -c : c) - 1;
        Interval a = sub(0);
        return {std::max(-m, std::min<Wide>(a.lo, 0)), std::min(m, std::max<Wide>(a.hi, 0))};
      }
      return full;
    case TermKind::kIte: {
      Interval a = sub(1), b = sub(2);
      return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)};
    }
    case TermKind::kAdd: {
      // No wrap within the argument ranges: the exact sum.
      Interval a = sub(0), b = sub(1);
      return clamp_or_full({a.lo + b.lo, a.hi + b.hi}, s);
    }
    case TermKind::kSub: {
      Interval a = sub(0), b = sub(1);
      return clamp_or_full({a.lo - b.hi, a.hi - b.lo}, s);
    }
    case TermKind::kNeg: {
      Interval a = sub(0);
      return clamp_or_full({-a.hi, -a.lo}, s);
    }
    default: return full;
  }
}

bool is_integral_cmp(Term t) {
  return (t.is(TermKind::kLt) || t.is(TermKind::kLe) || t.is(TermKind::kEq)) &&
         t.arg(0).sort().is_integral();
}

// op(a, b) on values.
bool eval_cmp(TermKind op, Wide a, Wide b) {
  switch (op) {
    case TermKind::kLt: return a < b;
    case TermKind::kLe: return a <= b;
    default: return a == b;
  }
}

Term mk_cmp(TermManager& tm, TermKind op, Term a, Term b) {
  switch (op) {
    case TermKind::kLt: return tm.mk_lt(a, b);
    case TermKind::kLe: return tm.mk_le(a, b);
    default: return tm.mk_eq(a, b);
  }
}

// The inverse of an odd number modulo 2^64 (Newton's iteration).
uint64_t odd_inverse(uint64_t c) {
  uint64_t x = c;  // correct to 3 bits
  for (int i = 0; i < 5; ++i) x *= 2 - c * x;
  return x;
}

// Comparisons of lcmp(a, b) with a constant: the outcomes -1, 0, 1 are
// a < b, a == b, b < a.
Term lcmp_outcomes(TermManager& tm, Term a, Term b, bool minus, bool zero, bool plus) {
  const int n = int{minus} + int{zero} + int{plus};
  if (n == 0) return tm.mk_false();
  if (n == 3) return tm.mk_true();
  if (n == 1) return minus ? tm.mk_lt(a, b) : zero ? tm.mk_eq(a, b) : tm.mk_lt(b, a);
  if (!plus) return tm.mk_le(a, b);   // {-1, 0}
  if (!minus) return tm.mk_le(b, a);  // {0, 1}
  return tm.mk_ne(a, b);              // {-1, 1}
}

// The low bits of an int or long term that its form fixes: t ≡ r (mod
// 2^bits), bits 0 when nothing is known. Arithmetic modulo 2^n keeps the
// low bits of a sum, difference, negation or product a function of the
// operands' low bits (2^n is a multiple of every 2^k below it), and a
// factor with j known trailing zeros fixes j more bits of a product.
struct LowBits {
  int bits = 0;
  uint64_t r = 0;
};

// `budget`: the nodes left to visit (shared subterms are visited again, so
// a depth alone would not bound the work); out of it, nothing is known.
LowBits low_bits_at(Term t, int* budget) {
  const int n = t.sort().is_int() ? 32 : 64;
  auto clamp = [&](LowBits x) {
    x.bits = std::min(x.bits, n);
    return x;
  };
  if (t.is_const()) return {n, static_cast<uint64_t>(t.integral_value())};
  if (--*budget < 0) return {};
  auto sub = [&](size_t i) { return low_bits_at(t.arg(i), budget); };
  switch (t.kind()) {
    case TermKind::kAdd: case TermKind::kSub: case TermKind::kBitAnd: case TermKind::kBitOr:
    case TermKind::kBitXor: {
      const LowBits a = sub(0), b = sub(1);
      const uint64_t r = t.is(TermKind::kAdd)    ? a.r + b.r
                         : t.is(TermKind::kSub)  ? a.r - b.r
                         : t.is(TermKind::kBitAnd) ? (a.r & b.r)
                         : t.is(TermKind::kBitOr)  ? (a.r | b.r)
                                                   : (a.r ^ b.r);
      return {std::min(a.bits, b.bits), r};
    }
    case TermKind::kNeg: {
      const LowBits a = sub(0);
      return {a.bits, uint64_t{0} - a.r};
    }
    case TermKind::kMul: {
      // a = ra + 2^ka s, b = rb + 2^kb t: a * b = ra rb + ra 2^kb t +
      // rb 2^ka s + 2^(ka + kb) s t, so a * b ≡ ra rb modulo 2 to the
      // min(zeros(ra) + kb, zeros(rb) + ka) (zeros: the known trailing
      // zeros; 2 * x is even, 3 * x is nothing).
      const LowBits a = sub(0), b = sub(1);
      auto zeros = [](LowBits x) { return std::min(x.bits, std::countr_zero(x.r)); };
      return clamp({std::min(zeros(a) + b.bits, zeros(b) + a.bits), a.r * b.r});
    }
    case TermKind::kShl:
      if (t.arg(1).is_const()) {
        const int k = static_cast<int>(t.arg(1).integral_value() & (n - 1));
        const LowBits a = sub(0);
        return clamp({a.bits + k, a.r << k});
      }
      return {};
    case TermKind::kL2I: case TermKind::kI2L: {
      const LowBits a = sub(0);  // the low 32 bits are kept
      return {std::min(a.bits, 32), a.r};
    }
    default: return {};
  }
}

}  // namespace

Interval value_range(const TermManager& tm, Term t) { return range_at(tm, t, 12); }

RewriteStatus bitvector_rules(Context& ctx, Term t, Term* out) {
  TermManager& tm = ctx.tm;
  if (!is_integral_cmp(t)) return RewriteStatus::kFailed;
  const TermKind op = t.kind();
  Term a = t.arg(0), b = t.arg(1);
  const Interval ra = value_range(tm, a), rb = value_range(tm, b);

  // a < b --> true if hi(a) < lo(b); --> false if lo(a) >= hi(b)
  // a <= b --> true if hi(a) <= lo(b); --> false if lo(a) > hi(b)
  // a == b --> false if [lo(a), hi(a)] and [lo(b), hi(b)] are disjoint
  // (value ranges are exact under wrapping: value_range widens to the whole
  // sort whenever a term might wrap).
  {
    std::optional<bool> v;
    switch (op) {
      case TermKind::kLt:
        if (ra.hi < rb.lo) v = true;
        else if (ra.lo >= rb.hi) v = false;
        break;
      case TermKind::kLe:
        if (ra.hi <= rb.lo) v = true;
        else if (ra.lo > rb.hi) v = false;
        break;
      default:
        if (ra.hi < rb.lo || rb.hi < ra.lo) v = false;
        else if (ra.lo == ra.hi && rb.lo == rb.hi && ra.lo == rb.lo) v = true;
        break;
    }
    if (v) {
      *out = tm.mk_bool(*v);
      return RewriteStatus::kDone;
    }
  }

  // op(ite(c, k1, k2), k) --> ite(c, op(k1, k), op(k2, k)), and the mirror
  // (the result folds to c, !c, true or false).
  auto ite_consts = [](Term x) {
    return x.is(TermKind::kIte) && x.arg(1).is_const() && x.arg(2).is_const();
  };
  if (ite_consts(a) && b.is_const()) {
    Term then_cmp = mk_cmp(tm, op, a.arg(1), b);
    *out = tm.mk_ite(a.arg(0), then_cmp, mk_cmp(tm, op, a.arg(2), b));
    return RewriteStatus::kRewrite1;
  }
  if (ite_consts(b) && a.is_const()) {
    Term then_cmp = mk_cmp(tm, op, a, b.arg(1));
    *out = tm.mk_ite(b.arg(0), then_cmp, mk_cmp(tm, op, a, b.arg(2)));
    return RewriteStatus::kRewrite1;
  }

  // op(lcmp(x, y), k) --> the disjunction of the outcomes o in {-1, 0, 1}
  // with op(o, k), as one literal (x < y, x <= y, x == y, x != y, ...).
  if (a.is(TermKind::kLCmp) && b.is_const()) {
    const Wide k = b.integral_value();
    *out = lcmp_outcomes(tm, a.arg(0), a.arg(1), eval_cmp(op, -1, k), eval_cmp(op, 0, k),
                         eval_cmp(op, 1, k));
    return RewriteStatus::kRewrite1;
  }
  if (b.is(TermKind::kLCmp) && a.is_const()) {
    const Wide k = a.integral_value();
    *out = lcmp_outcomes(tm, b.arg(0), b.arg(1), eval_cmp(op, k, -1), eval_cmp(op, k, 0),
                         eval_cmp(op, k, 1));
    return RewriteStatus::kRewrite1;
  }

  // i2l x op i2l y --> x op y;  i2l x op k --> x op (int) k  if k is in int
  // range (out of range is decided by the value ranges above). Exact: i2l
  // preserves the signed value.
  if (a.is(TermKind::kI2L) && b.is(TermKind::kI2L)) {
    *out = mk_cmp(tm, op, a.arg(0), b.arg(0));
    return RewriteStatus::kRewrite1;
  }
  auto int_const = [](Term k) {
    return k.is_const() && k.long_value() >= java::kIntMin && k.long_value() <= java::kIntMax;
  };
  if (a.is(TermKind::kI2L) && int_const(b)) {
    *out = mk_cmp(tm, op, a.arg(0), tm.mk_int(static_cast<int32_t>(b.long_value())));
    return RewriteStatus::kRewrite1;
  }
  if (b.is(TermKind::kI2L) && int_const(a)) {
    *out = mk_cmp(tm, op, tm.mk_int(static_cast<int32_t>(a.long_value())), b.arg(0));
    return RewriteStatus::kRewrite1;
  }

  if (op != TermKind::kEq) return RewriteStatus::kFailed;
  // a == b --> false if their low bits, fixed by their forms, differ
  // (1 + 2 * x == 1000: odd against even, for every x, wrapping or not).
  {
    int budget = 256;  // a loop's sum nests one add per iteration
    const LowBits la = low_bits_at(a, &budget), lb = low_bits_at(b, &budget);
    const int k = std::min(la.bits, lb.bits);
    const uint64_t mask = k >= 64 ? ~uint64_t{0} : (uint64_t{1} << k) - 1;
    if (k > 0 && ((la.r ^ lb.r) & mask) != 0) {
      *out = tm.mk_false();
      return RewriteStatus::kDone;
    }
  }
  // Equalities: bijections of the 2^n values may be inverted.
  // x + c1 == c2 --> x == c2 - c1
  if (a.is(TermKind::kAdd) && a.arg(1).is_const() && b.is_const()) {
    *out = tm.mk_eq(a.arg(0), tm.mk_sub(b, a.arg(1)));
    return RewriteStatus::kRewrite1;
  }
  // x + c1 == y + c2 --> x == y + (c2 - c1)
  if (a.is(TermKind::kAdd) && a.arg(1).is_const() && b.is(TermKind::kAdd) && b.arg(1).is_const()) {
    *out = tm.mk_eq(a.arg(0), tm.mk_add(b.arg(0), tm.mk_sub(b.arg(1), a.arg(1))));
    return RewriteStatus::kRewrite1;
  }
  // x ^ c1 == c2 --> x == c1 ^ c2
  if (a.is(TermKind::kBitXor) && a.arg(1).is_const() && b.is_const()) {
    *out = tm.mk_eq(a.arg(0), tm.mk_bit_xor(a.arg(1), b));
    return RewriteStatus::kRewrite1;
  }
  // -x == c --> x == -c
  if (a.is(TermKind::kNeg) && b.is_const()) {
    *out = tm.mk_eq(a.arg(0), tm.mk_neg(b));
    return RewriteStatus::kRewrite1;
  }
  // x * c == d --> x == d * c^-1 (mod 2^n)  if c is odd
  if (a.is(TermKind::kMul) && a.arg(1).is_const() && b.is_const() &&
      (a.arg(1).integral_value() & 1) != 0) {
    const uint64_t inv = odd_inverse(static_cast<uint64_t>(a.arg(1).integral_value()));
    *out = tm.mk_eq(a.arg(0), tm.mk_mul(b, tm.mk_integral(b.sort(), static_cast<int64_t>(inv))));
    return RewriteStatus::kRewrite1;
  }
  // x - y == 0 --> x == y
  if (a.is(TermKind::kSub) && b.is_const() && b.integral_value() == 0) {
    *out = tm.mk_eq(a.arg(0), a.arg(1));
    return RewriteStatus::kRewrite1;
  }
  return RewriteStatus::kFailed;
}

// ---- Difference constraints over the literals ----------------------------------

namespace {

class DifferenceBuilder {
 public:
  DifferenceBuilder(const TermManager& tm, const std::vector<Term>& literals,
                    const std::vector<bool>& excluded)
      : tm_(tm) {
    for (size_t i = 0; i < literals.size(); ++i) {
      if (excluded[i]) continue;
      Term l = literals[i];
      if (!is_integral_cmp(l)) continue;
      Term a = l.arg(0), b = l.arg(1);
      switch (l.kind()) {
        case TermKind::kLt: add(a, b, -1); break;  // a < b: a - b <= -1
        case TermKind::kLe: add(a, b, 0); break;   // a <= b: a - b <= 0
        default: add(a, b, 0); add(b, a, 0); break;  // a == b
      }
    }
    // x + c --> an exact offset of x where x's bounds (from the facts so
    // far) keep x + c from wrapping: (x + c) - x <= c and x - (x + c) <= -c.
    for (size_t i = 0; i < offsets_.size() && dc_.consistent(); ++i) {
      auto [sum, x] = offsets_[i];
      const Wide c = sum.arg(1).integral_value();
      std::optional<Wide> hi = dc_.upper(node(x), DifferenceConstraints::kZero);
      std::optional<Wide> neg_lo = dc_.upper(DifferenceConstraints::kZero, node(x));
      const Interval full = sort_range(sum.sort());
      if (hi && neg_lo && -*neg_lo + c >= full.lo && *hi + c <= full.hi) {
        const DifferenceConstraints::Node n_sum = node(sum), n_x = node(x);
        dc_.add(n_sum, n_x, c);
        dc_.add(n_x, n_sum, -c);
      }
    }
  }

  DifferenceConstraints& dc() { return dc_; }
  // (node, offset) for a term: constants are offsets of zero.
  std::pair<DifferenceConstraints::Node, Wide> lin(Term t) {
    if (t.is_const()) return {DifferenceConstraints::kZero, t.integral_value()};
    return {node(t), 0};
  }

 private:
  void add(Term a, Term b, Wide c) {
    auto [na, oa] = lin(a);
    auto [nb, ob] = lin(b);
    dc_.add(na, nb, c - oa + ob);  // (na + oa) - (nb + ob) <= c
  }
  DifferenceConstraints::Node node(Term t) {
    auto it = nodes_.find(t);
    if (it != nodes_.end()) return it->second;
    DifferenceConstraints::Node n = dc_.add_node();
    nodes_.emplace(t, n);
    Interval r = value_range(tm_, t);
    dc_.add_bounds(n, r.lo, r.hi);  // V2/H2: every value is in range
    if (t.is(TermKind::kI2L)) {
      // i2l x - x == 0 exactly.
      DifferenceConstraints::Node x = node(t.arg(0));
      dc_.add(n, x, 0);
      dc_.add(x, n, 0);
    } else if (t.is(TermKind::kAdd) && t.arg(1).is_const()) {
      node(t.arg(0));
      offsets_.emplace_back(t, t.arg(0));
    }
    return n;
  }

  const TermManager& tm_;
  DifferenceConstraints dc_;
  absl::flat_hash_map<Term, DifferenceConstraints::Node> nodes_;
  std::vector<std::pair<Term, Term>> offsets_;
};

bool is_disequality(Term l) {
  return l.is(TermKind::kNot) && l.arg(0).is(TermKind::kEq) && l.arg(0).arg(0).sort().is_integral();
}

}  // namespace

RewriteStatus difference_rules(Context& ctx, std::vector<Term>& literals, uint64_t* dropped) {
  TermManager& tm = ctx.tm;
  size_t comparisons = 0;
  for (Term l : literals) {
    if (is_integral_cmp(l)) ++comparisons;
  }
  if (comparisons == 0 || comparisons > ctx.options.max_difference_literals) {
    return RewriteStatus::kFailed;
  }
  std::vector<bool> none(literals.size(), false);
  bool changed = false;
  {
    DifferenceBuilder all(tm, literals, none);
    // A negative cycle: the comparisons contradict each other --> false.
    if (!all.dc().consistent()) {
      set_false(tm, literals);
      return RewriteStatus::kDone;
    }
    // Disequalities contribute no edge, so the graph of all literals holds
    // the facts of the others:
    //   a != b --> true     if a < b or b < a follows
    //   a != b --> false    if a == b follows
    //   a != b --> a < b    if a <= b follows (Figure 6: x <= y ∧ x != y -> x < y)
    for (Term& l : literals) {
      if (!is_disequality(l)) continue;
      Term a = l.arg(0).arg(0), b = l.arg(0).arg(1);
      auto [na, oa] = all.lin(a);
      auto [nb, ob] = all.lin(b);
      // a - b <= c  <=>  na - nb <= c - oa + ob
      const bool le = all.dc().implies(na, nb, ob - oa);
      const bool ge = all.dc().implies(nb, na, oa - ob);
      if (le && ge) {
        set_false(tm, literals);
        return RewriteStatus::kDone;
      }
      if (all.dc().implies(na, nb, -1 + ob - oa) || all.dc().implies(nb, na, -1 + oa - ob)) {
        l = tm.mk_true();
      } else if (le) {
        l = tm.mk_lt(a, b);
      } else if (ge) {
        l = tm.mk_lt(b, a);
      } else {
        continue;
      }
      changed = true;
      ++*dropped;
    }
  }
  if (ctx.options.drop_redundant_comparisons) {
    // A comparison implied by the other literals is dropped (one at a time,
    // so two literals that imply each other do not both go).
    std::vector<bool> excluded(literals.size(), false);
    for (size_t i = 0; i < literals.size(); ++i) {
      Term l = literals[i];
      if (!l.is(TermKind::kLt) && !l.is(TermKind::kLe)) continue;
      if (!l.arg(0).sort().is_integral()) continue;
      excluded[i] = true;
      DifferenceBuilder rest(tm, literals, excluded);
      bool implied = false;
      if (rest.dc().consistent()) {
        auto [na, oa] = rest.lin(l.arg(0));
        auto [nb, ob] = rest.lin(l.arg(1));
        const Wide c = l.is(TermKind::kLt) ? -1 : 0;
        implied = rest.dc().implies(na, nb, c - oa + ob);
      }
      if (implied) {
        literals[i] = tm.mk_true();
        changed = true;
        ++*dropped;
      } else {
        excluded[i] = false;
      }
    }
  }
  if (!changed) return RewriteStatus::kFailed;
  std::erase_if(literals, [](Term l) { return l.is_true(); });
  return RewriteStatus::kRewriteFull;
}

}  // namespace jwp::simplifier::internal
