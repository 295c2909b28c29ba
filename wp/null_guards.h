// Where a parameter cannot be null: past a dereference of it that every
// path to a point has made (a field or array access, a call on it, or a
// call of a method that itself dereferences or null-checks the parameter it
// is passed on every path that returns normally), or past a null check of
// it on its non-null branch (`if (p == null) throw ...`).
//
// The backward search drops a minterm that says a parameter is null at such
// a point. A parameter is one SSA value for the whole method (never
// redefined), so a dereference that dominates the point was of the very
// value the minterm names; the dereference returned normally, so the value
// was not null. The search itself learns the same thing only when a
// minterm crosses the dereference, after every loop on the way has been
// unrolled: a callee entered at its exceptional exit for a null argument
// (calls.cc, null_arguments) would unroll every loop after the argument's
// first dereference before each path died there.
#ifndef JWP_WP_NULL_GUARDS_H_
#define JWP_WP_NULL_GUARDS_H_

#include <functional>
#include <vector>

#include "absl/container/node_hash_map.h"
#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::wp {

class NullGuards {
 public:
  // The one method a static or special call runs (its IR), or null.
  using Resolve = std::function<const ir::MethodIR*(const ir::MethodIR& caller, const ir::Instruction& call)>;
  // A method's dominators (the search's own, computed once per method).
  using DominatorsOf = std::function<const ir::Dominators*(const ir::MethodIR& ir)>;
  NullGuards(Resolve resolve, DominatorsOf dominators)
      : resolve_(std::move(resolve)), dominators_(std::move(dominators)) {}

  // Whether every path from `ir`'s entry to block `b` passed a dereference
  // of its parameter `param` (ir.params order) that returned normally, or
  // the non-null branch of a null check of it.
  bool NonNullAt(const ir::MethodIR& ir, size_t param, ir::BlockId b);
  // Whether `callee` returns normally only when its parameter `param` is
  // not null: every normal return is past such a dereference or check
  // (`Objects.requireNonNull(obj)`, commons-lang3's `Validate.notNull`,
  // guava's `checkNotNull`).
  bool RequiresNonNull(const ir::MethodIR& callee, size_t param);

 private:
  struct PerMethod {
    // Per parameter (ir.params order): the blocks past a dereference of
    // it; empty until computed.
    std::vector<std::vector<bool>> guarded;
    std::vector<bool> computed;
    bool in_progress = false;  // a recursive call reached it again
  };
  PerMethod& of(const ir::MethodIR& ir);
  const std::vector<bool>& guarded(const ir::MethodIR& ir, size_t param, int depth);
  bool requires_non_null(const ir::MethodIR& callee, size_t param, int depth);
  // Whether `call` dereferences its operand `k` before any normal return.
  bool call_dereferences(const ir::MethodIR& caller, const ir::Instruction& call, size_t k, int depth);

  static constexpr int kMaxDepth = 4;  // levels of calls followed
  Resolve resolve_;
  DominatorsOf dominators_;
  absl::node_hash_map<const ir::MethodIR*, PerMethod> methods_;  // stable: guarded() recurses
};

}  // namespace jwp::wp

#endif  // JWP_WP_NULL_GUARDS_H_
