// The intraprocedural engine (PLDI'09 Section 3.1, Figure 3 INTRAWP, and
// Section 6): from a goal, minterms propagate backwards through one
// method's IR to its entry, each simplified at every step and dropped when
// FALSE, redundant ones merged away; a minterm reaching the entry without
// skolems is checked by Z3 and, when satisfiable, is the precondition with a
// witness drawn from the model.
//
// Departures from Figure 3: the worklist is ordered (fewer loop iterations
// first, then first-come: the paper's "quasi breadth-first" heuristic);
// each goal runs under a step budget, a wall-clock timeout and a term
// budget (the memory cap).
//
// Calls (Section 3.2, first increment of issue #6): a minterm reaching the
// return site of a call continues, for each class-hierarchy target with
// code, at that callee's normal (or, along an exceptional edge, its
// exceptional) exit in a fresh activation — a new namespace, so recursion
// never confuses the caller's variables with the callee's — and, at the
// callee's entry, returns to the call site with the formals replaced by the
// actuals and the dispatch to that target assumed. Minterms carry their call
// stack, so propagation is context-sensitive; there are no summaries yet
// (each path re-analyses its callees). Native targets follow Section 6
// (no exception, no heap effect, an arbitrary result) and are listed in the
// result's assumptions; unresolvable calls, call sites with too many targets
// and calls deeper than the limit are skipped with skolems (Section 4).
//
// Entries (Section 7, "the closest public method"): a minterm reaching the
// entry of a method that is not the entry (not public, or not the one named
// by EngineOptions::entry) continues at every call site that may call it
// (callgraph::FindCallers), in a fresh activation of the caller, with the
// formals replaced by the actuals and the dispatch assumed, up to
// max_caller_depth levels.
#ifndef JWP_WP_ENGINE_H_
#define JWP_WP_ENGINE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "solver/witness.h"
#include "wp/goal.h"

namespace jwp::wp {

struct EngineOptions {
  uint64_t max_steps = 50000;         // transformer applications per goal
  double timeout_ms = 60000;          // wall clock per goal
  uint64_t max_terms = 4'000'000;     // terms in the goal's TermManager (memory cap)
  unsigned solver_timeout_ms = 10000; // per Z3 query
  size_t max_entry_checks = 200;      // Z3 final checks per goal
  // Calls: propagate into the callees (class-hierarchy targets) instead of
  // skipping them with skolems.
  bool expand_calls = true;
  uint32_t max_call_depth = 24;       // deeper calls are skipped (UNKNOWN if needed)
  size_t max_targets = 16;            // call sites with more CHA targets are skipped
  // The entry method: "pkg.C.m(desc)" or "pkg.C.m"; empty: the first public
  // method met going up from the goal's method through its callers.
  std::string entry;
  uint32_t max_caller_depth = 16;     // levels of callers searched upwards
  // Summaries (Section 3.2, RHS): the part of a minterm a callee may affect
  // (its mod-set, the result, the exception) enters the callee once per
  // distinct part and callee; every precondition found at the callee's entry
  // is applied at every call site waiting on it, with the rest of each
  // caller's minterm framed around the call (Section 5's frame rule, without
  // generalization yet).
  bool summaries = true;
};

enum class Verdict { kFound, kNotFound, kUnknown };
const char* VerdictName(Verdict v);

// A witness in terms of the entry method: what the witness runner replays.
struct Replay {
  std::string entry_class, entry_method, entry_descriptor;
  bool entry_static = false;
  std::optional<solver::WitnessValue> receiver;
  std::vector<solver::WitnessValue> arguments;  // one per descriptor parameter
  std::vector<solver::WitnessObject> heap;
  struct Static {
    std::string owner, name, descriptor;
    solver::WitnessValue value;
  };
  std::vector<Static> statics;
  // Ids of java/lang/String objects that are not literals (no text in the
  // model): replayed as fresh empty strings, not interned.
  std::vector<std::string> plain_strings;
};

struct Result {
  Verdict verdict = Verdict::kUnknown;
  std::string reason;          // why UNKNOWN (or NOT_FOUND's argument); empty for FOUND
  std::string goal;            // GoalSpec::ToString()
  std::string entry;           // "pkg.C.m(desc)"
  std::string precondition;    // Java-like
  std::string smtlib;          // the precondition (and entry typing) as SMT-LIB
  std::vector<int32_t> path;   // source lines from entry to the goal
  std::optional<Replay> witness;
  // The instruction where the goal happened on the witness's path (bci, line).
  uint32_t goal_bci = 0;
  int32_t goal_line = -1;
  std::vector<std::string> assumptions;
  struct Stats {
    uint64_t minterms = 0;       // minterms created (after simplification, not FALSE)
    uint64_t steps = 0;          // transformer applications
    uint64_t proved_false = 0;   // minterms the simplifier dropped as FALSE
    uint64_t subsumed = 0;       // dropped as redundant (merge)
    uint64_t entry_checks = 0;   // Z3 final checks
    uint64_t terms = 0;          // terms made
    uint64_t methods_analysed = 0;  // distinct methods propagated through
    uint64_t calls_entered = 0;     // activations of callees
    uint64_t summaries_created = 0; // distinct (callee, postcondition) entered
    uint64_t summaries_reused = 0;  // call-site arrivals served by an existing one
    double time_ms = 0;
  } stats;
};

Result RunGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options);

}  // namespace jwp::wp

#endif  // JWP_WP_ENGINE_H_
