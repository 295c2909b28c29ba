#include "classfile/class_path.h"

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "classfile/strings.h"
#include "classfile/class_reader.h"

namespace jwp::classfile {

absl::StatusOr<std::unique_ptr<ClassPath>> ClassPath::Open(std::string_view class_path,
                                                           const ClassPathOptions& options,
                                                           Diagnostics* diagnostics) {
  std::unique_ptr<ClassPath> cp(new ClassPath());
  cp->diagnostics_ = diagnostics;
  if (options.include_jdk) {
    auto jdk = FindJdk(options.jdk_home);
    if (!jdk.ok()) return jdk.status();
    cp->jdk_ = std::move(*jdk);
  }
  ArchiveOptions archive_options;
  archive_options.release =
      options.release != 0 ? options.release : (cp->jdk_ ? cp->jdk_->feature : 17);
  for (std::string_view entry : Split(class_path, ':', /*skip_empty=*/true)) {
    auto archive = OpenArchive(std::string(entry), archive_options);
    if (!archive.ok()) {
      diagnostics->Error(Cat("class path entry skipped: ", archive.status().message()));
      continue;
    }
    cp->archives_.push_back(std::move(*archive));
  }
  cp->user_archives_ = cp->archives_.size();
  if (cp->jdk_) {
    const Jdk& jdk = *cp->jdk_;
    if (!jdk.modules.empty() && !options.prefer_jmods) {
      auto archive = OpenJimageArchive(jdk.modules);
      if (!archive.ok()) return archive.status();  // without the JDK nothing resolves
      cp->archives_.push_back(std::move(*archive));
    } else {
      for (const std::string& jmod : jdk.jmods) {
        auto archive = OpenZipArchive(jmod, archive_options);
        if (!archive.ok()) {
          diagnostics->Error(Cat("JDK module skipped: ", archive.status().message()));
          continue;
        }
        cp->archives_.push_back(std::move(*archive));
      }
    }
  }
  return cp;
}

const Archive* ClassPath::Find(std::string_view internal_name) const {
  for (const auto& a : archives_) {
    if (a->Contains(internal_name)) return a.get();
  }
  return nullptr;
}

absl::StatusOr<std::shared_ptr<const ClassFile>> ClassPath::Load(std::string_view internal_name) const {
  {
    absl::MutexLock lock(&mu_);
    auto it = cache_.find(internal_name);
    if (it != cache_.end()) return it->second;
  }
  absl::StatusOr<std::shared_ptr<const ClassFile>> result;
  const Archive* archive = Find(internal_name);
  if (archive == nullptr) {
    result = absl::NotFoundError(Cat("class ", internal_name, " is not on the class path"));
  } else {
    auto bytes = archive->ReadClass(internal_name);
    if (!bytes.ok()) {
      result = bytes.status();
    } else {
      result = ParseClassFile(std::move(*bytes), archive->EntryName(internal_name));
      if (result.ok() && (*result)->this_class != internal_name) {
        result = absl::InvalidArgumentError(
            Cat(archive->EntryName(internal_name), ": defines ", (*result)->this_class,
                         ", not ", internal_name));
      }
    }
  }
  absl::MutexLock lock(&mu_);
  auto [it, inserted] = cache_.try_emplace(std::string(internal_name), std::move(result));
  return it->second;
}

void ClassPath::ForEachClass(
    const std::function<void(std::string_view, const Archive&)>& fn) const {
  for (size_t i = 0; i < archives_.size(); ++i) {
    const Archive& a = *archives_[i];
    a.ForEachClass([&](std::string_view name) {
      // Only names defined by an earlier archive need the set.
      bool shadowed = false;
      for (size_t j = 0; j < i && !shadowed; ++j) shadowed = archives_[j]->Contains(name);
      if (!shadowed) fn(name, a);
    });
  }
}

}  // namespace jwp::classfile
