#include "callgraph/format_classes.h"

#include <cstdint>
#include <utility>

#include "absl/status/status.h"
#include "classfile/class_reader.h"
#include "classfile/class_writer.h"
#include "classfile/strings.h"

namespace jwp::callgraph {

namespace {

constexpr std::string_view kNamePrefix = "format_";
constexpr std::string_view kStringClass = "java/lang/String";

bool KeptInName(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         std::string_view("_%=!?+*#&^~-").find(c) != std::string_view::npos;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The model's method for conversion `c` (String.jwpFormatD and so on).
std::string ConversionMethod(char c) {
  std::string name = "jwpFormat";
  name.push_back(static_cast<char>(c - 'a' + 'A'));
  return name;
}

// Straight-line bytecode, as the made-up method needs it.
class Code {
 public:
  explicit Code(classfile::ClassWriter& w) : w_(w) {}
  void Op(uint8_t op) { code_.push_back(op); }
  void Op2(uint8_t op, uint16_t index) {
    code_.push_back(op);
    code_.push_back(static_cast<uint8_t>(index >> 8));
    code_.push_back(static_cast<uint8_t>(index));
  }
  void Ldc(std::string_view utf8) { Op2(0x13, w_.String(utf8)); }  // ldc_w
  void PushInt(int v) {
    if (v <= 5) {
      Op(static_cast<uint8_t>(0x03 + v));  // iconst_v
    } else if (v <= 127) {
      Op(0x10);  // bipush
      Op(static_cast<uint8_t>(v));
    } else {
      Op2(0x11, static_cast<uint16_t>(v));  // sipush
    }
  }
  void InvokeStatic(std::string_view owner, std::string_view name, std::string_view desc) {
    Op2(0xb8, w_.Method(owner, name, desc, false));
  }
  void InvokeVirtual(std::string_view owner, std::string_view name, std::string_view desc) {
    Op2(0xb6, w_.Method(owner, name, desc, false));
  }
  std::vector<uint8_t> Take() { return std::move(code_); }

 private:
  classfile::ClassWriter& w_;
  std::vector<uint8_t> code_;
};

// Pushes the String piece `p` prints.
void PushPiece(Code& c, const FormatPiece& p) {
  switch (p.kind) {
    case FormatPiece::Kind::kText: c.Ldc(p.text); return;
    case FormatPiece::Kind::kLineSeparator:
      c.InvokeStatic("java/lang/System", "lineSeparator", "()Ljava/lang/String;");
      return;
    case FormatPiece::Kind::kConversion:
      c.Op(0x2b);  // aload_1: the arguments
      c.PushInt(p.argument);
      c.InvokeStatic(kStringClass, ConversionMethod(p.conversion), "([Ljava/lang/Object;I)Ljava/lang/String;");
      return;
  }
}

}  // namespace

std::optional<std::vector<FormatPiece>> ParseFormat(std::string_view utf8) {
  std::vector<FormatPiece> pieces;
  auto text = [&](std::string_view t) {
    if (t.empty()) return;
    if (pieces.empty() || pieces.back().kind != FormatPiece::Kind::kText) pieces.push_back(FormatPiece{});
    pieces.back().text.append(t);
  };
  int argument = 0;
  for (size_t i = 0; i < utf8.size(); ++i) {
    if (utf8[i] != '%') {
      text(utf8.substr(i, 1));
      continue;
    }
    if (++i == utf8.size()) return std::nullopt;  // UnknownFormatConversionException
    switch (const char c = utf8[i]) {
      case '%': text("%"); break;
      case 'n': pieces.push_back(FormatPiece{FormatPiece::Kind::kLineSeparator, "", 0, 0}); break;
      case 's': case 'd': case 'x': case 'c': case 'b':
        if (argument >= 0x7fff) return std::nullopt;
        pieces.push_back(FormatPiece{FormatPiece::Kind::kConversion, "", c, argument++});
        break;
      default: return std::nullopt;  // flags, width, an index, another conversion
    }
  }
  return pieces;
}

std::string FormatMethodName(std::string_view utf8) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string name(kNamePrefix);
  for (char c : utf8) {
    if (KeptInName(c)) {
      name.push_back(c);
      continue;
    }
    const auto b = static_cast<uint8_t>(c);
    name.push_back('$');
    name.push_back(kHex[b >> 4]);
    name.push_back(kHex[b & 15]);
  }
  return name;
}

std::optional<std::string> FormatOfMethodName(std::string_view name) {
  if (!name.starts_with(kNamePrefix)) return std::nullopt;
  std::string out;
  for (size_t i = kNamePrefix.size(); i < name.size(); ++i) {
    if (name[i] != '$') {
      if (!KeptInName(name[i])) return std::nullopt;
      out.push_back(name[i]);
      continue;
    }
    if (i + 2 >= name.size()) return std::nullopt;
    const int hi = HexDigit(name[i + 1]), lo = HexDigit(name[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<char>(hi << 4 | lo));
    i += 2;
  }
  return out;
}

std::optional<MethodId> FormatMethodFor(const ir::MethodIR& ir, const ir::Instruction& call) {
  if (call.op != ir::Op::kInvoke || call.invoke != ir::InvokeKind::kStatic || call.owner != kStringClass ||
      call.name != "format" || call.descriptor != kFormatDescriptor || call.operands.size() != 2) {
    return std::nullopt;
  }
  const ir::Value& format = ir.values[call.operands[0]];
  if (format.def == ir::kNone) return std::nullopt;
  const ir::Instruction& def = ir.insns[format.def];
  if (def.op != ir::Op::kConst || def.const_kind != ir::ConstKind::kString || !ParseFormat(def.text)) {
    return std::nullopt;
  }
  return MethodId(kFormatClass, FormatMethodName(def.text), kFormatDescriptor);
}

size_t SpecializeFormatCalls(ir::MethodIR& ir) {
  size_t rewritten = 0;
  for (ir::Instruction& in : ir.insns) {
    std::optional<MethodId> m = FormatMethodFor(ir, in);
    if (!m) continue;
    in.owner = kFormatClass;
    in.name = ir.Intern(m->name);
    ++rewritten;
  }
  return rewritten;
}

BytecodeCallee CalleeInBytecode(const ir::Instruction& call) {
  if (call.op == ir::Op::kInvoke && call.owner == kFormatClass) return {kStringClass, "format"};
  return {call.owner, call.name};
}

absl::StatusOr<std::shared_ptr<const classfile::ClassFile>> MakeFormatClass(std::string_view name) {
  const std::optional<std::string> format = FormatOfMethodName(name);
  std::optional<std::vector<FormatPiece>> pieces;
  if (format) pieces = ParseFormat(*format);
  if (!pieces) return absl::NotFoundError(Cat(kFormatClass, ".", name, ": names no format jwp makes a method for"));
  classfile::ClassWriter w;
  w.SetClass(classfile::access::kPublic | classfile::access::kFinal, kFormatClass, "java/lang/Object", {});
  Code c(w);
  // The pieces' concatenation, then a new String of it (Formatter returns
  // its builder's, never an argument or the literal itself). Allocated
  // last: the search meets the allocation before the concatenations.
  if (pieces->empty()) c.Ldc("");
  for (size_t i = 0; i < pieces->size(); ++i) {
    PushPiece(c, (*pieces)[i]);
    if (i > 0) c.InvokeVirtual(kStringClass, "concat", "(Ljava/lang/String;)Ljava/lang/String;");
  }
  c.Op2(0xbb, w.Class(kStringClass));  // new: s, r
  c.Op(0x5a);                          // dup_x1: r, s, r
  c.Op(0x5f);                          // swap: r, r, s
  c.Op2(0xb7, w.Method(kStringClass, "<init>", "(Ljava/lang/String;)V", false));  // invokespecial
  c.Op(0xb0);  // areturn
  w.AddMethod(classfile::access::kPublic | classfile::access::kStatic, name, kFormatDescriptor, /*max_stack=*/6,
              /*max_locals=*/2, c.Take());
  return classfile::ParseClassFile(w.Bytes(), Cat("the method jwp makes for String.format(\"", *format, "\")"));
}

}  // namespace jwp::callgraph
