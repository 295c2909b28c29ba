// Finding the JDK whose class library backs the class path: --jdk if given,
// then JAVA_HOME, then the `java` found on PATH (symlinks resolved). Its
// classes come from the jimage (lib/modules) when present, else its jmods.
#ifndef JWP_CLASSFILE_JDK_H_
#define JWP_CLASSFILE_JDK_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace jwp::classfile {

struct Jdk {
  std::string home;
  std::string version;     // JAVA_VERSION from the release file, e.g. "17.0.15"
  int feature = 0;         // 17
  std::string modules;     // lib/modules, "" if absent
  std::vector<std::string> jmods;  // jmods/*.jmod, sorted
};

// Describes the JDK installed at `home`.
absl::StatusOr<Jdk> InspectJdk(const std::string& home);

// Finds the JDK: `explicit_home` if non-empty, else $JAVA_HOME, else the
// java on $PATH. Errors say which of these were tried.
absl::StatusOr<Jdk> FindJdk(std::string_view explicit_home);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_JDK_H_
