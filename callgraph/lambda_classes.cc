#include "callgraph/lambda_classes.h"

#include <utility>

#include "classfile/class_reader.h"
#include "classfile/class_writer.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"

namespace jwp::callgraph {

using classfile::ClassWriter;
using classfile::CpTag;
using classfile::RefKind;

namespace {

// altMetafactory flags (java.lang.invoke.LambdaMetafactory).
constexpr int32_t kFlagSerializable = 1;
constexpr int32_t kFlagMarkers = 2;
constexpr int32_t kFlagBridges = 4;

std::vector<std::string> Params(std::string_view method_descriptor, std::string* ret) {
  std::vector<std::string> out;
  auto md = classfile::ParseMethodDescriptor(method_descriptor);
  if (!md.ok()) return out;
  for (const classfile::FieldType& p : md->params) out.push_back(p.Descriptor());
  *ret = md->ret.Descriptor();
  return out;
}

bool IsPrimitive(std::string_view d) { return d.size() == 1 && d != "V"; }
int Slots(std::string_view d) { return d == "J" || d == "D" ? 2 : d == "V" ? 0 : 1; }
std::string_view InternalName(std::string_view d) {
  return d.size() > 2 && d.front() == 'L' ? d.substr(1, d.size() - 2) : d;
}

// The wrapper class of a primitive descriptor, and back.
std::string_view Wrapper(std::string_view p) {
  switch (p.empty() ? ' ' : p[0]) {
    case 'Z': return "java/lang/Boolean";
    case 'B': return "java/lang/Byte";
    case 'C': return "java/lang/Character";
    case 'S': return "java/lang/Short";
    case 'I': return "java/lang/Integer";
    case 'J': return "java/lang/Long";
    case 'F': return "java/lang/Float";
    case 'D': return "java/lang/Double";
  }
  return {};
}
std::string_view Unwrapped(std::string_view ref) {
  for (std::string_view p : {"Z", "B", "C", "S", "I", "J", "F", "D"}) {
    if (InternalName(ref) == Wrapper(p)) return p;
  }
  return {};
}
std::string_view UnboxMethod(std::string_view p) {
  switch (p[0]) {
    case 'Z': return "booleanValue";
    case 'B': return "byteValue";
    case 'C': return "charValue";
    case 'S': return "shortValue";
    case 'I': return "intValue";
    case 'J': return "longValue";
    case 'F': return "floatValue";
    default: return "doubleValue";
  }
}

// Straight-line bytecode of the class's method.
class CodeBuilder {
 public:
  explicit CodeBuilder(ClassWriter& w) : w_(w) {}

  void Op(uint8_t op) { code_.push_back(op); }
  void Op2(uint8_t op, uint16_t index) {
    code_.push_back(op);
    code_.push_back(static_cast<uint8_t>(index >> 8));
    code_.push_back(static_cast<uint8_t>(index));
  }
  bool Load(std::string_view d, int slot) {
    if (slot > 255) return false;
    uint8_t op = d == "J" ? 0x16 : d == "F" ? 0x17 : d == "D" ? 0x18 : IsPrimitive(d) ? 0x15 : 0x19;
    code_.push_back(op);
    code_.push_back(static_cast<uint8_t>(slot));
    return true;
  }
  void Return(std::string_view d) {
    Op(d == "V" ? 0xb1 : d == "J" ? 0xad : d == "F" ? 0xae : d == "D" ? 0xaf : IsPrimitive(d) ? 0xac : 0xb0);
  }
  void CheckCast(std::string_view ref) { Op2(0xc0, w_.Class(InternalName(ref))); }
  void Invoke(RefKind kind, std::string_view owner, std::string_view name, std::string_view desc,
              bool interface_owner) {
    uint16_t m = w_.Method(owner, name, desc, interface_owner);
    switch (kind) {
      case RefKind::kInvokeStatic: Op2(0xb8, m); break;
      case RefKind::kInvokeVirtual: Op2(0xb6, m); break;
      case RefKind::kInvokeInterface: {
        Op2(0xb9, m);
        auto md = classfile::ParseMethodDescriptor(desc, /*is_static=*/false);
        code_.push_back(static_cast<uint8_t>(md.ok() ? md->ParameterSlots() + 1 : 1));
        code_.push_back(0);
        break;
      }
      default: Op2(0xb7, m); break;  // invokespecial: private methods, constructors
    }
  }
  void Box(std::string_view p) {
    std::string_view w = Wrapper(p);
    Invoke(RefKind::kInvokeStatic, w, "valueOf", Cat("(", p, ")L", w, ";"), false);
  }
  void Unbox(std::string_view w, std::string_view p) {
    Invoke(RefKind::kInvokeVirtual, w, UnboxMethod(p), Cat("()", p), false);
  }
  // Primitive widening (JLS 5.1.2) from a to b; false when there is none.
  bool Widen(std::string_view a, std::string_view b) {
    if (a == b) return true;
    auto intlike = [](std::string_view x) { return x == "B" || x == "S" || x == "C" || x == "I"; };
    if ((intlike(a) && b == "I") || (a == "B" && b == "S")) return true;
    if (intlike(a) && b == "J") { Op(0x85); return true; }
    if (intlike(a) && b == "F") { Op(0x86); return true; }
    if (intlike(a) && b == "D") { Op(0x87); return true; }
    if (a == "J" && b == "F") { Op(0x89); return true; }
    if (a == "J" && b == "D") { Op(0x8a); return true; }
    if (a == "F" && b == "D") { Op(0x8d); return true; }
    return false;
  }
  // The metafactory's adaptation of a value of type `from` to `to`
  // (LambdaMetafactory: widening, boxing, unboxing, reference casts).
  bool Adapt(std::string_view from, std::string_view to) {
    if (from == to || to == "V") return true;
    const bool fp = IsPrimitive(from), tp = IsPrimitive(to);
    if (fp && tp) return Widen(from, to);
    if (fp) {  // box; the wrapper must be assignable to `to`
      Box(from);
      if (to != "Ljava/lang/Object;" && InternalName(to) != Wrapper(from)) CheckCast(to);
      return true;
    }
    if (tp) {
      std::string_view p = Unwrapped(from);
      if (p.empty()) {  // cast to the target's wrapper, then unbox
        CheckCast(Cat("L", Wrapper(to), ";"));
        Unbox(Wrapper(to), to);
        return true;
      }
      Unbox(InternalName(from), p);
      return Widen(p, to);
    }
    if (to != "Ljava/lang/Object;") CheckCast(to);
    return true;
  }

  std::vector<uint8_t> Take() { return std::move(code_); }

 private:
  ClassWriter& w_;
  std::vector<uint8_t> code_;
};

// The InvokeDynamic constant of kLambda instruction `in`; 0 when it cannot
// be read.
uint16_t InvokeDynamicAt(const ir::MethodIR& ir, const ir::Instruction& in) {
  if (in.op != ir::Op::kLambda || ir.class_file == nullptr || ir.method == nullptr || !ir.method->code) return 0;
  const classfile::ClassFile& cf = *ir.class_file;
  std::span<const uint8_t> code = ir.method->code->code;
  if (in.bci + 2 >= code.size() || code[in.bci] != 0xba) return 0;
  const uint16_t indy = static_cast<uint16_t>(code[in.bci + 1] << 8 | code[in.bci + 2]);
  if (!cf.pool.Is(indy, CpTag::kInvokeDynamic) || cf.pool.at(indy).a >= cf.bootstrap_methods.size()) return 0;
  return indy;
}

}  // namespace

std::vector<std::string> LambdaCapturedDescriptors(const ir::MethodIR& ir, const ir::Instruction& in) {
  const uint16_t indy = InvokeDynamicAt(ir, in);
  if (indy == 0) return {};
  std::string ret;
  return Params(ir.class_file->pool.MemberDescriptor(indy), &ret);
}

std::string LambdaClass::CapturedField(size_t i) { return Cat("cap$", i); }

std::string LambdaClassName(const ir::MethodIR& ir, const ir::Instruction& in) {
  std::string method;
  for (char c : ir.method_name) {
    if (c != '<' && c != '>') method.push_back(c);
  }
  // Overloads of the method in its class are told apart by their index.
  if (ir.class_file != nullptr && ir.method != nullptr) {
    const auto& ms = ir.class_file->methods;
    size_t same = 0;
    for (const auto& m : ms) same += m.name == ir.method_name;
    if (same > 1) method += Cat("$", ir.method - ms.data());
  }
  return Cat(ir.class_name, "$$Lambda$", method, "$", in.bci);
}

LambdaClass MakeLambdaClass(const ir::MethodIR& ir, const ir::Instruction& in) {
  LambdaClass l;
  l.name = LambdaClassName(ir, in);
  l.where = Cat(classfile::JavaName(ir.class_name), ".", ir.method_name, ir.method_descriptor, " at line ", in.line);
  auto fail = [&](std::string why) {
    l.unsupported = Cat("lambda object at line ", in.line, ": ", why);
    return l;
  };
  const classfile::ClassFile& cf = *ir.class_file;
  const classfile::ConstantPool& pool = cf.pool;
  const uint16_t indy = InvokeDynamicAt(ir, in);
  if (indy == 0) return fail("malformed invokedynamic");
  const classfile::BootstrapMethod& bsm = cf.bootstrap_methods[pool.at(indy).a];
  const std::vector<uint16_t>& args = bsm.arguments;
  if (args.size() < 3 || !pool.Is(args[0], CpTag::kMethodType) || !pool.Is(args[1], CpTag::kMethodHandle) ||
      !pool.Is(args[2], CpTag::kMethodType)) {
    return fail("unexpected bootstrap arguments");
  }
  const bool alt = pool.MemberName(pool.at(bsm.method_ref).a) == "altMetafactory";
  if (alt) {
    if (args.size() < 4 || !pool.Is(args[3], CpTag::kInteger)) return fail("altMetafactory without flags");
    const int32_t flags = pool.Integer(args[3]);
    // Then a count and that many marker interfaces, then a count and that
    // many bridge method types, each when its flag is set.
    size_t next = 4;
    for (int32_t flag : {kFlagMarkers, kFlagBridges}) {
      if (!(flags & flag)) continue;
      if (next >= args.size() || !pool.Is(args[next], CpTag::kInteger)) return fail("malformed altMetafactory");
      if (pool.Integer(args[next]) != 0) {
        return fail("altMetafactory with marker interfaces or bridge methods is not modelled");
      }
      ++next;
    }
    l.serializable = flags & kFlagSerializable;
  }
  std::string ret;
  l.captured = Params(pool.MemberDescriptor(indy), &ret);
  l.interface_name = std::string(InternalName(ret));
  l.method_name = std::string(pool.MemberName(indy));
  l.erased = std::string(pool.Utf8(pool.at(args[0]).a));
  l.instantiated = std::string(pool.Utf8(pool.at(args[2]).a));
  const classfile::CpEntry& mh = pool.at(args[1]);
  l.impl_kind = static_cast<RefKind>(mh.ref_kind);
  l.impl = MethodId(pool.MemberClass(mh.a), pool.MemberName(mh.a), pool.MemberDescriptor(mh.a));
  l.impl_interface = pool.at(mh.a).tag == CpTag::kInterfaceMethodref;
  switch (l.impl_kind) {
    case RefKind::kInvokeStatic: case RefKind::kInvokeVirtual: case RefKind::kInvokeInterface:
    case RefKind::kInvokeSpecial: case RefKind::kNewInvokeSpecial: break;
    default: return fail(Cat("implementation method handle of kind ", classfile::RefKindName(l.impl_kind)));
  }

  // The types the implementation takes, in order: the receiver (unless
  // static or a constructor), then its parameters.
  std::string impl_ret, erased_ret, inst_ret;
  std::vector<std::string> takes;
  const bool ctor = l.impl_kind == RefKind::kNewInvokeSpecial;
  if (l.impl_kind != RefKind::kInvokeStatic && !ctor) takes.push_back(Cat("L", l.impl.owner, ";"));
  for (std::string& p : Params(l.impl.descriptor, &impl_ret)) takes.push_back(std::move(p));
  if (ctor) impl_ret = Cat("L", l.impl.owner, ";");
  const std::vector<std::string> erased = Params(l.erased, &erased_ret);
  const std::vector<std::string> inst = Params(l.instantiated, &inst_ret);
  if (impl_ret.empty() || erased_ret.empty() || inst_ret.empty() || erased.size() != inst.size()) {
    return fail("malformed descriptors");
  }
  if (l.captured.size() + erased.size() != takes.size()) {
    return fail(Cat(l.captured.size(), " captured values and ", erased.size(), " arguments for ", takes.size(),
                    " parameters of ", l.impl.ToString()));
  }

  ClassWriter w;
  std::vector<std::string> interfaces{l.interface_name};
  if (l.serializable) interfaces.emplace_back("java/io/Serializable");
  w.SetClass(classfile::access::kPublic | classfile::access::kFinal | classfile::access::kSuper |
                 classfile::access::kSynthetic,
             l.name, "java/lang/Object", interfaces);
  CodeBuilder c(w);
  if (ctor) {
    c.Op2(0xbb, w.Class(l.impl.owner));  // new
    c.Op(0x59);                           // dup
  }
  size_t k = 0;
  int stack = ctor ? 2 : 0;
  for (size_t i = 0; i < l.captured.size(); ++i, ++k) {
    const std::string& d = l.captured[i];
    w.AddField(classfile::access::kPrivate | classfile::access::kFinal, LambdaClass::CapturedField(i), d);
    c.Load("Ljava/lang/Object;", 0);
    c.Op2(0xb4, w.Field(l.name, LambdaClass::CapturedField(i), d));  // getfield
    if (!c.Adapt(d, takes[k])) return fail(Cat("captured ", d, " does not adapt to ", takes[k]));
    stack += 2;
  }
  int slot = 1;
  for (size_t j = 0; j < erased.size(); ++j, ++k) {
    if (!c.Load(erased[j], slot)) return fail("too many arguments");
    slot += Slots(erased[j]);
    std::string_view from = erased[j];
    if (!IsPrimitive(from) && !IsPrimitive(inst[j]) && inst[j] != from) {
      c.CheckCast(inst[j]);
      from = inst[j];
    }
    if (!c.Adapt(from, takes[k])) return fail(Cat("argument ", erased[j], " does not adapt to ", takes[k]));
    stack += 2;
  }
  c.Invoke(l.impl_kind, l.impl.owner, l.impl.name, l.impl.descriptor, l.impl_interface);
  if (erased_ret == "V") {
    if (impl_ret == "J" || impl_ret == "D") c.Op(0x58);  // pop2
    else if (impl_ret != "V") c.Op(0x57);                // pop
  } else {
    if (impl_ret == "V") return fail("a void implementation for a method that returns a value");
    std::string_view from = impl_ret;
    if (!c.Adapt(from, inst_ret == "V" ? erased_ret : inst_ret)) {
      return fail(Cat("result ", impl_ret, " does not adapt to ", inst_ret));
    }
    if (!IsPrimitive(inst_ret) && IsPrimitive(erased_ret)) return fail("reference result for a primitive method");
    if (IsPrimitive(inst_ret) && !IsPrimitive(erased_ret) && !c.Adapt(inst_ret, erased_ret)) {
      return fail("result does not adapt");
    }
    if (IsPrimitive(inst_ret) && IsPrimitive(erased_ret) && !c.Widen(inst_ret, erased_ret)) {
      return fail("result does not adapt");
    }
  }
  c.Return(erased_ret);
  w.AddMethod(classfile::access::kPublic, l.method_name, l.erased, static_cast<uint16_t>(stack + 8),
              static_cast<uint16_t>(slot), c.Take());
  auto parsed = classfile::ParseClassFile(w.Bytes(), Cat("lambda class of ", l.where));
  if (!parsed.ok()) return fail(std::string(parsed.status().message()));
  l.class_file = *std::move(parsed);
  return l;
}

size_t LambdaClasses::AddFrom(const ir::MethodIR& ir) {
  size_t added = 0;
  for (const ir::Instruction& in : ir.insns) {
    if (in.op != ir::Op::kLambda) continue;
    std::string name = LambdaClassName(ir, in);
    if (index_.contains(name)) continue;
    index_.emplace(name, classes_.size());
    classes_.push_back(MakeLambdaClass(ir, in));
    ++added;
  }
  return added;
}

const LambdaClass* LambdaClasses::Find(std::string_view name) const {
  auto it = index_.find(std::string(name));
  return it == index_.end() ? nullptr : &classes_[it->second];
}

std::vector<size_t> LambdaClasses::Implementing(const classfile::ClassHierarchy& h, std::string_view owner,
                                                std::string_view name, std::string_view descriptor) const {
  std::vector<size_t> out;
  for (size_t i = 0; i < classes_.size(); ++i) {
    const LambdaClass& l = classes_[i];
    if (!l.unsupported.empty() || l.method_name != name || l.erased != descriptor) continue;
    if (l.interface_name == owner || owner == "java/lang/Object" ||
        h.IsSubtype(l.interface_name, owner) == classfile::Tristate::kYes) {
      out.push_back(i);
    }
  }
  return out;
}

}  // namespace jwp::callgraph
