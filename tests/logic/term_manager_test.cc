// TermManager: hash-consing, ids, leaves, names, variables, canonical order.
#include "logic/term_manager.h"

#include <gtest/gtest.h>

#include "logic/printer.h"

namespace jwp::logic {
namespace {

TEST(TermManager, StructurallyEqualTermsAreOneNode) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term a = tm.mk_add(x, tm.mk_mul(y, tm.mk_int(3)));
  Term b = tm.mk_add(x, tm.mk_mul(y, tm.mk_int(3)));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.id(), b.id());
  EXPECT_EQ(tm.mk_int(7), tm.mk_int(7));
  EXPECT_NE(tm.mk_int(7), tm.mk_long(7));  // different sorts
  EXPECT_EQ(tm.mk_var("x", Sort::Int()), x);
  EXPECT_GT(tm.stats().hits, 0u);
}

TEST(TermManager, IdsAreDenseInCreationOrder) {
  TermManager tm;
  const size_t before = tm.num_terms();
  Term x = tm.mk_var("x", Sort::Int());
  Term c = tm.mk_int(12345);
  Term sum = tm.mk_add(x, c);
  EXPECT_EQ(x.id(), before);
  EXPECT_EQ(c.id(), before + 1);
  EXPECT_EQ(sum.id(), before + 2);
  EXPECT_EQ(tm.num_terms(), before + 3);
  EXPECT_EQ(tm.term(sum.id()), sum);
  EXPECT_LT(x, c);
  EXPECT_LT(c, sum);
}

TEST(TermManager, CommutativeArgumentsAreCanonical) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  EXPECT_EQ(tm.mk_add(x, y), tm.mk_add(y, x));
  EXPECT_EQ(tm.mk_mul(y, x), tm.mk_mul(x, y));
  EXPECT_EQ(tm.mk_eq(x, y), tm.mk_eq(y, x));
  EXPECT_EQ(tm.mk_bit_xor(y, x), tm.mk_bit_xor(x, y));
  // Constants go right.
  Term s = tm.mk_add(tm.mk_int(1), x);
  ASSERT_TRUE(s.is(TermKind::kAdd));
  EXPECT_EQ(s.arg(0), x);
  EXPECT_EQ(s.arg(1), tm.mk_int(1));
  Term e = tm.mk_eq(tm.mk_null(), tm.mk_var("p", Sort::Ref()));
  EXPECT_EQ(e.arg(1), tm.mk_null());
}

TEST(TermManager, VariablesByNamespaceAndRole) {
  TermManager tm;
  Term a0 = tm.mk_var("v1", Sort::Int(), 0);
  Term a1 = tm.mk_var("v1", Sort::Int(), 1);
  EXPECT_NE(a0, a1);
  EXPECT_EQ(tm.var_info(a1).ns, 1u);
  EXPECT_EQ(tm.var_info(a1).role, VarRole::kProgram);
  EXPECT_EQ(tm.var_info(a1).name, "v1");

  EXPECT_EQ(tm.exc().sort(), Sort::Ref());
  EXPECT_EQ(tm.var_info(tm.exc()).role, VarRole::kExc);
  EXPECT_EQ(tm.var_info(tm.exc()).name, "exc");
  EXPECT_EQ(tm.ret(Sort::Int()), tm.ret(Sort::Int()));
  EXPECT_NE(tm.ret(Sort::Int()), tm.ret(Sort::Ref()));
  EXPECT_EQ(tm.var_info(tm.ret(Sort::Long())).role, VarRole::kRet);
  EXPECT_TRUE(tm.ret(Sort::Int()).has(kHasRetExc));
  EXPECT_FALSE(a0.has(kHasRetExc));
}

TEST(TermManager, GenericVariables) {
  TermManager tm;
  Term l0 = tm.mk_generic(0, Sort::Int());
  EXPECT_EQ(tm.mk_generic(0, Sort::Int()), l0);
  EXPECT_EQ(tm.var_info(l0).name, "l0");
  EXPECT_TRUE(l0.has(kHasGeneric));
  Term l5 = tm.mk_generic(5, Sort::Ref());
  EXPECT_EQ(tm.var_info(l5).index, 5u);
  Term next = tm.fresh_generic(Sort::Int());
  EXPECT_EQ(tm.var_info(next).index, 6u);
  EXPECT_EQ(tm.var_info(tm.fresh_generic(Sort::Int())).index, 7u);
}

TEST(TermManager, SkolemsAreUniqueAndCarryTheirSite) {
  TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term r1 = tm.fresh_skolem(SkolemKind::kRet, Sort::Ref(), /*site=*/12);
  Term r2 = tm.fresh_skolem(SkolemKind::kRet, Sort::Ref(), /*site=*/12);
  EXPECT_NE(r1, r2);
  EXPECT_EQ(tm.var_info(r1).site, 12u);
  EXPECT_EQ(tm.var_info(r1).skolem_kind, SkolemKind::kRet);
  EXPECT_TRUE(r1.has(kHasSkolem));
  Term m = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 12);
  Term e = tm.fresh_skolem(SkolemKind::kExc, Sort::Ref(), 12);
  Term f = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 12, year);
  EXPECT_EQ(tm.var_info(f).about, year);
  EXPECT_EQ(tm.var_info(r1).name, "σ_ret#0");
  EXPECT_EQ(tm.var_info(r2).name, "σ_ret#1");
  EXPECT_EQ(tm.var_info(m).name, "σ_method#2");
  EXPECT_EQ(tm.var_info(e).name, "σ_exc#3");
  EXPECT_EQ(tm.var_info(f).name, "σ_year#4");
  // Keyed construction gives the same skolem back.
  EXPECT_EQ(tm.mk_skolem(SkolemKind::kRet, Sort::Ref(), 12, 0), r1);
  Term arr = tm.fresh_skolem(SkolemKind::kHeap, tm.mk_array_map(ArrayKind::kRef).sort(), 3,
                             tm.mk_array_map(ArrayKind::kRef));
  EXPECT_EQ(tm.var_info(arr).name, "σ_Object[]#5");
}

TEST(TermManager, FreshVariablesNeverRepeat) {
  TermManager tm;
  Term a = tm.fresh_var("t", Sort::Int());
  Term b = tm.fresh_var("t", Sort::Int());
  EXPECT_NE(a, b);
  EXPECT_EQ(tm.var_info(a).name, "t#0");
  EXPECT_EQ(tm.var_info(b).role, VarRole::kTemp);
}

TEST(TermManager, TypesFieldsMethodsAreInterned) {
  TermManager tm;
  Term t = tm.mk_type("java/util/ArrayList");
  EXPECT_EQ(tm.mk_type("java/util/ArrayList"), t);
  EXPECT_EQ(tm.type_name(t), "java/util/ArrayList");
  EXPECT_EQ(tm.mk_type("java/lang/Object"), tm.object_type());
  EXPECT_EQ(tm.mk_type("java/lang/String"), tm.string_type());

  Term elems = tm.mk_field("NewCarList", "elems", "[LCar;");
  EXPECT_EQ(tm.mk_field("NewCarList", "elems", "[LCar;"), elems);
  EXPECT_NE(tm.mk_field("OtherList", "elems", "[LCar;"), elems);
  EXPECT_EQ(elems.sort(), Sort::FieldMap(Sort::Ref()));
  EXPECT_EQ(tm.field_info(elems).owner, "NewCarList");
  EXPECT_EQ(tm.field_info(elems).name, "elems");
  EXPECT_EQ(tm.field_info(elems).descriptor, "[LCar;");
  EXPECT_EQ(tm.mk_field("Car", "flag", "Z").sort(), Sort::FieldMap(Sort::Int()));
  EXPECT_EQ(tm.mk_field("Car", "big", "J").sort(), Sort::FieldMap(Sort::Long()));
  EXPECT_EQ(tm.mk_field("Car", "d", "D").sort(), Sort::FieldMap(Sort::Double()));
  EXPECT_EQ(tm.length_field().sort(), Sort::FieldMap(Sort::Int()));
  EXPECT_TRUE(tm.is_length_field(tm.length_field()));
  EXPECT_FALSE(tm.is_length_field(tm.mk_field("Foo", "length", "I")));

  Term m = tm.mk_method("NewCarList", "iterator", "()Ljava/util/Iterator;");
  Term s = tm.mk_signature("NewCarList", "iterator", "()Ljava/util/Iterator;");
  EXPECT_NE(m, s);  // a method and a signature are different sorts
  EXPECT_EQ(m.sort(), Sort::Method());
  EXPECT_EQ(s.sort(), Sort::Signature());
  EXPECT_EQ(tm.method_info(s).name, "iterator");

  Term a = tm.mk_array_map(ArrayKind::kByte);
  EXPECT_EQ(a.sort(), Sort::ArrayMap(Sort::Int()));
  EXPECT_NE(a, tm.mk_array_map(ArrayKind::kBoolean));
  EXPECT_EQ(tm.array_kind(a), ArrayKind::kByte);
  EXPECT_EQ(tm.mk_array_map(ArrayKind::kRef).sort(), Sort::ArrayMap(Sort::Ref()));
}

TEST(TermManager, StringLiteralsAreInternedReferences) {
  TermManager tm;
  Term s = tm.mk_string("hello");
  EXPECT_EQ(tm.mk_string("hello"), s);
  EXPECT_EQ(s.sort(), Sort::Ref());
  EXPECT_EQ(tm.string_value(s), "hello");
  EXPECT_TRUE(tm.mk_eq(s, tm.mk_string("world")).is_false());
  EXPECT_TRUE(tm.mk_eq(s, tm.mk_null()).is_false());
  EXPECT_EQ(tm.mk_type_of(s), tm.string_type());
}

TEST(TermManager, FreshObjectsAreNumbered) {
  TermManager tm;
  Term car = tm.mk_type("Car");
  Term f1 = tm.mk_fresh(car);
  Term f2 = tm.mk_fresh(car);
  EXPECT_NE(f1, f2);
  EXPECT_EQ(f1.payload() + 1, f2.payload());
  EXPECT_EQ(tm.mk_fresh(car, static_cast<uint32_t>(f1.payload())), f1);
  EXPECT_TRUE(tm.mk_eq(f1, f2).is_false());
  EXPECT_TRUE(tm.mk_eq(f1, tm.mk_null()).is_false());
  EXPECT_TRUE(tm.mk_eq(f1, f1).is_true());
  EXPECT_EQ(tm.mk_type_of(f1), car);
  EXPECT_TRUE(f1.has(kHasFresh));
  Term explicit_n = tm.mk_fresh(car, 100);
  EXPECT_EQ(tm.mk_fresh(car).payload(), 101u);  // numbering continues above
  EXPECT_EQ(explicit_n.payload(), 100u);
  // A fresh object is NOT folded unequal to a variable (that is the
  // simplifier's call).
  Term x = tm.mk_var("x", Sort::Ref());
  EXPECT_TRUE(tm.mk_eq(f1, x).is(TermKind::kEq));
}

TEST(TermManager, DefaultValues) {
  TermManager tm;
  EXPECT_EQ(tm.mk_default(Sort::Int()), tm.mk_int(0));
  EXPECT_EQ(tm.mk_default(Sort::Long()), tm.mk_long(0));
  EXPECT_EQ(tm.mk_default(Sort::Float()), tm.mk_float(0.0f));
  EXPECT_EQ(tm.mk_default(Sort::Double()), tm.mk_double(0.0));
  EXPECT_EQ(tm.mk_default(Sort::Ref()), tm.mk_null());
  EXPECT_EQ(tm.mk_default(Sort::Bool()), tm.mk_false());
}

TEST(TermManager, GenericConstructionAndRebuild) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term five = tm.mk_int(5);
  Term sum = tm.mk(TermKind::kAdd, std::vector<Term>{x, five});
  EXPECT_EQ(sum, tm.mk_add(x, five));
  // Rebuilding with the same arguments returns the term itself.
  EXPECT_EQ(tm.rebuild(sum, sum.args()), sum);
  // Rebuilding with constants folds.
  Term args[] = {tm.mk_int(2), five};
  EXPECT_EQ(tm.rebuild(sum, args), tm.mk_int(7));
  // Fresh keeps its number.
  Term fa = tm.mk_fresh_array(tm.mk_type("[I"), x);
  Term rebuilt_args[] = {fa.arg(0), five};
  Term fb = tm.rebuild(fa, rebuilt_args);
  EXPECT_EQ(fb.payload(), fa.payload());
  EXPECT_EQ(fb.arg(1), five);
}

TEST(TermManager, KindTable) {
  EXPECT_EQ(term_kind_name(TermKind::kAdd), "add");
  EXPECT_EQ(term_kind_name(TermKind::kARead), "aread");
  EXPECT_EQ(term_kind_min_args(TermKind::kAUpdate), 4);
  EXPECT_EQ(term_kind_max_args(TermKind::kAnd), -1);
  EXPECT_EQ(term_kind_min_args(TermKind::kFresh), 1);
  EXPECT_EQ(term_kind_max_args(TermKind::kFresh), 2);
  EXPECT_EQ(term_kind_name(TermKind::kDispatch), "dispatch");
  EXPECT_EQ(term_kind_name(TermKind::kClassOf), "class_of");
}

TEST(TermManager, SortsAndNames) {
  EXPECT_EQ(sort_name(Sort::Int()), "int");
  EXPECT_EQ(sort_name(Sort::FieldMap(Sort::Ref())), "FieldMap<Ref>");
  EXPECT_EQ(sort_name(Sort::ArrayMap(Sort::Double())), "ArrayMap<double>");
  EXPECT_EQ(Sort::FieldMap(Sort::Int()).element(), Sort::Int());
  EXPECT_NE(Sort::FieldMap(Sort::Int()), Sort::ArrayMap(Sort::Int()));
  EXPECT_NE(Sort::FieldMap(Sort::Int()), Sort::FieldMap(Sort::Long()));
  EXPECT_EQ(Sort::Long().width(), 64);
  Sort s;
  EXPECT_TRUE(descriptor_sort("[[I", &s));
  EXPECT_EQ(s, Sort::Ref());
  EXPECT_TRUE(descriptor_sort("C", &s));
  EXPECT_EQ(s, Sort::Int());
  EXPECT_FALSE(descriptor_sort("", &s));
  EXPECT_FALSE(descriptor_sort("V", &s));
  EXPECT_EQ(array_kind_sort(ArrayKind::kChar), Sort::Int());
  EXPECT_EQ(array_kind_descriptor(ArrayKind::kLong), 'J');
}

using TermManagerDeathTest = ::testing::Test;

TEST(TermManagerDeathTest, SortMismatchIsABug) {
  TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Long());
  EXPECT_DEATH(tm.mk_add(x, y), "check failed.*\\+: sorts int and long");
  EXPECT_DEATH(tm.mk_var("x", Sort::Long()), "variable 'x' asked for as long but it is int");
  EXPECT_DEATH(tm.mk_field("C", "f", "Q"), "bad field descriptor 'Q'");
  EXPECT_DEATH(tm.mk_update(tm.length_field(), tm.mk_var("a", Sort::Ref()), x),
               "array lengths are never updated");
  EXPECT_DEATH(tm.mk_lt(tm.mk_float(1), tm.mk_float(2)), "<: sorts float and float");
}

}  // namespace
}  // namespace jwp::logic
