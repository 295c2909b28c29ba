// Generalization and the frame rule at calls; see generalization.h.
#include "wp/generalization.h"

#include <algorithm>

#include "absl/container/flat_hash_map.h"
#include "logic/stable_hash.h"
#include "logic/substitution.h"
#include "logic/visit.h"

namespace jwp::wp {

using logic::Minterm;
using logic::Term;
using logic::TermKind;
using logic::TermManager;

namespace {

bool is_generic(const TermManager& tm, Term t) {
  return t.is_var() && tm.var_info(t).role == logic::VarRole::kGeneric;
}

// The leaves of `t` through which the callee may change its value: field
// and array-kind constants (lengths never change) and static variables.
// A map under mod(m, σ) is not one: a skipped call's effect σ leaves the
// map arbitrary whatever m was, so what the callee writes to m cannot show
// through it. (Framing such a term only loosens its tie to the same σ on
// the dependent side, and a minterm with such a skolem is never a
// precondition: it can only wait for expansion or be refuted.)
// `memo` holds the answers for compound terms; one memo serves a whole split.
using WrittenMemo = absl::flat_hash_map<Term, bool>;
bool mentions_written(const TermManager& tm, Term t, const std::function<bool(Term)>& may_write,
                      WrittenMemo& memo) {
  if (t.is(TermKind::kMod)) return false;
  if (t.is(TermKind::kFieldConst)) return !tm.is_length_field(t) && may_write(t);
  if (t.is(TermKind::kArrayConst) || t.is_var()) return may_write(t);
  if (t.num_args() == 0) return false;
  if (auto it = memo.find(t); it != memo.end()) return it->second;
  bool written = false;
  for (Term a : t.args()) {
    if (mentions_written(tm, a, may_write, memo)) {
      written = true;
      break;
    }
  }
  memo.emplace(t, written);
  return written;
}

// ret constrained only to be true, false, null or non-null (paper Section 5:
// not generalized, so the callee still prunes by it).
bool ret_only_tested(TermManager& tm, const Minterm& m) {
  bool mentioned = false;
  for (Term lit : m) {
    if (!lit.has(logic::kHasRetExc)) continue;
    Term eq = lit.is(TermKind::kNot) ? lit.arg(0) : lit;
    bool test = false;
    if (eq.is(TermKind::kEq)) {
      for (int side = 0; side < 2; ++side) {
        Term v = eq.arg(side), c = eq.arg(1 - side);
        if (v.is_var() && tm.var_info(v).role == logic::VarRole::kRet &&
            (c.is(TermKind::kNull) || (c.is_const() && c.sort().is_int() &&
                                       (c.int_value() == 0 || c.int_value() == 1)))) {
          test = true;
        }
      }
    }
    // Literals about exc are not about ret.
    bool about_ret = false;
    for (Term v : logic::free_variables(lit)) {
      if (tm.var_info(v).role == logic::VarRole::kRet) about_ret = true;
    }
    if (!about_ret) continue;
    mentioned = true;
    if (!test) return false;
  }
  return mentioned;
}

class Generalizer {
 public:
  Generalizer(TermManager& tm, const std::function<bool(Term)>& may_write, WrittenMemo& written)
      : tm_(tm), may_write_(may_write), written_(written) {}

  // `t` with every written read, aread (and, unless kept, ret) replaced by
  // a generic variable; the defining equations go to dependent_/framed_.
  Term rewrite(Term t, bool keep_ret) {
    if (t.is_var() && tm_.var_info(t).role == logic::VarRole::kRet) {
      if (keep_ret) return t;
      return extract(t, t);
    }
    if (t.is_leaf() || t.num_args() == 0) return t;
    auto it = memo_.find(t);
    if (it != memo_.end()) return it->second;
    std::vector<Term> args;
    args.reserve(t.num_args());
    for (Term a : t.args()) args.push_back(rewrite(a, keep_ret));
    Term out = tm_.rebuild(t, args);
    if (out.is(TermKind::kRead) && !(out.arg(0).is(TermKind::kFieldConst) && tm_.is_length_field(out.arg(0))) &&
        mentions_written(tm_, out.arg(0), may_write_, written_)) {
      Term obj = as_generic(out.arg(1));
      out = extract(out, tm_.rebuild(out, std::vector<Term>{out.arg(0), obj}));
    } else if (out.is(TermKind::kARead) && mentions_written(tm_, out.arg(0), may_write_, written_)) {
      Term arr = as_generic(out.arg(1));
      // A constant index stays: distinct constants are distinct cells,
      // which generics would have the callee split on (aliasing cases).
      Term idx = out.arg(2).is_const() ? out.arg(2) : as_generic(out.arg(2));
      out = extract(out, tm_.rebuild(out, std::vector<Term>{out.arg(0), arr, idx}));
    }
    memo_.emplace(t, out);
    return out;
  }

  std::vector<Term> dependent_, framed_;

 private:
  // l_i for a written term: l_i = `generalized` is dependent.
  Term extract(Term original, Term generalized) {
    auto it = extracted_.find(generalized);
    if (it != extracted_.end()) return it->second;
    Term l = tm_.fresh_generic(original.sort());
    dependent_.push_back(tm_.mk_eq(l, generalized));
    extracted_.emplace(generalized, l);
    return l;
  }
  // l_j = e for an argument of a written term (framed), unless e already
  // is a generic, a string literal or a fresh object.
  Term as_generic(Term e) {
    // A string literal stays too, and so does an object the caller
    // allocates after the call: the one is no object `new` makes, the
    // other is one no code before its allocation can reach (H3, H4), which
    // a generic would hide from the callee.
    if (is_generic(tm_, e) || e.is(TermKind::kStringLit) || e.is(TermKind::kFresh)) return e;
    auto it = framed_vars_.find(e);
    if (it != framed_vars_.end()) return it->second;
    Term l = tm_.fresh_generic(e.sort());
    framed_.push_back(tm_.mk_eq(l, e));
    framed_vars_.emplace(e, l);
    return l;
  }

  TermManager& tm_;
  const std::function<bool(Term)>& may_write_;
  WrittenMemo& written_;
  absl::flat_hash_map<Term, Term> memo_, extracted_, framed_vars_;
};

// A hash of `t`'s structure in which every generic is the same leaf (of its
// sort): equal for dependent parts that differ only in generic names. It
// orders literals for the canonical names, so it must be the same in every
// run (absl::Hash is seeded per process).
uint64_t shape(const TermManager& tm, Term t, absl::flat_hash_map<Term, uint64_t>& memo) {
  auto it = memo.find(t);
  if (it != memo.end()) return it->second;
  uint64_t h;
  if (is_generic(tm, t)) {
    h = logic::StableMix(0x9e3779b97f4a7c15ull, t.sort().bits());
  } else if (t.num_args() == 0) {
    h = logic::StableMix(1, t.id());
  } else {
    h = logic::StableMix(2, static_cast<uint64_t>(t.kind()));
    for (Term a : t.args()) h = logic::StableMix(h, shape(tm, a, memo));
  }
  h = logic::StableFinish(h);
  memo.emplace(t, h);
  return h;
}

}  // namespace

FrameSplit SplitAtCall(TermManager& tm, const Minterm& post,
                       const std::function<bool(Term)>& may_write, bool generalize) {
  FrameSplit out;
  std::vector<Term> lits(post.begin(), post.end());
  std::vector<Term> dep, rest;
  WrittenMemo written;  // mentions_written's answers, for the whole split
  if (generalize) {
    // Fresh generics live above the canonical ones.
    tm.mk_generic(kFirstFreshGeneric - 1, logic::Sort::Int());
    Generalizer g(tm, may_write, written);
    const bool keep_ret = ret_only_tested(tm, post);
    for (Term& lit : lits) lit = g.rewrite(lit, keep_ret);
    dep = g.dependent_;
    lits.insert(lits.end(), g.framed_.begin(), g.framed_.end());
  }
  for (Term lit : lits) {
    const bool dependent = lit.has(logic::kHasRetExc) || mentions_written(tm, lit, may_write, written);
    (dependent ? dep : rest).push_back(lit);
  }
  out.framed = Minterm::of(tm, rest);
  if (!generalize) {
    out.dependent = Minterm::of(tm, dep);
    return out;
  }
  // Canonical names for the dependent part's generics: literals ordered by
  // shape, generics numbered by first occurrence.
  absl::flat_hash_map<Term, uint64_t> memo;
  std::stable_sort(dep.begin(), dep.end(), [&](Term a, Term b) {
    uint64_t sa = shape(tm, a, memo), sb = shape(tm, b, memo);
    return sa != sb ? sa < sb : false;
  });
  absl::flat_hash_map<Term, Term> renamed;
  logic::Substitution to_canonical(tm);
  uint32_t next = 0;
  for (Term lit : dep) {
    logic::for_each_subterm(lit, [&](Term x) {
      if (!is_generic(tm, x) || renamed.contains(x)) return true;
      Term c = tm.mk_generic(next++, x.sort());
      renamed.emplace(x, c);
      to_canonical.add(x, c);
      out.canonical.emplace_back(c, x);
      return true;
    });
  }
  if (next >= kFirstFreshGeneric) {  // absurdly many: keep the call site's names
    out.canonical.clear();
    out.dependent = Minterm::of(tm, dep);
    return out;
  }
  out.dependent = Minterm::of(tm, to_canonical.apply(dep));
  return out;
}

Minterm RenameGenerics(TermManager& tm, const Minterm& m,
                       const std::vector<std::pair<Term, Term>>& pairs) {
  if (pairs.empty() || m.is_true() || m.is_false()) return m;
  logic::Substitution s(tm);
  for (const auto& [from, to] : pairs) s.add(from, to);
  return s.apply(m);
}

Minterm EliminateGenerics(TermManager& tm, const Minterm& m) {
  if (m.is_false()) return m;
  std::vector<Term> lits(m.begin(), m.end());
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < lits.size(); ++i) {
      Term lit = lits[i];
      if (!lit.is(TermKind::kEq) || lit.arg(0).sort().is_bool()) continue;
      for (int side = 0; side < 2; ++side) {
        Term g = lit.arg(side), t = lit.arg(1 - side);
        if (!is_generic(tm, g) || tm.var_info(g).index < kFirstFreshGeneric || logic::mentions(t, g)) {
          continue;
        }
        lits.erase(lits.begin() + static_cast<std::ptrdiff_t>(i));
        for (Term& other : lits) other = logic::substitute(tm, other, g, t);
        changed = true;
        break;
      }
      if (changed) break;
    }
  }
  return Minterm::of(tm, lits);
}

}  // namespace jwp::wp
