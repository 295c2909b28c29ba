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

// The blocks dominated by the normal successor of a dereference of the
// parameter, when that successor is entered only from the dereference.
const std::vector<bool>& NullGuards::guarded(const ir::MethodIR& ir, size_t param, int depth) {
  PerMethod& m = of(ir);
  if (m.computed[param]) return m.guarded[param];
  static const std::vector<bool> kNone;
  if (m.in_progress) return kNone;  // recursion: no facts
  m.in_progress = true;
  const ir::Dominators& dom = *dominators_(ir);
  std::vector<bool> g(ir.blocks.size(), false);
  const ir::ValueId v = ir.params[param];
  for (const ir::Block& d : ir.blocks) {
    const ir::InsnId pei = ir.ThrowingInsn(d.id);
    if (pei == ir::kNone) continue;
    const ir::Instruction& in = ir.insns[pei];
    bool derefs = ir::DereferencedOperand(in) == v;
    for (size_t k = 0; !derefs && in.op == ir::Op::kInvoke && k < in.operands.size(); ++k) {
      derefs = in.operands[k] == v && call_dereferences(ir, in, k, depth);
    }
    if (!derefs) continue;
    for (ir::EdgeId e : d.succs) {
      const ir::Edge& edge = ir.edges[e];
      if (edge.kind == ir::EdgeKind::kException) continue;
      const ir::Block& s = ir.blocks[edge.to];
      if (s.preds.size() != 1) continue;
      for (const ir::Block& b : ir.blocks) {
        if (dom.Dominates(s.id, b.id)) g[b.id] = true;
      }
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
  const std::vector<bool>& g = guarded(*callee, k, depth + 1);
  // Every return is past a dereference (the exit's own dominator is the
  // entry: ir/dominators.cc).
  if (g.empty() || callee->exit < 0) return false;
  const std::vector<ir::EdgeId>& returns = callee->blocks[callee->exit].preds;
  return !returns.empty() && std::all_of(returns.begin(), returns.end(), [&](ir::EdgeId e) {
    return g[callee->edges[e].from];
  });
}

}  // namespace jwp::wp
