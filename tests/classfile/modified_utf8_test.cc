#include "classfile/modified_utf8.h"

#include <random>

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
  EXPECT_FALSE(DecodesToItself(AsBytes(m)));
  EXPECT_TRUE(DecodesToItself(AsBytes("java/lang/Object")));
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

// The class reader keeps a Utf8 entry's own bytes when DecodesToItself says
// so: that must be exactly what decoding would give.
TEST(ModifiedUtf8, DecodesToItselfOnlyWhenDecodingChangesNothing) {
  for (const char* same : {"", "java/lang/Object", "caf\xC3\xA9 na\xC3\xAFve \xC2\xA0",
                           "\xE4\xB8\xAD\xE6\x96\x87 (CJK), \xE2\x82\xAC, \xEF\xBF\xBF",
                           "\xE0\xA0\x80 and \xED\x9F\xBF around the surrogates"}) {
    EXPECT_TRUE(DecodesToItself(AsBytes(same))) << same;
    auto d = DecodeModifiedUtf8(AsBytes(same), nullptr);
    ASSERT_TRUE(d.has_value()) << same;
    EXPECT_EQ(*d, same);
  }
  for (std::string other : {std::string("a\xC0\x80", 3),  // NUL's two-byte form
                            std::string("\xED\xA0\xBD\xED\xB8\x80"),  // a surrogate pair
                            std::string("\xED\xA0\xBDx"),                // a lone surrogate
                            std::string("\xC1\xBF"),                      // overlong two bytes
                            std::string("\xE0\x81\x81"),                 // overlong three bytes
                            std::string("ab\0c", 4), std::string("a\x80"), std::string("a\xC3"),
                            std::string("\xE2\x82"), std::string("x\xF0\x9F\x98\x80")}) {
    EXPECT_FALSE(DecodesToItself(AsBytes(other))) << other;
  }
  // Random bytes drawn mostly from the lead and continuation bytes that
  // matter: whenever the answer is yes, decoding gives the same bytes.
  std::mt19937 rng(20091);
  const uint8_t alphabet[] = {'a', 0x00, 0x7F, 0x80, 0xBF, 0xA0, 0x9F, 0xC0, 0xC1,
                              0xC2, 0xDF, 0xE0, 0xE4, 0xED, 0xEF, 0xF0, 0xFF};
  int yes = 0;
  for (int k = 0; k < 20000; ++k) {
    std::string b(std::uniform_int_distribution<int>(0, 12)(rng), 'a');
    for (char& c : b) c = static_cast<char>(alphabet[rng() % sizeof alphabet]);
    if (!DecodesToItself(AsBytes(b))) continue;
    ++yes;
    auto d = DecodeModifiedUtf8(AsBytes(b), nullptr);
    ASSERT_TRUE(d.has_value()) << k;
    ASSERT_EQ(*d, b) << k;
  }
  EXPECT_GT(yes, 1000);
}

}  // namespace
}  // namespace jwp::classfile
