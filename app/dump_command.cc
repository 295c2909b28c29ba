#include "app/dump_command.h"

#include <algorithm>
#include <ostream>

#include "classfile/class_path.h"
#include "classfile/class_printer.h"

namespace jwp::app {

int RunDump(const DumpOptions& options, std::ostream& out, std::ostream& err) {
  classfile::Diagnostics diagnostics;
  classfile::ClassPathOptions cp_options;
  cp_options.jdk_home = options.jdk;
  auto cp = classfile::ClassPath::Open(options.class_path, cp_options, &diagnostics);
  if (!cp.ok()) {
    err << "error: " << cp.status().message() << "\n";
    return 2;
  }
  for (const auto& d : diagnostics.Sorted()) err << "warning: " << d.message << "\n";
  std::string name = options.class_name;
  std::replace(name.begin(), name.end(), '.', '/');
  auto cf = (*cp)->Load(name);
  if (!cf.ok()) {
    err << "error: " << cf.status().message() << "\n";
    return 1;
  }
  absl::Status s = classfile::PrintClass(**cf, out);
  if (!s.ok()) {
    err << "error: " << s.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace jwp::app
