// The paper's formulas (PLDI'09, Section 4.1, the example of Figure 1),
// built the way the wp layer will build them; shared by the printer tests.
#ifndef JWP_TESTS_LOGIC_PAPER_TERMS_H_
#define JWP_TESTS_LOGIC_PAPER_TERMS_H_

#include "logic/minterm.h"
#include "logic/term_manager.h"

namespace jwp::logic::testing {

// Phases 3 and 4: the precondition at entrypoint(c):
//   c != null && c.elems != null && c.elems.length > 0 && c.elems[0] != null
//   && c.elems[0].year != 2009 && c instanceof NewCarList
inline Minterm figure1_precondition(TermManager& tm) {
  Term c = tm.mk_var("c", Sort::Ref());
  Term elems = tm.mk_field("NewCarList", "elems", "[LCar;");
  Term year = tm.mk_field("Car", "year", "I");
  Term refs = tm.mk_array_map(ArrayKind::kRef);
  Term ce = tm.mk_read(elems, c);
  Term ce0 = tm.mk_aread(refs, ce, tm.mk_int(0));
  Term lits[] = {
      tm.mk_ne(c, tm.mk_null()),
      tm.mk_ne(ce, tm.mk_null()),
      tm.mk_gt(tm.mk_length(ce), tm.mk_int(0)),
      tm.mk_ne(ce0, tm.mk_null()),
      tm.mk_ne(tm.mk_read(year, ce0), tm.mk_int(2009)),
      tm.mk_instance_of(c, tm.mk_type("NewCarList")),
  };
  return Minterm::of(tm, lits);
}

// Phase 1: the calls to iterator() (line 32), hasNext() (33) and next()
// (34) skipped, with their skolems, met in backward order.
inline Minterm phase1_formula(TermManager& tm) {
  Term c = tm.mk_var("c", Sort::Ref());
  Term year = tm.mk_field("Car", "year", "I");
  Term sm_n = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 34);
  Term sr_n = tm.fresh_skolem(SkolemKind::kRet, Sort::Ref(), 34);
  Term sy_n = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 34, year);
  Term sm_h = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 33);
  Term sr_h = tm.fresh_skolem(SkolemKind::kRet, Sort::Int(), 33);  // boolean: an int
  Term sy_h = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 33, year);
  Term sm_i = tm.fresh_skolem(SkolemKind::kMethod, Sort::Method(), 32);
  Term sr_i = tm.fresh_skolem(SkolemKind::kRet, Sort::Ref(), 32);
  Term sy_i = tm.fresh_skolem(SkolemKind::kHeap, year.sort(), 32, year);
  Term iterator = tm.mk_type("java/util/Iterator");
  Term next = tm.mk_signature("java/util/Iterator", "next", "()Ljava/lang/Object;");
  Term has_next = tm.mk_signature("java/util/Iterator", "hasNext", "()Z");
  Term iter = tm.mk_signature("java/util/Collection", "iterator", "()Ljava/util/Iterator;");
  Term heap = tm.mk_mod(tm.mk_mod(tm.mk_mod(year, sy_i), sy_h), sy_n);
  Term lits[] = {
      tm.mk_eq(sm_n, tm.mk_dispatch(tm.mk_type_of(sr_i), next)),
      tm.mk_eq(sm_h, tm.mk_dispatch(tm.mk_type_of(sr_i), has_next)),
      tm.mk_eq(sm_i, tm.mk_dispatch(tm.mk_type_of(c), iter)),
      tm.mk_ne(tm.mk_read(heap, sr_n), tm.mk_int(2009)),
      tm.mk_eq(sr_h, tm.mk_int(1)),
      tm.mk_ne(c, tm.mk_null()),
      tm.mk_ne(sr_n, tm.mk_null()),
      tm.mk_ne(sr_i, tm.mk_null()),
      tm.mk_instance_of(sr_n, tm.mk_type("Car")),
      tm.mk_instance_of(sr_i, iterator),
      tm.mk_instance_of(c, tm.mk_type("NewCarList")),
  };
  return Minterm::of(tm, lits);
}

}  // namespace jwp::logic::testing

#endif  // JWP_TESTS_LOGIC_PAPER_TERMS_H_
