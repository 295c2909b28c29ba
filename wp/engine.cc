// jwp's engine, as the files of wp/ divide it (wp/README.md): the
// tabulation solver (tabulation.h, Figure 3), the wp problem it asks
// (wp_problem.h: the flows; calls.cc, Sections 4-5 and Figure 5), the entry
// check (entry_check.h), the directed driver (directed.h: RunGoal, Figure
// 4), the search order (search_order.h).
// Here: what the result's types need.
#include "wp/engine.h"

#include <algorithm>

namespace jwp::wp {

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kFound: return "FOUND";
    case Verdict::kNotFound: return "NOT_FOUND";
    case Verdict::kUnknown: return "UNKNOWN";
  }
  return "?";
}

namespace {
enum class Across { kSum, kMax, kLast, kGoal, kFirst };
template <class T>
T across_phases(Across how, T goal, T phase) {
  switch (how) {
    case Across::kSum: return goal + phase;
    case Across::kMax: return std::max(goal, phase);
    case Across::kLast: return phase;
    case Across::kGoal: return goal;
    case Across::kFirst: return goal != T{} ? goal : phase;
  }
  return goal;
}
}  // namespace

void Result::Stats::AddPhase(const Stats& phase) {
#define JWP_STAT(type, name, initial, across, comment) name = across_phases(Across::across, name, phase.name);
#include "wp/stats.def"
}

}  // namespace jwp::wp
