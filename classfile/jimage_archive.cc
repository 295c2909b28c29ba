// The JDK's jimage (lib/modules) as an Archive: classes of every module,
// addressed by internal name; module-info classes are left out.
#include <algorithm>

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
  explicit JimageArchive(std::unique_ptr<Jimage> image) : image_(std::move(image)) {
    image_->ForEachResource([&](std::string_view module, std::string_view path) {
      if (!path.ends_with(".class") || path == "module-info.class") return;
      std::string name(path.substr(0, path.size() - 6));
      module_of_.try_emplace(name, std::string(module));
    });
    names_.reserve(module_of_.size());
    for (const auto& [k, v] : module_of_) names_.push_back(k);
    std::sort(names_.begin(), names_.end());
  }

  const std::string& path() const override { return image_->path(); }
  const char* kind() const override { return "jimage"; }
  void ForEachClass(const std::function<void(std::string_view)>& fn) const override {
    for (const auto& n : names_) fn(n);
  }
  size_t class_count() const override { return names_.size(); }
  bool Contains(std::string_view name) const override { return module_of_.contains(name); }
  std::string EntryName(std::string_view name) const override {
    auto it = module_of_.find(name);
    std::string_view module = it == module_of_.end() ? "?" : std::string_view(it->second);
    return Cat(image_->path(), "!/", module, "/", name, ".class");
  }
  absl::StatusOr<std::vector<uint8_t>> ReadClass(std::string_view name) const override {
    auto it = module_of_.find(name);
    if (it == module_of_.end()) {
      return absl::NotFoundError(Cat(image_->path(), ": no class ", name));
    }
    return image_->Read(it->second, Cat(name, ".class"));
  }

 private:
  std::unique_ptr<Jimage> image_;
  StringMap<std::string> module_of_;
  std::vector<std::string> names_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Archive>> OpenJimageArchive(const std::string& path) {
  auto image = Jimage::Open(path);
  if (!image.ok()) return image.status();
  return std::unique_ptr<Archive>(std::make_unique<JimageArchive>(std::move(*image)));
}

}  // namespace jwp::classfile
