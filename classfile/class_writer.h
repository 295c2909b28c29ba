// Writes small class files (JVMS chapter 4) from parts: an interned
// constant pool, fields, and methods whose Code attributes hold straight-line
// bytecode without exception tables or stack maps. It exists for classes the
// analysis makes up and then reads back through ParseClassFile, as the JVM
// spins classes at run time (the classes LambdaMetafactory defines for
// lambdas, callgraph/lambda_classes.h). Version 52 (Java 8): code without
// branches needs no StackMapTable.
#ifndef JWP_CLASSFILE_CLASS_WRITER_H_
#define JWP_CLASSFILE_CLASS_WRITER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace jwp::classfile {

class ClassWriter {
 public:
  // Constant-pool entries, each added once; the result is its index.
  uint16_t Utf8(std::string_view text);
  uint16_t Class(std::string_view internal_name);
  uint16_t NameAndType(std::string_view name, std::string_view descriptor);
  uint16_t Field(std::string_view owner, std::string_view name, std::string_view descriptor);
  uint16_t Method(std::string_view owner, std::string_view name, std::string_view descriptor,
                  bool interface_owner);
  // A String constant (for ldc) of UTF-8 text, stored as modified UTF-8.
  uint16_t String(std::string_view utf8);

  void SetClass(uint16_t access_flags, std::string_view name, std::string_view super_name,
                const std::vector<std::string>& interfaces);
  void AddField(uint16_t access_flags, std::string_view name, std::string_view descriptor);
  void AddMethod(uint16_t access_flags, std::string_view name, std::string_view descriptor,
                 uint16_t max_stack, uint16_t max_locals, std::vector<uint8_t> code);

  // The class file's bytes.
  std::vector<uint8_t> Bytes() const;

 private:
  uint16_t Add(std::vector<uint8_t> entry);

  struct Member {
    uint16_t access, name, descriptor;
    uint16_t max_stack = 0, max_locals = 0;
    std::vector<uint8_t> code;  // empty for fields
  };
  std::vector<std::vector<uint8_t>> pool_;  // entries 1..n, tag first
  std::map<std::vector<uint8_t>, uint16_t> index_;
  uint16_t access_ = 0, this_ = 0, super_ = 0;
  std::vector<uint16_t> interfaces_;
  std::vector<Member> fields_, methods_;
  uint16_t code_name_ = 0;
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_WRITER_H_
