#include "ir/dominators.h"

#include <utility>

namespace jwp::ir {

Dominators::Dominators(const MethodIR& ir) {
  const size_t n = ir.blocks.size();
  idom_.assign(n, kNone);
  rpo_index_.assign(n, -1);
  // Postorder by an iterative DFS.
  std::vector<BlockId> post;
  std::vector<uint8_t> seen(n, 0);
  std::vector<std::pair<BlockId, size_t>> stack;
  if (ir.entry >= 0) {
    stack.push_back({ir.entry, 0});
    seen[ir.entry] = 1;
  }
  while (!stack.empty()) {
    auto& [b, i] = stack.back();
    const auto& succs = ir.blocks[b].succs;
    if (i < succs.size()) {
      BlockId s = ir.edges[succs[i++]].to;
      if (!seen[s]) {
        seen[s] = 1;
        stack.push_back({s, 0});
      }
      continue;
    }
    post.push_back(b);
    stack.pop_back();
  }
  rpo_.assign(post.rbegin(), post.rend());
  for (size_t i = 0; i < rpo_.size(); ++i) rpo_index_[rpo_[i]] = static_cast<int32_t>(i);
  if (rpo_.empty()) return;
  idom_[ir.entry] = ir.entry;
  auto intersect = [&](BlockId a, BlockId b) {
    while (a != b) {
      while (rpo_index_[a] > rpo_index_[b]) a = idom_[a];
      while (rpo_index_[b] > rpo_index_[a]) b = idom_[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 1; i < rpo_.size(); ++i) {
      BlockId b = rpo_[i];
      // The exits hold nothing, and the exceptional exit has a predecessor
      // per PEI: intersecting them all is quadratic on large methods.
      if (b == ir.exit || b == ir.exceptional_exit) {
        idom_[b] = ir.entry;
        continue;
      }
      BlockId new_idom = kNone;
      for (EdgeId e : ir.blocks[b].preds) {
        BlockId p = ir.edges[e].from;
        if (idom_[p] == kNone) continue;
        new_idom = new_idom == kNone ? p : intersect(p, new_idom);
      }
      if (new_idom != idom_[b]) {
        idom_[b] = new_idom;
        changed = true;
      }
    }
  }
  idom_[ir.entry] = kNone;
  // Pre/post numbers on the dominator tree make Dominates O(1).
  std::vector<std::vector<BlockId>> children(n);
  for (BlockId b : rpo_) {
    if (idom_[b] != kNone) children[idom_[b]].push_back(b);
  }
  pre_.assign(n, -1);
  post_.assign(n, -1);
  int32_t clock = 0;
  std::vector<std::pair<BlockId, size_t>> walk = {{ir.entry, 0}};
  pre_[ir.entry] = clock++;
  while (!walk.empty()) {
    auto& [b, i] = walk.back();
    if (i < children[b].size()) {
      BlockId c = children[b][i++];
      pre_[c] = clock++;
      walk.push_back({c, 0});
    } else {
      post_[b] = clock++;
      walk.pop_back();
    }
  }
}

bool Dominators::Dominates(BlockId a, BlockId b) const {
  if (pre_[a] < 0 || pre_[b] < 0) return false;
  return pre_[a] <= pre_[b] && post_[b] <= post_[a];
}

}  // namespace jwp::ir
