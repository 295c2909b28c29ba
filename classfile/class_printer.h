// Prints a class file as `javap -c -p -l` of JDK 17 does, byte for byte: the
// class declaration, fields and methods with their (generic) signatures, each
// method's instructions with offsets and resolved constant-pool operands,
// exception tables, line numbers and local variables. `jwp dump` is this
// printer; tests/javap/javap_diff.py compares it with javap over java.base
// and jars, tests/golden/classfile holds its golden files. Departures from
// javap (attributes the parse tree does not keep) are listed in class_printer.cc.
#ifndef JWP_CLASSFILE_CLASS_PRINTER_H_
#define JWP_CLASSFILE_CLASS_PRINTER_H_

#include <iosfwd>

#include "absl/status/status.h"
#include "classfile/class_file.h"

namespace jwp::classfile {

// Writes UTF-8 to `out`. Fails only when a method's code does not decode;
// what was printed so far stays printed and the class is closed with "}".
absl::Status PrintClass(const ClassFile& cf, std::ostream& out);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_CLASS_PRINTER_H_
