// Small helpers shared by logic/'s .cc files.
#ifndef JWP_LOGIC_INTERNAL_UTIL_H_
#define JWP_LOGIC_INTERNAL_UTIL_H_

#include <string_view>

#include "absl/strings/string_view.h"

namespace jwp::logic::internal {

// Debian's Abseil keeps absl::string_view distinct from std::string_view.
inline absl::string_view av(std::string_view s) { return absl::string_view(s.data(), s.size()); }

}  // namespace jwp::logic::internal

#endif  // JWP_LOGIC_INTERNAL_UTIL_H_
