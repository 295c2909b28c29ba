// A cache of the class headers of the JDK's run-time image (lib/modules), so
// that building the hierarchy of the JDK does not parse its 26,000 class files
// each time jwp starts: that took 0.3 s of a 0.35 s `jwp wp` run, and seconds
// under the sanitizers.
//
// One file per image in the cache directory, named after the image's path.
// It names the image it was read from (path, size, modification time, inode)
// and holds, per class, what ParseClassHeader returns. A file that names
// another image or another format, or is truncated, is ignored and written
// anew. As a guard against a file that matches but is stale, a sample of the
// classes (one in kHeaderCacheCheckEvery) is parsed from the image at each
// load and compared; any difference discards the file.
//
// Only images whose every class header parses, and whose names hold no tab,
// newline or space, are cached: the others take the ordinary path, which
// reports each bad class. A cache that cannot be read or written costs
// nothing but the time; it never changes an answer.
#ifndef JWP_CLASSFILE_HEADER_CACHE_H_
#define JWP_CLASSFILE_HEADER_CACHE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "classfile/archive.h"

namespace jwp::classfile {

// Bump when ParseClassHeader's results or the file's layout change.
inline constexpr int kHeaderCacheFormat = 1;
inline constexpr size_t kHeaderCacheCheckEvery = 1024;

// The directory of jwp's caches: $JWP_CACHE_DIR when set (empty or "off":
// no cache), else $XDG_CACHE_HOME/jwp, else $HOME/.cache/jwp; "" when none
// of these is set.
std::string DefaultCacheDir();

class HeaderTable;
std::unique_ptr<HeaderTable> LoadOrBuildHeaderTable(const Archive& archive, const std::string& dir);

// The headers of one archive's classes, by internal name.
class HeaderTable {
 public:
  struct Header {
    std::string_view name;
    std::string_view super;  // "" for java/lang/Object and module-info
    std::span<const std::string_view> interfaces;
    uint16_t access_flags = 0;
    uint16_t major_version = 0;
  };

  // The header of `internal_name`, or nullptr.
  const Header* Find(std::string_view internal_name) const;
  size_t size() const { return headers_.size(); }
  // Where the table came from: "read <file>" or "wrote <file>" or "built"
  // (when the file could not be written).
  const std::string& origin() const { return origin_; }

 private:
  friend class HeaderTableBuilder;
  friend std::unique_ptr<HeaderTable> LoadOrBuildHeaderTable(const Archive&, const std::string&);
  std::string text_;  // the file's text: every view points into it
  std::vector<std::string_view> interface_names_;
  std::vector<Header> headers_;
  absl::flat_hash_map<std::string_view, uint32_t> index_;
  std::string origin_;
};

// The table of `archive` when it is a jimage: loaded from `dir`, or read
// from the image and then written to `dir`. nullptr when `dir` is empty,
// the archive is not a jimage, or a class header does not parse.
std::unique_ptr<HeaderTable> LoadOrBuildHeaderTable(const Archive& archive, const std::string& dir);

// The file LoadOrBuildHeaderTable uses for `archive` in `dir`.
std::string HeaderCachePath(const Archive& archive, const std::string& dir);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_HEADER_CACHE_H_
