#include "classfile/opcodes.h"

namespace jwp::classfile {

using opcodes_internal::kOpcodeInfo;

const char* OpcodeMnemonic(Opcode op) {
  auto i = static_cast<uint8_t>(op);
  return i < kOpcodeCount ? kOpcodeInfo[i].mnemonic : "<invalid>";
}


const char* NewArrayTypeName(uint8_t atype) {
  static constexpr const char* kNames[] = {"boolean", "char", "float", "double",
                                           "byte",    "short", "int",  "long"};
  return atype >= 4 && atype <= 11 ? kNames[atype - 4] : nullptr;
}

}  // namespace jwp::classfile
