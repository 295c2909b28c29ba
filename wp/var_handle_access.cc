// A signature-polymorphic call of a VarHandle whose binding is known
// (callgraph/var_handles.h), and a call of Unsafe with a bound field
// offset, as the field or array-element access each is (VarHandle's access
// modes, Unsafe's access methods, JDK 17): Transformer::through_var_handle
// and through_unsafe_access.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "classfile/descriptor.h"
#include "classfile/strings.h"
#include "logic/substitution.h"
#include "wp/transformer.h"

namespace jwp::wp {

namespace {

using callgraph::VarHandleBinding;
using logic::Substitution;
using logic::Term;

bool IsReference(std::string_view d) { return !d.empty() && (d[0] == 'L' || d[0] == '['); }

using callgraph::AccessMode;

// How many value arguments follow the coordinates, and whether the mode
// returns the variable's type (else boolean or void).
int ValueArguments(AccessMode m) {
  switch (m) {
    case AccessMode::kGet: return 0;
    case AccessMode::kSet: case AccessMode::kGetAndSet: case AccessMode::kGetAndAdd: return 1;
    case AccessMode::kCompareAndSet: case AccessMode::kWeakCompareAndSet: case AccessMode::kCompareAndExchange: return 2;
  }
  return 0;
}

}  // namespace

// A field or array-element access, as through_var_handle and
// through_unsafe_access read it off their calls: the operands of the
// object (and index) and of the values, and the types the program gives
// them (checked against the variable's).
struct Transformer::VariableAccess {
  callgraph::AccessMode mode;
  std::string what;                  // for reasons: "VarHandle.get" or "Unsafe.getInt"
  ir::ValueId object = ir::kNone;
  ir::ValueId index = ir::kNone;     // array elements only
  std::vector<ir::ValueId> values;   // what the mode takes after the coordinates
};

// Whether a value of descriptor `from` converts to `to` without a check
// that may fail: the same primitive, or a reference the hierarchy proves a
// subtype (as the call's exact invocation type then needs no cast).
bool Transformer::converts_without_check(std::string_view from, std::string_view to) const {
  if (from == to) return true;
  const bool from_ref = !from.empty() && (from[0] == 'L' || from[0] == '[');
  const bool to_ref = !to.empty() && (to[0] == 'L' || to[0] == '[');
  if (!from_ref || !to_ref || types_ == nullptr) return false;
  // Object takes any reference; a Void is always null (javac types a null
  // literal argument of a signature-polymorphic call as Void).
  if (to == "Ljava/lang/Object;" || from == "Ljava/lang/Void;") return true;
  return types_->is_subtype(classfile::InternalNameOf(from), classfile::InternalNameOf(to)).value_or(false);
}

Step Transformer::through_var_handle(const ir::Instruction& call, const VarHandleBinding& b,
                                     const logic::Minterm& post) {
  Step none;
  const std::optional<AccessMode> mode = callgraph::VarHandleAccessModeOf(call.name);
  auto desc = classfile::ParseMethodDescriptor(call.descriptor);
  if (!mode || !desc.ok() || b.kind == VarHandleBinding::kStaticField) {
    none.unsupported = Cat("VarHandle.", call.name, " of ", b.owner, ".", b.name, " is not modelled");
    return none;
  }
  // The coordinates (the object, or the array and index), then the values,
  // each converted to the invocation type's parameter (a VarHandle casts
  // what does not fit: only conversions that cannot fail are taken).
  const bool array = b.kind == VarHandleBinding::kArrayElement;
  const size_t coordinates = array ? 2 : 1;
  const std::string var_type = array ? b.descriptor.substr(1) : b.descriptor;
  const size_t values = ValueArguments(*mode);
  if (desc->params.size() != coordinates + values || call.operands.size() != desc->params.size() + 1 ||
      !converts_without_check(desc->params[0].Descriptor(), array ? b.descriptor : Cat("L", b.owner, ";")) ||
      (array && desc->params[1].Descriptor() != "I")) {
    none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " does not match its variable ", var_type);
    return none;
  }
  for (size_t k = 0; k < values; ++k) {
    if (!converts_without_check(desc->params[coordinates + k].Descriptor(), var_type)) {
      none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " converts a value to ", var_type);
      return none;
    }
  }
  const bool returns_value = *mode == AccessMode::kGet || *mode == AccessMode::kCompareAndExchange ||
                             *mode == AccessMode::kGetAndSet || *mode == AccessMode::kGetAndAdd;
  if (returns_value && !converts_without_check(var_type, desc->ret.Descriptor())) {
    none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " converts its result from ", var_type);
    return none;
  }
  VariableAccess a;
  a.mode = *mode;
  a.what = Cat("VarHandle.", call.name);
  a.object = call.operands[1];
  if (array) a.index = call.operands[2];
  for (size_t k = 0; k < values; ++k) a.values.push_back(call.operands[1 + coordinates + k]);
  return through_access(call, a, b, var_type, post);
}

Step Transformer::through_unsafe_access(const ir::Instruction& call, const VarHandleBinding& b,
                                        const logic::Minterm& post) {
  // Unsafe checks nothing: the object's and the values' static types must
  // fit the field (else the access is not modelled), and its declared
  // types (Object, int, long) convert to the field's without a check.
  Step none;
  const std::optional<callgraph::UnsafeAccess> mode = callgraph::UnsafeAccessOf(call.name);
  const size_t values = mode ? ValueArguments(mode->mode) : 0;
  const bool ref_field = b.descriptor[0] == 'L' || b.descriptor[0] == '[';
  if (!mode || (mode->type == 'L') != ref_field || (!ref_field && b.descriptor[0] != mode->type) ||
      call.operands.size() != 3 + values) {
    none.unsupported = Cat("Unsafe.", call.name, call.descriptor, " of ", b.owner, ".", b.name, " is not modelled");
    return none;
  }
  auto fits = [&](ir::ValueId v, std::string_view type) {
    const ir::ValueType& t = ir_.values[v].type;
    if (t.kind != ir::TypeKind::kRef) return !IsReference(type);  // a primitive of the method's type
    return t.descriptor == "null" || converts_without_check(t.descriptor, type);
  };
  bool typed = fits(call.operands[1], Cat("L", b.owner, ";"));
  for (size_t k = 0; k < values; ++k) typed = typed && fits(call.operands[3 + k], b.descriptor);
  if (!typed) {
    none.unsupported = Cat("Unsafe.", call.name, " at ", SourceLocation(ir_, call), " is not typed as ", b.owner, ".",
                           b.name);
    return none;
  }
  VariableAccess a;
  a.mode = mode->mode;
  a.what = Cat("Unsafe.", call.name);
  a.object = call.operands[1];
  for (size_t k = 0; k < values; ++k) a.values.push_back(call.operands[3 + k]);
  return through_access(call, a, b, b.descriptor, post);
}

Step Transformer::through_access(const ir::Instruction& call, const VariableAccess& a, const VarHandleBinding& b,
                                 const std::string& var_type, const logic::Minterm& post) {
  Step none;
  const AccessMode mode = a.mode;
  if (var_type == "F" || var_type == "D" || (mode == AccessMode::kGetAndAdd && var_type != "I" && var_type != "J")) {
    none.unsupported = Cat(a.what, " of a ", var_type, " is not modelled");
    return none;
  }
  auto value = [&](size_t k) { return var(a.values[k]); };
  // The variable's map, its value before the call, and the map after a
  // store of w. A null object (array) throws NullPointerException, an
  // index out of range ArrayIndexOutOfBoundsException, a reference that
  // does not fit the array's run-time element type ArrayStoreException
  // (as aastore): the normal path has none of them.
  const bool array = b.kind == VarHandleBinding::kArrayElement;
  const Term object = var(a.object);
  std::vector<Term> conds = {tm_.mk_ne(object, tm_.mk_null())};
  Term map, current;
  std::function<Term(Term)> stored;
  if (array) {
    const Term i = var(a.index);
    conds.push_back(tm_.mk_le(tm_.mk_int(0), i));
    conds.push_back(tm_.mk_lt(i, tm_.mk_length(object)));
    map = vocab_.array_map(var_type);
    current = tm_.mk_aread(map, object, i);
    stored = [this, map, object, i](Term w) { return tm_.mk_aupdate(map, object, i, w); };
  } else {
    map = vocab_.field(b.owner, b.name, b.descriptor);
    current = tm_.mk_read(map, object);
    stored = [this, map, object](Term w) { return tm_.mk_update(map, object, w); };
  }
  auto fits = [&](Term w) {
    if (!array || !IsReference(var_type)) return tm_.mk_true();
    const Term elem = tm_.mk_elem_type(tm_.mk_type_of(object));
    return array_takes(w, elem);
  };
  const Term phi = post.formula(tm_);
  const Term result = call.result != ir::kNone ? var(call.result) : Term();
  // φ with the result `r` (when the call has one) and the map after the
  // call `after` (a null term: unchanged), simultaneously.
  auto through = [&](Term r, Term after, std::vector<Term> more) {
    Substitution s(tm_);
    if (!result.is_null() && !r.is_null()) s.add(result, r);
    if (!after.is_null()) s.add(map, after);
    std::vector<Term> all = conds;
    all.insert(all.end(), more.begin(), more.end());
    return conjoined(tm_, s.apply(phi), std::move(all));
  };
  switch (mode) {
    case AccessMode::kGet: return through(current, Term(), {});
    case AccessMode::kSet:
    case AccessMode::kGetAndSet: {
      const Term w = value(0);
      const Term after = stored(w);
      const Term fit = fits(w);
      return through(mode == AccessMode::kSet ? Term() : current, after, {fit});
    }
    case AccessMode::kGetAndAdd: {
      const Term sum = tm_.mk_add(current, value(0));
      return through(current, stored(sum), {});
    }
    case AccessMode::kCompareAndSet:
    case AccessMode::kWeakCompareAndSet:
    case AccessMode::kCompareAndExchange: {
      const Term expected = value(0), w = value(1);
      const Term same = tm_.mk_eq(current, expected);
      const Term after = stored(w);
      const Term fit = fits(w);
      const bool exchange = mode == AccessMode::kCompareAndExchange;
      const Term yes = exchange ? current : tm_.mk_int(1);
      Step st = through(yes, after, {same, fit});
      const Term differs = tm_.mk_not(same);
      const Term no = exchange ? current : tm_.mk_int(0);
      Step failed = through(no, Term(), {differs});
      st.append(std::move(failed));
      if (mode == AccessMode::kWeakCompareAndSet) {
        // A weak compare-and-set may also fail spuriously: that failure is
        // not explored (no exhaustive answer past it).
        st.lossy = Cat(a.what, " at ", SourceLocation(ir_, call), " explored without spurious failures");
      }
      return st;
    }
  }
  none.unsupported = Cat(a.what, " is not modelled");
  return none;
}

Step Transformer::through_unbound_unsafe_access(const ir::Instruction& call, const logic::Minterm& post) {
  Step st = skipped_call(call, post, false, nullptr, nullptr);
  st.lossy = Cat("Unsafe.", call.name, " at ", at(call),
                 " accesses an offset no static final field binds: what it reads or writes is unknown");
  return st;
}

}  // namespace jwp::wp
