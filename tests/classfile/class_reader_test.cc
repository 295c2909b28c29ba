#include "classfile/class_reader.h"

#include <algorithm>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "classfile/archive.h"
#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;
using jwp::testing::ReadFileBytes;

std::shared_ptr<const ClassFile> Parse(const std::string& dir, const std::string& name) {
  std::string path = dir + "/" + name + ".class";
  auto bytes = ReadFileBytes(path);
  EXPECT_FALSE(bytes.empty()) << path;
  auto cf = ParseClassFile(std::move(bytes), path);
  EXPECT_TRUE(cf.ok()) << cf.status();
  return cf.ok() ? *cf : nullptr;
}

const MethodInfo* FindMethod(const ClassFile& cf, std::string_view name) {
  for (const auto& m : cf.methods) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

const FieldInfo* FindField(const ClassFile& cf, std::string_view name) {
  for (const auto& f : cf.fields) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

TEST(ClassReader, ReadsVersionsOfBothReleases) {
  auto c8 = Parse(jwp::testing::Release8Dir(), "fixtures/Basics");
  auto c17 = Parse(jwp::testing::Release17Dir(), "fixtures/Basics");
  ASSERT_TRUE(c8 && c17);
  EXPECT_EQ(c8->major_version, 52);
  EXPECT_EQ(c17->major_version, 61);
  for (const auto& cf : {c8, c17}) {
    EXPECT_EQ(cf->this_class, "fixtures/Basics");
    EXPECT_EQ(cf->super_class, "java/lang/Object");
    EXPECT_THAT(cf->interfaces, ElementsAre("java/io/Serializable", "java/lang/Comparable"));
    EXPECT_EQ(cf->source_file, "Basics.java");
    EXPECT_EQ(cf->signature, "Ljava/lang/Object;Ljava/io/Serializable;Ljava/lang/Comparable<Lfixtures/Basics;>;");
  }
}

TEST(ClassReader, ReadsFieldsAndConstantValues) {
  auto cf = Parse(jwp::testing::Release8Dir(), "fixtures/Basics");
  ASSERT_TRUE(cf);
  const FieldInfo* answer = FindField(*cf, "ANSWER");
  ASSERT_NE(answer, nullptr);
  EXPECT_EQ(answer->descriptor, "I");
  EXPECT_EQ(answer->access_flags, access::kPublic | access::kStatic | access::kFinal);
  ASSERT_TRUE(cf->pool.Is(answer->constant_value, CpTag::kInteger));
  EXPECT_EQ(cf->pool.Integer(answer->constant_value), 42);
  const FieldInfo* big = FindField(*cf, "BIG");
  ASSERT_TRUE(cf->pool.Is(big->constant_value, CpTag::kLong));
  EXPECT_EQ(cf->pool.Long(big->constant_value), int64_t{1} << 40);
  const FieldInfo* f = FindField(*cf, "F");
  EXPECT_EQ(cf->pool.Float(f->constant_value), 1.5f);
  const FieldInfo* d = FindField(*cf, "D");
  EXPECT_EQ(cf->pool.Double(d->constant_value), 2.25);
  const FieldInfo* names = FindField(*cf, "names");
  EXPECT_EQ(names->signature, "Ljava/util/List<Ljava/lang/String;>;");
  EXPECT_TRUE(names->access_flags & access::kTransient);
  EXPECT_TRUE(FindField(*cf, "lock")->access_flags & access::kVolatile);
}

TEST(ClassReader, DecodesModifiedUtf8Constants) {
  auto cf = Parse(jwp::testing::Release8Dir(), "fixtures/Basics");
  ASSERT_TRUE(cf);
  const FieldInfo* g = FindField(*cf, "GREETING");
  ASSERT_TRUE(cf->pool.Is(g->constant_value, CpTag::kString));
  std::string_view text = cf->pool.Utf8(cf->pool.at(g->constant_value).a);
  // U+00E9, U+1F600 (a surrogate pair in the class file) and U+0000 (two bytes there).
  EXPECT_EQ(text, std::string_view("h\xC3\xA9llo \xF0\x9F\x98\x80 \0 end", 17));
}

TEST(ClassReader, ReadsMethodsCodeAndDebugTables) {
  auto cf = Parse(jwp::testing::Release8Dir(), "fixtures/Basics");
  ASSERT_TRUE(cf);
  const MethodInfo* arith = FindMethod(*cf, "arithmetic");
  ASSERT_NE(arith, nullptr);
  EXPECT_EQ(arith->descriptor, "(IIJD)I");
  EXPECT_TRUE(arith->IsStatic());
  ASSERT_TRUE(arith->code.has_value());
  EXPECT_GT(arith->code->code.size(), 20u);
  EXPECT_FALSE(arith->code->line_numbers.empty());
  std::vector<std::string_view> locals;
  for (const auto& lv : arith->code->local_variables) locals.push_back(cf->pool.Utf8(lv.name_index));
  EXPECT_THAT(locals, ::testing::IsSupersetOf({"a", "b", "c", "d", "x", "y", "z", "s", "bt", "ch"}));
  EXPECT_FALSE(arith->code->has_stack_map);  // straight-line code needs no frames
  const MethodInfo* loops = FindMethod(*cf, "loops");
  ASSERT_TRUE(loops->code->has_stack_map);
  EXPECT_FALSE(loops->code->stack_map.empty());

  const MethodInfo* native = FindMethod(*cf, "nativeMethod");
  ASSERT_NE(native, nullptr);
  EXPECT_TRUE(native->IsNative());
  EXPECT_FALSE(native->code.has_value());

  const MethodInfo* tcf = FindMethod(*cf, "tryCatchFinally");
  ASSERT_NE(tcf, nullptr);
  ASSERT_EQ(tcf->exceptions.size(), 1u);
  EXPECT_EQ(cf->pool.ClassName(tcf->exceptions[0]), "java/io/IOException");
  std::vector<std::string_view> catches;
  for (const auto& e : tcf->code->exception_table) {
    catches.push_back(e.catch_type == 0 ? "any" : cf->pool.ClassName(e.catch_type));
  }
  EXPECT_THAT(catches, ::testing::IsSupersetOf({"java/lang/NullPointerException",
                                                "java/lang/IllegalStateException", "any"}));
}

TEST(ClassReader, ReadsAnnotationsAndInnerClasses) {
  auto cf = Parse(jwp::testing::Release8Dir(), "fixtures/Basics");
  ASSERT_TRUE(cf);
  const MethodInfo* value = FindMethod(*cf, "value");
  ASSERT_EQ(value->annotations.visible.size(), 1u);
  EXPECT_EQ(cf->pool.Utf8(value->annotations.visible[0].type_index), "Ljava/lang/Deprecated;");
  EXPECT_TRUE(value->deprecated);
  std::vector<std::string_view> inner;
  for (const auto& ic : cf->inner_classes) inner.push_back(cf->pool.ClassName(ic.inner_class_info));
  EXPECT_THAT(inner, ::testing::IsSupersetOf({"fixtures/Basics$Shape", "fixtures/Basics$Square",
                                              "fixtures/Basics$Named", "fixtures/Basics$Color"}));
  EXPECT_FALSE(cf->bootstrap_methods.empty());  // the lambda
}

TEST(ClassReader, ReadsJava17Attributes) {
  std::string dir = jwp::testing::Release17Dir();
  auto point = Parse(dir, "fixtures/Modern$Point");
  ASSERT_TRUE(point);
  ASSERT_TRUE(point->record.has_value());
  ASSERT_EQ(point->record->size(), 2u);
  EXPECT_EQ((*point->record)[0].name, "x");
  EXPECT_EQ((*point->record)[1].descriptor, "I");
  EXPECT_EQ(point->nest_host, "fixtures/Modern");
  EXPECT_EQ(point->super_class, "java/lang/Record");

  auto expr = Parse(dir, "fixtures/Modern$Expr");
  ASSERT_TRUE(expr);
  EXPECT_TRUE(expr->IsInterface());
  EXPECT_THAT(expr->permitted_subclasses, ElementsAre("fixtures/Modern$Num", "fixtures/Modern$Add"));

  auto modern = Parse(dir, "fixtures/Modern");
  ASSERT_TRUE(modern);
  EXPECT_THAT(modern->nest_members,
              ::testing::IsSupersetOf({"fixtures/Modern$Point", "fixtures/Modern$Inner"}));
  // Records use ObjectMethods' bootstrap for toString/hashCode/equals.
  EXPECT_FALSE(point->bootstrap_methods.empty());
  // The compact constructor's parameters are recorded as mandated.
  const MethodInfo* ctor = FindMethod(*point, "<init>");
  ASSERT_NE(ctor, nullptr);
  ASSERT_EQ(ctor->parameters.size(), 2u);
  EXPECT_EQ(point->pool.Utf8(ctor->parameters[0].name_index), "x");
}

TEST(ClassReader, HeaderOnlyParseOfJdkClass) {
  auto jdk = OpenArchive(jwp::testing::JavaHome() + "/lib/modules");
  ASSERT_TRUE(jdk.ok()) << jdk.status();
  auto bytes = (*jdk)->ReadClass("java/lang/String");
  ASSERT_TRUE(bytes.ok()) << bytes.status();
  auto h = ParseClassHeader(*bytes, "String");
  ASSERT_TRUE(h.ok()) << h.status();
  EXPECT_EQ(h->name, "java/lang/String");
  EXPECT_EQ(h->super, "java/lang/Object");
  EXPECT_EQ(h->major_version, 61);
  EXPECT_THAT(h->interfaces, ::testing::IsSupersetOf({"java/io/Serializable", "java/lang/Comparable",
                                                      "java/lang/CharSequence"}));
  EXPECT_TRUE(h->access_flags & access::kFinal);
  auto object = ParseClassHeader(*(*jdk)->ReadClass("java/lang/Object"), "Object");
  ASSERT_TRUE(object.ok());
  EXPECT_EQ(object->super, "");
}

TEST(ClassReader, ErrorsNameOriginAndOffset) {
  auto bytes = ReadFileBytes(jwp::testing::Release8Dir() + "/fixtures/Basics.class");
  ASSERT_GT(bytes.size(), 100u);
  auto truncated = bytes;
  truncated.resize(9);  // magic, version and one byte of constant_pool_count
  auto r = ParseClassFile(truncated, "some.jar!fixtures/Basics.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              HasSubstr("some.jar!fixtures/Basics.class: offset 0x8: truncated constant_pool_count"));

  auto bad_magic = bytes;
  bad_magic[0] = 0xCB;
  r = ParseClassFile(bad_magic, "X.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("X.class: offset 0x0: bad magic 0xCBFEBABE"));

  auto version = bytes;
  version[6] = 0;
  version[7] = 70;  // Java 26
  r = ParseClassFile(version, "X.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              HasSubstr("offset 0x6: unsupported class-file version 70.0"));

  auto extra = bytes;
  extra.push_back(0);
  r = ParseClassFile(extra, "X.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("1 bytes of extra data"));
}

TEST(ClassReader, RejectsBadConstantPoolReference) {
  // A minimal class: pool {1: Class #2, 2: Utf8 "A", 3: Class #9 (out of range)}.
  std::vector<uint8_t> b = {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 52, 0, 4,
                            7, 0, 2,                 // #1 Class #2
                            1, 0, 1, 'A',            // #2 Utf8 "A"
                            7, 0, 9};                // #3 Class #9
  auto r = ParseClassFile(b, "A.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()),
              HasSubstr("A.class: offset 0x12: constant-pool entry 3 (Class) name: constant-pool "
                        "index 9 out of range (count 4)"));
  b[19] = 1;  // #3 Class #1: a Class naming a Class
  r = ParseClassFile(b, "A.class");
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("constant-pool index 1 is Class, expected Utf8"));
}

}  // namespace
}  // namespace jwp::classfile
