// The SMT-LIB printer: golden scripts, and Z3 parsing and solving what it
// prints (declarations, background axioms, names, sharing).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "logic/printer.h"
#include "tests/logic/paper_terms.h"
#include "tests/logic/z3_util.h"

namespace jwp::logic {
namespace {

using testing::z3_check;

// Compares with tests/golden/logic/<name>; JWP_UPDATE_GOLDEN=1 rewrites it.
void expect_golden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(JWP_SOURCE_DIR) + "/tests/golden/logic/" + name;
  if (const char* update = std::getenv("JWP_UPDATE_GOLDEN"); update && *update == '1') {
    std::ofstream(path) << actual;
    return;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in.good()) << "missing golden file " << path
                         << " (run with JWP_UPDATE_GOLDEN=1 to create it)";
  std::stringstream expected;
  expected << in.rdbuf();
  EXPECT_EQ(actual, expected.str()) << "golden file " << path;
}

TEST(SmtLibPrinter, Figure1PreconditionGolden) {
  TermManager tm;
  Minterm pre = testing::figure1_precondition(tm);
  std::string script = to_smtlib(tm, pre);
  expect_golden("figure1.smt2.expected", script);
  testing::Z3Answer z3 = z3_check(script);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << script;
  EXPECT_EQ(z3.sat, 1);
}

TEST(SmtLibPrinter, Phase1FormulaGolden) {
  TermManager tm;
  std::string script = to_smtlib(tm, testing::phase1_formula(tm));
  expect_golden("phase1.smt2.expected", script);
  testing::Z3Answer z3 = z3_check(script);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << script;
  EXPECT_EQ(z3.sat, 1);
}

TEST(SmtLibPrinter, SortsAndConstants) {
  EXPECT_EQ(smtlib_sort(Sort::Int()), "(_ BitVec 32)");
  EXPECT_EQ(smtlib_sort(Sort::Long()), "(_ BitVec 64)");
  EXPECT_EQ(smtlib_sort(Sort::Float()), "(_ FloatingPoint 8 24)");
  EXPECT_EQ(smtlib_sort(Sort::Double()), "(_ FloatingPoint 11 53)");
  EXPECT_EQ(smtlib_sort(Sort::FieldMap(Sort::Ref())), "(Array Ref Ref)");
  EXPECT_EQ(smtlib_sort(Sort::ArrayMap(Sort::Long())),
            "(Array Ref (Array (_ BitVec 32) (_ BitVec 64)))");
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term fx = tm.mk_var("fx", Sort::Float());
  SmtLibOptions bare;
  bare.background_axioms = false;
  std::string s = to_smtlib(tm, std::vector<Term>{tm.mk_eq(x, tm.mk_int(-5)),
                                                  tm.mk_lt(x, tm.mk_int(2147483647)),
                                                  tm.mk_ne(x, tm.mk_int(INT32_MIN)),
                                                  tm.mk_eq(fx, tm.mk_float(1.5f))},
                            bare);
  EXPECT_EQ(s,
            "; jwp logic: 4 assertions\n"
            "(declare-const x (_ BitVec 32))\n"
            "(declare-const fx (_ FloatingPoint 8 24))\n"
            "(assert (= x (bvneg (_ bv5 32))))\n"
            "(assert (bvslt x (_ bv2147483647 32)))\n"
            "(assert (not (= x #x80000000)))\n"
            "(assert (= fx (fp #b0 #b01111111 #b10000000000000000000000)))\n");
  EXPECT_EQ(z3_check(s).sat, 1);
}

// Rule 13 in the background: elemType of an array type the script names is
// its element type, when the script names that too.
TEST(SmtLibPrinter, BackgroundAxiomsGiveArrayElementTypes) {
  TermManager tm;
  Term o = tm.mk_var("o", Sort::Ref());
  Term strings = tm.mk_type("[Ljava/lang/String;");
  std::vector<Term> a = {tm.mk_eq(tm.mk_type_of(o), strings),
                         tm.mk_ne(tm.mk_elem_type(tm.mk_type_of(o)), tm.string_type())};
  EXPECT_EQ(z3_check(to_smtlib(tm, a)).sat, 0) << to_smtlib(tm, a);
  SmtLibOptions bare;
  bare.background_axioms = false;
  EXPECT_EQ(z3_check(to_smtlib(tm, a, bare)).sat, 1);
}

TEST(SmtLibPrinter, BackgroundAxiomsMakeFreshObjectsExact) {
  TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term o = tm.mk_var("o", Sort::Ref());
  Term f = tm.mk_fresh(tm.mk_type("Car"));
  // read(update(year, o, 5), new Car#0) == 7: whether o is the new car or
  // not, the value is 5 or the default 0.
  Term phi = tm.mk_eq(tm.mk_read(tm.mk_update(year, o, tm.mk_int(5)), f), tm.mk_int(7));
  std::vector<Term> a = {phi};
  EXPECT_EQ(z3_check(to_smtlib(tm, a)).sat, 0);
  SmtLibOptions bare;
  bare.background_axioms = false;
  EXPECT_EQ(z3_check(to_smtlib(tm, a, bare)).sat, 1);
  // Lengths are never negative; fresh arrays have their length.
  Term n = tm.mk_var("n", Sort::Int());
  std::vector<Term> neg = {tm.mk_lt(tm.mk_length(o), tm.mk_int(0))};
  EXPECT_EQ(z3_check(to_smtlib(tm, neg)).sat, 0);
  EXPECT_EQ(z3_check(to_smtlib(tm, neg, bare)).sat, 1);
  Term arr = tm.mk_fresh_array(tm.mk_type("[I"), n);
  std::vector<Term> len = {tm.mk_eq(n, tm.mk_int(3)),
                           tm.mk_eq(tm.mk_aread(tm.mk_array_map(ArrayKind::kInt), arr, tm.mk_int(1)),
                                    tm.mk_int(0)),
                           tm.mk_ne(tm.mk_read(tm.length_field(), tm.mk_var("other", Sort::Ref())),
                                    tm.mk_int(3))};
  std::string s = to_smtlib(tm, len);
  testing::Z3Answer z3 = z3_check(s);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << s;
  EXPECT_EQ(z3.sat, 1);
  // Different type constants are different types.
  Term t = tm.mk_type_of(o);
  std::vector<Term> types = {tm.mk_eq(t, tm.mk_type("A")), tm.mk_eq(t, tm.mk_type("B"))};
  EXPECT_EQ(z3_check(to_smtlib(tm, types)).sat, 0);
  EXPECT_EQ(z3_check(to_smtlib(tm, types, bare)).sat, 1);
  // String literals: distinct, non-null, of type String.
  std::vector<Term> strs = {tm.mk_eq(o, tm.mk_string("a")), tm.mk_eq(tm.mk_type_of(o), tm.mk_type("X"))};
  EXPECT_EQ(z3_check(to_smtlib(tm, strs)).sat, 0);
  // Class objects (rule 12): one per type, never null, of class Class.
  Term p = tm.mk_var("p", Sort::Ref());
  Term u = tm.mk_var("u", Sort::Type()), w = tm.mk_var("w", Sort::Type());
  std::vector<Term> one_per_type = {tm.mk_eq(o, tm.mk_class_of(u)), tm.mk_eq(o, tm.mk_class_of(w)), tm.mk_ne(u, w)};
  EXPECT_EQ(z3_check(to_smtlib(tm, one_per_type)).sat, 0);
  EXPECT_EQ(z3_check(to_smtlib(tm, one_per_type, bare)).sat, 1);
  std::vector<Term> class_null = {tm.mk_eq(o, tm.mk_class_of(tm.mk_type_of(p))), tm.mk_eq(o, tm.mk_null())};
  EXPECT_EQ(z3_check(to_smtlib(tm, class_null)).sat, 0);
  std::vector<Term> class_type = {tm.mk_eq(o, tm.mk_class_of(u)), tm.mk_eq(tm.mk_type_of(o), tm.mk_type("X"))};
  EXPECT_EQ(z3_check(to_smtlib(tm, class_type)).sat, 0);
}

TEST(SmtLibPrinter, NamesAreUniqueAndLegal) {
  TermManager tm;
  Term x0 = tm.mk_var("x", Sort::Int(), 0);
  Term x1 = tm.mk_var("x", Sort::Int(), 1);
  Term null_var = tm.mk_var("null", Sort::Int());
  Term bv = tm.mk_var("bvadd", Sort::Int());
  Term odd = tm.mk_var("a b|c", Sort::Int());
  Term l0i = tm.mk_generic(0, Sort::Int());
  Term l0r = tm.mk_generic(0, Sort::Ref());
  Term r1 = tm.ret(Sort::Int());
  Term r2 = tm.ret(Sort::Ref());
  std::vector<Term> a = {tm.mk_eq(x0, tm.mk_int(1)), tm.mk_eq(x1, tm.mk_int(2)),
                         tm.mk_eq(null_var, bv), tm.mk_eq(odd, l0i), tm.mk_eq(l0r, r2),
                         tm.mk_eq(r1, tm.mk_int(3)), tm.mk_ne(l0r, tm.mk_null())};
  SmtLibPrinter p(tm);
  for (Term t : a) p.add_assertion(t);
  std::string s = p.script();
  testing::Z3Answer z3 = z3_check(s);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << s;
  EXPECT_EQ(z3.sat, 1);  // x@0 and x@1 are different symbols
  absl::flat_hash_set<std::string> names;
  for (const auto& [t, n] : p.declared()) EXPECT_TRUE(names.insert(n).second) << n;
  EXPECT_EQ(p.declared().size(), 9u);
  EXPECT_NE(s.find("(declare-const x@1 (_ BitVec 32))"), std::string::npos) << s;
  EXPECT_NE(s.find("(declare-const null!1 (_ BitVec 32))"), std::string::npos) << s;
  EXPECT_NE(s.find("(declare-const |a b_c| (_ BitVec 32))"), std::string::npos) << s;
}

TEST(SmtLibPrinter, SharedSubtermsAreDefinedOnce) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term t = x;
  for (int i = 0; i < 12; ++i) t = tm.mk_mul(tm.mk_add(t, tm.mk_int(i + 1)), t);
  std::vector<Term> a = {tm.mk_lt(t, tm.mk_int(5)), tm.mk_lt(tm.mk_int(-5), t)};
  std::string s = to_smtlib(tm, a);
  EXPECT_LT(s.size(), 4000u);  // printed as a tree it would be ~ 2^12 nodes
  EXPECT_NE(s.find("(define-fun _t1 () (_ BitVec 32)"), std::string::npos);
  testing::Z3Answer z3 = z3_check(s);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << s;
  SmtLibOptions tree;
  tree.share_min_size = 0;
  Term small = tm.mk_add(tm.mk_mul(x, x), tm.mk_mul(x, x));
  std::string s2 = to_smtlib(tm, std::vector<Term>{tm.mk_eq(small, x)}, tree);
  EXPECT_EQ(s2.find("define-fun"), std::string::npos);
}

TEST(SmtLibPrinter, EveryKindParses) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term lx = tm.mk_var("lx", Sort::Long());
  Term fx = tm.mk_var("fx", Sort::Float());
  Term dx = tm.mk_var("dx", Sort::Double());
  Term o = tm.mk_var("o", Sort::Ref());
  Term p = tm.mk_var("p", Sort::Bool());
  Term year = tm.mk_field("Car", "year", "I");
  Term d = tm.mk_field("Car", "d", "D");
  Term ints = tm.mk_array_map(ArrayKind::kInt);
  Term sig = tm.mk_signature("I", "m", "()V");
  Term sy = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 1, year);
  Term sa = tm.fresh_skolem(SkolemKind::kHeap, ints.sort(), 1, ints);
  Term sm = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 1);
  std::vector<Term> a;
  for (TermKind k : {TermKind::kAdd, TermKind::kSub, TermKind::kMul, TermKind::kDiv, TermKind::kRem,
                     TermKind::kBitAnd, TermKind::kBitOr, TermKind::kBitXor}) {
    a.push_back(tm.mk_ne(tm.mk(k, std::vector<Term>{x, y}), tm.mk_int(3)));
  }
  for (TermKind k : {TermKind::kShl, TermKind::kShr, TermKind::kUShr}) {
    a.push_back(tm.mk_ne(tm.mk(k, std::vector<Term>{x, y}), tm.mk_int(3)));
    a.push_back(tm.mk_ne(tm.mk(k, std::vector<Term>{lx, y}), tm.mk_long(3)));
  }
  for (TermKind k : {TermKind::kAdd, TermKind::kSub, TermKind::kMul, TermKind::kDiv, TermKind::kRem}) {
    a.push_back(tm.mk_ne(tm.mk(k, std::vector<Term>{fx, fx}), tm.mk_float(3)));
    a.push_back(tm.mk_ne(tm.mk(k, std::vector<Term>{dx, dx}), tm.mk_double(3)));
  }
  a.push_back(tm.mk_ne(tm.mk_neg(fx), fx));
  a.push_back(tm.mk_le(tm.mk_fcmpl(fx, fx), tm.mk_fcmpg(fx, fx)));
  a.push_back(tm.mk_le(tm.mk_fcmpl(dx, dx), tm.mk_lcmp(lx, lx)));
  for (int k = static_cast<int>(kFirstConversion); k <= static_cast<int>(kLastConversion); ++k) {
    TermKind kind = static_cast<TermKind>(k);
    Sort from = TermManager::conversion_operand(kind);
    Term arg = from.is_int() ? x : from.is_long() ? lx : from.is_float() ? fx : dx;
    Term c = tm.mk_convert(kind, arg);
    a.push_back(tm.mk_eq(c, c.sort().is_int() ? y : tm.mk_default(c.sort())));
  }
  a.push_back(tm.mk_ite(p, tm.mk_lt(x, y), tm.mk_or(p, tm.mk_le(x, y))));
  a.push_back(tm.mk_eq(tm.mk_read(tm.mk_update(tm.mk_mod(year, sy), o, x), tm.mk_null()), y));
  a.push_back(tm.mk_eq(tm.mk_read(d, o), dx));
  a.push_back(tm.mk_eq(tm.mk_aread(tm.mk_aupdate(tm.mk_mod(ints, sa), o, x, y), o, y), x));
  a.push_back(tm.mk_eq(sm, tm.mk_dispatch(tm.mk_type_of(o), sig)));
  a.push_back(tm.mk_not(tm.mk_instance_of(o, tm.mk_type("[I"))));
  a.push_back(tm.mk_ne(o, tm.mk_fresh_array(tm.mk_type("[I"), x)));
  a.push_back(tm.mk_ne(o, tm.mk_string("héllo \"w\"")));
  a.push_back(tm.mk_ne(o, tm.mk_class_of(tm.mk_type_of(o))));
  a.push_back(tm.mk_sub_type(tm.mk_type_of(o), tm.mk_class_type(o)));
  a.push_back(tm.mk_sub_type(tm.mk_type_of(o), tm.mk_elem_type(tm.mk_type_of(o))));
  a.push_back(tm.mk_eq(tm.exc(), tm.mk_fresh(tm.mk_type("java/lang/NullPointerException"))));
  SmtLibOptions opts;
  opts.set_logic = true;
  opts.check_sat = true;
  std::string s = to_smtlib(tm, a, opts);
  testing::Z3Answer z3 = z3_check(s, /*solve=*/false);
  ASSERT_TRUE(z3.parsed) << z3.error << "\n" << s;
  EXPECT_TRUE(s.starts_with("; jwp logic: "));
  EXPECT_NE(s.find("(set-logic ALL)"), std::string::npos);
  EXPECT_TRUE(s.ends_with("(check-sat)\n"));
  EXPECT_NE(s.find("java.frem.F"), std::string::npos);
  EXPECT_NE(s.find("(declare-fun elemType (Type) Type)"), std::string::npos);
  // Deterministic: printing twice, or from a fresh printer, is identical.
  EXPECT_EQ(to_smtlib(tm, a, opts), s);
}

}  // namespace
}  // namespace jwp::logic
