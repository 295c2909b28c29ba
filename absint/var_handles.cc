// The VarHandle bindings of static final fields (var_handles.h).
#include "absint/var_handles.h"

#include <vector>

#include "classfile/class_file.h"
#include "ir/builder.h"
#include "ir/dominators.h"
#include "ir/ir.h"

namespace jwp::absint {

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

// What the handle stored by `store` (a putstatic of `<clinit>`) binds.
std::optional<VarHandleBinding> BindingOfStore(const classfile::ClassHierarchy& h, const ir::MethodIR& ir,
                                               const ir::Instruction& store) {
  if (store.operands.size() != 1 || ir.values[store.operands[0]].def == ir::kNone) return std::nullopt;
  const ir::Instruction& lookup = ir.def(store.operands[0]);
  if (lookup.op != ir::Op::kInvoke) return std::nullopt;
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
    if (f.name == name && f.descriptor == kVarHandleDescriptor) field = &f;
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

}  // namespace jwp::absint
