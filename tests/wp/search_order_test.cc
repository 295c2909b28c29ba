// The search orders of wp/search_order.h.
#include "wp/search_order.h"

#include <gtest/gtest.h>

#include <vector>

namespace jwp::wp {
namespace {

WorkItem Item(uint64_t seq, uint32_t loops, uint32_t depth, uint32_t crowd = 0) {
  WorkItem w{Point{0, 0, 0}, logic::Minterm(), loops, seq, -1, 0, -1};
  w.depth = depth;
  w.crowd = crowd;
  return w;
}

std::vector<uint64_t> Drain(Searcher& s) {
  std::vector<uint64_t> seqs;
  while (!s.empty()) seqs.push_back(s.select().seq);
  return seqs;
}

// Section 6: loops plus depth first, then fewer loops, then less crowded
// points, then creation order.
TEST(SearchOrder, ShallowFirstTakesLessLoopingAndCallDepthFirst) {
  auto s = MakeSearcher(SearchOrder::kShallowFirst);
  EXPECT_EQ(s->name(), "shallow-first");
  s->add(Item(1, 2, 0));     // 2
  s->add(Item(2, 0, 1));     // 1, no loops
  s->add(Item(3, 1, 0));     // 1, one loop
  s->add(Item(4, 0, 0, 5));  // 0, crowded
  s->add(Item(5, 0, 0, 0));  // 0
  s->add(Item(6, 0, 0, 0));  // 0, later
  EXPECT_EQ(Drain(*s), (std::vector<uint64_t>{5, 6, 4, 2, 3, 1}));
}

TEST(SearchOrder, FifoTakesCreationOrder) {
  auto s = MakeSearcher(SearchOrder::kFifo);
  EXPECT_EQ(s->name(), "fifo");
  s->add(Item(1, 2, 0));
  s->add(Item(2, 0, 1));
  s->add(Item(3, 0, 0));
  EXPECT_EQ(Drain(*s), (std::vector<uint64_t>{1, 2, 3}));
}

}  // namespace
}  // namespace jwp::wp
