// Modified UTF-8 (JVMS 4.4.7): the string encoding of CONSTANT_Utf8_info.
// Decoding yields standard UTF-8; supplementary characters, which modified
// UTF-8 writes as surrogate pairs of three bytes each, are joined into four-byte
// sequences, and the two-byte form of U+0000 becomes a plain NUL byte.
#ifndef JWP_CLASSFILE_MODIFIED_UTF8_H_
#define JWP_CLASSFILE_MODIFIED_UTF8_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace jwp::classfile {

// True when the bytes are modified UTF-8 whose decoding is the bytes
// themselves: ASCII without NUL, and two- and three-byte sequences in their
// shortest form that are not surrogates (most non-ASCII text: accents, CJK).
// A false answer says nothing: the bytes may still decode, differently.
bool DecodesToItself(std::span<const uint8_t> bytes);

// Decodes modified UTF-8. On malformed input returns nullopt and sets
// *bad_index to the offset of the offending byte within `bytes`.
std::optional<std::string> DecodeModifiedUtf8(std::span<const uint8_t> bytes, size_t* bad_index);

// Encodes UTF-8 as modified UTF-8 (the inverse of DecodeModifiedUtf8 for
// well-formed input). Used by tests and by writers of class files.
std::string EncodeModifiedUtf8(std::string_view utf8);

// Appends code point `cp` (at most U+10FFFF) to `out` as standard UTF-8.
void AppendUtf8(std::string& out, uint32_t cp);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_MODIFIED_UTF8_H_
