#include "classfile/class_printer.h"

#include <ostream>

#include "classfile/bytecode.h"

namespace jwp::classfile {

// Placeholder until the javap-compatible printer lands: offsets and mnemonics.
absl::Status PrintClass(const ClassFile& cf, std::ostream& out) {
  for (const auto& m : cf.methods) {
    out << m.name << m.descriptor << "\n";
    if (!m.code) continue;
    auto code = DecodeCode(cf, m);
    if (!code.ok()) return code.status();
    for (const auto& i : code->instructions) out << "  " << i.offset << ": " << OpcodeMnemonic(i.opcode) << "\n";
  }
  return absl::OkStatus();
}

}  // namespace jwp::classfile
