// The simplifier's property test (issue #4): over random minterms built from
// the whole vocabulary (tests/support/random_minterms.h), under the axioms
// of logic/AXIOMS.md with the toy hierarchy,
//   1. when the simplifier answers FALSE, Z3 finds no model of the input;
//   2. otherwise the simplified minterm is equivalent to the input: Z3 finds
//      no model of (input ∧ ¬output) ∨ (output ∧ ¬input). One query, where
//      two took 40% more time; when Z3 finds a model, each direction is
//      checked alone to say which one fails.
// A Z3 "unknown" proves nothing: such minterms are counted and reported, and
// more than --max-unknown-percent of them fails the run.
//
//   simplifier_property [--count N] [--from F] [--seed S] [--timeout-ms T]
//                       [--max-unknown-percent P] [--show K]
// --from F: the run draws the first N minterms of the seed but checks only
// those from the F-th on (the suite checks 10,000 in two halves that run
// side by side).
// Exit status 0 when every checked minterm passes, 1 on a counterexample
// (printed Java-like and as SMT-LIB), 2 on bad arguments.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include "logic/minterm.h"
#include "logic/printer.h"
#include "logic/term_manager.h"
#include "simplifier/simplifier.h"
#include "solver/solver.h"
#include "tests/support/random_minterms.h"

namespace {

using jwp::logic::Minterm;
using jwp::logic::Term;
using jwp::logic::TermManager;
using jwp::solver::SatAnswer;

struct Options {
  long count = 10000;
  long from = 0;
  uint64_t seed = 20091;
  unsigned timeout_ms = 5000;
  double max_unknown_percent = 0.5;
  int show = 0;  // print the first K simplifications
};

bool parse_args(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "simplifier_property: %s needs a value\n", name);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--count") o->count = std::strtol(value("--count"), nullptr, 10);
    else if (a == "--from") o->from = std::strtol(value("--from"), nullptr, 10);
    else if (a == "--seed") o->seed = std::strtoull(value("--seed"), nullptr, 10);
    else if (a == "--timeout-ms") o->timeout_ms = std::strtoul(value("--timeout-ms"), nullptr, 10);
    else if (a == "--max-unknown-percent") o->max_unknown_percent = std::strtod(value("--max-unknown-percent"), nullptr);
    else if (a == "--show") o->show = std::atoi(value("--show"));
    else {
      std::fprintf(stderr, "simplifier_property: unknown argument '%s'\n", a.c_str());
      return false;
    }
  }
  return o->count > 0 && o->from >= 0 && o->from < o->count;
}

const char* answer_name(SatAnswer a) {
  switch (a) {
    case SatAnswer::kSat: return "sat";
    case SatAnswer::kUnsat: return "unsat";
    case SatAnswer::kUnknown: return "unknown";
  }
  return "?";
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  if (!parse_args(argc, argv, &opt)) return 2;

  TermManager tm;
  jwp::testing::ToyTypeFacts types;
  jwp::testing::RandomMinterms gen(tm, opt.seed);
  jwp::simplifier::Simplifier simp(tm, &types);
  jwp::solver::SolverOptions sopt;
  sopt.timeout_ms = opt.timeout_ms;
  sopt.types = &types;
  jwp::solver::Solver solver(tm, sopt);

  long simplified_false = 0, unchanged = 0, changed = 0, unknown = 0, failures = 0;
  uint64_t literals_in = 0, literals_out = 0;
  auto start = std::chrono::steady_clock::now();
  long folded = 0;  // minterms already false at construction: not counted
  long skipped = 0;  // drawn before --from
  for (long k = 0; skipped + simplified_false + unchanged + changed < opt.count; ++k) {
    Minterm m = gen.next();
    if (m.is_false()) {
      ++folded;
      continue;
    }
    if (skipped < opt.from) {
      ++skipped;
      continue;
    }
    Minterm s = simp.simplify(m);
    literals_in += m.size();
    if (k < opt.show) {
      std::printf("#%ld  %s\n   => %s\n", k, to_java(tm, m).c_str(),
                  s.is_false() ? "false" : to_java(tm, s).c_str());
    }
    auto fail = [&](const char* what, SatAnswer a) {
      ++failures;
      std::printf("FAIL #%ld (seed %llu): %s (%s)\n  input:  %s\n  output: %s\n", k,
                  static_cast<unsigned long long>(opt.seed), what, answer_name(a),
                  to_java(tm, m).c_str(), s.is_false() ? "false" : to_java(tm, s).c_str());
      std::printf("--- input as SMT-LIB ---\n%s", jwp::logic::to_smtlib(tm, m).c_str());
    };
    if (s.is_false()) {
      ++simplified_false;
      auto r = solver.check(m);
      if (r.answer == SatAnswer::kSat) fail("simplifier answered FALSE, Z3 found a model", r.answer);
      if (r.answer == SatAnswer::kUnknown) ++unknown;
      continue;
    }
    literals_out += s.size();
    if (s == m) {
      ++unchanged;
      continue;
    }
    ++changed;
    // The empty minterm's term() is null: it stands for true.
    auto as_term = [&](const Minterm& x) { return x.is_true() ? tm.mk_true() : x.term(); };
    // One query: the two differ (m xor s). Only when Z3 finds a model are
    // the two directions checked apart, to say which one fails.
    const Term forward = tm.mk_and({as_term(m), tm.mk_not(as_term(s))});
    const Term backward = tm.mk_and({as_term(s), tm.mk_not(as_term(m))});
    const Term differ = tm.mk_or({forward, backward});
    auto r = solver.check(std::span<const Term>(&differ, 1));
    if (r.answer == SatAnswer::kUnknown) ++unknown;
    if (r.answer == SatAnswer::kSat) {
      auto r1 = solver.check(std::span<const Term>(&forward, 1));
      auto r2 = solver.check(std::span<const Term>(&backward, 1));
      if (r1.answer == SatAnswer::kSat) fail("input does not imply output", r1.answer);
      if (r2.answer == SatAnswer::kSat) fail("output does not imply input", r2.answer);
      if (r1.answer != SatAnswer::kSat && r2.answer != SatAnswer::kSat) {
        fail("input and output differ (neither direction alone decided)", r.answer);
      }
    }
    if (failures >= 5) break;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const long checked = simplified_false + unchanged + changed;
  std::printf(
      "simplifier_property: seed %llu, %ld minterms from the %ld-th (%ld simplified to FALSE, %ld changed, "
      "%ld unchanged; %ld more folded to false at construction), literals %llu -> %llu, "
      "%ld Z3 unknown, %ld failures, %.1f s\n",
      static_cast<unsigned long long>(opt.seed), checked, opt.from, simplified_false, changed, unchanged,
      folded,
      static_cast<unsigned long long>(literals_in), static_cast<unsigned long long>(literals_out),
      unknown, failures, secs);
  if (failures > 0) return 1;
  if (checked > 0 && 100.0 * unknown / checked > opt.max_unknown_percent) {
    std::printf("simplifier_property: too many Z3 unknowns (%ld of %ld, limit %.2f%%)\n", unknown,
                checked, opt.max_unknown_percent);
    return 1;
  }
  return 0;
}
