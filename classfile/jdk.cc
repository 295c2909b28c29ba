#include "classfile/jdk.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "absl/status/status.h"
#include "classfile/strings.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace jwp::classfile {

namespace fs = std::filesystem;

absl::StatusOr<Jdk> InspectJdk(const std::string& home) {
  std::error_code ec;
  if (!fs::is_directory(home, ec)) {
    return absl::NotFoundError(Cat(home, ": not a directory (looking for a JDK)"));
  }
  Jdk jdk;
  jdk.home = fs::canonical(home, ec).string();
  if (ec) jdk.home = home;
  std::ifstream release(jdk.home + "/release");
  std::string line;
  while (std::getline(release, line)) {
    std::string_view v = line;
    if (ConsumePrefix(&v, "JAVA_VERSION=")) {
      ConsumePrefix(&v, "\"");
      if (v.ends_with('"')) v.remove_suffix(1);
      jdk.version = std::string(v);
      std::string_view first = v.substr(0, v.find_first_of(".+-_"));
      int f = 0;
      if (ParseInt(first, &f)) jdk.feature = f == 1 ? 8 : f;  // "1.8.0" is 8
    }
  }
  std::string modules = jdk.home + "/lib/modules";
  if (fs::is_regular_file(modules, ec)) jdk.modules = modules;
  std::string jmods_dir = jdk.home + "/jmods";
  if (fs::is_directory(jmods_dir, ec)) {
    for (const auto& e : fs::directory_iterator(jmods_dir, ec)) {
      if (e.path().extension() == ".jmod") jdk.jmods.push_back(e.path().string());
    }
    std::sort(jdk.jmods.begin(), jdk.jmods.end());
  }
  if (jdk.modules.empty() && jdk.jmods.empty()) {
    return absl::NotFoundError(
        Cat(home, ": not a JDK 9 or later (no lib/modules and no jmods/)"));
  }
  return jdk;
}

absl::StatusOr<Jdk> FindJdk(std::string_view explicit_home) {
  if (!explicit_home.empty()) return InspectJdk(std::string(explicit_home));
  if (const char* jh = std::getenv("JAVA_HOME"); jh != nullptr && *jh != '\0') {
    auto jdk = InspectJdk(jh);
    if (jdk.ok()) return jdk;
    return absl::NotFoundError(Cat("JAVA_HOME=", jh, " is not usable: ",
                                            jdk.status().message()));
  }
  const char* path = std::getenv("PATH");
  if (path != nullptr) {
    for (std::string_view dir : Split(path, ':')) {
      if (dir.empty()) continue;
      fs::path java = fs::path(std::string(dir)) / "java";
      std::error_code ec;
      if (!fs::exists(java, ec)) continue;
      fs::path real = fs::canonical(java, ec);
      if (ec) continue;
      // .../bin/java -> ...
      auto jdk = InspectJdk(real.parent_path().parent_path().string());
      if (jdk.ok()) return jdk;
    }
  }
  return absl::NotFoundError(
      "no JDK found: pass --jdk DIR, set JAVA_HOME, or put a JDK's java on PATH");
}

}  // namespace jwp::classfile
