#include "logic/substitution.h"

#include "absl/strings/str_cat.h"
#include "boost/container/small_vector.hpp"
#include "base/check.h"

namespace jwp::logic {

void Substitution::add(Term from, Term to) {
  JWP_CHECK(!from.is_null() && !to.is_null(), "substitution of a null term");
  JWP_CHECK(from.sort() == to.sort(),
            absl::StrCat("substitution of a ", sort_name(from.sort()), " by a ",
                         sort_name(to.sort())));
  map_[from] = to;
  from_masks_.clear();
  for (const auto& [f, unused] : map_) from_masks_.push_back(f.leaf_mask());
  memo_.clear();
}

// A subterm can contain `from` only if its leaves include all of from's.
bool Substitution::may_contain_from(Term t) const {
  const uint64_t mask = t.leaf_mask();
  for (uint64_t m : from_masks_) {
    if ((m & ~mask) == 0) return true;
  }
  return false;
}

Term Substitution::apply(Term root) {
  if (map_.empty()) return root;
  // Iterative post-order: deep update chains must not overflow the stack.
  struct Frame {
    Term t;
    bool expanded;
  };
  boost::container::small_vector<Frame, 32> stack;
  stack.push_back({root, false});
  boost::container::small_vector<Term, 8> args;
  while (!stack.empty()) {
    Frame& top = stack.back();
    Term t = top.t;
    if (!top.expanded) {
      if (memo_.contains(t)) {
        ++stats_.cached;
        stack.pop_back();
        continue;
      }
      ++stats_.visited;
      if (auto it = map_.find(t); it != map_.end()) {
        memo_.emplace(t, it->second);
        stack.pop_back();
        continue;
      }
      if (t.num_args() == 0 || !may_contain_from(t)) {
        if (t.num_args() > 0) ++stats_.pruned;
        memo_.emplace(t, t);
        stack.pop_back();
        continue;
      }
      top.expanded = true;
      // Push children; `top` may dangle after push_back.
      std::span<const Term> children = t.args();
      for (size_t i = children.size(); i-- > 0;) {
        if (memo_.contains(children[i])) {
          ++stats_.cached;
        } else {
          stack.push_back({children[i], false});
        }
      }
      continue;
    }
    args.clear();
    for (Term c : t.args()) args.push_back(memo_.at(c));
    memo_.emplace(t, tm_.rebuild(t, std::span<const Term>(args.data(), args.size())));
    stack.pop_back();
  }
  return memo_.at(root);
}

Minterm Substitution::apply(const Minterm& m) {
  if (m.is_true()) return m;
  return Minterm::from_term(apply(m.term()));
}

std::vector<Term> Substitution::apply(std::span<const Term> terms) {
  std::vector<Term> out;
  out.reserve(terms.size());
  for (Term t : terms) out.push_back(apply(t));
  return out;
}

Term substitute(TermManager& tm, Term t, Term from, Term to) {
  Substitution s(tm);
  s.add(from, to);
  return s.apply(t);
}

}  // namespace jwp::logic
