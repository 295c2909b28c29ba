#include "classfile/descriptor.h"

#include "absl/status/status.h"
#include "absl/strings/str_format.h"
#include "classfile/strings.h"

namespace jwp::classfile {

const char* BaseTypeName(BaseType type) {
  switch (type) {
    case BaseType::kByte: return "byte";
    case BaseType::kChar: return "char";
    case BaseType::kDouble: return "double";
    case BaseType::kFloat: return "float";
    case BaseType::kInt: return "int";
    case BaseType::kLong: return "long";
    case BaseType::kShort: return "short";
    case BaseType::kBoolean: return "boolean";
    case BaseType::kVoid: return "void";
    case BaseType::kReference: return "";
  }
  return "";
}

char BaseTypeChar(BaseType type) {
  switch (type) {
    case BaseType::kByte: return 'B';
    case BaseType::kChar: return 'C';
    case BaseType::kDouble: return 'D';
    case BaseType::kFloat: return 'F';
    case BaseType::kInt: return 'I';
    case BaseType::kLong: return 'J';
    case BaseType::kShort: return 'S';
    case BaseType::kBoolean: return 'Z';
    case BaseType::kVoid: return 'V';
    case BaseType::kReference: return 'L';
  }
  return '?';
}

namespace {

// The base type a descriptor character names, or nullopt.
std::optional<BaseType> BaseTypeOf(char c) {
  switch (c) {
    case 'B': return BaseType::kByte;
    case 'C': return BaseType::kChar;
    case 'D': return BaseType::kDouble;
    case 'F': return BaseType::kFloat;
    case 'I': return BaseType::kInt;
    case 'J': return BaseType::kLong;
    case 'S': return BaseType::kShort;
    case 'Z': return BaseType::kBoolean;
    case 'V': return BaseType::kVoid;
    default: return std::nullopt;
  }
}

constexpr int kMaxArrayDims = 255;

// Reads descriptors (JVMS 4.3) from `text`, starting at `pos`.
class DescriptorParser {
 public:
  DescriptorParser(std::string_view text, const char* what) : text_(text), what_(what) {}

  absl::Status Error(size_t at, std::string_view msg) const {
    return absl::InvalidArgumentError(
        absl::StrFormat("bad %s \"%s\": %s at offset %d", what_, text_, msg, at));
  }

  // A field type; with `allow_void`, also V (a return type).
  absl::StatusOr<FieldType> ReadFieldType(bool allow_void) {
    FieldType t;
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] == '[') {
      ++t.array_dims;
      ++pos_;
    }
    if (t.array_dims > kMaxArrayDims) {
      return Error(start, absl::StrFormat("%d array dimensions (at most %d)", t.array_dims,
                                          kMaxArrayDims));
    }
    if (pos_ >= text_.size()) return Error(pos_, "missing type");
    const char c = text_[pos_];
    if (c == 'L') {
      size_t end = text_.find(';', pos_ + 1);
      if (end == std::string_view::npos) return Error(pos_, "class name without ';'");
      std::string_view name = text_.substr(pos_ + 1, end - pos_ - 1);
      if (absl::Status s = CheckClassName(name, pos_ + 1); !s.ok()) return s;
      t.kind = BaseType::kReference;
      t.class_name = name;
      pos_ = end + 1;
      return t;
    }
    std::optional<BaseType> base = BaseTypeOf(c);
    if (!base) return Error(pos_, absl::StrFormat("unexpected character '%c'", c));
    if (*base == BaseType::kVoid && (!allow_void || t.array_dims > 0)) {
      return Error(pos_, "void is not a field type");
    }
    t.kind = *base;
    ++pos_;
    return t;
  }

  // A binary class name in internal form: '/'-separated non-empty
  // identifiers without '.', ';', '[' (JVMS 4.2.1).
  absl::Status CheckClassName(std::string_view name, size_t at) const {
    if (name.empty()) return Error(at, "empty class name");
    size_t segment_start = 0;
    for (size_t i = 0; i <= name.size(); ++i) {
      if (i == name.size() || name[i] == '/') {
        if (i == segment_start) return Error(at + i, "empty name segment");
        segment_start = i + 1;
        continue;
      }
      char c = name[i];
      if (c == '.' || c == '[' || c == ';') {
        return Error(at + i, absl::StrFormat("'%c' in class name", c));
      }
    }
    return absl::OkStatus();
  }

  size_t pos_ = 0;
  std::string_view text_;

 private:
  const char* what_;
};

}  // namespace

int FieldType::Slots() const {
  if (array_dims > 0) return 1;
  if (kind == BaseType::kLong || kind == BaseType::kDouble) return 2;
  if (kind == BaseType::kVoid) return 0;
  return 1;
}

FieldType FieldType::Element() const {
  FieldType e = *this;
  if (e.array_dims > 0) --e.array_dims;
  return e;
}

std::string FieldType::Descriptor() const {
  std::string out(array_dims, '[');
  if (kind == BaseType::kReference) {
    out += 'L';
    out.append(class_name);
    out += ';';
  } else {
    out += BaseTypeChar(kind);
  }
  return out;
}

int MethodDescriptor::ParameterSlots() const {
  int n = 0;
  for (const FieldType& p : params) n += p.Slots();
  return n;
}

absl::StatusOr<FieldType> ParseFieldDescriptor(std::string_view descriptor) {
  DescriptorParser p(descriptor, "field descriptor");
  absl::StatusOr<FieldType> t = p.ReadFieldType(/*allow_void=*/false);
  if (!t.ok()) return t.status();
  if (p.pos_ != descriptor.size()) return p.Error(p.pos_, "trailing characters");
  return t;
}

absl::StatusOr<MethodDescriptor> ParseMethodDescriptor(std::string_view descriptor,
                                                       bool is_static) {
  DescriptorParser p(descriptor, "method descriptor");
  if (descriptor.empty() || descriptor[0] != '(') return p.Error(0, "missing '('");
  p.pos_ = 1;
  MethodDescriptor m;
  while (true) {
    if (p.pos_ >= descriptor.size()) return p.Error(p.pos_, "missing ')'");
    if (descriptor[p.pos_] == ')') break;
    absl::StatusOr<FieldType> t = p.ReadFieldType(/*allow_void=*/false);
    if (!t.ok()) return t.status();
    m.params.push_back(*t);
  }
  ++p.pos_;
  absl::StatusOr<FieldType> ret = p.ReadFieldType(/*allow_void=*/true);
  if (!ret.ok()) return ret.status();
  m.ret = *ret;
  if (p.pos_ != descriptor.size()) return p.Error(p.pos_, "trailing characters");
  const int slots = m.ParameterSlots() + (is_static ? 0 : 1);
  if (slots > 255) {
    return p.Error(0, absl::StrFormat("parameters take %d slots (at most 255)", slots));
  }
  return m;
}

std::string_view InternalNameOf(std::string_view descriptor) {
  if (descriptor.size() >= 2 && descriptor.starts_with('L') && descriptor.ends_with(';')) {
    return descriptor.substr(1, descriptor.size() - 2);
  }
  return descriptor;
}

std::string JavaName(std::string_view internal_name) {
  std::string out(internal_name);
  for (char& c : out) {
    if (c == '/') c = '.';
  }
  return out;
}

std::string InternalName(std::string_view java_name) {
  std::string out(java_name);
  for (char& c : out) {
    if (c == '.') c = '/';
  }
  return out;
}

std::string JavaTypeName(const FieldType& type) {
  std::string out = type.kind == BaseType::kReference ? JavaName(type.class_name)
                                                      : std::string(BaseTypeName(type.kind));
  for (int i = 0; i < type.array_dims; ++i) out += "[]";
  return out;
}

std::string JavaParameterList(const MethodDescriptor& method, bool varargs) {
  std::string out = "(";
  for (size_t i = 0; i < method.params.size(); ++i) {
    if (i > 0) out += ", ";
    const FieldType& p = method.params[i];
    if (varargs && i + 1 == method.params.size() && p.IsArray()) {
      out += JavaTypeName(p.Element());
      out += "...";
    } else {
      out += JavaTypeName(p);
    }
  }
  out += ")";
  return out;
}

// --- Signatures ---------------------------------------------------------------

bool TypeSignature::IsObject() const {
  return kind == Kind::kClass && segments.size() == 1 && segments[0].name == "java/lang/Object" &&
         segments[0].type_args.empty();
}

namespace {

// A recursive-descent reader for the grammar of JVMS 4.7.9.1.
class SignatureParser {
 public:
  SignatureParser(std::string_view text, const char* what) : text_(text), what_(what) {}

  absl::Status Error(std::string_view msg) const {
    return absl::InvalidArgumentError(
        absl::StrFormat("bad %s \"%s\": %s at offset %d", what_, text_, msg, pos_));
  }
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }
  absl::Status Expect(char c) {
    if (Peek() != c) return Error(absl::StrFormat("expected '%c'", c));
    ++pos_;
    return absl::OkStatus();
  }

  // Identifier: one or more characters other than . ; [ / < > :
  absl::StatusOr<std::string_view> ReadIdentifier() {
    size_t start = pos_;
    while (!AtEnd()) {
      char c = text_[pos_];
      if (c == '.' || c == ';' || c == '[' || c == '/' || c == '<' || c == '>' || c == ':') break;
      ++pos_;
    }
    if (pos_ == start) return Error("expected an identifier");
    return text_.substr(start, pos_ - start);
  }

  // JavaTypeSignature; with `allow_void`, also V (Result).
  absl::StatusOr<TypeSignature> ReadJavaType(bool allow_void) {
    char c = Peek();
    if (c == 'L' || c == 'T' || c == '[') return ReadReferenceType();
    std::optional<BaseType> base = BaseTypeOf(c);
    if (!base || (*base == BaseType::kVoid && !allow_void)) return Error("expected a type");
    ++pos_;
    TypeSignature t;
    t.kind = TypeSignature::Kind::kBase;
    t.base = *base;
    return t;
  }

  absl::StatusOr<TypeSignature> ReadReferenceType() {
    TypeSignature t;
    switch (Peek()) {
      case 'L':
        return ReadClassType();
      case 'T': {
        ++pos_;
        absl::StatusOr<std::string_view> name = ReadIdentifier();
        if (!name.ok()) return name.status();
        if (absl::Status s = Expect(';'); !s.ok()) return s;
        t.kind = TypeSignature::Kind::kTypeVariable;
        t.name = *name;
        return t;
      }
      case '[': {
        ++pos_;
        if (++depth_ > 255) return Error("too many array dimensions");
        absl::StatusOr<TypeSignature> element = ReadJavaType(/*allow_void=*/false);
        --depth_;
        if (!element.ok()) return element.status();
        t.kind = TypeSignature::Kind::kArray;
        t.children.push_back(*std::move(element));
        return t;
      }
      default:
        return Error("expected a reference type");
    }
  }

  absl::StatusOr<TypeSignature> ReadClassType() {
    if (absl::Status s = Expect('L'); !s.ok()) return s;
    TypeSignature t;
    t.kind = TypeSignature::Kind::kClass;
    // The first segment carries the package specifier: a/b/C.
    size_t start = pos_;
    while (true) {
      absl::StatusOr<std::string_view> id = ReadIdentifier();
      if (!id.ok()) return id.status();
      if (Peek() != '/') break;
      ++pos_;
    }
    while (true) {
      ClassTypeSegment seg;
      seg.name = text_.substr(start, pos_ - start);
      if (Peek() == '<') {
        absl::Status s = ReadTypeArguments(&seg.type_args);
        if (!s.ok()) return s;
      }
      t.segments.push_back(std::move(seg));
      if (Peek() == ';') {
        ++pos_;
        return t;
      }
      if (Peek() != '.') return Error("expected ';', '.' or '<'");
      ++pos_;
      start = pos_;
      absl::StatusOr<std::string_view> id = ReadIdentifier();
      if (!id.ok()) return id.status();
    }
  }

  absl::Status ReadTypeArguments(std::vector<TypeSignature>* out) {
    ++pos_;  // '<'
    if (++depth_ > 255) return Error("type arguments nest too deeply");
    do {
      TypeSignature arg;
      char c = Peek();
      if (c == '*') {
        ++pos_;
        arg.kind = TypeSignature::Kind::kWildcard;
        arg.wildcard = '*';
      } else if (c == '+' || c == '-') {
        ++pos_;
        absl::StatusOr<TypeSignature> bound = ReadReferenceType();
        if (!bound.ok()) return bound.status();
        arg.kind = TypeSignature::Kind::kWildcard;
        arg.wildcard = c;
        arg.children.push_back(*std::move(bound));
      } else {
        absl::StatusOr<TypeSignature> t = ReadReferenceType();
        if (!t.ok()) return t.status();
        arg = *std::move(t);
      }
      out->push_back(std::move(arg));
    } while (Peek() != '>' && !AtEnd());
    --depth_;
    return Expect('>');
  }

  absl::Status ReadTypeParameters(std::vector<TypeParameter>* out) {
    if (Peek() != '<') return absl::OkStatus();
    ++pos_;
    do {
      TypeParameter p;
      absl::StatusOr<std::string_view> name = ReadIdentifier();
      if (!name.ok()) return name.status();
      p.name = *name;
      if (absl::Status s = Expect(':'); !s.ok()) return s;
      if (Peek() != ':' && Peek() != '>') {
        absl::StatusOr<TypeSignature> bound = ReadReferenceType();
        if (!bound.ok()) return bound.status();
        p.class_bound = *std::move(bound);
      }
      while (Peek() == ':') {
        ++pos_;
        absl::StatusOr<TypeSignature> bound = ReadReferenceType();
        if (!bound.ok()) return bound.status();
        p.interface_bounds.push_back(*std::move(bound));
      }
      out->push_back(std::move(p));
    } while (Peek() != '>' && !AtEnd());
    return Expect('>');
  }

  absl::Status CheckEnd() const {
    return AtEnd() ? absl::OkStatus() : Error("trailing characters");
  }

  size_t pos_ = 0;

 private:
  std::string_view text_;
  const char* what_;
  int depth_ = 0;
};

}  // namespace

absl::StatusOr<TypeSignature> ParseFieldSignature(std::string_view signature) {
  SignatureParser p(signature, "field signature");
  absl::StatusOr<TypeSignature> t = p.ReadJavaType(/*allow_void=*/false);
  if (!t.ok()) return t.status();
  if (absl::Status s = p.CheckEnd(); !s.ok()) return s;
  return t;
}

absl::StatusOr<ClassSignature> ParseClassSignature(std::string_view signature) {
  SignatureParser p(signature, "class signature");
  ClassSignature c;
  if (absl::Status s = p.ReadTypeParameters(&c.type_params); !s.ok()) return s;
  absl::StatusOr<TypeSignature> super = p.ReadClassType();
  if (!super.ok()) return super.status();
  c.superclass = *std::move(super);
  while (!p.AtEnd()) {
    absl::StatusOr<TypeSignature> i = p.ReadClassType();
    if (!i.ok()) return i.status();
    c.interfaces.push_back(*std::move(i));
  }
  return c;
}

absl::StatusOr<MethodSignature> ParseMethodSignature(std::string_view signature) {
  SignatureParser p(signature, "method signature");
  MethodSignature m;
  if (absl::Status s = p.ReadTypeParameters(&m.type_params); !s.ok()) return s;
  if (absl::Status s = p.Expect('('); !s.ok()) return s;
  while (p.Peek() != ')') {
    if (p.AtEnd()) return p.Error("missing ')'");
    absl::StatusOr<TypeSignature> t = p.ReadJavaType(/*allow_void=*/false);
    if (!t.ok()) return t.status();
    m.params.push_back(*std::move(t));
  }
  ++p.pos_;
  absl::StatusOr<TypeSignature> ret = p.ReadJavaType(/*allow_void=*/true);
  if (!ret.ok()) return ret.status();
  m.ret = *std::move(ret);
  while (p.Peek() == '^') {
    ++p.pos_;
    char c = p.Peek();
    if (c != 'L' && c != 'T') return p.Error("expected a class or type variable after '^'");
    absl::StatusOr<TypeSignature> t = p.ReadReferenceType();
    if (!t.ok()) return t.status();
    m.throws.push_back(*std::move(t));
  }
  if (absl::Status s = p.CheckEnd(); !s.ok()) return s;
  return m;
}

namespace {

void AppendSignature(std::string& out, const TypeSignature& t, NameStyle style) {
  switch (t.kind) {
    case TypeSignature::Kind::kBase:
      out += BaseTypeName(t.base);
      return;
    case TypeSignature::Kind::kTypeVariable:
      out.append(t.name);
      return;
    case TypeSignature::Kind::kArray:
      if (!t.children.empty()) AppendSignature(out, t.children[0], style);
      out += "[]";
      return;
    case TypeSignature::Kind::kWildcard:
      if (t.wildcard == '*' || t.children.empty()) {
        out += "?";
        return;
      }
      out += t.wildcard == '+' ? "? extends " : "? super ";
      AppendSignature(out, t.children[0], style);
      return;
    case TypeSignature::Kind::kClass:
      for (size_t i = 0; i < t.segments.size(); ++i) {
        const ClassTypeSegment& seg = t.segments[i];
        if (i > 0) out += '.';
        if (style == NameStyle::kJava) {
          out += JavaName(seg.name);
        } else {
          out.append(seg.name);
        }
        if (!seg.type_args.empty()) {
          out += '<';
          for (size_t k = 0; k < seg.type_args.size(); ++k) {
            if (k > 0) out += ", ";
            AppendSignature(out, seg.type_args[k], style);
          }
          out += '>';
        }
      }
      return;
  }
}

}  // namespace

std::string SignatureToString(const TypeSignature& type, NameStyle style) {
  std::string out;
  AppendSignature(out, type, style);
  return out;
}

std::string TypeParametersToString(const std::vector<TypeParameter>& params,
                                   bool omit_object_bounds, NameStyle style) {
  if (params.empty()) return "";
  std::string out = "<";
  for (size_t i = 0; i < params.size(); ++i) {
    const TypeParameter& p = params[i];
    if (i > 0) out += ", ";
    out.append(p.name);
    const char* sep = " extends ";
    if (p.class_bound && !(omit_object_bounds && p.class_bound->IsObject())) {
      out += sep;
      AppendSignature(out, *p.class_bound, style);
      sep = " & ";
    }
    for (const TypeSignature& b : p.interface_bounds) {
      out += sep;
      AppendSignature(out, b, style);
      sep = " & ";
    }
  }
  out += ">";
  return out;
}

}  // namespace jwp::classfile
