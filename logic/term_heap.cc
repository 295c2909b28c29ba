// Heap, type and dispatch terms of Table 2 (term.h rules 9 and 10): the
// theory-of-arrays axioms applied where the indices are known equal or known
// different (known_equal), and the defaults of fresh objects.
#include "base/check.h"
#include "logic/term_manager.h"

namespace jwp::logic {

namespace {

bool is_field_map(Term t) { return t.sort().kind() == SortKind::kFieldMap; }
bool is_array_map(Term t) { return t.sort().kind() == SortKind::kArrayMap; }

}  // namespace

Term TermManager::mk_read(Term f, Term ref) {
  JWP_CHECK(is_field_map(f), absl::StrCat("read of a ", sort_name(f.sort())));
  JWP_CHECK(ref.sort().is_ref(), absl::StrCat("read at a ", sort_name(ref.sort())));
  for (;;) {
    if (f.is(TermKind::kUpdate)) {
      std::optional<bool> same = known_equal(f.arg(1), ref);
      if (!same) break;
      if (*same) return f.arg(2);  // read(update(f, v, w), v) -> w
      f = f.arg(0);                // read(update(f, v, w), u) -> read(f, u) if v != u
      continue;
    }
    if (f.is(TermKind::kFieldConst) && ref.is(TermKind::kFresh)) {
      if (f == length_field_) {
        if (ref.num_args() == 2) return ref.arg(1);  // read(length, fresh(T[], n)) -> n
        break;
      }
      return mk_default(f.sort().element());  // read(F, fresh(T)) -> default
    }
    break;
  }
  Term args[] = {f, ref};
  return intern(TermKind::kRead, f.sort().element(), 0, args);
}

Term TermManager::mk_update(Term f, Term ref, Term value) {
  JWP_CHECK(is_field_map(f), absl::StrCat("update of a ", sort_name(f.sort())));
  JWP_CHECK(ref.sort().is_ref(), absl::StrCat("update at a ", sort_name(ref.sort())));
  JWP_CHECK(value.sort() == f.sort().element(),
            absl::StrCat("update of a ", sort_name(f.sort()), " with a ", sort_name(value.sort())));
  JWP_CHECK(f != length_field_, "array lengths are never updated");
  // update(f, v, read(f, v)) -> f
  if (value.is(TermKind::kRead) && value.arg(0) == f && value.arg(1) == ref) return f;
  // update(update(f, v, w1), v, w2) -> update(f, v, w2)
  if (f.is(TermKind::kUpdate) && f.arg(1) == ref) f = f.arg(0);
  Term args[] = {f, ref, value};
  return intern(TermKind::kUpdate, f.sort(), 0, args);
}

Term TermManager::mk_aread(Term a, Term ref, Term index) {
  JWP_CHECK(is_array_map(a), absl::StrCat("aread of a ", sort_name(a.sort())));
  JWP_CHECK(ref.sort().is_ref() && index.sort().is_int(),
            absl::StrCat("aread at ", sort_name(ref.sort()), ", ", sort_name(index.sort())));
  for (;;) {
    if (a.is(TermKind::kAUpdate)) {
      std::optional<bool> same_ref = known_equal(a.arg(1), ref);
      std::optional<bool> same_index = known_equal(a.arg(2), index);
      if (same_ref == false || same_index == false) {  // a different cell
        a = a.arg(0);
        continue;
      }
      if (same_ref == true && same_index == true) return a.arg(3);
      break;
    }
    if (a.is(TermKind::kArrayConst) && ref.is(TermKind::kFresh)) {
      return mk_default(a.sort().element());  // aread(A, fresh, i) -> default
    }
    break;
  }
  Term args[] = {a, ref, index};
  return intern(TermKind::kARead, a.sort().element(), 0, args);
}

Term TermManager::mk_aupdate(Term a, Term ref, Term index, Term value) {
  JWP_CHECK(is_array_map(a), absl::StrCat("aupdate of a ", sort_name(a.sort())));
  JWP_CHECK(ref.sort().is_ref() && index.sort().is_int(),
            absl::StrCat("aupdate at ", sort_name(ref.sort()), ", ", sort_name(index.sort())));
  JWP_CHECK(value.sort() == a.sort().element(),
            absl::StrCat("aupdate of a ", sort_name(a.sort()), " with a ", sort_name(value.sort())));
  // aupdate(a, w, i, aread(a, w, i)) -> a
  if (value.is(TermKind::kARead) && value.arg(0) == a && value.arg(1) == ref &&
      value.arg(2) == index) {
    return a;
  }
  // aupdate(aupdate(a, w, i, v1), w, i, v2) -> aupdate(a, w, i, v2)
  if (a.is(TermKind::kAUpdate) && a.arg(1) == ref && a.arg(2) == index) a = a.arg(0);
  Term args[] = {a, ref, index, value};
  return intern(TermKind::kAUpdate, a.sort(), 0, args);
}

Term TermManager::mk_mod(Term map, Term effect) {
  JWP_CHECK(map.sort().is_map(), absl::StrCat("mod of a ", sort_name(map.sort())));
  JWP_CHECK(map != length_field_, "array lengths are never modified");
  JWP_CHECK(effect.is_var() && var_info(effect).role == VarRole::kSkolem &&
                effect.sort() == map.sort(),
            "mod(m, σ) needs a skolem of m's sort");
  Term args[] = {map, effect};
  return intern(TermKind::kMod, map.sort(), 0, args);
}

Term TermManager::mk_type_of(Term ref) {
  JWP_CHECK(ref.sort().is_ref(), absl::StrCat("typeOf of a ", sort_name(ref.sort())));
  if (ref.is(TermKind::kFresh)) return ref.arg(0);          // typeOf(fresh(T)) -> T
  if (ref.is(TermKind::kStringLit)) return string_type_;    // typeOf("...") -> String
  if (ref.is(TermKind::kClassOf)) return class_type_;       // typeOf(classOf(t)) -> Class
  return intern(TermKind::kTypeOf, Sort::Type(), 0, {&ref, 1});
}

Term TermManager::mk_sub_type(Term t1, Term t2) {
  JWP_CHECK(t1.sort().kind() == SortKind::kType && t2.sort().kind() == SortKind::kType,
            "subType of non-types");
  if (t1 == t2 || t2 == object_type_) return true_;  // subType(t, t), subType(t, Object)
  Term args[] = {t1, t2};
  return intern(TermKind::kSubType, Sort::Bool(), 0, args);
}

Term TermManager::mk_class_of(Term type) {
  JWP_CHECK(type.sort().kind() == SortKind::kType, absl::StrCat("classOf of a ", sort_name(type.sort())));
  if (class_type_.is_null()) class_type_ = mk_type("java/lang/Class");
  return intern(TermKind::kClassOf, Sort::Ref(), 0, {&type, 1});
}

Term TermManager::mk_class_type(Term class_object) {
  JWP_CHECK(class_object.sort().is_ref(), absl::StrCat("classType of a ", sort_name(class_object.sort())));
  if (class_object.is(TermKind::kClassOf)) return class_object.arg(0);  // classType(classOf(t)) -> t
  return intern(TermKind::kClassType, Sort::Type(), 0, {&class_object, 1});
}

Term TermManager::mk_elem_type(Term array_type) {
  JWP_CHECK(array_type.sort().kind() == SortKind::kType, absl::StrCat("elemType of a ", sort_name(array_type.sort())));
  if (array_type.is(TermKind::kTypeConst)) {  // elemType([X) -> X (rule 13)
    const std::string_view name = type_name(array_type);
    if (name.size() >= 2 && name[0] == '[') {
      std::string_view elem = name.substr(1);
      if (elem.size() >= 2 && elem.front() == 'L' && elem.back() == ';') elem = elem.substr(1, elem.size() - 2);
      return mk_type(elem);
    }
  }
  return intern(TermKind::kElemType, Sort::Type(), 0, {&array_type, 1});
}

Term TermManager::mk_dispatch(Term type, Term signature) {
  JWP_CHECK(type.sort().kind() == SortKind::kType &&
                signature.sort().kind() == SortKind::kSignature,
            "dispatch(type, signature)");
  Term args[] = {type, signature};
  return intern(TermKind::kDispatch, Sort::Method(), 0, args);
}

}  // namespace jwp::logic
