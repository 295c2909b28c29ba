#include "ir/printer.h"

#include <cstring>
#include <ostream>

#include "absl/strings/str_format.h"
#include "classfile/strings.h"

namespace jwp::ir {

namespace {

std::string DescriptorToJava(std::string_view d) {
  int dims = 0;
  while (!d.empty() && d[0] == '[') {
    ++dims;
    d.remove_prefix(1);
  }
  std::string base;
  if (d.empty()) {
    base = "?";
  } else {
    switch (d[0]) {
      case 'I': base = "int"; break;
      case 'J': base = "long"; break;
      case 'F': base = "float"; break;
      case 'D': base = "double"; break;
      case 'B': base = "byte"; break;
      case 'C': base = "char"; break;
      case 'S': base = "short"; break;
      case 'Z': base = "boolean"; break;
      case 'V': base = "void"; break;
      case 'L': {
        std::string_view n = d.substr(1, d.size() >= 2 ? d.size() - 2 : 0);
        base = std::string(n);
        for (char& c : base) {
          if (c == '/') c = '.';
        }
        break;
      }
      default: base = std::string(d);
    }
  }
  for (int i = 0; i < dims; ++i) base += "[]";
  return base;
}

std::string Dotted(std::string_view internal) {
  if (!internal.empty() && internal[0] == '[') return DescriptorToJava(internal);
  std::string s(internal);
  for (char& c : s) {
    if (c == '/') c = '.';
  }
  return s;
}

std::string Escape(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20) {
          out += absl::StrFormat("\\u%04x", c);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
  }
  return out;
}

std::string ConstString(const Instruction& in) {
  switch (in.const_kind) {
    case ConstKind::kInt: return std::to_string(static_cast<int32_t>(in.bits));
    case ConstKind::kLong: return Cat(static_cast<int64_t>(in.bits), "L");
    case ConstKind::kFloat: {
      float f;
      uint32_t b = static_cast<uint32_t>(in.bits);
      std::memcpy(&f, &b, 4);
      return absl::StrFormat("%.9gf", f);
    }
    case ConstKind::kDouble: {
      double d;
      std::memcpy(&d, &in.bits, 8);
      return absl::StrFormat("%.17g", d);
    }
    case ConstKind::kNull: return "null";
    case ConstKind::kString: return Cat("\"", Escape(in.text), "\"");
    case ConstKind::kClass: return Cat(Dotted(in.text), ".class");
    case ConstKind::kMethodType: return Cat("methodtype ", in.text);
    case ConstKind::kMethodHandle: return Cat("methodhandle ", in.text);
    case ConstKind::kDynamic: return Cat("dynamic ", in.text2, ":", in.text);
  }
  return "?";
}

}  // namespace

std::string ValueName(const MethodIR& ir, ValueId v) {
  if (v < 0) return "<undef>";
  return Cat("v", v);
}

std::string TypeString(const ValueType& t) {
  if (t.kind == TypeKind::kRef) return DescriptorToJava(t.descriptor);
  return TypeKindName(t.kind);
}

std::string InstructionString(const MethodIR& ir, const Instruction& in) {
  auto v = [&](size_t i) { return i < in.operands.size() ? ValueName(ir, in.operands[i]) : "?"; };
  auto args = [&](size_t from) {
    std::string s;
    for (size_t i = from; i < in.operands.size(); ++i) {
      if (i > from) s += ", ";
      s += ValueName(ir, in.operands[i]);
    }
    return s;
  };
  std::string rhs;
  switch (in.op) {
    case Op::kParam: rhs = Cat("param ", in.index); break;
    case Op::kConst: rhs = Cat("const ", ConstString(in)); break;
    case Op::kPhi: {
      rhs = "phi ";
      const Block& b = ir.blocks[in.block];
      for (size_t i = 0; i < in.operands.size(); ++i) {
        if (i > 0) rhs += ", ";
        BlockId from = i < b.preds.size() ? ir.edges[b.preds[i]].from : kNone;
        rhs += Cat("B", from, ":", v(i));
      }
      break;
    }
    case Op::kCatch: rhs = Cat("catch ", in.type.empty() ? "any" : Dotted(in.type)); break;
    case Op::kBinary: rhs = Cat(BinaryOpName(in.binary), " ", v(0), ", ", v(1)); break;
    case Op::kNeg: rhs = Cat("neg ", v(0)); break;
    case Op::kConvert: rhs = Cat(ConvertOpName(in.convert), " ", v(0)); break;
    case Op::kCompare: {
      static constexpr const char* kNames[] = {"lcmp", "fcmpl", "fcmpg", "dcmpl", "dcmpg"};
      rhs = Cat(kNames[static_cast<int>(in.compare)], " ", v(0), ", ", v(1));
      break;
    }
    case Op::kStringConcat: {
      // Tags print as \1 and \2; every other character as Escape has it
      // (a backslash of the recipe as \\), so the two cannot be confused.
      std::string recipe;
      for (char c : in.text) {
        recipe += c == '\1' ? "\\1" : c == '\2' ? "\\2" : Escape(std::string_view(&c, 1));
      }
      rhs = Cat("concat \"", recipe, "\" (", args(0), ")");
      break;
    }
    case Op::kGetField: rhs = Cat("getfield ", v(0), ".", Dotted(in.owner), ".", in.name); break;
    case Op::kPutField:
      rhs = Cat("putfield ", v(0), ".", Dotted(in.owner), ".", in.name, " = ", v(1));
      break;
    case Op::kGetStatic: rhs = Cat("getstatic ", Dotted(in.owner), ".", in.name); break;
    case Op::kPutStatic: rhs = Cat("putstatic ", Dotted(in.owner), ".", in.name, " = ", v(0)); break;
    case Op::kArrayLoad: rhs = Cat("aload ", v(0), "[", v(1), "] (", DescriptorToJava(in.type), ")"); break;
    case Op::kArrayStore:
      rhs = Cat("astore ", v(0), "[", v(1), "] = ", v(2), " (", DescriptorToJava(in.type), ")");
      break;
    case Op::kArrayLength: rhs = Cat("arraylength ", v(0)); break;
    case Op::kNew: rhs = Cat("new ", Dotted(in.type)); break;
    case Op::kNewArray: rhs = Cat("newarray ", DescriptorToJava(in.type), " [", v(0), "]"); break;
    case Op::kNewMultiArray: rhs = Cat("multianewarray ", DescriptorToJava(in.type), " [", args(0), "]"); break;
    case Op::kCheckCast: rhs = Cat("checkcast ", v(0), " to ", Dotted(in.type)); break;
    case Op::kInstanceOf: rhs = Cat("instanceof ", v(0), " ", Dotted(in.type)); break;
    case Op::kMonitorEnter: rhs = Cat("monitorenter ", v(0)); break;
    case Op::kMonitorExit:
      // ir/monitors.h: a structured exit cannot throw; its edges are dead.
      rhs = Cat("monitorexit ", v(0),
                ir.IsStructuredMonitorExit(static_cast<InsnId>(&in - ir.insns.data())) ? " (structured)" : "");
      break;
    case Op::kInvoke:
      if (in.invoke == InvokeKind::kDynamic) {
        rhs = Cat("invokedynamic ", in.name, in.descriptor, " via ", Dotted(in.text), " (", args(0), ")");
      } else {
        rhs = Cat("invoke", InvokeKindName(in.invoke), " ", Dotted(in.owner), ".", in.name,
                  in.descriptor, " (", args(0), ")");
      }
      break;
    case Op::kLambda:
      rhs = Cat("lambda ", Dotted(in.type), ".", in.text, in.text2, " -> ", InvokeKindName(in.invoke), " ",
                Dotted(in.owner), ".", in.name, in.descriptor, " (", args(0), ")");
      break;
    case Op::kIf: rhs = Cat("if ", v(0), " ", CondName(in.cond), " ", v(1)); break;
    case Op::kSwitch: rhs = Cat("switch ", v(0)); break;
    case Op::kReturn: rhs = in.operands.empty() ? "return" : Cat("return ", v(0)); break;
    case Op::kThrow: rhs = Cat("throw ", v(0)); break;
  }
  if (in.result < 0) return rhs;
  const Value& val = ir.values[in.result];
  return Cat(ValueName(ir, in.result), ":", TypeString(val.type), " = ", rhs);
}

void PrintMethodIR(const MethodIR& ir, std::ostream& out) {
  out << "method " << Dotted(ir.class_name) << "." << ir.method_name << ir.method_descriptor
      << (ir.is_static ? " static" : "") << "\n";
  out << absl::StrFormat("  %d blocks, %d edges, %d values, %d instructions\n", ir.blocks.size(),
                         ir.edges.size(), ir.values.size(), ir.insns.size());
  auto print_insn = [&](InsnId id) {
    const Instruction& in = ir.insns[id];
    std::string text = InstructionString(ir, in);
    std::string where = in.op == Op::kParam ? "" : absl::StrFormat("@%d", in.bci);
    if (in.line >= 0) where += absl::StrFormat(" line %d", in.line);
    std::string name;
    if (in.result >= 0 && !ir.values[in.result].name.empty()) {
      name = Cat("  // ", ir.values[in.result].name);
    }
    out << absl::StrFormat("    %-60s %s%s\n", text, where, name);
  };
  for (const Block& b : ir.blocks) {
    out << "  B" << b.id;
    if (b.id == ir.entry) out << " (entry)";
    else if (b.id == ir.exit) out << " (exit)";
    else if (b.id == ir.exceptional_exit) out << " (exceptional exit)";
    else out << " (bci " << b.start_bci << (b.is_handler ? ", handler" : "") << ")";
    if (!b.preds.empty()) {
      out << " <-";
      for (EdgeId e : b.preds) out << " B" << ir.edges[e].from;
    }
    out << "\n";
    for (InsnId id : b.phis) print_insn(id);
    for (InsnId id : b.insns) print_insn(id);
    for (EdgeId eid : b.succs) {
      const Edge& e = ir.edges[eid];
      out << "      -> B" << e.to << " " << EdgeKindName(e.kind);
      if (e.kind == EdgeKind::kCase) out << " " << e.case_value;
      if (e.kind == EdgeKind::kException) {
        out << " " << Dotted(e.thrown);
        if (e.to == ir.exceptional_exit) {
          out << " uncaught";
        } else {
          out << " caught as " << (e.caught_as.empty() ? "any" : Dotted(e.caught_as));
        }
        if (!e.not_caught_by.empty()) {
          out << ", not";
          for (size_t i = 0; i < e.not_caught_by.size(); ++i) {
            out << (i ? " | " : " ") << Dotted(e.not_caught_by[i]);
          }
        }
      }
      out << "\n";
    }
  }
}

}  // namespace jwp::ir
