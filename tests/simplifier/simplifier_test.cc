// The dispatcher (simplifier/simplifier.cc): trivial minterms, statistics,
// determinism, idempotence, and a mixed minterm from the paper's example
// checked with Z3.
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

using SimplifierCore = SimplifierTest;

TEST_F(SimplifierCore, TrueAndFalseMinterms) {
  Simplifier s(tm);
  EXPECT_TRUE(s.simplify(Minterm()).is_true());
  EXPECT_TRUE(s.simplify(Minterm::from_term(tm.mk_false())).is_false());
  EXPECT_EQ(s.stats().minterms, 2u);
  EXPECT_EQ(s.stats().proved_false, 1u);
}

TEST_F(SimplifierCore, CountsRewritesAndFalse) {
  Simplifier s(tm);
  Minterm out = s.simplify(M({tm.mk_eq(x, i(1)), tm.mk_eq(tm.mk_add(x, y), i(1)), tm.mk_lt(y, i(0))}));
  EXPECT_TRUE(out.is_false()) << J(out);
  EXPECT_EQ(s.stats().proved_false, 1u);
  EXPECT_GT(s.stats().rounds, 0u);
  EXPECT_GT(s.stats().eliminated, 0u);
}

TEST_F(SimplifierCore, DeterministicAndIdempotent) {
  Term year = tm.mk_field("Car", "year", "I");
  Term r = tm.mk_read(tm.mk_update(year, a, i(2008)), b);
  Minterm in = M({tm.mk_ne(a, b), tm.mk_lt(r, x), tm.mk_le(x, y), tm.mk_ne(x, y), p,
                  tm.mk_or(p, q), tm.mk_eq(z, tm.mk_add(x, i(3)))});
  Minterm once = checked(in);
  Minterm again = simplify(in);
  EXPECT_EQ(once, again);
  EXPECT_EQ(simplify(once), once) << J(once);
  EXPECT_LT(once.size(), in.size()) << J(once);
}

TEST(SimplifierDeterminism, SameConstructionsGiveSameOutput) {
  auto run = [] {
    logic::TermManager tm;
    Term x = tm.mk_var("x", Sort::Int()), y = tm.mk_var("y", Sort::Int());
    Term a = tm.mk_var("a", Sort::Ref()), b = tm.mk_var("b", Sort::Ref());
    Term next = tm.mk_field("Node", "next", "LNode;");
    Minterm in = Minterm::of(
        tm, {tm.mk_eq(tm.mk_read(tm.mk_update(next, a, b), b), a), tm.mk_ne(a, b),
             tm.mk_lt(x, y), tm.mk_le(y, tm.mk_length(a)), tm.mk_eq(x, tm.mk_add(y, tm.mk_int(-1)))});
    Simplifier s(tm);
    return logic::to_java(tm, s.simplify(in));
  };
  std::string first = run();
  EXPECT_EQ(first, run());
  EXPECT_NE(first, "false");
}

TEST_F(SimplifierCore, PaperExampleYear) {
  // Section 5: c.elems[0].year != 2009 where elems[0] == c1 and c1's year was
  // set to 2008: read(update(year, c1, 2008), c1) != 2009 --> true.
  Term year = tm.mk_field("Car", "year", "I");
  Term objs = tm.mk_array_map(logic::ArrayKind::kRef);
  Term elems = tm.mk_field("CarList", "elems", "[LCar;");
  Term e0 = tm.mk_aread(objs, tm.mk_read(elems, c), i(0));
  Term upd = tm.mk_update(year, a, i(2008));
  Minterm in = M({tm.mk_eq(e0, a), tm.mk_ne(tm.mk_read(upd, e0), i(2009)), tm.mk_ne(c, tm.mk_null())});
  Minterm out = checked(in);
  EXPECT_EQ(out, M({tm.mk_eq(e0, a), tm.mk_ne(c, tm.mk_null())})) << J(out);
}

TEST_F(SimplifierCore, RoundLimitStillEquivalent) {
  SimplifierOptions one;
  one.max_rounds = 1;
  Minterm in = M({tm.mk_eq(x, tm.mk_add(y, i(1))), tm.mk_eq(y, tm.mk_add(z, i(1))), tm.mk_eq(z, i(0)),
                  tm.mk_lt(x, i(2))});
  Minterm partial = checked(in, one);
  Minterm full = checked(in);
  EXPECT_TRUE(full.is_false()) << J(full);
  EXPECT_FALSE(partial.is_true());
}

TEST_F(SimplifierCore, FloatComparisonsAreLeftAlone) {
  // fcmpl(f, f) == 0 is false for NaN: no rule may fold it.
  Term f = tm.mk_var("f", Sort::Float());
  Minterm out = checked(M({tm.mk_ne(tm.mk_fcmpl(f, f), i(0))}));
  EXPECT_FALSE(out.is_false()) << J(out);
}

}  // namespace
}  // namespace jwp::simplifier::testing
