#include "ir/value_facts.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace jwp::ir {
namespace {

bool IsIntegral(const MethodIR& ir, ValueId v) {
  const TypeKind k = ir.values[v].type.kind;
  return k == TypeKind::kInt || k == TypeKind::kLong;
}

// The value of an int or long constant.
std::optional<int64_t> ConstantOf(const MethodIR& ir, ValueId v) {
  const Instruction& d = ir.def(v);
  if (d.op != Op::kConst) return std::nullopt;
  if (d.const_kind == ConstKind::kInt) return static_cast<int32_t>(d.bits);
  if (d.const_kind == ConstKind::kLong) return static_cast<int64_t>(d.bits);
  return std::nullopt;
}

// The array `v` copies its length from: the receiver of an array's
// clone(), the operand of a checkcast; kNone otherwise.
ValueId SameLengthAs(const MethodIR& ir, ValueId v) {
  const InsnId d = ir.values[v].def;
  if (d == kNone) return kNone;
  const Instruction& in = ir.insns[d];
  if (in.op == Op::kCheckCast && !in.operands.empty()) return in.operands[0];
  return IsArrayClone(in) ? in.operands[0] : kNone;
}

// Removes from `set` (per ValueId) each value `holds` cannot justify from
// the others, until none is removed: the greatest fixpoint below `set`.
template <typename Holds>
void ShrinkToFixpoint(std::vector<bool>* set, const Holds& holds) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t v = 0; v < set->size(); ++v) {
      if ((*set)[v] && !holds(static_cast<ValueId>(v))) {
        (*set)[v] = false;
        changed = true;
      }
    }
  }
}

}  // namespace

// The greatest set of references whose definitions keep them non-null.
void ValueFacts::ComputeNonNull(const MethodIR& ir, const Dominators& dom) {
  non_null_.assign(ir.values.size(), false);
  for (size_t v = 0; v < ir.values.size(); ++v) {
    const InsnId d = ir.values[v].def;
    non_null_[v] = d != kNone && dom.Reachable(ir.insns[d].block) && IsReference(ir.values[v].type.kind);
  }
  auto holds = [&](ValueId v) {
    const Instruction& in = ir.def(v);
    switch (in.op) {
      case Op::kCatch: return true;
      case Op::kCheckCast: return !in.operands.empty() && in.operands[0] >= 0 && non_null_[in.operands[0]];
      case Op::kPhi:
        return !in.operands.empty() && std::all_of(in.operands.begin(), in.operands.end(), [&](ValueId o) {
          return o >= 0 && non_null_[o];
        });
      default: return IsKnownNonNull(ir, v);
    }
  };
  ShrinkToFixpoint(&non_null_, holds);
}

bool ValueFacts::BoundedAbove(const MethodIR& ir, const Dominators& dom, const Instruction& in, ValueId x) const {
  for (BlockId cur = in.block; cur != kNone && dom.Reachable(cur);) {
    const Block& b = ir.blocks[cur];
    if (b.preds.size() == 1) {
      const Edge& e = ir.edges[b.preds[0]];
      const Block& from = ir.blocks[e.from];
      if ((e.kind == EdgeKind::kTrue || e.kind == EdgeKind::kFalse) && !from.insns.empty()) {
        const Instruction& br = ir.insns[from.insns.back()];
        if (br.op == Op::kIf && br.operands.size() == 2) {
          const Cond c = e.kind == EdgeKind::kTrue ? br.cond : Negate(br.cond);
          if ((c == Cond::kLt && br.operands[0] == x) || (c == Cond::kGt && br.operands[1] == x)) return true;
        }
      }
    }
    if (cur == ir.entry) break;
    const BlockId up = dom.idom(cur);
    if (up == cur) break;
    cur = up;
  }
  return false;
}

ValueFacts::ValueFacts(const MethodIR& ir, const Dominators& dom)
    : non_negative_(ir.values.size(), false),
      length_of_(ir.values.size(), kNone),
      allocated_length_(ir.values.size(), kNone),
      length_source_(ir.values.size(), kNone) {
  for (size_t v = 0; v < ir.values.size(); ++v) {
    const InsnId d = ir.values[v].def;
    if (d == kNone || !dom.Reachable(ir.insns[d].block)) continue;
    const Instruction& in = ir.insns[d];
    if (in.op == Op::kArrayLength) length_of_[v] = in.operands[0];
    if (in.op == Op::kNewArray) allocated_length_[v] = in.operands[0];
    // Optimistic start: every integral value; the rules below remove those
    // they cannot justify until nothing changes (the greatest fixpoint).
    non_negative_[v] = IsIntegral(ir, static_cast<ValueId>(v));
  }
  // Clones and casts have the length of what they copy: follow them to the
  // first array that is neither (a bounded walk: SSA definitions form no
  // cycle without a phi, which ends it).
  for (size_t v = 0; v < ir.values.size(); ++v) {
    ValueId root = static_cast<ValueId>(v);
    for (ValueId next; (next = SameLengthAs(ir, root)) != kNone;) root = next;
    if (root == static_cast<ValueId>(v)) continue;
    if (allocated_length_[root] != kNone) {
      allocated_length_[v] = allocated_length_[root];
    } else {
      length_source_[v] = root;
    }
  }
  auto nn = [&](ValueId v) { return v >= 0 && non_negative_[v]; };
  auto holds = [&](ValueId v) -> bool {
    const Instruction& in = ir.def(v);
    switch (in.op) {
      case Op::kConst: {
        std::optional<int64_t> c = ConstantOf(ir, v);
        return c && *c >= 0;
      }
      case Op::kArrayLength: return true;
      case Op::kConvert:
        return in.convert == ConvertOp::kI2C || (in.convert == ConvertOp::kI2L && nn(in.operands[0]));
      case Op::kPhi:
        for (ValueId o : in.operands) {
          if (!nn(o)) return false;
        }
        return !in.operands.empty();
      case Op::kBinary: {
        const ValueId a = in.operands[0], b = in.operands[1];
        switch (in.binary) {
          case BinaryOp::kAnd: return nn(a) || nn(b);
          case BinaryOp::kUshr: {
            std::optional<int64_t> c = ConstantOf(ir, b);
            const int64_t mask = ir.values[v].type.kind == TypeKind::kLong ? 63 : 31;
            return (c && (*c & mask) != 0) || nn(a);
          }
          case BinaryOp::kShr: return nn(a);
          case BinaryOp::kRem: return nn(a);
          case BinaryOp::kDiv: return nn(a) && nn(b);
          case BinaryOp::kAdd: {
            // x + 1 (either order) under a branch that keeps x below some
            // value: it does not wrap.
            for (int k = 0; k < 2; ++k) {
              const ValueId x = in.operands[k], one = in.operands[1 - k];
              std::optional<int64_t> c = ConstantOf(ir, one);
              if (c && *c == 1 && nn(x) && BoundedAbove(ir, dom, in, x)) return true;
            }
            return false;
          }
          default: return false;
        }
      }
      default: return false;
    }
  };
  ShrinkToFixpoint(&non_negative_, holds);
  ComputeNonNull(ir, dom);
  for (size_t v = 0; v < ir.values.size(); ++v) {
    if (non_negative_[v] || non_null_[v] || length_of_[v] != kNone || allocated_length_[v] != kNone || length_source_[v] != kNone) {
      empty_ = false;
    }
  }
}

}  // namespace jwp::ir
