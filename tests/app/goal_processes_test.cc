// Goals searched in child processes (app/goal_processes.h): a child that a
// failed JWP_CHECK aborts gives its goal the failed check as the reason (not
// a guess at the signal), and the other goals of the batch keep their
// results.
#include <map>
#include <string>
#include <vector>

#include "app/goal_processes.h"
#include "base/check.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace jwp::app {
namespace {

using ::testing::HasSubstr;

TEST(GoalProcesses, AFailedCheckIsTheReasonAndCostsOnlyItsGoal) {
  GoalProcessOptions o;
  o.jobs = 1;
  o.memory_mb = 0;
  GoalProcesses processes(o);
  bool broken = true;  // the check's condition, false at run time
  processes.Submit(0, [&](const Emit& emit) {
    emit(nlohmann::ordered_json{{"goal", 0}});
    JWP_CHECK(!broken, "a broken invariant of goal 0");
  });
  processes.Submit(1, [](const Emit& emit) { emit(nlohmann::ordered_json{{"goal", 1}}); });
  std::vector<size_t> results;
  std::map<size_t, std::string> why;
  std::string error;
  ASSERT_TRUE(processes.Run([&](size_t id, nlohmann::ordered_json) { results.push_back(id); },
                            [&](size_t id, const ChildEnd& end) { why[id] = end.Why(o); }, [](size_t) {}, &error))
      << error;
  EXPECT_EQ(results, (std::vector<size_t>{0, 1}));
  EXPECT_THAT(why[0], HasSubstr("a check failed"));
  EXPECT_THAT(why[0], HasSubstr("goal_processes_test.cc"));
  EXPECT_THAT(why[0], HasSubstr("a broken invariant of goal 0"));
  EXPECT_THAT(why[0], ::testing::Not(HasSubstr("signal")));
  EXPECT_EQ(why[1], "");
}

}  // namespace
}  // namespace jwp::app
