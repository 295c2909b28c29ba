#include "app/exception_conditions.h"

#include <algorithm>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/json_fields.h"
#include "classfile/descriptor.h"
#include "wp/engine.h"

namespace jwp::app {
namespace {

using nlohmann::ordered_json;
using absl::StrCat;

const char* OriginName(absint::ThrownType::Origin o) {
  switch (o) {
    case absint::ThrownType::Origin::kThrow: return "throw";
    case absint::ThrownType::Origin::kImplicit: return "implicit";
    case absint::ThrownType::Origin::kCallee: return "callee";
    case absint::ThrownType::Origin::kDocumented: return "documented";
  }
  return "?";
}

// One disjunct of a FOUND: the search's first precondition or one of its
// alternatives.
ordered_json Disjunct(const ordered_json& from, const ordered_json& search) {
  ordered_json d;
  d["goal"] = Text(search, "goal");
  d["kind"] = Text(search, "kind");
  d["entry"] = Text(search, "entry");
  d["precondition"] = Text(from, "precondition");
  d["smtlib"] = from.value("smtlib", ordered_json(nullptr));
  int line = from.value("line", -1);
  if (line < 0 && from.contains("path") && from["path"].is_array() && !from["path"].empty()) {
    line = from["path"].back().get<int>();
  }
  d["line"] = line;
  d["path"] = from.value("path", ordered_json::array());
  d["witness"] = from.value("witness", ordered_json(nullptr));
  d["confirmed"] = from.value("confirmed", ordered_json(nullptr));
  if (from.contains("runner_error")) d["runner_error"] = from["runner_error"];
  d["assumptions"] = from.value("assumptions", ordered_json::array());
  d["optimistic"] = from.value("optimistic", false);
  d["internal_state"] = from.value("internal_state", ordered_json::array());
  return d;
}

// `condition` without the literal that says the receiver's class does not
// override the method ("dispatch(typeOf(this), M) == M"): the condition
// documents the method as declared, whose code is what runs on it.
std::string WithoutDispatch(std::string condition) {
  static constexpr std::string_view kStart = "dispatch(typeOf(this), ";
  for (size_t at = condition.find(kStart); at != std::string::npos; at = condition.find(kStart)) {
    size_t i = at + std::string_view("dispatch(").size();
    int depth = 1;
    for (; i < condition.size() && depth > 0; ++i) depth += condition[i] == '(' ? 1 : condition[i] == ')' ? -1 : 0;
    if (depth != 0) break;
    const std::string method = condition.substr(at + kStart.size(), i - 1 - (at + kStart.size()));
    const std::string tail = StrCat(" == ", method);
    if (condition.compare(i, tail.size(), tail) != 0) break;
    size_t begin = at, end = i + tail.size();
    if (begin >= 4 && condition.compare(begin - 4, 4, " && ") == 0) {
      begin -= 4;
    } else if (condition.compare(end, 4, " && ") == 0) {
      end += 4;
    }
    condition.erase(begin, end - begin);
  }
  return condition.empty() ? "true" : condition;
}

// Whether an optimistic disjunct assumed of the calls it passed only that
// they return normally (nothing of what they returned: no "what the
// candidate assumed of them" assumption); `calls` the calls, as
// "java.lang.String.format".
bool PassedCallsOnly(const ordered_json& d, std::vector<std::string>* calls) {
  static constexpr std::string_view kOptimistic = "optimistic: ";
  static constexpr std::string_view kSkipped = "a call is skipped: ";
  for (const auto& a : d.value("assumptions", ordered_json::array())) {
    std::string text = a.get<std::string>();
    if (!text.starts_with(kOptimistic) || text.starts_with(wp::kResultsDoNotMatter)) continue;  // the latter: proved
    text = text.substr(kOptimistic.size());
    // "pkg.C.m(desc) at LOC assumed to return normally" (passed), or
    // "a call is skipped: pkg.C.m(desc) at LOC[ why]" (not resolved).
    const bool passed = text.ends_with(" assumed to return normally");
    if (text.starts_with(kSkipped)) {
      text = text.substr(kSkipped.size());
    } else if (!passed) {
      return false;  // what it assumed of the results, or a shape not known here
    }
    const size_t paren = text.find('(');
    if (paren == std::string::npos || text.substr(0, paren).find(' ') != std::string::npos) return false;
    calls->push_back(text.substr(0, paren));
  }
  return !calls->empty();
}

// Disjuncts without those another implies by its conjuncts alone ("a" and
// "a && b": "a"), the first of equal ones kept, in order.
std::vector<std::string> WithoutImpliedDisjuncts(const std::vector<std::string>& ds) {
  std::vector<std::set<std::string>> parts;
  for (const std::string& d : ds) {
    const std::vector<std::string> c = TopLevelOperands(d, "&&");
    parts.emplace_back(c.begin(), c.end());
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < ds.size(); ++i) {
    bool implied = false;
    for (size_t j = 0; j < ds.size() && !implied; ++j) {
      if (j == i || !std::includes(parts[i].begin(), parts[i].end(), parts[j].begin(), parts[j].end())) continue;
      implied = parts[i] != parts[j] || j < i;  // a strict superset, or an equal one after the first
    }
    if (!implied) out.push_back(ds[i]);
  }
  return out;
}

// `text` as one operand of `||`.
std::string Operand(const std::string& text) {
  return text.find("&&") != std::string::npos || text.find("||") != std::string::npos ? StrCat("(", text, ")")
                                                                                          : text;
}

std::string LinesText(const ordered_json& lines) {
  std::vector<std::string> parts;
  for (const auto& l : lines) {
    if (l.get<int>() >= 0) parts.push_back(StrCat(l.get<int>()));
  }
  if (parts.empty()) return "";
  return StrCat(parts.size() == 1 ? "line " : "lines ", absl::StrJoin(parts, ", "));
}

}  // namespace

std::vector<std::string> TopLevelOperands(const std::string& text, std::string_view op) {
  const std::string sep = " " + std::string(op) + " ";
  std::vector<std::string> out;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      if (c == '\\') ++i;
      else if (c == quote) quote = 0;
      continue;
    }
    if (c == '"' || c == '\'') quote = c;
    else if (c == '(') ++depth;
    else if (c == ')') --depth;
    else if (depth == 0 && text.compare(i, sep.size(), sep) == 0) {
      out.push_back(text.substr(start, i - start));
      start = i + sep.size();
      i += sep.size() - 1;
    }
  }
  out.push_back(text.substr(start));
  return out;
}


ordered_json ExceptionPair(const std::string& method, const absint::ThrownType& type, const ordered_json& search,
                           bool confirm) {
  ordered_json j;
  j["method"] = method;
  j["exception"] = classfile::JavaName(type.type);
  j["origin"] = OriginName(type.origin);
  j["lines"] = type.lines;
  const std::string verdict = search.value("verdict", "UNKNOWN");
  j["verdict"] = verdict;
  j["reason"] = Text(search, "reason");
  ordered_json disjuncts = ordered_json::array();
  if (verdict == "FOUND") {
    disjuncts.push_back(Disjunct(search, search));
    if (search.contains("alternatives")) {
      for (const auto& alt : search["alternatives"]) disjuncts.push_back(Disjunct(alt, search));
    }
  }
  // The exact disjuncts hold for every input that satisfies them: they
  // make the condition. One found through optimistic calls held for its
  // witness, with what the calls returned there (which its precondition,
  // over the inputs alone, does not say): an example, never a condition.
  // One that reads the fields of an argument object or of a JDK class
  // describes their internals (perhaps a state no program makes): left out.
  // An optimistic one that assumed nothing of what the calls it passed
  // returned (only that they returned) is a condition with a proviso: for
  // every input that satisfies it, the method throws the exception when
  // those calls return normally.
  std::vector<std::string> exact, examples, provided, provisos;
  int confirmed = 0, refuted = 0, refuted_internal = 0, exact_all = 0, optimistic_all = 0, internal = 0;
  for (const auto& d : disjuncts) {
    if (IsBool(d, "confirmed", true)) ++confirmed;
    // A left-out one over internal state refuted (the runner set an
    // object's private fields reflectively) is said apart.
    if (IsBool(d, "confirmed", false)) ++(d["internal_state"].empty() ? refuted : refuted_internal);
    const bool optimistic = IsBool(d, "optimistic", true);
    exact_all += optimistic ? 0 : 1;
    optimistic_all += optimistic ? 1 : 0;
    if (confirm && !IsBool(d, "confirmed", true)) continue;
    if (!d["internal_state"].empty()) {
      ++internal;
      continue;
    }
    const std::string pre = WithoutDispatch(Text(d, "precondition"));
    if (!optimistic) {
      exact.push_back(pre);
    } else if (std::vector<std::string> calls; PassedCallsOnly(d, &calls)) {
      provided.push_back(pre);
      for (std::string& c : calls) {
        if (std::find(provisos.begin(), provisos.end(), c) == provisos.end()) provisos.push_back(std::move(c));
      }
    } else {
      examples.push_back(pre);
    }
  }
  const std::string merged = WithoutDispatch(Text(search, "merged_precondition"));
  const bool all_exact = !exact.empty() && static_cast<int>(exact.size()) == exact_all;
  auto join = [](const std::vector<std::string>& ds) {
    std::vector<std::string> ops;
    for (const std::string& s : ds) ops.push_back(Operand(s));
    return ops.size() == 1 ? ds[0] : absl::StrJoin(ops, " || ");
  };
  auto with_proviso = [&](const std::string& text) {
    return StrCat(text, ", when ", absl::StrJoin(provisos, " and "), provisos.size() == 1 ? " returns" : " return",
                  " normally");
  };
  std::string condition;
  if (all_exact && exact.size() > 1 && !merged.empty()) {
    condition = merged;
  } else if (!exact.empty() && !provided.empty()) {
    // Both: the proviso is needed by the provided disjuncts only, and an
    // exact one holds under it too, so the whole holds under it.
    std::vector<std::string> all = exact;
    all.insert(all.end(), provided.begin(), provided.end());
    condition = with_proviso(join(WithoutImpliedDisjuncts(all)));
  } else if (!exact.empty()) {
    condition = join(WithoutImpliedDisjuncts(exact));
  } else if (!provided.empty()) {
    // Every candidate confirmed and with a proviso: their merged form.
    const std::string candidates = WithoutDispatch(Text(search, "merged_candidates"));
    const bool all_provided = static_cast<int>(provided.size()) == optimistic_all;
    const bool use_merged = all_provided && provided.size() > 1 && !candidates.empty() && candidates != "true";
    condition = with_proviso(use_merged ? candidates : join(WithoutImpliedDisjuncts(provided)));
  }
  j["condition"] = condition.empty() ? ordered_json(nullptr) : ordered_json(condition);
  j["complete"] = all_exact && IsBool(search, "exhaustive", true);
  j["provided"] = provisos;  // the proviso's calls (none: the condition holds without one)
  j["examples"] = examples;  // through assumed calls: held for their witnesses
  j["left_out"] = internal;  // disjuncts over the internal state of arguments or the JDK
  j["confirmed"] = confirmed;
  j["refuted"] = refuted;
  j["refuted_internal"] = refuted_internal;
  j["replayed"] = confirm;
  j["disjuncts"] = disjuncts;
  if (search.contains("stats")) j["stats"] = search["stats"];
  return j;
}

std::string JavadocWording(const std::string& condition) {
  static const std::regex kIsNull(R"(^([A-Za-z_$][A-Za-z0-9_$.]*) == null$)");
  static const std::regex kIsNotNull(R"(^([A-Za-z_$][A-Za-z0-9_$.]*) != null$)");
  std::smatch m;
  if (std::regex_match(condition, m, kIsNull)) return StrCat(m[1].str(), " is null");
  if (std::regex_match(condition, m, kIsNotNull)) return StrCat(m[1].str(), " is not null");
  return condition;
}

std::string RenderMethod(const std::string& method, const std::vector<ordered_json>& pairs, ExceptionsFormat format) {
  std::vector<std::string> lines;
  for (const ordered_json& p : pairs) {
    const std::string verdict = Text(p, "verdict");
    const std::string exception = Text(p, "exception");
    const bool has_condition = p.contains("condition") && p["condition"].is_string();
    const std::string where = LinesText(p["lines"]);
    const std::string completeness = IsBool(p, "complete", true) ? "complete" : "partial";
    if (format != ExceptionsFormat::kText) {
      if (!has_condition) continue;
      const std::string sentence = JavadocWording(Text(p, "condition"));
      if (format == ExceptionsFormat::kJavadoc) {
        lines.push_back(StrCat(" * @throws ", SimpleJavaName(exception), sentence == "true" ? " always" : " if " + sentence));
      } else {
        lines.push_back(StrCat("- `", SimpleJavaName(exception), "` if `", Text(p, "condition"), "` (", completeness,
                               where.empty() ? "" : StrCat(", ", where), ")"));
      }
      continue;
    }
    if (verdict == "NO_GOAL") continue;
    if (has_condition) {
      std::string tags = completeness;
      if (p.value("left_out", 0) > 0) {
        tags += StrCat("; ", p.value("left_out", 0), " more over the internal state of arguments or the JDK, in the JSON");
      }
      if (!IsBool(p, "replayed", true)) tags += "; not replayed: --no-confirm";
      if (p.value("refuted", 0) > 0) tags += StrCat("; ", p.value("refuted", 0), " refuted by the JVM");
      if (!where.empty()) tags += "; " + where;
      lines.push_back(StrCat("  @throws ", exception, " if ", Text(p, "condition"), " [", tags, "]"));
    } else if (verdict == "FOUND" && !p["examples"].empty()) {
      lines.push_back(StrCat("  ", exception, where.empty() ? "" : StrCat(" (", where, ")"),
                             ": thrown on the JVM for an input where ", p["examples"][0].get<std::string>(),
                             " (an example, not a condition: the search passed calls it assumed)"));
    } else if (verdict == "FOUND" && p.value("left_out", 0) > 0) {
      lines.push_back(StrCat("  ", exception, where.empty() ? "" : StrCat(" (", where, ")"),
                             ": only over the internal state of arguments or the JDK (", p.value("left_out", 0),
                             p.value("left_out", 0) == 1 ? " condition" : " conditions", ", in the JSON)"));
    } else if (verdict == "FOUND") {
      lines.push_back(StrCat("  ", exception, where.empty() ? "" : StrCat(" (", where, ")"),
                             ": a condition was found but the JVM did not confirm it"));
    } else if (verdict == "NOT_FOUND") {
      // Only for a throw statement of its own, or a type its Javadoc names: the
      // JVM's and the callees' are candidates jwp proposed itself.
      if (Text(p, "origin") == "throw") {
        lines.push_back(StrCat("  ", exception, " (", where, "): never thrown (exhaustive search)"));
      } else if (Text(p, "origin") == "documented") {
        lines.push_back(StrCat("  ", exception, ": documented, but never thrown (exhaustive search)"));
      }
    } else {
      lines.push_back(StrCat("  ", exception, where.empty() ? "" : StrCat(" (", where, ")"), ": ", verdict, ": ",
                             Text(p, "reason")));
    }
  }
  if (lines.empty()) return "";
  std::string head = format == ExceptionsFormat::kMarkdown ? StrCat("### `", method, "`\n\n") : StrCat(method, "\n");
  return StrCat(head, absl::StrJoin(lines, "\n"), format == ExceptionsFormat::kMarkdown ? "\n\n" : "\n");
}

}  // namespace jwp::app
