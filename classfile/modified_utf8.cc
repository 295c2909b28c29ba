#include "classfile/modified_utf8.h"

#include <cstring>

namespace jwp::classfile {

bool DecodesToItself(std::span<const uint8_t> bytes) {
  constexpr uint64_t kOnes = 0x0101010101010101ull;
  constexpr uint64_t kHighs = 0x8080808080808080ull;
  const size_t n = bytes.size();
  size_t i = 0;
  while (i < n) {
    // ASCII without NUL, eight bytes at a time: no byte with its high bit
    // set, and no zero byte (the classic "has zero byte" test:
    // (w - 0x01..01) & ~w & 0x80..80).
    uint64_t w;
    if (i + 8 <= n && (std::memcpy(&w, bytes.data() + i, 8), (w & kHighs) == 0) &&
        ((w - kOnes) & ~w & kHighs) == 0) {
      i += 8;
      continue;
    }
    const uint8_t b0 = bytes[i];
    if (b0 == 0) return false;
    if (b0 < 0x80) {
      i += 1;
      continue;
    }
    // C0 and C1 lead the two-byte NUL and overlong forms, which decode to
    // fewer bytes; F0 and above never occur in modified UTF-8.
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      if (i + 1 >= n || (bytes[i + 1] & 0xC0) != 0x80) return false;
      i += 2;
      continue;
    }
    if ((b0 & 0xF0) == 0xE0) {
      if (i + 2 >= n || (bytes[i + 1] & 0xC0) != 0x80 || (bytes[i + 2] & 0xC0) != 0x80) return false;
      if (b0 == 0xE0 && bytes[i + 1] < 0xA0) return false;   // overlong
      if (b0 == 0xED && bytes[i + 1] >= 0xA0) return false;  // a surrogate (pairs are joined)
      i += 3;
      continue;
    }
    return false;
  }
  return true;
}

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}


std::optional<std::string> DecodeModifiedUtf8(std::span<const uint8_t> bytes, size_t* bad_index) {
  std::string out;
  out.reserve(bytes.size());
  size_t i = 0;
  const size_t n = bytes.size();
  // Reads one modified-UTF-8 unit (a UTF-16 code unit) starting at i.
  auto read_unit = [&](uint32_t* unit) -> bool {
    uint8_t b0 = bytes[i];
    if (b0 == 0 || b0 >= 0xF0) return false;  // NUL and 4-byte forms never occur
    if (b0 < 0x80) {
      *unit = b0;
      i += 1;
      return true;
    }
    if ((b0 & 0xE0) == 0xC0) {
      if (i + 1 >= n || (bytes[i + 1] & 0xC0) != 0x80) return false;
      *unit = ((b0 & 0x1Fu) << 6) | (bytes[i + 1] & 0x3Fu);
      i += 2;
      return true;
    }
    if ((b0 & 0xF0) == 0xE0) {
      if (i + 2 >= n || (bytes[i + 1] & 0xC0) != 0x80 || (bytes[i + 2] & 0xC0) != 0x80) return false;
      *unit = ((b0 & 0x0Fu) << 12) | ((bytes[i + 1] & 0x3Fu) << 6) | (bytes[i + 2] & 0x3Fu);
      i += 3;
      return true;
    }
    return false;  // a lone continuation byte
  };
  while (i < n) {
    // Runs of plain ASCII are copied as they are.
    size_t run = i;
    while (run < n && bytes[run] != 0 && bytes[run] < 0x80) ++run;
    if (run > i) {
      out.append(reinterpret_cast<const char*>(bytes.data() + i), run - i);
      i = run;
      if (i >= n) break;
    }
    size_t start = i;
    uint32_t unit = 0;
    if (!read_unit(&unit)) {
      if (bad_index) *bad_index = start;
      return std::nullopt;
    }
    if (unit >= 0xD800 && unit <= 0xDBFF && i < n) {
      // A high surrogate followed by a low one is one supplementary character.
      size_t save = i;
      uint32_t low = 0;
      if (read_unit(&low) && low >= 0xDC00 && low <= 0xDFFF) {
        AppendUtf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
        continue;
      }
      i = save;
    }
    // Unpaired surrogates are legal in modified UTF-8 (Java strings may hold
    // them); they are kept in their three-byte form (WTF-8 style).
    AppendUtf8(out, unit);
  }
  return out;
}

std::string EncodeModifiedUtf8(std::string_view utf8) {
  std::string out;
  const auto* p = reinterpret_cast<const uint8_t*>(utf8.data());
  size_t n = utf8.size();
  auto put3 = [&](uint32_t u) {
    out.push_back(static_cast<char>(0xE0 | (u >> 12)));
    out.push_back(static_cast<char>(0x80 | ((u >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (u & 0x3F)));
  };
  for (size_t i = 0; i < n;) {
    uint8_t b = p[i];
    if (b == 0) {
      out.push_back(static_cast<char>(0xC0));
      out.push_back(static_cast<char>(0x80));
      i += 1;
    } else if ((b & 0xF8) == 0xF0 && i + 3 < n) {
      uint32_t cp = ((b & 0x07u) << 18) | ((p[i + 1] & 0x3Fu) << 12) | ((p[i + 2] & 0x3Fu) << 6) |
                    (p[i + 3] & 0x3Fu);
      cp -= 0x10000;
      put3(0xD800 + (cp >> 10));
      put3(0xDC00 + (cp & 0x3FF));
      i += 4;
    } else {
      out.push_back(static_cast<char>(b));
      i += 1;
    }
  }
  return out;
}

}  // namespace jwp::classfile
