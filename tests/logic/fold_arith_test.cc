// Constant folding of arithmetic, shifts, comparisons and conversions with
// Java's semantics (JVMS 6.5), and the integer identities of term.h rule 6.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "base/java_semantics.h"
#include "logic/term_manager.h"

namespace jwp::logic {
namespace {

constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kLMax = std::numeric_limits<int64_t>::max();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

class FoldTest : public ::testing::Test {
 protected:
  Term i(int32_t v) { return tm.mk_int(v); }
  Term l(int64_t v) { return tm.mk_long(v); }
  Term f(float v) { return tm.mk_float(v); }
  Term d(double v) { return tm.mk_double(v); }
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term lx = tm.mk_var("lx", Sort::Long());
  Term fx = tm.mk_var("fx", Sort::Float());
  Term dx = tm.mk_var("dx", Sort::Double());
};

TEST_F(FoldTest, IntAddSubMulWrap) {
  EXPECT_EQ(tm.mk_add(i(kMax), i(1)), i(kMin));
  EXPECT_EQ(tm.mk_sub(i(kMin), i(1)), i(kMax));
  EXPECT_EQ(tm.mk_mul(i(65536), i(65536)), i(0));
  EXPECT_EQ(tm.mk_mul(i(kMax), i(2)), i(-2));
  EXPECT_EQ(tm.mk_neg(i(kMin)), i(kMin));
  EXPECT_EQ(tm.mk_neg(i(5)), i(-5));
  EXPECT_EQ(tm.mk_add(i(2), i(3)), i(5));
}

TEST_F(FoldTest, LongAddSubMulWrap) {
  EXPECT_EQ(tm.mk_add(l(kLMax), l(1)), l(kLMin));
  EXPECT_EQ(tm.mk_sub(l(kLMin), l(1)), l(kLMax));
  EXPECT_EQ(tm.mk_mul(l(int64_t{1} << 32), l(int64_t{1} << 32)), l(0));
  EXPECT_EQ(tm.mk_neg(l(kLMin)), l(kLMin));
}

TEST_F(FoldTest, DivisionAndRemainder) {
  EXPECT_EQ(tm.mk_div(i(7), i(2)), i(3));
  EXPECT_EQ(tm.mk_div(i(-7), i(2)), i(-3));  // truncates toward zero
  EXPECT_EQ(tm.mk_rem(i(-7), i(2)), i(-1));  // sign of the dividend
  EXPECT_EQ(tm.mk_rem(i(7), i(-2)), i(1));
  EXPECT_EQ(tm.mk_div(i(kMin), i(-1)), i(kMin));
  EXPECT_EQ(tm.mk_rem(i(kMin), i(-1)), i(0));
  EXPECT_EQ(tm.mk_div(l(kLMin), l(-1)), l(kLMin));
  EXPECT_EQ(tm.mk_rem(l(kLMin), l(-1)), l(0));
  EXPECT_EQ(tm.mk_rem(l(-9), l(4)), l(-1));
}

TEST_F(FoldTest, IntegerDivisionByZeroNeverFolds) {
  Term q = tm.mk_div(i(5), i(0));
  ASSERT_TRUE(q.is(TermKind::kDiv));
  EXPECT_EQ(q.arg(0), i(5));
  EXPECT_EQ(q.arg(1), i(0));
  EXPECT_TRUE(tm.mk_rem(i(5), i(0)).is(TermKind::kRem));
  EXPECT_TRUE(tm.mk_div(l(5), l(0)).is(TermKind::kDiv));
  EXPECT_TRUE(tm.mk_rem(l(5), l(0)).is(TermKind::kRem));
  EXPECT_TRUE(tm.mk_div(x, i(0)).is(TermKind::kDiv));
  EXPECT_TRUE(tm.mk_rem(i(0), i(0)).is(TermKind::kRem));
  // 0 / x is not folded either: x may be 0.
  EXPECT_TRUE(tm.mk_div(i(0), x).is(TermKind::kDiv));
}

TEST_F(FoldTest, FloatingDivisionByZeroFolds) {
  EXPECT_EQ(tm.mk_div(d(1.0), d(0.0)), d(kInf));
  EXPECT_EQ(tm.mk_div(d(-1.0), d(0.0)), d(-kInf));
  EXPECT_EQ(tm.mk_div(d(0.0), d(0.0)), d(kNaN));
  EXPECT_EQ(tm.mk_div(f(1.0f), f(-0.0f)), f(-std::numeric_limits<float>::infinity()));
  EXPECT_EQ(tm.mk_rem(d(5.5), d(0.0)), d(kNaN));
}

TEST_F(FoldTest, FloatRemainderIsFmod) {
  EXPECT_EQ(tm.mk_rem(d(5.5), d(2.0)), d(1.5));
  EXPECT_EQ(tm.mk_rem(d(-5.5), d(2.0)), d(-1.5));  // IEEE remainder would be 0.5
  EXPECT_EQ(tm.mk_rem(f(7.0f), f(4.0f)), f(3.0f));  // IEEE remainder would be -1
}

TEST_F(FoldTest, FloatArithmeticIsIeee) {
  EXPECT_EQ(tm.mk_add(f(0.1f), f(0.2f)), f(0.1f + 0.2f));
  EXPECT_NE(tm.mk_add(d(0.1), d(0.2)), d(0.3));
  EXPECT_EQ(tm.mk_add(d(0.1), d(0.2)), d(0.30000000000000004));
  EXPECT_EQ(tm.mk_mul(f(3.4e38f), f(10.0f)), f(std::numeric_limits<float>::infinity()));
  EXPECT_EQ(tm.mk_sub(d(kInf), d(kInf)), d(kNaN));
  EXPECT_EQ(tm.mk_neg(d(0.0)), d(-0.0));
  EXPECT_NE(d(0.0), d(-0.0));
  // No IEEE-invalid identities: x + 0.0 is not x (-0.0 + 0.0 == +0.0).
  EXPECT_TRUE(tm.mk_add(dx, d(0.0)).is(TermKind::kAdd));
  EXPECT_TRUE(tm.mk_sub(dx, dx).is(TermKind::kSub));
}

TEST_F(FoldTest, NaNsAreCanonical) {
  Term nan1 = tm.mk_double(kNaN);
  Term nan2 = tm.mk_double(-std::nan("7"));
  EXPECT_EQ(nan1, nan2);
  EXPECT_EQ(nan1.payload(), java::kDoubleNaNBits);
  EXPECT_EQ(tm.mk_float(std::nanf("3")).payload(), java::kFloatNaNBits);
  EXPECT_EQ(tm.mk_neg(nan1), nan1);
}

TEST_F(FoldTest, ShiftsMaskTheCount) {
  EXPECT_EQ(tm.mk_shl(i(1), i(31)), i(kMin));
  EXPECT_EQ(tm.mk_shl(i(1), i(32)), i(1));
  EXPECT_EQ(tm.mk_shl(i(1), i(33)), i(2));
  EXPECT_EQ(tm.mk_shl(i(1), i(-1)), i(kMin));  // -1 & 31 == 31
  EXPECT_EQ(tm.mk_shr(i(-8), i(1)), i(-4));
  EXPECT_EQ(tm.mk_shr(i(-8), i(33)), i(-4));
  EXPECT_EQ(tm.mk_ushr(i(-8), i(28)), i(15));
  EXPECT_EQ(tm.mk_ushr(i(-1), i(32)), i(-1));
  EXPECT_EQ(tm.mk_shl(l(1), i(63)), l(kLMin));
  EXPECT_EQ(tm.mk_shl(l(1), i(64)), l(1));
  EXPECT_EQ(tm.mk_shl(l(1), i(65)), l(2));
  EXPECT_EQ(tm.mk_shl(l(1), i(32)), l(int64_t{1} << 32));  // 32 is not masked for long
  EXPECT_EQ(tm.mk_ushr(l(-1), i(-1)), l(1));
  EXPECT_EQ(tm.mk_shr(l(kLMin), i(63)), l(-1));
  // Symbolic values: counts are masked, a zero count disappears.
  EXPECT_EQ(tm.mk_shl(x, i(32)), x);
  EXPECT_EQ(tm.mk_shl(x, i(33)), tm.mk_shl(x, i(1)));
  EXPECT_EQ(tm.mk_shl(x, i(33)).arg(1), i(1));
  EXPECT_EQ(tm.mk_shl(lx, i(64)), lx);
  EXPECT_EQ(tm.mk_shl(lx, i(33)).arg(1), i(33));
  EXPECT_EQ(tm.mk_shl(i(0), x), i(0));
  EXPECT_EQ(tm.mk_shr(i(-1), x), i(-1));
  EXPECT_TRUE(tm.mk_ushr(i(-1), x).is(TermKind::kUShr));
}

TEST_F(FoldTest, Bitwise) {
  EXPECT_EQ(tm.mk_bit_and(i(12), i(10)), i(8));
  EXPECT_EQ(tm.mk_bit_or(i(12), i(10)), i(14));
  EXPECT_EQ(tm.mk_bit_xor(i(12), i(10)), i(6));
  EXPECT_EQ(tm.mk_bit_not(i(0)), i(-1));
  EXPECT_EQ(tm.mk_bit_and(l(-1), l(kLMin)), l(kLMin));
  EXPECT_EQ(tm.mk_bit_and(x, i(0)), i(0));
  EXPECT_EQ(tm.mk_bit_and(x, i(-1)), x);
  EXPECT_EQ(tm.mk_bit_or(x, i(0)), x);
  EXPECT_EQ(tm.mk_bit_or(x, i(-1)), i(-1));
  EXPECT_EQ(tm.mk_bit_xor(x, i(0)), x);
  EXPECT_EQ(tm.mk_bit_xor(x, x), i(0));
  EXPECT_EQ(tm.mk_bit_and(x, x), x);
  EXPECT_EQ(tm.mk_bit_not(tm.mk_bit_not(x)), x);  // (x ^ -1) ^ -1
}

TEST_F(FoldTest, IntegerIdentitiesAndChains) {
  EXPECT_EQ(tm.mk_add(x, i(0)), x);
  EXPECT_EQ(tm.mk_mul(x, i(1)), x);
  EXPECT_EQ(tm.mk_mul(x, i(0)), i(0));
  EXPECT_EQ(tm.mk_mul(x, i(-1)), tm.mk_neg(x));
  EXPECT_EQ(tm.mk_div(x, i(1)), x);
  EXPECT_EQ(tm.mk_div(x, i(-1)), tm.mk_neg(x));
  EXPECT_EQ(tm.mk_rem(x, i(1)), i(0));
  EXPECT_EQ(tm.mk_rem(x, i(-1)), i(0));
  EXPECT_EQ(tm.mk_sub(x, x), i(0));
  EXPECT_EQ(tm.mk_sub(i(0), x), tm.mk_neg(x));
  EXPECT_EQ(tm.mk_neg(tm.mk_neg(x)), x);
  // x - c is x + (-c).
  EXPECT_EQ(tm.mk_sub(x, i(3)), tm.mk_add(x, i(-3)));
  EXPECT_EQ(tm.mk_sub(x, i(kMin)), tm.mk_add(x, i(kMin)));
  // Chains keep one constant at the top.
  EXPECT_EQ(tm.mk_add(tm.mk_add(x, i(1)), i(2)), tm.mk_add(x, i(3)));
  EXPECT_EQ(tm.mk_add(tm.mk_add(x, i(kMax)), i(1)), tm.mk_add(x, i(kMin)));
  EXPECT_EQ(tm.mk_add(tm.mk_add(x, i(1)), i(-1)), x);
  EXPECT_EQ(tm.mk_add(tm.mk_add(x, i(1)), y), tm.mk_add(tm.mk_add(x, y), i(1)));
  EXPECT_EQ(tm.mk_add(tm.mk_add(x, i(1)), tm.mk_add(y, i(2))), tm.mk_add(tm.mk_add(x, y), i(3)));
  EXPECT_EQ(tm.mk_mul(tm.mk_mul(x, i(3)), i(5)), tm.mk_mul(x, i(15)));
  EXPECT_EQ(tm.mk_bit_and(tm.mk_bit_and(x, i(12)), i(10)), tm.mk_bit_and(x, i(8)));
  EXPECT_EQ(tm.mk_add(tm.mk_sub(x, i(1)), i(1)), x);
  // Floats do not reassociate.
  Term fc = tm.mk_add(tm.mk_add(fx, f(1.0f)), f(2.0f));
  EXPECT_TRUE(fc.arg(0).is(TermKind::kAdd) || fc.arg(1).is(TermKind::kAdd));
}

TEST_F(FoldTest, Comparisons) {
  EXPECT_TRUE(tm.mk_lt(i(-1), i(0)).is_true());
  EXPECT_TRUE(tm.mk_lt(i(kMax), i(kMin)).is_false());  // signed
  EXPECT_TRUE(tm.mk_le(l(kLMin), l(kLMin)).is_true());
  EXPECT_TRUE(tm.mk_gt(i(3), i(2)).is_true());
  EXPECT_TRUE(tm.mk_ge(i(2), i(3)).is_false());
  EXPECT_TRUE(tm.mk_lt(x, x).is_false());
  EXPECT_TRUE(tm.mk_le(x, x).is_true());
  EXPECT_TRUE(tm.mk_lt(x, i(kMin)).is_false());
  EXPECT_TRUE(tm.mk_lt(i(kMax), x).is_false());
  EXPECT_TRUE(tm.mk_le(i(kMin), x).is_true());
  EXPECT_TRUE(tm.mk_le(lx, l(kLMax)).is_true());
  EXPECT_TRUE(tm.mk_lt(x, i(kMax)).is(TermKind::kLt));
  // gt and ge are lt and le swapped.
  EXPECT_EQ(tm.mk_gt(x, y), tm.mk_lt(y, x));
  EXPECT_EQ(tm.mk_ge(x, y), tm.mk_le(y, x));
}

TEST_F(FoldTest, ThreeWayComparisons) {
  EXPECT_EQ(tm.mk_lcmp(l(1), l(2)), i(-1));
  EXPECT_EQ(tm.mk_lcmp(l(2), l(2)), i(0));
  EXPECT_EQ(tm.mk_lcmp(l(kLMax), l(kLMin)), i(1));
  EXPECT_EQ(tm.mk_lcmp(lx, lx), i(0));
  EXPECT_EQ(tm.mk_fcmpl(f(1), f(2)), i(-1));
  EXPECT_EQ(tm.mk_fcmpg(f(1), f(2)), i(-1));
  EXPECT_EQ(tm.mk_fcmpl(d(3), d(2)), i(1));
  EXPECT_EQ(tm.mk_fcmpl(d(0.0), d(-0.0)), i(0));
  // NaN: fcmpl gives -1, fcmpg gives 1.
  EXPECT_EQ(tm.mk_fcmpl(f(NAN), f(1)), i(-1));
  EXPECT_EQ(tm.mk_fcmpg(f(NAN), f(1)), i(1));
  EXPECT_EQ(tm.mk_fcmpl(d(1), d(kNaN)), i(-1));
  EXPECT_EQ(tm.mk_fcmpg(d(kNaN), d(kNaN)), i(1));
  // x fcmp x does not fold: x may be NaN.
  EXPECT_TRUE(tm.mk_fcmpl(dx, dx).is(TermKind::kFCmpL));
}

TEST_F(FoldTest, IntConversions) {
  EXPECT_EQ(tm.mk_i2l(i(-1)), l(-1));
  EXPECT_EQ(tm.mk_l2i(l(int64_t{1} << 32)), i(0));
  EXPECT_EQ(tm.mk_l2i(l(0x1234567890ll)), i(0x34567890));
  EXPECT_EQ(tm.mk_l2i(l(kLMax)), i(-1));
  EXPECT_EQ(tm.mk_l2i(l(0x80000000ll)), i(kMin));
  EXPECT_EQ(tm.mk_i2b(i(127)), i(127));
  EXPECT_EQ(tm.mk_i2b(i(128)), i(-128));
  EXPECT_EQ(tm.mk_i2b(i(255)), i(-1));
  EXPECT_EQ(tm.mk_i2b(i(256)), i(0));
  EXPECT_EQ(tm.mk_i2c(i(-1)), i(65535));
  EXPECT_EQ(tm.mk_i2c(i(65536)), i(0));
  EXPECT_EQ(tm.mk_i2s(i(32768)), i(-32768));
  EXPECT_EQ(tm.mk_i2s(i(-32769)), i(32767));
  EXPECT_EQ(tm.mk_l2i(tm.mk_i2l(x)), x);
  EXPECT_EQ(tm.mk_i2b(tm.mk_i2b(x)), tm.mk_i2b(x));
  EXPECT_TRUE(tm.mk_i2l(tm.mk_l2i(lx)).is(TermKind::kI2L));  // not a round trip
}

TEST_F(FoldTest, FloatingToIntegralSaturatesAndMapsNaNToZero) {
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(kNaN)), i(0));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(kInf)), i(kMax));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(-kInf)), i(kMin));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(1e10)), i(kMax));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(-1e10)), i(kMin));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(2147483647.9)), i(kMax));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(-2147483648.9)), i(kMin));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(-2.9)), i(-2));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, d(-0.5)), i(0));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2I, f(NAN)), i(0));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2I, f(3e9f)), i(kMax));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2I, f(2.5f)), i(2));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2L, d(kNaN)), l(0));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2L, d(1e19)), l(kLMax));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2L, d(-1e19)), l(kLMin));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2L, d(9007199254740993.0)), l(9007199254740992));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2L, f(-INFINITY)), l(kLMin));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2L, f(NAN)), l(0));
}

TEST_F(FoldTest, ConversionsToFloatingRoundToNearest) {
  EXPECT_EQ(tm.mk_convert(TermKind::kI2F, i(16777217)), f(16777216.0f));
  EXPECT_EQ(tm.mk_convert(TermKind::kI2D, i(kMin)), d(-2147483648.0));
  EXPECT_EQ(tm.mk_convert(TermKind::kL2D, l(9007199254740993)), d(9007199254740992.0));
  EXPECT_EQ(tm.mk_convert(TermKind::kL2F, l(kLMax)), f(9.2233720368547758e18f));
  EXPECT_EQ(tm.mk_convert(TermKind::kF2D, f(0.1f)), d(static_cast<double>(0.1f)));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2F, d(0.1)), f(0.1f));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2F, d(1e300)), f(INFINITY));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2F, d(kNaN)), f(NAN));
  EXPECT_EQ(tm.mk_convert(TermKind::kD2F, tm.mk_convert(TermKind::kF2D, fx)), fx);
  EXPECT_EQ(tm.mk_convert(TermKind::kD2I, tm.mk_convert(TermKind::kI2D, x)), x);
  EXPECT_TRUE(tm.mk_convert(TermKind::kF2I, tm.mk_convert(TermKind::kI2F, x)).is(TermKind::kF2I));
  EXPECT_EQ(TermManager::conversion_result(TermKind::kL2F), Sort::Float());
  EXPECT_EQ(TermManager::conversion_operand(TermKind::kL2F), Sort::Long());
}

TEST(JavaSemantics, Helpers) {
  EXPECT_EQ(java::idiv(kMin, -1), kMin);
  EXPECT_EQ(java::irem(kMin, -1), 0);
  EXPECT_EQ(java::ishl(1, 32), 1);
  EXPECT_EQ(java::iushr(-1, 1), kMax);
  EXPECT_EQ(java::lshr(-2, 65), -1);
  EXPECT_EQ(java::d2i(kNaN), 0);
  EXPECT_EQ(java::d2l(-kInf), kLMin);
  EXPECT_EQ(java::fcmpl(kNaN, 0), -1);
  EXPECT_EQ(java::fcmpg(kNaN, 0), 1);
  EXPECT_EQ(java::i2c(-1), 65535);
  EXPECT_EQ(java::float_bits(-NAN), java::kFloatNaNBits);
}

}  // namespace
}  // namespace jwp::logic
