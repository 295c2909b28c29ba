// Simplifier throughput and the share of time spent in Z3 (issue #4,
// bench/README.md "Simplifier"). Until the wp engine records minterms, the
// corpus is generated (tests/support/random_minterms.h, fixed seed).
//
// Three passes over the same corpus:
//   simplify  Simplifier::simplify on every minterm (minterms per second);
//   z3        Solver::check on every input minterm (the final check without
//             the simplifier);
//   both      simplify, then Solver::check only on minterms not proved FALSE
//             (what the engine does at a final check).
// Also reported: how many minterms the simplifier alone proves FALSE, how
// many Z3 proves unsatisfiable, and the share of Z3's unsat that the
// simplifier catches.
//
//   simplifier_bench [--count N] [--seed S] [--timeout-ms T] [--max-literals K]
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "logic/minterm.h"
#include "logic/term_manager.h"
#include "simplifier/simplifier.h"
#include "solver/solver.h"
#include "tests/support/random_minterms.h"

namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
  long count = 20000;
  uint64_t seed = 20091;
  unsigned timeout_ms = 5000;
  int max_literals = 6;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) {
      std::fprintf(stderr, "simplifier_bench: %s needs a value\n", a.c_str());
      return 2;
    }
    if (a == "--count") count = std::strtol(argv[++i], nullptr, 10);
    else if (a == "--seed") seed = std::strtoull(argv[++i], nullptr, 10);
    else if (a == "--timeout-ms") timeout_ms = std::strtoul(argv[++i], nullptr, 10);
    else if (a == "--max-literals") max_literals = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "simplifier_bench: unknown argument '%s'\n", a.c_str());
      return 2;
    }
  }

  jwp::logic::TermManager tm;
  jwp::testing::ToyTypeFacts types;
  jwp::testing::RandomMintermOptions gopt;
  gopt.max_literals = max_literals;
  jwp::testing::RandomMinterms gen(tm, seed, gopt);
  std::vector<jwp::logic::Minterm> corpus;
  corpus.reserve(count);
  size_t literals = 0;
  for (long k = 0; k < count; ++k) {
    jwp::logic::Minterm m = gen.next();
    if (m.is_false()) continue;
    literals += m.size();
    corpus.push_back(m);
  }

  jwp::solver::SolverOptions sopt;
  sopt.timeout_ms = timeout_ms;
  sopt.types = &types;

  // Pass 1: the simplifier alone.
  jwp::simplifier::Simplifier simp(tm, &types);
  std::vector<jwp::logic::Minterm> simplified;
  simplified.reserve(corpus.size());
  auto t0 = Clock::now();
  for (const auto& m : corpus) simplified.push_back(simp.simplify(m));
  const double simplify_s = seconds_since(t0);
  size_t simp_false = 0, out_literals = 0;
  for (const auto& s : simplified) {
    if (s.is_false()) ++simp_false;
    else out_literals += s.size();
  }

  // Pass 2: Z3 on every input.
  jwp::solver::Solver z3_only(tm, sopt);
  size_t z3_unsat = 0, z3_unknown = 0, both_unsat = 0;
  t0 = Clock::now();
  for (size_t i = 0; i < corpus.size(); ++i) {
    auto r = z3_only.check(corpus[i]);
    if (r.answer == jwp::solver::SatAnswer::kUnsat) {
      ++z3_unsat;
      if (simplified[i].is_false()) ++both_unsat;
    }
    if (r.answer == jwp::solver::SatAnswer::kUnknown) ++z3_unknown;
  }
  const double z3_s = seconds_since(t0);

  // Pass 3: the engine's way: simplify, then Z3 on the survivors.
  jwp::simplifier::Simplifier simp2(tm, &types);
  jwp::solver::Solver after(tm, sopt);
  double simplify2_s = 0, z3_after_s = 0;
  for (const auto& m : corpus) {
    auto a = Clock::now();
    jwp::logic::Minterm s = simp2.simplify(m);
    auto b = Clock::now();
    simplify2_s += std::chrono::duration<double>(b - a).count();
    if (!s.is_false()) {
      (void)after.check(s);
      z3_after_s += seconds_since(b);
    }
  }

  const double n = static_cast<double>(corpus.size());
  std::printf("corpus: %zu minterms (seed %llu, up to %d literals), %.2f literals each\n",
              corpus.size(), static_cast<unsigned long long>(seed), max_literals, literals / n);
  std::printf("simplify: %.3f s, %.0f minterms/s, %.1f us each; %zu proved FALSE (%.1f%%); "
              "literals out %.2f per surviving minterm\n",
              simplify_s, n / simplify_s, 1e6 * simplify_s / n, simp_false, 100.0 * simp_false / n,
              (simplified.size() - simp_false) ? double(out_literals) / (simplified.size() - simp_false) : 0.0);
  std::printf("z3 alone: %.3f s, %.0f minterms/s, %.1f us each; %zu unsat (%.1f%%), %zu unknown\n",
              z3_s, n / z3_s, 1e6 * z3_s / n, z3_unsat, 100.0 * z3_unsat / n, z3_unknown);
  std::printf("simplifier catches %zu of Z3's %zu unsat (%.1f%%)\n", both_unsat, z3_unsat,
              z3_unsat ? 100.0 * both_unsat / z3_unsat : 0.0);
  std::printf("simplify + z3 on survivors: %.3f s (simplify %.3f s, z3 %.3f s): Z3 share %.1f%%\n",
              simplify2_s + z3_after_s, simplify2_s, z3_after_s,
              100.0 * z3_after_s / (simplify2_s + z3_after_s));
  return 0;
}
