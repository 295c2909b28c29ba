// The difference-constraint graph (simplifier/difference_constraints.h) and
// its use over the comparison literals of a minterm (bitvector_rules.cc):
// negative cycles answer FALSE, implied comparisons are dropped, and
// disequalities are settled. Minterm cases are checked with Z3.
#include "simplifier/difference_constraints.h"

#include <optional>
#include <random>
#include <vector>

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

// Against a reference: Floyd-Warshall over random graphs (small weights,
// so negative cycles are common), with edges left out by random masks.
// The incremental potential repair and the reweighted searches must agree
// with it on consistency and on every bound.
TEST(DifferenceConstraints, AgreesWithFloydWarshallOnRandomGraphs) {
  using Weight = DifferenceConstraints::Weight;
  std::mt19937 rng(20261129);
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  struct Edge {
    DifferenceConstraints::Node x, y;
    Weight c;
  };
  // Floyd-Warshall over the edges not masked: d[y][x] is upper(x, y);
  // nullopt when the facts are contradictory.
  auto reference = [](size_t n, const std::vector<Edge>& edges, const std::vector<bool>& without)
      -> std::optional<std::vector<std::vector<std::optional<Weight>>>> {
    std::vector<std::vector<std::optional<Weight>>> d(n, std::vector<std::optional<Weight>>(n));
    for (size_t v = 0; v < n; ++v) d[v][v] = 0;
    for (size_t e = 0; e < edges.size(); ++e) {
      if (e < without.size() && without[e]) continue;
      auto& slot = d[edges[e].y][edges[e].x];
      if (!slot || edges[e].c < *slot) slot = edges[e].c;
    }
    for (size_t k = 0; k < n; ++k)
      for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j)
          if (d[i][k] && d[k][j] && (!d[i][j] || *d[i][k] + *d[k][j] < *d[i][j])) d[i][j] = *d[i][k] + *d[k][j];
    for (size_t v = 0; v < n; ++v) {
      if (*d[v][v] < 0) return std::nullopt;
    }
    return d;
  };
  int inconsistent = 0, masked_queries = 0;
  for (int round = 0; round < 400; ++round) {
    DifferenceConstraints dc;
    const size_t n = static_cast<size_t>(pick(2, 9));
    while (dc.num_nodes() < n) dc.add_node();
    std::vector<Edge> edges;
    const int m = pick(1, 3 * static_cast<int>(n));
    bool consistent = true;
    for (int k = 0; k < m && consistent; ++k) {
      Edge e{static_cast<DifferenceConstraints::Node>(pick(0, static_cast<int>(n) - 1)),
             static_cast<DifferenceConstraints::Node>(pick(0, static_cast<int>(n) - 1)),
             pick(-3, 6)};
      consistent = dc.add(e.x, e.y, e.c);
      if (e.x != e.y) edges.push_back(e);
      const bool self_contradiction = e.x == e.y && e.c < 0;
      const auto expected = reference(n, edges, {});
      ASSERT_EQ(consistent, expected.has_value() && !self_contradiction) << "round " << round;
      ASSERT_TRUE(dc.check_invariant());
    }
    ASSERT_EQ(dc.num_edges(), edges.size());
    if (!consistent) {
      ++inconsistent;
      continue;
    }
    std::vector<bool> without(edges.size());
    for (size_t e = 0; e < edges.size(); ++e) without[e] = pick(0, 3) == 0;
    const std::vector<bool>* masks[] = {nullptr, &without};
    for (const std::vector<bool>* mask : masks) {
      const auto d = reference(n, edges, mask ? *mask : std::vector<bool>{});
      ASSERT_TRUE(d.has_value());
      for (DifferenceConstraints::Node y = 0; y < n; ++y) {
        const auto from = dc.uppers_from(y, mask);
        const auto to = dc.uppers_to(y, mask);
        for (DifferenceConstraints::Node x = 0; x < n; ++x) {
          EXPECT_EQ(dc.upper(x, y, mask), (*d)[y][x]) << "round " << round;
          EXPECT_EQ(from[x], (*d)[y][x]) << "round " << round;
          EXPECT_EQ(to[x], (*d)[x][y]) << "round " << round;
          if (mask) ++masked_queries;
        }
      }
    }
  }
  // The random graphs exercised both outcomes.
  EXPECT_GT(inconsistent, 20);
  EXPECT_GT(masked_queries, 1000);
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
