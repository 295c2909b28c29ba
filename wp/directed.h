// Directed call-graph construction (PLDI'09 Section 4, Figure 4): the
// driver's side of the search. A call whose targets are not all enabled is
// skipped with skolems for the rest; a minterm that reaches the entry with
// such skolems waits here, and when the phase ends (or has run long enough
// with minterms waiting) the targets they need are chosen for the next
// phase, which starts over with them (RunGoal, directed.cc).
//
// What one phase chooses with is a PhaseChoices made anew for every phase;
// the sites (what the skolems of one call site stand for) are kept across
// phases. Internal to wp/.
#ifndef JWP_WP_DIRECTED_H_
#define JWP_WP_DIRECTED_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"
#include "logic/minterm.h"
#include "wp/engine.h"
#include "wp/vocabulary.h"

namespace jwp::wp::internal {

struct Target;  // wp_problem.h

constexpr size_t kMaxPending = 256;           // minterms waiting for expansion per phase
constexpr size_t kSmallSite = 4;              // targets enabled at once without a wider search
constexpr uint64_t kPhaseGrace = 200;         // steps a phase runs on after minterms wait
constexpr uint64_t kMaxCandidateChecks = 256; // Z3 checks of expansion candidates per phase
constexpr size_t kTraceWidth = 400;  // characters of a minterm in a --trace line

// A call site that directed construction may expand: what the skolems of
// one Vocabulary::call_site stand for.
struct DirectedSite {
  std::string key;  // "pkg/C.m(desc)@bci" (EnabledTargets::SiteKey)
  std::shared_ptr<const ir::MethodIR> ir;
  ir::InsnId call;
  std::vector<Target>* targets;  // the class-hierarchy targets (WpProblem::targets)
};

// A minterm that reached the entry (of activation `act`) with skolems of
// directed sites.
struct Pending {
  logic::Minterm phi;
  int32_t act;
};

// A directed site of a waiting minterm and the targets not yet enabled
// that it may take there (sorted).
struct SiteCandidates {
  std::string key;  // as DirectedSite::key
  std::vector<std::string> targets;
  // A waiting minterm skipped the site more than once (mostly a loop
  // through it, or two calls of its method): waiting longer only unrolls
  // the loop further.
  bool repeated = false;
};

// What directed construction asks of the wp problem: a site's targets as
// the type facts bound them, whether the solver allows a dispatch, the
// entry's declared types, and the phase's budget, reasons and statistics.
class DirectedQueries {
 public:
  // The targets not yet enabled at `site` that the dispatch skolem `sigma`
  // may take by the receiver's type bounds in `facts`.
  virtual std::vector<std::string> BoundedTargets(std::span<const logic::Term> facts, logic::Term sigma,
                                                  const DirectedSite& site) = 0;
  // May `sigma` of waiting minterm `p` be target `target` of `site`? False
  // only on a real unsat.
  virtual bool DispatchFeasible(const Pending& p, logic::Term sigma, const DirectedSite& site,
                                const std::string& target) = 0;
  // What an input at the entry of activation `act` is: null or of its
  // declared type (EntryCheck::DeclaredTypeBounds).
  virtual std::vector<logic::Term> DeclaredTypeBounds(int32_t act) = 0;
  virtual bool OutOfTime() const = 0;
  // Why the search is not exhaustive (the phase's reasons).
  virtual void Note(std::string reason) = 0;
  virtual Result::Stats& PhaseStats() = 0;

 protected:
  ~DirectedQueries() = default;
};

// A minterm as Java, cut at kTraceWidth characters (for --trace).
std::string TraceText(const logic::TermManager& tm, const logic::Minterm& m);

class DirectedConstruction {
 public:
  DirectedConstruction(logic::TermManager& tm, const Vocabulary& vocab, const EngineOptions& opt,
                       DirectedQueries& queries)
      : tm_(tm), vocab_(vocab), opt_(opt), queries_(queries) {}

  // The skolems of Vocabulary::call_site `skolem_site` stand for the
  // targets of `site` not enabled (kept across phases; the first wins).
  void AddSite(uint32_t skolem_site, DirectedSite site) { sites_.try_emplace(skolem_site, std::move(site)); }
  bool IsSite(uint32_t skolem_site) const { return sites_.contains(skolem_site); }

  // A minterm at the entry of activation `act` with skolems of directed
  // sites waits for the phase's choice; false (nothing kept) when
  // kMaxPending already wait.
  bool Wait(const logic::Minterm& phi, int32_t act);
  // Records the targets phi's literals pin (σ_method == m' for a skipped
  // site whose candidates include m'); called for every new minterm.
  void NotePinned(const logic::Minterm& phi);
  // Minterms or pins this phase has not chosen targets for yet.
  bool Waiting() const { return ph_.pending.size() > ph_.pending_checked || ph_.big || !ph_.pinned.empty(); }
  // Before each step of the phase (`steps` so far): once minterms have
  // waited as long again as it took to produce the first of them, choose
  // targets; the reason the phase ends early when there are some, else "".
  std::string Interrupt(uint64_t steps);
  // Chooses the targets the waiting minterms need (directed.cc).
  void ChooseExpansions(bool allow_big);
  // The targets to enable for the next phase (site key, target key).
  const std::vector<std::pair<std::string, std::string>>& to_enable() const { return ph_.to_enable; }
  // Phase `phase` starts: the choices are made anew (the sites stay).
  void StartPhase(uint32_t phase) {
    phase_ = phase;
    ph_ = PhaseChoices{};
  }
  // No minterm waits and nothing is chosen: what a phase starts with.
  bool Fresh() const { return ph_.pending.empty() && ph_.to_enable.empty() && ph_.pinned.empty(); }

 private:
  // What one phase chooses with: made anew for every phase (StartPhase).
  struct PhaseChoices {
    // Minterms that wait at the entry for targets.
    std::vector<Pending> pending;
    size_t pending_checked = 0;   // pending[0, pending_checked) were looked at
    uint64_t pending_since = 0;   // the step at which the unchecked ones began
    std::vector<std::pair<std::string, std::string>> to_enable;
    // Targets of skipped sites that a minterm's literals pin on its way
    // (sigma == M): the minterm needs them wherever it ends, so the phase
    // ends early for them as for a waiting minterm (the issue's
    // "monomorphic sites first"). By site key; the literals already looked at.
    std::map<std::string, std::set<std::string>> pinned;
    absl::flat_hash_set<logic::Term> pin_checked;
    // The site with the fewest candidates seen this phase among those with
    // more than kSmallSite, enabled when nothing cheaper is found.
    std::optional<SiteCandidates> big;
    uint32_t graces = 0;  // times the phase's grace ran out
    // Sites of the waiting minterms this phase (not refuted): how many of
    // the minterms mention each, and the targets the type bounds allow.
    uint64_t waiting_counted = 0;
    std::map<std::string, std::pair<uint64_t, std::set<std::string>>> waiting_sites;
  };
  // The sites of a waiting minterm's candidates, cheapest first; nullopt
  // when some site has no target left (the minterm is refuted).
  struct Ranked {
    std::vector<SiteCandidates> sites;
    std::map<std::string, std::vector<logic::Term>> sigmas;  // by site key
    absl::flat_hash_map<std::string, const DirectedSite*> by_key;
  };
  std::optional<Ranked> rank_sites(const Pending& p);
  // Chooses for waiting minterm `p`: the cheap sites into `small`, a large
  // one into ph_.big; false when the minterm is refuted.
  bool choose_for(const Pending& p, std::map<std::string, std::set<std::string>>& small);
  bool tracing() const { return static_cast<bool>(opt_.trace); }
  // The sites of `small` that every waiting minterm (two or more) passes
  // through, with all their targets (within max_targets).
  void add_common_sites(std::map<std::string, std::set<std::string>>& small, uint32_t min_waiting) const;

  logic::TermManager& tm_;
  const Vocabulary& vocab_;
  const EngineOptions& opt_;
  DirectedQueries& queries_;
  uint32_t phase_ = 1;
  absl::flat_hash_map<uint32_t, DirectedSite> sites_;  // by Vocabulary::call_site: kept across phases
  PhaseChoices ph_;
};

}  // namespace jwp::wp::internal

#endif  // JWP_WP_DIRECTED_H_
