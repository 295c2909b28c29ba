// JVM opcodes (JVMS chapter 6), expanded from opcodes.def.
#ifndef JWP_CLASSFILE_OPCODES_H_
#define JWP_CLASSFILE_OPCODES_H_

#include <cstdint>

namespace jwp::classfile {

enum class Opcode : uint8_t {
#define JWP_OPCODE(value, name, mnemonic, format, length) name = value,
#include "classfile/opcodes.def"
};

// How an instruction's operands are laid out in the code array.
enum class OperandFormat : uint8_t {
  kN,                // none
  kByte,             // bipush: signed byte
  kShort,            // sipush: signed short
  kCp1,              // ldc: u1 constant-pool index
  kCp2,              // u2 constant-pool index
  kLocal,            // u1 local index (u2 after wide)
  kIinc,             // local, signed const (u2, s2 after wide)
  kBranch2,          // s2 branch offset
  kBranch4,          // s4 branch offset
  kTableSwitch,
  kLookupSwitch,
  kInvokeInterface,  // u2 index, u1 count, u1 0
  kInvokeDynamic,    // u2 index, u1 0, u1 0
  kNewArray,         // u1 atype
  kWide,
  kMultiANewArray,   // u2 index, u1 dimensions
};

inline constexpr int kOpcodeCount = 202;  // 0 (nop) .. 201 (jsr_w)

namespace opcodes_internal {
struct OpcodeInfo {
  const char* mnemonic;
  OperandFormat format;
  int length;
};
inline constexpr OpcodeInfo kOpcodeInfo[kOpcodeCount] = {
#define JWP_OPCODE(value, name, mnemonic, format, length) {mnemonic, OperandFormat::format, length},
#include "classfile/opcodes.def"
};
}  // namespace opcodes_internal

inline bool IsValidOpcode(uint8_t byte) { return byte < kOpcodeCount; }
const char* OpcodeMnemonic(Opcode op);
inline OperandFormat OpcodeFormat(Opcode op) {
  return opcodes_internal::kOpcodeInfo[static_cast<uint8_t>(op)].format;
}
// Fixed size in bytes, 0 for tableswitch, lookupswitch and wide.
inline int OpcodeLength(Opcode op) {
  return opcodes_internal::kOpcodeInfo[static_cast<uint8_t>(op)].length;
}

// newarray's atype operand (JVMS newarray): 4 boolean .. 11 long.
const char* NewArrayTypeName(uint8_t atype);  // "boolean", ..., nullptr if invalid

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_OPCODES_H_
