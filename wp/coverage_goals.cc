#include "wp/coverage_goals.h"

#include <map>

#include "absl/strings/str_cat.h"

namespace jwp::wp {

std::string CoverageGoal::describe() const {
  const char* name = what == What::kBranch ? "branch" : what == What::kThrow ? "throw" : "return";
  return line > 0 ? absl::StrCat(name, " at line ", line, " (bci ", bci, ")") : absl::StrCat(name, " at bci ", bci);
}

namespace {

// The first instruction of block b with a bytecode offset of its own (not a
// phi or a catch), or null.
const ir::Instruction* FirstInstruction(const ir::MethodIR& ir, ir::BlockId b) {
  for (ir::InsnId i : ir.blocks[b].insns) {
    const ir::Instruction& in = ir.insns[i];
    if (in.op != ir::Op::kCatch && in.op != ir::Op::kParam) return &in;
  }
  return nullptr;
}

}  // namespace

std::vector<CoverageGoal> CoverageGoals(const ir::MethodIR& ir) {
  std::map<std::pair<uint32_t, int>, CoverageGoal> goals;  // by (bci, kind), in bytecode order
  auto add = [&](CoverageGoal::What what, const ir::Instruction& in) {
    CoverageGoal g;
    g.what = what;
    g.bci = in.bci;
    g.line = in.line;
    g.block = in.block;
    goals.emplace(std::make_pair(in.bci, static_cast<int>(what == CoverageGoal::What::kThrow)), g);
  };
  for (const ir::Edge& e : ir.edges) {
    if (e.kind != ir::EdgeKind::kTrue && e.kind != ir::EdgeKind::kFalse && e.kind != ir::EdgeKind::kCase &&
        e.kind != ir::EdgeKind::kDefault) {
      continue;
    }
    // Through blocks with no instruction of their own (a goto's) to the first that has one.
    ir::BlockId b = e.to;
    const ir::Instruction* first = nullptr;
    for (int hops = 0; hops < 8 && b != ir::kNone; ++hops) {
      if ((first = FirstInstruction(ir, b)) != nullptr) break;
      const ir::Block& block = ir.blocks[b];
      b = block.succs.size() == 1 ? ir.edges[block.succs[0]].to : ir::kNone;
    }
    if (first != nullptr) add(CoverageGoal::What::kBranch, *first);
  }
  for (const ir::Instruction& in : ir.insns) {
    if (in.op == ir::Op::kThrow) add(CoverageGoal::What::kThrow, in);
    if (in.op == ir::Op::kReturn) add(CoverageGoal::What::kReturn, in);
  }
  std::vector<CoverageGoal> out;
  for (auto& [key, g] : goals) out.push_back(std::move(g));
  return out;
}

bool PassedOnTheWay(const ir::Dominators& dominators, const CoverageGoal& goal, const CoverageGoal& reached) {
  if (goal.block == ir::kNone || reached.block == ir::kNone) return false;
  if (goal.block == reached.block) return goal.bci <= reached.bci;
  return dominators.Dominates(goal.block, reached.block);
}

}  // namespace jwp::wp
