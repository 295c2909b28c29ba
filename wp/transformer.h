// Backward weakest-precondition transformers for the IR (PLDI'09 Table 1,
// completed for every instruction of ir/opcodes.def): given a minterm that
// must hold after an instruction (or at the head of an edge's target), the
// minterms whose disjunction is sufficient before it.
//
// Positions: a state "before instruction k of block b" is (b, k); (b, n) is
// the end of a block with n instructions. through_instruction() steps from
// (b, k + 1) to (b, k) for an instruction that is not the block's last
// (those never throw, nor branch). through_edge() steps from the start of
// e.to (before its phis) back along e to before the last instruction of
// e.from: it substitutes e.to's phi operands for e, then applies the last
// instruction's semantics along that edge (its normal or exceptional
// outcome, a branch or switch condition).
//
// Calls are skipped with skolem constants (PLDI'09 Section 4): σ_ret for the
// result, σ_exc for a raised exception, σ_method = dispatch(typeOf(v), sig)
// for the target, and mod(F, σ_F) for every field and array map the
// postcondition mentions (static fields: a σ per variable). A minterm with
// skolems is not a precondition until the call is expanded (issue #6/#7).
#ifndef JWP_WP_TRANSFORMER_H_
#define JWP_WP_TRANSFORMER_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "callgraph/var_handles.h"
#include "ir/ir.h"
#include "logic/minterm.h"
#include "logic/substitution.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"
#include "wp/vocabulary.h"

namespace jwp::wp {

struct Step {
  std::vector<logic::Minterm> pre;  // disjuncts (not yet simplified)
  // Non-empty when the instruction is not modelled: `pre` is empty and the
  // search cannot be exhaustive past this point.
  std::string unsupported;
  // Non-empty when `pre` under-approximates the weakest precondition (still
  // sufficient, but a NOT_FOUND would be unsound).
  std::string lossy;
  // Set when a call was skipped here (the call's "owner.name(desc)"), with
  // the Vocabulary::call_site of its skolems.
  std::string skipped_call;
  static constexpr uint32_t kNoSite = ~0u;
  uint32_t skipped_site = kNoSite;

  // Adds the disjuncts of `other`, a case of the same instruction (an
  // outcome's alternative), and its lossy note when this has none.
  void append(Step other) {
    for (logic::Minterm& m : other.pre) pre.push_back(std::move(m));
    if (lossy.empty()) lossy = std::move(other.lossy);
  }
};

// Where `in` is, as reasons name it: "pkg.Class.method:line" (the source
// line of the LineNumberTable), or "pkg.Class.method@bci:N" when the
// method has no line for it.
std::string SourceLocation(const ir::MethodIR& method, const ir::Instruction& in);

// φ ∧ c1 ∧ ... as minterms (the conditions may hold disjunctions).
Step conjoined(logic::TermManager& tm, logic::Term phi, std::vector<logic::Term> conds);

// Whether `phi` says anything of array `w` but its length: an element
// read (perhaps through a field `w` was stored in), an identity, its type.
bool MentionsBeyondLength(logic::TermManager& tm, logic::Term phi, logic::Term w);

// Whether `call` is Class.isArray() or Class.getComponentType(), or
// java.lang.reflect.Array.newArray(Class, int), the native of
// Array.newInstance (Transformer::through_class_query).
bool IsClassQueryCall(const ir::Instruction& call);

// Whether `call` is Class.isAssignableFrom(Class) (Transformer::
// through_is_assignable_from).
bool IsAssignableFromCall(const ir::Instruction& call);

// A read of the environment by a constant name (EnvironmentRead,
// wp/vocabulary.h), or nothing.
std::optional<EnvironmentRead> EnvironmentReadOf(const ir::MethodIR& ir, const ir::Instruction& call);
// Whether `call` is System.getSecurityManager() (Transformer::
// through_security_manager_read).
bool IsSecurityManagerRead(const ir::Instruction& call);

// What a skipped call at skolem site `site` that returns normally does to
// the heap `phi` mentions, into `s`: each field map (but lengths, which
// never change) and array map `writes` keeps becomes mod(f, σ), each static
// it keeps a fresh skolem. Transformer::skipped_call, and a partial frame's
// precondition through a skipped side (WpProblem::with_heap_havocked).
void HavocHeap(logic::TermManager& tm, const Vocabulary& vocab, logic::Term phi, uint32_t site,
               const std::function<bool(logic::Term)>& writes, logic::Substitution* s);

class Transformer {
 public:
  // `types` (may be null) decides whether array stores are exact (final
  // element types) and proposes run-time array types for ArrayStoreException.
  Transformer(Vocabulary& vocab, const ir::MethodIR& ir, uint32_t ns,
              const types::TypeFacts* types = nullptr)
      : vocab_(vocab), tm_(vocab.tm()), ir_(ir), ns_(ns), types_(types) {}

  // Before instruction `insn` (not the last of its block), given `post` after it.
  Step through_instruction(ir::InsnId insn, const logic::Minterm& post);
  // Before the last instruction of e.from (or at (e.from, 0) if it has
  // none), given `post` at the start of e.to.
  Step through_edge(ir::EdgeId e, const logic::Minterm& post);
  // Like through_edge for the normal edge out of a call's block, the call
  // passed without entering it (an optimistic call, wp/optimistic.cc): a
  // skipped call that returns normally, whose effect havocs only the field
  // and array maps and statics `may_write` names (all of them when null).
  Step passed_call(ir::EdgeId e, const logic::Minterm& post, const std::function<bool(logic::Term)>* may_write);

  // Like through_edge for an exceptional edge labelled NullPointerException,
  // restricted to the JVM's own NPE: the dereferenced operand (operand 0) is
  // null. The seed of npe goals (an athrow's NPE edge may also carry a
  // thrown non-null NPE object, which is not a null dereference).
  Step null_dereference(ir::EdgeId e, const logic::Minterm& post);

  // Before a signature-polymorphic call of a VarHandle whose binding `b` is
  // known (callgraph/var_handles.h), given `post` after it on its normal edge:
  // the access mode as the field or element access it is (get, set,
  // compareAndSet, compareAndExchange, getAndSet, getAndAdd and their
  // memory-order variants; wp/var_handle_access.cc). `unsupported` when
  // the mode or the call's invocation type is not one of those exactly
  // (a static field's handle, float and double variables, a conversion
  // that may throw): the call is then skipped as before.
  Step through_var_handle(const ir::Instruction& call, const callgraph::VarHandleBinding& b,
                          const logic::Minterm& post);
  // Likewise for a call of Unsafe (jdk.internal.misc or sun.misc: getInt,
  // putReferenceRelease, compareAndSetLong, compareAndSwapObject,
  // getAndAddInt, ...) whose offset is a bound field's (VarHandles::
  // OfUnsafeCall); `unsupported` unless the object's and values' static
  // types fit the field.
  Step through_unsafe_access(const ir::Instruction& call, const callgraph::VarHandleBinding& b,
                             const logic::Minterm& post);
  // A native access of Unsafe whose offset no field binds, along its normal
  // edge: its result and what it may write are unknown (a skipped call's
  // skolems), and the step is lossy.
  Step through_unbound_unsafe_access(const ir::Instruction& call, const logic::Minterm& post);
  // A call of Class.isAssignableFrom (IsAssignableFromCall) along its
  // normal edge: the subtype test of the two classes (wp/class_queries.cc),
  // lossy unless both are certainly reference classes.
  Step through_is_assignable_from(const ir::Instruction& call, const logic::Minterm& post);
  // Its exceptional edge `e` (not the receiver's NullPointerException).
  Step through_is_assignable_from_throwing(const ir::Instruction& call, const ir::Edge& e,
                                           const logic::Minterm& post);
  // A call IsClassQueryCall names, along edge `e` (wp/class_queries.cc):
  // exact for reference classes; what needs a primitive class's Class
  // object or array is a skolem the search says it needs.
  Step through_class_query(const ir::Instruction& call, const ir::Edge& e, const logic::Minterm& post);
  // A system property or environment variable read by a constant name,
  // along its normal edge: an unknown of the read that the witness sets
  // (wp/environment.cc); it throws nothing.
  Step through_environment_read(const ir::Instruction& call, const EnvironmentRead& read,
                                const logic::Minterm& post);

  // A call of a method the user names as an input (EngineOptions::inputs),
  // along its normal edge: a fresh value the witness gives it, at the next
  // position among the inputs (wp/inputs.cc).
  Step through_input_call(const ir::Instruction& call, const logic::Minterm& post);
  logic::Term after_one_input(const logic::Minterm& post);
  // System.getSecurityManager() along its normal edge: null, the security
  // manager of a program that installs none (JDK 17 deprecates them; the
  // witness runner installs none). A minterm that needs it not null (not
  // one that says it is null, nor one that does not ask) is not explored:
  // the step says so (wp/environment.cc).
  Step through_security_manager_read(const ir::Instruction& call, const logic::Minterm& post);
  // A file opening (callgraph::FileQuery::opens) along edge e: an input of
  // whether it opens, at the next position; 1 on the normal edge, 0 on the
  // exceptional one, which throws a new FileNotFoundException.
  Step through_file_opening(const ir::Instruction& call, const ir::Edge& e, const logic::Minterm& post);
  // A call of an assumption method along its normal edge: its argument true.
  Step through_assume_call(const ir::Instruction& call, const logic::Minterm& post);

  // The minterm at the start of e.to with e's phi operands substituted.
  logic::Minterm through_phis(ir::EdgeId e, const logic::Minterm& post);

  // The conditions under which exception x takes exceptional edge e: an
  // instance of its handler's catch type and of none of the earlier
  // handlers' (Edge::caught_as, Edge::not_caught_by).
  std::vector<logic::Term> routing(const ir::Edge& e, logic::Term x);
  // x thrown along e: conds ∧ routing(e, x) ∧ φ[x/exc].
  Step thrown_along(const ir::Edge& e, logic::Term x, logic::Term phi, std::vector<logic::Term> conds);

  // The namespace of this method's variables.
  uint32_t ns() const { return ns_; }
  // The variable of an SSA value in this method's namespace.
  logic::Term var(ir::ValueId v) { return vocab_.value(ir_, ns_, v); }

 private:
  // Normal (fall-through) semantics of a non-branching instruction.
  Step normal(const ir::Instruction& in, const logic::Minterm& post);
  // normal() by instruction group.
  Step through_value(const ir::Instruction& in, const logic::Minterm& post);
  Step through_heap_access(const ir::Instruction& in, const logic::Minterm& post);
  Step through_object(const ir::Instruction& in, const logic::Minterm& post);
  Step assign(const ir::Instruction& in, const logic::Minterm& post, logic::Term value,
              std::vector<logic::Term> conds = {});
  bool result_mentioned(const ir::Instruction& in, const logic::Minterm& post);
  // The outcome of the block's last instruction along a normal edge.
  Step along_normal(const ir::Instruction& in, const ir::Edge& e, const logic::Minterm& post);
  Step along_exception(const ir::Instruction& in, const ir::Edge& e, const logic::Minterm& post);
  // A string concatenation (invokedynamic makeConcatWithConstants) of
  // primitives, strings and boxes only: it runs no code that throws.
  bool concat_only_of_values(const ir::Instruction& in) const;
  // The array an array store `in` writes has exactly its static type at
  // run time: its element type is final, or this method allocated it
  // (`new E[n]`, as a varargs call's array is) with that type.
  bool exact_array_type(const ir::Instruction& in) const;
  // A value of descriptor `from` converts to `to` with no check that may
  // fail (the same primitive, or a reference the hierarchy proves a subtype).
  bool converts_without_check(std::string_view from, std::string_view to) const;
  struct VariableAccess;
  // The access `a` of variable `b` (of type `var_type`) that `call` makes.
  Step through_access(const ir::Instruction& call, const VariableAccess& a, const callgraph::VarHandleBinding& b,
                      const std::string& var_type, const logic::Minterm& post);
  // The run-time element type of the array `a` that `in` stores into: the
  // static element type when the array's type is exact, else
  // elemType(typeOf(a)) (logic/term.h rule 13).
  logic::Term element_type(const ir::Instruction& in, logic::Term a);
  // w is an instance of `elem_type`: subType(typeOf(w), elem_type).
  logic::Term instance_of(logic::Term w, logic::Term elem_type);
  // An array of element type `elem_type` takes the store of w (JVMS
  // aastore): w == null || instance_of(w, elem_type).
  logic::Term array_takes(logic::Term w, logic::Term elem_type);
  Step skipped_call(const ir::Instruction& in, const logic::Minterm& post, bool exceptional,
                    const ir::Edge* e, const std::function<bool(logic::Term)>* may_write = nullptr);

  logic::Term operand(const ir::Instruction& in, size_t i) { return var(in.operands[i]); }
  std::string at(const ir::Instruction& in) const { return SourceLocation(ir_, in); }

  logic::Term fresh_exception(std::string_view type);
  // Class objects (wp/class_queries.cc): c is a reference class's (c ==
  // classOf(classType(c))); type t is an array of a primitive type, or of
  // references.
  logic::Term is_reference_class(logic::Term c);
  logic::Term is_primitive_array_type(logic::Term t);
  logic::Term is_reference_array_type(logic::Term t);
  // What Class object c stands for, as Class.isArray and getComponentType
  // ask: a reference class's (isRef), whose type classType(c) is an array of
  // references or of a primitive type; `array` is isRef ∧ (either), what
  // isArray answers.
  struct ArrayClass {
    logic::Term reference, of_references, of_primitives, array;
  };
  ArrayClass array_class(logic::Term c);
  Step through_class_is_array(const ir::Instruction& call, const logic::Minterm& post);
  Step through_component_type(const ir::Instruction& call, const logic::Minterm& post);
  Step through_new_array_of_class(const ir::Instruction& call, const ir::Edge& e, const logic::Minterm& post);
  logic::Term condition(const ir::Instruction& in, bool taken);

  Vocabulary& vocab_;
  logic::TermManager& tm_;
  const ir::MethodIR& ir_;
  uint32_t ns_;
  const types::TypeFacts* types_;
};

}  // namespace jwp::wp

#endif  // JWP_WP_TRANSFORMER_H_
