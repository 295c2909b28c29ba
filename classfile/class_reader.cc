#include "classfile/class_reader.h"

#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "classfile/internal/byte_cursor.h"
#include "classfile/modified_utf8.h"

namespace jwp::classfile {

const char* CpTagName(CpTag tag) {
  switch (tag) {
    case CpTag::kUnusable: return "unusable";
    case CpTag::kUtf8: return "Utf8";
    case CpTag::kInteger: return "Integer";
    case CpTag::kFloat: return "Float";
    case CpTag::kLong: return "Long";
    case CpTag::kDouble: return "Double";
    case CpTag::kClass: return "Class";
    case CpTag::kString: return "String";
    case CpTag::kFieldref: return "Fieldref";
    case CpTag::kMethodref: return "Methodref";
    case CpTag::kInterfaceMethodref: return "InterfaceMethodref";
    case CpTag::kNameAndType: return "NameAndType";
    case CpTag::kMethodHandle: return "MethodHandle";
    case CpTag::kMethodType: return "MethodType";
    case CpTag::kDynamic: return "Dynamic";
    case CpTag::kInvokeDynamic: return "InvokeDynamic";
    case CpTag::kModule: return "Module";
    case CpTag::kPackage: return "Package";
  }
  return "?";
}

const char* RefKindName(RefKind kind) {
  switch (kind) {
    case RefKind::kGetField: return "REF_getField";
    case RefKind::kGetStatic: return "REF_getStatic";
    case RefKind::kPutField: return "REF_putField";
    case RefKind::kPutStatic: return "REF_putStatic";
    case RefKind::kInvokeVirtual: return "REF_invokeVirtual";
    case RefKind::kInvokeStatic: return "REF_invokeStatic";
    case RefKind::kInvokeSpecial: return "REF_invokeSpecial";
    case RefKind::kNewInvokeSpecial: return "REF_newInvokeSpecial";
    case RefKind::kInvokeInterface: return "REF_invokeInterface";
  }
  return "?";
}

// --- ConstantPool accessors ---------------------------------------------------

std::string_view ConstantPool::Utf8(uint16_t index) const {
  return Is(index, CpTag::kUtf8) ? entries_[index].utf8 : std::string_view();
}
std::string_view ConstantPool::ClassName(uint16_t index) const {
  return Is(index, CpTag::kClass) ? Utf8(entries_[index].a) : std::string_view();
}
std::string_view ConstantPool::NameOfNameAndType(uint16_t index) const {
  return Is(index, CpTag::kNameAndType) ? Utf8(entries_[index].a) : std::string_view();
}
std::string_view ConstantPool::DescriptorOfNameAndType(uint16_t index) const {
  return Is(index, CpTag::kNameAndType) ? Utf8(entries_[index].b) : std::string_view();
}
namespace {
bool IsMemberRef(CpTag t) {
  return t == CpTag::kFieldref || t == CpTag::kMethodref || t == CpTag::kInterfaceMethodref;
}
}  // namespace
std::string_view ConstantPool::MemberClass(uint16_t index) const {
  return Valid(index) && IsMemberRef(entries_[index].tag) ? ClassName(entries_[index].a)
                                                           : std::string_view();
}
std::string_view ConstantPool::MemberName(uint16_t index) const {
  if (!Valid(index)) return {};
  const CpEntry& e = entries_[index];
  if (IsMemberRef(e.tag) || e.tag == CpTag::kDynamic || e.tag == CpTag::kInvokeDynamic)
    return NameOfNameAndType(e.b);
  return {};
}
std::string_view ConstantPool::MemberDescriptor(uint16_t index) const {
  if (!Valid(index)) return {};
  const CpEntry& e = entries_[index];
  if (IsMemberRef(e.tag) || e.tag == CpTag::kDynamic || e.tag == CpTag::kInvokeDynamic)
    return DescriptorOfNameAndType(e.b);
  return {};
}
float ConstantPool::Float(uint16_t index) const {
  return std::bit_cast<float>(static_cast<uint32_t>(entries_[index].bits));
}
double ConstantPool::Double(uint16_t index) const {
  return std::bit_cast<double>(entries_[index].bits);
}

namespace {

using internal::ByteCursor;

constexpr int kMaxAnnotationDepth = 64;

// Reads one class file into a ClassFile. Every check failure goes through
// Fail(), which records the first message with its offset; the public
// functions turn it into a Status.
class Reader {
 public:
  Reader(ClassFile* cf, std::span<const uint8_t> bytes) : cf_(cf), cur_(bytes) {}

  bool ReadHeaderAndPool();
  bool ReadClassInfo();  // access, this, super, interfaces
  bool ReadBody();       // fields, methods, attributes, trailing checks

  const ByteCursor& cursor() const { return cur_; }

 private:
  bool Fail(std::string msg, size_t offset) {
    cur_.Fail(std::move(msg), offset);
    return false;
  }
  bool Fail(std::string msg) { return Fail(std::move(msg), cur_.pos()); }

  const ConstantPool& pool() const { return cf_->pool; }
  // Checks that `index`, read at `offset`, names an entry of kind `tag`.
  bool CheckIndex(uint16_t index, CpTag tag, const char* what, size_t offset);
  bool CheckOptionalIndex(uint16_t index, CpTag tag, const char* what, size_t offset) {
    return index == 0 || CheckIndex(index, tag, what, offset);
  }
  // Reads a u2 index that must name a `tag` entry.
  uint16_t ReadIndex(ByteCursor& c, CpTag tag, const char* what) {
    size_t at = c.pos();
    uint16_t v = c.U2(what);
    if (!c.ok()) return 0;
    if (pool().Is(v, tag)) [[likely]] return v;
    if (!CheckIndex(v, tag, what, at)) {
      c.Fail(cur_.error(), at);
      return 0;
    }
    return v;
  }
  std::string_view ReadUtf8(ByteCursor& c, const char* what) {
    uint16_t i = ReadIndex(c, CpTag::kUtf8, what);
    return c.ok() ? pool().Utf8(i) : std::string_view();
  }
  std::string_view ReadClassName(ByteCursor& c, const char* what) {
    uint16_t i = ReadIndex(c, CpTag::kClass, what);
    return c.ok() ? pool().ClassName(i) : std::string_view();
  }

  bool CheckPoolReferences();

  // Attribute plumbing: reads attributes_count and calls `handle` with the
  // name and a cursor limited to each attribute's body; unknown names are
  // skipped. A handler that returns true must consume its body exactly.
  template <typename Handler>
  bool ReadAttributes(ByteCursor& c, const char* owner, Handler handle);
  bool ReadFieldOrMethod(ByteCursor& c, bool is_method);
  bool ReadCode(ByteCursor& c, MethodInfo& m);
  bool ReadStackMapTable(ByteCursor& c, CodeAttribute& code);
  bool ReadVerificationType(ByteCursor& c, VerificationType& vt);
  bool ReadAnnotations(ByteCursor& c, std::vector<Annotation>& out);
  bool ReadAnnotation(ByteCursor& c, Annotation& out, int depth);
  bool ReadElementValue(ByteCursor& c, ElementValue& out, int depth);
  bool ReadParameterAnnotations(ByteCursor& c, MethodInfo& m, bool visible);
  bool ReadLocalVariables(ByteCursor& c, const CodeAttribute& code,
                          std::vector<LocalVariableEntry>& out);
  bool ReadClassList(ByteCursor& c, std::vector<std::string_view>& out, const char* what);
  bool ReadCommonAttribute(std::string_view name, ByteCursor& c, Annotations& annotations,
                           std::string_view& signature, bool& deprecated, bool& synthetic,
                           bool* handled);

  ClassFile* cf_;
  ByteCursor cur_;
};

bool Reader::CheckIndex(uint16_t index, CpTag tag, const char* what, size_t offset) {
  const ConstantPool& p = pool();
  if (index == 0 || index >= p.size()) {
    return Fail(absl::StrFormat("%s: constant-pool index %d out of range (count %d)", what, index,
                                p.size()),
                offset);
  }
  if (p.at(index).tag != tag) {
    return Fail(absl::StrFormat("%s: constant-pool index %d is %s, expected %s", what, index,
                                CpTagName(p.at(index).tag), CpTagName(tag)),
                offset);
  }
  return true;
}

bool Reader::ReadHeaderAndPool() {
  uint32_t magic = cur_.U4("magic");
  if (!cur_.ok()) return false;
  if (magic != 0xCAFEBABE) return Fail(absl::StrFormat("bad magic 0x%08X", magic), 0);
  cf_->minor_version = cur_.U2("minor_version");
  size_t major_at = cur_.pos();
  cf_->major_version = cur_.U2("major_version");
  if (!cur_.ok()) return false;
  const uint16_t major = cf_->major_version;
  if (major < kMinMajorVersion || major > kMaxMajorVersion) {
    return Fail(absl::StrFormat("unsupported class-file version %d.%d (supported: %d to %d)", major,
                                cf_->minor_version, kMinMajorVersion, kMaxMajorVersion),
                major_at);
  }
  if (major >= 56 && cf_->minor_version != 0 && cf_->minor_version != 0xFFFF) {
    return Fail(absl::StrFormat("class-file version %d.%d: minor version must be 0 or 65535", major,
                                cf_->minor_version),
                major_at - 2);
  }
  size_t count_at = cur_.pos();
  uint16_t count = cur_.U2("constant_pool_count");
  if (!cur_.ok()) return false;
  if (count == 0) return Fail("constant_pool_count is 0", count_at);
  auto& entries = cf_->pool.mutable_entries();
  entries.assign(count, CpEntry{});
  for (uint32_t i = 1; i < count; ++i) {
    CpEntry& e = entries[i];
    e.offset = static_cast<uint32_t>(cur_.pos());
    uint8_t tag = cur_.U1("constant-pool tag");
    if (!cur_.ok()) return false;
    auto need_version = [&](uint16_t v) {
      if (major >= v) return true;
      return Fail(absl::StrFormat("constant-pool entry %d: tag %d needs class-file version %d, "
                                  "this is %d",
                                  i, tag, v, major),
                  e.offset);
    };
    switch (tag) {
      case 1: {  // Utf8
        uint16_t len = cur_.U2("Utf8 length");
        auto bytes = cur_.Bytes(len, "Utf8 bytes");
        if (!cur_.ok()) return false;
        // Most text, ASCII or not, decodes to its own bytes: no copy then.
        if (DecodesToItself(bytes)) {
          e.utf8 = std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        } else {
          size_t bad = 0;
          auto decoded = DecodeModifiedUtf8(bytes, &bad);
          if (!decoded) {
            return Fail(absl::StrFormat("constant-pool entry %d: malformed modified UTF-8", i),
                        e.offset + 3 + bad);
          }
          e.utf8 = cf_->string_arena.emplace_back(std::move(*decoded));
        }
        break;
      }
      case 3:
      case 4:
        e.bits = cur_.U4("constant");
        break;
      case 5:
      case 6:
        e.bits = cur_.U8("constant");
        if (i + 1 >= count) {
          return Fail(absl::StrFormat("constant-pool entry %d: %s takes two slots but is last", i,
                                      tag == 5 ? "Long" : "Double"),
                      e.offset);
        }
        e.tag = static_cast<CpTag>(tag);
        ++i;  // the next slot is unusable
        continue;
      case 7:
      case 8:
        e.a = cur_.U2("constant-pool index");
        break;
      case 16:
        if (!need_version(51)) return false;
        e.a = cur_.U2("constant-pool index");
        break;
      case 19:
      case 20:
        if (!need_version(53)) return false;
        e.a = cur_.U2("constant-pool index");
        break;
      case 9:
      case 10:
      case 11:
      case 12:
        e.a = cur_.U2("constant-pool index");
        e.b = cur_.U2("constant-pool index");
        break;
      case 17:
      case 18:
        if (!need_version(tag == 17 ? 55 : 51)) return false;
        e.a = cur_.U2("bootstrap method index");
        e.b = cur_.U2("constant-pool index");
        break;
      case 15:
        if (!need_version(51)) return false;
        e.ref_kind = cur_.U1("reference kind");
        e.a = cur_.U2("constant-pool index");
        break;
      default:
        return Fail(absl::StrFormat("constant-pool entry %d: unknown tag %d", i, tag), e.offset);
    }
    e.tag = static_cast<CpTag>(tag);
  }
  return cur_.ok() && CheckPoolReferences();
}

bool Reader::CheckPoolReferences() {
  const auto& entries = pool().entries();
  const uint16_t major = cf_->major_version;
  for (size_t i = 1; i < entries.size(); ++i) {
    const CpEntry& e = entries[i];
    auto what = [&](const char* field) {
      return absl::StrFormat("constant-pool entry %d (%s) %s", i, CpTagName(e.tag), field);
    };
    // The message is formatted only on failure: this runs for every entry.
    auto ref = [&](uint16_t index, CpTag tag, const char* field, size_t offset) {
      return pool().Is(index, tag) || CheckIndex(index, tag, what(field).c_str(), offset);
    };
    bool ok = true;
    switch (e.tag) {
      case CpTag::kClass:
      case CpTag::kString:
      case CpTag::kMethodType:
      case CpTag::kModule:
      case CpTag::kPackage:
        ok = ref(e.a, CpTag::kUtf8, "name", e.offset + 1);
        break;
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
        ok = ref(e.a, CpTag::kClass, "class", e.offset + 1) &&
             ref(e.b, CpTag::kNameAndType, "name_and_type", e.offset + 3);
        break;
      case CpTag::kNameAndType:
        ok = ref(e.a, CpTag::kUtf8, "name", e.offset + 1) &&
             ref(e.b, CpTag::kUtf8, "descriptor", e.offset + 3);
        break;
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        ok = ref(e.b, CpTag::kNameAndType, "name_and_type", e.offset + 3);
        break;
      case CpTag::kMethodHandle: {
        if (e.ref_kind < 1 || e.ref_kind > 9) {
          return Fail(what(absl::StrFormat("has bad reference kind %d", e.ref_kind).c_str()),
                      e.offset + 1);
        }
        const uint16_t r = e.a;
        if (e.ref_kind <= 4) {
          ok = ref(r, CpTag::kFieldref, "reference", e.offset + 2);
        } else if (e.ref_kind == 5 || e.ref_kind == 8) {
          ok = ref(r, CpTag::kMethodref, "reference", e.offset + 2);
        } else if (e.ref_kind == 9) {
          ok = ref(r, CpTag::kInterfaceMethodref, "reference", e.offset + 2);
        } else if (major >= 52 && pool().Is(r, CpTag::kInterfaceMethodref)) {
          ok = true;
        } else {
          ok = ref(r, CpTag::kMethodref, "reference", e.offset + 2);
        }
        break;
      }
      default:
        break;
    }
    if (!ok) return false;
  }
  return true;
}

bool Reader::ReadClassInfo() {
  cf_->access_flags = cur_.U2("access_flags");
  cf_->this_class_index = ReadIndex(cur_, CpTag::kClass, "this_class");
  if (!cur_.ok()) return false;
  cf_->this_class = pool().ClassName(cf_->this_class_index);
  size_t super_at = cur_.pos();
  uint16_t super = cur_.U2("super_class");
  if (!cur_.ok()) return false;
  if (super != 0) {
    if (!CheckIndex(super, CpTag::kClass, "super_class", super_at)) return false;
    cf_->super_class = pool().ClassName(super);
  } else if (cf_->this_class != "java/lang/Object" && !cf_->IsModuleInfo()) {
    return Fail("super_class is 0 but the class is not java/lang/Object", super_at);
  }
  uint16_t n = cur_.U2("interfaces_count");
  cf_->interfaces.reserve(n);
  for (uint16_t i = 0; i < n && cur_.ok(); ++i) {
    cf_->interfaces.push_back(ReadClassName(cur_, "interface"));
  }
  return cur_.ok();
}

template <typename Handler>
bool Reader::ReadAttributes(ByteCursor& c, const char* owner, Handler handle) {
  uint16_t count = c.U2("attributes_count");
  for (uint16_t i = 0; i < count && c.ok(); ++i) {
    size_t at = c.pos();
    std::string_view name = ReadUtf8(c, "attribute name");
    uint32_t length = c.U4("attribute length");
    if (!c.ok()) break;
    if (length > c.remaining()) {
      c.Fail(absl::StrFormat("%s attribute %s: length %d runs past the end (%d bytes left)", owner,
                             name, length, c.remaining()),
             at + 2);
      break;
    }
    size_t start = c.pos();
    size_t end = start + length;
    ByteCursor body(c.bytes().first(end), start);
    bool handled = false;
    if (!handle(name, body, &handled)) {
      if (body.ok()) {
        body.Fail(absl::StrFormat("%s attribute %s is malformed", owner, name), at);
      }
      c.Fail(body.error(), body.error_offset());
      break;
    }
    if (!body.ok()) {
      c.Fail(body.error(), body.error_offset());
      break;
    }
    if (handled && body.pos() != end) {
      c.Fail(absl::StrFormat("%s attribute %s: length %d but its contents take %d bytes", owner,
                             name, length, body.pos() - start),
             at + 2);
      break;
    }
    c.Seek(end);
  }
  if (!c.ok()) {
    cur_.Fail(c.error(), c.error_offset());
    return false;
  }
  return true;
}

bool Reader::ReadClassList(ByteCursor& c, std::vector<std::string_view>& out, const char* what) {
  uint16_t n = c.U2("count");
  out.reserve(n);
  for (uint16_t i = 0; i < n && c.ok(); ++i) out.push_back(ReadClassName(c, what));
  return c.ok();
}

bool Reader::ReadElementValue(ByteCursor& c, ElementValue& out, int depth) {
  if (depth > kMaxAnnotationDepth) {
    c.Fail(absl::StrFormat("annotation nesting deeper than %d", kMaxAnnotationDepth));
    return false;
  }
  size_t at = c.pos();
  out.tag = static_cast<char>(c.U1("element_value tag"));
  if (!c.ok()) return false;
  auto const_kind = [&](CpTag t) {
    out.const_index = ReadIndex(c, t, "element_value constant");
    return c.ok();
  };
  switch (out.tag) {
    case 'B': case 'C': case 'I': case 'S': case 'Z': return const_kind(CpTag::kInteger);
    case 'D': return const_kind(CpTag::kDouble);
    case 'F': return const_kind(CpTag::kFloat);
    case 'J': return const_kind(CpTag::kLong);
    case 's': return const_kind(CpTag::kUtf8);
    case 'c': return const_kind(CpTag::kUtf8);
    case 'e':
      out.const_index = ReadIndex(c, CpTag::kUtf8, "enum type name");
      out.enum_const_name = ReadIndex(c, CpTag::kUtf8, "enum constant name");
      return c.ok();
    case '@':
      out.annotation.resize(1);
      return ReadAnnotation(c, out.annotation[0], depth + 1);
    case '[': {
      uint16_t n = c.U2("array length");
      if (!c.Need(n, "element values")) return false;  // each value takes at least 1 byte
      out.array.resize(n);
      for (uint16_t i = 0; i < n && c.ok(); ++i) {
        if (!ReadElementValue(c, out.array[i], depth + 1)) return false;
      }
      return c.ok();
    }
    default:
      c.Fail(absl::StrFormat("unknown element_value tag 0x%02X", static_cast<uint8_t>(out.tag)), at);
      return false;
  }
}

bool Reader::ReadAnnotation(ByteCursor& c, Annotation& out, int depth) {
  out.type_index = ReadIndex(c, CpTag::kUtf8, "annotation type");
  uint16_t n = c.U2("num_element_value_pairs");
  if (!c.ok() || !c.Need(size_t{n} * 3, "element_value pairs")) return false;
  out.elements.resize(n);
  for (uint16_t i = 0; i < n && c.ok(); ++i) {
    out.elements[i].first = ReadIndex(c, CpTag::kUtf8, "element name");
    if (!c.ok() || !ReadElementValue(c, out.elements[i].second, depth)) return false;
  }
  return c.ok();
}

bool Reader::ReadAnnotations(ByteCursor& c, std::vector<Annotation>& out) {
  uint16_t n = c.U2("num_annotations");
  if (!c.ok() || !c.Need(size_t{n} * 4, "annotations")) return false;
  out.resize(n);
  for (uint16_t i = 0; i < n && c.ok(); ++i) {
    if (!ReadAnnotation(c, out[i], 0)) return false;
  }
  return c.ok();
}

bool Reader::ReadParameterAnnotations(ByteCursor& c, MethodInfo& m, bool visible) {
  uint8_t n = c.U1("num_parameters");
  if (!c.ok()) return false;
  if (m.parameter_annotations.size() < n) m.parameter_annotations.resize(n);
  for (uint8_t i = 0; i < n && c.ok(); ++i) {
    auto& a = m.parameter_annotations[i];
    if (!ReadAnnotations(c, visible ? a.visible : a.invisible)) return false;
  }
  return c.ok();
}

// Signature, Deprecated, Synthetic and the annotation attributes, which
// classes, fields, methods and record components share.
bool Reader::ReadCommonAttribute(std::string_view name, ByteCursor& c, Annotations& annotations,
                                 std::string_view& signature, bool& deprecated, bool& synthetic,
                                 bool* handled) {
  *handled = true;
  if (name == "Signature") {
    signature = ReadUtf8(c, "Signature");
  } else if (name == "RuntimeVisibleAnnotations") {
    return ReadAnnotations(c, annotations.visible);
  } else if (name == "RuntimeInvisibleAnnotations") {
    return ReadAnnotations(c, annotations.invisible);
  } else if (name == "Deprecated") {
    deprecated = true;
  } else if (name == "Synthetic") {
    synthetic = true;
  } else {
    *handled = false;
  }
  return c.ok();
}

bool Reader::ReadVerificationType(ByteCursor& c, VerificationType& vt) {
  size_t at = c.pos();
  uint8_t tag = c.U1("verification type");
  if (!c.ok()) return false;
  if (tag > 8) {
    c.Fail(absl::StrFormat("StackMapTable: unknown verification type tag %d", tag), at);
    return false;
  }
  vt.tag = static_cast<VerificationType::Tag>(tag);
  if (tag == VerificationType::kObject) {
    vt.value = ReadIndex(c, CpTag::kClass, "StackMapTable Object type");
  } else if (tag == VerificationType::kUninitialized) {
    vt.value = c.U2("Uninitialized offset");
  }
  return c.ok();
}

bool Reader::ReadStackMapTable(ByteCursor& c, CodeAttribute& code) {
  uint16_t n = c.U2("number_of_entries");
  if (!c.ok() || !c.Need(n, "stack map frames")) return false;
  code.has_stack_map = true;
  code.stack_map.resize(n);
  for (uint16_t i = 0; i < n && c.ok(); ++i) {
    StackMapFrame& f = code.stack_map[i];
    size_t at = c.pos();
    uint8_t t = c.U1("frame_type");
    f.frame_type = t;
    if (t < 64) {
      f.offset_delta = t;
    } else if (t < 128) {
      f.offset_delta = t - 64;
      f.stack.resize(1);
      if (!ReadVerificationType(c, f.stack[0])) return false;
    } else if (t < 247) {
      c.Fail(absl::StrFormat("StackMapTable: reserved frame type %d", t), at);
      return false;
    } else if (t == 247) {
      f.offset_delta = c.U2("offset_delta");
      f.stack.resize(1);
      if (!ReadVerificationType(c, f.stack[0])) return false;
    } else if (t <= 251) {
      f.offset_delta = c.U2("offset_delta");
    } else if (t < 255) {
      f.offset_delta = c.U2("offset_delta");
      f.locals.resize(t - 251);
      for (auto& vt : f.locals) {
        if (!ReadVerificationType(c, vt)) return false;
      }
    } else {
      f.offset_delta = c.U2("offset_delta");
      uint16_t nl = c.U2("number_of_locals");
      if (!c.ok() || !c.Need(nl, "locals")) return false;
      f.locals.resize(nl);
      for (auto& vt : f.locals) {
        if (!ReadVerificationType(c, vt)) return false;
      }
      uint16_t ns = c.U2("number_of_stack_items");
      if (!c.ok() || !c.Need(ns, "stack items")) return false;
      f.stack.resize(ns);
      for (auto& vt : f.stack) {
        if (!ReadVerificationType(c, vt)) return false;
      }
    }
  }
  return c.ok();
}

bool Reader::ReadLocalVariables(ByteCursor& c, const CodeAttribute& code,
                                std::vector<LocalVariableEntry>& out) {
  uint16_t n = c.U2("table length");
  if (!c.ok() || !c.Need(size_t{n} * 10, "local variable entries")) return false;
  out.reserve(out.size() + n);
  for (uint16_t i = 0; i < n && c.ok(); ++i) {
    size_t at = c.pos();
    LocalVariableEntry e;
    e.start_pc = c.U2();
    e.length = c.U2();
    e.name_index = ReadIndex(c, CpTag::kUtf8, "local variable name");
    e.descriptor_index = ReadIndex(c, CpTag::kUtf8, "local variable descriptor");
    e.index = c.U2();
    if (!c.ok()) return false;
    if (uint32_t{e.start_pc} + e.length > code.code.size()) {
      c.Fail(absl::StrFormat("local variable range %d+%d exceeds code length %d", e.start_pc,
                             e.length, code.code.size()),
             at);
      return false;
    }
    out.push_back(e);
  }
  return c.ok();
}

bool Reader::ReadCode(ByteCursor& c, MethodInfo& m) {
  CodeAttribute code;
  code.max_stack = c.U2("max_stack");
  code.max_locals = c.U2("max_locals");
  size_t len_at = c.pos();
  uint32_t len = c.U4("code_length");
  if (!c.ok()) return false;
  if (len == 0 || len >= 65536) {
    c.Fail(absl::StrFormat("code_length %d is not in 1..65535", len), len_at);
    return false;
  }
  code.code_offset = static_cast<uint32_t>(c.pos());
  code.code = c.Bytes(len, "code");
  uint16_t n = c.U2("exception_table_length");
  if (!c.ok() || !c.Need(size_t{n} * 8, "exception table")) return false;
  code.exception_table.resize(n);
  for (uint16_t i = 0; i < n; ++i) {
    size_t at = c.pos();
    ExceptionTableEntry& e = code.exception_table[i];
    e.start_pc = c.U2();
    e.end_pc = c.U2();
    e.handler_pc = c.U2();
    size_t ct_at = c.pos();
    e.catch_type = c.U2();
    if (e.start_pc >= e.end_pc || e.end_pc > len || e.handler_pc >= len) {
      c.Fail(absl::StrFormat("exception table entry %d: bad range [%d, %d) -> %d (code length %d)",
                             i, e.start_pc, e.end_pc, e.handler_pc, len),
             at);
      return false;
    }
    if (!CheckOptionalIndex(e.catch_type, CpTag::kClass, "catch_type", ct_at)) {
      c.Fail(cur_.error(), ct_at);
      return false;
    }
  }
  bool ok = ReadAttributes(c, "Code", [&](std::string_view name, ByteCursor& b, bool* handled) {
    *handled = true;
    if (name == "LineNumberTable") {
      code.has_line_number_table = true;
      uint16_t k = b.U2("line_number_table_length");
      if (!b.ok() || !b.Need(size_t{k} * 4, "line numbers")) return false;
      code.line_numbers.reserve(code.line_numbers.size() + k);
      for (uint16_t i = 0; i < k; ++i) {
        size_t at = b.pos();
        LineNumberEntry e{b.U2(), b.U2()};
        if (e.start_pc >= len) {
          b.Fail(absl::StrFormat("line number start_pc %d beyond code length %d", e.start_pc, len),
                 at);
          return false;
        }
        code.line_numbers.push_back(e);
      }
      return b.ok();
    }
    if (name == "LocalVariableTable") {
      code.has_local_variable_table = true;
      return ReadLocalVariables(b, code, code.local_variables);
    }
    if (name == "LocalVariableTypeTable") return ReadLocalVariables(b, code, code.local_variable_types);
    if (name == "StackMapTable") return ReadStackMapTable(b, code);
    *handled = false;
    return true;
  });
  if (!ok) return false;
  m.code = std::move(code);
  return true;
}

bool Reader::ReadFieldOrMethod(ByteCursor& c, bool is_method) {
  const char* owner = is_method ? "method" : "field";
  uint16_t flags = c.U2("access_flags");
  std::string_view name = ReadUtf8(c, is_method ? "method name" : "field name");
  std::string_view desc = ReadUtf8(c, is_method ? "method descriptor" : "field descriptor");
  if (!c.ok()) return false;
  if (!is_method) {
    FieldInfo& f = cf_->fields.emplace_back();
    f.access_flags = flags;
    f.name = name;
    f.descriptor = desc;
    return ReadAttributes(c, owner, [&](std::string_view an, ByteCursor& b, bool* handled) {
      if (an == "ConstantValue") {
        *handled = true;
        size_t at = b.pos();
        uint16_t v = b.U2("ConstantValue");
        if (!b.ok()) return false;
        CpTag t = pool().Valid(v) ? pool().at(v).tag : CpTag::kUnusable;
        if (t != CpTag::kInteger && t != CpTag::kFloat && t != CpTag::kLong &&
            t != CpTag::kDouble && t != CpTag::kString) {
          b.Fail(absl::StrFormat("ConstantValue index %d is not a constant", v), at);
          return false;
        }
        f.constant_value = v;
        return true;
      }
      return ReadCommonAttribute(an, b, f.annotations, f.signature, f.deprecated,
                                 f.synthetic_attr, handled);
    });
  }
  MethodInfo& m = cf_->methods.emplace_back();
  m.access_flags = flags;
  m.name = name;
  m.descriptor = desc;
  size_t method_at = c.pos();
  bool ok = ReadAttributes(c, owner, [&](std::string_view an, ByteCursor& b, bool* handled) {
    *handled = true;
    if (an == "Code") {
      if (m.code) {
        b.Fail("method has two Code attributes");
        return false;
      }
      return ReadCode(b, m);
    }
    if (an == "Exceptions") {
      uint16_t k = b.U2("number_of_exceptions");
      for (uint16_t i = 0; i < k && b.ok(); ++i) {
        m.exceptions.push_back(ReadIndex(b, CpTag::kClass, "exception class"));
      }
      return b.ok();
    }
    if (an == "MethodParameters") {
      uint8_t k = b.U1("parameters_count");
      for (uint8_t i = 0; i < k && b.ok(); ++i) {
        size_t at = b.pos();
        MethodParameter p{b.U2(), b.U2()};
        if (b.ok() && !CheckOptionalIndex(p.name_index, CpTag::kUtf8, "parameter name", at)) {
          b.Fail(cur_.error(), at);
        }
        m.parameters.push_back(p);
      }
      return b.ok();
    }
    if (an == "RuntimeVisibleParameterAnnotations") return ReadParameterAnnotations(b, m, true);
    if (an == "RuntimeInvisibleParameterAnnotations") return ReadParameterAnnotations(b, m, false);
    if (an == "AnnotationDefault") {
      m.annotation_default.emplace();
      return ReadElementValue(b, *m.annotation_default, 0);
    }
    return ReadCommonAttribute(an, b, m.annotations, m.signature, m.deprecated, m.synthetic_attr,
                               handled);
  });
  if (!ok) return false;
  bool needs_code = !(flags & (access::kAbstract | access::kNative));
  if (needs_code && !m.code) {
    return Fail(absl::StrFormat("method %s%s has no Code attribute", name, desc), method_at);
  }
  if (!needs_code && m.code) {
    return Fail(absl::StrFormat("abstract or native method %s%s has a Code attribute", name, desc),
                method_at);
  }
  return true;
}

bool Reader::ReadBody() {
  uint16_t nf = cur_.U2("fields_count");
  cf_->fields.reserve(nf);
  for (uint16_t i = 0; i < nf && cur_.ok(); ++i) {
    if (!ReadFieldOrMethod(cur_, false)) return false;
  }
  uint16_t nm = cur_.U2("methods_count");
  cf_->methods.reserve(nm);
  for (uint16_t i = 0; i < nm && cur_.ok(); ++i) {
    if (!ReadFieldOrMethod(cur_, true)) return false;
  }
  if (!cur_.ok()) return false;
  bool ok = ReadAttributes(cur_, "class", [&](std::string_view an, ByteCursor& b, bool* handled) {
    *handled = true;
    if (an == "SourceFile") {
      cf_->source_file = ReadUtf8(b, "SourceFile");
      return b.ok();
    }
    if (an == "InnerClasses") {
      uint16_t k = b.U2("number_of_classes");
      if (!b.ok() || !b.Need(size_t{k} * 8, "inner classes")) return false;
      for (uint16_t i = 0; i < k && b.ok(); ++i) {
        InnerClassEntry e;
        e.inner_class_info = ReadIndex(b, CpTag::kClass, "inner class");
        size_t at = b.pos();
        e.outer_class_info = b.U2();
        if (b.ok() && !CheckOptionalIndex(e.outer_class_info, CpTag::kClass, "outer class", at)) {
          b.Fail(cur_.error(), at);
        }
        at = b.pos();
        e.inner_name = b.U2();
        if (b.ok() && !CheckOptionalIndex(e.inner_name, CpTag::kUtf8, "inner name", at)) {
          b.Fail(cur_.error(), at);
        }
        e.access_flags = b.U2();
        cf_->inner_classes.push_back(e);
      }
      return b.ok();
    }
    if (an == "EnclosingMethod") {
      uint16_t cls = ReadIndex(b, CpTag::kClass, "enclosing class");
      size_t at = b.pos();
      uint16_t nat = b.U2("enclosing method");
      if (b.ok() && !CheckOptionalIndex(nat, CpTag::kNameAndType, "enclosing method", at)) {
        b.Fail(cur_.error(), at);
      }
      cf_->enclosing_method.emplace(cls, nat);
      return b.ok();
    }
    if (an == "NestHost") {
      cf_->nest_host = ReadClassName(b, "NestHost");
      return b.ok();
    }
    if (an == "NestMembers") return ReadClassList(b, cf_->nest_members, "nest member");
    if (an == "PermittedSubclasses") {
      return ReadClassList(b, cf_->permitted_subclasses, "permitted subclass");
    }
    if (an == "BootstrapMethods") {
      uint16_t k = b.U2("num_bootstrap_methods");
      if (!b.ok() || !b.Need(size_t{k} * 4, "bootstrap methods")) return false;
      cf_->bootstrap_methods.resize(k);
      for (uint16_t i = 0; i < k && b.ok(); ++i) {
        BootstrapMethod& bm = cf_->bootstrap_methods[i];
        bm.method_ref = ReadIndex(b, CpTag::kMethodHandle, "bootstrap method");
        uint16_t na = b.U2("num_bootstrap_arguments");
        if (!b.ok() || !b.Need(size_t{na} * 2, "bootstrap arguments")) return false;
        bm.arguments.reserve(na);
        for (uint16_t j = 0; j < na && b.ok(); ++j) {
          size_t at = b.pos();
          uint16_t arg = b.U2();
          CpTag t = pool().Valid(arg) ? pool().at(arg).tag : CpTag::kUnusable;
          switch (t) {
            case CpTag::kInteger: case CpTag::kFloat: case CpTag::kLong: case CpTag::kDouble:
            case CpTag::kClass: case CpTag::kString: case CpTag::kMethodHandle:
            case CpTag::kMethodType: case CpTag::kDynamic:
              break;
            default:
              b.Fail(absl::StrFormat("bootstrap argument index %d is not a loadable constant", arg),
                     at);
              return false;
          }
          bm.arguments.push_back(arg);
        }
      }
      return b.ok();
    }
    if (an == "Record") {
      uint16_t k = b.U2("components_count");
      if (!b.ok() || !b.Need(size_t{k} * 6, "record components")) return false;
      auto& comps = cf_->record.emplace();
      comps.resize(k);
      for (uint16_t i = 0; i < k && b.ok(); ++i) {
        RecordComponent& rc = comps[i];
        rc.name = ReadUtf8(b, "record component name");
        rc.descriptor = ReadUtf8(b, "record component descriptor");
        if (!b.ok()) return false;
        bool dep = false, syn = false;
        if (!ReadAttributes(b, "record component",
                            [&](std::string_view rn, ByteCursor& rb, bool* h) {
                              return ReadCommonAttribute(rn, rb, rc.annotations, rc.signature, dep,
                                                         syn, h);
                            })) {
          return false;
        }
      }
      return b.ok();
    }
    return ReadCommonAttribute(an, b, cf_->annotations, cf_->signature, cf_->deprecated,
                               cf_->synthetic_attr, handled);
  });
  if (!ok) return false;
  if (cur_.remaining() != 0) {
    return Fail(absl::StrFormat("%d bytes of extra data after the class file", cur_.remaining()));
  }
  // Every Dynamic and InvokeDynamic entry must name a bootstrap method.
  const auto& entries = pool().entries();
  for (size_t i = 1; i < entries.size(); ++i) {
    const CpEntry& e = entries[i];
    if ((e.tag == CpTag::kDynamic || e.tag == CpTag::kInvokeDynamic) &&
        e.a >= cf_->bootstrap_methods.size()) {
      return Fail(absl::StrFormat("constant-pool entry %d (%s): bootstrap method %d out of range "
                                  "(%d bootstrap methods)",
                                  i, CpTagName(e.tag), e.a, cf_->bootstrap_methods.size()),
                  e.offset + 1);
    }
  }
  return true;
}

absl::Status ErrorStatus(std::string_view origin, const ByteCursor& c) {
  return absl::InvalidArgumentError(
      absl::StrFormat("%s: offset 0x%x: %s", origin, c.error_offset(), c.error()));
}

}  // namespace

absl::StatusOr<std::shared_ptr<const ClassFile>> ParseClassFile(std::vector<uint8_t> bytes,
                                                                std::string origin) {
  auto cf = std::make_shared<ClassFile>();
  cf->origin = std::move(origin);
  cf->bytes = std::move(bytes);
  Reader r(cf.get(), cf->bytes);
  if (!r.ReadHeaderAndPool() || !r.ReadClassInfo() || !r.ReadBody()) {
    return ErrorStatus(cf->origin, r.cursor());
  }
  return std::shared_ptr<const ClassFile>(std::move(cf));
}

absl::StatusOr<ClassHeader> ParseClassHeader(std::span<const uint8_t> bytes,
                                             std::string_view origin) {
  ClassFile cf;
  Reader r(&cf, bytes);
  if (!r.ReadHeaderAndPool() || !r.ReadClassInfo()) return ErrorStatus(origin, r.cursor());
  ClassHeader h;
  h.major_version = cf.major_version;
  h.access_flags = cf.access_flags;
  h.name = std::string(cf.this_class);
  h.super = std::string(cf.super_class);
  h.interfaces.reserve(cf.interfaces.size());
  for (auto i : cf.interfaces) h.interfaces.emplace_back(i);
  return h;
}

}  // namespace jwp::classfile
