// A difference-constraint graph for facts x - y <= c over int and long
// values (PLDI'09 Section 6: "a difference constraints solver"). Nodes stand
// for int/long terms read as mathematical integers: the signed value of the
// bit-vector, so every node lies in its sort's range, and one graph can mix
// int and long nodes (i2l(x) - x = 0 exactly). Node 0 is the constant zero,
// so x <= c is x - zero <= c. Weights are 128-bit: sums of 64-bit bounds
// never overflow.
//
// It is the CALLER's job to derive only facts that hold under Java's
// wrapping arithmetic (simplifier/bitvector_rules.cc does: `x < y` gives
// x - y <= -1, but `x + 1 < y` gives x - y <= -2 only where x + 1 cannot
// overflow). The graph itself is plain integer reasoning: a negative cycle
// means the facts are contradictory, a shortest path y ~> x of length d means
// x - y <= d follows from them.
//
// Owned by its user; small (a few dozen nodes per minterm), so queries run
// on demand rather than maintaining closures. The graph keeps a feasible
// potential (a solution of the facts): adding an edge repairs it by
// relaxation from the edge's head only, a negative cycle being one the
// repair closes through the edge's tail (the incremental check of Cotton and
// Maler, "Fast and flexible difference constraint propagation for DPLL(T)",
// SAT'06, in FIFO order rather than theirs); a query is Dijkstra's algorithm
// over the edge weights reduced by the potential, which are never negative
// (Johnson's reweighting).
#ifndef JWP_SIMPLIFIER_DIFFERENCE_CONSTRAINTS_H_
#define JWP_SIMPLIFIER_DIFFERENCE_CONSTRAINTS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace jwp::simplifier {

class DifferenceConstraints {
 public:
  using Node = uint32_t;
  using Weight = __int128;
  static constexpr Node kZero = 0;

  DifferenceConstraints() : num_nodes_(1) {}

  // A new node (an int/long term chosen by the caller).
  Node add_node() { return num_nodes_++; }
  size_t num_nodes() const { return num_nodes_; }
  // Edges recorded so far; add() records one unless x == y.
  size_t num_edges() const { return edges_.size(); }

  // Records x - y <= c. Returns false when the facts have become
  // contradictory (a negative cycle); adding more facts keeps them so.
  bool add(Node x, Node y, Weight c);
  // lo <= x <= hi.
  bool add_bounds(Node x, Weight lo, Weight hi) { return add(x, kZero, hi) && add(kZero, x, -lo); }

  bool consistent() const { return consistent_; }
  // The least d with x - y <= d implied by the facts; nullopt when no bound
  // follows (or the facts are contradictory). upper(x, kZero) is x's upper
  // bound; -upper(kZero, x) its lower bound.
  //
  // Every query may leave edges out: `without` (when given) is indexed by
  // edge (in the order add() recorded them) and true for an edge to ignore,
  // so the answer is for the facts of a subgraph (the potential of the whole
  // graph is feasible for any part of it). Edges added after `without` was
  // sized are kept.
  using EdgeMask = std::vector<bool>;
  std::optional<Weight> upper(Node x, Node y, const EdgeMask* without = nullptr) const;
  // upper(x, y) for every x (indexed by x), and for every y (indexed by y):
  // one single-source search instead of one per node.
  std::vector<std::optional<Weight>> uppers_from(Node y, const EdgeMask* without = nullptr) const;
  std::vector<std::optional<Weight>> uppers_to(Node x, const EdgeMask* without = nullptr) const;
  // Does x - y <= c follow?
  bool implies(Node x, Node y, Weight c) const {
    std::optional<Weight> d = upper(x, y);
    return d.has_value() && *d <= c;
  }

  // Node indices in range; while consistent(), potential_ is a feasible
  // solution: potential_[x] - potential_[y] <= c for every edge. Asserted
  // (JWP_DCHECK) after each add.
  bool check_invariant() const;

 private:
  struct Edge {
    Node x, y;  // x - y <= c: an edge y -> x of weight c
    Weight c;
  };
  enum class Direction { kForward, kBackward };
  // Shortest distances from `source` along the edges (kForward: d[x] is
  // upper(x, source)) or against them (kBackward: d[y] is upper(source, y));
  // stops once `target` is settled when one is given.
  std::vector<std::optional<Weight>> shortest(Node source, Direction dir,
                                              std::optional<Node> target,
                                              const EdgeMask* without) const;
  // After edges_.back() was added: lowers the potential along the edges from
  // its head until it is feasible again; false when the lowering comes back
  // to the edge's tail (a negative cycle through the new edge).
  bool repair_potential();

  Node num_nodes_;
  std::vector<Edge> edges_;
  // Indices into edges_ by tail (y) and by head (x).
  std::vector<std::vector<uint32_t>> out_, in_;
  std::vector<Weight> potential_;
  bool consistent_ = true;
};

}  // namespace jwp::simplifier

#endif  // JWP_SIMPLIFIER_DIFFERENCE_CONSTRAINTS_H_
