#include "app/method_goals.h"

#include <filesystem>
#include <map>
#include <system_error>

#include "absl/strings/str_cat.h"
#include "app/wp_command.h"
#include "classfile/class_file.h"
#include "classfile/descriptor.h"
#include "ir/ir.h"
#include "wp/goal.h"

namespace jwp::app {

using absl::StrCat;
using nlohmann::ordered_json;

std::vector<std::string> ParameterNames(callgraph::MethodCache& cache, const std::string& owner,
                                        const std::string& name, const std::string& descriptor) {
  auto ir = cache.Get(callgraph::MethodId(owner, name, descriptor));
  if (!ir.ok()) return {};
  std::map<uint32_t, std::string> by_index;
  for (const ir::Value& v : (*ir)->values) {
    if (v.def == ir::kNone || (*ir)->insns[v.def].op != ir::Op::kParam) continue;
    const uint32_t index = (*ir)->insns[v.def].index;
    if (!(*ir)->is_static && index == 0) continue;
    by_index[index] = v.name.empty() ? StrCat("arg", index - ((*ir)->is_static ? 0 : 1)) : std::string(v.name);
  }
  std::vector<std::string> names;
  for (const auto& [index, name] : by_index) names.push_back(name);
  return names;
}

std::string ScopeMethod::java() const { return StrCat(classfile::JavaName(owner), ".", name, descriptor); }

const classfile::Archive* FirstUserArchive(const classfile::ClassPath& cp, const std::string& class_path) {
  const std::string first = class_path.substr(0, class_path.find(':'));
  for (size_t i = 0; i < cp.user_archive_count(); ++i) {
    std::error_code ec;
    if (std::filesystem::equivalent(cp.archives()[i]->path(), first, ec)) return cp.archives()[i].get();
  }
  return nullptr;
}

namespace {

// Whether scope entry `s` (a class, a package prefix ending in '.', a
// method "pkg.C.m" or one overload "pkg.C.m(desc)") names method `method`
// with descriptor `descriptor` of class `cls` (Java names).
bool Names(const std::string& s, const std::string& cls, const std::string& method, std::string_view descriptor) {
  return s == cls || s == StrCat(cls, ".", method) || s == StrCat(cls, ".", method, std::string(descriptor)) ||
         (s.ends_with('.') && cls.starts_with(s));
}

}  // namespace

std::vector<ScopeMethod> MethodsInScope(const classfile::ClassPath& cp, const classfile::Archive& archive,
                                        const std::vector<std::string>& scope, std::set<std::string>* matched) {
  std::vector<ScopeMethod> out;
  archive.ForEachClass([&](std::string_view name) {
    auto cf = cp.Load(name);
    if (!cf.ok()) return;
    const classfile::ClassFile& c = **cf;
    if (!(c.access_flags & classfile::access::kPublic) || (c.access_flags & classfile::access::kSynthetic)) return;
    const std::string cls = classfile::JavaName(name);
    for (const classfile::MethodInfo& m : c.methods) {
      const uint16_t f = m.access_flags;
      if (!(f & (classfile::access::kPublic | classfile::access::kProtected)) || !m.code) continue;
      if (f & (classfile::access::kSynthetic | classfile::access::kBridge)) continue;
      if (m.name == "<clinit>") continue;
      const std::string method(m.name);
      bool in_scope = scope.empty();
      for (const std::string& s : scope) {
        if (Names(s, cls, method, m.descriptor)) {
          matched->insert(s);
          in_scope = true;
        }
      }
      if (!in_scope) continue;
      out.push_back({std::string(name), std::string(m.name), std::string(m.descriptor)});
    }
  });
  return out;
}

std::vector<ScopeMethod> SelectMethods(const classfile::ClassPath& cp, const std::string& class_path,
                                       const std::vector<std::string>& scope, std::ostream& err, int* status) {
  *status = 0;
  const classfile::Archive* archive = FirstUserArchive(cp, class_path);
  if (archive == nullptr) {
    err << "error: the first class path entry " << class_path.substr(0, class_path.find(':')) << " could not be opened\n";
    *status = 2;
    return {};
  }
  std::set<std::string> matched;
  std::vector<ScopeMethod> methods = MethodsInScope(cp, *archive, scope, &matched);
  for (const std::string& s : scope) {
    if (!matched.contains(s)) {
      err << "error: " << s << " names no public or protected method of a public class in " << archive->path() << "\n";
      *status = 1;
    }
  }
  return methods;
}

ordered_json SearchMethodGoal(const classfile::ClassHierarchy& h, const ScopeMethod& m, const std::string& where,
                              const std::string& kind, const MethodGoalOptions& o, std::optional<bool>* confirmed) {
  return SearchGoal(h, StrCat(m.java(), "@", where), kind, m.java(), o, confirmed);
}

namespace {

// One of a FOUND's further preconditions (EngineOptions::max_preconditions),
// its witness confirmed on the JVM as the first one's is.
ordered_json AlternativeJson(const wp::Result& alt, const wp::GoalSpec& spec, const MethodGoalOptions& o) {
  ordered_json j;
  j["precondition"] = alt.precondition;
  j["smtlib"] = alt.smtlib;
  j["line"] = alt.goal_line;
  j["path"] = alt.path;
  j["witness"] = alt.witness ? ordered_json::parse(WitnessJson(alt, spec)) : ordered_json(nullptr);
  j["assumptions"] = alt.assumptions;
  j["internal_state"] = alt.internal_state;
  j["optimistic"] = alt.confirmed_on_jvm.has_value();
  std::optional<bool> confirmed;
  if (o.confirm && alt.witness) {
    RunnerOutcome run = EngineConfirmation(alt).value_or(RunnerOutcome{});
    if (!alt.confirmed_on_jvm) run = ConfirmResult(alt, spec, o.class_path, o.jdk);
    if (run.error.empty()) confirmed = run.confirmed;
    else j["runner_error"] = run.error;
  }
  j["confirmed"] = confirmed ? ordered_json(*confirmed) : ordered_json(nullptr);
  return j;
}

}  // namespace

ordered_json SearchGoal(const classfile::ClassHierarchy& h, const std::string& goal_text, const std::string& kind,
                        const std::string& entry, const MethodGoalOptions& o, std::optional<bool>* confirmed) {
  ordered_json j;
  auto spec = wp::ParseGoal(goal_text, kind);
  if (!spec.ok()) {
    j["verdict"] = "ERROR";
    j["reason"] = spec.status().message();
    return j;
  }
  auto goal = wp::ResolveGoal(h, *spec);
  if (!goal.ok()) {
    j["verdict"] = "NO_GOAL";
    j["reason"] = goal.status().message();
    return j;
  }
  wp::EngineOptions engine = o.engine;
  engine.entry = entry;
  engine.timeout_ms = o.timeout_s * 1000;
  if (o.confirm) RunCandidatesOnJvm(goal->spec, o.class_path, o.jdk, o.exact, &engine);
  const wp::Result r = wp::RunGoal(h, *goal, engine);
  if (o.confirm && r.verdict == wp::Verdict::kFound && r.witness) {
    RunnerOutcome run = EngineConfirmation(r).value_or(RunnerOutcome{});
    if (!r.confirmed_on_jvm) run = ConfirmResult(r, goal->spec, o.class_path, o.jdk);
    if (run.error.empty()) *confirmed = run.confirmed;
    else j["runner_error"] = run.error;
  }
  const ordered_json result = WpResultJson(r, goal->spec, *confirmed);
  for (const auto& [key, value] : result.items()) {
    if (key == "summaries" || key == "callgraph" || (key == "smtlib" && engine.max_preconditions <= 1)) continue;
    j[key] = value;
  }
  if (r.verdict == wp::Verdict::kFound && engine.max_preconditions > 1) {
    j["exhaustive"] = r.exhaustive;
    j["merged_precondition"] = r.merged_precondition;
    j["merged_candidates"] = r.merged_candidates;
    ordered_json alternatives = ordered_json::array();
    for (const wp::Result& alt : r.alternatives) alternatives.push_back(AlternativeJson(alt, goal->spec, o));
    j["alternatives"] = alternatives;
  }
  return j;
}

}  // namespace jwp::app
