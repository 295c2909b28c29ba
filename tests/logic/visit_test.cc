// Traversals and queries (visit.h).
#include "logic/visit.h"

#include <gtest/gtest.h>

#include <bit>
#include <string>

namespace jwp::logic {
namespace {

class VisitTest : public ::testing::Test {
 protected:
  TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term next = tm.mk_field("Node", "next", "LNode;");
  Term x = tm.mk_var("x", Sort::Ref());
  Term n = tm.mk_var("n", Sort::Int());
  Term phi = tm.mk_and(tm.mk_eq(tm.mk_read(year, tm.mk_read(next, x)), n),
                       tm.mk_lt(n, tm.mk_length(x)));
};

TEST_F(VisitTest, PostOrderOncePerNode) {
  std::vector<Term> seen;
  for_each_subterm(phi, [&](Term t) { seen.push_back(t); });
  EXPECT_EQ(seen.back(), phi);
  EXPECT_EQ(seen.size(), dag_size(phi));
  // Children before parents, no repeats.
  absl::flat_hash_set<uint32_t> done;
  for (Term t : seen) {
    for (Term a : t.args()) EXPECT_TRUE(done.contains(a.id())) << term_kind_name(t.kind());
    EXPECT_TRUE(done.insert(t.id()).second);
  }
  // n and x occur twice but are visited once.
  EXPECT_EQ(std::count(seen.begin(), seen.end(), n), 1);
  // Stopping early.
  int count = 0;
  EXPECT_FALSE(for_each_subterm(phi, [&](Term) { return ++count < 3; }));
  EXPECT_EQ(count, 3);
}

TEST_F(VisitTest, FreeVariablesAndMentions) {
  std::vector<Term> vars = free_variables(phi);
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(vars[0], x);
  EXPECT_EQ(vars[1], n);
  EXPECT_TRUE(free_variables(tm.mk_int(3)).empty());
  EXPECT_TRUE(mentions(phi, year));
  EXPECT_TRUE(mentions(phi, tm.length_field()));
  EXPECT_TRUE(mentions(phi, tm.mk_read(next, x)));
  EXPECT_FALSE(mentions(phi, tm.mk_field("Car", "price", "I")));
  EXPECT_FALSE(mentions(phi, tm.mk_read(year, x)));
  EXPECT_FALSE(mentions_skolem(phi));
  EXPECT_FALSE(mentions_generic(phi));
  std::vector<Term> fields = fields_mentioned(phi);
  ASSERT_EQ(fields.size(), 3u);
  EXPECT_EQ(fields[0], tm.length_field());  // made by the manager first
  EXPECT_EQ(fields[1], year);
  EXPECT_EQ(fields[2], next);
  Minterm m = Minterm::of(tm, {phi});
  EXPECT_TRUE(mentions(m, n));
  EXPECT_EQ(free_variables(m), vars);
  Term s = tm.fresh_skolem(SkolemKind::kRet, Sort::Int(), 1);
  EXPECT_TRUE(mentions_skolem(tm.mk_and(phi, tm.mk_eq(s, n))));
  EXPECT_TRUE(mentions_skolem(conjoin(tm, m, tm.mk_eq(s, n))));
}

TEST_F(VisitTest, LeafMasksSummarizeLeaves) {
  EXPECT_NE(x.leaf_mask(), 0u);
  EXPECT_EQ(std::popcount(x.leaf_mask()), 1);
  Term r = tm.mk_read(year, x);
  EXPECT_EQ(r.leaf_mask(), year.leaf_mask() | x.leaf_mask());
  EXPECT_EQ(phi.leaf_mask() & x.leaf_mask(), x.leaf_mask());
  EXPECT_EQ(phi.leaf_mask() & n.leaf_mask(), n.leaf_mask());
}

TEST_F(VisitTest, Sizes) {
  Term a = tm.mk_var("a", Sort::Int());
  Term t = tm.mk_mul(tm.mk_add(a, n), tm.mk_add(a, n));  // shared
  EXPECT_EQ(dag_size(t), 4u);  // a, n, a + n, (a + n) * (a + n)
  EXPECT_EQ(t.size(), 7u);     // tree size
  Term deep = a;
  for (int i = 0; i < 64; ++i) deep = tm.mk_mul(deep, deep);
  EXPECT_EQ(deep.size(), UINT32_MAX);  // saturates
  EXPECT_EQ(dag_size(deep), 65u);
}

// A TermVisitor that renders a term in prefix form.
class Prefix : public TermVisitor<Prefix, std::string> {
 public:
  std::string visit_term(Term t) {
    std::string s = std::string(term_kind_name(t.kind()));
    for (Term a : t.args()) s += " " + visit(a);
    return "(" + s + ")";
  }
  std::string visit_var(Term) { return "v"; }
  std::string visit_constant(Term t) { return std::to_string(t.integral_value()); }
};

TEST_F(VisitTest, TermVisitorDispatchesByKind) {
  Term a = tm.mk_var("a", Sort::Int());
  Prefix p;
  EXPECT_EQ(p.visit(tm.mk_lt(tm.mk_add(a, tm.mk_int(1)), tm.mk_neg(a))),
            "(lt (add v 1) (neg v))");
}

}  // namespace
}  // namespace jwp::logic
