#include "classfile/bytecode.h"

#include <algorithm>

#include "absl/status/status.h"
#include "classfile/strings.h"
#include "absl/strings/str_format.h"

namespace jwp::classfile {

int DecodedCode::IndexAt(uint32_t offset) const {
  auto it = std::lower_bound(instructions.begin(), instructions.end(), offset,
                             [](const Instruction& i, uint32_t o) { return i.offset < o; });
  if (it == instructions.end() || it->offset != offset) return -1;
  return static_cast<int>(it - instructions.begin());
}

namespace {

class Decoder {
 public:
  Decoder(std::span<const uint8_t> code, const ConstantPool& pool, uint16_t major,
          uint32_t code_offset, std::string_view where)
      : code_(code), pool_(pool), major_(major), code_offset_(code_offset), where_(where) {}

  absl::StatusOr<DecodedCode> Run();

 private:
  absl::Status Error(uint32_t pc, std::string_view msg) const {
    return absl::InvalidArgumentError(absl::StrFormat(
        "%s: offset 0x%x: bytecode at pc %d: %s", where_, code_offset_ + pc, pc, msg));
  }
  uint8_t u1(size_t p) const { return code_[p]; }
  uint16_t u2(size_t p) const { return static_cast<uint16_t>((code_[p] << 8) | code_[p + 1]); }
  int32_t s4(size_t p) const {
    return static_cast<int32_t>((uint32_t{code_[p]} << 24) | (uint32_t{code_[p + 1]} << 16) |
                                (uint32_t{code_[p + 2]} << 8) | uint32_t{code_[p + 3]});
  }
  absl::Status CheckPoolOperand(const Instruction& insn) const;

  std::span<const uint8_t> code_;
  const ConstantPool& pool_;
  uint16_t major_;
  uint32_t code_offset_;
  std::string_view where_;
};

absl::Status Decoder::CheckPoolOperand(const Instruction& insn) const {
  const uint16_t index = static_cast<uint16_t>(insn.a);
  // Allowed constant-pool tags per opcode, as a bit set over CpTag values.
  constexpr auto bit = [](CpTag t) { return uint32_t{1} << static_cast<int>(t); };
  uint32_t allowed = 0;
  switch (insn.opcode) {
    case Opcode::kLdc:
    case Opcode::kLdcW:
      allowed = bit(CpTag::kInteger) | bit(CpTag::kFloat) | bit(CpTag::kString) | bit(CpTag::kClass) |
                bit(CpTag::kMethodType) | bit(CpTag::kMethodHandle) | bit(CpTag::kDynamic);
      break;
    case Opcode::kLdc2W:
      allowed = bit(CpTag::kLong) | bit(CpTag::kDouble) | bit(CpTag::kDynamic);
      break;
    case Opcode::kGetstatic:
    case Opcode::kPutstatic:
    case Opcode::kGetfield:
    case Opcode::kPutfield:
      allowed = bit(CpTag::kFieldref);
      break;
    case Opcode::kInvokevirtual:
      allowed = bit(CpTag::kMethodref);
      break;
    case Opcode::kInvokespecial:
    case Opcode::kInvokestatic:
      allowed = bit(CpTag::kMethodref) | (major_ >= 52 ? bit(CpTag::kInterfaceMethodref) : 0);
      break;
    case Opcode::kInvokeinterface:
      allowed = bit(CpTag::kInterfaceMethodref);
      break;
    case Opcode::kInvokedynamic:
      allowed = bit(CpTag::kInvokeDynamic);
      break;
    case Opcode::kNew:
    case Opcode::kAnewarray:
    case Opcode::kCheckcast:
    case Opcode::kInstanceof:
    case Opcode::kMultianewarray:
      allowed = bit(CpTag::kClass);
      break;
    default:
      return absl::OkStatus();
  }
  const bool ok = pool_.Valid(index) && (allowed & bit(pool_.at(index).tag)) != 0;
  if (ok) return absl::OkStatus();
  if (index == 0 || index >= pool_.size()) {
    return Error(insn.offset, absl::StrFormat("%s: constant-pool index %d out of range (count %d)",
                                              OpcodeMnemonic(insn.opcode), index, pool_.size()));
  }
  return Error(insn.offset, absl::StrFormat("%s: constant-pool index %d is %s",
                                            OpcodeMnemonic(insn.opcode), index,
                                            CpTagName(pool_.at(index).tag)));
}

absl::StatusOr<DecodedCode> Decoder::Run() {
  DecodedCode out;
  const size_t n = code_.size();
  out.instructions.reserve(n / 2 + 1);
  // Reused across calls on this thread: one allocation, not one per method.
  thread_local std::vector<uint8_t> is_start;
  is_start.assign(n, 0);
  size_t pc = 0;
  while (pc < n) {
    Instruction insn;
    insn.offset = static_cast<uint32_t>(pc);
    const uint8_t byte = code_[pc];
    if (!IsValidOpcode(byte)) {
      return Error(insn.offset, absl::StrFormat("unknown opcode 0x%02x", byte));
    }
    insn.opcode = static_cast<Opcode>(byte);
    const OperandFormat fmt = OpcodeFormat(insn.opcode);
    size_t len = OpcodeLength(insn.opcode);
    auto need = [&](size_t k) { return pc + k <= n; };
    auto truncated = [&]() {
      return Error(insn.offset,
                   absl::StrFormat("%s runs past the end of the code", OpcodeMnemonic(insn.opcode)));
    };
    switch (fmt) {
      case OperandFormat::kN:
        break;
      case OperandFormat::kByte:
        if (!need(2)) return truncated();
        insn.a = static_cast<int8_t>(u1(pc + 1));
        break;
      case OperandFormat::kShort:
        if (!need(3)) return truncated();
        insn.a = static_cast<int16_t>(u2(pc + 1));
        break;
      case OperandFormat::kCp1:
      case OperandFormat::kLocal:
      case OperandFormat::kNewArray:
        if (!need(2)) return truncated();
        insn.a = u1(pc + 1);
        if (fmt == OperandFormat::kNewArray && !NewArrayTypeName(static_cast<uint8_t>(insn.a))) {
          return Error(insn.offset, absl::StrFormat("newarray: bad array type %d", insn.a));
        }
        break;
      case OperandFormat::kCp2:
        if (!need(3)) return truncated();
        insn.a = u2(pc + 1);
        break;
      case OperandFormat::kIinc:
        if (!need(3)) return truncated();
        insn.a = u1(pc + 1);
        insn.b = static_cast<int8_t>(u1(pc + 2));
        break;
      case OperandFormat::kBranch2:
        if (!need(3)) return truncated();
        insn.a = static_cast<int32_t>(pc) + static_cast<int16_t>(u2(pc + 1));
        break;
      case OperandFormat::kBranch4:
        if (!need(5)) return truncated();
        insn.a = static_cast<int32_t>(static_cast<int64_t>(pc) + s4(pc + 1));
        if (static_cast<int64_t>(pc) + s4(pc + 1) != insn.a) {
          return Error(insn.offset, "branch offset overflows");
        }
        break;
      case OperandFormat::kInvokeInterface:
        if (!need(5)) return truncated();
        insn.a = u2(pc + 1);
        insn.b = u1(pc + 3);
        if (insn.b == 0) return Error(insn.offset, "invokeinterface: count is 0");
        if (u1(pc + 4) != 0) return Error(insn.offset, "invokeinterface: fourth operand byte is not 0");
        break;
      case OperandFormat::kInvokeDynamic:
        if (!need(5)) return truncated();
        insn.a = u2(pc + 1);
        if (u1(pc + 3) != 0 || u1(pc + 4) != 0) {
          return Error(insn.offset, "invokedynamic: reserved operand bytes are not 0");
        }
        break;
      case OperandFormat::kMultiANewArray:
        if (!need(4)) return truncated();
        insn.a = u2(pc + 1);
        insn.b = u1(pc + 3);
        if (insn.b == 0) return Error(insn.offset, "multianewarray: dimensions is 0");
        break;
      case OperandFormat::kWide: {
        if (!need(2)) return truncated();
        uint8_t inner = u1(pc + 1);
        if ((inner >= 21 && inner <= 25) || (inner >= 54 && inner <= 58) || inner == 169) {
          len = 4;
          if (!need(len)) return truncated();
          insn.a = u2(pc + 2);
        } else if (inner == 132) {
          len = 6;
          if (!need(len)) return truncated();
          insn.a = u2(pc + 2);
          insn.b = static_cast<int16_t>(u2(pc + 4));
        } else {
          return Error(insn.offset, absl::StrFormat("wide applied to opcode 0x%02x", inner));
        }
        insn.opcode = static_cast<Opcode>(inner);
        insn.wide = true;
        break;
      }
      case OperandFormat::kTableSwitch:
      case OperandFormat::kLookupSwitch: {
        const bool table = fmt == OperandFormat::kTableSwitch;
        size_t p = pc + 1 + ((4 - (pc + 1) % 4) % 4);  // skip padding
        if (p + (table ? 12 : 8) > n) return truncated();
        SwitchTable sw;
        sw.is_table = table;
        // pc + offset in 64 bits: an s4 offset near INT32_MAX overflowed int.
        bool overflow = false;
        auto target = [&](size_t at) {
          const int64_t t = static_cast<int64_t>(pc) + s4(at);
          overflow |= t != static_cast<int32_t>(t);
          return static_cast<int32_t>(t);
        };
        sw.default_target = target(p);
        if (table) {
          sw.low = s4(p + 4);
          sw.high = s4(p + 8);
          if (sw.low > sw.high) {
            return Error(insn.offset,
                         absl::StrFormat("tableswitch: low %d > high %d", sw.low, sw.high));
          }
          int64_t count = int64_t{sw.high} - sw.low + 1;
          p += 12;
          if (count * 4 > static_cast<int64_t>(n - p)) return truncated();
          sw.cases.reserve(count);
          for (int64_t k = 0; k < count; ++k, p += 4) {
            sw.cases.emplace_back(static_cast<int32_t>(sw.low + k), target(p));
          }
        } else {
          int32_t npairs = s4(p + 4);
          p += 8;
          if (npairs < 0) {
            return Error(insn.offset, absl::StrFormat("lookupswitch: npairs %d < 0", npairs));
          }
          if (int64_t{npairs} * 8 > static_cast<int64_t>(n - p)) return truncated();
          sw.cases.reserve(npairs);
          for (int32_t k = 0; k < npairs; ++k, p += 8) {
            int32_t match = s4(p);
            if (k > 0 && match <= sw.cases.back().first) {
              return Error(insn.offset, "lookupswitch: keys are not sorted");
            }
            sw.cases.emplace_back(match, target(p + 4));
          }
        }
        if (overflow) {
          return Error(insn.offset, absl::StrFormat("%s: branch offset overflows",
                                                    OpcodeMnemonic(insn.opcode)));
        }
        len = p - pc;
        insn.a = static_cast<int32_t>(out.switches.size());
        out.switches.push_back(std::move(sw));
        break;
      }
    }
    if (!need(len)) return truncated();
    insn.length = static_cast<uint16_t>(len);
    if (fmt == OperandFormat::kCp1 || fmt == OperandFormat::kCp2 ||
        fmt == OperandFormat::kInvokeInterface || fmt == OperandFormat::kInvokeDynamic ||
        fmt == OperandFormat::kMultiANewArray) {
      absl::Status s = CheckPoolOperand(insn);
      if (!s.ok()) return s;
    }
    is_start[pc] = 1;
    out.instructions.push_back(insn);
    pc += len;
  }
  // Branch targets must be instruction boundaries inside the code.
  auto check_target = [&](const Instruction& insn, int64_t target) -> absl::Status {
    if (target < 0 || target >= static_cast<int64_t>(n) || !is_start[target]) {
      return Error(insn.offset, absl::StrFormat("%s: branch target %d is not an instruction",
                                                OpcodeMnemonic(insn.opcode), target));
    }
    return absl::OkStatus();
  };
  for (const Instruction& insn : out.instructions) {
    OperandFormat fmt = OpcodeFormat(insn.opcode);
    if (insn.wide) continue;
    if (fmt == OperandFormat::kBranch2 || fmt == OperandFormat::kBranch4) {
      if (auto s = check_target(insn, insn.a); !s.ok()) return s;
    } else if (fmt == OperandFormat::kTableSwitch || fmt == OperandFormat::kLookupSwitch) {
      const SwitchTable& sw = out.switches[insn.a];
      if (auto s = check_target(insn, sw.default_target); !s.ok()) return s;
      for (const auto& c : sw.cases) {
        if (auto s = check_target(insn, c.second); !s.ok()) return s;
      }
    }
  }
  return out;
}

}  // namespace

absl::StatusOr<DecodedCode> DecodeBytecode(std::span<const uint8_t> code, const ConstantPool& pool,
                                           uint16_t major_version, uint32_t code_offset,
                                           std::string_view where) {
  return Decoder(code, pool, major_version, code_offset, where).Run();
}

absl::StatusOr<DecodedCode> DecodeCode(const ClassFile& cf, const MethodInfo& method) {
  if (!method.code) {
    return absl::FailedPreconditionError(
        Cat(cf.origin, ": method ", method.name, method.descriptor, " has no code"));
  }
  // The method's name goes into messages only: build it once decoding failed.
  auto decoded = DecodeBytecode(method.code->code, cf.pool, cf.major_version,
                                method.code->code_offset, "");
  if (decoded.ok()) return decoded;
  std::string where = Cat(cf.origin, ": method ", method.name, method.descriptor);
  return DecodeBytecode(method.code->code, cf.pool, cf.major_version, method.code->code_offset,
                        where);
}

}  // namespace jwp::classfile
