// Turning a Z3 model of an encoded query into a Witness (witness.h).
// Private to solver/.
#ifndef JWP_SOLVER_INTERNAL_WITNESS_BUILDER_H_
#define JWP_SOLVER_INTERNAL_WITNESS_BUILDER_H_

#include <z3++.h>

#include "logic/term_manager.h"
#include "types/type_facts.h"
#include "solver/internal/encoder.h"
#include "solver/internal/model_evaluator.h"
#include "solver/witness.h"

namespace jwp::solver::internal {

// Values of the query's variables, then the objects they reach through the
// field and array reads of the query (breadth first: "o1", "o2", ... in
// order of discovery), each with a concrete class. `model` evaluates in
// the query's model (and keeps what it evaluated for the caller).
Witness build_witness(Encoder& encoder, ModelEvaluator& model, const logic::TermManager& tm,
                      const types::TypeFacts* types);

}  // namespace jwp::solver::internal

#endif  // JWP_SOLVER_INTERNAL_WITNESS_BUILDER_H_
