#include "callgraph/enabled_targets.h"

#include <algorithm>

#include "classfile/strings.h"

namespace jwp::callgraph {

std::string EnabledTargets::SiteKey(const ir::MethodIR& method, const ir::Instruction& call) {
  return Cat(method.QualifiedName(), "@", call.bci);
}

std::vector<std::pair<std::string, std::vector<std::string>>> EnabledTargets::Sorted() const {
  std::vector<std::pair<std::string, std::vector<std::string>>> out;
  for (const auto& [site, targets] : sites_) {
    out.emplace_back(site, std::vector<std::string>(targets.begin(), targets.end()));
    std::sort(out.back().second.begin(), out.back().second.end());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace jwp::callgraph
