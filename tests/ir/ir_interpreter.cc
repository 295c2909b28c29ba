#include "tests/ir/ir_interpreter.h"

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

#include "absl/strings/str_format.h"
#include "classfile/member_resolution.h"
#include "ir/builder.h"
#include "ir/printer.h"

namespace jwp::testing {
namespace {

using ir::BlockId;
using ir::EdgeId;
using ir::EdgeKind;
using ir::Op;
using ir::TypeKind;
using ir::ValueId;

constexpr std::string_view kNpe = "java/lang/NullPointerException";
constexpr std::string_view kAioobe = "java/lang/ArrayIndexOutOfBoundsException";
constexpr std::string_view kSioobe = "java/lang/StringIndexOutOfBoundsException";
constexpr std::string_view kNase = "java/lang/NegativeArraySizeException";
constexpr std::string_view kCce = "java/lang/ClassCastException";
constexpr std::string_view kArith = "java/lang/ArithmeticException";
constexpr std::string_view kAse = "java/lang/ArrayStoreException";
constexpr std::string_view kThrowable = "java/lang/Throwable";
constexpr std::string_view kString = "java/lang/String";

std::string Key(std::string_view cls, std::string_view name, std::string_view descriptor) {
  return absl::StrFormat("%s.%s%s", cls, name, descriptor);
}

std::string Dotted(std::string_view internal_name) {
  std::string s(internal_name);
  for (char& c : s) {
    if (c == '/') c = '.';
  }
  return s;
}

RtValue DefaultFor(std::string_view descriptor) {
  switch (descriptor.empty() ? 'V' : descriptor[0]) {
    case 'J': return RtValue::Long(0);
    case 'F': return RtValue::Float(0);
    case 'D': return RtValue::Double(0);
    case 'L': case '[': return RtValue::Ref(0);
    default: return RtValue::Int(0);
  }
}

// Java's narrowing of floating-point values to integers (JVMS 2.8.3, f2i etc.):
// NaN is 0, out-of-range values saturate.
template <typename Int>
Int JavaToInteger(double v) {
  constexpr double kLimit = static_cast<double>(std::numeric_limits<Int>::max()) + 1.0;  // 2^31 or 2^63
  if (std::isnan(v)) return 0;
  if (v >= kLimit) return std::numeric_limits<Int>::max();
  if (v <= -kLimit) return std::numeric_limits<Int>::min();
  return static_cast<Int>(v);
}

// d2f without C++'s undefined behaviour for out-of-range values: round to
// nearest, overflowing to infinity from FLT_MAX + half an ulp up.
float JavaD2F(double v) {
  constexpr double kHalfwayToInfinity = 0x1.ffffffp+127;
  if (std::isnan(v)) return std::numeric_limits<float>::quiet_NaN();
  double a = std::fabs(v);
  float sign = v > 0 ? 1.0f : -1.0f;
  if (a >= kHalfwayToInfinity) return std::copysign(std::numeric_limits<float>::infinity(), sign);
  if (a > FLT_MAX) return std::copysign(FLT_MAX, sign);
  return static_cast<float>(v);
}

template <typename T>
int32_t FloatCompare(T a, T b, int32_t nan_result) {
  if (std::isnan(a) || std::isnan(b)) return nan_result;
  return a < b ? -1 : a > b ? 1 : 0;
}

}  // namespace

// --- Heap --------------------------------------------------------------------------

struct IrInterpreter::HeapObject {
  std::string type;  // internal class name, or array descriptor ("[I")
  bool is_array = false;
  std::vector<RtValue> elements;
  std::map<std::string, RtValue, std::less<>> fields;  // "declaring/Class.name"
  std::string text;                                    // java/lang/String
  // JDK throwables.
  int32_t message = 0;
  int32_t cause = 0;
  std::vector<int32_t> suppressed;
  // kLambda objects.
  bool is_lambda = false;
  ir::InvokeKind impl_kind = ir::InvokeKind::kStatic;
  bool impl_interface = false;
  std::string impl_owner, impl_name, impl_descriptor, method_name;
  std::vector<RtValue> captured;
};

IrInterpreter::IrInterpreter(const classfile::ClassPath& class_path,
                             const classfile::ClassHierarchy& hierarchy, Options options)
    : class_path_(class_path), hierarchy_(hierarchy), options_(options) {
  heap_.push_back(std::make_unique<HeapObject>());  // null
  heap_[0]->type = "null";
}

IrInterpreter::~IrInterpreter() = default;

int32_t IrInterpreter::NewObject(std::string type) {
  auto o = std::make_unique<HeapObject>();
  o->type = std::move(type);
  heap_.push_back(std::move(o));
  return static_cast<int32_t>(heap_.size() - 1);
}

int32_t IrInterpreter::NewArray(std::string descriptor, int32_t length) {
  RtValue zero = DefaultFor(std::string_view(descriptor).substr(1));
  int32_t r = NewObject(std::move(descriptor));
  heap_[r]->is_array = true;
  heap_[r]->elements.assign(static_cast<size_t>(length), zero);
  return r;
}

// multianewarray: counts.size() dimensions are allocated, the rest stay null.
int32_t IrInterpreter::NewMultiArray(std::string_view descriptor, const std::vector<int32_t>& counts,
                                     size_t level) {
  int32_t r = NewArray(std::string(descriptor), counts[level]);
  if (level + 1 < counts.size()) {
    for (int32_t k = 0; k < counts[level]; ++k) {
      int32_t sub = NewMultiArray(descriptor.substr(1), counts, level + 1);
      heap_[r]->elements[k] = RtValue::Ref(sub);
    }
  }
  return r;
}

int32_t IrInterpreter::NewThrowable(std::string_view internal_name) {
  return NewObject(std::string(internal_name));
}

int32_t IrInterpreter::NewString(std::string text) {
  int32_t r = NewObject(std::string(kString));
  heap_[r]->text = std::move(text);
  return r;
}

int32_t IrInterpreter::InternString(std::string_view text) {
  auto it = interned_.find(text);
  if (it != interned_.end()) return it->second;
  int32_t r = NewString(std::string(text));
  interned_.emplace(std::string(text), r);
  return r;
}

bool IrInterpreter::IsA(std::string_view type, std::string_view super_type) const {
  return hierarchy_.IsSubtype(type, super_type) == classfile::Tristate::kYes;
}

// Throwable.toString(): the class name, then ": message" if there is one.
std::string IrInterpreter::ToString(int32_t ref) const {
  const HeapObject& o = *heap_[ref];
  std::string s = Dotted(o.type);
  if (o.message != 0) s += ": " + heap_[o.message]->text;
  return s;
}

bool IrInterpreter::IsUserClass(std::string_view internal_name) const {
  const classfile::Archive* a = class_path_.Find(internal_name);
  if (a == nullptr) return false;
  for (size_t i = 0; i < class_path_.user_archive_count(); ++i) {
    if (class_path_.archives()[i].get() == a) return true;
  }
  return false;
}

// --- IRs --------------------------------------------------------------------------------

absl::StatusOr<std::shared_ptr<const ir::MethodIR>> IrInterpreter::MethodIRFor(
    std::string_view class_name, std::string_view method_name, std::string_view descriptor) {
  std::string key = Key(class_name, method_name, descriptor);
  auto it = irs_.find(key);
  if (it != irs_.end()) return it->second;
  auto cf = class_path_.Load(class_name);
  if (!cf.ok()) return cf.status();
  for (const classfile::MethodInfo& m : (*cf)->methods) {
    if (m.name != method_name || m.descriptor != descriptor) continue;
    auto built = ir::BuildMethodIR(*cf, m, hierarchy_);
    if (!built.ok()) return built.status();
    irs_.emplace(key, *built);
    built_.push_back(*built);
    return *built;
  }
  return absl::NotFoundError(absl::StrFormat("no method %s", key));
}

void IrInterpreter::ReplaceMethodIR(std::shared_ptr<const ir::MethodIR> ir) {
  irs_[ir->QualifiedName()] = std::move(ir);
}

// --- Classes and fields ---------------------------------------------------------------

std::string IrInterpreter::EnsureInitialized(std::string_view internal_name, int depth) {
  if (initialized_.contains(internal_name) || !IsUserClass(internal_name)) return "";
  initialized_.emplace(internal_name);
  classfile::ClassId id = hierarchy_.Find(internal_name);
  if (id == classfile::kNoClass) return Key(internal_name, "", ": not in the hierarchy");
  if (!hierarchy_.IsInterface(id) && hierarchy_.Super(id) != classfile::kNoClass) {
    std::string e = EnsureInitialized(hierarchy_.Name(hierarchy_.Super(id)), depth);
    if (!e.empty()) return e;
  }
  auto cf = class_path_.Load(internal_name);
  if (!cf.ok()) return std::string(cf.status().message());
  for (const classfile::MethodInfo& m : (*cf)->methods) {
    if (m.name != "<clinit>") continue;
    auto ir = MethodIRFor(internal_name, m.name, m.descriptor);
    if (!ir.ok()) return std::string(ir.status().message());
    Outcome o = Execute(*ir, {}, depth + 1);
    if (o.kind == Outcome::Kind::kFailed) return o.error;
    if (o.kind == Outcome::Kind::kThrew) {
      return absl::StrFormat("%s.<clinit> threw %s (ExceptionInInitializerError is not modelled)",
                             internal_name, o.exception);
    }
  }
  return "";
}

std::string IrInterpreter::FieldKey(std::string_view owner, std::string_view name,
                                    std::string_view descriptor, std::string* error) {
  std::string k = absl::StrFormat("%s.%s:%s", owner, name, descriptor);
  auto it = field_keys_.find(k);
  if (it != field_keys_.end()) return it->second;
  classfile::FieldResult r = classfile::ResolveField(hierarchy_, owner, name, descriptor);
  if (!r.ok()) {
    *error = absl::StrFormat("field %s: %s %s", k, classfile::LinkageErrorName(r.error), r.detail);
    return "";
  }
  std::string key = absl::StrFormat("%s.%s", hierarchy_.Name(r.owner), name);
  field_keys_.emplace(std::move(k), key);
  return key;
}

// --- Calls --------------------------------------------------------------------------------

Outcome IrInterpreter::CallStatic(std::string_view class_name, std::string_view method_name,
                                  std::string_view descriptor, std::vector<RtValue> args) {
  steps_ = 0;
  Outcome o;
  std::string e = EnsureInitialized(class_name, 0);
  if (!e.empty()) {
    o.error = e;
    return o;
  }
  auto ir = MethodIRFor(class_name, method_name, descriptor);
  if (!ir.ok()) {
    o.error = std::string(ir.status().message());
    return o;
  }
  return Execute(*ir, std::move(args), 0);
}

Outcome IrInterpreter::Invoke(ir::InvokeKind kind, std::string_view owner, std::string_view name,
                              std::string_view descriptor, bool interface_owner,
                              std::vector<RtValue> args, int depth) {
  Outcome fail;
  const std::string what = Key(owner, name, descriptor);
  if (kind == ir::InvokeKind::kDynamic) {
    fail.error = "invokedynamic " + what + " is not modelled";
    return fail;
  }
  const bool has_receiver = kind != ir::InvokeKind::kStatic;
  if (has_receiver) {
    if (args.empty() || args[0].ref <= 0) {
      fail.error = "invoke " + what + " without a receiver";
      return fail;
    }
    const HeapObject& receiver = *heap_[args[0].ref];
    if (receiver.is_lambda && name == receiver.method_name) {
      args.erase(args.begin());
      return InvokeLambda(receiver, std::move(args), depth);
    }
    if (receiver.is_array && name == "clone" && descriptor == "()Ljava/lang/Object;") {
      int32_t copy = NewObject(receiver.type);
      heap_[copy]->is_array = true;
      heap_[copy]->elements = heap_[args[0].ref]->elements;
      Outcome o;
      o.kind = Outcome::Kind::kReturned;
      o.value = RtValue::Ref(copy);
      return o;
    }
  }
  // Arrays resolve their methods in java/lang/Object (JVMS 5.4.3.3).
  std::string_view resolve_in = owner[0] == '[' ? "java/lang/Object" : owner;
  classfile::MethodResult resolved =
      interface_owner ? classfile::ResolveInterfaceMethod(hierarchy_, resolve_in, name, descriptor)
                      : classfile::ResolveMethod(hierarchy_, resolve_in, name, descriptor);
  if (!resolved.ok()) {
    fail.error = absl::StrFormat("resolving %s: %s %s", what, classfile::LinkageErrorName(resolved.error),
                                 resolved.detail);
    return fail;
  }
  classfile::MethodResult target = resolved;
  if (kind == ir::InvokeKind::kVirtual || kind == ir::InvokeKind::kInterface) {
    const HeapObject& receiver = *heap_[args[0].ref];
    std::string_view rtype = receiver.is_array ? std::string_view("java/lang/Object") : receiver.type;
    classfile::ClassId rc = hierarchy_.Find(rtype);
    if (rc == classfile::kNoClass) {
      fail.error = absl::StrFormat("invoke %s: receiver class %s is not in the hierarchy", what, rtype);
      return fail;
    }
    target = classfile::SelectMethod(hierarchy_, rc, resolved,
                                     kind == ir::InvokeKind::kInterface ? classfile::InvokeKind::kInterface
                                                                        : classfile::InvokeKind::kVirtual);
    if (!target.ok()) {
      fail.error = absl::StrFormat("selecting %s for a %s: %s %s", what, rtype,
                                   classfile::LinkageErrorName(target.error), target.detail);
      return fail;
    }
  }
  std::string_view declaring = hierarchy_.Name(target.owner);
  const classfile::MethodInfo& m = *target.member;
  if (kind == ir::InvokeKind::kStatic) {
    std::string e = EnsureInitialized(declaring, depth);
    if (!e.empty()) {
      fail.error = e;
      return fail;
    }
  }
  if (!IsUserClass(declaring)) return Native(declaring, m.name, m.descriptor, std::move(args));
  if (!m.code) {
    fail.error = absl::StrFormat("%s selects %s, which has no code", what, Key(declaring, m.name, m.descriptor));
    return fail;
  }
  auto ir = MethodIRFor(declaring, m.name, m.descriptor);
  if (!ir.ok()) {
    fail.error = std::string(ir.status().message());
    return fail;
  }
  return Execute(*ir, std::move(args), depth + 1);
}

// A call of the functional interface's method on a kLambda object: the
// implementation method gets the captured values, then the call's arguments.
Outcome IrInterpreter::InvokeLambda(const HeapObject& lambda, std::vector<RtValue> args, int depth) {
  std::vector<RtValue> all = lambda.captured;
  all.insert(all.end(), args.begin(), args.end());
  if (lambda.impl_kind != ir::InvokeKind::kStatic && (all.empty() || all[0].ref == 0)) {
    Outcome o;
    o.kind = Outcome::Kind::kThrew;
    o.value = RtValue::Ref(NewThrowable(kNpe));
    o.exception = std::string(kNpe);
    return o;
  }
  std::string owner = lambda.impl_owner, name = lambda.impl_name, desc = lambda.impl_descriptor;
  return Invoke(lambda.impl_kind, owner, name, desc, lambda.impl_interface, std::move(all), depth);
}

// The JDK methods the fixtures use, by declaring class.
Outcome IrInterpreter::Native(std::string_view cls, std::string_view name, std::string_view desc,
                              std::vector<RtValue> args) {
  Outcome o;
  o.kind = Outcome::Kind::kReturned;
  auto ret = [&](RtValue v) {
    o.value = v;
    return o;
  };
  auto thrown = [&](std::string_view type) {
    o.kind = Outcome::Kind::kThrew;
    o.value = RtValue::Ref(NewThrowable(type));
    o.exception = std::string(type);
    return o;
  };
  auto self = [&]() -> HeapObject& { return *heap_[args[0].ref]; };
  const bool throwable = IsA(cls, kThrowable);
  if (name == "<init>") {
    if (cls == "java/lang/Object" && desc == "()V") return ret({});
    if (throwable) {
      if (desc == "()V") return ret({});
      if (desc == "(Ljava/lang/String;)V") {
        self().message = args[1].ref;
        return ret({});
      }
      if (desc == "(Ljava/lang/String;Ljava/lang/Throwable;)V") {
        self().message = args[1].ref;
        self().cause = args[2].ref;
        return ret({});
      }
      if (desc == "(Ljava/lang/Throwable;)V") {
        self().cause = args[1].ref;
        if (args[1].ref != 0) self().message = NewString(ToString(args[1].ref));
        return ret({});
      }
    }
    if (cls == "java/lang/Enum" && desc == "(Ljava/lang/String;I)V") {
      self().fields["java/lang/Enum.name"] = args[1];
      self().fields["java/lang/Enum.ordinal"] = args[2];
      return ret({});
    }
  } else if (throwable) {
    if ((name == "getMessage" || name == "getLocalizedMessage") && desc == "()Ljava/lang/String;") {
      return ret(RtValue::Ref(self().message));
    }
    if (name == "getCause" && desc == "()Ljava/lang/Throwable;") return ret(RtValue::Ref(self().cause));
    if (name == "addSuppressed" && desc == "(Ljava/lang/Throwable;)V") {
      if (args[1].ref == 0) return thrown(kNpe);
      if (args[1].ref == args[0].ref) return thrown("java/lang/IllegalArgumentException");
      self().suppressed.push_back(args[1].ref);
      return ret({});
    }
    if (name == "getSuppressed" && desc == "()[Ljava/lang/Throwable;") {
      std::vector<int32_t> s = self().suppressed;
      int32_t a = NewArray("[Ljava/lang/Throwable;", static_cast<int32_t>(s.size()));
      for (size_t k = 0; k < s.size(); ++k) heap_[a]->elements[k] = RtValue::Ref(s[k]);
      return ret(RtValue::Ref(a));
    }
  } else if (cls == "java/lang/Enum") {
    if (name == "ordinal" && desc == "()I") return ret(self().fields["java/lang/Enum.ordinal"]);
    if (name == "name" && desc == "()Ljava/lang/String;") return ret(self().fields["java/lang/Enum.name"]);
  } else if (cls == kString) {
    const std::string& s = self().text;
    if (name == "length" && desc == "()I") return ret(RtValue::Int(static_cast<int32_t>(s.size())));
    if (name == "charAt" && desc == "(I)C") {
      int32_t k = args[1].i;
      if (k < 0 || static_cast<size_t>(k) >= s.size()) return thrown(kSioobe);
      return ret(RtValue::Int(static_cast<uint8_t>(s[k])));
    }
    if (name == "hashCode" && desc == "()I") {
      uint32_t h = 0;
      for (char c : s) h = 31 * h + static_cast<uint8_t>(c);
      return ret(RtValue::Int(static_cast<int32_t>(h)));
    }
    if (name == "equals" && desc == "(Ljava/lang/Object;)Z") {
      int32_t other = args[1].ref;
      bool eq = other != 0 && heap_[other]->type == kString && heap_[other]->text == s;
      return ret(RtValue::Int(eq ? 1 : 0));
    }
  } else if (cls == "java/lang/Math") {
    if (name == "abs" && desc == "(I)I") {
      return ret(RtValue::Int(args[0].i < 0 ? static_cast<int32_t>(0u - static_cast<uint32_t>(args[0].i)) : args[0].i));
    }
    if (name == "abs" && desc == "(J)J") {
      return ret(RtValue::Long(args[0].j < 0 ? static_cast<int64_t>(0ull - static_cast<uint64_t>(args[0].j)) : args[0].j));
    }
    if (name == "max" && desc == "(II)I") return ret(RtValue::Int(std::max(args[0].i, args[1].i)));
    if (name == "min" && desc == "(II)I") return ret(RtValue::Int(std::min(args[0].i, args[1].i)));
  } else if (cls == "java/util/Objects") {
    if (name == "requireNonNull" && desc == "(Ljava/lang/Object;)Ljava/lang/Object;") {
      if (args[0].ref == 0) return thrown(kNpe);
      return ret(args[0]);
    }
  } else if (cls == "java/lang/Object") {
    if (name == "getClass" && desc == "()Ljava/lang/Class;") return ret(RtValue::Ref(NewObject("java/lang/Class")));
  }
  o.kind = Outcome::Kind::kFailed;
  o.error = absl::StrFormat("JDK method %s is not modelled", Key(cls, name, desc));
  return o;
}

// --- Execution ------------------------------------------------------------------------

Outcome IrInterpreter::Execute(const std::shared_ptr<const ir::MethodIR>& ir_ptr, std::vector<RtValue> args,
                               int depth) {
  const ir::MethodIR& ir = *ir_ptr;
  Outcome out;
  auto where = [&](const ir::Instruction& in) {
    return absl::StrFormat("%s B%d @%d `%s`", ir.QualifiedName(), in.block, in.bci,
                           ir::InstructionString(ir, in));
  };
  auto failed = [&](std::string msg) {
    out.kind = Outcome::Kind::kFailed;
    out.error = std::move(msg);
    return out;
  };
  if (depth > options_.max_depth) return failed(ir.QualifiedName() + ": calls nested too deeply");
  if (args.size() != ir.params.size()) {
    return failed(absl::StrFormat("%s: %d arguments for %d parameters", ir.QualifiedName(), args.size(),
                                  ir.params.size()));
  }
  std::vector<RtValue> vals(ir.values.size());
  std::string error;
  auto get = [&](ValueId v) -> const RtValue& {
    if (v < 0 || static_cast<size_t>(v) >= vals.size() || vals[v].kind == TypeKind::kVoid) {
      if (error.empty()) error = absl::StrFormat("v%d is read before it is defined", v);
      static const RtValue kUndefined;
      return kUndefined;
    }
    return vals[v];
  };

  // A value must fit its static type: the IR's types are claims too.
  auto fits = [&](ValueId v, const RtValue& x) {
    const ir::ValueType& t = ir.values[v].type;
    bool ok = x.kind == t.kind || (x.kind == TypeKind::kRef && t.kind == TypeKind::kNull);
    if (ok && x.kind == TypeKind::kRef && x.ref != 0) {
      ok = t.kind == TypeKind::kRef && (t.descriptor.empty() || IsA(heap_[x.ref]->type, t.descriptor));
    }
    if (!ok && error.empty()) {
      error = absl::StrFormat("v%d of type %s gets a %s", v, ir::TypeString(t),
                              x.kind == TypeKind::kRef ? Dotted(heap_[x.ref]->type) : ir::TypeKindName(x.kind));
    }
    return ok;
  };

  BlockId b = ir.entry;
  EdgeId via = ir::kNone;
  int32_t exception = 0;  // the exception in flight, for kCatch and the exceptional exit
  RtValue returned;
  for (;;) {
    if (b == ir.exit) {
      out.kind = Outcome::Kind::kReturned;
      out.value = returned;
      return out;
    }
    if (b == ir.exceptional_exit) {
      out.kind = Outcome::Kind::kThrew;
      out.value = RtValue::Ref(exception);
      out.exception = heap_[exception]->type;
      return out;
    }
    const ir::Block& block = ir.blocks[b];
    // Phis read their operand for the incoming edge, all at once.
    if (!block.phis.empty()) {
      size_t p = 0;
      while (p < block.preds.size() && block.preds[p] != via) ++p;
      if (p == block.preds.size()) {
        return failed(absl::StrFormat("%s: B%d entered by edge %d, which is not among its predecessors",
                                      ir.QualifiedName(), b, via));
      }
      std::vector<RtValue> in(block.phis.size());
      for (size_t k = 0; k < block.phis.size(); ++k) {
        const ir::Instruction& phi = ir.insns[block.phis[k]];
        in[k] = p < phi.operands.size() ? get(phi.operands[p]) : RtValue();
        if (!error.empty() || in[k].kind == TypeKind::kVoid) {
          return failed(absl::StrFormat("%s: phi of B%d, operand %d: %s", where(phi), b, p,
                                        error.empty() ? "missing" : error));
        }
      }
      for (size_t k = 0; k < block.phis.size(); ++k) {
        const ir::Instruction& phi = ir.insns[block.phis[k]];
        if (!fits(phi.result, in[k])) return failed(where(phi) + ": " + error);
        vals[phi.result] = in[k];
      }
    }

    // The block's instructions. `raised` is set when one throws.
    int32_t raised = 0;
    Origin origin = Origin::kImplicit;
    const ir::Instruction* last = nullptr;
    for (size_t k = 0; k < block.insns.size(); ++k) {
      const ir::Instruction& in = ir.insns[block.insns[k]];
      last = &in;
      if (++steps_ > options_.max_steps) return failed(where(in) + ": step limit reached");
      auto op = [&](size_t n) -> const RtValue& { return get(in.operands[n]); };
      auto set = [&](RtValue v) {
        if (in.result >= 0 && fits(in.result, v)) vals[in.result] = v;
      };
      auto raise = [&](std::string_view type) {
        raised = NewThrowable(type);
        origin = Origin::kImplicit;
      };
      switch (in.op) {
        case Op::kParam:
          if (in.index < 0 || static_cast<size_t>(in.index) >= args.size()) return failed(where(in) + ": no such argument");
          set(args[in.index]);
          break;
        case Op::kConst:
          switch (in.const_kind) {
            case ir::ConstKind::kInt: set(RtValue::Int(static_cast<int32_t>(static_cast<uint32_t>(in.bits)))); break;
            case ir::ConstKind::kLong: set(RtValue::Long(static_cast<int64_t>(in.bits))); break;
            case ir::ConstKind::kFloat: {
              uint32_t bits = static_cast<uint32_t>(in.bits);
              float f;
              std::memcpy(&f, &bits, 4);
              set(RtValue::Float(f));
              break;
            }
            case ir::ConstKind::kDouble: {
              double d;
              std::memcpy(&d, &in.bits, 8);
              set(RtValue::Double(d));
              break;
            }
            case ir::ConstKind::kNull: set(RtValue::Ref(0)); break;
            case ir::ConstKind::kString: set(RtValue::Ref(InternString(in.text))); break;
            default: return failed(where(in) + ": constant kind not modelled");
          }
          break;
        case Op::kPhi:
          return failed(where(in) + ": phi among the instructions");
        case Op::kCatch:
          if (exception == 0) return failed(where(in) + ": catch without an exception in flight");
          set(RtValue::Ref(exception));
          break;
        case Op::kBinary: {
          const RtValue& a = op(0);
          const RtValue& c = op(1);
          if (!error.empty()) break;
          TypeKind t = ir.values[in.result].type.kind;
          using B = ir::BinaryOp;
          if (t == TypeKind::kInt) {
            uint32_t x = static_cast<uint32_t>(a.i), y = static_cast<uint32_t>(c.i);
            int32_t r = 0;
            switch (in.binary) {
              case B::kAdd: r = static_cast<int32_t>(x + y); break;
              case B::kSub: r = static_cast<int32_t>(x - y); break;
              case B::kMul: r = static_cast<int32_t>(x * y); break;
              case B::kDiv: case B::kRem:
                if (c.i == 0) {
                  raise(kArith);
                } else if (c.i == -1) {
                  r = in.binary == B::kDiv ? static_cast<int32_t>(0u - x) : 0;
                } else {
                  r = in.binary == B::kDiv ? a.i / c.i : a.i % c.i;
                }
                break;
              case B::kAnd: r = a.i & c.i; break;
              case B::kOr: r = a.i | c.i; break;
              case B::kXor: r = a.i ^ c.i; break;
              case B::kShl: r = static_cast<int32_t>(x << (c.i & 31)); break;
              case B::kShr: r = a.i >> (c.i & 31); break;
              case B::kUshr: r = static_cast<int32_t>(x >> (c.i & 31)); break;
            }
            set(RtValue::Int(r));
          } else if (t == TypeKind::kLong) {
            uint64_t x = static_cast<uint64_t>(a.j), y = static_cast<uint64_t>(c.j);
            int64_t r = 0;
            switch (in.binary) {
              case B::kAdd: r = static_cast<int64_t>(x + y); break;
              case B::kSub: r = static_cast<int64_t>(x - y); break;
              case B::kMul: r = static_cast<int64_t>(x * y); break;
              case B::kDiv: case B::kRem:
                if (c.j == 0) {
                  raise(kArith);
                } else if (c.j == -1) {
                  r = in.binary == B::kDiv ? static_cast<int64_t>(0ull - x) : 0;
                } else {
                  r = in.binary == B::kDiv ? a.j / c.j : a.j % c.j;
                }
                break;
              case B::kAnd: r = a.j & c.j; break;
              case B::kOr: r = a.j | c.j; break;
              case B::kXor: r = a.j ^ c.j; break;
              case B::kShl: r = static_cast<int64_t>(x << (c.i & 63)); break;
              case B::kShr: r = a.j >> (c.i & 63); break;
              case B::kUshr: r = static_cast<int64_t>(x >> (c.i & 63)); break;
            }
            set(RtValue::Long(r));
          } else if (t == TypeKind::kFloat || t == TypeKind::kDouble) {
            if (t == TypeKind::kFloat) {
              float fx = a.f, fy = c.f, r = 0;
              switch (in.binary) {
                case B::kAdd: r = fx + fy; break;
                case B::kSub: r = fx - fy; break;
                case B::kMul: r = fx * fy; break;
                case B::kDiv: r = fx / fy; break;
                case B::kRem: r = std::fmod(fx, fy); break;
                default: return failed(where(in) + ": bitwise operation on a float");
              }
              set(RtValue::Float(r));
            } else {
              double x = a.d, y = c.d, r = 0;
              switch (in.binary) {
                case B::kAdd: r = x + y; break;
                case B::kSub: r = x - y; break;
                case B::kMul: r = x * y; break;
                case B::kDiv: r = x / y; break;
                case B::kRem: r = std::fmod(x, y); break;
                default: return failed(where(in) + ": bitwise operation on a double");
              }
              set(RtValue::Double(r));
            }
          } else {
            return failed(where(in) + ": binary operation on a non-number");
          }
          break;
        }
        case Op::kNeg: {
          const RtValue& a = op(0);
          switch (a.kind) {
            case TypeKind::kInt: set(RtValue::Int(static_cast<int32_t>(0u - static_cast<uint32_t>(a.i)))); break;
            case TypeKind::kLong: set(RtValue::Long(static_cast<int64_t>(0ull - static_cast<uint64_t>(a.j)))); break;
            case TypeKind::kFloat: set(RtValue::Float(-a.f)); break;
            case TypeKind::kDouble: set(RtValue::Double(-a.d)); break;
            default: break;
          }
          break;
        }
        case Op::kConvert: {
          const RtValue& a = op(0);
          using C = ir::ConvertOp;
          switch (in.convert) {
            case C::kI2L: set(RtValue::Long(a.i)); break;
            case C::kI2F: set(RtValue::Float(static_cast<float>(a.i))); break;
            case C::kI2D: set(RtValue::Double(a.i)); break;
            case C::kL2I: set(RtValue::Int(static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(a.j))))); break;
            case C::kL2F: set(RtValue::Float(static_cast<float>(a.j))); break;
            case C::kL2D: set(RtValue::Double(static_cast<double>(a.j))); break;
            case C::kF2I: set(RtValue::Int(JavaToInteger<int32_t>(a.f))); break;
            case C::kF2L: set(RtValue::Long(JavaToInteger<int64_t>(a.f))); break;
            case C::kF2D: set(RtValue::Double(a.f)); break;
            case C::kD2I: set(RtValue::Int(JavaToInteger<int32_t>(a.d))); break;
            case C::kD2L: set(RtValue::Long(JavaToInteger<int64_t>(a.d))); break;
            case C::kD2F: set(RtValue::Float(JavaD2F(a.d))); break;
            case C::kI2B: set(RtValue::Int(static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint32_t>(a.i))))); break;
            case C::kI2C: set(RtValue::Int(static_cast<uint16_t>(static_cast<uint32_t>(a.i)))); break;
            case C::kI2S: set(RtValue::Int(static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(a.i))))); break;
          }
          break;
        }
        case Op::kCompare: {
          const RtValue& a = op(0);
          const RtValue& c = op(1);
          using C = ir::CompareOp;
          switch (in.compare) {
            case C::kLcmp: set(RtValue::Int(a.j < c.j ? -1 : a.j > c.j ? 1 : 0)); break;
            case C::kFcmpl: set(RtValue::Int(FloatCompare(a.f, c.f, -1))); break;
            case C::kFcmpg: set(RtValue::Int(FloatCompare(a.f, c.f, 1))); break;
            case C::kDcmpl: set(RtValue::Int(FloatCompare(a.d, c.d, -1))); break;
            case C::kDcmpg: set(RtValue::Int(FloatCompare(a.d, c.d, 1))); break;
          }
          break;
        }
        case Op::kStringConcat:
          return failed(where(in) + ": string concatenation is not modelled");
        case Op::kGetField: case Op::kPutField: {
          const RtValue& obj = op(0);
          if (!error.empty()) break;
          if (obj.ref == 0) {
            raise(kNpe);
            break;
          }
          std::string key = FieldKey(in.owner, in.name, in.descriptor, &error);
          if (!error.empty()) break;
          HeapObject& o = *heap_[obj.ref];
          if (in.op == Op::kPutField) {
            o.fields[key] = op(1);
          } else {
            auto it = o.fields.find(key);
            set(it != o.fields.end() ? it->second : DefaultFor(in.descriptor));
          }
          break;
        }
        case Op::kGetStatic: case Op::kPutStatic: {
          std::string key = FieldKey(in.owner, in.name, in.descriptor, &error);
          if (!error.empty()) break;
          std::string_view declaring = std::string_view(key).substr(0, key.rfind('.'));
          if (!IsUserClass(declaring)) return failed(where(in) + ": static fields of the JDK are not modelled");
          std::string e = EnsureInitialized(declaring, depth);
          if (!e.empty()) return failed(where(in) + ": " + e);
          if (in.op == Op::kPutStatic) {
            statics_[key] = op(0);
          } else {
            auto it = statics_.find(key);
            set(it != statics_.end() ? it->second : DefaultFor(in.descriptor));
          }
          break;
        }
        case Op::kArrayLoad: case Op::kArrayStore: {
          const RtValue& arr = op(0);
          const RtValue& index = op(1);
          if (!error.empty()) break;
          if (arr.ref == 0) {
            raise(kNpe);
            break;
          }
          HeapObject& a = *heap_[arr.ref];
          if (!a.is_array) return failed(where(in) + ": not an array");
          if (index.i < 0 || static_cast<size_t>(index.i) >= a.elements.size()) {
            raise(kAioobe);
            break;
          }
          if (in.op == Op::kArrayLoad) {
            set(a.elements[index.i]);
            break;
          }
          RtValue v = op(2);
          switch (a.type[1]) {
            case 'Z': v.i &= 1; break;
            case 'B': v.i = static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint32_t>(v.i))); break;
            case 'C': v.i = static_cast<uint16_t>(static_cast<uint32_t>(v.i)); break;
            case 'S': v.i = static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(v.i))); break;
            case 'L': case '[':
              if (v.ref != 0 && !IsA(heap_[v.ref]->type, std::string_view(a.type).substr(1))) {
                raise(kAse);
              }
              break;
            default: break;
          }
          if (raised == 0) a.elements[index.i] = v;
          break;
        }
        case Op::kArrayLength: {
          const RtValue& arr = op(0);
          if (!error.empty()) break;
          if (arr.ref == 0) {
            raise(kNpe);
            break;
          }
          set(RtValue::Int(static_cast<int32_t>(heap_[arr.ref]->elements.size())));
          break;
        }
        case Op::kNew: {
          std::string e = EnsureInitialized(in.type, depth);
          if (!e.empty()) return failed(where(in) + ": " + e);
          set(RtValue::Ref(NewObject(std::string(in.type))));
          break;
        }
        case Op::kNewArray: case Op::kNewMultiArray: {
          std::vector<int32_t> counts;
          for (size_t n = 0; n < in.operands.size(); ++n) counts.push_back(op(n).i);
          if (!error.empty()) break;
          bool negative = false;
          for (int32_t c : counts) negative |= c < 0;
          if (negative) {
            raise(kNase);
            break;
          }
          if (counts.empty()) return failed(where(in) + ": no dimensions");
          set(RtValue::Ref(NewMultiArray(in.type, counts, 0)));
          break;
        }
        case Op::kCheckCast: case Op::kInstanceOf: {
          const RtValue& v = op(0);
          if (!error.empty()) break;
          bool is = v.ref != 0 && IsA(heap_[v.ref]->type, in.type);
          if (in.op == Op::kInstanceOf) {
            set(RtValue::Int(is ? 1 : 0));
          } else if (v.ref != 0 && !is) {
            raise(kCce);
          } else {
            set(v);
          }
          break;
        }
        case Op::kMonitorEnter: case Op::kMonitorExit:
          if (error.empty() && op(0).ref == 0) raise(kNpe);
          break;
        case Op::kInvoke: {
          std::vector<RtValue> call_args;
          for (size_t n = 0; n < in.operands.size(); ++n) call_args.push_back(op(n));
          if (!error.empty()) break;
          if (in.invoke != ir::InvokeKind::kStatic && in.invoke != ir::InvokeKind::kDynamic &&
              call_args[0].ref == 0) {
            raise(kNpe);
            break;
          }
          Outcome o = Invoke(in.invoke, in.owner, in.name, in.descriptor, in.interface_owner,
                             std::move(call_args), depth);
          if (o.kind == Outcome::Kind::kFailed) return failed(o.error + "\n  called from " + where(in));
          if (o.kind == Outcome::Kind::kThrew) {
            raised = o.value.ref;
            origin = Origin::kCallee;
          } else if (in.result >= 0) {
            if (o.value.kind == TypeKind::kVoid) return failed(where(in) + ": the callee returned no value");
            set(o.value);
          }
          break;
        }
        case Op::kLambda: {
          int32_t r = NewObject(std::string(in.type));
          HeapObject& o = *heap_[r];
          o.is_lambda = true;
          o.impl_kind = in.invoke;
          o.impl_interface = in.interface_owner;
          o.impl_owner = std::string(in.owner);
          o.impl_name = std::string(in.name);
          o.impl_descriptor = std::string(in.descriptor);
          o.method_name = std::string(in.text);
          for (size_t n = 0; n < in.operands.size(); ++n) o.captured.push_back(op(n));
          set(RtValue::Ref(r));
          break;
        }
        case Op::kIf: case Op::kSwitch:
          break;  // the edge is chosen below
        case Op::kReturn:
          returned = in.operands.empty() ? RtValue() : op(0);
          break;
        case Op::kThrow: {
          const RtValue& e = op(0);
          if (!error.empty()) break;
          if (e.ref == 0) {
            raise(kNpe);
          } else {
            raised = e.ref;
            origin = Origin::kThrow;
          }
          break;
        }
      }
      if (!error.empty()) return failed(where(in) + ": " + error);
      if (raised != 0 && k + 1 != block.insns.size()) {
        return failed(absl::StrFormat("%s: throws %s but is not the last instruction of its block", where(in),
                                      heap_[raised]->type));
      }
    }

    // The edge out of the block.
    EdgeId next = ir::kNone;
    if (raised != 0) {
      // The IR's routing: the first exceptional edge that admits the exception.
      const std::string& type = heap_[raised]->type;
      for (EdgeId e : block.succs) {
        const ir::Edge& edge = ir.edges[e];
        if (edge.kind != EdgeKind::kException) continue;
        bool label = origin == Origin::kImplicit ? edge.thrown == type
                   : origin == Origin::kCallee   ? edge.thrown == kThrowable
                                                 : IsA(type, edge.thrown);
        if (!label) continue;
        if (!edge.caught_as.empty() && !IsA(type, edge.caught_as)) continue;
        bool excluded = false;
        for (std::string_view n : edge.not_caught_by) excluded |= IsA(type, n);
        if (excluded) continue;
        next = e;
        break;
      }
      if (next == ir::kNone) {
        static constexpr const char* kHow[] = {"implicit", "from a callee", "thrown"};
        return failed(absl::StrFormat("%s: no exceptional edge admits the %s %s", where(*last),
                                      kHow[static_cast<int>(origin)], type));
      }
      exception = raised;
    } else {
      auto find = [&](EdgeKind kind, int32_t case_value, bool match_value) {
        for (EdgeId e : block.succs) {
          const ir::Edge& edge = ir.edges[e];
          if (edge.kind == kind && (!match_value || edge.case_value == case_value)) return e;
        }
        return ir::kNone;
      };
      Op op = last != nullptr ? last->op : Op::kConst;
      if (op == Op::kIf) {
        const RtValue& a = get(last->operands[0]);
        const RtValue& c = get(last->operands[1]);
        if (!error.empty()) return failed(where(*last) + ": " + error);
        bool taken = false;
        if (a.kind == TypeKind::kInt) {
          switch (last->cond) {
            case ir::Cond::kEq: taken = a.i == c.i; break;
            case ir::Cond::kNe: taken = a.i != c.i; break;
            case ir::Cond::kLt: taken = a.i < c.i; break;
            case ir::Cond::kGe: taken = a.i >= c.i; break;
            case ir::Cond::kGt: taken = a.i > c.i; break;
            case ir::Cond::kLe: taken = a.i <= c.i; break;
          }
        } else if (last->cond == ir::Cond::kEq || last->cond == ir::Cond::kNe) {
          taken = (a.ref == c.ref) == (last->cond == ir::Cond::kEq);
        } else {
          return failed(where(*last) + ": ordered comparison of references");
        }
        next = find(taken ? EdgeKind::kTrue : EdgeKind::kFalse, 0, false);
      } else if (op == Op::kSwitch) {
        const RtValue& key = get(last->operands[0]);
        if (!error.empty()) return failed(where(*last) + ": " + error);
        next = find(EdgeKind::kCase, key.i, true);
        if (next == ir::kNone) next = find(EdgeKind::kDefault, 0, false);
      } else if (op == Op::kThrow) {
        return failed(where(*last) + ": throw completed normally");
      } else {
        next = find(EdgeKind::kNormal, 0, false);
      }
      if (next == ir::kNone) {
        return failed(absl::StrFormat("%s: B%d has no successor for the way it completed", ir.QualifiedName(), b));
      }
      if (op == Op::kReturn && ir.edges[next].to != ir.exit) {
        return failed(where(*last) + ": return does not lead to the exit");
      }
      if (op != Op::kReturn && ir.edges[next].to == ir.exit) {
        return failed(absl::StrFormat("%s: B%d reaches the exit without a return", ir.QualifiedName(), b));
      }
    }
    via = next;
    b = ir.edges[next].to;
  }
}

// --- Output ---------------------------------------------------------------------------

std::string IrInterpreter::Format(const Outcome& o, std::string_view return_descriptor) const {
  switch (o.kind) {
    case Outcome::Kind::kFailed: return "interpreter failed: " + o.error;
    case Outcome::Kind::kThrew: return "throws " + Dotted(o.exception);
    case Outcome::Kind::kReturned: break;
  }
  const RtValue& v = o.value;
  switch (return_descriptor.empty() ? 'V' : return_descriptor[0]) {
    case 'V': return "void";
    case 'Z': return v.i != 0 ? "true" : "false";
    case 'C': return absl::StrFormat("c:%d", static_cast<uint16_t>(static_cast<uint32_t>(v.i)));
    case 'B': case 'S': case 'I': return absl::StrFormat("%d", v.i);
    case 'J': return absl::StrFormat("%d", v.j);
    case 'F': {
      uint32_t bits = 0x7fc00000u;  // floatToIntBits: one NaN
      if (!std::isnan(v.f)) std::memcpy(&bits, &v.f, 4);
      return absl::StrFormat("f:0x%08x", bits);
    }
    case 'D': {
      uint64_t bits = 0x7ff8000000000000ull;
      if (!std::isnan(v.d)) std::memcpy(&bits, &v.d, 8);
      return absl::StrFormat("d:0x%016x", bits);
    }
    default:
      if (v.ref == 0) return "null";
      if (return_descriptor == "Ljava/lang/String;") return "\"" + heap_[v.ref]->text + "\"";
      return "object " + Dotted(heap_[v.ref]->type);
  }
}

}  // namespace jwp::testing
