// The abstract domain; see domain.h.
#include "absint/domain.h"

#include <algorithm>
#include <iterator>

#include "base/java_semantics.h"

namespace jwp::absint {

AbsVal Join(const AbsVal& a, const AbsVal& b) {
  if (a.kind == AbsVal::kBottom) return b;
  if (b.kind == AbsVal::kBottom) return a;
  if (a.kind != b.kind || a.kind == AbsVal::kTop) return AbsVal::Top();
  if (a.kind == AbsVal::kInt) return a.i == b.i ? a : AbsVal::Top();
  AbsVal r = AbsVal::Of(AbsVal::kRef);
  r.may_null = a.may_null || b.may_null;
  r.unknown = a.unknown || b.unknown;
  std::set_union(a.objs.begin(), a.objs.end(), b.objs.begin(), b.objs.end(), std::back_inserter(r.objs));
  if (a.str && b.str && *a.str == *b.str) {
    r.str = a.str;
  } else if (a.str || b.str) {
    r.unknown = true;
  }
  // A literal stays exact only when both sides are that literal and nothing else.
  if (r.str && (r.may_null || !r.objs.empty())) r.str.reset();
  // The untracked objects keep an exact type both sides agree on.
  if (r.unknown && !r.str) {
    const bool ua = a.unknown && !a.str, ub = b.unknown && !b.str;
    if ((a.str && a.unknown) || (b.str && b.unknown)) {
      r.exact.clear();
    } else if (ua && ub) {
      r.exact = a.exact == b.exact ? a.exact : "";
    } else {
      r.exact = ua ? a.exact : b.exact;
    }
  }
  return r;
}

AbsVal DefaultOf(std::string_view descriptor) {
  if (descriptor.empty()) return AbsVal::Top();
  switch (descriptor[0]) {
    case 'L':
    case '[':
      return AbsVal::Null();
    case 'I':
    case 'J':
    case 'S':
    case 'B':
    case 'C':
    case 'Z':
      return AbsVal::Int(0);
    default:
      return AbsVal::Top();  // float and double zeros are not tracked
  }
}

AbsVal FieldOf(const AbsObj& o, const std::string& key) {
  auto it = o.fields.find(key);
  return it != o.fields.end() ? it->second : DefaultOf(key.substr(key.find(':') + 1));
}

AbsObj JoinObj(const AbsObj& a, const AbsObj& b) {
  AbsObj r = a;
  r.singleton = a.singleton && b.singleton;
  r.escaped = a.escaped || b.escaped;
  for (const auto& [k, v] : b.fields) r.fields[k] = Join(FieldOf(a, k), v);
  for (auto& [k, v] : r.fields) {
    if (!b.fields.contains(k)) v = Join(v, FieldOf(b, k));
  }
  if (a.is_array) {
    r.length = Join(a.length, b.length);
    r.rest = Join(a.rest, b.rest);
    for (const auto& [k, v] : b.elems) {
      auto it = a.elems.find(k);
      r.elems[k] = Join(it != a.elems.end() ? it->second : a.rest, v);
    }
    for (auto& [k, v] : r.elems) {
      if (!b.elems.contains(k)) v = Join(v, b.rest);
    }
  }
  return r;
}

bool JoinInto(Heap* a, const Heap& b) {
  bool changed = false;
  for (const auto& [id, o] : b) {
    auto it = a->find(id);
    if (it == a->end()) {
      a->emplace(id, o);
      changed = true;
      continue;
    }
    AbsObj j = JoinObj(it->second, o);
    if (!(j == it->second)) {
      it->second = std::move(j);
      changed = true;
    }
  }
  return changed;
}

std::string FieldKey(std::string_view declaring_owner, std::string_view name, std::string_view descriptor) {
  std::string key(declaring_owner);
  key.append(".").append(name).append(":").append(descriptor);
  return key;
}

int Compare(const AbsVal& x, const AbsVal& y, ir::Cond c) {
  if (x.kind == AbsVal::kInt && y.kind == AbsVal::kInt) {
    switch (c) {
      case ir::Cond::kEq: return x.i == y.i;
      case ir::Cond::kNe: return x.i != y.i;
      case ir::Cond::kLt: return x.i < y.i;
      case ir::Cond::kGe: return x.i >= y.i;
      case ir::Cond::kGt: return x.i > y.i;
      case ir::Cond::kLe: return x.i <= y.i;
    }
  }
  if ((c != ir::Cond::kEq && c != ir::Cond::kNe) || x.kind != AbsVal::kRef || y.kind != AbsVal::kRef) return -1;
  // Reference equality: decided only between tracked values.
  bool may_equal = (x.may_null && y.may_null) || (x.unknown && y.unknown);
  for (ObjId o : x.objs) may_equal = may_equal || std::binary_search(y.objs.begin(), y.objs.end(), o);
  // An unknown object is never one the analysis tracks unescaped; escaped
  // ones are kept unknown-compatible by being compared as maybe-equal.
  if ((x.unknown && !y.objs.empty()) || (y.unknown && !x.objs.empty())) may_equal = true;
  if (x.str && y.str) may_equal = *x.str == *y.str;
  bool may_differ = true;
  if (x.DefinitelyNull() && y.DefinitelyNull()) may_differ = false;
  if (!x.unknown && !y.unknown && !x.may_null && !y.may_null && x.objs.size() == 1 && x.objs == y.objs) {
    may_differ = false;  // the same object only while its site made one: checked by the caller
  }
  if (x.str && y.str && *x.str == *y.str) may_differ = false;  // literals are interned (JLS 3.10.5)
  const bool eq = c == ir::Cond::kEq;
  if (!may_equal) return eq ? 0 : 1;
  if (!may_differ) return eq ? 1 : 0;
  return -1;
}

int CompareIn(const Heap& heap, const AbsVal& x, const AbsVal& y, ir::Cond c) {
  if (x.kind == AbsVal::kRef && x.objs.size() == 1 && x.objs == y.objs) {
    auto it = heap.find(x.objs[0]);
    if (it == heap.end() || !it->second.singleton) return -1;
  }
  return Compare(x, y, c);
}

std::optional<int64_t> Arith(ir::BinaryOp op, int64_t x, int64_t y, bool wide) {
  
  if ((op == ir::BinaryOp::kDiv || op == ir::BinaryOp::kRem) && y == 0) return std::nullopt;
  if (wide) {
    const int32_t n = static_cast<int32_t>(y);  // a long shift's count is an int
    switch (op) {
      case ir::BinaryOp::kAdd: return java::ladd(x, y);
      case ir::BinaryOp::kSub: return java::lsub(x, y);
      case ir::BinaryOp::kMul: return java::lmul(x, y);
      case ir::BinaryOp::kDiv: return java::ldiv(x, y);
      case ir::BinaryOp::kRem: return java::lrem(x, y);
      case ir::BinaryOp::kAnd: return x & y;
      case ir::BinaryOp::kOr: return x | y;
      case ir::BinaryOp::kXor: return x ^ y;
      case ir::BinaryOp::kShl: return java::lshl(x, n);
      case ir::BinaryOp::kShr: return java::lshr(x, n);
      case ir::BinaryOp::kUshr: return java::lushr(x, n);
    }
    return std::nullopt;
  }
  const int32_t a = static_cast<int32_t>(x), b = static_cast<int32_t>(y);
  switch (op) {
    case ir::BinaryOp::kAdd: return java::iadd(a, b);
    case ir::BinaryOp::kSub: return java::isub(a, b);
    case ir::BinaryOp::kMul: return java::imul(a, b);
    case ir::BinaryOp::kDiv: return java::idiv(a, b);
    case ir::BinaryOp::kRem: return java::irem(a, b);
    case ir::BinaryOp::kAnd: return a & b;
    case ir::BinaryOp::kOr: return a | b;
    case ir::BinaryOp::kXor: return a ^ b;
    case ir::BinaryOp::kShl: return java::ishl(a, b);
    case ir::BinaryOp::kShr: return java::ishr(a, b);
    case ir::BinaryOp::kUshr: return java::iushr(a, b);
  }
  return std::nullopt;
}

}  // namespace jwp::absint
