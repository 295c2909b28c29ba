// NullGuards (null_guards.h).
#include "wp/null_guards.h"

#include <algorithm>

namespace jwp::wp {

NullGuards::PerMethod& NullGuards::of(const ir::MethodIR& ir) {
  PerMethod& m = methods_[&ir];
  if (m.computed.empty()) {
    m.guarded.resize(ir.params.size());
    m.computed.resize(ir.params.size(), false);
  }
  return m;
}

bool NullGuards::NonNullAt(const ir::MethodIR& ir, size_t param, ir::BlockId b) {
  if (param >= ir.params.size()) return false;
  const std::vector<bool>& g = guarded(ir, param, 0);
  return b >= 0 && static_cast<size_t>(b) < g.size() && g[b];
}

bool NullGuards::RequiresNonNull(const ir::MethodIR& callee, size_t param) {
  return param < callee.params.size() && requires_non_null(callee, param, 0);
}

namespace {

// The edge out of block `d` on which its null check of `v` says `v` is not
// null (`if (v == null)`'s false edge, `if (v != null)`'s true one), or
// ir::kNone.
ir::EdgeId NonNullEdge(const ir::MethodIR& ir, const ir::Block& d, ir::ValueId v) {
  if (d.insns.empty()) return ir::kNone;
  const ir::Instruction& br = ir.insns[d.insns.back()];
  if (br.op != ir::Op::kIf || br.operands.size() != 2) return ir::kNone;
  const bool compares_v = (br.operands[0] == v && ir::IsNullConstant(ir, br.operands[1])) ||
                          (br.operands[1] == v && ir::IsNullConstant(ir, br.operands[0]));
  if (!compares_v || (br.cond != ir::Cond::kEq && br.cond != ir::Cond::kNe)) return ir::kNone;
  const ir::EdgeKind non_null = br.cond == ir::Cond::kEq ? ir::EdgeKind::kFalse : ir::EdgeKind::kTrue;
  for (ir::EdgeId e : d.succs) {
    if (ir.edges[e].kind == non_null) return e;
  }
  return ir::kNone;
}

}  // namespace

// The blocks dominated by the normal successor of a dereference of the
// parameter, or by the non-null successor of a null check of it, when that
// successor is entered only from there.
const std::vector<bool>& NullGuards::guarded(const ir::MethodIR& ir, size_t param, int depth) {
  PerMethod& m = of(ir);
  if (m.computed[param]) return m.guarded[param];
  static const std::vector<bool> kNone;
  if (m.in_progress) return kNone;  // recursion: no facts
  m.in_progress = true;
  const ir::Dominators& dom = *dominators_(ir);
  std::vector<bool> g(ir.blocks.size(), false);
  const ir::ValueId v = ir.params[param];
  // Every block dominated by the target of `e`, when `e` is its only way in.
  auto guard_past = [&](ir::EdgeId e) {
    const ir::Block& s = ir.blocks[ir.edges[e].to];
    if (s.preds.size() != 1) return;
    for (const ir::Block& b : ir.blocks) {
      if (dom.Dominates(s.id, b.id)) g[b.id] = true;
    }
  };
  for (const ir::Block& d : ir.blocks) {
    if (const ir::EdgeId checked = NonNullEdge(ir, d, v); checked != ir::kNone) guard_past(checked);
    const ir::InsnId pei = ir.ThrowingInsn(d.id);
    if (pei == ir::kNone) continue;
    const ir::Instruction& in = ir.insns[pei];
    bool derefs = ir::DereferencedOperand(in) == v;
    for (size_t k = 0; !derefs && in.op == ir::Op::kInvoke && k < in.operands.size(); ++k) {
      derefs = in.operands[k] == v && call_dereferences(ir, in, k, depth);
    }
    if (!derefs) continue;
    for (ir::EdgeId e : d.succs) {
      if (ir.edges[e].kind != ir::EdgeKind::kException) guard_past(e);
    }
  }
  m.in_progress = false;
  m.guarded[param] = std::move(g);
  m.computed[param] = true;
  return m.guarded[param];
}

bool NullGuards::call_dereferences(const ir::MethodIR& caller, const ir::Instruction& call, size_t k, int depth) {
  if (depth >= kMaxDepth) return false;
  if (call.invoke != ir::InvokeKind::kStatic && call.invoke != ir::InvokeKind::kSpecial) return false;
  const ir::MethodIR* callee = resolve_(caller, call);
  if (callee == nullptr || k >= callee->params.size()) return false;
  return requires_non_null(*callee, k, depth + 1);
}

bool NullGuards::requires_non_null(const ir::MethodIR& callee, size_t param, int depth) {
  const std::vector<bool>& g = guarded(callee, param, depth);
  // Every return is past a guard (the exit's own dominator is the entry:
  // ir/dominators.cc).
  if (g.empty() || callee.exit < 0) return false;
  const std::vector<ir::EdgeId>& returns = callee.blocks[callee.exit].preds;
  return !returns.empty() && std::all_of(returns.begin(), returns.end(), [&](ir::EdgeId e) {
    return g[callee.edges[e].from];
  });
}

}  // namespace jwp::wp
