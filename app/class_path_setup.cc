#include "app/class_path_setup.h"

#include <ostream>

#include "classfile/header_cache.h"

namespace jwp::app {

bool OpenClassPath(const std::string& class_path, const std::string& jdk, std::ostream& err,
                   OpenedClassPath* out) {
  out->diagnostics = std::make_unique<classfile::Diagnostics>();
  classfile::ClassPathOptions options;
  options.jdk_home = jdk;
  auto cp = classfile::ClassPath::Open(class_path, options, out->diagnostics.get());
  if (!cp.ok()) {
    err << "error: " << cp.status().message() << "\n";
    return false;
  }
  for (const auto& d : out->diagnostics->Sorted()) err << "warning: " << d.message << "\n";
  out->class_path = *std::move(cp);
  return true;
}

absl::StatusOr<std::unique_ptr<classfile::ClassHierarchy>> BuildCachedHierarchy(
    const classfile::ClassPath& class_path) {
  classfile::ClassHierarchyOptions options;
  options.header_cache_dir = classfile::DefaultCacheDir();
  return classfile::ClassHierarchy::Build(class_path, options);
}

}  // namespace jwp::app
