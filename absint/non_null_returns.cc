// Methods that never return null (non_null_returns.h): the values a
// method's returns give, decided over its SSA IR.
#include "absint/non_null_returns.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "callgraph/call_targets.h"
#include "classfile/member_resolution.h"
#include "classfile/descriptor.h"

namespace jwp::absint {

namespace {

using ir::Instruction;
using ir::MethodIR;
using ir::Op;
using ir::ValueId;

// Whether `in` completes only when `v` is not null (its NullPointerException
// otherwise).
bool Dereferences(const Instruction& in, ValueId v) {
  if (in.operands.empty() || in.operands[0] != v) return false;
  switch (in.op) {
    case Op::kGetField: case Op::kPutField: case Op::kArrayLoad: case Op::kArrayStore: case Op::kArrayLength:
    case Op::kMonitorEnter: case Op::kThrow:
      return true;
    case Op::kInvoke:
      return in.invoke == ir::InvokeKind::kVirtual || in.invoke == ir::InvokeKind::kInterface ||
             in.invoke == ir::InvokeKind::kSpecial;
    default:
      return false;
  }
}

bool BlockDereferences(const MethodIR& ir, const ir::Block& b, ValueId v) {
  return std::any_of(b.insns.begin(), b.insns.end(), [&](ir::InsnId i) { return Dereferences(ir.insns[i], v); });
}

// Whether taking edge `e` implies `v` is not null: the branch of a null
// check that says so, or a normal completion of a block that dereferences
// `v`.
bool EdgeChecks(const MethodIR& ir, ir::EdgeId eid, ValueId v) {
  const ir::Edge& e = ir.edges[eid];
  if (e.kind == ir::EdgeKind::kException) return false;
  const ir::Block& from = ir.blocks[e.from];
  if (BlockDereferences(ir, from, v)) return true;
  if ((e.kind != ir::EdgeKind::kTrue && e.kind != ir::EdgeKind::kFalse) || from.insns.empty()) return false;
  const Instruction& br = ir.insns[from.insns.back()];
  if (br.op != Op::kIf || br.operands.size() != 2) return false;
  const bool compares_v = (br.operands[0] == v && ir::IsNullConstant(ir, br.operands[1])) ||
                          (br.operands[1] == v && ir::IsNullConstant(ir, br.operands[0]));
  if (!compares_v) return false;
  if (br.cond == ir::Cond::kEq) return e.kind == ir::EdgeKind::kFalse;
  if (br.cond == ir::Cond::kNe) return e.kind == ir::EdgeKind::kTrue;
  return false;
}

// Adds `fact` to `*facts` once.
void Note(std::vector<std::string>* facts, const std::string& fact) {
  if (facts != nullptr && std::find(facts->begin(), facts->end(), fact) == facts->end()) facts->push_back(fact);
}

// Whether no path from the entry reaches block `b` without a null check of
// `v` or a completed dereference of it on the way.
bool EveryPathChecks(const MethodIR& ir, ValueId v, ir::BlockId b) {
  std::vector<bool> seen(ir.blocks.size(), false);
  std::vector<ir::BlockId> work{ir.entry};
  seen[ir.entry] = true;
  while (!work.empty()) {
    const ir::BlockId at = work.back();
    work.pop_back();
    if (at == b) return false;
    for (ir::EdgeId e : ir.blocks[at].succs) {
      const ir::BlockId to = ir.edges[e].to;
      if (to == ir::kNone || seen[to] || EdgeChecks(ir, e, v)) continue;
      seen[to] = true;
      work.push_back(to);
    }
  }
  return true;
}

}  // namespace

bool NonNullReturns::CheckedBefore(const MethodIR& ir, ValueId v, ir::BlockId b, ir::EdgeId via) {
  if (via != ir::kNone) {
    if (EdgeChecks(ir, via, v)) return true;
  } else if (BlockDereferences(ir, ir.blocks[b], v)) {
    return true;  // before the return, which ends the block
  }
  return EveryPathChecks(ir, v, b);
}

bool NonNullReturns::NonNullAt(const MethodIR& ir, ValueId v, ir::InsnId at, std::vector<std::string>* facts) {
  std::set<ValueId> seen;
  if (NonNullValue(ir, v, &seen, facts)) return true;
  const ir::BlockId b = ir.insns[at].block;
  if (b == ir::kNone) return false;
  for (ir::InsnId i : ir.blocks[b].insns) {
    if (i == at) break;
    if (Dereferences(ir.insns[i], v)) return true;
  }
  return EveryPathChecks(ir, v, b);
}

bool NonNullReturns::NonNullValue(const MethodIR& ir, ValueId v, std::set<ValueId>* seen,
                                  std::vector<std::string>* facts) {
  if (!seen->insert(v).second) return true;  // a phi cycle adds no value of its own
  const Instruction& d = ir.def(v);
  switch (d.op) {
    case Op::kNew: case Op::kNewArray: case Op::kNewMultiArray: case Op::kStringConcat: case Op::kLambda:
    case Op::kCatch:
      return true;
    case Op::kConst:
      return d.const_kind == ir::ConstKind::kString || d.const_kind == ir::ConstKind::kClass;
    case Op::kParam:
      return !ir.is_static && d.index == 0;
    case Op::kCheckCast:
      return NonNullValue(ir, d.operands[0], seen, facts);
    case Op::kInvoke:
      return OfCall(d, facts);
    case Op::kGetField: case Op::kGetStatic:
      return OfFieldRead(ir, d, facts);
    case Op::kPhi: {
      const ir::Block* at = nullptr;
      for (const ir::Block& b : ir.blocks) {
        if (std::find(b.phis.begin(), b.phis.end(), ir.values[v].def) != b.phis.end()) at = &b;
      }
      if (at == nullptr || at->preds.size() != d.operands.size()) return false;
      for (size_t k = 0; k < d.operands.size(); ++k) {
        const ValueId w = d.operands[k];
        if (NonNullValue(ir, w, seen, facts)) continue;
        const ir::EdgeId e = at->preds[k];
        if (!CheckedBefore(ir, w, ir.edges[e].from, e)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

bool NonNullReturns::OfFieldRead(const MethodIR& ir, const Instruction& in, std::vector<std::string>* facts) {
  if (facts_ == nullptr || in.descriptor.empty() || (in.descriptor[0] != 'L' && in.descriptor[0] != '[')) {
    return false;
  }
  const FieldFact* fact = nullptr;
  const std::vector<FieldValue>* values = facts_->ValuesAtRead(ir, in, &fact);
  if (values == nullptr || values->empty() ||
      std::any_of(values->begin(), values->end(), [](const FieldValue& x) {
        // Another static's value: non-null only when that one is (not asked here).
        return x.kind == FieldValue::kNull || x.kind == FieldValue::kStatic;
      })) {
    return false;
  }
  Note(facts, fact->description);
  return true;
}

bool NonNullReturns::OfCall(const Instruction& call, std::vector<std::string>* facts) {
  if (call.op != Op::kInvoke || call.descriptor.empty()) return false;
  const bool returns_reference = call.descriptor.back() == ';' || call.descriptor.find(")[") != std::string_view::npos;
  if (!returns_reference) return false;
  if (call.invoke == ir::InvokeKind::kVirtual && !call.owner.empty() && call.owner[0] == '[') {
    return call.name == "clone";  // a new array
  }
  auto it = call_targets_.find(&call);
  if (it == call_targets_.end()) it = call_targets_.emplace(&call, FixedTarget(call)).first;
  return it->second && Of(*it->second, facts);
}

std::optional<callgraph::MethodId> NonNullReturns::FixedTarget(const Instruction& call) {
  callgraph::CallTargets targets;
  switch (call.invoke) {
    case ir::InvokeKind::kStatic: case ir::InvokeKind::kSpecial:
      targets = callgraph::TargetsForTypes(h_, call, {});
      break;
    case ir::InvokeKind::kVirtual: {
      const classfile::ClassId owner = h_.Find(call.owner);
      if (owner == classfile::kNoClass) return std::nullopt;
      classfile::MethodResult r = classfile::ResolveMethod(h_, owner, call.name, call.descriptor);
      if (!r.ok() || r.member == nullptr) return std::nullopt;
      const bool fixed = h_.IsFinal(owner) || (r.member->access_flags & classfile::access::kFinal) ||
                         (r.member->access_flags & classfile::access::kPrivate);
      if (!fixed) return std::nullopt;
      const std::string type(call.owner);
      targets = callgraph::TargetsForTypes(h_, call, std::span<const std::string>(&type, 1));
      break;
    }
    default:
      return std::nullopt;
  }
  if (targets.targets.size() != 1 || !targets.problems.empty() || targets.incomplete || targets.truncated) {
    return std::nullopt;
  }
  return targets.targets[0];
}

bool NonNullReturns::Of(const callgraph::MethodId& m, std::vector<std::string>* facts) {
  auto it = memo_.find(m);
  if (it == memo_.end()) {
    if (depth_ >= kMaxDepth) return false;
    memo_[m].answer = Answer::kInProgress;  // a recursive call counts as unknown
    ++depth_;
    Decision d;
    d.facts.push_back(absl::StrCat(classfile::JavaName(m.owner), ".", m.name, m.descriptor, " never returns null"));
    d.answer = Decide(m, &d.facts) ? Answer::kYes : Answer::kNo;
    --depth_;
    if (d.answer == Answer::kNo) d.facts.clear();
    it = memo_.insert_or_assign(m, std::move(d)).first;
  }
  if (it->second.answer != Answer::kYes) return false;
  for (const std::string& f : it->second.facts) Note(facts, f);
  return true;
}

bool NonNullReturns::Decide(const callgraph::MethodId& m, std::vector<std::string>* facts) {
  if (cache_.IsNative(m)) return native_non_null_ && native_non_null_(m);
  auto built = cache_.Get(m);
  if (!built.ok()) return false;
  const MethodIR& ir = **built;
  bool any = false;
  for (const ir::Block& b : ir.blocks) {
    if (b.insns.empty()) continue;
    const Instruction& in = ir.insns[b.insns.back()];
    if (in.op != Op::kReturn) continue;
    if (in.operands.empty()) return false;
    any = true;
    const ValueId v = in.operands[0];
    std::set<ValueId> seen;
    if (!NonNullValue(ir, v, &seen, facts) && !CheckedBefore(ir, v, b.id, ir::kNone)) return false;
  }
  return any;
}

}  // namespace jwp::absint
