// Equality elimination (simplifier/equality_elimination.cc): constants and
// representatives substituted, the solved equations kept (equivalence, not
// equisatisfiability), contradictory classes, and no looping on x == f(x).
#include "logic/visit.h"
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

using EqualityElimination = SimplifierTest;

TEST_F(EqualityElimination, PropagatesConstantsAndKeepsTheEquation) {
  // x == 5 ∧ x + y == 7 --> x == 5 ∧ y == 2
  Minterm out = checked(M({tm.mk_eq(x, i(5)), tm.mk_eq(tm.mk_add(x, y), i(7))}));
  EXPECT_EQ(out, M({tm.mk_eq(x, i(5)), tm.mk_eq(y, i(2))})) << J(out);
}

TEST_F(EqualityElimination, TwoConstantsInOneClassAreFalse) {
  // x == 1 ∧ x == 2 --> false; x == y ∧ y == 3 ∧ x == 4 --> false
  EXPECT_TRUE(checked(M({tm.mk_eq(x, i(1)), tm.mk_eq(x, i(2))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_eq(x, y), tm.mk_eq(y, i(3)), tm.mk_eq(x, i(4))})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_eq(a, b), tm.mk_eq(a, tm.mk_null()),
                         tm.mk_eq(b, tm.mk_string("s"))}))
                  .is_false());
}

TEST_F(EqualityElimination, ConstantThroughComparison) {
  // x == 5 ∧ x < c with c <= 5 --> false; x == 5 ∧ x < 10 --> x == 5
  EXPECT_TRUE(checked(M({tm.mk_eq(x, i(5)), tm.mk_lt(x, i(5))})).is_false());
  EXPECT_EQ(checked(M({tm.mk_eq(x, i(5)), tm.mk_lt(x, i(10))})), M({tm.mk_eq(x, i(5))}));
}

TEST_F(EqualityElimination, RepresentativeReplacesVariables) {
  // x == y ∧ y < z ∧ z < x --> false (via the representative)
  EXPECT_TRUE(checked(M({tm.mk_eq(x, y), tm.mk_lt(y, z), tm.mk_lt(z, x)})).is_false());
  Minterm out = checked(M({tm.mk_eq(x, y), tm.mk_lt(x, z)}));
  EXPECT_EQ(out.size(), 2u) << J(out);
  // only one of x, y remains outside the equation
  EXPECT_TRUE(out.contains(tm.mk_eq(x, y))) << J(out);
}

TEST_F(EqualityElimination, SelfReferentialEquationDoesNotLoop) {
  Term next = tm.mk_field("Node", "next", "LNode;");
  // a == a.next ∧ a.next.next == b
  Term an = tm.mk_read(next, a);
  Minterm out = checked(M({tm.mk_eq(a, an), tm.mk_eq(tm.mk_read(next, an), b)}));
  EXPECT_FALSE(out.is_false());
  EXPECT_LE(out.size(), 2u) << J(out);
}

TEST_F(EqualityElimination, FloatEqualityIsIdentity) {
  // f == NaN ∧ f == NaN-literal twice is fine; f == 0.0 ∧ f == -0.0 is false.
  Term f = tm.mk_var("f", Sort::Double());
  EXPECT_TRUE(checked(M({tm.mk_eq(f, tm.mk_double(0.0)), tm.mk_eq(f, tm.mk_double(-0.0))})).is_false());
  Minterm nan = checked(M({tm.mk_eq(f, tm.mk_double(std::nan(""))), tm.mk_eq(tm.mk_fcmpl(f, tm.mk_double(1.0)), i(-1))}));
  EXPECT_FALSE(nan.is_false()) << J(nan);  // fcmpl(NaN, 1.0) == -1
}

TEST_F(EqualityElimination, ChainedDefinitionsAreSolved) {
  // x == y + 1 ∧ y == 3 --> x == 4 ∧ y == 3
  Minterm out = checked(M({tm.mk_eq(x, tm.mk_add(y, i(1))), tm.mk_eq(y, i(3))}));
  EXPECT_EQ(out, M({tm.mk_eq(x, i(4)), tm.mk_eq(y, i(3))})) << J(out);
}

}  // namespace
}  // namespace jwp::simplifier::testing
