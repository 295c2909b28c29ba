#include "wp/coverage_goals.h"

#include <map>
#include <string>
#include <tuple>

#include "absl/strings/str_cat.h"
#include "wp/goal.h"

namespace jwp::wp {

std::string CoverageGoal::kind() const {
  if (what == What::kThrow) return "throw";
  return outcome.empty() ? "reach" : "branch:" + outcome;
}

std::string CoverageGoal::describe() const {
  const char* name = what == What::kBranch ? "branch" : what == What::kThrow ? "throw" : "return";
  const std::string at =
      line > 0 ? absl::StrCat(name, " at line ", line, " (bci ", bci, ")") : absl::StrCat(name, " at bci ", bci);
  return outcome.empty() ? at : absl::StrCat("outcome ", outcome, " of the ", at);
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
  // By (bci, kind, outcome), in bytecode order.
  std::map<std::tuple<uint32_t, int, std::string>, CoverageGoal> goals;
  auto add = [&](CoverageGoal::What what, const ir::Instruction& in) {
    CoverageGoal g;
    g.what = what;
    g.bci = g.block_bci = in.bci;
    g.line = in.line;
    g.block = in.block;
    goals.emplace(std::make_tuple(in.bci, static_cast<int>(what == CoverageGoal::What::kThrow), ""), g);
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
    if (first == nullptr) continue;
    if (b == e.to && ir.blocks[b].preds.size() == 1) {
      add(CoverageGoal::What::kBranch, *first);  // the outcome is the only way in
      continue;
    }
    const ir::Block& from = ir.blocks[e.from];
    if (from.insns.empty()) continue;
    const ir::Instruction& branch = ir.insns[from.insns.back()];
    CoverageGoal g;
    g.bci = branch.bci;
    g.line = branch.line;
    g.outcome = BranchOutcome(e.kind, e.case_value);
    g.block = first->block;
    g.block_bci = first->bci;
    goals.emplace(std::make_tuple(branch.bci, 2, g.outcome), g);
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
  // An outcome goal shares its block with other ways in: no other goal implies it.
  if (!goal.outcome.empty()) return false;
  if (goal.block == reached.block) return goal.block_bci <= reached.block_bci;
  return dominators.Dominates(goal.block, reached.block);
}

}  // namespace jwp::wp
