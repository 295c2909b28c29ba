// Target selection for a call site by class-hierarchy analysis (CHA): the
// methods an invoke instruction may run, from method resolution (JVMS
// 5.4.3.3, 5.4.3.4) and method selection (JVMS 5.4.6) over every
// instantiable receiver class the hierarchy allows (paper §4: the targets
// directed construction chooses from, and its NoFeedback-CHA configuration).
#ifndef JWP_CALLGRAPH_CALL_TARGETS_H_
#define JWP_CALLGRAPH_CALL_TARGETS_H_

#include <cstddef>
#include <limits>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "callgraph/method_ref.h"
#include "classfile/class_hierarchy.h"
#include "classfile/member_resolution.h"
#include "ir/ir.h"

namespace jwp::callgraph {

struct CallTargetOptions {
  // Distinct targets kept; when one more is found the result is `truncated`.
  size_t max_targets = 1024;
  // Receiver classes examined (virtual and interface calls); beyond this the
  // result is `truncated`. Each examined class has its members loaded.
  size_t max_receivers = std::numeric_limits<size_t>::max();
  // Fill CallTargets::dispatch for ChaTargets (TargetsForTypes always does).
  bool record_dispatch = false;
};

// Why a receiver (or the call as a whole) has no target: the linkage error
// the JVM would throw there.
struct CallProblem {
  std::string receiver;  // the receiver class, "" for the call as a whole
  classfile::LinkageError error = classfile::LinkageError::kNone;
  std::string detail;
};

// One receiver class and the method it selects.
struct ReceiverDispatch {
  std::string receiver;
  MethodId target;
};

// Owned by the caller; plain values.
struct CallTargets {
  // Distinct, sorted by MethodId. Never abstract (selection rules them out);
  // may be native.
  std::vector<MethodId> targets;
  // The cap was reached: other targets may exist.
  bool truncated = false;
  // A missing class was passed over during resolution or selection: it
  // might have declared another target.
  bool incomplete = false;
  // An opaque invokedynamic: its targets are not known.
  bool opaque = false;
  // The resolved method is signature polymorphic (JVMS 2.9.3: MethodHandle
  // and VarHandle's invoke family); its one target is the native
  // declaration, which stands for whatever the handle calls.
  bool signature_polymorphic = false;
  // Linkage errors, in the order met; at most kMaxProblems, then one entry
  // counting the rest.
  std::vector<CallProblem> problems;
  // TargetsForTypes: one entry per receiver type that selects a method, in
  // the order given. ChaTargets with record_dispatch: every examined
  // receiver class in ascending ClassId order (virtual/interface calls only).
  std::vector<ReceiverDispatch> dispatch;

  static constexpr size_t kMaxProblems = 32;
};

// The targets of `invoke` (an ir::Op::kInvoke; anything else yields a
// problem and no targets):
//   - invokestatic: the resolved method (a Methodref, or an
//     InterfaceMethodref when Instruction::interface_owner is set).
//   - invokespecial: the resolved method. Approximation: the JVMS 6.5 rule
//     that re-selects a super call from the direct superclass of the
//     *current* class (ACC_SUPER) is replaced by resolution from the
//     referenced class, which is the same method for code javac emits
//     (super.m() names the direct superclass); an abstract resolved method
//     is reported as AbstractMethodError.
//   - invokevirtual / invokeinterface: resolution, then for every
//     instantiable subtype of the referenced class (for an interface, every
//     instantiable implementor), the method SelectMethod picks. Private and
//     final resolved methods, and references to array types, have the
//     resolved method as their only target.
//   - invokedynamic (opaque): no targets, `opaque` set.
CallTargets ChaTargets(const classfile::ClassHierarchy& h, const ir::Instruction& invoke,
                       const CallTargetOptions& options = {});

// ChaTargets of one hierarchy and options, memoized by what it reads of a
// call (owner, name, descriptor, invocation kind, interface owner): a call
// with thousands of receivers (Object.hashCode) costs one walk of them.
// Returned references live as long as the memo. Not thread-safe.
class ChaTargetsMemo {
 public:
  ChaTargetsMemo(const classfile::ClassHierarchy& h, CallTargetOptions options) : h_(h), options_(options) {}
  const CallTargets& Of(const ir::Instruction& invoke);
  const CallTargetOptions& options() const { return options_; }

 private:
  const classfile::ClassHierarchy& h_;
  const CallTargetOptions options_;
  std::map<std::string, CallTargets, std::less<>> memo_;
};

// The dispatch of `invoke` for each of the given receiver types (internal
// names, or array descriptors), e.g. the dynamic types a minterm allows.
// Static and special calls ignore the types and give the resolved method.
// A type that is unknown, an interface, or not a subtype of the referenced
// class gives a problem instead of a target.
CallTargets TargetsForTypes(const classfile::ClassHierarchy& h, const ir::Instruction& invoke,
                            std::span<const std::string> receiver_types);

// The method a MethodResult names.
MethodId ToMethodId(const classfile::ClassHierarchy& h, const classfile::MethodResult& r);

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_CALL_TARGETS_H_
