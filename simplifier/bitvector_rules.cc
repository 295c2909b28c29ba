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
  // A comparison with a constant that leaves one value of the other side's
  // range is an equality (which equality elimination can use, and which
  // reads as Java is written: a length <= 0 is a length == 0):
  //   a <= c --> a == c  if lo(a) == c;     c <= b --> b == c  if hi(b) == c
  //   a < c --> a == lo(a)  if lo(a) == c - 1; c < b --> b == hi(b)  if hi(b) == c + 1
  if (op == TermKind::kLe || op == TermKind::kLt) {
    const Wide strict = op == TermKind::kLt ? 1 : 0;
    if (b.is_const() && !a.is_const() && ra.lo == rb.lo - strict) {
      *out = tm.mk_eq(a, tm.mk_integral(a.sort(), static_cast<int64_t>(ra.lo)));
      return RewriteStatus::kRewrite1;
    }
    if (a.is_const() && !b.is_const() && rb.hi == ra.hi + strict) {
      *out = tm.mk_eq(b, tm.mk_integral(b.sort(), static_cast<int64_t>(rb.hi)));
      return RewriteStatus::kRewrite1;
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

bool is_disequality(Term l) {
  return l.is(TermKind::kNot) && l.arg(0).is(TermKind::kEq) && l.arg(0).arg(0).sort().is_integral();
}

// The difference-constraint graph of a minterm's comparisons. The nodes
// (every int/long term a comparison or disequality names, with its sort's
// range and i2l's exactness) are made once; facts() adds the comparisons'
// edges and the exact offsets they allow, remembering which edges each
// literal and each offset gave, so that the facts of all literals but some
// are a mask over the same graph (others()).
class DifferenceBuilder {
 public:
  using Node = DifferenceConstraints::Node;
  using EdgeMask = DifferenceConstraints::EdgeMask;
  struct EdgeRange {
    size_t begin = 0, end = 0;
  };
  struct Facts {
    DifferenceConstraints dc;
    std::vector<EdgeRange> of_literal;  // by literal index
    std::vector<EdgeRange> of_offset;   // by offset; empty where not added
  };

  DifferenceBuilder(const TermManager& tm, const std::vector<Term>& literals)
      : tm_(tm), literals_(literals) {
    for (Term l : literals) {
      Term cmp = is_disequality(l) ? l.arg(0) : l;
      if (!is_integral_cmp(cmp)) continue;
      intern(cmp.arg(0));
      intern(cmp.arg(1));
    }
  }

  // The facts of every comparison literal, and the exact offsets they allow.
  Facts facts() const {
    Facts f{base_, std::vector<EdgeRange>(literals_.size()), std::vector<EdgeRange>(offsets_.size())};
    DifferenceConstraints& dc = f.dc;
    for (size_t i = 0; i < literals_.size() && dc.consistent(); ++i) {
      Term l = literals_[i];
      if (!is_integral_cmp(l)) continue;
      f.of_literal[i].begin = dc.num_edges();
      Term a = l.arg(0), b = l.arg(1);
      switch (l.kind()) {
        case TermKind::kLt: add(dc, a, b, -1); break;  // a < b: a - b <= -1
        case TermKind::kLe: add(dc, a, b, 0); break;   // a <= b: a - b <= 0
        default: add(dc, a, b, 0); add(dc, b, a, 0); break;  // a == b
      }
      f.of_literal[i].end = dc.num_edges();
    }
    // x + c --> an exact offset of x where x's bounds keep x + c from
    // wrapping: (x + c) - x <= c and x - (x + c) <= -c.
    add_offsets(f, nullptr, [&](size_t k) {
      const Offset& o = offsets_[k];
      f.of_offset[k].begin = dc.num_edges();
      dc.add(o.sum, o.x, o.c);
      dc.add(o.x, o.sum, -o.c);
      f.of_offset[k].end = dc.num_edges();
    });
    return f;
  }

  // The part of `f` (consistent) that the literals give when those marked
  // in `left_out` are left out: their edges, and the offsets whose bounds
  // needed them (each offset is re-admitted only on the bounds the rest
  // gives; an offset the rest allows is one `f` added, as fewer facts never
  // allow more offsets).
  EdgeMask others(const Facts& f, const std::vector<bool>& left_out) const {
    EdgeMask without = literal_edges(f, left_out);
    auto mask = [&](EdgeRange r, bool off) {
      for (size_t e = r.begin; e < r.end; ++e) without[e] = off;
    };
    for (EdgeRange r : f.of_offset) mask(r, true);
    add_offsets(f, &without, [&](size_t k) { mask(f.of_offset[k], false); });
    return without;
  }
  // The edges of the literals marked in `left_out` only: a supergraph of
  // others(f, left_out), so what it does not imply the others do not.
  EdgeMask literal_edges(const Facts& f, const std::vector<bool>& left_out) const {
    EdgeMask without(f.dc.num_edges(), false);
    for (size_t i = 0; i < literals_.size(); ++i) {
      if (!left_out[i]) continue;
      for (size_t e = f.of_literal[i].begin; e < f.of_literal[i].end; ++e) without[e] = true;
    }
    return without;
  }

  // (node, offset) for a term the literals name: constants are offsets of zero.
  std::pair<Node, Wide> lin(Term t) const {
    if (t.is_const()) return {DifferenceConstraints::kZero, t.integral_value()};
    auto it = nodes_.find(t);
    JWP_CHECK(it != nodes_.end(), "difference constraints: a term the literals do not name");
    return {it->second, 0};
  }

 private:
  struct Offset {
    Node sum, x;  // sum is x + c
    Wide c;
    Interval range;  // of the sum's sort
  };

  void add(DifferenceConstraints& dc, Term a, Term b, Wide c) const {
    auto [na, oa] = lin(a);
    auto [nb, ob] = lin(b);
    dc.add(na, nb, c - oa + ob);  // (na + oa) - (nb + ob) <= c
  }

  // Calls admit(k) for each offset k whose x's bounds (in f.dc, less
  // `without`) keep x + c in range, until no more is admitted: an admitted
  // offset's edges may tighten the bounds another needs. Bounds computed
  // before the last admissions are weaker, never wrong. When `without` is
  // given, only the offsets f admitted are candidates.
  template <typename Admit>
  void add_offsets(const Facts& f, const EdgeMask* without, Admit admit) const {
    std::vector<bool> admitted(offsets_.size(), false);
    for (size_t k = 0; k < offsets_.size(); ++k) {
      if (without && f.of_offset[k].begin == f.of_offset[k].end) admitted[k] = true;
    }
    for (bool more = !offsets_.empty(); more && f.dc.consistent();) {
      more = false;
      const auto hi = f.dc.uppers_from(DifferenceConstraints::kZero, without);
      const auto neg_lo = f.dc.uppers_to(DifferenceConstraints::kZero, without);
      for (size_t k = 0; k < offsets_.size(); ++k) {
        const Offset& o = offsets_[k];
        if (admitted[k] || !hi[o.x] || !neg_lo[o.x]) continue;
        if (-*neg_lo[o.x] + o.c < o.range.lo || *hi[o.x] + o.c > o.range.hi) continue;
        admit(k);
        admitted[k] = more = true;
      }
    }
  }

  Node intern(Term t) {
    if (t.is_const()) return DifferenceConstraints::kZero;
    auto it = nodes_.find(t);
    if (it != nodes_.end()) return it->second;
    const Node n = base_.add_node();
    nodes_.emplace(t, n);
    Interval r = value_range(tm_, t);
    base_.add_bounds(n, r.lo, r.hi);  // V2/H2: every value is in range
    if (t.is(TermKind::kI2L)) {
      // i2l x - x == 0 exactly.
      const Node x = intern(t.arg(0));
      base_.add(n, x, 0);
      base_.add(x, n, 0);
    } else if (t.is(TermKind::kAdd) && t.arg(1).is_const()) {
      offsets_.push_back({n, intern(t.arg(0)), t.arg(1).integral_value(), sort_range(t.sort())});
    }
    return n;
  }

  const TermManager& tm_;
  const std::vector<Term>& literals_;
  DifferenceConstraints base_;
  absl::flat_hash_map<Term, Node> nodes_;
  std::vector<Offset> offsets_;
};

// difference_rules over the literals it reads (comparisons and integer
// disequalities; the others are never looked at): each is kept, made TRUE
// (dropped) or replaced by a strict comparison; or the list becomes FALSE.
// Returns the number of literals changed.
uint64_t settle_comparisons(Context& ctx, std::vector<Term>& literals) {
  TermManager& tm = ctx.tm;
  const DifferenceBuilder graph(tm, literals);
  DifferenceBuilder::Facts all = graph.facts();
  // A negative cycle: the comparisons contradict each other --> false.
  if (!all.dc.consistent()) {
    set_false(tm, literals);
    return 1;
  }
  uint64_t changed = 0;
  // Disequalities contribute no edge, so the graph of all literals holds
  // the facts of the others:
  //   a != b --> true     if a < b or b < a follows
  //   a != b --> false    if a == b follows
  //   a != b --> a < b    if a <= b follows (Figure 6: x <= y ∧ x != y -> x < y)
  for (Term& l : literals) {
    if (!is_disequality(l)) continue;
    Term a = l.arg(0).arg(0), b = l.arg(0).arg(1);
    auto [na, oa] = graph.lin(a);
    auto [nb, ob] = graph.lin(b);
    // a - b <= c  <=>  na - nb <= c - oa + ob
    const std::optional<Wide> a_minus_b = all.dc.upper(na, nb), b_minus_a = all.dc.upper(nb, na);
    const bool le = a_minus_b && *a_minus_b <= ob - oa;
    const bool ge = b_minus_a && *b_minus_a <= oa - ob;
    if (le && ge) {
      set_false(tm, literals);
      return changed + 1;
    }
    if ((a_minus_b && *a_minus_b <= -1 + ob - oa) || (b_minus_a && *b_minus_a <= -1 + oa - ob)) {
      l = tm.mk_true();
    } else if (le) {
      l = tm.mk_lt(a, b);
    } else if (ge) {
      l = tm.mk_lt(b, a);
    } else {
      continue;
    }
    ++changed;
  }
  if (!ctx.options.drop_redundant_comparisons) return changed;
  // A comparison implied by the other literals is dropped (one at a time,
  // so two literals that imply each other do not both go: a dropped one is
  // no fact for the next). The strict comparisons just made from
  // disequalities are facts too.
  if (changed > 0) all = graph.facts();
  std::vector<bool> left_out(literals.size(), false);
  for (size_t i = 0; i < literals.size(); ++i) {
    Term l = literals[i];
    if (!l.is(TermKind::kLt) && !l.is(TermKind::kLe)) continue;
    if (!l.arg(0).sort().is_integral()) continue;
    left_out[i] = true;
    // (Not structured bindings: the lambda below captures them.)
    const std::pair<DifferenceBuilder::Node, Wide> a = graph.lin(l.arg(0)), b = graph.lin(l.arg(1));
    const Wide c = (l.is(TermKind::kLt) ? -1 : 0) - a.second + b.second;
    auto implied = [&](const DifferenceConstraints::EdgeMask& without) {
      const std::optional<Wide> d = all.dc.upper(a.first, b.first, &without);
      return d && *d <= c;
    };
    // Most comparisons are not implied even with every offset kept; only
    // those that are pay for the offsets the others allow.
    if (implied(graph.literal_edges(all, left_out)) && implied(graph.others(all, left_out))) {
      literals[i] = tm.mk_true();
      ++changed;
    } else {
      left_out[i] = false;
    }
  }
  return changed;
}

}  // namespace

RewriteStatus difference_rules(Context& ctx, std::vector<Term>& literals, uint64_t* dropped) {
  size_t comparisons = 0;
  for (Term l : literals) {
    if (is_integral_cmp(l)) ++comparisons;
  }
  if (comparisons == 0 || comparisons > ctx.options.max_difference_literals) {
    return RewriteStatus::kFailed;
  }
  const uint64_t changed = settle_comparisons(ctx, literals);
  if (literals.size() == 1 && literals[0].is_false()) return RewriteStatus::kDone;
  if (changed == 0) return RewriteStatus::kFailed;
  *dropped += changed;
  std::erase_if(literals, [](Term l) { return l.is_true(); });
  return RewriteStatus::kRewriteFull;
}

}  // namespace jwp::simplifier::internal
