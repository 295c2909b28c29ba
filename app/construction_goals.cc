#include "app/construction_goals.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <system_error>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "app/json_fields.h"
#include "app/goal_processes.h"
#include "app/method_goals.h"
#include "app/process.h"
#include "app/wp_command.h"
#include "callgraph/method_cache.h"
#include "classfile/class_file.h"
#include "classfile/descriptor.h"
#include "classfile/jdk.h"
#include "ir/ir.h"

namespace jwp::app {
namespace {

using absl::StrCat;
using json = nlohmann::ordered_json;
namespace fs = std::filesystem;

// "(I[JLjava/lang/String;)V" -> {"I", "[J", "Ljava/lang/String;"}; the return descriptor into *ret.
std::vector<std::string> ParameterDescriptors(std::string_view d, std::string* ret) {
  std::vector<std::string> out;
  size_t i = d.find('(') + 1;
  while (i < d.size() && d[i] != ')') {
    size_t j = i;
    while (d[j] == '[') ++j;
    j = d[j] == 'L' ? d.find(';', j) + 1 : j + 1;
    out.emplace_back(d.substr(i, j - i));
    i = j;
  }
  if (ret != nullptr) *ret = std::string(d.substr(i + 1));
  return out;
}

// A type as Java source names it ("java.util.Map.Entry[]"); "" when it cannot be parsed.
std::string SourceType(std::string_view descriptor) {
  auto t = classfile::ParseFieldDescriptor(descriptor);
  if (!t.ok()) return "";
  std::string s = classfile::JavaTypeName(*t);
  std::replace(s.begin(), s.end(), '$', '.');
  return s;
}

// One method of the subject's class a driver may call.
struct Callable {
  std::string name, descriptor;
  std::vector<std::string> parameters;  // names
  std::set<std::string> writes;         // fields ("name:desc") it or the subject's methods it calls store
};

// The fields (name:desc) that method `name descriptor` of `owner` stores, and those the methods it
// calls on classes in `family` store, `depth` calls deep.
void Writes(callgraph::MethodCache& cache, const std::set<std::string>& family, std::string_view owner,
            std::string_view name, std::string_view descriptor, int depth, std::set<std::string>* out) {
  auto ir = cache.Get(callgraph::MethodId(std::string(owner), std::string(name), std::string(descriptor)));
  if (!ir.ok()) return;
  for (const ir::Instruction& in : (*ir)->insns) {
    if (in.op == ir::Op::kPutField && family.contains(std::string(in.owner))) {
      out->insert(std::string(in.name) + ":" + std::string(in.descriptor));
    } else if (in.op == ir::Op::kInvoke && depth > 0 && family.contains(std::string(in.owner)) &&
               in.invoke != ir::InvokeKind::kStatic) {
      Writes(cache, family, in.owner, in.name, in.descriptor, depth - 1, out);
    }
  }
}

// A candidate driver for one result.
struct Candidate {
  size_t result = 0;
  std::string java_class;  // "pkg.JwpDriver_3_1"
  std::string source;
  std::string entry;  // "pkg.JwpDriver_3_1.drive(desc)"
  json sequence;
  std::vector<std::string> parameters;
  bool compiled = true;
};

// Builds the candidates' driver classes for one result: every pairing of a constructor with up to two
// methods that write the fields the witness sets, those that write the most of them first.
class CandidateBuilder {
 public:
  CandidateBuilder(const classfile::ClassHierarchy& h, callgraph::MethodCache& cache) : h_(h), cache_(cache) {}

  // Why none can be built, or "" with the candidates appended to `out`.
  std::string Build(const json& result, size_t index, int max, std::vector<Candidate>* out) {
    const json& w = result.value("witness", json::object());
    const json& entry = w.value("entry", json::object());
    if (entry.value("static", true)) return "the entry is static: no receiver to build";
    if (!w.value("statics", json::object()).empty()) return "the witness sets static fields";
    if (!w.value("properties", json::object()).empty()) return "the witness sets system properties";
    const std::string receiver = Text(w, "receiver");
    const json& heap = w.value("heap", json::object());
    if (!heap.contains(receiver)) return "the witness has no receiver object";
    const json& object = heap[receiver];
    std::string subject = Text(object, "class");
    if (subject.empty() || subject[0] == '[' || subject.starts_with("java/")) return "the receiver is a JDK object";
    const classfile::ClassId id = h_.Find(subject);
    if (!h_.Valid(id)) return StrCat(subject, " is not on the class path");
    auto file = h_.Load(id);
    if (!file.ok() || (*file)->IsAbstract() || ((*file)->access_flags & classfile::access::kInterface)) {
      return StrCat(subject, " cannot be instantiated");
    }
    std::set<std::string> wanted;
    const json fields = object.value("fields", json::object());
    for (const auto& [key, value] : fields.items()) {
      const size_t dot = key.rfind('.');
      wanted.insert(key.substr(dot + 1));
    }
    // The subject's class and its superclasses outside the JDK: their methods and fields.
    std::set<std::string> family;
    std::vector<const classfile::ClassFile*> classes;
    for (std::string c = subject; !c.empty() && !c.starts_with("java/");) {
      const classfile::ClassId cid = h_.Find(c);
      if (!h_.Valid(cid)) break;
      auto cf = h_.Load(cid);
      if (!cf.ok()) break;
      family.insert(c);
      classes.push_back(*cf);
      c = std::string((*cf)->super_class);
    }
    std::vector<Callable> constructors, mutators;
    std::set<std::string> seen;
    for (const classfile::ClassFile* cf : classes) {
      for (const classfile::MethodInfo& m : cf->methods) {
        const uint16_t f = m.access_flags;
        if ((f & (classfile::access::kPrivate | classfile::access::kSynthetic | classfile::access::kBridge |
                  classfile::access::kAbstract)) ||
            !m.code) {
          continue;
        }
        const bool ctor = m.name == "<init>";
        if (ctor && cf != classes.front()) continue;
        if (!ctor && ((f & classfile::access::kStatic) || m.name == "<clinit>")) continue;
        if (!seen.insert(std::string(m.name) + std::string(m.descriptor)).second) continue;  // overridden in a subclass
        Callable c{std::string(m.name), std::string(m.descriptor), {}, {}};
        Writes(cache_, family, cf->this_class, m.name, m.descriptor, 2, &c.writes);
        std::erase_if(c.writes, [&](const std::string& field) { return !wanted.contains(field); });
        if (!ctor && c.writes.empty()) continue;
        c.parameters = ParameterNames(cache_, std::string(cf->this_class), c.name, c.descriptor);
        (ctor ? constructors : mutators).push_back(std::move(c));
      }
    }
    if (constructors.empty()) return StrCat(classfile::JavaName(subject), " has no constructor a driver can call");
    auto by_writes = [](const Callable& a, const Callable& b) { return a.writes.size() > b.writes.size(); };
    std::stable_sort(constructors.begin(), constructors.end(), by_writes);
    std::stable_sort(mutators.begin(), mutators.end(), by_writes);
    if (constructors.size() > 3) constructors.resize(3);
    if (mutators.size() > 4) mutators.resize(4);
    // The sequences: a constructor, then none, one or two of the methods.
    struct Plan {
      const Callable* constructor;
      std::vector<const Callable*> calls;
      size_t covered;
    };
    std::vector<Plan> plans;
    for (const Callable& k : constructors) {
      std::vector<std::vector<const Callable*>> sequences = {{}};
      for (const Callable& a : mutators) sequences.push_back({&a});
      for (const Callable& a : mutators) {
        for (const Callable& b : mutators) sequences.push_back({&a, &b});
      }
      for (auto& calls : sequences) {
        std::set<std::string> covered = k.writes;
        for (const Callable* c : calls) covered.insert(c->writes.begin(), c->writes.end());
        plans.push_back({&k, std::move(calls), covered.size()});
      }
    }
    std::stable_sort(plans.begin(), plans.end(), [](const Plan& a, const Plan& b) {
      return a.covered != b.covered ? a.covered > b.covered : a.calls.size() < b.calls.size();
    });
    Callable called{Text(entry, "method"), Text(entry, "descriptor"), {}, {}};
    called.parameters = ParameterNames(cache_, Text(entry, "class"), called.name, called.descriptor);
    for (size_t k = 0; k < plans.size() && static_cast<int>(k) < max; ++k) {
      out->push_back(Driver(subject, index, k, *plans[k].constructor, plans[k].calls, called));
    }
    return "";
  }

 private:
  // The driver class of one sequence.
  Candidate Driver(const std::string& subject, size_t index, size_t k, const Callable& constructor,
                   const std::vector<const Callable*>& calls, const Callable& entry) {
    Candidate c;
    c.result = index;
    const std::string pkg = subject.rfind('/') == std::string::npos ? "" : subject.substr(0, subject.rfind('/'));
    const std::string simple = StrCat("JwpDriver_", index + 1, "_", k + 1);
    c.java_class = pkg.empty() ? simple : StrCat(classfile::JavaName(pkg), ".", simple);
    std::set<std::string> used = {"thrown", "result", "where"};
    std::string local = classfile::JavaName(subject.substr(subject.rfind('/') + 1));
    local = local.substr(local.rfind('$') + 1);
    if (!local.empty()) local[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(local[0])));
    if (local.empty() || !std::isalpha(static_cast<unsigned char>(local[0]))) local = "subject";
    used.insert(local);
    std::vector<std::string> declared;  // "int limit"
    std::string descriptor = "(";
    // The parameters of one call, named after the callee's own, as driver parameters.
    auto take = [&](const Callable& callee) {
      std::vector<std::string> names;
      json args = json::array();
      std::vector<std::string> types = ParameterDescriptors(callee.descriptor, nullptr);
      for (size_t i = 0; i < types.size(); ++i) {
        std::string base = i < callee.parameters.size() ? callee.parameters[i] : StrCat("arg", i);
        std::string name = base;
        for (int n = 2; used.contains(name); ++n) name = StrCat(base, n);
        used.insert(name);
        args.push_back(c.parameters.size());
        c.parameters.push_back(name);
        declared.push_back(StrCat(SourceType(types[i]), " ", name));
        descriptor += types[i];
        names.push_back(name);
      }
      return std::make_pair(absl::StrJoin(names, ", "), args);
    };
    const std::string type = SourceType(StrCat("L", subject, ";"));
    std::vector<std::string> body;
    auto [ctor_args, ctor_indices] = take(constructor);
    body.push_back(StrCat(type, " ", local, " = new ", type, "(", ctor_args, ");"));
    c.sequence["subject"] = subject;
    c.sequence["constructor"] = {{"descriptor", constructor.descriptor}, {"args", ctor_indices}};
    c.sequence["calls"] = json::array();
    for (const Callable* m : calls) {
      auto [args, indices] = take(*m);
      body.push_back(StrCat(local, ".", m->name, "(", args, ");"));
      c.sequence["calls"].push_back({{"name", m->name}, {"descriptor", m->descriptor}, {"args", indices}});
    }
    auto [entry_args, entry_indices] = take(entry);
    c.sequence["entry"] = {{"name", entry.name}, {"descriptor", entry.descriptor}, {"args", entry_indices}};
    std::string ret;
    ParameterDescriptors(entry.descriptor, &ret);
    descriptor += ")" + ret;
    const std::string call = StrCat(local, ".", entry.name, "(", entry_args, ")");
    body.push_back(ret == "V" ? call + ";" : StrCat("return ", call, ";"));
    c.entry = StrCat(c.java_class, ".drive", descriptor);
    std::ostringstream s;
    if (!pkg.empty()) s << "package " << classfile::JavaName(pkg) << ";\n\n";
    s << "// A universal driver written by jwp testgen: builds the receiver through its class's API, then\n"
         "// makes the call whose goal is searched (app/construction_goals.h).\n"
         "@SuppressWarnings({\"unchecked\", \"rawtypes\", \"deprecation\"})\n"
      << "public final class " << simple << " {\n"
      << "  public static " << (ret == "V" ? "void" : SourceType(ret)) << " drive(" << absl::StrJoin(declared, ", ")
      << ") throws Throwable {\n";
    for (const std::string& line : body) s << "    " << line << "\n";
    s << "  }\n}\n";
    c.source = s.str();
    return c;
  }

  const classfile::ClassHierarchy& h_;
  callgraph::MethodCache& cache_;
};

// Compiles the candidates' drivers into `dir`; a candidate whose class does not compile is marked so
// (javac is run again without it). False when javac cannot run at all.
bool CompileDrivers(const std::string& javac, const std::string& class_path, const fs::path& dir,
                    std::vector<Candidate>* candidates, std::ostream& log) {
  std::map<std::string, Candidate*> by_file;
  for (Candidate& c : *candidates) {
    fs::path file = dir / "src" / (c.java_class.substr(c.java_class.rfind('.') + 1) + ".java");
    fs::create_directories(file.parent_path());
    std::ofstream(file) << c.source;
    by_file[file.string()] = &c;
  }
  static const std::regex kError("^(/[^:]+\\.java):[0-9]+: error: .*$");
  for (int round = 0; round < 3; ++round) {
    std::vector<std::string> argv = {javac, "-g", "-nowarn", "-proc:none", "-encoding", "UTF-8", "-d",
                                     (dir / "classes").string(), "-cp", class_path};
    for (const auto& [file, c] : by_file) {
      if (c->compiled) argv.push_back(file);
    }
    if (argv.size() == 10) return true;
    ProcessResult p = RunProcessInScratchDirectory(argv);
    if (!p.error.empty()) {
      log << "construction: javac did not run: " << p.error << "\n";
      return false;
    }
    if (p.status == 0) return true;
    std::istringstream lines(p.err);
    bool dropped = false;
    for (std::string line; std::getline(lines, line);) {
      std::smatch m;
      if (std::regex_match(line, m, kError) && by_file.contains(m[1]) && by_file[m[1]]->compiled) {
        by_file[m[1]]->compiled = false;
        dropped = true;
      }
    }
    if (!dropped) {
      log << "construction: the drivers do not compile: " << p.err.substr(0, 500) << "\n";
      return false;
    }
  }
  return false;
}

}  // namespace

std::vector<std::optional<FoundConstruction>> SearchConstructions(const classfile::ClassHierarchy& h,
                                                                  const std::vector<json>& results,
                                                                  const std::string& drivers_dir,
                                                                  const ConstructionOptions& o, std::ostream& log) {
  std::vector<std::optional<FoundConstruction>> found(results.size());
  callgraph::MethodCache cache(h);
  CandidateBuilder builder(h, cache);
  std::vector<Candidate> candidates;
  for (size_t i = 0; i < results.size(); ++i) {
    const std::string why = builder.Build(results[i], i, o.max_candidates, &candidates);
    if (!why.empty()) log << "construction of " << Text(results[i], "goal") << ": not tried: " << why << "\n";
  }
  if (candidates.empty()) return found;
  auto jdk = classfile::FindJdk(o.jdk);
  if (!jdk.ok()) {
    log << "construction: " << jdk.status().message() << "\n";
    return found;
  }
  const fs::path dir = fs::absolute(drivers_dir);
  const std::string class_path = AbsoluteClassPath(o.class_path);
  if (!CompileDrivers(jdk->home + "/bin/javac", class_path, dir, &candidates, log)) return found;
  std::vector<int> compiled(results.size(), -1);  // per result with drivers: how many compiled
  for (const Candidate& c : candidates) compiled[c.result] = std::max(compiled[c.result], 0) + (c.compiled ? 1 : 0);
  for (size_t r = 0; r < results.size(); ++r) {
    if (compiled[r] == 0) {
      log << "construction of " << Text(results[r], "goal")
          << ": no driver compiles (the constructors or methods are not accessible from the package, or take "
             "types a driver cannot name)\n";
    }
  }
  std::erase_if(candidates, [](const Candidate& c) { return !c.compiled; });
  if (candidates.empty()) return found;

  const std::string driver_class_path = StrCat((dir / "classes").string(), ":", class_path);
  AnalysedClassPath analysed;
  std::ostringstream warnings;
  if (absl::Status opened = OpenAnalysedClassPath(driver_class_path, o.jdk, o.models, warnings, &analysed);
      !opened.ok()) {
    log << "construction: " << opened.message() << "\n";
    return found;
  }
  // One list of candidates per result, searched in a child process; the first confirmed one ends it.
  std::vector<std::vector<const Candidate*>> lists(results.size());
  for (const Candidate& c : candidates) lists[c.result].push_back(&c);
  std::vector<size_t> sizes;
  for (const auto& l : lists) sizes.push_back(l.size());
  MethodGoalOptions search;
  search.class_path = driver_class_path;
  search.jdk = o.jdk;
  search.timeout_s = o.timeout_s;
  GoalProcessOptions pool;
  pool.jobs = o.jobs;
  pool.memory_mb = o.memory_mb;
  std::string no_runner;  // then each confirmation says why
  pool.serving_runner = WitnessRunnerCommand(search.class_path, search.jdk, &no_runner);
  pool.silence_limit_s = o.timeout_s * 1.5 + 30 + 120;
  GoalProcesses processes(pool);
  std::string error;
  const bool ran = SearchListsInChildren(
      processes, sizes,
      [&](size_t r, size_t k, const std::vector<json>& earlier) {
        for (const json& e : earlier) {
          if (e.value("kept", false)) return json{{"skipped", true}};
        }
        std::optional<bool> confirmed;
        json j = SearchGoal(*analysed.hierarchy, Text(results[r], "goal"), Text(results[r], "kind"), lists[r][k]->entry,
                            search, &confirmed);
        j["kept"] = Text(j, "verdict") == "FOUND" && confirmed == true;
        return j;
      },
      [](size_t, size_t, const std::string& why) { return json{{"verdict", "UNKNOWN"}, {"reason", why}}; },
      [&](size_t r, std::vector<json> outcomes) {
        for (size_t k = 0; k < outcomes.size(); ++k) {
          if (!outcomes[k].value("kept", false)) continue;
          outcomes[k].erase("kept");
          found[r] = FoundConstruction{std::move(outcomes[k]), lists[r][k]->sequence, lists[r][k]->parameters};
          return;
        }
        if (!outcomes.empty()) {
          log << "construction of " << Text(results[r], "goal") << ": " << outcomes.size()
              << (outcomes.size() == 1 ? " driver" : " drivers") << " searched, none confirmed\n";
        }
      },
      &error);
  if (!ran) log << "construction: " << error << "\n";
  return found;
}

}  // namespace jwp::app
