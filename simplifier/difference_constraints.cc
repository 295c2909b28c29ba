#include "simplifier/difference_constraints.h"

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
  edges_.push_back({x, y, c});
  potential_.resize(num_nodes_, 0);
  // Fast path: the current potential already satisfies the new edge.
  if (potential_[x] - potential_[y] > c) consistent_ = recompute_potential();
  JWP_DCHECK(check_invariant(), "difference constraints: broken invariant after add");
  return consistent_;
}

bool DifferenceConstraints::recompute_potential() {
  // Shortest distances from a virtual source with 0-weight edges to every
  // node: dist[x] <= dist[y] + c for each edge y -> x. A relaxation in round
  // num_nodes_ means a negative cycle.
  std::vector<Weight> dist(num_nodes_, 0);
  for (size_t round = 0; round <= num_nodes_; ++round) {
    bool changed = false;
    for (const Edge& e : edges_) {
      if (dist[e.y] + e.c < dist[e.x]) {
        dist[e.x] = dist[e.y] + e.c;
        changed = true;
      }
    }
    if (!changed) {
      potential_ = std::move(dist);
      return true;
    }
  }
  return false;
}

std::optional<DifferenceConstraints::Weight> DifferenceConstraints::upper(Node x, Node y) const {
  JWP_CHECK(x < num_nodes_ && y < num_nodes_, "difference query on an unknown node");
  if (!consistent_) return std::nullopt;
  if (x == y) return Weight{0};
  // Single-source shortest paths from y (Bellman-Ford; no negative cycle).
  std::vector<std::optional<Weight>> dist(num_nodes_);
  dist[y] = 0;
  for (size_t round = 0; round < num_nodes_; ++round) {
    bool changed = false;
    for (const Edge& e : edges_) {
      if (dist[e.y] && (!dist[e.x] || *dist[e.y] + e.c < *dist[e.x])) {
        dist[e.x] = *dist[e.y] + e.c;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return dist[x];
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
