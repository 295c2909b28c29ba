// A bounds-checked big-endian cursor over a byte span, after Shrike's
// ClassReader.checkLength: every read is checked, and the first failure is
// remembered with its byte offset so that the caller can turn it into a
// Status naming where the input went wrong. Reads past the end yield zero.
#ifndef JWP_CLASSFILE_INTERNAL_BYTE_CURSOR_H_
#define JWP_CLASSFILE_INTERNAL_BYTE_CURSOR_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace jwp::classfile::internal {

class ByteCursor {
 public:
  explicit ByteCursor(std::span<const uint8_t> bytes, size_t pos = 0)
      : bytes_(bytes), pos_(pos) {}

  size_t pos() const { return pos_; }
  size_t size() const { return bytes_.size(); }
  size_t remaining() const { return pos_ <= bytes_.size() ? bytes_.size() - pos_ : 0; }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  size_t error_offset() const { return error_offset_; }
  std::span<const uint8_t> bytes() const { return bytes_; }

  // Records the first failure; later ones are ignored.
  void Fail(std::string message, size_t offset) {
    if (error_.empty()) {
      error_ = std::move(message);
      error_offset_ = offset;
    }
    pos_ = bytes_.size();
  }
  void Fail(std::string message) { Fail(std::move(message), pos_); }

  // True when n more bytes are available; otherwise fails with `what`.
  bool Need(size_t n, const char* what) {
    if (n <= remaining()) [[likely]] return true;
    return NeedFailed(n, what);
  }
  [[gnu::cold, gnu::noinline]] bool NeedFailed(size_t n, const char* what) {
    Fail(std::string("truncated ") + what + ": need " + std::to_string(n) + " bytes, have " +
             std::to_string(remaining()),
         pos_);
    return false;
  }

  uint8_t U1(const char* what = "data") {
    if (!Need(1, what)) return 0;
    return bytes_[pos_++];
  }
  uint16_t U2(const char* what = "data") {
    if (!Need(2, what)) return 0;
    uint16_t v = static_cast<uint16_t>((bytes_[pos_] << 8) | bytes_[pos_ + 1]);
    pos_ += 2;
    return v;
  }
  uint32_t U4(const char* what = "data") {
    if (!Need(4, what)) return 0;
    uint32_t v = (uint32_t{bytes_[pos_]} << 24) | (uint32_t{bytes_[pos_ + 1]} << 16) |
                 (uint32_t{bytes_[pos_ + 2]} << 8) | uint32_t{bytes_[pos_ + 3]};
    pos_ += 4;
    return v;
  }
  uint64_t U8(const char* what = "data") {
    uint64_t hi = U4(what);
    uint64_t lo = U4(what);
    return (hi << 32) | lo;
  }
  // A sub-span of n bytes; empty on failure.
  std::span<const uint8_t> Bytes(size_t n, const char* what = "data") {
    if (!Need(n, what)) return {};
    auto s = bytes_.subspan(pos_, n);
    pos_ += n;
    return s;
  }
  void Skip(size_t n, const char* what = "data") {
    if (Need(n, what)) pos_ += n;
  }
  void Seek(size_t pos) { pos_ = pos; }

 private:
  std::span<const uint8_t> bytes_;
  size_t pos_;
  std::string error_;
  size_t error_offset_ = 0;
};

}  // namespace jwp::classfile::internal

#endif  // JWP_CLASSFILE_INTERNAL_BYTE_CURSOR_H_
