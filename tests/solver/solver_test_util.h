// Helpers for the solver tests: a fixture with a TermManager and a Solver,
// and a small fake class hierarchy (FakeTypeFacts) for the type axioms.
#ifndef JWP_TESTS_SOLVER_SOLVER_TEST_UTIL_H_
#define JWP_TESTS_SOLVER_SOLVER_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "logic/printer.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"
#include "solver/solver.h"

namespace jwp::solver::testing {

// A closed hierarchy:
//   java/lang/Object
//   ├── t/A (abstract, implements t/I)
//   │   ├── t/B
//   │   │   └── t/C (final)
//   │   └── t/D (final)
//   ├── t/E
//   └── java/lang/String (final)
//   t/I (interface)
// Dispatch of t/I.m()I: t/A.m()I for B and D, t/C.m()I for C; none for E.
class FakeTypeFacts final : public types::TypeFacts {
 public:
  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override {
    if (sub == super || super == "java/lang/Object") return true;
    if (!is_known(sub) || !is_known(super)) return std::nullopt;
    for (std::string_view s = sub; !s.empty(); s = parent(s)) {
      if (s == super) return true;
    }
    if (super == "t/I") return sub == "t/A" || sub == "t/B" || sub == "t/C" || sub == "t/D";
    return false;
  }
  bool is_known(std::string_view t) const override {
    for (std::string_view k : kAll) {
      if (k == t) return true;
    }
    return false;
  }
  bool is_final(std::string_view t) const override {
    return t == "t/C" || t == "t/D" || t == "java/lang/String";
  }
  bool is_instantiable(std::string_view t) const override {
    return is_known(t) && t != "t/A" && t != "t/I";
  }
  TypeList concrete_subtypes(std::string_view type, size_t limit) const override {
    TypeList out;
    out.complete = true;
    for (std::string_view k : kAll) {
      if (!is_instantiable(k) || is_subtype(k, type) != std::optional<bool>(true)) continue;
      if (out.types.size() >= limit) {
        out.complete = false;
        break;
      }
      out.types.emplace_back(k);
    }
    return out;
  }
  std::optional<types::MethodName> dispatch(std::string_view receiver, std::string_view owner,
                                                 std::string_view name,
                                                 std::string_view desc) const override {
    if (owner != "t/I" || name != "m" || desc != "()I") return std::nullopt;
    if (receiver == "t/C") return types::MethodName{"t/C", "m", "()I"};
    if (receiver == "t/B" || receiver == "t/D" || receiver == "t/A") {
      return types::MethodName{"t/A", "m", "()I"};
    }
    return std::nullopt;
  }

 private:
  static std::string_view parent(std::string_view t) {
    if (t == "t/B" || t == "t/D") return "t/A";
    if (t == "t/C") return "t/B";
    if (t == "java/lang/Object") return "";
    return "java/lang/Object";
  }
  static constexpr std::string_view kAll[] = {"java/lang/Object", "t/A", "t/B", "t/C",
                                              "t/D", "t/E", "java/lang/String", "t/I"};
};

class SolverTest : public ::testing::Test {
 protected:
  using Term = logic::Term;
  using Sort = logic::Sort;

  SolverTest() { make_solver({}); }

  void make_solver(SolverOptions options) {
    solver_ = std::make_unique<Solver>(tm_, std::move(options));
  }

  CheckResult run(std::initializer_list<Term> ts, bool witness = false) {
    std::vector<Term> v(ts);
    return solver_->check(v, witness);
  }
  SatAnswer answer(std::initializer_list<Term> ts) { return run(ts).answer; }
  // The answer for the negation of `t` (kUnsat: t is valid).
  SatAnswer negated(Term t) { return answer({tm_.mk_not(t)}); }

  std::string java(Term t) { return logic::to_java(tm_, t); }

  Term i(int32_t v) { return tm_.mk_int(v); }
  Term l(int64_t v) { return tm_.mk_long(v); }
  Term f(float v) { return tm_.mk_float(v); }
  Term d(double v) { return tm_.mk_double(v); }
  Term var(std::string_view name, Sort s) { return tm_.mk_var(name, s); }
  Term eq(Term a, Term b) { return tm_.mk_eq(a, b); }
  Term ne(Term a, Term b) { return tm_.mk_ne(a, b); }

  logic::TermManager tm_;
  std::unique_ptr<Solver> solver_;
};

}  // namespace jwp::solver::testing

#endif  // JWP_TESTS_SOLVER_SOLVER_TEST_UTIL_H_
