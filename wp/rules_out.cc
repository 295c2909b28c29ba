// The forward states' verdict on a minterm's literals; see rules_out.h.
#include "wp/rules_out.h"

#include <algorithm>
#include <optional>

namespace jwp::wp {

using absint::AbsObj;
using absint::AbsVal;
using absint::Heap;
using absint::ObjId;
using absint::State;

namespace {

// The IR operation of a binary integer term.
std::optional<ir::BinaryOp> BinaryOpOf(logic::TermKind k) {
  using logic::TermKind;
  switch (k) {
    case TermKind::kAdd: return ir::BinaryOp::kAdd;
    case TermKind::kSub: return ir::BinaryOp::kSub;
    case TermKind::kMul: return ir::BinaryOp::kMul;
    case TermKind::kDiv: return ir::BinaryOp::kDiv;
    case TermKind::kRem: return ir::BinaryOp::kRem;
    case TermKind::kBitAnd: return ir::BinaryOp::kAnd;
    case TermKind::kBitOr: return ir::BinaryOp::kOr;
    case TermKind::kBitXor: return ir::BinaryOp::kXor;
    case TermKind::kShl: return ir::BinaryOp::kShl;
    case TermKind::kShr: return ir::BinaryOp::kShr;
    case TermKind::kUShr: return ir::BinaryOp::kUshr;
    default: return std::nullopt;
  }
}

// The abstract value of a term at one block's entry; kTop when unknown.
class TermEval {
 public:
  TermEval(const State& s, const logic::TermManager& tm, const std::function<ir::ValueId(logic::Term)>& value_of)
      : s_(s), heap_(s.heap), tm_(tm), value_of_(value_of) {}

  AbsVal Eval(logic::Term t) const {
    using logic::TermKind;
    if (t.is_const()) {
      if (t.sort().is_int() || t.sort().is_long()) return AbsVal::Int(t.integral_value());
      return AbsVal::Top();
    }
    if (t.is(TermKind::kNull)) return AbsVal::Null();
    if (t.is_var()) {
      const ir::ValueId v = value_of_(t);
      if (v < 0 || static_cast<size_t>(v) >= s_.values.size() || s_.values[v].kind == AbsVal::kBottom) {
        return AbsVal::Top();
      }
      return s_.values[v];
    }
    if (t.is(TermKind::kRead) && t.arg(0).is(TermKind::kFieldConst)) {
      const AbsVal obj = Eval(t.arg(1));
      if (tm_.is_length_field(t.arg(0))) {
        return Over(obj, [](const AbsObj& o) { return o.is_array ? o.length : AbsVal::Top(); });
      }
      const logic::MemberRef f = tm_.field_info(t.arg(0));
      const std::string key = absint::FieldKey(f.owner, f.name, f.descriptor);
      return Over(obj, [&](const AbsObj& o) { return o.is_array ? AbsVal::Top() : absint::FieldOf(o, key); });
    }
    if (std::optional<ir::BinaryOp> op = BinaryOpOf(t.kind()); op && (t.sort().is_int() || t.sort().is_long())) {
      const AbsVal x = Eval(t.arg(0));
      const AbsVal y = Eval(t.arg(1));
      if (x.kind != AbsVal::kInt || y.kind != AbsVal::kInt) return AbsVal::Top();
      const std::optional<int64_t> r = absint::Arith(*op, x.i, y.i, t.sort().is_long());
      return r ? AbsVal::Int(*r) : AbsVal::Top();
    }
    if (t.is(TermKind::kARead) && t.arg(0).is(TermKind::kArrayConst)) {
      const AbsVal arr = Eval(t.arg(1));
      const AbsVal idx = Eval(t.arg(2));
      return Over(arr, [&](const AbsObj& o) {
        // Beyond the bounds the logic's aread is arbitrary.
        if (!o.is_array || idx.kind != AbsVal::kInt || o.length.kind != AbsVal::kInt || idx.i < 0 ||
            idx.i >= o.length.i) {
          return AbsVal::Top();
        }
        auto it = o.elems.find(idx.i);
        return it != o.elems.end() ? it->second : o.rest;
      });
    }
    return AbsVal::Top();
  }

 private:
  // The join of `read(o)` over the objects `ref` may be; kTop when it may
  // be null (the logic reads something of null too) or an unknown object.
  template <typename Read>
  AbsVal Over(const AbsVal& ref, Read read) const {
    if (ref.kind != AbsVal::kRef || ref.may_null || ref.unknown || ref.objs.empty()) return AbsVal::Top();
    AbsVal r;
    for (ObjId id : ref.objs) {
      auto it = heap_.find(id);
      if (it == heap_.end()) continue;  // not allocated on any path to here
      if (it->second.escaped) return AbsVal::Top();
      r = absint::Join(r, read(it->second));
      if (r.kind == AbsVal::kTop) return r;
    }
    return r.kind == AbsVal::kBottom ? AbsVal::Top() : r;
  }

  const State& s_;
  const Heap& heap_;
  const logic::TermManager& tm_;
  const std::function<ir::ValueId(logic::Term)>& value_of_;
};

}  // namespace

bool RulesOut(const absint::ForwardFacts& facts, ir::BlockId b, const logic::TermManager& tm,
              const std::vector<logic::Term>& literals, const std::function<ir::ValueId(logic::Term)>& value_of) {
  using logic::TermKind;
  const std::vector<State>* states = facts.StatesAt(b);
  if (states == nullptr) return false;
  // Whether `lit` is false in state `s`: decided as a branch is (CompareIn).
  auto is_false = [&](const State& s, logic::Term lit) {
    const bool negated = lit.is(TermKind::kNot);
    const logic::Term atom = negated ? lit.arg(0) : lit;
    ir::Cond c;
    if (atom.is(TermKind::kEq)) {
      c = ir::Cond::kEq;
    } else if (atom.is(TermKind::kLt)) {
      c = ir::Cond::kLt;
    } else if (atom.is(TermKind::kLe)) {
      c = ir::Cond::kLe;
    } else {
      return false;
    }
    const TermEval eval(s, tm, value_of);
    return absint::CompareIn(s.heap, eval.Eval(atom.arg(0)), eval.Eval(atom.arg(1)), negated ? ir::Negate(c) : c) == 0;
  };
  for (const State& s : *states) {
    if (std::none_of(literals.begin(), literals.end(), [&](logic::Term lit) { return is_false(s, lit); })) {
      return false;  // a state where every literal may hold
    }
  }
  return true;
}

}  // namespace jwp::wp
