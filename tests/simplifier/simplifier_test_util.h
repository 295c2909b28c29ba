// Shared fixture for the simplifier's unit tests: a TermManager, a few
// variables of each sort, minterm construction, and the Z3 differential
// check (input <=> output, after KLEE's SolverTest) for rules that need no
// H4 or T* axiom (those are not in the SMT-LIB background).
#ifndef JWP_TESTS_SIMPLIFIER_SIMPLIFIER_TEST_UTIL_H_
#define JWP_TESTS_SIMPLIFIER_SIMPLIFIER_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

#include "logic/minterm.h"
#include "logic/printer.h"
#include "logic/term_manager.h"
#include "simplifier/simplifier.h"
#include "tests/logic/z3_util.h"

namespace jwp::simplifier::testing {

using types::TypeFacts;

using logic::Minterm;
using logic::Sort;
using logic::Term;
using logic::TermKind;

class SimplifierTest : public ::testing::Test {
 protected:
  logic::TermManager tm;
  Term x = tm.mk_var("x", Sort::Int());
  Term y = tm.mk_var("y", Sort::Int());
  Term z = tm.mk_var("z", Sort::Int());
  Term lx = tm.mk_var("lx", Sort::Long());
  Term ly = tm.mk_var("ly", Sort::Long());
  Term p = tm.mk_var("p", Sort::Bool());
  Term q = tm.mk_var("q", Sort::Bool());
  Term a = tm.mk_var("a", Sort::Ref());
  Term b = tm.mk_var("b", Sort::Ref());
  Term c = tm.mk_var("c", Sort::Ref());

  Term i(int32_t v) { return tm.mk_int(v); }
  Term l(int64_t v) { return tm.mk_long(v); }
  Minterm M(std::initializer_list<Term> lits) { return Minterm::of(tm, lits); }
  Term T(const Minterm& m) { return m.is_true() ? tm.mk_true() : m.term(); }
  std::string J(const Minterm& m) { return logic::to_java(tm, m); }

  Minterm simplify(const Minterm& m, const TypeFacts* types = nullptr,
                   SimplifierOptions options = {}) {
    Simplifier s(tm, types, options);
    return s.simplify(m);
  }

  // Z3: in <=> out under V1-V2, H1-H3 (the printer's background). 1 when
  // equivalent, 0 when not, -1 unknown, -2 parse error (printed).
  int z3_equivalent(const Minterm& in, const Minterm& out) {
    Term differ = tm.mk_not(tm.mk_eq(T(in), T(out)));
    logic::SmtLibOptions options;
    std::string script = logic::to_smtlib(tm, std::span<const Term>(&differ, 1), options);
    logic::testing::Z3Answer answer = logic::testing::z3_check(script);
    if (!answer.parsed) {
      ADD_FAILURE() << answer.error << "\n" << script;
      return -2;
    }
    return answer.sat == 0 ? 1 : answer.sat == 1 ? 0 : -1;
  }

  // simplify(in), checked equivalent by Z3.
  Minterm checked(const Minterm& in, SimplifierOptions options = {}) {
    Minterm out = simplify(in, nullptr, options);
    EXPECT_EQ(z3_equivalent(in, out), 1) << J(in) << "  ~~>  " << J(out);
    return out;
  }
};

}  // namespace jwp::simplifier::testing

#endif  // JWP_TESTS_SIMPLIFIER_SIMPLIFIER_TEST_UTIL_H_
