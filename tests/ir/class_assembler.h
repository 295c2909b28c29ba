// A minimal class-file assembler for tests that need bytecode javac no longer
// emits (jsr/ret, version 49) or shapes it never emits (the rarer dup forms):
// a constant pool that hands out indices, and a code buffer with labels for
// 16-bit branch offsets (JVMS 4.1, 4.7.3). No StackMapTable is written, so
// keep the version below 50 if a JVM is to load the result.
#ifndef JWP_TESTS_IR_CLASS_ASSEMBLER_H_
#define JWP_TESTS_IR_CLASS_ASSEMBLER_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jwp::ir::testing {

class Bytes {
 public:
  void U1(uint32_t v) { b_.push_back(static_cast<uint8_t>(v)); }
  void U2(uint32_t v) {
    U1(v >> 8);
    U1(v);
  }
  void U4(uint32_t v) {
    U2(v >> 16);
    U2(v);
  }
  void Append(const std::vector<uint8_t>& more) { b_.insert(b_.end(), more.begin(), more.end()); }
  size_t size() const { return b_.size(); }
  std::vector<uint8_t>& bytes() { return b_; }
  const std::vector<uint8_t>& bytes() const { return b_; }

 private:
  std::vector<uint8_t> b_;
};

// Bytecode with named labels. Branch(op, label) writes op and a 16-bit offset
// relative to the branch, patched by Finish().
class CodeAssembler {
 public:
  CodeAssembler& Op(uint8_t op) {
    code_.U1(op);
    return *this;
  }
  CodeAssembler& Op(uint8_t op, uint8_t operand) {
    code_.U1(op);
    code_.U1(operand);
    return *this;
  }
  CodeAssembler& Op2(uint8_t op, uint16_t operand) {  // cp index or sipush
    code_.U1(op);
    code_.U2(operand);
    return *this;
  }
  CodeAssembler& Iinc(uint8_t slot, int8_t delta) {
    code_.U1(0x84);
    code_.U1(slot);
    code_.U1(static_cast<uint8_t>(delta));
    return *this;
  }
  CodeAssembler& Branch(uint8_t op, const std::string& label) {
    fixups_.push_back({code_.size(), label});
    code_.U1(op);
    code_.U2(0);
    return *this;
  }
  CodeAssembler& Label(const std::string& name) {
    labels_[name] = static_cast<uint16_t>(code_.size());
    return *this;
  }
  uint16_t At(const std::string& label) const { return labels_.at(label); }
  uint16_t pc() const { return static_cast<uint16_t>(code_.size()); }
  std::vector<uint8_t> Finish() {
    std::vector<uint8_t> out = code_.bytes();
    for (const auto& [at, label] : fixups_) {
      int32_t off = static_cast<int32_t>(labels_.at(label)) - static_cast<int32_t>(at);
      out[at + 1] = static_cast<uint8_t>(static_cast<uint16_t>(off) >> 8);
      out[at + 2] = static_cast<uint8_t>(off);
    }
    return out;
  }

 private:
  Bytes code_;
  std::vector<std::pair<size_t, std::string>> fixups_;
  std::map<std::string, uint16_t> labels_;
};

// Opcodes used by the tests (JVMS 6.5).
namespace op {
inline constexpr uint8_t kAconstNull = 0x01, kIconst0 = 0x03, kIconst1 = 0x04, kIconst2 = 0x05, kIconst3 = 0x06,
                         kIconst4 = 0x07, kIconst5 = 0x08, kBipush = 0x10;
inline constexpr uint8_t kLdcW = 0x13, kLdc2W = 0x14;
inline constexpr uint8_t kIload = 0x15, kLload = 0x16, kAload = 0x19;
inline constexpr uint8_t kIload0 = 0x1a, kIload1 = 0x1b, kIload2 = 0x1c, kIload3 = 0x1d;
inline constexpr uint8_t kLload0 = 0x1e, kLload1 = 0x1f, kLload2 = 0x20, kLload3 = 0x21;
inline constexpr uint8_t kAload0 = 0x2a, kAload1 = 0x2b, kAload2 = 0x2c, kAload3 = 0x2d;
inline constexpr uint8_t kIstore = 0x36, kLstore = 0x37, kAstore = 0x3a;
inline constexpr uint8_t kIstore0 = 0x3b, kIstore1 = 0x3c, kIstore2 = 0x3d, kLstore3 = 0x42;
inline constexpr uint8_t kAstore0 = 0x4b, kAstore1 = 0x4c, kAstore2 = 0x4d, kAstore3 = 0x4e;
inline constexpr uint8_t kPop = 0x57, kPop2 = 0x58, kDup = 0x59, kDupX1 = 0x5a, kDupX2 = 0x5b, kDup2 = 0x5c,
                         kDup2X1 = 0x5d, kDup2X2 = 0x5e, kSwap = 0x5f;
inline constexpr uint8_t kIadd = 0x60, kLadd = 0x61, kIsub = 0x64, kLsub = 0x65, kImul = 0x68;
inline constexpr uint8_t kIinc = 0x84, kI2l = 0x85, kL2i = 0x88;
inline constexpr uint8_t kIfeq = 0x99, kIfne = 0x9a, kGoto = 0xa7, kJsr = 0xa8, kRet = 0xa9;
inline constexpr uint8_t kIreturn = 0xac, kLreturn = 0xad, kReturn = 0xb1;
inline constexpr uint8_t kGetstatic = 0xb2, kPutstatic = 0xb3, kInvokevirtual = 0xb6, kInvokestatic = 0xb8;
inline constexpr uint8_t kInvokespecial = 0xb7, kNew = 0xbb, kAthrow = 0xbf, kMonitorenter = 0xc2, kMonitorexit = 0xc3;
}  // namespace op

class ClassAssembler {
 public:
  struct Handler {
    std::string start, end, handler;  // labels of the method's code
    std::string catch_type;           // internal name, "" for any
  };

  explicit ClassAssembler(std::string name, uint16_t major = 49) : name_(std::move(name)), major_(major) {
    this_class_ = Class(name_);
    super_class_ = Class("java/lang/Object");
  }

  uint16_t Utf8(std::string_view s) {
    auto key = std::make_pair(1, std::string(s));
    if (auto it = index_.find(key); it != index_.end()) return it->second;
    Bytes e;
    e.U1(1);
    e.U2(static_cast<uint32_t>(s.size()));
    for (char c : s) e.U1(static_cast<uint8_t>(c));
    return Add(key, e);
  }
  uint16_t Integer(int32_t v) {
    Bytes e;
    e.U1(3);
    e.U4(static_cast<uint32_t>(v));
    return Add({3, std::to_string(v)}, e);
  }
  uint16_t Long(int64_t v) {  // takes two pool entries (JVMS 4.4.5)
    std::pair<int, std::string> key{5, std::to_string(v)};
    if (auto it = index_.find(key); it != index_.end()) return it->second;
    Bytes e;
    e.U1(5);
    e.U4(static_cast<uint32_t>(static_cast<uint64_t>(v) >> 32));
    e.U4(static_cast<uint32_t>(v));
    uint16_t index = Add(key, e);
    ++pool_count_;
    return index;
  }
  uint16_t Class(std::string_view internal_name) { return Ref(7, Utf8(internal_name)); }
  uint16_t String(std::string_view s) { return Ref(8, Utf8(s)); }
  uint16_t NameAndType(std::string_view name, std::string_view desc) { return Ref(12, Utf8(name), Utf8(desc)); }
  uint16_t Methodref(std::string_view owner, std::string_view name, std::string_view desc) {
    return Ref(10, Class(owner), NameAndType(name, desc));
  }
  uint16_t Fieldref(std::string_view owner, std::string_view name, std::string_view desc) {
    return Ref(9, Class(owner), NameAndType(name, desc));
  }

  void AddField(uint16_t flags, std::string_view name, std::string_view desc) {
    Bytes f;
    f.U2(flags);
    f.U2(Utf8(name));
    f.U2(Utf8(desc));
    f.U2(0);
    fields_.push_back(std::move(f));
  }

  // Adds a method with a Code attribute (no other attributes).
  void AddMethod(uint16_t flags, std::string_view name, std::string_view desc, uint16_t max_stack,
                 uint16_t max_locals, CodeAssembler& code, const std::vector<Handler>& handlers = {}) {
    uint16_t code_name = Utf8("Code");
    std::vector<uint8_t> bytes = code.Finish();
    Bytes attr;
    attr.U2(max_stack);
    attr.U2(max_locals);
    attr.U4(static_cast<uint32_t>(bytes.size()));
    attr.Append(bytes);
    attr.U2(static_cast<uint32_t>(handlers.size()));
    for (const Handler& h : handlers) {
      attr.U2(code.At(h.start));
      attr.U2(code.At(h.end));
      attr.U2(code.At(h.handler));
      attr.U2(h.catch_type.empty() ? 0 : Class(h.catch_type));
    }
    attr.U2(0);  // attributes of Code
    Bytes m;
    m.U2(flags);
    m.U2(Utf8(name));
    m.U2(Utf8(desc));
    m.U2(1);
    m.U2(code_name);
    m.U4(static_cast<uint32_t>(attr.size()));
    m.Append(attr.bytes());
    methods_.push_back(std::move(m));
  }

  std::vector<uint8_t> Build() const {
    Bytes out;
    out.U4(0xCAFEBABE);
    out.U2(0);
    out.U2(major_);
    out.U2(static_cast<uint32_t>(pool_count_));
    out.Append(pool_.bytes());
    out.U2(0x0021);  // public super
    out.U2(this_class_);
    out.U2(super_class_);
    out.U2(0);  // interfaces
    out.U2(static_cast<uint32_t>(fields_.size()));
    for (const Bytes& f : fields_) out.Append(f.bytes());
    out.U2(static_cast<uint32_t>(methods_.size()));
    for (const Bytes& m : methods_) out.Append(m.bytes());
    out.U2(0);  // class attributes
    return out.bytes();
  }

  const std::string& name() const { return name_; }

 private:
  uint16_t Ref(int tag, uint16_t a, uint16_t b = 0) {
    auto key = std::make_pair(tag, std::to_string(a) + ":" + std::to_string(b));
    if (auto it = index_.find(key); it != index_.end()) return it->second;
    Bytes e;
    e.U1(static_cast<uint32_t>(tag));
    e.U2(a);
    if (tag == 9 || tag == 10 || tag == 12) e.U2(b);
    return Add(key, e);
  }
  uint16_t Add(const std::pair<int, std::string>& key, const Bytes& entry) {
    if (auto it = index_.find(key); it != index_.end()) return it->second;
    uint16_t index = static_cast<uint16_t>(pool_count_++);
    pool_.Append(entry.bytes());
    index_[key] = index;
    return index;
  }

  std::string name_;
  uint16_t major_;
  uint16_t this_class_ = 0, super_class_ = 0;
  size_t pool_count_ = 1;
  Bytes pool_;
  std::map<std::pair<int, std::string>, uint16_t> index_;
  std::vector<Bytes> fields_;
  std::vector<Bytes> methods_;
};

}  // namespace jwp::ir::testing

#endif  // JWP_TESTS_IR_CLASS_ASSEMBLER_H_
