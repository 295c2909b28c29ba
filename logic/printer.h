// Printing terms and minterms in two forms:
//  - Java-like, for people (reports, `jwp wp`, logs): field reads as `x.f`,
//    array reads as `a[i]`, lengths as `a.length`, subType(typeOf(x), T) as
//    `x instanceof T`, fresh objects as `new T#3`, Java literals (5, 5L,
//    1.5f, Double.NaN, -2147483648), Java operator precedence. The paper's
//    notation (PLDI'09, Section 4.1: "we write x.foo for read(foo, x)").
//  - SMT-LIB 2, for solvers and bug reports: a self-contained script
//    fragment (declarations of the sorts, functions and constants used,
//    background axioms, then one assert per assertion). int/long are
//    (_ BitVec 32/64) with Java's division, shift masking and conversions;
//    float/double are (_ FloatingPoint 8 24 / 11 53); field maps are
//    (Array Ref V) and array maps (Array Ref (Array (_ BitVec 32) V)); Ref,
//    Type, Method and Sig are uninterpreted sorts with `null`, `typeOf`,
//    `subType` and `dispatch`. Java's float remainder (fmod) has no SMT-LIB
//    operator and is an uninterpreted function `java.frem.F`/`java.frem.D`.
// Output is deterministic: names and order follow term ids and structure,
// never pointers or hash order. Both printers print DAGs as trees (the
// SMT-LIB printer names large shared subterms with define-fun).
#ifndef JWP_LOGIC_PRINTER_H_
#define JWP_LOGIC_PRINTER_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "logic/minterm.h"
#include "logic/term.h"
#include "logic/term_manager.h"

namespace jwp::logic {

// ---- Java-like ------------------------------------------------------------
std::string to_java(const TermManager& tm, Term t);
// A string (UTF-8) as a Java string literal: "a\"b\n".
std::string java_string_literal(std::string_view s);
// Literals joined by " && "; "true" for the empty minterm.
std::string to_java(const TermManager& tm, const Minterm& m);
// "java/util/ArrayList" -> "java.util.ArrayList", "[I" -> "int[]",
// "[[Ljava/lang/String;" -> "java.lang.String[][]".
std::string java_type_name(std::string_view internal_name_or_descriptor);
// "(ILCar;)V" -> "(int, Car)".
std::string java_parameter_list(std::string_view method_descriptor);

// ---- SMT-LIB 2 ----------------------------------------------------------------
struct SmtLibOptions {
  // Facts of the logic the solver cannot know otherwise: distinct type,
  // method and signature constants; null, fresh objects and string literals
  // pairwise distinct; typeOf of fresh objects and string literals; array
  // lengths of fresh arrays; default field and element values of fresh
  // objects in the map constants; 0 <= length for each length read.
  bool background_axioms = true;
  bool set_logic = false;  // start with (set-logic ALL)
  bool check_sat = false;  // end with (check-sat)
  // A non-leaf subterm used at least twice whose tree size is at least this
  // becomes (define-fun _tN () S ...); 0 disables sharing.
  uint32_t share_min_size = 12;
};

class SmtLibPrinter {
 public:
  explicit SmtLibPrinter(const TermManager& tm, SmtLibOptions options = {});

  void add_assertion(Term t);             // a Bool term
  void add_assertion(const Minterm& m);   // one assert per literal

  // The whole script. Calling it again after more add_assertion() calls
  // prints everything again.
  std::string script();
  // The SMT-LIB symbol of each declared leaf (variables, constants, fresh
  // objects, maps), in declaration order, for reading models back. Valid
  // after script().
  const std::vector<std::pair<Term, std::string>>& declared() const { return declared_; }

 private:
  std::string name_for(Term leaf);
  std::string unique(std::string base);
  std::string expr(Term t);
  void expr_to(Term t, std::string& out);
  std::string int_literal(Sort s, int64_t v) const;

  const TermManager& tm_;
  SmtLibOptions options_;
  std::vector<Term> assertions_;
  // Per script():
  absl::flat_hash_map<uint32_t, std::string> names_;    // leaf id -> symbol
  absl::flat_hash_map<uint32_t, std::string> shared_;   // shared id -> _tN
  absl::flat_hash_set<std::string> used_names_;
  std::vector<std::pair<Term, std::string>> declared_;
};

// One-shot: the script asserting each term.
std::string to_smtlib(const TermManager& tm, std::span<const Term> assertions,
                      const SmtLibOptions& options = {});
std::string to_smtlib(const TermManager& tm, const Minterm& m, const SmtLibOptions& options = {});
// The SMT-LIB sort: "(_ BitVec 32)", "(Array Ref (_ BitVec 32))", "Ref", ...
std::string smtlib_sort(Sort s);

}  // namespace jwp::logic

#endif  // JWP_LOGIC_PRINTER_H_
