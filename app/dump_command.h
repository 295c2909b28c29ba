// `jwp dump`: print classes as `javap -c -p -l` does.
#ifndef JWP_APP_DUMP_COMMAND_H_
#define JWP_APP_DUMP_COMMAND_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace jwp::app {

struct DumpOptions {
  std::string class_path;
  std::string jdk;
  std::vector<std::string> class_names;  // a.b.C or a/b/C
};

// Prints each class in turn, as javap does when given several. A class that
// is missing or malformed is reported on `err` and the others are still
// printed (nothing of a class is printed unless all of it can be).
// Exit code: 0 all printed, 1 some class missing or malformed, 2 set-up error.
int RunDump(const DumpOptions& options, std::ostream& out, std::ostream& err);

}  // namespace jwp::app

#endif  // JWP_APP_DUMP_COMMAND_H_
