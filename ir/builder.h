// Builds the SSA IR of one method from its bytecode (paper §3.1).
//
// The builder discovers the CFG first, over block keys (bytecode offset,
// subroutine context): jsr/ret subroutines are inlined by duplicating their
// blocks per call chain. Then it translates each block in reverse postorder,
// abstractly interpreting the operand stack and locals into SSA values, with a
// phi for every slot at every join, filled per incoming edge and pruned
// afterwards (trivial and dead phis removed). Exceptional edges are routed
// through the exception table with the class hierarchy (see ir.h, Edge).
#ifndef JWP_IR_BUILDER_H_
#define JWP_IR_BUILDER_H_

#include <functional>
#include <memory>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::ir {

// Builds the IR of `method`, which must belong to `cf` and have code.
// Errors (malformed or unsupported bytecode) name the method and the offset.
absl::StatusOr<std::shared_ptr<const MethodIR>> BuildMethodIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy);

// The same, with `rewrite` applied to the IR before it is frozen (the
// analysis's own rewrites of calls, callgraph/format_classes.h). The
// rewrite must keep the IR's shape (ir.h; the verifier's checks).
absl::StatusOr<std::shared_ptr<const MethodIR>> BuildMethodIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy, const std::function<void(MethodIR&)>& rewrite);

}  // namespace jwp::ir

#endif  // JWP_IR_BUILDER_H_
