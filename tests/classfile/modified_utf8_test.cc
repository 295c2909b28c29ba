#include "classfile/modified_utf8.h"

#include "gtest/gtest.h"

namespace jwp::classfile {
namespace {

std::span<const uint8_t> AsBytes(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(ModifiedUtf8, RoundTripsSupplementaryAndNul) {
  const std::string utf8("a\0\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80z", 12);
  std::string m = EncodeModifiedUtf8(utf8);
  // NUL becomes C0 80; U+1F600 becomes two three-byte surrogates.
  EXPECT_EQ(m, std::string("a\xC0\x80\xC3\xA9\xE2\x82\xAC\xED\xA0\xBD\xED\xB8\x80z"));
  size_t bad = 99;
  auto back = DecodeModifiedUtf8(AsBytes(m), &bad);
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, utf8);
  EXPECT_FALSE(IsPlainAscii(AsBytes(m)));
  EXPECT_TRUE(IsPlainAscii(AsBytes("java/lang/Object")));
}

TEST(ModifiedUtf8, RejectsMalformedSequences) {
  struct Case {
    std::string bytes;
    size_t bad_index;
  } cases[] = {
      {std::string("ab\0c", 4), 2},   // raw NUL
      {"a\x80", 1},                   // lone continuation byte
      {"a\xC3", 1},                   // truncated two-byte form
      {"\xE2\x82", 0},                // truncated three-byte form
      {"x\xF0\x9F\x98\x80", 1},       // four-byte form is not modified UTF-8
  };
  for (const auto& c : cases) {
    size_t bad = 99;
    EXPECT_FALSE(DecodeModifiedUtf8(AsBytes(c.bytes), &bad).has_value());
    EXPECT_EQ(bad, c.bad_index);
  }
}

TEST(ModifiedUtf8, KeepsUnpairedSurrogates) {
  // A lone high surrogate (legal in a Java string) is kept as its three bytes.
  auto s = DecodeModifiedUtf8(AsBytes("\xED\xA0\xBDx"), nullptr);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(*s, "\xED\xA0\xBDx");
}

}  // namespace
}  // namespace jwp::classfile
