// ModelEvaluator (model_evaluator.h): bottom-up evaluation with a memo.
#include "solver/internal/model_evaluator.h"

#include <utility>
#include <vector>

namespace jwp::solver::internal {

// Post-order over the term's DAG with an explicit stack (update chains can
// be thousands deep): a node is evaluated once all its arguments have
// values, as its function applied to those values.
z3::expr ModelEvaluator::Eval(const z3::expr& x) {
  if (auto it = values_.find(x.id()); it != values_.end()) return it->second.second;
  std::vector<std::pair<z3::expr, bool>> stack;  // (term, arguments pushed)
  stack.emplace_back(x, false);
  while (!stack.empty()) {
    auto [t, expanded] = stack.back();
    if (values_.contains(t.id())) {
      stack.pop_back();
      continue;
    }
    if (!t.is_app() || t.num_args() == 0 || expanded) {
      stack.pop_back();
      values_.emplace(t.id(), std::make_pair(t, t.is_app() ? EvalApp(t) : model_.eval(t, true)));
      continue;
    }
    stack.back().second = true;
    for (unsigned i = 0; i < t.num_args(); ++i) {
      z3::expr a = t.arg(i);
      if (!values_.contains(a.id())) stack.emplace_back(a, false);
    }
  }
  return values_.at(x.id()).second;
}

// An application whose arguments have values: its function applied to
// them, evaluated (a constant: its value in the model, completed).
z3::expr ModelEvaluator::EvalApp(const z3::expr& x) {
  if (x.num_args() == 0) return model_.eval(x, true);
  z3::expr_vector args(x.ctx());
  for (unsigned i = 0; i < x.num_args(); ++i) args.push_back(values_.at(x.arg(i).id()).second);
  return model_.eval(x.decl()(args), true);
}

}  // namespace jwp::solver::internal
