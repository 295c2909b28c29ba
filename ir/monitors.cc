#include "ir/monitors.h"

#include <algorithm>
#include <deque>
#include <optional>

namespace jwp::ir {

namespace {

using LockStack = std::vector<ValueId>;

// The values that are not phis which `v` may be, through phis (v itself
// when it is no phi). `mark` (one entry per value) records the last walk
// that visited a value, so that walks from several values share it.
std::vector<ValueId> PhiSources(const MethodIR& ir, ValueId v, std::vector<ValueId>& mark) {
  std::vector<ValueId> sources, work = {v};
  mark[v] = v;
  while (!work.empty()) {
    const ValueId x = work.back();
    work.pop_back();
    const InsnId def = ir.values[x].def;
    if (def == kNone || ir.insns[def].op != Op::kPhi) {
      sources.push_back(x);
      continue;
    }
    for (ValueId o : ir.insns[def].operands) {
      if (o != kNone && mark[o] != v) {
        mark[o] = v;
        work.push_back(o);
      }
    }
  }
  return sources;
}

// The value each value stands for: itself, or for a phi whose operands,
// through other phis, are all one value v (javac's handlers that exit a
// monitor in a loop make such phi cycles), v.
std::vector<ValueId> Representatives(const MethodIR& ir) {
  std::vector<ValueId> rep(ir.values.size()), mark(ir.values.size(), kNone);
  for (size_t v = 0; v < rep.size(); ++v) {
    rep[v] = static_cast<ValueId>(v);
    const ValueId def = ir.values[v].def;
    if (def == kNone || ir.insns[def].op != Op::kPhi) continue;
    const std::vector<ValueId> sources = PhiSources(ir, static_cast<ValueId>(v), mark);
    if (sources.size() == 1) rep[v] = sources[0];
  }
  return rep;
}

// Steps `insn` over `held`; false when locking is not structured.
bool Step(const Instruction& insn, const std::vector<ValueId>& rep, LockStack& held) {
  if (insn.op == Op::kMonitorEnter) {
    held.push_back(rep[insn.operands[0]]);
  } else if (insn.op == Op::kMonitorExit) {
    if (held.empty() || held.back() != rep[insn.operands[0]]) return false;
    held.pop_back();
  }
  return true;
}

bool HasMonitors(const MethodIR& ir) {
  for (const Instruction& in : ir.insns) {
    if (in.op == Op::kMonitorEnter || in.op == Op::kMonitorExit) return true;
  }
  return false;
}

}  // namespace

std::vector<InsnId> StructuredMonitorExits(const MethodIR& ir) {
  if (!HasMonitors(ir) || ir.entry == kNone) return {};
  const std::vector<ValueId> rep = Representatives(ir);
  std::vector<std::optional<LockStack>> at_entry(ir.blocks.size());
  std::deque<BlockId> work;
  at_entry[ir.entry] = LockStack{};
  work.push_back(ir.entry);
  // Enters `b` with `held`; false on a join of two different stacks or a
  // monitor held at an exit.
  auto enter = [&](BlockId b, const LockStack& held) {
    if ((b == ir.exit || b == ir.exceptional_exit) && !held.empty()) return false;
    if (!at_entry[b]) {
      at_entry[b] = held;
      work.push_back(b);
      return true;
    }
    return *at_entry[b] == held;
  };
  while (!work.empty()) {
    const Block& block = ir.blocks[work.front()];
    work.pop_front();
    LockStack held = *at_entry[block.id];
    LockStack before_last = held;
    for (InsnId id : block.insns) {
      before_last = held;
      if (!Step(ir.insns[id], rep, held)) return {};
    }
    for (EdgeId e : block.succs) {
      const Edge& edge = ir.edges[e];
      if (!enter(edge.to, edge.kind == EdgeKind::kException ? before_last : held)) return {};
    }
  }
  std::vector<InsnId> exits;
  for (size_t id = 0; id < ir.insns.size(); ++id) {
    const Instruction& in = ir.insns[id];
    if (in.op == Op::kMonitorExit && at_entry[in.block].has_value()) {
      exits.push_back(static_cast<InsnId>(id));
    }
  }
  return exits;
}

namespace {

// The catch-all handlers' caught objects that `v` may be, through phis;
// empty when it may be anything else.
std::vector<ValueId> CaughtObjects(const MethodIR& ir, ValueId v) {
  std::vector<ValueId> mark(ir.values.size(), kNone);
  std::vector<ValueId> sources = PhiSources(ir, v, mark);
  for (ValueId x : sources) {
    const InsnId def = ir.values[x].def;
    if (def == kNone || ir.insns[def].op != Op::kCatch || !ir.insns[def].type.empty()) return {};
  }
  return sources;
}

// The throw that catch-all handler block `h` reaches through structured
// monitorexits alone, rethrowing what it caught (javac's handler of a
// synchronized block); kNone for any other handler.
InsnId TransparentRethrow(const MethodIR& ir, BlockId h) {
  const Block& handler = ir.blocks[h];
  if (!handler.is_handler || handler.insns.empty()) return kNone;
  const Instruction& c = ir.insns[handler.insns[0]];
  if (c.op != Op::kCatch || !c.type.empty()) return kNone;
  BlockId b = h;
  for (int blocks = 0; blocks < 16; ++blocks) {
    for (InsnId id : ir.blocks[b].insns) {
      const Instruction& in = ir.insns[id];
      if (id == handler.insns[0]) continue;
      if (in.op == Op::kMonitorExit && ir.IsStructuredMonitorExit(id)) continue;
      if (in.op != Op::kThrow || in.operands.empty()) return kNone;
      const std::vector<ValueId> caught = CaughtObjects(ir, in.operands[0]);
      return std::find(caught.begin(), caught.end(), c.result) != caught.end() ? id : kNone;
    }
    // Straight on: the one normal successor (the exceptional edges of a
    // structured monitorexit are dead).
    BlockId next = kNone;
    for (EdgeId out : ir.blocks[b].succs) {
      const Edge& edge = ir.edges[out];
      if (edge.kind == EdgeKind::kNormal) {
        if (next != kNone) return kNone;
        next = edge.to;
      }
    }
    if (next == kNone) return kNone;
    b = next;
  }
  return kNone;
}

bool Leaves(const MethodIR& ir, EdgeId e, int depth) {
  const BlockId to = ir.edges[e].to;
  if (to == ir.exceptional_exit) return true;
  if (depth > 8) return false;
  const InsnId rethrow = TransparentRethrow(ir, to);
  if (rethrow == kNone) return false;
  // Each edge of the rethrown object (not the NPE of a null one, which a
  // caught object never is) must leave in turn.
  const Instruction& in = ir.insns[rethrow];
  const std::string_view type = ir.values[in.operands[0]].type.descriptor;
  bool any = false;
  for (EdgeId out : ir.blocks[in.block].succs) {
    const Edge& edge = ir.edges[out];
    if (edge.kind != EdgeKind::kException || edge.thrown == "java/lang/NullPointerException") continue;
    if (type.size() < 3 || type.substr(1, type.size() - 2) != edge.thrown) continue;
    if (!Leaves(ir, out, depth + 1)) return false;
    any = true;
  }
  return any;
}

}  // namespace

bool IsSynchronizedRethrow(const MethodIR& ir, InsnId insn) {
  const Instruction& in = ir.insns[insn];
  if (in.op != Op::kThrow || in.operands.empty()) return false;
  const std::vector<ValueId> caught = CaughtObjects(ir, in.operands[0]);
  if (caught.empty()) return false;
  for (ValueId v : caught) {
    if (TransparentRethrow(ir, ir.insns[ir.values[v].def].block) != insn) return false;
  }
  return true;
}

bool LeavesMethod(const MethodIR& ir, EdgeId e) {
  return ir.edges[e].kind == EdgeKind::kException && Leaves(ir, e, 0);
}

}  // namespace jwp::ir
