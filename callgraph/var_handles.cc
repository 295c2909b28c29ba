// The VarHandle bindings of static final fields (var_handles.h).
#include "callgraph/var_handles.h"

#include <vector>

#include "classfile/class_file.h"
#include "ir/builder.h"
#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::callgraph {

namespace {

constexpr std::string_view kVarHandleDescriptor = "Ljava/lang/invoke/VarHandle;";
constexpr std::string_view kLookup = "java/lang/invoke/MethodHandles$Lookup";
constexpr std::string_view kFindDescriptor =
    "(Ljava/lang/Class;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;";

// The descriptor of the type a Class value names: a class literal (`ldc`),
// or a primitive's class (Integer.TYPE and the others); "" otherwise.
std::string ClassDescriptor(const ir::MethodIR& ir, ir::ValueId v) {
  if (v == ir::kNone || ir.values[v].def == ir::kNone) return {};
  const ir::Instruction& d = ir.def(v);
  if (d.op == ir::Op::kConst && d.const_kind == ir::ConstKind::kClass) {
    if (d.text.empty()) return {};
    return d.text[0] == '[' ? std::string(d.text) : "L" + std::string(d.text) + ";";
  }
  if (d.op == ir::Op::kGetStatic && d.name == "TYPE" && d.descriptor == "Ljava/lang/Class;") {
    static constexpr std::pair<std::string_view, std::string_view> kBoxes[] = {
        {"java/lang/Integer", "I"}, {"java/lang/Long", "J"},  {"java/lang/Boolean", "Z"}, {"java/lang/Byte", "B"},
        {"java/lang/Short", "S"},   {"java/lang/Character", "C"}, {"java/lang/Float", "F"}, {"java/lang/Double", "D"}};
    for (const auto& [box, prim] : kBoxes) {
      if (d.owner == box) return std::string(prim);
    }
  }
  return {};
}

std::string StringConstant(const ir::MethodIR& ir, ir::ValueId v) {
  if (v == ir::kNone || ir.values[v].def == ir::kNone) return {};
  const ir::Instruction& d = ir.def(v);
  if (d.op == ir::Op::kConst && d.const_kind == ir::ConstKind::kString) return std::string(d.text);
  return {};
}

// The instance field `name` that class `owner` declares, with its
// descriptor, as a binding; nullopt when there is no such field.
std::optional<VarHandleBinding> DeclaredInstanceField(const classfile::ClassHierarchy& h, std::string owner,
                                                      std::string name) {
  auto cf = h.class_path().Load(owner);
  if (!cf.ok()) return std::nullopt;
  std::optional<VarHandleBinding> found;
  for (const classfile::FieldInfo& f : (*cf)->fields) {
    if (f.name != name) continue;
    if (found || (f.access_flags & classfile::access::kStatic)) return std::nullopt;
    found = VarHandleBinding{VarHandleBinding::kInstanceField, owner, name, std::string(f.descriptor)};
  }
  return found;
}

// The field whose offset the value `v` of `<clinit>` is: Unsafe's
// objectFieldOffset(C.class, "f") (jdk.internal.misc), or
// objectFieldOffset(C.class.getDeclaredField("f")) (either Unsafe).
std::optional<VarHandleBinding> OffsetBinding(const classfile::ClassHierarchy& h, const ir::MethodIR& ir,
                                              const ir::Instruction& call) {
  const bool unsafe = call.owner == "jdk/internal/misc/Unsafe" || call.owner == "sun/misc/Unsafe";
  if (!unsafe || call.name != "objectFieldOffset") return std::nullopt;
  std::string cls, name;
  if (call.descriptor == "(Ljava/lang/Class;Ljava/lang/String;)J" && call.operands.size() == 3) {
    cls = ClassDescriptor(ir, call.operands[1]);
    name = StringConstant(ir, call.operands[2]);
  } else if (call.descriptor == "(Ljava/lang/reflect/Field;)J" && call.operands.size() == 2 &&
             ir.values[call.operands[1]].def != ir::kNone) {
    const ir::Instruction& field = ir.def(call.operands[1]);
    if (field.op != ir::Op::kInvoke || field.owner != "java/lang/Class" || field.name != "getDeclaredField" ||
        field.operands.size() != 2) {
      return std::nullopt;
    }
    cls = ClassDescriptor(ir, field.operands[0]);
    name = StringConstant(ir, field.operands[1]);
  } else {
    return std::nullopt;
  }
  if (cls.size() < 3 || cls[0] != 'L' || name.empty()) return std::nullopt;
  return DeclaredInstanceField(h, cls.substr(1, cls.size() - 2), name);
}

// What the handle or offset stored by `store` (a putstatic of `<clinit>`)
// binds.
std::optional<VarHandleBinding> BindingOfStore(const classfile::ClassHierarchy& h, const ir::MethodIR& ir,
                                               const ir::Instruction& store) {
  if (store.operands.size() != 1 || ir.values[store.operands[0]].def == ir::kNone) return std::nullopt;
  const ir::Instruction& lookup = ir.def(store.operands[0]);
  if (lookup.op != ir::Op::kInvoke) return std::nullopt;
  if (store.descriptor == "J") return OffsetBinding(h, ir, lookup);
  VarHandleBinding b;
  if (lookup.owner == "java/lang/invoke/MethodHandles" && lookup.name == "arrayElementVarHandle" &&
      lookup.descriptor == "(Ljava/lang/Class;)Ljava/lang/invoke/VarHandle;" && lookup.operands.size() == 1) {
    b.kind = VarHandleBinding::kArrayElement;
    b.descriptor = ClassDescriptor(ir, lookup.operands[0]);
    if (b.descriptor.size() < 2 || b.descriptor[0] != '[') return std::nullopt;
    return b;
  }
  if (lookup.owner != kLookup || lookup.descriptor != kFindDescriptor || lookup.operands.size() != 4) return std::nullopt;
  if (lookup.name == "findVarHandle") {
    b.kind = VarHandleBinding::kInstanceField;
  } else if (lookup.name == "findStaticVarHandle") {
    b.kind = VarHandleBinding::kStaticField;
  } else {
    return std::nullopt;
  }
  const std::string recv = ClassDescriptor(ir, lookup.operands[1]);
  b.name = StringConstant(ir, lookup.operands[2]);
  b.descriptor = ClassDescriptor(ir, lookup.operands[3]);
  if (recv.size() < 3 || recv[0] != 'L' || b.name.empty() || b.descriptor.empty()) return std::nullopt;
  b.owner = recv.substr(1, recv.size() - 2);
  // The field, declared by that class (findVarHandle would also find an
  // inherited one; the JDK's lookups name the declaring class).
  auto cf = h.class_path().Load(b.owner);
  if (!cf.ok()) return std::nullopt;
  for (const classfile::FieldInfo& f : (*cf)->fields) {
    if (f.name != b.name || f.descriptor != b.descriptor) continue;
    const bool is_static = (f.access_flags & classfile::access::kStatic) != 0;
    if (is_static != (b.kind == VarHandleBinding::kStaticField)) return std::nullopt;
    return b;
  }
  return std::nullopt;
}

}  // namespace

bool IsVarHandleAccessMode(std::string_view name) {
  // VarHandle's other methods (varType, toMethodHandle, accessModeType, ...)
  // start with none of these.
  return name.starts_with("get") || name.starts_with("set") || name.starts_with("compareAnd") ||
         name.starts_with("weakCompareAndSet");
}

bool VarHandleModeWrites(std::string_view name) {
  // A mode the table leaves out (getAndBitwiseOr, ...) writes.
  return IsVarHandleAccessMode(name) && VarHandleAccessModeOf(name) != AccessMode::kGet;
}

std::optional<VarHandleBinding> VarHandles::OfCall(const ir::MethodIR& m, const ir::Instruction& call) {
  if (call.op != ir::Op::kInvoke || call.owner != "java/lang/invoke/VarHandle" || call.operands.empty() ||
      !IsVarHandleAccessMode(call.name)) {
    return std::nullopt;
  }
  const ir::ValueId handle = call.operands[0];
  if (handle < 0 || m.values[handle].def == ir::kNone) return std::nullopt;
  const ir::Instruction& def = m.def(handle);
  if (def.op != ir::Op::kGetStatic || def.descriptor != kVarHandleDescriptor) return std::nullopt;
  return Of(def.owner, def.name);
}

std::optional<AccessMode> VarHandleAccessModeOf(std::string_view name) {
  static constexpr std::pair<std::string_view, AccessMode> kModes[] = {
      {"get", AccessMode::kGet},
      {"getVolatile", AccessMode::kGet},
      {"getAcquire", AccessMode::kGet},
      {"getOpaque", AccessMode::kGet},
      {"set", AccessMode::kSet},
      {"setVolatile", AccessMode::kSet},
      {"setRelease", AccessMode::kSet},
      {"setOpaque", AccessMode::kSet},
      {"compareAndSet", AccessMode::kCompareAndSet},
      {"weakCompareAndSet", AccessMode::kWeakCompareAndSet},
      {"weakCompareAndSetPlain", AccessMode::kWeakCompareAndSet},
      {"weakCompareAndSetAcquire", AccessMode::kWeakCompareAndSet},
      {"weakCompareAndSetRelease", AccessMode::kWeakCompareAndSet},
      {"compareAndExchange", AccessMode::kCompareAndExchange},
      {"compareAndExchangeAcquire", AccessMode::kCompareAndExchange},
      {"compareAndExchangeRelease", AccessMode::kCompareAndExchange},
      {"getAndSet", AccessMode::kGetAndSet},
      {"getAndSetAcquire", AccessMode::kGetAndSet},
      {"getAndSetRelease", AccessMode::kGetAndSet},
      {"getAndAdd", AccessMode::kGetAndAdd},
      {"getAndAddAcquire", AccessMode::kGetAndAdd},
      {"getAndAddRelease", AccessMode::kGetAndAdd},
  };
  for (const auto& [n, m] : kModes) {
    if (n == name) return m;
  }
  return std::nullopt;
}

std::optional<UnsafeAccess> UnsafeAccessOf(std::string_view name) {
  static constexpr std::pair<std::string_view, AccessMode> kPrefixes[] = {
      {"compareAndSet", AccessMode::kCompareAndSet},       {"compareAndSwap", AccessMode::kCompareAndSet},
      {"weakCompareAndSet", AccessMode::kWeakCompareAndSet}, {"compareAndExchange", AccessMode::kCompareAndExchange},
      {"getAndAdd", AccessMode::kGetAndAdd},               {"getAndSet", AccessMode::kGetAndSet},
      {"putOrdered", AccessMode::kSet},                    {"get", AccessMode::kGet},
      {"put", AccessMode::kSet}};
  static constexpr std::pair<std::string_view, char> kTypes[] = {
      {"Reference", 'L'}, {"Object", 'L'}, {"Int", 'I'},  {"Long", 'J'}, {"Boolean", 'Z'},
      {"Byte", 'B'},      {"Short", 'S'},  {"Char", 'C'}};
  static constexpr std::string_view kOrders[] = {"", "Volatile", "Acquire", "Release", "Opaque", "Plain"};
  for (const auto& [prefix, mode] : kPrefixes) {
    if (!name.starts_with(prefix)) continue;
    const std::string_view rest = name.substr(prefix.size());
    for (const auto& [type, t] : kTypes) {
      if (!rest.starts_with(type)) continue;
      for (std::string_view order : kOrders) {
        if (rest.substr(type.size()) == order) return UnsafeAccess{mode, t};
      }
    }
    return std::nullopt;
  }
  return std::nullopt;
}


std::optional<VarHandleBinding> VarHandles::OfUnsafeCall(const ir::MethodIR& m, const ir::Instruction& call) {
  const bool unsafe = call.owner == "jdk/internal/misc/Unsafe" || call.owner == "sun/misc/Unsafe";
  // The accesses of the location `o + offset`: not copyMemory and the
  // like, which write elsewhere.
  const bool access = UnsafeAccessOf(call.name).has_value();
  if (call.op != ir::Op::kInvoke || !unsafe || !access || call.invoke == ir::InvokeKind::kStatic ||
      !call.descriptor.starts_with("(Ljava/lang/Object;J") || call.operands.size() < 3) {
    return std::nullopt;
  }
  const ir::ValueId offset = call.operands[2];
  if (offset < 0 || m.values[offset].def == ir::kNone) return std::nullopt;
  const ir::Instruction& def = m.def(offset);
  if (def.op != ir::Op::kGetStatic || def.descriptor != "J") return std::nullopt;
  std::optional<VarHandleBinding> b = Of(def.owner, def.name);
  if (!b || b->kind != VarHandleBinding::kInstanceField) return std::nullopt;
  return b;
}

std::optional<VarHandleBinding> VarHandles::Of(std::string_view owner, std::string_view name) {
  const std::string key = std::string(owner) + "." + std::string(name);
  {
    absl::MutexLock lock(&mu_);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
  }
  std::optional<VarHandleBinding> b = Compute(owner, name);
  absl::MutexLock lock(&mu_);
  return memo_.try_emplace(key, std::move(b)).first->second;
}

std::optional<VarHandleBinding> VarHandles::Compute(std::string_view owner, std::string_view name) const {
  auto cf = h_.class_path().Load(owner);
  if (!cf.ok()) return std::nullopt;
  const classfile::FieldInfo* field = nullptr;
  for (const classfile::FieldInfo& f : (*cf)->fields) {
    if (f.name == name && (f.descriptor == kVarHandleDescriptor || f.descriptor == "J")) field = &f;
  }
  constexpr uint16_t kStaticFinal = classfile::access::kStatic | classfile::access::kFinal;
  if (field == nullptr || (field->access_flags & kStaticFinal) != kStaticFinal) return std::nullopt;
  for (const classfile::MethodInfo& m : (*cf)->methods) {
    if (m.name != "<clinit>" || !m.code) continue;
    auto ir = ir::BuildMethodIR(*cf, m, h_);
    if (!ir.ok()) return std::nullopt;
    // One store, on every path on which the initializer completes.
    const ir::Instruction* store = nullptr;
    for (const ir::Instruction& in : (*ir)->insns) {
      if (in.op != ir::Op::kPutStatic || in.owner != owner || in.name != name) continue;
      if (store != nullptr) return std::nullopt;
      store = &in;
    }
    if (store == nullptr || (*ir)->exit == ir::kNone) return std::nullopt;
    const ir::Dominators dom(**ir);
    // (The exits' immediate dominator is the entry: ask of each return.)
    for (ir::EdgeId e : (*ir)->blocks[(*ir)->exit].preds) {
      if (!dom.Dominates(store->block, (*ir)->edges[e].from)) return std::nullopt;
    }
    return BindingOfStore(h_, **ir, *store);
  }
  return std::nullopt;
}

}  // namespace jwp::callgraph
