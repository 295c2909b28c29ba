// Substitution: Table 1's transformers as substitutions, nested updates,
// map constants, simultaneous pairs, memoization.
#include "logic/substitution.h"

#include <gtest/gtest.h>

#include "logic/printer.h"
#include "logic/visit.h"

namespace jwp::logic {
namespace {

class SubstitutionTest : public ::testing::Test {
 protected:
  TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term x = tm.mk_var("x", Sort::Ref());
  Term self = tm.mk_var("this", Sort::Ref());
  Term y = tm.mk_var("y", Sort::Int());
  Term v = tm.mk_var("v", Sort::Int());
};

TEST_F(SubstitutionTest, VariableByTermFolds) {
  // φ = v + 1 == 2009; φ[2008/v] folds to true.
  Term phi = tm.mk_eq(tm.mk_add(v, tm.mk_int(1)), tm.mk_int(2009));
  EXPECT_TRUE(substitute(tm, phi, v, tm.mk_int(2008)).is_true());
  EXPECT_TRUE(substitute(tm, phi, v, tm.mk_int(7)).is_false());
  EXPECT_EQ(substitute(tm, phi, y, tm.mk_int(7)), phi);  // not mentioned: same term
}

TEST_F(SubstitutionTest, SetYearExampleOfSection3) {
  // At the exit of setYear: exc == null && read(year, x) == 2008.
  Term post = tm.mk_and(tm.mk_eq(tm.exc(), tm.mk_null()),
                        tm.mk_eq(tm.mk_read(year, x), tm.mk_int(2008)));
  // return: φ[null/exc]
  Term p1 = substitute(tm, post, tm.exc(), tm.mk_null());
  EXPECT_EQ(p1, tm.mk_eq(tm.mk_read(year, x), tm.mk_int(2008)));
  // this.year = y: φ[update(year, this, y)/year]
  Term p2 = substitute(tm, p1, year, tm.mk_update(year, self, y));
  EXPECT_EQ(to_java(tm, p2), "read(update(year, this, y), x) == 2008");
  // A later path condition this == x: φ[x/this] gives y == 2008.
  EXPECT_EQ(substitute(tm, p2, self, x), tm.mk_eq(y, tm.mk_int(2008)));
}

TEST_F(SubstitutionTest, NestedUpdatesAndFreshObjects) {
  // φ = read(year, a) == 1 with a chain of writes and allocations:
  //   a = new Car; b = new Car; a.year = 1; b.year = 2; (goal: a.year == 1)
  Term a = tm.mk_var("a", Sort::Ref());
  Term b = tm.mk_var("b", Sort::Ref());
  Term phi = tm.mk_eq(tm.mk_read(year, a), tm.mk_int(1));
  phi = substitute(tm, phi, year, tm.mk_update(year, b, tm.mk_int(2)));   // b.year = 2
  phi = substitute(tm, phi, year, tm.mk_update(year, a, tm.mk_int(1)));   // a.year = 1
  EXPECT_EQ(to_java(tm, phi), "read(update(update(year, a, 1), b, 2), a) == 1");
  phi = substitute(tm, phi, b, tm.mk_fresh(tm.mk_type("Car")));           // b = new Car
  // b is fresh, a is not known different from it yet: still symbolic.
  EXPECT_FALSE(phi.is_const());
  phi = substitute(tm, phi, a, tm.mk_fresh(tm.mk_type("Car")));           // a = new Car
  EXPECT_TRUE(phi.is_true());
}

TEST_F(SubstitutionTest, ArrayMapsAndSkippedCalls) {
  Term refs = tm.mk_array_map(ArrayKind::kRef);
  Term elems = tm.mk_field("NewCarList", "elems", "[LCar;");
  Term l = tm.mk_var("l", Sort::Ref());
  Term i = tm.mk_var("i", Sort::Int());
  Term c = tm.mk_var("c", Sort::Ref());
  // φ = l.elems[0].year != 2009
  Term phi = tm.mk_ne(tm.mk_read(year, tm.mk_aread(refs, tm.mk_read(elems, l), tm.mk_int(0))),
                      tm.mk_int(2009));
  // elems[i] = c with i == 1 (NewCarList.set(1, c)): aread at index 0 skips it.
  Term arr = tm.mk_read(elems, l);
  Term after = substitute(tm, phi, refs, tm.mk_aupdate(refs, arr, tm.mk_int(1), c));
  EXPECT_EQ(after, phi);
  Term at_i = substitute(tm, phi, refs, tm.mk_aupdate(refs, arr, i, c));
  EXPECT_EQ(to_java(tm, at_i), "aread(aupdate(Object[], l.elems, i, c), l.elems, 0).year != 2009");
  EXPECT_EQ(substitute(tm, at_i, i, tm.mk_int(0)), tm.mk_ne(tm.mk_read(year, c), tm.mk_int(2009)));
  // A skipped call: φ[mod(year, σ)/year][σ_ret/c].
  Term sigma = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 4, year);
  Term ret = tm.fresh_skolem(SkolemKind::kRet, Sort::Ref(), 4);
  Substitution s(tm);
  s.add(year, tm.mk_mod(year, sigma));
  s.add(c, ret);
  Term skipped = s.apply(tm.mk_eq(tm.mk_read(year, c), tm.mk_int(2009)));
  EXPECT_EQ(to_java(tm, skipped), "read(mod(year, σ_year#0), σ_ret#1) == 2009");
  EXPECT_TRUE(mentions_skolem(skipped));
}

TEST_F(SubstitutionTest, SimultaneousPairsSwap) {
  Term a = tm.mk_var("a", Sort::Int());
  Term b = tm.mk_var("b", Sort::Int());
  Substitution s(tm);
  s.add(a, b);
  s.add(b, a);
  EXPECT_EQ(s.apply(tm.mk_sub(a, b)), tm.mk_sub(b, a));
  EXPECT_EQ(s.size(), 2u);
}

TEST_F(SubstitutionTest, WholeSubtermsAsInGeneralization) {
  // φ[l0/read(year, x)] ∧ l0 == read(year, x) (Figure 5).
  Term r = tm.mk_read(year, x);
  Term phi = tm.mk_and(tm.mk_ne(r, tm.mk_int(2009)), tm.mk_lt(tm.mk_int(0), r));
  Term l0 = tm.mk_generic(0, Sort::Int());
  Term g = substitute(tm, phi, r, l0);
  EXPECT_FALSE(mentions(g, r));
  EXPECT_TRUE(mentions(g, l0));
  EXPECT_EQ(g, tm.mk_and(tm.mk_ne(l0, tm.mk_int(2009)), tm.mk_lt(tm.mk_int(0), l0)));
  // A replacement is not searched again: [x.next/x] does not loop.
  Term next = tm.mk_field("Node", "next", "LNode;");
  Term nx = tm.mk_read(next, x);
  EXPECT_EQ(substitute(tm, nx, x, nx), tm.mk_read(next, nx));
}

TEST_F(SubstitutionTest, MintermsAndMemo) {
  Term a = tm.mk_var("a", Sort::Int());
  Term shared = tm.mk_add(a, tm.mk_mul(a, y));
  Minterm m = Minterm::of(tm, {tm.mk_lt(shared, tm.mk_int(3)), tm.mk_ne(shared, v),
                               tm.mk_eq(tm.mk_read(year, x), v)});
  Substitution s(tm);
  s.add(a, tm.mk_int(2));
  Minterm out = s.apply(m);
  EXPECT_EQ(out, Minterm::of(tm, {tm.mk_lt(tm.mk_add(tm.mk_mul(y, tm.mk_int(2)), tm.mk_int(2)),
                                           tm.mk_int(3)),
                                  tm.mk_ne(tm.mk_add(tm.mk_mul(y, tm.mk_int(2)), tm.mk_int(2)), v),
                                  tm.mk_eq(tm.mk_read(year, x), v)}));
  const uint64_t visited = s.stats().visited;
  EXPECT_GT(s.stats().cached, 0u);  // `shared` was rebuilt once
  EXPECT_GT(s.stats().pruned, 0u);  // read(year, x) == v cannot contain a
  EXPECT_EQ(s.apply(m), out);       // memoized across calls
  EXPECT_EQ(s.stats().visited, visited);
  // A contradiction appears: the minterm becomes false.
  Substitution s2(tm);
  s2.add(v, tm.mk_int(4));
  Minterm m2 = Minterm::of(tm, {tm.mk_eq(y, v), tm.mk_lt(y, tm.mk_int(10))});
  Substitution s3(tm);
  s3.add(y, tm.mk_int(12));
  EXPECT_TRUE(s3.apply(s2.apply(m2)).is_false());
}

TEST_F(SubstitutionTest, DeepChainsDoNotOverflowTheStack) {
  Term f = year;
  for (int k = 0; k < 20000; ++k) {
    f = tm.mk_update(f, tm.mk_var("r" + std::to_string(k % 100), Sort::Ref()), tm.mk_int(k));
  }
  Term phi = tm.mk_eq(tm.mk_read(f, x), tm.mk_int(0));
  Term out = substitute(tm, phi, tm.mk_var("r7", Sort::Ref()), x);
  EXPECT_TRUE(out.is(TermKind::kEq));
  EXPECT_FALSE(mentions(out, tm.mk_var("r7", Sort::Ref())));
}

}  // namespace
}  // namespace jwp::logic
