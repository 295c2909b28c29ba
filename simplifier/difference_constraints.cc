#include "simplifier/difference_constraints.h"

#include <deque>
#include <functional>
#include <queue>
#include <utility>

#include "base/check.h"

namespace jwp::simplifier {

bool DifferenceConstraints::add(Node x, Node y, Weight c) {
  JWP_CHECK(x < num_nodes_ && y < num_nodes_, "difference constraint on an unknown node");
  if (!consistent_) return false;
  if (x == y) {
    // x - x <= c: a tautology for c >= 0, a contradiction otherwise.
    if (c < 0) consistent_ = false;
    return consistent_;
  }
  const uint32_t index = static_cast<uint32_t>(edges_.size());
  edges_.push_back({x, y, c});
  potential_.resize(num_nodes_, 0);
  out_.resize(num_nodes_);
  in_.resize(num_nodes_);
  out_[y].push_back(index);
  in_[x].push_back(index);
  // Fast path: the current potential already satisfies the new edge.
  if (potential_[x] - potential_[y] > c) consistent_ = repair_potential();
  JWP_DCHECK(check_invariant(), "difference constraints: broken invariant after add");
  return consistent_;
}

bool DifferenceConstraints::repair_potential() {
  // The old potential satisfied every other edge, so any violation spreads
  // from the new edge's head x: lower x to p[y] + c, then each successor
  // whose edge it now violates (a shortest-path relaxation from x). Every
  // lowered value is p[y] + c + the length of a path x ~> v; lowering y
  // itself would close a cycle y -> x ~> y of negative length.
  const Edge e = edges_.back();
  std::vector<Weight> p = potential_;
  p[e.x] = p[e.y] + e.c;
  std::deque<Node> work{e.x};
  std::vector<bool> queued(num_nodes_, false);
  queued[e.x] = true;
  while (!work.empty()) {
    const Node u = work.front();
    work.pop_front();
    queued[u] = false;
    for (uint32_t i : out_[u]) {
      const Edge& f = edges_[i];
      if (p[u] + f.c >= p[f.x]) continue;
      if (f.x == e.y) return false;
      p[f.x] = p[u] + f.c;
      if (!queued[f.x]) {
        queued[f.x] = true;
        work.push_back(f.x);
      }
    }
  }
  potential_ = std::move(p);
  return true;
}

std::vector<std::optional<DifferenceConstraints::Weight>> DifferenceConstraints::shortest(
    Node source, Direction dir, std::optional<Node> target, const EdgeMask* without) const {
  std::vector<std::optional<Weight>> dist(num_nodes_);
  dist[source] = 0;
  if (edges_.empty()) return dist;
  // Dijkstra over the reduced weights c + p[y] - p[x] >= 0 (the potential is
  // feasible). Along the edges a path s ~> v reduces to len + p[s] - p[v];
  // against them (a path v ~> s read backwards) to len + p[v] - p[s].
  auto pot = [&](Node n) { return n < potential_.size() ? potential_[n] : Weight{0}; };
  const bool forward = dir == Direction::kForward;
  std::vector<std::optional<Weight>> reduced(num_nodes_);
  std::vector<bool> settled(num_nodes_, false);
  using Item = std::pair<Weight, Node>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> heap;
  reduced[source] = 0;
  heap.push({0, source});
  const auto& adjacency = forward ? out_ : in_;
  while (!heap.empty()) {
    const auto [d, u] = heap.top();
    heap.pop();
    if (settled[u]) continue;
    settled[u] = true;
    dist[u] = forward ? d - pot(source) + pot(u) : d - pot(u) + pot(source);
    if (target && u == *target) break;
    if (u >= adjacency.size()) continue;
    for (uint32_t i : adjacency[u]) {
      if (without && i < without->size() && (*without)[i]) continue;
      const Edge& f = edges_[i];
      const Node v = forward ? f.x : f.y;
      const Weight w = f.c + pot(f.y) - pot(f.x);
      if (settled[v] || (reduced[v] && *reduced[v] <= d + w)) continue;
      reduced[v] = d + w;
      heap.push({d + w, v});
    }
  }
  return dist;
}

std::optional<DifferenceConstraints::Weight> DifferenceConstraints::upper(
    Node x, Node y, const EdgeMask* without) const {
  JWP_CHECK(x < num_nodes_ && y < num_nodes_, "difference query on an unknown node");
  if (!consistent_) return std::nullopt;
  if (x == y) return Weight{0};
  return shortest(y, Direction::kForward, x, without)[x];
}

std::vector<std::optional<DifferenceConstraints::Weight>> DifferenceConstraints::uppers_from(
    Node y, const EdgeMask* without) const {
  JWP_CHECK(y < num_nodes_, "difference query on an unknown node");
  if (!consistent_) return std::vector<std::optional<Weight>>(num_nodes_);
  return shortest(y, Direction::kForward, std::nullopt, without);
}

std::vector<std::optional<DifferenceConstraints::Weight>> DifferenceConstraints::uppers_to(
    Node x, const EdgeMask* without) const {
  JWP_CHECK(x < num_nodes_, "difference query on an unknown node");
  if (!consistent_) return std::vector<std::optional<Weight>>(num_nodes_);
  return shortest(x, Direction::kBackward, std::nullopt, without);
}

bool DifferenceConstraints::check_invariant() const {
  for (const Edge& e : edges_) {
    if (e.x >= num_nodes_ || e.y >= num_nodes_ || e.x == e.y) return false;
  }
  if (!consistent_) return true;
  if (potential_.size() > num_nodes_) return false;
  auto pot = [&](Node n) { return n < potential_.size() ? potential_[n] : Weight{0}; };
  for (const Edge& e : edges_) {
    if (pot(e.x) - pot(e.y) > e.c) return false;
  }
  return true;
}

}  // namespace jwp::simplifier
