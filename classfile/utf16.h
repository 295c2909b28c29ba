// A Java String's characters: the UTF-16 code units of a string the class
// file gives as UTF-8 (after DecodeModifiedUtf8), and back. Shared by the
// String model (models/), the forward analysis (absint/) and the witness.
#ifndef JWP_CLASSFILE_UTF16_H_
#define JWP_CLASSFILE_UTF16_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jwp::classfile {

// The UTF-16 code units of a string given as (Java's modified or standard)
// UTF-8; malformed bytes become U+FFFD.
std::vector<uint16_t> Utf16(std::string_view utf8);

// UTF-8 for UTF-16 code units; nullopt when one is an unpaired surrogate.
std::optional<std::string> Utf8(const std::vector<uint16_t>& units);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_UTF16_H_
