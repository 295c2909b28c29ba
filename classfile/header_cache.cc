// The class-header cache of a jimage (header_cache.h). The file is text:
//
//   jwp-class-headers <format>
//   image <absolute path>
//   stamp <size> <mtime in ns> <inode>
//   classes <count>
//   <name> TAB <access flags> TAB <major> TAB <super> TAB <interface> SP <interface>...
//   ...
//   end
#include "classfile/header_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "classfile/class_reader.h"

namespace jwp::classfile {

namespace {

std::string AbsolutePath(const std::string& path) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

// The first lines of the file: what it was read from. "" when the image
// cannot be stat'ed.
std::string Identity(const Archive& archive) {
  const std::string path = AbsolutePath(archive.path());
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return "";
  const int64_t mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
  return absl::StrCat("jwp-class-headers ", kHeaderCacheFormat, "\nimage ", path, "\nstamp ",
                      static_cast<int64_t>(st.st_size), " ", mtime_ns, " ",
                      static_cast<uint64_t>(st.st_ino), "\n");
}

bool Printable(std::string_view s) { return s.find_first_of("\t\n\r ") == std::string_view::npos; }

// One line of the file for `h`; false when a name cannot be written.
bool AppendLine(const ClassHeader& h, std::string* out) {
  if (h.name.empty() || !Printable(h.name) || !Printable(h.super)) return false;
  absl::StrAppend(out, h.name, "\t", h.access_flags, "\t", h.major_version, "\t", h.super, "\t");
  for (size_t i = 0; i < h.interfaces.size(); ++i) {
    if (h.interfaces[i].empty() || !Printable(h.interfaces[i])) return false;
    absl::StrAppend(out, i == 0 ? "" : " ", h.interfaces[i]);
  }
  out->push_back('\n');
  return true;
}

// The whole file for `archive`, read from the image; "" when a class cannot
// be read, does not parse, or has a name the file cannot hold.
std::string ReadImage(const Archive& archive, const std::string& identity) {
  std::string text = identity;
  absl::StrAppend(&text, "classes ", archive.class_count(), "\n");
  bool ok = true;
  size_t count = 0;
  archive.ForEachClass([&](std::string_view name) {
    if (!ok) return;
    auto bytes = archive.ReadClass(name);
    if (!bytes.ok()) {
      ok = false;
      return;
    }
    auto header = ParseClassHeader(*bytes, archive.EntryName(name));
    ok = header.ok() && header->name == name && AppendLine(*header, &text);
    ++count;
  });
  if (!ok || count != archive.class_count()) return "";
  text += "end\n";
  return text;
}

bool SameHeader(const HeaderTable::Header& a, const ClassHeader& b) {
  if (a.name != b.name || a.super != b.super || a.access_flags != b.access_flags ||
      a.major_version != b.major_version || a.interfaces.size() != b.interfaces.size()) {
    return false;
  }
  for (size_t i = 0; i < b.interfaces.size(); ++i) {
    if (a.interfaces[i] != b.interfaces[i]) return false;
  }
  return true;
}

// `s` cut at every `sep`.
std::vector<std::string_view> Split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (size_t at = 0;;) {
    size_t end = s.find(sep, at);
    if (end == std::string_view::npos) {
      parts.push_back(s.substr(at));
      return parts;
    }
    parts.push_back(s.substr(at, end - at));
    at = end + 1;
  }
}

bool ParseU16(std::string_view s, uint16_t* out) {
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && end == s.data() + s.size() && !s.empty();
}

uint64_t Fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

std::string DefaultCacheDir() {
  if (const char* d = std::getenv("JWP_CACHE_DIR")) {
    std::string_view v = d;
    return v.empty() || v == "off" ? "" : std::string(v);
  }
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && *x == '/') {
    return absl::StrCat(x, "/jwp");
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return absl::StrCat(home, "/.cache/jwp");
  }
  return "";
}

const HeaderTable::Header* HeaderTable::Find(std::string_view internal_name) const {
  auto it = index_.find(internal_name);
  return it == index_.end() ? nullptr : &headers_[it->second];
}

// Parses the file's text into a table (friend of HeaderTable).
class HeaderTableBuilder {
 public:
  // nullptr when `text` does not start with `identity`, is not complete, or
  // does not hold `count` classes.
  static std::unique_ptr<HeaderTable> Parse(std::string text, std::string_view identity,
                                            size_t count) {
    auto t = std::make_unique<HeaderTable>();
    t->text_ = std::move(text);
    std::string_view rest = t->text_;
    if (identity.empty() || !rest.starts_with(identity)) return nullptr;
    rest.remove_prefix(identity.size());
    const std::string classes_line = absl::StrCat("classes ", count, "\n");
    if (!rest.starts_with(classes_line)) return nullptr;
    rest.remove_prefix(classes_line.size());
    if (rest != "end\n" && !rest.ends_with("\nend\n")) return nullptr;  // truncated
    rest.remove_suffix(4);  // "end\n"
    if (!rest.empty()) rest.remove_suffix(1);  // the last line's newline
    const std::vector<std::string_view> lines =
        rest.empty() ? std::vector<std::string_view>{} : Split(rest, '\n');
    if (lines.size() != count) return nullptr;
    // Each header's interfaces as (first, count) in interface_names_: the
    // spans can point into it only once it has stopped growing.
    std::vector<std::pair<size_t, size_t>> interfaces;
    interfaces.reserve(count);
    t->headers_.reserve(count);
    t->index_.reserve(count);
    for (std::string_view line : lines) {
      const std::vector<std::string_view> f = Split(line, '\t');
      HeaderTable::Header h;
      if (f.size() != 5 || f[0].empty() || !ParseU16(f[1], &h.access_flags) ||
          !ParseU16(f[2], &h.major_version)) {
        return nullptr;
      }
      h.name = f[0];
      h.super = f[3];
      const size_t first = t->interface_names_.size();
      if (!f[4].empty()) {
        for (std::string_view i : Split(f[4], ' ')) {
          if (i.empty()) return nullptr;
          t->interface_names_.push_back(i);
        }
      }
      interfaces.emplace_back(first, t->interface_names_.size() - first);
      if (!t->index_.try_emplace(h.name, static_cast<uint32_t>(t->headers_.size())).second) {
        return nullptr;  // a name twice
      }
      t->headers_.push_back(h);
    }
    for (size_t k = 0; k < t->headers_.size(); ++k) {
      t->headers_[k].interfaces = {t->interface_names_.data() + interfaces[k].first,
                                   interfaces[k].second};
    }
    return t;
  }
};

std::string HeaderCachePath(const Archive& archive, const std::string& dir) {
  return absl::StrFormat("%s/class-headers-%016x.txt", dir, Fnv1a(AbsolutePath(archive.path())));
}

std::unique_ptr<HeaderTable> LoadOrBuildHeaderTable(const Archive& archive, const std::string& dir) {
  if (dir.empty() || std::string_view(archive.kind()) != "jimage") return nullptr;
  const std::string identity = Identity(archive);
  if (identity.empty()) return nullptr;
  const std::string file = HeaderCachePath(archive, dir);

  // Load, and check a sample against the image.
  {
    std::ifstream in(file, std::ios::binary);
    if (in) {
      std::ostringstream buffer;
      buffer << in.rdbuf();
      auto table = HeaderTableBuilder::Parse(std::move(buffer).str(), identity, archive.class_count());
      bool same = table != nullptr;
      for (size_t i = 0; same && i < table->headers_.size(); i += kHeaderCacheCheckEvery) {
        const HeaderTable::Header& h = table->headers_[i];
        auto bytes = archive.ReadClass(h.name);
        auto header = bytes.ok() ? ParseClassHeader(*bytes, archive.EntryName(h.name))
                                 : absl::StatusOr<ClassHeader>(bytes.status());
        same = header.ok() && SameHeader(h, *header);
      }
      if (same) {
        table->origin_ = absl::StrCat("read ", file);
        return table;
      }
    }
  }

  // Read the image, then write the file (atomically: other jwp processes
  // may be reading or writing it at the same time).
  std::string text = ReadImage(archive, identity);
  if (text.empty()) return nullptr;
  std::string origin = "built";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string tmp = absl::StrCat(file, ".tmp.", ::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (out && std::rename(tmp.c_str(), file.c_str()) == 0) {
      origin = absl::StrCat("wrote ", file);
    } else {
      std::remove(tmp.c_str());
    }
  }
  auto table = HeaderTableBuilder::Parse(std::move(text), identity, archive.class_count());
  if (table != nullptr) table->origin_ = std::move(origin);
  return table;
}

}  // namespace jwp::classfile
