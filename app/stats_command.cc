#include "app/stats_command.h"

#include <chrono>
#include <ostream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absint/field_facts.h"
#include "app/class_path_setup.h"
#include "classfile/bytecode.h"
#include "classfile/class_hierarchy.h"
#include "ir/builder.h"
#include "ir/verifier.h"
#include "classfile/class_path.h"
#include "classfile/class_reader.h"

namespace jwp::app {

using classfile::Archive;
using classfile::ClassPath;

namespace {

// The kind of reason a field has no facts (absint::FieldFact::why_not).
std::string WhyNotKind(const std::string& why) {
  static constexpr std::pair<const char*, const char*> kKinds[] = {
      {"neither private nor final", "writable outside its class"},
      {"volatile", "volatile"},
      {"nestmate", "a nestmate cannot be read"},
      {"cannot be read", "code cannot be read"},
      {"deserialization", "deserialization sets it"},
      {"native", "natives may write it"},
      {"string constant", "named by a string constant"},
      {"stores a value", "a stored value is not a constant or a new object"},
      {"floating-point", "floating-point"},
      {"JVM itself", "the JVM writes it"},
      {"CDS archive", "set from the CDS archive"},
      {"a framework may set it", "annotated for a framework"},
  };
  for (const auto& [needle, kind] : kKinds) {
    if (why.find(needle) != std::string::npos) return kind;
  }
  return why;
}

void CountFieldFacts(const classfile::ClassFile& cf, absint::FieldFacts& facts, StatsCounts* counts) {
  for (const classfile::FieldInfo& f : cf.fields) {
    const absint::FieldFact& fact = facts.Of(cf.this_class, f.name, f.descriptor);
    ++counts->fields;
    counts->fields_effectively_final += fact.effectively_final;
    if (!fact.known) {
      ++counts->fields_without_facts[WhyNotKind(fact.why_not)];
      continue;
    }
    ++counts->fields_known;
    counts->fields_one_value += fact.values.size() == 1;
    counts->fields_initialized_narrower += fact.initialized.size() < fact.values.size();
  }
}

}  // namespace

int RunStats(const StatsOptions& options, std::ostream& out, std::ostream& err,
             StatsCounts* counts_out) {
  classfile::Diagnostics diagnostics;
  classfile::ClassPathOptions cp_options;
  cp_options.jdk_home = options.jdk;
  cp_options.prefer_jmods = options.prefer_jmods;
  auto cp = ClassPath::Open(options.class_path, cp_options, &diagnostics);
  if (!cp.ok()) {
    err << "error: " << cp.status().message() << "\n";
    return 2;
  }
  StatsCounts counts;
  int shown = 0;
  auto report = [&](const absl::Status& s) {
    ++counts.errors;
    if (shown++ < options.max_errors_shown) err << "error: " << s.message() << "\n";
  };
  for (const auto& d : diagnostics.Sorted()) {
    ++counts.errors;
    err << "error: " << d.message << "\n";
  }
  std::unique_ptr<classfile::ClassHierarchy> hierarchy;
  if (options.build_ir || options.field_facts) {
    auto h = BuildCachedHierarchy(**cp);
    if (!h.ok()) {
      err << "error: " << h.status().message() << "\n";
      return 2;
    }
    hierarchy = std::move(*h);
  }
  std::unique_ptr<absint::FieldFacts> facts;
  if (options.field_facts) facts = std::make_unique<absint::FieldFacts>(*hierarchy);
  auto start = std::chrono::steady_clock::now();
  // With -cp, the user's archives; without, the JDK's.
  const auto& archives = (*cp)->archives();
  size_t first = 0, last = archives.size();
  if (!options.class_path.empty()) last = (*cp)->user_archive_count();
  else first = (*cp)->user_archive_count();
  for (size_t i = first; i < last; ++i) {
    const Archive& archive = *archives[i];
    ++counts.archives;
    archive.ForEachClass([&](std::string_view name) {
      auto bytes = archive.ReadClass(name);
      if (!bytes.ok()) {
        report(bytes.status());
        return;
      }
      counts.bytes += bytes->size();
      auto cf = classfile::ParseClassFile(std::move(*bytes), archive.EntryName(name));
      if (!cf.ok()) {
        report(cf.status());
        return;
      }
      ++counts.classes;
      if (facts) CountFieldFacts(**cf, *facts, &counts);
      for (const auto& m : (*cf)->methods) {
        ++counts.methods;
        if (!m.code) continue;
        ++counts.methods_with_code;
        auto code = classfile::DecodeCode(**cf, m);
        if (!code.ok()) {
          report(code.status());
          continue;
        }
        counts.instructions += code->instructions.size();
        if (!options.build_ir) continue;
        auto ir = ir::BuildMethodIR(*cf, m, *hierarchy);
        if (!ir.ok()) {
          if (ir.status().code() == absl::StatusCode::kUnimplemented) ++counts.ir_unsupported;
          ++counts.ir_failures;
          report(ir.status());
          continue;
        }
        ++counts.ir_methods;
        for (const ir::Instruction& in : (*ir)->insns) counts.monitor_exits += in.op == ir::Op::kMonitorExit;
        counts.structured_monitor_exits += (*ir)->structured_monitor_exits.size();
        auto failures = ir::VerifyMethodIR(**ir, hierarchy.get());
        if (!failures.empty()) {
          ++counts.ir_violations;
          report(absl::InternalError(absl::StrCat("IR verifier: ", failures[0], failures.size() > 1 ? absl::StrCat(" (+", failures.size() - 1, " more)") : "")));
        }
      }
    });
  }
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (shown > options.max_errors_shown) {
    err << "(" << (shown - options.max_errors_shown) << " more errors not shown)\n";
  }
  if ((*cp)->jdk()) {
    const auto& jdk = *(*cp)->jdk();
    out << "jdk: " << jdk.home << " (" << jdk.version << ")\n";
  }
  out << absl::StrFormat("archives: %d\nclasses: %d\nmethods: %d\nmethods with code: %d\n"
                         "instructions: %d\nbytes: %d\nerrors: %d\ntime: %.3f s\n",
                         counts.archives, counts.classes, counts.methods, counts.methods_with_code,
                         counts.instructions, counts.bytes, counts.errors, secs);
  if (options.build_ir) {
    out << absl::StrFormat("ir methods: %d\nir construction failures: %d (unsupported: %d)\n"
                           "ir verifier violations: %d\n"
                           "monitorexits: %d (structured, cannot throw: %d)\n",
                           counts.ir_methods, counts.ir_failures, counts.ir_unsupported,
                           counts.ir_violations, counts.monitor_exits, counts.structured_monitor_exits);
  }
  if (facts) {
    counts.field_facts_s = facts->stats().ms / 1000;
    out << absl::StrFormat("fields: %d\nfields with facts: %d (one value: %d; default gone once initialized: %d)\n"
                           "effectively final: %d\nfield facts time: %.3f s\n",
                           counts.fields, counts.fields_known, counts.fields_one_value,
                           counts.fields_initialized_narrower, counts.fields_effectively_final, counts.field_facts_s);
    for (const auto& [why, n] : counts.fields_without_facts) out << absl::StrFormat("  no facts, %s: %d\n", why, n);
  }
  if (counts_out) *counts_out = counts;
  return counts.errors == 0 ? 0 : 1;
}

}  // namespace jwp::app
