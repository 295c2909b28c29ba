// The failure path of JWP_CHECK (base/check.h).
#include "base/check.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace jwp::base {
namespace {
int failure_fd = -1;
}  // namespace

void set_check_failure_fd(int fd) { failure_fd = fd; }

void check_failed(const char* file, int line, const char* condition, std::string_view message) {
  std::fprintf(stderr, "%s:%d: check failed: %s: %.*s\n", file, line, condition,
               static_cast<int>(message.size()), message.data());
  std::fflush(stderr);
  if (failure_fd >= 0) {
    std::string text = std::string("C ") + file + ":" + std::to_string(line) + ": " + condition + ": ";
    text.append(message.data(), message.size());
    for (char& c : text) {
      if (c == '\n') c = ' ';
    }
    text += '\n';
    for (size_t done = 0; done < text.size();) {
      const ssize_t n = ::write(failure_fd, text.data() + done, text.size() - done);
      if (n <= 0) break;
      done += static_cast<size_t>(n);
    }
  }
  std::abort();
}

}  // namespace jwp::base
