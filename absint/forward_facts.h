// Forward facts: which edges of a method, in one calling context below the
// goal's method, no execution can take. The backward search drops a
// minterm at such an edge (wp/search.cc), so that it does not explore paths
// the objects the code builds rule out: a `new HashMap()` has no table
// yet, so put's resize finds no old table to copy; a node just allocated
// has no successor, so get's walk along the bucket ends at once. Backward,
// these facts are learnt only when a minterm reaches the allocation, after
// every loop on the way has been unrolled (bench/README.md, "Forward
// facts").
//
// The analysis is an abstract interpretation forward from the entry of the
// goal's method, for any arguments and any heap it starts from (the domain
// is domain.h; the interpreter internal/interpreter.h):
//   - Values: int and long constants, null, and references to objects it
//     allocated (one abstract object per allocation site and calling
//     context: strong updates while a site has made one object, weak ones
//     after), string literals; everything else is unknown.
//   - Objects it allocated keep the fields and array elements the code
//     writes (absent: the default value). An object escapes when a
//     reference to it is stored where the analysis does not look (a static
//     field, an unknown object, a call it does not follow, a lambda); it is
//     unknown from then on, with everything reachable from it. Code the
//     analysis does not follow can reach only escaped objects.
//   - Fields of objects it does not track, and statics, hold what their
//     field facts allow (a single constant, or a non-null reference); a call
//     it does not follow returns non-null where the method never returns
//     null (non_null_returns.h). Both only when the options give them.
//   - Calls: a static or special call, or a virtual one whose receivers
//     are allocated objects that select one method, runs the callee's code
//     (its method model's, as the search does) in a context named by the
//     call string; others, and natives, are unknown calls.
//   - An edge is live when some abstract state takes it; all edges of a
//     branch whose condition is unknown are live, and every exceptional
//     edge is live unless the instruction cannot throw there.
// A method with a loop runs path by path first (one state at a time, no
// joins), so a loop that runs a known number of times is unrolled; a run
// that meets too many states is joined instead. Besides the live edges,
// the analysis records per call the methods it dispatches to, and keeps
// the states at the blocks of the goal's method (StatesAt; wp/rules_out.h);
// ForwardModSets derives what a context may write.
// A call below the depth or context bounds is an unknown call. When the
// analysis meets something it cannot bound (too many steps or objects), it
// gives no facts at all. Contexts it did not
// analyse have none either: the search prunes only where a fact holds.
#ifndef JWP_ABSINT_FORWARD_FACTS_H_
#define JWP_ABSINT_FORWARD_FACTS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "callgraph/method_cache.h"
#include "callgraph/mod_set.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"
#include "absint/domain.h"
#include "absint/field_facts.h"
#include "absint/non_null_returns.h"

namespace jwp::absint {

// One calling context of one method.
struct ForwardContext {
  std::string method;       // ir::MethodIR::QualifiedName()
  // Its IR: owned by the MethodCache the analysis ran with (or the
  // caller, for the goal's method).
  const ir::MethodIR* ir = nullptr;
  std::vector<bool> live;   // per EdgeId: some execution in this context may take it
  std::vector<bool> reached;  // per BlockId
  bool prunes = false;      // an edge is dead here or in a context called from here
  // Equal for two contexts of one method whose facts, and those of the
  // contexts they call (by call site and target), are equal: a summary
  // made in one serves the other.
  int32_t facts_id = 0;
  // Calls whose result the analysis took from what Java specifies of a
  // string literal's methods instead of running them, with that method.
  std::map<ir::InsnId, callgraph::MethodId> calls_not_run;
  // By call: the methods ("owner.name(descriptor)", as resolved, before
  // method models) the call dispatched to, plus kUnknownTarget when it was
  // once an unknown call. A call that is absent never ran.
  std::map<ir::InsnId, std::set<std::string>> dispatched;
  static constexpr std::string_view kUnknownTarget = "?";
  // The methods call `call` dispatches to in every execution of this
  // context; null when the analysis does not know them all.
  const std::set<std::string>* Dispatched(ir::InsnId call) const {
    auto it = dispatched.find(call);
    return it == dispatched.end() || it->second.contains(std::string(kUnknownTarget)) ? nullptr : &it->second;
  }
  bool Live(ir::EdgeId e) const { return e >= 0 && static_cast<size_t>(e) < live.size() && live[e]; }
  bool Reached(ir::BlockId b) const { return b >= 0 && static_cast<size_t>(b) < reached.size() && reached[b]; }
};

// The states of the goal's method (the interpreter's run of kRoot): per
// block, every state path by path, or the one joined state.
struct ForwardStates {
  std::vector<std::vector<State>> at;
};

struct ForwardOptions {
  uint64_t max_steps = 50000;   // instructions interpreted, over all contexts: beyond, no facts
  // Calls followed below the entry, and calling contexts: a call beyond
  // either is an unknown call (and its context has no facts).
  uint32_t max_depth = 8;
  size_t max_contexts = 256;
  size_t max_objects = 4096;    // abstract objects: beyond, no facts
  // Fields of objects and statics the analysis does not track hold what
  // their field facts allow (issue #29); null: anything.
  FieldFacts* field_facts = nullptr;
  // A call the analysis does not follow returns non-null when the method
  // never returns null; null: it may return anything.
  NonNullReturns* non_null_returns = nullptr;
  // The methods a user names as inputs and assumptions (callgraph/
  // input_methods.h): their calls are unknown calls, whatever their code
  // does (it does not run: the witness runner returns the inputs' values).
  const callgraph::InputMethods* inputs = nullptr;
};

class ForwardFacts {
 public:
  // The context of the goal's method.
  static constexpr std::string_view kRoot = "";
  // The context of `target` (its QualifiedName) called at `call` (an
  // instruction of the method of context `caller`).
  static std::string Child(std::string_view caller, ir::InsnId call, std::string_view target);

  // nullptr when the analysis gave no facts for `context`.
  const ForwardContext* Find(std::string_view context) const;
  // The contexts with facts that the call `call` of `context` ran in (one
  // per target it ran), sorted.
  std::vector<std::string> Callees(std::string_view context, ir::InsnId call) const;

  bool complete = false;   // false: no facts at all (`why_not` says why)
  std::string why_not;
  uint64_t steps = 0;
  size_t dead_edges = 0;   // over all contexts
  size_t contexts = 0;
  // The field facts and non-null methods the states rest on
  // (FieldFact::description, NonNullReturns), in the order first used.
  std::vector<std::string> facts_used;
  absl::flat_hash_map<std::string, ForwardContext> by_context;
  // By call site, Child(caller, call, ""): the contexts in by_context below it.
  absl::flat_hash_map<std::string, std::vector<std::string>> callees_by_site;

  // The abstract states at the entries of the blocks of the goal's method.
  std::shared_ptr<const ForwardStates> root_states;
  // The states the analysis found at the entry of block `b` of the goal's
  // method; null when it has none (no facts, or the block is not reached).
  // wp/rules_out.h decides a minterm's literals over them.
  const std::vector<State>* StatesAt(ir::BlockId b) const;
};

// What the code run in one calling context may write, by the forward
// facts: the writes of the blocks it reaches there, what the contexts it
// calls write, and, for the calls it did not run (unknown calls, string
// literals' methods), what callgraph::ModSets says of their targets. The
// search frames around a call with this set (wp/calls.cc, enter_summary):
// `put` on a new HashMap never reaches the tree bins, whose
// Comparable.compareTo makes HashMap.put's own mod-set unknown.
//
// Sound because the facts hold for every execution of the context from the
// goal's method's entry: a block no execution reaches writes nothing.
// Ownership: refers to the facts and the mod-sets, which must outlive it.
class ForwardModSets {
 public:
  ForwardModSets(const ForwardFacts& facts, callgraph::ModSets& mods) : facts_(facts), mods_(mods) {}
  // nullptr when the analysis gave no facts for `context`.
  const callgraph::ModSet* Of(const std::string& context);

 private:
  const ForwardFacts& facts_;
  callgraph::ModSets& mods_;
  absl::flat_hash_map<std::string, std::unique_ptr<callgraph::ModSet>> done_;
};

// The forward facts of the code reachable from `entry`'s entry.
ForwardFacts ComputeForwardFacts(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache,
                                 const ir::MethodIR& entry, const ForwardOptions& options = {});

// The forward facts of each goal method, computed once for the goals of
// that method (jwp exceptions searches one per exception type that may
// leave it, in one process): they depend on the method and the options
// only (forward_facts.h), and cost up to seconds (EnumUtils.getEnumMap's:
// 1.4 s; a run that gives none after max_steps: about 1 s). The contexts'
// IR is owned by the cache's own MethodCache, which lives as long as the
// cache; the root context's is the caller's `entry`, set at each Get.
// Safe to share between threads (one computation at a time).
class ForwardFactsCache {
 public:
  explicit ForwardFactsCache(const classfile::ClassHierarchy& h) : cache_(h) {}
  // The facts of `entry` under `options`; `*computed` says whether this
  // call ran the analysis (false: a copy of the first run's facts).
  ForwardFacts Get(const classfile::ClassHierarchy& h, const ir::MethodIR& entry, const ForwardOptions& options,
                   bool* computed);

 private:
  std::mutex mu_;
  callgraph::MethodCache cache_;
  absl::flat_hash_map<std::string, ForwardFacts> by_key_;
};

}  // namespace jwp::absint

#endif  // JWP_ABSINT_FORWARD_FACTS_H_
