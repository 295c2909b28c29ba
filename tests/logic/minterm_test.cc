// Minterms: canonical order, hashing, containment, subsumption, the merge
// rule of Figure 3 and DNF.
#include "logic/minterm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/hash/hash.h"

namespace jwp::logic {
namespace {

class MintermTest : public ::testing::Test {
 protected:
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term o = tm.mk_var("o", Sort::Ref());
  Term a = tm.mk_lt(x, y);                      // x < y
  Term b = tm.mk_ne(o, tm.mk_null());           // o != null
  Term c = tm.mk_eq(x, tm.mk_int(2009));        // x == 2009
  Term d = tm.mk_read(tm.mk_field("C", "flag", "Z"), o);
  Term e = tm.mk_eq(d, tm.mk_int(1));
};

TEST_F(MintermTest, SameLiteralsInAnyOrderAreIdentical) {
  std::vector<Term> lits = {a, b, c, e};
  Minterm m1 = Minterm::of(tm, lits);
  std::mt19937 rng(42);
  for (int round = 0; round < 20; ++round) {
    std::shuffle(lits.begin(), lits.end(), rng);
    Minterm m2 = Minterm::of(tm, lits);
    EXPECT_EQ(m1, m2);
    EXPECT_EQ(m1.term(), m2.term());
    EXPECT_EQ(absl::Hash<Minterm>()(m1), absl::Hash<Minterm>()(m2));
    EXPECT_EQ(m1.stable_hash(), m2.stable_hash());
  }
  // Built incrementally, too.
  Minterm inc = conjoin(tm, conjoin(tm, conjoin(tm, Minterm::of(tm, {e}), c), b), a);
  EXPECT_EQ(inc, m1);
  // Sorted by id, no duplicates.
  std::span<const Term> l = m1.literals();
  ASSERT_EQ(l.size(), 4u);
  EXPECT_TRUE(std::is_sorted(l.begin(), l.end()));
  EXPECT_EQ(Minterm::of(tm, {a, a, b}).size(), 2u);
}

TEST_F(MintermTest, KeysSummaryTables) {
  absl::flat_hash_map<Minterm, int> table;
  table[Minterm::of(tm, {a, b})] = 1;
  table[Minterm::of(tm, {c})] = 2;
  EXPECT_EQ(table.at(Minterm::of(tm, {b, a})), 1);
  EXPECT_EQ(table.at(Minterm::of(tm, {c})), 2);
  EXPECT_FALSE(table.contains(Minterm::of(tm, {a})));
  EXPECT_NE(Minterm::of(tm, {a, b}), Minterm::of(tm, {a, c}));
}

TEST_F(MintermTest, TrueAndFalse) {
  Minterm t;
  EXPECT_TRUE(t.is_true());
  EXPECT_EQ(t.size(), 0u);
  EXPECT_EQ(t, Minterm::of(tm, std::span<const Term>()));
  EXPECT_EQ(t, Minterm::from_term(tm.mk_true()));
  Minterm f = Minterm::of(tm, {a, tm.mk_not(a)});
  EXPECT_TRUE(f.is_false());
  EXPECT_EQ(f.size(), 1u);
  EXPECT_TRUE(conjoin(tm, Minterm::of(tm, {a, b}), tm.mk_le(y, x)).is_false());
  EXPECT_EQ(conjoin(tm, t, a), Minterm::of(tm, {a}));
  EXPECT_TRUE(t.is_subset_of(Minterm::of(tm, {a})));
}

TEST_F(MintermTest, ContainsAndIteration) {
  Minterm m = Minterm::of(tm, {c, a, e});
  EXPECT_TRUE(m.contains(a));
  EXPECT_TRUE(m.contains(e));
  EXPECT_FALSE(m.contains(b));
  EXPECT_FALSE(m.contains(tm.mk_not(a)));
  int n = 0;
  for (Term l : m) {
    EXPECT_TRUE(is_literal(l));
    ++n;
  }
  EXPECT_EQ(n, 3);
  Minterm single = Minterm::of(tm, {b});
  EXPECT_TRUE(single.contains(b));
  EXPECT_EQ(single.literals()[0], b);
  EXPECT_EQ(remove_literal(tm, m, a), Minterm::of(tm, {c, e}));
  EXPECT_EQ(remove_literal(tm, m, b), m);
  EXPECT_EQ(remove_literal(tm, single, b), Minterm());
}

TEST_F(MintermTest, Subsumption) {
  Minterm ab = Minterm::of(tm, {a, b});
  Minterm abc = Minterm::of(tm, {a, b, c});
  Minterm ac = Minterm::of(tm, {a, c});
  EXPECT_TRUE(ab.is_subset_of(abc));
  EXPECT_TRUE(ab.subsumes(abc));  // abc implies ab: abc is redundant
  EXPECT_FALSE(abc.is_subset_of(ab));
  EXPECT_FALSE(ab.is_subset_of(ac));
  EXPECT_TRUE(ab.is_subset_of(ab));
}

TEST_F(MintermTest, MergeRule) {
  // merge(φ ∧ a, φ ∧ ¬a) = φ
  Minterm phi = Minterm::of(tm, {b, e});
  Minterm with_c = conjoin(tm, phi, c);
  Minterm with_not_c = conjoin(tm, phi, tm.mk_not(c));
  std::optional<Minterm> merged = merge(tm, with_c, with_not_c);
  ASSERT_TRUE(merged.has_value());
  EXPECT_EQ(*merged, phi);
  EXPECT_EQ(merge(tm, with_not_c, with_c), phi);
  // x < y and y <= x are complements too.
  std::optional<Minterm> m2 = merge(tm, conjoin(tm, phi, a), conjoin(tm, phi, tm.mk_le(y, x)));
  ASSERT_TRUE(m2.has_value());
  EXPECT_EQ(*m2, phi);
  // Two differences: no merge.
  EXPECT_FALSE(merge(tm, Minterm::of(tm, {a, c}), Minterm::of(tm, {tm.mk_le(y, x), tm.mk_not(e)}))
                   .has_value());
  // One difference that is not a complement: no merge.
  EXPECT_FALSE(merge(tm, conjoin(tm, phi, a), conjoin(tm, phi, c)).has_value());
  // Subsumption: φ ∨ (φ ∧ a) = φ.
  EXPECT_EQ(merge(tm, phi, with_c), phi);
  EXPECT_EQ(merge(tm, with_c, phi), phi);
  // Single literals: a ∨ ¬a = true.
  std::optional<Minterm> t = merge(tm, Minterm::of(tm, {c}), Minterm::of(tm, {tm.mk_not(c)}));
  ASSERT_TRUE(t.has_value());
  EXPECT_TRUE(t->is_true());
  EXPECT_TRUE(are_complementary(c, tm.mk_not(c)));
  EXPECT_TRUE(are_complementary(a, tm.mk_le(y, x)));
  EXPECT_FALSE(are_complementary(a, tm.mk_le(x, y)));
}

TEST_F(MintermTest, Dnf) {
  Term ab = tm.mk_and(a, b);
  // (a ∧ b) ∨ c
  absl::StatusOr<std::vector<Minterm>> d1 = to_dnf(tm, tm.mk_or(ab, c));
  ASSERT_TRUE(d1.ok());
  ASSERT_EQ(d1->size(), 2u);
  absl::flat_hash_set<Minterm> got(d1->begin(), d1->end());
  EXPECT_TRUE(got.contains(Minterm::of(tm, {a, b})));
  EXPECT_TRUE(got.contains(Minterm::of(tm, {c})));
  // ¬(a ∧ b) ∧ c = (¬a ∧ c) ∨ (¬b ∧ c); ¬(x < y) is y <= x.
  absl::StatusOr<std::vector<Minterm>> d2 = to_dnf(tm, tm.mk_and(tm.mk_not(ab), c));
  ASSERT_TRUE(d2.ok());
  absl::flat_hash_set<Minterm> got2(d2->begin(), d2->end());
  EXPECT_EQ(got2.size(), 2u);
  EXPECT_TRUE(got2.contains(Minterm::of(tm, {tm.mk_le(y, x), c})));
  EXPECT_TRUE(got2.contains(Minterm::of(tm, {tm.mk_eq(o, tm.mk_null()), c})));
  // Table 1's out-of-bounds condition: i < 0 ∨ i >= length.
  Term len = tm.mk_length(o);
  Term oob = tm.mk_and(b, tm.mk_or(tm.mk_lt(x, tm.mk_int(0)), tm.mk_ge(x, len)));
  absl::StatusOr<std::vector<Minterm>> d3 = to_dnf(tm, oob);
  ASSERT_TRUE(d3.ok());
  EXPECT_EQ(d3->size(), 2u);
  // Contradictory disjuncts are dropped; false has no minterms.
  absl::StatusOr<std::vector<Minterm>> d4 =
      to_dnf(tm, tm.mk_and(a, tm.mk_or(tm.mk_le(y, x), c)));
  ASSERT_TRUE(d4.ok());
  ASSERT_EQ(d4->size(), 1u);
  EXPECT_EQ((*d4)[0], Minterm::of(tm, {a, c}));
  EXPECT_TRUE(to_dnf(tm, tm.mk_false())->empty());
  // Bool ite.
  Term p = tm.mk_var("p", Sort::Bool());
  absl::StatusOr<std::vector<Minterm>> d5 = to_dnf(tm, tm.mk_ite(p, a, c));
  ASSERT_TRUE(d5.ok());
  EXPECT_EQ(d5->size(), 2u);
  // The limit.
  std::vector<Term> clauses;
  for (int k = 0; k < 12; ++k) {
    Term v = tm.mk_var("v" + std::to_string(k), Sort::Int());
    clauses.push_back(tm.mk_or(tm.mk_eq(v, tm.mk_int(0)), tm.mk_eq(v, tm.mk_int(1))));
  }
  absl::StatusOr<std::vector<Minterm>> big = to_dnf(tm, tm.mk_and(clauses), 1000);
  EXPECT_EQ(big.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_TRUE(to_dnf(tm, tm.mk_and(clauses), 5000).ok());
}

}  // namespace
}  // namespace jwp::logic
