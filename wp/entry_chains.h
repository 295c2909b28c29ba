// The chains of callers from the goal's method up to a named entry
// (EngineOptions::entry): which methods lie on one, within how many levels.
// The search goes up only through those (WpProblem::go_up); the wp
// command refuses an entry that no chain reaches before it searches
// (CheckEntryReachesGoal).
#ifndef JWP_WP_ENTRY_CHAINS_H_
#define JWP_WP_ENTRY_CHAINS_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "callgraph/callers.h"
#include "callgraph/method_cache.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::wp {

struct Goal;
struct EngineOptions;

struct EntryChains {
  // The walk listed every method within the depth (at most kMaxMethods);
  // otherwise `on_chain` says nothing and every caller is to be followed.
  bool complete = false;
  // It stopped at the depth with methods whose callers it did not list: a
  // method off every chain may still reach the entry through a longer one.
  bool cut_at_depth = false;
  // The methods (MethodIR::QualifiedName) on some chain of callers from the
  // goal's method up to an entry, both ends included.
  absl::flat_hash_set<std::string> on_chain;

  static constexpr size_t kMaxMethods = 256;
};

// Whether `m` is the entry `entry` names ("pkg.C.m" or "pkg.C.m(desc)").
bool IsNamedEntry(const ir::MethodIR& m, std::string_view entry);

// Breadth-first up from `from` through `callers_of`, at most `max_depth`
// levels, then the methods that reach an `is_entry` one, to a fixpoint
// (recursion). Callers whose IR cannot be built are passed over.
EntryChains FindEntryChains(std::shared_ptr<const ir::MethodIR> from, uint32_t max_depth,
                            const std::function<bool(const ir::MethodIR&)>& is_entry,
                            const std::function<std::vector<callgraph::CallSiteRef>(const ir::MethodIR&)>& callers_of,
                            callgraph::MethodCache& cache);

// With a named entry: an error (NotFound, naming the entry, the goal's
// method and the depth) when no chain of callers within max_caller_depth
// leads from the entry to the goal's method and the walk that says so was
// complete; OK otherwise (no entry named, a chain exists, or the walk could
// not tell).
absl::Status CheckEntryReachesGoal(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options);

// Why the search starts where it does (issue #32), said with every result:
// the entry --entry named; the goal's own method, when it is public (a
// goal in a public helper answers the helper's question, not its
// callers': the public methods that call it directly are listed); or, for
// a method that is not public, its callers up to the closest public ones.
struct EntryChoice {
  std::string reason;
  // The goal's method is public and no entry is named: the public methods
  // ("pkg.C.m(desc)", sorted) that call it directly, at most kMaxListed,
  // and how many there are in all.
  std::vector<std::string> public_callers;
  size_t public_callers_total = 0;

  static constexpr size_t kMaxListed = 20;
};
EntryChoice ExplainEntry(const classfile::ClassHierarchy& h, const Goal& goal, const EngineOptions& options);

}  // namespace jwp::wp

#endif  // JWP_WP_ENTRY_CHAINS_H_
