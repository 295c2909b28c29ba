// Coverage goals (issue #31, jwp testgen --cover): the places of a method a
// test suite should reach, each a goal the engine can search with the method
// as its own entry. Per method, in bytecode order:
//   - both outcomes of every conditional branch and every case of a switch:
//     a `reach` goal at the first instruction of the successor when the
//     outcome is the only way into it, else a `branch:O` goal at the branch
//     (`a || b` enters one block by two outcomes: each is a goal of its own,
//     as JaCoCo counts them);
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
  uint32_t bci = 0;   // the instruction reached; for an outcome goal, the branch
  int32_t line = -1;
  std::string outcome;  // "" a place reached; else the branch's outcome: true, false, default or a case value
  // Where a test that reaches the goal is: its block and the first instruction there.
  ir::BlockId block = ir::kNone;
  uint32_t block_bci = 0;
  std::string kind() const;                                           // reach, throw or branch:O
  std::string where() const { return "bci:" + std::to_string(bci); }  // as a goal's place
  // "branch at line 12 (bci 7)", "outcome false of the branch at line 10 (bci 7)", "throw at line 14",
  // "return at line 20"
  std::string describe() const;
};

std::vector<CoverageGoal> CoverageGoals(const ir::MethodIR& ir);

// Whether every execution that reaches `reached` has passed `goal` (its
// block dominates, or comes first in, the block of `reached`): a test that
// reaches the one covers the other.
bool PassedOnTheWay(const ir::Dominators& dominators, const CoverageGoal& goal, const CoverageGoal& reached);

}  // namespace jwp::wp

#endif  // JWP_WP_COVERAGE_GOALS_H_
