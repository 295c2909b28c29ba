// The SSA register IR that the weakest-precondition engine walks backwards
// over (Snugglebug §3.1, Table 1): a language close to bytecode in which every
// potentially-excepting instruction (PEI) has its exceptional successors
// spelled out, labelled by what is thrown and routed through the exception
// table by catch type.
//
// Shape of a method's IR (checked by ir/verifier.h):
//   - Values are dense per-method ints. Each has one definition: a parameter,
//     a constant, a phi, a catch, or an instruction's result.
//   - Blocks hold phis first, then instructions; at most one PEI, and if there
//     is one it is the block's last instruction (or the last before its
//     terminator is implied by a single normal successor).
//   - The CFG has a unique entry block (which holds the parameters), a unique
//     normal exit and a unique exceptional exit; both exits are empty.
//   - Edges are explicit objects. A phi has one operand per incoming edge,
//     in the order of Block::preds. Normal edges may carry a branch condition;
//     exceptional edges carry the exception type and how it was routed.
//
// Ownership: a MethodIR is immutable once built and shared as
// std::shared_ptr<const MethodIR>; it keeps its ClassFile alive, and every
// string_view in it points into that ClassFile or into the MethodIR's own
// string storage.
#ifndef JWP_IR_IR_H_
#define JWP_IR_IR_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_file.h"

namespace jwp::ir {

using ValueId = int32_t;
using InsnId = int32_t;
using BlockId = int32_t;
using EdgeId = int32_t;
inline constexpr int32_t kNone = -1;

enum class Op : uint8_t {
#define JWP_IR_OP(name, text, may_throw, terminator) name,
#include "ir/opcodes.def"
};
const char* OpName(Op op);
bool OpMayThrow(Op op);
bool OpIsTerminator(Op op);

// Value types. References carry their static type as a field descriptor
// ("Ljava/lang/String;", "[I"); the null constant has type kNull.
enum class TypeKind : uint8_t { kInt, kLong, kFloat, kDouble, kRef, kNull, kReturnAddress, kVoid };
const char* TypeKindName(TypeKind kind);
inline bool IsWide(TypeKind k) { return k == TypeKind::kLong || k == TypeKind::kDouble; }
inline bool IsReference(TypeKind k) { return k == TypeKind::kRef || k == TypeKind::kNull; }

struct ValueType {
  TypeKind kind = TypeKind::kVoid;
  std::string_view descriptor;  // kRef only
  bool operator==(const ValueType&) const = default;
};

struct Value {
  ValueType type;
  InsnId def = kNone;     // the defining instruction (param, const, phi and catch included)
  std::string_view name;  // from the LocalVariableTable, "" if none
};

enum class BinaryOp : uint8_t { kAdd, kSub, kMul, kDiv, kRem, kAnd, kOr, kXor, kShl, kShr, kUshr };
const char* BinaryOpName(BinaryOp op);
enum class CompareOp : uint8_t { kLcmp, kFcmpl, kFcmpg, kDcmpl, kDcmpg };
// Conversions are named by their bytecode (i2l .. i2s).
enum class ConvertOp : uint8_t { kI2L, kI2F, kI2D, kL2I, kL2F, kL2D, kF2I, kF2L, kF2D, kD2I, kD2L, kD2F, kI2B, kI2C, kI2S };
const char* ConvertOpName(ConvertOp op);
// Conditions of kIf: operands[0] cond operands[1]. A comparison against zero
// or null uses an explicit constant operand.
enum class Cond : uint8_t { kEq, kNe, kLt, kGe, kGt, kLe };
const char* CondName(Cond c);
Cond Negate(Cond c);
enum class InvokeKind : uint8_t { kVirtual, kSpecial, kStatic, kInterface, kDynamic };
const char* InvokeKindName(InvokeKind k);

enum class ConstKind : uint8_t { kInt, kLong, kFloat, kDouble, kNull, kString, kClass, kMethodType, kMethodHandle, kDynamic };

struct Instruction {
  Op op = Op::kConst;
  ValueId result = kNone;
  std::vector<ValueId> operands;
  BlockId block = kNone;
  uint32_t bci = 0;  // bytecode offset of the instruction it came from
  int32_t line = -1; // source line, -1 if unknown

  // Payload, by op:
  //   kParam: index (0-based, `this` included)
  //   kConst: const_kind, bits (int/long/float/double bit patterns), text (String/Class/...)
  //   kBinary: binary; kConvert: convert; kCompare: compare; kIf: cond
  //   kGetField/kPutField/kGetStatic/kPutStatic/kInvoke: owner, name, descriptor
  //   kInvoke: invoke, interface_owner (owner is an interface)
  //   kNew, kCheckCast, kInstanceOf: type (internal name or array descriptor)
  //   kNewArray, kNewMultiArray: type (the array descriptor, "[I"), index = dimensions given
  //   kArrayLoad/kArrayStore: type (element descriptor: "I", "Ljava/lang/Object;", "B" for byte/boolean)
  //   kSwitch: index into MethodIR::switches
  //   kLambda: owner/name/descriptor = implementation method, type = functional interface,
  //            text = interface method name, text2 = its erased descriptor, invoke = impl kind
  //   kStringConcat: text = recipe (\1 marks an argument, \2 a constant)
  //   kInvoke (dynamic, opaque): name/descriptor of the call site, text = bootstrap owner.name
  //   kCatch: type = the handler's catch type ("" for any)
  int32_t index = 0;
  ConstKind const_kind = ConstKind::kInt;
  BinaryOp binary = BinaryOp::kAdd;
  ConvertOp convert = ConvertOp::kI2L;
  CompareOp compare = CompareOp::kLcmp;
  Cond cond = Cond::kEq;
  InvokeKind invoke = InvokeKind::kStatic;
  bool interface_owner = false;
  uint64_t bits = 0;
  std::string_view owner, name, descriptor, type, text, text2;
};

enum class EdgeKind : uint8_t {
  kNormal,     // fall-through, goto, normal completion of a PEI
  kTrue,       // kIf taken
  kFalse,      // kIf not taken
  kCase,       // kSwitch case (case_value)
  kDefault,    // kSwitch default
  kException,  // a PEI threw
};
const char* EdgeKindName(EdgeKind k);

struct Edge {
  BlockId from = kNone;
  BlockId to = kNone;
  EdgeKind kind = EdgeKind::kNormal;
  int32_t case_value = 0;  // kCase
  // kException: what the instruction throws, as an internal class name:
  // "java/lang/NullPointerException" for an implicit NPE, the static type of
  // the operand for athrow, "java/lang/Throwable" for whatever a callee throws.
  std::string_view thrown;
  // kException: the catch type of the handler the edge enters ("" for a
  // catch-all handler and for the exceptional exit).
  std::string_view caught_as;
  // kException: catch types of earlier handlers in the exception table that
  // cover the instruction and might have caught it first; the exception is
  // not an instance of any of them on this edge.
  std::vector<std::string_view> not_caught_by;
};

struct Block {
  BlockId id = kNone;
  std::vector<InsnId> phis;
  std::vector<InsnId> insns;   // kCatch first in a handler block
  std::vector<EdgeId> preds;   // incoming edges; phi operands follow this order
  std::vector<EdgeId> succs;   // normal successors first (in branch order), then exceptional
  uint32_t start_bci = 0;
  bool is_handler = false;     // entered only by exceptional edges, starts with kCatch
};

struct SwitchCases {
  std::vector<int32_t> values;  // case values, in successor order; default is last
};

class MethodIR {
 public:
  std::shared_ptr<const classfile::ClassFile> class_file;
  const classfile::MethodInfo* method = nullptr;
  std::string_view class_name;  // internal name of the declaring class
  std::string_view method_name;
  std::string_view method_descriptor;
  bool is_static = false;

  std::vector<Value> values;
  std::vector<Instruction> insns;
  std::vector<Block> blocks;
  std::vector<Edge> edges;
  std::vector<SwitchCases> switches;
  std::vector<ValueId> params;  // `this` first for instance methods
  BlockId entry = kNone;
  BlockId exit = kNone;              // normal exit: predecessors end in kReturn
  BlockId exceptional_exit = kNone;  // uncaught exceptions arrive here
  // The monitorexits that release a monitor this method entered on every
  // path (structured locking, ir/monitors.h), in increasing order: they
  // cannot throw, and their exceptional edges are dead.
  std::vector<InsnId> structured_monitor_exits;

  const Instruction& def(ValueId v) const { return insns[values[v].def]; }
  // The PEI of a block (its last instruction if that may throw), or kNone.
  InsnId ThrowingInsn(BlockId b) const;
  // "pkg/Class.name(desc)"
  std::string QualifiedName() const;
  // True when `insn` is one of structured_monitor_exits.
  bool IsStructuredMonitorExit(InsnId insn) const;

  // Storage for strings the IR makes (descriptors of phi types and the like).
  std::string_view Intern(std::string s);

 private:
  std::deque<std::string> strings_;
};

// True when v is a reference that is never null by construction: an
// allocation, a lambda, a string concatenation, a non-null constant, or
// `this`. The builder omits NPE edges on such receivers; the verifier
// requires them everywhere else.
bool IsKnownNonNull(const MethodIR& ir, ValueId v);

// True when v is the constant null (aconst_null): a null test compares
// against it.
bool IsNullConstant(const MethodIR& ir, ValueId v);

// True when `in` is an int or long division or remainder whose divisor is
// not a non-zero constant: only those throw ArithmeticException (`x / 2`
// never does). The builder omits the edge of the others; the verifier
// requires it of these.
bool MayDivideByZero(const MethodIR& ir, const Instruction& in);

// `in` calls clone() on an array (javac names the array type as the owner:
// `invokevirtual [I.clone()`): JLS 10.7, a new array of the same type and
// length holding the same elements, which throws nothing (a null receiver
// is the call's own NullPointerException).
bool IsArrayClone(const Instruction& in);

// For each block, whether the normal exit is reachable from it (over
// normal and exceptional edges: a handler that returns counts). The blocks
// it is false for end in a throw on every path: what a caller that assumes
// a normal return never executes.
std::vector<bool> BlocksReachingNormalExit(const MethodIR& ir);
// The same for the exceptional exit (an uncaught throw): what a throw of
// the method may execute.
std::vector<bool> BlocksReachingExceptionalExit(const MethodIR& ir);

// The operand whose nullness makes `in` throw NullPointerException
// (field access, array access and length, athrow, monitors, the receiver
// of a non-static invoke), or kNone.
ValueId DereferencedOperand(const Instruction& in);

}  // namespace jwp::ir

#endif  // JWP_IR_IR_H_
