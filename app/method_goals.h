// What jwp exceptions and jwp testgen --cover share: the public and
// protected methods of a jar in a scope, and one goal searched with a method
// as its own entry, its witness confirmed on the JVM.
#ifndef JWP_APP_METHOD_GOALS_H_
#define JWP_APP_METHOD_GOALS_H_

#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "callgraph/method_cache.h"
#include "classfile/class_path.h"
#include "nlohmann/json.hpp"
#include "wp/engine.h"

namespace jwp::app {

// A method in scope.
struct ScopeMethod {
  std::string owner;  // internal name
  std::string name, descriptor;
  std::string java() const;  // "pkg.C.m(desc)"
};

// The archive of the first class path entry (the jar documented or
// tested): the first user archive that is not the JDK models' jar.
const classfile::Archive* FirstUserArchive(const classfile::ClassPath& cp, const std::string& class_path);

// The public and protected methods with code of the public classes of
// `archive` in the scope (classes "pkg.C", packages "pkg." or methods
// "pkg.C.m"; empty: all), in the archive's order, then declaration order;
// `matched` says which scope entries named something.
std::vector<ScopeMethod> MethodsInScope(const classfile::ClassPath& cp, const classfile::Archive& archive,
                                        const std::vector<std::string>& scope, std::set<std::string>* matched);

// MethodsInScope over the first class path entry, each scope entry that
// names nothing an error on `err` (*status 1, the others still listed); a
// first entry that cannot be opened is an error too (*status 2, no methods).
std::vector<ScopeMethod> SelectMethods(const classfile::ClassPath& cp, const std::string& class_path,
                                       const std::vector<std::string>& scope, std::ostream& err, int* status);

struct MethodGoalOptions {
  std::string class_path, jdk;
  double timeout_s = 20;  // per goal
  bool confirm = true;    // replay the witness on the JVM (and let the search pass calls optimistically)
  bool exact = false;     // no optimistic calls (issue #27)
  wp::EngineOptions engine;
};

// Searches `kind` at `where` ("line:N" or "bci:N") of method m with m as
// the entry: the fields of jwp wp --json (no summaries, call graph or
// SMT-LIB), or verdict ERROR / NO_GOAL with the reason. `confirmed` is the
// runner's verdict on a FOUND (unset when it did not run or failed). With
// engine.max_preconditions > 1 a FOUND also has "alternatives" (each with
// its precondition, line, witness and "confirmed"), "exhaustive" and
// "merged_precondition" (wp::Result's).
nlohmann::ordered_json SearchMethodGoal(const classfile::ClassHierarchy& h, const ScopeMethod& m,
                                        const std::string& where, const std::string& kind,
                                        const MethodGoalOptions& o, std::optional<bool>* confirmed);

// The goal `goal_text` ("pkg.C.m(desc)@line:N") of `kind` searched from
// `entry` ("pkg.D.n(desc)"), as SearchMethodGoal.
nlohmann::ordered_json SearchGoal(const classfile::ClassHierarchy& h, const std::string& goal_text,
                                  const std::string& kind, const std::string& entry, const MethodGoalOptions& o,
                                  std::optional<bool>* confirmed);

// The names of a method's parameters (the LocalVariableTable's, else
// arg<i>), `this` not included; empty when the method cannot be read.
std::vector<std::string> ParameterNames(callgraph::MethodCache& cache, const std::string& owner,
                                        const std::string& name, const std::string& descriptor);

}  // namespace jwp::app

#endif  // JWP_APP_METHOD_GOALS_H_
