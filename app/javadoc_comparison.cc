#include "app/javadoc_comparison.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "app/exception_conditions.h"
#include "app/json_fields.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;
using absl::StrCat;

// Whether jwp's exception `found` (a binary name) stands for the
// documented `doc` (a binary name, or a simple one when the Javadoc did
// not say its package).
bool Covers(const std::string& found, const std::string& doc, const IsExceptionSubtype& is_subtype) {
  if (doc.find('.') == std::string::npos) return SimpleJavaName(found) == doc;
  return found == doc || is_subtype(found, doc);
}

// Whether `word` occurs in `text` as a whole word, ignoring case.
bool HasWord(const std::string& text, const std::string& word) {
  const std::string t = absl::AsciiStrToLower(text), w = absl::AsciiStrToLower(word);
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = t.find(w); at != std::string::npos; at = t.find(w, at + 1)) {
    const bool starts = at == 0 || !is_word(t[at - 1]);
    const bool ends = at + w.size() == t.size() || !is_word(t[at + w.size()]);
    if (starts && ends) return true;
  }
  return false;
}

// Whether jwp's confirmed `condition` of another exception covers the case
// the Javadoc's `documented` text names as null: one of its disjuncts is
// `x == null` for an `x` the text names, and the text says "null"
// (commons-lang3 3.12 documents IllegalArgumentException "if the date is
// null" where its Validate.notNull throws NullPointerException).
bool CoversTheNullCase(const std::string& documented, const std::string& condition) {
  if (!HasWord(documented, "null")) return false;
  // "cond, when f returns normally": the proviso is not part of the case.
  const std::string cond = condition.substr(0, condition.find(", when "));
  for (const std::string& d : TopLevelOperands(cond, "||")) {
    constexpr std::string_view kIsNull = " == null";
    if (!d.ends_with(kIsNull)) continue;
    const std::string x = d.substr(0, d.size() - kIsNull.size());
    const bool plain = !x.empty() && std::all_of(x.begin(), x.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    });
    if (plain && HasWord(documented, x)) return true;
  }
  return false;
}

}  // namespace

bool SplitMethodName(const std::string& java, std::string* cls, std::string* name, std::string* params) {
  const size_t paren = java.find('(');
  const size_t close = java.find(')', paren == std::string::npos ? 0 : paren);
  if (paren == std::string::npos || close == std::string::npos) return false;
  const size_t dot = java.rfind('.', paren);
  if (dot == std::string::npos) return false;
  *cls = java.substr(0, dot);
  *name = java.substr(dot + 1, paren - dot - 1);
  *params = java.substr(paren, close - paren + 1);
  return true;
}

namespace {

// A pair of the method (among `found`) with a confirmed condition, of an
// exception that is not the documented one, whose condition covers the
// null case documented throw `t` names (CoversTheNullCase); null if none.
const ordered_json* ThrownInstead(const DocumentedThrow& t, const std::vector<const ordered_json*>& found,
                                  const IsExceptionSubtype& is_subtype) {
  for (const ordered_json* p : found) {
    if (!p->contains("condition") || !(*p)["condition"].is_string()) continue;
    if (Covers(Text(*p, "exception"), t.exception, is_subtype)) continue;
    if (CoversTheNullCase(t.text, (*p)["condition"].get<std::string>())) return p;
  }
  return nullptr;
}

}  // namespace

JavadocComparison CompareWithJavadoc(const std::vector<DocumentedMethod>& documented,
                                     const std::vector<std::string>& in_scope, const ordered_json& pairs,
                                     const IsExceptionSubtype& is_subtype) {
  // The pairs of each method.
  std::map<std::string, std::vector<const ordered_json*>> by_method;
  for (const ordered_json& p : pairs) by_method[Text(p, "method")].push_back(&p);
  // The documented members by the key "pkg.C.m(params)".
  std::map<std::string, const DocumentedMethod*> docs;
  for (const DocumentedMethod& d : documented) docs[StrCat(d.class_name, ".", d.name, d.descriptor)] = &d;
  JavadocComparison c;
  c.json = ordered_json::array();
  std::string lines;
  for (const std::string& method : in_scope) {
    std::string cls, name, params;
    if (!SplitMethodName(method, &cls, &name, &params)) continue;
    auto doc_it = docs.find(StrCat(cls, ".", name, params));
    const std::vector<const ordered_json*>& found = by_method[method];
    ordered_json entry;
    entry["method"] = method;
    ordered_json confirmed = ordered_json::array(), missed = ordered_json::array(), extra = ordered_json::array();
    std::set<const ordered_json*> matched;
    if (doc_it != docs.end()) {
      for (const DocumentedThrow& t : doc_it->second->throws) {
        ++c.documented;
        const ordered_json* hit = nullptr;
        const ordered_json* searched = nullptr;
        bool never = true;  // every pair it covers: no input throws it (an exhaustive search)
        for (const ordered_json* p : found) {
          if (!Covers(Text(*p, "exception"), t.exception, is_subtype)) continue;
          if (!searched) searched = p;
          never = never && Text(*p, "verdict") == "NOT_FOUND";
          if (p->contains("condition") && (*p)["condition"].is_string()) {
            hit = p;
            matched.insert(p);
          }
        }
        if (hit) {
          ++c.confirmed;
          confirmed.push_back({{"exception", t.exception},
                               {"documented", t.text},
                               {"condition", (*hit)["condition"]},
                               {"complete", hit->value("complete", false)}});
          lines += StrCat("  confirmed     ", method, " ", SimpleJavaName(t.exception), " if ",
                          (*hit)["condition"].get<std::string>(), "  (documented: ", t.text, ")\n");
        } else {
          std::string why = searched ? StrCat(Text(*searched, "verdict"), ": ", Text(*searched, "reason"))
                                     : "jwp found no way for it to leave the method";
          ordered_json missed_entry = {{"exception", t.exception}, {"documented", t.text}};
          if (searched && searched->contains("examples") && !(*searched)["examples"].empty()) {
            ++c.witnessed;
            why = StrCat("thrown on the JVM for an example input (", (*searched)["examples"][0].get<std::string>(),
                         "), found through calls the search assumed: no condition");
          } else if (const ordered_json* other = ThrownInstead(t, found, is_subtype)) {
            // The Javadoc names the case, the code throws another type in it.
            ++c.other_exception;
            why = StrCat("in the case it names the code throws ", SimpleJavaName(Text(*other, "exception")),
                         " (confirmed: ", (*other)["condition"].get<std::string>(), ")");
            missed_entry["thrown_instead"] = {{"exception", (*other)["exception"]}, {"condition", (*other)["condition"]}};
          } else if (searched && never) {
            // The hardening report's other half: the Javadoc promises an
            // exception that the code cannot throw.
            ++c.never_thrown;
            why = StrCat("never thrown: no input throws it (", Text(*searched, "reason"), ")");
          }
          missed_entry["why"] = why;
          missed.push_back(std::move(missed_entry));
          lines += StrCat("  not confirmed ", method, " ", SimpleJavaName(t.exception), "  (documented: ", t.text,
                          "): ", why, "\n");
        }
      }
    }
    for (const ordered_json* p : found) {
      if (matched.contains(p) || !p->contains("condition") || !(*p)["condition"].is_string()) continue;
      ++c.undocumented;
      extra.push_back({{"exception", (*p)["exception"]}, {"condition", (*p)["condition"]},
                       {"complete", p->value("complete", false)}});
      lines += StrCat("  undocumented  ", method, " ", SimpleJavaName(Text(*p, "exception")), " if ",
                      (*p)["condition"].get<std::string>(), "\n");
    }
    if (confirmed.empty() && missed.empty() && extra.empty()) continue;
    entry["documented_confirmed"] = confirmed;
    entry["documented_not_confirmed"] = missed;
    entry["undocumented"] = extra;
    c.json.push_back(entry);
  }
  const double share = c.documented == 0 ? 0 : 100.0 * c.confirmed / c.documented;
  c.report = StrCat("Javadoc comparison:\n", lines, "documented (method, exception) pairs: ", c.documented,
                    ", confirmed by jwp with a condition: ", c.confirmed, " (", static_cast<int>(share + 0.5), "%), ",
                    "with an example input only: ", c.witnessed, "; ",
                    "confirmed but not documented: ", c.undocumented, "; documented but never thrown: ",
                    c.never_thrown, "; documented, but the code throws another exception in the case named: ",
                    c.other_exception, "\n");
  return c;
}

}  // namespace jwp::app
