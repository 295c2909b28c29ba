#include "classfile/class_printer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <deque>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "classfile/class_path.h"
#include "classfile/internal/class_printer_text.h"
#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

using ::testing::HasSubstr;
using namespace printer_internal;  // NOLINT: the helpers under test

// --- Java text helpers ---------------------------------------------------------

TEST(JavaText, DoubleToStringMatchesJdk17) {
  struct Case {
    double value;
    const char* java;
  };
  // Expected strings are Double.toString of JDK 17, including its
  // non-shortest outputs (JDK-4511638).
  const Case cases[] = {
      {0.0, "0.0"},
      {-0.0, "-0.0"},
      {1.0, "1.0"},
      {100.0, "100.0"},
      {0.1, "0.1"},
      {0.001, "0.001"},
      {1.0E-4, "1.0E-4"},
      {1.0E7, "1.0E7"},
      {9999999.0, "9999999.0"},
      {123456789.123, "1.23456789123E8"},
      {1.0E21, "1.0E21"},
      {1.0E23, "9.999999999999999E22"},
      {2.82879384806159E17, "2.82879384806159008E17"},
      {1.2345678901234567E-100, "1.2345678901234567E-100"},
      {4.9E-324, "4.9E-324"},
      {2.2250738585072014E-308, "2.2250738585072014E-308"},
      {1.7976931348623157E308, "1.7976931348623157E308"},
      {-2.5, "-2.5"},
      {std::numeric_limits<double>::infinity(), "Infinity"},
      {-std::numeric_limits<double>::infinity(), "-Infinity"},
      {std::numeric_limits<double>::quiet_NaN(), "NaN"},
  };
  for (const Case& c : cases) EXPECT_EQ(JavaDoubleToString(c.value), c.java) << c.java;
}

TEST(JavaText, FloatToStringMatchesJdk17) {
  struct Case {
    float value;
    const char* java;
  };
  const Case cases[] = {
      {0.0f, "0.0"},
      {-0.0f, "-0.0"},
      {1.5f, "1.5"},
      {0.1f, "0.1"},
      {0.001f, "0.001"},
      {1.0E7f, "1.0E7"},
      {9999999.0f, "9999999.0"},
      {16777216.0f, "1.6777216E7"},
      {123456.79f, "123456.79"},
      {1.0E-36f, "1.0E-36"},
      {3.4028235E38f, "3.4028235E38"},
      {1.4E-45f, "1.4E-45"},
      {std::bit_cast<float>(0x00400000u), "5.877472E-39"},
      {std::numeric_limits<float>::quiet_NaN(), "NaN"},
      {-std::numeric_limits<float>::infinity(), "-Infinity"},
  };
  for (const Case& c : cases) EXPECT_EQ(JavaFloatToString(c.value), c.java) << c.java;
}

TEST(JavaText, EscapesConstantsAsJavap) {
  EXPECT_EQ(EscapeUtf8Constant("plain"), "plain");
  EXPECT_EQ(EscapeUtf8Constant("t\tn\nr\rb\bf\f"), "t\\tn\\nr\\rb\\bf\\f");
  EXPECT_EQ(EscapeUtf8Constant("q\" a' b\\"), "q\\\" a\\' b\\\\");
  EXPECT_EQ(EscapeUtf8Constant(std::string("nul\0x", 5)), "nul\\u0000x");
  EXPECT_EQ(EscapeUtf8Constant("\x01\x7f"), "\\u0001\\u007f");
  EXPECT_EQ(EscapeUtf8Constant("\xc2\x85"), "\\u0085");             // U+0085, a C1 control
  EXPECT_EQ(EscapeUtf8Constant("h\xc3\xa9llo"), "h\xc3\xa9llo");     // non-ASCII stays
  EXPECT_EQ(EscapeUtf8Constant("\xf0\x9f\x98\x80"), "\xf0\x9f\x98\x80");
}

TEST(JavaText, QuotesNamesThatAreNotBinaryNames) {
  EXPECT_EQ(CheckName("java/lang/String"), "java/lang/String");
  EXPECT_EQ(CheckName("Outer$Inner"), "Outer$Inner");
  EXPECT_EQ(CheckName("lambda$main$0"), "lambda$main$0");
  EXPECT_EQ(CheckName("\xc3\xbc/\xc3\xa9t\xc3\xa9"), "\xc3\xbc/\xc3\xa9t\xc3\xa9");
  EXPECT_EQ(CheckName("<init>"), "\"<init>\"");
  EXPECT_EQ(CheckName("[I"), "\"[I\"");
  EXPECT_EQ(CheckName("a//b"), "\"a//b\"");
  EXPECT_EQ(CheckName("1abc"), "\"1abc\"");
  EXPECT_EQ(CheckName("pkg-name/C"), "\"pkg-name/C\"");
  EXPECT_EQ(CheckName("a\xe2\x86\x92" "b"), "\"a\xe2\x86\x92" "b\"");  // U+2192
  EXPECT_EQ(CheckName("odd \"name\"\t"), "\"odd \\\"name\\\"\\t\"");
  EXPECT_EQ(CheckName(""), "\"\"");
}

TEST(JavaText, IdentifierTablesFollowJdk17) {
  EXPECT_TRUE(IsJavaIdentifierStart('$'));
  EXPECT_TRUE(IsJavaIdentifierStart('_'));
  EXPECT_FALSE(IsJavaIdentifierStart('7'));
  EXPECT_TRUE(IsJavaIdentifierPart('7'));
  EXPECT_TRUE(IsJavaIdentifierPart(0));       // an ignorable control
  EXPECT_FALSE(IsJavaIdentifierPart('-'));
  EXPECT_TRUE(IsJavaIdentifierStart(0xE9));   // e acute
  EXPECT_TRUE(IsJavaIdentifierStart(0x20AC)); // euro sign: a currency symbol
  EXPECT_FALSE(IsJavaIdentifierPart(0x2192)); // rightwards arrow
  EXPECT_TRUE(IsJavaIdentifierPart(0x200B));  // zero-width space: format, ignorable
  EXPECT_TRUE(IsJavaIdentifierStart(0x10400));  // Deseret capital long i
  EXPECT_FALSE(IsJavaIdentifierPart(0x1F600));  // an emoji
  EXPECT_FALSE(IsJavaIdentifierPart(0xD800));   // a surrogate
  EXPECT_FALSE(IsJavaIdentifierPart(0x110000));
}

TEST(JavaText, ReadsUtf8Leniently) {
  std::string s = "a\xc3\xa9\xed\xa0\x80\xf0\x9f\x98\x80\xff";
  size_t i = 0;
  EXPECT_EQ(NextCodePoint(s, &i), 'a');
  EXPECT_EQ(NextCodePoint(s, &i), 0xE9u);
  EXPECT_EQ(NextCodePoint(s, &i), 0xD800u);  // an unpaired surrogate
  EXPECT_EQ(NextCodePoint(s, &i), 0x1F600u);
  EXPECT_EQ(NextCodePoint(s, &i), 0xFFu);    // an invalid byte as itself
  EXPECT_EQ(i, s.size());
  EXPECT_EQ(Utf16Length(s), 1u + 1 + 1 + 2 + 1);
  EXPECT_EQ(ForOutput(s), "a\xc3\xa9?\xf0\x9f\x98\x80\xff");
}

TEST(JavaText, LineWriterHoldsBackSpacesAndIndents) {
  std::ostringstream out;
  LineWriter w(out);
  w.Print("a  ");
  w.Println();  // trailing spaces are dropped
  w.Indent(+2);
  w.Print("  b c");
  w.Println();
  w.Print("#1");
  w.Tab();
  w.Println("// x");
  w.Print("\xc3\xa9\xed\xa0\x80");  // an unpaired surrogate prints as '?'
  w.Println();
  w.Indent(-2);
  w.SetPendingNewline(true);
  w.Println("}");
  EXPECT_EQ(out.str(), "a\n      b c\n    #1" + std::string(38, ' ') + "// x\n    \xc3\xa9?\n\n}\n");
}

// --- The printer on hand-built class files ----------------------------------------

// Builds a ClassFile in memory; strings live in the ClassFile's arena.
class ClassBuilder {
 public:
  ClassBuilder() {
    cf_ = std::make_unique<ClassFile>();
    cf_->origin = "test.class";
    cf_->major_version = 61;
    cf_->pool.mutable_entries().emplace_back();  // index 0
  }
  uint16_t Utf8(std::string s) {
    cf_->string_arena.push_back(std::move(s));
    CpEntry e;
    e.tag = CpTag::kUtf8;
    e.utf8 = cf_->string_arena.back();
    return Add(e);
  }
  uint16_t Class(std::string name) { return Add(CpTag::kClass, Utf8(std::move(name)), 0); }
  uint16_t Method(uint16_t cls, std::string name, std::string desc) {
    uint16_t nat = Add(CpTag::kNameAndType, Utf8(std::move(name)), Utf8(std::move(desc)));
    return Add(CpTag::kMethodref, cls, nat);
  }
  uint16_t Add(CpTag tag, uint16_t a, uint16_t b) {
    CpEntry e;
    e.tag = tag;
    e.a = a;
    e.b = b;
    return Add(e);
  }
  uint16_t Add(const CpEntry& e) {
    cf_->pool.mutable_entries().push_back(e);
    return static_cast<uint16_t>(cf_->pool.size() - 1);
  }
  std::string_view View(std::string s) {
    cf_->string_arena.push_back(std::move(s));
    return cf_->string_arena.back();
  }
  // A static method with the given code (kept in the ClassFile's bytes).
  void AddMethod(std::string name, std::string desc, std::vector<uint8_t> code) {
    code_.push_back(std::move(code));
    MethodInfo& m = cf_->methods.emplace_back();
    m.access_flags = access::kStatic;
    m.name = View(std::move(name));
    m.descriptor = View(std::move(desc));
    CodeAttribute c;
    c.max_stack = 2;
    c.code = code_.back();
    m.code = std::move(c);
  }
  ClassFile& cf() { return *cf_; }

 private:
  std::unique_ptr<ClassFile> cf_;
  std::deque<std::vector<uint8_t>> code_;
};

TEST(ClassPrinter, ShortensReferencesToThisClassByIndex) {
  ClassBuilder b;
  uint16_t self = b.Class("p/A");
  uint16_t same_name = b.Class("p/A");  // a second Class constant naming this class
  uint16_t object = b.Class("java/lang/Object");
  b.cf().this_class = "p/A";
  b.cf().this_class_index = self;
  b.cf().super_class = "java/lang/Object";
  uint16_t m1 = b.Method(self, "f", "()V");
  uint16_t m2 = b.Method(same_name, "f", "()V");
  uint16_t m3 = b.Method(object, "<init>", "()V");
  b.AddMethod("g", "()V",
              {0xb8, 0, static_cast<uint8_t>(m1), 0xb8, 0, static_cast<uint8_t>(m2), 0xb8, 0,
               static_cast<uint8_t>(m3), 0xb1});
  std::ostringstream out;
  ASSERT_TRUE(PrintClass(b.cf(), out).ok());
  EXPECT_THAT(out.str(), ::testing::ContainsRegex("\n       0: invokestatic  #" + std::to_string(m1) +
                                                  " +// Method f:\\(\\)V\n"));
  EXPECT_THAT(out.str(), HasSubstr("// Method p/A.f:()V\n"));
  EXPECT_THAT(out.str(), HasSubstr("// Method java/lang/Object.\"<init>\":()V\n"));
  EXPECT_EQ(out.str().substr(0, 11), "class p.A {");
}

TEST(ClassPrinter, ReportsCodeThatDoesNotDecode) {
  ClassBuilder b;
  b.cf().this_class = "p/Bad";
  b.cf().this_class_index = b.Class("p/Bad");
  b.cf().super_class = "java/lang/Object";
  b.AddMethod("ok", "()V", {0xb1});
  b.AddMethod("bad", "()V", {0x10});  // bipush without its operand
  b.AddMethod("after", "()V", {0xb1});
  std::ostringstream out;
  absl::Status s = PrintClass(b.cf(), out);
  ASSERT_FALSE(s.ok());
  EXPECT_THAT(std::string(s.message()), HasSubstr("test.class: method bad()V"));
  EXPECT_THAT(std::string(s.message()), HasSubstr("bipush runs past the end of the code"));
  // What came before stays printed, and the class is closed.
  EXPECT_THAT(out.str(), HasSubstr("  static void ok();\n    Code:\n       0: return\n"));
  EXPECT_THAT(out.str(), HasSubstr("  static void bad();\n    Code:\n}\n"));
  EXPECT_THAT(out.str(), ::testing::Not(HasSubstr("after")));
}

TEST(ClassPrinter, PrintsSwitchTablesAndWideFormsAsJavap) {
  ClassBuilder b;
  b.cf().this_class = "p/S";
  b.cf().this_class_index = b.Class("p/S");
  b.cf().super_class = "java/lang/Object";
  // Switch targets are relative to the switch at 1: 29 is offset 30.
  b.AddMethod("s", "(I)I",
              {
                  0x1a,                                 // 0: iload_0
                  0xaa, 0, 0,                           // 1: tableswitch, 2 bytes of padding
                  0, 0, 0, 29, 0, 0, 0, 1, 0, 0, 0, 2,  // default, low 1, high 2
                  0, 0, 0, 29, 0, 0, 0, 29,             // the two cases
                  0xc4, 0x84, 0x01, 0x00, 0xff, 0x38,   // 24: wide iinc 256, -200
                  0x1a,                                 // 30: iload_0
                  0xac,                                 // 31: ireturn
              });
  std::ostringstream out;
  absl::Status s = PrintClass(b.cf(), out);
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_THAT(out.str(), HasSubstr("       1: tableswitch   { // 1 to 2\n"
                                   "                     1: 30\n"
                                   "                     2: 30\n"
                                   "               default: 30\n"
                                   "          }\n"
                                   "      24: iinc_w        256, -200\n"));
}

// --- The printer on javac's output (tests/javap/cases) -----------------------------

std::string Dump(const std::string& jar, const std::string& name) {
  Diagnostics diagnostics;
  ClassPathOptions options;
  options.include_jdk = false;
  auto cp = ClassPath::Open(jar, options, &diagnostics);
  EXPECT_TRUE(cp.ok()) << cp.status();
  if (!cp.ok()) return "";
  auto cf = (*cp)->Load(name);
  EXPECT_TRUE(cf.ok()) << cf.status();
  if (!cf.ok()) return "";
  std::ostringstream out;
  absl::Status s = PrintClass(**cf, out);
  EXPECT_TRUE(s.ok()) << s;
  return out.str();
}

std::string CasesJar() { return jwp::testing::BinaryDir() + "/javap_cases/cases.jar"; }

TEST(ClassPrinter, PrintsDeclarationsAsJavap) {
  std::string out = Dump(CasesJar(), "cases/PrinterCases");
  EXPECT_THAT(out, HasSubstr("Compiled from \"PrinterCases.java\"\n"
                             "public abstract class cases.PrinterCases<T extends java.lang.Comparable<? super T>, U>"
                             " implements java.util.concurrent.Callable<java.util.List<? extends T>> {\n"));
  EXPECT_THAT(out, HasSubstr("  protected java.util.Map<java.lang.String, java.util.List<T>>[] maps;\n\n"));
  EXPECT_THAT(out, HasSubstr("  java.util.Map$Entry<java.lang.String, ? super U> entry;\n"));
  EXPECT_THAT(out, HasSubstr("  public <X extends java.lang.Exception> void throwsGeneric(X) throws X, java/io/IOException;\n"));
  EXPECT_THAT(out, HasSubstr("  public <V extends java.lang.Number & java.lang.Comparable<V>> V bounded(V, java.util.List<?>, T...);\n"));
  EXPECT_THAT(out, HasSubstr("  static void varargs(java.lang.String, java.lang.Object...);\n"));
  EXPECT_THAT(out, HasSubstr("  static void arrayNotVarargs(java.lang.String[]);\n"));
  EXPECT_THAT(out, HasSubstr("  static synchronized native void nat();\n\n"));
  EXPECT_THAT(out, HasSubstr("  static {};\n    Code:\n"));
  EXPECT_TRUE(out.ends_with("\n}\n"));

  std::string iface = Dump(CasesJar(), "cases/PrinterCases$Iface");
  EXPECT_THAT(iface, HasSubstr("interface cases.PrinterCases$Iface {\n"));
  EXPECT_THAT(iface, HasSubstr("  public default void d();\n"));
  EXPECT_THAT(iface, HasSubstr("  public static void s();\n"));
  EXPECT_THAT(iface, HasSubstr("  public abstract void a();\n}\n"));
  std::string e = Dump(CasesJar(), "cases/PrinterCases$E");
  EXPECT_THAT(e, HasSubstr("class cases.PrinterCases$E extends java.lang.Enum<cases.PrinterCases$E> {\n"));
  // The constructor's Signature attribute drops the name and ordinal parameters.
  EXPECT_THAT(e, HasSubstr("  private cases.PrinterCases$E();\n"));
}

TEST(ClassPrinter, PrintsInstructionsAsJavap) {
  std::string out = Dump(CasesJar(), "cases/PrinterCases");
  EXPECT_THAT(out, HasSubstr(": ldc2_w        #"));
  EXPECT_THAT(out, HasSubstr("// double 9.999999999999999E22d\n"));
  EXPECT_THAT(out, HasSubstr("// float 1.0E-36f\n"));
  EXPECT_THAT(out, HasSubstr("// long -9223370802286885686l\n"));
  // The string's trailing space goes: javap never ends a line in spaces.
  EXPECT_THAT(out, HasSubstr("// String tab\\there\\nnl\\r\\f\\b \\u0001 \\u007f \\u0085 q\\\" a\\' b\\\\\n"));
  EXPECT_THAT(out, HasSubstr("// String \\u0000\xef\xbf\xbf?x\n"));  // U+FFFF; an unpaired surrogate
  EXPECT_THAT(out, HasSubstr("// String \xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\xe2\x80\xa8 \xef\xbb\xbf\n"));
  EXPECT_THAT(out, HasSubstr(": multianewarray #"));
  EXPECT_THAT(out, HasSubstr(",  2            // class \"[[[Ljava/lang/String;\"\n"));
  EXPECT_THAT(out, HasSubstr(": newarray       long\n"));
  EXPECT_THAT(out, HasSubstr(": iinc_w        346, 300\n"));
  EXPECT_THAT(out, HasSubstr(": lstore_w      256\n"));
  EXPECT_THAT(out, HasSubstr("// InvokeDynamic #0:makeConcatWithConstants:(I)Ljava/lang/String;\n"));
  EXPECT_THAT(out, HasSubstr(",  1           // InterfaceMethod java/lang/Runnable.run:()V\n"));
  EXPECT_THAT(out, HasSubstr("// Method java/lang/Object.\"<init>\":()V\n"));
  EXPECT_THAT(out, HasSubstr(": lookupswitch  { // 7\n"
                             "                    -2: 68\n"));
  EXPECT_THAT(out, HasSubstr("    LocalVariableTable:\n"
                             "      Start  Length  Slot  Name   Signature\n"));
}

// --- Golden files: tests/golden/classfile/<jar>/<class>.expected ---------------

// The jar a golden directory names: build/fixtures/<jar>.jar or build/javap_cases/<jar>.jar.
std::string GoldenJar(const std::string& stem) {
  for (const std::string& dir : {jwp::testing::FixturesDir(), jwp::testing::BinaryDir() + "/javap_cases"}) {
    std::string jar = dir + "/" + stem + ".jar";
    if (std::filesystem::exists(jar)) return jar;
  }
  return "";
}

TEST(ClassPrinterGolden, MatchesExpectedFiles) {
  namespace fs = std::filesystem;
  const fs::path root = fs::path(jwp::testing::SourceDir()) / "tests/golden/classfile";
  int compared = 0;
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.path().extension() == ".expected") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    const std::string stem = file.parent_path().filename().string();
    const std::string jar = GoldenJar(stem);
    if (jar.empty()) {
      std::cout << "note: " << stem << ".jar not built; skipping " << file << "\n";
      continue;
    }
    std::string cls = file.stem().string();
    std::replace(cls.begin(), cls.end(), '.', '/');
    std::ifstream in(file, std::ios::binary);
    std::stringstream expected;
    expected << in.rdbuf();
    std::string actual = Dump(jar, cls);
    EXPECT_EQ(actual, expected.str())
        << file << " differs from `jwp dump -cp " << jar << " " << cls
        << "`; if the change is intended, run tests/golden/update_golden.sh and review the diff";
    ++compared;
  }
  EXPECT_GE(compared, 4) << "golden files compared";
}

}  // namespace
}  // namespace jwp::classfile
