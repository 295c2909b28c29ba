#include "ir/ir.h"

#include <algorithm>

#include "classfile/strings.h"

namespace jwp::ir {

namespace {
struct OpInfo {
  const char* name;
  bool may_throw;
  bool terminator;
};
constexpr OpInfo kOps[] = {
#define JWP_IR_OP(name, text, may_throw, terminator) {text, may_throw, terminator},
#include "ir/opcodes.def"
};
}  // namespace

const char* OpName(Op op) { return kOps[static_cast<int>(op)].name; }
bool OpMayThrow(Op op) { return kOps[static_cast<int>(op)].may_throw; }
bool OpIsTerminator(Op op) { return kOps[static_cast<int>(op)].terminator; }

const char* TypeKindName(TypeKind kind) {
  switch (kind) {
    case TypeKind::kInt: return "int";
    case TypeKind::kLong: return "long";
    case TypeKind::kFloat: return "float";
    case TypeKind::kDouble: return "double";
    case TypeKind::kRef: return "ref";
    case TypeKind::kNull: return "null";
    case TypeKind::kReturnAddress: return "returnAddress";
    case TypeKind::kVoid: return "void";
  }
  return "?";
}

const char* BinaryOpName(BinaryOp op) {
  static constexpr const char* kNames[] = {"add", "sub", "mul", "div", "rem", "and",
                                           "or",  "xor", "shl", "shr", "ushr"};
  return kNames[static_cast<int>(op)];
}

const char* ConvertOpName(ConvertOp op) {
  static constexpr const char* kNames[] = {"i2l", "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l",
                                           "f2d", "d2i", "d2l", "d2f", "i2b", "i2c", "i2s"};
  return kNames[static_cast<int>(op)];
}

const char* CondName(Cond c) {
  static constexpr const char* kNames[] = {"==", "!=", "<", ">=", ">", "<="};
  return kNames[static_cast<int>(c)];
}

Cond Negate(Cond c) {
  switch (c) {
    case Cond::kEq: return Cond::kNe;
    case Cond::kNe: return Cond::kEq;
    case Cond::kLt: return Cond::kGe;
    case Cond::kGe: return Cond::kLt;
    case Cond::kGt: return Cond::kLe;
    case Cond::kLe: return Cond::kGt;
  }
  return c;
}

const char* InvokeKindName(InvokeKind k) {
  static constexpr const char* kNames[] = {"virtual", "special", "static", "interface", "dynamic"};
  return kNames[static_cast<int>(k)];
}

const char* EdgeKindName(EdgeKind k) {
  static constexpr const char* kNames[] = {"normal", "true", "false", "case", "default", "exception"};
  return kNames[static_cast<int>(k)];
}

InsnId MethodIR::ThrowingInsn(BlockId b) const {
  for (EdgeId e : blocks[b].succs) {
    if (edges[e].kind == EdgeKind::kException) {
      return blocks[b].insns.empty() ? kNone : blocks[b].insns.back();
    }
  }
  return kNone;
}

std::string MethodIR::QualifiedName() const {
  return Cat(class_name, ".", method_name, method_descriptor);
}

bool MayDivideByZero(const MethodIR& ir, const Instruction& in) {
  if (in.op != Op::kBinary || !(in.binary == BinaryOp::kDiv || in.binary == BinaryOp::kRem)) return false;
  if (in.result < 0 || in.result >= static_cast<ValueId>(ir.values.size())) return false;
  const TypeKind kind = ir.values[in.result].type.kind;
  if (kind != TypeKind::kInt && kind != TypeKind::kLong) return false;
  if (in.operands.size() < 2) return true;
  const ValueId divisor = in.operands[1];
  if (divisor < 0 || divisor >= static_cast<ValueId>(ir.values.size()) || ir.values[divisor].def == kNone) return true;
  const Instruction& d = ir.insns[ir.values[divisor].def];
  const bool constant = d.op == Op::kConst && (d.const_kind == ConstKind::kInt || d.const_kind == ConstKind::kLong);
  const uint64_t bits = d.const_kind == ConstKind::kInt ? (d.bits & 0xffffffffu) : d.bits;
  return !(constant && bits != 0);
}

bool IsNullConstant(const MethodIR& ir, ValueId v) {
  if (v < 0 || v >= static_cast<ValueId>(ir.values.size()) || ir.values[v].def == kNone) return false;
  const Instruction& d = ir.insns[ir.values[v].def];
  return d.op == Op::kConst && d.const_kind == ConstKind::kNull;
}

bool IsKnownNonNull(const MethodIR& ir, ValueId v) {
  if (v < 0 || v >= static_cast<ValueId>(ir.values.size())) return false;
  const Instruction& d = ir.insns[ir.values[v].def];
  switch (d.op) {
    case Op::kNew: case Op::kNewArray: case Op::kNewMultiArray: case Op::kLambda:
    case Op::kStringConcat:
      return true;
    case Op::kConst:
      return d.const_kind != ConstKind::kNull && IsReference(ir.values[v].type.kind);
    case Op::kParam:
      return d.index == 0 && !ir.is_static;
    default:
      return false;
  }
}

bool IsArrayClone(const Instruction& in) {
  return in.op == Op::kInvoke && in.name == "clone" && in.owner.starts_with('[') && !in.operands.empty();
}

std::string_view MethodIR::Intern(std::string s) { return strings_.emplace_back(std::move(s)); }

namespace {

// For each block, whether `target` is reachable from it.
std::vector<bool> BlocksReaching(const MethodIR& ir, BlockId target) {
  std::vector<bool> reaches(ir.blocks.size(), false);
  if (target == kNone) return reaches;
  std::vector<BlockId> work = {target};
  reaches[target] = true;
  while (!work.empty()) {
    const BlockId b = work.back();
    work.pop_back();
    for (EdgeId e : ir.blocks[b].preds) {
      const BlockId from = ir.edges[e].from;
      if (!reaches[from]) {
        reaches[from] = true;
        work.push_back(from);
      }
    }
  }
  return reaches;
}

}  // namespace

std::vector<bool> BlocksReachingNormalExit(const MethodIR& ir) { return BlocksReaching(ir, ir.exit); }

std::vector<bool> BlocksReachingExceptionalExit(const MethodIR& ir) { return BlocksReaching(ir, ir.exceptional_exit); }

bool MethodIR::IsStructuredMonitorExit(InsnId insn) const {
  return std::binary_search(structured_monitor_exits.begin(), structured_monitor_exits.end(), insn);
}

ValueId DereferencedOperand(const Instruction& in) {
  switch (in.op) {
    case Op::kGetField: case Op::kPutField: case Op::kArrayLoad: case Op::kArrayStore:
    case Op::kArrayLength: case Op::kThrow: case Op::kMonitorEnter: case Op::kMonitorExit:
      return in.operands.empty() ? kNone : in.operands[0];
    case Op::kInvoke:
      return in.invoke == InvokeKind::kStatic || in.invoke == InvokeKind::kDynamic || in.operands.empty()
                 ? kNone
                 : in.operands[0];
    default:
      return kNone;
  }
}

}  // namespace jwp::ir
