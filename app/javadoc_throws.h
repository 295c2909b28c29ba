// The exceptions a library documents for its methods: the "Throws:" sections
// of the HTML pages that javadoc writes (JDK 16 and later: one
// <section class="detail" id="..."> per member; checked on javadoc 17
// and 25). JDK 11 to 15's layout, an <a id="..."> anchor before each
// member, is read too (tested on a page written after it, not on real
// output).
//
// A class's page is <api>/pkg/path/Outer.Inner.html (in a modular api dir,
// <api>/<module>/pkg/path/...). Each member with a Throws: section is
//   <section class="detail" id="abbreviate(java.lang.String,int)">
//     ... <dl class="notes"> ...
//     <dt>Throws:</dt>
//     <dd><code><a href="..." title="class or interface in java.lang"
//         class="external-link">IllegalArgumentException</a></code> - if ...</dd>
//     <dd>...</dd>
//   </dl> ... </section>
// The id names the member with its parameter types, erased and fully
// qualified, nested classes joined by dots (java.util.Map.Entry), arrays as
// int[], varargs as java.lang.Object..., constructors as &lt;init&gt;(...).
// Type variables stay in the section's id ("median(T...)"); javadoc then
// puts the id erased to their bounds on the member's heading
// (<h3 id="median(java.lang.Comparable[])">), which the reader prefers: it
// is the bytecode's descriptor (85 of the 756 members with a Throws:
// section in commons-lang3 3.12's docs). ParseJavadocMemberId's Object for
// a type variable is only the fallback for pages without that heading id.
// The exception is a link to another javadoc (title "class or interface in
// PKG"), a relative link to a page of the same api dir (title "class in
// PKG"), or plain <code>Name</code> (javadoc --no-platform-links writes the
// JDK's exceptions so, qualified).
//
// The reader is lenient: malformed HTML, a member id it cannot turn into a
// descriptor and a Throws: entry without an exception name are skipped,
// never an error.
#ifndef JWP_APP_JAVADOC_THROWS_H_
#define JWP_APP_JAVADOC_THROWS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"

namespace jwp::app {

// One <dd> of a Throws: section.
struct DocumentedThrow {
  // The binary Java name when the package is known ("java.lang.IllegalArgumentException",
  // "docfix.Thrower$Failure"): from the link (its href for a page of the same
  // api dir, else its title), from a qualified name, or for the java.lang
  // exceptions and errors of JavaLangThrowables(); else the name as written
  // ("FooException", a type variable "T").
  std::string exception;
  // The description after " - ": tags removed, entities decoded, whitespace
  // collapsed to single spaces; "" when there is none.
  std::string text;

  friend bool operator==(const DocumentedThrow&, const DocumentedThrow&) = default;
};

// A member with a Throws: section. Plain values: the caller owns them.
struct DocumentedMethod {
  std::string class_name;  // binary Java name, "pkg.Outer$Inner"
  std::string name;        // "<init>" for constructors
  // The JVM descriptor of the parameters as the member id lists them,
  // "(Ljava/lang/String;I)": the return type is not in the id. The id holds
  // the source's parameters: an inner (non-static) class's constructor has
  // the outer instance as a first parameter in the bytecode, not here.
  std::string descriptor;
  std::vector<DocumentedThrow> throws;  // in page order, never empty

  friend bool operator==(const DocumentedMethod&, const DocumentedMethod&) = default;
};

// Every member with a Throws: section in the class pages under `api_dir`
// (recursively; package-summary.html, index-all.html, class-use/,
// src-html/, legal/ and javadoc's other pages are skipped), sorted by
// class, name and descriptor. Errors: NotFound when `api_dir` is missing,
// not a directory or unreadable, or a class page cannot be read (naming
// it); InvalidArgument when the directory holds no class page.
[[nodiscard]] absl::StatusOr<std::vector<DocumentedMethod>> ReadJavadocThrows(const std::string& api_dir);

// One page: `html` its text, `class_name` its binary name (which also
// resolves relative links). Sorted by name and descriptor.
std::vector<DocumentedMethod> ParseJavadocPage(std::string_view html, const std::string& class_name);

// The binary name of the class whose page is at `relative_path` below the
// api dir (or below a module's directory in a modular one), '/'-separated:
// "org/apache/commons/lang3/StringUtils.html" -> "org.apache.commons.lang3.StringUtils",
// "pkg/Outer.Inner.html" -> "pkg.Outer$Inner". nullopt for javadoc's other
// pages (names with '-', such as package-summary.html, index-all.html, or
// in directories such as class-use/, src-html/, doc-files/; index.html and
// search.html at the top; legal/, resources/, script-dir/).
std::optional<std::string> ClassNameOfJavadocPage(std::string_view relative_path);

// A member id, entities already decoded ("abbreviate(java.lang.String,int)",
// "<init>(java.util.Map.Entry,int[]...)"), as a name and the descriptor of
// its parameters. Primitive names map to their letters; in a qualified name
// a segment that starts with an upper-case letter after another such
// segment is a nested class (java.util.Map.Entry -> Ljava/util/Map$Entry;);
// a type variable left in the id (one upper-case letter, maybe digits) is
// Ljava/lang/Object;. nullopt when it is not a member id.
struct JavadocMemberId {
  std::string name;
  std::string descriptor;
};
std::optional<JavadocMemberId> ParseJavadocMemberId(std::string_view id);

// The exceptions and errors of java.lang whose simple names the reader
// qualifies ("IllegalArgumentException" -> "java.lang.IllegalArgumentException"),
// sorted.
const std::vector<std::string_view>& JavaLangThrowables();

}  // namespace jwp::app

#endif  // JWP_APP_JAVADOC_THROWS_H_
