// Witness completion (DESIGN.md, "Reachable states"). A field of a
// witness's object that the formula never reads may hold any value as far
// as the precondition goes, but the witness runner, which allocates such
// an object without a constructor, would leave it at its default: often a
// state no program makes (a LocalCache without its key equivalence, a
// ReentrantLock subclass without its synchronizer). A candidate that
// passed a call without entering it then throws inside that call on the
// JVM and is refuted for a state it never needed.
//
// Completion gives each such field a value its class's code leaves there
// once the object is constructed: its field facts' initialized values
// (absint/field_facts.h), or, for a field without facts, what its class's
// code most likely leaves there (FieldFact::constructed: a reference every
// constructor stores and no code sets to null is an object of its type).
// It fills only fields whose default is not among those values, only in objects of
// classes outside the JDK (the runner makes a JDK object with its public
// no-argument constructor, or as an everyday value), and never the entry
// constructor's receiver or a class constant. A constant is stored as it
// is; an object is, in this order, an object of the witness that holds
// this one (directly or a few levels up) and that the value allows (a back
// reference: a segment's map, an inner class's outer instance), or a new
// witness object of a class the value allows (the class itself when it
// can be instantiated, else the JDK's everyday implementation of an
// interface, else the concrete subclass with the fewest fields), completed
// in turn. The precondition is unchanged: it never reads these fields, and
// every FOUND is still the JVM's to confirm where calls were passed.
#ifndef JWP_WP_WITNESS_COMPLETION_H_
#define JWP_WP_WITNESS_COMPLETION_H_

#include <string_view>

#include "solver/witness.h"
#include "types/type_facts.h"
#include "wp/vocabulary.h"

namespace jwp::wp {

// The class a witness prefers for a reference declared as interface
// `type` (an internal name): the JDK's everyday implementation of a
// collection interface (java/util/Map: java/util/HashMap), the default
// file system's Path; "" for any other type.
std::string_view EverydayClass(std::string_view type);

// Completes the objects of `w` (above); `uninitialized` is the id of the
// entry constructor's receiver ("" when none). At most
// kMaxCompletedObjects objects are added.
void CompleteFields(Vocabulary& vocab, const types::TypeFacts& types, solver::Witness* w,
                    std::string_view uninitialized);

inline constexpr size_t kMaxCompletedObjects = 16;

// A candidate's model (optimistic calls: a formula over the maps of calls
// it passed) may give an object what its class cannot have: a length or
// elements for an object of a class, fields for an array, a field of a
// class that is not its own or a superclass (a String model's characters
// on an Object). No JVM builds that; the candidate's inputs are the rest,
// and the JVM decides whether they reach the goal. Drops those. Never for
// an exact precondition, whose well-typed models have none.
void ForgetWhatNoObjectHas(const types::TypeFacts& types, solver::Witness* w);

}  // namespace jwp::wp

#endif  // JWP_WP_WITNESS_COMPLETION_H_
