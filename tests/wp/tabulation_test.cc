// The RHS tabulation (wp/tabulation.h) on toy problems independent of
// Java. The solver: facts are bounds `x <= c` stepped backwards through
// `x += 1` instructions of a few blocks. The summary table: facts are
// integers, a procedure maps its entry fact to end facts, and a worklist of
// (procedure, fact) calls drives the table as the backward search does.
#include "wp/tabulation.h"

#include <gtest/gtest.h>

#include <deque>
#include <optional>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace jwp::wp {
namespace {

// A one-procedure program of blocks, each a number of `x += 1`
// instructions and the blocks that flow into it; block 0 is the start.
// A fact c stands for `x <= c` at a point; stepping back through `x += 1`
// gives c - 1. `x <= c` met at a point covers a fresh `x <= c'` when
// c >= c' (it is weaker).
struct ToyPoint {
  int b, k;
  friend bool operator==(ToyPoint, ToyPoint) = default;
  template <typename H>
  friend H AbslHashValue(H h, ToyPoint p) {
    return H::combine(std::move(h), p.b, p.k);
  }
};
struct ToyPathEdge {
  ToyPoint at;
  int c;
};
class ToyWorklist {  // first come, first served
 public:
  void add(ToyPathEdge e) { q_.push_back(e); }
  ToyPathEdge select() {
    ToyPathEdge e = q_.front();
    q_.pop_front();
    return e;
  }
  bool empty() const { return q_.empty(); }

 private:
  std::deque<ToyPathEdge> q_;
};
struct ToyBlock {
  int insns;
  std::vector<int> preds;
};

class ToyProblem {
 public:
  using Point = ToyPoint;
  using Fact = int;
  using PathEdge = ToyPathEdge;
  using Edge = int;  // the source block
  using Worklist = ToyWorklist;
  using Solver = TabulationSolver<ToyProblem>;

  ToyProblem(std::vector<ToyBlock> blocks, ToyPoint goal, int post)
      : blocks_(std::move(blocks)), goal_(goal), post_(post) {}

  bool Covers(const int& met, const int& fresh) const { return met >= fresh; }
  void Seed(Solver& s) { Add(s, goal_, post_); }
  std::string Interrupt(Solver&) { return steps_ >= max_steps ? "budget" : ""; }
  bool Done() const { return done_; }
  bool AtProcedureStart(const ToyPathEdge& e) const { return e.at.b == 0 && e.at.k == 0; }
  bool InsideBlock(const ToyPathEdge& e) const { return e.at.k > 0; }
  void FlowOutOfProcedure(const ToyPathEdge& e) {
    ends.push_back(e.c);
    done_ = stop_at_start;
  }
  void FlowThroughInstruction(const ToyPathEdge& e) {
    ++steps_;
    Add(*solver, {e.at.b, e.at.k - 1}, e.c - 1);
  }
  std::vector<int> EdgesInto(const ToyPathEdge& e) const { return blocks_[e.at.b].preds; }
  bool IsCall(const ToyPathEdge&, int from) const { return from == call_block; }
  void FlowThroughCall(const ToyPathEdge& e, int from) {
    ++calls;
    FlowAlongEdge(e, from);
  }
  void FlowAlongEdge(const ToyPathEdge& e, int from) {
    ++steps_;
    Add(*solver, {from, blocks_[from].insns}, e.c);
  }

  Solver* solver = nullptr;
  std::vector<int> ends;  // facts that reached the start, in order
  int covered = 0;
  int calls = 0;
  int call_block = -1;  // the block that ends with a call
  bool stop_at_start = false;
  uint64_t max_steps = 1000;

 private:
  void Add(Solver& s, ToyPoint at, int c) {
    if (!s.AddPathEdge(at, c)) {
      ++covered;
      return;
    }
    s.Schedule({at, c});
  }
  std::vector<ToyBlock> blocks_;
  ToyPoint goal_;
  int post_;
  uint64_t steps_ = 0;
  bool done_ = false;
};

struct ToyRun {
  ToyProblem problem;
  ToyProblem::Solver solver;
  explicit ToyRun(ToyProblem p) : problem(std::move(p)), solver(problem, std::make_unique<ToyWorklist>()) {
    problem.solver = &solver;
  }
};

// A diamond: 0 -> 1 (one increment) and 0 -> 2 (two) -> 3, the goal at 3's
// start. Both paths reach the start; the second fact there (x <= 8) is
// covered by the first (x <= 9) and goes no further (Figure 3's merge).
TEST(TabulationSolver, StepsBackThroughInstructionsAndEdgesAndMergesAtAPoint) {
  ToyRun r(ToyProblem({{0, {}}, {1, {0}}, {2, {0}}, {0, {1, 2}}}, {3, 0}, 10));
  r.problem.call_block = 2;
  EXPECT_TRUE(r.solver.empty());
  EXPECT_EQ(r.solver.Run(), "");
  EXPECT_EQ(r.problem.ends, std::vector<int>{9});
  EXPECT_EQ(r.problem.covered, 1);
  EXPECT_EQ(r.problem.calls, 1);  // the edge out of block 2 asked as a call
  EXPECT_FALSE(r.solver.empty());
}

// A loop (block 1 flows into itself) terminates: the fact met at its
// points covers every later, stronger one.
TEST(TabulationSolver, ALoopEndsWhenItsFactsAreCovered) {
  ToyRun r(ToyProblem({{0, {}}, {1, {0, 1}}, {0, {1}}}, {2, 0}, 5));
  EXPECT_EQ(r.solver.Run(), "");
  EXPECT_EQ(r.problem.ends, std::vector<int>{4});
  EXPECT_GE(r.problem.covered, 1);
}

// The problem stops the run: by its interruption (a budget; the path
// edges left stay in the worklist) or when it is done.
TEST(TabulationSolver, TheProblemInterruptsOrEndsTheRun) {
  ToyRun budget(ToyProblem({{0, {}}, {3, {0}}, {0, {1}}}, {2, 0}, 5));
  budget.problem.max_steps = 2;
  EXPECT_EQ(budget.solver.Run(), "budget");
  EXPECT_TRUE(budget.problem.ends.empty());
  EXPECT_EQ(budget.solver.TakeWorklist().size(), 1u);

  // The diamond above, done when a fact reaches the start: the second
  // path's last path edge is never stepped.
  ToyRun done(ToyProblem({{0, {}}, {1, {0}}, {2, {0}}, {0, {1, 2}}}, {3, 0}, 10));
  done.problem.stop_at_start = true;
  EXPECT_EQ(done.solver.Run(), "");
  EXPECT_EQ(done.problem.ends, std::vector<int>{9});
  EXPECT_EQ(done.problem.covered, 0);
  EXPECT_EQ(done.solver.TakeWorklist().size(), 1u);
}

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
