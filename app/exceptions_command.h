// `jwp exceptions -cp JAR[:DEPS] [SCOPE...]` (issue #30): the exceptions a
// jar's public methods throw, each with the precondition under which it
// leaves the method, confirmed on the JVM before it is printed.
//
// First increment: the goals are the method's own `throw` statements whose
// exception can leave it (an `exit:T` goal per thrown type and line, the
// method itself as the entry); exceptions raised in callees and the JVM's
// implicit ones (NullPointerException, ArrayIndexOutOfBounds, ...) come
// next, as do the merged condition per exception, --format and
// --compare-javadoc. Each method's goals are searched in a child process of
// its own (--jobs at once, --memory-mb each): one that fails costs only its
// goal.
//
// Exit status: 0 the run finished; 1 a scope named nothing; 5 a witness was
// refuted (a bug in jwp); 2 usage or set-up error.
#ifndef JWP_APP_EXCEPTIONS_COMMAND_H_
#define JWP_APP_EXCEPTIONS_COMMAND_H_

#include <iosfwd>
#include <string>
#include <vector>

#include "wp/engine.h"

namespace jwp::app {

struct ExceptionsOptions {
  std::string class_path;
  std::string jdk;
  // Classes ("pkg.C"), packages (a prefix ending in '.') or methods
  // ("pkg.C.m"); empty: every public and protected method of every public
  // class of the first archive of the class path.
  std::vector<std::string> scope;
  double timeout_s = 20;     // per goal
  int jobs = 0;              // methods searched at once, each in a child process (0: the number of cores)
  uint64_t memory_mb = 4096;  // address-space cap of each child (0: none)
  std::string json_out;      // "" none
  std::string tests_dir;     // "" none: else jwp testgen's tests of the confirmed conditions go there
  bool confirm = true;       // replay every witness before printing it
  bool exact = false;        // no optimistic calls (issue #27)
  bool models = true;
  wp::EngineOptions engine;  // the search's budgets
};

int RunExceptions(const ExceptionsOptions& options, std::ostream& out, std::ostream& err);

}  // namespace jwp::app

#endif  // JWP_APP_EXCEPTIONS_COMMAND_H_
