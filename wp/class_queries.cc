// Class.isAssignableFrom, a native, as the subtype test it is (issue #28):
// Transformer::through_is_assignable_from.
#include <string>

#include "classfile/strings.h"
#include "wp/transformer.h"

namespace jwp::wp {

using logic::Term;

namespace {

// Whether `v` is certainly a reference class's Class object: a class
// literal (ldc names a class, an interface or an array type, never a
// primitive type; JVMS 4.4.1) or what getClass() returns (the class of an
// object). A Class object of any other origin (a parameter, a field,
// Integer.TYPE) may be a primitive class's, which the solver's type domain
// does not hold.
bool IsReferenceClass(const ir::MethodIR& ir, ir::ValueId v) {
  if (v < 0 || ir.values[v].def == ir::kNone) return false;
  const ir::Instruction& def = ir.def(v);
  if (def.op == ir::Op::kConst) return def.const_kind == ir::ConstKind::kClass;
  return def.op == ir::Op::kInvoke && def.name == "getClass" && def.descriptor == "()Ljava/lang/Class;" &&
         def.operands.size() == 1;
}

}  // namespace

bool IsAssignableFromCall(const ir::Instruction& call) {
  return call.op == ir::Op::kInvoke && call.owner == "java/lang/Class" && call.name == "isAssignableFrom" &&
         call.descriptor == "(Ljava/lang/Class;)Z" && call.operands.size() == 2;
}

// wp(r = c.isAssignableFrom(d), φ) = c != null ∧ d != null ∧
//   φ[ite(subType(classType(d), classType(c)), 1, 0)/r]
// (JDK 17: NullPointerException for a null d, through_is_assignable_from_
// throwing). Exact when both are reference classes; otherwise
// lossy: a primitive class is assignable from itself only, and
// subType(t, java/lang/Object) holds of every type of the domain (rule 10).
Step Transformer::through_is_assignable_from(const ir::Instruction& call, const logic::Minterm& post) {
  const Term receiver = operand(call, 0);
  const Term argument = operand(call, 1);
  std::vector<Term> conds;
  conds.push_back(tm_.mk_ne(receiver, tm_.mk_null()));
  conds.push_back(tm_.mk_ne(argument, tm_.mk_null()));
  Step st;
  if (call.result == ir::kNone) {
    st = conjoined(tm_, post.term().is_null() ? tm_.mk_true() : post.term(), std::move(conds));
  } else {
    const Term to = tm_.mk_class_type(receiver);
    const Term from = tm_.mk_class_type(argument);
    const Term assignable = tm_.mk_sub_type(from, to);
    const Term no = tm_.mk_int(0);
    const Term yes = tm_.mk_int(1);
    st = assign(call, post, tm_.mk_ite(assignable, yes, no), std::move(conds));
  }
  if (st.lossy.empty() && (!IsReferenceClass(ir_, call.operands[0]) || !IsReferenceClass(ir_, call.operands[1]))) {
    st.lossy = Cat("Class.isAssignableFrom at ", SourceLocation(ir_, call),
                   " is explored for reference classes only (a primitive class, such as int.class, is not)");
  }
  return st;
}

// Along an exceptional edge of the call: NullPointerException, thrown for a
// null argument (the receiver's is the invoke's own edge), when `e` routes
// it; nothing else.
Step Transformer::through_is_assignable_from_throwing(const ir::Instruction& call, const ir::Edge& e,
                                                      const logic::Minterm& post) {
  const Term phi = post.term().is_null() ? tm_.mk_true() : post.term();
  const Term receiver = operand(call, 0);
  const Term argument = operand(call, 1);
  std::vector<Term> conds;
  conds.push_back(tm_.mk_ne(receiver, tm_.mk_null()));
  conds.push_back(tm_.mk_eq(argument, tm_.mk_null()));
  const Term x = fresh_exception("java/lang/NullPointerException");
  return thrown_along(e, x, phi, std::move(conds));
}

}  // namespace jwp::wp
