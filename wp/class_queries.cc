// Class objects and arrays of a class, as what they are (issue #28):
// Class.isAssignableFrom as the subtype test it is (Transformer::
// through_is_assignable_from); Class.isArray and getComponentType of the
// type a Class object stands for (through_class_is_array,
// through_component_type); java.lang.reflect.Array.newArray, the native
// behind Array.newInstance(Class, int) (through_new_array_of_class).
//
// A Class object c is a reference class's exactly when c ==
// classOf(classType(c)) (rule 12: classOf is injective and classType its
// inverse; the Class objects of the primitive types and void are objects of
// their own, outside classOf's image, as the type domain holds no primitive
// type). Of a class literal or getClass()'s result it folds to true.
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

bool IsClassQueryCall(const ir::Instruction& call) {
  if (call.op != ir::Op::kInvoke || call.operands.empty()) return false;
  if (call.owner == "java/lang/Class") {
    return (call.name == "isArray" && call.descriptor == "()Z") ||
           (call.name == "getComponentType" && call.descriptor == "()Ljava/lang/Class;");
  }
  return call.owner == "java/lang/reflect/Array" && call.name == "newArray" &&
         call.descriptor == "(Ljava/lang/Class;I)Ljava/lang/Object;" && call.operands.size() == 2;
}

namespace {

// The primitive array types ([I, [J, ...): arrays, not of a reference type.
constexpr std::string_view kPrimitiveArrays[] = {"[Z", "[B", "[C", "[S", "[I", "[J", "[F", "[D"};

}  // namespace

Term Transformer::is_reference_class(Term c) {
  const Term type = tm_.mk_class_type(c);
  const Term of_type = tm_.mk_class_of(type);
  return tm_.mk_eq(c, of_type);
}

Term Transformer::is_primitive_array_type(Term t) {
  std::vector<Term> any;
  for (std::string_view a : kPrimitiveArrays) {
    const Term type = vocab_.type(a);
    any.push_back(tm_.mk_eq(t, type));
  }
  return tm_.mk_or(any);
}

Term Transformer::is_reference_array_type(Term t) {
  return tm_.mk_sub_type(t, vocab_.type("[Ljava/lang/Object;"));
}

Transformer::ArrayClass Transformer::array_class(Term c) {
  ArrayClass out;
  out.reference = is_reference_class(c);
  const Term t = tm_.mk_class_type(c);
  out.of_references = is_reference_array_type(t);
  out.of_primitives = is_primitive_array_type(t);
  const Term either = tm_.mk_or(out.of_references, out.of_primitives);
  out.array = tm_.mk_and(out.reference, either);
  return out;
}

Step Transformer::through_class_query(const ir::Instruction& call, const ir::Edge& e, const logic::Minterm& post) {
  if (call.owner == "java/lang/reflect/Array") return through_new_array_of_class(call, e, post);
  // Class.isArray and getComponentType throw nothing (a null receiver's
  // NullPointerException is the invoke's own): their exceptional edge is
  // no path.
  if (e.kind == ir::EdgeKind::kException) return Step{};
  return call.name == "isArray" ? through_class_is_array(call, post) : through_component_type(call, post);
}

// wp(r = c.isArray(), φ) = φ[ite(isRef(c) ∧ (subType(t, [Object) ∨ t ∈
// primitive arrays), 1, 0)/r], t = classType(c): a primitive class is no
// array.
Step Transformer::through_class_is_array(const ir::Instruction& call, const logic::Minterm& post) {
  if (call.result == ir::kNone) return conjoined(tm_, post.formula(tm_), {});
  const ArrayClass c = array_class(operand(call, 0));
  const Term yes = tm_.mk_int(1);
  const Term no = tm_.mk_int(0);
  return assign(call, post, tm_.mk_ite(c.array, yes, no));
}

// wp(r = c.getComponentType(), φ), t = classType(c), the disjunction of
//   isRef(c) ∧ subType(t, [Object) ∧ φ[classOf(elemType(t))/r]
//   isRef(c) ∧ t ∈ primitive arrays ∧ k != null ∧ φ[k/r]   (k: int.class, ...)
//   ¬(isRef(c) ∧ t is an array) ∧ φ[null/r]
// The Class object of a primitive type is no term of the domain: a skolem
// k, whose value the search says it needs when a precondition would.
Step Transformer::through_component_type(const ir::Instruction& call, const logic::Minterm& post) {
  if (call.result == ir::kNone) return conjoined(tm_, post.formula(tm_), {});
  const Term c = operand(call, 0);
  const ArrayClass kind = array_class(c);
  Step st;
  const Term element = tm_.mk_elem_type(tm_.mk_class_type(c));
  const Term element_class = tm_.mk_class_of(element);
  st.append(assign(call, post, element_class, {kind.reference, kind.of_references}));
  const Term primitive_class = tm_.fresh_skolem(
      logic::SkolemKind::kRet, logic::Sort::Ref(),
      vocab_.call_site(Cat("the Class object of a primitive array's component type (Class.getComponentType at ",
                           at(call), ") is needed")));
  const Term not_null = tm_.mk_ne(primitive_class, tm_.mk_null());
  st.append(assign(call, post, primitive_class, {kind.reference, kind.of_primitives, not_null}));
  const Term not_array = tm_.mk_not(kind.array);
  st.append(assign(call, post, tm_.mk_null(), {not_array}));
  return st;
}

// Array.newArray(c, n) (JDK 17, HotSpot's Reflection::reflect_new_array):
// NullPointerException for a null c, NegativeArraySizeException for n < 0,
// IllegalArgumentException for void.class, else a new array of n default
// elements of c's type. Along the normal edge:
//   isRef(c) ∧ n >= 0 ∧ φ[a/r], a new array: fresh where φ asks only its
//     length (its type is then no matter), else a skolem a with a != null,
//     length(a) == n, subType(typeOf(a), [Object), elemType(typeOf(a)) ==
//     classType(c), which the search says it needs when a precondition
//     would (its elements are defaults, its type [classType(c): no term
//     says so of a skolem);
//   c != null ∧ ¬isRef(c) ∧ n >= 0 ∧ p == c ∧ φ[a/r], p a skolem: a
//     primitive class's array, or void.class's IllegalArgumentException,
//     which the domain cannot tell apart: needed, never a precondition.
// (An array type of 255 dimensions, whose array newArray refuses, is no
// type of a class path the search reads.)
Step Transformer::through_new_array_of_class(const ir::Instruction& call, const ir::Edge& e,
                                             const logic::Minterm& post) {
  const Term phi = post.formula(tm_);
  const Term c = operand(call, 0);
  const Term n = operand(call, 1);
  const Term null = tm_.mk_null();
  const Term zero = tm_.mk_int(0);
  const Term reference = is_reference_class(c);
  const Term non_null = tm_.mk_ne(c, null);
  const Term not_reference = tm_.mk_not(reference);
  const Term primitive = tm_.mk_and(non_null, not_reference);
  const Term primitive_class = tm_.fresh_skolem(
      logic::SkolemKind::kRet, logic::Sort::Ref(),
      vocab_.call_site(Cat("Array.newInstance of a primitive class or void.class at ", at(call),
                           " (which the type domain does not hold) is needed")));
  const Term is_that_class = tm_.mk_eq(primitive_class, c);
  const Term negative = tm_.mk_lt(n, zero);
  const Term non_negative = tm_.mk_not(negative);
  Step st;
  if (e.kind == ir::EdgeKind::kException) {
    const Term is_null = tm_.mk_eq(c, null);
    const Term npe = fresh_exception("java/lang/NullPointerException");
    st.append(thrown_along(e, npe, phi, {is_null}));
    const Term nase = fresh_exception("java/lang/NegativeArraySizeException");
    st.append(thrown_along(e, nase, phi, {non_null, negative}));
    const Term iae = fresh_exception("java/lang/IllegalArgumentException");
    st.append(thrown_along(e, iae, phi, {primitive, non_negative, is_that_class}));
    return st;
  }
  if (call.result == ir::kNone) {
    st.append(conjoined(tm_, phi, {reference, non_negative}));
    st.append(conjoined(tm_, phi, {primitive, non_negative, is_that_class}));
    return st;
  }
  const Term w = var(call.result);
  const Term object_array = vocab_.type("[Ljava/lang/Object;");
  if (!MentionsBeyondLength(tm_, phi, w)) {
    st.append(assign(call, post, tm_.mk_fresh_array(object_array, n), {reference, non_negative}));
  } else {
    const Term a = tm_.fresh_skolem(
        logic::SkolemKind::kRet, logic::Sort::Ref(),
        vocab_.call_site(Cat("the array Array.newInstance makes at ", at(call), " is needed")));
    const Term a_type = tm_.mk_type_of(a);
    const Term element = tm_.mk_elem_type(a_type);
    const Term component = tm_.mk_class_type(c);
    const Term length = tm_.mk_length(a);
    const Term a_non_null = tm_.mk_ne(a, null);
    const Term of_n = tm_.mk_eq(length, n);
    const Term of_references = tm_.mk_sub_type(a_type, object_array);
    const Term of_component = tm_.mk_eq(element, component);
    st.append(assign(call, post, a, {reference, non_negative, a_non_null, of_n, of_references, of_component}));
  }
  const Term any_array = tm_.fresh_skolem(
      logic::SkolemKind::kRet, logic::Sort::Ref(),
      vocab_.call_site(Cat("the array Array.newInstance makes at ", at(call), " is needed")));
  st.append(assign(call, post, any_array, {primitive, non_negative, is_that_class}));
  return st;
}

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
    st = conjoined(tm_, post.formula(tm_), std::move(conds));
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
  const Term phi = post.formula(tm_);
  const Term receiver = operand(call, 0);
  const Term argument = operand(call, 1);
  std::vector<Term> conds;
  conds.push_back(tm_.mk_ne(receiver, tm_.mk_null()));
  conds.push_back(tm_.mk_eq(argument, tm_.mk_null()));
  const Term x = fresh_exception("java/lang/NullPointerException");
  return thrown_along(e, x, phi, std::move(conds));
}

}  // namespace jwp::wp
