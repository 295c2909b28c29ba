// The exact dynamic types of a method's reference values, where the code
// fixes them: an allocation's class, a string constant's String, a value
// whose declared type is a final class, a parameter whose caller passes a
// value of one exact type (the context), and what casts and phis carry of
// these. A value so typed is null or an instance of exactly that class, so
// a virtual call on it selects one method (JVMS 5.4.6): mod-sets use this
// to follow only that target (mod_set.h).
#ifndef JWP_CALLGRAPH_EXACT_TYPES_H_
#define JWP_CALLGRAPH_EXACT_TYPES_H_

#include <span>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {

// Per ValueId of `m`: the internal class name of its exact type, or "" when
// the code does not fix it. `params`: the exact types of m.params, in
// order ("" unknown; shorter than m.params: the rest unknown). Array and
// lambda values are never exact here.
std::vector<std::string> ExactTypes(const classfile::ClassHierarchy& h, const ir::MethodIR& m,
                                    std::span<const std::string> params = {});

// The exact types of a call's operands (receiver first), from the caller's
// ExactTypes: the context of the callee's parameters. Empty when none is
// known (the context-free query).
std::vector<std::string> CallContext(const ir::Instruction& call, std::span<const std::string> exact);

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_EXACT_TYPES_H_
