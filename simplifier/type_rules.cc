// Type rules (logic/AXIOMS.md T1-T4, with a TypeFacts; PLDI'09 Figure 6):
// subType of two type constants, final classes pin typeOf, dispatch resolved
// on a known type, subType literal pairs, and the dynamic type of a non-null
// reference (instantiable, among the concrete subtypes). Without a TypeFacts
// none of these fire. Note: typeOf(null) is unconstrained by the axioms, so
// `x == null ∧ x instanceof T` is NOT a contradiction here.
#include <algorithm>
#include <string>

#include "logic/minterm.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier::internal {

namespace {

bool is_null_check(Term lit, Term* ref) {
  // x != null
  if (!lit.is(TermKind::kNot) || !lit.arg(0).is(TermKind::kEq)) return false;
  Term eq = lit.arg(0);
  if (!eq.arg(1).is(TermKind::kNull)) return false;
  *ref = eq.arg(0);
  return true;
}

}  // namespace

RewriteStatus type_rules(Context& ctx, Term t, Term* out) {
  if (ctx.types == nullptr) return RewriteStatus::kFailed;
  TermManager& tm = ctx.tm;
  const types::TypeFacts& types = *ctx.types;
  switch (t.kind()) {
    case TermKind::kSubType: {
      Term s = t.arg(0), u = t.arg(1);
      if (!u.is(TermKind::kTypeConst)) return RewriteStatus::kFailed;
      if (s.is(TermKind::kTypeConst)) {
        // subType(S, T) --> TypeFacts::is_subtype(S, T)  when known (T1)
        std::optional<bool> v = types.is_subtype(tm.type_name(s), tm.type_name(u));
        if (!v) return RewriteStatus::kFailed;
        *out = tm.mk_bool(*v);
        return RewriteStatus::kDone;
      }
      // subType(t, F) --> t == F  for F final (T2: F has no other subtype)
      if (types.is_known(tm.type_name(u)) && types.is_final(tm.type_name(u))) {
        *out = tm.mk_eq(s, u);
        return RewriteStatus::kRewrite1;
      }
      return RewriteStatus::kFailed;
    }
    case TermKind::kDispatch: {
      Term type = t.arg(0), sig = t.arg(1);
      if (!type.is(TermKind::kTypeConst) || !sig.is(TermKind::kSigConst)) {
        return RewriteStatus::kFailed;
      }
      // dispatch(T, sig) --> M  where TypeFacts::dispatch(T, sig) = M (T4)
      logic::MemberRef m = tm.method_info(sig);
      std::optional<types::MethodName> target =
          types.dispatch(tm.type_name(type), m.owner, m.name, m.descriptor);
      if (!target) return RewriteStatus::kFailed;
      *out = tm.mk_method(target->owner, target->name, target->descriptor);
      return RewriteStatus::kDone;
    }
    default:
      return RewriteStatus::kFailed;
  }
}

RewriteStatus type_literal_rules(Context& ctx, std::vector<Term>& literals) {
  if (ctx.types == nullptr) return RewriteStatus::kFailed;
  TermManager& tm = ctx.tm;
  const types::TypeFacts& types = *ctx.types;
  bool changed = false;
  auto sub_type_const = [](Term l) {
    return l.is(TermKind::kSubType) && l.arg(1).is(TermKind::kTypeConst);
  };
  auto subtype = [&](Term c1, Term c2) {
    return types.is_subtype(tm.type_name(c1), tm.type_name(c2));
  };

  // subType(a, c1) ∧ subType(a, c2) --> subType(a, c1)  if c1 <: c2 (T2:
  // the relation on the types is the hierarchy's, which is transitive).
  // subType(a, c1) ∧ !subType(a, c2) --> false           if c1 <: c2.
  // subType(a, c1) ∧ subType(a, c2) --> false            if c1 is an array
  //   type and c2 neither an array type nor Object, Cloneable or
  //   Serializable: every subtype of an array type is an array type, whose
  //   only other supertypes are those three (JLS 4.10.3).
  auto array_type = [&](Term c) { return tm.type_name(c).starts_with('['); };
  auto array_supertype = [&](Term c) {
    const std::string_view name = tm.type_name(c);
    return name.starts_with('[') || name == "java/lang/Object" || name == "java/lang/Cloneable" ||
           name == "java/io/Serializable";
  };
  for (size_t i = 0; i < literals.size(); ++i) {
    Term l1 = literals[i];
    if (!sub_type_const(l1)) continue;  // (a dropped literal is true: skipped)
    for (size_t j = 0; j < literals.size(); ++j) {
      Term l2 = literals[j];
      if (i == j || l2.is_true()) continue;
      const bool negated = l2.is(TermKind::kNot);
      Term atom = atom_of(l2);
      if (!sub_type_const(atom) || atom.arg(0) != l1.arg(0) || atom.arg(1) == l1.arg(1)) continue;
      if (!negated && array_type(l1.arg(1)) && !array_supertype(atom.arg(1))) {
        set_false(tm, literals);
        return RewriteStatus::kDone;
      }
      if (subtype(l1.arg(1), atom.arg(1)) != true) continue;
      if (negated) {
        set_false(tm, literals);
        return RewriteStatus::kDone;
      }
      literals[j] = tm.mk_true();
      changed = true;
    }
  }
  std::erase_if(literals, [](Term x) { return x.is_true(); });

  // Non-null references (T3: typeOf(x) is instantiable, and by T2 one of
  // the concrete subtypes):
  //   x != null ∧ subType(typeOf(x), T) --> false             if T has no concrete subtype
  //   x != null ∧ subType(typeOf(x), T) --> typeOf(x) == C     if C is its only one
  //   x != null ∧ typeOf(x) == T        --> false             if T is known, not instantiable
  absl::flat_hash_set<Term> non_null;
  for (Term l : literals) {
    Term r;
    if (is_null_check(l, &r)) non_null.insert(r);
  }
  if (!non_null.empty()) {
    for (Term& l : literals) {
      if (sub_type_const(l) && l.arg(0).is(TermKind::kTypeOf) && non_null.contains(l.arg(0).arg(0))) {
        types::TypeFacts::TypeList list =
            types.concrete_subtypes(tm.type_name(l.arg(1)), ctx.options.concrete_subtype_limit);
        if (!list.complete) continue;
        if (list.types.empty()) {
          set_false(tm, literals);
          return RewriteStatus::kDone;
        }
        if (list.types.size() == 1) {
          l = tm.mk_eq(l.arg(0), tm.mk_type(list.types[0]));
          changed = true;
        }
      } else if (l.is(TermKind::kEq) && l.arg(0).sort().kind() == logic::SortKind::kType) {
        Term a = l.arg(0), b = l.arg(1);
        if (!b.is(TermKind::kTypeConst) || !a.is(TermKind::kTypeOf) ||
            !non_null.contains(a.arg(0))) {
          continue;
        }
        std::string_view name = tm.type_name(b);
        if (types.is_known(name) && !types.is_instantiable(name)) {
          set_false(tm, literals);
          return RewriteStatus::kDone;
        }
      }
    }
  }
  return changed ? RewriteStatus::kRewriteFull : RewriteStatus::kFailed;
}

}  // namespace jwp::simplifier::internal
