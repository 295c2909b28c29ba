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
//   NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE: SOURCE_LINE_KNOWN_NULL is the
//   call whose result may be null; the other SourceLine says where FindBugs
//   sees that result used: SOURCE_LINE_DEREF (dereferenced there),
//   SOURCE_LINE_INVOKED (passed there to a parameter that must not be null:
//   the NullPointerException is the callee's, as for NP_NULL_PARAM_DEREF),
//   SOURCE_LINE_RETURNED (returned from a method that must not return null:
//   no dereference at all). (../shared/data/findbugs/README.md reads
//   SOURCE_LINE_INVOKED as the call that returns the value; in the reports
//   of FindBugs 3.0.1 it is the call that receives it, e.g. guava's
//   Platform.getEnumIfPresent: KNOWN_NULL at bci 26 WeakReference.get(),
//   INVOKED at bci 35 Optional.of(...).) The goal is at that use: npe at a
//   dereference of the result (directly, through checkcast, Class.cast or a
//   phi that merges it), npe-arg:K at a call that passes it as argument K;
//   when the use names neither, the first dereference of the result after
//   the call.
//   NP_NULL_PARAM_DEREF (and _ALL_TARGETS_DANGEROUS, _NONVIRTUAL):
//   SOURCE_LINE_INVOKED is the call, INT_MAYBE_NULL_ARG the argument
//   (1-based); the goal is npe-arg:K at the call (wp/goal.h).
//   RCN_REDUNDANT_NULLCHECK_WOULD_HAVE_BEEN_A_NPE: the primary SourceLine
//   without a role is the dereference, of the value that the later
//   SOURCE_REDUNDANT_NULL_CHECK tests. FindBugs counts passing the value to
//   a parameter it believes is dereferenced as a dereference: then the goal
//   is npe-arg:K at that call.
// A report whose SourceLine points at a load folded away by the IR (or at
// an instruction that does not use the value) means the next dereference on
// the same line; ReportGoal::how says so.
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

// One <SourceLine> child of a <BugInstance> (not those nested in its
// <Class>, <Method> or <Field>).
struct FindBugsSourceLine {
  std::string role;            // "SOURCE_LINE_DEREF", ...; "" for none
  bool primary = false;        // primary="true"
  int32_t start = -1, end = -1;              // lines, -1 when absent
  int32_t start_bci = -1, end_bci = -1;      // startBytecode / endBytecode, -1 when absent
};

// One <BugInstance>.
struct FindBugsReport {
  int index = 0;               // position among the file's BugInstances, from 0
  std::string type;            // "NP_NULL_ON_SOME_PATH", ...
  std::string instance_hash;   // instanceHash ("" when absent)
  int priority = 0;            // priority attribute (0 when absent)
  std::string message;         // LongMessage, else ShortMessage, else ""
  // The primary <Method>: the method the report is about (primary="true",
  // else the first <Method> without a role). Class- and field-level reports
  // (SE_BAD_FIELD, IS2_INCONSISTENT_SYNC, ...: 261 of the 1517 in
  // ../shared/data/findbugs) have none: then class_name is the primary
  // <Class>'s and method_name and descriptor are "".
  std::string class_name;      // internal form, "pkg/Outer$Inner"
  std::string method_name;
  std::string descriptor;      // "(Ljava/lang/String;)V"
  bool is_static = false;
  // Where the report puts its dereference (rules at the top of this file),
  // or the call for _FROM_RETURN_VALUE (its SOURCE_LINE_KNOWN_NULL) and
  // NP_NULL_PARAM_DEREF. Other types: the primary SourceLine, else the first.
  int32_t line = -1;           // start line, -1 when the report gives none
  int32_t bci = -1;            // startBytecode, -1 when the report gives none
  std::string role;            // the role of that SourceLine ("" for the primary one)
  int argument = 0;            // NP_NULL_PARAM_DEREF: INT_MAYBE_NULL_ARG (1-based); 0 otherwise
  std::string called;          // the <Method role="METHOD_CALLED">, "pkg.C.m(desc)"; "" when absent
  std::string value_name;      // the LocalVariable / Field the report names, "" when absent
                               // (or FindBugs' "?")
  bool value_is_field = false; // value_name names a <Field>
  // NP_NULL_ON_SOME_PATH_FROM_RETURN_VALUE: where FindBugs sees the returned
  // value used (see the top of this file): the SourceLine with role
  // SOURCE_LINE_DEREF, SOURCE_LINE_INVOKED or SOURCE_LINE_RETURNED, that
  // role in use_role. -1 and "" for other types.
  int32_t use_line = -1;
  int32_t use_bci = -1;
  std::string use_role;
  std::vector<FindBugsSourceLine> source_lines;  // in file order
};

struct FindBugsFile {
  std::string tool_version;    // BugCollection version attribute
  std::string project;         // Project projectName ("" when absent)
  std::vector<FindBugsReport> reports;  // every BugInstance, in file order
};

// Reads a BugCollection XML file. Errors: NotFound (no such file),
// InvalidArgument (not well-formed XML: with the parser's message and the
// line; root element is not BugCollection; a BugInstance without type; a
// dereference report (IsDereferenceReport) without a primary Method; a
// primary Method without classname, name or a valid signature; malformed
// or out-of-range numbers), each naming the file and the line:
// "report.xml:12: BugInstance 3 (NP_ALWAYS_NULL): no primary <Method>".
absl::StatusOr<FindBugsFile> ReadFindBugsFile(const std::string& path);
// The same from text; `name` stands for the file in messages.
absl::StatusOr<FindBugsFile> ParseFindBugsXml(std::string_view xml, const std::string& name);

// The report types that make goals (the list at the top of this file).
bool IsDereferenceReport(std::string_view type);

// The goal a dereference report makes, located in the bytecode of `h`.
struct ReportGoal {
  wp::GoalSpec spec;           // kind kNpe at @bci:N (or kNpeArg at the call), descriptor filled in
  // How it was located, for the user. At the instruction the report names it
  // ends with that SourceLine's role:
  //   "the dereference at bci 59 (line 155), a getfield pkg.C.next, of next; FindBugs' SOURCE_LINE_DEREF",
  //   "the call of pkg.Optional.of at bci 35 (line 51), which passes the value returned by the call of
  //    pkg.Ref.get at bci 26 (line 51) as argument 1; FindBugs' SOURCE_LINE_INVOKED";
  // elsewhere it says why: "...; the next on line 155 after FindBugs' SOURCE_LINE_DEREF at bci 57, which
  // the IR folds away (a load or stack operation)", "the first dereference after the call, at ...".
  std::string how;
  int32_t line = -1;           // the source line of the goal's instruction (-1 when unknown)
  wp::Goal goal;               // `spec` resolved (wp::ResolveGoal): what the engine runs
};

// Errors: FailedPrecondition for a type that makes no goal; NotFound when
// the class, the method, the instruction at the report's bci/line, or a
// dereference of the reported value is not in the bytecode (the message
// names the report and what is missing); FailedPrecondition also for a
// _FROM_RETURN_VALUE report whose value is only returned (SOURCE_LINE_RETURNED):
// no dereference at all; whatever IR
// construction reports. The spec returned always resolves (wp::ResolveGoal
// is run on it before it is returned).
absl::StatusOr<ReportGoal> GoalForReport(const classfile::ClassHierarchy& h, const FindBugsReport& report);

}  // namespace jwp::app

#endif  // JWP_APP_FINDBUGS_REPORT_H_
