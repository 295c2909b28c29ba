// The String model's C++ side: UTF-16 code units of literals, and the facts
// that give a literal's characters.
#include "models/string_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_join.h"
#include "logic/printer.h"
#include "tests/models/models_test_support.h"

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

// The methods of JDK 17's `cls` that code outside it can name (not private,
// synthetic or a class initializer), with those of `inherited` (its
// superclass, for a model that does not extend it) that are public and that
// `cls` does not override (covariantly: the same parameters), each as
// name + descriptor, that the model's class of the same name does not
// declare: a call of one would not resolve.
std::vector<std::string> Undeclared(std::string_view cls, std::string_view inherited = "") {
  testing::ModelWorld jdk(/*with_models=*/false);
  testing::ModelWorld model;
  if (jdk.hierarchy() == nullptr || model.hierarchy() == nullptr) return {"(no class path)"};
  const classfile::ClassFile* modelled = model.Class(cls);
  if (modelled == nullptr) return {"(no model class)"};
  auto declared = [&](const classfile::MethodInfo& m) {
    for (const classfile::MethodInfo& d : modelled->methods) {
      if (d.name == m.name && d.descriptor == m.descriptor) return true;
    }
    return false;
  };
  const classfile::ClassFile* own = jdk.Class(cls);
  if (own == nullptr) return {"(no JDK class)"};
  auto parameters = [](std::string_view descriptor) { return descriptor.substr(0, descriptor.find(')') + 1); };
  auto overridden = [&](const classfile::MethodInfo& m) {
    for (const classfile::MethodInfo& o : own->methods) {
      if (o.name == m.name && parameters(o.descriptor) == parameters(m.descriptor)) return true;
    }
    return false;
  };
  std::vector<std::string> missing;
  auto check = [&](const classfile::ClassFile& original, bool inherited_only) {
    for (const classfile::MethodInfo& m : original.methods) {
      if (m.IsPrivate() || (m.access_flags & classfile::access::kSynthetic) || m.name == "<clinit>") continue;
      if (inherited_only && (!(m.access_flags & classfile::access::kPublic) || m.name == "<init>" || overridden(m))) {
        continue;
      }
      if (!declared(m)) missing.push_back(std::string(m.name) + std::string(m.descriptor));
    }
  };
  check(*own, false);
  if (!inherited.empty()) {
    if (const classfile::ClassFile* super = jdk.Class(inherited)) check(*super, true);
  }
  std::sort(missing.begin(), missing.end());
  missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
  return missing;
}

// Strings with no holes (issue #28): every method of JDK 17's String has a
// body in the model or is declared native there (its row in
// models/jdk_natives.def says what may be assumed of it), so no call into
// String is ever "does not resolve".
TEST(StringModel, DeclaresEveryMethodOfTheJdksString) {
  const std::vector<std::string> missing = Undeclared("java/lang/String");
  EXPECT_TRUE(missing.empty()) << missing.size() << " undeclared: " << absl::StrJoin(missing, " ");
}

// Likewise StringBuilder, with the public methods it inherits from
// AbstractStringBuilder (the model extends Object).
TEST(StringModel, DeclaresEveryMethodOfTheJdksStringBuilder) {
  const std::vector<std::string> missing = Undeclared("java/lang/StringBuilder", "java/lang/AbstractStringBuilder");
  EXPECT_TRUE(missing.empty()) << missing.size() << " undeclared: " << absl::StrJoin(missing, " ");
}

// The codings that throw instead of replacing, which java.nio.file reaches
// through JavaLangAccess (Path.of, Files.readString and writeString), have
// bodies (as JDK 17 orders its checks), so that a call of one is analysed
// rather than skipped as a native that may throw.
TEST(StringModel, TheCodingsThatThrowHaveBodies) {
  testing::ModelWorld model;
  ASSERT_NE(model.hierarchy(), nullptr);
  const classfile::ClassFile* modelled = model.Class("java/lang/String");
  ASSERT_NE(modelled, nullptr);
  for (const char* key : {"newStringNoRepl([BLjava/nio/charset/Charset;)Ljava/lang/String;",
                          "newStringUTF8NoRepl([BII)Ljava/lang/String;",
                          "getBytesNoRepl(Ljava/lang/String;Ljava/nio/charset/Charset;)[B",
                          "getBytesUTF8NoRepl(Ljava/lang/String;)[B"}) {
    const std::string_view k(key);
    const std::string_view name = k.substr(0, k.find('('));
    const std::string_view descriptor = k.substr(k.find('('));
    const classfile::MethodInfo* found = nullptr;
    for (const classfile::MethodInfo& m : modelled->methods) {
      if (m.name == name && m.descriptor == descriptor) found = &m;
    }
    ASSERT_NE(found, nullptr) << key;
    EXPECT_EQ(found->access_flags & classfile::access::kNative, 0) << key << " is still a native";
  }
}

}  // namespace
}  // namespace jwp::models
