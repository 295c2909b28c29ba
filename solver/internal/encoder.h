// The encoding of jwp terms into Z3 for one query (solver.h): every term
// kind with Java's exact semantics, agreeing kind by kind with the SMT-LIB
// printer (logic/smtlib_printer.cc), and the axioms of logic/AXIOMS.md
// instantiated over the query's subterms. Private to solver/.
#ifndef JWP_SOLVER_INTERNAL_ENCODER_H_
#define JWP_SOLVER_INTERNAL_ENCODER_H_

#include <z3++.h>

#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "logic/term.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"

namespace jwp::solver::internal {

// The class or array type named by a reference field descriptor
// ("Ljava/lang/String;" -> "java/lang/String", "[I" -> "[I"), or "" for a
// primitive descriptor.
std::string descriptor_type(std::string_view d);
// The element type of a reference array type name ("[LC;" -> "C",
// "[[I" -> "[I"), or "" for other types and primitive arrays.
std::string reference_element_type(std::string_view type);

struct EncoderOptions {
  const types::TypeFacts* types = nullptr;
  size_t max_subtypes_per_type = 8;
  // Also constrain typeOf of every reference variable and read (T2, T3),
  // so that models give each object of a witness a domain type. Adding
  // these instances never changes satisfiability (typeOf of an otherwise
  // unconstrained reference can be java/lang/Object).
  bool type_every_reference = false;
  // Encode mod(m, σ) (a map after a skipped call's effect) as σ itself,
  // instead of an uninterpreted function of both. That fixes the function
  // (to its second argument), so it only strengthens the query: a model of
  // this encoding is one of the query (with mod taken as that function),
  // but unsat says nothing. Its point is the model: Z3 has to tell apart
  // every map an uninterpreted function over maps is applied to, and does
  // so with fresh references (tens of thousands for a few hundred mod
  // terms), which makes getting and evaluating the model take seconds.
  bool mods_as_effects = false;
};

// One query's encoding. Lives no longer than its z3::context; not reused
// across queries (the finite type domain depends on the query).
class Encoder {
 public:
  Encoder(z3::context& ctx, logic::TermManager& tm, EncoderOptions options);

  // Encodes the Bool assertions and the axiom instances over their
  // subterms. Throws z3::exception on a Z3 error.
  void encode(std::span<const logic::Term> assertions);

  const std::vector<z3::expr>& assertions() const { return assertions_; }
  const std::vector<z3::expr>& axioms() const { return axioms_; }
  const std::vector<std::string>& assumptions() const { return assumptions_; }
  // Whether the finite Type domain was cut (CheckResult::type_domain_cut),
  // and the operations encoded as uninterpreted functions.
  bool type_domain_cut() const { return type_domain_cut_; }
  const std::vector<std::string>& uninterpreted() const { return uninterpreted_; }
  // Whether the encoding has a floating-point sort (float or double terms).
  bool uses_floating_point() const { return uses_floating_point_; }
  // Whether a mod term was encoded as its effect (mods_as_effects).
  bool encoded_mods_as_effects() const { return encoded_mods_as_effects_; }

  // ---- For witness extraction (after encode) -------------------------------
  // The encoding of a subterm of the assertions.
  const z3::expr& expr(logic::Term t) const { return enc_.at(t.id()); }
  // Every distinct subterm, children first.
  const std::vector<logic::Term>& subterms() const { return subterms_; }
  z3::expr null() const { return null_; }
  z3::expr type_of(const z3::expr& ref) const { return typeof_fn_(ref); }
  z3::expr select(const z3::expr& map, const z3::expr& index) const;
  // A field or array map constant's encoding (it need not occur in the query).
  z3::expr map_constant(logic::Term map_const);
  // The type constants a Type value may be: the finite domain with
  // TypeFacts, else the type constants of the query; name -> constant.
  const std::map<std::string, z3::expr>& type_constants() const { return types_; }
  // What a witness prefers once the query is satisfiable (never part of the
  // query: they could make it unsatisfiable), in groups from the most
  // wanted: no object of a class the JVM cannot load on this class path
  // (TypeFacts::is_loadable); every classType(c) one of the named types, so that the class
  // object c can be built; then every array length the query reads at most
  // kPreferredMaxLength, so that the runner can allocate the arrays and a
  // test built on the witness stays small; last, every character the query
  // reads of an array the entry holds (a String parameter's) a lowercase
  // letter, so that a made string names a file or a key. Empty groups are
  // left out.
  std::vector<std::vector<z3::expr>> witness_preferences();
  static constexpr uint32_t kPreferredMaxLength = 1024;
  bool has_type_facts() const { return options_.types != nullptr; }
  bool is_instantiable(const std::string& type) const;
  // References whose typeOf the encoding constrains (keys: Z3 ast ids of
  // the argument).
  const std::vector<z3::expr>& typed_references() const { return typeof_args_; }

  // The field or array map constant under update/aupdate/mod chains, or
  // the null handle.
  static logic::Term base_map(logic::Term map, bool through_mod = true);

 private:
  z3::expr wrap(Z3_ast a);
  z3::sort sort(logic::Sort s);
  z3::expr fp_bits(logic::Sort s, uint64_t bits);
  z3::expr default_value(logic::Sort value_sort);
  z3::expr leaf(logic::Term t);
  z3::expr node(logic::Term t);
  z3::expr type_const(const std::string& name);
  z3::expr method_const(const std::string& owner, const std::string& name,
                        const std::string& descriptor);
  z3::expr typed(const z3::expr& ref);  // typeOf(ref), recorded for T2/T3
  // For read(M, u) / aread(M, u, i) with M a chain of updates over a
  // constant: the read of the constant itself (equal to e(t) without
  // updates); for other terms e(t).
  z3::expr constant_read(logic::Term t);
  z3::expr conversion(logic::Term t, const z3::expr& x);
  z3::func_decl mod_fn(logic::Sort map_sort);
  z3::func_decl frem_fn(logic::Sort s);
  const z3::expr& e(logic::Term t) const { return enc_.at(t.id()); }
  void collect();
  void build_domain();
  void add_axioms();
  void add_type_name(const std::string& name);
  void note(std::string assumption);

  z3::context& ctx_;
  logic::TermManager& tm_;
  EncoderOptions options_;
  z3::sort ref_, type_, method_, sig_, string_;
  z3::expr null_;
  z3::func_decl typeof_fn_, subtype_fn_, dispatch_fn_;
  z3::func_decl class_of_fn_, class_type_fn_;  // classOf: Type -> Ref and its inverse
  z3::func_decl elem_type_fn_;                  // elemType: Type -> Type (rule 13)

  std::vector<logic::Term> subterms_;
  absl::flat_hash_map<uint32_t, z3::expr> enc_;
  std::vector<z3::expr> assertions_;
  std::vector<z3::expr> axioms_;
  std::vector<std::string> assumptions_;  // every note, in order
  bool type_domain_cut_ = false;
  std::vector<std::string> uninterpreted_;

  // What the query mentions (collect()).
  std::vector<std::string> type_names_;  // in order of first mention
  absl::flat_hash_set<std::string> type_name_set_;
  std::vector<logic::Term> fresh_, strings_, field_consts_, array_consts_, sig_consts_;
  std::vector<logic::Term> class_ofs_;  // classOf(t) terms: rule 12
  bool elem_types_ = false;  // the query has elemType terms: rule 13
  std::vector<logic::Term> class_types_;  // classType(c) terms: one of the domain's types (witnesses)
  std::vector<logic::Term> length_indices_;  // u of read(length..., u): H2
  std::vector<logic::Term> entry_char_reads_;  // witness_preferences: letters
  // Reads of a Ref field constant F, directly or through updates of F: T5.
  std::vector<logic::Term> ref_field_reads_;
  std::vector<logic::Term> ref_element_reads_;  // aread(A, a, i) of reference arrays, for T6
  // H4: program variables, reads of field and array map constants (directly
  // or through updates: see constant_read).
  std::vector<logic::Term> preexisting_refs_;
  std::vector<logic::Term> non_null_vars_;
  std::vector<logic::Term> subtype_terms_, dispatch_terms_, type_vars_, witness_refs_;
  std::vector<std::string> dispatch_owners_;
  std::vector<std::string> method_owners_;  // the classes of the query's method constants

  bool uses_floating_point_ = false;
  bool encoded_mods_as_effects_ = false;
  bool all_subtype_pairs_ = false;
  std::vector<std::string> subtype_targets_;

  // Type constants (name -> Z3 constant) and the domain's instantiable ones.
  std::map<std::string, z3::expr> types_;
  absl::flat_hash_set<std::string> instantiable_;
  absl::flat_hash_set<std::string> unloadable_;  // instantiable, but not loadable (TypeFacts::is_loadable)
  std::map<std::string, z3::expr> methods_;
  // typeOf applications' arguments, deduplicated by Z3 ast id.
  std::vector<z3::expr> typeof_args_;
  absl::flat_hash_set<unsigned> typeof_ids_;
  std::map<uint16_t, z3::func_decl> mod_fns_, frem_fns_;
};

}  // namespace jwp::solver::internal

#endif  // JWP_SOLVER_INTERNAL_ENCODER_H_
