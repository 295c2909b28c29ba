// Heap, type and dispatch terms (Table 2; term.h rules 9-11).
#include <gtest/gtest.h>

#include "logic/term_manager.h"

namespace jwp::logic {
namespace {

class HeapTest : public ::testing::Test {
 protected:
  TermManager tm;
  Term year = tm.mk_field("Car", "year", "I");
  Term next = tm.mk_field("Node", "next", "LNode;");
  Term ints = tm.mk_array_map(ArrayKind::kInt);
  Term refs = tm.mk_array_map(ArrayKind::kRef);
  Term a = tm.mk_var("a", Sort::Ref());
  Term b = tm.mk_var("b", Sort::Ref());
  Term i = tm.mk_var("i", Sort::Int());
  Term j = tm.mk_var("j", Sort::Int());
  Term v = tm.mk_var("v", Sort::Int());
  Term w = tm.mk_var("w", Sort::Int());
  Term car = tm.mk_type("Car");
};

TEST_F(HeapTest, ReadAndUpdateSorts) {
  Term r = tm.mk_read(year, a);
  EXPECT_EQ(r.sort(), Sort::Int());
  EXPECT_TRUE(r.is(TermKind::kRead));
  EXPECT_EQ(tm.mk_read(next, a).sort(), Sort::Ref());
  Term u = tm.mk_update(year, a, v);
  EXPECT_EQ(u.sort(), year.sort());
  EXPECT_EQ(tm.mk_length(a), tm.mk_read(tm.length_field(), a));
  EXPECT_EQ(tm.mk_aread(refs, a, i).sort(), Sort::Ref());
  EXPECT_EQ(tm.mk_aupdate(ints, a, i, v).sort(), ints.sort());
  EXPECT_TRUE(tm.mk_read(year, a).has(kHasFieldMap));
  EXPECT_TRUE(tm.mk_aread(ints, a, i).has(kHasArrayMap));
}

TEST_F(HeapTest, ReadOverUpdate) {
  // read(update(f, a, v), a) -> v (the paper's first array axiom).
  EXPECT_EQ(tm.mk_read(tm.mk_update(year, a, v), a), v);
  // Unknown whether a == b: the read stays.
  Term r = tm.mk_read(tm.mk_update(year, a, v), b);
  EXPECT_TRUE(r.is(TermKind::kRead));
  EXPECT_TRUE(r.arg(0).is(TermKind::kUpdate));
  // Known different (fresh objects, null): skip the update.
  Term f1 = tm.mk_fresh(car), f2 = tm.mk_fresh(car);
  EXPECT_EQ(tm.mk_read(tm.mk_update(year, f1, v), f2), tm.mk_int(0));
  EXPECT_EQ(tm.mk_read(tm.mk_update(tm.mk_update(year, f1, v), a, w), a), w);
  Term chain = tm.mk_update(tm.mk_update(year, a, v), f1, w);
  EXPECT_EQ(tm.mk_read(chain, f1), w);
  EXPECT_EQ(tm.mk_read(chain, tm.mk_null()), tm.mk_read(tm.mk_update(year, a, v), tm.mk_null()));
}

TEST_F(HeapTest, UpdateOverUpdate) {
  EXPECT_EQ(tm.mk_update(tm.mk_update(year, a, v), a, w), tm.mk_update(year, a, w));
  EXPECT_EQ(tm.mk_update(year, a, tm.mk_read(year, a)), year);
  Term u = tm.mk_update(tm.mk_update(year, a, v), b, w);
  EXPECT_EQ(u.arg(0), tm.mk_update(year, a, v));  // different indices stay nested
}

TEST_F(HeapTest, ArrayReadOverUpdate) {
  EXPECT_EQ(tm.mk_aread(tm.mk_aupdate(ints, a, i, v), a, i), v);
  // Same array, indices known different: skip.
  EXPECT_EQ(tm.mk_aread(tm.mk_aupdate(ints, a, tm.mk_int(1), v), a, tm.mk_int(0)),
            tm.mk_aread(ints, a, tm.mk_int(0)));
  // Known different arrays.
  Term arr_t = tm.mk_type("[I");
  Term fa = tm.mk_fresh_array(arr_t, tm.mk_int(10));
  EXPECT_EQ(tm.mk_aread(tm.mk_aupdate(ints, fa, i, v), tm.mk_null(), i),
            tm.mk_aread(ints, tm.mk_null(), i));
  // Unknown: stays.
  EXPECT_TRUE(tm.mk_aread(tm.mk_aupdate(ints, a, i, v), a, j).arg(0).is(TermKind::kAUpdate));
  EXPECT_TRUE(tm.mk_aread(tm.mk_aupdate(ints, a, i, v), b, i).arg(0).is(TermKind::kAUpdate));
  EXPECT_EQ(tm.mk_aupdate(tm.mk_aupdate(ints, a, i, v), a, i, w), tm.mk_aupdate(ints, a, i, w));
  EXPECT_EQ(tm.mk_aupdate(ints, a, i, tm.mk_aread(ints, a, i)), ints);
}

TEST_F(HeapTest, FreshObjectsHaveDefaults) {
  Term f = tm.mk_fresh(car);
  EXPECT_EQ(tm.mk_read(year, f), tm.mk_int(0));
  EXPECT_EQ(tm.mk_read(next, f), tm.mk_null());
  EXPECT_EQ(tm.mk_read(tm.mk_field("Car", "price", "D"), f), tm.mk_double(0.0));
  EXPECT_EQ(tm.mk_read(tm.mk_field("Car", "id", "J"), f), tm.mk_long(0));
  Term arr = tm.mk_fresh_array(tm.mk_type("[I"), i);
  EXPECT_EQ(tm.mk_length(arr), i);
  EXPECT_EQ(tm.mk_aread(ints, arr, j), tm.mk_int(0));
  EXPECT_EQ(tm.mk_aread(refs, tm.mk_fresh_array(tm.mk_type("[LCar;"), j), i), tm.mk_null());
  // Writes after the allocation are seen.
  EXPECT_EQ(tm.mk_read(tm.mk_update(year, f, v), f), v);
  // mod terms hide the default: no folding through them.
  Term sigma = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 0, year);
  EXPECT_TRUE(tm.mk_read(tm.mk_mod(year, sigma), f).is(TermKind::kRead));
  // The length of a non-array fresh object is left alone.
  EXPECT_TRUE(tm.mk_length(f).is(TermKind::kRead));
}

TEST_F(HeapTest, ModOfSkippedCalls) {
  Term s1 = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 1, year);
  Term s2 = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 2, year);
  Term m = tm.mk_mod(tm.mk_mod(year, s1), s2);
  EXPECT_EQ(m.sort(), year.sort());
  EXPECT_TRUE(m.has(kHasMod));
  EXPECT_TRUE(m.has(kHasSkolem));
  Term r = tm.mk_read(m, a);
  EXPECT_TRUE(r.has(kHasSkolem));
  Term sa = tm.fresh_skolem(SkolemKind::kHeap, refs.sort(), 1, refs);
  EXPECT_EQ(tm.mk_mod(refs, sa).sort(), refs.sort());
}

TEST_F(HeapTest, TypesAndDispatch) {
  Term t = tm.mk_type_of(a);
  EXPECT_EQ(t.sort(), Sort::Type());
  EXPECT_TRUE(tm.mk_sub_type(t, t).is_true());
  EXPECT_TRUE(tm.mk_sub_type(t, tm.object_type()).is_true());
  EXPECT_TRUE(tm.mk_sub_type(tm.mk_type("[I"), tm.object_type()).is_true());
  Term inst = tm.mk_instance_of(a, tm.mk_type("NewCarList"));
  EXPECT_TRUE(inst.is(TermKind::kSubType));
  EXPECT_EQ(inst.arg(0), t);
  // Hierarchy facts are the simplifier's: two classes stay symbolic.
  EXPECT_TRUE(tm.mk_sub_type(tm.mk_type("A"), tm.mk_type("B")).is(TermKind::kSubType));
  Term f = tm.mk_fresh(car);
  EXPECT_EQ(tm.mk_type_of(f), car);
  EXPECT_TRUE(tm.mk_instance_of(f, car).is_true());
  Term sig = tm.mk_signature("java/util/Iterator", "next", "()Ljava/lang/Object;");
  Term d = tm.mk_dispatch(t, sig);
  EXPECT_EQ(d.sort(), Sort::Method());
  Term sm = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 7);
  EXPECT_TRUE(tm.mk_eq(sm, d).is(TermKind::kEq));
  EXPECT_TRUE(tm.mk_eq(tm.mk_method("A", "m", "()V"), tm.mk_method("A", "m", "()V")).is_true());
}

// Rule 12: class objects.
TEST_F(HeapTest, ClassObjects) {
  Term string_class = tm.mk_class_of(tm.string_type());
  EXPECT_EQ(string_class.sort(), Sort::Ref());
  EXPECT_EQ(tm.mk_class_of(tm.string_type()), string_class);  // one per type
  EXPECT_EQ(tm.mk_type_of(string_class), tm.class_type());
  EXPECT_TRUE(tm.mk_eq(string_class, tm.mk_class_of(tm.mk_type("java/lang/Integer"))).is_false());
  EXPECT_TRUE(tm.mk_eq(string_class, tm.mk_null()).is_false());
  EXPECT_TRUE(tm.mk_eq(string_class, tm.mk_string("java.lang.String")).is_false());
  EXPECT_TRUE(tm.mk_eq(string_class, tm.mk_fresh(car)).is_false());
  // getClass() of an unknown object: not folded against null (rule 12
  // folds it all the same), a variable stays symbolic.
  Term of_a = tm.mk_class_of(tm.mk_type_of(a));
  EXPECT_TRUE(tm.mk_eq(of_a, tm.mk_null()).is_false());
  EXPECT_TRUE(tm.mk_eq(of_a, a).is(TermKind::kEq));
  // Injective: a.getClass() == String.class is typeOf(a) == String.
  EXPECT_EQ(tm.mk_eq(of_a, string_class), tm.mk_eq(tm.mk_type_of(a), tm.string_type()));
  // classType inverts classOf; of any other reference it stays a term.
  EXPECT_EQ(tm.mk_class_type(string_class), tm.string_type());
  EXPECT_EQ(tm.mk_class_type(of_a), tm.mk_type_of(a));
  EXPECT_TRUE(tm.mk_class_type(a).is(TermKind::kClassType));
  // A read at a class literal folds over an update at another object only
  // when that one is a distinct value too.
  Term val = tm.mk_field("X", "v", "I");
  EXPECT_EQ(tm.mk_read(tm.mk_update(val, tm.mk_null(), tm.mk_int(1)), string_class), tm.mk_read(val, string_class));
}

// Rule 13: the element type of a reference array type.
TEST_F(HeapTest, ElementTypesOfArrayTypes) {
  EXPECT_EQ(tm.mk_elem_type(tm.mk_type("[Ljava/lang/String;")), tm.string_type());
  EXPECT_EQ(tm.mk_elem_type(tm.mk_type("[[I")), tm.mk_type("[I"));
  EXPECT_EQ(tm.mk_elem_type(tm.mk_type("[[Ljava/lang/String;")), tm.mk_type("[Ljava/lang/String;"));
  // Of a new array: its element type (typeOf folds first).
  EXPECT_EQ(tm.mk_elem_type(tm.mk_type_of(tm.mk_fresh_array(tm.mk_type("[Ljava/lang/Integer;"), tm.mk_int(2)))),
            tm.mk_type("java/lang/Integer"));
  // Of an unknown array's type, and of a class type: a term.
  EXPECT_TRUE(tm.mk_elem_type(tm.mk_type_of(a)).is(TermKind::kElemType));
  EXPECT_TRUE(tm.mk_elem_type(tm.string_type()).is(TermKind::kElemType));
}

using HeapDeathTest = HeapTest;

TEST_F(HeapDeathTest, IllSortedHeapTermsAreBugs) {
  EXPECT_DEATH(tm.mk_read(year, i), "read at a int");
  EXPECT_DEATH(tm.mk_update(year, a, a), "update of a FieldMap<int> with a Ref");
  EXPECT_DEATH(tm.mk_aread(ints, a, a), "aread at Ref, Ref");
  EXPECT_DEATH(tm.mk_mod(year, v), "needs a skolem");
  EXPECT_DEATH(tm.mk_fresh_array(car, i), "non-array type");
}

}  // namespace
}  // namespace jwp::logic
