// Names of sorts and array kinds; descriptor parsing.
#include "logic/sort.h"

namespace jwp::logic {

namespace {
std::string_view scalar_name(SortKind kind) {
  switch (kind) {
    case SortKind::kBool: return "boolean";
    case SortKind::kInt: return "int";
    case SortKind::kLong: return "long";
    case SortKind::kFloat: return "float";
    case SortKind::kDouble: return "double";
    case SortKind::kRef: return "Ref";
    case SortKind::kType: return "Type";
    case SortKind::kMethod: return "Method";
    case SortKind::kSignature: return "Signature";
    case SortKind::kString: return "String";
    case SortKind::kFieldMap: return "FieldMap";
    case SortKind::kArrayMap: return "ArrayMap";
  }
  return "?";
}
}  // namespace

std::string sort_name(Sort sort) {
  std::string name(scalar_name(sort.kind()));
  if (sort.is_map()) {
    name += '<';
    name += scalar_name(sort.element().kind());
    name += '>';
  }
  return name;
}

Sort array_kind_sort(ArrayKind kind) {
  switch (kind) {
    case ArrayKind::kBoolean: case ArrayKind::kByte: case ArrayKind::kChar:
    case ArrayKind::kShort: case ArrayKind::kInt:
      return Sort::Int();
    case ArrayKind::kLong: return Sort::Long();
    case ArrayKind::kFloat: return Sort::Float();
    case ArrayKind::kDouble: return Sort::Double();
    case ArrayKind::kRef: return Sort::Ref();
  }
  return Sort::Int();
}

std::string_view array_kind_name(ArrayKind kind) {
  switch (kind) {
    case ArrayKind::kBoolean: return "boolean";
    case ArrayKind::kByte: return "byte";
    case ArrayKind::kChar: return "char";
    case ArrayKind::kShort: return "short";
    case ArrayKind::kInt: return "int";
    case ArrayKind::kLong: return "long";
    case ArrayKind::kFloat: return "float";
    case ArrayKind::kDouble: return "double";
    case ArrayKind::kRef: return "Object";
  }
  return "?";
}

char array_kind_descriptor(ArrayKind kind) {
  static constexpr char kChars[] = {'Z', 'B', 'C', 'S', 'I', 'J', 'F', 'D', 'L'};
  return kChars[static_cast<int>(kind)];
}

bool descriptor_sort(std::string_view descriptor, Sort* sort) {
  if (descriptor.empty()) return false;
  switch (descriptor[0]) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': *sort = Sort::Int(); return true;
    case 'J': *sort = Sort::Long(); return true;
    case 'F': *sort = Sort::Float(); return true;
    case 'D': *sort = Sort::Double(); return true;
    case 'L': case '[': *sort = Sort::Ref(); return true;
    default: return false;
  }
}

}  // namespace jwp::logic
