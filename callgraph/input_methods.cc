#include "callgraph/input_methods.h"

#include <algorithm>
#include <cstddef>

#include "absl/strings/str_cat.h"

namespace jwp::callgraph {

namespace {

// '*' matches any run of characters, every other character itself.
bool GlobMatches(std::string_view glob, std::string_view s) {
  size_t g = 0, i = 0, star = std::string_view::npos, mark = 0;
  while (i < s.size()) {
    if (g < glob.size() && glob[g] == '*') {
      star = g++;
      mark = i;
    } else if (g < glob.size() && glob[g] == s[i]) {
      ++g;
      ++i;
    } else if (star != std::string_view::npos) {
      g = star + 1;
      i = ++mark;
    } else {
      return false;
    }
  }
  while (g < glob.size() && glob[g] == '*') ++g;
  return g == glob.size();
}

bool ValidIdentifierPart(std::string_view part, bool glob) {
  if (part.empty()) return false;
  for (char c : part) {
    if (c == ';' || c == '[' || c == '/' || c == '(' || c == ')' || c == '<' || c == '>' || c == ' ') return false;
    if (c == '*' && !glob) return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<MethodPattern> MethodPattern::Parse(std::string_view text) {
  const size_t dot = text.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == text.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("method pattern \"", std::string(text), "\": expected pkg.Class.method (a class, a dot, a method name)"));
  }
  MethodPattern p;
  p.text_ = std::string(text);
  const std::string& quoted = p.text_;
  p.class_name_ = std::string(text.substr(0, dot));
  p.method_glob_ = std::string(text.substr(dot + 1));
  if (!ValidIdentifierPart(p.method_glob_, /*glob=*/true)) {
    return absl::InvalidArgumentError(absl::StrCat("method pattern \"", quoted, "\": \"", p.method_glob_,
                                                   "\" is not a method name ('*' matches any run of characters)"));
  }
  for (size_t start = 0; start <= p.class_name_.size();) {
    const size_t end = std::min(p.class_name_.find('.', start), p.class_name_.size());
    if (!ValidIdentifierPart(std::string_view(p.class_name_).substr(start, end - start), /*glob=*/false)) {
      return absl::InvalidArgumentError(absl::StrCat("method pattern \"", quoted, "\": \"", p.class_name_,
                                                     "\" is not a class name (no '*' in the class: name it whole)"));
    }
    start = end + 1;
  }
  p.owner_ = p.class_name_;
  for (char& c : p.owner_) {
    if (c == '.') c = '/';
  }
  return p;
}

bool MethodPattern::Matches(std::string_view owner, std::string_view name) const {
  return owner == owner_ && GlobMatches(method_glob_, name);
}

absl::Status InputMethods::AddInput(std::string_view pattern) {
  absl::StatusOr<MethodPattern> p = MethodPattern::Parse(pattern);
  if (!p.ok()) return p.status();
  inputs_.push_back(*std::move(p));
  return absl::OkStatus();
}

absl::Status InputMethods::AddAssume(std::string_view pattern) {
  absl::StatusOr<MethodPattern> p = MethodPattern::Parse(pattern);
  if (!p.ok()) return p.status();
  assumes_.push_back(*std::move(p));
  return absl::OkStatus();
}

bool InputMethods::InputResult(std::string_view descriptor) {
  const size_t close = descriptor.rfind(')');
  if (close == std::string_view::npos) return false;
  const std::string_view ret = descriptor.substr(close + 1);
  if (ret.size() == 1) return std::string_view("ZBCSIJFD").find(ret[0]) != std::string_view::npos;
  return ret == "Ljava/lang/String;";
}

namespace {

constexpr std::string_view kFile = "java/io/File";
constexpr std::string_view kFiles = "java/nio/file/Files";
constexpr std::string_view kPathAndOptions = "(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z";
constexpr std::string_view kPath = "(Ljava/nio/file/Path;)Z";

constexpr FileQuery kFileQueries[] = {
    {kFile, "exists", "()Z"},
    {kFile, "isFile", "()Z"},
    {kFile, "isDirectory", "()Z"},
    {kFile, "canRead", "()Z"},
    {kFile, "canWrite", "()Z"},
    {kFile, "canExecute", "()Z"},
    {kFile, "length", "()J", /*non_negative=*/true},
    {kFile, "mkdir", "()Z"},
    {kFile, "mkdirs", "()Z"},
    {kFile, "delete", "()Z"},
    {kFile, "list", "()[Ljava/lang/String;", false, /*array=*/true},
    {kFile, "listFiles", "()[Ljava/io/File;", false, /*array=*/true},
    {kFiles, "exists", kPathAndOptions, false, false, /*path_argument=*/true},
    {kFiles, "notExists", kPathAndOptions, false, false, true},
    {kFiles, "isDirectory", kPathAndOptions, false, false, true},
    {kFiles, "isRegularFile", kPathAndOptions, false, false, true},
    {kFiles, "isReadable", kPath, false, false, true},
    {kFiles, "isWritable", kPath, false, false, true},
    {kFiles, "isExecutable", kPath, false, false, true},
    {"java/io/FileInputStream", "open0", "(Ljava/lang/String;)V", false, false, false, /*opens=*/true},
    {"java/io/FileOutputStream", "open0", "(Ljava/lang/String;Z)V", false, false, false, true},
};

}  // namespace

const FileQuery* FileQueryOf(std::string_view owner, std::string_view name, std::string_view descriptor) {
  for (const FileQuery& q : kFileQueries) {
    if (q.owner == owner && q.name == name && q.descriptor == descriptor) return &q;
  }
  return nullptr;
}

std::vector<std::string> FileQueryPatterns() {
  std::vector<std::string> out;
  for (const FileQuery& q : kFileQueries) {
    std::string pattern = absl::StrCat(std::string(q.owner), ".", std::string(q.name));
    std::replace(pattern.begin(), pattern.end(), '/', '.');
    if (std::find(out.begin(), out.end(), pattern) == out.end()) out.push_back(std::move(pattern));
  }
  return out;
}

InputMethods::Kind InputMethods::Classify(std::string_view owner, std::string_view name,
                                          std::string_view descriptor) const {
  if (file_system_ && FileQueryOf(owner, name, descriptor) != nullptr) return Kind::kFileQuery;
  for (const MethodPattern& p : inputs_) {
    if (p.Matches(owner, name) && InputResult(descriptor)) return Kind::kInput;
  }
  for (const MethodPattern& p : assumes_) {
    if (p.Matches(owner, name) && (descriptor == "(Z)V" || descriptor == "(I)V")) return Kind::kAssume;
  }
  return Kind::kNone;
}

bool InputMethods::Names(std::string_view owner, std::string_view name) const {
  for (const MethodPattern& p : inputs_) {
    if (p.Matches(owner, name)) return true;
  }
  for (const MethodPattern& p : assumes_) {
    if (p.Matches(owner, name)) return true;
  }
  return false;
}

}  // namespace jwp::callgraph
