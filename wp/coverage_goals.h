// Coverage goals (issue #31, jwp testgen --cover): the places of a method a
// test suite should reach, each a goal the engine can search with the method
// as its own entry. Per method, in bytecode order:
//   - both outcomes of every conditional branch and every case of a switch:
//     a `reach` goal at the first instruction of each successor block
//     (blocks that several outcomes share count once);
//   - every athrow: a `throw` goal at it;
//   - every return: a `reach` goal at it (the method's normal completion).
// Unreachable blocks and exception handlers are not goals of their own (a
// handler is reached through the throw or call that enters it).
#ifndef JWP_WP_COVERAGE_GOALS_H_
#define JWP_WP_COVERAGE_GOALS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::wp {

struct CoverageGoal {
  enum class What : uint8_t { kBranch, kThrow, kReturn };
  What what = What::kBranch;
  uint32_t bci = 0;
  int32_t line = -1;
  ir::BlockId block = ir::kNone;
  std::string kind() const { return what == What::kThrow ? "throw" : "reach"; }  // the goal kind
  std::string where() const { return "bci:" + std::to_string(bci); }                // as a goal's place
  std::string describe() const;  // "branch at line 12 (bci 7)", "throw at line 14", "return at line 20"
};

std::vector<CoverageGoal> CoverageGoals(const ir::MethodIR& ir);

// Whether every execution that reaches `reached` has passed `goal` (its
// block dominates, or comes first in, the block of `reached`): a test that
// reaches the one covers the other.
bool PassedOnTheWay(const ir::Dominators& dominators, const CoverageGoal& goal, const CoverageGoal& reached);

}  // namespace jwp::wp

#endif  // JWP_WP_COVERAGE_GOALS_H_
