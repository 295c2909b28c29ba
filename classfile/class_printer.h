// Prints a class file as `javap -c -p -l` does: the class declaration,
// fields and methods with their signatures, each method's instructions with
// offsets and resolved constant-pool operands, exception tables, line numbers
// and local variables. `jwp dump` is this printer; tests compare it with javap.
#ifndef JWP_CLASSFILE_CLASS_PRINTER_H_
#define JWP_CLASSFILE_CLASS_PRINTER_H_

#include <iosfwd>

#include "absl/status/status.h"
#include "classfile/class_file.h"

namespace jwp::classfile {

// Fails only when a method's code does not decode; what was printed so far
// stays printed.
absl::Status PrintClass(const ClassFile& cf, std::ostream& out);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_PRINTER_H_
