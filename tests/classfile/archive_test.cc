#include "classfile/archive.h"

#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>

#include "absl/container/flat_hash_set.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "classfile/bytecode.h"
#include "classfile/class_path.h"
#include "classfile/class_reader.h"
#include "classfile/jdk.h"
#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

using ::testing::HasSubstr;
namespace fs = std::filesystem;

std::vector<std::string> Names(const Archive& a) {
  std::vector<std::string> out;
  a.ForEachClass([&](std::string_view n) { out.emplace_back(n); });
  return out;
}

TEST(Archive, DirectoryAndJarListTheSameClasses) {
  auto dir = OpenArchive(jwp::testing::Release8Dir());
  auto jar = OpenArchive(jwp::testing::FixturesDir() + "/release8.jar");
  ASSERT_TRUE(dir.ok()) << dir.status();
  ASSERT_TRUE(jar.ok()) << jar.status();
  EXPECT_STREQ((*dir)->kind(), "directory");
  EXPECT_STREQ((*jar)->kind(), "jar");
  EXPECT_EQ(Names(**dir), Names(**jar));
  EXPECT_TRUE((*jar)->Contains("fixtures/Basics"));
  EXPECT_FALSE((*jar)->Contains("fixtures/Nope"));
  auto a = (*dir)->ReadClass("fixtures/Basics");
  auto b = (*jar)->ReadClass("fixtures/Basics");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_EQ((*jar)->EntryName("fixtures/Basics"),
            jwp::testing::FixturesDir() + "/release8.jar!fixtures/Basics.class");
  auto missing = (*jar)->ReadClass("fixtures/Nope");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
}

int ReleaseReturnedBy(const Archive& a) {
  auto bytes = a.ReadClass("mr/Version");
  EXPECT_TRUE(bytes.ok()) << bytes.status();
  auto cf = ParseClassFile(std::move(*bytes), "mr/Version");
  EXPECT_TRUE(cf.ok()) << cf.status();
  for (const auto& m : (*cf)->methods) {
    if (m.name != "release") continue;
    auto code = DecodeCode(**cf, m);
    EXPECT_TRUE(code.ok());
    return code->instructions[0].a;  // bipush N
  }
  return -1;
}

TEST(Archive, MultiReleaseJarPicksEntriesForTheRelease) {
  std::string path = jwp::testing::FixturesDir() + "/multirelease.jar";
  auto r17 = OpenArchive(path, {.release = 17});
  auto r8 = OpenArchive(path, {.release = 8});
  auto r11 = OpenArchive(path, {.release = 11});
  ASSERT_TRUE(r17.ok() && r8.ok() && r11.ok());
  EXPECT_EQ(ReleaseReturnedBy(**r17), 11);
  EXPECT_EQ(ReleaseReturnedBy(**r11), 11);
  EXPECT_EQ(ReleaseReturnedBy(**r8), 8);
  // Each class once, under its plain name.
  EXPECT_EQ(Names(**r17), (std::vector<std::string>{"mr/Common", "mr/Version"}));
  EXPECT_THAT((*r17)->EntryName("mr/Version"), HasSubstr("!META-INF/versions/11/mr/Version.class"));
  EXPECT_THAT((*r8)->EntryName("mr/Version"), HasSubstr("!mr/Version.class"));
}

TEST(Archive, ReadsJmodAndJimage) {
  std::string home = jwp::testing::JavaHome();
  auto jmod = OpenArchive(home + "/jmods/java.base.jmod");
  ASSERT_TRUE(jmod.ok()) << jmod.status();
  EXPECT_STREQ((*jmod)->kind(), "jmod");
  auto image = OpenArchive(home + "/lib/modules");
  ASSERT_TRUE(image.ok()) << image.status();
  EXPECT_STREQ((*image)->kind(), "jimage");
  for (const auto* a : {jmod->get(), image->get()}) {
    auto bytes = a->ReadClass("java/lang/Object");
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    auto cf = ParseClassFile(std::move(*bytes), a->EntryName("java/lang/Object"));
    ASSERT_TRUE(cf.ok()) << cf.status();
    EXPECT_EQ((*cf)->this_class, "java/lang/Object");
  }
  EXPECT_GT((*jmod)->class_count(), 5000u);
  EXPECT_GT((*image)->class_count(), 20000u);
  EXPECT_FALSE((*image)->Contains("module-info"));
  EXPECT_THAT((*image)->EntryName("java/lang/Object"), HasSubstr("!/java.base/java/lang/Object.class"));
}

TEST(Archive, ProcessesForkedAfterTheOpenReadAtOnce) {
  // `jwp validate` opens the class path once and forks a process per goal.
  // Reading through a FILE* shared the file offset among them: concurrent
  // reads seeked under each other ("Zlib error: data error").
  auto jar = OpenArchive(jwp::testing::FixturesDir() + "/release17.jar");
  ASSERT_TRUE(jar.ok()) << jar.status();
  const std::vector<std::string> names = Names(**jar);
  ASSERT_GT(names.size(), 100u);
  std::vector<std::vector<uint8_t>> expected;
  for (const std::string& n : names) {
    auto bytes = (*jar)->ReadClass(n);
    ASSERT_TRUE(bytes.ok()) << bytes.status();
    expected.push_back(*std::move(bytes));
  }
  constexpr int kChildren = 4;
  std::vector<pid_t> children;
  for (int c = 0; c < kChildren; ++c) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int bad = 0;
      for (int round = 0; round < 20; ++round) {
        for (size_t i = 0; i < names.size(); ++i) {
          auto bytes = (*jar)->ReadClass(names[i]);
          if (!bytes.ok() || *bytes != expected[i]) ++bad;
        }
      }
      _exit(bad == 0 ? 0 : 1);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a child read a class wrongly";
  }
}

TEST(Archive, ErrorsNameThePath) {
  auto missing = OpenArchive("/nonexistent/x.jar");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(std::string(missing.status().message()), HasSubstr("/nonexistent/x.jar"));

  std::string tmp = fs::temp_directory_path() / "jwp_archive_test_notzip.jar";
  jwp::testing::WriteFileBytes(tmp, {'n', 'o', 't', ' ', 'a', ' ', 'z', 'i', 'p'});
  auto notzip = OpenArchive(tmp);
  ASSERT_FALSE(notzip.ok());
  EXPECT_THAT(std::string(notzip.status().message()), HasSubstr(tmp + ": not a valid zip archive"));

  auto jar = jwp::testing::ReadFileBytes(jwp::testing::FixturesDir() + "/release8.jar");
  jar.resize(jar.size() / 2);
  jwp::testing::WriteFileBytes(tmp, jar);
  auto truncated = OpenArchive(tmp);
  ASSERT_FALSE(truncated.ok());
  EXPECT_THAT(std::string(truncated.status().message()), HasSubstr(tmp));
  fs::remove(tmp);
}

TEST(ClassPath, FirstDefinitionWins) {
  Diagnostics diag;
  std::string r8 = jwp::testing::Release8Dir(), r17 = jwp::testing::Release17Dir();
  auto a = ClassPath::Open(r17 + ":" + r8, {.jdk_home = "", .include_jdk = false}, &diag);
  auto b = ClassPath::Open(r8 + ":" + r17, {.jdk_home = "", .include_jdk = false}, &diag);
  ASSERT_TRUE(a.ok() && b.ok());
  auto ca = (*a)->Load("fixtures/Basics");
  auto cb = (*b)->Load("fixtures/Basics");
  ASSERT_TRUE(ca.ok() && cb.ok());
  EXPECT_EQ((*ca)->major_version, 61);
  EXPECT_EQ((*cb)->major_version, 52);
  // Classes only the later entry has are still found.
  EXPECT_TRUE((*b)->Load("fixtures/Modern").ok());
  // Cached: the same object twice.
  EXPECT_EQ(ca->get(), (*a)->Load("fixtures/Basics")->get());
  // Each class once, from the first entry that has it: the union of both
  // (javac --release 8 also emits access-tag classes such as Outer$1 that
  // --release 17 does not, so neither holds a superset of the other).
  absl::flat_hash_set<std::string> names;
  for (const auto& archive : (*b)->archives()) {
    archive->ForEachClass([&](std::string_view name) { names.emplace(name); });
  }
  size_t count = 0;
  (*b)->ForEachClass([&](std::string_view, const Archive&) { ++count; });
  EXPECT_EQ(count, names.size());
  EXPECT_EQ(diag.error_count(), 0u);
}

TEST(ClassPath, BrokenEntriesAreReportedAndSkipped) {
  Diagnostics diag;
  std::string cp = "/nonexistent.jar:" + jwp::testing::Release8Dir();
  auto p = ClassPath::Open(cp, {}, &diag);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(diag.error_count(), 1u);
  EXPECT_THAT(diag.Sorted()[0].message, HasSubstr("/nonexistent.jar"));
  EXPECT_TRUE((*p)->Load("fixtures/Basics").ok());
  EXPECT_TRUE((*p)->Load("java/util/ArrayList").ok());  // the JDK is behind the user's entries
  auto nope = (*p)->Load("no/such/Class");
  EXPECT_EQ(nope.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(std::string(nope.status().message()), HasSubstr("no/such/Class"));
}

TEST(Jdk, FindsAndDescribesJdks) {
  auto jdk17 = FindJdk(jwp::testing::JavaHome());
  ASSERT_TRUE(jdk17.ok()) << jdk17.status();
  EXPECT_EQ(jdk17->feature, 17);
  EXPECT_FALSE(jdk17->modules.empty());
  EXPECT_FALSE(jdk17->jmods.empty());
  if (fs::exists(jwp::testing::Jdk25Home())) {
    auto jdk25 = FindJdk(jwp::testing::Jdk25Home());
    ASSERT_TRUE(jdk25.ok()) << jdk25.status();
    EXPECT_EQ(jdk25->feature, 25);
    EXPECT_TRUE(jdk25->jmods.empty());  // JDK 25 ships no jmods: jimage only
  }
  auto bad = FindJdk("/tmp");
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(std::string(bad.status().message()), HasSubstr("/tmp: not a JDK"));
}

}  // namespace
}  // namespace jwp::classfile
