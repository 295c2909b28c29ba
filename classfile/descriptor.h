// Field and method descriptors (JVMS 4.3) and generic signatures (JVMS
// 4.7.9.1): parsing with validation, and printing as Java source spells
// types (`java.lang.String[]`, `int`, `(int, java.lang.Object...)`,
// `java.util.Map<K, ? super V>`).
//
// Ownership: every string_view in a parsed FieldType, MethodDescriptor or
// signature points into the string that was parsed and lives as long as it
// (for descriptors taken from a ClassFile: as long as the ClassFile).
#ifndef JWP_CLASSFILE_DESCRIPTOR_H_
#define JWP_CLASSFILE_DESCRIPTOR_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace jwp::classfile {

// The JVMS base types, plus void (return types only) and class references.
enum class BaseType : uint8_t {
  kByte,       // B
  kChar,       // C
  kDouble,     // D
  kFloat,      // F
  kInt,        // I
  kLong,       // J
  kShort,      // S
  kBoolean,    // Z
  kVoid,       // V
  kReference,  // L<class name>;
};

// "byte", ..., "boolean", "void"; "" for kReference.
const char* BaseTypeName(BaseType type);
// 'B', ..., 'V', 'L'.
char BaseTypeChar(BaseType type);

// A field type: `kind` is the element type of an array, the type itself
// otherwise. `class_name` is the internal name (java/lang/String) when kind
// is kReference, empty otherwise.
struct FieldType {
  BaseType kind = BaseType::kInt;
  int array_dims = 0;  // 0..255
  std::string_view class_name;

  bool IsArray() const { return array_dims > 0; }
  bool IsReference() const { return array_dims > 0 || kind == BaseType::kReference; }
  bool IsVoid() const { return array_dims == 0 && kind == BaseType::kVoid; }
  // Local-variable slots: 2 for long and double, 0 for void, 1 otherwise.
  int Slots() const;
  // The type with one array dimension removed (requires IsArray()).
  FieldType Element() const;
  // The descriptor again, e.g. "[Ljava/lang/String;".
  std::string Descriptor() const;

  friend bool operator==(const FieldType&, const FieldType&) = default;
};

struct MethodDescriptor {
  std::vector<FieldType> params;
  FieldType ret;  // kind kVoid for void methods

  // Slots the parameters take, without the receiver.
  int ParameterSlots() const;
};

// Parses a field descriptor such as "[[I" or "Ljava/lang/String;". Errors
// say what is wrong and at which offset of the descriptor.
absl::StatusOr<FieldType> ParseFieldDescriptor(std::string_view descriptor);
// Parses a method descriptor such as "(IJ[Ljava/lang/Object;)V", checking
// the JVMS 4.3.3 limit of 255 parameter slots (with the receiver unless
// `is_static`).
absl::StatusOr<MethodDescriptor> ParseMethodDescriptor(std::string_view descriptor,
                                                       bool is_static = true);

// "java/util/Map$Entry" -> "java.util.Map$Entry".
std::string JavaName(std::string_view internal_name);
// "java.util.Map$Entry" -> "java/util/Map$Entry" (the inverse).
std::string InternalName(std::string_view java_name);
// "Ljava/lang/String;" -> "java/lang/String"; any other text (an array
// descriptor, a name already internal) unchanged.
std::string_view InternalNameOf(std::string_view descriptor);
// "int", "java.lang.String[][]".
std::string JavaTypeName(const FieldType& type);
// "(int, java.lang.String)"; with `varargs` the last array parameter prints
// as "java.lang.String...".
std::string JavaParameterList(const MethodDescriptor& method, bool varargs = false);

// --- Generic signatures (JVMS 4.7.9.1) ------------------------------------

struct TypeSignature;

// One segment of a class type: the first segment's name is a full internal
// name ("java/util/Map"), later ones are simple names of inner classes.
struct ClassTypeSegment {
  std::string_view name;
  std::vector<TypeSignature> type_args;  // may hold wildcards
};

struct TypeSignature {
  enum class Kind : uint8_t {
    kBase,          // B C D F I J S Z, and V as a return type
    kClass,         // L...;
    kTypeVariable,  // T<name>;
    kArray,         // [<type>
    kWildcard,      // *, +<bound>, -<bound> (type arguments only)
  };
  Kind kind = Kind::kBase;
  BaseType base = BaseType::kVoid;       // kBase
  std::string_view name;                 // kTypeVariable
  char wildcard = 0;                     // kWildcard: '*', '+' or '-'
  std::vector<ClassTypeSegment> segments;  // kClass, outermost first
  std::vector<TypeSignature> children;   // kArray: the element; kWildcard '+'/'-': the bound

  // A class type naming java/lang/Object with no type arguments.
  bool IsObject() const;
};

struct TypeParameter {
  std::string_view name;
  std::optional<TypeSignature> class_bound;  // absent in "T::Ljava/lang/Runnable;"
  std::vector<TypeSignature> interface_bounds;
};

struct ClassSignature {
  std::vector<TypeParameter> type_params;
  TypeSignature superclass;
  std::vector<TypeSignature> interfaces;
};

struct MethodSignature {
  std::vector<TypeParameter> type_params;
  std::vector<TypeSignature> params;
  TypeSignature ret;  // kBase kVoid for void
  std::vector<TypeSignature> throws;
};

// A field's Signature attribute: a reference type signature (JVMS), or, as
// javac never writes but javap accepts, a base type.
absl::StatusOr<TypeSignature> ParseFieldSignature(std::string_view signature);
absl::StatusOr<ClassSignature> ParseClassSignature(std::string_view signature);
absl::StatusOr<MethodSignature> ParseMethodSignature(std::string_view signature);

// How class names print: java.util.Map (kJava) or java/util/Map (kInternal).
enum class NameStyle : uint8_t { kJava, kInternal };

// "java.util.Map$Entry<K, ? super V>[]"; segments of nested parameterized
// types are joined with '.': "a.Outer<T>.Inner<U>".
std::string SignatureToString(const TypeSignature& type, NameStyle style = NameStyle::kJava);
// "<K, V extends java.lang.Comparable<V>>"; "" when `params` is empty. With
// `omit_object_bounds`, a class bound of java.lang.Object is left out (as
// Java source writes it).
std::string TypeParametersToString(const std::vector<TypeParameter>& params,
                                   bool omit_object_bounds = true,
                                   NameStyle style = NameStyle::kJava);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_DESCRIPTOR_H_
