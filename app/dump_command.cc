#include "app/dump_command.h"

#include <algorithm>
#include <ostream>
#include <sstream>

#include "app/class_path_setup.h"
#include "classfile/class_path.h"
#include "classfile/class_printer.h"

namespace jwp::app {

int RunDump(const DumpOptions& options, std::ostream& out, std::ostream& err) {
  OpenedClassPath opened;
  if (!OpenClassPath(options.class_path, options.jdk, err, &opened)) return 2;
  const classfile::ClassPath* cp = opened.class_path.get();
  int status = 0;
  for (std::string name : options.class_names) {
    std::replace(name.begin(), name.end(), '.', '/');
    auto cf = cp->Load(name);
    if (!cf.ok()) {
      err << "error: " << cf.status().message() << "\n";
      status = 1;
      continue;
    }
    std::ostringstream listing;
    absl::Status s = classfile::PrintClass(**cf, listing);
    if (!s.ok()) {
      err << "error: " << s.message() << "\n";
      status = 1;
      continue;
    }
    out << listing.str();
  }
  return status;
}

}  // namespace jwp::app
