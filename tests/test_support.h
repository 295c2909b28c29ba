// Shared helpers for jwp's GoogleTest suites: where the build put the Java
// fixtures, which JDK the build used, and small file utilities.
#ifndef JWP_TESTS_TEST_SUPPORT_H_
#define JWP_TESTS_TEST_SUPPORT_H_

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
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
inline std::string Jdk25Home() { return "/usr/lib/jvm/temurin-25-jdk-amd64"; }

inline std::vector<uint8_t> ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

inline void WriteFileBytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

// Runs a shell command and returns its standard output; *status gets the
// exit status when non-null.
inline std::string RunCommand(const std::string& command, int* status = nullptr) {
  std::string out;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int rc = pclose(p);
  if (status) *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  return out;
}

}  // namespace jwp::testing

#endif  // JWP_TESTS_TEST_SUPPORT_H_
