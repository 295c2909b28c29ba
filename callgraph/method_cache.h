// A lazily filled cache of method IR keyed by MethodId, over one class
// hierarchy: the class is loaded through the hierarchy's class path, the
// method found by name and descriptor in that class (no inheritance) and its
// IR built once by ir::BuildMethodIR (paper §3.1). Failures are cached too.
// Lambda classes (set_lambdas) are found as if they were on the class path,
// and so are the methods made for String.format of a literal format
// (format_classes.h), which the IR it builds calls instead.
#ifndef JWP_CALLGRAPH_METHOD_CACHE_H_
#define JWP_CALLGRAPH_METHOD_CACHE_H_

#include <cstddef>
#include <memory>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "callgraph/lambda_classes.h"
#include "callgraph/method_ref.h"
#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {

// Ownership: refers to the hierarchy, which must outlive it; the IR it hands
// out is shared and may outlive the cache. Not thread-safe: one cache per
// thread (or external locking); results are deterministic either way.
// The IR the analysis sees of `method` (of class file `cf`): the bytecode's,
// with the calls of String.format of a literal format pointed at the methods
// made for them (format_classes.h). Every analysis that walks code builds
// through this (the cache below, a goal's method, class initializers).
absl::StatusOr<std::shared_ptr<const ir::MethodIR>> BuildAnalysisIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy);

class MethodCache {
 public:
  explicit MethodCache(const classfile::ClassHierarchy& hierarchy) : h_(hierarchy) {}
  MethodCache(const MethodCache&) = delete;
  MethodCache& operator=(const MethodCache&) = delete;

  // The IR of `m`, or of its method model (callgraph/method_models.h) when
  // the class path has one. NotFound when the class is not on the class path or does
  // not declare the method; FailedPrecondition when the method has no code
  // (abstract, native); the builder's error for malformed bytecode. Every
  // message names the method ("callgraph/Natives.own()I: ...").
  [[nodiscard]] absl::StatusOr<std::shared_ptr<const ir::MethodIR>> Get(const MethodId& m);

  // The declaration of `m` in its owner (not inherited), with the class file
  // that holds it; NotFound as for Get. The pointer lives as long as the
  // hierarchy.
  struct Declaration {
    std::shared_ptr<const classfile::ClassFile> class_file;
    const classfile::MethodInfo* method = nullptr;
  };
  [[nodiscard]] absl::StatusOr<Declaration> Find(const MethodId& m) const;

  // Declared ACC_NATIVE (and without a method model) / ACC_ABSTRACT; false
  // when the method is not found.
  bool IsNative(const MethodId& m) const;
  bool IsAbstract(const MethodId& m) const;

  const classfile::ClassHierarchy& hierarchy() const { return h_; }

  // Classes made for lambdas (lambda_classes.h) are found as if on the
  // class path. `lambdas` must outlive the cache.
  void set_lambdas(const LambdaClasses* lambdas) { lambdas_ = lambdas; }

  struct Stats {
    size_t built = 0;     // IR built successfully
    size_t failed = 0;    // Get answered an error (first time)
    size_t hits = 0;      // answered from the cache
  };
  const Stats& stats() const { return stats_; }

 private:
  const classfile::ClassHierarchy& h_;
  const LambdaClasses* lambdas_ = nullptr;
  // The classes made for formats, by method name.
  mutable absl::flat_hash_map<std::string, absl::StatusOr<std::shared_ptr<const classfile::ClassFile>>> formats_;
  absl::flat_hash_map<MethodId, absl::StatusOr<std::shared_ptr<const ir::MethodIR>>> cache_;
  Stats stats_;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_METHOD_CACHE_H_
