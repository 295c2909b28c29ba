// The names of the analysis-only classes of jwp's model jar (models/java/):
// a method model class p/C_JwpModel stands in for single methods of p/C
// (callgraph/method_models.h) and exists only during analysis, never on a
// JVM. A naming convention every layer that sees class names needs (the
// type facts leave such classes out of every domain), so it lives here.
#ifndef JWP_CLASSFILE_MODEL_CLASSES_H_
#define JWP_CLASSFILE_MODEL_CLASSES_H_

#include <string_view>

namespace jwp::classfile {

inline constexpr std::string_view kMethodModelSuffix = "_JwpModel";

// True for a method model class (p/C_JwpModel): it exists only in the model
// jar, never at run time, so no witness object may have it (or an array of
// it) as its class.
inline bool IsMethodModelClass(std::string_view internal_name) {
  return internal_name.ends_with(kMethodModelSuffix);
}

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_MODEL_CLASSES_H_
