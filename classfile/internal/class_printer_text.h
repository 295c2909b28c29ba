// Text helpers for the javap-compatible class printer (class_printer.cc):
// the pieces of the JDK 17 runtime that javap's output depends on, rebuilt so
// that jwp prints byte for byte what javap prints.
//   - Double.toString/Float.toString (jdk.internal.math.FloatingDecimal,
//     including its non-shortest outputs such as 9.999999999999999E22 for 1e23);
//   - Character.isJavaIdentifierStart/Part (Unicode 13, as in JDK 17);
//   - javap's escaping of constant-pool strings and quoting of names;
//   - javap's LineWriter: indentation, tab stops and pending spaces.
// Strings are UTF-8 as the class reader produces them; unpaired surrogates
// (three-byte sequences ED A0..ED BF) print as '?', as Java's UTF-8 encoder
// writes them.
#ifndef JWP_CLASSFILE_INTERNAL_CLASS_PRINTER_TEXT_H_
#define JWP_CLASSFILE_INTERNAL_CLASS_PRINTER_TEXT_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

namespace jwp::classfile::printer_internal {

// java.lang.Double.toString and Float.toString of JDK 17.
std::string JavaDoubleToString(double value);
std::string JavaFloatToString(float value);

// java.lang.Character.isJavaIdentifierStart/Part(int codePoint), JDK 17.
bool IsJavaIdentifierStart(uint32_t code_point);
bool IsJavaIdentifierPart(uint32_t code_point);

// Reads the code point at s[*i] and advances *i. Lenient: a surrogate
// encoded on three bytes comes back as the surrogate; an invalid byte comes
// back as itself (>= 0x80) and advances by one.
uint32_t NextCodePoint(std::string_view s, size_t* i);
// Number of UTF-16 code units (Java's String.length()).
size_t Utf16Length(std::string_view s);
// Replaces unpaired surrogates with '?', as Java's UTF-8 encoder does.
std::string ForOutput(std::string_view s);

// javap's ConstantWriter: the value of a CONSTANT_Utf8 with \t \n \r \b \f
// \" \' \\ escaped and other ISO control characters as \uXXXX.
std::string EscapeUtf8Constant(std::string_view s);
// javap's checkName: a binary name as is, anything else quoted ("<init>",
// "[I") with \ " newline and tab escaped.
std::string CheckName(std::string_view name);

// javap's BasicWriter.LineWriter: spaces are held back until a non-space
// character follows (so lines never end in spaces), a line's indentation is
// applied at its first non-space character, and tab() moves to column 40
// past the indentation.
class LineWriter {
 public:
  explicit LineWriter(std::ostream& out) : out_(out) {}

  void Print(std::string_view s);
  void Println(std::string_view s) {
    Print(s);
    Println();
  }
  void Println();
  void Indent(int delta) { indent_count_ += delta; }
  void Tab();
  void SetPendingNewline(bool b) { pending_newline_ = b; }

  static constexpr int kIndentWidth = 2;
  static constexpr int kTabColumn = 40;

 private:
  std::ostream& out_;
  std::string buffer_;
  size_t buffer_units_ = 0;  // buffer_'s length in UTF-16 code units
  int indent_count_ = 0;
  int pending_spaces_ = 0;
  bool pending_newline_ = false;
};

}  // namespace jwp::classfile::printer_internal

#endif  // JWP_CLASSFILE_INTERNAL_CLASS_PRINTER_TEXT_H_
