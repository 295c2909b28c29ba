// The Z3 bridge (issue #4, solver/): an exact encoding of jwp formulas into
// Z3 (bit-vectors with Java's division, shifts and conversions; IEEE
// floating point; arrays for field and array maps; an uninterpreted
// reference sort with null; a finite type domain from the class hierarchy),
// the background theory of logic/AXIOMS.md instantiated over the terms of
// each query, satisfiability with a per-query timeout, and witnesses from
// models. Snugglebug (PLDI'09, Section 6) calls the solver for the final
// word on a precondition; the simplifier prunes before that.
//
// Answers are Sat, Unsat or Unknown{reason}: never a bool. Z3's "unknown"
// (timeout, incompleteness) and any Z3 error are kUnknown with the reason.
// Like KLEE's solver chain: a cache of answers keyed by the assertion set,
// then the Z3 core, with .smt2 logging of slow queries.
//
// Ownership: a Solver refers to its TermManager (and TypeFacts) for its
// whole life; it is not thread-safe (one per thread, like the manager).
#ifndef JWP_SOLVER_SOLVER_H_
#define JWP_SOLVER_SOLVER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "logic/minterm.h"
#include "logic/term.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"
#include "solver/witness.h"

namespace jwp::solver {

enum class SatAnswer { kSat, kUnsat, kUnknown };

// "sat", "unsat", "unknown".
const char* sat_answer_name(SatAnswer a);

struct SolverOptions {
  unsigned timeout_ms = 10000;  // per query (Z3's timeout)
  // Z3's resource limit per query (its "rlimit"); 0: none. Unlike the
  // timeout it does not depend on the machine's speed or load, so a test
  // that counts unknown answers sets it.
  unsigned rlimit = 0;
  // Hierarchy facts (axioms T1-T5): with them Type is a finite domain; null:
  // Type is uninterpreted (only V1 and H3 constrain it).
  const types::TypeFacts* types = nullptr;
  // Concrete subtypes listed per type constant in the finite Type domain.
  size_t max_subtypes_per_type = 8;
  // When set, each query slower than log_threshold_ms is written there as
  // query-<n>.smt2 (the exact encoding, axioms included).
  std::string log_dir;
  unsigned log_threshold_ms = 1000;
  // Entries of the answer cache (Sat/Unsat only); 0 disables the cache.
  size_t cache_entries = 1 << 16;
};

struct CheckResult {
  SatAnswer answer = SatAnswer::kUnknown;
  std::string reason;  // why unknown (Z3's reason, or the error)
  double time_ms = 0;
  std::optional<Witness> witness;  // Sat with want_witness
  // What the answer rests on beyond the axioms, as text for the user:
  // uninterpreted operations (float remainder), a Type domain cut at
  // max_subtypes_per_type. The two fields below say the same, typed; decide
  // on those, never on the text.
  std::vector<std::string> assumptions;
  // The finite Type domain left out concrete subtypes of a type the query
  // names: the cut can only turn sat into unsat, so an unsat answer is no
  // proof (proves_unsat()).
  bool type_domain_cut = false;
  // Operations encoded as uninterpreted functions: a model may not follow
  // Java (Java's float remainder).
  std::vector<std::string> uninterpreted;
  // Unsat, and not only within a cut type domain.
  bool proves_unsat() const { return answer == SatAnswer::kUnsat && !type_domain_cut; }
  bool cached = false;  // answered from the cache
};

class Solver {
 public:
  Solver(logic::TermManager& tm, SolverOptions options = {});
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Satisfiability of the conjunction of Bool terms (any Bool term: And, Or,
  // Not, Ite allowed) under the axioms instantiated over their subterms.
  // With want_witness, a Sat answer carries a witness from the model.
  CheckResult check(std::span<const logic::Term> assertions, bool want_witness = false);
  CheckResult check(const logic::Minterm& m, bool want_witness = false);

  // The query as Z3 sees it (encoding and axiom instances), as an SMT-LIB 2
  // script ending in (check-sat): for bug reports and the slow-query log.
  std::string to_smt2(std::span<const logic::Term> assertions);

  struct Stats {
    uint64_t queries = 0;  // check() calls
    uint64_t sat = 0, unsat = 0, unknown = 0;
    double total_ms = 0;   // time in check(), cache hits included
    uint64_t cache_hits = 0;
    uint64_t logged = 0;   // slow queries written to log_dir
  };
  const Stats& stats() const { return stats_; }
  const SolverOptions& options() const { return options_; }
  // Z3's timeout for the queries from now on (a caller with a deadline
  // shortens it as the deadline nears).
  void set_timeout_ms(unsigned ms) { options_.timeout_ms = ms; }

 private:
  struct Impl;
  // One encoding checked by Z3 into *result (answer, witness, what the
  // encoding assumed); *smt2 gets the script when the check was slow.
  // Returns whether the encoding strengthened the query (mods as effects):
  // then only a Sat answer is the query's.
  bool solve(std::span<const logic::Term> assertions, bool want_witness, bool mods_as_effects, CheckResult* result,
             std::string* smt2);
  logic::TermManager& tm_;
  SolverOptions options_;
  Stats stats_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace jwp::solver

#endif  // JWP_SOLVER_SOLVER_H_
