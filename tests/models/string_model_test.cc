// The String model's C++ side: UTF-16 code units of literals, and the facts
// that give a literal's characters.
#include "models/string_model.h"

#include <gtest/gtest.h>

#include "logic/printer.h"

namespace jwp::models {
namespace {

using classfile::Utf16;
using classfile::Utf8;

TEST(StringModel, Utf16OfAsciiBmpAndSupplementary) {
  EXPECT_EQ(Utf16("abc"), (std::vector<uint16_t>{'a', 'b', 'c'}));
  EXPECT_EQ(Utf16("\xC3\xA9"), (std::vector<uint16_t>{0xE9}));            // é
  EXPECT_EQ(Utf16("\xE2\x82\xAC"), (std::vector<uint16_t>{0x20AC}));      // €
  EXPECT_EQ(Utf16("\xF0\x9F\x98\x80"), (std::vector<uint16_t>{0xD83D, 0xDE00}));  // U+1F600
  EXPECT_EQ(Utf16("\xC0\x80"), (std::vector<uint16_t>{0}));               // modified UTF-8 NUL
  EXPECT_EQ(Utf16("\xFF"), (std::vector<uint16_t>{0xFFFD}));              // malformed
}

TEST(StringModel, Utf8RoundTripsAndRejectsUnpairedSurrogates) {
  for (const char* s : {"", "abc", "\xC3\xA9t\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80!"}) {
    EXPECT_EQ(Utf8(Utf16(s)), std::string(s)) << s;
  }
  EXPECT_EQ(Utf8({0xD83D}), std::nullopt);
  EXPECT_EQ(Utf8({0xDE00, 'a'}), std::nullopt);
}

TEST(StringModel, LiteralFactsGiveLengthTypeAndEveryCharacter) {
  logic::TermManager tm;
  logic::Term chars = tm.mk_field("java/lang/String", "jwpValue", "[C");
  logic::Term map = tm.mk_array_map(logic::ArrayKind::kChar);
  logic::Term lit = tm.mk_string("h\xC3\xA9");
  std::vector<logic::Term> facts = StringLiteralFacts(tm, lit, chars, map);
  ASSERT_EQ(facts.size(), 5u);  // non-null, length, type, two characters
  logic::Term arr = tm.mk_read(chars, lit);
  EXPECT_EQ(facts[0], tm.mk_ne(arr, tm.mk_null()));
  EXPECT_EQ(facts[1], tm.mk_eq(tm.mk_length(arr), tm.mk_int(2)));
  EXPECT_EQ(facts[2], tm.mk_eq(tm.mk_type_of(arr), tm.mk_type("[C")));
  EXPECT_EQ(facts[3], tm.mk_eq(tm.mk_aread(map, arr, tm.mk_int(0)), tm.mk_int('h')));
  EXPECT_EQ(facts[4], tm.mk_eq(tm.mk_aread(map, arr, tm.mk_int(1)), tm.mk_int(0xE9)));
}

}  // namespace
}  // namespace jwp::models
