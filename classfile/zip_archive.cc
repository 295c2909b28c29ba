// Jar, zip and jmod archives through libzip. A jmod is a zip file behind a
// four-byte header ("JM" 1 0) whose classes live under classes/. A jar whose
// manifest says "Multi-Release: true" contributes, for each class, the entry
// of the highest META-INF/versions/N with N <= the configured release.
#include <zip.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "classfile/strings.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/synchronization/mutex.h"
#include "classfile/archive.h"

namespace jwp::classfile {
namespace {


class ZipArchive final : public Archive {
 public:
  ZipArchive(std::string path, zip_t* zip, bool jmod) : path_(std::move(path)), zip_(zip), jmod_(jmod) {}
  ~ZipArchive() override { zip_discard(zip_); }

  absl::Status Index(const ArchiveOptions& options);

  const std::string& path() const override { return path_; }
  const char* kind() const override { return jmod_ ? "jmod" : "jar"; }
  void ForEachClass(const std::function<void(std::string_view)>& fn) const override {
    for (const auto& name : names_) fn(name);
  }
  size_t class_count() const override { return names_.size(); }
  bool Contains(std::string_view name) const override { return index_.contains(name); }
  absl::StatusOr<std::vector<uint8_t>> ReadClass(std::string_view name) const override;
  std::string EntryName(std::string_view name) const override {
    auto it = index_.find(name);
    if (it == index_.end()) return Cat(path_, "!", name, ".class");
    return Cat(path_, "!", it->second.entry_name);
  }

 private:
  struct Entry {
    zip_uint64_t index;
    int version;  // 0 for the base entry, N for META-INF/versions/N
    std::string entry_name;
  };
  absl::StatusOr<std::vector<uint8_t>> ReadEntry(zip_uint64_t index, const std::string& entry_name) const;

  std::string path_;
  zip_t* zip_;
  bool jmod_;
  std::vector<std::string> names_;  // sorted internal names
  StringMap<Entry> index_;
  mutable absl::Mutex mu_;  // libzip handles are not thread-safe
};

absl::StatusOr<std::vector<uint8_t>> ZipArchive::ReadEntry(zip_uint64_t index,
                                                           const std::string& entry_name) const {
  absl::MutexLock lock(&mu_);
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(zip_, index, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE)) {
    return absl::DataLossError(Cat(path_, "!", entry_name, ": cannot stat entry: ",
                                            zip_strerror(zip_)));
  }
  if (st.size > (1u << 30)) {
    return absl::DataLossError(
        Cat(path_, "!", entry_name, ": entry size ", st.size, " is too large"));
  }
  zip_file_t* f = zip_fopen_index(zip_, index, 0);
  if (f == nullptr) {
    return absl::DataLossError(
        Cat(path_, "!", entry_name, ": cannot open entry: ", zip_strerror(zip_)));
  }
  // Grow the buffer as bytes arrive: a forged size in a tiny jar must not
  // allocate up to 1 GiB before the first byte is read.
  std::vector<uint8_t> data;
  zip_int64_t got = 0;
  while (static_cast<zip_uint64_t>(got) < st.size) {
    data.resize(got + std::min<zip_uint64_t>(st.size - got, zip_uint64_t{1} << 20));
    zip_int64_t r = zip_fread(f, data.data() + got, data.size() - got);
    if (r > 0) data.resize(got + r);
    if (r <= 0) {
      std::string why = r < 0 ? zip_error_strerror(zip_file_get_error(f)) : "unexpected end of data";
      zip_fclose(f);
      return absl::DataLossError(Cat(path_, "!", entry_name, ": read error at byte ", got,
                                              " of ", st.size, ": ", why));
    }
    got += r;
  }
  // Reading to the end lets libzip check the CRC.
  char extra;
  zip_int64_t r = zip_fread(f, &extra, 1);
  if (r < 0) {
    std::string why = zip_error_strerror(zip_file_get_error(f));
    zip_fclose(f);
    return absl::DataLossError(Cat(path_, "!", entry_name, ": ", why));
  }
  zip_fclose(f);
  return data;
}

absl::StatusOr<std::vector<uint8_t>> ZipArchive::ReadClass(std::string_view name) const {
  auto it = index_.find(name);
  if (it == index_.end()) {
    return absl::NotFoundError(Cat(path_, ": no class ", name));
  }
  return ReadEntry(it->second.index, it->second.entry_name);
}

absl::Status ZipArchive::Index(const ArchiveOptions& options) {
  zip_int64_t n = zip_get_num_entries(zip_, 0);
  const std::string_view prefix = jmod_ ? "classes/" : "";
  // Multi-release only when the manifest says so.
  bool multi_release = false;
  if (!jmod_) {
    zip_int64_t mi = zip_name_locate(zip_, "META-INF/MANIFEST.MF", 0);
    if (mi >= 0) {
      auto manifest = ReadEntry(static_cast<zip_uint64_t>(mi), "META-INF/MANIFEST.MF");
      if (manifest.ok()) {
        std::string_view text(reinterpret_cast<const char*>(manifest->data()), manifest->size());
        for (std::string_view line : Split(text, '\n')) {
          line = StripWhitespace(line);
          if (StartsWithIgnoreCase(line, "Multi-Release:")) {
            multi_release = EqualsIgnoreCase(StripWhitespace(line.substr(strlen("Multi-Release:"))), "true");
          }
        }
      }
    }
  }
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* raw = zip_get_name(zip_, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
    if (raw == nullptr) continue;
    std::string_view entry(raw);
    if (!entry.ends_with(".class") || !entry.starts_with(prefix)) continue;
    std::string_view rel = entry.substr(prefix.size());
    int version = 0;
    if (rel.starts_with("META-INF/")) {
      constexpr std::string_view kVersions = "META-INF/versions/";
      if (!multi_release || !rel.starts_with(kVersions)) continue;
      std::string_view rest = rel.substr(kVersions.size());
      size_t slash = rest.find('/');
      if (slash == std::string_view::npos) continue;
      int v = 0;
      if (!ParseInt(rest.substr(0, slash), &v) || v < 9 || v > options.release) continue;
      version = v;
      rel = rest.substr(slash + 1);
    }
    std::string name(rel.substr(0, rel.size() - strlen(".class")));
    if (name.empty()) continue;
    auto [it, inserted] = index_.try_emplace(name, Entry{static_cast<zip_uint64_t>(i), version,
                                                         std::string(entry)});
    if (!inserted && version > it->second.version) {
      it->second = Entry{static_cast<zip_uint64_t>(i), version, std::string(entry)};
    }
  }
  names_.reserve(index_.size());
  for (const auto& [k, v] : index_) names_.push_back(k);
  std::sort(names_.begin(), names_.end());
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::unique_ptr<Archive>> OpenZipArchive(const std::string& path,
                                                        const ArchiveOptions& options) {
  // A jmod starts with "JM" 1 0 before the zip data.
  bool jmod = false;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) return absl::NotFoundError(Cat(path, ": cannot open"));
    char magic[4] = {0, 0, 0, 0};
    in.read(magic, 4);
    jmod = in.gcount() == 4 && magic[0] == 'J' && magic[1] == 'M' && magic[2] == 1 && magic[3] == 0;
  }
  zip_error_t err;
  zip_error_init(&err);
  zip_source_t* src = zip_source_file_create(path.c_str(), jmod ? 4 : 0, -1, &err);
  if (src == nullptr) {
    std::string why = zip_error_strerror(&err);
    zip_error_fini(&err);
    return absl::InvalidArgumentError(Cat(path, ": cannot open: ", why));
  }
  zip_t* zip = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
  if (zip == nullptr) {
    std::string why = zip_error_strerror(&err);
    zip_error_fini(&err);
    zip_source_free(src);
    return absl::InvalidArgumentError(Cat(path, ": not a valid ", jmod ? "jmod" : "zip",
                                                   " archive: ", why));
  }
  zip_error_fini(&err);
  auto archive = std::make_unique<ZipArchive>(path, zip, jmod);
  if (absl::Status s = archive->Index(options); !s.ok()) return s;
  return std::unique_ptr<Archive>(std::move(archive));
}

}  // namespace jwp::classfile
