// The summary side of the RHS tabulation algorithm (Reps, Horwitz, Sagiv,
// POPL'95, Figure 4; WALA's TabulationSolver), run backwards as PLDI'09
// Section 5 does: a "call" enters a callee at its exit with the dependent
// part of the postcondition, and an "end" is a precondition that reached
// the callee's entry. In RHS words:
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
// KeepOnly, which keeps the ids of what it keeps. Not thread-safe.
#ifndef JWP_WP_TABULATION_H_
#define JWP_WP_TABULATION_H_

#include <cstdint>
#include <functional>
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

}  // namespace jwp::wp

#endif  // JWP_WP_TABULATION_H_
