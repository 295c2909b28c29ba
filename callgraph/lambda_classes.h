// The classes LambdaMetafactory spins for lambdas and method references
// (invokedynamic, JVMS 6.5; java.lang.invoke.LambdaMetafactory), made up
// here as real class files so that the rest of the analysis treats a
// lambda like any other class: one class per invokedynamic site, final,
// implementing the functional interface; a field per captured value
// (cap$0, cap$1, ...); and the interface method, under its erased
// descriptor, whose code loads the captured values and the arguments,
// adapts them as the metafactory does (checkcast to the instantiated
// types, boxing, unboxing, primitive widening), calls the implementation
// method (or, for a constructor reference, makes the object) and adapts
// the result.
//
// Not made (`unsupported` says why): altMetafactory sites with marker
// interfaces or bridge methods, and adaptations the metafactory would
// refuse.
//
// The registry collects the classes of the invokedynamic sites in the IR
// it is shown; analyses that list the targets of an interface call add the
// registered classes that implement it (a class-hierarchy analysis of the
// class path cannot see them).
#ifndef JWP_CALLGRAPH_LAMBDA_CLASSES_H_
#define JWP_CALLGRAPH_LAMBDA_CLASSES_H_

#include <cstddef>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "callgraph/method_ref.h"
#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {

struct LambdaClass {
  std::string name;            // "pkg/Owner$$Lambda$method$bci"
  std::string interface_name;  // the functional interface
  std::string method_name;     // its method ("accept")
  std::string erased;          // the method's erased descriptor: the class's method
  std::string instantiated;    // the descriptor the metafactory casts to
  bool serializable = false;   // also implements java/io/Serializable
  MethodId impl;               // the implementation method
  classfile::RefKind impl_kind = classfile::RefKind::kInvokeStatic;
  bool impl_interface = false;  // impl's owner is an interface
  std::vector<std::string> captured;  // descriptors, one field each
  std::string where;           // "pkg.Owner.method(desc) at line N"
  std::string unsupported;     // non-empty: no class file
  std::shared_ptr<const classfile::ClassFile> class_file;

  // The field holding the i-th captured value.
  static std::string CapturedField(size_t i);
  // The class's method ("pkg/Owner$$Lambda$m$5.accept(Ljava/lang/Object;)V").
  MethodId Method() const { return MethodId(name, method_name, erased); }
};

// The name of the class made for kLambda instruction `in` of `ir`.
std::string LambdaClassName(const ir::MethodIR& ir, const ir::Instruction& in);

// The descriptors of the values kLambda instruction `in` of `ir` captures
// (its invokedynamic's parameters, one field each); empty when there are
// none or the invokedynamic cannot be read.
std::vector<std::string> LambdaCapturedDescriptors(const ir::MethodIR& ir, const ir::Instruction& in);

// The class for kLambda instruction `in` of `ir` (read from the bootstrap
// arguments of its invokedynamic). Always a value: what cannot be made is
// said in `unsupported`.
LambdaClass MakeLambdaClass(const ir::MethodIR& ir, const ir::Instruction& in);

class LambdaClasses {
 public:
  LambdaClasses() = default;
  LambdaClasses(const LambdaClasses&) = delete;
  LambdaClasses& operator=(const LambdaClasses&) = delete;

  // Registers the classes of the kLambda instructions of `ir` (each site
  // once); the number of classes that were new.
  size_t AddFrom(const ir::MethodIR& ir);
  const LambdaClass* Find(std::string_view name) const;
  size_t size() const { return classes_.size(); }
  // In registration order.
  const LambdaClass& at(size_t i) const { return classes_[i]; }

  // The classes (indices, ascending) that an interface call of
  // owner.name(descriptor) dispatches to their own method: their interface
  // is owner or a subtype of it, with the same method. Made classes only.
  std::vector<size_t> Implementing(const classfile::ClassHierarchy& h, std::string_view owner,
                                   std::string_view name, std::string_view descriptor) const;

 private:
  std::deque<LambdaClass> classes_;
  absl::flat_hash_map<std::string, size_t> index_;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_LAMBDA_CLASSES_H_
