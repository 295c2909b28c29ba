// Jar, zip and jmod archives through libzip. A jmod is a zip file behind a
// four-byte header ("JM" 1 0) whose classes live under classes/. A jar whose
// manifest says "Multi-Release: true" contributes, for each class, the entry
// of the highest META-INF/versions/N with N <= the configured release.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <memory>
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


// A read-only mapping of a whole file. libzip reads the archive from it,
// not through a FILE*: a FILE*'s offset is shared with every process forked
// after the open (`jwp validate` forks one per goal), so children reading at
// once would seek under each other and read garbage ("Zlib error: data
// error").
class FileMapping {
 public:
  FileMapping() = default;
  FileMapping(const FileMapping&) = delete;
  FileMapping& operator=(const FileMapping&) = delete;
  ~FileMapping() {
    if (data_ != nullptr) munmap(data_, size_);
  }

  // False (and errno set) when the file cannot be opened, is not a regular
  // file, or cannot be mapped. An empty file maps to no bytes.
  bool Map(const std::string& path) {
    int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return false;
    struct stat st;
    bool ok = fstat(fd, &st) == 0;
    if (ok && !S_ISREG(st.st_mode)) {
      ok = false;
      errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
    }
    if (ok && st.st_size > 0) {
      void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
      ok = p != MAP_FAILED;
      if (ok) {
        data_ = p;
        size_ = static_cast<size_t>(st.st_size);
      }
    }
    const int saved = errno;
    close(fd);
    errno = saved;
    return ok;
  }
  const uint8_t* data() const { return static_cast<const uint8_t*>(data_); }
  size_t size() const { return size_; }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

class ZipArchive final : public Archive {
 public:
  ZipArchive(std::string path, zip_t* zip, bool jmod, std::unique_ptr<FileMapping> mapping)
      : path_(std::move(path)), zip_(zip), jmod_(jmod), mapping_(std::move(mapping)) {}
  ~ZipArchive() override { zip_discard(zip_); }  // before mapping_ is unmapped

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
  std::unique_ptr<FileMapping> mapping_;  // what zip_ reads
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
  auto mapping = std::make_unique<FileMapping>();
  if (!mapping->Map(path)) {
    return absl::NotFoundError(Cat(path, ": cannot open: ", std::strerror(errno)));
  }
  // A jmod starts with "JM" 1 0 before the zip data.
  const uint8_t* bytes = mapping->data();
  const bool jmod = mapping->size() >= 4 && bytes[0] == 'J' && bytes[1] == 'M' && bytes[2] == 1 && bytes[3] == 0;
  const size_t skip = jmod ? 4 : 0;
  zip_error_t err;
  zip_error_init(&err);
  zip_source_t* src = zip_source_buffer_create(mapping->size() > skip ? bytes + skip : nullptr,
                                               mapping->size() - skip, /*freep=*/0, &err);
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
  auto archive = std::make_unique<ZipArchive>(path, zip, jmod, std::move(mapping));
  if (absl::Status s = archive->Index(options); !s.ok()) return s;
  return std::unique_ptr<Archive>(std::move(archive));
}

}  // namespace jwp::classfile
