// What a VarHandle held in a static final field accesses (issue #28): JDK 17
// reaches most of its concurrent fields through handles its class
// initializer looks up once,
//
//   static final VarHandle HEAD =
//       MethodHandles.lookup().findVarHandle(ConcurrentLinkedQueue.class, "head", Node.class);
//
// and calls `HEAD.compareAndSet(this, h, p)` (a signature-polymorphic call,
// which no bytecode implements). When `<clinit>` stores the field exactly
// once, from findVarHandle / findStaticVarHandle with constant arguments or
// from MethodHandles.arrayElementVarHandle of a class literal, the handle
// is that binding for every read after the class is initialized (a static
// final is written by its own `<clinit>` only; JVMS 6.5 putstatic). The
// search then treats the call as the field or element access it is
// (wp/transformer.h, Transformer::through_var_handle), and a method's
// mod-set (mod_set.h) lists the variable such a call may write instead of
// "may call a native".
//
// Field offsets for Unsafe likewise: a static final long that `<clinit>`
// sets once to `U.objectFieldOffset(C.class, "f")` (AtomicInteger's VALUE)
// or `U.objectFieldOffset(C.class.getDeclaredField("f"))` (guava's
// AbstractFuture helpers, through sun.misc.Unsafe) binds field C.f, so that
// `U.compareAndSetInt(this, VALUE, e, v)` is that field's compare-and-set.
#ifndef JWP_CALLGRAPH_VAR_HANDLES_H_
#define JWP_CALLGRAPH_VAR_HANDLES_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {

struct VarHandleBinding {
  enum Kind : uint8_t { kInstanceField, kStaticField, kArrayElement };
  Kind kind = kInstanceField;
  // kInstanceField, kStaticField: the field, as findVarHandle resolves it
  // (declared by `owner`). kArrayElement: `descriptor` is the array type
  // ("[Ljava/lang/Object;"); owner and name are empty.
  std::string owner, name, descriptor;
};

// What an access of a bound variable does, whatever its memory order: the
// one table of VarHandle's access modes and Unsafe's access methods that
// the mod-sets (mod_set.h) and the search (wp/var_handle_access.cc) read.
enum class AccessMode : uint8_t {
  kGet, kSet, kCompareAndSet, kWeakCompareAndSet, kCompareAndExchange, kGetAndSet, kGetAndAdd
};
// Whether `name` is one of VarHandle's access modes (get, set, compareAndSet,
// getAndAdd, getAndBitwiseOr, ... and their memory-order variants: the
// signature-polymorphic methods), and whether that mode may write the
// variable (all but the get family).
bool IsVarHandleAccessMode(std::string_view name);
bool VarHandleModeWrites(std::string_view name);
// The access VarHandle's mode `name` makes; nullopt for the modes not
// modelled (the bitwise ones) and for other methods.
std::optional<AccessMode> VarHandleAccessModeOf(std::string_view name);
// An access method of Unsafe (jdk.internal.misc: getInt,
// putReferenceRelease, compareAndSetLong, weakCompareAndSetIntPlain,
// compareAndExchangeReference, getAndAddInt, getAndSetLong, ...; sun.misc:
// getObject, putOrderedObject, compareAndSwapInt, ...): its mode and the
// variable type its name says ('I', 'J', 'Z', ..., 'L' for a reference).
struct UnsafeAccess {
  AccessMode mode;
  char type;
};
// nullopt for Unsafe's other methods (copyMemory, allocateInstance, ...)
// and the accesses not modelled (getAndBitwiseOr*, the float and double ones).
std::optional<UnsafeAccess> UnsafeAccessOf(std::string_view name);

// The bindings of one class path, computed per field on first use and
// kept. Thread-safe. Refers to the hierarchy, which must outlive it.

class VarHandles {
 public:
  explicit VarHandles(const classfile::ClassHierarchy& h) : h_(h) {}
  VarHandles(const VarHandles&) = delete;
  VarHandles& operator=(const VarHandles&) = delete;

  // The binding of the static final VarHandle (or long offset) field
  // `owner.name` (declared by owner), or nullopt: not such a field, or its
  // initializer does more than one constant lookup.
  std::optional<VarHandleBinding> Of(std::string_view owner, std::string_view name) ABSL_LOCKS_EXCLUDED(mu_);
  // The binding of the handle that `call` (an instruction of `m`) calls an
  // access mode of, when the handle is a static final field read in `m`
  // (getstatic) that Of binds; nullopt otherwise.
  std::optional<VarHandleBinding> OfCall(const ir::MethodIR& m, const ir::Instruction& call) ABSL_LOCKS_EXCLUDED(mu_);
  // The field whose bound offset (a static final long read in `m`) `call`
  // passes as the `long offset` operand of an access method of Unsafe
  // (UnsafeAccessOf); nullopt otherwise.
  std::optional<VarHandleBinding> OfUnsafeCall(const ir::MethodIR& m, const ir::Instruction& call)
      ABSL_LOCKS_EXCLUDED(mu_);

 private:
  std::optional<VarHandleBinding> Compute(std::string_view owner, std::string_view name) const;

  const classfile::ClassHierarchy& h_;
  absl::Mutex mu_;
  std::map<std::string, std::optional<VarHandleBinding>, std::less<>> memo_ ABSL_GUARDED_BY(mu_);
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_VAR_HANDLES_H_
