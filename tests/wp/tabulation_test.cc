// The summary table of the RHS tabulation (wp/tabulation.h) on a toy
// problem independent of Java: facts are integers, a procedure maps its
// entry fact to end facts, and a worklist of (procedure, fact) calls drives
// the table as the backward search does.
#include "wp/tabulation.h"

#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace jwp::wp {
namespace {

// A caller waiting on a summary: which call site, and what it adds to an end.
struct ToyCaller {
  std::string site;
  int offset;
};
struct ToyData {
  int analyses = 0;
};
using ToyTable = SummaryTable<ToyCaller, int, ToyData>;

// The toy program: procedure "double" ends with 2·x; "twice" calls
// "double" at two sites with the same entry fact; "covered" ends with 5
// and then with 5 again (the second end is covered by the first).
class ToySolver {
 public:
  // A call of `proc` with entry fact `fact` from `caller`; returns the
  // summary's id. Every end reaches the caller as end + offset in `results`.
  ToyTable::Id Call(const std::string& proc, int fact, ToyCaller caller) {
    const auto [id, created] = table.FindOrCreate(proc + "/" + std::to_string(fact));
    for (int end : table.AddCaller(id, caller)) Deliver(caller, end);
    if (created) work.emplace_back(id, std::make_pair(proc, fact));
    return id;
  }
  void Run() {
    while (!work.empty()) {
      auto [id, pf] = work.front();
      work.pop_front();
      ++table.at(id).data.analyses;
      const auto& [proc, fact] = pf;
      if (proc == "double") End(id, 2 * fact);
      if (proc == "covered") {
        End(id, 5);
        End(id, 5);
      }
    }
  }
  void End(ToyTable::Id id, int end) {
    for (const ToyCaller& c : table.AddEnd(id, end, [](const int& old, const int& e) { return old == e; })) {
      Deliver(c, end);
    }
  }
  void Deliver(const ToyCaller& c, int end) { results[c.site].push_back(end + c.offset); }

  ToyTable table;
  std::deque<std::pair<ToyTable::Id, std::pair<std::string, int>>> work;
  std::map<std::string, std::vector<int>> results;
};

// RHS [13]-[17] and [21]-[27]: the second call site with the same entry
// fact reuses the summary (one analysis) and gets its ends, whether they
// were found before or after it arrived.
TEST(Tabulation, ACallSiteWithTheSameEntryFactReusesTheSummary) {
  ToySolver s;
  const ToyTable::Id a = s.Call("double", 3, {"first", 0});
  s.Run();
  const ToyTable::Id b = s.Call("double", 3, {"second", 100});
  EXPECT_EQ(a, b);
  const ToyTable::Id c = s.Call("double", 4, {"third", 0});
  EXPECT_NE(a, c);
  s.Run();
  EXPECT_EQ(s.table.at(a).data.analyses, 1);
  EXPECT_EQ(s.results["first"], std::vector<int>{6});
  EXPECT_EQ(s.results["second"], std::vector<int>{106});
  EXPECT_EQ(s.results["third"], std::vector<int>{8});
  EXPECT_EQ(s.table.at(a).callers.size(), 2u);
}

// An end that one already recorded covers reaches no caller again.
TEST(Tabulation, ACoveredEndIsNotAppliedAgain) {
  ToySolver s;
  const ToyTable::Id id = s.Call("covered", 0, {"site", 0});
  s.Run();
  EXPECT_EQ(s.results["site"], std::vector<int>{5});
  EXPECT_EQ(s.table.at(id).ends, std::vector<int>{5});
}

// Between phases: what is kept keeps its ends and loses its callers; what
// waited on a dropped summary is dropped too, through recursion; a dropped
// key starts afresh.
TEST(Tabulation, KeepOnlyDropsWhatDependsOnADroppedSummary) {
  ToyTable t;
  const ToyTable::Id leaf = t.FindOrCreate("leaf").first;
  const ToyTable::Id mid = t.FindOrCreate("mid").first;
  const ToyTable::Id top = t.FindOrCreate("top").first;
  const ToyTable::Id other = t.FindOrCreate("other").first;
  const ToyTable::Id self = t.FindOrCreate("self").first;
  t.AddCallee(top, mid);
  t.AddCallee(mid, leaf);
  t.AddCallee(self, self);  // recursion
  t.AddCallee(self, top);
  t.AddCaller(other, {"site", 0});
  t.AddEnd(other, 7, [](const int&, const int&) { return false; });
  const size_t kept = t.KeepOnly([&](ToyTable::Id id, const ToyTable::Summary&) { return id != leaf; });
  EXPECT_EQ(kept, 1u);  // only `other`: leaf, then mid, top and self go
  EXPECT_TRUE(t.at(other).kept);
  EXPECT_TRUE(t.at(other).callers.empty());
  EXPECT_EQ(t.at(other).ends, std::vector<int>{7});
  EXPECT_EQ(t.FindOrCreate("other"), std::make_pair(other, false));
  const auto [again, created] = t.FindOrCreate("mid");
  EXPECT_TRUE(created);
  EXPECT_NE(again, mid);
  // A later phase passes over what an earlier one dropped.
  EXPECT_EQ(t.KeepOnly([](ToyTable::Id, const ToyTable::Summary&) { return true; }), 2u);
}

}  // namespace
}  // namespace jwp::wp
