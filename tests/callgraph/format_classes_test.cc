// The methods made for String.format of a literal format
// (format_classes.h): which formats are parsed and into what, names that
// spell their format both ways, the class that parses and whose IR
// concatenates the pieces, and the calls of tests/fixtures/java8/interproc/
// Formats.java that the method cache points at them.
#include "callgraph/format_classes.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "ir/builder.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::callgraph {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::World;
using Kind = FormatPiece::Kind;

FormatPiece Text(std::string t) { return FormatPiece{Kind::kText, std::move(t), 0, 0}; }
FormatPiece Conv(char c, int k) { return FormatPiece{Kind::kConversion, "", c, k}; }

TEST(FormatClasses, ThePlainConversionsOfALiteralAreParsed) {
  EXPECT_THAT(*ParseFormat("v=%d, %s!"), ElementsAre(Text("v="), Conv('d', 0), Text(", "), Conv('s', 1), Text("!")));
  // %% is text, merged with its neighbours; %n is the line separator.
  EXPECT_THAT(*ParseFormat("100%% of %x%n"),
              ElementsAre(Text("100% of "), Conv('x', 0), FormatPiece{Kind::kLineSeparator, "", 0, 0}));
  EXPECT_THAT(*ParseFormat("%c%b"), ElementsAre(Conv('c', 0), Conv('b', 1)));
  EXPECT_TRUE(ParseFormat("")->empty());
  EXPECT_THAT(*ParseFormat("é%s"), ElementsAre(Text("é"), Conv('s', 0)));
}

TEST(FormatClasses, AnythingElseIsLeftToTheJdk) {
  for (const char* f : {"%5d", "%-s", "%.3s", "%1$s", "%<s", "%S", "%X", "%f", "%e", "%tY", "%q", "50%", "%,d", "%08x"}) {
    EXPECT_FALSE(ParseFormat(f).has_value()) << f;
  }
}

TEST(FormatClasses, ANameSpellsItsFormat) {
  for (const char* f : {"v=%d!", "a (b) [c] <d> e.f;g/h$i", "", "é\n%s", "%%"}) {
    const std::string name = FormatMethodName(f);
    EXPECT_EQ(FormatOfMethodName(name), f) << name;
    // A JVM method name: none of . ; [ / < > (JVMS 4.2.2), nor what a key
    // or a goal would split at.
    EXPECT_EQ(name.find_first_of(".;[/<>() \n\"'@|:,"), std::string::npos) << name;
  }
  EXPECT_EQ(FormatMethodName("v=%d, x"), "format_v=%d$2c$20x");
  EXPECT_FALSE(FormatOfMethodName("format").has_value());
  EXPECT_FALSE(FormatOfMethodName("format_a$2").has_value());
  EXPECT_FALSE(FormatOfMethodName("format_a$zz").has_value());
}

TEST(FormatClasses, TheMadeClassConcatenatesThePiecesIntoANewString) {
  World& w = World::Get();
  const std::string name = FormatMethodName("<%s|%d>");
  auto cf = MakeFormatClass(name);
  ASSERT_TRUE(cf.ok()) << cf.status();
  ASSERT_EQ((*cf)->methods.size(), 1u);
  auto ir = ir::BuildMethodIR(*cf, (*cf)->methods[0], w.hierarchy());
  ASSERT_TRUE(ir.ok()) << ir.status();
  std::vector<std::string> calls;
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kInvoke) calls.push_back(std::string(in.owner) + "." + std::string(in.name));
  }
  EXPECT_THAT(calls, ElementsAre("java/lang/String.jwpFormatS", "java/lang/String.concat", "java/lang/String.concat",
                                 "java/lang/String.jwpFormatD", "java/lang/String.concat", "java/lang/String.concat",
                                 "java/lang/String.<init>"));
  EXPECT_FALSE(MakeFormatClass("format_%5d").ok());
  EXPECT_THAT(std::string(MakeFormatClass("format_%q").status().message()), HasSubstr("names no format"));
}

TEST(FormatClasses, TheCacheCallsTheMadeMethodAndFindsIt) {
  World& w = World::Get();
  auto ir = w.cache().Get(MethodId("interproc/Formats", "formattedNumber", "(II)I"));
  ASSERT_TRUE(ir.ok()) << ir.status();
  const ir::Instruction* format = nullptr;
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kInvoke && in.owner == kFormatClass) format = &in;
  }
  ASSERT_NE(format, nullptr);
  EXPECT_EQ(format->name, FormatMethodName("v=%d!"));
  EXPECT_EQ(format->descriptor, kFormatDescriptor);
  const BytecodeCallee named = CalleeInBytecode(*format);
  EXPECT_EQ(named.owner, "java/lang/String");
  EXPECT_EQ(named.name, "format");
  const CallTargets t = ChaTargets(w.hierarchy(), *format, CallTargetOptions{});
  EXPECT_THAT(t.targets, ElementsAre(MethodId(kFormatClass, format->name, kFormatDescriptor)));
  auto made = w.cache().Get(t.targets[0]);
  ASSERT_TRUE(made.ok()) << made.status();
  EXPECT_EQ((*made)->method_name, format->name);
  // A format with a precision stays a call of String.format, as the
  // bytecode's.
  auto precise = w.cache().Get(MethodId("wp/Concolic", "formattedNonEmpty", "(Ljava/lang/String;)V"));
  ASSERT_TRUE(precise.ok()) << precise.status();
  int formats = 0;
  for (const ir::Instruction& in : (*precise)->insns) {
    EXPECT_NE(in.owner, kFormatClass);
    formats += in.op == ir::Op::kInvoke && in.owner == "java/lang/String" && in.name == "format";
  }
  EXPECT_EQ(formats, 1);
}

}  // namespace
}  // namespace jwp::callgraph
