// Goals (issue #5): what the weakest-precondition engine is asked to reach,
// parsed from text and located in a method's SSA IR.
//
// A goal names a method and a place in it, and a kind:
//   goal: "pkg.Class.method(desc)@line:N" or "pkg.Class.method(desc)@bci:N";
//         the descriptor is optional ("pkg.Class.method@line:12"), then the
//         name must be unique in the class. Nested classes use '$'
//         ("pkg.Outer$Inner.m@line:3"); '/' works as well as '.'.
//         "pkg.Class.method(desc)@any": the place is every instruction of
//         the method (jwp exceptions: exit:T from wherever T leaves it).
//   kind: "reach", "npe", "throw", "exception:T", "exit:T" (T a class name,
//         dots or slashes), "npe-arg:K" (K >= 1), "branch:O" (O is true,
//         false, default or a case value).
//
// ResolveGoal turns a GoalSpec into GoalSites: the IR instructions (and, for
// exception goals, the exceptional edges) from which the engine starts. The
// place is the set of IR instructions whose source line (LineNumberTable: the
// entry with the greatest start_pc <= bci) is N, or whose bytecode offset is
// N. Parameters and phis are never part of a place. The rules per kind:
//
//   reach  The first instruction(s) through which control enters the place:
//          an instruction of the place is a site when the instruction
//          executed just before it (the previous instruction of its block,
//          or, for the first one of a block, the last instruction of some
//          predecessor block, looking through empty blocks; method entry
//          counts as outside) is not in the place. So a line with one basic
//          statement has one site; a `for (...; ...; ...)` header has one per
//          part entered from elsewhere; a bci duplicated by jsr inlining has
//          one per copy. Reaching the place = reaching one of the sites.
//   npe    Every instruction of the place that dereferences a possibly-null
//          value: getfield, putfield, aload, astore, arraylength, invoke on
//          a receiver (not static), athrow, monitorenter, monitorexit, i.e.
//          every PEI of the place with an exceptional edge whose thrown type
//          is java/lang/NullPointerException. One site per such edge, with
//          `dereferenced` the value whose nullness throws (operand 0). Values
//          known non-null (ir::IsKnownNonNull: `this`, fresh allocations,
//          constants) have no NPE edge and so give no site. A callee's
//          exceptions (edges labelled java/lang/Throwable) are not npe sites.
//   throw  Every athrow of the place (edge kNone): the goal is that it
//          executes, whatever it throws (null included: then it throws NPE).
//   exception:T
//          Every exceptional edge of a PEI of the place that can carry an
//          instance of T (the exception's dynamic type is T or a subtype):
//          with E the edge's thrown type, C its handler's catch type ("" for
//          catch-all and the exceptional exit) and N its not_caught_by list,
//          the edge is a site when E and T are related (E <: T or T <: E),
//          C is "" or related to T, and no type of N is a supertype of T
//          (such an exception would have been caught earlier). "Related"
//          counts kUnknown (missing classes) as related. `type_test` is set
//          when E is not known to be a subtype of T (an athrow of a
//          Throwable-typed value, a callee's Throwable edge): the engine must
//          add `exc instanceof T` on that edge. The edge may lead to a
//          handler: the goal is the throw, not its escape.
//   exit:T The same rule, restricted to edges into the method's exceptional
//          exit: an exception of type T raised at the place (by the
//          instruction itself or rethrown there) leaves the method. The site
//          is the edge into ir->exceptional_exit.
//   npe-arg:K
//          A NullPointerException raised inside the callee of a call of the
//          place that passes null as its K-th argument (1-based, the receiver
//          not counted): FindBugs' NP_NULL_PARAM_DEREF. Every invoke of the
//          place (not invokedynamic) with at least K arguments whose K-th is
//          a reference gives a site: its edge for the callee's exceptions
//          (thrown type java/lang/Throwable), with `dereferenced` the K-th
//          argument and `type_test` set. The engine starts from that edge
//          with exc instanceof NullPointerException and the argument null.
//          (That the callee's NullPointerException comes from dereferencing
//          that very argument is not required here; the witness runner
//          confirms one only while argument K is null and every frame below
//          the callee down to the throwing one got a null argument.)
//   branch:O
//          An outcome of a conditional branch or switch of the place (issue
//          #31's coverage goals): "true" the if's jump is taken, "false" it
//          falls through, "default" a switch's default, a number that case.
//          The site is the if or switch with `edge` its edge of that
//          outcome; the engine starts from the edge (its condition holds).
#ifndef JWP_WP_GOAL_H_
#define JWP_WP_GOAL_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::wp {

enum class GoalKind { kReach, kNpe, kThrow, kException, kExit, kNpeArg, kBranch };

// "reach", "npe", "throw", "exception", "exit", "npe-arg", "branch".
const char* GoalKindName(GoalKind kind);

// The outcome of a conditional edge as branch:O names it: "true", "false",
// "default" or the case value.
std::string BranchOutcome(ir::EdgeKind kind, int32_t case_value);

struct GoalSpec {  // parsed, not yet located
  std::string class_name;   // internal form "pkg/Class" (dots and nested $ accepted in input)
  std::string method_name;
  std::string descriptor;   // "" when the user gave none: then the name must be unique in the class
  enum class Where { kLine, kBci, kAny } where = Where::kLine;  // kAny: every instruction of the method
  int32_t position = 0;
  GoalKind kind = GoalKind::kReach;
  std::string exception_type;  // internal name for kException / kExit (dots accepted in input);
                               // java/lang/NullPointerException for kNpeArg
  int32_t argument = 0;        // kNpeArg: K, 1-based, the receiver not counted
  ir::EdgeKind branch = ir::EdgeKind::kTrue;  // kBranch: kTrue, kFalse, kCase or kDefault
  int32_t case_value = 0;                     // kBranch with kCase

  // "pkg.Class.method(desc)@line:N" (the descriptor in internal form, as in
  // the class file; no parentheses when none was given).
  std::string GoalText() const;
  // "reach", "npe", "throw", "exception:java.lang.ArithmeticException", "exit:...", "npe-arg:2",
  // "branch:true".
  std::string KindText() const;
  // Canonical text: GoalText() + " " + KindText(). ParseGoal accepts both halves back.
  std::string ToString() const;
};

// Parses a goal and its kind (see the top of this file). Errors
// (InvalidArgument) quote the input and say what is malformed.
absl::StatusOr<GoalSpec> ParseGoal(std::string_view goal, std::string_view kind);

// One place where the goal can happen: an IR instruction and, for exception
// goals, the exceptional edge that carries the exception.
struct GoalSite {
  ir::InsnId insn = ir::kNone;
  ir::BlockId block = ir::kNone;
  uint32_t bci = 0;
  int32_t line = -1;
  ir::EdgeId edge = ir::kNone;          // kNpe/kException/kExit: the exceptional edge (kNone otherwise)
  ir::ValueId dereferenced = ir::kNone; // kNpe: the value whose nullness throws; kNpeArg: the argument
                                        // passed null (kNone otherwise)
  bool type_test = false;               // kException/kExit: the edge's thrown type is not known to be a
                                        // subtype of T, so the engine must assume exc instanceof T
};

struct Goal {
  GoalSpec spec;  // with the descriptor filled in
  std::shared_ptr<const ir::MethodIR> ir;
  const classfile::ClassFile* cls = nullptr;       // kept alive by ir->class_file
  const classfile::MethodInfo* method = nullptr;
  std::vector<GoalSite> sites;  // in block order, never empty
};

// Loads the class through the hierarchy's class path, finds the method,
// builds its IR (ir::BuildMethodIR) and finds the sites (rules at the top of
// this file). Errors, each naming the goal:
//   NotFound: no such class; no method of that name (the class's method
//     names are listed); no method with that descriptor (the descriptors of
//     the name are listed); exception type T not on the class path;
//     no instruction at that line or bci (the lines or offsets that have
//     instructions are listed); no dereference there (npe); no athrow there
//     (throw); nothing there can throw T (exception:T) or let T leave the
//     method (exit:T).
//   InvalidArgument: ambiguous name without descriptor (the descriptors are
//     listed); T is not a subclass of java/lang/Throwable.
//   FailedPrecondition: the method has no code (abstract or native).
//   Whatever BuildMethodIR reports on malformed bytecode.
absl::StatusOr<Goal> ResolveGoal(const classfile::ClassHierarchy& h, const GoalSpec& spec);

}  // namespace jwp::wp

#endif  // JWP_WP_GOAL_H_
