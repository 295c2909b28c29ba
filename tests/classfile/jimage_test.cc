// Tests for classfile/jimage.h: the real JDK 17 and JDK 25 images against the
// JDK's own `jimage list`, compressed images made by `jlink` against the
// uncompressed system image, and small images written here (a test-only
// writer after jlink's ImageFileCreator/PerfectHashBuilder) for stacked
// compression, big-endian order and every malformed-input error.
#include "classfile/jimage.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

using Bytes = std::vector<uint8_t>;

constexpr char kJdk17[] = "/usr/lib/jvm/java-17-openjdk-amd64";
constexpr char kJdk25[] = "/usr/lib/jvm/temurin-25-jdk-amd64";

bool Exists(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0;
}

std::string ModulesOf(const std::string& jdk) { return jdk + "/lib/modules"; }

using jwp::testing::TempDir;

// Overwrites in place rather than truncating first: on some file systems
// freeing and reallocating blocks costs milliseconds per call.
void WriteFile(const std::string& path, const Bytes& bytes) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  ASSERT_GE(fd, 0) << path;
  ssize_t written = pwrite(fd, bytes.data(), bytes.size(), 0);
  int truncated = ftruncate(fd, static_cast<off_t>(bytes.size()));
  close(fd);
  ASSERT_EQ(written, static_cast<ssize_t>(bytes.size())) << path;
  ASSERT_EQ(truncated, 0) << path;
}

Bytes ReadPrefix(const std::string& path, size_t n) {
  std::ifstream in(path, std::ios::binary);
  Bytes out(n);
  in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(n));
  out.resize(static_cast<size_t>(in.gcount()));
  return out;
}

using jwp::testing::RunCommand;

// ---------------------------------------------------------------------------
// A minimal jimage writer.

constexpr uint32_t kHashMultiplier = 0x01000193;
constexpr uint8_t kAttributeOffsetForTest = 5;  // ImageLocation.ATTRIBUTE_OFFSET

uint32_t Hash(std::string_view name, uint32_t seed) {
  for (unsigned char c : name) seed = (seed * kHashMultiplier) ^ c;
  return seed & 0x7FFFFFFF;
}

void PutU4(Bytes& out, uint32_t v, bool big_endian) {
  for (int i = 0; i < 4; ++i) {
    int shift = big_endian ? 24 - 8 * i : 8 * i;
    out.push_back(static_cast<uint8_t>(v >> shift));
  }
}

void PutU8(Bytes& out, uint64_t v, bool big_endian) {
  for (int i = 0; i < 8; ++i) {
    int shift = big_endian ? 56 - 8 * i : 8 * i;
    out.push_back(static_cast<uint8_t>(v >> shift));
  }
}

void SetU4(Bytes& image, size_t at, uint32_t v, bool big_endian = false) {
  Bytes b;
  PutU4(b, v, big_endian);
  std::copy(b.begin(), b.end(), image.begin() + static_cast<std::ptrdiff_t>(at));
}

// CompressIndexes.compress; `wide` forces the uncompressed 4-byte form.
Bytes EncodeIndex(uint32_t value, bool wide = false) {
  int width = 32 - (value == 0 ? 32 : __builtin_clz(value));
  int size = std::min(((width + 3 - 1) >> 3) + 1, 4);
  if (wide) size = 4;
  Bytes out(size);
  for (int i = 0; i < size; ++i) {
    out[i] = static_cast<uint8_t>(value >> ((size - i - 1) * 8));
  }
  if (size < 4) out[0] |= static_cast<uint8_t>(0x80 | size << 5);
  return out;
}

class ImageBuilder {
 public:
  explicit ImageBuilder(bool big_endian = false) : big_endian_(big_endian) {
    String("");  // offset 0 is the empty string, as in JDK images
  }

  bool big_endian() const { return big_endian_; }

  uint32_t String(std::string_view s) {
    auto it = strings_.find(std::string(s));
    if (it != strings_.end()) return it->second;
    uint32_t offset = static_cast<uint32_t>(string_bytes_.size());
    string_bytes_.insert(string_bytes_.end(), s.begin(), s.end());
    string_bytes_.push_back(0);
    strings_.emplace(std::string(s), offset);
    return offset;
  }

  // A resource "/module/path" stored as is.
  void AddResource(std::string_view module, std::string_view path,
                   const Bytes& content) {
    Add(module, path, content, content.size(), /*compressed=*/false);
  }
  // A resource whose stored bytes carry compression headers.
  void AddCompressed(std::string_view module, std::string_view path,
                     const Bytes& stored, uint64_t uncompressed_size) {
    Add(module, path, stored, uncompressed_size, /*compressed=*/true);
  }
  // "/packages/<dotted>" with (is_empty, module) pairs.
  void AddPackage(std::string_view dotted,
                  const std::vector<std::pair<bool, std::string>>& modules) {
    Bytes content;
    for (const auto& [is_empty, module] : modules) {
      PutU4(content, is_empty ? 1 : 0, big_endian_);
      PutU4(content, String(module), big_endian_);
    }
    AddLocation("packages", "", dotted, "", content, content.size(), false);
  }

  // A compressed-resource header (CompressedResourceHeader.getBytes).
  Bytes Header(std::string_view decompressor, uint64_t size,
               uint64_t uncompressed) {
    Bytes h;
    PutU4(h, 0xCAFEFAFA, big_endian_);
    PutU8(h, size, big_endian_);
    PutU8(h, uncompressed, big_endian_);
    PutU4(h, String(decompressor), big_endian_);
    PutU4(h, 0xFFFFFFFF, big_endian_);
    h.push_back(1);
    return h;
  }
  Bytes Zip(const Bytes& inner) {
    uLongf n = compressBound(inner.size());
    Bytes z(n);
    EXPECT_EQ(compress2(z.data(), &n, inner.data(), inner.size(), 6), Z_OK);
    z.resize(n);
    Bytes out = Header("zip", z.size(), inner.size());
    out.insert(out.end(), z.begin(), z.end());
    return out;
  }
  Bytes CompactCp(const Bytes& transformed, uint64_t uncompressed) {
    Bytes out = Header("compact-cp", transformed.size(), uncompressed);
    out.insert(out.end(), transformed.begin(), transformed.end());
    return out;
  }

  Bytes Build() {
    // The table is a prime number of slots, at least one per entry: with a
    // power of two, names whose bytes differ only in high bits would share
    // a bucket under every seed. Slots left over stay empty (offset 0).
    const uint32_t count = static_cast<uint32_t>(entries_.size());
    uint32_t n = count;
    auto prime = [](uint32_t v) {
      if (v < 2) return false;
      for (uint32_t d = 2; d * d <= v; ++d) {
        if (v % d == 0) return false;
      }
      return true;
    };
    while (n > 0 && !prime(n)) ++n;
    // Perfect hash, as jlink's PerfectHashBuilder: buckets with collisions
    // get a seed for a second hash, the rest a direct -1 - slot.
    std::vector<int32_t> redirect(n, 0);
    std::vector<int64_t> slot_of(count, -1);
    std::vector<bool> used(n, false);
    std::map<uint32_t, std::vector<uint32_t>> buckets;
    for (uint32_t i = 0; i < count; ++i) {
      buckets[Hash(entries_[i].name, kHashMultiplier) % n].push_back(i);
    }
    std::vector<std::pair<uint32_t, std::vector<uint32_t>>> ordered(
        buckets.begin(), buckets.end());
    std::stable_sort(ordered.begin(), ordered.end(), [](auto& a, auto& b) {
      return a.second.size() > b.second.size();
    });
    for (auto& [bucket, members] : ordered) {
      if (members.size() == 1) continue;
      for (int32_t seed = 1;; ++seed) {
        if (seed > 1000000) {
          ADD_FAILURE() << "no perfect-hash seed for bucket " << bucket;
          return {};
        }
        std::set<uint32_t> slots;
        bool ok = true;
        for (uint32_t m : members) {
          uint32_t s = Hash(entries_[m].name, static_cast<uint32_t>(seed)) % n;
          if (used[s] || !slots.insert(s).second) {
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        for (uint32_t m : members) {
          uint32_t s = Hash(entries_[m].name, static_cast<uint32_t>(seed)) % n;
          used[s] = true;
          slot_of[m] = s;
        }
        redirect[bucket] = seed;
        break;
      }
    }
    uint32_t next_free = 0;
    for (auto& [bucket, members] : ordered) {
      if (members.size() != 1) continue;
      while (used[next_free]) ++next_free;
      used[next_free] = true;
      slot_of[members[0]] = next_free;
      redirect[bucket] = -1 - static_cast<int32_t>(next_free);
    }

    Bytes locations = {0};  // offset 0: an empty stream, never used
    Bytes content;
    std::vector<uint32_t> offsets(n, 0);
    location_offset_.assign(count, 0);
    for (uint32_t i = 0; i < count; ++i) {
      const Entry& e = entries_[i];
      uint64_t attrs[8] = {0,
                           e.module,
                           e.parent,
                           e.base,
                           e.extension,
                           content.size(),
                           e.compressed ? e.stored.size() : 0,
                           e.uncompressed};
      offsets[slot_of[i]] = static_cast<uint32_t>(locations.size());
      location_offset_[i] = static_cast<uint32_t>(locations.size());
      for (int kind = 1; kind < 8; ++kind) {
        uint64_t v = attrs[kind];
        if (v == 0) continue;
        int bytes = 1;
        while (bytes < 8 && (v >> (8 * bytes)) != 0) ++bytes;
        locations.push_back(static_cast<uint8_t>(kind << 3 | (bytes - 1)));
        for (int b = bytes - 1; b >= 0; --b) {
          locations.push_back(static_cast<uint8_t>(v >> (8 * b)));
        }
      }
      locations.push_back(0);
      content.insert(content.end(), e.stored.begin(), e.stored.end());
    }

    Bytes image;
    PutU4(image, 0xCAFEDADA, big_endian_);
    PutU4(image, 1 << 16, big_endian_);
    PutU4(image, 0, big_endian_);
    PutU4(image, count, big_endian_);
    PutU4(image, n, big_endian_);
    PutU4(image, static_cast<uint32_t>(locations.size()), big_endian_);
    PutU4(image, static_cast<uint32_t>(string_bytes_.size()), big_endian_);
    for (int32_t r : redirect) PutU4(image, static_cast<uint32_t>(r), big_endian_);
    offsets_start_ = image.size();
    for (uint32_t o : offsets) PutU4(image, o, big_endian_);
    locations_start_ = image.size();
    image.insert(image.end(), locations.begin(), locations.end());
    strings_start_ = image.size();
    image.insert(image.end(), string_bytes_.begin(), string_bytes_.end());
    index_size_ = image.size();
    image.insert(image.end(), content.begin(), content.end());
    return image;
  }

  // Layout of the last Build().
  size_t offsets_start() const { return offsets_start_; }
  size_t locations_start() const { return locations_start_; }
  size_t strings_start() const { return strings_start_; }
  size_t index_size() const { return index_size_; }
  // File offset of entry i's attribute stream (entries in Add order).
  size_t location_at(size_t i) const {
    return locations_start_ + location_offset_[i];
  }

 private:
  struct Entry {
    std::string name;  // "/module/parent/base.extension"
    uint32_t module, parent, base, extension;
    Bytes stored;
    uint64_t uncompressed;
    bool compressed;
  };

  void Add(std::string_view module, std::string_view path, const Bytes& stored,
           uint64_t uncompressed, bool compressed) {
    size_t slash = path.rfind('/');
    std::string_view parent =
        slash == std::string_view::npos ? "" : path.substr(0, slash);
    std::string_view name =
        slash == std::string_view::npos ? path : path.substr(slash + 1);
    size_t dot = name.rfind('.');
    std::string_view base = dot == std::string_view::npos ? name : name.substr(0, dot);
    std::string_view ext = dot == std::string_view::npos ? "" : name.substr(dot + 1);
    AddLocation(module, parent, base, ext, stored, uncompressed, compressed);
  }

  void AddLocation(std::string_view module, std::string_view parent,
                   std::string_view base, std::string_view ext,
                   const Bytes& stored, uint64_t uncompressed, bool compressed) {
    Entry e;
    e.name = "/" + std::string(module) + "/";
    if (!parent.empty()) e.name += std::string(parent) + "/";
    e.name += std::string(base);
    if (!ext.empty()) e.name += "." + std::string(ext);
    e.module = String(module);
    e.parent = parent.empty() ? 0 : String(parent);
    e.base = String(base);
    e.extension = ext.empty() ? 0 : String(ext);
    e.stored = stored;
    e.uncompressed = uncompressed;
    e.compressed = compressed;
    entries_.push_back(std::move(e));
  }

  bool big_endian_;
  std::map<std::string, uint32_t> strings_;
  Bytes string_bytes_;
  std::vector<Entry> entries_;
  std::vector<uint32_t> location_offset_;
  size_t offsets_start_ = 0, locations_start_ = 0, strings_start_ = 0,
         index_size_ = 0;
};

Bytes Concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

Bytes Text(std::string_view s) { return Bytes(s.begin(), s.end()); }

Bytes U2(size_t v) {
  return {static_cast<uint8_t>(v >> 8), static_cast<uint8_t>(v)};
}

// A class file in "compact-cp" form and the class file it stands for.
struct SharedClass {
  Bytes transformed;
  Bytes expected;
};

SharedClass MakeSharedClass(ImageBuilder& b) {
  const Bytes head = {0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x00, 0x00, 0x3D};
  const Bytes tail = {0x00, 0x21, 0x00, 0x04, 0x00, 0x00, 0xAB, 0xCD};
  const Bytes long_bytes = {1, 2, 3, 4, 5, 6, 7, 8};
  const Bytes int_bytes = {9, 10, 11, 12};
  std::string desc = "(L;IL;)V";
  Bytes list = Concat({EncodeIndex(b.String("java/lang")),
                       EncodeIndex(b.String("String"), /*wide=*/true),
                       EncodeIndex(b.String("")), EncodeIndex(b.String("Foo"))});
  SharedClass c;
  // #1 Utf8, #2 externalized, #3 externalized descriptor, #4 Class #2,
  // #5-#6 Long, #7 Integer: count 8.
  c.transformed = Concat({head, U2(8), {1}, U2(5), Text("Plain"), {23},
                          EncodeIndex(b.String("java/lang/Object")), {25},
                          EncodeIndex(b.String(desc)), EncodeIndex(list.size()),
                          list, {7, 0, 2}, {5}, long_bytes, {3}, int_bytes, tail});
  std::string rebuilt = "(Ljava/lang/String;ILFoo;)V";
  c.expected = Concat({head, U2(8), {1}, U2(5), Text("Plain"), {1}, U2(16),
                       Text("java/lang/Object"), {1}, U2(rebuilt.size()),
                       Text(rebuilt), {7, 0, 2}, {5}, long_bytes, {3}, int_bytes,
                       tail});
  return c;
}

// An image with plain, zip, compact-cp and stacked resources and a /packages/
// directory.
struct Sample {
  Bytes image;
  ImageBuilder builder;
  SharedClass shared;
  Bytes plain;
  Bytes text;
};

Sample MakeSample(bool big_endian = false, bool with_packages = true) {
  Sample s{{}, ImageBuilder(big_endian), {}, {}, {}};
  ImageBuilder& b = s.builder;
  s.plain = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 1, 0xEE};
  s.text = Text(std::string(2000, 'x') + "hello, jimage");
  s.shared = MakeSharedClass(b);
  b.AddResource("java.base", "java/lang/Object.class", s.plain);
  b.AddCompressed("java.base", "java/lang/Text.txt", b.Zip(s.text), s.text.size());
  b.AddCompressed("java.base", "java/lang/Shared.class",
                  b.CompactCp(s.shared.transformed, s.shared.expected.size()),
                  s.shared.expected.size());
  b.AddCompressed(
      "java.sql", "java/sql/Stacked.class",
      b.Zip(b.CompactCp(s.shared.transformed, s.shared.expected.size())),
      s.shared.expected.size());
  b.AddResource("java.sql", "module-info.class", s.plain);
  b.AddResource("java.sql", "META-INF/services/java.sql.Driver", Text("d\n"));
  if (with_packages) {
    b.AddPackage("java.lang", {{false, "java.base"}, {true, "java.sql"}});
    b.AddPackage("java.sql", {{true, "java.base"}, {false, "java.sql"}});
  }
  s.image = b.Build();
  return s;
}

std::string Describe(const absl::Status& s) { return s.ToString(); }

// Opens `bytes` written to `dir/name`; for tests that expect failure.
absl::Status OpenBytes(const TempDir& dir, std::string_view name,
                       const Bytes& bytes) {
  std::string path = dir.File(name);
  WriteFile(path, bytes);
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(path);
  return image.status();
}

// ---------------------------------------------------------------------------
// Real JDK images.

class JimageJdkTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    jdk_ = GetParam();
    if (!Exists(ModulesOf(jdk_))) GTEST_SKIP() << "no JDK at " << jdk_;
  }
  std::string jdk_;
};

// `jimage list --verbose`: "/module/path" -> uncompressed size.
std::map<std::string, uint64_t> JimageToolList(const std::string& jdk) {
  std::map<std::string, uint64_t> out;
  std::string text = RunCommand(jdk + "/bin/jimage list --verbose " +
                                ModulesOf(jdk) + " 2>/dev/null");
  std::string module;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    if (line.rfind("Module: ", 0) == 0) {
      module = line.substr(8);
      continue;
    }
    unsigned long long offset, size, compressed;
    int consumed = 0;
    // Entry lines: right-aligned offset, size, compressed size, name.
    if (line.rfind(" ", 0) == 0 &&
        std::sscanf(line.c_str(), " %llu %llu %llu %n", &offset, &size,
                    &compressed, &consumed) == 3 &&
        consumed > 0) {
      out["/" + module + "/" + line.substr(consumed)] = size;
    }
  }
  return out;
}

TEST_P(JimageJdkTest, MatchesJimageToolAndReadsEveryResource) {
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(ModulesOf(jdk_));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  const Jimage& jimage = **image;
  EXPECT_EQ(jimage.path(), ModulesOf(jdk_));
  EXPECT_GT(jimage.resource_count(), 20000u);
  EXPECT_EQ(jimage.major_version(), 1);

  std::map<std::string, uint64_t> ours;
  size_t classes = 0, bad = 0;
  jimage.ForEachResource([&](std::string_view module, std::string_view path) {
    std::string name = "/" + std::string(module) + "/" + std::string(path);
    absl::StatusOr<Bytes> bytes = jimage.Read(module, path);
    if (!bytes.ok()) {
      if (bad++ < 5) ADD_FAILURE() << Describe(bytes.status());
      return;
    }
    EXPECT_TRUE(ours.emplace(name, bytes->size()).second) << "twice: " << name;
    if (path.size() > 6 && path.substr(path.size() - 6) == ".class") {
      ++classes;
      if (bytes->size() < 4 || (*bytes)[0] != 0xCA || (*bytes)[1] != 0xFE ||
          (*bytes)[2] != 0xBA || (*bytes)[3] != 0xBE) {
        if (bad++ < 5) ADD_FAILURE() << name << " does not start with CAFEBABE";
      }
    }
  });
  EXPECT_EQ(bad, 0u);
  EXPECT_EQ(ours.size(), jimage.resource_count());
  EXPECT_GT(classes, 25000u);

  absl::StatusOr<Bytes> object = jimage.Read("java.base", "java/lang/Object.class");
  ASSERT_TRUE(object.ok()) << Describe(object.status());
  ASSERT_GE(object->size(), 4u);
  EXPECT_EQ((*object)[0], 0xCA);
  EXPECT_EQ((*object)[3], 0xBE);
  EXPECT_TRUE(jimage.Contains("java.base", "java/lang/Object.class"));

  std::string tool = jdk_ + "/bin/jimage";
  if (!Exists(tool)) GTEST_SKIP() << "no " << tool;
  std::map<std::string, uint64_t> expected = JimageToolList(jdk_);
  ASSERT_GT(expected.size(), 20000u);
  EXPECT_EQ(jimage.resource_count(), expected.size());
  EXPECT_EQ(ours.size(), expected.size());
  EXPECT_TRUE(ours == expected)
      << "names or sizes differ from `jimage list --verbose`";
  EXPECT_EQ(object->size(), expected["/java.base/java/lang/Object.class"]);
}

TEST_P(JimageJdkTest, ListsInTheSameOrderEveryTime) {
  absl::StatusOr<std::unique_ptr<Jimage>> a = Jimage::Open(ModulesOf(jdk_));
  absl::StatusOr<std::unique_ptr<Jimage>> b = Jimage::Open(ModulesOf(jdk_));
  ASSERT_TRUE(a.ok() && b.ok());
  std::vector<std::string> first, second;
  (*a)->ForEachResource([&](std::string_view m, std::string_view p) {
    first.push_back(std::string(m) + "/" + std::string(p));
  });
  (*b)->ForEachResource([&](std::string_view m, std::string_view p) {
    second.push_back(std::string(m) + "/" + std::string(p));
  });
  EXPECT_EQ(first, second);
}

TEST_P(JimageJdkTest, FindsModuleOfPackage) {
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(ModulesOf(jdk_));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  const Jimage& jimage = **image;
  EXPECT_EQ(jimage.ModuleOfPackage("java/lang"), "java.base");
  EXPECT_EQ(jimage.ModuleOfPackage("java/lang/invoke"), "java.base");
  EXPECT_EQ(jimage.ModuleOfPackage("java/sql"), "java.sql");
  // java/awt is also a (resource-less) directory of java.datatransfer.
  EXPECT_EQ(jimage.ModuleOfPackage("java/awt"), "java.desktop");
  EXPECT_EQ(jimage.ModuleOfPackage("javax/xml/parsers"), "java.xml");
  EXPECT_EQ(jimage.ModuleOfPackage("no/such/pkg"), std::nullopt);
  EXPECT_EQ(jimage.ModuleOfPackage(""), std::nullopt);
  const std::vector<std::string>& modules = jimage.modules();
  EXPECT_TRUE(std::is_sorted(modules.begin(), modules.end()));
  EXPECT_TRUE(std::binary_search(modules.begin(), modules.end(), "java.base"));
  EXPECT_FALSE(std::binary_search(modules.begin(), modules.end(), "packages"));
}

TEST_P(JimageJdkTest, DirectoryEntriesAndMissingNamesAreNotFound) {
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(ModulesOf(jdk_));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  const Jimage& jimage = **image;
  for (auto [module, path] : {std::pair{"packages", "java.lang"},
                              std::pair{"modules", "java.base/java/lang"},
                              std::pair{"java.base", "java/lang/NoSuch.class"},
                              std::pair{"java.sql", "java/lang/Object.class"},
                              std::pair{"java.base", "java/lang/Object"},
                              std::pair{"java.base", "java/lang/Object.class2"},
                              std::pair{"java.base", "/java/lang/Object.class"},
                              std::pair{"", ""}}) {
    absl::StatusOr<Bytes> bytes = jimage.Read(module, path);
    EXPECT_EQ(bytes.status().code(), absl::StatusCode::kNotFound)
        << module << " " << path;
    EXPECT_NE(std::string(bytes.status().message()).find(ModulesOf(jdk_)),
              std::string::npos);
    EXPECT_FALSE(jimage.Contains(module, path));
  }
  bool saw_directory = false;
  jimage.ForEachResource([&](std::string_view module, std::string_view) {
    if (module == "packages" || module == "modules" || module.empty()) {
      saw_directory = true;
    }
  });
  EXPECT_FALSE(saw_directory);
}

TEST_P(JimageJdkTest, RejectsTruncatedImage) {
  const std::string source = ModulesOf(jdk_);
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(source);
  ASSERT_TRUE(image.ok());
  Bytes header = ReadPrefix(source, 28);
  ASSERT_EQ(header.size(), 28u);
  auto u4 = [&](size_t at) {
    return uint32_t{header[at]} | uint32_t{header[at + 1]} << 8 |
           uint32_t{header[at + 2]} << 16 | uint32_t{header[at + 3]} << 24;
  };
  const size_t index_size = 28 + 8 * size_t{u4(16)} + u4(20) + u4(24);
  Bytes prefix = ReadPrefix(source, index_size + 4096);
  ASSERT_EQ(prefix.size(), index_size + 4096);
  TempDir dir;
  for (size_t n : {size_t{0}, size_t{3}, size_t{27}, size_t{28}, size_t{100},
                   size_t{4096}, index_size / 2, index_size - 1, index_size,
                   index_size + 4096}) {
    std::string path = dir.File("truncated_" + std::to_string(n));
    WriteFile(path, Bytes(prefix.begin(), prefix.begin() + n));
    absl::StatusOr<std::unique_ptr<Jimage>> truncated = Jimage::Open(path);
    ASSERT_FALSE(truncated.ok()) << "prefix of " << n << " bytes opened";
    EXPECT_NE(std::string(truncated.status().message()).find(path),
              std::string::npos)
        << Describe(truncated.status());
  }
}

TEST_P(JimageJdkTest, RejectsCorruptedOffsetsTable) {
  // The index of the real image followed by a hole up to its full size, so
  // only the index is real; such a copy opens as long as the index is intact.
  const std::string source = ModulesOf(jdk_);
  Bytes header = ReadPrefix(source, 28);
  auto u4 = [&](size_t at) {
    return uint32_t{header[at]} | uint32_t{header[at + 1]} << 8 |
           uint32_t{header[at + 2]} << 16 | uint32_t{header[at + 3]} << 24;
  };
  const uint32_t table_length = u4(16);
  const size_t index_size = 28 + 8 * size_t{table_length} + u4(20) + u4(24);
  const auto full_size = std::filesystem::file_size(source);
  Bytes index = ReadPrefix(source, index_size);
  TempDir dir;
  auto write_sparse = [&](const std::string& path, const Bytes& bytes) {
    WriteFile(path, bytes);
    std::filesystem::resize_file(path, full_size);
  };
  std::string intact = dir.File("intact");
  write_sparse(intact, index);
  absl::StatusOr<std::unique_ptr<Jimage>> opened = Jimage::Open(intact);
  ASSERT_TRUE(opened.ok()) << Describe(opened.status());

  const size_t offsets = 28 + 4 * size_t{table_length};
  for (uint32_t slot : {0u, 7u, table_length - 1}) {
    for (uint32_t bad : {u4(20), 0xFFFFFFF0u}) {
      Bytes corrupt = index;
      SetU4(corrupt, offsets + 4 * slot, bad);
      std::string path = dir.File("offsets_" + std::to_string(slot));
      write_sparse(path, corrupt);
      absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(path);
      ASSERT_FALSE(image.ok()) << "slot " << slot << " offset " << bad;
      std::string message(image.status().message());
      EXPECT_NE(message.find(path), std::string::npos) << message;
      EXPECT_NE(message.find("slot " + std::to_string(slot) + ":"),
                std::string::npos)
          << message;
      EXPECT_EQ(image.status().code(), absl::StatusCode::kDataLoss);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Jdks, JimageJdkTest, ::testing::Values(kJdk17, kJdk25),
                         [](const ::testing::TestParamInfo<const char*>& info) {
                           return std::string(info.param) == kJdk17 ? "Jdk17"
                                                                    : "Jdk25";
                         });

// ---------------------------------------------------------------------------
// Compressed images made by jlink (a few seconds each; one per test, so that
// ctest, which runs each test in its own process, makes only the one it
// needs), compared with the uncompressed system image of the same JDK.

// Every resource of `jdk + "/bin/jlink --add-modules java.base " + options`
// reads, and equals the system image's, except the classes jlink generates
// for each image's own module graph.
void CompareJlinkImageWithSystemImage(const std::string& jdk,
                                      const std::string& options,
                                      size_t min_compressed) {
  const std::string jlink = jdk + "/bin/jlink";
  if (!Exists(jlink) || !Exists(ModulesOf(jdk))) GTEST_SKIP() << "no " << jlink;
  TempDir dir;
  const std::string output = dir.File("image");
  const std::string command = jlink + " --add-modules java.base " + options +
                              " --output " + output + " 2>&1";
  const std::string log = RunCommand(command);
  ASSERT_TRUE(Exists(ModulesOf(output))) << command << "\n" << log;

  absl::StatusOr<std::unique_ptr<Jimage>> made = Jimage::Open(ModulesOf(output));
  ASSERT_TRUE(made.ok()) << Describe(made.status());
  absl::StatusOr<std::unique_ptr<Jimage>> system = Jimage::Open(ModulesOf(jdk));
  ASSERT_TRUE(system.ok()) << Describe(system.status());
  EXPECT_GT((*made)->compressed_resource_count(), min_compressed);
  size_t same = 0, failures = 0;
  (*made)->ForEachResource([&](std::string_view module, std::string_view path) {
    absl::StatusOr<Bytes> ours = (*made)->Read(module, path);
    if (!ours.ok()) {
      if (failures++ < 5) ADD_FAILURE() << Describe(ours.status());
      return;
    }
    if (path.find("jdk/internal/module/SystemModules") == 0) return;
    absl::StatusOr<Bytes> reference = (*system)->Read(module, path);
    if (!reference.ok() || *reference != *ours) {
      if (failures++ < 5) {
        ADD_FAILURE() << module << "/" << path << " differs from "
                      << ModulesOf(jdk);
      }
      return;
    }
    ++same;
  });
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(same, 5000u);
  EXPECT_EQ((*made)->ModuleOfPackage("java/lang"), "java.base");
}

TEST(JimageJlink, ReadsCompactCpImageLikeTheJdk) {
  // compact-cp is slow to write, so only java/lang/** (every kind of
  // constant-pool entry but Module/Package) and module-info (those two).
  CompareJlinkImageWithSystemImage(
      kJdk17, "'--compress=1:filter=**/java/lang/**,**/module-info.class'", 500);
}

TEST(JimageJlink, ReadsZipImageLikeTheJdk) {
  CompareJlinkImageWithSystemImage(kJdk25, "--compress=zip-6", 5000);
}

// ---------------------------------------------------------------------------
// Images written by ImageBuilder.

void ExpectSampleReads(const Sample& s, const std::string& path) {
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(path);
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  const Jimage& jimage = **image;
  EXPECT_EQ(jimage.resource_count(), 6u);
  EXPECT_EQ(jimage.compressed_resource_count(), 3u);
  EXPECT_EQ(jimage.modules(), (std::vector<std::string>{"java.base", "java.sql"}));

  std::set<std::string> names;
  jimage.ForEachResource([&](std::string_view m, std::string_view p) {
    names.insert(std::string(m) + ":" + std::string(p));
  });
  EXPECT_EQ(names, (std::set<std::string>{
                       "java.base:java/lang/Object.class",
                       "java.base:java/lang/Text.txt",
                       "java.base:java/lang/Shared.class",
                       "java.sql:java/sql/Stacked.class",
                       "java.sql:module-info.class",
                       "java.sql:META-INF/services/java.sql.Driver",
                   }));

  auto read = [&](std::string_view m, std::string_view p) {
    absl::StatusOr<Bytes> bytes = jimage.Read(m, p);
    EXPECT_TRUE(bytes.ok()) << Describe(bytes.status());
    return bytes.ok() ? *bytes : Bytes{};
  };
  EXPECT_EQ(read("java.base", "java/lang/Object.class"), s.plain);
  EXPECT_EQ(read("java.base", "java/lang/Text.txt"), s.text);
  EXPECT_EQ(read("java.base", "java/lang/Shared.class"), s.shared.expected);
  EXPECT_EQ(read("java.sql", "java/sql/Stacked.class"), s.shared.expected);
  EXPECT_EQ(read("java.sql", "module-info.class"), s.plain);
  EXPECT_EQ(read("java.sql", "META-INF/services/java.sql.Driver"), Text("d\n"));
  EXPECT_EQ(jimage.Read("packages", "java.lang").status().code(),
            absl::StatusCode::kNotFound);

  EXPECT_EQ(jimage.ModuleOfPackage("java/lang"), "java.base");
  EXPECT_EQ(jimage.ModuleOfPackage("java/sql"), "java.sql");
  EXPECT_EQ(jimage.ModuleOfPackage("java/util"), std::nullopt);
}

TEST(Jimage, ReadsStackedCompressionLittleEndian) {
  Sample s = MakeSample();
  TempDir dir;
  WriteFile(dir.File("sample"), s.image);
  ExpectSampleReads(s, dir.File("sample"));
}

TEST(Jimage, ReadsBigEndianImage) {
  Sample s = MakeSample(/*big_endian=*/true);
  ASSERT_EQ(s.image[0], 0xCA);
  TempDir dir;
  WriteFile(dir.File("sample"), s.image);
  ExpectSampleReads(s, dir.File("sample"));
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(dir.File("sample"));
  ASSERT_TRUE(image.ok());
  EXPECT_TRUE((*image)->big_endian());
}

TEST(Jimage, InflatesResourceMuchLargerThanItsCompressedForm) {
  Bytes big(3 << 20);
  for (size_t i = 0; i < big.size(); ++i) big[i] = static_cast<uint8_t>(i / 4096);
  ImageBuilder b;
  b.AddCompressed("m", "big.bin", b.Zip(big), big.size());
  TempDir dir;
  WriteFile(dir.File("big"), b.Build());
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(dir.File("big"));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  absl::StatusOr<Bytes> bytes = (*image)->Read("m", "big.bin");
  ASSERT_TRUE(bytes.ok()) << Describe(bytes.status());
  EXPECT_TRUE(*bytes == big);
}

TEST(Jimage, DerivesPackagesWithoutPackagesDirectory) {
  Sample s = MakeSample(false, /*with_packages=*/false);
  TempDir dir;
  WriteFile(dir.File("sample"), s.image);
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(dir.File("sample"));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  EXPECT_EQ((*image)->ModuleOfPackage("java/lang"), "java.base");
  EXPECT_EQ((*image)->ModuleOfPackage("java/sql"), "java.sql");
  EXPECT_EQ((*image)->ModuleOfPackage("java"), std::nullopt);
}

TEST(Jimage, OpensEmptyTable) {
  ImageBuilder b;
  TempDir dir;
  WriteFile(dir.File("empty"), b.Build());
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(dir.File("empty"));
  ASSERT_TRUE(image.ok()) << Describe(image.status());
  EXPECT_EQ((*image)->resource_count(), 0u);
  EXPECT_EQ((*image)->Read("java.base", "x").status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ((*image)->ModuleOfPackage("java/lang"), std::nullopt);
}

TEST(Jimage, ReportsMissingFile) {
  TempDir dir;
  std::string path = dir.File("absent");
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(path);
  ASSERT_FALSE(image.ok());
  EXPECT_EQ(image.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(std::string(image.status().message()).find(path), std::string::npos);
  absl::StatusOr<std::unique_ptr<Jimage>> directory = Jimage::Open(dir.File(""));
  EXPECT_FALSE(directory.ok());
}

// Expects failure with `code`, a message naming the path and containing
// `needle`.
void ExpectRejected(const TempDir& dir, std::string_view name, const Bytes& bytes,
                    absl::StatusCode code, std::string_view needle) {
  absl::Status s = OpenBytes(dir, name, bytes);
  ASSERT_FALSE(s.ok()) << name;
  EXPECT_EQ(s.code(), code) << Describe(s);
  std::string message(s.message());
  EXPECT_NE(message.find(dir.File(name)), std::string::npos) << message;
  EXPECT_NE(message.find(needle), std::string::npos) << message;
}

TEST(Jimage, RejectsMalformedHeaderAndTables) {
  Sample s = MakeSample();
  const ImageBuilder& b = s.builder;
  TempDir dir;
  ASSERT_TRUE(OpenBytes(dir, "good", s.image).ok());

  Bytes bad_magic = s.image;
  bad_magic[0] ^= 0xFF;
  ExpectRejected(dir, "bad_magic", bad_magic, absl::StatusCode::kInvalidArgument,
                 "offset 0x0: not a jimage");

  Bytes version = s.image;
  SetU4(version, 4, 2 << 16);
  ExpectRejected(dir, "version", version, absl::StatusCode::kUnimplemented,
                 "offset 0x4: unsupported jimage version 2.0");

  Bytes table = s.image;
  SetU4(table, 16, 0x10000000);
  ExpectRejected(dir, "table_length", table, absl::StatusCode::kDataLoss,
                 "extends past the end of the file");

  Bytes strings_size = s.image;
  SetU4(strings_size, 24, 0xFFFFFFFF);
  ExpectRejected(dir, "strings_size", strings_size, absl::StatusCode::kDataLoss,
                 "extends past the end of the file");

  Bytes offset = s.image;
  SetU4(offset, b.offsets_start() + 4, 0x7FFFFFFF);
  ExpectRejected(dir, "location_offset", offset, absl::StatusCode::kDataLoss,
                 "slot 1: location offset 2147483647 is outside the locations");

  Bytes kind = s.image;
  kind[b.location_at(0)] = 0xF8;  // kind 31
  ExpectRejected(dir, "attribute_kind", kind, absl::StatusCode::kDataLoss,
                 "invalid location attribute kind 31");

  Bytes value = s.image;  // 8-byte value running past the table
  const size_t last_byte = b.strings_start() - 1;
  value[last_byte] = (kAttributeOffsetForTest << 3) | 7;
  ExpectRejected(dir, "attribute_value", value, absl::StatusCode::kDataLoss,
                 "runs past the locations table");

  Bytes strings = s.image;  // strings table of 1 byte: every name outside
  SetU4(strings, 24, 1);
  ExpectRejected(dir, "strings_table", strings, absl::StatusCode::kDataLoss,
                 "outside the strings table");

  Bytes unterminated = s.image;  // last string loses its NUL
  unterminated[b.index_size() - 1] = 'z';
  ExpectRejected(dir, "unterminated", unterminated, absl::StatusCode::kDataLoss,
                 "or unterminated");

  Bytes short_content(s.image.begin(), s.image.end() - 1);
  ExpectRejected(dir, "content", short_content, absl::StatusCode::kDataLoss,
                 "extends past the end of the file");

  ExpectRejected(dir, "short", Bytes(s.image.begin(), s.image.begin() + 20),
                 absl::StatusCode::kInvalidArgument, "too short");
}

TEST(Jimage, BadRedirectTableMeansNotFound) {
  Sample s = MakeSample();
  TempDir dir;
  for (uint32_t fill : {0x80000000u, 0u, 0x7FFFFFFFu}) {
    Bytes image = s.image;
    for (size_t at = 28; at < s.builder.offsets_start(); at += 4) SetU4(image, at, fill);
    std::string path = dir.File("redirect");
    WriteFile(path, image);
    absl::StatusOr<std::unique_ptr<Jimage>> opened = Jimage::Open(path);
    ASSERT_TRUE(opened.ok()) << Describe(opened.status());
    EXPECT_EQ((*opened)->resource_count(), 6u);
    absl::StatusOr<Bytes> bytes = (*opened)->Read("java.base", "java/lang/Object.class");
    // A wrong slot is never taken for the resource: names are compared.
    if (bytes.ok()) {
      EXPECT_EQ(*bytes, s.plain);
    } else {
      EXPECT_EQ(bytes.status().code(), absl::StatusCode::kNotFound);
    }
  }
}

// Builds a one-resource image holding `stored`, opens it and reads the
// resource; returns the read status.
absl::Status ReadStored(const TempDir& dir, ImageBuilder& b, const Bytes& stored,
                        uint64_t uncompressed) {
  b.AddCompressed("m", "p/R.class", stored, uncompressed);
  std::string path = dir.File("one");
  WriteFile(path, b.Build());
  absl::StatusOr<std::unique_ptr<Jimage>> image = Jimage::Open(path);
  if (!image.ok()) return image.status();
  return (*image)->Read("m", "p/R.class").status();
}

void ExpectReadFails(const TempDir& dir, absl::Status s, absl::StatusCode code,
                     std::string_view needle) {
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), code) << Describe(s);
  std::string message(s.message());
  EXPECT_NE(message.find(dir.File("one") + "!/m/p/R.class: offset 0x"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find(needle), std::string::npos) << message;
}

TEST(Jimage, RejectsCorruptCompressedResources) {
  TempDir dir;
  const Bytes text = Text(std::string(500, 'a') + "tail");
  {
    ImageBuilder b;
    Bytes stored = b.Header("lzma", 4, 4);
    stored.insert(stored.end(), {1, 2, 3, 4});
    ExpectReadFails(dir, ReadStored(dir, b, stored, 4),
                    absl::StatusCode::kUnimplemented, "lzma stage 1");
  }
  {
    ImageBuilder b;
    Bytes stored = b.Zip(text);
    for (size_t i = 29 + 2; i < stored.size(); i += 3) stored[i] ^= 0x5A;
    ExpectReadFails(dir, ReadStored(dir, b, stored, text.size()),
                    absl::StatusCode::kDataLoss, "zip stage 1");
  }
  {
    ImageBuilder b;
    Bytes stored = b.Zip(text);
    stored.resize(29 + 4);
    SetU4(stored, 4, static_cast<uint32_t>(stored.size() - 29));
    ExpectReadFails(dir, ReadStored(dir, b, stored, text.size()),
                    absl::StatusCode::kDataLoss, "truncated");
  }
  {
    ImageBuilder b;  // header's size larger than what follows
    Bytes stored = b.Zip(text);
    SetU4(stored, 4, static_cast<uint32_t>(stored.size()));
    ExpectReadFails(dir, ReadStored(dir, b, stored, text.size()),
                    absl::StatusCode::kDataLoss, "exceeds");
  }
  {
    ImageBuilder b;  // location's size disagrees with the data
    ExpectReadFails(dir, ReadStored(dir, b, b.Zip(text), text.size() + 1),
                    absl::StatusCode::kDataLoss, "location says");
  }
  {
    ImageBuilder b;  // absurd declared size
    Bytes stored = b.Zip(text);
    SetU4(stored, 12, 0x7FFFFFF0);
    ExpectReadFails(dir, ReadStored(dir, b, stored, text.size()),
                    absl::StatusCode::kDataLoss, "impossible");
  }
  {
    ImageBuilder b;  // zip stacked nine deep
    Bytes stored = text;
    for (int i = 0; i < 9; ++i) stored = b.Zip(stored);
    ExpectReadFails(dir, ReadStored(dir, b, stored, text.size()),
                    absl::StatusCode::kDataLoss, "more than 8 stacked");
  }
  {
    ImageBuilder b;  // compact-cp cut inside the constant pool
    SharedClass c = MakeSharedClass(b);
    Bytes cut(c.transformed.begin(), c.transformed.begin() + 20);
    ExpectReadFails(dir,
                    ReadStored(dir, b, b.CompactCp(cut, c.expected.size()),
                               c.expected.size()),
                    absl::StatusCode::kDataLoss, "compact-cp stage 1");
  }
  {
    ImageBuilder b;  // unknown constant-pool tag
    Bytes bad = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 2, 99, 0, 0};
    ExpectReadFails(dir, ReadStored(dir, b, b.CompactCp(bad, 13), 13),
                    absl::StatusCode::kDataLoss, "unknown tag 99");
  }
  {
    ImageBuilder b;  // compressed index with length 0
    Bytes bad = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 2, 23, 0x80};
    ExpectReadFails(dir, ReadStored(dir, b, b.CompactCp(bad, 20), 20),
                    absl::StatusCode::kDataLoss, "length 0");
  }
  {
    ImageBuilder b;  // externalized string outside the strings table
    Bytes bad = Concat({{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 2, 23},
                        EncodeIndex(0x100000)});
    ExpectReadFails(dir, ReadStored(dir, b, b.CompactCp(bad, 20), 20),
                    absl::StatusCode::kDataLoss, "out of range");
  }
  {
    ImageBuilder b;  // descriptor with fewer indices than 'L's
    Bytes list = EncodeIndex(b.String("java/lang"));
    Bytes bad = Concat({{0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0, 2, 25},
                        EncodeIndex(b.String("(L;)V")), EncodeIndex(list.size()),
                        list});
    ExpectReadFails(dir, ReadStored(dir, b, b.CompactCp(bad, 40), 40),
                    absl::StatusCode::kDataLoss, "descriptor type index");
  }
  {
    ImageBuilder b;  // rebuilt class larger than declared
    SharedClass c = MakeSharedClass(b);
    ExpectReadFails(dir,
                    ReadStored(dir, b, b.CompactCp(c.transformed, 30), 30),
                    absl::StatusCode::kDataLoss, "declared size 30");
  }
}

// Random byte changes to a small image: every outcome is a value or a
// status, never a crash or a sanitizer report.
TEST(Jimage, SurvivesRandomCorruption) {
  Sample s = MakeSample();
  TempDir dir;
  std::mt19937 rng(20240611);
  const std::string path = dir.File("fuzz");
  int opened = 0;
  for (int iteration = 0; iteration < 5000; ++iteration) {
    Bytes image = s.image;
    int changes = 1 + static_cast<int>(rng() % 4);
    for (int c = 0; c < changes; ++c) {
      // Mostly the index, sometimes the content.
      size_t limit = rng() % 4 == 0 ? image.size() : s.builder.index_size();
      image[rng() % limit] = static_cast<uint8_t>(rng());
    }
    if (rng() % 16 == 0) image.resize(rng() % image.size());
    WriteFile(path, image);
    absl::StatusOr<std::unique_ptr<Jimage>> jimage = Jimage::Open(path);
    if (!jimage.ok()) {
      EXPECT_NE(std::string(jimage.status().message()).find(path),
                std::string::npos)
          << Describe(jimage.status());
      continue;
    }
    ++opened;
    (*jimage)->ForEachResource([&](std::string_view m, std::string_view p) {
      absl::StatusOr<Bytes> bytes = (*jimage)->Read(m, p);
      if (!bytes.ok()) {
        EXPECT_NE(std::string(bytes.status().message()).find(path),
                  std::string::npos)
            << Describe(bytes.status());
      }
    });
    (void)(*jimage)->ModuleOfPackage("java/lang");
    (void)(*jimage)->ModuleOfPackage("java/sql");
  }
  EXPECT_GT(opened, 200);
}

}  // namespace
}  // namespace jwp::classfile
