// The JDK's jimage (lib/modules) as an Archive: classes of every module,
// addressed by internal name; module-info classes are left out.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "classfile/strings.h"
#include "absl/strings/match.h"
#include "classfile/archive.h"
#include "classfile/jimage.h"

namespace jwp::classfile {
namespace {

class JimageArchive final : public Archive {
 public:
  // One entry per class, sorted by name. A class in two modules (never in a
  // JDK's image) keeps the first the slot table lists. The module names are
  // the image's own (valid while it is open) and the index points into
  // names_, so a class costs one string: this runs in every jwp process.
  explicit JimageArchive(std::unique_ptr<Jimage> image) : image_(std::move(image)) {
    std::vector<std::pair<std::string, std::string_view>> entries;
    entries.reserve(image_->resource_count());
    image_->ForEachResource([&](std::string_view module, std::string_view path) {
      if (!path.ends_with(".class") || path == "module-info.class") return;
      entries.emplace_back(std::string(path.substr(0, path.size() - 6)), module);
    });
    std::stable_sort(entries.begin(), entries.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    names_.reserve(entries.size());
    modules_.reserve(entries.size());
    for (auto& [name, module] : entries) {
      if (!names_.empty() && names_.back() == name) continue;
      names_.push_back(std::move(name));
      modules_.push_back(module);
    }
    index_.reserve(names_.size());
    for (uint32_t i = 0; i < names_.size(); ++i) index_.try_emplace(names_[i], i);
  }

  const std::string& path() const override { return image_->path(); }
  const char* kind() const override { return "jimage"; }
  void ForEachClass(const std::function<void(std::string_view)>& fn) const override {
    for (const auto& n : names_) fn(n);
  }
  size_t class_count() const override { return names_.size(); }
  bool Contains(std::string_view name) const override { return index_.contains(name); }
  std::string EntryName(std::string_view name) const override {
    auto it = index_.find(name);
    std::string_view module = it == index_.end() ? "?" : modules_[it->second];
    return Cat(image_->path(), "!/", module, "/", name, ".class");
  }
  absl::StatusOr<std::vector<uint8_t>> ReadClass(std::string_view name) const override {
    auto it = index_.find(name);
    if (it == index_.end()) {
      return absl::NotFoundError(Cat(image_->path(), ": no class ", name));
    }
    return image_->Read(modules_[it->second], Cat(name, ".class"));
  }

 private:
  std::unique_ptr<Jimage> image_;
  std::vector<std::string> names_;          // sorted
  std::vector<std::string_view> modules_;   // of names_[i]
  absl::flat_hash_map<std::string_view, uint32_t> index_;  // into names_
};

}  // namespace

absl::StatusOr<std::unique_ptr<Archive>> OpenJimageArchive(const std::string& path) {
  auto image = Jimage::Open(path);
  if (!image.ok()) return image.status();
  return std::unique_ptr<Archive>(std::make_unique<JimageArchive>(std::move(*image)));
}

}  // namespace jwp::classfile
