// The abstract domain of the forward analysis (forward_facts.h): values
// (int and long constants, null, references to the objects the analysis
// allocated, string literals), objects with their fields and array
// elements, heaps and states; joins, comparisons decided as a branch
// decides them, and Java's integral arithmetic on constants. Values are
// plain data: a state lives as long as its owner (the interpreter's
// activation, or ForwardStates for the goal's method).
#ifndef JWP_ABSINT_DOMAIN_H_
#define JWP_ABSINT_DOMAIN_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/ir.h"

namespace jwp::absint {

using ObjId = int32_t;

// An abstract value. kInt holds an int or long constant (as int64, the
// value's IR type says which); kRef a set of references.
struct AbsVal {
  enum Kind : uint8_t { kBottom, kInt, kRef, kTop };
  Kind kind = kBottom;
  int64_t i = 0;
  // kRef: may be null; may be an object the analysis does not track (one
  // that existed before the entry, or escaped); the allocated objects it
  // may be; exactly this string literal (unknown set, the others clear).
  bool may_null = false;
  bool unknown = false;
  std::vector<ObjId> objs;  // sorted, distinct
  std::optional<std::string> str;
  // With `unknown` (and no `str`): the exact type of every object it may be
  // that the analysis does not track (a parameter declared `int[]` or of a
  // final class); "" any type.
  std::string exact;

  static AbsVal Of(Kind k) {
    AbsVal a;
    a.kind = k;
    return a;
  }
  static AbsVal Top() { return Of(kTop); }
  static AbsVal Int(int64_t v) {
    AbsVal a = Of(kInt);
    a.i = v;
    return a;
  }
  static AbsVal Null() {
    AbsVal a = Of(kRef);
    a.may_null = true;
    return a;
  }
  static AbsVal Obj(ObjId o) {
    AbsVal a = Of(kRef);
    a.objs = {o};
    return a;
  }
  static AbsVal Str(std::string s) {
    AbsVal a = Of(kRef);
    a.unknown = true;
    a.str = std::move(s);
    return a;
  }
  static AbsVal NonNull() {
    AbsVal a = Of(kRef);
    a.unknown = true;
    return a;
  }
  bool operator==(const AbsVal&) const = default;
  // As a reference: kTop is anything.
  bool MayBeNull() const { return kind != kRef || may_null; }
  bool MayBeUnknown() const { return kind != kRef || unknown; }
  bool DefinitelyNull() const { return kind == kRef && may_null && !unknown && objs.empty(); }
  bool NonNullRef() const { return kind == kRef && !may_null && (unknown || !objs.empty()); }
};

// a ⊔ b.
AbsVal Join(const AbsVal& a, const AbsVal& b);
// The default value of a field or array element of this descriptor.
AbsVal DefaultOf(std::string_view descriptor);

struct AbsObj {
  std::string type;  // internal class name or array descriptor
  bool singleton = true;
  bool escaped = false;
  bool is_array = false;
  std::map<std::string, AbsVal> fields;  // "name:descriptor"; absent: default
  AbsVal length;
  std::string element;  // array element descriptor
  std::map<int64_t, AbsVal> elems;  // constant indices; absent: `rest`
  AbsVal rest;
  bool operator==(const AbsObj&) const = default;
};

using Heap = std::map<ObjId, AbsObj>;

// An abstract state at a block's entry: the values (its phis' included)
// and the heap.
struct State {
  std::vector<AbsVal> values;  // per SSA value
  Heap heap;
};

AbsVal FieldOf(const AbsObj& o, const std::string& key);

AbsObj JoinObj(const AbsObj& a, const AbsObj& b);

// a := a ⊔ b; true when a changed.
bool JoinInto(Heap* a, const Heap& b);

// The key of a field in AbsObj::fields: "Owner.name:descriptor", with the
// class that declares it (JVMS 5.4.3.2), as wp::Vocabulary names fields; a
// field of a subclass that hides one of its superclass is another field.
std::string FieldKey(std::string_view declaring_owner, std::string_view name, std::string_view descriptor);

// Evaluates a comparison: 1 true, 0 false, -1 unknown.
int Compare(const AbsVal& x, const AbsVal& y, ir::Cond c);

// Compare in a state whose heap is `heap`: two references to one object
// are the same only while its site has made one.
int CompareIn(const Heap& heap, const AbsVal& x, const AbsVal& y, ir::Cond c);

// Java's integral arithmetic (base/java_semantics.h) on constants; nullopt
// for a division by zero. An int operand is held sign-extended.
std::optional<int64_t> Arith(ir::BinaryOp op, int64_t x, int64_t y, bool wide);

}  // namespace jwp::absint

#endif  // JWP_ABSINT_DOMAIN_H_
