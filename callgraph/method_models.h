// Method models (the Java of models/java/): stand-ins, for the analysis only, for single methods of a
// JDK class whose own code cannot be analysed usefully (a native, or a
// compare-and-set through jdk.internal.misc.Unsafe), where shadowing the
// whole class (as models/java/java/lang/String.java does) would be too much.
//
// The model of method m of class p/C is the static method m of class
// p/C_JwpModel (models/java/p/C_JwpModel.java, compiled into the model jar as
// a patch of C's module, so it may use C's package-private members). Its
// parameters are m's, preceded by the receiver when m is an instance method;
// its return type is m's. The analysis runs the model's code wherever a call
// targets m; the witness runner runs the real m.
#ifndef JWP_CALLGRAPH_METHOD_MODELS_H_
#define JWP_CALLGRAPH_METHOD_MODELS_H_

#include <optional>
#include <string>
#include <string_view>

#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"
#include "classfile/model_classes.h"

namespace jwp::callgraph {

// The name test (IsMethodModelClass) is classfile/model_classes.h's.
using classfile::IsMethodModelClass;
using classfile::kMethodModelSuffix;

struct MethodModel {
  std::string owner;       // p/C_JwpModel
  std::string descriptor;  // m's, with the receiver first for an instance method
};

// The model of method `m` declared by class `owner` (internal name), when
// the class path holds one.
std::optional<MethodModel> FindMethodModel(const classfile::ClassHierarchy& h, std::string_view owner,
                                           const classfile::MethodInfo& m);

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_METHOD_MODELS_H_
