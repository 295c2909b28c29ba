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
// (wp/transformer.h, Transformer::through_var_handle).
#ifndef JWP_ABSINT_VAR_HANDLES_H_
#define JWP_ABSINT_VAR_HANDLES_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "classfile/class_hierarchy.h"

namespace jwp::absint {

struct VarHandleBinding {
  enum Kind : uint8_t { kInstanceField, kStaticField, kArrayElement };
  Kind kind = kInstanceField;
  // kInstanceField, kStaticField: the field, as findVarHandle resolves it
  // (declared by `owner`). kArrayElement: `descriptor` is the array type
  // ("[Ljava/lang/Object;"); owner and name are empty.
  std::string owner, name, descriptor;
};

// The bindings of one class path, computed per field on first use and
// kept. Thread-safe. Refers to the hierarchy, which must outlive it.
class VarHandles {
 public:
  explicit VarHandles(const classfile::ClassHierarchy& h) : h_(h) {}
  VarHandles(const VarHandles&) = delete;
  VarHandles& operator=(const VarHandles&) = delete;

  // The binding of the static final VarHandle field `owner.name` (declared
  // by owner), or nullopt: not such a field, or its initializer does more
  // than one constant lookup.
  std::optional<VarHandleBinding> Of(std::string_view owner, std::string_view name) ABSL_LOCKS_EXCLUDED(mu_);

 private:
  std::optional<VarHandleBinding> Compute(std::string_view owner, std::string_view name) const;

  const classfile::ClassHierarchy& h_;
  absl::Mutex mu_;
  std::map<std::string, std::optional<VarHandleBinding>, std::less<>> memo_ ABSL_GUARDED_BY(mu_);
};

}  // namespace jwp::absint

#endif  // JWP_ABSINT_VAR_HANDLES_H_
