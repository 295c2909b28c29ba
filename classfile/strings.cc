#include "classfile/strings.h"

#include <charconv>

namespace jwp {

bool ParseInt(std::string_view s, int* out) {
  if (s.empty()) return false;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace jwp
