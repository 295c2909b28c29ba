// Heap rules (simplifier/heap_rules.cc): read over update and aread over
// aupdate with alias facts from the minterm (H1, checked with Z3), fresh
// objects (H3 folds, H4 distinctness: not in the SMT-LIB background, so
// those cases are checked by hand), and that reading a field of null is not
// a contradiction in the logic.
#include "logic/visit.h"
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

class HeapRules : public SimplifierTest {
 protected:
  Term year = tm.mk_field("Car", "year", "I");
  Term next = tm.mk_field("Node", "next", "LNode;");
  Term ints = tm.mk_array_map(logic::ArrayKind::kInt);
};

TEST_F(HeapRules, ReadOverUpdateWithDisequality) {
  // read(update(f, v, w), u) --> read(f, u)  if v != u is a literal
  Term r = tm.mk_read(tm.mk_update(year, a, i(2008)), b);
  Minterm out = checked(M({tm.mk_ne(a, b), tm.mk_eq(r, i(2009))}));
  EXPECT_EQ(out, M({tm.mk_ne(a, b), tm.mk_eq(tm.mk_read(year, b), i(2009))})) << J(out);
}

TEST_F(HeapRules, ReadOverUpdateWithEquality) {
  // read(update(f, v, w), u) --> w  if v == u: the paper's §5 example,
  // read(update(year, c1, 2008), c1) != 2009 is true.
  Term r = tm.mk_read(tm.mk_update(year, a, i(2008)), b);
  Minterm out = checked(M({tm.mk_eq(a, b), tm.mk_ne(r, i(2009))}));
  EXPECT_EQ(out, M({tm.mk_eq(a, b)})) << J(out);
  // ... and == 2009 is a contradiction.
  EXPECT_TRUE(checked(M({tm.mk_eq(a, b), tm.mk_eq(r, i(2009))})).is_false());
}

TEST_F(HeapRules, ReadOverUpdateUnknownAliasStays) {
  Term r = tm.mk_read(tm.mk_update(year, a, i(2008)), b);
  Minterm in = M({tm.mk_eq(r, i(2009))});
  Minterm out = checked(in);
  EXPECT_TRUE(logic::mentions(out, tm.mk_update(year, a, i(2008)))) << J(out);
}

TEST_F(HeapRules, AreadOverAupdate) {
  Term upd = tm.mk_aupdate(ints, a, x, i(7));
  // index known different (x < y)
  Minterm diff = checked(M({tm.mk_lt(x, y), tm.mk_eq(tm.mk_aread(upd, a, y), i(1))}));
  EXPECT_FALSE(logic::mentions(diff, upd)) << J(diff);
  // array known different
  Minterm other = checked(M({tm.mk_ne(a, b), tm.mk_eq(tm.mk_aread(upd, b, x), i(1))}));
  EXPECT_FALSE(logic::mentions(other, upd)) << J(other);
  // both known equal: the stored value
  Minterm same = checked(M({tm.mk_eq(x, y), tm.mk_eq(tm.mk_aread(upd, a, y), i(1))}));
  EXPECT_TRUE(same.is_false()) << J(same);
  // constants: index 1 vs 2
  Term upd1 = tm.mk_aupdate(ints, a, i(1), i(7));
  Minterm consts = checked(M({tm.mk_eq(tm.mk_aread(upd1, b, i(2)), x)}));
  EXPECT_FALSE(logic::mentions(consts, upd1)) << J(consts);
}

TEST_F(HeapRules, FreshObjectsHaveDefaults) {
  // x == new Car ∧ x.year == 3 --> false (H3 after substitution)
  // (t is a temp, not a program variable: H4 would make t == fresh false)
  Term t = tm.fresh_var("t", Sort::Ref());
  Term fresh = tm.mk_fresh(tm.mk_type("Car"));
  Minterm out = checked(M({tm.mk_eq(t, fresh), tm.mk_eq(tm.mk_read(year, t), i(3))}));
  EXPECT_TRUE(out.is_false()) << J(out);
}

TEST_F(HeapRules, FreshDiffersFromPreExistingReferences) {
  // H4: fresh(T) != program variable, != read(F, y), != aread(A, y, i).
  Term fresh = tm.mk_fresh(tm.mk_type("Node"));
  EXPECT_TRUE(simplify(M({tm.mk_eq(a, fresh)})).is_false());
  EXPECT_TRUE(simplify(M({tm.mk_eq(tm.mk_read(next, a), fresh)})).is_false());
  Term objs = tm.mk_array_map(logic::ArrayKind::kRef);
  EXPECT_TRUE(simplify(M({tm.mk_eq(tm.mk_aread(objs, a, x), fresh)})).is_false());
  // alias reasoning: read(update(next, fresh, b), a) --> read(next, a)
  Term r = tm.mk_read(tm.mk_update(next, fresh, b), a);
  Minterm out = simplify(M({tm.mk_eq(r, c)}));
  EXPECT_EQ(out, M({tm.mk_eq(tm.mk_read(next, a), c)})) << J(out);
}

TEST_F(HeapRules, FreshMayEqualNonPreExistingTerms) {
  // Generic variables and reads through updates may hold the new object:
  // no rule fires.
  Term fresh = tm.mk_fresh(tm.mk_type("Node"));
  Term l0 = tm.mk_generic(0, Sort::Ref());
  EXPECT_FALSE(simplify(M({tm.mk_eq(l0, fresh)})).is_false());
  Term through = tm.mk_read(tm.mk_update(next, b, c), a);
  EXPECT_FALSE(simplify(M({tm.mk_eq(through, fresh)})).is_false());
  // A generic equated with a term that may hold it says nothing either.
  EXPECT_FALSE(simplify(M({tm.mk_eq(l0, through), tm.mk_eq(l0, fresh)})).is_false());
}

TEST_F(HeapRules, FreshDiffersFromTheValuesOfExitsAndLiterals) {
  // exc and ret are values of the point they are at (the wp substitutes
  // them at every throw, return and call before any allocation is
  // crossed); a string literal is no object `new` makes.
  Term fresh = tm.mk_fresh(tm.mk_type("Node"));
  EXPECT_TRUE(simplify(M({tm.mk_eq(tm.exc(), fresh), tm.mk_ne(tm.exc(), tm.mk_null())})).is_false());
  EXPECT_TRUE(simplify(M({tm.mk_eq(tm.ret(Sort::Ref()), fresh)})).is_false());
  EXPECT_TRUE(simplify(M({tm.mk_eq(tm.mk_string("s"), fresh)})).is_false());
}

TEST_F(HeapRules, AGenericEquatedWithAPreExistingTermIsPreExisting) {
  // A summary's l0 == read(next, a): an object that exists at the callee's
  // exit, so not one its caller allocates afterwards.
  Term fresh = tm.mk_fresh(tm.mk_type("Node"));
  Term l0 = tm.mk_generic(0, Sort::Ref());
  Term r = tm.mk_read(tm.mk_update(next, fresh, b), l0);
  Minterm out = simplify(M({tm.mk_eq(l0, tm.mk_read(next, a)), tm.mk_eq(r, c)}));
  EXPECT_FALSE(out.is_false()) << J(out);
  EXPECT_FALSE(logic::mentions(out, fresh)) << J(out);
  // Without the equation the read stays.
  Minterm stays = checked(M({tm.mk_eq(r, c)}));
  EXPECT_TRUE(logic::mentions(stays, fresh)) << J(stays);
}

TEST_F(HeapRules, ReadingAFieldOfNullIsNotAContradiction) {
  Minterm out = checked(M({tm.mk_eq(a, tm.mk_null()), tm.mk_eq(tm.mk_read(year, a), i(5))}));
  EXPECT_FALSE(out.is_false()) << J(out);
  // a is replaced by null; the equation a == null is kept.
  EXPECT_TRUE(out.contains(tm.mk_eq(a, tm.mk_null()))) << J(out);
}

}  // namespace
}  // namespace jwp::simplifier::testing
