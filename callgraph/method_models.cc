#include "callgraph/method_models.h"

#include "classfile/strings.h"

namespace jwp::callgraph {

std::optional<MethodModel> FindMethodModel(const classfile::ClassHierarchy& h, std::string_view owner,
                                           const classfile::MethodInfo& m) {
  MethodModel model;
  model.owner = Cat(owner, kMethodModelSuffix);
  const classfile::ClassId id = h.Find(model.owner);
  if (id == classfile::kNoClass) return std::nullopt;
  auto cf = h.Load(id);
  if (!cf.ok()) return std::nullopt;
  const bool instance = !(m.access_flags & classfile::access::kStatic);
  std::string_view desc = m.descriptor;
  if (desc.empty() || desc.front() != '(') return std::nullopt;
  model.descriptor = instance ? Cat("(L", owner, ";", desc.substr(1)) : std::string(desc);
  for (const classfile::MethodInfo& mm : (*cf)->methods) {
    if (mm.name == m.name && mm.descriptor == model.descriptor && (mm.access_flags & classfile::access::kStatic) &&
        mm.code) {
      return model;
    }
  }
  return std::nullopt;
}

}  // namespace jwp::callgraph
