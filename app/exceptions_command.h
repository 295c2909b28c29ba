// `jwp exceptions -cp JAR[:DEPS] [SCOPE...]` (issue #30): the exceptions a
// jar's public methods throw, each with the precondition under which it
// leaves the method, confirmed on the JVM before it is printed.
//
// For each method, the exception types that may leave it
// (absint/thrown_types.h: its own `throw`s, the JVM's implicit exceptions,
// its callees', two calls deep) are each one goal, "M@any exit:T" with the
// method as its entry, searched for several preconditions
// (EngineOptions::max_preconditions). Each precondition's witness is run on
// the JVM; the confirmed ones are merged into one condition per (method,
// exception), complete when the search was exhaustive
// (app/exception_conditions.h). Each method's goals are searched in a
// child process of its own (--jobs at once, --memory-mb each): one that
// fails costs only its goal. --compare-javadoc reads the `Throws:`
// sections of the jar's Javadoc (app/javadoc_throws.h) and reports what
// jwp confirmed of them, and what it confirmed that they do not say.
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
  double timeout_s = 20;     // per goal (a method and an exception type)
  // Each goal is searched first for at most this long (0, or not less than
  // timeout_s: the whole --timeout at once). Measured on commons-lang3's
  // sample (bench/README.md, session 33): nearly every condition a 5 s
  // search finds, a 1 s one finds too; the rest of the 5 s goes into goals
  // that end UNKNOWN either way.
  double first_timeout_s = 1;
  // With search_again, a goal whose first search found example inputs but
  // no condition (FOUND, every confirmed precondition assumed what a call
  // returns, or is over internal state) is searched again with the whole
  // timeout_s. Off by default: over sessions 36-39 (bench/README.md) 2 of
  // 70 second searches gave a condition, and they took 15-17% of the time.
  bool search_again = false;
  uint32_t max_conditions = 4;  // preconditions searched per goal (merged into one condition)
  // The share of --timeout, first_timeout_s and --max-steps a goal gets when its type is a
  // runtime exception the JVM raises implicitly and only callees raise it
  // (SecondaryGoal in exceptions_command.cc); 1: the whole budget.
  double callee_runtime_share = 0.25;
  std::string format = "text";  // text, javadoc or markdown
  std::string out_dir;          // markdown: one page per class goes there
  std::string compare_javadoc;  // "" none: else the Javadoc HTML to compare with
  bool progress = true;         // a progress line on stderr when it is a terminal
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
