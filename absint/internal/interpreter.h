// The forward analysis's interpreter (forward_facts.h): runs a method in a
// calling context over the abstract domain (domain.h), path by path while
// the states stay few, joined otherwise; follows calls with one target.
// Internal to absint/: ComputeForwardFacts is its only user.
#ifndef JWP_ABSINT_INTERNAL_INTERPRETER_H_
#define JWP_ABSINT_INTERNAL_INTERPRETER_H_

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absint/domain.h"
#include "absint/forward_facts.h"
#include "callgraph/call_targets.h"
#include "callgraph/method_cache.h"
#include "classfile/class_hierarchy.h"
#include "classfile/member_resolution.h"
#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::absint::internal {

class Interpreter {
 public:
  Interpreter(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache, const ForwardOptions& o,
              ForwardFacts* out)
      : h_(h), cache_(cache), opt_(o), out_(out) {}

  struct Outcome {
    AbsVal ret;
    std::optional<Heap> normal;       // the heap at a normal return, if one is reached
    std::optional<Heap> exceptional;  // at the exceptional exit, if reached
    // Run path by path (RunPaths): each normal return's value and heap,
    // when they are few; empty otherwise (the caller then uses the joins).
    std::vector<std::pair<AbsVal, Heap>> returns;
  };

  // Runs `m` in `context`; false (and out_->why_not) when the analysis gives up.
  bool Run(const ir::MethodIR& m, const std::string& context, std::vector<AbsVal> args, const Heap& heap,
           uint32_t depth, Outcome* result);

 private:
  struct Activation;
  // A state of a run path by path: at the entry of `block`, come along `via`.
  struct PathState {
    ir::BlockId block;
    ir::EdgeId via;
    Heap heap;
    std::vector<AbsVal> values;
    bool operator==(const PathState&) const = default;
  };
  // What one state's run through a block found: whether it may throw (and
  // the heap then), may complete, and the branch or case it selects.
  struct BlockRun {
    bool may_throw = false;
    bool may_complete = true;
    std::optional<Heap> exc_heap;
    std::optional<int> branch;        // kIf: 1 taken, 0 not, unset unknown
    std::optional<int64_t> selector;  // kSwitch
    void MayThrow(const Heap& heap) {
      may_throw = true;
      exc_heap = heap;
    }
  };
  bool Block(Activation& a, ir::BlockId b);
  void EnterBlock(Activation& a, ir::BlockId b, const Heap& heap);
  bool Step(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run);
  void StepValue(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run);
  void StepHeapAccess(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run);
  bool StepObject(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run);
  bool StepControl(Activation& a, ir::InsnId id, Heap& heap, BlockRun* run);
  void NonNullOrThrow(const Heap& heap, BlockRun* run, const AbsVal& ref);
  void FollowSuccessors(Activation& a, ir::BlockId b, Heap& heap, const BlockRun& run);
  // Runs `m` one abstract state at a time (no join), while the states stay
  // few: loops that run a known number of times are unrolled. *done false
  // when it gave up (too many states or returns): Run then joins.
  bool RunPaths(Activation& a, const Heap& heap, bool* done);
  bool Invoke(Activation& a, const ir::Instruction& in, Heap& heap, bool* may_throw, bool* may_return,
              std::optional<Heap>* exc_heap);
  // A call the analysis does not run: its arguments escape; its result is
  // non-null where every target (`targets`, when the receivers' types
  // gave them, else the call's own) never returns null.
  void Unknown(const ir::Instruction& in, const std::vector<AbsVal>& args, Heap& heap, Activation& a,
               const callgraph::CallTargets* targets = nullptr);
  // What the field facts say field read `in` of `reader` gives: a constant,
  // a non-null reference, or Top.
  AbsVal FactValue(const ir::MethodIR& reader, const ir::Instruction& in, const FieldFact** fact = nullptr);
  // The one abstract object of the immutable static array that `in` (a
  // getstatic) reads (FieldFact::elements): its elements hold what the
  // facts say, and nothing writes them.
  ObjId StaticArray(Heap& heap, const ir::Instruction& in, const FieldFact& fact);
  // `arr.clone()` of arrays the analysis tracks: a new array with their
  // length and elements; false (nothing done) for any other call.
  bool CloneArray(Activation& a, const ir::Instruction& in, const std::vector<AbsVal>& args, Heap& heap);
  void UseFacts(const std::vector<std::string>& facts);
  void Escape(Heap& heap, const AbsVal& v);
  // `fact`: what an object the analysis does not track holds there.
  AbsVal Load(const Heap& heap, const AbsVal& ref, const std::string& key, const AbsVal& fact) const;
  void Store(Heap& heap, const AbsVal& ref, const std::string& key, const AbsVal& v);
  AbsVal ArrayLoad(const Heap& heap, const AbsVal& arr, const AbsVal& index) const;
  void ArrayStore(Heap& heap, const AbsVal& arr, const AbsVal& index, const AbsVal& v);
  ObjId Allocate(Heap& heap, const std::string& context, ir::InsnId insn, std::string type);
  const std::string& FieldKeyOf(const ir::Instruction& in) {
    std::string key = FieldKey(in.owner, in.name, in.descriptor);
    auto it = field_keys_.find(key);
    if (it == field_keys_.end()) {
      classfile::FieldResult r = classfile::ResolveField(h_, in.owner, in.name, in.descriptor);
      std::string owner = r.ok() && r.owner != classfile::kNoClass ? std::string(h_.Name(r.owner)) : std::string(in.owner);
      it = field_keys_.emplace(std::move(key), FieldKey(owner, in.name, in.descriptor)).first;
    }
    return it->second;
  }
  bool Fail(std::string why) {
    if (out_->why_not.empty()) out_->why_not = std::move(why);
    return false;
  }
  // The types of the objects a reference may be; false when it may be an
  // unknown object.
  bool TypesOf(const Heap& heap, const AbsVal& ref, std::vector<std::string>* types) const;
  AbsVal WithDeclaredType(const ir::MethodIR& m, size_t k, AbsVal v) const;

  const classfile::ClassHierarchy& h_;
  callgraph::MethodCache& cache_;
  ForwardOptions opt_;
  ForwardFacts* out_;
  std::map<std::string, ObjId> sites_;  // "context#insn"
  std::map<std::string, std::string> field_keys_;  // FieldKey as referenced -> as resolved
  std::map<ObjId, AbsVal> static_arrays_;  // StaticArray's objects -> their elements
  // FactValue's answers per field read (its IR outlives the analysis).
  std::map<const ir::Instruction*, std::pair<AbsVal, const FieldFact*>> fact_values_;
  struct Memo {
    std::vector<AbsVal> args;
    Heap heap;
    Outcome outcome;
  };
  // Per context: the last kMemoStates states it ran in, and how each ended
  // (a caller run path by path calls it in a state per path).
  static constexpr size_t kMemoStates = 8;
  std::map<std::string, std::deque<Memo>> memo_;
  // Path by path, per run of a method: at most this many states (a block
  // and the values and heap at its entry), and this many normal returns
  // handed to the caller one by one. (HashMap's iterator over a new map's
  // 16 slots needs about 60 states in nextNode.)
  static constexpr size_t kMaxPathStates = 128;
  static constexpr size_t kMaxPathReturns = 16;
  // Runs path by path start, and go on, only below this many steps (a
  // fifth of the budget), so that the joins that follow have room.
  uint64_t PathStepLimit() const { return opt_.max_steps / 5; }
  std::set<std::string> paths_failed_;  // methods whose RunPaths gave up (in any context)
  // Whether `m` has a loop (an edge to a block that dominates its source):
  // only then does running it path by path tell more than joining, which
  // decides every branch a single state decides.
  bool HasLoop(const ir::MethodIR& m) {
    auto [it, inserted] = has_loop_.try_emplace(&m, false);
    if (inserted) {
      const ir::Dominators dom(m);
      for (const ir::Edge& e : m.edges) it->second = it->second || dom.Dominates(e.to, e.from);
    }
    return it->second;
  }
  std::map<const ir::MethodIR*, bool> has_loop_;

 public:
  // Call sites ("context|insn>") that were once unknown calls.
  std::set<std::string> unknown_sites_;
  std::vector<std::string> stack_;      // methods being run, for recursion
};

}  // namespace jwp::absint::internal

#endif  // JWP_ABSINT_INTERNAL_INTERPRETER_H_
