#include "app/javadoc_throws.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <system_error>
#include <tuple>
#include <utility>

#include "absl/status/status.h"
#include "classfile/modified_utf8.h"
#include "classfile/strings.h"

namespace jwp::app {
namespace {

namespace fs = std::filesystem;

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool IsAsciiLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsUpper(char c) { return c >= 'A' && c <= 'Z'; }
// Java identifiers: ASCII letters, digits, '_' and '$'; bytes of UTF-8
// sequences are taken as letters (javadoc writes non-ASCII names as is).
bool IsIdentifierStart(char c) { return IsAsciiLetter(c) || c == '_' || c == '$' || static_cast<unsigned char>(c) >= 0x80; }
bool IsIdentifierPart(char c) { return IsIdentifierStart(c) || IsDigit(c); }

bool IsIdentifier(std::string_view s) {
  if (s.empty() || !IsIdentifierStart(s.front())) return false;
  return std::all_of(s.begin() + 1, s.end(), IsIdentifierPart);
}

// "a.b.C": identifiers separated by single dots.
bool IsQualifiedName(std::string_view s) {
  for (std::string_view part : Split(s, '.')) {
    if (!IsIdentifier(part)) return false;
  }
  return true;
}

// A type variable left in an erased id: "T", "E", "T2".
bool IsTypeVariable(std::string_view s) {
  return !s.empty() && IsUpper(s.front()) && std::all_of(s.begin() + 1, s.end(), IsDigit);
}

size_t FindIgnoreCase(std::string_view s, std::string_view needle, size_t from) {
  for (size_t i = from; i + needle.size() <= s.size(); ++i) {
    if (EqualsIgnoreCase(s.substr(i, needle.size()), needle)) return i;
  }
  return std::string_view::npos;
}

// ---------------------------------------------------------------------------
// HTML: a lexer of markup, attributes, text.

// One piece of markup: an element's start or end tag, or (name empty) a
// comment, a <!DOCTYPE>/<?...?> declaration, or a whole <script> or <style>
// element with its raw text.
struct Tag {
  std::string_view name;        // as written ("section", "DD"); "" for the rest
  std::string_view attributes;  // the text between the name and '>'
  bool closing = false;         // </name>
  size_t begin = 0, end = 0;    // html[begin, end) is the markup, '<' to '>'

  bool Is(std::string_view n) const { return !name.empty() && EqualsIgnoreCase(name, n); }
  bool Starts(std::string_view n) const { return !closing && Is(n); }
  bool Ends(std::string_view n) const { return closing && Is(n); }
};

// A comment, declaration or raw-text element at html[begin, end).
Tag Markup(size_t begin, size_t end) {
  Tag tag;
  tag.begin = begin;
  tag.end = end;
  return tag;
}

// The markup at or after `pos`; nullopt when there is none, or the rest of
// the text is an unterminated tag or comment. A '<' that does not open a
// tag (a bare "a < b") is text.
std::optional<Tag> NextTag(std::string_view html, size_t pos) {
  while (pos < html.size()) {
    const size_t lt = html.find('<', pos);
    if (lt == std::string_view::npos || lt + 1 >= html.size()) return std::nullopt;
    const std::string_view rest = html.substr(lt);
    if (rest.starts_with("<!--")) {
      const size_t close = html.find("-->", lt + 4);
      if (close == std::string_view::npos) return std::nullopt;
      return Markup(lt, close + 3);
    }
    if (rest[1] == '!' || rest[1] == '?') {
      const size_t gt = html.find('>', lt);
      if (gt == std::string_view::npos) return std::nullopt;
      return Markup(lt, gt + 1);
    }
    Tag tag;
    tag.begin = lt;
    size_t i = lt + 1;
    if (html[i] == '/') {
      tag.closing = true;
      ++i;
    }
    const size_t name_begin = i;
    while (i < html.size() && (IsAsciiLetter(html[i]) || IsDigit(html[i]) || html[i] == '-')) ++i;
    if (i == name_begin || !IsAsciiLetter(html[name_begin])) {
      pos = lt + 1;  // text
      continue;
    }
    tag.name = html.substr(name_begin, i - name_begin);
    const size_t attributes_begin = i;
    // To the '>' that is not inside a quoted attribute value.
    while (i < html.size() && html[i] != '>') {
      if (html[i] == '"' || html[i] == '\'') {
        const size_t quote = html.find(html[i], i + 1);
        if (quote == std::string_view::npos) return std::nullopt;
        i = quote;
      }
      ++i;
    }
    if (i >= html.size()) return std::nullopt;
    tag.attributes = html.substr(attributes_begin, i - attributes_begin);
    tag.end = i + 1;
    if (!tag.closing && (tag.Is("script") || tag.Is("style"))) {
      // Raw text to the end tag: the whole element is one piece of markup.
      const size_t close = FindIgnoreCase(html, tag.Is("script") ? "</script" : "</style", tag.end);
      const size_t gt = close == std::string_view::npos ? close : html.find('>', close);
      if (gt == std::string_view::npos) return std::nullopt;
      return Markup(lt, gt + 1);
    }
    return tag;
  }
  return std::nullopt;
}

// The value of attribute `name` (entities not decoded); nullopt when the
// tag has no such attribute.
std::optional<std::string_view> Attribute(std::string_view attributes, std::string_view name) {
  size_t i = 0;
  const size_t n = attributes.size();
  while (i < n) {
    while (i < n && (IsSpace(attributes[i]) || attributes[i] == '/')) ++i;
    const size_t name_begin = i;
    while (i < n && !IsSpace(attributes[i]) && attributes[i] != '=' && attributes[i] != '/') ++i;
    const std::string_view attribute = attributes.substr(name_begin, i - name_begin);
    while (i < n && IsSpace(attributes[i])) ++i;
    std::string_view value;
    if (i < n && attributes[i] == '=') {
      ++i;
      while (i < n && IsSpace(attributes[i])) ++i;
      if (i < n && (attributes[i] == '"' || attributes[i] == '\'')) {
        const size_t quote = attributes.find(attributes[i], i + 1);
        const size_t value_end = quote == std::string_view::npos ? n : quote;
        value = attributes.substr(i + 1, value_end - i - 1);
        i = value_end + 1;
      } else {
        const size_t value_begin = i;
        while (i < n && !IsSpace(attributes[i])) ++i;
        value = attributes.substr(value_begin, i - value_begin);
      }
    } else if (attribute.empty()) {
      ++i;  // a stray '=' or '/': make progress
      continue;
    }
    if (!attribute.empty() && EqualsIgnoreCase(attribute, name)) return value;
  }
  return std::nullopt;
}

// The character reference at the start of `s` ("&lt;", "&#60;", "&#x3C;"),
// decoded into `out`; its length, or 0 when `s` starts with no reference
// this decoder knows (the '&' is then text).
size_t DecodeReference(std::string_view s, std::string& out) {
  const size_t semi = s.find(';');
  if (semi == std::string_view::npos || semi > 10 || semi < 2) return 0;
  const std::string_view body = s.substr(1, semi - 1);
  if (body.front() == '#') {
    const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
    const std::string_view digits = body.substr(hex ? 2 : 1);
    if (digits.empty()) return 0;
    uint32_t cp = 0;
    for (char c : digits) {
      uint32_t d;
      if (IsDigit(c)) {
        d = static_cast<uint32_t>(c - '0');
      } else if (hex && c >= 'a' && c <= 'f') {
        d = static_cast<uint32_t>(c - 'a' + 10);
      } else if (hex && c >= 'A' && c <= 'F') {
        d = static_cast<uint32_t>(c - 'A' + 10);
      } else {
        return 0;
      }
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 0x10FFFF) return 0;
    }
    if (cp == 0 || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    classfile::AppendUtf8(out, cp == 0xA0 ? ' ' : cp);  // a no-break space is whitespace here
    return semi + 1;
  }
  static constexpr std::pair<std::string_view, uint32_t> kNamed[] = {
      {"lt", '<'},        {"gt", '>'},         {"amp", '&'},        {"quot", '"'},      {"apos", '\''},
      {"nbsp", ' '},      {"ndash", 0x2013},   {"mdash", 0x2014},   {"hellip", 0x2026}, {"lsquo", 0x2018},
      {"rsquo", 0x2019},  {"ldquo", 0x201C},   {"rdquo", 0x201D},   {"copy", 0xA9},     {"reg", 0xAE},
      {"times", 0xD7},    {"le", 0x2264},      {"ge", 0x2265},      {"ne", 0x2260},     {"middot", 0xB7}};
  for (const auto& [name, cp] : kNamed) {
    if (body == name) {
      classfile::AppendUtf8(out, cp);
      return semi + 1;
    }
  }
  return 0;
}

std::string DecodeEntities(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    if (s[i] == '&') {
      if (size_t n = DecodeReference(s.substr(i), out); n > 0) {
        i += n;
        continue;
      }
    }
    out.push_back(s[i++]);
  }
  return out;
}

// Elements that sit inside a line of text: removing them leaves no space
// ("<code>str</code>s"); every other tag separates words ("a<br>b").
bool IsInline(const Tag& tag) {
  static constexpr std::string_view kInline[] = {"a",    "abbr", "b",   "bdi", "bdo",    "cite", "code",
                                                 "dfn",  "em",   "i",   "kbd", "mark",   "q",    "s",
                                                 "samp", "small", "span", "strong", "sub", "sup", "tt",
                                                 "u",    "var",  "wbr", "font"};
  return std::any_of(std::begin(kInline), std::end(kInline), [&](std::string_view n) { return tag.Is(n); });
}

// The text of an HTML fragment: tags and comments removed, entities
// decoded, runs of whitespace (no-break spaces included) one space, trimmed.
std::string TextOf(std::string_view html) {
  std::string decoded;
  size_t pos = 0;
  while (true) {
    const std::optional<Tag> tag = NextTag(html, pos);
    const size_t text_end = tag ? tag->begin : html.size();
    decoded += DecodeEntities(html.substr(pos, text_end - pos));
    if (!tag) break;
    if (!IsInline(*tag)) decoded.push_back(' ');
    pos = tag->end;
  }
  std::string out;
  out.reserve(decoded.size());
  bool space = false;
  for (size_t i = 0; i < decoded.size(); ++i) {
    const bool nbsp = decoded[i] == '\xC2' && i + 1 < decoded.size() && decoded[i + 1] == '\xA0';
    if (IsSpace(decoded[i]) || nbsp) {
      space = true;
      if (nbsp) ++i;
      continue;
    }
    if (space && !out.empty()) out.push_back(' ');
    space = false;
    out.push_back(decoded[i]);
  }
  return out;
}

// An element's content: from `from` (just after its start tag) to the tag
// that ends it. `ends` is the end tag that closes it ("dd" for </dd>);
// <dd>, <dt> and </dl> (and sections' tags) end it too, as HTML's omitted
// end tags do, except inside a <dl> nested in it.
struct Content {
  std::string_view html;
  size_t next = 0;  // where to go on: after its end tag, or at the tag that ended it
};
Content ContentOf(std::string_view html, size_t from, std::string_view ends) {
  int nested = 0;
  size_t pos = from;
  while (const std::optional<Tag> tag = NextTag(html, pos)) {
    pos = tag->end;
    if (tag->Starts("dl")) {
      ++nested;
    } else if (tag->Ends("dl") && nested > 0) {
      --nested;
    } else if (nested == 0 && tag->Ends(ends)) {
      return {html.substr(from, tag->begin - from), tag->end};
    } else if ((nested == 0 && (tag->Starts("dd") || tag->Starts("dt") || tag->Ends("dl"))) || tag->Is("section")) {
      return {html.substr(from, tag->begin - from), tag->begin};
    }
  }
  return {html.substr(from), html.size()};
}

// ---------------------------------------------------------------------------
// Names.

// Dotted names whose segments start with upper-case letters, after another
// such segment, are nested classes: "java.util.Map.Entry" with
// `separator` '/' -> "java/util/Map$Entry". The segments are identifiers.
std::string NestedName(std::string_view dotted, char separator) {
  std::string out;
  bool previous_upper = false;
  bool first = true;
  for (std::string_view part : Split(dotted, '.')) {
    const bool upper = IsUpper(part.front());
    if (!first) out.push_back(previous_upper && upper ? '$' : separator);
    out.append(part);
    previous_upper = upper;
    first = false;
  }
  return out;
}

// "Outer.Inner" (a page's or a link's class, within its package) -> "Outer$Inner".
std::string DollarName(std::string_view dotted) {
  std::string out(dotted);
  std::replace(out.begin(), out.end(), '.', '$');
  return out;
}

// The package of a binary name: "a.b.C$D" -> "a.b"; "" for the unnamed package.
std::string_view PackageOf(std::string_view class_name) {
  const size_t dot = class_name.rfind('.');
  return dot == std::string_view::npos ? std::string_view() : class_name.substr(0, dot);
}

// The class whose page is at `path` (directories, then "Outer.Inner.html"):
// "pkg.Outer$Inner"; nullopt when it is no class page's path.
std::optional<std::string> ClassOfPagePath(const std::vector<std::string_view>& path) {
  if (path.empty() || !path.back().ends_with(".html")) return std::nullopt;
  std::string_view file = path.back();
  file.remove_suffix(5);
  if (!IsQualifiedName(file)) return std::nullopt;
  std::string out;
  for (size_t i = 0; i + 1 < path.size(); ++i) {
    if (!IsIdentifier(path[i])) return std::nullopt;
    out += Cat(path[i], ".");
  }
  return out + DollarName(file);
}

// The class of a link to a javadoc page: its path's directories are the
// package, its file name the class ("Outer.Inner.html"). Relative hrefs
// are resolved against `page_package`'s directory; absolute URLs are read
// from after their last "/api/" (skipping a module directory,
// ".../api/java.base/java/lang/..."). nullopt when the href is no such link.
std::optional<std::string> ClassOfHref(std::string_view href, std::string_view page_package) {
  href = href.substr(0, href.find_first_of("#?"));
  std::vector<std::string_view> path;
  if (const size_t scheme = href.find("://"); scheme != std::string_view::npos) {
    const size_t api = href.rfind("/api/");
    if (api == std::string_view::npos || api < scheme) return std::nullopt;
    path = Split(href.substr(api + 5), '/', /*skip_empty=*/true);
    if (path.size() > 1 && path.front().find('.') != std::string_view::npos) path.erase(path.begin());
  } else {
    if (href.empty() || href.front() == '/') return std::nullopt;
    if (!page_package.empty()) path = Split(page_package, '.');
    for (std::string_view part : Split(href, '/', /*skip_empty=*/true)) {
      if (part == ".") continue;
      if (part == "..") {
        if (path.empty()) return std::nullopt;
        path.pop_back();
        continue;
      }
      path.push_back(part);
    }
  }
  return ClassOfPagePath(path);
}

// The package a link's title names: "class or interface in java.lang",
// "class in docfix", "interface in a.b" -> the package; nullopt otherwise.
std::optional<std::string_view> PackageOfTitle(std::string_view title) {
  const size_t in = title.rfind(" in ");
  if (in == std::string_view::npos) return std::nullopt;
  std::string_view package = StripWhitespace(title.substr(in + 4));
  if (package.empty() || !IsQualifiedName(package)) return std::nullopt;
  return package;
}

// The binary name of a Throws: entry's exception, written `name` (tags
// removed), linked by the <a> tag `link` (if any) from a page of
// `page_package`; nullopt when `name` is not a Java name.
std::optional<std::string> ExceptionName(const std::string& name, const std::optional<Tag>& link,
                                         std::string_view page_package) {
  if (!IsQualifiedName(name)) return std::nullopt;
  if (link) {
    const std::string href = DecodeEntities(Attribute(link->attributes, "href").value_or(""));
    const bool absolute = href.find("://") != std::string::npos;
    // A page of the same api dir: its path is exact.
    if (!absolute) {
      if (std::optional<std::string> c = ClassOfHref(href, page_package)) return c;
    }
    // Another javadoc: the title names the package, the text the class
    // within it (javadoc writes nested classes "Outer.Inner").
    const std::string title = DecodeEntities(Attribute(link->attributes, "title").value_or(""));
    if (std::optional<std::string_view> package = PackageOfTitle(title)) {
      std::string_view simple = name;
      if (simple.starts_with(*package) && simple.size() > package->size() && simple[package->size()] == '.') {
        simple.remove_prefix(package->size() + 1);
      }
      return Cat(*package, ".", DollarName(simple));
    }
    if (absolute) {
      if (std::optional<std::string> c = ClassOfHref(href, page_package)) return c;
    }
  }
  if (name.find('.') != std::string::npos) return NestedName(name, '.');
  const std::vector<std::string_view>& lang = JavaLangThrowables();
  if (std::binary_search(lang.begin(), lang.end(), std::string_view(name))) return Cat("java.lang.", name);
  return name;
}

// One <dd> of a Throws: section: "<code>Exception</code> - text", the
// exception maybe linked. nullopt when it names no exception.
std::optional<DocumentedThrow> ParseThrowsEntry(std::string_view dd, std::string_view page_package) {
  // The exception: the first <code> element, else the text before " - ".
  std::string_view exception_html;
  std::string_view rest;
  std::optional<Tag> first = NextTag(dd, 0);
  while (first && first->name.empty()) first = NextTag(dd, first->end);  // comments
  const bool starts_with_code = first && first->Starts("code") && StripWhitespace(dd.substr(0, first->begin)).empty();
  if (starts_with_code) {
    const size_t close = FindIgnoreCase(dd, "</code", first->end);
    if (close == std::string_view::npos) return std::nullopt;
    const size_t gt = dd.find('>', close);
    exception_html = dd.substr(first->end, close - first->end);
    rest = gt == std::string_view::npos ? std::string_view() : dd.substr(gt + 1);
  } else {
    const size_t dash = dd.find(" - ");
    exception_html = dd.substr(0, dash);
    rest = dash == std::string_view::npos ? std::string_view() : dd.substr(dash);
  }
  std::optional<Tag> link;
  for (std::optional<Tag> tag = NextTag(exception_html, 0); tag; tag = NextTag(exception_html, tag->end)) {
    if (tag->Starts("a") && Attribute(tag->attributes, "href")) {
      link = tag;
      break;
    }
  }
  std::optional<std::string> exception = ExceptionName(TextOf(exception_html), link, page_package);
  if (!exception) return std::nullopt;
  std::string text = TextOf(rest);
  if (text.starts_with("-")) text = std::string(StripWhitespace(std::string_view(text).substr(1)));
  return DocumentedThrow{.exception = std::move(*exception), .text = std::move(text)};
}

std::string Descriptor(std::string_view type) {
  static constexpr std::pair<std::string_view, char> kPrimitives[] = {
      {"boolean", 'Z'}, {"byte", 'B'}, {"char", 'C'},  {"short", 'S'},
      {"int", 'I'},     {"long", 'J'}, {"float", 'F'}, {"double", 'D'}};
  for (const auto& [name, letter] : kPrimitives) {
    if (type == name) return std::string(1, letter);
  }
  if (type.find('.') == std::string_view::npos && IsTypeVariable(type)) return "Ljava/lang/Object;";
  return Cat("L", NestedName(type, '/'), ";");
}

// The JVM's limit on array dimensions (JVMS 4.3.2).
constexpr int kMaxDimensions = 255;

}  // namespace

const std::vector<std::string_view>& JavaLangThrowables() {
  static const std::vector<std::string_view> kNames = [] {
    std::vector<std::string_view> v = {
        "AbstractMethodError", "ArithmeticException", "ArrayIndexOutOfBoundsException", "ArrayStoreException",
        "AssertionError", "BootstrapMethodError", "ClassCastException", "ClassCircularityError",
        "ClassFormatError", "ClassNotFoundException", "CloneNotSupportedException",
        "EnumConstantNotPresentException", "Error", "Exception", "ExceptionInInitializerError",
        "IllegalAccessError", "IllegalAccessException", "IllegalArgumentException", "IllegalCallerException",
        "IllegalMonitorStateException", "IllegalStateException", "IllegalThreadStateException",
        "IncompatibleClassChangeError", "IndexOutOfBoundsException", "InstantiationError",
        "InstantiationException", "InternalError", "InterruptedException", "LayerInstantiationException",
        "LinkageError", "NegativeArraySizeException", "NoClassDefFoundError", "NoSuchFieldError",
        "NoSuchFieldException", "NoSuchMethodError", "NoSuchMethodException", "NullPointerException",
        "NumberFormatException", "OutOfMemoryError", "ReflectiveOperationException", "RuntimeException",
        "SecurityException", "StackOverflowError", "StringIndexOutOfBoundsException", "Throwable",
        "TypeNotPresentException", "UnknownError", "UnsatisfiedLinkError", "UnsupportedClassVersionError",
        "UnsupportedOperationException", "VerifyError", "VirtualMachineError"};
    std::sort(v.begin(), v.end());
    return v;
  }();
  return kNames;
}

std::optional<JavadocMemberId> ParseJavadocMemberId(std::string_view id) {
  const size_t open = id.find('(');
  if (open == std::string_view::npos || !id.ends_with(')')) return std::nullopt;
  JavadocMemberId member;
  member.name = std::string(id.substr(0, open));
  if (member.name != "<init>" && !IsIdentifier(member.name)) return std::nullopt;
  const std::string_view parameters = StripWhitespace(id.substr(open + 1, id.size() - open - 2));
  if (parameters.find_first_of("()") != std::string_view::npos) return std::nullopt;
  member.descriptor = "(";
  if (!parameters.empty()) {
    for (std::string_view parameter : Split(parameters, ',')) {
      std::string_view type = StripWhitespace(parameter);
      int dimensions = 0;
      if (type.ends_with("...")) {  // varargs: one more dimension, after any []
        type.remove_suffix(3);
        type = StripWhitespace(type);
        ++dimensions;
      }
      while (type.ends_with("[]")) {
        type.remove_suffix(2);
        type = StripWhitespace(type);
        ++dimensions;
      }
      if (dimensions > kMaxDimensions || !IsQualifiedName(type)) return std::nullopt;
      member.descriptor += std::string(static_cast<size_t>(dimensions), '[') + Descriptor(type);
    }
  }
  member.descriptor += ")";
  return member;
}

std::optional<std::string> ClassNameOfJavadocPage(std::string_view relative_path) {
  std::vector<std::string_view> path = Split(relative_path, '/', /*skip_empty=*/true);
  if (path.empty() || !path.back().ends_with(".html")) return std::nullopt;
  std::string_view file = path.back();
  file.remove_suffix(5);
  if (path.size() == 1 && (file == "index" || file == "search")) return std::nullopt;
  // legal/, resources/ and the like are javadoc's own (the others have a
  // '-' in their names: class-use/, src-html/, doc-files/, index-files/).
  static constexpr std::string_view kJavadocDirs[] = {"legal", "resources", "resource-files", "jquery",
                                                      "script-dir", "script-files"};
  if (path.size() > 1 && std::find(std::begin(kJavadocDirs), std::end(kJavadocDirs), path.front()) !=
                             std::end(kJavadocDirs)) {
    return std::nullopt;
  }
  return ClassOfPagePath(path);
}

std::vector<DocumentedMethod> ParseJavadocPage(std::string_view html, const std::string& class_name) {
  const std::string_view package = PackageOf(class_name);
  // By (name, descriptor): a member whose id came twice gets one entry.
  std::map<std::pair<std::string, std::string>, std::vector<DocumentedThrow>> found;
  // The member whose element we are in: JDK 16+ puts each in a <section>
  // (it ends with it); JDK 11 to 15 put an <a id> before it (it ends at the
  // next member).
  std::optional<JavadocMemberId> member;
  int member_depth = -1;  // the section depth of its <section>; -1 for an <a id> anchor
  int section_depth = 0;
  size_t pos = 0;
  while (const std::optional<Tag> tag = NextTag(html, pos)) {
    pos = tag->end;
    if (tag->name.empty()) continue;
    if (tag->Ends("section")) {
      if (member && member_depth == section_depth) member.reset();
      if (section_depth > 0) --section_depth;
      continue;
    }
    if (tag->closing) continue;
    if (tag->Is("section")) ++section_depth;
    if (std::optional<std::string_view> id = Attribute(tag->attributes, "id");
        id && id->find('(') != std::string_view::npos) {
      if (std::optional<JavadocMemberId> m = ParseJavadocMemberId(DecodeEntities(*id))) {
        if (member && member_depth >= 0 && !tag->Is("section") && m->name == member->name) {
          // The member's "erasure anchor": javadoc 17+ keeps type variables
          // in the section's id ("bits(E...)") and, when they differ, puts
          // the id erased to their bounds on the heading
          // (<h3 id="bits(java.lang.Enum[])">): the bytecode's descriptor.
          member->descriptor = std::move(m->descriptor);
        } else {
          member = std::move(m);
          member_depth = tag->Is("section") ? section_depth : -1;
        }
        continue;
      }
    }
    if (!member || !tag->Is("dt")) continue;
    const Content dt = ContentOf(html, tag->end, "dt");
    pos = dt.next;
    if (TextOf(dt.html) != "Throws:") continue;
    // The <dd> entries that follow, up to the next <dt> or </dl>.
    std::vector<DocumentedThrow>& throws = found[{member->name, member->descriptor}];
    while (std::optional<Tag> dd = NextTag(html, pos)) {
      if (dd->name.empty()) {
        pos = dd->end;
        continue;
      }
      if (!dd->Starts("dd")) break;
      const Content entry = ContentOf(html, dd->end, "dd");
      pos = entry.next;
      if (std::optional<DocumentedThrow> t = ParseThrowsEntry(entry.html, package)) throws.push_back(std::move(*t));
    }
  }
  std::vector<DocumentedMethod> out;
  for (auto& [key, throws] : found) {
    if (throws.empty()) continue;
    out.push_back(DocumentedMethod{
        .class_name = class_name, .name = key.first, .descriptor = key.second, .throws = std::move(throws)});
  }
  return out;
}

absl::StatusOr<std::vector<DocumentedMethod>> ReadJavadocThrows(const std::string& api_dir) {
  std::error_code ec;
  const fs::file_status status = fs::status(api_dir, ec);
  if (ec || !fs::exists(status)) return absl::NotFoundError(Cat(api_dir, ": no such javadoc directory"));
  if (!fs::is_directory(status)) return absl::NotFoundError(Cat(api_dir, ": not a directory (a javadoc api dir)"));
  // A modular api dir has a directory per module (with its
  // module-summary.html) above the package directories.
  std::set<std::string> modules;
  fs::directory_iterator top(api_dir, ec);
  if (ec) return absl::NotFoundError(Cat(api_dir, ": cannot read the javadoc directory: ", ec.message()));
  for (; top != fs::directory_iterator(); top.increment(ec)) {
    if (std::error_code e; top->is_directory(e) && fs::exists(top->path() / "module-summary.html", e)) {
      modules.insert(top->path().filename().string());
    }
  }
  if (ec) return absl::NotFoundError(Cat(api_dir, ": cannot read the javadoc directory: ", ec.message()));

  // The class pages, by path (the walk's order is the file system's).
  std::vector<std::pair<fs::path, std::string>> pages;
  fs::recursive_directory_iterator it(api_dir, fs::directory_options::skip_permission_denied, ec);
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::error_code e;
    if (!it->is_regular_file(e)) continue;
    std::string relative = it->path().lexically_relative(api_dir).generic_string();
    if (const size_t slash = relative.find('/');
        slash != std::string::npos && modules.contains(relative.substr(0, slash))) {
      relative.erase(0, slash + 1);
    }
    if (std::optional<std::string> class_name = ClassNameOfJavadocPage(relative)) {
      pages.emplace_back(it->path(), std::move(*class_name));
    }
  }
  if (ec) return absl::NotFoundError(Cat(api_dir, ": cannot read the javadoc directory: ", ec.message()));
  if (pages.empty()) {
    return absl::InvalidArgumentError(
        Cat(api_dir, ": no javadoc class page (such as pkg/Name.html) in the directory"));
  }
  std::sort(pages.begin(), pages.end());

  std::vector<DocumentedMethod> out;
  std::string html;
  for (const auto& [path, class_name] : pages) {
    std::ifstream in(path, std::ios::binary);
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (!in || size < 0) return absl::NotFoundError(Cat(path.string(), ": cannot read the javadoc page"));
    html.resize(static_cast<size_t>(size));
    in.read(html.data(), size);
    if (in.gcount() != size) return absl::NotFoundError(Cat(path.string(), ": cannot read the javadoc page"));
    std::vector<DocumentedMethod> methods = ParseJavadocPage(html, class_name);
    std::move(methods.begin(), methods.end(), std::back_inserter(out));
  }
  std::sort(out.begin(), out.end(), [](const DocumentedMethod& a, const DocumentedMethod& b) {
    return std::tie(a.class_name, a.name, a.descriptor) < std::tie(b.class_name, b.name, b.descriptor);
  });
  return out;
}

}  // namespace jwp::app
