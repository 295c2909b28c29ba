// Witnesses: a Z3 model of a precondition turned into concrete Java values
// (issue #4, "models turned into witnesses"): a value for each variable of
// the formula, and for each reference reachable through the heap paths the
// formula mentions an object with a concrete (instantiable) class, its field
// values, and for arrays their length and the elements the formula reads.
// A plain value type: app/ serializes it; it holds no Z3 or solver state.
// The logic::Term handles in it belong to the solver's TermManager.
#ifndef JWP_SOLVER_WITNESS_H_
#define JWP_SOLVER_WITNESS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "logic/term.h"
#include "logic/term_manager.h"

namespace jwp::solver {

struct WitnessValue {
  enum class Kind : uint8_t {
    kBool,    // `integral` is 0 or 1
    kInt,     // `integral` (32-bit, sign-extended)
    kLong,    // `integral`
    kFloat,   // `bits`: the IEEE binary32 bits (NaN canonical 0x7fc00000)
    kDouble,  // `bits`: the IEEE binary64 bits (NaN canonical)
    kNull,
    kRef,     // `object`: the id of a WitnessObject ("o1")
    kOpaque,  // a value of another sort (Type, Method, a map): `text`
  };
  Kind kind = Kind::kNull;
  int64_t integral = 0;
  uint64_t bits = 0;
  std::string object;
  std::string text;  // kOpaque: Z3's printed value, or a type name for Type values

  friend bool operator==(const WitnessValue&, const WitnessValue&) = default;
};

struct WitnessVariable {
  logic::Term var;        // the variable term
  std::string name;       // its display name (VarInfo::name)
  logic::VarRole role = logic::VarRole::kProgram;
  WitnessValue value;
};

struct WitnessField {
  logic::Term field;  // the field map constant
  std::string owner, name, descriptor;
  WitnessValue value;
};

struct WitnessElement {
  int32_t index = 0;
  WitnessValue value;
};

struct WitnessObject {
  std::string id;    // "o1", "o2", ... in order of first discovery
  std::string type;  // concrete class: "java/util/ArrayList", "[I", ...
  std::vector<WitnessField> fields;      // in order of discovery
  std::optional<int32_t> length;         // arrays: the length, when known
  std::vector<WitnessElement> elements;  // arrays: elements read, by index
  std::optional<std::string> string_value;  // a string literal's text
  // A java.lang.Class object (classOf(t), logic/term.h rule 12): the type t
  // it stands for, as an internal name or array descriptor.
  std::optional<std::string> class_literal;
  // The object a class constant holds ("owner.name:descriptor", a static
  // final field its class initializer sets): the witness refers to it, it
  // is not allocated, and `fields` are what the formula needs of it (the
  // runner checks them, it cannot set them). Set by wp (the solver knows
  // no fields).
  std::optional<std::string> static_value;
};

struct Witness {
  std::vector<WitnessVariable> variables;  // sorted by term id
  std::vector<WitnessObject> objects;
  // False when the formula mentions skolem constants (the unknowns of a
  // skipped call): their values cannot be forced by choosing inputs.
  bool replayable = true;
  // What the witness rests on: uninterpreted operations, guessed classes.
  std::vector<std::string> notes;
  // Where the model breaks a field's or an array element's declared type
  // ("o1.lowerBound (com/google/common/collect/Cut) holds o3 of class
  // com/google/common/base/Absent"): a model the encoding's axioms (T5, T6)
  // exclude, which Z3 4.8.12's QF_AUFBV tactic has returned; no JVM can
  // take such a witness. Also a java/lang/Class object of no type the query
  // names. Empty for a well-typed witness.
  std::vector<std::string> type_errors;

  const WitnessVariable* find_variable(std::string_view name) const;
  const WitnessObject* find_object(std::string_view id) const;
  const WitnessField* find_field(const WitnessObject& o, std::string_view field_name) const;
};

// Java-like, for logs and tests: "x = 5; p = o1; o1: t/B { val = 3 }".
std::string to_string(const WitnessValue& v);
std::string to_string(const Witness& w);

}  // namespace jwp::solver

#endif  // JWP_SOLVER_WITNESS_H_
