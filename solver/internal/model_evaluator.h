// Evaluation of many terms in one Z3 model, sharing the work.
// Private to solver/.
//
// z3::model::eval starts afresh at each call: evaluating a read of a heap
// map evaluates the whole chain of updates below it again, so a witness of
// a query whose maps pass through many calls' effects costs seconds when
// each of hundreds of reads is evaluated alone. ModelEvaluator evaluates a
// term's arguments first and remembers each subterm's value, so each
// subterm is evaluated once per model, whatever asks for it.
#ifndef JWP_SOLVER_INTERNAL_MODEL_EVALUATOR_H_
#define JWP_SOLVER_INTERNAL_MODEL_EVALUATOR_H_

#include <z3++.h>

#include <utility>

#include "absl/container/flat_hash_map.h"

namespace jwp::solver::internal {

class ModelEvaluator {
 public:
  // `model` must outlive the evaluator. Evaluation completes the model
  // (constants it leaves free take their sort's default), as
  // z3::model::eval(x, true) does.
  explicit ModelEvaluator(const z3::model& model) : model_(model) {}

  // The value of the ground term `x` in the model.
  z3::expr Eval(const z3::expr& x);

  const z3::model& model() const { return model_; }

 private:
  z3::expr EvalApp(const z3::expr& x);

  const z3::model& model_;
  // AST id -> (the term, its value). The term is kept so that its id
  // stays its own: Z3 gives a freed AST's id to the next new one.
  absl::flat_hash_map<unsigned, std::pair<z3::expr, z3::expr>> values_;
};

}  // namespace jwp::solver::internal

#endif  // JWP_SOLVER_INTERNAL_MODEL_EVALUATOR_H_
