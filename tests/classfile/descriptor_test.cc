#include "classfile/descriptor.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace jwp::classfile {
namespace {

using ::testing::HasSubstr;

TEST(Descriptor, ParsesFieldDescriptors) {
  auto i = ParseFieldDescriptor("I");
  ASSERT_TRUE(i.ok()) << i.status();
  EXPECT_EQ(i->kind, BaseType::kInt);
  EXPECT_EQ(i->array_dims, 0);
  EXPECT_FALSE(i->IsReference());
  EXPECT_EQ(i->Slots(), 1);

  auto j = ParseFieldDescriptor("[[J");
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->kind, BaseType::kLong);
  EXPECT_EQ(j->array_dims, 2);
  EXPECT_TRUE(j->IsReference());
  EXPECT_EQ(j->Slots(), 1);
  EXPECT_EQ(j->Element().array_dims, 1);
  EXPECT_EQ(j->Element().Element().Slots(), 2);

  auto s = ParseFieldDescriptor("[Ljava/util/Map$Entry;");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->kind, BaseType::kReference);
  EXPECT_EQ(s->class_name, "java/util/Map$Entry");
  EXPECT_EQ(s->Descriptor(), "[Ljava/util/Map$Entry;");
  EXPECT_EQ(JavaTypeName(*s), "java.util.Map$Entry[]");
}

TEST(Descriptor, RejectsMalformedFieldDescriptors) {
  struct Case {
    const char* descriptor;
    const char* message;
  };
  const Case cases[] = {
      {"", "missing type at offset 0"},
      {"V", "void is not a field type at offset 0"},
      {"[V", "void is not a field type at offset 1"},
      {"L;", "empty class name at offset 1"},
      {"Ljava/lang/String", "class name without ';' at offset 0"},
      {"Ljava//String;", "empty name segment at offset 6"},
      {"Ljava/lang/;", "empty name segment at offset 11"},
      {"La.b;", "'.' in class name at offset 2"},
      {"II", "trailing characters at offset 1"},
      {"Q", "unexpected character 'Q' at offset 0"},
      {"[", "missing type at offset 1"},
  };
  for (const Case& c : cases) {
    auto t = ParseFieldDescriptor(c.descriptor);
    ASSERT_FALSE(t.ok()) << c.descriptor;
    EXPECT_THAT(std::string(t.status().message()), HasSubstr(c.message)) << c.descriptor;
    EXPECT_THAT(std::string(t.status().message()),
                HasSubstr(std::string("bad field descriptor \"") + c.descriptor + "\""));
  }
  EXPECT_TRUE(ParseFieldDescriptor(std::string(255, '[') + "I").ok());
  auto too_deep = ParseFieldDescriptor(std::string(256, '[') + "I");
  ASSERT_FALSE(too_deep.ok());
  EXPECT_THAT(std::string(too_deep.status().message()), HasSubstr("256 array dimensions"));
}

TEST(Descriptor, ParsesMethodDescriptors) {
  auto m = ParseMethodDescriptor("(IJ[Ljava/lang/Object;D)Z");
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->params.size(), 4u);
  EXPECT_EQ(m->params[1].kind, BaseType::kLong);
  EXPECT_EQ(m->params[2].class_name, "java/lang/Object");
  EXPECT_EQ(m->ret.kind, BaseType::kBoolean);
  EXPECT_EQ(m->ParameterSlots(), 6);

  auto v = ParseMethodDescriptor("()V");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_TRUE(v->params.empty());
  EXPECT_TRUE(v->ret.IsVoid());
  EXPECT_EQ(v->ret.Slots(), 0);
}

TEST(Descriptor, RejectsMalformedMethodDescriptors) {
  struct Case {
    const char* descriptor;
    const char* message;
  };
  const Case cases[] = {
      {"V", "missing '(' at offset 0"},
      {"(V)V", "void is not a field type at offset 1"},
      {"(I", "missing ')' at offset 2"},
      {"()", "missing type at offset 2"},
      {"()VV", "trailing characters at offset 3"},
      {"()[V", "void is not a field type at offset 3"},
      {"(Lx)V", "class name without ';' at offset 1"},
  };
  for (const Case& c : cases) {
    auto m = ParseMethodDescriptor(c.descriptor);
    ASSERT_FALSE(m.ok()) << c.descriptor;
    EXPECT_THAT(std::string(m.status().message()), HasSubstr(c.message)) << c.descriptor;
  }
}

TEST(Descriptor, LimitsParameterSlotsTo255) {
  // 127 longs and an int: 255 slots, one too many with a receiver.
  std::string d = "(" + std::string(127, 'J') + "I)V";
  EXPECT_TRUE(ParseMethodDescriptor(d, /*is_static=*/true).ok());
  auto instance = ParseMethodDescriptor(d, /*is_static=*/false);
  ASSERT_FALSE(instance.ok());
  EXPECT_THAT(std::string(instance.status().message()), HasSubstr("256 slots (at most 255)"));
}

TEST(Descriptor, PrintsJavaNames) {
  EXPECT_EQ(JavaName("java/util/Map$Entry"), "java.util.Map$Entry");
  auto m = ParseMethodDescriptor("(I[[Ljava/lang/String;[J)V");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(JavaParameterList(*m), "(int, java.lang.String[][], long[])");
  EXPECT_EQ(JavaParameterList(*m, /*varargs=*/true), "(int, java.lang.String[][], long...)");
  EXPECT_EQ(JavaTypeName(m->ret), "void");
  auto none = ParseMethodDescriptor("(I)V");
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(JavaParameterList(*none, /*varargs=*/true), "(int)");
}

TEST(Signature, ParsesClassSignatures) {
  auto c = ParseClassSignature(
      "<K:Ljava/lang/Object;V::Ljava/lang/Comparable<TV;>;>Ljava/util/AbstractMap<TK;TV;>;"
      "Ljava/io/Serializable;");
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->type_params.size(), 2u);
  EXPECT_EQ(c->type_params[0].name, "K");
  EXPECT_TRUE(c->type_params[0].class_bound.has_value());
  EXPECT_TRUE(c->type_params[0].class_bound->IsObject());
  EXPECT_FALSE(c->type_params[1].class_bound.has_value());
  EXPECT_EQ(TypeParametersToString(c->type_params), "<K, V extends java.lang.Comparable<V>>");
  EXPECT_EQ(TypeParametersToString(c->type_params, /*omit_object_bounds=*/false),
            "<K extends java.lang.Object, V extends java.lang.Comparable<V>>");
  EXPECT_EQ(SignatureToString(c->superclass), "java.util.AbstractMap<K, V>");
  ASSERT_EQ(c->interfaces.size(), 1u);
  EXPECT_EQ(SignatureToString(c->interfaces[0], NameStyle::kInternal), "java/io/Serializable");
}

TEST(Signature, ParsesMethodSignaturesWithThrows) {
  auto m = ParseMethodSignature("<X:Ljava/lang/Exception;>(TX;[I)V^TX;^Ljava/io/IOException;");
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(m->params.size(), 2u);
  EXPECT_EQ(SignatureToString(m->params[0]), "X");
  EXPECT_EQ(SignatureToString(m->params[1]), "int[]");
  EXPECT_EQ(SignatureToString(m->ret), "void");
  ASSERT_EQ(m->throws.size(), 2u);
  EXPECT_EQ(SignatureToString(m->throws[1], NameStyle::kInternal), "java/io/IOException");
  EXPECT_EQ(TypeParametersToString(m->type_params), "<X extends java.lang.Exception>");
}

TEST(Signature, ParsesNestedTypesAndWildcards) {
  auto nested = ParseFieldSignature("Lp/Outer<TT;>.Inner<TU;>.Deep;");
  ASSERT_TRUE(nested.ok()) << nested.status();
  ASSERT_EQ(nested->segments.size(), 3u);
  EXPECT_EQ(nested->segments[0].name, "p/Outer");
  EXPECT_EQ(nested->segments[2].name, "Deep");
  EXPECT_EQ(SignatureToString(*nested), "p.Outer<T>.Inner<U>.Deep");
  EXPECT_EQ(SignatureToString(*nested, NameStyle::kInternal), "p/Outer<T>.Inner<U>.Deep");

  auto wild = ParseFieldSignature("Ljava/util/Map<+TK;-[I>;");
  ASSERT_TRUE(wild.ok()) << wild.status();
  EXPECT_EQ(SignatureToString(*wild), "java.util.Map<? extends K, ? super int[]>");
  auto any = ParseFieldSignature("[Ljava/util/List<*>;");
  ASSERT_TRUE(any.ok()) << any.status();
  EXPECT_EQ(SignatureToString(*any), "java.util.List<?>[]");
  EXPECT_FALSE(any->IsObject());
  auto object = ParseFieldSignature("Ljava/lang/Object;");
  ASSERT_TRUE(object.ok());
  EXPECT_TRUE(object->IsObject());
}

TEST(Signature, RejectsMalformedSignatures) {
  struct Case {
    bool (*parse)(std::string_view, std::string*);
    const char* signature;
    const char* message;
  };
  auto field = [](std::string_view s, std::string* msg) {
    auto r = ParseFieldSignature(s);
    if (!r.ok()) *msg = std::string(r.status().message());
    return r.ok();
  };
  auto klass = [](std::string_view s, std::string* msg) {
    auto r = ParseClassSignature(s);
    if (!r.ok()) *msg = std::string(r.status().message());
    return r.ok();
  };
  auto method = [](std::string_view s, std::string* msg) {
    auto r = ParseMethodSignature(s);
    if (!r.ok()) *msg = std::string(r.status().message());
    return r.ok();
  };
  const Case cases[] = {
      {field, "", "expected a type at offset 0"},
      {field, "Ljava/util/List<>;", "expected a reference type at offset 16"},
      {field, "Ljava/util/List", "expected ';', '.' or '<' at offset 15"},
      {field, "TT", "expected ';' at offset 2"},
      {field, "Lx;Ly;", "trailing characters at offset 3"},
      {field, "Lx<I>;", "expected a reference type at offset 3"},
      {klass, "<T>Lx;", "expected ':' at offset 2"},
      {klass, "I", "expected 'L' at offset 0"},
      {method, "()", "expected a type at offset 2"},
      {method, "(I)V^I", "expected a class or type variable after '^' at offset 5"},
      {method, "(I", "missing ')' at offset 2"},
  };
  for (const Case& c : cases) {
    std::string msg;
    EXPECT_FALSE(c.parse(c.signature, &msg)) << c.signature;
    EXPECT_THAT(msg, HasSubstr(c.message)) << c.signature;
    EXPECT_THAT(msg, HasSubstr(std::string("signature \"") + c.signature + "\"")) << c.signature;
  }
}

}  // namespace
}  // namespace jwp::classfile
