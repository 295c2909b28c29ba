// Tests for classfile/header_cache.h: a hierarchy built through the cache is
// the one built from the class files; the file is written once and read
// after; a file that is truncated, of another format, of another image or
// stale in a sampled class is written anew (on an image of java.base
// alone); the cache directory's defaults.
#include "classfile/header_cache.h"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <optional>
#include <string>
#include <vector>

#include "classfile/archive.h"
#include "tests/classfile/hierarchy_test_support.h"

namespace jwp::classfile {
namespace {

using namespace testing_support;

// Everything a hierarchy says of its classes, one line each.
std::string HierarchyText(const ClassHierarchy& h) {
  std::string out;
  for (ClassId id = 0; id < h.size(); ++id) {
    out += std::string(h.Name(id)) + " super=" +
           (h.Super(id) == kNoClass ? "-" : std::string(h.Name(h.Super(id)))) +
           " flags=" + std::to_string(h.AccessFlags(id)) +
           " major=" + std::to_string(h.MajorVersion(id)) + (h.IsPhantom(id) ? " phantom" : "") +
           " archive=" + (h.ArchiveOf(id) ? h.ArchiveOf(id)->path() : "-") + " interfaces=";
    for (ClassId i : h.Interfaces(id)) out += std::string(h.Name(i)) + ",";
    out += "\n";
  }
  return out;
}

std::unique_ptr<Archive> JdkImage() {
  auto a = OpenArchive(kJavaHome + "/lib/modules");
  EXPECT_TRUE(a.ok()) << a.status();
  return a.ok() ? std::move(*a) : nullptr;
}

TEST(HeaderCache, TheHierarchyIsTheSameWithTheCache) {
  TempDir dir;
  ClassHierarchyOptions cached;
  cached.header_cache_dir = dir.File("cache");
  Loaded plain = Load(kRelease17, true, ClassHierarchyOptions{});  // without any cache
  Loaded first = Load(kRelease17, true, cached);   // reads the image, writes the file
  Loaded second = Load(kRelease17, true, cached);  // reads the file
  ASSERT_LOADED(plain);
  ASSERT_LOADED(first);
  ASSERT_LOADED(second);
  EXPECT_EQ(plain.h().stats().cached_headers, 0u);
  EXPECT_GT(first.h().stats().cached_headers, 25000u);
  EXPECT_EQ(second.h().stats().cached_headers, first.h().stats().cached_headers);
  // The fixtures (a directory) are never cached.
  EXPECT_LT(first.h().stats().cached_headers, first.h().stats().classes);
  const std::string expected = HierarchyText(plain.h());
  EXPECT_EQ(HierarchyText(first.h()), expected);
  EXPECT_EQ(HierarchyText(second.h()), expected);
  EXPECT_TRUE(second.h().Verify().ok()) << second.h().Verify();
  auto a = plain.diagnostics->Sorted(), b = second.diagnostics->Sorted();
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_EQ(a[i].message, b[i].message);
}

TEST(HeaderCache, WrittenOnceThenRead) {
  auto image = JdkImage();
  ASSERT_NE(image, nullptr);
  TempDir dir;
  const std::string cache = dir.File("cache");
  auto built = LoadOrBuildHeaderTable(*image, cache);
  ASSERT_NE(built, nullptr);
  EXPECT_TRUE(built->origin().starts_with("wrote " + HeaderCachePath(*image, cache)))
      << built->origin();
  auto read = LoadOrBuildHeaderTable(*image, cache);
  ASSERT_NE(read, nullptr);
  EXPECT_TRUE(read->origin().starts_with("read ")) << read->origin();
  EXPECT_EQ(read->size(), image->class_count());

  const HeaderTable::Header* list = read->Find("java/util/ArrayList");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->super, "java/util/AbstractList");
  std::vector<std::string_view> interfaces(list->interfaces.begin(), list->interfaces.end());
  EXPECT_EQ(interfaces, (std::vector<std::string_view>{"java/util/List", "java/util/RandomAccess",
                                                       "java/lang/Cloneable", "java/io/Serializable"}));
  EXPECT_EQ(list->major_version, 61);
  const HeaderTable::Header* object = read->Find("java/lang/Object");
  ASSERT_NE(object, nullptr);
  EXPECT_EQ(object->super, "");
  EXPECT_TRUE(object->interfaces.empty());
  EXPECT_EQ(read->Find("no/such/Class"), nullptr);
}

// An image of java.base alone (jlink, uncompressed), in `dir`: a fifth of
// the JDK's classes, for a test that builds the header table nine times
// (the whole JDK's took 24 s of the sanitizer build's tests so). Null, and
// the test skipped, without jlink.
std::unique_ptr<Archive> JavaBaseImage(const TempDir& dir) {
  const std::string jlink = kJavaHome + "/bin/jlink";
  const std::string output = dir.File("java.base-image");
  const std::string log = jwp::testing::RunCommand(jlink + " --add-modules java.base --output " + output + " 2>&1");
  auto a = OpenArchive(output + "/lib/modules");
  EXPECT_TRUE(a.ok()) << jlink << ": " << log << "\n" << a.status();
  return a.ok() ? std::move(*a) : nullptr;
}

TEST(HeaderCache, AFileThatDoesNotMatchTheImageIsWrittenAnew) {
  TempDir dir;
  auto image = JavaBaseImage(dir);
  ASSERT_NE(image, nullptr);
  ASSERT_GT(image->class_count(), 5000u);
  const std::string cache = dir.File("cache");
  ASSERT_NE(LoadOrBuildHeaderTable(*image, cache), nullptr);
  const std::string file = HeaderCachePath(*image, cache);
  const std::string good = ReadText(file);
  ASSERT_FALSE(good.empty());

  auto replace_first = [](std::string text, std::string_view from, std::string_view to) {
    size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
    return text;
  };
  // The first class's line, with its access flags changed: the first class
  // is in the sample that each load checks against the image.
  const size_t first_class = good.find('\n', good.find("\nclasses ") + 1) + 1;
  const size_t flags_at = good.find('\t', first_class) + 1;
  const size_t flags_end = good.find('\t', flags_at);
  std::string stale = good;
  stale.replace(flags_at, flags_end - flags_at, "4660");

  const std::vector<std::pair<std::string, std::string>> bad = {
      {"truncated", good.substr(0, good.size() / 2)},
      {"without its end", good.substr(0, good.size() - 4)},
      {"empty", ""},
      {"another format", replace_first(good, "jwp-class-headers 1\n", "jwp-class-headers 0\n")},
      {"another image", replace_first(good, "\nstamp ", "\nstamp 1")},
      {"another class count", replace_first(good, "\nclasses ", "\nclasses 1")},
      {"a malformed line", replace_first(good, "java/lang/Object\t", "java/lang/Object ")},
      {"a stale sampled class", stale},
  };
  for (const auto& [what, text] : bad) {
    WriteText(file, text);
    auto t = LoadOrBuildHeaderTable(*image, cache);
    ASSERT_NE(t, nullptr) << what;
    EXPECT_TRUE(t->origin().starts_with("wrote ")) << what << ": " << t->origin();
    EXPECT_EQ(ReadText(file), good) << what;
    EXPECT_EQ(t->size(), image->class_count()) << what;
  }
}

TEST(HeaderCache, OnlyJimagesAndOnlyWithADirectory) {
  auto image = JdkImage();
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(LoadOrBuildHeaderTable(*image, ""), nullptr);
  auto fixtures = OpenArchive(kRelease17);
  ASSERT_TRUE(fixtures.ok()) << fixtures.status();
  TempDir dir;
  EXPECT_EQ(LoadOrBuildHeaderTable(**fixtures, dir.path()), nullptr);
}

TEST(HeaderCache, ADirectoryThatCannotBeMadeStillGivesTheTable) {
  auto image = JdkImage();
  ASSERT_NE(image, nullptr);
  TempDir dir;
  WriteText(dir.File("a-file"), "not a directory");
  auto t = LoadOrBuildHeaderTable(*image, dir.File("a-file") + "/cache");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->origin(), "built");
  EXPECT_EQ(t->size(), image->class_count());
}

// Sets an environment variable for the scope (unset when `value` is empty).
class ScopedEnv {
 public:
  ScopedEnv(const char* name, std::optional<std::string> value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      setenv(name, value->c_str(), 1);
    } else {
      unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      setenv(name_, old_->c_str(), 1);
    } else {
      unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(HeaderCache, DefaultDirectory) {
  ScopedEnv home("HOME", "/home/u");
  {
    ScopedEnv jwp("JWP_CACHE_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
    EXPECT_EQ(DefaultCacheDir(), "/home/u/.cache/jwp");
    ScopedEnv xdg_set("XDG_CACHE_HOME", "/var/cache/u");
    EXPECT_EQ(DefaultCacheDir(), "/var/cache/u/jwp");
    ScopedEnv xdg_relative("XDG_CACHE_HOME", "relative");  // ignored, as the spec says
    EXPECT_EQ(DefaultCacheDir(), "/home/u/.cache/jwp");
  }
  {
    ScopedEnv jwp("JWP_CACHE_DIR", "/tmp/jwp-cache");
    EXPECT_EQ(DefaultCacheDir(), "/tmp/jwp-cache");
  }
  for (const char* off : {"", "off"}) {
    ScopedEnv jwp("JWP_CACHE_DIR", off);
    EXPECT_EQ(DefaultCacheDir(), "") << off;
  }
  {
    ScopedEnv jwp("JWP_CACHE_DIR", std::nullopt);
    ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
    ScopedEnv no_home("HOME", std::nullopt);
    EXPECT_EQ(DefaultCacheDir(), "");
  }
}

}  // namespace
}  // namespace jwp::classfile
