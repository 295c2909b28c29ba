#include "app/javadoc_comparison.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
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
          if (searched && searched->contains("examples") && !(*searched)["examples"].empty()) {
            ++c.witnessed;
            why = StrCat("thrown on the JVM for an example input (", (*searched)["examples"][0].get<std::string>(),
                         "), found through calls the search assumed: no condition");
          } else if (searched && never) {
            // The hardening report's other half: the Javadoc promises an
            // exception that the code cannot throw.
            ++c.never_thrown;
            why = StrCat("never thrown: no input throws it (", Text(*searched, "reason"), ")");
          }
          missed.push_back({{"exception", t.exception}, {"documented", t.text}, {"why", why}});
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
                    c.never_thrown, "\n");
  return c;
}

}  // namespace jwp::app
