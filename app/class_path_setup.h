// Opening the class path the way every jwp command does: -cp and --jdk,
// warnings (skipped entries, ...) printed as `warning: ...`, set-up errors
// as `error: ...`; and its class hierarchy, through the header cache.
#ifndef JWP_APP_CLASS_PATH_SETUP_H_
#define JWP_APP_CLASS_PATH_SETUP_H_

#include <iosfwd>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"

namespace jwp::app {

// A class path with the diagnostics it reports to (which must outlive it:
// members are destroyed in reverse order).
struct OpenedClassPath {
  std::unique_ptr<classfile::Diagnostics> diagnostics;
  std::unique_ptr<classfile::ClassPath> class_path;
};

// Opens `class_path` (a.jar:dir:...) plus the JDK at `jdk` (or the one
// FindJdk finds) and prints its warnings on `err`. False after printing the
// error on `err`.
bool OpenClassPath(const std::string& class_path, const std::string& jdk, std::ostream& err,
                   OpenedClassPath* out);

// The hierarchy of `class_path`, with the JDK image's headers kept between
// runs in classfile::DefaultCacheDir() (classfile/header_cache.h).
absl::StatusOr<std::unique_ptr<classfile::ClassHierarchy>> BuildCachedHierarchy(
    const classfile::ClassPath& class_path);

}  // namespace jwp::app

#endif  // JWP_APP_CLASS_PATH_SETUP_H_
