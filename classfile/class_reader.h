// Parses class files (JVMS chapter 4), versions 45 to 69 (Java 1.1 to 25).
// The reader checks every length, index and cross reference of the constant
// pool before anything can use it, so that a ClassFile it returns is
// well-formed as far as structure goes; bytecode is decoded on demand by
// bytecode.h. Errors name the origin and the byte offset:
//   "guava.jar!com/google/common/base/Strings.class: offset 0x1a2: constant-pool index 77 out of range (count 64)"
#ifndef JWP_CLASSFILE_CLASS_READER_H_
#define JWP_CLASSFILE_CLASS_READER_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_file.h"

namespace jwp::classfile {

inline constexpr uint16_t kMinMajorVersion = 45;
inline constexpr uint16_t kMaxMajorVersion = 69;

// Parses a whole class file. `origin` names it in error messages.
absl::StatusOr<std::shared_ptr<const ClassFile>> ParseClassFile(std::vector<uint8_t> bytes,
                                                                std::string origin);

// What the class hierarchy needs, read without decoding members.
struct ClassHeader {
  uint16_t major_version = 0;
  uint16_t access_flags = 0;
  std::string name;   // internal form
  std::string super;  // "" for java/lang/Object and module-info
  std::vector<std::string> interfaces;
};

// Reads the constant pool and the class header only (fast; used to index
// whole class paths). Checks what it reads as ParseClassFile does.
absl::StatusOr<ClassHeader> ParseClassHeader(std::span<const uint8_t> bytes, std::string_view origin);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_READER_H_
