// Checks the invariants of a method's IR (after LLVM's Verifier: every
// failure is collected with the offending values, none stops the check).
//
// Invariants:
//   1. The entry has no predecessors; both exits have no successors and no
//      instructions; every block is reachable from the entry.
//   2. Every edge appears in its source's succs and its target's preds.
//   3. Phis come first (Block::phis), one operand per incoming edge.
//   4. Every value has exactly one definition, and no value is of type void
//      or returnAddress.
//   5. Every use is dominated by its definition (a phi operand by the end of
//      the corresponding predecessor).
//   6. A block has at most one potentially-excepting instruction, its last;
//      a block with exceptional successors ends in one.
//   7. Every PEI has the exceptional edges its semantics require (NPE on a
//      possibly-null dereference, AIOOBE on array access, ArithmeticException
//      on integer division, ...), and each thrown type is routed to a handler
//      that surely catches it or to the exceptional exit.
//   8. Terminators match the successors: if -> true, false; switch -> one
//      edge per case then default; return -> the exit; throw -> none normal;
//      any other block -> exactly one normal successor.
//   9. Operand types fit the instruction (arithmetic on its own kind, shift
//      counts int, dereferences of references, returns of the method's type).
#ifndef JWP_IR_VERIFIER_H_
#define JWP_IR_VERIFIER_H_

#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::ir {

// Returns the violations found, empty when the IR is well-formed.
// `hierarchy` may be null; then routing (invariant 7) is checked only by
// catch-all handlers and exact type names.
std::vector<std::string> VerifyMethodIR(const MethodIR& ir,
                                        const classfile::ClassHierarchy* hierarchy);

}  // namespace jwp::ir

#endif  // JWP_IR_VERIFIER_H_
