// Helpers shared by the callgraph/ tests: a class path over one fixture
// release (with the JDK behind it) and its hierarchy, opened once per process,
// and finding a call site in a fixture method.
#ifndef JWP_TESTS_CALLGRAPH_CALLGRAPH_TEST_SUPPORT_H_
#define JWP_TESTS_CALLGRAPH_CALLGRAPH_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "callgraph/method_cache.h"
#include "callgraph/method_ref.h"
#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "ir/ir.h"
#include "tests/test_support.h"

namespace jwp::callgraph::testing {

enum class Release { k8, k17 };

class World {
 public:
  static World& Get(Release r = Release::k17) {
    static World* worlds[2] = {nullptr, nullptr};
    World*& w = worlds[r == Release::k8 ? 0 : 1];
    if (w == nullptr) {
      w = new World(r == Release::k8 ? jwp::testing::Release8Dir() : jwp::testing::Release17Dir());
    }
    return *w;
  }
  const classfile::ClassHierarchy& hierarchy() const { return *hierarchy_; }
  MethodCache& cache() { return *cache_; }

 private:
  explicit World(const std::string& dir) {
    classfile::ClassPathOptions options;
    options.jdk_home = jwp::testing::JavaHome();
    auto cp = classfile::ClassPath::Open(dir, options, &diagnostics_);
    if (!cp.ok()) {
      ADD_FAILURE() << cp.status();
      return;
    }
    cp_ = std::move(*cp);
    auto h = classfile::ClassHierarchy::Build(*cp_);
    if (!h.ok()) {
      ADD_FAILURE() << h.status();
      return;
    }
    hierarchy_ = std::move(*h);
    cache_ = std::make_unique<MethodCache>(*hierarchy_);
  }

  classfile::Diagnostics diagnostics_;
  std::unique_ptr<classfile::ClassPath> cp_;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy_;
  std::unique_ptr<MethodCache> cache_;
};

// The first invoke of `name` in the IR of `method` (kept alive by the
// world's cache); a test failure and nullptr if there is none.
inline const ir::Instruction* FindInvoke(World& world, const MethodId& method, std::string_view name) {
  auto ir = world.cache().Get(method);
  if (!ir.ok()) {
    ADD_FAILURE() << ir.status();
    return nullptr;
  }
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kInvoke && in.name == name) return &in;
  }
  ADD_FAILURE() << "no invoke of " << name << " in " << method.ToString();
  return nullptr;
}

inline std::vector<std::string> Names(const std::vector<MethodId>& ids) {
  std::vector<std::string> out;
  for (const MethodId& m : ids) out.push_back(m.ToString());
  return out;
}

}  // namespace jwp::callgraph::testing

#endif  // JWP_TESTS_CALLGRAPH_CALLGRAPH_TEST_SUPPORT_H_
