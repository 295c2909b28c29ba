// Exact types of SSA values; see exact_types.h.
#include "callgraph/exact_types.h"

#include <string_view>

#include "classfile/descriptor.h"

namespace jwp::callgraph {

namespace {

// The class of a declared reference type when that class is final (it has
// no subclass, so the declared type is exact); "" otherwise.
std::string FinalClassOf(const classfile::ClassHierarchy& h, const ir::ValueType& t) {
  if (t.kind != ir::TypeKind::kRef || !t.descriptor.starts_with('L')) return "";  // arrays are not exact here
  const std::string_view d = classfile::InternalNameOf(t.descriptor);
  classfile::ClassId c = h.Find(d);
  if (c == classfile::kNoClass || h.IsPhantom(c) || h.IsInterface(c) || !h.IsFinal(c)) return "";
  return std::string(d);
}

bool IsClassName(std::string_view type) { return !type.empty() && !type.starts_with('['); }

}  // namespace

std::vector<std::string> ExactTypes(const classfile::ClassHierarchy& h, const ir::MethodIR& m,
                                    std::span<const std::string> params) {
  std::vector<std::string> exact(m.values.size());
  for (size_t v = 0; v < m.values.size(); ++v) exact[v] = FinalClassOf(h, m.values[v].type);
  for (size_t i = 0; i < m.params.size() && i < params.size(); ++i) {
    if (!params[i].empty() && m.params[i] != ir::kNone) exact[m.params[i]] = params[i];
  }
  std::vector<const ir::Instruction*> phis;
  for (const ir::Instruction& in : m.insns) {
    if (in.result == ir::kNone || !exact[in.result].empty()) continue;
    switch (in.op) {
      case ir::Op::kNew:
        if (IsClassName(in.type)) exact[in.result] = std::string(in.type);
        break;
      case ir::Op::kConst:
        if (in.const_kind == ir::ConstKind::kString) exact[in.result] = "java/lang/String";
        else if (in.const_kind == ir::ConstKind::kClass) exact[in.result] = "java/lang/Class";
        break;
      case ir::Op::kStringConcat:
        exact[in.result] = "java/lang/String";
        break;
      case ir::Op::kCheckCast:
      case ir::Op::kPhi:
        phis.push_back(&in);  // from their operands, below
        break;
      default:
        break;
    }
  }
  // Casts and phis carry their operands' type (a phi: only one all its
  // operands share), to a fixpoint: each round can only fix more values.
  for (bool changed = true; changed;) {
    changed = false;
    for (const ir::Instruction* in : phis) {
      if (!exact[in->result].empty()) continue;
      std::string_view common;
      bool ok = !in->operands.empty();
      for (ir::ValueId o : in->operands) {
        if (o == ir::kNone) continue;
        if (exact[o].empty() || (!common.empty() && common != exact[o])) {
          ok = false;
          break;
        }
        common = exact[o];
      }
      if (ok && !common.empty()) {
        exact[in->result] = std::string(common);
        changed = true;
      }
    }
  }
  return exact;
}

std::vector<std::string> CallContext(const ir::Instruction& call, std::span<const std::string> exact) {
  std::vector<std::string> context;
  bool any = false;
  for (ir::ValueId o : call.operands) {
    context.push_back(o >= 0 && static_cast<size_t>(o) < exact.size() ? exact[o] : "");
    any = any || !context.back().empty();
  }
  if (!any) context.clear();
  return context;
}

}  // namespace jwp::callgraph
