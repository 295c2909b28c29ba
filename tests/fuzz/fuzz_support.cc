#include "tests/fuzz/fuzz_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

#include "classfile/bytecode.h"
#include "classfile/class_printer.h"
#include "classfile/class_reader.h"

namespace jwp::fuzz {
namespace {

using classfile::Annotation;
using classfile::Annotations;
using classfile::ClassFile;
using classfile::CpTag;
using classfile::ElementValue;

[[noreturn]] void Die(std::string_view context, std::string_view detail) {
  std::fprintf(stderr, "jwp fuzz contract broken: %.*s: %.*s\n", static_cast<int>(context.size()),
               context.data(), static_cast<int>(detail.size()), detail.data());
  std::abort();
}

// Debian's Abseil keeps absl::string_view distinct from std::string_view.
std::string_view Message(const absl::Status& s) {
  return std::string_view(s.message().data(), s.message().size());
}

// Keeps the walks below from being optimised away.
volatile size_t g_sink = 0;

size_t Walk(const ElementValue& v, int depth);

size_t Walk(const Annotation& a, int depth) {
  size_t n = a.type_index;
  for (const auto& [name, value] : a.elements) n += name + Walk(value, depth + 1);
  return n;
}

size_t Walk(const ElementValue& v, int depth) {
  if (depth > 200) Die("annotation walk", "nesting deeper than the reader allows");
  size_t n = static_cast<size_t>(v.tag) + v.const_index + v.enum_const_name;
  for (const Annotation& a : v.annotation) n += Walk(a, depth + 1);
  for (const ElementValue& e : v.array) n += Walk(e, depth + 1);
  return n;
}

size_t Walk(const Annotations& as) {
  size_t n = 0;
  for (const Annotation& a : as.visible) n += Walk(a, 0);
  for (const Annotation& a : as.invisible) n += Walk(a, 0);
  return n;
}

// Every accessor of every pool entry; the reader promised well-formed
// cross references, so none of these may read out of bounds.
size_t WalkPool(const classfile::ConstantPool& pool) {
  size_t n = 0;
  for (size_t i = 1; i < pool.size(); ++i) {
    const uint16_t k = static_cast<uint16_t>(i);
    if (!pool.Valid(k)) continue;
    switch (pool.at(k).tag) {
      case CpTag::kUtf8: n += pool.Utf8(k).size(); break;
      case CpTag::kClass: n += pool.ClassName(k).size(); break;
      case CpTag::kNameAndType:
        n += pool.NameOfNameAndType(k).size() + pool.DescriptorOfNameAndType(k).size();
        break;
      case CpTag::kFieldref:
      case CpTag::kMethodref:
      case CpTag::kInterfaceMethodref:
        n += pool.MemberClass(k).size();
        [[fallthrough]];
      case CpTag::kDynamic:
      case CpTag::kInvokeDynamic:
        n += pool.MemberName(k).size() + pool.MemberDescriptor(k).size();
        break;
      case CpTag::kInteger: n += static_cast<size_t>(pool.Integer(k)); break;
      case CpTag::kLong: n += static_cast<size_t>(pool.Long(k)); break;
      case CpTag::kFloat: n += pool.Float(k) > 0 ? 1 : 0; break;
      case CpTag::kDouble: n += pool.Double(k) > 0 ? 1 : 0; break;
      default: n += pool.at(k).a; break;
    }
  }
  return n;
}

// Checks what the decoder promises about a decoded method.
void CheckDecoded(const classfile::DecodedCode& code, size_t code_size, std::string_view where) {
  uint32_t expect = 0;
  for (const auto& insn : code.instructions) {
    if (insn.offset != expect) Die(where, "instructions do not tile the code");
    if (insn.length == 0) Die(where, "instruction of length 0");
    if (code.IndexAt(insn.offset) < 0) Die(where, "IndexAt misses an instruction");
    expect = insn.offset + insn.length;
    auto fmt = classfile::OpcodeFormat(insn.opcode);
    auto target_ok = [&](int64_t t) {
      return t >= 0 && t < static_cast<int64_t>(code_size) &&
             code.IndexAt(static_cast<uint32_t>(t)) >= 0;
    };
    if (insn.wide) continue;
    if (fmt == classfile::OperandFormat::kBranch2 || fmt == classfile::OperandFormat::kBranch4) {
      if (!target_ok(insn.a)) Die(where, "branch target is not an instruction");
    } else if (fmt == classfile::OperandFormat::kTableSwitch ||
               fmt == classfile::OperandFormat::kLookupSwitch) {
      if (insn.a < 0 || static_cast<size_t>(insn.a) >= code.switches.size()) {
        Die(where, "switch index out of range");
      }
      const auto& sw = code.switches[insn.a];
      if (!target_ok(sw.default_target)) Die(where, "switch default is not an instruction");
      for (const auto& c : sw.cases) {
        if (!target_ok(c.second)) Die(where, "switch target is not an instruction");
      }
    }
  }
  if (expect != code_size) Die(where, "instructions do not end at the end of the code");
}

size_t WalkClass(const ClassFile& cf) {
  size_t n = WalkPool(cf.pool) + Walk(cf.annotations) + cf.this_class.size() +
             cf.super_class.size() + cf.source_file.size() + cf.signature.size();
  for (auto i : cf.interfaces) n += i.size();
  for (const auto& f : cf.fields) n += f.name.size() + f.descriptor.size() + Walk(f.annotations);
  for (const auto& e : cf.inner_classes) n += e.inner_class_info + e.inner_name;
  for (const auto& b : cf.bootstrap_methods) n += b.method_ref + b.arguments.size();
  for (auto s : cf.nest_members) n += s.size();
  for (auto s : cf.permitted_subclasses) n += s.size();
  if (cf.record) {
    for (const auto& rc : *cf.record) n += rc.name.size() + Walk(rc.annotations);
  }
  bool all_decoded = true;
  for (const auto& m : cf.methods) {
    n += m.name.size() + m.descriptor.size() + Walk(m.annotations) + m.exceptions.size();
    for (const auto& pa : m.parameter_annotations) n += Walk(pa);
    if (m.annotation_default) n += Walk(*m.annotation_default, 0);
    if (!m.code) continue;
    for (const auto& e : m.code->exception_table) n += e.handler_pc;
    for (const auto& f : m.code->stack_map) n += f.locals.size() + f.stack.size();
    auto decoded = classfile::DecodeCode(cf, m);
    if (!decoded.ok()) {
      all_decoded = false;
      CheckErrorNames(decoded.status(), cf.origin, /*needs_offset=*/true, "DecodeCode");
      continue;
    }
    CheckDecoded(*decoded, m.code->code.size(), cf.origin);
    n += decoded->instructions.size();
  }
  // The printer fails only when a method's code does not decode.
  std::ostringstream out;
  absl::Status printed = classfile::PrintClass(cf, out);
  if (all_decoded && !printed.ok()) Die("PrintClass", Message(printed));
  if (!printed.ok()) CheckErrorNames(printed, cf.origin, true, "PrintClass");
  n += out.str().size();
  return n;
}

}  // namespace

void Expect(bool condition, std::string_view context, std::string_view detail) {
  if (!condition) Die(context, detail);
}

void CheckErrorNames(const absl::Status& s, std::string_view name, bool needs_offset,
                     std::string_view context) {
  if (s.ok()) Die(context, "expected an error");
  std::string_view m = Message(s);
  if (m.find(name) == std::string_view::npos) {
    Die(context, std::string("message does not name '") + std::string(name) + "': " +
                     std::string(m));
  }
  if (needs_offset && m.find("offset 0x") == std::string_view::npos) {
    Die(context, std::string("message names no offset: ") + std::string(m));
  }
}

bool ExerciseClassBytes(std::span<const uint8_t> bytes, const std::string& origin, bool walk) {
  auto cf = classfile::ParseClassFile(std::vector<uint8_t>(bytes.begin(), bytes.end()), origin);
  if (!walk) {
    if (!cf.ok()) CheckErrorNames(cf.status(), origin, /*needs_offset=*/true, "ParseClassFile");
    return cf.ok();
  }
  auto header = classfile::ParseClassHeader(bytes, origin);
  if (!cf.ok()) {
    CheckErrorNames(cf.status(), origin, /*needs_offset=*/true, "ParseClassFile");
    // The header reader stops earlier; when it fails, it fails the same way.
    if (!header.ok() && Message(header.status()) != Message(cf.status())) {
      Die("ParseClassHeader", std::string(Message(header.status())) + " vs " +
                                  std::string(Message(cf.status())));
    }
    return false;
  }
  if (!header.ok()) Die("ParseClassHeader", Message(header.status()));
  const ClassFile& c = **cf;
  if (header->name != c.this_class || header->super != c.super_class ||
      header->interfaces.size() != c.interfaces.size() ||
      header->major_version != c.major_version || header->access_flags != c.access_flags) {
    Die("ParseClassHeader", "disagrees with ParseClassFile");
  }
  g_sink = g_sink + WalkClass(c);
  return true;
}

ScratchFile::ScratchFile(std::string_view tag) {
  const char* dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : std::getenv("TMPDIR");
  path_ = std::string(dir != nullptr ? dir : "/tmp") + "/jwp-fuzz-" + std::string(tag) + "-" +
          std::to_string(getpid());
}

ScratchFile::~ScratchFile() { unlink(path_.c_str()); }

void ScratchFile::Write(const uint8_t* data, size_t size) {
  int fd = open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0) Die("ScratchFile", "cannot create " + path_);
  size_t done = 0;
  while (done < size) {
    ssize_t w = write(fd, data + done, size - done);
    if (w <= 0) Die("ScratchFile", "cannot write " + path_);
    done += static_cast<size_t>(w);
  }
  close(fd);
}

}  // namespace jwp::fuzz
