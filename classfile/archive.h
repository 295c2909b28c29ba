// Archives that hold class files: directories, jar files (including
// multi-release jars), the JDK's jmod files and its jimage (lib/modules).
// An Archive lists its classes by internal name (java/lang/Object) and reads
// their bytes; each is safe to use from several threads. Errors name the
// archive and the entry: "/usr/share/java/guava.jar!com/google/Foo.class: ...".
#ifndef JWP_CLASSFILE_ARCHIVE_H_
#define JWP_CLASSFILE_ARCHIVE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace jwp::classfile {

struct ArchiveOptions {
  // Java release whose entries a multi-release jar contributes
  // (META-INF/versions/N for N <= release).
  int release = 17;
};

class Archive {
 public:
  virtual ~Archive() = default;
  // The path the archive was opened from.
  virtual const std::string& path() const = 0;
  // "jar", "jmod", "jimage" or "directory".
  virtual const char* kind() const = 0;
  // Every class the archive holds, by internal name, in a deterministic
  // order. A multi-release jar lists each class once.
  virtual void ForEachClass(const std::function<void(std::string_view name)>& fn) const = 0;
  virtual size_t class_count() const = 0;
  virtual bool Contains(std::string_view internal_name) const = 0;
  // The bytes of a class; NotFound when the archive has no such class.
  virtual absl::StatusOr<std::vector<uint8_t>> ReadClass(std::string_view internal_name) const = 0;
  // How messages name a class of this archive: "path!entry".
  virtual std::string EntryName(std::string_view internal_name) const = 0;
};

// Opens a directory, a .jar/.zip, a .jmod or a jimage (a file named
// "modules", or any file starting with the jimage magic).
absl::StatusOr<std::unique_ptr<Archive>> OpenArchive(const std::string& path,
                                                     const ArchiveOptions& options = {});

absl::StatusOr<std::unique_ptr<Archive>> OpenDirectoryArchive(const std::string& path);
absl::StatusOr<std::unique_ptr<Archive>> OpenZipArchive(const std::string& path,
                                                        const ArchiveOptions& options);
absl::StatusOr<std::unique_ptr<Archive>> OpenJimageArchive(const std::string& path);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_ARCHIVE_H_
