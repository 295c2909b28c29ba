// String helpers over std::string_view. Debian's Abseil keeps
// absl::string_view distinct from std::string_view, so absl::StrCat and
// absl's string-keyed maps do not take std::string_view; jwp uses
// std::string_view throughout and these helpers instead.
#ifndef JWP_CLASSFILE_STRINGS_H_
#define JWP_CLASSFILE_STRINGS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

namespace jwp {

namespace strings_internal {
inline void Append(std::string& out, std::string_view s) { out.append(s); }
inline void Append(std::string& out, const char* s) { out.append(s); }
inline void Append(std::string& out, const std::string& s) { out.append(s); }
inline void Append(std::string& out, char c) { out.push_back(c); }
inline void Append(std::string& out, absl::string_view s) { out.append(s.data(), s.size()); }
template <typename T>
  requires std::is_arithmetic_v<T>
void Append(std::string& out, T v) {
  out.append(std::to_string(v));
}
}  // namespace strings_internal

// Concatenates strings, string views, characters and numbers.
template <typename... Args>
std::string Cat(const Args&... args) {
  std::string out;
  (strings_internal::Append(out, args), ...);
  return out;
}

// Splits on `sep`; with skip_empty, empty pieces are dropped.
inline std::vector<std::string_view> Split(std::string_view s, char sep, bool skip_empty = false) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (true) {
    size_t end = s.find(sep, start);
    std::string_view piece = s.substr(start, end == std::string_view::npos ? s.npos : end - start);
    if (!skip_empty || !piece.empty()) out.push_back(piece);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return out;
}

inline bool ConsumePrefix(std::string_view* s, std::string_view prefix) {
  if (!s->starts_with(prefix)) return false;
  s->remove_prefix(prefix.size());
  return true;
}

inline std::string_view StripWhitespace(std::string_view s) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = static_cast<char>(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

inline bool StartsWithIgnoreCase(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && EqualsIgnoreCase(s.substr(0, prefix.size()), prefix);
}

// Parses a decimal int; false on anything else (no sign other than '-', no space).
bool ParseInt(std::string_view s, int* out);

// Hash and equality that let string-keyed maps be searched by string_view.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};
struct StringEq {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const { return a == b; }
};

template <typename V>
using StringMap = absl::flat_hash_map<std::string, V, StringHash, StringEq>;
using StringSet = absl::flat_hash_set<std::string, StringHash, StringEq>;

}  // namespace jwp

#endif  // JWP_CLASSFILE_STRINGS_H_
