// Sorts of the jwp logic: the types of terms in the vocabulary of Snugglebug's
// Table 2 (PLDI'09, Section 3.1). Java's computational types (JVMS 2.11.1):
// boolean, byte, char, short and int values are all `int` (32-bit two's
// complement), long is 64-bit, float and double are IEEE binary32/binary64.
// Heap maps: one field map per declared field (Ref -> value) and one
// two-dimensional array map per element kind (Ref x int -> value).
#ifndef JWP_LOGIC_SORT_H_
#define JWP_LOGIC_SORT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace jwp::logic {

enum class SortKind : uint8_t {
  kBool,       // formulas
  kInt,        // Java int (and boolean, byte, char, short): 32-bit bit-vector
  kLong,       // 64-bit bit-vector
  kFloat,      // IEEE binary32
  kDouble,     // IEEE binary64
  kRef,        // references; `null` is a constant of this sort
  kType,       // dynamic types (class names, array descriptors)
  kMethod,     // concrete methods (targets of dispatch)
  kSignature,  // method references used as dispatch keys
  kString,     // reserved: string contents (no operations yet)
  kFieldMap,   // Ref -> element(); one constant per declared field
  kArrayMap,   // Ref x int -> element(); one constant per ArrayKind
};
inline constexpr int kSortKindCount = 12;

// A sort is a value: a kind plus, for maps, the scalar sort of their values.
// Two bytes, compared and hashed by value.
class Sort {
 public:
  constexpr Sort() = default;  // Bool
  static constexpr Sort Bool() { return Sort(SortKind::kBool); }
  static constexpr Sort Int() { return Sort(SortKind::kInt); }
  static constexpr Sort Long() { return Sort(SortKind::kLong); }
  static constexpr Sort Float() { return Sort(SortKind::kFloat); }
  static constexpr Sort Double() { return Sort(SortKind::kDouble); }
  static constexpr Sort Ref() { return Sort(SortKind::kRef); }
  static constexpr Sort Type() { return Sort(SortKind::kType); }
  static constexpr Sort Method() { return Sort(SortKind::kMethod); }
  static constexpr Sort Signature() { return Sort(SortKind::kSignature); }
  static constexpr Sort String() { return Sort(SortKind::kString); }
  // `value` must be a Java value sort (is_value()).
  static constexpr Sort FieldMap(Sort value) { return Sort(SortKind::kFieldMap, value.kind_); }
  static constexpr Sort ArrayMap(Sort value) { return Sort(SortKind::kArrayMap, value.kind_); }

  constexpr SortKind kind() const { return kind_; }
  // For maps: the sort of the values stored (read/aread results).
  constexpr Sort element() const { return Sort(element_); }

  constexpr bool is_bool() const { return kind_ == SortKind::kBool; }
  constexpr bool is_int() const { return kind_ == SortKind::kInt; }
  constexpr bool is_long() const { return kind_ == SortKind::kLong; }
  constexpr bool is_float() const { return kind_ == SortKind::kFloat; }
  constexpr bool is_double() const { return kind_ == SortKind::kDouble; }
  constexpr bool is_ref() const { return kind_ == SortKind::kRef; }
  // int or long: two's-complement bit-vectors.
  constexpr bool is_integral() const { return is_int() || is_long(); }
  // float or double.
  constexpr bool is_floating() const {
    return kind_ == SortKind::kFloat || kind_ == SortKind::kDouble;
  }
  constexpr bool is_numeric() const { return is_integral() || is_floating(); }
  // A value a Java variable, field or array element can hold.
  constexpr bool is_value() const { return is_numeric() || is_ref(); }
  constexpr bool is_map() const {
    return kind_ == SortKind::kFieldMap || kind_ == SortKind::kArrayMap;
  }
  // Bit width of int/long (32/64), 0 otherwise.
  constexpr int width() const { return is_int() ? 32 : is_long() ? 64 : 0; }

  friend constexpr bool operator==(Sort a, Sort b) {
    return a.kind_ == b.kind_ && a.element_ == b.element_;
  }
  constexpr uint16_t bits() const {
    return static_cast<uint16_t>(static_cast<unsigned>(kind_) |
                                 (static_cast<unsigned>(element_) << 8));
  }
  template <typename H>
  friend H AbslHashValue(H h, Sort s) {
    return H::combine(std::move(h), s.bits());
  }

 private:
  constexpr explicit Sort(SortKind kind, SortKind element = SortKind::kBool)
      : kind_(kind), element_(element) {}
  SortKind kind_ = SortKind::kBool;
  SortKind element_ = SortKind::kBool;
};

// Java-like name: "boolean" for Bool, "int", "long", "float", "double",
// "Ref", "Type", "Method", "Signature", "String", "FieldMap<int>",
// "ArrayMap<Ref>".
std::string sort_name(Sort sort);

// The element kinds of Java arrays, one array map each. baload/bastore serve
// both byte[] and boolean[]: the IR picks kByte unless it knows the array is
// boolean[] (the two never alias, so either choice is sound).
enum class ArrayKind : uint8_t {
  kBoolean, kByte, kChar, kShort, kInt, kLong, kFloat, kDouble, kRef,
};
inline constexpr int kArrayKindCount = 9;

// The value sort of an array kind's elements (int for boolean..short).
Sort array_kind_sort(ArrayKind kind);
// "boolean", "byte", ..., "double", "Object".
std::string_view array_kind_name(ArrayKind kind);
// The descriptor character: Z B C S I J F D, and L for references.
char array_kind_descriptor(ArrayKind kind);

// The value sort of a field descriptor ("I", "Z", "J", "Ljava/lang/String;",
// "[I", ...): int for Z B C S I, long for J, float for F, double for D, Ref
// for L and [. Returns false for an empty or malformed first character.
bool descriptor_sort(std::string_view descriptor, Sort* sort);

}  // namespace jwp::logic

#endif  // JWP_LOGIC_SORT_H_
