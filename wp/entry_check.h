// The entry check (PLDI'09 Section 3: a precondition that reaches the
// entry is the answer once Z3 finds it satisfiable; DESIGN.md, "Soundness
// of FOUND"): a minterm at the entry method's start is typed (the declared
// types of the parameters, the dispatch of an overridable entry), checked
// by Z3 under the exact encoding, and its model turned into a witness the
// witness runner can replay on a JVM. What the search decides before it
// (skipped calls still in the minterm, the budget of final checks) is the
// search's; this is the check itself.
#ifndef JWP_WP_ENTRY_CHECK_H_
#define JWP_WP_ENTRY_CHECK_H_

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ir/ir.h"
#include "logic/minterm.h"
#include "logic/term_manager.h"
#include "solver/solver.h"
#include "wp/engine.h"
#include "wp/lambda_type_facts.h"
#include "wp/transformer.h"
#include "wp/vocabulary.h"

namespace jwp::wp {

// Java values of sub-int types are ints in a range: adds those ranges for
// the parameters, fields, static fields and array elements of boolean,
// byte, char and short that `phi` reads (and a static field's declared type).
void add_ranges(logic::TermManager& tm, const Vocabulary& vocab, logic::Term phi, std::vector<logic::Term>* out);

class EntryCheck {
 public:
  // An entry: its IR and the transformer that names its variables.
  struct Entry {
    const ir::MethodIR& ir;
    Transformer& tr;
  };
  // A satisfiable precondition with its witness.
  struct Found {
    std::string precondition;  // as Java, for the reader
    std::string smtlib;        // the query Z3 answered
    Replay witness;
    std::vector<std::string> static_inputs;  // Vocabulary::static_inputs
    // A candidate's literals about the calls it passed (their results and
    // effects), as Java: not part of `precondition`, which is the inputs'.
    std::vector<std::string> assumed;
    // The minterm `precondition` renders (EngineOptions::max_preconditions
    // merges these).
    logic::Minterm shown;
    // The internal state it reads (Vocabulary::internal_state).
    std::vector<std::string> internal_state;
  };
  // The solver as the search calls it (it times the calls).
  using SolverCall = std::function<solver::CheckResult(std::span<const logic::Term>, bool want_witness)>;

  EntryCheck(logic::TermManager& tm, Vocabulary& vocab, const LambdaTypeFacts& types)
      : tm_(tm), vocab_(vocab), types_(types) {}

  // `phi` (no skolems left) at the start of `entry`: Found with its witness,
  // or nullopt with *why_not saying why it is no answer ("" when Z3 proved
  // it unsatisfiable). `with_skolems`: `phi` is a candidate of optimistic
  // calls (EngineOptions::optimistic_calls), whose skolems Z3 chooses
  // freely: its witness is the inputs alone, for the JVM to try.
  // `prefer`: literals the witness should satisfy when it can (asked
  // first; the precondition is phi's, without them).
  std::optional<Found> Check(const logic::Minterm& phi, Entry entry, const SolverCall& check, std::string* why_not,
                             bool with_skolems = false, std::span<const logic::Term> prefer = {});

  // Documentation (EngineOptions::max_preconditions > 1): a literal of the
  // shown precondition that the rest of the query (the other literals, the
  // typing, ranges and invariants) implies is left out of it, as Z3 proves.
  void set_drop_implied(bool on) { drop_implied_ = on; }

  // Whether `facts` at the start of `entry` are unsatisfiable, proved: with
  // the entry's typing, the ranges, the String model's invariants and the
  // declared types of the results of the skipped calls they name (a cut
  // type domain or an unknown is no proof).
  bool ProvesUnsat(std::vector<logic::Term> facts, Entry entry, const SolverCall& check);

  // Well-typed inputs: `this` a non-null instance of its class that does
  // not override the entry, reference parameters null or instances of
  // their declared types, sub-int parameters in their range.
  std::vector<logic::Term> Typing(Entry entry);
  // typeOf(p) <: T for each reference parameter p of declared type T (and
  // `this`): what Typing implies of a parameter that is dereferenced.
  std::vector<logic::Term> DeclaredTypeBounds(Entry entry);
  // dispatch(typeOf(this), entry) == entry when a subclass could override
  // the entry method; null otherwise.
  logic::Term Dispatch(Entry entry);
  // The entry's `this` when the entry is a constructor (its fields are not
  // yet initialized); null otherwise.
  logic::Term Uninitialized(Entry entry);
  // What a witness's stand-ins (types/stand_ins.h) assume, in words.
  std::vector<std::string> StandInAssumptions(const Replay& r) const;

 private:
  // Nullopt when the model has no replayable form.
  std::optional<Replay> WitnessOf(const solver::Witness& w, Entry entry);
  void AddStandInReturns(const solver::Witness& w, Replay* r);
  // The String model's invariant for the strings `phi` reads the characters of.
  void AddStringModelInvariants(const logic::Minterm& phi, std::vector<logic::Term>* out);
  // For display: `phi` without the String model's facts about literals.
  logic::Minterm WithoutLiteralFacts(const logic::Minterm& phi);
  // Whether `facts` are unsatisfiable, proved without `typing` first, then
  // with it.
  static bool ProvedUntypedFirst(std::vector<logic::Term> facts, const std::vector<logic::Term>& typing,
                                 const SolverCall& check);
  // `shown` without the literals the rest of `query` implies (`typing`: the
  // parameters' typing among them, left out of a first try).
  logic::Minterm WithoutImplied(const logic::Minterm& shown, std::vector<logic::Term> query, const SolverCall& check,
                                const std::vector<logic::Term>& typing);
  // `shown` with each literal about the class of a value that holds only
  // class constants (dispatch(typeOf(this.phase), m) == m: which method
  // runs on it) said as the constants it holds for (this.phase !=
  // Phase.RUNNING), when Z3 decides each under `query` (its other
  // literals and facts); the literal as it is otherwise.
  logic::Minterm AsClassConstants(const logic::Minterm& shown, const std::vector<logic::Term>& query,
                                  const SolverCall& check, logic::Term uninitialized);
  // `shown` with each literal `dispatch(typeOf(x), sig) == C.m` (or its
  // negation) that is left said as the type tests Java has: x's class
  // runs C.m exactly when it is C or a subclass that does not override m,
  // `x instanceof C && !(x instanceof D)` for the subclasses D of C that
  // declare their own m (a few at most), when Z3 proves the two equal
  // under `query`; the literal as it is otherwise.
  logic::Minterm AsTypeTests(const logic::Minterm& shown, const std::vector<logic::Term>& query,
                             const SolverCall& check);
  // The classes below `cls` (an internal name) that declare their own
  // `name descriptor`, the first on each path down; nullopt past a few, or
  // when the hierarchy below is not known.
  std::optional<std::vector<std::string>> Overriders(std::string_view cls, std::string_view name,
                                                     std::string_view descriptor) const;
  // Whether `query` without `lit`, and with `a` and `b`, is unsatisfiable
  // (Z3 proves it).
  static bool UnsatWithout(const std::vector<logic::Term>& query, logic::Term lit, logic::Term a, logic::Term b,
                           const SolverCall& check);
  bool drop_implied_ = false;

  logic::TermManager& tm_;
  Vocabulary& vocab_;
  const LambdaTypeFacts& types_;
};

}  // namespace jwp::wp

#endif  // JWP_WP_ENTRY_CHECK_H_
