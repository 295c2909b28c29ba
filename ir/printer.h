// Prints a method's IR for people (`jwp ir`): values with their types and
// source names, instructions with bytecode offsets and lines, and the CFG's
// edges with their labels (branch conditions, switch cases, exception types
// and how each exception was routed). The format is stable (golden tests).
#ifndef JWP_IR_PRINTER_H_
#define JWP_IR_PRINTER_H_

#include <iosfwd>
#include <string>

#include "ir/ir.h"

namespace jwp::ir {

void PrintMethodIR(const MethodIR& ir, std::ostream& out);
std::string ValueName(const MethodIR& ir, ValueId v);     // "v3"
std::string TypeString(const ValueType& t);                // "int", "java.lang.String", "int[]"
std::string InstructionString(const MethodIR& ir, const Instruction& in);

}  // namespace jwp::ir

#endif  // JWP_IR_PRINTER_H_
