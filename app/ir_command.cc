#include "app/ir_command.h"

#include <ostream>

#include "classfile/class_hierarchy.h"
#include "app/class_path_setup.h"
#include "classfile/class_path.h"
#include "ir/builder.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace jwp::app {

bool ParseMethodSpec(std::string_view spec, std::string* class_name, std::string* method_name,
                     std::string* descriptor) {
  size_t paren = spec.find('(');
  std::string_view head = spec.substr(0, paren);
  *descriptor = paren == std::string_view::npos ? "" : std::string(spec.substr(paren));
  size_t dot = head.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == head.size()) return false;
  *method_name = std::string(head.substr(dot + 1));
  *class_name = std::string(head.substr(0, dot));
  for (char& c : *class_name) {
    if (c == '.') c = '/';
  }
  return true;
}

int RunIr(const IrOptions& options, std::ostream& out, std::ostream& err) {
  std::string cls, name, desc;
  if (!ParseMethodSpec(options.method, &cls, &name, &desc)) {
    err << "error: '" << options.method << "' does not name a method (expected pkg.Class.method(desc))\n";
    return 2;
  }
  OpenedClassPath opened;
  if (!OpenClassPath(options.class_path, options.jdk, err, &opened)) return 2;
  const classfile::ClassPath* cp = opened.class_path.get();
  auto cf = cp->Load(cls);
  if (!cf.ok()) {
    err << "error: " << cf.status().message() << "\n";
    return 1;
  }
  std::vector<const classfile::MethodInfo*> matches;
  for (const auto& m : (*cf)->methods) {
    if (m.name == name && (desc.empty() || m.descriptor == desc)) matches.push_back(&m);
  }
  if (matches.empty()) {
    err << "error: class " << cls << " has no method " << name << desc << "\n";
    return 1;
  }
  if (matches.size() > 1) {
    err << "error: " << name << " is ambiguous in " << cls << "; name one of:\n";
    for (const auto* m : matches) err << "  " << options.method << m->descriptor << "\n";
    return 1;
  }
  if (!matches[0]->code) {
    err << "error: " << cls << "." << name << matches[0]->descriptor << " has no code (abstract or native)\n";
    return 1;
  }
  auto hierarchy = BuildCachedHierarchy(*cp);
  if (!hierarchy.ok()) {
    err << "error: " << hierarchy.status().message() << "\n";
    return 2;
  }
  auto ir = ir::BuildMethodIR(*cf, *matches[0], **hierarchy);
  if (!ir.ok()) {
    err << "error: " << ir.status().message() << "\n";
    return 1;
  }
  ir::PrintMethodIR(**ir, out);
  if (options.verify) {
    auto failures = ir::VerifyMethodIR(**ir, hierarchy->get());
    for (const auto& f : failures) err << "verifier: " << f << "\n";
    if (!failures.empty()) return 1;
  }
  return 0;
}

}  // namespace jwp::app
