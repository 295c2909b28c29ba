// The call sites that may call a method, by CHA: used to propagate a goal
// from the entry of a non-public method upwards to its callers until a public
// entry method is reached (paper §3.2, unbalanced propagation). Which classes
// can hold such a call follows from access control (JVMS 5.4.4, nestmates).
#ifndef JWP_CALLGRAPH_CALLERS_H_
#define JWP_CALLGRAPH_CALLERS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "callgraph/call_targets.h"
#include "callgraph/method_cache.h"
#include "callgraph/method_ref.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {

// One call site in the IR of `caller` (MethodCache::Get(caller) gives it).
struct CallSiteRef {
  MethodId caller;
  ir::InsnId insn = ir::kNone;
  uint32_t bci = 0;
  int32_t line = -1;

  bool operator==(const CallSiteRef&) const = default;
};

struct FindCallersOptions {
  // Also scan the JDK's archives (ClassPath archives after
  // user_archive_count()) for public and protected callees.
  bool include_jdk = false;
};

// Scans, for a callee that is
//   - private: its class and the class's nest (NestHost / NestMembers,
//     JVMS 4.7.28-29; release-8 code reaches private methods through
//     synthetic accessors in the class itself);
//   - package-private: the classes of its run-time package;
//   - protected or public: every class of the application class path (and of
//     the JDK with include_jdk);
// every method with code whose IR has an invoke naming the callee's name and
// descriptor and whose resolved/selected targets (as ChaTargets would give,
// uncapped) include the callee. Classes whose constant pool has no such
// Methodref or InterfaceMethodref are skipped without building IR. Methods
// whose IR cannot be built are reported to the hierarchy's Diagnostics and
// skipped. Sorted by caller, then bytecode offset.
std::vector<CallSiteRef> FindCallers(const classfile::ClassHierarchy& h, MethodCache& cache,
                                     const MethodId& callee, const FindCallersOptions& options = {});

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_CALLERS_H_
