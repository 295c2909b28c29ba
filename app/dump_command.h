// `jwp dump`: print one class as `javap -c -p -l` does.
#ifndef JWP_APP_DUMP_COMMAND_H_
#define JWP_APP_DUMP_COMMAND_H_

#include <iosfwd>
#include <string>

namespace jwp::app {

struct DumpOptions {
  std::string class_path;
  std::string jdk;
  std::string class_name;  // a.b.C or a/b/C
};

// Exit code: 0 printed, 1 the class is missing or malformed, 2 set-up error.
int RunDump(const DumpOptions& options, std::ostream& out, std::ostream& err);

}  // namespace jwp::app

#endif  // JWP_APP_DUMP_COMMAND_H_
