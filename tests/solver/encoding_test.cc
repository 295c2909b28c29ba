// Encoding tests where Java's semantics matter (issue #4): overflow,
// division and remainder, shifts by 32 and more, narrowing and
// floating-to-integral conversions, NaN comparisons, -0.0 vs 0.0.
#include <bit>
#include <cmath>
#include <limits>

#include "base/java_semantics.h"
#include "tests/solver/solver_test_util.h"

namespace jwp::solver::testing {
namespace {

using logic::TermKind;


class Encoding : public SolverTest {
 protected:
  Term x = var("x", Sort::Int()), y = var("y", Sort::Int()), n = var("n", Sort::Int());
  Term a = var("a", Sort::Long()), b = var("b", Sort::Long());
  Term fv = var("fv", Sort::Float()), dv = var("dv", Sort::Double()), dw = var("dw", Sort::Double());
};

TEST_F(Encoding, IntOverflowOnlyAtMax) {
  Term wrap = tm_.mk_lt(tm_.mk_add(x, i(1)), x);  // x + 1 < x
  CheckResult r = run({wrap}, /*witness=*/true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness.has_value());
  const WitnessVariable* wx = r.witness->find_variable("x");
  ASSERT_NE(wx, nullptr);
  EXPECT_EQ(wx->value.kind, WitnessValue::Kind::kInt);
  EXPECT_EQ(wx->value.integral, java::kIntMax);
  EXPECT_EQ(answer({wrap, ne(x, i(java::kIntMax))}), SatAnswer::kUnsat);
  // x + 1 > x is not a tautology; for long neither.
  EXPECT_EQ(negated(tm_.mk_gt(tm_.mk_add(x, i(1)), x)), SatAnswer::kSat);
  CheckResult rl = run({tm_.mk_lt(tm_.mk_add(a, l(1)), a)}, true);
  ASSERT_EQ(rl.answer, SatAnswer::kSat);
  EXPECT_EQ(rl.witness->find_variable("a")->value.integral, java::kLongMax);
}

TEST_F(Encoding, MulOverflowWraps) {
  // 65536 * 65536 == 0 in int.
  EXPECT_EQ(answer({eq(x, i(65536)), ne(tm_.mk_mul(x, x), i(0))}), SatAnswer::kUnsat);
}

TEST_F(Encoding, DivisionTruncatesAndMinByMinusOne) {
  EXPECT_EQ(answer({eq(x, i(java::kIntMin)), eq(y, i(-1)), ne(tm_.mk_div(x, y), i(java::kIntMin))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(java::kIntMin)), eq(y, i(-1)), ne(tm_.mk_rem(x, y), i(0))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(a, l(java::kLongMin)), eq(b, l(-1)), ne(tm_.mk_div(a, b), l(java::kLongMin))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(a, l(java::kLongMin)), eq(b, l(-1)), ne(tm_.mk_rem(a, b), l(0))}),
            SatAnswer::kUnsat);
  // Truncation toward zero; the remainder has the dividend's sign.
  EXPECT_EQ(answer({eq(x, i(-7)), eq(y, i(2)), ne(tm_.mk_div(x, y), i(-3))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(-7)), eq(y, i(2)), ne(tm_.mk_rem(x, y), i(-1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(7)), eq(y, i(-2)), ne(tm_.mk_rem(x, y), i(1))}), SatAnswer::kUnsat);
}

TEST_F(Encoding, DivisionByZeroIsDeterministic) {
  Term z1 = var("z1", Sort::Int()), z2 = var("z2", Sort::Int());
  EXPECT_EQ(answer({eq(z1, i(0)), eq(z2, i(0)), ne(tm_.mk_div(x, z1), tm_.mk_div(x, z2))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(z1, i(0)), eq(z2, i(0)), ne(tm_.mk_rem(x, z1), tm_.mk_rem(x, z2))}),
            SatAnswer::kUnsat);
  // x / 0 is not folded: it is a term.
  EXPECT_TRUE(tm_.mk_div(i(5), i(0)).is(TermKind::kDiv));
}

TEST_F(Encoding, IntShiftsMaskTheCount) {
  EXPECT_EQ(answer({eq(n, i(32)), ne(tm_.mk_shl(x, n), x)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(33)), ne(tm_.mk_shl(x, n), tm_.mk_shl(x, i(1)))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(-1)), ne(tm_.mk_shl(x, n), tm_.mk_shl(x, i(31)))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(36)), eq(x, i(-16)), ne(tm_.mk_shr(x, n), i(-1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(60)), eq(x, i(-1)), ne(tm_.mk_ushr(x, n), i(15))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(64)), ne(tm_.mk_ushr(x, n), x)}), SatAnswer::kUnsat);
}

TEST_F(Encoding, LongShiftsMaskTheCount) {
  EXPECT_EQ(answer({eq(n, i(64)), ne(tm_.mk_shl(a, n), a)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(32)), eq(a, l(1)), ne(tm_.mk_shl(a, n), l(int64_t{1} << 32))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(65)), ne(tm_.mk_shl(a, n), tm_.mk_shl(a, i(1)))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(127)), eq(a, l(-1)), ne(tm_.mk_ushr(a, n), l(1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(n, i(-2)), eq(a, l(java::kLongMin)), ne(tm_.mk_shr(a, n), l(-2))}),
            SatAnswer::kUnsat);
}

TEST_F(Encoding, NarrowingConversions) {
  EXPECT_EQ(answer({eq(a, l(0x100000005LL)), ne(tm_.mk_l2i(a), i(5))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(a, l(0xffffffffLL)), ne(tm_.mk_l2i(a), i(-1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(200)), ne(tm_.mk_i2b(x), i(-56))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(-1)), ne(tm_.mk_i2c(x), i(65535))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(x, i(40000)), ne(tm_.mk_i2s(x), i(-25536))}), SatAnswer::kUnsat);
  EXPECT_EQ(negated(tm_.mk_le(tm_.mk_i2b(x), i(127))), SatAnswer::kUnsat);
  EXPECT_EQ(negated(tm_.mk_le(i(0), tm_.mk_i2c(x))), SatAnswer::kUnsat);
  // Widening is exact: i2l then l2i is the identity.
  EXPECT_EQ(negated(eq(tm_.mk_l2i(tm_.mk_i2l(x)), x)), SatAnswer::kUnsat);
}

TEST_F(Encoding, FloatingToIntegralSaturatesAndMapsNaNToZero) {
  auto d2i = [&](Term t) { return tm_.mk_convert(TermKind::kD2I, t); };
  auto d2l = [&](Term t) { return tm_.mk_convert(TermKind::kD2L, t); };
  auto f2i = [&](Term t) { return tm_.mk_convert(TermKind::kF2I, t); };
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(answer({eq(dv, d(nan)), ne(d2i(dv), i(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(nan)), ne(d2l(dv), l(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(1e20)), ne(d2i(dv), i(java::kIntMax))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(-1e20)), ne(d2i(dv), i(java::kIntMin))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(1e300)), ne(d2l(dv), l(java::kLongMax))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(-3.7)), ne(d2i(dv), i(-3))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(2147483647.9)), ne(d2i(dv), i(java::kIntMax))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(fv, f(std::numeric_limits<float>::infinity())), ne(f2i(fv), i(java::kIntMax))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(fv, f(-2.5f)), ne(f2i(fv), i(-2))}), SatAnswer::kUnsat);
  // (int) of a long: truncation, not saturation.
  EXPECT_EQ(answer({eq(a, l(java::kLongMax)), ne(tm_.mk_l2i(a), i(-1))}), SatAnswer::kUnsat);
  // Every double maps into [MIN, MAX] and NaN is the only non-zero-free case:
  // d2i(d) == 0 has models other than d == 0.0.
  EXPECT_EQ(answer({eq(d2i(dv), i(0)), ne(dv, d(0.0)), ne(dv, d(-0.0))}), SatAnswer::kSat);
}

TEST_F(Encoding, IntegralToFloatingRounds) {
  // (float) 16777217 rounds to 16777216 (nearest even).
  EXPECT_EQ(answer({eq(x, i(16777217)), ne(tm_.mk_convert(TermKind::kI2F, x), f(16777216.0f))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(a, l(java::kLongMax)),
                    ne(tm_.mk_convert(TermKind::kL2D, a), d(9223372036854775807.0))}),
            SatAnswer::kUnsat);
}

TEST_F(Encoding, NaNComparisons) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Term zero = d(0.0);
  EXPECT_EQ(answer({eq(dv, d(nan)), ne(tm_.mk_fcmpl(dv, zero), i(-1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(nan)), ne(tm_.mk_fcmpg(dv, zero), i(1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(nan)), ne(tm_.mk_fcmpl(zero, dv), i(-1))}), SatAnswer::kUnsat);
  // fcmpl(d, d) is -1 exactly for NaN; the canonical Eq is identity (NaN == NaN).
  Term self_l = tm_.mk_fcmpl(dv, dv), self_g = tm_.mk_fcmpg(dv, dv);
  CheckResult r = run({eq(self_l, i(-1))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  EXPECT_EQ(r.witness->find_variable("dv")->value.bits, java::kDoubleNaNBits);
  EXPECT_EQ(answer({eq(self_l, i(-1)), ne(self_g, i(1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(self_l, i(1))}), SatAnswer::kUnsat);
  Term fnan = f(std::numeric_limits<float>::quiet_NaN());
  EXPECT_EQ(answer({eq(fv, fnan), ne(tm_.mk_fcmpg(fv, f(1.0f)), i(1))}), SatAnswer::kUnsat);
  // Java's d == d is fcmpl(d, d) == 0: false for NaN, so not valid.
  EXPECT_EQ(negated(eq(self_l, i(0))), SatAnswer::kSat);
}

TEST_F(Encoding, NegativeZero) {
  // Identity tells -0.0 and 0.0 apart; the comparison does not.
  EXPECT_EQ(answer({eq(dv, d(-0.0)), eq(dw, d(0.0)), eq(dv, dw)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(dv, d(-0.0)), eq(dw, d(0.0)), ne(tm_.mk_fcmpl(dv, dw), i(0))}),
            SatAnswer::kUnsat);
  CheckResult r = run({eq(tm_.mk_fcmpl(dv, d(0.0)), i(0)), ne(dv, d(0.0))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  EXPECT_EQ(r.witness->find_variable("dv")->value.bits, std::bit_cast<uint64_t>(-0.0));
  // 1.0 / -0.0 is -infinity.
  EXPECT_EQ(answer({eq(dv, d(-0.0)), ne(tm_.mk_div(d(1.0), dv), d(-std::numeric_limits<double>::infinity()))}),
            SatAnswer::kUnsat);
}

// solver.cc gives queries without floating point Z3's QF_AUFBV tactic;
// under it Z3 would treat these terms as uninterpreted and find
// fv + fv == 3.0f sat with fv != 1.5f. The field read puts arrays and an
// uninterpreted sort in the query, as in jwp's queries.
TEST_F(Encoding, FloatingPointKeepsItsSemanticsBesideTheHeap) {
  Term p = var("p", Sort::Ref());
  Term val = tm_.mk_read(tm_.mk_field("t/A", "val", "I"), p);
  Term doubled = tm_.mk_add(fv, fv);
  EXPECT_EQ(answer({eq(val, i(3)), eq(doubled, f(3.0f)), ne(fv, f(1.5f))}), SatAnswer::kUnsat);
  CheckResult r = run({eq(val, i(3)), eq(doubled, f(3.0f))}, /*witness=*/true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  EXPECT_EQ(r.witness->find_variable("fv")->value.bits, std::bit_cast<uint32_t>(1.5f));
  Term dd = tm_.mk_mul(dv, d(2.0));
  EXPECT_EQ(answer({eq(val, i(3)), eq(dd, d(3.0)), ne(dv, d(1.5))}), SatAnswer::kUnsat);
}

TEST_F(Encoding, LCmp) {
  EXPECT_EQ(answer({tm_.mk_lt(a, b), ne(tm_.mk_lcmp(a, b), i(-1))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(a, b), ne(tm_.mk_lcmp(a, b), i(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_lt(b, a), ne(tm_.mk_lcmp(a, b), i(1))}), SatAnswer::kUnsat);
}

TEST_F(Encoding, FloatRemainderIsAnAssumption) {
  CheckResult r = run({eq(tm_.mk_rem(dv, dw), d(1.5))});
  EXPECT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_FALSE(r.assumptions.empty());
  EXPECT_NE(r.assumptions[0].find("remainder"), std::string::npos);
  ASSERT_EQ(r.uninterpreted.size(), 1u);
  EXPECT_EQ(r.uninterpreted[0], r.assumptions[0]);
  EXPECT_FALSE(r.type_domain_cut);
}

TEST_F(Encoding, BoolConnectivesAndIte) {
  Term c = tm_.mk_lt(x, y);
  Term ite = tm_.mk_ite(c, x, y);  // min(x, y)
  EXPECT_EQ(negated(tm_.mk_le(ite, y)), SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_or(eq(x, i(1)), eq(x, i(2))), ne(x, i(1)), ne(x, i(2))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({}), SatAnswer::kSat);
  EXPECT_EQ(answer({tm_.mk_false()}), SatAnswer::kUnsat);
}

}  // namespace
}  // namespace jwp::solver::testing
