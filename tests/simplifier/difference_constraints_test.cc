// The difference-constraint graph (simplifier/difference_constraints.h) and
// its use over the comparison literals of a minterm (bitvector_rules.cc):
// negative cycles answer FALSE, implied comparisons are dropped, and
// disequalities are settled. Minterm cases are checked with Z3.
#include "simplifier/difference_constraints.h"

#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

TEST(DifferenceConstraints, DetectsNegativeCycle) {
  DifferenceConstraints dc;
  auto x = dc.add_node(), y = dc.add_node(), z = dc.add_node();
  EXPECT_TRUE(dc.add(x, y, -1));  // x < y
  EXPECT_TRUE(dc.add(y, z, 0));   // y <= z
  EXPECT_TRUE(dc.check_invariant());
  EXPECT_FALSE(dc.add(z, x, 0));  // z <= x: x < x
  EXPECT_FALSE(dc.consistent());
  EXPECT_FALSE(dc.upper(x, y).has_value());
}

TEST(DifferenceConstraints, ShortestPathsAreImpliedBounds) {
  DifferenceConstraints dc;
  auto x = dc.add_node(), y = dc.add_node();
  EXPECT_TRUE(dc.add_bounds(x, 0, 10));
  EXPECT_TRUE(dc.add(y, x, 5));  // y <= x + 5
  EXPECT_EQ(dc.upper(y, DifferenceConstraints::kZero), 15);
  EXPECT_TRUE(dc.implies(y, DifferenceConstraints::kZero, 15));
  EXPECT_FALSE(dc.implies(y, DifferenceConstraints::kZero, 14));
  EXPECT_FALSE(dc.upper(DifferenceConstraints::kZero, y).has_value());  // no lower bound
  EXPECT_TRUE(dc.check_invariant());
}

TEST(DifferenceConstraints, SelfLoops) {
  DifferenceConstraints dc;
  auto x = dc.add_node();
  EXPECT_TRUE(dc.add(x, x, 0));
  EXPECT_FALSE(dc.add(x, x, -1));
}

TEST(DifferenceConstraints, LongBoundsDoNotOverflow) {
  DifferenceConstraints dc;
  auto x = dc.add_node(), y = dc.add_node();
  EXPECT_TRUE(dc.add_bounds(x, INT64_MIN, INT64_MAX));
  EXPECT_TRUE(dc.add_bounds(y, INT64_MIN, INT64_MAX));
  EXPECT_TRUE(dc.add(x, y, -1));
  // x - y <= -1 with both in range: y >= MIN + 1.
  EXPECT_EQ(dc.upper(DifferenceConstraints::kZero, y), -(static_cast<__int128>(INT64_MIN) + 1));
}

using DifferenceRules = SimplifierTest;

TEST_F(DifferenceRules, ChainContradiction) {
  // x < y ∧ y < z ∧ z <= x --> false
  EXPECT_TRUE(checked(M({tm.mk_lt(x, y), tm.mk_lt(y, z), tm.mk_le(z, x)})).is_false());
  // x < c with x >= c --> false
  EXPECT_TRUE(checked(M({tm.mk_lt(x, i(5)), tm.mk_le(i(5), x)})).is_false());
  EXPECT_TRUE(checked(M({tm.mk_lt(x, i(5)), tm.mk_lt(i(7), x)})).is_false());
}

TEST_F(DifferenceRules, RangeOfSortMatters) {
  // x < y ∧ y <= MIN is false only because of the range of int.
  EXPECT_TRUE(checked(M({tm.mk_lt(x, y), tm.mk_le(y, i(INT32_MIN))})).is_false());
  // x < y ∧ y <= MIN + 1 is satisfiable (x == MIN).
  EXPECT_FALSE(checked(M({tm.mk_lt(x, y), tm.mk_le(y, i(INT32_MIN + 1))})).is_false());
  // long: lx < ly ∧ ly <= Long.MIN + 1 is satisfiable (lx == MIN)
  Minterm out = checked(M({tm.mk_lt(lx, ly), tm.mk_le(ly, l(INT64_MIN + 1))}));
  EXPECT_FALSE(out.is_false());
}

TEST_F(DifferenceRules, DropsImpliedComparisons) {
  // x < 3 ∧ x < 5 --> x < 3
  EXPECT_EQ(checked(M({tm.mk_lt(x, i(3)), tm.mk_lt(x, i(5))})), M({tm.mk_lt(x, i(3))}));
  // x < y ∧ y < z ∧ x < z --> x < y ∧ y < z
  EXPECT_EQ(checked(M({tm.mk_lt(x, y), tm.mk_lt(y, z), tm.mk_lt(x, z)})),
            M({tm.mk_lt(x, y), tm.mk_lt(y, z)}));
  // Two equivalent literals: one stays.
  Minterm one = checked(M({tm.mk_lt(x, i(5)), tm.mk_le(x, i(4))}));
  EXPECT_EQ(one.size(), 1u) << J(one);
}

TEST_F(DifferenceRules, SettlesDisequalities) {
  // x <= y ∧ x != y --> x < y (Figure 6)
  EXPECT_EQ(checked(M({tm.mk_le(x, y), tm.mk_ne(x, y)})), M({tm.mk_lt(x, y)}));
  // x < y ∧ x != y --> x < y (Figure 6)
  EXPECT_EQ(checked(M({tm.mk_lt(x, y), tm.mk_ne(x, y)})), M({tm.mk_lt(x, y)}));
  // x < 5 ∧ x != 7 --> x < 5
  EXPECT_EQ(checked(M({tm.mk_lt(x, i(5)), tm.mk_ne(x, i(7))})), M({tm.mk_lt(x, i(5))}));
  // x <= 5 ∧ 5 <= x ∧ x != 5 --> false
  EXPECT_TRUE(checked(M({tm.mk_le(x, i(5)), tm.mk_le(i(5), x), tm.mk_ne(x, i(5))})).is_false());
  // via a chain: x <= y ∧ y <= z ∧ x != z --> x < z ∧ ...
  Minterm chain = checked(M({tm.mk_le(x, y), tm.mk_le(y, z), tm.mk_ne(x, z)}));
  EXPECT_TRUE(chain.contains(tm.mk_lt(x, z))) << J(chain);
}

TEST_F(DifferenceRules, MixesIntAndLongThroughI2l) {
  // i2l x < ly ∧ ly < 0L ∧ 0 <= x --> false
  EXPECT_TRUE(checked(M({tm.mk_lt(tm.mk_i2l(x), ly), tm.mk_lt(ly, l(0)), tm.mk_le(i(0), x)}))
                  .is_false());
  // i2l x > 2^31 - 1 ... ly < i2l x ∧ 3000000000L <= ly --> false
  EXPECT_TRUE(checked(M({tm.mk_lt(ly, tm.mk_i2l(x)), tm.mk_le(l(3000000000LL), ly)})).is_false());
}

TEST_F(DifferenceRules, DisabledByOption) {
  SimplifierOptions o;
  o.max_difference_literals = 0;
  Minterm out = checked(M({tm.mk_lt(x, y), tm.mk_lt(y, z), tm.mk_le(z, x)}), o);
  EXPECT_FALSE(out.is_false());
}

}  // namespace
}  // namespace jwp::simplifier::testing
