// The TermManager owns every term of one analysis (after Z3's ast_manager):
// it hash-conses nodes so structurally equal terms are one node, numbers
// them densely in creation order, interns the names of types, fields,
// methods and variables, and folds constants and canonicalizes at
// construction (the rules are listed in term.h). Snugglebug's simplifier
// (PLDI'09, Section 6) relies on "hash consing and constant folding during
// term construction"; simplifier/ builds on these constructors.
//
// Ownership and threads: terms live as long as their manager; nothing is
// freed before it is destroyed. A manager is NOT thread-safe: use one per
// goal (or per thread), and never mix terms of two managers.
#ifndef JWP_LOGIC_TERM_MANAGER_H_
#define JWP_LOGIC_TERM_MANAGER_H_

#include <cstddef>
#include <cstdint>
#include <deque>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "logic/sort.h"
#include "logic/term.h"

namespace jwp::logic {

namespace internal {
struct NodeKey;  // the structure of a node being looked up (term_manager.cc)
}  // namespace internal

// The kinds of variables. Variables are identified by their role and key:
// a program variable by (namespace, name), ret by its sort, a generic
// variable by (index, sort), a skolem by (kind, site, index, sort, about).
enum class VarRole : uint8_t {
  kProgram,  // an SSA value, parameter or local of some method namespace
  kExc,      // `exc`: the in-flight exception (Ref); null when none
  kRet,      // `ret`: the return value, one per sort
  kGeneric,  // l_i: generic variables of generalization (paper Figure 5)
  kSkolem,   // σ: the unknowns of a skipped call (paper Section 4)
  kTemp,     // fresh auxiliary variables made by later layers
};

// What a skolem stands for (paper Section 4: σ_ret, σ_method, σ_f, σ_exc).
enum class SkolemKind : uint8_t {
  kRet,     // the return value of the skipped call
  kExc,     // the exception it raises (Ref)
  kMethod,  // the method it dispatches to (Method)
  kHeap,    // its effect on one field or array map: mod(f, σ_f); about = f
  kOther,
  kInput,   // a value of the environment that the witness sets (a system property a read returns)
};

struct VarInfo {
  VarRole role = VarRole::kProgram;
  Sort sort;
  std::string_view name;  // display name: "c", "exc", "ret", "l3", "σ_ret#7", "σ_year#9"
  uint32_t ns = 0;        // kProgram: the namespace passed to mk_var
  uint32_t index = 0;     // kGeneric: i of l_i; kSkolem, kTemp: unique number
  SkolemKind skolem_kind = SkolemKind::kOther;
  uint32_t site = 0;      // kSkolem: the call site it belongs to (chosen by wp)
  Term about;             // kSkolem kHeap: the map constant it modifies
  // For an int-sorted program variable (or a skipped call's result) the
  // program declared boolean, byte, char or short: Z, B, C or S
  // (set_java_type; how printers write it, `!flag`, `c == 'a'`); 0 otherwise.
  char java_type = 0;
  // Never null in any state (set_non_null: a method's `this`, JVMS 6.5
  // invokevirtual): `v == null` is false when it is built.
  bool non_null = false;
  // Names one object of the program, the same in every state (a class
  // constant, wp/vocabulary.h): printers compare with it as Java code
  // does, `x == State.DONE` (set_named_constant).
  bool named_constant = false;
};

// A field, method or signature: views into the manager's interned strings.
struct MemberRef {
  std::string_view owner;       // internal class name, "java/util/ArrayList"
  std::string_view name;        // "elems", "iterator"
  std::string_view descriptor;  // "[LCar;", "()Ljava/util/Iterator;"
};

class TermManager {
 public:
  TermManager();
  ~TermManager();
  TermManager(const TermManager&) = delete;
  TermManager& operator=(const TermManager&) = delete;

  // ---- Constants --------------------------------------------------------
  Term mk_true() const { return true_; }
  Term mk_false() const { return false_; }
  Term mk_bool(bool b) const { return b ? true_ : false_; }
  Term mk_int(int32_t v);
  Term mk_long(int64_t v);
  Term mk_float(float v);    // NaN becomes the canonical NaN
  Term mk_double(double v);  // NaN becomes the canonical NaN
  // An int or long constant of `sort` from an int64 (truncated for int).
  Term mk_integral(Sort sort, int64_t v);
  Term mk_null() const { return null_; }
  // The default value of a fresh field or array element of this value sort:
  // 0, 0L, 0.0f, 0.0, null (JVMS 2.3, 2.4).
  Term mk_default(Sort value_sort);
  // An interned java.lang.String literal (ldc "..."), as UTF-8 text. Equal
  // texts are the same reference (JLS 3.10.5); different texts differ.
  Term mk_string(std::string_view utf8);

  // ---- Types, fields, methods --------------------------------------------
  // A type constant: an internal class name ("java/util/ArrayList",
  // "NewCarList$Itr") or an array descriptor ("[I", "[Ljava/lang/String;").
  Term mk_type(std::string_view name);
  Term object_type() const { return object_type_; }  // java/lang/Object
  Term string_type() const { return string_type_; }  // java/lang/String
  // java/lang/Class: made with the first classOf term (null before it).
  Term class_type() const { return class_type_; }
  // The map of a declared field (sort FieldMap(descriptor's value sort)).
  Term mk_field(std::string_view owner, std::string_view name, std::string_view descriptor);
  // The array length "field" (FieldMap(int)); length >= 0 is an axiom
  // (simplifier, solver background), not a folding rule.
  Term length_field() const { return length_field_; }
  // The two-dimensional map of one array element kind.
  Term mk_array_map(ArrayKind kind);
  // M_i: a concrete method; sig_i: a method reference (the resolved method's
  // owner, name and descriptor) that dispatch maps to a concrete method.
  Term mk_method(std::string_view owner, std::string_view name, std::string_view descriptor);
  Term mk_signature(std::string_view owner, std::string_view name, std::string_view descriptor);

  // ---- Variables ----------------------------------------------------------
  // The program variable `name` of namespace `ns` (chosen by the caller,
  // e.g. one per method; 0 is a global namespace). Asking again for the same
  // (ns, name) gives the same variable; with another sort it is a bug.
  Term mk_var(std::string_view name, Sort sort, uint32_t ns = 0);
  Term exc() const { return exc_; }  // the in-flight exception (Ref)
  Term ret(Sort sort);               // the return value of sort `sort`
  // l_index: the same (index, sort) gives the same variable.
  Term mk_generic(uint32_t index, Sort sort);
  // l_i with an index above every generic index used so far.
  Term fresh_generic(Sort sort);
  // A skolem constant. mk_skolem is keyed by all its arguments; fresh_skolem
  // picks an index above every skolem index used so far. For kHeap, `about`
  // is the field or array map the skipped call may modify and `sort` must be
  // that map's sort; kMethod needs Sort::Method(), kExc Sort::Ref().
  Term mk_skolem(SkolemKind kind, Sort sort, uint32_t site, uint32_t index, Term about = Term());
  Term fresh_skolem(SkolemKind kind, Sort sort, uint32_t site, Term about = Term());
  // How the kInput skolems of `site` print (`System.getProperty("k")`),
  // without the index (`indexed`: with it, `Verifier.nondetInt()#7`, for a
  // site whose each execution reads another value); set before the first
  // is made.
  void name_input_site(uint32_t site, std::string display, bool indexed = false) {
    input_names_.try_emplace(site, InputName{std::move(display), indexed});
  }
  // A variable never returned before, named "<prefix>#<k>".
  Term fresh_var(std::string_view prefix, Sort sort);

  // ---- Allocation ---------------------------------------------------------
  // fresh(T)#n: the object allocated by one execution of `new T`. The
  // overloads without n pick a number above every number used so far; n
  // identifies the allocation, so never give one n two types or lengths in
  // one formula (two fresh terms are folded unequal when they differ). For
  // arrays, mk_fresh_array also records the length (an int term, evaluated
  // at the allocation), so that read(length, fresh) folds to it; `new
  // T[n][m]` is the outer fresh array plus aupdates storing fresh inner
  // arrays. See term.h rule 9 for the invariant that makes reads of fresh
  // objects fold to default values.
  Term mk_fresh(Term type);
  Term mk_fresh(Term type, uint32_t n);
  Term mk_fresh_array(Term array_type, Term length);
  Term mk_fresh_array(Term array_type, Term length, uint32_t n);

  // ---- Boolean connectives and comparisons ------------------------------
  Term mk_not(Term a);
  Term mk_and(std::span<const Term> args);
  Term mk_and(Term a, Term b) { return mk_and({a, b}); }
  Term mk_and(std::initializer_list<Term> args) { return mk_and(std::span<const Term>(args.begin(), args.size())); }
  Term mk_or(std::span<const Term> args);
  Term mk_or(Term a, Term b) { return mk_or({a, b}); }
  Term mk_or(std::initializer_list<Term> args) { return mk_or(std::span<const Term>(args.begin(), args.size())); }
  Term mk_implies(Term a, Term b) { return mk_or(mk_not(a), b); }
  Term mk_ite(Term cond, Term then_term, Term else_term);
  Term mk_eq(Term a, Term b);
  Term mk_ne(Term a, Term b) { return mk_not(mk_eq(a, b)); }
  Term mk_lt(Term a, Term b);  // signed, int or long
  Term mk_le(Term a, Term b);
  Term mk_gt(Term a, Term b) { return mk_lt(b, a); }
  Term mk_ge(Term a, Term b) { return mk_le(b, a); }

  // ---- Arithmetic (int, long, float, double; both sides one sort) -------
  Term mk_neg(Term a);
  Term mk_add(Term a, Term b);
  Term mk_sub(Term a, Term b);
  Term mk_mul(Term a, Term b);
  Term mk_div(Term a, Term b);  // never folds an integer division by 0
  Term mk_rem(Term a, Term b);  // never folds an integer remainder by 0
  // ---- Bitwise and shifts (int, long; shift counts are int) --------------
  Term mk_bit_and(Term a, Term b);
  Term mk_bit_or(Term a, Term b);
  Term mk_bit_xor(Term a, Term b);
  Term mk_bit_not(Term a) { return mk_bit_xor(a, mk_integral(a.sort(), -1)); }  // ~a
  Term mk_shl(Term a, Term count);
  Term mk_shr(Term a, Term count);
  Term mk_ushr(Term a, Term count);
  // ---- Three-way comparisons (int results) -------------------------------
  Term mk_lcmp(Term a, Term b);   // long
  Term mk_fcmpl(Term a, Term b);  // float or double (fcmpl, dcmpl)
  Term mk_fcmpg(Term a, Term b);  // float or double (fcmpg, dcmpg)
  // ---- Conversions: kind is one of kI2L ... kI2S --------------------------
  Term mk_convert(TermKind kind, Term a);
  Term mk_i2l(Term a) { return mk_convert(TermKind::kI2L, a); }
  Term mk_l2i(Term a) { return mk_convert(TermKind::kL2I, a); }
  Term mk_i2b(Term a) { return mk_convert(TermKind::kI2B, a); }
  Term mk_i2c(Term a) { return mk_convert(TermKind::kI2C, a); }
  Term mk_i2s(Term a) { return mk_convert(TermKind::kI2S, a); }
  // The sort a conversion kind produces and the one it takes.
  static Sort conversion_result(TermKind kind);
  static Sort conversion_operand(TermKind kind);

  // ---- Heap (Table 2) ------------------------------------------------------
  Term mk_read(Term field_map, Term ref);                 // read(f, v)
  Term mk_update(Term field_map, Term ref, Term value);   // update(f, v, w)
  Term mk_aread(Term array_map, Term ref, Term index);    // aread(a, v, i)
  Term mk_aupdate(Term array_map, Term ref, Term index, Term value);
  Term mk_length(Term ref) { return mk_read(length_field_, ref); }
  // mod(m, σ): the map m after a skipped call's effect σ (a kHeap skolem of
  // m's sort).
  Term mk_mod(Term map, Term effect);

  // ---- Types and dispatch (Table 2) ---------------------------------------
  Term mk_type_of(Term ref);
  Term mk_sub_type(Term t1, Term t2);
  // subType(typeOf(ref), type): printed `ref instanceof T`; it says nothing
  // about null (Java's instanceof is false on null; conjoin ref != null).
  Term mk_instance_of(Term ref, Term type) { return mk_sub_type(mk_type_of(ref), type); }
  Term mk_dispatch(Term type, Term signature);
  // classOf(t): the java.lang.Class object of type t (rule 12): `ldc T` is
  // classOf(T), `x.getClass()` is classOf(typeOf(x)).
  Term mk_class_of(Term type);
  // classType(c): the type Class object c stands for (rule 12), so that
  // `c.isInstance(o)` is subType(typeOf(o), classType(c)).
  Term mk_class_type(Term class_object);
  // elemType(t): the element type of the reference array type t (rule 13),
  // so that `a[i] = w` stores without ArrayStoreException exactly when
  // w == null or subType(typeOf(w), elemType(typeOf(a))) (JVMS aastore).
  Term mk_elem_type(Term array_type);

  // ---- Generic construction -----------------------------------------------
  // `kind` applied to `args` through the constructor above (so it folds).
  // Not for leaves or Fresh (they carry a payload): use rebuild().
  Term mk(TermKind kind, std::span<const Term> args);
  // `t` with its arguments replaced, rebuilt through the folding
  // constructors; returns `t` itself when the arguments are unchanged.
  Term rebuild(Term t, std::span<const Term> args);

  // ---- Queries ---------------------------------------------------------------
  const VarInfo& var_info(Term var) const;
  // Records that int-sorted program variable (or skolem) `var` is declared with
  // descriptor `descriptor` (only Z, B, C and S are kept: the sort says the
  // rest). Display only: no term changes.
  void set_java_type(Term var, std::string_view descriptor);
  // Declares a reference variable never null (VarInfo::non_null). Call it
  // when the variable is made, before any term compares it with null.
  void set_non_null(Term var);
  void set_named_constant(Term var);
  MemberRef field_info(Term field_const) const;  // also for length_field()
  MemberRef method_info(Term method_or_sig_const) const;
  std::string_view type_name(Term type_const) const;
  std::string_view string_value(Term string_lit) const;
  ArrayKind array_kind(Term array_const) const;
  bool is_length_field(Term t) const { return t == length_field_; }
  // The field that holds a string's characters in the String model
  // (models/string_model.h), for the Java printer: its reads print as
  // s.length(), s.charAt(i), s.toCharArray(). Null when none is set.
  void set_string_value_field(Term f) { string_value_field_ = f; }
  Term string_value_field() const { return string_value_field_; }
  // The term with this id (ids run from 0 to num_terms() - 1).
  Term term(uint32_t id) const { return Term(nodes_[id]); }
  size_t num_terms() const { return nodes_.size(); }

  struct Stats {
    uint64_t lookups = 0;  // hash-consing lookups
    uint64_t hits = 0;     // ... that found an existing node
    uint64_t bytes = 0;    // node memory
  };
  const Stats& stats() const { return stats_; }

 private:
  struct Table;  // the hash-consing set (term_manager.cc)
  struct Member {
    uint32_t owner, name, descriptor;
    Sort sort;
    bool is_signature;
  };
  struct MemberKey {
    uint8_t kind;
    uint32_t owner, name, descriptor;
    friend bool operator==(const MemberKey&, const MemberKey&) = default;
    template <typename H>
    friend H AbslHashValue(H h, const MemberKey& k) {
      return H::combine(std::move(h), k.kind, k.owner, k.name, k.descriptor);
    }
  };
  struct VarKey {
    VarRole role;
    uint8_t skolem_kind;
    uint16_t sort;
    uint32_t ns, name, index, site, about;
    friend bool operator==(const VarKey&, const VarKey&) = default;
    template <typename H>
    friend H AbslHashValue(H h, const VarKey& k) {
      return H::combine(std::move(h), k.role, k.skolem_kind, k.sort, k.ns, k.name, k.index,
                        k.site, k.about);
    }
  };

  // The one place nodes are made: looks the structure up, else creates it.
  Term intern(TermKind kind, Sort sort, uint64_t payload, std::span<const Term> args);
  const internal::TermNode* make_node(const internal::NodeKey& key);
  // The existing node of this structure, or the null handle: never creates.
  Term find(TermKind kind, Sort sort, uint64_t payload, std::span<const Term> args) const;
  uint32_t symbol(std::string_view s);
  std::string_view symbol_text(uint32_t id) const { return symbols_[id]; }
  Term member(TermKind kind, Sort sort, std::string_view owner, std::string_view name,
              std::string_view descriptor, bool is_signature);
  Term variable(const VarKey& key, VarInfo info, std::string display);
  Term mk_fresh_impl(Term type, Term length, uint32_t n);
  Term mk_shift(TermKind kind, Term a, Term count);
  Term mk_fcmp(TermKind kind, Term a, Term b);
  Term mk_assoc_int(TermKind kind, Term a, Term b);
  Term mk_nary(TermKind kind, std::span<const Term> args);
  // The existing negation of a literal, without creating one (null if none).
  Term find_negation(Term lit);
  void* allocate(size_t bytes);

  // Arena of nodes.
  std::vector<std::unique_ptr<char[]>> chunks_;
  char* chunk_next_ = nullptr;
  size_t chunk_left_ = 0;
  std::vector<const internal::TermNode*> nodes_;
  std::unique_ptr<Table> table_;
  // Symbols (strings) and their ids.
  std::deque<std::string> symbols_;
  absl::flat_hash_map<std::string, uint32_t> symbol_ids_;
  std::vector<Member> members_;
  absl::flat_hash_map<MemberKey, uint32_t> member_ids_;
  std::vector<VarInfo> vars_;
  std::deque<std::string> var_names_;
  absl::flat_hash_map<VarKey, uint32_t> var_ids_;
  uint32_t next_fresh_ = 0;
  uint32_t next_generic_ = 0;
  uint32_t next_skolem_ = 0;
  struct InputName {
    std::string display;
    bool indexed = false;
  };
  absl::flat_hash_map<uint32_t, InputName> input_names_;
  uint32_t next_temp_ = 0;
  Stats stats_;
  Term true_, false_, null_, object_type_, string_type_, length_field_, exc_;
  Term string_value_field_;
  Term class_type_;  // java/lang/Class, made by the first mk_class_of
};

// True for the conversion kinds kI2L ... kI2S.
inline bool is_conversion(TermKind kind) {
  return kind >= kFirstConversion && kind <= kLastConversion;
}

}  // namespace jwp::logic

#endif  // JWP_LOGIC_TERM_MANAGER_H_
