// Test helper: parse an SMT-LIB script with Z3 (libz3, linked into the
// tests only) and check its satisfiability.
#ifndef JWP_TESTS_LOGIC_Z3_UTIL_H_
#define JWP_TESTS_LOGIC_Z3_UTIL_H_

#include <z3.h>

#include <string>

namespace jwp::logic::testing {

struct Z3Answer {
  bool parsed = false;
  std::string error;  // Z3's message when not parsed
  int sat = -2;       // 1 sat, 0 unsat, -1 unknown
};

inline Z3Answer z3_check(const std::string& script, bool solve = true) {
  Z3Answer answer;
  Z3_config cfg = Z3_mk_config();
  Z3_context ctx = Z3_mk_context(cfg);
  Z3_del_config(cfg);
  Z3_set_error_handler(ctx, nullptr);  // errors are read back, not fatal
  Z3_ast_vector v = Z3_parse_smtlib2_string(ctx, script.c_str(), 0, nullptr, nullptr, 0, nullptr,
                                            nullptr);
  if (Z3_get_error_code(ctx) != Z3_OK) {
    answer.error = Z3_get_error_msg(ctx, Z3_get_error_code(ctx));
    Z3_del_context(ctx);
    return answer;
  }
  answer.parsed = true;
  Z3_ast_vector_inc_ref(ctx, v);
  if (solve) {
    Z3_solver s = Z3_mk_solver(ctx);
    Z3_solver_inc_ref(ctx, s);
    for (unsigned i = 0; i < Z3_ast_vector_size(ctx, v); ++i) {
      Z3_solver_assert(ctx, s, Z3_ast_vector_get(ctx, v, i));
    }
    Z3_lbool r = Z3_solver_check(ctx, s);
    answer.sat = r == Z3_L_TRUE ? 1 : r == Z3_L_FALSE ? 0 : -1;
    Z3_solver_dec_ref(ctx, s);
  }
  Z3_ast_vector_dec_ref(ctx, v);
  Z3_del_context(ctx);
  return answer;
}

}  // namespace jwp::logic::testing

#endif  // JWP_TESTS_LOGIC_Z3_UTIL_H_
