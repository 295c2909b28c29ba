// Boolean rules (simplifier/bool_rules.cc): literals as facts inside other
// literals, complementary literals, and the literal pairs of Figure 6. All
// checked with Z3.
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

using BoolRules = SimplifierTest;

TEST_F(BoolRules, LiteralDecidesDisjunction) {
  // p ∧ (p ∨ q) --> p;  !p ∧ (p ∨ q) --> !p ∧ q
  Minterm in = M({p, tm.mk_or(p, q)});
  EXPECT_EQ(checked(in), M({p})) << J(in) << " ~~> " << J(checked(in));
  EXPECT_EQ(checked(M({tm.mk_not(p), tm.mk_or(p, q)})), M({tm.mk_not(p), q}));
}

TEST_F(BoolRules, LiteralDecidesIteCondition) {
  // x < y ∧ (x < y ? z : 0) == 3 --> x < y ∧ z == 3
  Term c1 = tm.mk_lt(x, y);
  Minterm out = checked(M({c1, tm.mk_eq(tm.mk_ite(c1, z, i(0)), i(3))}));
  EXPECT_EQ(out, M({c1, tm.mk_eq(z, i(3))})) << J(out);
}

TEST_F(BoolRules, ComplementaryLiteralsAreFalse) {
  EXPECT_TRUE(checked(M({tm.mk_lt(x, y), tm.mk_le(y, x)})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_eq(a, b), tm.mk_ne(a, b)})).is_false());
}

TEST_F(BoolRules, DisequalityBesideOrder) {
  SimplifierOptions no_dc;
  no_dc.max_difference_literals = 0;  // the literal-pair rules alone
  // (x <= y) ∧ (x != y) --> x < y
  EXPECT_EQ(checked(M({tm.mk_le(x, y), tm.mk_ne(x, y)}), no_dc), M({tm.mk_lt(x, y)}));
  // (x < y) ∧ (x != y) --> x < y
  EXPECT_EQ(checked(M({tm.mk_lt(x, y), tm.mk_ne(x, y)}), no_dc), M({tm.mk_lt(x, y)}));
  EXPECT_EQ(checked(M({tm.mk_lt(y, x), tm.mk_ne(x, y)}), no_dc), M({tm.mk_lt(y, x)}));
}

TEST_F(BoolRules, NoLiteralJustifiesItself) {
  // Every literal alone must survive: nothing here is a tautology.
  for (Term lit : {tm.mk_lt(x, y), tm.mk_ne(a, b), p, tm.mk_or(p, q), tm.mk_eq(x, i(3))}) {
    Minterm out = checked(M({lit}));
    EXPECT_EQ(out, M({lit})) << J(out);
  }
}

}  // namespace
}  // namespace jwp::simplifier::testing
