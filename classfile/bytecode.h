// Decodes a Code attribute's bytes into instructions (JVMS chapter 6): every
// opcode, wide, tableswitch/lookupswitch with their padding, jsr/ret,
// invokeinterface and invokedynamic. The decoder checks that each operand is
// well-formed: branch targets land on instruction boundaries inside the code,
// constant-pool operands name entries of the right kind, reserved bytes are 0.
#ifndef JWP_CLASSFILE_BYTECODE_H_
#define JWP_CLASSFILE_BYTECODE_H_

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"
#include "classfile/opcodes.h"

namespace jwp::classfile {

// One decoded instruction. Operands, by format:
//   kByte, kShort:        a = the immediate value
//   kCp1, kCp2:           a = constant-pool index (multianewarray: b = dimensions)
//   kLocal:               a = local index
//   kIinc:                a = local index, b = increment
//   kBranch2, kBranch4:   a = absolute target offset
//   kTableSwitch, kLookupSwitch: a = index into DecodedCode::switches
//   kInvokeInterface:     a = constant-pool index, b = count
//   kInvokeDynamic:       a = constant-pool index
//   kNewArray:            a = atype
// `wide` is set on instructions that a wide prefix modified; their offset is
// that of the wide byte and their opcode the modified one.
struct Instruction {
  uint32_t offset = 0;
  Opcode opcode = Opcode::kNop;
  bool wide = false;
  uint16_t length = 0;
  int32_t a = 0;
  int32_t b = 0;
};

struct SwitchTable {
  int32_t default_target = 0;           // absolute offset
  std::vector<std::pair<int32_t, int32_t>> cases;  // (match, absolute target), in code order
  bool is_table = false;                // tableswitch: cases are low..high
  int32_t low = 0, high = 0;            // tableswitch only
};

struct DecodedCode {
  std::vector<Instruction> instructions;  // in offset order
  std::vector<SwitchTable> switches;

  // Index of the instruction at `offset`, or -1.
  int IndexAt(uint32_t offset) const;
};

// Decodes `code` of a method of `cf`. Errors name the class file's origin,
// the method and the byte offset within the class file.
absl::StatusOr<DecodedCode> DecodeCode(const ClassFile& cf, const MethodInfo& method);

// Decodes raw code with only a constant pool to check operands against
// (`code_offset` is where code[0] sits in the file, for messages).
absl::StatusOr<DecodedCode> DecodeBytecode(std::span<const uint8_t> code, const ConstantPool& pool,
                                           uint16_t major_version, uint32_t code_offset,
                                           std::string_view where);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_BYTECODE_H_
