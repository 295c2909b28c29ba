// Helpers shared by class_hierarchy_test.cc and member_resolution_test.cc:
// opening a hierarchy over the fixtures, and (from tests/test_support.h)
// temporary directories and running the JDK's tools.
#ifndef JWP_TESTS_CLASSFILE_HIERARCHY_TEST_SUPPORT_H_
#define JWP_TESTS_CLASSFILE_HIERARCHY_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "classfile/member_resolution.h"
#include "tests/test_support.h"

namespace jwp::classfile::testing_support {

inline const std::string kFixtures = JWP_FIXTURES_DIR;
inline const std::string kJavaHome = JWP_JAVA_HOME;
inline const std::string kRelease8 = kFixtures + "/release8";
inline const std::string kRelease17 = kFixtures + "/release17";

using jwp::testing::ReadText;
using jwp::testing::RunCommand;
using jwp::testing::TempDir;
using jwp::testing::WriteText;

// "label=value" lines of a driver's output.
inline std::map<std::string, std::string> ParseLabels(const std::string& text) {
  std::map<std::string, std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t eq = line.find('=');
    if (eq != std::string::npos) out[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return out;
}

// A class path and a hierarchy over it, with their diagnostics.
struct Loaded {
  std::unique_ptr<Diagnostics> diagnostics = std::make_unique<Diagnostics>();
  std::unique_ptr<ClassPath> class_path;
  std::unique_ptr<ClassHierarchy> hierarchy;
  absl::Status status;  // of ClassHierarchy::Build

  const ClassHierarchy& h() const { return *hierarchy; }
  ClassId Id(std::string_view name) const {
    ClassId id = hierarchy->Find(name);
    EXPECT_NE(id, kNoClass) << name;
    return id;
  }
  // Diagnostics messages containing `needle`.
  std::vector<std::string> Messages(std::string_view needle) const {
    std::vector<std::string> out;
    for (const auto& e : diagnostics->Sorted()) {
      if (e.message.find(needle) != std::string::npos) out.push_back(e.message);
    }
    return out;
  }
};

// The JDK image's class headers come from a cache that the tests of one
// build share (as jwp's own runs share the user's: app/class_path_setup.cc),
// so that each test does not parse the image's ~27,000 headers again (4 s
// each time under the sanitizers). A test that passes options of its own
// gets exactly those: header_cache_test.cc compares the cached hierarchy
// with one built without the cache.
inline ClassHierarchyOptions SharedCacheOptions() {
  ClassHierarchyOptions o;
  o.header_cache_dir = std::string(JWP_BINARY_DIR) + "/test-header-cache";
  return o;
}

inline Loaded Load(const std::string& class_path, bool include_jdk = true,
                   ClassHierarchyOptions options = SharedCacheOptions()) {
  Loaded l;
  ClassPathOptions cp_options;
  cp_options.jdk_home = kJavaHome;
  cp_options.include_jdk = include_jdk;
  auto cp = ClassPath::Open(class_path, cp_options, l.diagnostics.get());
  if (!cp.ok()) {
    l.status = cp.status();
    return l;
  }
  l.class_path = std::move(*cp);
  auto h = ClassHierarchy::Build(*l.class_path, options);
  l.status = h.status();
  if (h.ok()) l.hierarchy = std::move(*h);
  return l;
}

// Stops the test unless `loaded` holds a hierarchy.
#define ASSERT_LOADED(loaded) \
  ASSERT_TRUE((loaded).hierarchy != nullptr) << "no hierarchy: " << (loaded).status

// "Owner.member" with the owner's simple name, or "!ErrorName": the form the
// Java drivers print.
template <typename Member>
std::string Answer(const ClassHierarchy& h, const MemberResult<Member>& r) {
  if (!r.ok()) return std::string("!") + LinkageErrorName(r.error);
  std::string_view owner = h.Name(r.owner);
  owner = owner.substr(owner.rfind('/') + 1);
  return std::string(owner) + "." + std::string(r.member->name);
}

}  // namespace jwp::classfile::testing_support

#endif  // JWP_TESTS_CLASSFILE_HIERARCHY_TEST_SUPPORT_H_
