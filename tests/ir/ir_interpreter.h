// A small interpreter over the IR, for tests only: the semantic check of
// ir/builder.cc that the verifier cannot make (STYLE.md, tests/: "IR
// interpreter vs JVM"). It runs methods on fixed inputs by following the
// IR's edges. When a potentially-excepting instruction throws, the exception
// leaves by the first of the block's exceptional edges whose `thrown` fits
// how it was raised (the exact class for an implicit exception,
// java/lang/Throwable for one from a callee, a supertype for athrow) and whose
// `caught_as` and `not_caught_by` admit its run-time class; the exception
// table is never consulted. So a wrong edge, phi or value shows up as a
// result that differs from the JVM's (tests/ir/ir_interpreter_test.cc).
//
// Modelled: int, long, float and double arithmetic with Java semantics
// (JVMS 6.5); a heap of objects (class and fields) and arrays; static fields,
// with <clinit> run on first active use (JVMS 5.5); invokestatic, special,
// virtual and interface through member resolution and selection (JVMS
// 5.4.3.3, 5.4.3.4, 5.4.6); lambdas (kLambda); and a few JDK methods, natively:
// Object.<init>, the constructors, getMessage, getCause, addSuppressed and
// getSuppressed of JDK throwables, Enum.<init>/ordinal/name, String.length/
// charAt/equals/hashCode, Math.abs/min/max, Objects.requireNonNull,
// Object.getClass and clone of arrays. Not modelled: threads (monitorenter and
// monitorexit only check for null), linkage errors, string concatenation,
// reflection; meeting one fails the run (Outcome::Kind::kFailed) with a
// message. Every value is also checked against its static type in the IR.
//
// Ownership: an IrInterpreter refers to a ClassPath and a ClassHierarchy that
// must outlive it. It owns its heap, its static fields and the IRs it built or
// was given. Not thread-safe.
#ifndef JWP_TESTS_IR_IR_INTERPRETER_H_
#define JWP_TESTS_IR_IR_INTERPRETER_H_

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "ir/ir.h"

namespace jwp::testing {

// A run-time value. Int-like values (boolean, byte, char, short, int) are
// kInt; a reference is a heap index, 0 for null. kVoid: not (yet) defined.
struct RtValue {
  ir::TypeKind kind = ir::TypeKind::kVoid;
  int32_t i = 0;
  int64_t j = 0;
  float f = 0;
  double d = 0;
  int32_t ref = 0;

  static RtValue Int(int32_t v) { RtValue r; r.kind = ir::TypeKind::kInt; r.i = v; return r; }
  static RtValue Long(int64_t v) { RtValue r; r.kind = ir::TypeKind::kLong; r.j = v; return r; }
  static RtValue Float(float v) { RtValue r; r.kind = ir::TypeKind::kFloat; r.f = v; return r; }
  static RtValue Double(double v) { RtValue r; r.kind = ir::TypeKind::kDouble; r.d = v; return r; }
  static RtValue Ref(int32_t v) { RtValue r; r.kind = ir::TypeKind::kRef; r.ref = v; return r; }
};

// How a call ended.
struct Outcome {
  enum class Kind { kReturned, kThrew, kFailed };
  Kind kind = Kind::kFailed;
  RtValue value;          // kReturned: the result (kVoid for void); kThrew: the exception
  std::string exception;  // kThrew: internal name of the exception's class
  std::string error;      // kFailed: what the interpreter could not do, and where
};

class IrInterpreter {
 public:
  struct Options {
    int64_t max_steps = 20'000'000;  // instructions per top-level call
    int max_depth = 200;             // nested calls
  };

  IrInterpreter(const classfile::ClassPath& class_path, const classfile::ClassHierarchy& hierarchy,
                Options options);
  IrInterpreter(const classfile::ClassPath& class_path, const classfile::ClassHierarchy& hierarchy)
      : IrInterpreter(class_path, hierarchy, Options()) {}
  IrInterpreter(const IrInterpreter&) = delete;
  IrInterpreter& operator=(const IrInterpreter&) = delete;
  ~IrInterpreter();

  // Runs a static method of a class on the class path's user entries.
  Outcome CallStatic(std::string_view class_name, std::string_view method_name,
                     std::string_view descriptor, std::vector<RtValue> args);

  // The form Driver.java prints: 42, true, c:65, f:0x3f800000, d:0x..., "text",
  // null, void, or "throws java.lang.ArithmeticException".
  std::string Format(const Outcome& outcome, std::string_view return_descriptor) const;

  // The IR the interpreter runs for a method: built on first use (and kept),
  // or the one given to ReplaceMethodIR.
  absl::StatusOr<std::shared_ptr<const ir::MethodIR>> MethodIRFor(std::string_view class_name,
                                                                   std::string_view method_name,
                                                                   std::string_view descriptor);
  // Runs `ir` instead of the built IR of the same method (ir->QualifiedName()).
  // For tests that mutate a copy of an IR.
  void ReplaceMethodIR(std::shared_ptr<const ir::MethodIR> ir);
  // Every IR built so far, in the order built (replacements not included).
  const std::vector<std::shared_ptr<const ir::MethodIR>>& built() const { return built_; }

  // Whether `internal_name` is defined by one of the class path's user
  // entries (so its methods are interpreted rather than modelled).
  bool IsUserClass(std::string_view internal_name) const;

 private:
  struct HeapObject;
  struct Frame;
  enum class Origin : uint8_t { kImplicit, kCallee, kThrow };

  Outcome Execute(const std::shared_ptr<const ir::MethodIR>& ir, std::vector<RtValue> args, int depth);
  Outcome Invoke(ir::InvokeKind kind, std::string_view owner, std::string_view name,
                 std::string_view descriptor, bool interface_owner, std::vector<RtValue> args,
                 int depth);
  Outcome InvokeLambda(const HeapObject& lambda, std::vector<RtValue> args, int depth);
  Outcome Native(std::string_view cls, std::string_view name, std::string_view descriptor,
                 std::vector<RtValue> args);
  // Runs <clinit> of a user class (superclasses first) unless already started.
  std::string EnsureInitialized(std::string_view internal_name, int depth);
  std::string FieldKey(std::string_view owner, std::string_view name, std::string_view descriptor,
                       std::string* error);

  int32_t NewObject(std::string type);
  int32_t NewArray(std::string descriptor, int32_t length);
  int32_t NewMultiArray(std::string_view descriptor, const std::vector<int32_t>& counts, size_t level);
  int32_t NewThrowable(std::string_view internal_name);
  int32_t InternString(std::string_view text);
  int32_t NewString(std::string text);
  bool IsA(std::string_view type, std::string_view super_type) const;
  std::string ToString(int32_t ref) const;

  const classfile::ClassPath& class_path_;
  const classfile::ClassHierarchy& hierarchy_;
  Options options_;
  int64_t steps_ = 0;

  std::vector<std::unique_ptr<HeapObject>> heap_;  // heap_[0] stands for null
  std::map<std::string, int32_t, std::less<>> interned_;
  std::map<std::string, RtValue, std::less<>> statics_;
  std::set<std::string, std::less<>> initialized_;
  std::map<std::string, std::string, std::less<>> field_keys_;
  std::map<std::string, std::shared_ptr<const ir::MethodIR>, std::less<>> irs_;
  std::vector<std::shared_ptr<const ir::MethodIR>> built_;
};

}  // namespace jwp::testing

#endif  // JWP_TESTS_IR_IR_INTERPRETER_H_
