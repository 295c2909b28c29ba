// Method mod-sets: the instance fields, static fields and array element kinds
// a method may write, itself or through the methods it may call (CHA
// targets, or the one target of a receiver of exact type), transitively.
// Generalization at calls (paper §5, Figure 5) frames
// every location outside the callee's mod-set around the call; skipped calls
// of directed construction (§4) havoc exactly the mod-set (mod(f, σ_f)).
#ifndef JWP_CALLGRAPH_MOD_SET_H_
#define JWP_CALLGRAPH_MOD_SET_H_

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "callgraph/call_targets.h"
#include "callgraph/input_methods.h"
#include "callgraph/lambda_classes.h"
#include "callgraph/method_cache.h"
#include "callgraph/method_ref.h"
#include "callgraph/var_handles.h"
#include "classfile/class_hierarchy.h"

namespace jwp::callgraph {

// What one method may write. `top` means "may write anything": the queries
// then answer true, and Fields()/Statics()/ArrayKinds() list only the writes
// that were seen before the analysis gave up (a lower bound).
//
// Fields are named by their declaring class as field resolution (JVMS
// 5.4.3.2) finds it: a write `putfield Sub.f` of a field declared in Base is
// the field "Base.f"; callers resolve before asking. Array kinds are the
// element descriptor's first character, with 'L' for every reference
// element type (arrays of arrays included) and 'B' for byte and boolean
// (one baload/bastore map, as the JVM has).
class ModSet {
 public:
  bool top = false;
  std::string top_reason;  // why top ("" if not): the first cause met
  // Set when a reached call site has several class-hierarchy targets (or
  // more than followed) and the client named the ones it expands there
  // (ModSetOptions::enabled_targets): the set holds what those write, and
  // the site's other targets are calls the client skips, havocking what
  // they may write on its own (directed construction, paper §4).
  bool partial = false;
  std::string partial_reason;  // the first such site ("" if none)

  bool WritesField(std::string_view owner, std::string_view name, std::string_view descriptor) const;
  bool WritesStatic(std::string_view owner, std::string_view name, std::string_view descriptor) const;
  bool WritesArray(char kind) const;  // 'Z' and '[' are normalized as above

  // "owner.name:descriptor", sorted.
  std::vector<std::string> Fields() const { return {fields_.begin(), fields_.end()}; }
  std::vector<std::string> Statics() const { return {statics_.begin(), statics_.end()}; }
  // The kinds written, sorted ("BIL").
  std::string ArrayKinds() const { return {arrays_.begin(), arrays_.end()}; }
  // Native methods reached and assumed to write nothing (only with
  // ModSetOptions::natives_are_top = false), sorted.
  std::vector<MethodId> AssumedNatives() const { return {natives_.begin(), natives_.end()}; }

  // The array kind of an element descriptor ("I", "Z", "[I", "Ljava/lang/String;").
  static char ArrayKind(std::string_view element_descriptor);
  static std::string FieldKey(std::string_view owner, std::string_view name,
                              std::string_view descriptor);

  // Adds what `other` writes (and its natives; top if it is).
  void Merge(const ModSet& other);

 private:
  friend class ModSets;
  void SetTop(std::string_view reason);

  std::set<std::string> fields_;
  std::set<std::string> statics_;
  std::set<char> arrays_;
  std::set<MethodId> natives_;
};

// The mod-sets found top, for ModSets that follow one another and differ
// only in the targets ModSetOptions::enabled_targets names, as long as those
// only grow (wp's phases): a set is top when its method reaches a cause of
// top (no code, an opaque or incomplete call, more methods than the node
// budget), and reaching more keeps it so. Not thread-safe.
class ModSetTops {
 public:
  size_t size() const { return tops_.size(); }

 private:
  friend class ModSets;
  std::map<std::pair<MethodId, std::vector<std::string>>, std::string> tops_;  // (method, context) -> reason
};

struct ModSetOptions {
  // Methods whose code one query may explore (IR built and scanned). When a
  // query needs more, the queried method's set is top ("node budget").
  size_t node_budget = 1000;
  // Targets per call site: a truncated site makes the caller top.
  CallTargetOptions targets = {.max_targets = 64, .max_receivers = 4096, .record_dispatch = false};
  // A reached native method makes the set top (sound). With false, natives
  // are assumed to write nothing (paper §6's treatment, which wp lists as an
  // assumption) and are listed in ModSet::AssumedNatives().
  bool natives_are_top = true;
  // Lambda classes made so far (lambda_classes.h): an interface call also
  // reaches those that implement it. Their code must be in the MethodCache
  // (MethodCache::set_lambdas). Null: lambda bodies are not reached.
  const LambdaClasses* lambdas = nullptr;
  // The methods the user names as inputs and assumptions (input_methods.h):
  // their code is not reached; an input's call writes the count of inputs
  // read (kInputsOwner.kInputsReadName). Null: none.
  const InputMethods* inputs = nullptr;
  // A virtual or interface call site with several class-hierarchy targets,
  // or more than `targets` follows (and no receiver of exact type): the
  // targets the client expands there (directed construction's enabled
  // targets), or nullopt. With a list, the site writes what those write
  // and the set is ModSet::partial; without (or with no function), it
  // writes what all its targets write (top when there are too many). Asked only of call instructions of a method's code (`caller`
  // holds `call`), never of the toString() a string concatenation implies.
  std::function<std::optional<std::vector<MethodId>>(const ir::MethodIR& caller, const ir::Instruction& call)>
      enabled_targets = nullptr;
  // The class-hierarchy targets of calls, memoized (its options are used
  // instead of `targets`); it must outlive the ModSets. Null: the ModSets
  // memoizes them itself. A client that rebuilds its ModSets (wp, each
  // phase) keeps one memo across them.
  ChaTargetsMemo* cha = nullptr;
  // Tops found by earlier ModSets of the same client (see ModSetTops),
  // answered at once and added to; null: none kept. It must outlive the
  // ModSets.
  ModSetTops* tops = nullptr;
};

// Lazily computed, cached mod-sets, per method and context (the exact types
// of its parameters). A query explores the call graph below the method
// breadth-first (callees in instruction order, targets in MethodId order;
// a virtual call's receiver of exact type, by ExactTypes, has one target),
// up to the node budget, skipping methods whose set is
// already cached, then solves the strongly connected components of what it
// explored bottom-up (Tarjan): every method of a component (mutual
// recursion) gets the union of the component's direct writes and of the
// sets of the components it calls, so no iteration is needed.
//
// The set is top when a reached method has no code (native; missing class or
// method; malformed bytecode), when a call site is an opaque invokedynamic,
// has too many CHA targets (unless ModSetOptions::enabled_targets names
// the ones followed: then it is partial) or passes over a missing class,
// or when the budget runs out. Exploration stops at the first such cause, because the queried
// method is then top. A method whose set is exact or definitely top is
// cached; one whose exploration was cut by the budget is cached only if it
// is the queried method (as top), so later queries of the others explore
// afresh. Results therefore depend only on the sequence of queries, which
// is deterministic in a deterministic client.
//
// Not modelled: class initialization (<clinit> run by new, getstatic,
// putstatic, invokestatic); lambda bodies of lambda classes not in
// ModSetOptions::lambdas (kLambda itself writes only the captured-value
// fields of its new object); reflection. String concatenation
// (invokedynamic) calls toString() on its reference operands, treated as a
// virtual call.
//
// Ownership: refers to the hierarchy and the cache, which must outlive it.
// Returned references live as long as the ModSets. Not thread-safe.
class ModSets {
 public:
  ModSets(const classfile::ClassHierarchy& hierarchy, MethodCache& cache, ModSetOptions options = {});
  ModSets(const ModSets&) = delete;
  ModSets& operator=(const ModSets&) = delete;
  ~ModSets();

  // `context`: the exact types of the method's parameters (`this` first;
  // "" unknown), as a call site passes them (exact_types.h). A virtual call
  // on a value of exact type follows its one target; the callees' contexts
  // are the exact types of their operands. Empty: nothing is known of the
  // parameters beyond their declared types.
  const ModSet& Of(const MethodId& method, std::vector<std::string> context = {});

  // What `m` writes in one execution context that some other analysis
  // knows more of (wp/forward_facts.h): only the blocks `reached` marks
  // run, and a call for which `followed(call, into)` returns true writes
  // what that function merged into `into` (the writes of the targets it
  // runs there). Any other call in a reached block writes what Of() says
  // of its targets, found as Of() finds them but with nothing known of
  // the parameters' exact types. Not cached.
  ModSet OfRun(const ir::MethodIR& m, const std::vector<bool>& reached,
               const std::function<bool(ir::InsnId call, ModSet* into)>& followed);

  struct Stats {
    size_t queries = 0;     // Of() calls that were not answered from the cache
    size_t explored = 0;    // methods explored over all queries
    size_t components = 0;  // strongly connected components solved
    size_t budget_exceeded = 0;
  };
  const Stats& stats() const { return stats_; }

 private:
  // A method in a context (the exact types of its parameters).
  struct Key {
    MethodId id;
    std::vector<std::string> context;
    bool operator<(const Key& o) const { return id < o.id || (id == o.id && context < o.context); }
  };
  struct Node;
  // Adds to `direct` the writes of `m`'s instructions (in context
  // `context`), and to `callees` the targets of its calls. Only the blocks
  // `reached` marks, when it is given; a call for which `handled` returns
  // true is left to the caller.
  void Scan(const MethodId& id, const ir::MethodIR& m, const std::vector<std::string>& context,
            const std::vector<bool>* reached, const std::function<bool(ir::InsnId)>* handled,
            ModSet& direct, std::set<Key>& callees);
  // Builds the IR of nodes[i] and records its direct writes and callees
  // (appending newly met ones to `nodes` and `queue`).
  void Explore(int i, std::vector<Node>& nodes, std::map<Key, int>& index,
               std::vector<int>& queue);

  const classfile::ClassHierarchy& h_;
  MethodCache& cache_;
  ModSetOptions options_;
  VarHandles var_handles_{h_};  // an access mode of a bound handle writes its variable only
  std::unique_ptr<ChaTargetsMemo> own_cha_;  // when options_.cha is null
  ChaTargetsMemo* cha_;
  std::map<Key, std::unique_ptr<ModSet>> done_;
  Stats stats_;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_MOD_SET_H_
