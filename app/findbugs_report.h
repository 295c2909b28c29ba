// FindBugs / SpotBugs BugCollection XML (issue #8): the reader, and the goal
// each null-dereference report makes in the jar's bytecode.
//
// The reader accepts what FindBugs 3.x and SpotBugs 4.x write with -xml and
// -xml:withMessages. <Errors>, <Project> paths, missing-class sections and
// unknown elements are ignored; the class path is the user's, never the
// report's.
//
// Where each report type puts its dereference (see
// ../shared/data/findbugs/README.md):
//   NP_NULL_ON_SOME_PATH (and _EXCEPTION, _MIGHT_BE_INFEASIBLE),
//   NP_GUARANTEED_DEREF (and _ON_EXCEPTION_PATH), NP_ALWAYS_NULL (and
//   _EXCEPTION), NP_DEREFERENCE_OF_READLINE_VALUE,
//   NP_IMMEDIATE_DEREFERENCE_OF_READLINE: the SourceLine with role
//   SOURCE_LINE_DEREF (else the primary SourceLine).
//   NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE: SOURCE_LINE_INVOKED is the call
//   whose result may be null; the dereference is the first use of that
//   result that dereferences it.
//   NP_NULL_PARAM_DEREF (and _ALL_TARGETS_DANGEROUS, _NONVIRTUAL):
//   SOURCE_LINE_INVOKED is the call, INT_MAYBE_NULL_ARG the argument
//   (1-based); the goal is npe-arg:K at the call (wp/goal.h).
//   RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE: the primary SourceLine
//   without a role is the dereference.
#ifndef JWP_APP_FINDBUGS_REPORT_H_
#define JWP_APP_FINDBUGS_REPORT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_hierarchy.h"
#include "wp/goal.h"

namespace jwp::app {

// One <BugInstance>.
struct FindBugsReport {
  int index = 0;               // position among the file's BugInstances, from 0
  std::string type;            // "NP_NULL_ON_SOME_PATH", ...
  std::string instance_hash;   // instanceHash ("" when absent)
  int priority = 0;            // priority attribute (0 when absent)
  std::string message;         // LongMessage, else ShortMessage, else ""
  // The primary <Method>: the method the report is about.
  std::string class_name;      // internal form, "pkg/Outer$Inner"
  std::string method_name;
  std::string descriptor;      // "(Ljava/lang/String;)V"
  bool is_static = false;
  // Where the report puts its dereference (rules at the top of this file),
  // or the call for _FROM_RETURN_VALUE and NP_NULL_PARAM_DEREF.
  int32_t line = -1;           // start line, -1 when the report gives none
  int32_t bci = -1;            // startBytecode, -1 when the report gives none
  std::string role;            // the role of that SourceLine ("" for the primary one)
  int argument = 0;            // NP_NULL_PARAM_DEREF: INT_MAYBE_NULL_ARG (1-based); 0 otherwise
  std::string called;          // the <Method role="METHOD_CALLED">, "pkg.C.m(desc)"; "" when absent
  std::string value_name;      // the LocalVariable / Field the report names, "" when absent
};

struct FindBugsFile {
  std::string tool_version;    // BugCollection version attribute
  std::string project;         // Project projectName ("" when absent)
  std::vector<FindBugsReport> reports;  // every BugInstance, in file order
};

// Reads a BugCollection XML file. Errors: NotFound (no such file),
// InvalidArgument (not well-formed XML: with the parser's message and the
// line; root element is not BugCollection; a BugInstance without type or
// without a primary Method; malformed numbers), each naming the file.
absl::StatusOr<FindBugsFile> ReadFindBugsFile(const std::string& path);
// The same from text; `name` stands for the file in messages.
absl::StatusOr<FindBugsFile> ParseFindBugsXml(std::string_view xml, const std::string& name);

// The report types that make goals (the list at the top of this file).
bool IsDereferenceReport(std::string_view type);

// The goal a dereference report makes, located in the bytecode of `h`.
struct ReportGoal {
  wp::GoalSpec spec;           // kind kNpe at @bci:N (or kNpeArg at the call), descriptor filled in
  std::string how;             // how it was located, for the user: "the dereference at bci 12 (line 40)",
                               // "the first dereference (bci 17, line 41) of the value returned at bci 12"
};

// Errors: FailedPrecondition for a type that makes no goal; NotFound when
// the class, the method, the instruction at the report's bci/line, or a
// dereference of the reported value is not in the bytecode (the message
// names the report and what is missing); whatever IR construction reports.
absl::StatusOr<ReportGoal> GoalForReport(const classfile::ClassHierarchy& h, const FindBugsReport& report);

}  // namespace jwp::app

#endif  // JWP_APP_FINDBUGS_REPORT_H_
