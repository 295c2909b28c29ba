// Dominator tree of a method's CFG, over all edges (normal and exceptional),
// by the iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
// Dominance Algorithm", 2001).
#ifndef JWP_IR_DOMINATORS_H_
#define JWP_IR_DOMINATORS_H_

#include <vector>

#include "ir/ir.h"

namespace jwp::ir {

// The two exit blocks are given the entry as immediate dominator: they hold
// no instructions, and the exceptional exit has one predecessor per PEI.
class Dominators {
 public:
  explicit Dominators(const MethodIR& ir);
  // Immediate dominator; kNone for the entry and for unreachable blocks.
  BlockId idom(BlockId b) const { return idom_[b]; }
  bool Reachable(BlockId b) const { return rpo_index_[b] >= 0; }
  // True when a dominates b (every block dominates itself).
  bool Dominates(BlockId a, BlockId b) const;
  // Blocks in reverse postorder from the entry.
  const std::vector<BlockId>& rpo() const { return rpo_; }

 private:
  std::vector<BlockId> idom_;
  std::vector<int32_t> rpo_index_;
  std::vector<BlockId> rpo_;
  std::vector<int32_t> pre_, post_;  // dominator-tree DFS numbers, -1 if unreachable
};

}  // namespace jwp::ir

#endif  // JWP_IR_DOMINATORS_H_
