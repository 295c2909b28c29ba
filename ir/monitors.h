// Structured locking (JVMS §2.11.10): the monitorexits of a method that
// release a monitor the same method entered, on every path.
//
// javac brackets a `synchronized` block with a monitorenter on the lock
// value, a monitorexit on the normal way out, and a catch-any handler that
// exits the monitor again and rethrows (the handler covers its own
// monitorexit). Such a monitorexit cannot throw: its lock was entered, so
// it is not null (no NullPointerException) and the thread owns the
// monitor (no IllegalMonitorStateException). The IR keeps both edges, as
// the bytecode may throw them; this analysis proves when they are dead.
//
// The analysis is a forward data flow over the stack of entered monitors,
// as SSA values: monitorenter v pushes v on its normal edge; monitorexit v
// pops v, which must be on top. Exceptional edges carry the state before
// the instruction (a monitorenter that throws has entered nothing; a
// monitorexit that throws has released nothing). Every block must be
// entered with one stack from all its predecessors, and both exits with
// an empty one. When any of this fails (a monitorexit of a value not on
// top, a join of two stacks, a monitor held at an exit: hand-written
// bytecode, or monitors entered and exited in different methods), no
// monitorexit of the method is proven, and its edges stay as they are.
//
// An SSA value held on the stack is the same reference at the exit as at
// the enter: a value redefined in a loop would reach its definition's
// block with itself held on one path and not on the first, a join the
// analysis refuses.
#ifndef JWP_IR_MONITORS_H_
#define JWP_IR_MONITORS_H_

#include <vector>

#include "ir/ir.h"

namespace jwp::ir {

// The monitorexit instructions of `ir` that release a monitor entered on
// every path to them, in increasing order; empty when the method has no
// monitors or its locking is not structured.
std::vector<InsnId> StructuredMonitorExits(const MethodIR& ir);

// Whether an exception thrown along the exceptional edge `e` leaves the
// method, unchanged: `e` enters the exceptional exit, or the catch-all
// handler javac writes for a synchronized block (catch any; structured
// monitorexits; rethrow of the caught object), whose rethrow leaves the
// method in turn (nested blocks). Any other handler code (a finally block's
// statements) may end otherwise: false.
bool LeavesMethod(const MethodIR& ir, EdgeId e);

// Whether `insn` is the rethrow of such a handler: a throw of the object a
// synchronized block's catch-all caught (the original throw is the one a
// reader wrote; LeavesMethod follows it here).
bool IsSynchronizedRethrow(const MethodIR& ir, InsnId insn);

}  // namespace jwp::ir

#endif  // JWP_IR_MONITORS_H_
