// The solver chain (solver.h), after KLEE's ConstructSolverChain: the answer
// cache, then the Z3 core (encoding, axioms, check with a timeout, witness),
// then the .smt2 log of slow queries. Validation against the SMT-LIB
// printer's encoding lives in the tests (tests/solver/validation_test.cc).
#include "solver/solver.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/hash/hash.h"
#include "absl/strings/str_cat.h"
#include "solver/internal/encoder.h"
#include "solver/internal/witness_builder.h"

namespace jwp::solver {

const char* sat_answer_name(SatAnswer a) {
  switch (a) {
    case SatAnswer::kSat: return "sat";
    case SatAnswer::kUnsat: return "unsat";
    case SatAnswer::kUnknown: return "unknown";
  }
  return "?";
}

struct Solver::Impl {
  z3::context ctx;
  // The strategy for queries without floating point, built once. A
  // z3::solver made without a logic runs Z3's default tactic, which
  // simplifies, then asks a dozen probes and picks a tactic per logic; each
  // check builds and cleans up that whole tree, about 6 ms even for a
  // trivial query, more than most of jwp's queries take to solve. Z3's
  // QF_AUFBV tactic covers jwp's bit-vectors, arrays, uninterpreted
  // functions and sorts: a trivial check takes 0.5 ms, the property test's
  // 1,000 minterms 6 s instead of 9.8 s, with no more unknowns. (The
  // QF_AUFBV *logic* would not do: its SMT core leaves out the theory of
  // constant arrays and answers unknown on the H3 axioms.) Queries with
  // floats or doubles keep the default: under QF_AUFBV, Z3 treats
  // floating-point terms as uninterpreted and answers sat where IEEE
  // arithmetic says unsat (Encoding.FloatingPointKeepsItsSemanticsBesideTheHeap).
  z3::tactic without_floats{ctx, "qfaufbv"};
  // Cache: the sorted, deduplicated assertion ids -> a Sat/Unsat result.
  absl::flat_hash_map<std::vector<uint32_t>, CheckResult> cache;
};

Solver::Solver(logic::TermManager& tm, SolverOptions options)
    : tm_(tm), options_(std::move(options)), impl_(std::make_unique<Impl>()) {}

Solver::~Solver() = default;

CheckResult Solver::check(const logic::Minterm& m, bool want_witness) {
  if (m.is_true()) return check(std::span<const logic::Term>(), want_witness);
  logic::Term t = m.term();
  return check(std::span<const logic::Term>(&t, 1), want_witness);
}

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

internal::EncoderOptions encoder_options(const SolverOptions& o, bool want_witness, bool mods_as_effects = false) {
  internal::EncoderOptions e;
  e.mods_as_effects = mods_as_effects;
  e.types = o.types;
  e.max_subtypes_per_type = o.max_subtypes_per_type;
  e.type_every_reference = want_witness && o.types != nullptr;
  return e;
}

// The witness of a sat check: from the model, or, when QF_AUFBV's tactic
// gave a model that breaks a declared type or the query itself
// (witness.h, type_errors), from the general solver's.
void WitnessFrom(z3::context& ctx, const logic::TermManager& tm, const types::TypeFacts* types, internal::Encoder& enc,
                 z3::solver& s, const z3::params& p, CheckResult* result) {
  z3::model m = s.get_model();
  // A model the witness can replay, when there is one (the answer stays
  // the query's own): when the model lacks some of the encoder's
  // preferences, the query with all of them, else without the least wanted
  // group, and so on.
  const std::vector<std::vector<z3::expr>> prefs = enc.witness_preferences();
  z3::expr_vector all(ctx);
  for (const std::vector<z3::expr>& group : prefs) {
    for (const z3::expr& pref : group) all.push_back(pref);
  }
  const size_t wanted = all.empty() || m.eval(z3::mk_and(all), true).is_true() ? 0 : prefs.size();
  for (size_t n = wanted; n > 0; --n) {
    s.push();
    for (size_t g = 0; g < n; ++g) {
      for (const z3::expr& pref : prefs[g]) s.add(pref);
    }
    const bool kept = s.check() == z3::sat;
    if (kept) m = s.get_model();
    s.pop();
    if (kept) break;
  }
  internal::ModelEvaluator values(m);
  result->witness = internal::build_witness(enc, values, tm, types);
  const bool breaks_query = std::any_of(enc.assertions().begin(), enc.assertions().end(),
                                        [&](const z3::expr& a) { return values.Eval(a).is_false(); });
  if (breaks_query) result->witness->type_errors.push_back("the model falsifies an assertion of the query");
  if (!result->witness->type_errors.empty() && !enc.uses_floating_point()) {
    // QF_AUFBV's tactic gave a model that breaks a declared type or
    // the query itself (witness.h, type_errors): the general
    // solver's may not.
    z3::solver general(ctx);
    general.set(p);
    for (const z3::expr& a : enc.axioms()) general.add(a);
    for (const z3::expr& a : enc.assertions()) general.add(a);
    if (general.check() == z3::sat) {
      const z3::model general_model = general.get_model();
      internal::ModelEvaluator general_values(general_model);
      Witness again = internal::build_witness(enc, general_values, tm, types);
      if (again.type_errors.empty()) {
        again.notes.push_back("model from Z3's general solver (the QF_AUFBV tactic's broke a declared type)");
        result->witness = std::move(again);
      }
    }
  }
  for (const std::string& a : result->assumptions) result->witness->notes.push_back(a);
}

}  // namespace

std::string Solver::to_smt2(std::span<const logic::Term> assertions) {
  try {
    internal::Encoder enc(impl_->ctx, tm_, encoder_options(options_, false));
    enc.encode(assertions);
    z3::solver s(impl_->ctx);
    for (const z3::expr& a : enc.axioms()) s.add(a);
    for (const z3::expr& a : enc.assertions()) s.add(a);
    return s.to_smt2();
  } catch (const z3::exception& e) {
    return absl::StrCat("; z3 error: ", e.msg(), "\n");
  }
}

bool Solver::solve(std::span<const logic::Term> assertions, bool want_witness, bool mods_as_effects,
                   CheckResult* result, std::string* smt2) {
  bool strengthened = false;
  try {
    internal::Encoder enc(impl_->ctx, tm_, encoder_options(options_, want_witness, mods_as_effects));
    enc.encode(assertions);
    strengthened = enc.encoded_mods_as_effects();
    result->assumptions = enc.assumptions();
    result->type_domain_cut = enc.type_domain_cut();
    result->uninterpreted = enc.uninterpreted();
    z3::solver s = enc.uses_floating_point() ? z3::solver(impl_->ctx)
                                             : impl_->without_floats.mk_solver();
    z3::params p(impl_->ctx);
    p.set("timeout", options_.timeout_ms);
    if (options_.rlimit != 0) p.set("rlimit", options_.rlimit);
    s.set(p);
    for (const z3::expr& a : enc.axioms()) s.add(a);
    for (const z3::expr& a : enc.assertions()) s.add(a);
    const auto solve_start = std::chrono::steady_clock::now();
    switch (s.check()) {
      case z3::sat:
        result->answer = SatAnswer::kSat;
        if (want_witness) WitnessFrom(impl_->ctx, tm_, options_.types, enc, s, p, result);
        break;
      case z3::unsat: result->answer = SatAnswer::kUnsat; break;
      case z3::unknown:
        result->answer = SatAnswer::kUnknown;
        result->reason = s.reason_unknown();
        if (result->reason.empty()) result->reason = "unknown";
        break;
    }
    if (!options_.log_dir.empty() && ms_since(solve_start) >= options_.log_threshold_ms) {
      *smt2 = s.to_smt2();
    }
  } catch (const z3::exception& e) {
    result->answer = SatAnswer::kUnknown;
    result->reason = absl::StrCat("z3 error: ", e.msg());
    result->witness.reset();
  }

  return strengthened;
}

CheckResult Solver::check(std::span<const logic::Term> assertions, bool want_witness) {
  const auto start = std::chrono::steady_clock::now();
  ++stats_.queries;
  CheckResult result;
  auto finish = [&]() -> CheckResult {
    result.time_ms = ms_since(start);
    stats_.total_ms += result.time_ms;
    switch (result.answer) {
      case SatAnswer::kSat: ++stats_.sat; break;
      case SatAnswer::kUnsat: ++stats_.unsat; break;
      case SatAnswer::kUnknown: ++stats_.unknown; break;
    }
    return std::move(result);
  };

  for (logic::Term a : assertions) {
    if (a.is_null() || !a.sort().is_bool()) {
      result.answer = SatAnswer::kUnknown;
      result.reason = "an assertion is not a Bool term";
      return finish();
    }
  }

  // ---- Cache -----------------------------------------------------------------
  std::vector<uint32_t> key;
  key.reserve(assertions.size());
  for (logic::Term a : assertions) key.push_back(a.id());
  std::sort(key.begin(), key.end());
  key.erase(std::unique(key.begin(), key.end()), key.end());
  if (options_.cache_entries > 0) {
    auto it = impl_->cache.find(key);
    if (it != impl_->cache.end() &&
        (!want_witness || it->second.answer != SatAnswer::kSat || it->second.witness)) {
      ++stats_.cache_hits;
      result = it->second;
      result.cached = true;
      if (!want_witness) result.witness.reset();
      return finish();
    }
  }

  // ---- Z3 --------------------------------------------------------------------
  // A witness is asked first of the encoding whose models are cheap
  // (mods_as_effects); when that is not sat, the query's own answers.
  std::string smt2;  // for the slow-query log
  const bool strengthened = solve(assertions, want_witness, /*mods_as_effects=*/want_witness, &result, &smt2);
  if (strengthened && result.answer != SatAnswer::kSat) {
    result = CheckResult();
    smt2.clear();
    solve(assertions, want_witness, /*mods_as_effects=*/false, &result, &smt2);
  }

  // ---- Slow-query log ----------------------------------------------------------
  if (!smt2.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(options_.log_dir, ec);
    const std::string path =
        absl::StrCat(options_.log_dir, "/query-", stats_.queries, ".smt2");
    std::ofstream out(path, std::ios::trunc);
    if (out) {
      out << "; jwp solver: " << sat_answer_name(result.answer)
          << (result.reason.empty() ? "" : " (" + result.reason + ")") << " after "
          << ms_since(start) << " ms\n";
      for (const std::string& a : result.assumptions) out << "; assumption: " << a << "\n";
      out << smt2;
      ++stats_.logged;
    }
  }

  if (options_.cache_entries > 0 && result.answer != SatAnswer::kUnknown) {
    if (impl_->cache.size() >= options_.cache_entries) impl_->cache.clear();
    impl_->cache.insert_or_assign(std::move(key), result);
  }
  return finish();
}

}  // namespace jwp::solver
