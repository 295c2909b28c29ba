// A small randomized differential check of the whole simplifier against Z3
// (fixed seed; the lead's property test in tests/solver/ is the large one):
// random minterms over int/long arithmetic, comparisons, conversions, lcmp,
// field and array reads over updates, Bool atoms and disjunctions; no fresh
// objects or types (H4 and T* are not in the SMT-LIB background).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

class RandomMinterms : public SimplifierTest {
 protected:
  std::mt19937 rng{20091};
  Term year = tm.mk_field("Car", "year", "I");
  Term next = tm.mk_field("Node", "next", "LNode;");
  Term ints = tm.mk_array_map(logic::ArrayKind::kInt);

  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }
  Term int_const() {
    static const int32_t kValues[] = {-1, 0, 1, 2, 5, 10, INT32_MIN, INT32_MAX};
    return i(kValues[pick(8)]);
  }
  Term ref(int depth) {
    switch (depth <= 0 ? pick(2) : pick(5)) {
      case 0: return pick(2) ? a : b;
      case 1: return pick(3) ? c : tm.mk_null();
      case 2: return tm.mk_read(next, ref(depth - 1));
      case 3: return tm.mk_read(tm.mk_update(next, ref(depth - 1), ref(depth - 1)), ref(depth - 1));
      default: return a;
    }
  }
  Term int_term(int depth) {
    switch (depth <= 0 ? pick(2) : pick(11)) {
      case 0: { Term v[] = {x, y, z}; return v[pick(3)]; }
      case 1: return int_const();
      case 2: return tm.mk_add(int_term(depth - 1), int_const());
      case 3: return tm.mk_length(ref(depth - 1));
      case 4: return tm.mk_read(year, ref(depth - 1));
      case 5: return tm.mk_read(tm.mk_update(year, ref(depth - 1), int_term(depth - 1)), ref(depth - 1));
      case 6: return tm.mk_aread(tm.mk_aupdate(ints, ref(depth - 1), int_term(depth - 1), int_term(depth - 1)),
                                 ref(depth - 1), int_term(depth - 1));
      case 7: return tm.mk_lcmp(long_term(depth - 1), long_term(depth - 1));
      case 8: return tm.mk_ite(atom(depth - 1), int_const(), int_const());
      case 9: return tm.mk_mul(int_term(depth - 1), int_const());
      default: return tm.mk_sub(int_term(depth - 1), int_term(depth - 1));
    }
  }
  Term long_term(int depth) {
    switch (depth <= 0 ? pick(2) : pick(4)) {
      case 0: return pick(2) ? lx : ly;
      case 1: return l(pick(2) ? 3 : int64_t{1} << 35);
      case 2: return tm.mk_i2l(int_term(depth - 1));
      default: return tm.mk_add(long_term(depth - 1), l(1));
    }
  }
  Term atom(int depth) {
    switch (pick(8)) {
      case 0: return tm.mk_lt(int_term(depth), int_term(depth));
      case 1: return tm.mk_le(int_term(depth), int_term(depth));
      case 2: return tm.mk_eq(int_term(depth), int_term(depth));
      case 3: return tm.mk_eq(ref(depth), ref(depth));
      case 4: return tm.mk_lt(long_term(depth), long_term(depth));
      case 5: return pick(2) ? p : q;
      case 6: return depth > 0 ? tm.mk_or(literal(depth - 1), literal(depth - 1)) : p;
      default: return tm.mk_eq(int_term(depth), int_const());
    }
  }
  Term literal(int depth) {
    Term t = atom(depth);
    return pick(3) == 0 ? tm.mk_not(t) : t;
  }
};

TEST_F(RandomMinterms, SimplifiedIsEquivalentUnderZ3) {
  // JWP_SIMPLIFIER_RANDOM_COUNT and JWP_SIMPLIFIER_RANDOM_SEED give longer runs.
  // Under the sanitizers half as many: Z3's allocations go through ASan's
  // allocator too (47 s for 300), and the 10,000 minterms of the optimized
  // build's property test check the equivalences (tests/CMakeLists.txt).
#ifdef JWP_SANITIZED_BUILD
  int count = 150;
#else
  int count = 300;
#endif
  if (const char* e = std::getenv("JWP_SIMPLIFIER_RANDOM_COUNT")) count = std::atoi(e);
  if (const char* e = std::getenv("JWP_SIMPLIFIER_RANDOM_SEED")) rng.seed(std::atoi(e));
  int checked_count = 0, proved_false = 0, unknown = 0;
  double simplify_seconds = 0;
  Simplifier s(tm);
  for (int n = 0; n < count; ++n) {
    std::vector<Term> lits;
    const int size = 1 + pick(6);
    for (int k = 0; k < size; ++k) lits.push_back(literal(2));
    Minterm in = Minterm::of(tm, lits);
    auto start = std::chrono::steady_clock::now();
    Minterm out = s.simplify(in);
    simplify_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int eq = z3_equivalent(in, out);
    if (eq == -1) {
      ++unknown;
      continue;
    }
    ASSERT_EQ(eq, 1) << "case " << n << ": " << J(in) << "\n  ~~> " << J(out);
    ++checked_count;
    proved_false += out.is_false() ? 1 : 0;
    // idempotent up to one more pass being no worse
    EXPECT_LE(s.simplify(out).size(), out.size());
  }
  EXPECT_GT(checked_count, count * 5 / 6);
  std::printf("random minterms: %d checked, %d proved false, %d unknown; %.0f minterms/s\n",
              checked_count, proved_false, unknown, count / std::max(simplify_seconds, 1e-9));
}

}  // namespace
}  // namespace jwp::simplifier::testing
