// The names of IR entities in the logic (PLDI'09 Table 2): SSA values become
// program variables of their method's namespace, declared fields become field
// map constants (after field resolution, JVMS 5.4.3.2, so that C.f and its
// superclass's S.f are one map), static fields become program variables of a
// global namespace, array element descriptors become array map constants.
// One Vocabulary per goal, over that goal's TermManager.
#ifndef JWP_WP_VOCABULARY_H_
#define JWP_WP_VOCABULARY_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absint/field_facts.h"
#include "absint/non_null_returns.h"
#include "wp/engine.h"
#include "callgraph/lambda_classes.h"
#include "classfile/class_hierarchy.h"
#include "classfile/strings.h"
#include "ir/ir.h"
#include "logic/minterm.h"
#include "logic/term_manager.h"
#include "solver/witness.h"

namespace jwp::wp {

// The namespace of static fields (method namespaces start at 1).
inline constexpr uint32_t kStaticNamespace = 0x7fffffff;
// The namespace of class constants (Vocabulary::class_constant_of).
inline constexpr uint32_t kConstantNamespace = 0x7ffffffe;

// A read of the environment by a constant name (wp/environment.cc): a
// system property, System.getProperty("k") or getProperty("k", default),
// or an environment variable, System.getenv("NAME").
struct EnvironmentRead {
  enum class Source { kSystemProperty, kEnvironmentVariable };
  Source source = Source::kSystemProperty;
  std::string key;
  bool with_default = false;
};

class Vocabulary {
 public:
  Vocabulary(logic::TermManager& tm, const classfile::ClassHierarchy& h) : tm_(tm), h_(h) {}

  logic::TermManager& tm() { return tm_; }
  const classfile::ClassHierarchy& hierarchy() const { return h_; }

  // The lambda classes made so far (they are not on the class path); must
  // outlive the vocabulary.
  void set_lambdas(const callgraph::LambdaClasses* lambdas) { lambdas_ = lambdas; }
  // Whether `assert` statements run (EngineOptions::enable_assertions).
  void set_assertions_enabled(bool enabled) { assertions_enabled_ = enabled; }
  bool assertions_enabled() const { return assertions_enabled_; }
  // The field facts of the class path (absint/field_facts.h); null: the
  // fields at the entry are inputs like any other. Must outlive the
  // vocabulary.
  void set_field_facts(absint::FieldFacts* facts) { field_facts_ = facts; }
  absint::FieldFacts* field_facts() const { return field_facts_; }
  // --statics initial: the statics at the entry hold what their class
  // initializers leave there (absint::FieldFact::initial).
  void set_statics_initial(bool initial) { statics_initial_ = initial; }
  // The one value a field can ever hold (a field that is never written, or
  // only with its default): a getfield or getstatic of it reads that
  // constant. A null term when the facts give it more values, or none.
  logic::Term field_constant(std::string_view owner, std::string_view name, std::string_view descriptor);
  // For each field `phi` reads at the entry of the search (read(f, o) of an
  // entry heap's field map, and static non-final fields), that it holds one
  // of the values its facts allow: those of an initialized object (or
  // class); a field of `uninitialized` (the entry constructor's `this`,
  // which `new` has just made) holds its default.
  // With --statics initial, a static holds what its class initializer
  // leaves there; returns why not when that is not known for one `phi`
  // reads (then `phi` is no precondition), else "".
  std::string add_field_values(logic::Term phi, logic::Term uninitialized, std::vector<logic::Term>* out);
  // The static fields `phi` reads that a client may set (no field facts),
  // as "pkg.C.f (why)": inputs of a precondition under --statics any.
  std::vector<std::string> static_inputs(logic::Term phi);
  // The fields `phi` reads of objects other than the receiver (`this`), or
  // of the JDK's classes, and the JDK's static fields it takes as inputs
  // ("java.util.HashSet.map", "org.apache.commons.lang3.text.StrBuilder.size",
  // "java.lang.String.COMPACT_STRINGS"); array lengths and the String
  // model's characters are not counted. A precondition over them describes
  // an argument's or the JDK's internals, perhaps in a state no program
  // makes (issue #12): jwp exceptions leaves such conditions out of the
  // documentation (issue #30).
  std::vector<std::string> internal_state(logic::Term phi);
  // Whether a skipped call to `callee_owner.callee_name` leaves the
  // instance field map `field` as it is for every object the caller can
  // see: the field is written only by its class's constructors on the
  // object they make (absint::FieldFact::effectively_final), and the callee
  // is not a constructor of that class or a subclass (the one call that
  // sets it on an object its caller holds: `new C`, `invokespecial
  // C.<init>`). Only for skipped calls: an object the call makes flows out
  // of one as a skolem, whose field the frame leaves unknown; out of an
  // entered call it flows as fresh(T), whose fields the frame would read as
  // their defaults, though the constructor set them (so summaries frame
  // by the mod-set alone, which has the field when the callee may make one).
  bool kept_by_call(logic::Term field, std::string_view callee_owner, std::string_view callee_name);
  // A witness that some program can make (DESIGN.md, "Reachable states"):
  // "" when every field value of its objects (but `uninitialized`'s, the id
  // of an entry constructor's receiver) and every static it sets is one the
  // field facts allow; else which is not. The final check adds those facts,
  // so a model that breaks one is a bug: it is never reported FOUND.
  std::string breaks_field_facts(const solver::Witness& w, std::string_view uninitialized);
  // Every field fact the state of witness `w` must keep (as
  // breaks_field_facts checks them), each with whether it does.
  std::vector<FieldFactCheck> field_fact_checks(const solver::Witness& w, std::string_view uninitialized);
  // The field facts the search applied (FieldFact::description), in the
  // order first applied: JSON `facts_used`.
  const std::vector<std::string>& facts_used() const { return facts_used_; }
  // Adds a fact the search applied (a field fact, a method that never
  // returns null) to facts_used, once.
  void note_fact_used(const std::string& description);
  // Methods that never return null (absint/non_null_returns.h); null: none
  // are known. Must outlive the vocabulary.
  void set_non_null_returns(absint::NonNullReturns* n) { non_null_returns_ = n; }
  // Whether call `in` (or the method `m`) returns non-null whenever it
  // returns normally; the facts that say so are noted as used.
  bool returns_non_null(const ir::Instruction& in);
  bool returns_non_null(const callgraph::MethodId& m);
  // What a skipped call's code guarantees of its result (by call site): it
  // never returns null, and then is an instance of exactly its final
  // declared class. EntryCheck does not count literals that say only this
  // among what a candidate assumed of the calls it passed.
  struct ResultFacts {
    bool non_null = false;
    std::string exact_class;  // "" none
  };
  void note_result_facts(uint32_t site, ResultFacts f) { result_facts_[site] = std::move(f); }
  // Whether `lit` says of one skipped call's result only what its facts say:
  // σ != null, σ instanceof C, typeOf(σ) == C.
  bool is_result_fact(logic::Term lit) const;
  // The lambda class made for kLambda instruction `in` of `ir`, or null.
  const callgraph::LambdaClass* lambda_class(const ir::MethodIR& ir, const ir::Instruction& in) const;

  // A namespace id for a method ("pkg/C.m(desc)"); the same method gets the
  // same id.
  uint32_t namespace_of(const ir::MethodIR& ir);
  // A namespace never returned before: one per activation of a callee, so
  // that a recursive call's variables never meet its caller's.
  uint32_t fresh_namespace() { return next_fresh_ns_++; }

  // The sort of an IR value type; false for return addresses and void.
  static bool sort_of(ir::TypeKind kind, logic::Sort* sort);
  // The program variable of an SSA value: parameters are named as in the
  // source ("this", the LocalVariableTable name, else "arg<i>"), other
  // values "$<id>".
  logic::Term value(const ir::MethodIR& ir, uint32_t ns, ir::ValueId v);
  // The field map of a field reference (resolved to its declaring class).
  logic::Term field(std::string_view owner, std::string_view name, std::string_view descriptor);
  // The variable holding a static field (resolved), "pkg.C.f" in
  // kStaticNamespace. A static *final* field is set by its class's
  // initializer, not by the caller: it is a skolem (an unknown the search
  // cannot choose), so a minterm that constrains it is not a precondition.
  logic::Term static_field(std::string_view owner, std::string_view name,
                           std::string_view descriptor);
  // The array map for an element descriptor ("I", "B", "Ljava/lang/Object;").
  logic::Term array_map(std::string_view element_descriptor);
  // A type constant from an internal name or a descriptor ("LFoo;" -> "Foo").
  logic::Term type(std::string_view name_or_descriptor);
  // The field map of the String model's characters (models/string_model.h)
  // when the class path's java/lang/String is the model; else a null term.
  logic::Term string_chars();

  // Why a skolem is an unknown, for skolems' VarInfo::site: a number per
  // reason ("a call is skipped: pkg.C.m(desc) at line 12"), and back.
  uint32_t call_site(const std::string& description);
  // A site told apart by `identity` (two calls on one source line share a
  // description), shown as `description`.
  uint32_t call_site(const std::string& description, const std::string& identity);
  const std::string& call_site_text(uint32_t site) const { return sites_[site]; }
  // The invoke behind a skipped call's site (Transformer::skipped_call), for
  // the witness runner to observe what it did (issue #27).
  struct SkippedCall {
    std::string class_name, method, descriptor;  // the caller
    int32_t bci = -1;
    std::string callee, callee_descriptor;  // as the invoke names it
    std::string callee_owner;               // the class the invoke names
  };
  void note_skipped_call(uint32_t site, SkippedCall call) { skipped_calls_.try_emplace(site, std::move(call)); }
  const SkippedCall* skipped_call(uint32_t site) const {
    auto it = skipped_calls_.find(site);
    return it == skipped_calls_.end() ? nullptr : &it->second;
  }
  // The site of the unknowns of the system property or environment
  // variable `read` reads at `where` (Transformer::through_environment_read),
  // and what a site reads (nullptr for any other site).
  uint32_t environment_site(const EnvironmentRead& read, const std::string& where);
  const EnvironmentRead* environment_of_site(uint32_t site) const {
    auto it = environment_sites_.find(site);
    return it == environment_sites_.end() ? nullptr : &it->second;
  }

  // The inputs of EngineOptions::inputs (wp/inputs.cc). `inputs_read`: the
  // count of input values read so far, a static of no class
  // (callgraph::kInputsOwner), 0 at the entry. A call of an input method
  // at `where` has two sites: its values' (`position` false) and their
  // positions' (true; a position skolem is `about` its value skolem).
  struct InputSite {
    std::string method;  // "pkg.Class.method(desc)"
    bool position = false;
  };
  logic::Term inputs_read();
  // The input methods' patterns (EngineOptions::inputs), for witnesses.
  void set_input_methods(std::vector<std::string> patterns) { input_methods_ = std::move(patterns); }
  const std::vector<std::string>& input_methods() const { return input_methods_; }
  // Whether java.io.File's queries are inputs (callgraph::FileQuery): a
  // witness with inputs lists their patterns too, for the runner to count
  // them among the positions.
  void set_file_queries(bool on) { file_queries_ = on; }
  bool file_queries() const { return file_queries_; }
  uint32_t input_site(const ir::Instruction& call, const std::string& where, bool position);
  const InputSite* input_of_site(uint32_t site) const {
    auto it = input_sites_.find(site);
    return it == input_sites_.end() ? nullptr : &it->second;
  }

  // For witnesses: the static field behind a variable made by static_field.
  struct StaticField {
    std::string owner, name, descriptor;
  };
  const StaticField* static_field_of(logic::Term var) const;
  // A class constant: a static final reference field whose class
  // initializer stores one new object in it, at one `new` (an enum
  // constant, a singleton, a sentinel), by its field facts. Its getstatic
  // reads one object, the same in every execution and in the witness
  // runner's JVM: a program variable of kConstantNamespace ("pkg.C.NAME"),
  // never null, of exactly `type`, and distinct from every other class
  // constant of another `new` (`allocation`). Not an input: a witness
  // refers to it (solver::WitnessObject::static_value), it never sets it.
  struct ClassConstant {
    std::string owner, name, descriptor;
    std::string type;        // the class of the object (internal name)
    std::string allocation;  // "owner#insn" of the `new` in <clinit>
    // "owner.name:descriptor", as witnesses and field facts name the field.
    std::string key() const { return Cat(owner, ".", name, ":", descriptor); }
  };
  const ClassConstant* class_constant_of(logic::Term var) const;
  // What the class constants `phi` mentions are: never null, of their
  // exact types, pairwise distinct objects, an enum constant's ordinal
  // (entry checks and witnesses).
  std::vector<logic::Term> class_constant_facts(std::span<const logic::Term> terms);
  // The class constants (their variables) that the field read `x` may
  // hold at the entry, by its field facts, when those are all it may hold
  // (`uninitialized`: the object a constructor entry is making, whose
  // fields may still hold their defaults); empty otherwise.
  std::vector<logic::Term> class_constant_domain(logic::Term x, logic::Term uninitialized);

  // What java.lang.Thread.currentThread() returns: one skolem for every call
  // (the analysis follows one thread, and so does the witness), known to be
  // non-null. A precondition needing more of it than that is not given.
  logic::Term current_thread();
  // The skolems above (static finals, the current thread): one value in
  // every execution, unlike the skolems of one call's result.
  bool is_global(logic::Term skolem) const { return globals_.contains(skolem); }
  // `phi` with what is known of its global skolems put in: a known length
  // for each length read of one, false for `σ == null` when σ is never
  // null. A static final's facts may meet its length only far from the
  // getstatic (after a summary is applied, say), so every new minterm gets
  // them. `phi` itself when it mentions no global skolem with facts.
  logic::Minterm with_global_facts(const logic::Minterm& phi);

 private:
  // The declaring class (JVMS 5.4.3.2) and whether the field is final.
  std::string resolved_owner(std::string_view owner, std::string_view name,
                             std::string_view descriptor, bool* is_final = nullptr);

  // The facts of a field (resolved owner), or null when none are known.
  const absint::FieldFact* field_fact(std::string_view owner, std::string_view name, std::string_view descriptor);
  // `x` is one of `values` (absint::FieldValue as terms).
  logic::Term one_of(logic::Term x, const std::vector<absint::FieldValue>& values);
  // The constant term of a value; null for an object (known only by its type).
  logic::Term constant_of(const absint::FieldValue& v);
  // What a static field may hold at the entry, by --statics: its initial
  // values (initial) or those its facts allow (any); null when not known.
  const std::vector<absint::FieldValue>* entry_values(const StaticField& s);
  void note_fact_used(const absint::FieldFact& fact);

  logic::TermManager& tm_;
  const classfile::ClassHierarchy& h_;
  absl::flat_hash_map<uint32_t, ResultFacts> result_facts_;
  const callgraph::LambdaClasses* lambdas_ = nullptr;
  absint::FieldFacts* field_facts_ = nullptr;
  absint::NonNullReturns* non_null_returns_ = nullptr;
  bool statics_initial_ = false;
  std::vector<std::string> facts_used_;
  absl::flat_hash_set<std::string> facts_used_set_;
  absl::flat_hash_map<std::string, uint32_t> namespaces_;
  uint32_t next_fresh_ns_ = 1u << 20;
  std::vector<std::string> sites_;
  absl::flat_hash_map<std::string, uint32_t> site_ids_;
  absl::flat_hash_map<uint32_t, SkippedCall> skipped_calls_;
  absl::flat_hash_map<uint32_t, EnvironmentRead> environment_sites_;
  absl::flat_hash_map<uint32_t, InputSite> input_sites_;
  std::vector<std::string> input_methods_;
  bool file_queries_ = false;
  struct Resolved {
    std::string owner;
    bool is_final = false;
  };
  absl::flat_hash_map<std::string, Resolved> resolved_;  // "owner.name:desc" -> declaring owner
  absl::flat_hash_map<logic::Term, StaticField> statics_;
  absl::flat_hash_map<logic::Term, ClassConstant> constants_;
  // class_constant's answer by field key (a null term: not one).
  absl::flat_hash_map<std::string, logic::Term> constant_vars_;
  // The class constant a static final field holds (class_constant_of),
  // as its variable: a null term when it is none.
  logic::Term class_constant(const std::string& owner, std::string_view name, std::string_view descriptor,
                             const std::string& display);
  // Never null: the current thread, and static finals whose class
  // initializer stores only new objects, arrays or string literals in them.
  absl::flat_hash_set<logic::Term> non_null_;
  // Static finals whose class initializer stores only new arrays of one
  // constant length in them: that length (clinit_array_length).
  absl::flat_hash_map<logic::Term, int32_t> array_lengths_;
  // Enum constants (class constants) and the ordinal their <clinit> gives
  // them: `read(Enum.ordinal, c)` is that number (with_global_facts).
  absl::flat_hash_map<logic::Term, int32_t> enum_ordinals_;
  // read(Enum.ordinal, constant).
  logic::Term ordinal_of(logic::Term constant);
  absl::flat_hash_set<logic::Term> globals_;
  std::optional<logic::Term> string_chars_;
  // Whether `owner`'s static field `$assertionsDisabled` is javac's (and
  // ecj's) assertion status: synthetic, static final boolean, and set by
  // the class initializer from Class.desiredAssertionStatus() (JLS 14.10:
  // fixed when the class is initialized).
  bool is_assertion_status(const std::string& owner);
  absl::flat_hash_map<std::string, bool> assertion_status_;  // by owner
  // The IR of `owner`'s class initializer (null when it has none, or its
  // class or IR cannot be had), built once per class.
  std::shared_ptr<const ir::MethodIR> clinit_ir(const std::string& owner);
  absl::flat_hash_map<std::string, std::shared_ptr<const ir::MethodIR>> clinits_;
  bool assertions_enabled_ = false;
  // The length of the arrays the class initializer of `owner` stores in its
  // static final field, when every store is of a new array of one constant
  // length (whenever the field is not null, that is its length).
  std::optional<int32_t> clinit_array_length(const std::string& owner, std::string_view name,
                                             std::string_view descriptor);
};

}  // namespace jwp::wp

#endif  // JWP_WP_VOCABULARY_H_
