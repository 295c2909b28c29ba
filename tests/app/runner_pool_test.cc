// Serving witness runners (app/runner_pool.h): a reply is taken only when it
// names the witness asked for, and a parent's runner serves the goal
// processes it forks one after another until one of them ends abnormally.
// The runner here is a shell script that speaks WitnessRunner --serve's
// protocol and counts the requests it served: what it answers shows which
// runner process served.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "app/runner_pool.h"
#include "gtest/gtest.h"
#include "tests/test_support.h"

namespace jwp::app {
namespace {

// A fake runner: each request line is answered "served N by PID", naming
// `named` as the witness it answers ("" : the line it read).
std::vector<std::string> FakeRunner(const jwp::testing::TempDir& dir, const std::string& named) {
  const std::string script = dir.File(named.empty() ? "runner.sh" : "liar.sh");
  std::ofstream(script) << "#!/bin/sh\n"
                           "n=0\n"
                           "while IFS= read -r line; do\n"
                           "  n=$((n+1))\n"
                           "  out=\"served $n by $$\"\n"
                        << (named.empty() ? "  name=\"$line\"\n" : "  name='" + named + "'\n")
                        << "  printf 'JWP-RUNNER 1 %d 0 %s\\n%s' \"${#out}\" \"$name\" \"$out\"\n"
                           "done\n";
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  return {script};
}

TEST(RunnerPool, AReplyIsTakenOnlyForTheWitnessAskedFor) {
  jwp::testing::TempDir dir;
  ProcessResult first, second;
  ASSERT_TRUE(ServeWitness(FakeRunner(dir, ""), "/tmp/a witness.json", &first));
  EXPECT_EQ(first.status, 1);
  EXPECT_TRUE(first.out.starts_with("served 1 by ")) << first.out;
  ASSERT_TRUE(ServeWitness(FakeRunner(dir, ""), "/tmp/another.json", &second));
  EXPECT_TRUE(second.out.starts_with("served 2 by ")) << second.out;  // the same runner
  ProcessResult lie;
  EXPECT_FALSE(ServeWitness(FakeRunner(dir, "/tmp/someone-else.json"), "/tmp/mine.json", &lie));
  EXPECT_EQ(lie.status, -1);  // nothing taken from the reply
}

// What ServeWitness answers in a child forked after `lend` (the parent's
// part of a goal process's start), sent back through a pipe.
std::string ServedInAChild(const std::vector<std::string>& runner, RunnerSlots& slots, int slot) {
  slots.LendToNextChild(slot);
  int fds[2];
  if (pipe(fds) != 0) return "no pipe";
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    ProcessResult r;
    const std::string text = ServeWitness(runner, "/tmp/w.json", &r) ? r.out : "not served";
    (void)!write(fds[1], text.data(), text.size());
    _exit(0);
  }
  close(fds[1]);
  std::string text;
  char buf[256];
  for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<size_t>(n));
  close(fds[0]);
  waitpid(pid, nullptr, 0);
  return text;
}

TEST(RunnerPool, ChildrenInASlotShareItsRunnerUntilOneEndsAbnormally) {
  jwp::testing::TempDir dir;
  const std::vector<std::string> runner = FakeRunner(dir, "");
  RunnerSlots slots(runner, 2);
  const std::string a = ServedInAChild(runner, slots, 0);
  slots.ChildEnded(0, /*clean=*/true);
  const std::string b = ServedInAChild(runner, slots, 0);
  slots.ChildEnded(0, /*clean=*/true);
  ASSERT_TRUE(a.starts_with("served 1 by ")) << a;
  // The second child's request is the same runner's second.
  EXPECT_EQ(b, "served 2 by " + a.substr(std::string("served 1 by ").size()));
  // Another slot has a runner of its own.
  const std::string other = ServedInAChild(runner, slots, 1);
  slots.ChildEnded(1, /*clean=*/true);
  EXPECT_TRUE(other.starts_with("served 1 by ")) << other;
  EXPECT_NE(other, a);
  // A child that ended abnormally may have left a request half done: its
  // slot's runner is dropped and the next child gets a new one.
  slots.ChildEnded(0, /*clean=*/false);
  const std::string c = ServedInAChild(runner, slots, 0);
  slots.ChildEnded(0, /*clean=*/true);
  EXPECT_TRUE(c.starts_with("served 1 by ")) << c;
  EXPECT_NE(c, a);
}

}  // namespace
}  // namespace jwp::app
