// Heap rules (logic/AXIOMS.md H1-H4; PLDI'09 Table 2 and Figure 6): read
// over update and aread over aupdate with alias reasoning from the literals
// of the minterm, and freshness (a fresh object differs from every
// pre-existing reference). The construction-time folds of term.h rule 9
// already cover known_equal answers (distinct values) and the defaults of
// fresh objects (H3); these rules add what needs the minterm or H4.
#include "logic/term.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier::internal {

bool is_pre_existing(const TermManager& tm, Term r) {
  if (!r.sort().is_ref()) return false;
  if (r.is(TermKind::kStringLit)) return true;  // interned, never what `new` makes
  if (r.is_var()) {
    const logic::VarRole role = tm.var_info(r).role;
    return role == logic::VarRole::kProgram || role == logic::VarRole::kRet || role == logic::VarRole::kExc;
  }
  if (r.is(TermKind::kRead)) return r.arg(0).is(TermKind::kFieldConst);
  if (r.is(TermKind::kARead)) return r.arg(0).is(TermKind::kArrayConst);
  return false;
}

RewriteStatus heap_rules(Context& ctx, Term t, Term* out) {
  TermManager& tm = ctx.tm;
  switch (t.kind()) {
    case TermKind::kRead: {
      Term map = t.arg(0), u = t.arg(1);
      if (!map.is(TermKind::kUpdate)) return RewriteStatus::kFailed;
      Term f = map.arg(0), v = map.arg(1), w = map.arg(2);
      std::optional<bool> same = ctx.equal(v, u);
      if (!same) return RewriteStatus::kFailed;
      if (*same) {
        // read(update(f, v, w), u) --> w          if v == u follows
        *out = w;
        return RewriteStatus::kDone;
      }
      // read(update(f, v, w), u) --> read(f, u)  if v != u follows
      *out = tm.mk_read(f, u);
      return RewriteStatus::kRewrite1;
    }
    case TermKind::kARead: {
      Term map = t.arg(0), r2 = t.arg(1), i2 = t.arg(2);
      if (!map.is(TermKind::kAUpdate)) return RewriteStatus::kFailed;
      Term a = map.arg(0), r1 = map.arg(1), i1 = map.arg(2), v = map.arg(3);
      std::optional<bool> same_ref = ctx.equal(r1, r2);
      if (same_ref == false) {
        // aread(aupdate(a, w, i, v), w', i') --> aread(a, w', i')  if w != w' follows
        *out = tm.mk_aread(a, r2, i2);
        return RewriteStatus::kRewrite1;
      }
      std::optional<bool> same_index = ctx.equal(i1, i2);
      if (same_index == false) {
        // aread(aupdate(a, w, i, v), w', i') --> aread(a, w', i')  if i != i' follows
        *out = tm.mk_aread(a, r2, i2);
        return RewriteStatus::kRewrite1;
      }
      if (same_ref == true && same_index == true) {
        // aread(aupdate(a, w, i, v), w', i') --> v  if w == w' and i == i' follow
        *out = v;
        return RewriteStatus::kDone;
      }
      return RewriteStatus::kFailed;
    }
    case TermKind::kEq: {
      Term a = t.arg(0), b = t.arg(1);
      if (!a.sort().is_ref()) return RewriteStatus::kFailed;
      // fresh(T)#n == r --> false  if r is pre-existing (H4)
      if ((a.is(TermKind::kFresh) && ctx.pre_existing(b)) || (b.is(TermKind::kFresh) && ctx.pre_existing(a))) {
        *out = tm.mk_false();
        return RewriteStatus::kDone;
      }
      return RewriteStatus::kFailed;
    }
    default:
      return RewriteStatus::kFailed;
  }
}

}  // namespace jwp::simplifier::internal
