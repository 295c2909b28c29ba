// jwp exceptions --compare-javadoc (issue #30): the hardening report. For
// each method in scope, the exceptions its Javadoc documents that jwp
// confirmed with a condition, those it could not (and why: among them, a
// documented case the code answers with another exception, `thrown_instead`
// in the JSON), and those jwp confirmed that the Javadoc does not mention.
#ifndef JWP_APP_JAVADOC_COMPARISON_H_
#define JWP_APP_JAVADOC_COMPARISON_H_

#include <functional>
#include <string>
#include <vector>

#include "app/javadoc_throws.h"
#include "nlohmann/json.hpp"

namespace jwp::app {

// Whether exception `a` is `b` or a subclass of it (binary Java names).
using IsExceptionSubtype = std::function<bool(const std::string& a, const std::string& b)>;

// The documented (method, exception) pairs of the methods in `in_scope`
// ("pkg.C.m(desc)", as jwp exceptions names them) against `pairs` (jwp
// exceptions' JSON: method, exception, condition, verdict, reason). A
// documented T counts as confirmed when a pair of the method with a
// condition is T or a subclass of it (ArrayIndexOutOfBoundsException for a
// documented IndexOutOfBoundsException).
struct JavadocComparison {
  int documented = 0;     // (method, exception) pairs the Javadoc names
  int confirmed = 0;      // of those, confirmed by jwp with a condition
  int witnessed = 0;      // of the others, thrown on the JVM for an example input (through assumed calls)
  int undocumented = 0;   // pairs jwp confirmed that the Javadoc does not name
  int never_thrown = 0;   // documented pairs no input throws (every search of them exhaustive)
  // Documented pairs whose named case (an argument that is null) jwp
  // confirmed with another exception: the Javadoc names the wrong type.
  int other_exception = 0;
  std::string report;     // for the reader, ending with the counts
  nlohmann::ordered_json json;  // per method: documented_confirmed, documented_not_confirmed, undocumented
};
JavadocComparison CompareWithJavadoc(const std::vector<DocumentedMethod>& documented,
                                     const std::vector<std::string>& in_scope, const nlohmann::ordered_json& pairs,
                                     const IsExceptionSubtype& is_subtype);

// "pkg.C.m(desc)" -> "pkg.C", "m", "(params)" (the key Javadoc members
// are matched on); false when it is not so formed.
bool SplitMethodName(const std::string& java, std::string* cls, std::string* name, std::string* params);

}  // namespace jwp::app

#endif  // JWP_APP_JAVADOC_COMPARISON_H_
