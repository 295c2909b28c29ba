// Methods that never return null (issue #29; DESIGN.md, "Reachable
// states"): `StringBuilder.append` returns `this`, `Integer.toString` a new
// string, `Objects.requireNonNull` its argument after a null check. A call of
// such a method that returns normally gives a non-null reference, which the
// forward analysis uses for its states and the backward search for a
// minterm at the call's return (`ret == null` there is no path).
//
// A method never returns null when each of its `return`s gives a value that
// is, through phis and casts:
//   - `this`, a new object or array, a lambda, a concatenation, a caught
//     exception, a string or class literal;
//   - the result of a call whose every target never returns null (below);
//   - a field read whose field facts (field_facts.h) hold no null: the
//     initialized values, or every value inside the initializer that sets it
//     (a constructor reading its own object's field, `<clinit>` reading its
//     class's static);
//   - or any value, at a `return` that no path from the entry reaches
//     without a null check that the value passed (`if (x == null) throw`) or
//     a dereference of it that completed.
// A call's targets are known when it cannot dispatch elsewhere: a static or
// special call, a private or final method, a final class's method, an
// array's `clone()`. Any other virtual or interface call may reach code
// outside the class path (a subclass a client writes) and is unknown.
// A native never returns null where `native_non_null` says so (the JDK
// natives' table, models/jdk_natives.def, kept above this layer).
//
// Sound for every execution that returns normally: by induction over the
// calls an execution makes, each returned value is one the rules above
// allow. A recursive method is decided without its own recursive calls'
// help (they count as unknown), and so is a method deeper than kMaxDepth.
#ifndef JWP_ABSINT_NON_NULL_RETURNS_H_
#define JWP_ABSINT_NON_NULL_RETURNS_H_

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absint/field_facts.h"
#include "callgraph/method_cache.h"
#include "callgraph/method_ref.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::absint {

class NonNullReturns {
 public:
  using NativePredicate = std::function<bool(const callgraph::MethodId&)>;
  // `facts` may be null (no field facts: --no-field-facts). Refers to the
  // hierarchy, the cache and the facts, which must outlive it. Not
  // thread-safe (the cache is not): one per search.
  NonNullReturns(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache, FieldFacts* facts,
                 NativePredicate native_non_null)
      : h_(h), cache_(cache), facts_(facts), native_non_null_(std::move(native_non_null)) {}

  // Whether every normal return of `m` (its method model's code, when it has
  // one) is non-null.
  // `*facts` (when given) gains what the answer yes rests on:
  // "java.lang.Integer.valueOf(I) never returns null" and the field facts
  // (FieldFact::description) the method's own returns needed.
  bool Of(const callgraph::MethodId& m, std::vector<std::string>* facts = nullptr);
  // Whether call `call` (an ir::Op::kInvoke) returns non-null whenever it
  // returns normally: its targets are known (header) and each never
  // returns null.
  bool OfCall(const ir::Instruction& call, std::vector<std::string>* facts = nullptr);
  // Whether reading field `in` (a kGetField or kGetStatic of method `ir`)
  // gives a non-null reference by the field facts.
  bool OfFieldRead(const ir::MethodIR& ir, const ir::Instruction& in, std::vector<std::string>* facts = nullptr);
  // Whether value `v` of `ir` is non-null at instruction `at`: by the rules
  // above (a new object, a call that never returns null, ...), or because
  // no path from the entry reaches `at` without a null check that `v`
  // passed or a completed dereference of it (`this.f = checkNotNull(f)`,
  // `if (f == null) throw ...; this.f = f;`).
  bool NonNullAt(const ir::MethodIR& ir, ir::ValueId v, ir::InsnId at, std::vector<std::string>* facts = nullptr);

  static constexpr int kMaxDepth = 12;

 private:
  enum class Answer { kInProgress, kNo, kYes };
  struct Decision {
    Answer answer = Answer::kInProgress;
    std::vector<std::string> facts;  // kYes: what it rests on
  };
  // `*facts` gains the facts of the calls and fields it relies on.
  bool NonNullValue(const ir::MethodIR& ir, ir::ValueId v, std::set<ir::ValueId>* seen,
                    std::vector<std::string>* facts);
  // Whether no path from the entry reaches block `b` (and, when `via` is
  // set, goes on along that edge) without passing a null check of `v` or a
  // completed dereference of it.
  bool CheckedBefore(const ir::MethodIR& ir, ir::ValueId v, ir::BlockId b, ir::EdgeId via);
  bool Decide(const callgraph::MethodId& m, std::vector<std::string>* facts);
  // The one method call `call` runs whatever its receiver (header).
  std::optional<callgraph::MethodId> FixedTarget(const ir::Instruction& call);

  const classfile::ClassHierarchy& h_;
  callgraph::MethodCache& cache_;
  FieldFacts* facts_;
  NativePredicate native_non_null_;
  std::map<callgraph::MethodId, Decision> memo_;
  // OfCall's target per call instruction (null: not fixed); the IR the
  // instructions live in is kept by the cache.
  std::map<const ir::Instruction*, std::optional<callgraph::MethodId>> call_targets_;
  int depth_ = 0;
};

}  // namespace jwp::absint

#endif  // JWP_ABSINT_NON_NULL_RETURNS_H_
