// Shared helpers for jwp's GoogleTest suites: where the build put the Java
// fixtures, which JDK the build used, and small file utilities.
#ifndef JWP_TESTS_TEST_SUPPORT_H_
#define JWP_TESTS_TEST_SUPPORT_H_

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace jwp::testing {

// build/fixtures: release8/, release17/ (class directories), release8.jar,
// release17.jar, multirelease.jar.
inline std::string FixturesDir() { return JWP_FIXTURES_DIR; }
inline std::string Release8Dir() { return FixturesDir() + "/release8"; }
inline std::string Release17Dir() { return FixturesDir() + "/release17"; }
inline std::string SourceDir() { return JWP_SOURCE_DIR; }
inline std::string BinaryDir() { return JWP_BINARY_DIR; }
// The JDK whose javac built the fixtures (JDK 17 on Debian 12).
inline std::string JavaHome() { return JWP_JAVA_HOME; }
// The Python interpreter the build found (the interpreter itself, not a
// version manager's shim: tests/CMakeLists.txt).
inline std::string Python3() { return JWP_PYTHON3; }
inline std::string Jdk25Home() { return "/usr/lib/jvm/temurin-25-jdk-amd64"; }
// The jwp binary of this build.
inline std::string JwpBinary() { return BinaryDir() + "/bin/jwp"; }
// The jwp binary of the tests that ask what the search finds on the
// fixtures (tests/app/paper_figures_test.cc, models_test.cc,
// lambdas_test.cc): this build's, unless JWP_ENGINE_BINARY names another.
// tests/run_all.sh names the optimized build's in its sanitizer pass: there
// these tests took 60% of the unit tests' time in the engine, whose code
// runs under the sanitizers in wp_tests, the expectation sample and the
// build comparison; the command-line tests keep this build's binary.
inline std::string EngineJwpBinary() {
  const char* other = std::getenv("JWP_ENGINE_BINARY");
  return other != nullptr && *other != '\0' ? std::string(other) : JwpBinary();
}

inline std::vector<uint8_t> ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// False when the file could not be written whole.
inline bool WriteFileBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return out.good();
}

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The 1-based number of the first line of source file `path` (relative to
// the source tree) that holds `text`; -1, and a test failure, if none does.
inline int LineHolding(const std::string& path, std::string_view text) {
  std::ifstream in(SourceDir() + "/" + path);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.find(text) != std::string::npos) return n;
  }
  ADD_FAILURE() << "no line of " << path << " holds " << text;
  return -1;
}

// Writes the file, making its directory first.
inline void WriteText(const std::string& path, std::string_view text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  ASSERT_TRUE(out.good()) << path;
}

// A fresh directory under GoogleTest's temporary directory, removed with
// everything in it when the object goes.
class TempDir {
 public:
  TempDir() {
    std::string pattern = ::testing::TempDir() + "jwp_test_XXXXXX";
    char* made = mkdtemp(pattern.data());
    EXPECT_NE(made, nullptr) << "mkdtemp " << pattern;
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string File(std::string_view name) const { return path_ + "/" + std::string(name); }

 private:
  std::string path_;
};

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JWP_TESTS_UNDER_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define JWP_TESTS_UNDER_ASAN 1
#endif
#ifdef JWP_TESTS_UNDER_ASAN
constexpr bool kUnderAsan = true;  // jwp's --memory-mb caps are off there (ASan reserves terabytes)
#else
constexpr bool kUnderAsan = false;
#endif

// Under AddressSanitizer, the processes a test starts (jwp, mostly) skip
// LeakSanitizer's check at exit: it took half of a short jwp run (0.65 of
// 1.3 s), over some 150 runs in the unit tests. The test binary's own
// process is still checked at its exit (its options were read when it
// started), and so is every jwp run of the end-to-end sample that the
// sanitizer build runs (wp_expectations_release17, javap_diff_sample).
inline void SkipLeakCheckInChildren() {
#ifdef JWP_TESTS_UNDER_ASAN
  static const bool done = [] {
    const char* o = std::getenv("ASAN_OPTIONS");
    const std::string options = (o != nullptr && *o != '\0') ? std::string(o) + ":" : std::string();
    setenv("ASAN_OPTIONS", (options + "detect_leaks=0").c_str(), 1);
    return true;
  }();
  (void)done;
#endif
}

// Runs a shell command and returns its standard output; *status gets the
// exit status when non-null (-1 when the command could not be started or
// did not exit).
inline std::string RunCommand(const std::string& command, int* status = nullptr) {
  SkipLeakCheckInChildren();
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) {
    if (status) *status = -1;
    return out;
  }
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int rc = pclose(p);
  if (status) *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

}  // namespace jwp::testing

#endif  // JWP_TESTS_TEST_SUPPORT_H_
