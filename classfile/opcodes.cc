#include "classfile/opcodes.h"

namespace jwp::classfile {

namespace {

struct OpcodeInfo {
  const char* mnemonic;
  OperandFormat format;
  int length;
};

constexpr OpcodeInfo kOpcodeInfo[kOpcodeCount] = {
#define JWP_OPCODE(value, name, mnemonic, format, length) {mnemonic, OperandFormat::format, length},
#include "classfile/opcodes.def"
};

}  // namespace

bool IsValidOpcode(uint8_t byte) { return byte < kOpcodeCount; }

const char* OpcodeMnemonic(Opcode op) {
  auto i = static_cast<uint8_t>(op);
  return i < kOpcodeCount ? kOpcodeInfo[i].mnemonic : "<invalid>";
}

OperandFormat OpcodeFormat(Opcode op) { return kOpcodeInfo[static_cast<uint8_t>(op)].format; }

int OpcodeLength(Opcode op) { return kOpcodeInfo[static_cast<uint8_t>(op)].length; }

const char* NewArrayTypeName(uint8_t atype) {
  static constexpr const char* kNames[] = {"boolean", "char", "float", "double",
                                           "byte",    "short", "int",  "long"};
  return atype >= 4 && atype <= 11 ? kNames[atype - 4] : nullptr;
}

}  // namespace jwp::classfile
