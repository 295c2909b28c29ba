// Field facts (field_facts.h): the writers of a class's fields, the values
// they store, and whether its constructors store them before anyone can
// see the object.
#include "absint/field_facts.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <optional>
#include <set>

#include "classfile/strings.h"
#include "absl/strings/str_join.h"
#include "base/check.h"
#include "classfile/bytecode.h"
#include "classfile/descriptor.h"
#include "classfile/member_resolution.h"
#include "absint/non_null_returns.h"
#include "ir/builder.h"

namespace jwp::absint {

namespace {

using classfile::ClassFile;
using ir::Instruction;
using ir::MethodIR;
using ir::Op;
using ir::ValueId;

constexpr int kMaxConstructorDepth = 32;

void Insert(std::vector<FieldValue>* set, const FieldValue& v) {
  auto it = std::lower_bound(set->begin(), set->end(), v);
  if (it == set->end() || *it != v) set->insert(it, v);
}

// What a getstatic reads, as a field value (FieldValue::kStatic), when
// `statics` knows; nullopt otherwise.
using StaticValues = std::function<std::optional<FieldValue>(const Instruction& getstatic)>;

// The values SSA value `v` can have when it is one of the constants and
// objects field_facts.h lists (through phis); nullopt for anything else.
std::optional<std::vector<FieldValue>> ValuesOf(const MethodIR& ir, ValueId v, std::set<ValueId>* seen,
                                                const StaticValues* statics = nullptr) {
  if (!seen->insert(v).second) return std::vector<FieldValue>{};  // a phi cycle adds nothing
  const Instruction& d = ir.def(v);
  std::vector<FieldValue> out;
  switch (d.op) {
    case Op::kConst:
      switch (d.const_kind) {
        case ir::ConstKind::kInt: out.push_back(FieldValue::Int(static_cast<int32_t>(d.bits))); break;
        case ir::ConstKind::kLong: out.push_back(FieldValue::Long(static_cast<int64_t>(d.bits))); break;
        case ir::ConstKind::kNull: out.push_back(FieldValue::Null()); break;
        case ir::ConstKind::kString: out.push_back(FieldValue::String(std::string(d.text))); break;
        case ir::ConstKind::kClass: out.push_back(FieldValue::Object("java/lang/Class", true)); break;
        default: return std::nullopt;
      }
      return out;
    case Op::kNew: case Op::kNewArray: case Op::kNewMultiArray:
      out.push_back(FieldValue::Object(std::string(d.type), true));
      return out;
    case Op::kStringConcat:
      out.push_back(FieldValue::Object("java/lang/String", true));
      return out;
    case Op::kLambda:
      out.push_back(FieldValue::Object(std::string(d.type), false));
      return out;
    case Op::kParam:
      if (ir.is_static || d.index != 0) return std::nullopt;
      out.push_back(FieldValue::Object(std::string(ir.class_name), false));
      return out;
    case Op::kGetStatic:
      if (statics == nullptr) return std::nullopt;
      if (std::optional<FieldValue> x = (*statics)(d)) {
        out.push_back(std::move(*x));
        return out;
      }
      return std::nullopt;
    case Op::kPhi:
      for (ValueId w : d.operands) {
        std::optional<std::vector<FieldValue>> sub = ValuesOf(ir, w, seen, statics);
        if (!sub) return std::nullopt;
        for (const FieldValue& x : *sub) Insert(&out, x);
      }
      return out;
    default:
      return std::nullopt;
  }
}

bool IsConstructor(const MethodIR& ir) { return ir.method_name == "<init>"; }

ValueId ThisOf(const MethodIR& ir) { return ir.is_static || ir.params.empty() ? ir::kNone : ir.params[0]; }

// Walks the instructions that can run before one of `stops` on a path from
// the entry of `ir`: `visit` sees each (a phi included) and returns false to
// end the walk. Returns false when the walk was ended, or a path reaches the
// normal exit without a stop (`*unstopped` set).
bool WalkBefore(const MethodIR& ir, const std::function<bool(ir::InsnId)>& is_stop,
                const std::function<bool(ir::InsnId)>& visit, bool* unstopped) {
  std::vector<bool> seen(ir.blocks.size(), false);
  std::vector<ir::BlockId> work{ir.entry};
  seen[ir.entry] = true;
  while (!work.empty()) {
    const ir::Block& b = ir.blocks[work.back()];
    work.pop_back();
    if (b.id == ir.exit) {
      *unstopped = true;
      return false;
    }
    for (ir::InsnId p : b.phis) {
      if (!visit(p)) return false;
    }
    bool stopped = false;
    for (ir::InsnId i : b.insns) {
      if (is_stop(i)) {
        stopped = true;
        break;
      }
      if (!visit(i)) return false;
    }
    if (stopped) continue;
    for (ir::EdgeId e : b.succs) {
      const ir::BlockId to = ir.edges[e].to;
      if (to != ir::kNone && !seen[to]) {
        seen[to] = true;
        work.push_back(to);
      }
    }
  }
  return true;
}

}  // namespace

std::optional<FieldValue> FieldValue::Default(std::string_view descriptor) {
  switch (descriptor.empty() ? ' ' : descriptor[0]) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': return FieldValue::Int(0);
    case 'J': return FieldValue::Long(0);
    case 'L': case '[': return FieldValue::Null();
    default: return std::nullopt;
  }
}

std::string FieldValue::ToString() const {
  switch (kind) {
    case kInt: return Cat(i);
    case kLong: return Cat(i, "L");
    case kNull: return "null";
    case kString: return Cat("\"", text, "\"");
    case kObject: return Cat(exact ? "a new " : "a ", classfile::JavaName(text));
    case kStatic: {
      const size_t colon = text.find(':');
      return Cat("the value of ", classfile::JavaName(text.substr(0, colon)));
    }
  }
  return "?";
}

const FieldFact& FieldFacts::Of(std::string_view owner, std::string_view name, std::string_view descriptor) {
  static const FieldFact* const kNoFacts = [] {
    auto* f = new FieldFact;
    f->why_not = "not declared by a class on the class path";
    return f;
  }();
  absl::MutexLock lock(&mu_);
  const ClassFacts& c = ForClass(owner);
  auto it = c.by_field.find(Cat(name, ":", descriptor));
  return it == c.by_field.end() ? *kNoFacts : it->second;
}

const std::vector<FieldValue>* FieldFacts::ValuesAtRead(const MethodIR& reader, const Instruction& read,
                                                        const FieldFact** fact) {
  if (read.op != Op::kGetField && read.op != Op::kGetStatic) return nullptr;
  classfile::FieldResult r = classfile::ResolveField(h_, read.owner, read.name, read.descriptor);
  if (!r.ok() || r.owner == classfile::kNoClass) return nullptr;
  const std::string_view owner = h_.Name(r.owner);
  const FieldFact& f = Of(owner, read.name, read.descriptor);
  if (!f.known) return nullptr;
  if (fact != nullptr) *fact = &f;
  const bool in_initializer =
      reader.class_name == owner &&
      (read.op == Op::kGetStatic ? reader.method_name == "<clinit>"
                                 : reader.method_name == "<init>" && read.operands[0] == ThisOf(reader));
  return in_initializer ? &f.values : &f.initialized;
}

FieldFacts::Stats FieldFacts::stats() const {
  absl::MutexLock lock(&mu_);
  return stats_;
}

namespace field_facts_internal {

// What one class's writers do to its fields.
struct Store {
  const MethodIR* ir = nullptr;
  ir::InsnId insn = ir::kNone;
  size_t writer = 0;         // the index of its class in Writers::classes
  bool initializer = false;  // in a constructor on `this`, or in <clinit>
  std::optional<std::vector<FieldValue>> values;
  // `values` is only "non-null" (FieldFacts::non_null_stored): no new object
  // or literal of the writer's own.
  bool non_null_only = false;
  std::string where;  // "pkg.C.m(desc)"
};

// The code that may write the fields of a nest's classes: the nest host
// and its members, each with the IR of the methods that matter (those that
// store into a field, the constructors and the class initializer).
struct Writers {
  struct Class {
    std::shared_ptr<const ClassFile> file;
    std::vector<std::shared_ptr<const MethodIR>> methods;
    bool has_natives = false;
    std::set<std::string, std::less<>> string_constants;
    std::string failed;  // a method whose code cannot be decoded or built ("" when none)
    // SuperInitializersRunOnlyOwnCode's answer, once asked (the same for
    // every static of the class).
    mutable std::optional<bool> supers_run_own_code;
  };
  std::vector<Class> classes;
  std::string nest_missing;  // a nestmate (a class of the package) that is not on the class path, or whose code fails
  // The classes of a closed package (FieldFacts::ForPackage), the writers
  // of its package-private fields; else a nest.
  bool package = false;
};

// Every store into a field of a Writers' classes, by declaring class and
// "name:descriptor".
using StoreMap = std::map<std::string, std::map<std::string, std::vector<Store>>, std::less<>>;

// The writers of a closed package's package-private fields, and their stores.
struct Package {
  Writers writers;
  std::map<std::string, size_t, std::less<>> index;  // class -> its place in writers.classes
  StoreMap stores;
};

// Whether the decoded code of `m` holds an instruction `wanted` accepts.
template <class Wanted>
bool HasInstruction(const ClassFile& cf, const classfile::MethodInfo& m, Wanted wanted, bool* failed) {
  absl::StatusOr<classfile::DecodedCode> code = classfile::DecodeCode(cf, m);
  if (!code.ok()) {
    *failed = true;
    return false;
  }
  for (const classfile::Instruction& in : code->instructions) {
    if (wanted(in)) return true;
  }
  return false;
}

// A class of the writers, with the IR of its methods that `wanted` accepts
// an instruction of, and of its initialization methods when `initializers`.
template <class Wanted>
// With `scan` false, no method's code is read for `wanted` (none can have one).
Writers::Class LoadWriter(const classfile::ClassHierarchy& h, std::shared_ptr<const ClassFile> cf, Wanted wanted,
                          bool initializers, bool scan = true) {
  Writers::Class c;
  c.file = std::move(cf);
  for (const classfile::CpEntry& e : c.file->pool.entries()) {
    if (e.tag == classfile::CpTag::kString) c.string_constants.insert(std::string(c.file->pool.Utf8(e.a)));
  }
  for (const classfile::MethodInfo& m : c.file->methods) {
    if (m.IsNative()) c.has_natives = true;
    if (!m.code) continue;
    bool failed = false;
    // readObject: a constructor for deserialization (ConstructorsStoreFirst).
    const bool init = initializers && (m.name == "<init>" || m.name == "<clinit>" ||
                                       (m.name == "readObject" && m.descriptor == "(Ljava/io/ObjectInputStream;)V"));
    if (init || (scan && HasInstruction(*c.file, m, wanted, &failed))) {
      absl::StatusOr<std::shared_ptr<const MethodIR>> ir = ir::BuildMethodIR(c.file, m, h);
      if (ir.ok()) c.methods.push_back(*ir);
      else failed = true;
    }
    if (failed && c.failed.empty()) c.failed = Cat(classfile::JavaName(c.file->this_class), ".", m.name, m.descriptor);
  }
  return c;
}

bool IsPut(const classfile::Instruction& in) {
  return in.opcode == classfile::Opcode::kPutfield || in.opcode == classfile::Opcode::kPutstatic;
}

}  // namespace field_facts_internal

namespace {

using field_facts_internal::Package;
using field_facts_internal::Store;
using field_facts_internal::StoreMap;
using field_facts_internal::Writers;
using field_facts_internal::IsPut;
using field_facts_internal::LoadWriter;

// The nest of `cf` (JVMS 5.4.4): its host and the host's members, `cf`
// among them even where the host does not list it.
Writers FindWriters(const classfile::ClassHierarchy& h, std::shared_ptr<const ClassFile> cf) {
  Writers w;
  const std::string host(cf->nest_host.empty() ? cf->this_class : cf->nest_host);
  std::vector<std::string> names{host};
  std::shared_ptr<const ClassFile> host_file = cf;
  if (host != cf->this_class) {
    if (auto hf = h.class_path().Load(host); hf.ok()) {
      host_file = *hf;
    } else {
      w.nest_missing = classfile::JavaName(host);
      names = {std::string(cf->this_class)};
      host_file = nullptr;
    }
  }
  if (host_file != nullptr) {
    for (std::string_view m : host_file->nest_members) {
      if (m != host) names.emplace_back(m);
    }
  }
  if (std::find(names.begin(), names.end(), cf->this_class) == names.end()) names.emplace_back(cf->this_class);
  for (const std::string& name : names) {
    auto mf = name == cf->this_class ? absl::StatusOr<std::shared_ptr<const ClassFile>>(cf) : h.class_path().Load(name);
    if (!mf.ok()) {
      if (w.nest_missing.empty()) w.nest_missing = classfile::JavaName(name);
      continue;
    }
    w.classes.push_back(LoadWriter(h, *mf, IsPut, /*initializers=*/true));
    if (!w.classes.back().failed.empty() && w.nest_missing.empty()) w.nest_missing = w.classes.back().failed;
  }
  return w;
}

// The class that declares the field `in` (a putfield or putstatic) writes
// (field resolution); "" when it does not resolve.
const std::string& DeclaringClass(const classfile::ClassHierarchy& h, const Instruction& in,
                                  std::map<std::string, std::string>* memo) {
  std::string key = Cat(in.owner, ".", in.name, ":", in.descriptor);
  auto it = memo->find(key);
  if (it == memo->end()) {
    classfile::FieldResult r = classfile::ResolveField(h, in.owner, in.name, in.descriptor);
    it = memo->emplace(std::move(key), r.ok() && r.owner != classfile::kNoClass ? std::string(h.Name(r.owner)) : "")
             .first;
  }
  return it->second;
}

// A class initializer's instruction that runs no code of another class
// (JVMS 5.5: a call, an allocation, an invokedynamic and another class's
// static all may): constants, arithmetic, branches, arrays and the class's
// own statics.
bool RunsOnlyOwnCode(const Instruction& in, std::string_view owner) {
  switch (in.op) {
    case Op::kParam: case Op::kPhi: case Op::kBinary: case Op::kNeg: case Op::kConvert: case Op::kCompare:
    case Op::kIf: case Op::kSwitch: case Op::kReturn: case Op::kThrow: case Op::kCatch:
    case Op::kNewArray: case Op::kNewMultiArray: case Op::kArrayLoad: case Op::kArrayStore: case Op::kArrayLength:
      return true;
    case Op::kConst:
      return in.const_kind != ir::ConstKind::kDynamic && in.const_kind != ir::ConstKind::kMethodHandle &&
             in.const_kind != ir::ConstKind::kMethodType;
    case Op::kGetStatic: case Op::kPutStatic:
      return in.owner == owner;
    default:
      return false;
  }
}

// The IR of method `name descriptor` that class `cls` declares, when it
// has code and `wanted` accepts it; null otherwise.
std::shared_ptr<const MethodIR> DeclaredCode(const classfile::ClassHierarchy& h, std::string_view cls,
                                             std::string_view name, std::string_view descriptor,
                                             const std::function<bool(const classfile::MethodInfo&)>& wanted) {
  auto cf = h.class_path().Load(cls);
  if (!cf.ok()) return nullptr;
  for (const classfile::MethodInfo& m : (*cf)->methods) {
    if (m.name != name || m.descriptor != descriptor || !m.code || !wanted(m)) continue;
    auto ir = ir::BuildMethodIR(*cf, m, h);
    return ir.ok() ? *ir : nullptr;
  }
  return nullptr;
}

bool AnyMethod(const classfile::MethodInfo&) { return true; }

}  // namespace

bool FieldFacts::ConstructorCheck(std::map<std::string, bool, std::less<>>* memo, std::string_view cls,
                                  std::string_view descriptor, int depth,
                                  const std::function<bool(const MethodIR&)>& holds) {
  if (cls == "java/lang/Object") return true;
  const std::string key = Cat(cls, ".<init>", descriptor);
  if (auto it = memo->find(key); it != memo->end()) return it->second;
  if (depth > kMaxConstructorDepth) return false;
  (*memo)[key] = false;  // a cycle: the check fails
  const std::shared_ptr<const MethodIR> code = DeclaredCode(h_, cls, "<init>", descriptor, AnyMethod);
  const bool result = code != nullptr && holds(*code);
  (*memo)[key] = result;
  return result;
}

bool FieldFacts::ConstructorKeepsThis(std::string_view owner, std::string_view descriptor, int depth) {
  return ConstructorCheck(&keeps_this_, owner, descriptor, depth, [&](const MethodIR& code) {
    const ValueId self = ThisOf(code);
    for (const Instruction& in : code.insns) {
      for (size_t k = 0; k < in.operands.size(); ++k) {
        if (in.operands[k] != self) continue;
        const bool field_receiver = (in.op == Op::kGetField || in.op == Op::kPutField) && k == 0;
        const bool super_call = in.op == Op::kInvoke && in.invoke == ir::InvokeKind::kSpecial && k == 0 &&
                                in.name == "<init>" &&
                                (in.owner == owner || in.owner == code.class_file->super_class) &&
                                ConstructorKeepsThis(in.owner, in.descriptor, depth + 1);
        if (!field_receiver && !super_call) return false;
      }
    }
    return true;
  });
}

bool FieldFacts::QuietAllocation(std::string_view owner, const Instruction& in) {
  if (in.op == Op::kInvoke && in.owner == "java/lang/Class" && in.name == "desiredAssertionStatus" &&
      in.descriptor == "()Z") {
    return true;  // javac's `$assertionsDisabled`: the JVM's assertion settings, no class's statics
  }
  if (in.op == Op::kInvoke && in.invoke == ir::InvokeKind::kStatic && in.owner == owner) {
    return HelperRunsOwnCode(owner, in.name, in.descriptor);
  }
  if (in.op == Op::kInvoke) {
    return in.invoke == ir::InvokeKind::kSpecial && in.name == "<init>" && QuietClass(owner, in.owner) &&
           ConstructorRunsNoCode(in.owner, in.descriptor, 0);
  }
  return in.op == Op::kNew && QuietClass(owner, in.type);
}

bool FieldFacts::HelperRunsOwnCode(std::string_view owner, std::string_view name, std::string_view descriptor) {
  const std::string key = Cat(owner, ".", name, descriptor);
  if (auto it = runs_no_code_.find(key); it != runs_no_code_.end()) return it->second;
  const std::shared_ptr<const MethodIR> code = DeclaredCode(
      h_, owner, name, descriptor, [](const classfile::MethodInfo& m) { return m.IsPrivate() && m.IsStatic(); });
  const bool quiet = code != nullptr && std::all_of(code->insns.begin(), code->insns.end(), [&](const Instruction& in) {
                       return RunsOnlyOwnCode(in, owner);
                     });
  runs_no_code_[key] = quiet;
  return quiet;
}

bool FieldFacts::QuietClass(std::string_view owner, std::string_view cls) {
  const std::string key = Cat(owner, " new ", cls);
  if (auto it = runs_no_code_.find(key); it != runs_no_code_.end()) return it->second;
  // Initializing `cls` runs the initializers of it and its superclasses
  // (JVMS 5.5), up to `owner` (being initialized already) or Object; and of
  // superinterfaces with default methods, so none may have interfaces.
  bool quiet = true;
  for (std::string c(cls); quiet && c != owner && c != "java/lang/Object";) {
    auto cf = h_.class_path().Load(c);
    quiet = cf.ok() && (*cf)->interfaces.empty() &&
            std::none_of((*cf)->methods.begin(), (*cf)->methods.end(),
                         [](const classfile::MethodInfo& m) { return m.name == "<clinit>"; });
    if (quiet) c = std::string((*cf)->super_class);
  }
  runs_no_code_[key] = quiet;
  return quiet;
}

bool FieldFacts::ConstructorRunsNoCode(std::string_view cls, std::string_view descriptor, int depth) {
  return ConstructorCheck(&runs_no_code_, cls, descriptor, depth, [&](const MethodIR& code) {
    return std::all_of(code.insns.begin(), code.insns.end(), [&](const Instruction& in) {
      switch (in.op) {
        case Op::kGetField: case Op::kPutField: case Op::kCheckCast: case Op::kInstanceOf:
          return true;
        case Op::kGetStatic: case Op::kPutStatic:
          return false;  // the static being set may be read here, still at its default
        case Op::kInvoke:
          return in.invoke == ir::InvokeKind::kSpecial && in.name == "<init>" &&
                 (in.owner == cls || in.owner == code.class_file->super_class) &&
                 ConstructorRunsNoCode(in.owner, in.descriptor, depth + 1);
        default:
          return RunsOnlyOwnCode(in, cls);
      }
    });
  });
}

namespace {

// Whether every constructor of the writer class `w` (the field's own)
// stores field `f` of `this` on every path to its normal end, or delegates
// to one of its class's constructors first, with `this` kept from other
// code before (field_facts.h). A call on `this` of a private method of the
// class (an `init()` the constructors share) that itself stores the field
// on every path, `this` kept from other code before, stores it too.
// `deserialized`: a transient field of a Serializable class, which
// deserialization leaves at its default unless the class's readObject
// stores it the same way (FastDateParser's readObject calls its init()).
// `once_done` (for a preference, FieldFact::constructed): only whether the
// field is stored by the time the constructors end: `this` may reach other
// code before, and the helper may be any instance method of the class.
bool ConstructorsStoreFirst(const Writers::Class& w, std::string_view owner, const classfile::FieldInfo& f,
                            bool deserialized,
                            const std::function<bool(std::string_view, std::string_view)>& keeps_this,
                            bool once_done = false) {
  constexpr int kMaxHelperDepth = 3;
  // The private instance method of `w` that `in` (of a method whose `this`
  // is `self`) calls on `this`, passing `this` nowhere else; null if none.
  // With `once_done`, any instance method of `w` so called.
  auto private_helper = [&](const Instruction& in, ValueId self) -> const MethodIR* {
    if (in.op != Op::kInvoke || in.owner != owner || in.name == "<init>" || in.operands.empty() ||
        in.operands[0] != self || (in.invoke != ir::InvokeKind::kSpecial && in.invoke != ir::InvokeKind::kVirtual)) {
      return nullptr;
    }
    for (size_t k = 1; k < in.operands.size() && !once_done; ++k) {
      if (in.operands[k] == self) return nullptr;
    }
    for (const auto& m : w.methods) {
      if (!m->is_static && m->method != nullptr && (once_done || m->method->IsPrivate()) && m->method_name == in.name &&
          m->method_descriptor == in.descriptor) {
        return m.get();
      }
    }
    return nullptr;
  };
  std::function<bool(const MethodIR&, int)> stores_first = [&](const MethodIR& m, int depth) {
    const ValueId self = ThisOf(m);
    auto is_stop = [&](ir::InsnId i) {
      const Instruction& in = m.insns[i];
      if (in.operands.empty() || in.operands[0] != self || in.owner != owner) return false;
      if (in.op == Op::kPutField) return in.name == f.name && in.descriptor == f.descriptor;
      if (in.op == Op::kInvoke && in.invoke == ir::InvokeKind::kSpecial && in.name == "<init>") return true;
      const MethodIR* helper = depth < kMaxHelperDepth ? private_helper(in, self) : nullptr;
      return helper != nullptr && stores_first(*helper, depth + 1);
    };
    auto keeps = [&](ir::InsnId i) {
      if (once_done) return true;
      const Instruction& in = m.insns[i];
      for (size_t k = 0; k < in.operands.size(); ++k) {
        if (in.operands[k] != self) continue;
        const bool field_receiver = (in.op == Op::kGetField || in.op == Op::kPutField) && k == 0;
        const bool super_call = in.op == Op::kInvoke && in.invoke == ir::InvokeKind::kSpecial && k == 0 &&
                                in.name == "<init>" && in.owner == w.file->super_class &&
                                keeps_this(in.owner, in.descriptor);
        if (!field_receiver && !super_call) return false;
      }
      return true;
    };
    bool unstopped = false;
    return WalkBefore(m, is_stop, keeps, &unstopped);
  };
  bool any = false, read_object = false;
  for (const auto& ir : w.methods) {
    const bool reads_object = deserialized && !ir->is_static && ir->method_name == "readObject" &&
                              ir->method_descriptor == "(Ljava/io/ObjectInputStream;)V";
    if (!IsConstructor(*ir) && !reads_object) continue;
    any = any || IsConstructor(*ir);
    read_object = read_object || reads_object;
    if (!stores_first(*ir, 0)) return false;
  }
  return any && (!deserialized || read_object);
}

// Whether the class initializer of `w` (the field's class) stores static
// field `f` on every path before it runs any other class's code, and the
// initializers of its superclasses (which run first, JVMS 5.5) run none.
const MethodIR* ClassInitializer(const Writers::Class& w) {
  for (const auto& ir : w.methods) {
    if (ir->method_name == "<clinit>") return ir.get();
  }
  return nullptr;
}

// Whether the class initializers of the superclasses of `w`, which run
// before its own (JVMS 5.5), run no other class's code.
bool SuperInitializersRunOnlyOwnCode(const classfile::ClassHierarchy& h, const Writers::Class& w) {
  if (w.supers_run_own_code) return *w.supers_run_own_code;
  auto run_own_code = [&] {
    for (std::string super(w.file->super_class); !super.empty() && super != "java/lang/Object";) {
      auto sf = h.class_path().Load(super);
      if (!sf.ok()) return false;
      for (const classfile::MethodInfo& m : (*sf)->methods) {
        if (m.name != "<clinit>" || !m.code) continue;
        auto ir = ir::BuildMethodIR(*sf, m, h);
        if (!ir.ok()) return false;
        for (const Instruction& in : (*ir)->insns) {
          if (!RunsOnlyOwnCode(in, super)) return false;
        }
      }
      super = std::string((*sf)->super_class);
    }
    return true;
  };
  w.supers_run_own_code = run_own_code();
  return *w.supers_run_own_code;
}

// Whether `<clinit>` of `w` stores static field `f` of `owner` on every path,
// with `before` true of each instruction that may run first.
bool ClassInitializerStores(const Writers::Class& w, std::string_view owner, const classfile::FieldInfo& f,
                            const std::function<bool(const Instruction&)>& before) {
  const MethodIR* clinit = ClassInitializer(w);
  if (clinit == nullptr) return false;
  auto is_stop = [&](ir::InsnId i) {
    const Instruction& in = clinit->insns[i];
    return in.op == Op::kPutStatic && in.owner == owner && in.name == f.name && in.descriptor == f.descriptor;
  };
  bool unstopped = false;
  return WalkBefore(*clinit, is_stop, [&](ir::InsnId i) { return before(clinit->insns[i]); }, &unstopped);
}

// `quiet_new` allows what a singleton or an enum constant runs before its
// store: an allocation whose constructor runs no code (field_facts.h).
bool StaticStoredFirst(const classfile::ClassHierarchy& h, const Writers::Class& w, std::string_view owner,
                       const classfile::FieldInfo& f, const std::function<bool(const Instruction&)>& quiet_new) {
  return ClassInitializerStores(
             w, owner, f, [&](const Instruction& in) { return RunsOnlyOwnCode(in, owner) || quiet_new(in); }) &&
         SuperInitializersRunOnlyOwnCode(h, w);
}

// The values static `f` of `owner` may hold right after its class is
// initialized, when its initializer (and its superclasses') run only their
// own code: the ConstantValue or default, unless `<clinit>` stores on every
// path, and what `<clinit>` stores. Nullopt when they cannot be had.
std::optional<std::vector<FieldValue>> InitialValues(const classfile::ClassHierarchy& h, const Writers& writers,
                                                     size_t own, const classfile::FieldInfo& f,
                                                     const std::optional<FieldValue>& start,
                                                     const std::vector<Store>& writes) {
  const Writers::Class& w = writers.classes[own];
  const std::string_view owner = w.file->this_class;
  if (!start || !w.failed.empty()) return std::nullopt;
  std::vector<FieldValue> out;
  const MethodIR* clinit = ClassInitializer(w);
  if (clinit != nullptr) {
    for (const Instruction& in : clinit->insns) {
      if (!RunsOnlyOwnCode(in, owner)) return std::nullopt;
    }
    if (!SuperInitializersRunOnlyOwnCode(h, w)) return std::nullopt;
    for (const Store& s : writes) {
      if (s.ir != clinit) continue;
      if (!s.values) return std::nullopt;
      for (const FieldValue& v : *s.values) Insert(&out, v);
    }
  }
  if (!ClassInitializerStores(w, owner, f, [](const Instruction&) { return true; })) Insert(&out, *start);
  return out;
}

// The constant a static field's ConstantValue attribute gives it before
// its class initializer runs (JVMS 5.5 step 6); nullopt when it has none,
// `*floating` when it is a float or double.
std::optional<FieldValue> ConstantValueOf(const ClassFile& file, const classfile::FieldInfo& f, bool* floating) {
  const uint16_t cv = f.constant_value;
  if (cv == 0 || !(f.access_flags & classfile::access::kStatic)) return std::nullopt;
  const auto& pool = file.pool;
  if (pool.Is(cv, classfile::CpTag::kInteger)) return FieldValue::Int(pool.Integer(cv));
  if (pool.Is(cv, classfile::CpTag::kLong)) return FieldValue::Long(pool.Long(cv));
  if (pool.Is(cv, classfile::CpTag::kString)) return FieldValue::String(std::string(pool.Utf8(pool.at(cv).a)));
  *floating = true;
  return std::nullopt;
}

// Why code other than the writers' own may write `f`; "" when nothing can.
// The JDK's classes whose fields the JVM itself reads and writes (HotSpot's
// javaClasses: references and the GC's SoftReference clock, threads,
// classes and class loaders, stack traces, method handles and reflection
// objects, the VM's constants), as internal-name prefixes: a package ends
// in '/', a class is followed by '$' or nothing.
constexpr std::string_view kWrittenByTheVm[] = {
    "java/lang/ref/", "java/lang/invoke/", "java/lang/reflect/", "jdk/internal/vm/", "jdk/internal/reflect/",
    "jdk/internal/misc/", "java/lang/Thread", "java/lang/ThreadGroup", "java/lang/Class", "java/lang/ClassLoader",
    "java/lang/Throwable", "java/lang/StackTraceElement", "java/lang/StackFrameInfo", "java/lang/LiveStackFrameInfo",
    "java/lang/StackStreamFactory", "java/lang/Module", "java/lang/String", "java/lang/AssertionStatusDirectives",
    "java/security/AccessControlContext", "java/security/ProtectionDomain",
};

// Whether `owner` is one of the JDK's classes (from its module image or
// jmods).
bool FromTheJdk(const classfile::ClassHierarchy& h, std::string_view owner) {
  const classfile::ClassId id = h.Find(owner);
  if (id == classfile::kNoClass || h.ArchiveOf(id) == nullptr) return false;
  const std::string_view kind = h.ArchiveOf(id)->kind();
  return kind == "jimage" || kind == "jmod";
}

bool WrittenByTheVm(std::string_view name) {
  for (std::string_view p : kWrittenByTheVm) {
    if (!name.starts_with(p)) continue;
    if (p.back() == '/' || name.size() == p.size() || name[p.size()] == '$') return true;
  }
  return false;
}

// Whether `<clinit>` of `w` asks the JVM to set its statics from the CDS
// archive (jdk.internal.misc.CDS.initializeFromArchive, as IntegerCache's
// does): the VM then writes them, whatever the code stores.
bool InitializedFromArchive(const Writers::Class& w) {
  for (const auto& ir : w.methods) {
    if (ir->method_name != "<clinit>") continue;
    for (const Instruction& in : ir->insns) {
      if (in.op == Op::kInvoke && in.name == "initializeFromArchive") return true;
    }
  }
  return false;
}

// Annotations that say something about a field's values and nothing about
// who sets it (nullness, static analysis): the others (@Inject,
// @Autowired, @JsonProperty, ...) ask a framework to set it reflectively.
constexpr std::string_view kDescriptiveAnnotations[] = {
    "Ljavax/annotation/", "Ljakarta/annotation/Nullable", "Ljakarta/annotation/Nonnull",
    "Lorg/checkerframework/", "Ledu/umd/cs/findbugs/annotations/", "Lcom/google/errorprone/annotations/",
    "Lorg/jetbrains/annotations/", "Landroidx/annotation/", "Lcom/google/common/annotations/",
    "Lcom/google/j2objc/annotations/", "Ljava/lang/Deprecated;",
};

// The first runtime-visible annotation of `f` that is not descriptive ("" if none).
std::string FrameworkAnnotation(const ClassFile& file, const classfile::FieldInfo& f) {
  for (const classfile::Annotation& a : f.annotations.visible) {
    const std::string_view type = file.pool.Utf8(a.type_index);
    bool descriptive = false;
    for (std::string_view p : kDescriptiveAnnotations) descriptive |= type.starts_with(p);
    if (!descriptive) return std::string(type);
  }
  return "";
}

// `fresh_final`: a static final field its class initializer sets only to
// new objects and literals, or a compile-time constant: neither the JVM nor
// a native replaces those (System's natives set the streams `<clinit>`
// leaves null).
std::string OpenToOthers(const Writers& writers, size_t own, const classfile::FieldInfo& f, bool serializable,
                         bool fresh_final) {
  const bool is_private = f.access_flags & classfile::access::kPrivate;
  const bool package_private =
      !(f.access_flags & (classfile::access::kPublic | classfile::access::kProtected | classfile::access::kPrivate));
  if (!is_private && !(f.access_flags & classfile::access::kFinal) && !(writers.package && package_private)) {
    return "code outside its class may write it (neither private nor final)";
  }
  const std::string_view owner = writers.classes[own].file->this_class;
  if (WrittenByTheVm(owner) && !fresh_final) return Cat("the JVM itself writes the fields of ", classfile::JavaName(owner));
  if (std::string a = FrameworkAnnotation(*writers.classes[own].file, f); !a.empty()) {
    return Cat("annotated with ", a, ": a framework may set it reflectively");
  }
  if ((f.access_flags & classfile::access::kStatic) && InitializedFromArchive(writers.classes[own])) {
    return "the JVM sets it from the CDS archive (its class initializer calls initializeFromArchive)";
  }
  if (f.access_flags & classfile::access::kVolatile) return "volatile: field updaters and VarHandles may write it";
  if (is_private && !writers.nest_missing.empty()) return Cat("its nestmate ", writers.nest_missing, " cannot be read");
  if (writers.package && !writers.nest_missing.empty()) {
    return Cat("its package's class ", writers.nest_missing, " cannot be read");
  }
  if (!writers.classes[own].failed.empty()) return Cat("the code of ", writers.classes[own].failed, " cannot be read");
  if (!(f.access_flags & (classfile::access::kStatic | classfile::access::kTransient)) && serializable) {
    return "deserialization may set it";
  }
  for (size_t c = 0; c < writers.classes.size(); ++c) {
    if (!is_private && !writers.package && c != own) continue;
    const Writers::Class& w = writers.classes[c];
    const std::string name = classfile::JavaName(w.file->this_class);
    if (w.has_natives && !fresh_final) return Cat(name, " declares native methods, which may write it");
    // An enum constant's name is a string constant of its class: the
    // name its constructor gets.
    const bool enum_constant = f.access_flags & classfile::access::kEnum;
    if (w.string_constants.contains(f.name) && !enum_constant) {
      return Cat("its name is a string constant in ", name, ": it may be written reflectively");
    }
  }
  return "";
}

// The classes javac nests in a class's top-level class (named `Top$...`,
// JLS 13.1), loaded on first use with their IR: the only callers of the
// accessors javac makes before Java 11 (`static access$NNN`), which are how
// nested classes write a private field without nestmates.
class Family {
 public:
  Family(const classfile::ClassHierarchy& h, std::string_view owner) : h_(h), owner_(owner) {}
  // Every method of the family; null when a member cannot be read.
  const std::vector<std::shared_ptr<const MethodIR>>* Methods() {
    if (!loaded_) Load();
    return complete_ ? &methods_ : nullptr;
  }

 private:
  void Load() {
    loaded_ = true;
    complete_ = true;
    const size_t slash = owner_.rfind('/');
    const size_t dollar = owner_.find('$', slash == std::string::npos ? 0 : slash);
    const std::string top = owner_.substr(0, dollar);
    for (classfile::ClassId id = 0; id < h_.size(); ++id) {
      std::string_view name = h_.Name(id);
      if (name != top && !(name.size() > top.size() && name.starts_with(top) && name[top.size()] == '$')) continue;
      auto cf = h_.class_path().Load(name);
      if (h_.IsPhantom(id) || !cf.ok()) {
        complete_ = false;
        return;
      }
      auto calls_accessor = [&](const classfile::Instruction& in) {
        return in.opcode == classfile::Opcode::kInvokestatic && (*cf)->pool.MemberName(in.a).starts_with("access$");
      };
      Writers::Class c = LoadWriter(h_, *cf, calls_accessor, /*initializers=*/false);
      if (!c.failed.empty()) complete_ = false;
      for (auto& m : c.methods) methods_.push_back(std::move(m));
    }
  }
  const classfile::ClassHierarchy& h_;
  std::string owner_;
  bool loaded_ = false, complete_ = false;
  std::vector<std::shared_ptr<const MethodIR>> methods_;
};

// When `v`, a value a method stores, is a parameter of one of javac's
// accessors (synthetic, static, `access$...`): the values every call of the
// accessor in the family passes for it; nullopt otherwise, or when one is
// not a constant or a new object.
std::optional<std::vector<FieldValue>> AccessorArguments(const MethodIR& accessor, ValueId v, Family* family) {
  constexpr uint16_t kSynthetic = 0x1000;
  const Instruction& d = accessor.def(v);
  if (d.op != Op::kParam || !accessor.is_static || !accessor.method_name.starts_with("access$") ||
      accessor.method == nullptr || !(accessor.method->access_flags & kSynthetic)) {
    return std::nullopt;
  }
  const auto* methods = family->Methods();
  if (methods == nullptr) return std::nullopt;
  std::vector<FieldValue> out;
  for (const auto& ir : *methods) {
    for (const Instruction& in : ir->insns) {
      if (in.op != Op::kInvoke || in.invoke != ir::InvokeKind::kStatic || in.owner != accessor.class_name ||
          in.name != accessor.method_name || in.descriptor != accessor.method_descriptor) {
        continue;
      }
      if (static_cast<size_t>(d.index) >= in.operands.size()) return std::nullopt;
      std::set<ValueId> seen;
      std::optional<std::vector<FieldValue>> arg = ValuesOf(*ir, in.operands[d.index], &seen);
      if (!arg) return std::nullopt;
      for (const FieldValue& x : *arg) Insert(&out, x);
    }
  }
  return out;
}

// The private static method of `file` that call `v` of `ir` runs, when it
// takes no argument (javac's `$values()` of an enum).
const classfile::MethodInfo* ArrayHelper(const ClassFile& file, const MethodIR& ir, ValueId v) {
  const Instruction& d = ir.def(v);
  if (d.op != Op::kInvoke || d.invoke != ir::InvokeKind::kStatic || d.owner != file.this_class ||
      !d.operands.empty()) {
    return nullptr;
  }
  for (const classfile::MethodInfo& m : file.methods) {
    if (m.name == d.name && m.descriptor == d.descriptor && m.code && m.IsPrivate()) return &m;
  }
  return nullptr;
}

// The value of `v`, a call of an ArrayHelper of `file` in `ir`, when every
// return of the helper is of a new array: that array; nullopt otherwise.
std::optional<std::vector<FieldValue>> NewArrayOfHelper(const classfile::ClassHierarchy& h, const ClassFile& file,
                                                        const MethodIR& ir, ValueId v) {
  const classfile::MethodInfo* helper = ArrayHelper(file, ir, v);
  if (helper == nullptr) return std::nullopt;
  auto hir = ir::BuildMethodIR(ir.class_file, *helper, h);
  if (!hir.ok()) return std::nullopt;
  std::vector<FieldValue> out;
  for (const Instruction& in : (*hir)->insns) {
    if (in.op != Op::kReturn) continue;
    if (in.operands.empty() || (*hir)->def(in.operands[0]).op != Op::kNewArray) return std::nullopt;
    Insert(&out, FieldValue::Object(std::string((*hir)->def(in.operands[0]).type), true));
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// Whether every use of `v` in `ir` only reads the array it refers to: a
// load, the length, a null check, clone(), the source of a copy; through
// casts.
bool OnlyRead(const MethodIR& ir, ValueId v, int depth) {
  for (const Instruction& in : ir.insns) {
    for (size_t k = 0; k < in.operands.size(); ++k) {
      if (in.operands[k] != v) continue;
      bool reads = false;
      switch (in.op) {
        case Op::kArrayLoad: case Op::kArrayLength: reads = k == 0; break;
        case Op::kIf: case Op::kInstanceOf: reads = true; break;
        case Op::kCheckCast: reads = depth < 4 && OnlyRead(ir, in.result, depth + 1); break;
        case Op::kInvoke:
          reads = k == 0 && ((in.invoke == ir::InvokeKind::kVirtual && in.owner.starts_with("[") && in.name == "clone") ||
                             (in.invoke == ir::InvokeKind::kStatic &&
                              ((in.owner == "java/lang/System" && in.name == "arraycopy") ||
                               (in.owner == "java/util/Arrays" && (in.name == "copyOf" || in.name == "copyOfRange")))));
          break;
        default: break;
      }
      if (!reads) return false;
    }
  }
  return true;
}

// The element stores of the new array `v` of `ir` (its every use is a
// store into it, a load, its length, or `publish`), and whether those on
// the straight line of blocks from its allocation to `publish` fill every
// index of its constant length; nullopt when `v` has another use.
struct Fill {
  std::vector<const Instruction*> stores;
  bool full = false;
};
std::optional<Fill> FillOf(const MethodIR& ir, ValueId v, const Instruction& publish) {
  Fill fill;
  for (const Instruction& in : ir.insns) {
    for (size_t k = 0; k < in.operands.size(); ++k) {
      if (in.operands[k] != v || &in == &publish) continue;
      const bool ok = k == 0 && (in.op == Op::kArrayStore || in.op == Op::kArrayLoad || in.op == Op::kArrayLength);
      if (!ok) return std::nullopt;
      if (in.op == Op::kArrayStore) fill.stores.push_back(&in);
    }
  }
  const Instruction& alloc = ir.def(v);
  if (alloc.operands.size() != 1) return fill;
  const Instruction& count = ir.def(alloc.operands[0]);
  if (count.op != Op::kConst || count.const_kind != ir::ConstKind::kInt) return fill;
  const int64_t n = static_cast<int32_t>(count.bits);
  std::set<int64_t> filled;
  // The straight line: from the allocation, each block's one normal
  // successor, up to `publish`.
  ir::BlockId b = ir::kNone;
  for (const ir::Block& x : ir.blocks) {
    if (std::find(x.insns.begin(), x.insns.end(), ir.values[v].def) != x.insns.end()) b = x.id;
  }
  for (size_t steps = 0; b != ir::kNone && steps < ir.blocks.size(); ++steps) {
    for (ir::InsnId i : ir.blocks[b].insns) {
      const Instruction& in = ir.insns[i];
      if (&in == &publish) {
        fill.full = n >= 0 && static_cast<int64_t>(filled.size()) == n;
        return fill;
      }
      if (in.op == Op::kArrayStore && in.operands[0] == v) {
        const Instruction& index = ir.def(in.operands[1]);
        if (index.op == Op::kConst && index.const_kind == ir::ConstKind::kInt) {
          const int64_t k = static_cast<int32_t>(index.bits);
          if (k >= 0 && k < n) filled.insert(k);
        }
      }
    }
    ir::BlockId next = ir::kNone;
    int normal = 0;
    for (ir::EdgeId e : ir.blocks[b].succs) {
      if (ir.edges[e].kind == ir::EdgeKind::kException) continue;
      ++normal;
      next = ir.edges[e].to;
    }
    b = normal == 1 ? next : ir::kNone;
  }
  return fill;
}

// Every store into a field of the classes `index` lists, by the code of
// `writers`.
StoreMap CollectStores(const classfile::ClassHierarchy& h, const Writers& writers,
                       const std::map<std::string, size_t, std::less<>>& index,
                       const FieldFacts::NonNullStored& non_null) {
  StoreMap stores;
  std::map<std::string, std::string> resolved;
  std::map<std::string, Family> families;  // by the accessor's class
  // A static final reference field's value (an enum constant): the field
  // holds what that field holds.
  const StaticValues statics = [&](const Instruction& get) -> std::optional<FieldValue> {
    if (get.descriptor.empty() || (get.descriptor[0] != 'L' && get.descriptor[0] != '[')) return std::nullopt;
    classfile::FieldResult r = classfile::ResolveField(h, get.owner, get.name, get.descriptor);
    if (!r.ok() || r.owner == classfile::kNoClass || r.member == nullptr) return std::nullopt;
    constexpr uint16_t kStaticFinal = classfile::access::kStatic | classfile::access::kFinal;
    if ((r.member->access_flags & kStaticFinal) != kStaticFinal) return std::nullopt;
    return FieldValue::Static(Cat(h.Name(r.owner), ".", get.name, ":", get.descriptor));
  };
  for (size_t c = 0; c < writers.classes.size(); ++c) {
    for (const auto& ir : writers.classes[c].methods) {
      for (size_t i = 0; i < ir->insns.size(); ++i) {
        const Instruction& in = ir->insns[i];
        if (in.op != Op::kPutField && in.op != Op::kPutStatic) continue;
        const std::string& decl = DeclaringClass(h, in, &resolved);
        if (!index.contains(decl)) continue;
        Store s;
        s.ir = ir.get();
        s.insn = static_cast<ir::InsnId>(i);
        s.writer = c;
        s.initializer = in.op == Op::kPutStatic ? ir->method_name == "<clinit>"
                                                 : IsConstructor(*ir) && in.operands[0] == ThisOf(*ir);
        std::set<ValueId> seen;
        s.values = ValuesOf(*ir, in.operands.back(), &seen, &statics);
        s.where = Cat(classfile::JavaName(ir->class_name), ".", ir->method_name, ir->method_descriptor);
        if (!s.values) {
          Family& family = families.try_emplace(std::string(ir->class_name), h, ir->class_name).first->second;
          s.values = AccessorArguments(*ir, in.operands.back(), &family);
        }
        if (!s.values) s.values = NewArrayOfHelper(h, *writers.classes[c].file, *ir, in.operands.back());
        if (!s.values && (in.descriptor.starts_with("L") || in.descriptor.starts_with("[")) &&
            non_null(*ir, s.insn)) {
          // A value of the field's type (the verifier checks the store), never null.
          s.values = std::vector<FieldValue>{
              FieldValue::Object(std::string(classfile::InternalNameOf(in.descriptor)), false)};
          s.non_null_only = true;
        }
        stores[decl][Cat(in.name, ":", in.descriptor)].push_back(std::move(s));
      }
    }
  }
  return stores;
}

const std::vector<Store>& StoresOf(const StoreMap& stores, std::string_view owner, const std::string& key) {
  static const std::vector<Store> kNone;
  auto c = stores.find(owner);
  if (c == stores.end()) return kNone;
  auto f = c->second.find(key);
  return f == c->second.end() ? kNone : f->second;
}

// What an instance reference field without facts most likely holds, as a
// preference for witnesses (FieldFact::constructed): when every
// constructor of its class `own` stores it (directly or through a method
// of the class it calls on `this`) and no writer stores null, what they
// store, a value they do not know (a back reference the constructor is
// passed, a table a helper makes) taken as an object of the field's type.
// Empty otherwise: a field set later (a comparator a builder method sets,
// a lazily made view) mostly keeps its default.
std::vector<FieldValue> LikelyByCode(const Writers::Class& own, const classfile::FieldInfo& f,
                                     const std::vector<Store>& writes) {
  const std::string_view d = f.descriptor;
  if (writes.empty() || d.empty() || (d[0] != 'L' && d[0] != '[')) return {};
  const auto any_super = [](std::string_view, std::string_view) { return true; };
  if (!ConstructorsStoreFirst(own, own.file->this_class, f, false, any_super, /*once_done=*/true)) return {};
  std::vector<FieldValue> likely;
  for (const Store& s : writes) {
    if (!s.values) {
      Insert(&likely, FieldValue::Object(std::string(classfile::InternalNameOf(d)), false));
      continue;
    }
    for (const FieldValue& v : *s.values) {
      if (v.kind == FieldValue::kNull) return {};
      Insert(&likely, v);
    }
  }
  return likely;
}

}  // namespace

FieldFact FieldFacts::Decide(const Writers& writers, size_t own, const classfile::FieldInfo& f, bool serializable,
                             const std::vector<Store>& writes) {
  const ClassFile& file = *writers.classes[own].file;
  const std::string_view owner = file.this_class;
  FieldFact fact;
  const bool is_static = f.access_flags & classfile::access::kStatic;
  const bool fresh_final =
      is_static && (f.access_flags & classfile::access::kFinal) && !writes.empty() &&
      std::all_of(writes.begin(), writes.end(), [](const Store& s) {
        return s.values && !s.non_null_only && std::all_of(s.values->begin(), s.values->end(), [](const FieldValue& v) {
                 return v.kind == FieldValue::kObject || v.kind == FieldValue::kString;
               });
      });
  // A compile-time constant (a static final with a ConstantValue attribute
  // that no code writes: JVMS 5.5 step 6 sets it, and neither reflection nor
  // the JVM replaces it): the model jar's String.COMPACT_STRINGS, whose
  // class the JVM otherwise writes.
  const bool constant_final =
      is_static && (f.access_flags & classfile::access::kFinal) && writes.empty() && f.constant_value != 0;
  std::string open = OpenToOthers(writers, own, f, serializable, fresh_final || constant_final);
  if (!open.empty() && serializable && OpenToOthers(writers, own, f, false, fresh_final || constant_final).empty()) {
    // Open to deserialization only: what the class's own code leaves there
    // is still what its objects mostly hold (FieldFact::constructed).
    FieldFact by_code = Decide(writers, own, f, /*serializable=*/false, writes);
    if (by_code.known) fact.constructed = std::move(by_code.initialized);
  }
  if (open.empty() && writes.empty() && f.constant_value == 0 && FromTheJdk(h_, owner)) {
    // The JDK's native code fills plain objects through JNI (the stat
    // buffer sun.nio.fs.UnixFileAttributes): a JDK field no Java code
    // writes is one only natives write.
    open = "no Java code writes it: in the JDK, native code may (JNI)";
  }
  if (open.empty()) {
    fact.effectively_final =
        std::all_of(writes.begin(), writes.end(), [&](const Store& s) { return s.initializer && s.writer == own; });
  }
  const std::optional<FieldValue> def = FieldValue::Default(f.descriptor);
  bool floating = !def;
  const std::optional<FieldValue> constant = ConstantValueOf(file, f, &floating);
  if (constant_final && constant) {
    fact.initial_known = true;  // no code writes it, whatever <clinit> runs
    fact.initial = {*constant};
  } else if (is_static && !floating && !WrittenByTheVm(owner)) {
    if (auto initial = InitialValues(h_, writers, own, f, constant ? constant : def, writes)) {
      fact.initial_known = true;
      fact.initial = std::move(*initial);
    }
  }
  if (open.empty() && floating) open = "a floating-point field";
  if (open.empty()) {
    fact.values.push_back(*def);
    if (constant) Insert(&fact.values, *constant);
    for (const Store& s : writes) {
      if (!s.values) {
        open = Cat(s.where, " stores a value that is not a constant or a new object");
        break;
      }
      for (const FieldValue& v : *s.values) Insert(&fact.values, v);
    }
  }
  if (!open.empty()) {
    fact.why_not = std::move(open);
    fact.values.clear();
    if (fact.constructed.empty() && !is_static) fact.constructed = LikelyByCode(writers.classes[own], f, writes);
    return fact;
  }
  fact.known = true;
  fact.initialized = fact.values;
  const bool stored_first =
      constant ? true
      : is_static
          ? StaticStoredFirst(h_, writers.classes[own], owner, f,
                              [&](const Instruction& in) { return QuietAllocation(owner, in); })
          : ConstructorsStoreFirst(writers.classes[own], owner, f,
                                   (f.access_flags & classfile::access::kTransient) && serializable,
                                   [&](std::string_view c, std::string_view d) { return ConstructorKeepsThis(c, d, 0); });
  bool stores_default = constant && *constant == *def;
  for (const Store& s : writes) stores_default |= std::count(s.values->begin(), s.values->end(), *def) > 0;
  if (stored_first && !stores_default) {
    fact.initialized.erase(std::find(fact.initialized.begin(), fact.initialized.end(), *def));
  } else if (!is_static && !stores_default) {
    // The default stays only because `this` may reach other code before
    // the store (a constructor that calls an overridable method first):
    // once constructed, the object most likely holds what is stored.
    fact.constructed = LikelyByCode(writers.classes[own], f, writes);
  }
  std::vector<std::string> shown;
  for (const FieldValue& v : fact.initialized) shown.push_back(v.ToString());
  fact.description = Cat(classfile::JavaName(owner), ".", f.name, " holds ", absl::StrJoin(shown, " or "));
  if (fact.initialized.size() != fact.values.size()) fact.description += " once initialized";
  if (writes.empty() && !constant) fact.description += " (never written)";
  return fact;
}

std::optional<std::vector<FieldValue>> FieldFacts::ArrayElements(const Writers& writers, size_t own,
                                                                 const classfile::FieldInfo& f,
                                                                 const std::vector<Store>& writes,
                                                                 const ClassFacts& facts) {
  const ClassFile& file = *writers.classes[own].file;
  const std::string_view owner = file.this_class;
  const std::optional<FieldValue> def = FieldValue::Default(f.descriptor.substr(1));
  if (!def || writes.empty()) return std::nullopt;
  std::vector<FieldValue> out;
  // The values one store into a new array gives, in method `ir`.
  auto element_values = [&](const MethodIR& ir, ValueId x) -> bool {
    std::set<ValueId> seen;
    if (std::optional<std::vector<FieldValue>> v = ValuesOf(ir, x, &seen)) {
      for (const FieldValue& e : *v) Insert(&out, e);
      return true;
    }
    const Instruction& d = ir.def(x);
    if (d.op != Op::kGetStatic || d.owner != owner) return false;
    auto it = facts.by_field.find(Cat(d.name, ":", d.descriptor));
    if (it == facts.by_field.end() || !it->second.known) return false;
    for (const FieldValue& e : ir.method_name == "<clinit>" ? it->second.values : it->second.initialized) {
      Insert(&out, e);
    }
    return true;
  };
  // A new array `v` of `ir` filled and then published by `publish`.
  auto filled = [&](const MethodIR& ir, ValueId v, const Instruction& publish) -> bool {
    if (ir.def(v).op != Op::kNewArray) return false;
    std::optional<Fill> fill = FillOf(ir, v, publish);
    if (!fill) return false;
    for (const Instruction* st : fill->stores) {
      if (!element_values(ir, st->operands[2])) return false;
    }
    if (!fill->full) Insert(&out, *def);
    return true;
  };
  for (const Store& st : writes) {
    const Instruction& put = st.ir->insns[st.insn];
    const ValueId v = put.operands.back();
    const Instruction& d = st.ir->def(v);
    if (st.ir->method_name != "<clinit>") return std::nullopt;
    if (d.op == Op::kNewArray) {
      if (!filled(*st.ir, v, put)) return std::nullopt;
      continue;
    }
    // A private static method of the class that returns a new array it
    // fills (javac's `$values()`).
    const classfile::MethodInfo* helper = ArrayHelper(file, *st.ir, v);
    if (helper == nullptr) return std::nullopt;
    auto hir = ir::BuildMethodIR(writers.classes[own].file, *helper, h_);
    if (!hir.ok()) return std::nullopt;
    for (const Instruction& in : (*hir)->insns) {
      if (in.op == Op::kReturn && (in.operands.empty() || !filled(**hir, in.operands[0], in))) return std::nullopt;
    }
  }
  // Every reader in the nest only reads the array.
  for (const Writers::Class& c : writers.classes) {
    const ClassFile& cf = *c.file;
    auto reads_f = [&](const classfile::Instruction& in) {
      return in.opcode == classfile::Opcode::kGetstatic && cf.pool.MemberName(in.a) == f.name &&
             cf.pool.MemberClass(in.a) == owner;
    };
    const std::vector<classfile::CpEntry>& pool = cf.pool.entries();
    if (std::none_of(pool.begin(), pool.end(), [&](const classfile::CpEntry& e) {
          return e.tag == classfile::CpTag::kFieldref && cf.pool.NameOfNameAndType(e.b) == f.name;
        })) {
      continue;  // names no such field: reads none
    }
    for (const classfile::MethodInfo& m : cf.methods) {
      bool failed = false;
      if (!m.code || !field_facts_internal::HasInstruction(cf, m, reads_f, &failed)) {
        if (failed) return std::nullopt;
        continue;
      }
      auto ir = ir::BuildMethodIR(c.file, m, h_);
      if (!ir.ok()) return std::nullopt;
      for (const Instruction& in : (*ir)->insns) {
        if (in.op == Op::kGetStatic && in.owner == owner && in.name == f.name && !OnlyRead(**ir, in.result, 0)) {
          return std::nullopt;
        }
      }
    }
  }
  return out;
}

FieldFacts::FieldFacts(const classfile::ClassHierarchy& h, bool closed_packages)
    : h_(h), closed_packages_(closed_packages) {}

FieldFacts::~FieldFacts() = default;

FieldFacts::NonNullStored FieldFacts::non_null_stored() {
  if (non_null_ == nullptr) {
    // Without field facts (they are what is being computed) and without the
    // natives' table (above this layer): a stored value is non-null by the
    // code that makes it, never by another field's facts.
    cache_ = std::make_unique<callgraph::MethodCache>(h_);
    non_null_ = std::make_unique<NonNullReturns>(h_, *cache_, nullptr, [](const callgraph::MethodId&) { return false; });
  }
  NonNullReturns* non_null = non_null_.get();  // used under mu_, as the caller holds it
  return [non_null](const MethodIR& ir, ir::InsnId at) {
    return non_null->NonNullAt(ir, ir.insns[at].operands.back(), at);
  };
}

bool FieldFacts::InClosedPackage(const ClassFile& file, const classfile::FieldInfo& f) const {
  const uint16_t access = f.access_flags;
  const bool package_private =
      !(access & (classfile::access::kPublic | classfile::access::kProtected | classfile::access::kPrivate));
  if (!package_private || (access & classfile::access::kFinal)) return false;
  return closed_packages_ || FromTheJdk(h_, file.this_class);
}

const FieldFact* FieldFacts::PackageFact(std::string_view owner, const std::string& key) {
  const size_t slash = owner.rfind('/');
  const std::string package(slash == std::string_view::npos ? "" : owner.substr(0, slash));
  const bool jdk = FromTheJdk(h_, owner);
  const std::string package_key = Cat(package, jdk ? "|jdk" : "|class path");
  if (!packages_done_.contains(package_key)) {
    packages_done_.insert(package_key);
    ComputePackage(package, jdk);
  }
  auto c = package_facts_.find(owner);
  if (c == package_facts_.end()) return nullptr;
  auto f = c->second.find(key);
  return f == c->second.end() ? nullptr : &f->second;
}

void FieldFacts::ComputePackage(const std::string& package, bool jdk) {
  if (by_package_.empty()) {
    for (classfile::ClassId id = 0; id < h_.size(); ++id) {
      if (!h_.IsPhantom(id)) by_package_[std::string(h_.PackageOf(id))].push_back(id);
    }
  }
  // The package's classes: the IR of the methods that store a field named
  // as one of its package-private fields, and of the initializers of the
  // classes that declare one.
  std::vector<std::shared_ptr<const ClassFile>> files;
  std::set<std::string, std::less<>> names;
  Package p;
  p.writers.package = true;
  for (classfile::ClassId id : by_package_[package]) {
    if (FromTheJdk(h_, h_.Name(id)) != jdk) continue;
    auto cf = h_.class_path().Load(h_.Name(id));
    if (!cf.ok()) {
      if (p.writers.nest_missing.empty()) p.writers.nest_missing = classfile::JavaName(h_.Name(id));
      continue;
    }
    files.push_back(*cf);
    for (const classfile::FieldInfo& f : (*cf)->fields) {
      if (InClosedPackage(**cf, f)) names.insert(std::string(f.name));
    }
  }
  for (const auto& cf : files) {
    const bool declares = std::any_of(cf->fields.begin(), cf->fields.end(),
                                      [&](const classfile::FieldInfo& f) { return InClosedPackage(*cf, f); });
    // Only a class whose constant pool names one of the fields can store
    // it: the others' code is not decoded.
    const std::vector<classfile::CpEntry>& pool = cf->pool.entries();
    const bool names_one = std::any_of(pool.begin(), pool.end(), [&](const classfile::CpEntry& e) {
      if (e.tag != classfile::CpTag::kFieldref || !names.contains(cf->pool.NameOfNameAndType(e.b))) return false;
      const std::string_view cls = cf->pool.ClassName(e.a);
      const size_t slash = cls.rfind('/');
      return (slash == std::string_view::npos ? std::string_view() : cls.substr(0, slash)) == package;
    });
    auto stores_one = [&](const classfile::Instruction& in) {
      return IsPut(in) && names.contains(cf->pool.MemberName(in.a));
    };
    p.writers.classes.push_back(LoadWriter(h_, cf, stores_one, /*initializers=*/declares, /*scan=*/names_one));
    if (!p.writers.classes.back().failed.empty() && p.writers.nest_missing.empty()) {
      p.writers.nest_missing = p.writers.classes.back().failed;
    }
  }
  for (size_t c = 0; c < p.writers.classes.size(); ++c) {
    p.index.emplace(std::string(p.writers.classes[c].file->this_class), c);
  }
  p.stores = CollectStores(h_, p.writers, p.index, non_null_stored());
  for (size_t c = 0; c < p.writers.classes.size(); ++c) {
    const ClassFile& file = *p.writers.classes[c].file;
    for (const classfile::FieldInfo& f : file.fields) {
      if (!InClosedPackage(file, f)) continue;
      const std::string key = Cat(f.name, ":", f.descriptor);
      package_facts_[std::string(file.this_class)].emplace(
          key, Decide(p.writers, c, f, Serializable(file), StoresOf(p.stores, file.this_class, key)));
    }
  }
}

bool FieldFacts::Serializable(const ClassFile& file) const {
  return !(file.access_flags & classfile::access::kEnum) &&
         h_.IsSubtype(file.this_class, "java/io/Serializable") != classfile::Tristate::kNo;
}

const FieldFacts::ClassFacts& FieldFacts::ForClass(std::string_view owner) {
  if (auto it = classes_.find(owner); it != classes_.end()) return *it->second;
  const auto t0 = std::chrono::steady_clock::now();
  auto cf = h_.class_path().Load(owner);
  if (!cf.ok()) {
    return *classes_.emplace(std::string(owner), std::make_unique<ClassFacts>()).first->second;
  }
  // The facts of every class of the nest at once: one reading of its code.
  const Writers writers = FindWriters(h_, *cf);
  std::map<std::string, size_t, std::less<>> index;  // class -> its place in writers.classes
  for (size_t c = 0; c < writers.classes.size(); ++c) index.emplace(std::string(writers.classes[c].file->this_class), c);
  StoreMap stores = CollectStores(h_, writers, index, non_null_stored());
  for (size_t c = 0; c < writers.classes.size(); ++c) {
    const ClassFile& file = *writers.classes[c].file;
    if (classes_.contains(file.this_class)) continue;
    auto facts = std::make_unique<ClassFacts>();
    const bool serializable = Serializable(file);
    auto& by_field = stores[std::string(file.this_class)];
    for (const classfile::FieldInfo& f : file.fields) {
      const std::string key = Cat(f.name, ":", f.descriptor);
      // A package-private field of a closed package: its package's code.
      const FieldFact* in_package = InClosedPackage(file, f) ? PackageFact(file.this_class, key) : nullptr;
      FieldFact fact = in_package != nullptr ? *in_package : Decide(writers, c, f, serializable, by_field[key]);
      ++stats_.fields;
      if (fact.known) ++stats_.known;
      facts->by_field.emplace(key, std::move(fact));
    }
    // Immutable static arrays, once the statics they hold are decided.
    for (const classfile::FieldInfo& f : file.fields) {
      const uint16_t kPrivateStaticFinal =
          classfile::access::kPrivate | classfile::access::kStatic | classfile::access::kFinal;
      if ((f.access_flags & kPrivateStaticFinal) != kPrivateStaticFinal || !f.descriptor.starts_with("[")) continue;
      const std::string key = Cat(f.name, ":", f.descriptor);
      FieldFact& fact = facts->by_field[key];
      if (!fact.known) continue;
      if (auto elements = ArrayElements(writers, c, f, by_field[key], *facts)) {
        fact.elements_known = true;
        fact.elements = std::move(*elements);
        std::vector<std::string> shown;
        for (const FieldValue& v : fact.elements) shown.push_back(v.ToString());
        fact.description += Cat("; its elements hold ", absl::StrJoin(shown, " or "));
      }
    }
    ++stats_.classes;
    classes_.emplace(std::string(file.this_class), std::move(facts));
  }
  stats_.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  auto it = classes_.find(owner);
  if (it == classes_.end()) it = classes_.emplace(std::string(owner), std::make_unique<ClassFacts>()).first;
  return *it->second;
}

}  // namespace jwp::absint
