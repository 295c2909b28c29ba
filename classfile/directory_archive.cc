// A directory of class files laid out by package (dir/java/lang/Foo.class).
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "classfile/strings.h"
#include "absl/strings/match.h"
#include "classfile/archive.h"

namespace jwp::classfile {
namespace {

namespace fs = std::filesystem;

class DirectoryArchive final : public Archive {
 public:
  explicit DirectoryArchive(std::string path) : path_(std::move(path)) {}

  absl::Status Index() {
    std::error_code ec;
    fs::recursive_directory_iterator it(path_, fs::directory_options::skip_permission_denied, ec);
    if (ec) return absl::NotFoundError(Cat(path_, ": cannot list: ", ec.message()));
    for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
      if (ec) return absl::DataLossError(Cat(path_, ": cannot list: ", ec.message()));
      if (!it->is_regular_file(ec)) continue;
      std::string rel = fs::relative(it->path(), path_, ec).generic_string();
      if (ec || !std::string_view(rel).ends_with(".class")) continue;
      rel.resize(rel.size() - 6);
      if (rel.starts_with("META-INF/")) continue;
      names_.push_back(rel);
    }
    std::sort(names_.begin(), names_.end());
    set_.insert(names_.begin(), names_.end());
    return absl::OkStatus();
  }

  const std::string& path() const override { return path_; }
  const char* kind() const override { return "directory"; }
  void ForEachClass(const std::function<void(std::string_view)>& fn) const override {
    for (const auto& n : names_) fn(n);
  }
  size_t class_count() const override { return names_.size(); }
  bool Contains(std::string_view name) const override { return set_.contains(name); }
  std::string EntryName(std::string_view name) const override {
    return Cat(path_, "/", name, ".class");
  }
  absl::StatusOr<std::vector<uint8_t>> ReadClass(std::string_view name) const override {
    if (!Contains(name)) return absl::NotFoundError(Cat(path_, ": no class ", name));
    std::string file = EntryName(name);
    std::ifstream in(file, std::ios::binary);
    if (!in) return absl::NotFoundError(Cat(file, ": cannot open"));
    std::vector<uint8_t> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) return absl::DataLossError(Cat(file, ": read error"));
    return data;
  }

 private:
  std::string path_;
  std::vector<std::string> names_;
  StringSet set_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Archive>> OpenDirectoryArchive(const std::string& path) {
  auto a = std::make_unique<DirectoryArchive>(path);
  if (absl::Status s = a->Index(); !s.ok()) return s;
  return std::unique_ptr<Archive>(std::move(a));
}

absl::StatusOr<std::unique_ptr<Archive>> OpenArchive(const std::string& path,
                                                     const ArchiveOptions& options) {
  std::error_code ec;
  fs::file_status st = fs::status(path, ec);
  if (ec || !fs::exists(st)) return absl::NotFoundError(Cat(path, ": no such file or directory"));
  if (fs::is_directory(st)) return OpenDirectoryArchive(path);
  std::ifstream in(path, std::ios::binary);
  unsigned char magic[4] = {0, 0, 0, 0};
  in.read(reinterpret_cast<char*>(magic), 4);
  // jimage magic 0xCAFEDADA, little-endian on disk.
  if (in.gcount() == 4 && magic[0] == 0xDA && magic[1] == 0xDA && magic[2] == 0xFE &&
      magic[3] == 0xCA) {
    return OpenJimageArchive(path);
  }
  return OpenZipArchive(path, options);
}

}  // namespace jwp::classfile
