#include "classfile/class_writer.h"

#include <utility>

#include "classfile/class_file.h"
#include "classfile/modified_utf8.h"

namespace jwp::classfile {

namespace {

void U2(std::vector<uint8_t>& out, uint32_t v) {
  out.push_back(static_cast<uint8_t>(v >> 8));
  out.push_back(static_cast<uint8_t>(v));
}
void U4(std::vector<uint8_t>& out, uint32_t v) {
  U2(out, v >> 16);
  U2(out, v & 0xffff);
}

std::vector<uint8_t> Entry(CpTag tag, std::initializer_list<uint16_t> refs) {
  std::vector<uint8_t> e{static_cast<uint8_t>(tag)};
  for (uint16_t r : refs) U2(e, r);
  return e;
}

}  // namespace

uint16_t ClassWriter::Add(std::vector<uint8_t> entry) {
  auto [it, inserted] = index_.try_emplace(entry, static_cast<uint16_t>(pool_.size() + 1));
  if (inserted) pool_.push_back(std::move(entry));
  return it->second;
}

// The names the writer makes are ASCII, where modified UTF-8 is the bytes.
uint16_t ClassWriter::Utf8(std::string_view text) {
  std::vector<uint8_t> e{static_cast<uint8_t>(CpTag::kUtf8)};
  U2(e, static_cast<uint32_t>(text.size()));
  e.insert(e.end(), text.begin(), text.end());
  return Add(std::move(e));
}

uint16_t ClassWriter::Class(std::string_view internal_name) {
  return Add(Entry(CpTag::kClass, {Utf8(internal_name)}));
}

uint16_t ClassWriter::NameAndType(std::string_view name, std::string_view descriptor) {
  return Add(Entry(CpTag::kNameAndType, {Utf8(name), Utf8(descriptor)}));
}

uint16_t ClassWriter::Field(std::string_view owner, std::string_view name, std::string_view descriptor) {
  return Add(Entry(CpTag::kFieldref, {Class(owner), NameAndType(name, descriptor)}));
}

uint16_t ClassWriter::Method(std::string_view owner, std::string_view name, std::string_view descriptor,
                             bool interface_owner) {
  return Add(Entry(interface_owner ? CpTag::kInterfaceMethodref : CpTag::kMethodref,
                   {Class(owner), NameAndType(name, descriptor)}));
}

uint16_t ClassWriter::String(std::string_view utf8) {
  const std::string bytes = EncodeModifiedUtf8(utf8);
  std::vector<uint8_t> e{static_cast<uint8_t>(CpTag::kUtf8)};
  U2(e, static_cast<uint32_t>(bytes.size()));
  e.insert(e.end(), bytes.begin(), bytes.end());
  return Add(Entry(CpTag::kString, {Add(std::move(e))}));
}

void ClassWriter::SetClass(uint16_t access_flags, std::string_view name, std::string_view super_name,
                           const std::vector<std::string>& interfaces) {
  access_ = access_flags;
  this_ = Class(name);
  super_ = Class(super_name);
  interfaces_.clear();
  for (const std::string& i : interfaces) interfaces_.push_back(Class(i));
}

void ClassWriter::AddField(uint16_t access_flags, std::string_view name, std::string_view descriptor) {
  fields_.push_back(Member{access_flags, Utf8(name), Utf8(descriptor), 0, 0, {}});
}

void ClassWriter::AddMethod(uint16_t access_flags, std::string_view name, std::string_view descriptor,
                            uint16_t max_stack, uint16_t max_locals, std::vector<uint8_t> code) {
  code_name_ = Utf8("Code");
  methods_.push_back(Member{access_flags, Utf8(name), Utf8(descriptor), max_stack, max_locals, std::move(code)});
}

std::vector<uint8_t> ClassWriter::Bytes() const {
  std::vector<uint8_t> out;
  U4(out, 0xCAFEBABE);
  U2(out, 0);   // minor
  U2(out, 52);  // major: Java 8
  U2(out, static_cast<uint32_t>(pool_.size() + 1));
  for (const auto& e : pool_) out.insert(out.end(), e.begin(), e.end());
  U2(out, access_);
  U2(out, this_);
  U2(out, super_);
  U2(out, static_cast<uint32_t>(interfaces_.size()));
  for (uint16_t i : interfaces_) U2(out, i);
  auto members = [&](const std::vector<Member>& ms) {
    U2(out, static_cast<uint32_t>(ms.size()));
    for (const Member& m : ms) {
      U2(out, m.access);
      U2(out, m.name);
      U2(out, m.descriptor);
      if (m.code.empty()) {
        U2(out, 0);  // no attributes
        continue;
      }
      U2(out, 1);
      U2(out, code_name_);
      U4(out, static_cast<uint32_t>(12 + m.code.size()));
      U2(out, m.max_stack);
      U2(out, m.max_locals);
      U4(out, static_cast<uint32_t>(m.code.size()));
      out.insert(out.end(), m.code.begin(), m.code.end());
      U2(out, 0);  // exception table
      U2(out, 0);  // attributes
    }
  };
  members(fields_);
  members(methods_);
  U2(out, 0);  // class attributes
  return out;
}

}  // namespace jwp::classfile
