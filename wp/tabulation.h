// The RHS tabulation algorithm (Reps, Horwitz, Sagiv, POPL'95, Figure 4;
// WALA's TabulationSolver), run backwards as PLDI'09 Sections 3-5 do, in
// two parts that know nothing of Java, minterms or phases:
//
// TabulationSolver, the worklist over path edges (PLDI'09 Figure 3, INTRAWP,
// and Section 3.2's single worklist over the ICFG that runs "instances of
// INTRAWP as co-routines"; RHS's Propagate and main loop): a path edge is a fact at a program
// point of one procedure instance; a new one that a fact already met there
// covers is dropped (Figure 3's merge), the others wait in the worklist in
// the problem's search order (search_order.h). Each step takes one path
// edge and asks the problem for the flow backwards from it:
//   - at its procedure's start: the flow out of the procedure (an end
//     summary [21]-[27], the return to a call site, or the final check at
//     the entry);
//   - inside a basic block: the flow through the instruction before it
//     (Table 1);
//   - at a block's start: for each edge into the block, the flow through a
//     call (entering the callee at its exit, [13]-[20]; or skipping it) or
//     along the edge.
//
// SummaryTable, the summary side, run backwards as PLDI'09 Section 5 does:
// a "call" enters a callee at its exit with the dependent part of the
// postcondition, and an "end" is a precondition that reached the callee's
// entry. In RHS words:
//   - a summary is one (procedure, entry fact) pair: the callee with the
//     generalized dependent part (Figure 5) as its key;
//   - its callers are the call sites waiting on it (RHS [13]-[17]: a call
//     site that reaches a summary registers and gets every end summary
//     found so far);
//   - its ends are the end summaries (RHS [21]-[27]: a fact that reaches
//     the procedure's start is recorded once, then applied at every
//     waiting caller);
//   - its callees are the summaries its own path edges waited on, so that
//     a summary can be dropped with everything that depends on it.
// The table knows nothing of Java, minterms or phases: the problem supplies
// the keys, the callers and ends (opaque values), when an end is already
// covered, and per-summary data of its own. Departures from RHS: an end is
// dropped when one already recorded subsumes it (facts are formulas, not
// an ordinal domain); summaries may be kept from one phase of directed
// construction to the next (KeepOnly).
//
// Ownership: a table owns its summaries; ids are dense and stable until
// KeepOnly, which keeps the ids of what it keeps. A solver owns its path
// edges and worklist, and lives for one phase of directed construction;
// the summary table may outlive it. Neither is thread-safe.
#ifndef JWP_WP_TABULATION_H_
#define JWP_WP_TABULATION_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/check.h"

namespace jwp::wp {

template <class Caller, class End, class Data>
class SummaryTable {
 public:
  using Id = int32_t;
  struct Summary {
    std::string key;
    std::vector<Caller> callers;
    std::vector<End> ends;
    std::vector<Id> callees;  // distinct, in order of first wait
    bool kept = false;        // handed over by KeepOnly
    bool dropped = false;     // dropped by KeepOnly (its id is free no more)
    Data data{};
  };

  // The summary of `key`, created when there was none; second: created.
  std::pair<Id, bool> FindOrCreate(const std::string& key) {
    auto [it, inserted] = ids_.try_emplace(key, static_cast<Id>(summaries_.size()));
    if (inserted) {
      summaries_.emplace_back();
      summaries_.back().key = key;
    }
    return {it->second, inserted};
  }

  // RHS [13]-[17]: `caller` waits on summary `id` from now on. Returns the
  // ends found so far, which the problem applies at this caller (a copy:
  // applying them may add more).
  std::vector<End> AddCaller(Id id, Caller caller) {
    Summary& s = at(id);
    s.callers.push_back(std::move(caller));
    return s.ends;
  }

  // RHS [21]-[27]: a new end of summary `id`, unless `covers(old, end)`
  // holds for one already recorded. Returns the callers to apply it at (a
  // copy), empty when it was covered.
  std::vector<Caller> AddEnd(Id id, End end, const std::function<bool(const End&, const End&)>& covers) {
    Summary& s = at(id);
    for (const End& old : s.ends) {
      if (covers(old, end)) return {};
    }
    s.ends.push_back(std::move(end));
    return s.callers;
  }

  // A path edge of summary `caller`'s procedure waits on summary `callee`.
  void AddCallee(Id caller, Id callee) {
    std::vector<Id>& callees = at(caller).callees;
    if (callees.empty() || callees.back() != callee) callees.push_back(callee);
  }

  // Between phases: keeps the summaries `keep` says are complete, with
  // their ends and without their callers (the ended phase's call sites),
  // and drops the rest and every summary that waited on a dropped one (to a
  // fixpoint: recursion). Returns how many were kept.
  size_t KeepOnly(const std::function<bool(Id, const Summary&)>& keep) {
    std::vector<bool> bad(summaries_.size());
    for (size_t i = 0; i < summaries_.size(); ++i) {
      bad[i] = summaries_[i].dropped || !keep(static_cast<Id>(i), summaries_[i]);
    }
    for (bool again = true; again;) {
      again = false;
      for (size_t i = 0; i < summaries_.size(); ++i) {
        if (bad[i]) continue;
        for (Id c : summaries_[i].callees) {
          if (bad[c]) {
            bad[i] = again = true;
            break;
          }
        }
      }
    }
    size_t kept = 0;
    for (size_t i = 0; i < summaries_.size(); ++i) {
      Summary& s = summaries_[i];
      if (bad[i]) {
        if (!s.dropped) ids_.erase(s.key);
        s = Summary{};
        s.dropped = true;
        continue;
      }
      s.callers.clear();
      s.kept = true;
      ++kept;
    }
    return kept;
  }

  Summary& at(Id id) {
    JWP_CHECK(id >= 0 && static_cast<size_t>(id) < summaries_.size() && !summaries_[id].dropped,
              "a summary id that is not in the table");
    return summaries_[id];
  }
  size_t size() const { return summaries_.size(); }

 private:
  std::vector<Summary> summaries_;
  absl::flat_hash_map<std::string, Id> ids_;
};

// The worklist over path edges. `Problem` supplies (see wp_problem.h for the
// backward wp problem, tests/wp/tabulation_test.cc for a toy one):
//   types   Point (hashable), Fact, PathEdge (a fact at a point with what
//           the problem keeps of its way; opaque to the solver), Edge (an
//           edge into a block), and Worklist of PathEdges (add, select,
//           empty: the search order);
//   bool    Covers(const Fact& met, const Fact& fresh): fresh adds nothing;
//   void    Seed(Solver&): the goal's path edges;
//   string  Interrupt(Solver&): before each step, why the run stops there
//           (a budget, the phase's end), or "" to go on;
//   bool    Done(): a path edge reached the goal's precondition;
//   bool    AtProcedureStart(const PathEdge&), InsideBlock(const PathEdge&);
//   void    FlowOutOfProcedure(const PathEdge&), FlowThroughInstruction(const PathEdge&);
//   vector<Edge> EdgesInto(const PathEdge&): the edges to step back along
//           (those the problem knows dead left out);
//   bool    IsCall(const PathEdge&, Edge), and the flows
//           FlowThroughCall(const PathEdge&, Edge), FlowAlongEdge(const PathEdge&, Edge).
// The flows add their path edges through AddPathEdge and Schedule.
template <class Problem>
class TabulationSolver {
 public:
  using Point = typename Problem::Point;
  using Fact = typename Problem::Fact;
  using PathEdge = typename Problem::PathEdge;
  using Worklist = typename Problem::Worklist;

  TabulationSolver(Problem& problem, std::unique_ptr<Worklist> worklist)
      : problem_(problem), worklist_(std::move(worklist)) {}

  // Figure 3, lines 8-10 (merge, then D(s) <- D(s) u phi_pre; RHS's
  // Propagate): records `fact` at `at`
  // unless a fact met there covers it. Returns how many facts were met at
  // `at` before it, or nullopt when it was covered (then it is not a path
  // edge and must not be scheduled).
  std::optional<size_t> AddPathEdge(const Point& at, const Fact& fact) {
    std::vector<Fact>& met = path_edges_[at];
    for (const Fact& m : met) {
      if (problem_.Covers(m, fact)) return std::nullopt;
    }
    met.push_back(fact);
    return met.size() - 1;
  }
  // A recorded path edge waits for its step.
  void Schedule(PathEdge e) { worklist_->add(std::move(e)); }

  // Figure 3, lines 4-11 (RHS's main loop), backwards: seeds, then steps until
  // the worklist is empty, the problem is done, or it interrupts the run.
  // Returns the interruption's reason ("" otherwise).
  std::string Run() {
    problem_.Seed(*this);
    while (!worklist_->empty()) {
      std::string stop = problem_.Interrupt(*this);
      if (!stop.empty()) return stop;
      Step(worklist_->select());
      if (problem_.Done()) break;
    }
    return "";
  }

  // One step back from a path edge (Figure 3, line 7: each edge (s, s') of
  // the ICFG into the point; see the header comment).
  void Step(const PathEdge& e) {
    if (problem_.AtProcedureStart(e)) {
      problem_.FlowOutOfProcedure(e);
    } else if (problem_.InsideBlock(e)) {
      problem_.FlowThroughInstruction(e);
    } else {
      for (const auto& edge : problem_.EdgesInto(e)) {
        if (problem_.IsCall(e, edge)) {
          problem_.FlowThroughCall(e, edge);
        } else {
          problem_.FlowAlongEdge(e, edge);
        }
      }
    }
  }

  // True before the first path edge is added.
  bool empty() const { return path_edges_.empty() && worklist_->empty(); }
  // Takes the path edges still waiting, in the worklist's order.
  std::vector<PathEdge> TakeWorklist() {
    std::vector<PathEdge> left;
    while (!worklist_->empty()) left.push_back(worklist_->select());
    return left;
  }

 private:
  Problem& problem_;
  std::unique_ptr<Worklist> worklist_;
  absl::flat_hash_map<Point, std::vector<Fact>> path_edges_;
};

}  // namespace jwp::wp

#endif  // JWP_WP_TABULATION_H_
