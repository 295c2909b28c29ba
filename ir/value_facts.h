// Value facts: what holds of a method's SSA values wherever they are
// defined, read off the instructions that define them. An SSA value never
// changes and an array's length never does either, so each fact holds at
// every point the value's definition dominates; the backward search
// (wp/wp_problem.cc, push) uses them to name one value one way and to
// conjoin what it knows of a loop counter, so that a bounds check inside a
// loop is refuted at the check rather than after every iteration has been
// unrolled back to the entry.
//
//   - non_negative(v): an int or long value that is never negative: a
//     constant >= 0, an array length, a char, `x & m` with a non-negative
//     side, `x >>> c` (c != 0), `x >> c`, `x % y` and `x / y` of
//     non-negative operands, `x + 1` of a non-negative x that a dominating
//     branch bounds (`x < y`, so x + 1 does not wrap), and a phi all of whose
//     inputs are (the greatest such set: a loop counter `i = 0; i < n; i++`).
//   - non_null(v): a reference never null: `this`, a new object or array, a
//     constant, a caught exception, and a cast or phi of such values.
//   - length_of(v) = a: v is `a.length` (an arraylength of a).
//   - allocated_length(v) = n: v is a `new T[n]` (or a clone or cast of
//     one), so v.length == n.
//   - length_source(v) = a: v is a clone of array a, or a cast of one (of a
//     value with no allocated_length), so v.length == a.length.
#ifndef JWP_IR_VALUE_FACTS_H_
#define JWP_IR_VALUE_FACTS_H_

#include <vector>

#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::ir {

class ValueFacts {
 public:
  ValueFacts(const MethodIR& ir, const Dominators& dom);

  bool non_negative(ValueId v) const { return v >= 0 && static_cast<size_t>(v) < non_negative_.size() && non_negative_[v]; }
  bool non_null(ValueId v) const { return v >= 0 && static_cast<size_t>(v) < non_null_.size() && non_null_[v]; }
  ValueId length_of(ValueId v) const { return At(length_of_, v); }
  ValueId allocated_length(ValueId v) const { return At(allocated_length_, v); }
  ValueId length_source(ValueId v) const { return At(length_source_, v); }
  // Any fact at all (most methods have none: the search skips them).
  bool empty() const { return empty_; }

 private:
  static ValueId At(const std::vector<ValueId>& xs, ValueId v) {
    return v >= 0 && static_cast<size_t>(v) < xs.size() ? xs[v] : kNone;
  }
  // The greatest set of reachable references whose definitions keep them
  // non-null (non_null_).
  void ComputeNonNull(const MethodIR& ir, const Dominators& dom);
  // `x + 1` at `in` cannot wrap: a branch whose edge dominates `in`'s block
  // bounds x from above (x < y, y > x, or x <= y - ... is not recognised).
  bool BoundedAbove(const MethodIR& ir, const Dominators& dom, const Instruction& in, ValueId x) const;

  std::vector<bool> non_negative_;
  std::vector<bool> non_null_;
  std::vector<ValueId> length_of_;
  std::vector<ValueId> allocated_length_;
  std::vector<ValueId> length_source_;
  bool empty_ = true;
};

}  // namespace jwp::ir

#endif  // JWP_IR_VALUE_FACTS_H_
