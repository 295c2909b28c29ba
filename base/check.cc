// The failure path of JWP_CHECK (base/check.h).
#include "base/check.h"

#include <cstdio>
#include <cstdlib>

namespace jwp::base {

void check_failed(const char* file, int line, const char* condition, std::string_view message) {
  std::fprintf(stderr, "%s:%d: check failed: %s: %.*s\n", file, line, condition,
               static_cast<int>(message.size()), message.data());
  std::fflush(stderr);
  std::abort();
}

}  // namespace jwp::base
