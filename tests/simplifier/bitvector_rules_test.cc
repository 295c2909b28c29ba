// Int/long rules (simplifier/bitvector_rules.cc): value ranges, comparison
// folding, bijective equalities, i2l and lcmp, and the wrapping traps that
// must NOT simplify. Every case is checked input <=> output with Z3.
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

using BitvectorRules = SimplifierTest;

TEST_F(BitvectorRules, XPlusOneGreaterThanXIsNotATautology) {
  // x + 1 > x fails for x == MAX: it must stay.
  Minterm in = M({tm.mk_gt(tm.mk_add(x, i(1)), x)});
  Minterm out = checked(in);
  EXPECT_FALSE(out.is_true());
  EXPECT_FALSE(out.is_false());
}

TEST_F(BitvectorRules, XLessThanXPlusOneIsNotATautology) {
  Minterm in = M({tm.mk_lt(x, tm.mk_add(x, i(1)))});
  Minterm out = checked(in);
  EXPECT_FALSE(out.is_true());
  // and its negation is satisfiable too (x == MAX)
  Minterm neg = checked(M({tm.mk_not(tm.mk_lt(x, tm.mk_add(x, i(1))))}));
  EXPECT_FALSE(neg.is_false());
}

TEST_F(BitvectorRules, LongXPlusOneGreaterThanXIsNotATautology) {
  Minterm out = checked(M({tm.mk_gt(tm.mk_add(lx, l(1)), lx)}));
  EXPECT_FALSE(out.is_true());
}

TEST_F(BitvectorRules, MinDividedByMinusOneIsMin) {
  // x == MIN ∧ x / -1 == MIN is satisfiable (Java: MIN / -1 == MIN).
  Term min = i(INT32_MIN);
  Minterm out = checked(M({tm.mk_eq(x, min), tm.mk_eq(tm.mk_div(x, y), min), tm.mk_eq(y, i(-1))}));
  EXPECT_FALSE(out.is_false());
  // ... and x / -1 == -x... with x == MIN, x / y > 0 is a contradiction.
  Minterm f = checked(M({tm.mk_eq(x, min), tm.mk_eq(y, i(-1)), tm.mk_lt(i(0), tm.mk_div(x, y))}));
  EXPECT_TRUE(f.is_false()) << J(f);
}

TEST_F(BitvectorRules, NoWrapAssumedBetweenXPlusOneAndY) {
  // x + 1 < y does not give x < y - 1 (x == MAX: x + 1 == MIN < y). So
  // x + 1 < y ∧ y <= x is satisfiable and must not be answered FALSE.
  Minterm out = checked(M({tm.mk_lt(tm.mk_add(x, i(1)), y), tm.mk_le(y, x)}));
  EXPECT_FALSE(out.is_false()) << J(out);
}

TEST_F(BitvectorRules, OffsetUsedWhenBoundsPreventWrap) {
  // x < 10 bounds x, so x + 1 cannot wrap: x + 1 < y ∧ y <= x is false.
  Minterm out = checked(M({tm.mk_lt(x, i(10)), tm.mk_lt(tm.mk_add(x, i(1)), y), tm.mk_le(y, x)}));
  EXPECT_TRUE(out.is_false()) << J(out);
}

TEST_F(BitvectorRules, LengthIsNonNegative) {
  Term len = tm.mk_length(a);
  // 0 <= read(length, x) --> true (Figure 6)
  EXPECT_TRUE(checked(M({tm.mk_le(i(0), len)})).is_true());
  EXPECT_TRUE(checked(M({tm.mk_lt(len, i(0))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_eq(len, i(-3))})).is_false());
  // len < 1 and len <= 0 leave one value: len == 0 (as Java reads it)
  EXPECT_EQ(checked(M({tm.mk_lt(len, i(1))})), M({tm.mk_eq(len, i(0))}));
  EXPECT_EQ(checked(M({tm.mk_le(len, i(0))})), M({tm.mk_eq(len, i(0))}));
  // ... and len < 2 does not
  EXPECT_EQ(checked(M({tm.mk_lt(len, i(2))})), M({tm.mk_lt(len, i(2))}));
}

TEST_F(BitvectorRules, AComparisonAtTheEdgeOfARangeIsAnEquality) {
  // i2c x <= 0 --> i2c x == 0;  65535 <= i2c x --> i2c x == 65535
  EXPECT_EQ(checked(M({tm.mk_le(tm.mk_i2c(x), i(0))})), M({tm.mk_eq(tm.mk_i2c(x), i(0))}));
  EXPECT_EQ(checked(M({tm.mk_le(i(65535), tm.mk_i2c(x))})), M({tm.mk_eq(tm.mk_i2c(x), i(65535))}));
  // 126 < i2b x --> i2b x == 127
  EXPECT_EQ(checked(M({tm.mk_lt(i(126), tm.mk_i2b(x))})), M({tm.mk_eq(tm.mk_i2b(x), i(127))}));
  // x <= MIN --> x == MIN (the sort's own range)
  EXPECT_EQ(checked(M({tm.mk_le(x, i(INT32_MIN))})), M({tm.mk_eq(x, i(INT32_MIN))}));
  // x <= 0 is no equality
  EXPECT_EQ(checked(M({tm.mk_le(x, i(0))})), M({tm.mk_le(x, i(0))}));
}

TEST_F(BitvectorRules, ConversionRanges) {
  // i2l x == c with c out of int range --> false
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_i2l(x), l(int64_t{1} << 33))})).is_false());
  // i2l x == 7L --> x == 7
  Minterm seven = checked(M({tm.mk_eq(tm.mk_i2l(x), l(7))}));
  EXPECT_EQ(seven, M({tm.mk_eq(x, i(7))}));
  // i2b x == 200 --> false; i2c x < 0 --> false; i2s x <= 40000 --> true
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_i2b(x), i(200))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_lt(tm.mk_i2c(x), i(0))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_le(tm.mk_i2s(x), i(40000))})).is_true());
  // i2l x < i2l y --> x < y
  EXPECT_EQ(checked(M({tm.mk_lt(tm.mk_i2l(x), tm.mk_i2l(y))})), M({tm.mk_lt(x, y)}));
  // i2l x < 5L --> x < 5;  i2l x < 2^40 --> true
  EXPECT_EQ(checked(M({tm.mk_lt(tm.mk_i2l(x), l(5))})), M({tm.mk_lt(x, i(5))}));
  EXPECT_TRUE(checked(M({tm.mk_lt(tm.mk_i2l(x), l(int64_t{1} << 40))})).is_true());
}

TEST_F(BitvectorRules, LcmpComparisons) {
  Term cmp = tm.mk_lcmp(lx, ly);
  // lcmp(a, b) < 0 --> a < b (ifge/iflt after lcmp)
  EXPECT_EQ(checked(M({tm.mk_lt(cmp, i(0))})), M({tm.mk_lt(lx, ly)}));
  EXPECT_EQ(checked(M({tm.mk_le(cmp, i(0))})), M({tm.mk_le(lx, ly)}));
  EXPECT_EQ(checked(M({tm.mk_eq(cmp, i(0))})), M({tm.mk_eq(lx, ly)}));
  EXPECT_EQ(checked(M({tm.mk_ne(cmp, i(0))})), M({tm.mk_ne(lx, ly)}));
  EXPECT_EQ(checked(M({tm.mk_lt(i(0), cmp)})), M({tm.mk_lt(ly, lx)}));
  EXPECT_TRUE(checked(M({tm.mk_eq(cmp, i(2))})).is_false());
}

TEST_F(BitvectorRules, BijectiveEqualities) {
  // x + 5 == 3 --> x == -2 (wrapping is a bijection)
  EXPECT_EQ(checked(M({tm.mk_eq(tm.mk_add(x, i(5)), i(3))})), M({tm.mk_eq(x, i(-2))}));
  // x + MAX == MIN --> x == 1 (wraps)
  EXPECT_EQ(checked(M({tm.mk_eq(tm.mk_add(x, i(INT32_MAX)), i(INT32_MIN))})), M({tm.mk_eq(x, i(1))}));
  // x ^ 6 == 5 --> x == 3
  EXPECT_EQ(checked(M({tm.mk_eq(tm.mk_bit_xor(x, i(6)), i(5))})), M({tm.mk_eq(x, i(3))}));
  // -x == 4 --> x == -4
  EXPECT_EQ(checked(M({tm.mk_eq(tm.mk_neg(x), i(4))})), M({tm.mk_eq(x, i(-4))}));
  // 3 * x == 1 --> x == 3^-1 mod 2^32 (0xaaaaaaab)
  Minterm inv = checked(M({tm.mk_eq(tm.mk_mul(x, i(3)), i(1))}));
  EXPECT_EQ(inv, M({tm.mk_eq(x, i(static_cast<int32_t>(0xaaaaaaabu)))}));
  Minterm linv = checked(M({tm.mk_eq(tm.mk_mul(lx, l(7)), l(21))}));
  EXPECT_EQ(linv, M({tm.mk_eq(lx, l(3))}));
  // 2 * x == 4 is NOT x == 2 (x == 2 + 2^31 too): only odd factors invert.
  Minterm even = checked(M({tm.mk_eq(tm.mk_mul(x, i(2)), i(4))}));
  EXPECT_NE(even, M({tm.mk_eq(x, i(2))}));
  // x - y == 0 --> x == y
  EXPECT_EQ(checked(M({tm.mk_eq(tm.mk_sub(x, y), i(0))})), M({tm.mk_eq(x, y)}));
  // x + 1 == y + 3 --> x == y + 2
  Minterm shifted = checked(M({tm.mk_eq(tm.mk_add(x, i(1)), tm.mk_add(y, i(3)))}));
  EXPECT_TRUE(shifted == M({tm.mk_eq(x, tm.mk_add(y, i(2)))}) ||
              shifted == M({tm.mk_eq(y, tm.mk_add(x, i(-2)))}))
      << J(shifted);
}

TEST_F(BitvectorRules, LowBitsDecideEqualities) {
  // 1 + 2 * x == 1000: odd against even, whatever x and however it wraps.
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_add(i(1), tm.mk_mul(x, i(2))), i(1000))})).is_false());
  // A loop's sum, one add per iteration: 1 + 2*x + 2*y + 2*z == 1000.
  Term sum = tm.mk_add(tm.mk_add(tm.mk_add(i(1), tm.mk_mul(x, i(2))), tm.mk_mul(y, i(2))), tm.mk_mul(z, i(2)));
  EXPECT_TRUE(checked(M({tm.mk_eq(sum, i(1000))})).is_false());
  // (x << 3) + 4 == 2: the low three bits are 100 against 010.
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_add(tm.mk_shl(x, i(3)), i(4)), i(2))})).is_false());
  // x * y * 2 == 1: even whatever x and y.
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_mul(tm.mk_mul(x, y), i(2)), i(1))})).is_false());
  // long, and through i2l: 2L * lx + 1 == 10L; i2l(2 * x) == 3L.
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_add(tm.mk_mul(lx, l(2)), l(1)), l(10))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_i2l(tm.mk_mul(x, i(2))), l(3))})).is_false());
  // What the low bits leave open stays: 4 * x + 2 == 6 (x == 1), 2 * x == 4,
  // (x << 31) == MIN (x odd), 3 * x == 1000 (inverted, not refuted), and an
  // odd product of two unknowns, x * y == 7.
  EXPECT_FALSE(checked(M({tm.mk_eq(tm.mk_add(tm.mk_mul(x, i(4)), i(2)), i(6))})).is_false());
  EXPECT_FALSE(checked(M({tm.mk_eq(tm.mk_mul(x, i(2)), i(4))})).is_false());
  EXPECT_FALSE(checked(M({tm.mk_eq(tm.mk_shl(x, i(31)), i(INT32_MIN))})).is_false());
  EXPECT_FALSE(checked(M({tm.mk_eq(tm.mk_mul(x, i(3)), i(1000))})).is_false());
  EXPECT_FALSE(checked(M({tm.mk_eq(tm.mk_mul(x, y), i(7))})).is_false());
}

TEST_F(BitvectorRules, IteOfConstantsComparedWithConstant) {
  // (p ? 1 : 0) == 0 --> !p
  Term b = tm.mk_ite(p, i(1), i(0));
  EXPECT_EQ(checked(M({tm.mk_eq(b, i(0))})), M({tm.mk_not(p)}));
  EXPECT_EQ(checked(M({tm.mk_ne(b, i(0))})), M({p}));
  EXPECT_TRUE(checked(M({tm.mk_eq(b, i(2))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_le(b, i(1))})).is_true());
}

TEST_F(BitvectorRules, RemainderAndMaskRanges) {
  // x % 10 < 10 --> true; x % 10 <= -10 --> false; (x & 255) <= 255 --> true
  EXPECT_TRUE(checked(M({tm.mk_lt(tm.mk_rem(x, i(10)), i(10))})).is_true());
  EXPECT_TRUE(checked(M({tm.mk_le(tm.mk_rem(x, i(-10)), i(-10))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_le(tm.mk_bit_and(x, i(255)), i(255))})).is_true());
  EXPECT_TRUE(checked(M({tm.mk_lt(tm.mk_ushr(x, i(1)), i(0))})).is_false());
  // x % MIN has range [-(2^31 - 1), 2^31 - 1]: x % MIN == MIN is false
  EXPECT_TRUE(checked(M({tm.mk_eq(tm.mk_rem(x, i(INT32_MIN)), i(INT32_MIN))})).is_false());
  // x & -1 is x: no range claimed for a negative mask
  EXPECT_FALSE(checked(M({tm.mk_lt(tm.mk_bit_and(x, i(-2)), i(0))})).is_false());
}

}  // namespace
}  // namespace jwp::simplifier::testing
