// The intraprocedural engine (PLDI'09 Section 3.1, Figure 3 INTRAWP, and
// Section 6): from a goal, minterms propagate backwards through one
// method's IR to its entry, each simplified at every step and dropped when
// FALSE, redundant ones merged away; a minterm reaching the entry without
// skolems is checked by Z3 and, when satisfiable, is the precondition with a
// witness drawn from the model.
//
// Departures from Figure 3: the worklist is ordered (fewer loop iterations
// plus call depth first, then first-come: the paper's "quasi breadth-first"
// heuristic);
// each goal runs under a step budget, a wall-clock timeout and a term
// budget (the memory cap).
//
// Calls (Section 3.2): a minterm reaching the return site of a call
// continues at the callee's normal (or, along an exceptional edge, its
// exceptional) exit and, at the callee's entry, returns to the call site with
// the formals replaced by the actuals and the dispatch to that target
// assumed. Summaries (RHS tabulation, Section 5): only the part of the
// minterm the callee may write enters it, generalized (Figure 5: the written
// terms extracted into generic variables, wp/generalization.h) and keyed on
// that part alone; every precondition found at the callee's entry is applied
// at every call site waiting on it, the rest of the caller's minterm framed
// around the call. Native targets follow Section 6 (no exception, no heap
// effect, an arbitrary result) and are listed in the result's assumptions;
// unresolvable calls and calls deeper than the limit are skipped with
// skolems (Section 4).
//
// Directed call-graph construction (Section 4, Figure 4): a call with one
// class-hierarchy target is expanded at once; one with several starts
// skipped (skolems, σ_method = dispatch(typeOf(receiver), sig)). A phase
// ends when its minterms reach the entry only through skipped calls (or,
// with minterms waiting, after a grace of as many steps again); then, for
// each such minterm, its sites are ranked by the targets the type bounds in
// it allow, the cheapest site's candidates are checked by Z3, the minterm
// is dropped when a site allows none, and the chosen targets are enabled
// for the next phase, which starts over: cheap sites (at most 4
// candidates) first, with any site every waiting minterm passes through;
// a larger site alone when the grace ran out twice or at the phase's end.
// The next phase keeps the summaries the new targets leave valid: those
// whose analysis finished and whose method has no call site that gained a
// target, nor waited on a summary that is not kept (Result::Stats
// summaries_kept, summaries_kept_reused). Interface calls also list the
// lambda classes made so far (callgraph/lambda_classes.h).
// CallGraph::kCha expands every class-hierarchy target from the start
// instead (the paper's NoFeedback-CHA).
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
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absint/field_facts.h"
#include "callgraph/input_methods.h"
#include "classfile/class_hierarchy.h"
#include "solver/witness.h"
#include "wp/search_order.h"
#include "wp/goal.h"

namespace jwp::absint {
class ForwardFactsCache;  // absint/forward_facts.h
}  // namespace jwp::absint

namespace jwp::wp {

// How call targets are chosen (Section 4; Table 4's configurations).
enum class CallGraph {
  kDirected,  // every call with several class-hierarchy targets starts skipped; phases enable targets
  kCha,       // every class-hierarchy target is expanded from the start (NoFeedback-CHA)
};

// What the static fields hold at the entry (issue #29).
enum class StaticsAtEntry {
  // Any value a client can store: a static only its class can write holds
  // what its field facts allow; the others are inputs (Result::static_inputs).
  // Right for a library, whose public mutable statics any client may set.
  kAny,
  // What its class initializer leaves there, as when a fresh JVM calls the
  // entry first: right for an application's main and for tests.
  kInitial,
};

struct Result;

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
  // kCha: call sites with more targets are skipped; kDirected: no more than
  // this many targets are enabled at once at a site no constraint narrows.
  size_t max_targets = 64;
  CallGraph callgraph = CallGraph::kDirected;
  uint32_t max_phases = 16;           // phases of directed construction
  // The entry method: "pkg.C.m(desc)" or "pkg.C.m"; empty: the first public
  // method met going up from the goal's method through its callers.
  std::string entry;
  uint32_t max_caller_depth = 16;     // levels of callers searched upwards
  // Summaries (Section 3.2, RHS): the part of a minterm a callee may affect
  // (its mod-set, the result, the exception) enters the callee once per
  // distinct part and callee; every precondition found at the callee's entry
  // is applied at every call site waiting on it, with the rest of each
  // caller's minterm framed around the call (Section 5's frame rule).
  bool summaries = true;
  // Generalization (Section 5, Figure 5): the terms a callee may write are
  // extracted into generic variables, so that summaries are keyed on the
  // method-dependent part only and reused across call sites.
  bool generalize = true;
  // Forward facts (wp/forward_facts.h): the edges that the objects the
  // goal's method builds rule out, in each calling context below it, are
  // not explored backwards.
  bool forward_facts = true;
  // The forward facts of the goals' methods, computed once per method for
  // every goal that shares the cache (jwp exceptions: the exception types
  // of one method); null: each goal computes its own.
  std::shared_ptr<absint::ForwardFactsCache> forward_facts_cache;
  // Java assertions (`assert`): enabled as `java -ea` enables them in the
  // analysed classes, else disabled, the JVM's default. javac's
  // `$assertionsDisabled` field (Vocabulary::static_field) has that value,
  // and the witness runner runs with the same setting.
  bool enable_assertions = false;
  // Methods the user names as inputs and assumptions (--input-method,
  // --assume-method; callgraph/input_methods.h): an input's call returns
  // a fresh value of the witness (Replay::inputs), an assumption's false
  // argument ends its path (wp/inputs.cc). A minterm that read inputs is a
  // candidate the JVM must confirm (as one that passed calls
  // optimistically): only with `optimistic_calls` (--confirm) is it
  // replayed.
  callgraph::InputMethods inputs;
  // Field facts (absint/field_facts.h, issue #29): a field that only ever
  // holds one value is that constant, and the fields a precondition reads
  // at the entry hold values their class's code can store there. Off: every
  // field at the entry is an input (the state may be one no program makes).
  bool field_facts = true;
  // Methods that never return null (absint/non_null_returns.h) give
  // non-null results at their calls, backwards and forwards
  // (--no-non-null-returns turns it off).
  bool non_null_returns = true;
  // Every class of each package of the class path is on it
  // (--closed-packages): a package-private field's facts come from its
  // package's code (absint::FieldFacts).
  bool closed_packages = false;
  // The facts' cache, one per class path, shared by goals and threads;
  // null: the goal makes its own.
  std::shared_ptr<absint::FieldFacts> field_facts_cache;
  StaticsAtEntry statics = StaticsAtEntry::kAny;
  // The order the search takes its work in (wp/search_order.h).
  SearchOrder search_order = SearchOrder::kShallowFirst;
  // The rewrite simplifier (simplifier/) on every new minterm. Off (the
  // paper's NoSimplification configuration, Table 4): each new minterm goes
  // to Z3 as it is, dropped only when Z3 proves it unsatisfiable.
  bool simplify = true;
  // Optimistic calls (issue #27; wp/optimistic.cc): beside the exact
  // search, a minterm may pass a call that is not cheap to expand without
  // entering it: the call is assumed to return normally, its result is a
  // skolem and what it may write is havocked (PLDI'09 Section 4's skipped
  // call). Such a minterm never replaces an exact one (it carries a marker
  // literal, so it never covers one), and a minterm that reaches the entry
  // with assumptions is only a candidate: `confirm` must run its witness on
  // a JVM and see the goal happen before it is a FOUND. The exact search
  // goes on beside it, so a NOT_FOUND is still the exact search's alone.
  // Off (the default, and `--exact`), or without `confirm`: the exact
  // search as the paper describes it.
  bool optimistic_calls = false;
  // The JVM's verdict on a candidate (app/ runs the witness runner).
  struct Confirmation {
    enum class Outcome { kConfirmed, kRefuted, kError } outcome = Outcome::kError;
    std::string report;  // the runner's report (what it observed), or the error
    // Refuted by an exception: its stack, from the throw down to the entry.
    // A frame below the throw at the line of a call the candidate passed
    // says that call threw: the search expands it from then on.
    struct Frame {
      std::string class_name;  // internal name
      std::string method;
      int32_t line = -1;
    };
    std::vector<Frame> stack;
    // What the candidate's assumed calls (Replay::observe) did: the site,
    // "class.method(desc)@bci", and the runner's outcome text ("returned int
    // 5", "returned null", "returned object java/util/HashMap", "returned
    // string \"a\"", "threw", "not observed (why)").
    struct Call {
      std::string site;
      std::string outcome;
    };
    std::vector<Call> calls;
  };
  std::function<Confirmation(const Result& candidate)> confirm;
  // Preconditions per goal (jwp exceptions, issue #30): 1 stops at the
  // first satisfiable minterm at the entry (the paper's search). More: the
  // search goes on after each, up to this many distinct ones
  // (Result::alternatives; those over internal state, Result::internal_state,
  // do not count, up to three times this many in all); when it then ends
  // exhaustive (what a NOT_FOUND
  // needs), the goal happens exactly when one of them holds
  // (Result::exhaustive, Result::merged_precondition).
  uint32_t max_preconditions = 1;
  uint32_t max_candidates = 6;  // candidates run on the JVM per goal
  // When set, told one line at a time how the search goes: each phase's
  // end and what it enables, each waiting minterm's sites and candidates,
  // each new summary's key. For people tuning the engine (jwp wp --trace).
  std::function<void(std::string_view)> trace;
};

enum class Verdict { kFound, kNotFound, kUnknown };
const char* VerdictName(Verdict v);

// A witness in terms of the entry method: what the witness runner replays.
// A field fact (issue #29) that a witness's state keeps, for the witness
// runner to check again: a field of a heap object (but an entry
// constructor's receiver) or a static the witness sets, and the values its
// class's code can leave there.
struct FieldFactCheck {
  std::string object;  // heap object id; "" for a static
  std::string owner, name, descriptor;
  std::vector<absint::FieldValue> allowed;
  std::string fact;  // absint::FieldFact::description
  bool kept = true;  // the witness's value is one of `allowed`
};

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
  // The system properties the witness sets before the call (a null value:
  // cleared), and the environment variables of the JVM that runs the entry
  // (a null value: unset), from the unknowns of the reads
  // (wp/environment.cc).
  struct Property {
    std::string key;
    solver::WitnessValue value;
  };
  std::vector<Property> properties;
  std::vector<Property> variables;
  // What the calls of the input methods return (EngineOptions::inputs), by
  // position: the n-th call of any of them (from 0, in the thread that
  // runs the entry) returns the value at position n; a position not listed
  // returns what the runner chooses (the precondition does not read it).
  // `input_methods`: the patterns, for the runner to intercept the calls.
  struct Input {
    int64_t position = 0;
    std::string method;  // "pkg.Class.method(desc)", the call the search met there
    solver::WitnessValue value;
  };
  std::vector<Input> inputs;
  std::vector<std::string> input_methods;
  // Ids of java/lang/String objects that are not literals (no text in the
  // model): replayed as fresh empty strings, not interned.
  std::vector<std::string> plain_strings;
  // Run with assertions enabled (`java -ea`): the search assumed them so.
  bool assertions = false;
  // The field facts its state keeps (the runner checks them).
  std::vector<FieldFactCheck> field_facts;
  // A candidate's calls the search assumed (issue #27): the runner reports
  // what each did the first time it ran (EngineOptions::Confirmation::calls).
  struct ObservedCall {
    std::string class_name, method, descriptor;  // the caller
    int32_t bci = -1;                            // the invoke
    std::string callee, callee_descriptor;       // as the invoke names it
  };
  std::vector<ObservedCall> observe;
  // What the methods of the stand-ins in `heap` (types/stand_ins.h) return:
  // each skipped call's value in the model, by the method the call names.
  struct StandInReturn {
    std::string owner, method, descriptor;
    solver::WitnessValue value;
  };
  std::vector<StandInReturn> stand_in_returns;
};

// How Result::assumptions says what an optimistic precondition assumed of
// the results of the calls it passed, and that Z3 proved those results do
// not matter (every result covered by the candidates with its inputs; jwp
// exceptions then prints the precondition with a proviso).
inline constexpr std::string_view kAssumedOfResults = "optimistic: what the candidate assumed of them: ";
inline constexpr std::string_view kResultsDoNotMatter = "optimistic: what the calls return does not matter";

struct Result {
  Verdict verdict = Verdict::kUnknown;
  std::string reason;          // why UNKNOWN (or NOT_FOUND's argument); empty for FOUND
  std::string goal;            // GoalSpec::ToString()
  std::string entry;           // "pkg.C.m(desc)"
  std::string precondition;    // Java-like
  std::string smtlib;          // the precondition (and entry typing) as SMT-LIB
  std::vector<int32_t> path;   // source lines from entry to the goal
  // The same path with the method of each line (a FOUND's): from the entry
  // to the goal, consecutive repeats merged.
  struct PathStep {
    std::string class_name;  // internal name: "pkg/C"
    std::string method;      // its name: "m"
    int32_t line = -1;
  };
  std::vector<PathStep> path_steps;
  std::optional<Replay> witness;
  // The instruction where the goal happened on the witness's path (bci, line).
  uint32_t goal_bci = 0;
  // The goal's exception is one a callee raises through the call at
  // goal_bci (an invoke's exceptional edge other than the NullPointerException
  // of a null receiver): the witness runner looks for it inside the call.
  bool goal_via_call = false;
  int32_t goal_line = -1;
  // Each a line; those of optimistic calls begin "optimistic: ", among them
  // kAssumedOfResults and kResultsDoNotMatter.
  std::vector<std::string> assumptions;
  // A FOUND reached through optimistic calls (EngineOptions::optimistic_calls):
  // the JVM's report that confirmed it before the engine returned it.
  std::optional<std::string> confirmed_on_jvm;
  // The field facts the search applied (absint::FieldFact::description),
  // in the order first applied: why a state is out of reach.
  std::vector<std::string> facts_used;
  // A FOUND's static fields that a client may set (--statics any), which
  // the precondition takes as inputs: "pkg.C.f (public, not final)".
  std::vector<std::string> static_inputs;
  // The fields of argument objects and JDK classes the precondition reads
  // ("java.util.HashSet.map"): it describes their internals
  // (Vocabulary::internal_state).
  std::vector<std::string> internal_state;
  // The figures of wp/stats.def.
  struct Stats {
#define JWP_STAT(type, name, initial, across, comment) type name = initial;
#include "wp/stats.def"
    // Adds a phase's figures to the goal's, each as stats.def says
    // (kGoal figures are left to the driver).
    void AddPhase(const Stats& phase);
    // The steps the step budget (EngineOptions::max_steps) counts: the
    // exact search's. Optimistic minterms' come on top, within their share
    // (optimistic.cc), so that the exact search decides in production
    // what it decides alone (--exact).
    uint64_t budgeted_steps() const { return steps - optimistic_steps; }
  } stats;
  // With EngineOptions::max_preconditions > 1, a FOUND's further
  // preconditions, each with its own path, witness and goal site (the
  // fields fill_found sets; no stats): distinct Java texts, in the order
  // found. A candidate the JVM confirmed (optimistic calls, with
  // confirmed_on_jvm set) is one too: its precondition held for its
  // witness, with what the calls it passed returned there; the others are
  // exact (every input that satisfies one reaches the goal).
  std::vector<Result> alternatives;
  // The exact search ended exhaustive (as a NOT_FOUND would): the goal
  // happens exactly when one of the exact preconditions holds. Why not,
  // otherwise, is the reason.
  bool exhaustive = false;
  // The disjunction of the exact preconditions, simplified (a disjunct
  // another implies dropped, `a || !a && b` as `a || b`), as Java; "" when
  // there is at most one.
  std::string merged_precondition;
  // The same of the confirmed candidates' preconditions (over their
  // inputs), "" when there are fewer than two.
  std::string merged_candidates;
  // Per method ("pkg.C.m(desc)"), in name order: the steps spent in its
  // activations over every phase (the goal's method and its callers
  // included: where the budget went), the summaries created with it as the
  // callee (`trivial` of them for an empty dependent part: that the call
  // completes normally, or throws) and how many call-site arrivals reused
  // one; with directed construction, the summaries of the final phase.
  struct SummaryCount {
    std::string method;
    uint64_t steps = 0;
    uint64_t created = 0;
    uint64_t trivial = 0;
    uint64_t reused = 0;
  };
  std::vector<SummaryCount> summaries;
  // Directed construction: the targets enabled at each call site
  // ("pkg/C.m(desc)@bci" -> "pkg/D.m(desc)"), in name order.
  std::vector<std::pair<std::string, std::vector<std::string>>> enabled_targets;
};

Result RunGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options);

// Calls f(name, value) for each figure of `stats` in wp/stats.def's order;
// value is a uint64_t or a double.
template <class F>
void ForEachStat(const Result::Stats& stats, F&& f) {
#define JWP_STAT(type, name, initial, across, comment) f(#name, stats.name);
#include "wp/stats.def"
}

}  // namespace jwp::wp

#endif  // JWP_WP_ENGINE_H_
