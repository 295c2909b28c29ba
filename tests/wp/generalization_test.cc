// Generalization and the frame rule at calls (PLDI'09 Section 5, Figure 5):
// the paper's own examples, summary keys shared by call sites that differ
// only in their context, and the elimination of a call site's generics.
#include "wp/generalization.h"

#include <gtest/gtest.h>

#include "logic/printer.h"
#include "logic/visit.h"

namespace jwp::wp {
namespace {

using logic::ArrayKind;
using logic::Minterm;
using logic::Sort;
using logic::Term;

class GeneralizationTest : public ::testing::Test {
 protected:
  std::string str(const Minterm& m) { return logic::to_java(tm, m); }
  bool is_generic(Term t) { return t.is_var() && tm.var_info(t).role == logic::VarRole::kGeneric; }
  // Every literal of `m` is an equation `generic == <term of kind k>`.
  bool all_definitions(const Minterm& m) {
    for (Term lit : m) {
      if (!lit.is(logic::TermKind::kEq) || !(is_generic(lit.arg(0)) || is_generic(lit.arg(1)))) return false;
    }
    return true;
  }

  logic::TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term elems = tm.mk_field("NewCarList", "elems", "[LCar;");
  Term refs = tm.mk_array_map(ArrayKind::kRef);
  Term l = tm.mk_var("l", Sort::Ref(), 1);
  Term x = tm.mk_var("x", Sort::Int(), 1);
  // Car.setYear writes year only; NewCarList.set writes reference arrays only.
  std::function<bool(Term)> writes_year = [this](Term t) { return t == year; };
  std::function<bool(Term)> writes_refs = [this](Term t) { return t == refs; };
  std::function<bool(Term)> writes_nothing = [](Term) { return false; };
};

// Section 5: q = id(p) with q > 5 after the call: l0 = ret goes into the
// callee, l0 > 5 is framed.
TEST_F(GeneralizationTest, ReturnValueIsExtracted) {
  Term ret = tm.ret(Sort::Int());
  Minterm post = Minterm::of(tm, {tm.mk_gt(ret, tm.mk_int(5))});
  FrameSplit s = SplitAtCall(tm, post, writes_nothing, true);
  ASSERT_EQ(s.dependent.size(), 1u);
  ASSERT_EQ(s.canonical.size(), 1u);
  Term l0 = s.canonical[0].first;
  EXPECT_EQ(tm.var_info(l0).index, 0u);
  EXPECT_EQ(s.dependent.term(), tm.mk_eq(l0, ret));
  // The framed part speaks of the call site's own generic, not l0.
  Term mine = s.canonical[0].second;
  EXPECT_EQ(s.framed.term(), tm.mk_gt(mine, tm.mk_int(5)));
  EXPECT_GE(tm.var_info(mine).index, kFirstFreshGeneric);
}

// Section 5: a return value only tested against null (or true/false) is
// not generalized: the literal enters the callee as it is.
TEST_F(GeneralizationTest, ReturnValueTestedOnlyForNullIsKept) {
  Term ret = tm.ret(Sort::Ref());
  Minterm post = Minterm::of(tm, {tm.mk_eq(ret, tm.mk_null()), tm.mk_gt(x, tm.mk_int(0))});
  FrameSplit s = SplitAtCall(tm, post, writes_nothing, true);
  EXPECT_EQ(s.dependent.term(), tm.mk_eq(ret, tm.mk_null()));
  EXPECT_EQ(s.framed.term(), tm.mk_gt(x, tm.mk_int(0)));
  EXPECT_TRUE(s.canonical.empty());
}

// Section 5.1, formula (2): l.elems[0].year != 2009 at a call of setYear:
// only l0 = read(year, l1) enters the callee; the array read is framed.
TEST_F(GeneralizationTest, PaperSetYearExample) {
  Term car0 = tm.mk_aread(refs, tm.mk_read(elems, l), tm.mk_int(0));
  Minterm post = Minterm::of(tm, {tm.mk_ne(tm.mk_read(year, car0), tm.mk_int(2009))});
  FrameSplit s = SplitAtCall(tm, post, writes_year, true);
  ASSERT_EQ(s.dependent.size(), 1u);
  ASSERT_EQ(s.canonical.size(), 2u);
  // l0 the year (an int), l1 the car (a reference), in either numbering.
  const size_t iy = s.canonical[0].first.sort().is_int() ? 0 : 1;
  Term l0 = s.canonical[iy].first, l1 = s.canonical[1 - iy].first;
  EXPECT_EQ(s.dependent.term(), tm.mk_eq(l0, tm.mk_read(year, l1)));
  // Framed: the site's l0 != 2009 and its l1 == l.elems[0].
  Term my0 = s.canonical[iy].second, my1 = s.canonical[1 - iy].second;
  EXPECT_TRUE(s.framed.contains(tm.mk_ne(my0, tm.mk_int(2009)))) << str(s.framed);
  EXPECT_TRUE(s.framed.contains(tm.mk_eq(my1, car0))) << str(s.framed);
  EXPECT_FALSE(logic::mentions(s.framed, year));
}

// Section 5.1, formulas (6) and (9): the set calls at lines 6 and 3 see
// different postconditions over the same array element; both generalize to
// the same dependent part (one summary, reused).
TEST_F(GeneralizationTest, PaperSetCallsShareOneSummary) {
  Term c1 = tm.mk_var("c1", Sort::Ref(), 1), c2 = tm.mk_var("c2", Sort::Ref(), 1);
  Term e0 = tm.mk_aread(refs, tm.mk_read(elems, l), tm.mk_int(0));
  Minterm at_line6 = Minterm::of(tm, {tm.mk_ne(c2, e0), tm.mk_ne(tm.mk_read(year, e0), tm.mk_int(2009))});
  Term year_after = tm.mk_update(year, c1, tm.mk_int(2008));
  Minterm at_line3 = Minterm::of(tm, {tm.mk_ne(tm.mk_read(year_after, e0), tm.mk_int(2009))});
  FrameSplit s6 = SplitAtCall(tm, at_line6, writes_refs, true);
  FrameSplit s3 = SplitAtCall(tm, at_line3, writes_refs, true);
  EXPECT_TRUE(all_definitions(s6.dependent)) << str(s6.dependent);
  EXPECT_EQ(s6.dependent.term(), s3.dependent.term()) << str(s6.dependent) << " vs " << str(s3.dependent);
  // Without generalization the two keys differ.
  FrameSplit n6 = SplitAtCall(tm, at_line6, writes_refs, false);
  FrameSplit n3 = SplitAtCall(tm, at_line3, writes_refs, false);
  EXPECT_NE(n6.dependent.term(), n3.dependent.term());
  EXPECT_TRUE(n6.canonical.empty());
}

// Without generalization, the split is the frame rule alone: literals that
// mention a written location are dependent, the others framed.
TEST_F(GeneralizationTest, WithoutGeneralizationLiteralsAreSplit) {
  Term r = tm.mk_read(year, l);
  Minterm post = Minterm::of(tm, {tm.mk_gt(r, x), tm.mk_gt(x, tm.mk_int(3))});
  FrameSplit s = SplitAtCall(tm, post, writes_year, false);
  EXPECT_EQ(s.dependent.term(), tm.mk_gt(r, x));
  EXPECT_EQ(s.framed.term(), tm.mk_gt(x, tm.mk_int(3)));
}

// A read through a skipped call's havoc, read(mod(year, σ), l): the map is
// arbitrary whatever year was, so a callee writing year cannot change it:
// framed, with or without generalization. A plain read of year beside it
// stays dependent.
TEST_F(GeneralizationTest, ReadsThroughAHavocAreFramed) {
  Term sigma = tm.fresh_skolem(logic::SkolemKind::kHeap, year.sort(), 0, year);
  Term havocked = tm.mk_read(tm.mk_mod(year, sigma), l);
  Term plain = tm.mk_read(year, l);
  Minterm post = Minterm::of(tm, {tm.mk_eq(havocked, tm.mk_int(7)), tm.mk_gt(plain, x)});
  for (bool generalize : {false, true}) {
    FrameSplit s = SplitAtCall(tm, post, writes_year, generalize);
    EXPECT_TRUE(s.framed.contains(tm.mk_eq(havocked, tm.mk_int(7)))) << generalize << ": " << str(s.framed);
    EXPECT_FALSE(s.dependent.is_true()) << generalize;
    EXPECT_FALSE(logic::mentions(s.dependent, sigma)) << generalize << ": " << str(s.dependent);
  }
}

// Applying a summary: the call site's generics are substituted away when an
// equation defines them; canonical generics (a summary's parameters inside
// its callee) are never eliminated.
TEST_F(GeneralizationTest, EliminationDropsOnlyTheCallSitesGenerics) {
  Term ret = tm.ret(Sort::Int());
  Minterm post = Minterm::of(tm, {tm.mk_gt(ret, tm.mk_int(5))});
  FrameSplit s = SplitAtCall(tm, post, writes_nothing, true);
  Term l0 = s.canonical[0].first, mine = s.canonical[0].second;
  // The callee's precondition: l0 == p (id(p) returns p).
  Term p = tm.mk_var("p", Sort::Int(), 2);
  Minterm pre = Minterm::of(tm, {tm.mk_eq(l0, p)});
  Minterm at_site = RenameGenerics(tm, pre, s.canonical);
  EXPECT_EQ(at_site.term(), tm.mk_eq(mine, p));
  Minterm joined = EliminateGenerics(tm, logic::conjoin(tm, at_site, s.framed));
  EXPECT_EQ(joined.term(), tm.mk_gt(p, tm.mk_int(5))) << str(joined);
  // A canonical generic stays.
  Minterm inside = Minterm::of(tm, {tm.mk_eq(l0, p), tm.mk_gt(l0, tm.mk_int(1))});
  EXPECT_EQ(EliminateGenerics(tm, inside).term(), inside.term());
}

}  // namespace
}  // namespace jwp::wp
