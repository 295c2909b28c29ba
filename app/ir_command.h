// `jwp ir -cp PATH 'pkg.Class.method(desc)'`: print a method's SSA IR.
// The descriptor may be left out when the name is unique in the class.
#ifndef JWP_APP_IR_COMMAND_H_
#define JWP_APP_IR_COMMAND_H_

#include <iosfwd>
#include <string>

namespace jwp::app {

struct IrOptions {
  std::string class_path;
  std::string jdk;
  std::string method;  // pkg.Class.name(desc) or pkg.Class.name
  bool verify = true;  // run the IR verifier and report violations
};

// Exit code: 0 printed (and verified), 1 the method is missing, ambiguous or
// its IR could not be built or failed verification, 2 set-up error.
int RunIr(const IrOptions& options, std::ostream& out, std::ostream& err);

// Splits "pkg.Class.name(desc)" into internal class name, method name and
// descriptor ("" when absent). False when there is no class part.
bool ParseMethodSpec(std::string_view spec, std::string* class_name, std::string* method_name,
                     std::string* descriptor);

}  // namespace jwp::app

#endif  // JWP_APP_IR_COMMAND_H_
