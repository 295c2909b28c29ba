// jwp exceptions' results (issue #30): for a method and an exception type
// that may leave it, the condition under which it does, merged from the
// preconditions the JVM confirmed, marked complete or partial; and the
// renderings of a method's results (text, Javadoc @throws lines, Markdown).
#ifndef JWP_APP_EXCEPTION_CONDITIONS_H_
#define JWP_APP_EXCEPTION_CONDITIONS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absint/thrown_types.h"
#include "nlohmann/json.hpp"

namespace jwp::app {

// The JSON of one (method, exception) pair from the search of its goal
// (`search`: SearchMethodGoal's JSON for "@any" "exit:T", with
// max_preconditions > 1):
//   method, exception (Java name), origin ("throw", "implicit", "callee"),
//   lines (where it leaves the method), verdict (the search's: FOUND,
//   NOT_FOUND, UNKNOWN, NO_GOAL, ERROR), reason, condition (Java, the
//   confirmed disjuncts merged; null when none), complete (the search was
//   exhaustive and every disjunct confirmed: the method throws the type
//   exactly when the condition holds), confirmed / refuted (disjunct
//   counts), disjuncts (each: goal, kind, precondition, smtlib, line,
//   path, witness, confirmed, assumptions), stats.
// `confirm`: false (--no-confirm) takes the disjuncts unreplayed.
nlohmann::ordered_json ExceptionPair(const std::string& method, const absint::ThrownType& type,
                                     const nlohmann::ordered_json& search, bool confirm);

// The operands of `text`'s top-level `op` ("&&" or "||": outside
// parentheses and string or char literals), in order.
std::vector<std::string> TopLevelOperands(const std::string& text, std::string_view op);

// How a method's pairs are printed.
enum class ExceptionsFormat { kText, kJavadoc, kMarkdown };

// The lines of one method's pairs (in the order given), "" when there is
// nothing to print for it. kText: every pair but NO_GOAL and the
// NOT_FOUND of a type only the JVM or a callee raises, each with its
// verdict; kJavadoc: the confirmed conditions as `@throws` lines; kMarkdown
// as a list under the method's heading.
std::string RenderMethod(const std::string& method, const std::vector<nlohmann::ordered_json>& pairs,
                         ExceptionsFormat format);

// A condition as a Javadoc sentence says it: "x == null" as "x is null".
std::string JavadocWording(const std::string& condition);

}  // namespace jwp::app

#endif  // JWP_APP_EXCEPTION_CONDITIONS_H_
