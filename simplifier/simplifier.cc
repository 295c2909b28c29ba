// The dispatcher of the simplifier (PLDI'09 Section 6; simplifier.h): a
// fixpoint over equality elimination, the per-theory term rewriters and the
// minterm-level rules, each step replacing the minterm by an equivalent one.
//
// Term rewriting goes literal by literal: literal L is rewritten bottom-up
// with every OTHER literal of the current minterm as context (Context::masked
// = L), and the context is updated before the next literal, so no literal
// ever justifies its own removal and two literals never remove each other.
#include "simplifier/simplifier.h"

#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "base/check.h"
#include "simplifier/internal/rules.h"

namespace jwp::simplifier {

using logic::Minterm;
using logic::Term;
using logic::TermKind;

namespace internal {

void Context::note_pre_existing(Term lit) {
  if (!lit.is(TermKind::kEq) || !lit.arg(0).sort().is_ref()) return;
  Term a = lit.arg(0), b = lit.arg(1);
  if (a.is_var() && !is_pre_existing(tm, a) && is_pre_existing(tm, b)) pre_existing_vars.emplace(a, lit);
  if (b.is_var() && !is_pre_existing(tm, b) && is_pre_existing(tm, a)) pre_existing_vars.emplace(b, lit);
}

std::optional<bool> Context::equal(Term a, Term b) {
  if (std::optional<bool> k = logic::known_equal(a, b)) return k;
  if (a.sort().is_ref()) {
    // H4: a fresh object differs from every pre-existing reference.
    if ((a.is(TermKind::kFresh) && pre_existing(b)) || (b.is(TermKind::kFresh) && pre_existing(a))) {
      return false;
    }
  }
  Term eq = tm.mk_eq(a, b);
  if (eq.is_const()) return eq.bool_value();
  if (has(eq)) return true;
  if (has(tm.mk_not(eq))) return false;
  if (a.sort().is_integral()) {
    Interval ra = value_range(tm, a), rb = value_range(tm, b);
    if (ra.hi < rb.lo || rb.hi < ra.lo) return false;
    if (has(tm.mk_lt(a, b)) || has(tm.mk_lt(b, a))) return false;
  }
  return std::nullopt;
}

namespace {

// Bottom-up rewriting of one literal with the theory rules; memoized per
// literal (the context changes between literals).
class TermRewriter {
 public:
  TermRewriter(Context& ctx, int max_steps) : ctx_(ctx), max_steps_(max_steps) {}

  Term rewrite_literal(Term lit) {
    memo_.clear();
    steps_ = max_steps_;
    return rewrite(lit);
  }

 private:
  Term rewrite(Term t) {
    // Leaves need no rewriting, except Bool variables (atoms: bool_rules).
    if (t.is_leaf()) return t.sort().is_bool() && !t.is_const() ? apply_rules(t) : t;
    if (auto it = memo_.find(t); it != memo_.end()) return it->second;
    std::vector<Term> args;
    args.reserve(t.num_args());
    for (Term a : t.args()) args.push_back(rewrite(a));
    Term rebuilt = ctx_.tm.rebuild(t, args);
    Term result = apply_rules(rebuilt);
    memo_[t] = result;
    return result;
  }

  // The theory rules at the top of t (whose arguments are rewritten).
  Term apply_rules(Term t) {
    using Rule = RewriteStatus (*)(Context&, Term, Term*);
    static constexpr Rule kRules[] = {bool_rules, bitvector_rules, heap_rules, type_rules};
    while (steps_ > 0 && !t.is_const()) {
      RewriteStatus status = RewriteStatus::kFailed;
      Term out;
      for (Rule rule : kRules) {
        status = rule(ctx_, t, &out);
        if (status != RewriteStatus::kFailed) break;
      }
      if (status == RewriteStatus::kFailed) return t;
      JWP_DCHECK(!out.is_null() && out.sort() == t.sort(), "a rule changed the sort");
      --steps_;
      ++ctx_.rewrites;
      switch (status) {
        case RewriteStatus::kDone: return out;
        case RewriteStatus::kRewrite1: t = out; continue;
        case RewriteStatus::kRewrite2: {
          std::vector<Term> args;
          for (Term a : out.args()) args.push_back(a.is_leaf() ? a : apply_rules(a));
          t = out.is_leaf() ? out : ctx_.tm.rebuild(out, args);
          continue;
        }
        case RewriteStatus::kRewriteFull: return rewrite(out);
        case RewriteStatus::kFailed: return t;
      }
    }
    return t;
  }

  Context& ctx_;
  int max_steps_;
  int steps_ = 0;
  absl::flat_hash_map<Term, Term> memo_;
};

// The literals of a conjunction (And flattened), canonical; false if
// contradictory.
std::vector<Term> canonical(logic::TermManager& tm, const std::vector<Term>& conjuncts) {
  Minterm m = Minterm::of(tm, conjuncts);
  return std::vector<Term>(m.begin(), m.end());
}

bool is_false(const std::vector<Term>& lits) { return lits.size() == 1 && lits[0].is_false(); }

}  // namespace
}  // namespace internal

Simplifier::Simplifier(logic::TermManager& tm, const types::TypeFacts* types, SimplifierOptions options)
    : tm_(tm), types_(types), options_(options) {}

Minterm Simplifier::simplify(const Minterm& m) {
  using internal::RewriteStatus;
  ++stats_.minterms;
  if (m.is_false()) {
    ++stats_.proved_false;
    return m;
  }
  if (m.is_true()) return m;
  internal::Context ctx(tm_, types_, options_);
  internal::TermRewriter rewriter(ctx, options_.max_steps_per_term);
  std::vector<Term> lits(m.begin(), m.end());
  auto literal_rule = [&](RewriteStatus status) {
    if (status != RewriteStatus::kFailed) {
      ++stats_.literal_rules;
      lits = internal::canonical(tm_, lits);
    }
    return internal::is_false(lits);
  };
  bool contradiction = false;
  for (int round = 0; round < options_.max_rounds && !contradiction; ++round) {
    ++stats_.rounds;
    const std::vector<Term> before = lits;
    if (options_.eliminate_equalities &&
        literal_rule(internal::eliminate_equalities(ctx, lits, &stats_.eliminated))) {
      contradiction = true;
      break;
    }
    // Each literal rewritten with the others as context.
    ctx.set_literals(lits);
    std::vector<Term> next;
    next.reserve(lits.size());
    for (size_t i = 0; i < lits.size(); ++i) {
      Term lit = lits[i];
      ctx.masked = lit;
      Term r = rewriter.rewrite_literal(lit);
      if (r.is_false()) {
        contradiction = true;
        break;
      }
      if (r != lit) {
        ctx.literals.erase(lit);
        for (Term part : Minterm::from_term(r)) ctx.literals.insert(part);
      }
      if (!r.is_true()) next.push_back(r);
    }
    if (contradiction) break;
    lits = internal::canonical(tm_, next);
    if (internal::is_false(lits)) {
      contradiction = true;
      break;
    }
    ctx.masked = Term();
    if (literal_rule(internal::bool_literal_rules(ctx, lits)) ||
        literal_rule(internal::type_literal_rules(ctx, lits)) ||
        literal_rule(internal::difference_rules(ctx, lits, &stats_.dropped))) {
      contradiction = true;
      break;
    }
    if (lits == before) break;
  }
  stats_.rewrites += ctx.rewrites;
  if (contradiction) {
    ++stats_.proved_false;
    return Minterm::from_term(tm_.mk_false());
  }
  return Minterm::of(tm_, lits);
}

}  // namespace jwp::simplifier
