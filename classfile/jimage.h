// Reader for the JDK's jimage container (`lib/modules` of a JDK 9+ runtime).
// The format has no published specification; it is defined by OpenJDK's
// libjimage (imageFile.hpp) and jdk.internal.jimage (BasicImageReader,
// ImageHeader, ImageLocation, ImageStringsReader, decompressor.*).
//
// Layout, all multi-byte header/table words in the image's byte order (the
// order is detected from the magic, so little- and big-endian images work):
//   header     7 x u4: magic 0xCAFEDADA, version (major << 16 | minor), flags,
//              resource_count, table_length, locations_size, strings_size
//   redirect   table_length x s4   perfect-hash redirect table
//   offsets    table_length x u4   slot -> offset of its attribute stream
//   locations  locations_size bytes of attribute streams
//   strings    strings_size bytes of NUL-terminated modified UTF-8
//   content    resource bytes; a location's OFFSET is relative to here
//              (the "index size", i.e. the sum of the sizes above).
// Each slot names "/module/parent/base.extension". Names under /modules/ and
// /packages/ (and the roots "/modules", "/packages") are directory entries of
// the jrt file system, not resources. A resource with a non-zero COMPRESSED
// size starts with one or more 29-byte compressed-resource headers (magic
// 0xCAFEFAFA) naming a decompressor: "zip" (zlib) or "compact-cp" (constant
// pool strings shared through the strings table); they may be stacked.
//
// Ownership: a Jimage owns a read-only mapping of the whole file and is
// immutable after Open; all const methods are safe to call concurrently.
// Every offset and size read from the file is checked against the file before
// use: Open validates the header, the tables and every location's attribute
// stream, strings and content range; Read validates compressed data as it
// decodes it. Malformed input yields a Status naming the path and the byte
// offset; it never crashes. (As with any mmap, a file that is truncated by
// someone else while mapped can still raise SIGBUS.)
#ifndef JWP_CLASSFILE_JIMAGE_H_
#define JWP_CLASSFILE_JIMAGE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace jwp::classfile {

class Jimage {
 public:
  // Maps `path` read-only and validates the header and all tables.
  // Errors: NotFound/PermissionDenied/... if the file cannot be opened,
  // InvalidArgument if it is not a jimage (short file, bad magic),
  // Unimplemented for an unknown major version, DataLoss for corrupt tables.
  // Every message starts with the path and, where one applies, the offset.
  [[nodiscard]] static absl::StatusOr<std::unique_ptr<Jimage>> Open(
      const std::string& path);

  Jimage(const Jimage&) = delete;
  Jimage& operator=(const Jimage&) = delete;
  ~Jimage();

  const std::string& path() const { return path_; }

  // Calls fn(module, path) for every resource, e.g. ("java.base",
  // "java/lang/Object.class"), in slot-table order (deterministic for a given
  // file; not sorted). Directory entries are skipped. No decompression.
  // `module` stays valid for the lifetime of this Jimage; `path` only during
  // the call.
  void ForEachResource(
      const std::function<void(std::string_view module, std::string_view path)>&
          fn) const;

  // The uncompressed bytes of resource "/module/path" (path like
  // "java/lang/Object.class"). NotFound if there is no such resource (directory
  // entries are not resources); DataLoss if its compressed data is corrupt;
  // Unimplemented for an unknown decompressor.
  [[nodiscard]] absl::StatusOr<std::vector<uint8_t>> Read(
      std::string_view module, std::string_view path) const;

  // True if "/module/path" is a resource (a hash lookup; no decompression).
  bool Contains(std::string_view module, std::string_view path) const;

  // The module that holds a package, given its internal name ("java/lang" ->
  // "java.base"). Uses the image's /packages/ directory entries: the module
  // in which the package is non-empty. For an image without /packages/
  // entries the answer is derived from the resources' parent directories.
  // nullopt if the package is unknown (or its directory entry is corrupt).
  std::optional<std::string> ModuleOfPackage(
      std::string_view package_internal_name) const;

  // Number of resources (directory entries excluded).
  size_t resource_count() const { return resource_count_; }
  // Number of those stored compressed.
  size_t compressed_resource_count() const { return compressed_count_; }
  // Distinct module names of the resources, sorted.
  const std::vector<std::string>& modules() const { return modules_; }
  uint16_t major_version() const { return major_version_; }
  uint16_t minor_version() const { return minor_version_; }
  bool big_endian() const { return big_endian_; }

 private:
  // A decoded attribute stream. String fields are offsets into the strings
  // table (0 = absent); content_offset is relative to the index end.
  struct Location {
    uint32_t module = 0;
    uint32_t parent = 0;
    uint32_t base = 0;
    uint32_t extension = 0;
    uint64_t content_offset = 0;
    uint64_t compressed_size = 0;
    uint64_t uncompressed_size = 0;
    enum class Kind : uint8_t { kEmpty, kResource, kDirectory } kind = Kind::kEmpty;
  };

  Jimage(std::string path, const uint8_t* data, size_t size);

  [[nodiscard]] absl::Status ValidateAndIndex();
  [[nodiscard]] absl::Status DecodeLocation(uint32_t slot, Location& loc) const;
  [[nodiscard]] absl::Status CheckString(uint32_t string_offset,
                                         uint64_t where) const;
  std::string_view StringAt(uint32_t string_offset) const;
  uint32_t U4(uint64_t file_offset) const;
  // Slot of the location whose name is exactly "/module/path", or nullopt.
  std::optional<uint32_t> Find(std::string_view module,
                               std::string_view path) const;
  bool NameMatches(const Location& loc, std::string_view module,
                   std::string_view path) const;
  // Appends "parent/base.extension".
  void AppendPath(const Location& loc, std::string& out) const;
  [[nodiscard]] absl::StatusOr<std::vector<uint8_t>> ReadLocation(
      const Location& loc, std::string_view module, std::string_view path) const;

  std::string path_;
  const uint8_t* data_ = nullptr;  // the mapping; owned
  size_t size_ = 0;
  bool big_endian_ = false;
  uint16_t major_version_ = 0;
  uint16_t minor_version_ = 0;
  uint32_t table_length_ = 0;
  uint64_t redirect_start_ = 0;
  uint64_t offsets_start_ = 0;
  uint64_t locations_start_ = 0;
  uint32_t locations_size_ = 0;
  uint64_t strings_start_ = 0;
  uint32_t strings_size_ = 0;
  uint64_t index_size_ = 0;
  std::vector<Location> slots_;  // one per table slot
  size_t resource_count_ = 0;
  size_t compressed_count_ = 0;
  std::vector<std::string> modules_;
  bool has_packages_directory_ = false;
  // Only for images without /packages/ entries: sorted (package, module).
  std::vector<std::pair<std::string, std::string>> derived_packages_;
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_JIMAGE_H_
