// Malformed input never crashes the class reader, the bytecode decoder or the
// archive readers: every truncation and bit flip of a real class file or jar
// is either read as it is or rejected with a Status that names the input and
// the byte offset ("<origin>: offset 0x..: ..."), and a broken class path
// entry leaves the rest usable. The mutations are deterministic (fixed seeds)
// so a failure reproduces; run under ASan+UBSan (build-asan) as well.
// Targeted malformed classes below pin the exact error text of each check.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/archive.h"
#include "classfile/bytecode.h"
#include "classfile/class_path.h"
#include "classfile/class_reader.h"
#include "classfile/diagnostics.h"
#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

std::string Msg(const absl::Status& s) { return std::string(s.message().data(), s.message().size()); }

using jwp::testing::ReadFileBytes;
using jwp::testing::WriteFileBytes;
using jwp::testing::TempDir;

struct NamedClass {
  std::string origin;
  Bytes bytes;
};

// The fixture classes of one release directory, sorted by path.
std::vector<NamedClass> FixtureClasses(const std::string& release) {
  std::vector<NamedClass> out;
  const std::string root = std::string(JWP_FIXTURES_DIR) + "/" + release;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file() && it->path().extension() == ".class") {
      out.push_back({release + "/" + fs::relative(it->path(), root).generic_string(),
                     ReadFileBytes(it->path().string())});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const NamedClass& a, const NamedClass& b) { return a.origin < b.origin; });
  return out;
}

// Every `count`-th-ish class of java.base etc., read through OpenArchive on the
// JDK's jimage (or nothing when the JDK has none).
std::vector<NamedClass> JdkSample(size_t count) {
  std::vector<NamedClass> out;
  auto archive = OpenArchive(std::string(JWP_JAVA_HOME) + "/lib/modules");
  if (!archive.ok()) return out;
  std::vector<std::string> names;
  (*archive)->ForEachClass([&](std::string_view n) { names.emplace_back(n); });
  const size_t step = std::max<size_t>(1, names.size() / count);
  for (size_t i = 0; i < names.size() && out.size() < count; i += step) {
    auto bytes = (*archive)->ReadClass(names[i]);
    if (bytes.ok()) out.push_back({(*archive)->EntryName(names[i]), std::move(*bytes)});
  }
  return out;
}

// Parses `bytes` and decodes every method; fails the test unless each step is
// either ok or an error naming `origin` and a byte offset. Returns whether the
// class parsed.
bool ParseChecked(const Bytes& bytes, const std::string& origin, const std::string& mutation) {
  auto cf = ParseClassFile(bytes, origin);
  if (!cf.ok()) {
    const std::string m = Msg(cf.status());
    EXPECT_TRUE(m.starts_with(origin + ": offset 0x")) << mutation << ": " << m;
    EXPECT_EQ(cf.status().code(), absl::StatusCode::kInvalidArgument) << mutation << ": " << m;
    auto header = ParseClassHeader(bytes, origin);
    if (!header.ok()) {
      EXPECT_EQ(Msg(header.status()), m) << mutation;
    }
    return false;
  }
  EXPECT_TRUE(ParseClassHeader(bytes, origin).ok()) << mutation;
  for (const MethodInfo& m : (*cf)->methods) {
    if (!m.code) continue;
    auto code = DecodeCode(**cf, m);
    if (!code.ok()) {
      const std::string msg = Msg(code.status());
      EXPECT_TRUE(msg.starts_with(origin + ": method ")) << mutation << ": " << msg;
      EXPECT_NE(msg.find(": offset 0x"), std::string::npos) << mutation << ": " << msg;
    }
  }
  return true;
}

struct Tally {
  size_t truncations = 0;
  size_t flips = 0;
  size_t parsed = 0;
};

// Every truncation of the `all_lengths` smallest classes, sampled ones of the
// others, and `flips` single- or multi-bit flips of each.
void Corrupt(const std::vector<NamedClass>& classes, size_t all_lengths, size_t flips,
             uint64_t seed, Tally& t) {
  std::mt19937_64 rng(seed);
  std::vector<size_t> sizes;
  for (const NamedClass& c : classes) sizes.push_back(c.bytes.size());
  std::sort(sizes.begin(), sizes.end());
  const size_t small = all_lengths == 0 ? 0 : sizes[std::min(all_lengths, sizes.size()) - 1];
  for (const NamedClass& c : classes) {
    ASSERT_TRUE(ParseChecked(c.bytes, c.origin, "original")) << c.origin;
    const size_t n = c.bytes.size();
    std::vector<size_t> lengths;
    if (n <= small) {
      for (size_t len = 0; len < n; ++len) lengths.push_back(len);
    } else {
      for (size_t len = 0; len < 24; ++len) lengths.push_back(len);
      for (size_t k = 0; k < 48; ++k) lengths.push_back(24 + rng() % (n - 24));
      for (size_t len = n - 8; len < n; ++len) lengths.push_back(len);
    }
    for (size_t len : lengths) {
      Bytes b(c.bytes.begin(), c.bytes.begin() + static_cast<std::ptrdiff_t>(len));
      // A strict prefix of a class file is never a class file.
      EXPECT_FALSE(ParseChecked(b, c.origin, "truncated to " + std::to_string(len)));
      ++t.truncations;
    }
    for (size_t k = 0; k < flips; ++k) {
      Bytes b = c.bytes;
      const size_t bits = k % 2 == 0 ? 1 : 2 + rng() % 7;
      std::string what = "flipped bits";
      for (size_t i = 0; i < bits; ++i) {
        size_t bit = rng() % (n * 8);
        b[bit / 8] ^= static_cast<uint8_t>(1u << (bit % 8));
        what += " " + std::to_string(bit);
      }
      t.parsed += ParseChecked(b, c.origin, what);
      ++t.flips;
    }
  }
}

TEST(CorruptionClassFile, FixtureTruncationsAndBitFlipsAreErrorsOrParses) {
  std::vector<NamedClass> classes = FixtureClasses("release8");
  std::vector<NamedClass> r17 = FixtureClasses("release17");
  classes.insert(classes.end(), r17.begin(), r17.end());
  ASSERT_GE(classes.size(), 10u) << "fixtures missing under " << JWP_FIXTURES_DIR;
  Tally t;
  Corrupt(classes, /*all_lengths=*/3, /*flips=*/60, 20240601, t);
  RecordProperty("truncations", static_cast<int>(t.truncations));
  RecordProperty("flips", static_cast<int>(t.flips));
  std::printf("%zu classes: %zu truncations, %zu bit flips (%zu still parse)\n", classes.size(),
              t.truncations, t.flips, t.parsed);
  EXPECT_GE(t.flips, 3000u);
}

TEST(CorruptionClassFile, JdkTruncationsAndBitFlipsAreErrorsOrParses) {
  std::vector<NamedClass> classes = JdkSample(40);
  if (classes.empty()) GTEST_SKIP() << "no jimage at " << JWP_JAVA_HOME;
  Tally t;
  Corrupt(classes, /*all_lengths=*/2, /*flips=*/100, 7, t);
  std::printf("%zu JDK classes: %zu truncations, %zu bit flips (%zu still parse)\n",
              classes.size(), t.truncations, t.flips, t.parsed);
  EXPECT_GE(t.flips, 4000u);
}

// --- Jars ---------------------------------------------------------------------

// Opens `path` and reads and parses every class; each failure must name the
// jar (and, for an entry, "path!entry").
void OpenAndReadChecked(const std::string& path, const std::string& mutation, size_t* classes_read) {
  auto archive = OpenArchive(path);
  if (!archive.ok()) {
    EXPECT_TRUE(Msg(archive.status()).starts_with(path + ": ")) << mutation << ": "
                                                                << archive.status();
    return;
  }
  std::vector<std::string> names;
  (*archive)->ForEachClass([&](std::string_view n) { names.emplace_back(n); });
  for (const std::string& name : names) {
    const std::string entry = (*archive)->EntryName(name);
    EXPECT_TRUE(entry.starts_with(path + "!")) << entry;
    auto bytes = (*archive)->ReadClass(name);
    if (!bytes.ok()) {
      EXPECT_TRUE(Msg(bytes.status()).starts_with(entry + ": ")) << mutation << ": "
                                                                 << bytes.status();
      continue;
    }
    *classes_read += ParseChecked(*bytes, entry, mutation);
  }
}

TEST(CorruptionJar, TruncationsAndBitFlipsNameTheJarAndEntry) {
  const std::string jar = std::string(JWP_FIXTURES_DIR) + "/release8.jar";
  const Bytes original = ReadFileBytes(jar);
  ASSERT_GT(original.size(), 100u) << jar;
  TempDir dir;
  const std::string path = dir.File("mutant.jar");
  std::mt19937_64 rng(99);
  const size_t n = original.size();
  size_t truncations = 0, flips = 0, read = 0;
  // The end of central directory and the central directory live at the end:
  // every length there, sampled lengths elsewhere.
  std::vector<size_t> lengths = {0, 1, 3, 4, 21, 22, 30};
  for (size_t k = 0; k < 40; ++k) lengths.push_back(rng() % n);
  for (size_t len = n > 80 ? n - 80 : 0; len < n; ++len) lengths.push_back(len);
  for (size_t len : lengths) {
    ASSERT_TRUE(WriteFileBytes(path, Bytes(original.begin(), original.begin() + static_cast<std::ptrdiff_t>(len))))
        << path;
    OpenAndReadChecked(path, "truncated to " + std::to_string(len), &read);
    ++truncations;
  }
  for (size_t k = 0; k < 400; ++k) {
    Bytes b = original;
    const size_t bits = k % 2 == 0 ? 1 : 2 + rng() % 7;
    std::string what = "flipped bits";
    for (size_t i = 0; i < bits; ++i) {
      // Half of the flips hit the directories at the end.
      size_t byte = k % 4 < 2 ? rng() % n : n - 1 - rng() % std::min<size_t>(n, 2048);
      b[byte] ^= static_cast<uint8_t>(1u << (rng() % 8));
      what += " " + std::to_string(byte);
    }
    ASSERT_TRUE(WriteFileBytes(path, b)) << path;
    OpenAndReadChecked(path, what, &read);
    ++flips;
  }
  std::printf("%s: %zu truncations, %zu bit flips, %zu classes parsed\n", jar.c_str(), truncations,
              flips, read);
}

long MaxRssKb() {
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

void PutLe32(Bytes& b, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<uint8_t>(v >> (8 * i));
}

// Regression: ZipArchive::ReadEntry sized its buffer from the entry's
// uncompressed size before reading, so a 2 KB jar claiming a 1008 MiB class
// made every read of it allocate and clear 1008 MiB (archive_fuzzer with
// -malloc_limit_mb=256 reports this jar as out-of-memory). Fixed in
// zip_archive.cc: the buffer grows as bytes arrive.
TEST(CorruptionJar, ForgedEntrySizeFailsWithoutAllocatingIt) {
  TempDir dir;
  const std::string staging = dir.File("staging");
  fs::create_directories(staging);
  // At the root, so that the jar's first entry is the class (no directory).
  fs::copy_file(std::string(JWP_FIXTURES_DIR) + "/release8/fixtures/Basics.class",
                staging + "/Basics.class");
  const std::string jar = dir.File("forged.jar");
  const std::string command =
      std::string(JWP_JAVA_HOME) + "/bin/jar cfM " + jar + " -C " + staging + " .";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  Bytes b = ReadFileBytes(jar);
  // The uncompressed size in the central directory and in the local header,
  // or in the data descriptor after the data when the jar tool wrote one.
  constexpr uint32_t kForged = 0x3F000000;
  ASSERT_TRUE(b.size() > 30 && b[0] == 'P' && b[1] == 'K' && b[2] == 3 && b[3] == 4);
  auto find = [&](uint8_t a, uint8_t c) {
    for (size_t i = 0; i + 4 <= b.size(); ++i) {
      if (b[i] == 'P' && b[i + 1] == 'K' && b[i + 2] == a && b[i + 3] == c) return i;
    }
    return size_t{0};
  };
  if (b[6] & 8) {
    size_t descriptor = find(7, 8);
    ASSERT_NE(descriptor, 0u);
    PutLe32(b, descriptor + 12, kForged);
  } else {
    PutLe32(b, 22, kForged);
  }
  size_t central = find(1, 2);
  ASSERT_NE(central, 0u);
  PutLe32(b, central + 24, kForged);
  ASSERT_TRUE(WriteFileBytes(jar, b)) << jar;

  const long before = MaxRssKb();
  auto archive = OpenArchive(jar);
  ASSERT_TRUE(archive.ok()) << archive.status();
  auto bytes = (*archive)->ReadClass("Basics");
  ASSERT_FALSE(bytes.ok());
  EXPECT_TRUE(Msg(bytes.status()).starts_with(jar + "!Basics.class: read error at byte "))
      << bytes.status();
  EXPECT_LT(MaxRssKb() - before, 256 * 1024) << "the forged size was allocated";
}

TEST(CorruptionClassPath, BrokenJarInTheMiddleLeavesTheRestUsable) {
  TempDir dir;
  const std::string good = dir.File("good.jar");
  const std::string broken = dir.File("broken.jar");
  const std::string classes = std::string(JWP_FIXTURES_DIR) + "/release17";
  Bytes jar = ReadFileBytes(std::string(JWP_FIXTURES_DIR) + "/release8.jar");
  ASSERT_TRUE(WriteFileBytes(good, jar)) << good;
  Bytes half = ReadFileBytes(std::string(JWP_FIXTURES_DIR) + "/release17.jar");
  half.resize(half.size() / 2);
  ASSERT_TRUE(WriteFileBytes(broken, half)) << broken;

  Diagnostics diagnostics;
  ClassPathOptions options;
  options.include_jdk = false;
  auto cp = ClassPath::Open(good + ":" + broken + ":" + classes, options, &diagnostics);
  ASSERT_TRUE(cp.ok()) << cp.status();
  EXPECT_EQ((*cp)->user_archive_count(), 2u);
  ASSERT_EQ(diagnostics.error_count(), 1u);
  const std::string report = diagnostics.Sorted()[0].message;
  EXPECT_NE(report.find(broken + ": "), std::string::npos) << report;
  EXPECT_NE(report.find("class path entry skipped"), std::string::npos) << report;

  // A class of the good jar comes from it; one that only the directory has
  // comes from the directory.
  auto from_jar = (*cp)->Load("fixtures/Basics");
  ASSERT_TRUE(from_jar.ok()) << from_jar.status();
  EXPECT_TRUE((*from_jar)->origin.starts_with(good + "!")) << (*from_jar)->origin;
  std::optional<std::string> only_in_dir;
  (*cp)->archives()[1]->ForEachClass([&](std::string_view n) {
    if (!only_in_dir && !(*cp)->archives()[0]->Contains(n)) only_in_dir = std::string(n);
  });
  ASSERT_TRUE(only_in_dir) << "release17 has no class that release8 lacks";
  auto from_dir = (*cp)->Load(*only_in_dir);
  ASSERT_TRUE(from_dir.ok()) << from_dir.status();
  EXPECT_TRUE((*from_dir)->origin.starts_with(classes + "/")) << (*from_dir)->origin;
}

TEST(CorruptionClassPath, CorruptEntryFailsAloneNamingJarEntryAndOffset) {
  // A class whose bytes in the jar are stored (not deflated) and damaged
  // inside the class, with the CRC fixed up, so that the zip layer passes
  // it and the class reader rejects it.
  TempDir dir;
  const std::string jar = dir.File("damaged.jar");
  const Bytes cls = ReadFileBytes(std::string(JWP_FIXTURES_DIR) + "/release8/fixtures/Basics.class");
  ASSERT_GT(cls.size(), 20u);
  // Find the class bytes in a stored jar written by the JDK's jar tool.
  const std::string staging = dir.File("staging");
  fs::create_directories(staging + "/fixtures");
  Bytes bad = cls;
  bad[8] = 0xFF;  // constant_pool_count: far more entries than the bytes hold
  bad[9] = 0xFF;
  ASSERT_TRUE(WriteFileBytes(staging + "/fixtures/Basics.class", bad)) << staging;
  fs::copy_file(std::string(JWP_FIXTURES_DIR) + "/release8/fixtures/Basics$Color.class",
                staging + "/fixtures/Basics$Color.class");
  const std::string jar_tool = std::string(JWP_JAVA_HOME) + "/bin/jar";
  const std::string command = jar_tool + " cf0M " + jar + " -C " + staging + " .";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  Diagnostics diagnostics;
  ClassPathOptions options;
  options.include_jdk = false;
  auto cp = ClassPath::Open(jar, options, &diagnostics);
  ASSERT_TRUE(cp.ok()) << cp.status();
  EXPECT_EQ(diagnostics.error_count(), 0u);
  auto broken = (*cp)->Load("fixtures/Basics");
  ASSERT_FALSE(broken.ok());
  EXPECT_TRUE(Msg(broken.status()).starts_with(jar + "!fixtures/Basics.class: offset 0x"))
      << broken.status();
  auto fine = (*cp)->Load("fixtures/Basics$Color");
  EXPECT_TRUE(fine.ok()) << fine.status();
}

// --- Targeted malformed classes -------------------------------------------------

// A big-endian writer that remembers where things are.
class Writer {
 public:
  size_t pos() const { return out_.size(); }
  Writer& U1(uint8_t v) {
    out_.push_back(v);
    return *this;
  }
  Writer& U2(uint16_t v) { return U1(static_cast<uint8_t>(v >> 8)).U1(static_cast<uint8_t>(v)); }
  Writer& U4(uint32_t v) { return U2(static_cast<uint16_t>(v >> 16)).U2(static_cast<uint16_t>(v)); }
  Writer& Raw(const Bytes& b) {
    out_.insert(out_.end(), b.begin(), b.end());
    return *this;
  }
  Writer& Utf8(std::string_view s) {
    U1(1).U2(static_cast<uint16_t>(s.size()));
    out_.insert(out_.end(), s.begin(), s.end());
    return *this;
  }
  Bytes& bytes() { return out_; }

 private:
  Bytes out_;
};

// A class "T" extends java/lang/Object with one method "static m()V" whose
// code is `code`, and a SourceFile attribute. `extra_pool` entries follow the
// standard ones (#1..#9); `extra_slots` is how many slots they take.
struct ClassSpec {
  uint32_t magic = 0xCAFEBABE;
  uint16_t major = 52;
  Bytes extra_pool;
  uint16_t extra_slots = 0;
  uint16_t this_class = 2;
  Bytes code = {0xB1};  // return
  std::optional<uint32_t> code_length;         // overrides code.size()
  std::optional<uint32_t> source_file_length;  // overrides 2
};

struct Built {
  Bytes bytes;
  size_t extra_pool_at = 0;   // offset of the first extra entry
  size_t this_class_at = 0;
  size_t code_length_at = 0;  // the u4 code_length
  size_t code_at = 0;         // code[0]
  size_t source_file_at = 0;  // the attribute_name_index of SourceFile
};

Built Build(const ClassSpec& s) {
  Built b;
  Writer w;
  w.U4(s.magic).U2(0).U2(s.major).U2(static_cast<uint16_t>(10 + s.extra_slots));
  w.Utf8("T");                              // #1
  w.U1(7).U2(1);                            // #2 Class T
  w.Utf8("java/lang/Object");               // #3
  w.U1(7).U2(3);                            // #4 Class java/lang/Object
  w.Utf8("m");                              // #5
  w.Utf8("()V");                            // #6
  w.Utf8("Code");                           // #7
  w.Utf8("SourceFile");                     // #8
  w.Utf8("T.java");                         // #9
  b.extra_pool_at = w.pos();
  w.Raw(s.extra_pool);
  w.U2(0x21);
  b.this_class_at = w.pos();
  w.U2(s.this_class).U2(4).U2(0).U2(0);     // this, super, interfaces, fields
  w.U2(1).U2(0x0009).U2(5).U2(6).U2(1);     // one public static method m()V, one attribute
  w.U2(7).U4(static_cast<uint32_t>(12 + s.code.size()));
  w.U2(2).U2(1);                            // max_stack, max_locals
  b.code_length_at = w.pos();
  w.U4(s.code_length.value_or(static_cast<uint32_t>(s.code.size())));
  b.code_at = w.pos();
  w.Raw(s.code).U2(0).U2(0);                // code, no handlers, no attributes
  w.U2(1);
  b.source_file_at = w.pos();
  w.U2(8).U4(s.source_file_length.value_or(2)).U2(9);
  b.bytes = std::move(w.bytes());
  return b;
}

constexpr char kOrigin[] = "t.jar!T.class";

// The message of parsing `b`, which must fail.
std::string ParseError(const Built& b) {
  auto cf = ParseClassFile(b.bytes, kOrigin);
  EXPECT_FALSE(cf.ok());
  return cf.ok() ? "" : Msg(cf.status());
}

// The message of decoding m()V of `b`, which must parse and fail to decode.
std::string DecodeError(const Built& b) {
  auto cf = ParseClassFile(b.bytes, kOrigin);
  EXPECT_TRUE(cf.ok()) << cf.status();
  if (!cf.ok()) return "";
  auto code = DecodeCode(**cf, (*cf)->methods.at(0));
  EXPECT_FALSE(code.ok());
  return code.ok() ? "" : Msg(code.status());
}

std::string Hex(size_t offset) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "offset 0x%zx: ", offset);
  return buf;
}

TEST(CorruptionMalformed, WellFormedBaseClassParsesAndDecodes) {
  Built b = Build({});
  auto cf = ParseClassFile(b.bytes, kOrigin);
  ASSERT_TRUE(cf.ok()) << cf.status();
  EXPECT_EQ((*cf)->this_class, "T");
  EXPECT_EQ((*cf)->source_file, "T.java");
  auto code = DecodeCode(**cf, (*cf)->methods.at(0));
  ASSERT_TRUE(code.ok()) << code.status();
  EXPECT_EQ(code->instructions.size(), 1u);
}

TEST(CorruptionMalformed, BadMagic) {
  ClassSpec s;
  s.magic = 0xCAFEBABF;
  EXPECT_EQ(ParseError(Build(s)), std::string(kOrigin) + ": offset 0x0: bad magic 0xCAFEBABF");
}

TEST(CorruptionMalformed, UnsupportedVersion) {
  ClassSpec s;
  s.major = 70;
  EXPECT_EQ(ParseError(Build(s)),
            std::string(kOrigin) +
                ": offset 0x6: unsupported class-file version 70.0 (supported: 45 to 69)");
  s.major = 44;
  EXPECT_NE(ParseError(Build(s)).find("unsupported class-file version 44.0"), std::string::npos);
}

TEST(CorruptionMalformed, ConstantPoolIndexOutOfRange) {
  ClassSpec s;
  s.this_class = 77;
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.this_class_at) +
                               "this_class: constant-pool index 77 out of range (count 10)");
}

TEST(CorruptionMalformed, ConstantPoolIndexOfWrongKind) {
  ClassSpec s;
  s.this_class = 3;  // a Utf8, not a Class
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.this_class_at) +
                               "this_class: constant-pool index 3 is Utf8, expected Class");
}

TEST(CorruptionMalformed, ConstantPoolCrossReferenceOutOfRange) {
  ClassSpec s;
  Writer w;
  w.U1(10).U2(4).U2(200);  // #10 Methodref java/lang/Object.#200
  s.extra_pool = w.bytes();
  s.extra_slots = 1;
  Built b = Build(s);
  EXPECT_EQ(ParseError(b),
            std::string(kOrigin) + ": " + Hex(b.extra_pool_at + 3) +
                "constant-pool entry 10 (Methodref) name_and_type: constant-pool index 200 out of "
                "range (count 11)");
}

TEST(CorruptionMalformed, UnknownConstantPoolTag) {
  ClassSpec s;
  s.extra_pool = {2, 0, 0};
  s.extra_slots = 1;
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.extra_pool_at) +
                               "constant-pool entry 10: unknown tag 2");
}

TEST(CorruptionMalformed, LongInTheLastSlot) {
  ClassSpec s;
  s.extra_pool = {5, 0, 0, 0, 0, 0, 0, 0, 42};
  s.extra_slots = 1;  // a Long needs two
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.extra_pool_at) +
                               "constant-pool entry 10: Long takes two slots but is last");
}

TEST(CorruptionMalformed, AttributeLengthPastTheEnd) {
  ClassSpec s;
  s.source_file_length = 100;
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.source_file_at + 2) +
                               "class attribute SourceFile: length 100 runs past the end (2 bytes "
                               "left)");
}

TEST(CorruptionMalformed, AttributeLengthShorterThanContents) {
  ClassSpec s;
  s.source_file_length = 1;  // SourceFile takes 2
  Built b = Build(s);
  b.bytes.pop_back();  // keep the file length consistent with the attribute
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.source_file_at + 6) +
                               "truncated SourceFile: need 2 bytes, have 1");
}

TEST(CorruptionMalformed, AttributeLengthLongerThanContents) {
  ClassSpec s;
  s.source_file_length = 3;  // SourceFile takes 2
  Built b = Build(s);
  b.bytes.push_back(0);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.source_file_at + 2) +
                               "class attribute SourceFile: length 3 but its contents take 2 bytes");
}

TEST(CorruptionMalformed, CodeLengthZero) {
  ClassSpec s;
  s.code.clear();
  Built b = Build(s);
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.code_length_at) +
                               "code_length 0 is not in 1..65535");
}

TEST(CorruptionMalformed, TruncatedInTheConstantPool) {
  Built b = Build({});
  b.bytes.resize(b.extra_pool_at - 4);  // in the middle of #9 "T.java"
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.extra_pool_at - 6) +
                               "truncated Utf8 bytes: need 6 bytes, have 2");
}

TEST(CorruptionMalformed, TruncatedInsideTheCodeAttribute) {
  Built b = Build({});
  b.bytes.resize(b.code_at + 1);  // the Code attribute says 13 bytes; 9 are left
  EXPECT_EQ(ParseError(b), std::string(kOrigin) + ": " + Hex(b.code_length_at - 8) +
                               "method attribute Code: length 13 runs past the end (9 bytes left)");
}

TEST(CorruptionMalformed, BranchIntoTheMiddleOfAnInstruction) {
  ClassSpec s;
  s.code = {0x10, 0x05,        // 0: bipush 5
            0x57,              // 2: pop
            0xA7, 0xFF, 0xFE,  // 3: goto 1 (the operand of bipush)
            0xB1};             // 6: return
  Built b = Build(s);
  EXPECT_EQ(DecodeError(b), std::string(kOrigin) + ": method m()V: " + Hex(b.code_at + 3) +
                                "bytecode at pc 3: goto: branch target 1 is not an instruction");
}

TEST(CorruptionMalformed, LookupswitchKeysNotSorted) {
  ClassSpec s;
  s.code = {0x03,             // 0: iconst_0
            0xAB, 0, 0,       // 1: lookupswitch, padding to 4
            0, 0, 0, 27,      // default -> 28
            0, 0, 0, 2,       // npairs
            0, 0, 0, 5, 0, 0, 0, 27,
            0, 0, 0, 3, 0, 0, 0, 27,  // 3 after 5
            0xB1};            // 28: return
  Built b = Build(s);
  EXPECT_EQ(DecodeError(b), std::string(kOrigin) + ": method m()V: " + Hex(b.code_at + 1) +
                                "bytecode at pc 1: lookupswitch: keys are not sorted");
}

// Regression: the decoder computed a switch target as int(pc) + s4 offset, a
// signed overflow (UB) for offsets near INT32_MAX. Seen in review while
// writing the fuzz targets; UBSan in class_file_fuzzer reported it on this
// input ("signed integer overflow: 3 + 2147483647"). Fixed in bytecode.cc.
TEST(CorruptionMalformed, SwitchOffsetOverflowIsAnError) {
  ClassSpec s;
  s.code = {0x00, 0x00, 0x00,            // 0: nop x 3
            0xAA,                        // 3: tableswitch (no padding)
            0x7F, 0xFF, 0xFF, 0xFF,      // default: pc + INT32_MAX
            0, 0, 0, 0, 0, 0, 0, 0,      // low 0, high 0
            0, 0, 0, 17,                 // case 0 -> 20
            0xB1};                       // 20: return
  Built b = Build(s);
  EXPECT_EQ(DecodeError(b), std::string(kOrigin) + ": method m()V: " + Hex(b.code_at + 3) +
                                "bytecode at pc 3: tableswitch: branch offset overflows");
  s.code = {0x00, 0x00, 0x00,            // 0: nop x 3
            0xAB,                        // 3: lookupswitch
            0, 0, 0, 17,                 // default -> 20
            0, 0, 0, 1,                  // npairs 1
            0, 0, 0, 0, 0x7F, 0xFF, 0xFF, 0xFE,  // 0 -> pc + INT32_MAX - 1
            0xB1};                       // 20: return
  b = Build(s);
  EXPECT_EQ(DecodeError(b), std::string(kOrigin) + ": method m()V: " + Hex(b.code_at + 3) +
                                "bytecode at pc 3: lookupswitch: branch offset overflows");
}

TEST(CorruptionMalformed, UnknownOpcode) {
  ClassSpec s;
  s.code = {0xCA};  // breakpoint, reserved (JVMS 6.2)
  Built b = Build(s);
  EXPECT_EQ(DecodeError(b), std::string(kOrigin) + ": method m()V: " + Hex(b.code_at) +
                                "bytecode at pc 0: unknown opcode 0xca");
}

}  // namespace
}  // namespace jwp::classfile
