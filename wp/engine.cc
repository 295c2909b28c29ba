// INTRAWP (PLDI'09 Figure 3) with the Section 6 search heuristic; see
// engine.h for the departures from the figure.
#include "wp/engine.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <queue>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_join.h"
#include "base/check.h"
#include "callgraph/call_targets.h"
#include "callgraph/callers.h"
#include "callgraph/enabled_targets.h"
#include "callgraph/exact_types.h"
#include "callgraph/method_cache.h"
#include "callgraph/method_models.h"
#include "callgraph/mod_set.h"
#include "classfile/descriptor.h"
#include "classfile/member_resolution.h"
#include "ir/builder.h"
#include "classfile/strings.h"
#include "ir/dominators.h"
#include "logic/printer.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/jdk_natives.h"
#include "models/string_model.h"
#include "types/hierarchy_type_facts.h"
#include "simplifier/simplifier.h"
#include "solver/solver.h"
#include "wp/forward_facts.h"
#include "wp/generalization.h"
#include "wp/lambda_type_facts.h"
#include "wp/transformer.h"
#include "wp/vocabulary.h"

namespace jwp::wp {

using logic::Minterm;
using logic::Term;

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kFound: return "FOUND";
    case Verdict::kNotFound: return "NOT_FOUND";
    case Verdict::kUnknown: return "UNKNOWN";
  }
  return "?";
}

namespace {

using Clock = std::chrono::steady_clock;

std::string dotted(std::string_view internal) {
  std::string s(internal);
  std::replace(s.begin(), s.end(), '/', '.');
  return s;
}


// One activation of a method on the backward path: the goal's method
// (caller -1) or a callee entered from a call site of its caller.
struct Activation {
  std::shared_ptr<const ir::MethodIR> ir;
  uint32_t ns = 0;
  std::unique_ptr<Transformer> tr;
  const ir::Dominators* dom = nullptr;
  int32_t caller = -1;               // the caller's activation
  ir::InsnId call = ir::kNone;       // the invoke in the caller
  uint32_t depth = 0;
  // Activations on the way up from the goal's method (caller -1): how many
  // levels above the goal's method, and the activation they return from.
  uint32_t up = 0;
  // A summary's activation (shared by every call site waiting on it): the
  // index into IntraSearch::summaries_, or -1.
  int32_t summary = -1;
  // The exact types of the parameters, as the call site passed them ("" not
  // known; part of a summary's key), and of the values (computed on first
  // use): the contexts of the mod-sets of its calls (callgraph/exact_types.h).
  std::vector<std::string> context;
  std::optional<std::vector<std::string>> exact;
  // Forward facts of this activation's calling context (call string `cs`
  // below the goal's method), when that context or one it calls has a dead
  // edge; nullptr otherwise (nothing is pruned here nor below).
  const ForwardContext* facts = nullptr;
  std::string cs;
};

// A call site waiting on a summary: where to continue in the caller, and the
// caller's framed literals.
struct Waiter {
  int32_t caller_act;
  ir::InsnId call;
  Minterm framed;
  // The summary's canonical generics and this call site's (generalization).
  std::vector<std::pair<Term, Term>> canonical;
  uint32_t loops;
  int32_t path;
  int32_t site;
  int32_t assume;
};

// A precondition found at a summary activation's entry, with the
// assumptions made on its way through the callee.
struct SummaryPre {
  Minterm psi;
  std::vector<int32_t> assumptions;  // assumption text ids, oldest first
};

struct Summary {
  int32_t act = -1;
  std::vector<Waiter> waiters;
  std::vector<SummaryPre> pres;
  std::string key;               // in IntraSearch::summary_ids_
  std::vector<int32_t> callees;  // summaries its activation waited on
  // Kept from an earlier phase (IntraSearch::next_phase): complete, its
  // preconditions are applied to new call sites without analysis.
  bool kept = false;
  uint32_t counted_in_phase = 0;  // the phase its method was last counted in
};

// A target of a call: its IR (built on first use) when it has code. A
// target with a method model (FindMethodModel) is analysed through the
// model's code instead of its own (or of none, for a native).
struct Target {
  std::string owner, name, descriptor;
  std::shared_ptr<const ir::MethodIR> ir;
  bool native = false;
  std::optional<callgraph::MethodModel> model;
  // A lambda class's method (callgraph/lambda_classes.h): its index in the
  // goal's LambdaClasses; npos for class-path methods.
  size_t lambda = std::string::npos;
  std::string key() const { return Cat(owner, ".", name, descriptor); }
};

// How expand_call handled a call: not at all (skip it with skolems), fully,
// or for the targets enabled so far (directed construction: the others are
// skipped with skolems, their dispatch excluded from the enabled ones).
enum class CallHandling { kSkipped, kExpanded, kPartial };

// A call site that directed construction may expand: what the skolems of
// one Vocabulary::call_site stand for.
struct DirectedSite {
  std::string key;  // "pkg/C.m(desc)@bci"
  std::shared_ptr<const ir::MethodIR> ir;
  ir::InsnId call;
  std::vector<Target>* targets;  // the class-hierarchy targets (IntraSearch::targets)
};

// A minterm that reached the entry with skolems of directed sites.
struct Pending {
  Minterm phi;
  int32_t act;
};

// A directed site of a waiting minterm and the targets not yet enabled
// that it may take there (sorted).
struct SiteCandidates {
  std::string key;  // as DirectedSite::key
  std::vector<std::string> targets;
  // A waiting minterm skipped the site more than once (mostly a loop
  // through it, or two calls of its method): waiting longer only unrolls
  // the loop further.
  bool repeated = false;
};

// What the table of models/jdk_natives.def says of target `t`'s native.
bool native_never_throws(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  return f != nullptr && f->never_throws;
}
bool native_writes_nothing(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  return f != nullptr && f->writes_nothing;
}

// The box a native's call returns when it is a cache lookup of the method
// models of Integer.valueOf and Long.valueOf (models/jdk_natives.def): its
// `value` is the argument; its identity stays unknown (a skolem, "needed"
// when the precondition still depends on it).
struct CachedBox {
  std::string_view cls;         // the box class
  std::string_view descriptor;  // of its `value` field
};
std::optional<CachedBox> cached_box(std::string_view key) {
  const models::NativeFacts* f = models::FindNativeFacts(key);
  if (f == nullptr || f->cached_box_class.empty()) return std::nullopt;
  return CachedBox{f->cached_box_class, f->cached_box_value_descriptor};
}

// Whether `t` reads field map `value` at `box`, through updates of objects
// allocated after the box was looked up (fresh terms: every allocation the
// search has crossed comes later), which are not the box and leave its
// value as it was: nothing writes the value of a box the JDK made.
bool reads_box_value(Term t, Term box, Term value) {
  if (!t.is(logic::TermKind::kRead) || t.arg(1) != box) return false;
  Term map = t.arg(0);
  while (map.is(logic::TermKind::kUpdate) && map.arg(1).is(logic::TermKind::kFresh)) map = map.arg(0);
  return map == value;
}

// `phi` with the reads of field map `value` at the cached box `box`
// (reads_box_value) replaced by `arg`, its type by `type` (the box class)
// and `box == null` by false.
Term cached_box_reads(logic::TermManager& tm, Term phi, Term box, Term arg, Term value, Term type) {
  logic::Substitution r(tm);
  logic::for_each_subterm(phi, [&](Term t) {
    if (t.is(logic::TermKind::kEq) &&
        ((t.arg(0) == box && t.arg(1).is(logic::TermKind::kNull)) ||
         (t.arg(1) == box && t.arg(0).is(logic::TermKind::kNull)))) {
      r.add(t, tm.mk_false());
      return;
    }
    if (t.is(logic::TermKind::kTypeOf) && t.arg(0) == box) {
      r.add(t, type);
      return;
    }
    if (reads_box_value(t, box, value)) r.add(t, arg);
  });
  return r.empty() ? phi : r.apply(phi);
}

constexpr size_t kMaxDirectedTargets = 4096;  // class-hierarchy targets listed per site
constexpr size_t kMaxPending = 256;           // minterms waiting for expansion per phase
constexpr size_t kSmallSite = 4;              // targets enabled at once without a wider search
constexpr uint64_t kPhaseGrace = 200;         // steps a phase runs on after minterms wait
constexpr uint64_t kMaxCandidateChecks = 256; // Z3 checks of expansion candidates per phase
constexpr int32_t kMaxWitnessArrayLength = 1 << 16;  // larger arrays: the solver is asked again
constexpr size_t kTraceWidth = 400;  // characters of a minterm in a --trace line

using callgraph::EnabledTargets;

// Whether `m` mentions a program variable of namespace `ns` (an invariant
// check at activation boundaries).
bool mentions_namespace(logic::TermManager& tm, const Minterm& m, uint32_t ns) {
  if (m.is_true() || m.is_false()) return false;
  for (Term v : logic::free_variables(m)) {
    const logic::VarInfo& info = tm.var_info(v);
    if (info.role == logic::VarRole::kProgram && info.ns == ns) return true;
  }
  return false;
}

// Whether every generic of `m` is canonical (below kFirstFreshGeneric): a
// summary's key names no call site's own generics.
bool only_canonical_generics(logic::TermManager& tm, const Minterm& m) {
  if (m.is_true() || m.is_false()) return true;
  for (Term v : logic::free_variables(m)) {
    const logic::VarInfo& info = tm.var_info(v);
    if (info.role == logic::VarRole::kGeneric && info.index >= kFirstFreshGeneric) return false;
  }
  return true;
}

using Item = WorkItem;

struct PathNode {
  int32_t line;
  int32_t parent;
};

struct AssumeNode {
  int32_t text;    // index into Search::assumption_texts_
  int32_t parent;
};

class IntraSearch {
 public:
  // `used`: what earlier phases of the goal spent of its budgets.
  struct Used {
    uint64_t steps = 0;
    double ms = 0;
    uint64_t entry_checks = 0;
  };
  IntraSearch(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& opt,
              const EnabledTargets& enabled, callgraph::LambdaClasses& lambdas)
      : h_(h),
        enabled_(enabled),
        lambdas_(lambdas),
        goal_(goal),
        ir_(*goal.ir),
        opt_(opt),
        types_(h, lambdas),
        vocab_(tm_, h),
        simplifier_(tm_, &types_),
        solver_(tm_, solver_options()) {
    vocab_.set_lambdas(&lambdas_);
    method_cache_.set_lambdas(&lambdas_);
    lambdas_.AddFrom(ir_);
    lambdas_at_start_ = lambdas_.size();
    Activation root;
    root.ir = goal.ir;
    root.ns = vocab_.namespace_of(ir_);
    root.tr = std::make_unique<Transformer>(vocab_, ir_, root.ns, &types_);
    root.dom = dominators(goal.ir);
    acts_.push_back(std::move(root));
    ph_.methods_seen.insert(ir_.QualifiedName());
  }

  // One phase; `used`: what earlier phases of the goal spent of its budgets.
  Result run(Used used);
  // Before the next phase, with `changed` the call sites (EnabledTargets
  // keys) that gained targets: the summaries the next phase can use as
  // they are stay (those whose analysis finished and reached none of those
  // sites, nor a summary that did); the rest of the search starts over.
  void next_phase(const absl::flat_hash_set<std::string>& changed);
  // Directed construction: the targets to enable for the next phase (site
  // key, target key), chosen when the phase ends without a precondition.
  const std::vector<std::pair<std::string, std::string>>& to_enable() const { return ph_.to_enable; }
  // Lambda classes were made during the phase: the calls analysed before
  // did not list them, so a phase with them from the start must follow
  // before the search can be called exhaustive.
  bool lambdas_grew() const { return lambdas_.size() > lambdas_at_start_; }

 private:
  solver::SolverOptions solver_options() {
    solver::SolverOptions o;
    o.timeout_ms = opt_.solver_timeout_ms;
    o.types = &types_;
    return o;
  }
  Transformer& tr(int32_t act) { return *acts_[act].tr; }
  solver::CheckResult check(std::span<const Term> query, bool want_witness) {
    const auto t0 = Clock::now();
    solver::CheckResult r = solver_.check(query, want_witness);
    ph_.result.stats.solver_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    return r;
  }
  const ir::Dominators* dominators(const std::shared_ptr<const ir::MethodIR>& ir);
  void seed();
  void push(Point at, const Minterm& phi, uint32_t loops, int32_t path, int32_t site, int32_t line,
            int32_t assume);
  void absorb(const Step& step, Point at, const Item& from, int32_t line, uint32_t extra_loops = 0);
  void step_back(const Item& item);
  CallHandling expand_call(const Item& item, ir::EdgeId eid);
  void skip_call(const Item& item, ir::EdgeId eid, Step* step);
  bool ensure_ir(Target& t, std::string* why);
  // Registers the lambda classes of an IR the search is about to analyse.
  void learn_lambdas(const ir::MethodIR& ir) { lambdas_.AddFrom(ir); }
  // The lambda classes an interface call may dispatch to their own method
  // (empty for other calls). In CHA mode, those made before the phase began
  // are enabled; in directed mode, those chosen at some site: a lambda is
  // one object of the program, and where it reaches one call of its
  // interface's method it tends to reach the others (a Comparator in
  // TimSort's several compare calls).
  std::vector<Target>& lambda_targets(const ir::Instruction& call);
  bool lambda_enabled(const Target& t) const {
    return opt_.callgraph == CallGraph::kDirected ? enabled_.IsEnabledAnywhere(t.key())
                                                  : t.lambda < lambdas_at_start_;
  }
  void choose_expansions(bool allow_big);
  std::vector<std::string> bounded_targets(const std::vector<Term>& facts, Term sigma, const DirectedSite& site);
  bool dispatch_feasible(const Pending& p, Term sigma, const DirectedSite& site, const std::string& k);
  void return_to_caller(const Item& item);
  // `context`: the exact types the call passes (callgraph/exact_types.h).
  // False (and *why_not) when the mod-set is unknown.
  // `forward_context`: the callee's calling context when forward facts
  // hold there (null otherwise): its mod-set is then the ForwardModSets'.
  bool writes_of(const Target& t, const std::vector<std::string>& context, const std::string* forward_context,
                 std::function<bool(Term)>* may_write, std::string* why_not);
  const std::vector<std::string>& exact_types(int32_t act);
  void enter_summary(const Item& item, const Target& t, int32_t caller_act, ir::InsnId call,
                     uint32_t depth, bool exceptional, const Minterm& post);
  void summary_entry(const Item& item);
  void apply_summary(const Summary& sm, const SummaryPre& pre, const Waiter& w);
  bool is_entry(const ir::MethodIR& m) const;
  std::vector<Term> dispatch_conditions(const ir::Instruction& call, Transformer& caller,
                                        std::string_view owner, std::string_view name,
                                        std::string_view descriptor);
  Minterm fresh_skolems(const Minterm& m, const Minterm& framed);
  void push_at_call_site(const Item& item, const ir::MethodIR& callee, Transformer& callee_tr,
                         int32_t caller_act, ir::InsnId call_insn, const Minterm* framed = nullptr);
  void go_up(const Item& item);
  std::vector<Target>* targets(const ir::Instruction& call, std::string* why, bool all = false);
  // Directed construction lists no more than max_targets + 1 targets of a
  // call unless asked for all: listing means reading every concrete
  // subtype's methods (hundreds of classes for Set.contains), and a site
  // with more targets is expanded only for the few its constraints allow.
  bool truncated(const std::vector<Target>* list) const { return truncated_.contains(list); }
  // The whole list of a site whose first listing was truncated and that
  // needs it (targets enabled, a type bound to intersect); null (and *why)
  // when it is too long or cannot be built.
  std::vector<Target>* all_targets(const ir::Instruction& call, std::vector<Target>* listed,
                                   std::string* why);
  int32_t assume(int32_t parent, const std::string& text);
  bool at_entry(const Item& item);
  void add_string_model_invariants(const Minterm& phi, std::vector<Term>* out);
  Minterm without_literal_facts(const Minterm& phi);
  std::vector<Term> entry_typing(const Activation& a);
  // typeOf(p) <: T for each reference parameter p of declared type T (and
  // `this`): what entry_typing implies of a parameter that is dereferenced.
  std::vector<Term> declared_type_bounds(const Activation& a);
  // dispatch(typeOf(this), entry) == entry when a subclass could override
  // the entry method; null otherwise.
  Term entry_dispatch(const Activation& a);
  void note(std::string reason);
  // The goal's wall-clock budget is spent (earlier phases included).
  bool out_of_time() const {
    return used_.ms + std::chrono::duration<double, std::milli>(Clock::now() - start_).count() > opt_.timeout_ms;
  }
  // Nullopt when the model has no replayable form.
  std::optional<Replay> replay(const solver::Witness& w, const Activation& entry);

  const classfile::ClassHierarchy& h_;
  Used used_;
  Clock::time_point start_ = Clock::now();
  uint32_t phase_ = 1;
  const EnabledTargets& enabled_;
  callgraph::LambdaClasses& lambdas_;  // the goal's, kept across phases
  size_t lambdas_at_start_ = 0;        // made before this phase began
  struct LambdaTargets {
    size_t made = 0;  // lambdas_.size() when listed
    std::vector<Target> targets;
  };
  absl::flat_hash_map<std::string, std::unique_ptr<LambdaTargets>> lambda_targets_;  // by call key
  absl::flat_hash_map<uint32_t, DirectedSite> directed_sites_;  // by Vocabulary::call_site
  // Records the targets phi's literals pin (σ_method == m' for a skipped
  // site whose candidates include m'); called for every new minterm.
  void note_pinned(const Minterm& phi);
  const Goal& goal_;
  const ir::MethodIR& ir_;
  const EngineOptions& opt_;
  bool tracing() const { return static_cast<bool>(opt_.trace); }
  // A minterm as Java, cut at kTraceWidth characters.
  std::string trace_text(const Minterm& m) {
    std::string text = logic::to_java(tm_, m);
    if (text.size() > kTraceWidth) text = Cat(text.substr(0, kTraceWidth), " ...");
    return text;
  }
  logic::TermManager tm_;
  LambdaTypeFacts types_;
  Vocabulary vocab_;
  simplifier::Simplifier simplifier_;
  solver::Solver solver_;

  std::vector<Activation> acts_;
  absl::flat_hash_map<const ir::MethodIR*, std::unique_ptr<ir::Dominators>> doms_;
  // Call targets by "owner.name desc invoke-kind"; null when not expandable.
  absl::flat_hash_map<std::string, std::unique_ptr<std::vector<Target>>> targets_;
  absl::flat_hash_map<std::string, std::string> target_errors_;
  absl::flat_hash_set<const std::vector<Target>*> truncated_;
  absl::flat_hash_map<std::string, std::shared_ptr<const ir::MethodIR>> irs_;
  callgraph::MethodCache method_cache_{h_};
  ForwardFacts forward_;
  bool forward_done_ = false;
  uint64_t forward_pruned_all_ = 0;  // minterms dropped at dead edges, all phases
  // Forward facts cost up to a few hundred milliseconds: a goal decided
  // within its first phase and kForwardAfterSteps steps goes without them.
  static constexpr uint64_t kForwardAfterSteps = 1000;
  void ensure_forward_facts() {
    if (!opt_.forward_facts || forward_done_) return;
    forward_done_ = true;
    forward_ = ComputeForwardFacts(h_, method_cache_, ir_);
    acts_[0].facts = prunes(forward_.Find(ForwardFacts::kRoot));
    if (tracing()) {
      opt_.trace(forward_.complete
                     ? Cat("phase ", phase_, ": forward facts: ", forward_.contexts, " calling contexts, ",
                           forward_.dead_edges, " dead edges, ", forward_.steps, " steps")
                     : Cat("phase ", phase_, ": forward facts: none (", forward_.why_not, ")"));
    }
  }
  // The call sites of the cached-box lookups (cached_box), by skolem site.
  absl::flat_hash_map<uint32_t, CachedBox> cached_box_sites_;
  // `phi` without the skolems of cached boxes that it uses only for their
  // value, type and nullness; `phi` itself when none is eliminated.
  Minterm without_cached_boxes(const Minterm& phi);
  static const ForwardContext* prunes(const ForwardContext* f) { return f != nullptr && f->prunes ? f : nullptr; }
  // The forward facts of `callee` (whose IR is set), called at `call` by activation `caller`.
  void inherit_facts(Activation& callee, int32_t caller, ir::InsnId call) {
    const Activation& c = acts_[caller];
    if (c.facts == nullptr) return;
    callee.cs = ForwardFacts::Child(c.cs, call, callee.ir->QualifiedName());
    const ForwardContext* f = prunes(forward_.Find(callee.cs));
    if (f != nullptr && f->method == callee.ir->QualifiedName()) callee.facts = f;
  }
  // False when the forward facts rule out edge `eid` (block `b`) of
  // activation `act`: a minterm dropped there is counted.
  bool edge_live(int32_t act, ir::EdgeId eid) {
    const ForwardContext* f = acts_[act].facts;
    return f == nullptr || f->Live(eid) || pruned();
  }
  // The methods the call `call` of activation `act` dispatches to in every
  // execution of its context, by the forward facts; null when they do not
  // know.
  const std::set<std::string>* forward_dispatched(int32_t act, ir::InsnId call) const {
    const ForwardContext* f = acts_[act].facts;
    return f == nullptr ? nullptr : f->Dispatched(call);
  }
  // True (and counted) when the forward facts' states at the entry of
  // block `b` of the goal's method rule `phi` out: each of them makes one
  // of its literals false.
  bool ruled_out_at(ir::BlockId b, const Minterm& phi) {
    if (!forward_.complete || forward_.root_states == nullptr) return false;
    if (root_values_.empty()) {
      for (size_t v = 0; v < ir_.values.size(); ++v) {
        root_values_.emplace(acts_[0].tr->var(static_cast<ir::ValueId>(v)), static_cast<ir::ValueId>(v));
      }
    }
    const std::function<ir::ValueId(Term)> value_of = [this](Term t) {
      auto it = root_values_.find(t);
      return it == root_values_.end() ? ir::kNone : it->second;
    };
    const std::vector<Term> literals(phi.begin(), phi.end());
    return forward_.RulesOut(b, tm_, literals, value_of) && !pruned();
  }
  absl::flat_hash_map<Term, ir::ValueId> root_values_;  // the goal method's variables
  bool block_reached(int32_t act, ir::BlockId b) {
    const ForwardContext* f = acts_[act].facts;
    return f == nullptr || f->Reached(b) || pruned();
  }
  bool pruned() {
    ++ph_.result.stats.forward_pruned;
    ++forward_pruned_all_;
    return false;
  }
  std::unique_ptr<callgraph::ModSets> mod_sets_;
  std::unique_ptr<ForwardModSets> forward_mods_;  // over forward_ and *mod_sets_
  std::vector<Summary> summaries_;
  uint64_t kept_total_ = 0;  // summaries handed from one phase to the next, summed
  absl::flat_hash_map<std::string, int32_t> summary_ids_;
  using SummaryCount = Result::SummaryCount;
  absl::flat_hash_map<std::string, std::vector<callgraph::CallSiteRef>> callers_;
  const std::vector<callgraph::CallSiteRef>& callers_of(const ir::MethodIR& m);
  // With a named entry (EngineOptions::entry): the methods ("owner.name
  // desc", as QualifiedName) on some chain of callers from the goal's method
  // up to the entry within max_caller_depth levels; go_up continues only in
  // those. Unset while not computed, or when the chains are too many to
  // list (then every caller is followed).
  bool leads_to_entry(const std::string& method);
  std::optional<absl::flat_hash_set<std::string>> toward_entry_;
  bool toward_entry_done_ = false;

  std::unique_ptr<Searcher> work_ = MakeSearcher(opt_.search_order);

  // What one phase of directed construction (Figure 4) works with: made
  // anew for every phase (next_phase), never reset field by field, so that
  // no phase starts with another's state. What outlives a phase
  // (activations, the summaries kept, the caches) are IntraSearch's own
  // fields.
  struct PhaseState {
    Result result;
    // Path edges met so far, by point (a new minterm that one of them
    // subsumes is dropped).
    absl::flat_hash_map<Point, std::vector<Minterm>> seen;
    // Minterms that wait at the entry for targets.
    std::vector<Pending> pending;
    size_t pending_checked = 0;   // pending[0, pending_checked) were looked at
    uint64_t pending_since = 0;   // the step at which the unchecked ones began
    std::vector<std::pair<std::string, std::string>> to_enable;
    // Targets of skipped sites that a minterm's literals pin on its way
    // (sigma == M): the minterm needs them wherever it ends, so the phase
    // ends early for them as for a waiting minterm (the issue's
    // "monomorphic sites first"). By site key; the literals already looked at.
    std::map<std::string, std::set<std::string>> pinned;
    absl::flat_hash_set<Term> pin_checked;
    // The site with the fewest candidates seen this phase among those with
    // more than kSmallSite, enabled when nothing cheaper is found.
    std::optional<SiteCandidates> big;
    uint32_t graces = 0;  // times the phase's grace ran out
    // Sites of the waiting minterms this phase (not refuted): how many of
    // the minterms mention each, and the targets the type bounds allow.
    uint64_t waiting_counted = 0;
    std::map<std::string, std::pair<uint64_t, std::set<std::string>>> waiting_sites;
    absl::flat_hash_set<std::string> methods_seen;
    std::map<std::string, Result::SummaryCount> summary_counts;
    std::vector<std::string> reasons;  // why the search is not exhaustive, in order
    absl::flat_hash_set<std::string> reason_set;
    bool found = false;
  };
  PhaseState ph_;
  std::vector<PathNode> nodes_;
  std::vector<AssumeNode> assume_nodes_;
  std::vector<std::string> assumption_texts_;
  absl::flat_hash_map<std::string, int32_t> assumption_ids_;
  uint64_t seq_ = 0;
};

const ir::Dominators* IntraSearch::dominators(const std::shared_ptr<const ir::MethodIR>& ir) {
  auto& d = doms_[ir.get()];
  if (!d) d = std::make_unique<ir::Dominators>(*ir);
  return d.get();
}

int32_t IntraSearch::assume(int32_t parent, const std::string& text) {
  auto [it, inserted] = assumption_ids_.try_emplace(text, static_cast<int32_t>(assumption_texts_.size()));
  if (inserted) assumption_texts_.push_back(text);
  for (int32_t n = parent; n >= 0; n = assume_nodes_[n].parent) {
    if (assume_nodes_[n].text == it->second) return parent;
  }
  assume_nodes_.push_back({it->second, parent});
  return static_cast<int32_t>(assume_nodes_.size()) - 1;
}

void IntraSearch::note(std::string reason) {
  if (ph_.reason_set.insert(reason).second) ph_.reasons.push_back(std::move(reason));
}

// Range facts for the sub-int values of phi (defined below, with the entry checks).
void add_ranges(logic::TermManager& tm, const Vocabulary& vocab, Term phi, std::vector<Term>* out);

void IntraSearch::push(Point at, const Minterm& raw, uint32_t loops, int32_t path, int32_t site,
                       int32_t line, int32_t assume) {
  Minterm phi = vocab_.with_global_facts(raw);
  if (opt_.simplify) {
    const auto t0 = Clock::now();
    phi = simplifier_.simplify(phi);
    ph_.result.stats.simplifier_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
  } else if (!phi.is_true() && !phi.is_false()) {
    // NoSimplification: Z3 decides, unsimplified; an unsat within a cut
    // type domain or an unknown keeps the minterm.
    std::vector<Term> query(phi.begin(), phi.end());
    add_ranges(tm_, vocab_, phi.term(), &query);
    if (check(query, /*want_witness=*/false).proves_unsat()) phi = Minterm::from_term(tm_.mk_false());
  }
  if (phi.is_false()) {
    ++ph_.result.stats.proved_false;
    return;
  }
  std::vector<Minterm>& d = ph_.seen[at];
  for (const Minterm& m : d) {
    if (m.subsumes(phi)) {  // m is weaker: phi adds nothing (Figure 3, merge)
      ++ph_.result.stats.subsumed;
      return;
    }
  }
  d.push_back(phi);
  ++ph_.result.stats.minterms;
  if (opt_.callgraph == CallGraph::kDirected && !phi.is_true() && phi.term().has(logic::kHasSkolem)) {
    note_pinned(phi);
  }
  if (line >= 0 && (path < 0 || nodes_[path].line != line)) {
    nodes_.push_back({line, path});
    path = static_cast<int32_t>(nodes_.size()) - 1;
  }
  work_->add(Item{at, phi, loops, seq_++, path, site, assume, acts_[at.act].depth,
                  static_cast<uint32_t>(d.size() - 1)});
}

void IntraSearch::absorb(const Step& step, Point at, const Item& from, int32_t line,
                         uint32_t extra_loops) {
  if (!step.unsupported.empty()) note(Cat("unsupported: ", step.unsupported));
  if (!step.lossy.empty()) note(Cat("incomplete: ", step.lossy));
  for (const Minterm& m : step.pre) {
    push(at, m, from.loops + extra_loops, from.path, from.site, line, from.assume);
  }
}

void IntraSearch::seed() {
  for (size_t s = 0; s < goal_.sites.size(); ++s) {
    const GoalSite& site = goal_.sites[s];
    const int32_t si = static_cast<int32_t>(s);
    if (site.edge == ir::kNone) {
      // reach / throw: the instruction executes: true just before it.
      if (!block_reached(0, site.block)) continue;
      const ir::Block& b = ir_.blocks[site.block];
      int32_t k = static_cast<int32_t>(std::find(b.insns.begin(), b.insns.end(), site.insn) - b.insns.begin());
      push(Point{0, site.block, k}, Minterm(), 0, -1, si, site.line, -1);
      continue;
    }
    // npe / exception / exit: the exceptional edge is taken.
    if (!edge_live(0, site.edge)) continue;
    Minterm post;
    if (goal_.spec.kind != GoalKind::kNpe && site.type_test) {
      Term exc = tm_.exc();
      std::vector<Term> conds{tm_.mk_ne(exc, tm_.mk_null()),
                              tm_.mk_instance_of(exc, tm_.mk_type(goal_.spec.exception_type))};
      if (goal_.spec.kind == GoalKind::kNpeArg && site.dereferenced != ir::kNone) {
        // npe-arg: the call passes null for the argument (an SSA value of
        // this method, which the callee cannot change).
        conds.push_back(tm_.mk_eq(vocab_.value(ir_, acts_[0].ns, site.dereferenced), tm_.mk_null()));
      }
      post = Minterm::of(tm_, conds);
    }
    const ir::Edge& e = ir_.edges[site.edge];
    const ir::Block& src = ir_.blocks[e.from];
    CallHandling how = CallHandling::kSkipped;
    const Item at_target{Point{0, e.to, 0}, post, 0, 0, -1, si, -1};
    if (opt_.expand_calls && goal_.spec.kind != GoalKind::kNpe && !src.insns.empty() &&
        ir_.insns[src.insns.back()].op == ir::Op::kInvoke &&
        ir_.insns[src.insns.back()].invoke != ir::InvokeKind::kDynamic) {
      // An exception raised inside the callee: continue at its exceptional exit.
      how = expand_call(at_target, site.edge);
      if (how == CallHandling::kExpanded) continue;
    }
    Step step = goal_.spec.kind == GoalKind::kNpe ? tr(0).null_dereference(site.edge, post)
                                                  : tr(0).through_edge(site.edge, post);
    ++ph_.result.stats.steps;
    if (how == CallHandling::kPartial) skip_call(at_target, site.edge, &step);
    const ir::Block& from = ir_.blocks[e.from];
    int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
    Item origin{Point{0, e.from, k}, Minterm(), 0, 0, -1, si, -1};
    absorb(step, Point{0, e.from, k}, origin, site.line);
  }
}

// The value range of a sub-int descriptor (Z B C S), as [lo, hi].
bool sub_int_range(std::string_view descriptor, int32_t* lo, int32_t* hi) {
  switch (descriptor.empty() ? ' ' : descriptor[0]) {
    case 'Z': *lo = 0; *hi = 1; return true;
    case 'B': *lo = -128; *hi = 127; return true;
    case 'C': *lo = 0; *hi = 65535; return true;
    case 'S': *lo = -32768; *hi = 32767; return true;
    default: return false;
  }
}

// Java values of sub-int types are ints in a range: parameters, fields,
// static fields and array elements of boolean, byte, char and short.
void add_ranges(logic::TermManager& tm, const Vocabulary& vocab, Term phi, std::vector<Term>* out) {
  auto range = [&](Term t, std::string_view desc) {
    int32_t lo, hi;
    if (!sub_int_range(desc, &lo, &hi)) return;
    out->push_back(tm.mk_le(tm.mk_int(lo), t));
    out->push_back(tm.mk_le(t, tm.mk_int(hi)));
  };
  for (Term t : logic::collect(phi, [](Term x) {
         return x.is(logic::TermKind::kRead) || x.is(logic::TermKind::kARead) || x.is_var();
       })) {
    if (t.is(logic::TermKind::kRead) && t.arg(0).is(logic::TermKind::kFieldConst) &&
        !tm.is_length_field(t.arg(0))) {
      range(t, tm.field_info(t.arg(0)).descriptor);
    } else if (t.is(logic::TermKind::kARead) && t.arg(0).is(logic::TermKind::kArrayConst)) {
      range(t, std::string(1, logic::array_kind_descriptor(tm.array_kind(t.arg(0)))));
    } else if (t.is_var()) {
      const Vocabulary::StaticField* f = vocab.static_field_of(t);
      if (f == nullptr) continue;
      range(t, f->descriptor);
      if (t.sort().is_ref() && !f->descriptor.empty()) {
        // A static field holds null or an instance of its declared type.
        std::string_view d = f->descriptor;
        Term type = tm.mk_type(d[0] == 'L' ? d.substr(1, d.size() - 2) : d);
        Term is_null = tm.mk_eq(t, tm.mk_null());
        out->push_back(tm.mk_or(is_null, tm.mk_instance_of(t, type)));
      }
    }
  }
}

// A method a subclass may override: virtual (not static, private or a
// constructor), neither it nor its class final.
bool overridable(const ir::MethodIR& ir) {
  if (ir.is_static || ir.method_name == "<init>" || ir.class_file == nullptr) return false;
  if (ir.class_file->IsFinal()) return false;
  for (const classfile::MethodInfo& m : ir.class_file->methods) {
    if (m.name == ir.method_name && m.descriptor == ir.method_descriptor) {
      return !m.IsPrivate() && !(m.access_flags & classfile::access::kFinal);
    }
  }
  return true;
}

Term IntraSearch::entry_dispatch(const Activation& a) {
  const ir::MethodIR& ir = *a.ir;
  if (!overridable(ir) || ir.params.empty()) return Term();
  Term type = tm_.mk_type_of(a.tr->var(ir.params[0]));
  Term dispatch = tm_.mk_dispatch(type, tm_.mk_signature(ir.class_name, ir.method_name, ir.method_descriptor));
  return tm_.mk_eq(dispatch, tm_.mk_method(ir.class_name, ir.method_name, ir.method_descriptor));
}

std::vector<Term> IntraSearch::declared_type_bounds(const Activation& a) {
  std::vector<Term> bounds;
  const ir::MethodIR& ir = *a.ir;
  for (size_t i = 0; i < ir.params.size(); ++i) {
    const ir::Value& val = ir.values[ir.params[i]];
    if (!ir::IsReference(val.type.kind)) continue;
    const bool receiver = !ir.is_static && i == 0;
    if (!receiver && val.type.descriptor.empty()) continue;
    Term type_of = tm_.mk_type_of(a.tr->var(ir.params[i]));
    Term type = receiver ? tm_.mk_type(ir.class_name) : vocab_.type(val.type.descriptor);
    bounds.push_back(tm_.mk_sub_type(type_of, type));
  }
  return bounds;
}

std::vector<Term> IntraSearch::entry_typing(const Activation& a) {
  const ir::MethodIR& ir_ = *a.ir;
  Transformer& tr0 = *a.tr;
  // Well-typed inputs: `this` is a non-null instance of its class (an
  // instantiable one, T3), reference parameters are null or instances of
  // their declared types.
  std::vector<Term> typing;
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    ir::ValueId v = ir_.params[i];
    const ir::Value& val = ir_.values[v];
    if (!ir::IsReference(val.type.kind)) {
      // boolean, byte, char, short parameters: their range.
      auto md = classfile::ParseMethodDescriptor(ir_.method_descriptor);
      const size_t j = ir_.is_static ? i : i - 1;
      std::string desc = md.ok() && j < md->params.size() && md->params[j].array_dims == 0
                             ? md->params[j].Descriptor() : std::string();
      int32_t lo, hi;
      if (sub_int_range(desc, &lo, &hi)) {
        Term p = tr0.var(v);
        typing.push_back(tm_.mk_le(tm_.mk_int(lo), p));
        typing.push_back(tm_.mk_le(p, tm_.mk_int(hi)));
      }
      continue;
    }
    Term p = tr0.var(v);
    Term type = vocab_.type(val.type.descriptor);
    if (!ir_.is_static && i == 0) {
      typing.push_back(tm_.mk_ne(p, tm_.mk_null()));
      typing.push_back(tm_.mk_instance_of(p, tm_.mk_type(ir_.class_name)));
      // The entry is called virtually (the witness runner invokes it as
      // Java code would): the receiver's class must not override it, or the
      // call runs another method.
      if (Term d = entry_dispatch(a); !d.is_null()) typing.push_back(d);
    } else if (!val.type.descriptor.empty()) {
      Term is_null = tm_.mk_eq(p, tm_.mk_null());
      typing.push_back(tm_.mk_or(is_null, tm_.mk_instance_of(p, type)));
    }
  }
  return typing;
}

std::optional<Replay> IntraSearch::replay(const solver::Witness& w, const Activation& entry) {
  const ir::MethodIR& ir_ = *entry.ir;
  Transformer& tr0 = *entry.tr;
  Replay r;
  r.entry_class = std::string(ir_.class_name);
  r.entry_method = std::string(ir_.method_name);
  r.entry_descriptor = std::string(ir_.method_descriptor);
  r.entry_static = ir_.is_static;
  auto value_of = [&](Term var) -> solver::WitnessValue {
    for (const auto& v : w.variables) {
      if (v.var == var) return v.value;
    }
    // Not constrained by the precondition: any value works; use the default.
    solver::WitnessValue d;
    logic::Sort s = var.sort();
    if (s.is_int()) d.kind = solver::WitnessValue::Kind::kInt;
    else if (s.is_long()) d.kind = solver::WitnessValue::Kind::kLong;
    else if (s.is_float()) d.kind = solver::WitnessValue::Kind::kFloat;
    else if (s.is_double()) d.kind = solver::WitnessValue::Kind::kDouble;
    else d.kind = solver::WitnessValue::Kind::kNull;
    return d;
  };
  for (size_t i = 0; i < ir_.params.size(); ++i) {
    Term p = tr0.var(ir_.params[i]);
    if (!ir_.is_static && i == 0) {
      r.receiver = value_of(p);
    } else {
      r.arguments.push_back(value_of(p));
    }
  }
  r.heap = w.objects;
  for (const solver::WitnessObject& o : r.heap) {
    // An input cannot be the lambda object of a site inside the program.
    if (types_.lambda(o.type) != nullptr) return std::nullopt;
  }
  for (solver::WitnessObject& o : r.heap) {
    if (!o.type.empty() && o.type[0] == '[' && !o.length) {
      // The formula never reads the length: any length covering the
      // elements it reads will do.
      int32_t n = 0;
      for (const auto& e : o.elements) n = std::max(n, e.index + 1);
      o.length = n;
    }
  }
  for (solver::WitnessObject& o : r.heap) {
    if (o.type != models::kStringClass) continue;
    // The String model: a string that is not a literal is its characters
    // (jwpValue), replayed as a new string; the field is the model's own.
    auto f = std::find_if(o.fields.begin(), o.fields.end(), [](const solver::WitnessField& x) {
      return x.owner == models::kStringClass && x.name == models::kStringChars;
    });
    if (!o.string_value) {
      std::vector<uint16_t> units;
      if (f != o.fields.end()) {
        // From the replay's heap, where every array has its length (above).
        auto chars = f->value.kind != solver::WitnessValue::Kind::kRef
                         ? r.heap.end()
                         : std::find_if(r.heap.begin(), r.heap.end(),
                                        [&](const solver::WitnessObject& x) { return x.id == f->value.object; });
        if (chars == r.heap.end()) return std::nullopt;  // a string without characters
        units.assign(static_cast<size_t>(std::max(0, chars->length.value_or(0))), 0);
        for (const auto& e : chars->elements) {
          if (e.index >= 0 && static_cast<size_t>(e.index) < units.size()) {
            units[e.index] = static_cast<uint16_t>(e.value.integral);
          }
        }
      }
      std::optional<std::string> text = models::Utf8(units);
      if (!text) return std::nullopt;  // an unpaired surrogate: not expressible in the witness
      o.string_value = *text;
      r.plain_strings.push_back(o.id);
    }
    if (f != o.fields.end()) o.fields.erase(f);
  }
  for (const auto& v : w.variables) {
    if (const Vocabulary::StaticField* f = vocab_.static_field_of(v.var)) {
      r.statics.push_back({f->owner, f->name, f->descriptor, v.value});
    }
  }
  return r;
}

// The String model's invariant for the strings a precondition reads the
// characters of: a string has a char array (never null) of type char[].
void IntraSearch::add_string_model_invariants(const Minterm& phi, std::vector<Term>* out) {
  const Term chars = vocab_.string_chars();
  if (chars.is_null() || phi.is_true()) return;
  for (Term t : logic::collect(phi.term(), [&](Term x) { return x.is(logic::TermKind::kRead) && x.arg(0) == chars; })) {
    Term string_null = tm_.mk_eq(t.arg(1), tm_.mk_null());
    Term chars_not_null = tm_.mk_ne(t, tm_.mk_null());
    Term chars_type = tm_.mk_type_of(t);
    Term chars_typed = tm_.mk_eq(chars_type, tm_.mk_type("[C"));
    out->push_back(tm_.mk_or(string_null, tm_.mk_and(chars_not_null, chars_typed)));
  }
}

// For display: `phi` without the String model's facts about literals
// (models/string_model.h), which hold whatever the input.
Minterm IntraSearch::without_literal_facts(const Minterm& phi) {
  const Term chars = vocab_.string_chars();
  if (chars.is_null()) return phi;
  auto literal_chars = [&](Term t) {
    return t.is(logic::TermKind::kRead) && t.arg(0) == chars && t.arg(1).is(logic::TermKind::kStringLit);
  };
  std::vector<Term> kept;
  for (Term lit : phi) {
    bool fact = logic::free_variables(lit).empty();
    bool about_literal = false;
    logic::for_each_subterm(lit, [&](Term x) {
      if (literal_chars(x)) about_literal = true;
      else if (x.is(logic::TermKind::kRead) && !(tm_.is_length_field(x.arg(0)) && literal_chars(x.arg(1)))) fact = false;
      else if (x.is(logic::TermKind::kARead) && !literal_chars(x.arg(1))) fact = false;
    });
    if (!(fact && about_literal)) kept.push_back(lit);
  }
  return Minterm::of(tm_, kept);
}

bool too_large_for_a_witness(const solver::Witness& w) {
  for (const solver::WitnessObject& o : w.objects) {
    if (o.length && *o.length > kMaxWitnessArrayLength) return true;
  }
  return false;
}

Minterm IntraSearch::without_cached_boxes(const Minterm& phi) {
  // Not with summaries but without generalization: then a caller's
  // literals about a box enter a callee whole, and a summary's application
  // renames the box's skolem there (fresh_skolems), so the literal that
  // gives its value could name another skolem than the one it is about.
  // (With generalization the box enters a callee only as a generic, defined
  // in the framed part.)
  if (opt_.summaries && !opt_.generalize) return phi;
  if (cached_box_sites_.empty() || phi.is_true() || phi.is_false() || !logic::mentions_skolem(phi)) return phi;
  struct Box {
    Term sk;
    CachedBox box;
    Term field;  // the box class's `value` field map
    Term value;  // the box's value
  };
  std::vector<Box> boxes;
  for (Term v : logic::free_variables(phi)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem) continue;
    auto it = cached_box_sites_.find(info.site);
    if (it == cached_box_sites_.end()) continue;
    const Term field = vocab_.field(it->second.cls, "value", it->second.descriptor);
    // Its value: from a literal read(value, v) == t.
    for (Term lit : phi) {
      if (!lit.is(logic::TermKind::kEq)) continue;
      const int side = reads_box_value(lit.arg(0), v, field) ? 0 : reads_box_value(lit.arg(1), v, field) ? 1 : -1;
      if (side < 0 || logic::mentions_skolem(lit.arg(1 - side))) continue;
      boxes.push_back(Box{v, it->second, field, lit.arg(1 - side)});
      break;
    }
  }
  if (boxes.empty()) return phi;
  Term body = phi.term();
  for (const Box& b : boxes) {
    body = cached_box_reads(tm_, body, b.sk, b.value, b.field, tm_.mk_type(b.box.cls));
    body = logic::substitute(tm_, body, tm_.mk_ne(b.sk, tm_.mk_null()), tm_.mk_true());
  }
  if (body == phi.term()) return phi;
  auto dnf = logic::to_dnf(tm_, body, 2);
  if (!dnf.ok() || dnf->size() != 1) return phi;
  return opt_.simplify ? simplifier_.simplify((*dnf)[0]) : (*dnf)[0];
}

bool IntraSearch::at_entry(const Item& item) {
  // (What is known of static finals and the current thread was put in by
  // push: Vocabulary::with_global_facts.)
  const Minterm phi = without_cached_boxes(item.phi);
  if (phi.is_false()) return false;
  if (logic::mentions_skolem(phi)) {
    // A skipped call on every path of this minterm. When one of them may be
    // expanded by directed construction, the minterm waits for the end of
    // the phase; otherwise name the calls.
    for (Term v : logic::free_variables(phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role == logic::VarRole::kSkolem && directed_sites_.contains(info.site)) {
        if (ph_.pending.size() < kMaxPending) ph_.pending.push_back(Pending{phi, item.at.act});
        else note("budget: too many minterms wait for directed call-graph expansion");
        return false;
      }
    }
    for (Term v : logic::free_variables(phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role != logic::VarRole::kSkolem) continue;
      note(vocab_.call_site_text(info.site));
    }
    return false;
  }
  // The fields of string literals are the JVM's (value, coder, hash): not
  // inputs. Strings are modelled by issue #7.
  bool string_internals = false;
  for (Term t : logic::collect(phi.is_true() ? tm_.mk_true() : phi.term(),
                               [](Term x) { return x.is(logic::TermKind::kRead); })) {
    if (t.arg(1).is(logic::TermKind::kStringLit) && !tm_.is_length_field(t.arg(0)) &&
        t.arg(0) != vocab_.string_chars()) {
      string_internals = true;
    }
  }
  if (string_internals) {
    note("unsupported: the precondition constrains the fields of a string literal (String is modelled by issue #7)");
    return false;
  }
  if (used_.entry_checks + ph_.result.stats.entry_checks >= opt_.max_entry_checks) {
    note("budget: too many final checks");
    return false;
  }
  ++ph_.result.stats.entry_checks;
  std::vector<Term> query(phi.begin(), phi.end());
  const Activation& entry_act = acts_[item.at.act];
  for (Term t : entry_typing(entry_act)) query.push_back(t);
  add_ranges(tm_, vocab_, phi.is_true() ? tm_.mk_true() : phi.term(), &query);
  add_string_model_invariants(phi, &query);
  solver::CheckResult r = check(query, /*want_witness=*/true);
  if (r.answer == solver::SatAnswer::kSat && r.witness && too_large_for_a_witness(*r.witness)) {
    // A model with an array no JVM allocates: ask for one with small
    // arrays (the precondition stays the same; only the witness changes).
    std::vector<Term> small = query;
    for (Term t : logic::collect(phi.is_true() ? tm_.mk_true() : phi.term(), [&](Term x) {
           return x.is(logic::TermKind::kRead) && tm_.is_length_field(x.arg(0));
         })) {
      small.push_back(tm_.mk_le(t, tm_.mk_int(kMaxWitnessArrayLength)));
    }
    solver::CheckResult again = check(small, /*want_witness=*/true);
    if (again.answer == solver::SatAnswer::kSat && again.witness) r = std::move(again);
  }
  // The solver's assumptions: a cut type domain can only turn sat into
  // unsat (so an unsat answer is not a proof); an uninterpreted operation
  // (Java's float remainder) can make a model that the JVM does not follow.
  if (r.answer == solver::SatAnswer::kUnsat) {
    if (r.type_domain_cut) note("solver: unsat only within a cut type domain (too many concrete subtypes)");
    return false;
  }
  if (r.answer == solver::SatAnswer::kUnknown) {
    note(Cat("solver unknown: ", r.reason));
    return false;
  }
  if (!r.uninterpreted.empty()) {
    note(Cat("not modelled exactly: ", r.uninterpreted.front()));
    return false;
  }
  std::optional<Replay> witness;
  if (r.witness && r.witness->replayable) witness = replay(*r.witness, entry_act);
  if (!witness) {
    note("the solver's model could not be turned into a witness");
    return false;
  }
  ph_.result.verdict = Verdict::kFound;
  // The receiver's class must not override the entry: said in the
  // precondition too, since a reader could pick such a class otherwise.
  Minterm shown = without_literal_facts(phi);
  if (Term d = entry_dispatch(entry_act); !d.is_null()) shown = logic::conjoin(tm_, shown, d);
  ph_.result.precondition = logic::to_java(tm_, shown);
  ph_.result.smtlib = logic::to_smtlib(tm_, query);
  for (int32_t n = item.path; n >= 0; n = nodes_[n].parent) {
    if (ph_.result.path.empty() || ph_.result.path.back() != nodes_[n].line) ph_.result.path.push_back(nodes_[n].line);
  }
  const GoalSite& site = goal_.sites[item.site];
  ph_.result.goal_bci = site.bci;
  ph_.result.goal_line = site.line;
  ph_.result.witness = std::move(witness);
  ph_.result.entry = Cat(dotted(std::string(entry_act.ir->class_name)), ".", entry_act.ir->method_name,
                      entry_act.ir->method_descriptor);
  std::vector<std::string> assumed;
  for (int32_t n = item.assume; n >= 0; n = assume_nodes_[n].parent) {
    assumed.push_back(assumption_texts_[assume_nodes_[n].text]);
  }
  ph_.result.assumptions.insert(ph_.result.assumptions.end(), assumed.rbegin(), assumed.rend());
  return true;
}

// One step backwards from an item: the instruction before it, or every
// edge into its block; at an activation's entry, the call site in the
// caller, or the final check at the goal method's entry.
void IntraSearch::step_back(const Item& item) {
  const Point at = item.at;
  Activation& a = acts_[at.act];
  const ir::MethodIR& ir = *a.ir;
  if (at.b == ir.entry && at.k == 0) {
    if (a.summary >= 0) {
      summary_entry(item);
    } else if (a.caller >= 0) {
      return_to_caller(item);
    } else if (is_entry(ir)) {
      if (at_entry(item)) ph_.found = true;
    } else {
      go_up(item);
    }
    return;
  }
  if (at.act == 0 && at.k == 0 && ruled_out_at(at.b, item.phi)) return;
  const ir::Block& b = ir.blocks[at.b];
  if (at.k > 0) {
    const ir::InsnId insn = b.insns[at.k - 1];
    Step step = a.tr->through_instruction(insn, item.phi);
    ++ph_.result.stats.steps;
    absorb(step, Point{at.act, at.b, at.k - 1}, item, ir.insns[insn].line);
    return;
  }
  for (ir::EdgeId eid : b.preds) {
    if (!edge_live(at.act, eid)) continue;
    const ir::Edge& e = ir.edges[eid];
    const ir::Block& from = ir.blocks[e.from];
    CallHandling how = CallHandling::kSkipped;
    if (opt_.expand_calls && !from.insns.empty()) {
      const ir::Instruction& last = ir.insns[from.insns.back()];
      if (last.op == ir::Op::kInvoke && last.invoke != ir::InvokeKind::kDynamic &&
          !(e.kind == ir::EdgeKind::kException && e.thrown == "java/lang/NullPointerException")) {
        how = expand_call(item, eid);
        if (how == CallHandling::kExpanded) continue;
      }
    }
    Step step = acts_[at.act].tr->through_edge(eid, item.phi);
    ++ph_.result.stats.steps;
    if (how == CallHandling::kPartial) skip_call(item, eid, &step);
    const int32_t k = from.insns.empty() ? 0 : static_cast<int32_t>(from.insns.size()) - 1;
    const bool back = acts_[at.act].dom->Dominates(e.to, e.from);
    const int32_t line = from.insns.empty() ? -1 : ir.insns[from.insns.back()].line;
    absorb(step, Point{at.act, e.from, k}, item, line, back ? 1 : 0);
  }
}

// The class-hierarchy targets of a call (JVMS 5.4.3.3, 5.4.3.4, 5.4.6);
// null (and *why) when the call cannot be expanded: a resolution failure, a
// missing class, or too many targets (for class-hierarchy call graphs).
std::vector<Target>* IntraSearch::targets(const ir::Instruction& call, std::string* why, bool all) {
  const bool capped = opt_.callgraph == CallGraph::kDirected && !all;
  std::string key = Cat(call.owner, ".", call.name, call.descriptor, " ", static_cast<int>(call.invoke),
                        call.interface_owner ? "I" : "C", capped ? "" : " all");
  auto it = targets_.find(key);
  if (it != targets_.end()) {
    if (!it->second) *why = target_errors_[key];
    return it->second.get();
  }
  auto fail = [&](std::string reason) -> std::vector<Target>* {
    target_errors_[key] = reason;
    targets_[key] = nullptr;
    *why = std::move(reason);
    return nullptr;
  };
  classfile::MethodResult resolved =
      call.interface_owner ? classfile::ResolveInterfaceMethod(h_, call.owner, call.name, call.descriptor)
                           : classfile::ResolveMethod(h_, call.owner, call.name, call.descriptor);
  if (!resolved.ok() || resolved.member == nullptr) {
    return fail(Cat("does not resolve (", classfile::LinkageErrorName(resolved.error), ")"));
  }
  if (resolved.signature_polymorphic) return fail("signature-polymorphic method");
  std::vector<std::pair<classfile::ClassId, const classfile::MethodInfo*>> chosen;
  bool is_truncated = false;
  if (call.invoke == ir::InvokeKind::kStatic || call.invoke == ir::InvokeKind::kSpecial ||
      resolved.member->access_flags & (classfile::access::kPrivate | classfile::access::kFinal)) {
    chosen.emplace_back(resolved.owner, resolved.member);
  } else {
    classfile::ClassId owner = h_.Find(call.owner);
    if (owner == classfile::kNoClass) return fail("its class is missing");
    std::vector<classfile::ClassId> subs = h_.ConcreteSubtypes(owner);
    for (classfile::ClassId c : subs) {
      if (capped && chosen.size() > opt_.max_targets) {
        is_truncated = true;
        break;
      }
      classfile::MethodResult sel = classfile::SelectMethod(
          h_, c, resolved,
          call.invoke == ir::InvokeKind::kInterface ? classfile::InvokeKind::kInterface
                                                    : classfile::InvokeKind::kVirtual);
      if (!sel.ok() || sel.member == nullptr) continue;
      bool dup = false;
      for (const auto& [o, m] : chosen) dup = dup || (o == sel.owner && m == sel.member);
      if (!dup) chosen.emplace_back(sel.owner, sel.member);
      const size_t cap = opt_.callgraph == CallGraph::kCha ? opt_.max_targets : kMaxDirectedTargets;
      if (chosen.size() > cap) {
        return fail(Cat("has more than ", cap, " class-hierarchy targets"));
      }
    }
    // An interface may have only lambda classes (lambda_targets).
    if (chosen.empty() && !call.interface_owner) return fail("has no concrete target on the class path");
  }
  auto list = std::make_unique<std::vector<Target>>();
  for (const auto& [owner, m] : chosen) {
    Target t;
    t.owner = std::string(h_.Name(owner));
    t.name = std::string(m->name);
    t.descriptor = std::string(m->descriptor);
    t.model = callgraph::FindMethodModel(h_, t.owner, *m);
    if (!t.model) {  // else the model's code stands in for the method's own
      if (m->IsNative()) {
        t.native = true;
      } else if (!m->code) {
        return fail(Cat("target ", t.owner, ".", t.name, " has no code"));
      }
    }
    list->push_back(std::move(t));
  }
  std::vector<Target>* out = (targets_[key] = std::move(list)).get();
  if (is_truncated) truncated_.insert(out);
  return out;
}

std::vector<Target>* IntraSearch::all_targets(const ir::Instruction& call, std::vector<Target>* listed,
                                              std::string* why) {
  if (listed == nullptr || !truncated(listed)) return listed;
  return targets(call, why, /*all=*/true);
}

std::vector<Target>& IntraSearch::lambda_targets(const ir::Instruction& call) {
  const std::string key = Cat(call.owner, ".", call.name, call.descriptor);
  std::unique_ptr<LambdaTargets>& list = lambda_targets_[key];
  if (!list) list = std::make_unique<LambdaTargets>();
  if (call.invoke != ir::InvokeKind::kInterface || list->made == lambdas_.size()) return list->targets;
  list->made = lambdas_.size();
  list->targets.clear();
  for (size_t i : lambdas_.Implementing(h_, call.owner, call.name, call.descriptor)) {
    const callgraph::LambdaClass& l = lambdas_.at(i);
    Target t;
    t.owner = l.name;
    t.name = l.method_name;
    t.descriptor = l.erased;
    t.lambda = i;
    list->targets.push_back(std::move(t));
  }
  return list->targets;
}

// The IR of a target with code, built on first use.
bool IntraSearch::ensure_ir(Target& t, std::string* why) {
  if (t.ir || t.native) return true;
  if (t.lambda != std::string::npos) {
    auto built = method_cache_.Get(callgraph::MethodId(t.owner, t.name, t.descriptor));
    if (!built.ok()) {
      *why = std::string(built.status().message());
      return false;
    }
    t.ir = *built;
    return true;
  }
  const std::string& owner = t.model ? t.model->owner : t.owner;
  const std::string& descriptor = t.model ? t.model->descriptor : t.descriptor;
  const std::string mkey = Cat(owner, ".", t.name, descriptor);
  auto& ir = irs_[mkey];
  if (!ir) {
    auto cf = h_.class_path().Load(owner);
    if (!cf.ok()) {
      *why = Cat("target ", mkey, " does not load: ", cf.status().message());
      return false;
    }
    const classfile::MethodInfo* mi = nullptr;
    for (const auto& mm : (*cf)->methods) {
      if (mm.name == t.name && mm.descriptor == descriptor && mm.code) mi = &mm;
    }
    if (mi == nullptr) {
      *why = Cat("target ", mkey, " not found");
      return false;
    }
    auto built = ir::BuildMethodIR(*cf, *mi, h_);
    if (!built.ok()) {
      *why = Cat("target ", mkey, ": ", built.status().message());
      return false;
    }
    ir = *built;
    learn_lambdas(*ir);
  }
  t.ir = ir;
  return true;
}

// A minterm at the return site of a call (the start of e.to, e leaving the
// call's block) continues at the normal or exceptional exit of each target.
// False when the call is not expanded (then it is skipped with skolems).
CallHandling IntraSearch::expand_call(const Item& item, ir::EdgeId eid) {
  // acts_ grows below: keep the caller's IR and transformer, not a reference.
  const std::shared_ptr<const ir::MethodIR> air = acts_[item.at.act].ir;
  Transformer* const atr = acts_[item.at.act].tr.get();
  const uint32_t adepth = acts_[item.at.act].depth;
  struct {
    const std::shared_ptr<const ir::MethodIR>& ir;
    Transformer* tr;
    uint32_t depth;
  } a{air, atr, adepth};
  const ir::Edge& e = a.ir->edges[eid];
  const ir::Block& from = a.ir->blocks[e.from];
  const ir::InsnId call_id = from.insns.back();
  const ir::Instruction& call = a.ir->insns[call_id];
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  const std::string where = Cat(dotted(std::string(call.owner)), ".", call.name, call.descriptor,
                                " at line ", call.line);
  if (all == nullptr) {
    note(Cat("a call is skipped: ", where, " ", why));
    return CallHandling::kSkipped;
  }
  std::vector<Target>& lambdas = lambda_targets(call);
  if (all->empty() && lambdas.empty()) {
    note(Cat("a call is skipped: ", where, " has no concrete target on the class path"));
    return CallHandling::kSkipped;
  }
  if (a.depth + 1 > opt_.max_call_depth) {
    note(Cat("budget: call depth ", opt_.max_call_depth, " at ", where));
    return CallHandling::kSkipped;
  }
  // Directed construction (Section 4): a call with several class-hierarchy
  // targets is expanded only to the targets enabled so far at this site;
  // the others stay skipped (kPartial) until the constraints choose them.
  std::vector<Target*> chosen;
  const bool directed = opt_.callgraph == CallGraph::kDirected && all->size() + lambdas.size() > 1;
  const std::string site_key = EnabledTargets::SiteKey(*a.ir, call);
  const bool listed_in_part = truncated(all);
  if (directed && listed_in_part && enabled_.HasAny(site_key)) {
    all = all_targets(call, all, &why);
    if (all == nullptr) {
      note(Cat("a call is skipped: ", where, " ", why));
      return CallHandling::kSkipped;
    }
  }
  for (Target& t : *all) {
    if (!directed || enabled_.IsEnabled(site_key, t.key())) {
      chosen.push_back(&t);
    }
  }
  for (Target& t : lambdas) {
    if (lambda_enabled(t)) chosen.push_back(&t);
  }
  CallHandling handled = chosen.size() == all->size() + lambdas.size() && !listed_in_part
                             ? CallHandling::kExpanded
                             : CallHandling::kPartial;
  // Forward facts may know every method the call dispatches to in this
  // context: the others are no path, and when those are all enabled, the
  // skipped side (the targets not enabled) is none either. They name
  // methods as the class hierarchy resolves them, as the targets do; the
  // facts are used only where each method they name is among the enabled
  // targets, or among all the targets when the list is whole.
  if (const std::set<std::string>* ran = forward_dispatched(item.at.act, call_id)) {
    auto among = [&](const auto& list, auto key_of) {
      return std::all_of(ran->begin(), ran->end(), [&](const std::string& m) {
        return std::any_of(list.begin(), list.end(), [&](const auto& t) { return key_of(t) == m; });
      });
    };
    const bool all_enabled = among(chosen, [](const Target* t) { return t->key(); });
    if (all_enabled || (!listed_in_part && among(*all, [](const Target& t) { return t.key(); }))) {
      if (handled == CallHandling::kPartial && all_enabled) {
        pruned();
        handled = CallHandling::kExpanded;
      }
      std::erase_if(chosen, [&](const Target* t) {
        if (ran->contains(t->key())) return false;
        pruned();  // counts
        return true;
      });
    }
  }
  for (Target* t : chosen) {
    if (t->native && !native_never_throws(t->key())) {
      note(Cat("a call is skipped: native method ", dotted(t->owner), ".", t->name, t->descriptor,
               " at line ", call.line, " may throw (natives are modelled by issue #7)"));
      return CallHandling::kSkipped;
    }
    if (!ensure_ir(*t, &why)) {
      note(Cat("a call is skipped: ", where, " ", why));
      return CallHandling::kSkipped;
    }
  }
  if (chosen.empty()) return handled;
  const Minterm at_end = a.tr->through_phis(eid, item.phi);
  const Term phi = at_end.is_true() ? tm_.mk_true() : at_end.term();
  const bool exceptional = e.kind == ir::EdgeKind::kException;
  const int32_t k = static_cast<int32_t>(from.insns.size()) - 1;
  // The postcondition at every target's exit, the same for all targets:
  // wp(w = m(...), φ) continues at m's normal exit with φ[ret/w]; along the
  // call's exceptional edge, at m's exceptional exit with a non-null
  // exception routed to e's handler.
  Term post = phi;
  if (!exceptional && call.result != ir::kNone) {
    Term w = a.tr->var(call.result);
    post = logic::substitute(tm_, post, w, tm_.ret(w.sort()));
  } else if (exceptional) {
    std::vector<Term> conds = a.tr->routing(e, tm_.exc());
    conds.push_back(phi);
    conds.push_back(tm_.mk_ne(tm_.exc(), tm_.mk_null()));
    post = tm_.mk_and(conds);
  }
  const absl::StatusOr<std::vector<Minterm>> post_dnf = logic::to_dnf(tm_, post, 4096);
  if (!post_dnf.ok()) note("incomplete: too many disjuncts");
  for (const Target* tp : chosen) {
    const Target& t = *tp;
    ++ph_.result.stats.steps;
    if (t.native) {
      // Section 6: a native method throws nothing, changes no heap and
      // returns an arbitrary value (a skolem: a minterm constraining it is
      // not a precondition).
      std::string text = Cat("native method ", dotted(t.owner), ".", t.name, t.descriptor,
                             " assumed to throw nothing and leave the heap unchanged");
      // Only natives that never throw get here (see above): their
      // exceptional exit has no path.
      if (exceptional) continue;
      logic::Substitution s(tm_);
      const models::NativeFacts* facts = models::FindNativeFacts(t.key());
      const std::optional<CachedBox> box =
          call.result != ir::kNone && !call.operands.empty() ? cached_box(t.key()) : std::nullopt;
      Term box_sk;
      if (call.result != ir::kNone && facts != nullptr && facts->current_thread) {
        Term w = a.tr->var(call.result);
        s.add(w, vocab_.current_thread());
      } else if (box) {
        Term w = a.tr->var(call.result);
        const uint32_t site = vocab_.call_site(
            Cat("the identity of the cached ", dotted(box->cls), " that valueOf returns at ", where, " is needed"));
        cached_box_sites_.try_emplace(site, *box);
        box_sk = tm_.fresh_skolem(logic::SkolemKind::kRet, w.sort(), site);
        s.add(w, box_sk);
      } else if (call.result != ir::kNone) {
        Term w = a.tr->var(call.result);
        s.add(w, tm_.fresh_skolem(logic::SkolemKind::kRet, w.sort(),
                                  vocab_.call_site(Cat("the result of native method ", dotted(t.owner),
                                                       ".", t.name, t.descriptor, " at ", where,
                                                       " is needed"))));
      }
      std::vector<Term> conds = dispatch_conditions(call, *a.tr, t.owner, t.name, t.descriptor);
      conds.push_back(s.apply(phi));
      if (box) {
        // What the box is: where the search cannot use it yet (a summary's
        // generic stands for its value), it travels as literals, which
        // at_entry eliminates (without_cached_boxes).
        const Term value = vocab_.field(box->cls, "value", box->descriptor);
        const Term arg = a.tr->var(call.operands[0]);
        conds.back() = cached_box_reads(tm_, conds.back(), box_sk, arg, value, tm_.mk_type(box->cls));
        conds.push_back(tm_.mk_eq(tm_.mk_read(value, box_sk), arg));
      }
      auto dnf = logic::to_dnf(tm_, tm_.mk_and(conds), 4096);
      if (!dnf.ok()) {
        note("incomplete: too many disjuncts");
        continue;
      }
      int32_t assumed = assume(item.assume, text);
      for (const Minterm& m : *dnf) {
        push(Point{item.at.act, e.from, k}, m, item.loops, item.path, item.site, call.line, assumed);
      }
      continue;
    }
    if (!post_dnf.ok()) continue;  // noted once above
    if (opt_.summaries) {
      for (const Minterm& m : *post_dnf) {
        enter_summary(item, t, item.at.act, call_id, a.depth + 1, exceptional, m);
      }
      continue;
    }
    // Enter the callee backwards: a fresh activation.
    Activation callee;
    callee.ir = t.ir;
    callee.ns = vocab_.fresh_namespace();
    callee.tr = std::make_unique<Transformer>(vocab_, *t.ir, callee.ns, &types_);
    callee.dom = dominators(t.ir);
    callee.caller = item.at.act;
    callee.call = call_id;
    callee.depth = a.depth + 1;
    inherit_facts(callee, item.at.act, call_id);
    ph_.methods_seen.insert(t.ir->QualifiedName());
    ++ph_.result.stats.calls_entered;
    const ir::BlockId start = exceptional ? t.ir->exceptional_exit : t.ir->exit;
    acts_.push_back(std::move(callee));
    const int32_t b_act = static_cast<int32_t>(acts_.size()) - 1;
    for (const Minterm& m : *post_dnf) {
      push(Point{b_act, start, 0}, m, item.loops, item.path, item.site, call.line, item.assume);
    }
  }
  return handled;
}

// The skipped side of a partially expanded call (directed construction):
// the skolems stand for the targets not yet enabled, so the dispatch to
// each enabled one is excluded; the skolems' site is recorded for the
// choice of the next phase's targets.
void IntraSearch::skip_call(const Item& item, ir::EdgeId eid, Step* step) {
  if (step->skipped_site == Step::kNoSite) return;
  const std::shared_ptr<const ir::MethodIR> air = acts_[item.at.act].ir;
  const ir::Edge& e = air->edges[eid];
  const ir::InsnId call_id = air->blocks[e.from].insns.back();
  const ir::Instruction& call = air->insns[call_id];
  std::string why;
  std::vector<Target>* all = targets(call, &why);
  if (all == nullptr || call.operands.empty()) return;
  const std::string site_key = EnabledTargets::SiteKey(*air, call);
  directed_sites_.try_emplace(step->skipped_site, DirectedSite{site_key, air, call_id, all});
  std::vector<Target>& lambdas = lambda_targets(call);
  std::vector<const Target*> on;
  for (const Target& t : lambdas) {
    if (lambda_enabled(t)) on.push_back(&t);
  }
  if (enabled_.HasAny(site_key)) {
    all = all_targets(call, all, &why);
    if (all == nullptr) return;
    for (const Target& t : *all) {
      if (enabled_.IsEnabled(site_key, t.key())) on.push_back(&t);
    }
  }
  if (on.empty()) return;
  Term receiver_type = tm_.mk_type_of(acts_[item.at.act].tr->var(call.operands[0]));
  Term dispatch = tm_.mk_dispatch(receiver_type, tm_.mk_signature(call.owner, call.name, call.descriptor));
  std::vector<Term> excluded;
  for (const Target* t : on) excluded.push_back(tm_.mk_ne(dispatch, tm_.mk_method(t->owner, t->name, t->descriptor)));
  for (Minterm& m : step->pre) {
    for (Term x : excluded) m = logic::conjoin(tm_, m, x);
  }
}

// The callee's mod-set as a predicate over the leaves a call may change
// (field and array-kind constants, static-field variables); false when the
// mod-set is unknown (top, or it rests on natives that are not assumed
// away): then the whole postcondition enters the callee.
bool IntraSearch::writes_of(const Target& t, const std::vector<std::string>& context,
                            const std::string* forward_context, std::function<bool(Term)>* may_write,
                            std::string* why_not) {
  if (!mod_sets_) {
    callgraph::ModSetOptions o;
    o.natives_are_top = false;
    o.lambdas = &lambdas_;
    mod_sets_ = std::make_unique<callgraph::ModSets>(h_, method_cache_, o);
    forward_mods_ = std::make_unique<ForwardModSets>(forward_, *mod_sets_);
  }
  const callgraph::ModSet* by_facts = forward_context != nullptr ? forward_mods_->Of(*forward_context) : nullptr;
  const callgraph::ModSet& mods =
      by_facts != nullptr ? *by_facts : mod_sets_->Of(callgraph::MethodId(t.owner, t.name, t.descriptor), context);
  if (mods.top) {
    *why_not = mods.top_reason;
    return false;
  }
  for (const callgraph::MethodId& n : mods.AssumedNatives()) {
    Target nt;
    nt.owner = n.owner;
    nt.name = n.name;
    nt.descriptor = n.descriptor;
    if (!native_never_throws(nt.key()) && !native_writes_nothing(nt.key())) {
      *why_not = Cat("it may call the native ", n.ToString());  // its effects are not assumed away
      return false;
    }
  }
  *may_write = [this, &mods](Term x) {
    static constexpr char kKindChar[] = {'B', 'B', 'C', 'S', 'I', 'J', 'F', 'D', 'L'};
    if (x.is(logic::TermKind::kFieldConst)) {
      logic::MemberRef f = tm_.field_info(x);
      return mods.WritesField(f.owner, f.name, f.descriptor);
    }
    if (x.is(logic::TermKind::kArrayConst)) {
      return mods.WritesArray(kKindChar[static_cast<int>(tm_.array_kind(x))]);
    }
    if (const Vocabulary::StaticField* sf = vocab_.static_field_of(x)) {
      return mods.WritesStatic(sf->owner, sf->name, sf->descriptor);
    }
    return false;
  };
  return true;
}

const std::vector<std::string>& IntraSearch::exact_types(int32_t act) {
  Activation& a = acts_[act];
  if (!a.exact) a.exact = callgraph::ExactTypes(h_, *a.ir, a.context);
  return *a.exact;
}

// A minterm at a callee's exit (normal or exceptional) for one call site:
// its dependent part enters the callee's summary for that part (created on
// first use), the call site waits on it, and every precondition the summary
// already has is applied at once.
void IntraSearch::enter_summary(const Item& item, const Target& t, int32_t caller_act,
                                ir::InsnId call, uint32_t depth, bool exceptional,
                                const Minterm& post) {
  // The exact types the call passes: the callee's mod-set in that context
  // frames more, and its calls' mod-sets inherit them (so they are part of
  // the summary's key).
  std::vector<std::string> context =
      callgraph::CallContext(acts_[caller_act].ir->insns[call], exact_types(caller_act));
  // Forward facts prune inside this context: what they say of it and of
  // the contexts it calls is part of the key, and what it may write is
  // what its reached blocks write.
  Activation probe;
  probe.ir = t.ir;
  inherit_facts(probe, caller_act, call);
  FrameSplit split;
  std::function<bool(Term)> may_write;
  std::string no_frame;
  if (writes_of(t, context, probe.facts != nullptr ? &probe.cs : nullptr, &may_write, &no_frame)) {
    split = SplitAtCall(tm_, post, may_write, opt_.generalize);
  } else {
    split.dependent = post;
  }
  const Minterm& dependent = split.dependent;
  JWP_CHECK(only_canonical_generics(tm_, dependent),
            Cat("the key of a summary of ", t.key(), " names a call site's generics: ", logic::to_java(tm_, dependent)));
  std::string key = Cat(t.owner, ".", t.name, t.descriptor, exceptional ? " E " : " N ",
                        dependent.is_true() ? 0 : dependent.term().id() + 1);
  if (!context.empty()) key += Cat(" [", absl::StrJoin(context, ","), "]");
  if (probe.facts != nullptr) key += Cat(" @", probe.facts->facts_id);
  auto [it, inserted] = summary_ids_.try_emplace(key, static_cast<int32_t>(summaries_.size()));
  SummaryCount& count = ph_.summary_counts[Cat(dotted(t.owner), ".", t.name, t.descriptor)];
  if (inserted) {
    if (tracing()) {
      const std::string text = trace_text(dependent);
      auto unknown_as_mark = [](std::string* out, const std::string& c) { out->append(c.empty() ? "?" : c); };
      std::string types;
      if (!context.empty()) types = Cat(" with exact types (", absl::StrJoin(context, ", ", unknown_as_mark), ")");
      opt_.trace(Cat("phase ", phase_, ": summary of ", dotted(t.owner), ".", t.name, t.descriptor,
                     exceptional ? " (exceptional exit)" : "", types,
                     no_frame.empty() ? "" : Cat(" (nothing framed: the mod-set is unknown: ", no_frame, ")"),
                     " for ", text));
    }
    summaries_.emplace_back();
    Activation callee;
    callee.ir = t.ir;
    callee.ns = vocab_.fresh_namespace();
    callee.tr = std::make_unique<Transformer>(vocab_, *t.ir, callee.ns, &types_);
    callee.dom = dominators(t.ir);
    callee.depth = depth;
    callee.summary = it->second;
    callee.context = std::move(context);
    callee.facts = probe.facts;
    callee.cs = std::move(probe.cs);
    ph_.methods_seen.insert(t.ir->QualifiedName());
    acts_.push_back(std::move(callee));
    summaries_[it->second].act = static_cast<int32_t>(acts_.size()) - 1;
    ++ph_.result.stats.summaries_created;
    ++ph_.result.stats.calls_entered;
    ++count.created;
    if (dependent.is_true()) ++count.trivial;
  } else {
    ++ph_.result.stats.summaries_reused;
    Summary& kept = summaries_[it->second];
    if (kept.kept) ++ph_.result.stats.summaries_kept_reused;
    if (kept.kept && kept.counted_in_phase != phase_) {
      // Per phase, a kept summary counts as if this phase had made it.
      kept.counted_in_phase = phase_;
      ph_.methods_seen.insert(t.ir->QualifiedName());
      ++count.created;
      if (dependent.is_true()) ++count.trivial;
    } else {
      ++count.reused;
    }
  }
  const int32_t sid = it->second;
  summaries_[sid].key = key;
  if (const int32_t caller_summary = acts_[caller_act].summary; caller_summary >= 0) {
    std::vector<int32_t>& callees = summaries_[caller_summary].callees;
    if (callees.empty() || callees.back() != sid) callees.push_back(sid);
  }
  summaries_[sid].waiters.push_back(
      Waiter{caller_act, call, split.framed, std::move(split.canonical), item.loops, item.path,
             item.site, item.assume});
  if (inserted) {
    const Activation& b = acts_[summaries_[sid].act];
    const ir::BlockId start = exceptional ? b.ir->exceptional_exit : b.ir->exit;
    const int32_t line = acts_[caller_act].ir->insns[call].line;
    push(Point{summaries_[sid].act, start, 0}, dependent, item.loops, item.path, item.site, line, -1);
  } else {
    const Waiter w = summaries_[sid].waiters.back();
    const std::vector<SummaryPre> pres = summaries_[sid].pres;  // apply may add more
    for (const SummaryPre& pre : pres) apply_summary(summaries_[sid], pre, w);
  }
}

// At a summary activation's entry: a new precondition of the summary,
// applied at every call site waiting on it.
void IntraSearch::summary_entry(const Item& item) {
  const int32_t sid = acts_[item.at.act].summary;
  for (const SummaryPre& p : summaries_[sid].pres) {
    if (p.psi.subsumes(item.phi)) return;  // a weaker one is already applied
  }
  SummaryPre pre{item.phi, {}};
  for (int32_t n = item.assume; n >= 0; n = assume_nodes_[n].parent) {
    pre.assumptions.insert(pre.assumptions.begin(), assume_nodes_[n].text);
  }
  summaries_[sid].pres.push_back(pre);
  const std::vector<Waiter> waiters = summaries_[sid].waiters;  // apply may add more
  for (const Waiter& w : waiters) apply_summary(summaries_[sid], pre, w);
}

void IntraSearch::apply_summary(const Summary& sm, const SummaryPre& pre, const Waiter& w) {
  // The summary's generics renamed to the call site's, conjoined with the
  // framed literals (the frame rule), the site's generics eliminated.
  // The framed literals are the caller's: they are conjoined after the
  // formals are replaced (in a recursive call the callee's namespace is
  // the caller's own).
  Item at_entry{Point{sm.act, 0, 0}, fresh_skolems(RenameGenerics(tm_, pre.psi, w.canonical), w.framed),
                w.loops, 0, w.path, w.site, w.assume};
  for (int32_t text : pre.assumptions) at_entry.assume = assume(at_entry.assume, assumption_texts_[text]);
  const Activation& b = acts_[sm.act];
  push_at_call_site(at_entry, *b.ir, *b.tr, w.caller_act, w.call, &w.framed);
}

// A summary's skolems (the results and effects of natives and skipped calls
// inside the callee) stand for one execution of the callee: every
// application gets its own, or two calls of a method returning
// System.nanoTime() would agree. The vocabulary's global skolems (static
// finals, the current thread) are the same in every execution and stay, and
// so do the caller's own: those of the call site's framed part. They also
// enter the summary when a literal goes into the callee whole (without
// generalization; the in-flight exception's literals), and must stay the
// same skolems in both parts.
Minterm IntraSearch::fresh_skolems(const Minterm& m, const Minterm& framed) {
  if (m.is_true() || m.is_false() || !m.term().has(logic::kHasSkolem)) return m;
  absl::flat_hash_set<Term> callers;
  if (!framed.is_true() && !framed.is_false()) {
    for (Term v : logic::free_variables(framed)) callers.insert(v);
  }
  logic::Substitution s(tm_);
  for (Term v : logic::free_variables(m)) {
    const logic::VarInfo& info = tm_.var_info(v);
    if (info.role != logic::VarRole::kSkolem || vocab_.is_global(v) || callers.contains(v)) continue;
    s.add(v, tm_.fresh_skolem(info.skolem_kind, info.sort, info.site, info.about));
  }
  return s.empty() ? m : s.apply(m);
}

// At a callee's entry: back to the call site, formals replaced by actuals,
// the receiver non-null and the dispatch to this callee assumed.
void IntraSearch::return_to_caller(const Item& item) {
  const Activation& b = acts_[item.at.act];
  push_at_call_site(item, *b.ir, *b.tr, b.caller, b.call);
}

// A non-null receiver and, for virtual and interface calls, the dispatch of
// `call` to owner.name(descriptor).
std::vector<Term> IntraSearch::dispatch_conditions(const ir::Instruction& call, Transformer& caller,
                                                   std::string_view owner, std::string_view name,
                                                   std::string_view descriptor) {
  std::vector<Term> conds;
  if (call.invoke == ir::InvokeKind::kStatic || call.operands.empty()) return conds;
  Term recv = caller.var(call.operands[0]);
  conds.push_back(tm_.mk_ne(recv, tm_.mk_null()));
  if (call.invoke == ir::InvokeKind::kVirtual || call.invoke == ir::InvokeKind::kInterface) {
    // With one class-hierarchy target, every receiver the verifier admits
    // dispatches to it: the literal would say nothing. Not so for an
    // interface call, where a lambda class made later may be the receiver.
    std::string why;
    const std::vector<Target>* all = targets(call, &why);
    if (all != nullptr && all->size() == 1 && call.invoke == ir::InvokeKind::kVirtual) return conds;
    Term receiver_type = tm_.mk_type_of(recv);
    Term dispatch = tm_.mk_dispatch(receiver_type, tm_.mk_signature(call.owner, call.name, call.descriptor));
    conds.push_back(tm_.mk_eq(dispatch, tm_.mk_method(owner, name, descriptor)));
  }
  return conds;
}

// A minterm at the entry of `callee` (in `callee_tr`'s namespace) continues
// in the caller just before `call_insn`: formals replaced by actuals, the
// receiver non-null and the dispatch to `callee` assumed.
void IntraSearch::push_at_call_site(const Item& item, const ir::MethodIR& callee,
                                    Transformer& callee_tr, int32_t caller_act,
                                    ir::InsnId call_insn, const Minterm* framed) {
  const std::shared_ptr<const ir::MethodIR> cir = acts_[caller_act].ir;
  Transformer& ctr = *acts_[caller_act].tr;
  const ir::Instruction& call = cir->insns[call_insn];
  logic::Substitution s(tm_);
  for (size_t i = 0; i < callee.params.size() && i < call.operands.size(); ++i) {
    Term param = callee_tr.var(callee.params[i]);
    s.add(param, ctr.var(call.operands[i]));
  }
  std::vector<Term> conds = dispatch_conditions(call, ctr, callee.class_name, callee.method_name,
                                                callee.method_descriptor);
  conds.push_back(s.apply(item.phi.is_true() ? tm_.mk_true() : item.phi.term()));
  if (framed != nullptr && !framed->is_true()) conds.push_back(framed->term());
  ++ph_.result.stats.steps;
  auto dnf = logic::to_dnf(tm_, tm_.mk_and(conds), 4096);
  if (!dnf.ok()) {
    note("incomplete: too many disjuncts");
    return;
  }
  const ir::Block& blk = cir->blocks[call.block];
  const int32_t k = static_cast<int32_t>(
      std::find(blk.insns.begin(), blk.insns.end(), call_insn) - blk.insns.begin());
  for (const Minterm& m : *dnf) {
    // At the activation boundary the callee's variables are gone: its
    // formals became the actuals, and no other value of it is live at its
    // entry (a recursive call's summary may share its caller's namespace).
    JWP_DCHECK(callee_tr.ns() == ctr.ns() || !mentions_namespace(tm_, m, callee_tr.ns()),
               Cat("a minterm leaves ", callee.QualifiedName(), " with its variables: ", logic::to_java(tm_, m)));
    // The call site's generics (generalization) are eliminated where an
    // equation defines them.
    push(Point{caller_act, call.block, k}, framed != nullptr ? EliminateGenerics(tm_, m) : m, item.loops,
         item.path, item.site, call.line, item.assume);
  }
}

// The targets not yet enabled at `site` that the dispatch skolem `sigma`
// of a pending minterm may take by the receiver's type bounds in `facts`
// (the minterm's literals and the entry's declared types: an instanceof,
// an exact type, a resolved dispatch), which narrow the class-hierarchy
// list.
std::vector<std::string> IntraSearch::bounded_targets(const std::vector<Term>& facts, Term sigma,
                                                      const DirectedSite& site) {
  const ir::Instruction& call = site.ir->insns[site.call];
  absl::flat_hash_set<std::string> allowed;  // empty: no bound found
  bool bounded = false;
  for (Term lit : facts) {
    if (!lit.is(logic::TermKind::kEq) || (lit.arg(0) != sigma && lit.arg(1) != sigma)) continue;
    Term other = lit.arg(0) == sigma ? lit.arg(1) : lit.arg(0);
    if (other.is(logic::TermKind::kMethodConst)) {
      logic::MemberRef m = tm_.method_info(other);
      allowed = {Cat(m.owner, ".", m.name, m.descriptor)};
      bounded = true;
      break;
    }
    if (!other.is(logic::TermKind::kDispatch) || !other.arg(0).is(logic::TermKind::kTypeOf)) continue;
    // The tightest bound: the type literal about r with the fewest concrete subtypes.
    for (Term b : facts) {
      std::vector<std::string> names;
      if (b.is(logic::TermKind::kSubType) && b.arg(0) == other.arg(0) && b.arg(1).is(logic::TermKind::kTypeConst)) {
        classfile::ClassId c = h_.Find(tm_.type_name(b.arg(1)));
        if (c == classfile::kNoClass) continue;
        for (classfile::ClassId sub : h_.ConcreteSubtypes(c)) names.emplace_back(h_.Name(sub));
      } else if (b.is(logic::TermKind::kEq) && (b.arg(0) == other.arg(0) || b.arg(1) == other.arg(0))) {
        Term ty = b.arg(0) == other.arg(0) ? b.arg(1) : b.arg(0);
        if (!ty.is(logic::TermKind::kTypeConst)) continue;
        if (types_.lambda(tm_.type_name(ty)) != nullptr) {
          // An exact lambda class: its own method, or none of the site's.
          std::optional<types::MethodName> m =
              types_.dispatch(tm_.type_name(ty), call.owner, call.name, call.descriptor);
          if (!m) continue;
          allowed = {Cat(m->owner, ".", m->name, m->descriptor)};
          bounded = true;
          break;
        }
        names.emplace_back(tm_.type_name(ty));
      } else {
        continue;
      }
      callgraph::CallTargets ct = callgraph::TargetsForTypes(h_, call, names);
      if (ct.truncated || ct.incomplete || ct.opaque) continue;  // not an exact bound
      absl::flat_hash_set<std::string> keys;
      for (const callgraph::MethodId& m : ct.targets) keys.insert(Cat(m.owner, ".", m.name, m.descriptor));
      if (!bounded || keys.size() < allowed.size()) allowed = std::move(keys);
      bounded = true;
    }
  }
  std::vector<Target>* listed = site.targets;
  if (bounded && truncated(listed)) {
    // A bound may allow targets beyond the first ones listed.
    std::string why;
    if (std::vector<Target>* whole = all_targets(call, listed, &why)) listed = whole;
  }
  std::vector<std::string> candidates;
  for (const Target& t : *listed) {
    const std::string k = t.key();
    if (enabled_.IsEnabled(site.key, k)) continue;
    if (bounded && !allowed.contains(k)) continue;
    candidates.push_back(k);
  }
  for (const Target& t : lambda_targets(call)) {
    const std::string k = t.key();
    if (lambda_enabled(t) || (bounded && !allowed.contains(k))) continue;
    candidates.push_back(k);
  }
  return candidates;
}

void IntraSearch::note_pinned(const Minterm& phi) {
  for (Term lit : phi) {
    if (!lit.is(logic::TermKind::kEq)) continue;
    Term sigma = lit.arg(0), m = lit.arg(1);
    if (!m.is(logic::TermKind::kMethodConst)) std::swap(sigma, m);
    if (!m.is(logic::TermKind::kMethodConst) || !sigma.is(logic::TermKind::kVar)) continue;
    const logic::VarInfo& info = tm_.var_info(sigma);
    if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
    auto site = directed_sites_.find(info.site);
    if (site == directed_sites_.end() || !ph_.pin_checked.insert(lit).second) continue;
    for (std::string& t : bounded_targets({lit}, sigma, site->second)) {
      auto [at, inserted] = ph_.pinned[site->second.key].insert(std::move(t));
      if (inserted && tracing()) opt_.trace(Cat("phase ", phase_, ": a minterm pins ", site->second.key, " to ", *at));
    }
  }
}

// May the dispatch skolem `sigma` of pending minterm `p` be target `k` of
// `site`? Ruled out only by a real unsat from the solver (not one within a
// cut type domain); out of time, or past the phase's checks, it may.
bool IntraSearch::dispatch_feasible(const Pending& p, Term sigma, const DirectedSite& site,
                                    const std::string& k) {
  // (ph_.result is the phase's: the checks are counted per phase.)
  if (out_of_time() || ph_.result.stats.dispatch_checks >= kMaxCandidateChecks) return true;
  ++ph_.result.stats.dispatch_checks;
  std::string why;
  const std::vector<Target>* listed = all_targets(site.ir->insns[site.call], site.targets, &why);
  const Target* t = nullptr;
  for (const Target& x : listed != nullptr ? *listed : *site.targets) {
    if (x.key() == k) t = &x;
  }
  for (const Target& x : lambda_targets(site.ir->insns[site.call])) {
    if (x.key() == k) t = &x;
  }
  if (t == nullptr) return true;
  Minterm with = logic::conjoin(tm_, p.phi, tm_.mk_eq(sigma, tm_.mk_method(t->owner, t->name, t->descriptor)));
  with = simplifier_.simplify(with);
  if (with.is_false()) return false;
  std::vector<Term> query(with.begin(), with.end());
  for (Term x : entry_typing(acts_[p.act])) query.push_back(x);
  add_ranges(tm_, vocab_, with.is_true() ? tm_.mk_true() : with.term(), &query);
  return !check(query, /*want_witness=*/false).proves_unsat();
}

// Directed construction between phases (Section 4, Figure 4). For each
// minterm that reached the entry with skolems of partially expanded sites,
// its sites are ranked by the targets not yet enabled that the type bounds
// in the minterm allow (bounded_targets); a site allowing none makes it
// infeasible (every execution dispatches to some target, and the enabled
// ones were expanded). The cheapest site's candidates are then checked by
// the solver (a candidate already chosen for another minterm needs no
// check: it is enabled anyway): none left, the minterm is infeasible;
// otherwise they are chosen. Only the cheapest site is checked: the others
// wait for later phases, which start over. The next phase enables every
// chosen site's targets; only when no minterm offers a site with at most
// kSmallSite of them, and `allow_big` (the end of the phase, or its grace
// ran out twice) or a waiting minterm skipped that site more than once (a
// loop through it, which unrolls on while the phase waits), is the
// smallest larger one seen this phase enabled (within max_targets). The
// targets minterms pinned on their way (note_pinned) go with the cheap
// sites.
// Deterministic: sites and targets in name order.
void IntraSearch::choose_expansions(bool allow_big) {
  std::map<std::string, std::set<std::string>> small = ph_.pinned;
  for (; ph_.pending_checked < ph_.pending.size(); ++ph_.pending_checked) {
    if (out_of_time()) {
      note(Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms"));
      return;
    }
    const Pending& p = ph_.pending[ph_.pending_checked];
    std::map<std::string, std::vector<Term>> sigmas;  // by site key
    absl::flat_hash_map<std::string, const DirectedSite*> sites;
    for (Term v : logic::free_variables(p.phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role != logic::VarRole::kSkolem || info.skolem_kind != logic::SkolemKind::kMethod) continue;
      auto it = directed_sites_.find(info.site);
      if (it == directed_sites_.end()) continue;
      sigmas[it->second.key].push_back(v);
      sites[it->second.key] = &it->second;
    }
    // Each site's candidates by the type bounds, fewest first. The type
    // facts: the minterm's, and the entry's declared types (an input is null
    // or of its declared type, as the final check assumes).
    std::vector<Term> facts(p.phi.begin(), p.phi.end());
    if (!sigmas.empty()) {
      for (Term t : declared_type_bounds(acts_[p.act])) facts.push_back(t);
    }
    std::vector<SiteCandidates> ranked;
    bool refuted = false;
    for (const auto& [key, vars] : sigmas) {
      std::set<std::string> union_targets;
      for (Term sigma : vars) {
        for (std::string& t : bounded_targets(facts, sigma, *sites[key])) union_targets.insert(std::move(t));
      }
      if (union_targets.empty()) {
        refuted = true;
        break;
      }
      ranked.push_back({key, std::vector<std::string>(union_targets.begin(), union_targets.end()), vars.size() > 1});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const SiteCandidates& a, const SiteCandidates& b) {
      return a.targets.size() < b.targets.size();
    });
    if (!refuted) {
      ++ph_.waiting_counted;
      for (const SiteCandidates& r : ranked) {
        auto& [count, targets] = ph_.waiting_sites[r.key];
        ++count;
        targets.insert(r.targets.begin(), r.targets.end());
      }
    }
    if (tracing()) {
      std::string sites;
      for (const SiteCandidates& r : ranked) sites += Cat(" ", r.key, " (", r.targets.size(), ")");
      opt_.trace(Cat("phase ", phase_, ": a minterm waits at the entry",
                     refuted ? ", refuted: a site has no target left" : Cat("; its sites by candidates:", sites),
                     "; the minterm: ", trace_text(p.phi)));
    }
    std::optional<SiteCandidates> best;
    if (!refuted && !ranked.empty()) {
      SiteCandidates& first = ranked.front();
      if (first.targets.size() > kSmallSite) {
        best = first;  // too many to check one by one
      } else {
        const std::set<std::string>& chosen = small[first.key];
        SiteCandidates feasible{first.key, {}};
        for (const std::string& k : first.targets) {
          bool ok = chosen.contains(k);
          for (Term sigma : sigmas[first.key]) {
            if (ok) break;
            ok = dispatch_feasible(p, sigma, *sites[first.key], k);
          }
          if (ok) feasible.targets.push_back(k);
        }
        if (feasible.targets.empty()) refuted = true;
        else best = std::move(feasible);
      }
      if (small[first.key].empty()) small.erase(first.key);
    }
    if (refuted) {
      ++ph_.result.stats.refuted_by_dispatch;
      continue;
    }
    // Not refuted: until a phase expands its skipped calls, they are why it
    // is not a precondition (every one of them, so that the search is never
    // taken for exhaustive while it waits).
    for (Term v : logic::free_variables(p.phi)) {
      const logic::VarInfo& info = tm_.var_info(v);
      if (info.role == logic::VarRole::kSkolem) note(vocab_.call_site_text(info.site));
    }
    if (!best) continue;
    // Sites the minterm's type bounds pin to one target are chosen beside
    // the cheapest: each adds one method, and a phase per site would take
    // every waiting minterm through the rest of the path again.
    for (size_t i = 1; i < ranked.size() && ranked[i].targets.size() == 1; ++i) {
      small[ranked[i].key].insert(ranked[i].targets.front());
    }
    if (best->targets.size() <= kSmallSite) {
      small[best->key].insert(best->targets.begin(), best->targets.end());
    } else {
      // The same site offered again, with fewer candidates (this minterm's
      // type bounds cut more) or not, keeps what either minterm saw: a loop
      // through it.
      const bool same_site = ph_.big && ph_.big->key == best->key;
      const bool repeated = best->repeated || (same_site && ph_.big->repeated);
      if (!ph_.big || best->targets.size() < ph_.big->targets.size()) ph_.big = std::move(best);
      if (same_site) ph_.big->repeated = repeated;
    }
  }
  // A site every waiting minterm (two or more) passes through must be
  // expanded for any of them to become a precondition: it goes with the
  // cheap ones whatever its size (within max_targets), or cheap sites
  // inside the targets enabled so far could fill every phase while it
  // waits.
  if (!small.empty() && ph_.waiting_counted >= 2) {
    for (const auto& [site, entry] : ph_.waiting_sites) {
      const auto& [count, targets] = entry;
      if (count == ph_.waiting_counted && targets.size() > kSmallSite && targets.size() <= opt_.max_targets) {
        small[site].insert(targets.begin(), targets.end());
      }
    }
  }
  for (const auto& [site, ts] : small) {
    auto pinned = ph_.pinned.find(site);
    for (const std::string& t : ts) {
      ph_.to_enable.emplace_back(site, t);
      if (pinned != ph_.pinned.end() && pinned->second.contains(t)) ++ph_.result.stats.targets_pinned;
    }
  }
  if (ph_.to_enable.empty() && ph_.big && (allow_big || ph_.big->repeated)) {
    if (ph_.big->targets.size() <= opt_.max_targets) {
      for (const std::string& t : ph_.big->targets) ph_.to_enable.emplace_back(ph_.big->key, t);
    } else {
      note(Cat("a call has more than ", opt_.max_targets, " possible targets (--max-targets): ", ph_.big->key));
    }
  }
}

// Is this activation (on the way up) the entry? The method named by
// --entry, else any public method.
bool IntraSearch::is_entry(const ir::MethodIR& m) const {
  if (!opt_.entry.empty()) {
    std::string name = Cat(dotted(std::string(m.class_name)), ".", m.method_name);
    return opt_.entry == name || opt_.entry == name + std::string(m.method_descriptor);
  }
  return m.method != nullptr && (m.method->access_flags & classfile::access::kPublic);
}

const std::vector<callgraph::CallSiteRef>& IntraSearch::callers_of(const ir::MethodIR& m) {
  const std::string me = m.QualifiedName();
  auto it = callers_.find(me);
  if (it == callers_.end()) {
    callgraph::MethodId id(m.class_name, m.method_name, m.method_descriptor);
    it = callers_.emplace(me, callgraph::FindCallers(h_, method_cache_, id)).first;
  }
  return it->second;
}

bool IntraSearch::leads_to_entry(const std::string& method) {
  if (opt_.entry.empty()) return true;
  if (!toward_entry_done_) {
    toward_entry_done_ = true;
    // Breadth-first up through the callers of the goal's method, then the
    // methods that reach the entry, to a fixpoint (recursion).
    constexpr size_t kMaxMethods = 256;
    absl::flat_hash_map<std::string, std::vector<std::string>> up;  // method -> its callers
    absl::flat_hash_set<std::string> entries;
    std::vector<std::shared_ptr<const ir::MethodIR>> frontier{goal_.ir};
    absl::flat_hash_set<std::string> seen{ir_.QualifiedName()};
    bool complete = true;
    for (uint32_t level = 0; level <= opt_.max_caller_depth && !frontier.empty() && complete; ++level) {
      std::vector<std::shared_ptr<const ir::MethodIR>> next;
      for (const auto& m : frontier) {
        const std::string name = m->QualifiedName();
        if (is_entry(*m)) entries.insert(name);
        if (level == opt_.max_caller_depth) continue;
        for (const callgraph::CallSiteRef& site : callers_of(*m)) {
          auto cir = method_cache_.Get(site.caller);
          if (!cir.ok()) continue;  // go_up notes it
          const std::string caller = (*cir)->QualifiedName();
          up[name].push_back(caller);
          if (seen.insert(caller).second) next.push_back(*cir);
        }
        if (seen.size() > kMaxMethods) {
          complete = false;
          break;
        }
      }
      frontier = std::move(next);
    }
    if (complete) {
      absl::flat_hash_set<std::string> reach = entries;
      for (bool changed = true; changed;) {
        changed = false;
        for (const auto& [m, callers] : up) {
          if (reach.contains(m)) continue;
          for (const std::string& c : callers) {
            if (reach.contains(c)) {
              reach.insert(m);
              changed = true;
              break;
            }
          }
        }
      }
      toward_entry_ = std::move(reach);
    }
  }
  return !toward_entry_ || toward_entry_->contains(method);
}

// At the entry of a method that is not the entry: continue at each call
// site that may call it, in a fresh activation of the caller (with a named
// entry, only in callers on a chain up to it).
void IntraSearch::go_up(const Item& item) {
  const std::shared_ptr<const ir::MethodIR> bir = acts_[item.at.act].ir;
  Transformer* const btr = acts_[item.at.act].tr.get();
  const uint32_t up = acts_[item.at.act].up;
  const std::string me = bir->QualifiedName();
  if (up + 1 > opt_.max_caller_depth) {
    note(Cat("budget: no entry within ", opt_.max_caller_depth, " levels of callers above ",
             dotted(me)));
    return;
  }
  const std::vector<callgraph::CallSiteRef> sites = callers_of(*bir);
  if (sites.empty()) {
    note(Cat("no caller of ", dotted(me), " on the class path", opt_.entry.empty() ? "" : Cat(" leads to ", opt_.entry)));
  }
  for (const callgraph::CallSiteRef& site : sites) {
    auto cir = method_cache_.Get(site.caller);
    if (!cir.ok()) {
      note(Cat("incomplete: caller ", site.caller.ToString(), ": ", cir.status().message()));
      continue;
    }
    if (!leads_to_entry((*cir)->QualifiedName())) continue;
    learn_lambdas(**cir);
    Activation caller;
    caller.ir = *cir;
    caller.ns = vocab_.fresh_namespace();
    caller.tr = std::make_unique<Transformer>(vocab_, **cir, caller.ns, &types_);
    caller.dom = dominators(*cir);
    caller.up = up + 1;
    ph_.methods_seen.insert((*cir)->QualifiedName());
    acts_.push_back(std::move(caller));
    push_at_call_site(item, *bir, *btr, static_cast<int32_t>(acts_.size()) - 1, site.insn);
  }
}

void IntraSearch::next_phase(const absl::flat_hash_set<std::string>& changed) {
  // Activations with work left: their summaries are incomplete.
  absl::flat_hash_set<int32_t> open;
  while (!work_->empty()) open.insert(work_->select().at.act);
  // New lambda classes change what interface calls list, and mod-sets.
  const bool lambdas_grew_now = lambdas_grew();
  std::vector<bool> bad(summaries_.size(), lambdas_grew_now);
  for (size_t i = 0; i < summaries_.size() && !lambdas_grew_now; ++i) {
    const Summary& sm = summaries_[i];
    if (sm.act < 0 || open.contains(sm.act)) {
      bad[i] = true;
      continue;
    }
    const ir::MethodIR& m = *acts_[sm.act].ir;
    for (const ir::Instruction& in : m.insns) {
      if (in.op == ir::Op::kInvoke && changed.contains(EnabledTargets::SiteKey(m, in))) {
        bad[i] = true;
        break;
      }
    }
  }
  // A summary whose callees' summaries go is incomplete too (recursion: to
  // a fixpoint).
  for (bool again = true; again;) {
    again = false;
    for (size_t i = 0; i < summaries_.size(); ++i) {
      if (bad[i]) continue;
      for (int32_t c : summaries_[i].callees) {
        if (bad[c]) {
          bad[i] = again = true;
          break;
        }
      }
    }
  }
  for (size_t i = 0; i < summaries_.size(); ++i) {
    Summary& sm = summaries_[i];
    if (bad[i]) {
      summary_ids_.erase(sm.key);
      sm = Summary{};
      continue;
    }
    sm.waiters.clear();  // the ended phase's call sites
    sm.kept = true;
    ++kept_total_;
  }
  // Mod-sets are rebuilt: a ModSets' answers depend on the order of its
  // queries (a query cut by the node budget is cached as top), and a phase
  // that starts from another order than its own could lose frames.
  forward_mods_.reset();
  mod_sets_.reset();
  lambdas_at_start_ = lambdas_.size();
  ++phase_;
  ph_ = PhaseState{};
  ph_.methods_seen = {ir_.QualifiedName()};
}

Result IntraSearch::run(Used used) {
  // A phase starts from a PhaseState made anew (next_phase), with no work
  // left over from the one before.
  JWP_CHECK(work_->empty() && ph_.seen.empty() && ph_.pending.empty() && ph_.to_enable.empty() && !ph_.found,
            Cat("phase ", phase_, " starts with the state of another"));
  used_ = used;
  start_ = Clock::now();
  ph_.result.stats.summaries_kept = kept_total_;
  if (phase_ > 1) ensure_forward_facts();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(Clock::now() - start_).count();
  };
  ph_.result.goal = goal_.spec.ToString();
  ph_.result.entry = Cat(dotted(ir_.class_name), ".", ir_.method_name, ir_.method_descriptor);
  seed();
  std::string budget;
  while (!work_->empty()) {
    if (!forward_done_ && used_.steps + ph_.result.stats.steps >= kForwardAfterSteps) ensure_forward_facts();
    if (used_.steps + ph_.result.stats.steps >= opt_.max_steps) {
      budget = Cat("budget: ", opt_.max_steps, " steps");
      break;
    }
    if (used_.ms + elapsed_ms() > opt_.timeout_ms) {
      budget = Cat("timeout: ", static_cast<int64_t>(opt_.timeout_ms), " ms");
      break;
    }
    if (tm_.num_terms() > opt_.max_terms) {
      budget = Cat("memory cap: ", opt_.max_terms, " terms");
      break;
    }
    if (opt_.callgraph == CallGraph::kDirected && (ph_.pending.size() > ph_.pending_checked || ph_.big || !ph_.pinned.empty())) {
      // Minterms wait for expansion: once the phase has run as long again
      // as it took to produce the first of them (loops with skipped calls
      // need not end), choose targets; end the phase when there are some.
      if (ph_.pending_since == 0) ph_.pending_since = ph_.result.stats.steps;
      if (ph_.result.stats.steps >= 2 * ph_.pending_since + kPhaseGrace) {
        // The first time, only sites with few candidates, or a larger one
        // that a loop skips again and again; from the second on, the best
        // larger one too (a loop whose skipped call has many targets would
        // otherwise hold the phase until the budget ends).
        choose_expansions(/*allow_big=*/ph_.graces++ > 0);
        if (!ph_.to_enable.empty()) {
          budget = "the phase ended early to expand calls";
          break;
        }
        ph_.pending_since = 0;
      }
    }
    Item item = work_->select();
    step_back(item);
    if (ph_.found) break;
  }
  ph_.result.stats.time_ms = elapsed_ms();
  ph_.result.stats.terms = tm_.num_terms();
  ph_.result.stats.forward_dead_edges = forward_.dead_edges;
  ph_.result.stats.methods_analysed = ph_.methods_seen.size();
  for (auto [method, n] : ph_.summary_counts) {
    n.method = method;
    ph_.result.summaries.push_back(n);
  }
  if (ph_.found) return ph_.result;
  if (budget.empty() && (ph_.pending.size() > ph_.pending_checked || ph_.big || !ph_.pinned.empty())) {
    choose_expansions(/*allow_big=*/true);
  }
  if (!budget.empty()) ph_.reasons.insert(ph_.reasons.begin(), budget);
  if (lambdas_grew()) {
    note(Cat("lambda classes were made during the phase (", lambdas_.at(lambdas_at_start_).where,
             "): calls analysed before did not list them"));
  }
  if (ph_.reasons.empty()) {
    ph_.result.verdict = Verdict::kNotFound;
    ph_.result.reason = "exhaustive search: no path to the goal is feasible";
    if (forward_pruned_all_ > 0) {
      ph_.result.reason += Cat(" (forward facts: ", forward_pruned_all_, forward_pruned_all_ == 1 ? " minterm" : " minterms",
                            " dropped at edges that the objects the method builds rule out)");
    }
  } else {
    ph_.result.verdict = Verdict::kUnknown;
    ph_.result.reason = ph_.reasons.front();
    for (size_t i = 1; i < ph_.reasons.size() && i < 4; ++i) ph_.result.reason += "; " + ph_.reasons[i];
  }
  return ph_.result;
}

}  // namespace

namespace {
enum class Across { kSum, kMax, kLast, kGoal };
template <class T>
T across_phases(Across how, T goal, T phase) {
  switch (how) {
    case Across::kSum: return goal + phase;
    case Across::kMax: return std::max(goal, phase);
    case Across::kLast: return phase;
    case Across::kGoal: return goal;
  }
  return goal;
}
}  // namespace

void Result::Stats::AddPhase(const Stats& phase) {
#define JWP_STAT(type, name, initial, across, comment) name = across_phases(Across::across, name, phase.name);
#include "wp/stats.def"
}

// The phases of directed call-graph construction (Section 4, Figure 4):
// each phase searches with the targets enabled so far; one that ends
// without a precondition chooses the targets the waiting minterms need and
// the next phase starts over with them. Phases share the goal's budgets.
Result RunGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options) {
  const auto start = Clock::now();
  EnabledTargets enabled;
  callgraph::LambdaClasses lambdas;
  Result::Stats total;
  IntraSearch search(h, goal, options, enabled, lambdas);
  for (uint32_t phase = 1;; ++phase) {
    const IntraSearch::Used used{
        total.steps, std::chrono::duration<double, std::milli>(Clock::now() - start).count(), total.entry_checks};
    Result r = search.run(used);
    total.AddPhase(r.stats);
    const double elapsed = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    // A phase that made new lambda classes runs again with them (they are
    // targets the phase's calls did not list).
    bool more = r.verdict == Verdict::kUnknown && (!search.to_enable().empty() || search.lambdas_grew());
    if (more && phase >= options.max_phases) {
      r.reason = Cat("budget: ", options.max_phases, " phases of call-graph expansion; ", r.reason);
      more = false;
    }
    if (more && (total.steps >= options.max_steps || elapsed >= options.timeout_ms)) more = false;
    if (!more) {
      r.stats = total;
      r.stats.callgraph_methods = total.methods_analysed;
      r.stats.phases = phase;
      r.stats.sites_expanded = enabled.num_sites();
      r.enabled_targets = enabled.Sorted();
      r.stats.time_ms = elapsed;
      return r;
    }
    absl::flat_hash_set<std::string> changed;
    if (options.trace) {
      options.trace(Cat("phase ", phase, " ends after ", r.stats.steps, " steps (", r.stats.minterms, " minterms, ",
                        r.stats.summaries_created, " summaries made, ", r.stats.summaries_reused, " reused, ",
                        r.stats.terms, " terms in all, ", r.stats.entry_checks, " final checks, ",
                        r.stats.dispatch_checks, " checks of candidate targets, ",
                        static_cast<int64_t>(r.stats.time_ms), " ms, of which solver ",
                        static_cast<int64_t>(r.stats.solver_ms), " ms): ", r.reason));
    }
    for (const auto& [site, target] : search.to_enable()) {
      if (options.trace) options.trace(Cat("phase ", phase, " enables ", target, " at ", site));
      if (enabled.Enable(site, target)) changed.insert(site);
    }
    search.next_phase(changed);
  }
}

}  // namespace jwp::wp
