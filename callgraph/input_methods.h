// Methods the user names as inputs or assumptions (issue #28: `jwp wp
// --input-method`, `--assume-method`), so that a test harness's readInt()
// or a benchmark's Verifier.nondetInt() is an input of the search, not
// code it explores, and Verifier.assume(c) ends every path where c is
// false.
//
// A pattern is "pkg.Class.method": the class by its binary name (dots, `$`
// for a nested class), the method's name with `*` matching any run of
// characters ("org.sosy_lab.sv_benchmarks.Verifier.nondet*"). It matches a
// call by the class and name the invoke instruction names (as javac writes
// the reference), whatever the descriptor.
//
// An input method returns a value of a primitive type or a String: each
// call returns a fresh value, the next one of the witness's inputs in call
// order, and neither runs its code nor throws (the witness runner makes the
// method return that value on entry). A call whose result is of another
// type, or void, is not an input: it is analysed as any other call. An
// assume method takes one boolean (or int) and returns void: a call with a
// false argument ends its path, one with a true argument returns normally
// having done nothing.
#ifndef JWP_CALLGRAPH_INPUT_METHODS_H_
#define JWP_CALLGRAPH_INPUT_METHODS_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace jwp::callgraph {

// The static that counts the input values read so far (a mod-set writes it
// where a callee calls an input method; wp/ names it as a static field).
// ';' never occurs in a class name (JVMS 4.2.1): no class of a class path
// is this one.
inline constexpr std::string_view kInputsOwner = "jwp;inputs";
inline constexpr std::string_view kInputsReadName = "read";
inline constexpr std::string_view kInputsReadDescriptor = "I";

class MethodPattern {
 public:
  // An error names the pattern and what is wrong with it.
  static absl::StatusOr<MethodPattern> Parse(std::string_view text);

  // `owner` is an internal name ("pkg/Class$Inner").
  bool Matches(std::string_view owner, std::string_view name) const;
  const std::string& text() const { return text_; }
  // The class, as a binary name ("pkg.Class$Inner").
  const std::string& class_name() const { return class_name_; }

 private:
  std::string text_;
  std::string owner_;        // internal name
  std::string class_name_;   // binary name
  std::string method_glob_;  // '*' matches any run
};

// The file system as input (issue #28): a query of java.io.File that asks
// the file system, not the path (exists, isFile, isDirectory, canRead,
// canWrite, canExecute, length, mkdir, mkdirs, delete, list, listFiles),
// is an input too, whose value the witness gives at its position among the
// inputs: each call a fresh value (two queries of one path are not tied
// together: an over-approximation, as a file system another process
// changes). The witness runner makes the file tree under the debuggee's
// directory answer so: it does not return the value but lets the query run
// on the files it made (app/witness_runner, InputReplayer).
// Opening a file to read or write (FileInputStream, FileOutputStream,
// FileReader, FileWriter: their natives open0) is one too, whose exceptional
// edge is the FileNotFoundException of a failed opening.
// java.nio.file.Files' static queries of a Path (exists, notExists,
// isDirectory, isRegularFile, isReadable, isWritable, isExecutable) are too:
// their path is the first argument, never null on their normal edge.
struct FileQuery {
  std::string_view owner;  // internal name
  std::string_view name;
  std::string_view descriptor;
  // length: a value from 0; list and listFiles: null or an array of the
  // result's type, of a length from 0.
  bool non_negative = false;
  bool array = false;
  bool path_argument = false;  // the path is argument 0 (a static query), not the receiver
  // An opening (FileInputStream's and FileOutputStream's native open0, which
  // their constructors call): the value is whether it opens; when it does
  // not, the call throws FileNotFoundException.
  bool opens = false;
};
// The query owner.name(descriptor) is, or null.
const FileQuery* FileQueryOf(std::string_view owner, std::string_view name, std::string_view descriptor);
// The patterns of the queries, for witnesses ("java.io.File.exists",
// "java.nio.file.Files.exists", ...).
std::vector<std::string> FileQueryPatterns();

class InputMethods {
 public:
  enum class Kind { kNone, kInput, kAssume, kFileQuery };

  // Adds a pattern (MethodPattern::Parse's error when it is not one).
  absl::Status AddInput(std::string_view pattern);
  absl::Status AddAssume(std::string_view pattern);

  bool empty() const { return inputs_.empty() && assumes_.empty() && !file_system_; }
  // Whether java.io.File's queries are inputs (FileQuery; the default).
  bool file_system() const { return file_system_; }
  void set_file_system(bool on) { file_system_ = on; }
  const std::vector<MethodPattern>& inputs() const { return inputs_; }
  const std::vector<MethodPattern>& assumes() const { return assumes_; }

  // What a call of owner.name(descriptor) is: a file-system query
  // (FileQueryOf, when file_system()), an input (a pattern of
  // `inputs` matches and the result is a primitive or a String), an
  // assumption (a pattern of `assumes` matches and the descriptor is (Z)V
  // or (I)V), or neither.
  Kind Classify(std::string_view owner, std::string_view name, std::string_view descriptor) const;
  // Whether some pattern names owner.name, whatever the descriptor: a call
  // that matches but cannot be what its pattern says (Classify is kNone)
  // is worth a note.
  bool Names(std::string_view owner, std::string_view name) const;

  // Whether an input method may return values of `descriptor`'s result.
  static bool InputResult(std::string_view descriptor);

 private:
  std::vector<MethodPattern> inputs_;
  std::vector<MethodPattern> assumes_;
  bool file_system_ = true;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_INPUT_METHODS_H_
