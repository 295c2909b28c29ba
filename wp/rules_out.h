// The forward facts' states against a minterm (absint/forward_facts.h): a
// minterm at the start of a block of the goal's method is ruled out when
// every state the forward analysis found there makes one of its literals
// false, so no execution from the method's entry reaches the block in a
// state that satisfies them all. The literals are decided over the domain
// as a branch is (absint::CompareIn).
#ifndef JWP_WP_RULES_OUT_H_
#define JWP_WP_RULES_OUT_H_

#include <functional>
#include <vector>

#include "absint/forward_facts.h"
#include "ir/ir.h"
#include "logic/term_manager.h"

namespace jwp::wp {

// True when, in every state at the entry of block `b` of the goal's method,
// one of `literals` (over the method's variables) is false. `value_of` maps
// a variable of the method to its SSA value (kNone for any other term).
// What the states say nothing of (skolems, generics, types, the fields of
// objects the analysis does not track) is never false.
bool RulesOut(const absint::ForwardFacts& facts, ir::BlockId b, const logic::TermManager& tm,
              const std::vector<logic::Term>& literals, const std::function<ir::ValueId(logic::Term)>& value_of);

}  // namespace jwp::wp

#endif  // JWP_WP_RULES_OUT_H_
