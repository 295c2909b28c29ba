// The parse tree of one class file (JVMS chapter 4). It holds only class-file
// notions: constant-pool indices, descriptors as strings, raw code bytes that
// the bytecode decoder (bytecode.h) reads on demand.
//
// Ownership: a ClassFile owns its bytes; every string_view and span in it
// points into those bytes or into the ClassFile's own string arena, and lives
// exactly as long as the ClassFile. ClassFiles are immutable once parsed and
// are shared as std::shared_ptr<const ClassFile>.
#ifndef JWP_CLASSFILE_CLASS_FILE_H_
#define JWP_CLASSFILE_CLASS_FILE_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jwp::classfile {

// Constant-pool tags (JVMS 4.4, Table 4.4-B).
enum class CpTag : uint8_t {
  kUnusable = 0,  // index 0 and the slot after a long or double
  kUtf8 = 1,
  kInteger = 3,
  kFloat = 4,
  kLong = 5,
  kDouble = 6,
  kClass = 7,
  kString = 8,
  kFieldref = 9,
  kMethodref = 10,
  kInterfaceMethodref = 11,
  kNameAndType = 12,
  kMethodHandle = 15,
  kMethodType = 16,
  kDynamic = 17,
  kInvokeDynamic = 18,
  kModule = 19,
  kPackage = 20,
};

const char* CpTagName(CpTag tag);

// Method-handle reference kinds (JVMS 5.4.3.5).
enum class RefKind : uint8_t {
  kGetField = 1,
  kGetStatic = 2,
  kPutField = 3,
  kPutStatic = 4,
  kInvokeVirtual = 5,
  kInvokeStatic = 6,
  kInvokeSpecial = 7,
  kNewInvokeSpecial = 8,
  kInvokeInterface = 9,
};

const char* RefKindName(RefKind kind);

// One constant-pool slot. The meaning of `a` and `b` depends on the tag:
//   Class, String, MethodType, Module, Package: a = Utf8 index
//   Fieldref, Methodref, InterfaceMethodref: a = Class index, b = NameAndType
//   NameAndType: a = name Utf8, b = descriptor Utf8
//   MethodHandle: ref_kind, a = reference index
//   Dynamic, InvokeDynamic: a = bootstrap method index, b = NameAndType
//   Integer, Float: bits (low 32); Long, Double: bits
//   Utf8: utf8 (decoded to standard UTF-8)
struct CpEntry {
  CpTag tag = CpTag::kUnusable;
  uint8_t ref_kind = 0;
  uint16_t a = 0;
  uint16_t b = 0;
  uint32_t offset = 0;  // byte offset of the tag in the class file
  uint64_t bits = 0;
  std::string_view utf8;
};

class ConstantPool {
 public:
  size_t size() const { return entries_.size(); }  // constant_pool_count
  bool Valid(uint16_t index) const {
    return index > 0 && index < entries_.size() && entries_[index].tag != CpTag::kUnusable;
  }
  bool Is(uint16_t index, CpTag tag) const { return Valid(index) && entries_[index].tag == tag; }
  const CpEntry& at(uint16_t index) const { return entries_[index]; }

  // Accessors for well-formed pools (the reader checked every cross
  // reference); they return "" on an index of the wrong kind.
  std::string_view Utf8(uint16_t index) const;
  std::string_view ClassName(uint16_t index) const;  // internal form, e.g. java/lang/Object
  std::string_view NameOfNameAndType(uint16_t index) const;
  std::string_view DescriptorOfNameAndType(uint16_t index) const;
  // For Fieldref/Methodref/InterfaceMethodref: owner class, name, descriptor.
  std::string_view MemberClass(uint16_t index) const;
  std::string_view MemberName(uint16_t index) const;
  std::string_view MemberDescriptor(uint16_t index) const;
  int32_t Integer(uint16_t index) const { return static_cast<int32_t>(entries_[index].bits); }
  int64_t Long(uint16_t index) const { return static_cast<int64_t>(entries_[index].bits); }
  float Float(uint16_t index) const;
  double Double(uint16_t index) const;

  std::vector<CpEntry>& mutable_entries() { return entries_; }
  const std::vector<CpEntry>& entries() const { return entries_; }

 private:
  std::vector<CpEntry> entries_;
};

// Access flags (JVMS Tables 4.1-B, 4.5-A, 4.6-A, 4.7.6-A).
namespace access {
inline constexpr uint16_t kPublic = 0x0001;
inline constexpr uint16_t kPrivate = 0x0002;
inline constexpr uint16_t kProtected = 0x0004;
inline constexpr uint16_t kStatic = 0x0008;
inline constexpr uint16_t kFinal = 0x0010;
inline constexpr uint16_t kSuper = 0x0020;         // classes
inline constexpr uint16_t kSynchronized = 0x0020;  // methods
inline constexpr uint16_t kVolatile = 0x0040;      // fields
inline constexpr uint16_t kBridge = 0x0040;        // methods
inline constexpr uint16_t kTransient = 0x0080;     // fields
inline constexpr uint16_t kVarargs = 0x0080;       // methods
inline constexpr uint16_t kNative = 0x0100;
inline constexpr uint16_t kInterface = 0x0200;
inline constexpr uint16_t kAbstract = 0x0400;
inline constexpr uint16_t kStrict = 0x0800;
inline constexpr uint16_t kSynthetic = 0x1000;
inline constexpr uint16_t kAnnotation = 0x2000;
inline constexpr uint16_t kEnum = 0x4000;
inline constexpr uint16_t kModule = 0x8000;
}  // namespace access

// --- Annotations (JVMS 4.7.16) -------------------------------------------

struct Annotation;

struct ElementValue {
  char tag = 0;                  // B C D F I J S Z s e c @ [
  uint16_t const_index = 0;      // B C D F I J S Z s: constant; e: type name; c: class info
  uint16_t enum_const_name = 0;  // e
  std::vector<Annotation> annotation;  // @: exactly one
  std::vector<ElementValue> array;     // [
};

// One element_value_pair. A plain struct rather than std::pair: clang 14 with
// libstdc++ 12 rejects std::pair<uint16_t, ElementValue> inside this cycle of
// types (ElementValue -> Annotation -> pair), which broke the JWP_FUZZ build.
struct ElementValuePair {
  uint16_t first = 0;  // element name, Utf8 index
  ElementValue second;
};

struct Annotation {
  uint16_t type_index = 0;  // Utf8 field descriptor, e.g. Ljavax/annotation/Nullable;
  std::vector<ElementValuePair> elements;  // name Utf8 -> value
};

struct Annotations {
  std::vector<Annotation> visible;
  std::vector<Annotation> invisible;
  bool empty() const { return visible.empty() && invisible.empty(); }
};

// --- Code (JVMS 4.7.3) ----------------------------------------------------

struct ExceptionTableEntry {
  uint16_t start_pc = 0;
  uint16_t end_pc = 0;
  uint16_t handler_pc = 0;
  uint16_t catch_type = 0;  // Class index, 0 for any
};

struct LineNumberEntry {
  uint16_t start_pc = 0;
  uint16_t line = 0;
};

struct LocalVariableEntry {
  uint16_t start_pc = 0;
  uint16_t length = 0;
  uint16_t name_index = 0;
  uint16_t descriptor_index = 0;  // descriptor (LVT) or signature (LVTT)
  uint16_t index = 0;
};

// StackMapTable verification types (JVMS 4.7.4).
struct VerificationType {
  enum Tag : uint8_t {
    kTop = 0, kInteger = 1, kFloat = 2, kDouble = 3, kLong = 4, kNull = 5,
    kUninitializedThis = 6, kObject = 7, kUninitialized = 8,
  };
  Tag tag = kTop;
  uint16_t value = 0;  // Object: Class index; Uninitialized: offset of `new`
};

struct StackMapFrame {
  uint8_t frame_type = 0;  // 0-63 same, 64-127 same_locals_1, 247, 248-250 chop, 251, 252-254 append, 255 full
  uint16_t offset_delta = 0;
  std::vector<VerificationType> locals;
  std::vector<VerificationType> stack;
};

struct CodeAttribute {
  uint16_t max_stack = 0;
  uint16_t max_locals = 0;
  uint32_t code_offset = 0;  // byte offset of code[0] in the class file
  std::span<const uint8_t> code;
  std::vector<ExceptionTableEntry> exception_table;
  std::vector<LineNumberEntry> line_numbers;
  std::vector<LocalVariableEntry> local_variables;
  std::vector<LocalVariableEntry> local_variable_types;
  std::vector<StackMapFrame> stack_map;
  bool has_stack_map = false;
  bool has_line_number_table = false;     // even an empty one (javap prints it)
  bool has_local_variable_table = false;
};

// --- Members ----------------------------------------------------------------

struct MethodParameter {
  uint16_t name_index = 0;  // 0: no name
  uint16_t access_flags = 0;
};

struct FieldInfo {
  uint16_t access_flags = 0;
  std::string_view name;
  std::string_view descriptor;
  uint16_t constant_value = 0;  // ConstantValue index, 0 if none
  std::string_view signature;
  Annotations annotations;
  bool synthetic_attr = false;
  bool deprecated = false;
};

struct MethodInfo {
  uint16_t access_flags = 0;
  std::string_view name;
  std::string_view descriptor;
  std::optional<CodeAttribute> code;
  std::vector<uint16_t> exceptions;  // Class indices (Exceptions attribute)
  std::string_view signature;
  std::vector<MethodParameter> parameters;
  Annotations annotations;
  std::vector<Annotations> parameter_annotations;  // one per parameter entry
  std::optional<ElementValue> annotation_default;
  bool synthetic_attr = false;
  bool deprecated = false;

  bool IsStatic() const { return access_flags & access::kStatic; }
  bool IsAbstract() const { return access_flags & access::kAbstract; }
  bool IsNative() const { return access_flags & access::kNative; }
  bool IsPrivate() const { return access_flags & access::kPrivate; }
};

// --- Class-level attributes --------------------------------------------------

struct InnerClassEntry {
  uint16_t inner_class_info = 0;
  uint16_t outer_class_info = 0;
  uint16_t inner_name = 0;
  uint16_t access_flags = 0;
};

struct BootstrapMethod {
  uint16_t method_ref = 0;  // MethodHandle index
  std::vector<uint16_t> arguments;
};

struct RecordComponent {
  std::string_view name;
  std::string_view descriptor;
  std::string_view signature;
  Annotations annotations;
};

struct ClassFile {
  ClassFile() = default;
  ClassFile(const ClassFile&) = delete;  // views point into bytes and string_arena
  ClassFile& operator=(const ClassFile&) = delete;

  // Where the bytes came from, for messages: "guava.jar!com/google/Foo.class".
  std::string origin;
  uint16_t minor_version = 0;
  uint16_t major_version = 0;
  ConstantPool pool;
  uint16_t access_flags = 0;
  std::string_view this_class;   // internal name
  uint16_t this_class_index = 0;  // its Class constant (javap shortens refs to it)
  std::string_view super_class;  // "" for java/lang/Object and module-info
  std::vector<std::string_view> interfaces;
  std::vector<FieldInfo> fields;
  std::vector<MethodInfo> methods;

  std::string_view source_file;
  std::string_view signature;
  Annotations annotations;
  std::vector<InnerClassEntry> inner_classes;
  std::optional<std::pair<uint16_t, uint16_t>> enclosing_method;  // class, NameAndType (0: none)
  std::string_view nest_host;
  std::vector<std::string_view> nest_members;
  std::vector<std::string_view> permitted_subclasses;
  std::optional<std::vector<RecordComponent>> record;
  std::vector<BootstrapMethod> bootstrap_methods;
  bool deprecated = false;
  bool synthetic_attr = false;

  bool IsInterface() const { return access_flags & access::kInterface; }
  bool IsAbstract() const { return access_flags & access::kAbstract; }
  bool IsFinal() const { return access_flags & access::kFinal; }
  bool IsModuleInfo() const { return access_flags & access::kModule; }

  // Owned storage behind the string views and spans.
  std::vector<uint8_t> bytes;
  std::deque<std::string> string_arena;
};

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_FILE_H_
