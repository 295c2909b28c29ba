// A class path as java's -cp gives it ("a.jar:dir:b.jar"), first definition
// winning, with the JDK's modules behind it. Classes are parsed on first use
// and cached; the cache is safe to share between threads. An entry that
// cannot be opened (missing, not a zip, truncated) is reported to the
// Diagnostics and left out; the rest of the class path stays usable.
#ifndef JWP_CLASSFILE_CLASS_PATH_H_
#define JWP_CLASSFILE_CLASS_PATH_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "classfile/archive.h"
#include "classfile/class_file.h"
#include "classfile/diagnostics.h"
#include "classfile/jdk.h"
#include "classfile/strings.h"

namespace jwp::classfile {

struct ClassPathOptions {
  std::string jdk_home;      // empty: FindJdk's search
  bool include_jdk = true;   // false: only the user's entries (tests)
  bool prefer_jmods = false; // read the JDK from jmods/ even when lib/modules exists
  int release = 0;           // multi-release jars; 0: the JDK's feature version
};

class ClassPath {
 public:
  // `diagnostics` must outlive the ClassPath.
  static absl::StatusOr<std::unique_ptr<ClassPath>> Open(std::string_view class_path,
                                                         const ClassPathOptions& options,
                                                         Diagnostics* diagnostics);

  const std::optional<Jdk>& jdk() const { return jdk_; }
  // User entries first, then the JDK's archives.
  const std::vector<std::unique_ptr<Archive>>& archives() const { return archives_; }
  size_t user_archive_count() const { return user_archives_; }

  // The archive that defines `internal_name` first, or nullptr.
  const Archive* Find(std::string_view internal_name) const;
  // Parses (once) and returns the class; NotFound if no archive has it.
  absl::StatusOr<std::shared_ptr<const ClassFile>> Load(std::string_view internal_name) const;
  // Every class name once, with the archive that defines it, user entries
  // first and each archive in its own order.
  void ForEachClass(const std::function<void(std::string_view name, const Archive& archive)>& fn) const;

  Diagnostics& diagnostics() const { return *diagnostics_; }

 private:
  ClassPath() = default;

  std::optional<Jdk> jdk_;
  std::vector<std::unique_ptr<Archive>> archives_;
  size_t user_archives_ = 0;
  Diagnostics* diagnostics_ = nullptr;
  mutable absl::Mutex mu_;
  mutable StringMap<absl::StatusOr<std::shared_ptr<const ClassFile>>> cache_ ABSL_GUARDED_BY(mu_);
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_PATH_H_
