#include "callgraph/method_ref.h"

#include <functional>

#include "classfile/strings.h"

namespace jwp::callgraph {

MethodId MethodId::Of(const ir::MethodIR& ir) {
  return MethodId(ir.class_name, ir.method_name, ir.method_descriptor);
}

std::string MethodId::ToString() const { return Cat(owner, ".", name, descriptor); }

size_t MethodIdHash::operator()(const MethodId& m) const {
  size_t h = std::hash<std::string>()(m.owner);
  h = h * 31 + std::hash<std::string>()(m.name);
  return h * 31 + std::hash<std::string>()(m.descriptor);
}

}  // namespace jwp::callgraph
