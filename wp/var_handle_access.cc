// A signature-polymorphic call of a VarHandle whose binding is known
// (absint/var_handles.h), as the field or array-element access it is
// (java.lang.invoke.VarHandle's access modes, JDK 17): Transformer::
// through_var_handle.
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "classfile/strings.h"
#include "classfile/descriptor.h"
#include "logic/substitution.h"
#include "wp/transformer.h"

namespace jwp::wp {

namespace {

using absint::VarHandleBinding;
using logic::Substitution;
using logic::Term;

enum class Mode { kGet, kSet, kCompareAndSet, kWeakCompareAndSet, kCompareAndExchange, kGetAndSet, kGetAndAdd };

std::optional<Mode> ModeOf(std::string_view name) {
  static constexpr std::pair<std::string_view, Mode> kModes[] = {
      {"get", Mode::kGet},
      {"getVolatile", Mode::kGet},
      {"getAcquire", Mode::kGet},
      {"getOpaque", Mode::kGet},
      {"set", Mode::kSet},
      {"setVolatile", Mode::kSet},
      {"setRelease", Mode::kSet},
      {"setOpaque", Mode::kSet},
      {"compareAndSet", Mode::kCompareAndSet},
      {"weakCompareAndSet", Mode::kWeakCompareAndSet},
      {"weakCompareAndSetPlain", Mode::kWeakCompareAndSet},
      {"weakCompareAndSetAcquire", Mode::kWeakCompareAndSet},
      {"weakCompareAndSetRelease", Mode::kWeakCompareAndSet},
      {"compareAndExchange", Mode::kCompareAndExchange},
      {"compareAndExchangeAcquire", Mode::kCompareAndExchange},
      {"compareAndExchangeRelease", Mode::kCompareAndExchange},
      {"getAndSet", Mode::kGetAndSet},
      {"getAndSetAcquire", Mode::kGetAndSet},
      {"getAndSetRelease", Mode::kGetAndSet},
      {"getAndAdd", Mode::kGetAndAdd},
      {"getAndAddAcquire", Mode::kGetAndAdd},
      {"getAndAddRelease", Mode::kGetAndAdd},
  };
  for (const auto& [n, m] : kModes) {
    if (n == name) return m;
  }
  return std::nullopt;
}

// How many value arguments follow the coordinates, and whether the mode
// returns the variable's type (else boolean or void).
int ValueArguments(Mode m) {
  switch (m) {
    case Mode::kGet: return 0;
    case Mode::kSet: case Mode::kGetAndSet: case Mode::kGetAndAdd: return 1;
    case Mode::kCompareAndSet: case Mode::kWeakCompareAndSet: case Mode::kCompareAndExchange: return 2;
  }
  return 0;
}

}  // namespace

// Whether a value of descriptor `from` converts to `to` without a check
// that may fail: the same primitive, or a reference the hierarchy proves a
// subtype (as the call's exact invocation type then needs no cast).
bool Transformer::converts_without_check(std::string_view from, std::string_view to) const {
  if (from == to) return true;
  const bool from_ref = !from.empty() && (from[0] == 'L' || from[0] == '[');
  const bool to_ref = !to.empty() && (to[0] == 'L' || to[0] == '[');
  if (!from_ref || !to_ref || types_ == nullptr) return false;
  if (to == "Ljava/lang/Object;") return true;
  auto name = [](std::string_view d) { return d[0] == 'L' ? d.substr(1, d.size() - 2) : d; };
  return types_->is_subtype(name(from), name(to)).value_or(false);
}

Step Transformer::through_var_handle(const ir::Instruction& call, const VarHandleBinding& b,
                                     const logic::Minterm& post) {
  Step none;
  const std::optional<Mode> mode = ModeOf(call.name);
  auto desc = classfile::ParseMethodDescriptor(call.descriptor);
  if (!mode || !desc.ok() || b.kind == VarHandleBinding::kStaticField) {
    none.unsupported = Cat("VarHandle.", call.name, " of ", b.owner, ".", b.name, " is not modelled");
    return none;
  }
  // The coordinates (the object, or the array and index), then the values.
  const bool array = b.kind == VarHandleBinding::kArrayElement;
  const size_t coordinates = array ? 2 : 1;
  const std::string var_type = array ? b.descriptor.substr(1) : b.descriptor;
  const int values = ValueArguments(*mode);
  if (desc->params.size() != coordinates + values || call.operands.size() != desc->params.size() + 1 ||
      !converts_without_check(desc->params[0].Descriptor(), array ? b.descriptor : Cat("L", b.owner, ";")) ||
      (array && desc->params[1].Descriptor() != "I") || var_type == "F" || var_type == "D") {
    none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " does not match its variable ", var_type);
    return none;
  }
  for (int k = 0; k < values; ++k) {
    if (!converts_without_check(desc->params[coordinates + k].Descriptor(), var_type)) {
      none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " converts a value to ", var_type);
      return none;
    }
  }
  const bool returns_value = *mode == Mode::kGet || *mode == Mode::kCompareAndExchange ||
                             *mode == Mode::kGetAndSet || *mode == Mode::kGetAndAdd;
  if (returns_value && !converts_without_check(var_type, desc->ret.Descriptor())) {
    none.unsupported = Cat("VarHandle.", call.name, call.descriptor, " converts its result from ", var_type);
    return none;
  }
  if (*mode == Mode::kGetAndAdd && var_type != "I" && var_type != "J") {
    none.unsupported = Cat("VarHandle.", call.name, " of a ", var_type);
    return none;
  }
  auto arg = [&](size_t k) { return var(call.operands[1 + k]); };
  // The variable's map, its value before the call, and the map after a
  // store of w. A null object (array) throws NullPointerException, an
  // index out of range ArrayIndexOutOfBoundsException, a reference that
  // does not fit the array's run-time element type ArrayStoreException
  // (as aastore): the normal path has none of them.
  const Term object = arg(0);
  std::vector<Term> conds = {tm_.mk_ne(object, tm_.mk_null())};
  Term map, current;
  std::function<Term(Term)> stored;
  if (array) {
    const Term i = arg(1);
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
    if (!array || (var_type[0] != 'L' && var_type[0] != '[')) return tm_.mk_true();
    return tm_.mk_or(tm_.mk_eq(w, tm_.mk_null()),
                     tm_.mk_sub_type(tm_.mk_type_of(w), tm_.mk_elem_type(tm_.mk_type_of(object))));
  };
  const Term phi = post.term().is_null() ? tm_.mk_true() : post.term();
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
  auto joined = [](Step a, Step b) {
    for (logic::Minterm& m : b.pre) a.pre.push_back(std::move(m));
    if (a.unsupported.empty()) a.unsupported = std::move(b.unsupported);
    if (a.lossy.empty()) a.lossy = std::move(b.lossy);
    return a;
  };
  switch (*mode) {
    case Mode::kGet: return through(current, Term(), {});
    case Mode::kSet: return through(Term(), stored(arg(coordinates)), {fits(arg(coordinates))});
    case Mode::kGetAndSet: return through(current, stored(arg(coordinates)), {fits(arg(coordinates))});
    case Mode::kGetAndAdd: return through(current, stored(tm_.mk_add(current, arg(coordinates))), {});
    case Mode::kCompareAndSet:
    case Mode::kWeakCompareAndSet:
    case Mode::kCompareAndExchange: {
      const Term expected = arg(coordinates), w = arg(coordinates + 1);
      const Term same = tm_.mk_eq(current, expected);
      const bool exchange = *mode == Mode::kCompareAndExchange;
      Step st = joined(through(exchange ? current : tm_.mk_int(1), stored(w), {same, fits(w)}),
                       through(exchange ? current : tm_.mk_int(0), Term(), {tm_.mk_not(same)}));
      if (*mode == Mode::kWeakCompareAndSet) {
        // A weak compare-and-set may also fail spuriously: that failure is
        // not explored (no exhaustive answer past it).
        st.lossy = Cat("VarHandle.", call.name, " at ", SourceLocation(ir_, call),
                       " explored without spurious failures");
      }
      return st;
    }
  }
  none.unsupported = Cat("VarHandle.", call.name, " is not modelled");
  return none;
}

}  // namespace jwp::wp
