// The javap-compatible printer. It follows JDK 17's com.sun.tools.javap
// (ClassWriter.write/writeField/writeMethod, CodeWriter.writeInstr and
// writeExceptionTable, ConstantWriter.write/stringValue, AttributeWriter's
// LineNumberTable and LocalVariableTable) for the options -c -p -l, and keeps
// its quirks, which tests/javap/javap_diff.py checks against javap itself:
//   - members print with the generic Signature when there is one; parameter
//     and return types then come from the signature, so an enum constructor
//     `(Ljava/lang/String;I)V` with signature `()V` prints as `E()`;
//   - a generic throws clause prints in internal form (`throws X, java/io/IOException`);
//   - without a signature, interfaces are joined by "," without a space;
//   - field, method and interface-method references to this class print
//     without the class (`// Method foo:()V`); names that are not Java
//     binary names are quoted (`"<init>"`, `class "[I"`);
//   - constants print as Java's Double/Float.toString would (class_printer_float.cc).
// Departures, all for attributes the parse tree does not keep: a module-info
// prints as javap prints a module-info without a Module attribute; an empty
// Exceptions attribute prints as an absent one; several LineNumberTable or
// LocalVariableTable attributes of one Code attribute print as one (javap
// prints the last).
#include "classfile/class_printer.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "classfile/bytecode.h"
#include "classfile/descriptor.h"
#include "classfile/internal/class_printer_text.h"
#include "classfile/strings.h"

namespace jwp::classfile {
namespace {

using printer_internal::CheckName;
using printer_internal::EscapeUtf8Constant;
using printer_internal::LineWriter;

// javap's ClassWriter.adjustVarargs: the last "[]" becomes "...".
std::string AdjustVarargs(uint16_t flags, std::string params) {
  if (flags & access::kVarargs) {
    size_t i = params.rfind("[]");
    if (i != std::string::npos && i > 0) params.replace(i, 2, "...");
  }
  return params;
}

// Pads `s` on the left to `width` UTF-16 units, as String.format("%5s").
std::string PadLeft(std::string_view s, size_t width) {
  size_t units = printer_internal::Utf16Length(s);
  std::string out;
  if (units < width) out.append(width - units, ' ');
  out.append(s);
  return out;
}

// javap's ConstantWriter.tagName.
std::string TagName(CpTag tag) {
  switch (tag) {
    case CpTag::kUtf8: return "Utf8";
    case CpTag::kInteger: return "int";
    case CpTag::kFloat: return "float";
    case CpTag::kLong: return "long";
    case CpTag::kDouble: return "double";
    case CpTag::kClass: return "class";
    case CpTag::kString: return "String";
    case CpTag::kFieldref: return "Field";
    case CpTag::kMethodHandle: return "MethodHandle";
    case CpTag::kMethodType: return "MethodType";
    case CpTag::kMethodref: return "Method";
    case CpTag::kInterfaceMethodref: return "InterfaceMethod";
    case CpTag::kInvokeDynamic: return "InvokeDynamic";
    case CpTag::kDynamic: return "Dynamic";
    case CpTag::kNameAndType: return "NameAndType";
    default: return Cat("(unknown tag ", static_cast<int>(tag), ")");
  }
}

class Printer {
 public:
  Printer(const ClassFile& cf, std::ostream& out) : cf_(cf), pool_(cf.pool), w_(out) {}

  absl::Status Print();

 private:
  void WriteDeclaration();
  void WriteField(const FieldInfo& f);
  absl::Status WriteMethod(const MethodInfo& m);
  absl::Status WriteCode(const MethodInfo& m);
  void WriteInstruction(const Instruction& insn, const DecodedCode& code);
  void WriteConstantOperand(uint16_t index);
  void WriteExceptionTable(const CodeAttribute& code);
  void WriteLineNumbers(const CodeAttribute& code);
  void WriteLocalVariables(const CodeAttribute& code);

  // javap's ConstantWriter.stringValue and write (the `// ...` comments).
  std::string StringValue(uint16_t index) const;
  std::string ConstantComment(uint16_t index) const;

  // Types as javap's Descriptor prints them, "???" for a malformed one.
  static std::string FieldTypeName(std::string_view descriptor);

  const ClassFile& cf_;
  const ConstantPool& pool_;
  LineWriter w_;
};

absl::Status Printer::Print() {
  if (!cf_.source_file.empty()) w_.Println(Cat("Compiled from \"", cf_.source_file, "\""));
  WriteDeclaration();
  w_.Indent(+1);
  for (const FieldInfo& f : cf_.fields) WriteField(f);
  absl::Status status = absl::OkStatus();
  for (const MethodInfo& m : cf_.methods) {
    status = WriteMethod(m);
    if (!status.ok()) break;
  }
  w_.SetPendingNewline(false);
  w_.Indent(-1);
  w_.Println("}");
  return status;
}

void Printer::WriteDeclaration() {
  // Modifiers: public, final, abstract (not for interfaces).
  uint16_t flags = cf_.access_flags;
  if (flags & access::kInterface) flags &= ~access::kAbstract;
  if (flags & access::kPublic) w_.Print("public ");
  if (flags & access::kFinal) w_.Print("final ");
  if (flags & access::kAbstract) w_.Print("abstract ");

  const bool is_interface = cf_.IsInterface();
  const std::string name = JavaName(cf_.this_class);
  if (cf_.IsModuleInfo()) {
    // javap's fallback for a module-info without a Module attribute.
    w_.Print("class ");
    w_.Print(name);
  } else {
    w_.Print(is_interface ? "interface " : "class ");
    w_.Print(name);
  }

  std::optional<ClassSignature> sig;
  if (!cf_.signature.empty()) {
    if (auto parsed = ParseClassSignature(cf_.signature); parsed.ok()) sig = *std::move(parsed);
  }
  if (!sig) {
    if (!is_interface && !cf_.super_class.empty()) {
      std::string super = JavaName(cf_.super_class);
      if (super != "java.lang.Object") w_.Print(Cat(" extends ", super));
    }
    for (size_t i = 0; i < cf_.interfaces.size(); ++i) {
      w_.Print(i == 0 ? (is_interface ? " extends " : " implements ") : ",");
      w_.Print(JavaName(cf_.interfaces[i]));
    }
  } else if (sig->type_params.empty() && sig->interfaces.empty()) {
    // javap's signature parser reads this as a plain type, not a class signature.
    if (!sig->superclass.IsObject()) w_.Print(Cat(" extends ", SignatureToString(sig->superclass)));
  } else {
    std::string s = TypeParametersToString(sig->type_params);
    auto append_list = [&](const char* prefix, const std::vector<TypeSignature>& types) {
      if (types.empty()) return;
      s += prefix;
      for (size_t i = 0; i < types.size(); ++i) {
        if (i > 0) s += ", ";
        s += SignatureToString(types[i]);
      }
    };
    if (is_interface) {
      append_list(" extends ", sig->interfaces);
    } else {
      if (!sig->superclass.IsObject()) s += Cat(" extends ", SignatureToString(sig->superclass));
      append_list(" implements ", sig->interfaces);
    }
    w_.Print(s);
  }
  w_.Print(" ");
  w_.Println("{");
}

std::string Printer::FieldTypeName(std::string_view descriptor) {
  absl::StatusOr<FieldType> t = ParseFieldDescriptor(descriptor);
  return t.ok() ? JavaTypeName(*t) : "???";
}

void Printer::WriteField(const FieldInfo& f) {
  const uint16_t flags = f.access_flags;
  if (flags & access::kPublic) w_.Print("public ");
  if (flags & access::kPrivate) w_.Print("private ");
  if (flags & access::kProtected) w_.Print("protected ");
  if (flags & access::kStatic) w_.Print("static ");
  if (flags & access::kFinal) w_.Print("final ");
  if (flags & access::kVolatile) w_.Print("volatile ");
  if (flags & access::kTransient) w_.Print("transient ");
  std::string type;
  if (!f.signature.empty()) {
    if (auto sig = ParseFieldSignature(f.signature); sig.ok()) type = SignatureToString(*sig);
  }
  if (type.empty()) type = FieldTypeName(f.descriptor);
  w_.Print(type);
  w_.Print(" ");
  w_.Print(f.name);
  w_.Print(";");
  w_.Println();
  w_.Println();
}

absl::Status Printer::WriteMethod(const MethodInfo& m) {
  const uint16_t flags = m.access_flags;
  std::optional<MethodSignature> sig;
  if (!m.signature.empty()) {
    if (auto parsed = ParseMethodSignature(m.signature); parsed.ok()) sig = *std::move(parsed);
  }

  if (flags & access::kPublic) w_.Print("public ");
  if (flags & access::kPrivate) w_.Print("private ");
  if (flags & access::kProtected) w_.Print("protected ");
  if (flags & access::kStatic) w_.Print("static ");
  if (flags & access::kFinal) w_.Print("final ");
  if (flags & access::kSynchronized) w_.Print("synchronized ");
  if (flags & access::kNative) w_.Print("native ");
  if (flags & access::kAbstract) w_.Print("abstract ");
  if (flags & access::kStrict) w_.Print("strictfp ");
  // Non-abstract interface methods of class files from Java 8 on.
  if (cf_.IsInterface() && !(flags & access::kAbstract) && m.name != "<clinit>" &&
      cf_.major_version >= 52 && !(flags & (access::kStatic | access::kPrivate))) {
    w_.Print("default ");
  }
  if (sig && !sig->type_params.empty()) w_.Print(Cat(TypeParametersToString(sig->type_params), " "));

  // Parameter and return types, as javap's Descriptor or Signature print them.
  std::string params, ret;
  if (sig) {
    params = "(";
    for (size_t i = 0; i < sig->params.size(); ++i) {
      if (i > 0) params += ", ";
      params += SignatureToString(sig->params[i], NameStyle::kInternal);
    }
    params += ")";
    ret = SignatureToString(sig->ret, NameStyle::kInternal);
  } else if (auto d = ParseMethodDescriptor(m.descriptor); d.ok()) {
    params = JavaParameterList(*d);
    ret = JavaTypeName(d->ret);
  } else {
    params = ret = "???";
  }
  params = JavaName(AdjustVarargs(flags, std::move(params)));
  ret = JavaName(ret);

  if (m.name == "<init>") {
    w_.Print(JavaName(cf_.this_class));
    w_.Print(params);
  } else if (m.name == "<clinit>") {
    w_.Print("{}");
  } else {
    w_.Print(ret);
    w_.Print(" ");
    w_.Print(m.name);
    w_.Print(params);
  }

  if (!m.exceptions.empty()) {
    w_.Print(" throws ");
    if (sig && !sig->throws.empty()) {
      // javap prints these with Type.toString, in internal form.
      for (size_t i = 0; i < sig->throws.size(); ++i) {
        if (i > 0) w_.Print(", ");
        w_.Print(SignatureToString(sig->throws[i], NameStyle::kInternal));
      }
    } else {
      for (size_t i = 0; i < m.exceptions.size(); ++i) {
        if (i > 0) w_.Print(", ");
        w_.Print(JavaName(pool_.ClassName(m.exceptions[i])));
      }
    }
  }
  w_.Println(";");

  w_.Indent(+1);
  absl::Status status = absl::OkStatus();
  if (m.code) status = WriteCode(m);
  w_.Indent(-1);
  w_.SetPendingNewline(true);
  return status;
}

absl::Status Printer::WriteCode(const MethodInfo& m) {
  const CodeAttribute& code = *m.code;
  w_.Println("Code:");
  absl::StatusOr<DecodedCode> decoded = DecodeCode(cf_, m);
  if (!decoded.ok()) return decoded.status();
  for (const Instruction& insn : decoded->instructions) WriteInstruction(insn, *decoded);
  WriteExceptionTable(code);
  WriteLineNumbers(code);
  WriteLocalVariables(code);
  return absl::OkStatus();
}

void Printer::WriteInstruction(const Instruction& insn, const DecodedCode& code) {
  std::string mnemonic = OpcodeMnemonic(insn.opcode);
  if (insn.wide) mnemonic += "_w";  // javap's names for wide forms: iload_w, iinc_w
  w_.Print(absl::StrFormat("%4d: %-13s ", insn.offset, mnemonic));
  // Multi-line operands (switches) indent past "%4d: ", in units of the
  // indentation width, rounded up.
  constexpr int kBodyIndent = (6 + LineWriter::kIndentWidth - 1) / LineWriter::kIndentWidth;
  switch (OpcodeFormat(insn.opcode)) {
    case OperandFormat::kN:
    case OperandFormat::kWide:
      break;
    case OperandFormat::kByte:
    case OperandFormat::kShort:
    case OperandFormat::kLocal:
    case OperandFormat::kBranch2:
    case OperandFormat::kBranch4:
      w_.Print(Cat(insn.a));
      break;
    case OperandFormat::kIinc:
      w_.Print(Cat(insn.a, ", ", insn.b));
      break;
    case OperandFormat::kNewArray:
      w_.Print(Cat(" ", NewArrayTypeName(static_cast<uint8_t>(insn.a))));
      break;
    case OperandFormat::kCp1:
    case OperandFormat::kCp2:
      w_.Print(Cat("#", insn.a));
      WriteConstantOperand(static_cast<uint16_t>(insn.a));
      break;
    case OperandFormat::kInvokeInterface:
    case OperandFormat::kMultiANewArray:
      w_.Print(Cat("#", insn.a, ",  ", insn.b));
      WriteConstantOperand(static_cast<uint16_t>(insn.a));
      break;
    case OperandFormat::kInvokeDynamic:
      w_.Print(Cat("#", insn.a, ",  0"));
      WriteConstantOperand(static_cast<uint16_t>(insn.a));
      break;
    case OperandFormat::kTableSwitch:
    case OperandFormat::kLookupSwitch: {
      const SwitchTable& sw = code.switches[insn.a];
      if (sw.is_table) {
        w_.Print(Cat("{ // ", sw.low, " to ", sw.high));
      } else {
        w_.Print(Cat("{ // ", sw.cases.size()));
      }
      w_.Indent(kBodyIndent);
      for (const auto& [match, target] : sw.cases) {
        w_.Print(absl::StrFormat("\n%12d: %d", match, target));
      }
      w_.Print(Cat("\n     default: ", sw.default_target, "\n}"));
      w_.Indent(-kBodyIndent);
      break;
    }
  }
  w_.Println();
}

void Printer::WriteConstantOperand(uint16_t index) {
  w_.Tab();
  w_.Print("// ");
  w_.Print(ConstantComment(index));
}

std::string Printer::ConstantComment(uint16_t index) const {
  if (index == 0) return "#0";
  if (!pool_.Valid(index)) return Cat("#", index);
  const CpEntry& e = pool_.at(index);
  uint16_t shown = index;
  // References to members of this class print without the class.
  if ((e.tag == CpTag::kMethodref || e.tag == CpTag::kInterfaceMethodref ||
       e.tag == CpTag::kFieldref) &&
      e.a == cf_.this_class_index) {
    shown = e.b;
  }
  return Cat(TagName(e.tag), " ", StringValue(shown));
}

std::string Printer::StringValue(uint16_t index) const {
  if (!pool_.Valid(index)) return "???";
  const CpEntry& e = pool_.at(index);
  switch (e.tag) {
    case CpTag::kClass:
      return CheckName(pool_.ClassName(index));
    case CpTag::kDouble:
      return Cat(printer_internal::JavaDoubleToString(pool_.Double(index)), "d");
    case CpTag::kFloat:
      return Cat(printer_internal::JavaFloatToString(pool_.Float(index)), "f");
    case CpTag::kInteger:
      return Cat(pool_.Integer(index));
    case CpTag::kLong:
      return Cat(pool_.Long(index), "l");
    case CpTag::kFieldref:
    case CpTag::kMethodref:
    case CpTag::kInterfaceMethodref:
      return Cat(CheckName(pool_.MemberClass(index)), ".", StringValue(e.b));
    case CpTag::kInvokeDynamic:
    case CpTag::kDynamic:
      return Cat("#", e.a, ":", StringValue(e.b));
    case CpTag::kNameAndType:
      return Cat(CheckName(pool_.NameOfNameAndType(index)), ":",
                 pool_.DescriptorOfNameAndType(index));
    case CpTag::kMethodHandle:
      return Cat(RefKindName(static_cast<RefKind>(e.ref_kind)), " ", StringValue(e.a));
    case CpTag::kMethodType:
      return std::string(pool_.Utf8(e.a));
    case CpTag::kString:
      return EscapeUtf8Constant(pool_.Utf8(e.a));
    case CpTag::kUtf8:
      return EscapeUtf8Constant(e.utf8);
    case CpTag::kModule:
    case CpTag::kPackage:
      return CheckName(pool_.Utf8(e.a));
    case CpTag::kUnusable:
      break;
  }
  return "???";
}

void Printer::WriteExceptionTable(const CodeAttribute& code) {
  if (code.exception_table.empty()) return;
  w_.Println("Exception table:");
  w_.Indent(+1);
  w_.Println(" from    to  target type");
  for (const ExceptionTableEntry& h : code.exception_table) {
    w_.Print(absl::StrFormat(" %5d %5d %5d", h.start_pc, h.end_pc, h.handler_pc));
    w_.Print("   ");
    if (h.catch_type == 0) {
      w_.Println("any");
    } else {
      w_.Print("Class ");
      w_.Println(StringValue(h.catch_type));
    }
  }
  w_.Indent(-1);
}

void Printer::WriteLineNumbers(const CodeAttribute& code) {
  if (!code.has_line_number_table) return;
  w_.Println("LineNumberTable:");
  w_.Indent(+1);
  for (const LineNumberEntry& e : code.line_numbers) {
    w_.Println(Cat("line ", e.line, ": ", e.start_pc));
  }
  w_.Indent(-1);
}

void Printer::WriteLocalVariables(const CodeAttribute& code) {
  if (!code.has_local_variable_table) return;
  w_.Println("LocalVariableTable:");
  w_.Indent(+1);
  w_.Println("Start  Length  Slot  Name   Signature");
  for (const LocalVariableEntry& e : code.local_variables) {
    w_.Println(absl::StrFormat("%5d %7d %5d %s   %s", e.start_pc, e.length, e.index,
                               PadLeft(StringValue(e.name_index), 5),
                               StringValue(e.descriptor_index)));
  }
  w_.Indent(-1);
}

}  // namespace

absl::Status PrintClass(const ClassFile& cf, std::ostream& out) {
  return Printer(cf, out).Print();
}

}  // namespace jwp::classfile
