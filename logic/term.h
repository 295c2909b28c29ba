// Terms of the jwp logic: hash-consed, immutable, owned by a TermManager
// (term_manager.h). The vocabulary is Snugglebug's Table 2 (PLDI'09,
// Section 3.1) plus Java arithmetic, bitwise operations, shifts, comparisons
// and conversions with the JVM's exact semantics (JVMS 6.5).
//
// A Term is an 8-byte handle to a node that lives as long as its manager.
// Structurally equal terms are the same node, so == is pointer equality; ids
// are dense and assigned in creation order, and order and hash go by id, so
// nothing depends on pointer values. Nodes carry no traversal state: side
// tables are keyed by id (visit.h).
#ifndef JWP_LOGIC_TERM_H_
#define JWP_LOGIC_TERM_H_

#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "logic/sort.h"

namespace jwp::logic {

enum class TermKind : uint8_t {
#define JWP_TERM_KIND(name, snake, min_args, max_args) k##name,
#include "logic/term_kinds.def"
#undef JWP_TERM_KIND
};
inline constexpr int kTermKindCount = 0
#define JWP_TERM_KIND(name, snake, min_args, max_args) +1
#include "logic/term_kinds.def"
#undef JWP_TERM_KIND
    ;

// Group bounds (see term_kinds.def).
inline constexpr TermKind kFirstLeaf = TermKind::kConst;
inline constexpr TermKind kLastLeaf = TermKind::kVar;
inline constexpr TermKind kFirstConversion = TermKind::kI2L;
inline constexpr TermKind kLastConversion = TermKind::kI2S;

// "add", "read", "i2b", ... (the snake names of term_kinds.def).
std::string_view term_kind_name(TermKind kind);
int term_kind_min_args(TermKind kind);
int term_kind_max_args(TermKind kind);  // -1: n-ary

// Facts about a term, computed once at construction from the node and its
// arguments ("does it mention ...?" in O(1)).
enum TermFlag : uint8_t {
  kHasVar = 1 << 0,       // any variable (program, exc, ret, generic, skolem)
  kHasSkolem = 1 << 1,    // a σ skolem constant
  kHasGeneric = 1 << 2,   // a generic variable l_i
  kHasFresh = 1 << 3,     // fresh(T)
  kHasFieldMap = 1 << 4,  // a field map constant (including length)
  kHasArrayMap = 1 << 5,  // an array map constant
  kHasMod = 1 << 6,       // mod(f, σ)
  kHasRetExc = 1 << 7,    // the well-known variables exc or ret
};

class Term;

namespace internal {

// The node behind a Term; its arguments follow it in memory. Built only by
// TermManager. Payload by kind: Const: the value's bits (bool 0/1, int
// zero-extended, long, float and double IEEE bits, NaN canonical);
// StringLit, TypeConst: a symbol id; FieldConst, MethodConst, SigConst: an
// index into the manager's member table; ArrayConst: the ArrayKind; Var: an
// index into the manager's variable table; Fresh: the allocation number n.
struct TermNode {
  uint32_t id;
  TermKind kind;
  uint8_t flags;
  Sort sort;
  uint32_t num_args;
  uint32_t size;       // tree size (nodes counted with repetition), saturating
  uint64_t payload;
  uint64_t leaf_mask;  // a 64-bit Bloom filter of the leaves below (incl. self)
  uint64_t hash;       // structural hash: kind, sort, payload, argument ids
};

}  // namespace internal

class Term {
 public:
  constexpr Term() = default;  // the null handle; valid terms are never null

  bool is_null() const { return node_ == nullptr; }
  explicit operator bool() const { return node_ != nullptr; }

  // Dense, in creation order; the key of side tables.
  uint32_t id() const { return node_->id; }
  TermKind kind() const { return node_->kind; }
  Sort sort() const { return node_->sort; }
  size_t num_args() const { return node_->num_args; }
  Term arg(size_t i) const { return args()[i]; }
  std::span<const Term> args() const {
    return {reinterpret_cast<const Term*>(node_ + 1), node_->num_args};
  }
  uint64_t payload() const { return node_->payload; }
  // Tree size (1 for a leaf), saturating at UINT32_MAX: a cheap measure for
  // orienting rewrites. dag_size() in visit.h counts distinct nodes.
  uint32_t size() const { return node_->size; }
  uint64_t leaf_mask() const { return node_->leaf_mask; }
  // Hash of kind, sort, payload and argument ids: deterministic for a
  // deterministic sequence of constructions (ids are creation order).
  uint64_t structural_hash() const { return node_->hash; }
  uint8_t flags() const { return node_->flags; }
  bool has(TermFlag flag) const { return (node_->flags & flag) != 0; }

  bool is(TermKind k) const { return node_->kind == k; }
  bool is_leaf() const { return node_->kind <= kLastLeaf; }
  bool is_const() const { return node_->kind == TermKind::kConst; }
  bool is_true() const { return is_const() && sort().is_bool() && node_->payload != 0; }
  bool is_false() const { return is_const() && sort().is_bool() && node_->payload == 0; }
  bool is_var() const { return node_->kind == TermKind::kVar; }
  // A term that denotes one known value, distinct from the value of every
  // other such term of the same sort: Const, Null, StringLit, TypeConst,
  // MethodConst, SigConst, Fresh, and classOf of a TypeConst (a class
  // literal: one Class object per type, JVMS 5.3).
  bool is_distinct_value() const {
    switch (node_->kind) {
      case TermKind::kConst: case TermKind::kNull: case TermKind::kStringLit:
      case TermKind::kTypeConst: case TermKind::kMethodConst: case TermKind::kSigConst:
      case TermKind::kFresh:
        return true;
      case TermKind::kClassOf:
        return arg(0).is(TermKind::kTypeConst);
      default:
        return false;
    }
  }

  // Values of Const terms; the sort must match.
  bool bool_value() const { return node_->payload != 0; }
  int32_t int_value() const { return static_cast<int32_t>(static_cast<uint32_t>(node_->payload)); }
  int64_t long_value() const { return static_cast<int64_t>(node_->payload); }
  float float_value() const { return std::bit_cast<float>(static_cast<uint32_t>(node_->payload)); }
  double double_value() const { return std::bit_cast<double>(node_->payload); }
  // int or long constant as int64.
  int64_t integral_value() const { return sort().is_int() ? int_value() : long_value(); }

  friend bool operator==(Term a, Term b) { return a.node_ == b.node_; }
  // By id (creation order); the null handle sorts first.
  friend std::strong_ordering operator<=>(Term a, Term b) { return a.key() <=> b.key(); }
  template <typename H>
  friend H AbslHashValue(H h, Term t) {
    return H::combine(std::move(h), t.key());
  }

 private:
  friend class TermManager;
  explicit Term(const internal::TermNode* node) : node_(node) {}
  uint64_t key() const { return node_ ? uint64_t{node_->id} + 1 : 0; }
  const internal::TermNode* node_ = nullptr;
};
static_assert(sizeof(Term) == sizeof(void*));

// Three-valued syntactic equality, never creating terms: true for the same
// term, false for two different distinct values (is_distinct_value), unknown
// otherwise. The construction-time folds and the simplifier's rules fire only
// on a known answer.
inline std::optional<bool> known_equal(Term a, Term b) {
  if (a == b) return true;
  if (a.is_distinct_value() && b.is_distinct_value()) return false;
  return std::nullopt;
}

// For gtest and debugging without a manager: "#12:add". Use to_java()
// (printer.h) for the whole term.
std::string debug_string(Term t);
void PrintTo(Term t, std::ostream* os);

// A literal of a minterm: an atom or the negation of one. Atoms are Bool
// terms that are not constants and not And/Or/Not, nor an Ite of Bool sort.
bool is_atom(Term t);
bool is_literal(Term t);

}  // namespace jwp::logic

template <>
struct std::hash<jwp::logic::Term> {
  size_t operator()(jwp::logic::Term t) const { return t.is_null() ? 0 : t.id() + 1; }
};

// =============================================================================
// Canonical forms (what every TermManager::mk_* guarantees; after KLEE's
// Expr.h). The simplifier may assume them and must preserve them by building
// only through the manager.
//
// Sorts. Java's boolean/byte/char/short values are int. Field maps have the
// field descriptor's value sort; array maps the element kind's. Shift counts
// are int for int and long shifts. Lt/Le take int or long; floats and doubles
// compare through FCmpL/FCmpG (the bytecode's fcmpl/fcmpg/dcmpl/dcmpg).
//
// 1. No term has only constant (Const) arguments: it is folded, with Java's
//    semantics (JVMS 6.5): int/long wrap; MIN / -1 == MIN and MIN % -1 == 0;
//    shift counts are masked (& 31, & 63); l2i, i2b, i2c, i2s truncate;
//    f2i, f2l, d2i, d2l saturate and map NaN to 0; float/double use IEEE
//    round-to-nearest; fcmpl/fcmpg give -1/1 on NaN. EXCEPTION: integer
//    Div and Rem by the constant 0 never fold (they throw in Java): `x / 0`
//    and `5 % 0` stay terms. Float and double division by zero folds (±inf,
//    NaN). All NaNs are the canonical NaN (bits 0x7fc00000 and
//    0x7ff8000000000000).
// 2. Eq is identity (SMT-LIB `=`), for every sort: on floats NaN == NaN and
//    +0.0 != -0.0. Java's `==` on floats is FCmpL(x, y) == 0.
//    Eq(x, x) -> true; Eq(u, v) -> false for different distinct values
//    (known_equal); Eq(b, true) -> b, Eq(b, false) -> !b.
// 3. Commutative kinds (Eq, Add, Mul, BitAnd, BitOr, BitXor, And, Or) order
//    their arguments by id, with distinct values (constants, null, types,
//    fresh) after all other terms: `x + 1`, `x == null`, `c.f != 2009`.
// 4. Negation: Not(Not(a)) -> a; Not(Lt(a, b)) -> Le(b, a) and
//    Not(Le(a, b)) -> Lt(b, a). So a literal is an atom or Not(atom), and
//    `a != b` is exactly Not(Eq(a, b)). There are no Gt, Ge or Ne kinds
//    (mk_gt, mk_ge and mk_ne build the canonical forms).
// 5. And/Or are n-ary (>= 2 arguments), flattened (no And directly under
//    And), sorted by id, without duplicates, without true/false arguments
//    (And: true dropped, false absorbs; Or dually), and never contain a
//    literal with its complement (And -> false, Or -> true). Zero arguments
//    give true/false, one gives that argument. So a conjunction of literals
//    is one canonical And term: Minterm (minterm.h) wraps it.
// 6. Int/long identities with one constant: x + 0, x * 1, x / 1, x | 0,
//    x ^ 0, x & -1, x << 0 -> x; x * 0, x & 0 -> 0; x | -1 -> -1;
//    x % 1, x % -1 -> 0; x * -1, x / -1, 0 - x -> -x (MIN / -1 == -MIN ==
//    MIN); x - c -> x + (-c) (so there is no Sub with a constant right
//    operand); x - x, x ^ x -> 0; x & x, x | x -> x; -(-x) -> x.
//    Chains of + * & | ^ keep at most one constant, at the top right:
//    (x op c1) op c2 -> x op (c1 op c2), (x op c) op y -> (x op y) op c.
//    Lt(x, x) -> false, Le(x, x) -> true, x < MIN, MAX < x -> false,
//    MIN <= x, x <= MAX -> true. Conversions: l2i(i2l x), d2i(i2d x),
//    d2f(f2d x) -> x; i2b(i2b x) -> i2b x (and i2c, i2s). Float/double get
//    constant folding and -(-x) -> x only (IEEE identities such as
//    x + 0.0 = x are false for x = -0.0; x - x is NaN for infinities).
// 7. Shifts: the count is masked when constant (x << 33 -> x << 1 for int;
//    x << 32 -> x); 0 << n, 0 >> n, 0 >>> n -> 0; -1 >> n -> -1.
// 8. Ite(true, a, b) -> a, Ite(false, a, b) -> b, Ite(c, a, a) -> a,
//    Ite(!c, a, b) -> Ite(c, b, a); on Bool: Ite(c, true, false) -> c,
//    Ite(c, false, true) -> !c, Ite(c, true, b) -> c || b,
//    Ite(c, false, b) -> !c && b, Ite(c, a, true) -> !c || a,
//    Ite(c, a, false) -> c && a.
// 9. Heap (Table 2's axioms, applied only on known_equal answers):
//    read(update(f, v, w), v) -> w; read(update(f, v, w), u) -> read(f, u)
//    when v, u are different distinct values (so for fresh objects and null);
//    likewise aread over aupdate (base or index known different);
//    update(update(f, v, w1), v, w2) -> update(f, v, w2);
//    update(f, v, read(f, v)) -> f; and the same for aupdate.
//    read(F, fresh(T)#n) -> the default value of F's sort (0, 0L, 0.0f, 0.0,
//    null) for a field constant F; read(length, fresh(T[], n)#k) -> n;
//    aread(A, fresh#n, i) -> the default value for an array constant A.
//    These rely on the invariant of fresh terms: fresh(T)#n stands for an
//    object allocated after every other term it is compared with was
//    evaluated, so the maps F and A hold defaults at it (the wp transformer
//    for `new` substitutes fresh(T) for the new value at the allocation).
// 10. Types: typeOf(fresh(T)#n) -> T; typeOf(string literal) ->
//    java/lang/String; subType(t, t) -> true; subType(t, java/lang/Object)
//    -> true. Everything else about the hierarchy (subType of two different
//    classes, dispatch) is left to the simplifier, which has the hierarchy.
// 11. fresh(T)#n == fresh(U)#m for different terms, fresh == null and
//    string literal comparisons fold (distinct values, rule 2). A fresh term
//    is NOT folded unequal to a variable: that holds only for variables that
//    exist before the allocation, which is the simplifier's call.
// 12. Class objects: classOf(t) is the java.lang.Class object of type t, one
//    per type (JVMS 5.3; the analysis has one class loader), never null.
//    typeOf(classOf(t)) -> java/lang/Class; classOf(a) == classOf(b) ->
//    a == b (injective; class literals of different types fold to false);
//    classOf(t) == null, == a string literal, == fresh(T)#n -> false (no
//    program allocates a Class with `new`). classType(c), the type a Class
//    object stands for, inverts it: classType(classOf(t)) -> t.
// 13. Array element types: elemType(t) is the element type of the
//    reference array type t (the run-time type of an array's elements, as
//    aastore checks them): elemType([X) -> X for a type constant ([LC; ->
//    C, [[I -> [I). Of a type that is not a reference array it is
//    unspecified (the encoding leaves it free).
//
// =============================================================================
// Adding a term kind (checklist, after KLEE's "Steps required for adding an
// expr"):
//  1. Add a line to term_kinds.def inside its group (the enum, the name and
//     arity tables and TermVisitor expand from it).
//  2. Add a constructor mk_<name> to TermManager: check argument sorts with
//     JWP_CHECK, fold constants with Java semantics (base/java_semantics.h), put
//     the result in canonical form, document new rules in the list above.
//  3. Add the case to TermManager::rebuild (term_manager.cc) so substitution
//     rebuilds it through the new constructor.
//  4. Print it: java_printer.cc (precedence, Java-like syntax) and
//     smtlib_printer.cc (encoding; new declarations or background axioms).
//  5. Flags: if it introduces something later layers ask about, add a
//     TermFlag and set it in TermManager::intern.
//  6. Tests: folding edge cases in tests/logic/, printing in both printers,
//     and a Z3 differential case in smtlib_z3_test.cc that proves the folded
//     constant equal to the SMT-LIB encoding.
//  7. Tell simplifier/ and solver/ (their dispatchers switch over kinds).
// =============================================================================

#endif  // JWP_LOGIC_TERM_H_
