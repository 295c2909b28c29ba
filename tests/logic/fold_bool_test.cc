// Boolean connectives and equality (term.h rules 2, 4, 5, 8).
#include <gtest/gtest.h>

#include <cmath>

#include "logic/term_manager.h"

namespace jwp::logic {
namespace {

class BoolTest : public ::testing::Test {
 protected:
  TermManager tm;
  Term p = tm.mk_var("p", Sort::Bool());
  Term q = tm.mk_var("q", Sort::Bool());
  Term r = tm.mk_var("r", Sort::Bool());
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term T = tm.mk_true();
  Term F = tm.mk_false();
};

TEST_F(BoolTest, Not) {
  EXPECT_EQ(tm.mk_not(T), F);
  EXPECT_EQ(tm.mk_not(F), T);
  EXPECT_EQ(tm.mk_not(tm.mk_not(p)), p);
  // !(x < y) is y <= x, !(x <= y) is y < x: no negated comparisons.
  EXPECT_EQ(tm.mk_not(tm.mk_lt(x, y)), tm.mk_le(y, x));
  EXPECT_EQ(tm.mk_not(tm.mk_le(x, y)), tm.mk_lt(y, x));
  // a != b is Not(Eq(a, b)).
  Term ne = tm.mk_ne(x, y);
  ASSERT_TRUE(ne.is(TermKind::kNot));
  EXPECT_EQ(ne.arg(0), tm.mk_eq(x, y));
  EXPECT_TRUE(is_literal(ne));
  EXPECT_TRUE(is_atom(ne.arg(0)));
  EXPECT_FALSE(is_atom(ne));
}

TEST_F(BoolTest, AndOrNeutralAbsorbingFlattenSortDedup) {
  EXPECT_EQ(tm.mk_and(p, T), p);
  EXPECT_EQ(tm.mk_and(p, F), F);
  EXPECT_EQ(tm.mk_or(p, F), p);
  EXPECT_EQ(tm.mk_or(p, T), T);
  EXPECT_EQ(tm.mk_and(std::span<const Term>()), T);
  EXPECT_EQ(tm.mk_or(std::span<const Term>()), F);
  EXPECT_EQ(tm.mk_and(p, p), p);
  Term a = tm.mk_and({p, q, r});
  EXPECT_EQ(tm.mk_and({r, p, q}), a);
  EXPECT_EQ(tm.mk_and(tm.mk_and(r, q), p), a);
  EXPECT_EQ(tm.mk_and(tm.mk_and(p, q), tm.mk_and(q, r)), a);
  ASSERT_EQ(a.num_args(), 3u);
  EXPECT_LT(a.arg(0), a.arg(1));
  EXPECT_LT(a.arg(1), a.arg(2));
  for (Term t : a.args()) EXPECT_FALSE(t.is(TermKind::kAnd));
  EXPECT_EQ(tm.mk_or({q, p, q, r}), tm.mk_or(tm.mk_or(p, q), r));
  // An And holding everything it is given back is itself.
  EXPECT_EQ(tm.mk_and(a, q), a);
}

TEST_F(BoolTest, ComplementsFold) {
  EXPECT_EQ(tm.mk_and(p, tm.mk_not(p)), F);
  EXPECT_EQ(tm.mk_or(p, tm.mk_not(p)), T);
  EXPECT_EQ(tm.mk_and(tm.mk_and(p, q), tm.mk_not(q)), F);
  EXPECT_EQ(tm.mk_and({q, tm.mk_not(p), r, p}), F);
  EXPECT_EQ(tm.mk_and(tm.mk_lt(x, y), tm.mk_le(y, x)), F);
  EXPECT_EQ(tm.mk_and(tm.mk_le(y, x), tm.mk_lt(x, y)), F);
  EXPECT_EQ(tm.mk_and(tm.mk_eq(x, y), tm.mk_ne(y, x)), F);
  EXPECT_EQ(tm.mk_or(tm.mk_lt(x, y), tm.mk_le(y, x)), T);
  // Not complements: x < y and x <= y.
  EXPECT_TRUE(tm.mk_and(tm.mk_lt(x, y), tm.mk_le(x, y)).is(TermKind::kAnd));
}

TEST_F(BoolTest, Equality) {
  EXPECT_EQ(tm.mk_eq(x, x), T);
  EXPECT_EQ(tm.mk_eq(tm.mk_int(1), tm.mk_int(2)), F);
  EXPECT_EQ(tm.mk_eq(tm.mk_int(2), tm.mk_int(2)), T);
  EXPECT_EQ(tm.mk_eq(p, T), p);
  EXPECT_EQ(tm.mk_eq(F, p), tm.mk_not(p));
  EXPECT_EQ(tm.mk_eq(tm.mk_type("A"), tm.mk_type("B")), F);
  EXPECT_EQ(tm.mk_eq(tm.mk_method("A", "m", "()V"), tm.mk_method("B", "m", "()V")), F);
  // Eq is identity: NaN == NaN, +0.0 != -0.0 (Java's == goes through fcmpl).
  EXPECT_EQ(tm.mk_eq(tm.mk_double(NAN), tm.mk_double(NAN)), T);
  EXPECT_EQ(tm.mk_eq(tm.mk_double(0.0), tm.mk_double(-0.0)), F);
  Term dx = tm.mk_var("dx", Sort::Double());
  EXPECT_EQ(tm.mk_eq(dx, dx), T);
  // Unknown stays.
  EXPECT_TRUE(tm.mk_eq(x, tm.mk_int(3)).is(TermKind::kEq));
  EXPECT_TRUE(tm.mk_eq(tm.mk_var("o", Sort::Ref()), tm.mk_null()).is(TermKind::kEq));
  // known_equal is three-valued.
  EXPECT_EQ(known_equal(x, x), true);
  EXPECT_EQ(known_equal(tm.mk_int(1), tm.mk_int(2)), false);
  EXPECT_EQ(known_equal(x, tm.mk_int(2)), std::nullopt);
}

TEST_F(BoolTest, AVariableDeclaredNonNullIsNeverEqualToNull) {
  Term self = tm.mk_var("this", Sort::Ref(), 7);
  Term other = tm.mk_var("o", Sort::Ref(), 7);
  tm.set_non_null(self);
  EXPECT_EQ(tm.mk_eq(self, tm.mk_null()), F);
  EXPECT_EQ(tm.mk_eq(tm.mk_null(), self), F);
  EXPECT_EQ(tm.mk_ne(self, tm.mk_null()), T);
  // Only null: its equality with another reference stays open.
  EXPECT_TRUE(tm.mk_eq(self, other).is(TermKind::kEq));
  EXPECT_TRUE(tm.mk_eq(other, tm.mk_null()).is(TermKind::kEq));
}

TEST_F(BoolTest, Ite) {
  EXPECT_EQ(tm.mk_ite(T, x, y), x);
  EXPECT_EQ(tm.mk_ite(F, x, y), y);
  EXPECT_EQ(tm.mk_ite(p, x, x), x);
  EXPECT_EQ(tm.mk_ite(p, T, F), p);
  EXPECT_EQ(tm.mk_ite(p, F, T), tm.mk_not(p));
  EXPECT_EQ(tm.mk_ite(p, T, q), tm.mk_or(p, q));
  EXPECT_EQ(tm.mk_ite(p, q, F), tm.mk_and(p, q));
  EXPECT_EQ(tm.mk_ite(tm.mk_not(p), x, y), tm.mk_ite(p, y, x));
  Term ite = tm.mk_ite(p, x, y);
  EXPECT_TRUE(ite.is(TermKind::kIte));
  EXPECT_EQ(ite.sort(), Sort::Int());
  EXPECT_EQ(tm.mk_implies(p, q), tm.mk_or(tm.mk_not(p), q));
}

}  // namespace
}  // namespace jwp::logic
