// The backward wp problem of one goal (WpProblem), which the tabulation
// solver asks (tabulation.h), shared by the files that implement it:
// wp_problem.cc (the flows through instructions and edges, the budgets, a
// phase's result), calls.cc (targets, summaries and the frame rule,
// Sections 4-5), entry_check.cc (what the search settles before the entry
// check) and directed_queries.cc (what directed construction asks:
// directed.h). Internal to wp/: nothing outside wp/ includes it.
#ifndef JWP_WP_WP_PROBLEM_H_
#define JWP_WP_WP_PROBLEM_H_

#include "wp/engine.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

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
#include "ir/value_facts.h"
#include "logic/printer.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "models/jdk_natives.h"
#include "models/string_model.h"
#include "types/hierarchy_type_facts.h"
#include "simplifier/simplifier.h"
#include "solver/solver.h"
#include "absint/forward_facts.h"
#include "wp/directed.h"
#include "wp/entry_chains.h"
#include "wp/entry_check.h"
#include "wp/rules_out.h"
#include "wp/generalization.h"
#include "wp/lambda_type_facts.h"
#include "wp/null_guards.h"
#include "wp/transformer.h"
#include "wp/vocabulary.h"
#include "wp/search_order.h"
#include "wp/tabulation.h"

namespace jwp::wp::internal {

using absint::ComputeForwardFacts;
using absint::ForwardContext;
using absint::ForwardFacts;
using absint::ForwardModSets;
using logic::Minterm;
using logic::Term;

// "java/lang/String" -> "java.lang.String".
std::string dotted(std::string_view internal);

using Clock = std::chrono::steady_clock;

// Recursive calls of one method in a row that the search goes up through
// above the goal (Activation::recursion): a recursion is no level of callers,
// but its unrolling upward is bounded.
inline constexpr uint32_t kMaxRecursionUp = 64;

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
  // The depth the search order weighs (WorkItem::depth): `depth`, except
  // that a cheap callee's normal return (WpProblem::cheap_call: a few
  // instructions, no loop, a few levels) is at its caller's: what it needs
  // to return normally is a small, bounded question whose answer a path
  // of the caller waits on, not a dive deeper into the program.
  uint32_t order_depth = 0;
  // Activations on the way up from the goal's method (caller -1): how many
  // levels above the goal's method, and the activation they return from.
  // A caller that is already on the way up (a method's own recursive call
  // site, or a cycle of callers) is no new level (callers by levels: a
  // recursion does not use up --max-caller-depth); `recursion` counts those
  // steps in a row, up to kMaxRecursionUp. `below`: the activation whose
  // entry this caller's call site leads to (-1 but on the way up).
  uint32_t up = 0;
  uint32_t recursion = 0;
  int32_t below = -1;
  // A summary's activation (shared by every call site waiting on it): the
  // id in WpProblem::summaries_, or -1.
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
  std::string name;  // "pkg.C.m(desc)" (as Result::SummaryCount names it), made by count_step
  // The value facts of `ir` as terms of this activation (made on first
  // push here; WpProblem::with_value_facts).
  struct ValueFactTerms {
    std::unique_ptr<logic::Substitution> names;                   // one name per value
    std::vector<std::pair<logic::Term, logic::Term>> non_negative;  // var, var >= 0
    std::vector<logic::Term> null_tests;                            // var == null of a non-null var
    // var -> the class or array type the verifier holds it to (its
    // parameter, result, field or cast type; WpProblem::declared_type).
    absl::flat_hash_map<logic::Term, logic::Term> declared_types;
  };
  std::unique_ptr<ValueFactTerms> value_facts;
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
  // The frame rested on a partial mod-set (ModSet::partial): a
  // precondition through a skipped side keeps no heap literal of `framed`.
  bool partial_frame = false;
};

// A precondition found at a summary activation's entry, with the
// assumptions made on its way through the callee.
struct SummaryPre {
  Minterm psi;
  std::vector<int32_t> assumptions;  // assumption text ids, oldest first
};

// What the search keeps per summary beyond the table's own (tabulation.h):
// its callers are Waiters, its ends SummaryPres; a kept summary (from an
// earlier phase: complete) has its ends applied to new call sites without
// analysis.
struct SummaryData {
  int32_t act = -1;               // the summary's activation
  uint32_t counted_in_phase = 0;  // the phase its method was last counted in
  // Its analysis noted a reason against exhaustiveness (note()): never kept
  // for the next phase, which would reuse its ends without the reason.
  bool noted = false;
};
using Summaries = SummaryTable<Waiter, SummaryPre, SummaryData>;
using Summary = Summaries::Summary;

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
  // The method a key names (owner.name(descriptor); internal names hold no
  // '.'), or nothing when `key` is not one.
  static std::optional<callgraph::MethodId> MethodOfKey(std::string_view key);
  // A native the table of models/jdk_natives.def does not assume (it may
  // throw), other than an array's clone at `call`: a call of it is skipped.
  bool skipped_native(const ir::Instruction& call) const;
};

// How expand_call handled a call: not at all (skip it with skolems), fully,
// or for the targets enabled so far (directed construction: the others are
// skipped with skolems, their dispatch excluded from the enabled ones).
enum class CallHandling { kSkipped, kExpanded, kPartial };

// The box a native's call returns when it is a cache lookup of the method
// models of Integer.valueOf and Long.valueOf (models/jdk_natives.def): its
// `value` is the argument; its identity stays unknown (a skolem, "needed"
// when the precondition still depends on it).
struct CachedBox {
  std::string_view cls;         // the box class
  std::string_view descriptor;  // of its `value` field
};

using callgraph::EnabledTargets;
using Item = WorkItem;

struct PathNode {
  int32_t line;
  int32_t parent;
  int32_t act;  // the activation whose method the line is in
};

struct AssumeNode {
  int32_t text;    // index into WpProblem::assumption_texts_
  int32_t parent;
};

class WpProblem;
// The worklist over path edges of one phase (tabulation.h), over this
// problem.
using Tabulation = TabulationSolver<WpProblem>;

// The backward wp problem that the tabulation solver asks (tabulation.h):
// the flow through instructions, edges and calls (Table 1, Sections 4-5),
// out of a procedure (summaries, the return to a call site, the entry
// check). Directed construction (directed.h) is a component it asks when a
// minterm reaches the entry with skolems of partially expanded calls, and
// that asks it back (DirectedQueries) about targets and dispatch.
class WpProblem : private DirectedQueries {
 public:
  // What the tabulation solver works with: a path edge is a minterm at a
  // point of an activation (WorkItem), in the search order's worklist.
  using Point = wp::Point;
  using Fact = Minterm;
  using PathEdge = WorkItem;
  using Edge = ir::EdgeId;
  using Worklist = Searcher;

  // `used`: what earlier phases of the goal spent of its budgets.
  struct Used {
    uint64_t steps = 0;
    uint64_t budgeted_steps = 0;  // Result::Stats::budgeted_steps
    double ms = 0;
    uint64_t entry_checks = 0;
  };
  WpProblem(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& opt,
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
    vocab_.set_assertions_enabled(opt.enable_assertions);
    std::vector<std::string> input_patterns;
    for (const callgraph::MethodPattern& p : opt.inputs.inputs()) input_patterns.push_back(p.text());
    vocab_.set_input_methods(std::move(input_patterns));
    vocab_.set_file_queries(opt.inputs.file_system());
    entry_check_.set_drop_implied(opt.max_preconditions > 1);
    vocab_.set_statics_initial(opt.statics == StaticsAtEntry::kInitial);
    if (opt.field_facts) {
      field_facts_ = opt.field_facts_cache ? opt.field_facts_cache : std::make_shared<absint::FieldFacts>(h, opt.closed_packages);
      vocab_.set_field_facts(field_facts_.get());
    }
    method_cache_.set_lambdas(&lambdas_);
    if (opt.non_null_returns) {
      non_null_returns_ = std::make_unique<absint::NonNullReturns>(
          h, method_cache_, field_facts_.get(), [](const callgraph::MethodId& m) {
            const models::NativeFacts* f = models::FindNativeFacts(m.ToString());
            return f != nullptr && f->returns_non_null;
          });
      vocab_.set_non_null_returns(non_null_returns_.get());
    }
    lambdas_.AddFrom(ir_);
    prelearn_lambdas();
    lambdas_at_start_ = lambdas_.size();
    Activation root;
    root.ir = goal.ir;
    root.ns = vocab_.namespace_of(ir_);
    root.tr = std::make_unique<Transformer>(vocab_, ir_, root.ns, &types_);
    root.dom = dominators(*goal.ir);
    acts_.push_back(std::move(root));
    ph_.methods_seen.insert(ir_.QualifiedName());
    ph_.tabulation = std::make_unique<Tabulation>(*this, MakeSearcher(opt_.search_order));
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
  const std::vector<std::pair<std::string, std::string>>& to_enable() const { return directed_.to_enable(); }
  // Lambda classes were made during the phase: the calls analysed before
  // did not list them, so a phase with them from the start must follow
  // before the search can be called exhaustive.
  bool lambdas_grew() const { return lambdas_.size() > lambdas_at_start_; }
  // The phase ran out of work, not budget, with reasons against a
  // NOT_FOUND, before the forward facts were computed: a phase with them
  // may decide it (run() computes them from the second phase on).
  bool forward_facts_due() const { return forward_facts_due_; }
  // The final phase's result `r` with the preconditions collected over all
  // phases (EngineOptions::max_preconditions > 1): FOUND with the first,
  // the others as alternatives, exhaustive when `r` was a NOT_FOUND.
  void finish_collected(Result* r);
  // Drops the literals and disjuncts of `ds` (a disjunction of
  // conjunctions) that Z3 proves needless (all_preconditions.cc).
  void simplify_disjunction(std::vector<std::vector<logic::Term>>* ds);

 private:
  friend Tabulation;
  // The problem as the tabulation solver asks it (wp_problem.cc).
  bool Covers(const Minterm& met, const Minterm& fresh) const { return met.subsumes(fresh); }
  void Seed(Tabulation&) { seed(); }
  std::string Interrupt(Tabulation&);
  bool Done() const { return ph_.found; }
  bool AtProcedureStart(const Item& item) const {
    return item.at.b == acts_[item.at.act].ir->entry && item.at.k == 0;
  }
  bool InsideBlock(const Item& item) const { return item.at.k > 0; }
  void FlowOutOfProcedure(const Item& item);
  void FlowThroughInstruction(const Item& item);
  std::vector<ir::EdgeId> EdgesInto(const Item& item);
  bool IsCall(const Item& item, ir::EdgeId eid) const;
  void FlowThroughCall(const Item& item, ir::EdgeId eid);
  void FlowAlongEdge(const Item& item, ir::EdgeId eid);
  // While a flow steps an item: in_optimistic_ says whether its minterm is
  // optimistic (what it notes is no reason for an UNKNOWN), stepping_act_
  // which activation it is in (what it notes makes that activation's
  // summary incomplete: note()). Outside the flows: false and -1.
  struct StepScope {
    StepScope(WpProblem* p, const Item& item) : p_(p) {
      p_->in_optimistic_ = p_->is_optimistic(item.phi);
      p_->stepping_act_ = item.at.act;
    }
    ~StepScope() {
      p_->in_optimistic_ = false;
      p_->stepping_act_ = -1;
    }
    StepScope(const StepScope&) = delete;
    StepScope& operator=(const StepScope&) = delete;
    WpProblem* p_;
  };
  // The flow along edge `eid` into the item's block (through the call at
  // its source skipped, or for the targets not enabled when `how` is kPartial).
  void along_edge(const Item& item, ir::EdgeId eid, CallHandling how);

  solver::SolverOptions solver_options() {
    solver::SolverOptions o;
    o.timeout_ms = opt_.solver_timeout_ms;
    o.types = &types_;
    return o;
  }
  Transformer& tr(int32_t act) { return *acts_[act].tr; }
  solver::CheckResult check(std::span<const Term> query, bool want_witness) {
    const auto t0 = Clock::now();
    solver_.set_timeout_ms(query_timeout_ms());
    solver::CheckResult r = solver_.check(query, want_witness);
    ph_.result.stats.solver_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    return r;
  }
  const ir::Dominators* dominators(const ir::MethodIR& ir);
  // `phi` at a point of activation `act`, with its method's value facts
  // (ir/value_facts.h): an array length named as the value it was
  // allocated with or read from, `i >= 0` for each non-negative value it
  // mentions (a loop counter), and FALSE when it says that a value which is
  // never null is null.
  Minterm with_value_facts(int32_t act, const Minterm& phi);
  // The type a value of field descriptor `d` is an instance of when not
  // null, as the verifier holds parameters, results, fields and casts to
  // it (JVMS 4.10.1.2): a known class or array type; null Term for a
  // primitive, java/lang/Object, and any type whose element type is an
  // interface or a class the class path lacks (the verifier lets any
  // object pass for an interface).
  Term declared_type(std::string_view d);
  // `v`'s declared type: a variable's from `f` (an activation's parameters,
  // call results, field reads and casts), a field read term's from its
  // field; null Term when none is known.
  Term declared_type_of(const Activation::ValueFactTerms& f, Term v);
  // subType(typeOf(x), T) for each typeOf(x) that `phi` mentions of a
  // non-null x of declared type T, conjoined (the simplifier then refutes
  // `typeOf(x) == U` for a U that is no subtype of T).
  Minterm with_declared_types(const Activation::ValueFactTerms& f, Minterm phi);
  void seed();
  void push(Point at, const Minterm& phi, uint32_t loops, int32_t path, int32_t site, int32_t line,
            int32_t assume);
  void absorb(const Step& step, Point at, const Item& from, int32_t line, uint32_t extra_loops = 0);
  void absorb_along(const Step& step, const Item& item, ir::EdgeId eid);
  CallHandling expand_call(const Item& item, ir::EdgeId eid);
  // The targets of a call that this expansion follows, and how the call is
  // handled; nullopt when it is skipped (the reason noted).
  struct ChosenTargets {
    std::vector<Target*> targets;
    CallHandling handled = CallHandling::kExpanded;
  };
  std::optional<ChosenTargets> checked_targets(ChosenTargets out, const ir::MethodIR& ir, const ir::Instruction& call,
                                              const std::string& where);
  std::optional<ChosenTargets> choose_targets(const Item& item, const ir::MethodIR& ir, ir::InsnId call,
                                              uint32_t depth, const std::string& where);
  Term exit_postcondition(Transformer& caller, const ir::Edge& e, const ir::Instruction& call, Term phi);
  void assume_native_returns(const Item& item, Point at_call, const ir::Instruction& call, Transformer& caller,
                             const Target& t, Term phi, const std::string& where);
  bool unsafe_heap_native(const ir::Instruction& call) const;
  std::vector<std::pair<Term, Term>> clone_alternatives(const ir::MethodIR& ir, const ir::Instruction& call, Term r,
                                                        Term r_type, const std::string& where);
  void through_object_clone(const Item& item, Point at_call, const ir::Instruction& call, Transformer& caller,
                            const Target& t, const ir::Edge& e, Term phi, const std::string& where);
  // The exceptional edge of an I/O native that throws only an environment's
  // failure (models/jdk_natives.def, JWP_THROWS_ONLY): a new `exception`,
  // on a skolem of the failure that the search says it needs.
  void through_native_failure(const Item& item, Point at_call, const ir::Instruction& call, Transformer& caller,
                              const Target& t, const ir::Edge& e, Term phi, const std::string& where,
                              std::string_view exception);
  uint32_t order_depth_of_callee(int32_t caller, ir::InsnId call, bool exceptional);
  void enter_activation(const Item& item, const Target& t, ir::InsnId call, uint32_t depth, bool exceptional,
                        const std::vector<Minterm>& post);
  void skip_call(const Item& item, ir::EdgeId eid, Step* step);
  bool ensure_ir(Target& t, std::string* why);
  // Registers the lambda classes of an IR the search is about to analyse.
  void learn_lambdas(const ir::MethodIR& ir) { lambdas_.AddFrom(ir); }
  // Learns, before the first phase, the lambda classes of the methods the
  // goal's method calls statically (calls.cc).
  void prelearn_lambdas();
  // The lambda classes an interface call may dispatch to their own method
  // (empty for other calls). In CHA mode, those made before the phase began
  // are enabled; in directed mode, those chosen at some site: a lambda is
  // one object of the program, and where it reaches one call of its
  // interface's method it tends to reach the others (a Comparator in
  // TimSort's several compare calls).
  std::vector<Target>& lambda_targets(const ir::Instruction& call);
  std::vector<callgraph::MethodId> stand_in_targets(const ir::Instruction& call);
  bool lambda_enabled(const Target& t) const {
    return opt_.callgraph == CallGraph::kDirected ? enabled_.IsEnabledAnywhere(t.key())
                                                  : t.lambda < lambdas_at_start_;
  }
  // What directed construction asks (DirectedQueries; directed_queries.cc).
  std::vector<std::string> BoundedTargets(std::span<const Term> facts, Term sigma,
                                          const DirectedSite& site) override;
  bool DispatchFeasible(const Pending& p, Term sigma, const DirectedSite& site, const std::string& k) override;
  std::vector<Term> DeclaredTypeBounds(int32_t act) override {
    return entry_check_.DeclaredTypeBounds(entry(acts_[act]));
  }
  bool OutOfTime() const override { return out_of_time(); }
  void Note(std::string reason) override {
    // The optimistic marker is no call a reader could expand (optimistic.cc).
    if (marker_.is_null() || reason != vocab_.call_site_text(tm_.var_info(marker_).site)) note(std::move(reason));
  }
  Result::Stats& PhaseStats() override { return ph_.result.stats; }
  void return_to_caller(const Item& item);
  // `context`: the exact types the call passes (callgraph/exact_types.h).
  // False (and *why_not) when the mod-set is unknown.
  // `forward_context`: the callee's calling context when forward facts
  // hold there (null otherwise): its mod-set is then the ForwardModSets'.
  // Over every target first; where that is unknown, over the targets
  // enabled at calls of several: then *partial names the first such call
  // (ModSet::partial; "" otherwise), and a precondition through a skipped
  // side havocs the framed heap (apply_summary).
  bool writes_of(const Target& t, const std::vector<std::string>& context, const std::string* forward_context,
                 std::function<bool(Term)>* may_write, std::string* why_not, std::string* partial);
  // `mods` as a predicate over the leaves a call may change; false (and
  // *why_not) when it is top or rests on natives that are not assumed away.
  bool frame_of(const callgraph::ModSet& mods, std::function<bool(Term)>* may_write, std::string* why_not);
  const std::vector<std::string>& exact_types(int32_t act);
  bool writes_term(const callgraph::ModSet& mods, Term x) const;
  void ensure_mod_sets();
  std::function<bool(Term)> passed_call_writes(int32_t act, ir::InsnId call_id);
  void enter_summary(const Item& item, const Target& t, int32_t caller_act, ir::InsnId call,
                     uint32_t depth, bool exceptional, const Minterm& post);
  std::vector<size_t> null_arguments(int32_t caller_act, ir::InsnId call, const Minterm& post);
  // A call of a method that returns normally (models/returns_normally.def)
  // whose dependent part asks nothing of it: framed whole.
  bool frames_whole(const Target& t, const Minterm& dependent);
  void frame_whole_call(const Item& item, const Target& t, int32_t caller_act, ir::InsnId call,
                        const Minterm& framed, bool optimistic, bool non_null_arguments = false);
  // The IR of the one method a call runs (not a native), or null.
  const ir::MethodIR* only_target_ir(const ir::Instruction& call);
  // Whether `phi` says a parameter is null at a point that every path
  // reaches past a dereference of it (null_guards.h).
  bool null_param_past_dereference(Point at, const Minterm& phi);
  void summary_entry(const Item& item);
  void apply_summary(const Summary& sm, const SummaryPre& pre, const Waiter& w);
  // The site of a skipped side of a call of directed construction that
  // `psi` went through (it has a skolem of it), or Step::kNoSite.
  uint32_t skipped_side_of(const Minterm& psi) const;
  // `framed` with what a skipped call at `site` may write havocked.
  Minterm with_heap_havocked(const Minterm& framed, uint32_t site);
  bool is_entry(const ir::MethodIR& m) const;
  std::vector<Term> dispatch_conditions(const ir::Instruction& call, Transformer& caller,
                                        std::string_view owner, std::string_view name,
                                        std::string_view descriptor);
  Minterm fresh_skolems(const Minterm& m, const Minterm& framed);
  void push_at_call_site(const Item& item, const ir::MethodIR& callee, Transformer& callee_tr,
                         int32_t caller_act, ir::InsnId call_insn, const Minterm* framed = nullptr);
  // The callee a minterm leaves at a call site (push_before_call's check).
  struct Left {
    const ir::MethodIR* method;
    uint32_t ns;
  };
  void push_before_call(const Item& item, int32_t caller_act, ir::InsnId call_insn, const std::vector<Term>& conds,
                        bool eliminate_generics, const Left* left);
  void go_up(const Item& item);
  // A call the transformer models as what it does, along edge `eid`
  // (wp/calls.cc): false when `call` is none of those.
  bool through_modelled_call(const Item& item, ir::EdgeId eid, const ir::Instruction& call);
  std::vector<Target>* targets(const ir::Instruction& call, std::string* why);
  // Directed construction lists no more than max_targets + 1 targets of a
  // call unless asked for all: listing means reading every concrete
  // subtype's methods (hundreds of classes for Set.contains), and a site
  // with more targets is expanded only for the few its constraints allow.
  bool truncated(const std::vector<Target>* list) const { return truncated_.contains(list); }
  // A truncated listing with the targets enabled at `site_key` that it
  // lacks appended (in name order), each made from its key: what expanding
  // and skipping the site need, without listing every target (a pinned
  // receiver of Object.toString made a listing of all its targets read
  // thousands of classes: 80% of a goal's time). `listed` itself when it is whole or
  // lacks none; null (and *why) when a target cannot be made.
  std::vector<Target>* with_enabled(const ir::Instruction& call, std::vector<Target>* listed,
                                    const std::string& site_key, std::string* why);
  bool selected_somewhere(const ir::Instruction& call, const std::string& k);
  // The target `id` names (a model, a native, or code), or why not.
  bool make_target(const callgraph::MethodId& id, Target* t, std::string* why);
  int32_t assume(int32_t parent, const std::string& text);
  bool at_entry(const Item& item);
  std::string input_without_a_class(const Minterm& phi, const Activation& a);
  // A FOUND at `item` (the entry) into `r`: precondition, witness, path,
  // entry and assumptions.
  void fill_found(const Item& item, EntryCheck::Found found, Result* r);
  // EngineOptions::max_preconditions > 1 (all_preconditions.cc): keeps a
  // new precondition; true (the search stops) when there are that many.
  bool collect_found(const Item& item, EntryCheck::Found found);
  // The same for a candidate the JVM confirmed (optimistic calls), with
  // the minterm over its inputs its precondition renders and the query it
  // came from (at the entry of activation `act`).
  void collect_confirmed(Result candidate, const logic::Minterm& shown, const Minterm& query, int32_t act);
  // Whether the candidates that reached the entry cover every result of
  // the calls `query` passed: the inputs of `query` with every passed call
  // returning normally imply one of the candidates (Z3 proves it), so
  // that what the calls return does not matter (all_preconditions.cc).
  bool results_covered(const Minterm& query, int32_t act);
  // Whether the call of skipped-call site `site` runs at most once per call
  // of the entry (activation `entry_act`; all_preconditions.cc).
  bool call_runs_once(uint32_t site, int32_t entry_act);
  // Optimistic calls (optimistic.cc).
  Term optimistic_marker();
  bool is_optimistic(const Minterm& m) const;
  bool cheap_call(const ir::Instruction& call, bool exceptional = false);
  int cheap_call_height(const ir::Instruction& call, bool exceptional = false);
  bool passes_optimistically(const Item& item, ir::EdgeId eid);
  void pass_optimistically(const Item& item, ir::EdgeId eid);
  Minterm with_required_arguments(int32_t act, const ir::Instruction& call, const Minterm& phi);
  void queue_candidate(const Item& item, const Minterm& phi);
  bool candidates_due() const;
  bool assumes_a_throw(const Minterm& phi) const;
  // Whether every skolem of `phi` is an input (SkolemKind::kInput).
  bool rests_on_inputs_only(const Minterm& phi) const;
  bool candidate_time_left() const;
  // Time spent on the goal, over every phase.
  double elapsed_ms() const;
  // Records in the stats when a precondition was found (first and last).
  void note_found_time();
  // Z3's timeout for the next query: the solver's own, cut to what is left
  // of the goal's time (candidates' allowance included), so that no query
  // runs the goal past its deadline.
  unsigned query_timeout_ms() const;
  std::string refutation_summary() const;
  // Runs ph_.candidates in order until one is confirmed, within the goal's
  // timeout and its candidates' grace (kCandidateDeadline), or within the
  // timeout alone.
  void run_candidates(bool within_timeout = false);
  // At the search's end: the candidates that assume a passed call threw
  // after the others, and only within the goal's timeout (a call assumed to
  // throw the goal's exception reaches it on the JVM whatever the call
  // really does: only an example).
  void run_all_candidates();
  bool has_candidates() const { return !ph_.candidates.empty() || !ph_.throwing_candidates.empty(); }
  bool try_candidate(const Item& item);
  void optimistic_remark(std::string text);
  bool within_optimistic_share();
  static std::string PassedSite(const ir::MethodIR& ir, const ir::Instruction& call);
  void refine(const std::vector<EngineOptions::Confirmation::Frame>& stack);
  bool passed_a_throwing_call(const Item& item) const;
  struct PassedItem {
    Item item;           // the minterm at the call's return site
    std::string callee;  // "pkg/C.m" as the call names it
  };
  static constexpr size_t kMaxPassedPerSite = 64;
  Term other_inputs(const Replay& r, EntryCheck::Entry entry, const Minterm& query);
  // `p == value` for each integral or null parameter of the entry that the
  // witness `r` gives (other_inputs negates them, and those of the input
  // methods' values in `query`; the concolic round keeps what it can of
  // them).
  std::vector<Term> input_pins(const Replay& r, EntryCheck::Entry entry);
  void input_method_pins(const Replay& r, const Minterm& query, std::vector<Term>* pins);
  // Concolic refinement (concolic.cc): the calls a candidate assumed, for
  // the runner to observe; what the runner saw them return, as equalities on
  // their skolems; a witness for the query with those, keeping as many of
  // the refuted witness's inputs as it can.
  std::vector<Replay::ObservedCall> observed_calls(const Minterm& query) const;
  // (Nothing when nothing was learned.)
  std::optional<Minterm> with_observed_values(const Minterm& asked, const Minterm& query,
                               const std::vector<EngineOptions::Confirmation::Call>& calls);
  using CandidateSolve = std::function<std::optional<EntryCheck::Found>(const Minterm&)>;
  std::optional<EntryCheck::Found> solve_keeping_inputs(const Minterm& query, const std::vector<Term>& pins,
                                                        const CandidateSolve& solve);
  // What became of a candidate's witness.
  enum class CandidateRun {
    kFound,      // confirmed, and it ends the search: ph_.result is its FOUND
    kCollected,  // confirmed, kept as one more precondition (collect_confirmed)
    kKnown,      // not run: its inputs were confirmed already, assuming no more
    kRefuted,    // refuted: *calls has what its assumed calls did
    kNotRun,     // the runner could not run it
  };
  // Runs a witness of candidate `item` on the JVM.
  CandidateRun run_candidate(const Item& item, EntryCheck::Found found,
                             std::vector<EngineOptions::Confirmation::Call>* calls);
  // After a run, whether concolic rounds ask the JVM again for this query:
  // only after a refutation or a witness the runner could not build; a
  // confirmed query gives nothing more by other inputs.
  static bool WorthAnotherRound(CandidateRun run) {
    return run == CandidateRun::kRefuted || run == CandidateRun::kNotRun;
  }
  std::string witness_key(const Replay& r, const Item& item) const;
  bool refuted_before(const Replay& r, const Item& item) const;
  // Concolic rounds after a refuted candidate whose calls were observed.
  static constexpr int kConcolicRounds = 2;
  std::vector<Term> everyday_inputs(EntryCheck::Entry entry, const Minterm& query);
  // Candidates wait for the exact search's first steps, and so many at most.
  static constexpr uint64_t kCandidatesAfterSteps = 5000;
  // Candidates run past the goal's timeout by a quarter more at most.
  static constexpr double kCandidateDeadline = 1.25;
  static constexpr size_t kMaxQueuedCandidates = 64;
  // Optimistic minterms are made while their steps are at most this share
  // of the phase's (past a first allowance): the exact search keeps most.
  static constexpr double kOptimisticShare = 0.3;
  static constexpr uint64_t kOptimisticAllowance = 500;
  // Re-solves of a candidate whose witness the JVM refuted already.
  static constexpr int kCandidateResolves = 2;
  // An activation as the entry check sees it.
  static EntryCheck::Entry entry(const Activation& a) { return {*a.ir, *a.tr}; }
  void note(std::string reason);
  // One transformer application in activation `act`: the goal's step
  // budget and the method's share of it (Result::SummaryCount::steps).
  void count_step(int32_t act);
  // The goal's wall-clock budget is spent (earlier phases included).
  bool out_of_time() const {
    return used_.ms + std::chrono::duration<double, std::milli>(Clock::now() - start_).count() > opt_.timeout_ms;
  }
  // The goal's budgets that end its search: time or steps (RunGoal starts
  // no further phase past either).
  bool goal_budget_spent() const {
    return out_of_time() || step_budget_spent();
  }
  bool step_budget_spent() const {
    return used_.budgeted_steps + ph_.result.stats.budgeted_steps() >= opt_.max_steps;
  }

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
  const Goal& goal_;
  const ir::MethodIR& ir_;
  const EngineOptions& opt_;
  bool tracing() const { return static_cast<bool>(opt_.trace); }
  std::string trace_text(const Minterm& m) const { return TraceText(tm_, m); }
  logic::TermManager tm_;
  LambdaTypeFacts types_;
  std::shared_ptr<absint::FieldFacts> field_facts_;  // before vocab_, which refers to it
  Vocabulary vocab_;
  simplifier::Simplifier simplifier_;
  solver::Solver solver_;
  EntryCheck entry_check_{tm_, vocab_, types_};
  // Directed construction (Figure 4): the sites kept across phases, the
  // choices of the current phase.
  DirectedConstruction directed_{tm_, vocab_, opt_, *this};

  std::vector<Activation> acts_;
  absl::flat_hash_map<const ir::MethodIR*, std::unique_ptr<ir::Dominators>> doms_;
  absl::flat_hash_map<const ir::MethodIR*, std::unique_ptr<ir::ValueFacts>> value_facts_;
  absl::flat_hash_map<std::string, Term> declared_types_;  // by descriptor; null Term: none
  NullGuards null_guards_{[this](const ir::MethodIR&, const ir::Instruction& call) { return only_target_ir(call); },
                          [this](const ir::MethodIR& ir) { return dominators(ir); }};
  // Call targets by "owner.name desc invoke-kind"; null when not expandable.
  absl::flat_hash_map<std::string, std::unique_ptr<std::vector<Target>>> targets_;
  absl::flat_hash_map<std::string, std::string> target_errors_;
  absl::flat_hash_set<const std::vector<Target>*> truncated_;
  // with_enabled's lists, by site key (rebuilt when more are enabled).
  absl::flat_hash_map<std::string, std::vector<std::unique_ptr<std::vector<Target>>>> with_enabled_;
  callgraph::MethodCache method_cache_{h_};
  // Methods that never return null (absint/non_null_returns.h), over
  // method_cache_; null with --no-non-null-returns.
  std::unique_ptr<absint::NonNullReturns> non_null_returns_;
  ForwardFacts forward_;
  bool forward_done_ = false;
  bool forward_facts_due_ = false;  // forward_facts_due()
  uint64_t forward_pruned_all_ = 0;  // minterms dropped at dead edges, all phases
  // Forward facts cost up to a few hundred milliseconds: a goal decided
  // within its first phase and kForwardAfterSteps steps goes without them;
  // past that, the search starts again with them (Interrupt), and so does
  // one that ran out of work first with reasons against a NOT_FOUND.
  static constexpr uint64_t kForwardAfterSteps = 1000;
  // Forward facts of at most this many interpreted instructions restart
  // the search when they come due (Interrupt).
  static constexpr uint64_t kForwardRestartSteps = 10000;
  void ensure_forward_facts() {
    if (!opt_.forward_facts || forward_done_) return;
    forward_done_ = true;
    absint::ForwardOptions fopt;
    fopt.field_facts = field_facts_.get();
    fopt.non_null_returns = non_null_returns_.get();
    if (!opt_.inputs.empty()) fopt.inputs = &opt_.inputs;
    const auto t0 = Clock::now();
    bool computed = true;
    forward_ = opt_.forward_facts_cache ? opt_.forward_facts_cache->Get(h_, ir_, fopt, &computed)
                                        : ComputeForwardFacts(h_, method_cache_, ir_, fopt);
    ph_.result.stats.forward_facts_ms += std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    acts_[0].facts = prunes(forward_.Find(ForwardFacts::kRoot));
    if (tracing()) {
      opt_.trace(forward_.complete
                     ? Cat("phase ", phase_, ": forward facts: ", forward_.contexts, " calling contexts, ",
                           forward_.dead_edges, " dead edges, ", forward_.steps, " steps",
                           computed ? "" : " (computed for an earlier goal of the method)")
                     : Cat("phase ", phase_, ": forward facts: none (", forward_.why_not, ")",
                           computed ? "" : " (for an earlier goal of the method)"));
    }
  }
  // Optimistic calls (optimistic.cc): on when a JVM confirms candidates.
  const bool optimistic_ = opt_.optimistic_calls && static_cast<bool>(opt_.confirm);
  Term marker_;  // the optimistic minterms' literal (null until first used)
  absl::flat_hash_map<std::string, int> cheap_calls_;  // cheap_call_height by call key
  // Candidate queries already asked (a later phase meets them again), and
  // how many were run on the JVM, over every phase of the goal.
  absl::flat_hash_set<Term> candidates_asked_;
  uint32_t candidates_run_ = 0;
  // The step being taken is an optimistic minterm's: what it notes is no
  // reason for an UNKNOWN (note()).
  bool in_optimistic_ = false;
  int32_t stepping_act_ = -1;  // the activation of the item being stepped (StepScope)
  // Candidate witnesses the JVM refuted (ReplayKey), over every phase: the
  // same inputs are not run again.
  absl::flat_hash_set<std::string> refuted_witnesses_;
  // What a confirmed candidate rests on: whether it assumed values of the
  // calls it could not expand (an example only, as when it took a skipped
  // call to throw the goal's exception), and the calls it passed or
  // skipped (its provisos).
  struct Assumed {
    bool values = false;
    std::set<std::string> calls;
  };
  static Assumed AssumedOf(const Result& candidate);
  // `now` assumes strictly less than `before`: no values where `before`
  // assumed none, and a subset of its calls, with one call or the values
  // fewer.
  static bool AssumesLess(const Assumed& now, const Assumed& before);
  // Those the JVM confirmed (EngineOptions::max_preconditions > 1: the
  // search goes on, and another candidate with the same inputs runs the
  // same way: it is not run again unless it assumes less, since its
  // precondition, once confirmed, is then a condition with fewer provisos,
  // or a condition where the first was an example).
  absl::flat_hash_map<std::string, Assumed> confirmed_witnesses_;
  // Passed calls the JVM saw throw (PassedSite): expanded, never passed again.
  absl::flat_hash_set<std::string> expanded_sites_;
  absl::flat_hash_set<std::string> expanded_callees_;  // "pkg/C.m" whose call threw
  // The assumption node of each optimistic pass: its site and callee.
  absl::flat_hash_map<int32_t, std::pair<std::string, std::string>> passed_calls_;
  // What became of the candidates, said with an UNKNOWN (never a reason
  // against a NOT_FOUND: the exact search decides that alone).
  std::vector<std::string> optimistic_remarks_;
  // How the JVM refuted candidates (RefutationKind) -> how many times.
  std::map<std::string, int> refutations_;
  // The call sites of the cached-box lookups (cached_box), by skolem site.
  absl::flat_hash_map<uint32_t, CachedBox> cached_box_sites_;
  // `phi` without the skolems of cached boxes that it uses only for their
  // value, type and nullness; `phi` itself when none is eliminated.
  Minterm without_cached_boxes(const Minterm& phi);
  Minterm no_inputs_read(const Minterm& phi);
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
    return RulesOut(forward_, b, tm_, literals, value_of) && !pruned();
  }
  absl::flat_hash_map<Term, ir::ValueId> root_values_;  // the goal method's variables
  bool block_reached(int32_t act, ir::BlockId b) {
    const ForwardContext* f = acts_[act].facts;
    return f == nullptr || f->Reached(b) || pruned();
  }
  bool pruned() {
    ++ph_.result.stats.forward_pruned;
    if (forward_pruned_all_++ == 0) {
      // The states rest on these (absint/forward_facts.h).
      for (const std::string& f : forward_.facts_used) vocab_.note_fact_used(f);
    }
    return false;
  }
  std::unique_ptr<callgraph::ModSets> mod_sets_;
  // The class-hierarchy targets the mod-sets list, kept across phases
  // (mod_sets_ is rebuilt each phase).
  std::unique_ptr<callgraph::ChaTargetsMemo> mod_set_targets_;
  // Mod-sets found top in earlier phases: still top (the enabled targets
  // only grow).
  callgraph::ModSetTops mod_set_tops_;
  // Mod-sets over the targets enabled at calls of several (partial frames:
  // asked where mod_sets_ is top), rebuilt each phase, their tops kept.
  std::unique_ptr<callgraph::ModSets> partial_mod_sets_;
  callgraph::ModSetTops partial_mod_set_tops_;
  std::unique_ptr<ForwardModSets> partial_forward_mods_;  // over forward_ and *partial_mod_sets_
  std::unique_ptr<callgraph::VarHandles> var_handles_;  // made on the first VarHandle call
  std::unique_ptr<ForwardModSets> forward_mods_;  // over forward_ and *mod_sets_
  Summaries summaries_;
  uint64_t kept_total_ = 0;  // summaries handed from one phase to the next, summed
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
  // The walk for toward_entry_ stopped at max_caller_depth with methods
  // whose callers it did not list: a caller left out may still lead to the
  // entry through a longer chain.
  bool toward_entry_cut_ = false;

  // What one phase of the search works with: made anew for every phase
  // (next_phase), never reset field by field, so that no phase starts with
  // another's state. What outlives a phase (activations, the summaries
  // kept, the caches, directed construction's sites) are WpProblem's own
  // fields.
  struct PhaseState {
    Result result;
    // The phase's path edges and worklist.
    std::unique_ptr<Tabulation> tabulation;
    absl::flat_hash_set<std::string> methods_seen;
    std::map<std::string, Result::SummaryCount> summary_counts;
    std::vector<std::string> reasons;  // why the search is not exhaustive, in order
    absl::flat_hash_set<std::string> reason_set;
    bool found = false;
    std::vector<Item> candidates;  // optimistic candidates waiting for the JVM (optimistic.cc)
    // One of them rests on inputs alone (properties, variables, input
    // methods' values), no call passed or skipped: due at once.
    bool inputs_only_waiting = false;
    // Those that assume a passed call threw: they run only when the search
    // ends (run_all_candidates), after the others.
    std::vector<Item> throwing_candidates;
    // The minterms that passed each call site (PassedSite), to step again
    // when the JVM shows the call threw (refine).
    std::map<std::string, std::vector<PassedItem>> passed;
  };
  PhaseState ph_;
  // EngineOptions::max_preconditions > 1: the preconditions found so far,
  // over every phase, with the minterms they render.
  std::vector<Result> collected_;
  std::vector<logic::Minterm> collected_shown_;  // of the exact ones (no confirmed_on_jvm)
  std::vector<logic::Minterm> candidates_shown_;  // of the confirmed candidates
  // Where collected_[i], a confirmed candidate, is in candidates_shown_.
  size_t candidate_rank(size_t i) const;
  // The confirmed candidates' queries (index into collected_, query, act).
  struct ConfirmedQuery {
    size_t index;
    Minterm query;
    int32_t act;
  };
  std::vector<ConfirmedQuery> confirmed_queries_;
  // Every candidate that reached an entry (for results_covered), at most
  // kMaxEntryCandidates.
  std::vector<Minterm> entry_candidates_;
  std::vector<PathNode> nodes_;
  std::vector<AssumeNode> assume_nodes_;
  std::vector<std::string> assumption_texts_;
  absl::flat_hash_map<std::string, int32_t> assumption_ids_;
  uint64_t seq_ = 0;
};

// Whether `t` reads field map `value` at the cached box `box` (calls.cc).
bool reads_box_value(Term t, Term box, Term value);
// `phi` with the reads of the cached box's value replaced by `arg`, its
// type by `type` and `box == null` by false (calls.cc).
Term cached_box_reads(logic::TermManager& tm, Term phi, Term box, Term arg, Term value, Term type);

}  // namespace jwp::wp::internal

#endif  // JWP_WP_WP_PROBLEM_H_
