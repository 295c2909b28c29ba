// The state of directed call-graph construction (PLDI'09 Section 4,
// Figure 4): which targets are enabled at which call site. Calls with
// several class-hierarchy targets start with none enabled; each phase of the
// wp driver enables the targets its constraints chose. Sites are named
// "pkg/C.m(desc)@bci", targets "pkg/D.m(desc)".
#ifndef JWP_CALLGRAPH_ENABLED_TARGETS_H_
#define JWP_CALLGRAPH_ENABLED_TARGETS_H_

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/ir.h"

namespace jwp::callgraph {

class EnabledTargets {
 public:
  // The name of the call site `call` of `method`.
  static std::string SiteKey(const ir::MethodIR& method, const ir::Instruction& call);

  // True when the target was not enabled at the site before.
  bool Enable(const std::string& site, const std::string& target) {
    targets_.insert(target);
    return sites_[site].insert(target).second;
  }
  bool IsEnabled(const std::string& site, const std::string& target) const {
    auto it = sites_.find(site);
    return it != sites_.end() && it->second.contains(target);
  }
  bool HasAny(const std::string& site) const { return sites_.contains(site); }
  // The targets enabled at `site`, in name order.
  std::vector<std::string> At(const std::string& site) const {
    auto it = sites_.find(site);
    if (it == sites_.end()) return {};
    std::vector<std::string> out(it->second.begin(), it->second.end());
    std::sort(out.begin(), out.end());
    return out;
  }
  // Enabled at some site.
  bool IsEnabledAnywhere(const std::string& target) const { return targets_.contains(target); }
  size_t num_sites() const { return sites_.size(); }
  // Every site with its targets, both in name order.
  std::vector<std::pair<std::string, std::vector<std::string>>> Sorted() const;

 private:
  absl::flat_hash_map<std::string, absl::flat_hash_set<std::string>> sites_;
  absl::flat_hash_set<std::string> targets_;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_ENABLED_TARGETS_H_
