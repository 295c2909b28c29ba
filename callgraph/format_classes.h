// String.format of a literal format string (issue #28), made up as a
// straight-line method, as lambda_classes.h makes up the classes the JVM
// spins for lambdas.
//
// java.util.Formatter parses the whole format before it prints anything,
// then prints the specifiers in order, each taking the next argument. When
// the format is a literal, that parse can be done here, once: the call
//   String.format("v=%d, %s!", args)
// is analysed as a call of a method made for that literal,
//   java/lang/String$JwpFormat.format_v=%d,$20%s!(String, Object[]),
// whose code is the parse's result, with no loop over the format:
//   "v=".concat(String.jwpFormatD(args, 0)).concat(", ")
//       .concat(String.jwpFormatS(args, 1)).concat("!")
// The String model (models/java/java/lang/String.java) gives each
// conversion exactly as JDK 17's Formatter prints it (its exceptions
// included: a missing argument, an argument of the wrong type, an invalid
// code point). A Java model of format that loops over the format string
// costs the backward search every unrolling (measured: a goal behind
// `String.format("v=%d!", x).equals("v=42!")` stayed UNKNOWN at 50,000
// steps); the made-up method costs what the conversions cost.
//
// Made only for the conversions %s %d %x %c %b, and %% and %n, with no
// flags, width, precision or argument index: any other format (or a format
// that is not a literal) leaves the call to String.format, a native of the
// String model (skipped; the JVM confirms what the search assumed of it).
//
// The method's name spells its literal: bytes outside [A-Za-z0-9_%=!?+*#&^~-]
// are written $xx (hex of the UTF-8 byte), so that the name is a valid JVM
// method name, a MethodId key parses back, and the class is made from the
// name alone (MethodCache finds it as if on the class path).
#ifndef JWP_CALLGRAPH_FORMAT_CLASSES_H_
#define JWP_CALLGRAPH_FORMAT_CLASSES_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "callgraph/method_ref.h"
#include "classfile/class_file.h"
#include "ir/ir.h"

namespace jwp::callgraph {

inline constexpr std::string_view kFormatClass = "java/lang/String$JwpFormat";
inline constexpr std::string_view kFormatDescriptor = "(Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/String;";

// One piece of a parsed format: text printed as is (%% included), the line
// separator (%n), or a conversion taking argument `argument`.
struct FormatPiece {
  enum class Kind { kText, kLineSeparator, kConversion };
  Kind kind = Kind::kText;
  std::string text;      // kText (UTF-8)
  char conversion = 0;   // kConversion: 's', 'd', 'x', 'c' or 'b'
  int argument = 0;      // kConversion: the index into the arguments
  bool operator==(const FormatPiece&) const = default;
};

// The pieces of format `utf8` (adjacent text merged), or nothing when it
// holds a specifier other than the ones above (or a '%' at its end).
std::optional<std::vector<FormatPiece>> ParseFormat(std::string_view utf8);

// The name of the method made for format `utf8`, and the format a name
// spells (nothing when `name` is not one).
std::string FormatMethodName(std::string_view utf8);
std::optional<std::string> FormatOfMethodName(std::string_view name);

// The method that stands for String.format(format, args) at `call` of
// `ir`: when `call` is that invokestatic and its format is a string
// constant that ParseFormat takes.
std::optional<MethodId> FormatMethodFor(const ir::MethodIR& ir, const ir::Instruction& call);

// Points every such call of `ir` at its made-up method (owner and name; the
// descriptor, operands and edges stay): the IR the analysis sees. The number
// of calls rewritten.
size_t SpecializeFormatCalls(ir::MethodIR& ir);

// The method the bytecode calls at `call`, for what users read (notes,
// assumptions, method patterns): String.format where the IR calls the
// method made for its literal; the call's own owner and name otherwise (the
// descriptor is the call's either way).
struct BytecodeCallee {
  std::string_view owner, name;
};
BytecodeCallee CalleeInBytecode(const ir::Instruction& call);

// The class holding method `name` (FormatMethodName); an error when the name
// spells no format this file makes a method for.
absl::StatusOr<std::shared_ptr<const classfile::ClassFile>> MakeFormatClass(std::string_view name);

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_FORMAT_CLASSES_H_
