// The order in which the backward search takes its work (PLDI'09 Section 6:
// "the search explores paths with less looping or call depth first"),
// behind a small interface after KLEE's Searcher (lib/Core/Searcher.h):
// the engine adds the minterms it makes and selects the next one to step
// back; a strategy only orders them. Every order is deterministic: ties
// fall back to creation order, never to pointer or hash order.
#ifndef JWP_WP_SEARCH_ORDER_H_
#define JWP_WP_SEARCH_ORDER_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <queue>
#include <string_view>
#include <vector>

#include "absl/hash/hash.h"
#include "ir/ir.h"
#include "logic/minterm.h"

namespace jwp::wp {

// A program point of an activation: before instruction `k` of block `b`.
struct Point {
  int32_t act;
  ir::BlockId b;
  int32_t k;
  friend bool operator==(Point, Point) = default;
  template <typename H>
  friend H AbslHashValue(H h, Point p) {
    return H::combine(std::move(h), p.act, p.b, p.k);
  }
};

// A minterm waiting at a point: one path edge of the tabulation, with what
// the search order and the result's path and assumptions need.
struct WorkItem {
  Point at;
  logic::Minterm phi;
  uint32_t loops;      // back edges crossed (backwards)
  uint64_t seq;        // creation order
  int32_t path;        // index into the path nodes
  int32_t site;        // index of the goal site it started from
  int32_t assume;      // index into the assumption nodes (-1: none)
  uint32_t depth = 0;  // call depth of its activation, as the order weighs it
                       // (a cheap callee's normal return at its caller's)
  uint32_t crowd = 0;  // minterms already at its point when it arrived
};

enum class SearchOrder {
  kShallowFirst,  // Section 6's heuristic (the default)
  kFifo,          // creation order: breadth first over path length
};

class Searcher {
 public:
  virtual ~Searcher() = default;
  virtual std::string_view name() const = 0;
  virtual void add(WorkItem item) = 0;
  // The next item, removed. Not on an empty searcher.
  virtual WorkItem select() = 0;
  virtual bool empty() const = 0;
};

std::unique_ptr<Searcher> MakeSearcher(SearchOrder order);

// Section 6's heuristic, a min-heap: the fewest back edges crossed plus
// calls entered first (a loop iteration in the goal's method weighs as much
// as one level deeper in a callee, so that a callee's loops do not hold up
// the caller's), then less looping, then points that fewer facts have
// reached, then first come. Entering a cheap callee for its normal return
// or its throw (a getter, a constructor, an argument check: no loop, a few
// levels) is no level deeper: what a caller's path needs of it is bounded work, and
// otherwise a loop of the caller unrolls through an expensive callee until
// its iterations outweigh that one level (Activation::order_depth).
class ShallowFirstSearcher final : public Searcher {
 public:
  std::string_view name() const override { return "shallow-first"; }
  void add(WorkItem item) override { heap_.push(std::move(item)); }
  WorkItem select() override {
    WorkItem top = heap_.top();
    heap_.pop();
    return top;
  }
  bool empty() const override { return heap_.empty(); }

 private:
  struct After {
    bool operator()(const WorkItem& a, const WorkItem& b) const {
      if (a.loops + a.depth != b.loops + b.depth) return a.loops + a.depth > b.loops + b.depth;
      if (a.loops != b.loops) return a.loops > b.loops;
      if (a.crowd != b.crowd) return a.crowd > b.crowd;
      return a.seq > b.seq;
    }
  };
  std::priority_queue<WorkItem, std::vector<WorkItem>, After> heap_;
};

// First come, first served.
class FifoSearcher final : public Searcher {
 public:
  std::string_view name() const override { return "fifo"; }
  void add(WorkItem item) override { queue_.push_back(std::move(item)); }
  WorkItem select() override {
    WorkItem front = std::move(queue_.front());
    queue_.pop_front();
    return front;
  }
  bool empty() const override { return queue_.empty(); }

 private:
  std::deque<WorkItem> queue_;
};

inline std::unique_ptr<Searcher> MakeSearcher(SearchOrder order) {
  switch (order) {
    case SearchOrder::kFifo: return std::make_unique<FifoSearcher>();
    case SearchOrder::kShallowFirst: break;
  }
  return std::make_unique<ShallowFirstSearcher>();
}

}  // namespace jwp::wp

#endif  // JWP_WP_SEARCH_ORDER_H_
