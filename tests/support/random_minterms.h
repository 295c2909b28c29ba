// Random minterms over the whole vocabulary of the logic (Snugglebug's
// Table 2 plus Java arithmetic), for the simplifier's property test and the
// simplifier benchmark. Deterministic for a seed: the same seed gives the
// same sequence of minterms, built in the same order (so term ids match).
//
// The generator draws from a small pool of variables, fields, types and
// constants so that literals of one minterm talk about the same things:
// related and contradictory literals (x < 3 and x == 5, p == null and
// p.f == 2, typeOf(p) == C with C final) are frequent, as they are in the
// engine. A small class hierarchy (ToyTypeFacts) names the types.
#ifndef JWP_TESTS_SUPPORT_RANDOM_MINTERMS_H_
#define JWP_TESTS_SUPPORT_RANDOM_MINTERMS_H_

#include <array>
#include <limits>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "logic/minterm.h"
#include "logic/term_manager.h"
#include "types/type_facts.h"

namespace jwp::testing {

// A closed toy hierarchy:
//   java/lang/Object
//   ├── t/A (abstract)      implements t/I
//   │   ├── t/B             (concrete)
//   │   │   └── t/C (final)
//   │   └── t/D (final)
//   ├── t/E (concrete)
//   └── java/lang/String (final)
//   t/I (interface), implemented by t/A and hence t/B, t/C, t/D
// Arrays: [I (final), [Lt/A; (subtypes [Lt/B; [Lt/C; [Lt/D;).
// Dispatch: t/I.m()I is declared by t/I (abstract), implemented in t/A
// and overridden in t/C; t/E has no m.
class ToyTypeFacts final : public types::TypeFacts {
 public:
  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override {
    if (sub == super || super == "java/lang/Object") return true;
    if (sub.starts_with("[") != super.starts_with("[")) return false;
    if (sub.starts_with("[")) {
      if (sub == "[I" || super == "[I") return false;
      return is_subtype(sub.substr(2, sub.size() - 3), super.substr(2, super.size() - 3));
    }
    for (std::string_view s = sub; !s.empty(); s = super_of(s)) {
      if (s == super) return true;
    }
    if (super == "t/I") return sub == "t/A" || sub == "t/B" || sub == "t/C" || sub == "t/D";
    return false;
  }
  bool is_known(std::string_view type) const override {
    for (std::string_view t : all_types()) {
      if (t == type) return true;
    }
    return false;
  }
  bool is_final(std::string_view type) const override {
    return type == "t/C" || type == "t/D" || type == "java/lang/String" || type == "[I" ||
           type == "[Lt/C;" || type == "[Lt/D;";
  }
  bool is_instantiable(std::string_view type) const override {
    return is_known(type) && type != "t/A" && type != "t/I" && type != "[Lt/A;" &&
           type != "java/lang/Object";
  }
  TypeList concrete_subtypes(std::string_view type, size_t limit) const override {
    TypeList out;
    out.complete = true;
    for (std::string_view t : all_types()) {
      if (is_instantiable(t) && is_subtype(t, type).value_or(false)) {
        if (out.types.size() >= limit) {
          out.complete = false;
          break;
        }
        out.types.emplace_back(t);
      }
    }
    return out;
  }
  std::optional<types::MethodName> dispatch(std::string_view receiver,
                                                 std::string_view sig_owner,
                                                 std::string_view sig_name,
                                                 std::string_view sig_descriptor) const override {
    if (sig_owner != "t/I" || sig_name != "m" || sig_descriptor != "()I") return std::nullopt;
    if (receiver == "t/C") return types::MethodName{"t/C", "m", "()I"};
    if (receiver == "t/B" || receiver == "t/D" || receiver == "t/A") {
      return types::MethodName{"t/A", "m", "()I"};
    }
    return std::nullopt;  // t/E, arrays, Object: not implementing t/I
  }

  static const std::vector<std::string_view>& all_types() {
    static const std::vector<std::string_view> types = {
        "java/lang/Object", "t/I", "t/A", "t/B", "t/C", "t/D", "t/E", "java/lang/String",
        "[I", "[Lt/A;", "[Lt/B;", "[Lt/C;", "[Lt/D;"};
    return types;
  }

 private:
  static std::string_view super_of(std::string_view t) {
    if (t == "t/B" || t == "t/D") return "t/A";
    if (t == "t/C") return "t/B";
    if (t == "java/lang/Object" || t == "t/I") return "";
    return "java/lang/Object";
  }
};

struct RandomMintermOptions {
  int min_literals = 1;
  int max_literals = 6;
  int max_depth = 3;  // of value terms below an atom
};

class RandomMinterms {
 public:
  RandomMinterms(logic::TermManager& tm, uint64_t seed, RandomMintermOptions options = {})
      : tm_(tm), rng_(seed), options_(options) {
    using logic::Sort;
    for (int i = 0; i < 3; ++i) ints_.push_back(tm.mk_var("x" + std::to_string(i), Sort::Int()));
    for (int i = 0; i < 2; ++i) longs_.push_back(tm.mk_var("y" + std::to_string(i), Sort::Long()));
    for (int i = 0; i < 3; ++i) refs_.push_back(tm.mk_var("p" + std::to_string(i), Sort::Ref()));
    floats_.push_back(tm.mk_var("f0", Sort::Float()));
    doubles_.push_back(tm.mk_var("d0", Sort::Double()));
    int_field_ = tm.mk_field("t/A", "val", "I");
    long_field_ = tm.mk_field("t/B", "big", "J");
    ref_field_ = tm.mk_field("t/A", "next", "Lt/A;");
    obj_field_ = tm.mk_field("t/E", "any", "Ljava/lang/Object;");
    int_array_ = tm.mk_array_map(logic::ArrayKind::kInt);
    ref_array_ = tm.mk_array_map(logic::ArrayKind::kRef);
    for (std::string_view t : ToyTypeFacts::all_types()) types_.push_back(tm.mk_type(t));
    sig_ = tm.mk_signature("t/I", "m", "()I");
    methods_ = {tm.mk_method("t/A", "m", "()I"), tm.mk_method("t/C", "m", "()I")};
    skolem_ = tm.mk_skolem(logic::SkolemKind::kRet, Sort::Ref(), 1, 0);
    int_skolem_ = tm.mk_skolem(logic::SkolemKind::kRet, Sort::Int(), 2, 0);
    mod_effect_ = tm.mk_skolem(logic::SkolemKind::kHeap, int_field_.sort(), 3, 0, int_field_);
  }

  logic::Minterm next() {
    int n = uniform(options_.min_literals, options_.max_literals);
    std::vector<logic::Term> lits;
    for (int i = 0; i < n; ++i) {
      logic::Term a = atom(options_.max_depth);
      lits.push_back(coin(0.35) ? tm_.mk_not(a) : a);
    }
    return logic::Minterm::of(tm_, lits);
  }

 private:
  using Term = logic::Term;

  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T>
  T pick(const std::vector<T>& v) { return v[uniform(0, static_cast<int>(v.size()) - 1)]; }

  Term small_int() {
    static constexpr std::array<int32_t, 12> kValues = {
        0, 1, -1, 2, 3, 5, 7, 31, 32, 2009, INT32_MIN, INT32_MAX};
    return tm_.mk_int(kValues[uniform(0, kValues.size() - 1)]);
  }
  Term small_long() {
    static constexpr std::array<int64_t, 9> kValues = {
        0, 1, -1, 3, 63, 64, 1LL << 40, INT64_MIN, INT64_MAX};
    return tm_.mk_long(kValues[uniform(0, kValues.size() - 1)]);
  }

  // Arguments are drawn into locals first: C++ leaves the order of
  // evaluation of function arguments unspecified, and the sequence of draws
  // must not depend on the compiler.
  Term int_or_const(int depth) { return coin(0.5) ? small_int() : int_term(depth); }

  Term int_term(int depth) {
    if (depth <= 0 || coin(0.3)) return coin(0.6) ? pick(ints_) : small_int();
    const int d = depth - 1;
    switch (uniform(0, 15)) {
      case 0: { Term a = int_term(d); Term b = int_term(d); return tm_.mk_add(a, b); }
      case 1: { Term a = int_term(d); Term b = int_term(d); return tm_.mk_sub(a, b); }
      case 2: { Term a = int_term(d); Term b = int_or_const(d); return tm_.mk_mul(a, b); }
      case 3: { Term a = int_term(d); Term b = int_or_const(d); return tm_.mk_div(a, b); }
      case 4: { Term a = int_term(d); Term b = int_or_const(d); return tm_.mk_rem(a, b); }
      case 5: return tm_.mk_neg(int_term(d));
      case 6: {
        int op = uniform(0, 2);
        Term a = int_term(d);
        Term b = int_or_const(d);
        return op == 0 ? tm_.mk_bit_and(a, b) : op == 1 ? tm_.mk_bit_or(a, b) : tm_.mk_bit_xor(a, b);
      }
      case 7: {
        int op = uniform(0, 2);
        Term a = int_term(d);
        Term c = coin(0.6) ? small_int() : int_term(d);
        return op == 0 ? tm_.mk_shl(a, c) : op == 1 ? tm_.mk_shr(a, c) : tm_.mk_ushr(a, c);
      }
      case 8: return tm_.mk_l2i(long_term(d));
      case 9: {
        int op = uniform(0, 2);
        Term a = int_term(d);
        return op == 0 ? tm_.mk_i2b(a) : op == 1 ? tm_.mk_i2c(a) : tm_.mk_i2s(a);
      }
      case 10: return tm_.mk_read(int_field_, ref_term(d));
      case 11: return tm_.mk_length(ref_term(d));
      case 12: { Term r = ref_term(d); Term i = int_term(d); return tm_.mk_aread(int_array_, r, i); }
      case 13: {
        if (coin(0.5)) {
          Term f = pick(floats_);
          return tm_.mk_fcmpl(f, float_const());
        }
        Term a = long_term(d);
        Term b = long_term(d);
        return tm_.mk_lcmp(a, b);
      }
      case 14:
        if (coin(0.5)) return int_skolem_;
        return tm_.mk_read(tm_.mk_mod(int_field_, mod_effect_), ref_term(d));
      default: {
        Term at = ref_term(d);
        Term v = int_term(d);
        Term r = ref_term(d);
        return tm_.mk_read(tm_.mk_update(int_field_, at, v), r);
      }
    }
  }

  Term long_term(int depth) {
    if (depth <= 0 || coin(0.35)) return coin(0.6) ? pick(longs_) : small_long();
    const int d = depth - 1;
    switch (uniform(0, 5)) {
      case 0: { Term a = long_term(d); Term b = long_term(d); return tm_.mk_add(a, b); }
      case 1: { Term a = long_term(d); Term b = small_long(); return tm_.mk_mul(a, b); }
      case 2: return tm_.mk_i2l(int_term(d));
      case 3: { Term a = long_term(d); Term c = int_term(d); return tm_.mk_shl(a, c); }
      case 4: { Term a = long_term(d); Term b = small_long(); return tm_.mk_div(a, b); }
      default: return tm_.mk_read(long_field_, ref_term(d));
    }
  }

  Term float_const() {
    static constexpr std::array<float, 5> kValues = {0.0f, -0.0f, 1.5f, 1e30f, -2.0f};
    if (coin(0.15)) return tm_.mk_float(std::numeric_limits<float>::quiet_NaN());
    return tm_.mk_float(kValues[uniform(0, kValues.size() - 1)]);
  }

  Term ref_term(int depth) {
    if (depth <= 0 || coin(0.4)) {
      switch (uniform(0, 9)) {
        case 0: return tm_.mk_null();
        case 1: return fresh_object();
        case 2: return skolem_;
        default: return pick(refs_);
      }
    }
    const int d = depth - 1;
    switch (uniform(0, 3)) {
      case 0: return tm_.mk_read(ref_field_, ref_term(d));
      case 1: { Term r = ref_term(d); Term i = int_term(d); return tm_.mk_aread(ref_array_, r, i); }
      case 2: return tm_.mk_read(obj_field_, ref_term(d));
      default: {
        Term at = ref_term(d);
        Term v = ref_term(d);
        Term r = ref_term(d);
        return tm_.mk_read(tm_.mk_update(ref_field_, at, v), r);
      }
    }
  }

  // One of a few allocations (numbers fixed per type so one n never gets
  // two types within a minterm).
  Term fresh_object() {
    switch (uniform(0, 3)) {
      case 0: return tm_.mk_fresh(tm_.mk_type("t/B"), 101);
      case 1: return tm_.mk_fresh(tm_.mk_type("t/C"), 102);
      case 2: return tm_.mk_fresh(tm_.mk_type("t/E"), 103);
      default: return tm_.mk_fresh_array(tm_.mk_type("[I"), ints_[0], 104);  // one length per n
    }
  }

  Term atom(int depth) {
    switch (uniform(0, 11)) {
      case 0: case 1: case 2: {
        Term a = int_term(depth);
        Term b = coin(0.6) ? small_int() : int_term(depth);
        int op = uniform(0, 2);
        return op == 0 ? tm_.mk_eq(a, b) : op == 1 ? tm_.mk_lt(a, b) : tm_.mk_le(a, b);
      }
      case 3: {
        Term a = long_term(depth);
        Term b = coin(0.6) ? small_long() : long_term(depth);
        return coin(0.5) ? tm_.mk_lt(a, b) : tm_.mk_eq(a, b);
      }
      case 4: case 5: {
        Term a = ref_term(depth);
        Term b = coin(0.5) ? tm_.mk_null() : ref_term(depth);
        return tm_.mk_eq(a, b);
      }
      case 6: { Term r = ref_term(depth - 1); return tm_.mk_instance_of(r, pick(types_)); }
      case 7: { Term r = ref_term(depth - 1); return tm_.mk_eq(tm_.mk_type_of(r), pick(types_)); }
      case 8: { Term a = pick(types_); Term b = pick(types_); return tm_.mk_sub_type(a, b); }
      case 9: {
        Term t = coin(0.5) ? pick(types_) : tm_.mk_type_of(ref_term(depth - 1));
        return tm_.mk_eq(tm_.mk_dispatch(t, sig_), pick(methods_));
      }
      case 10: {
        Term f = pick(floats_);
        bool g = coin(0.5);
        Term c = float_const();
        Term cmp = g ? tm_.mk_fcmpg(f, c) : tm_.mk_fcmpl(f, c);
        return tm_.mk_eq(cmp, tm_.mk_int(uniform(-1, 1)));
      }
      default: {
        Term dv = pick(doubles_);
        if (coin(0.5)) return tm_.mk_eq(tm_.mk_convert(logic::TermKind::kD2I, dv), small_int());
        return tm_.mk_eq(dv, tm_.mk_double(coin(0.5) ? 0.0 : -0.0));
      }
    }
  }

  logic::TermManager& tm_;
  std::mt19937_64 rng_;
  RandomMintermOptions options_;
  std::vector<Term> ints_, longs_, refs_, floats_, doubles_, types_, methods_;
  Term int_field_, long_field_, ref_field_, obj_field_, int_array_, ref_array_, sig_, skolem_,
      int_skolem_, mod_effect_;
};

}  // namespace jwp::testing

#endif  // JWP_TESTS_SUPPORT_RANDOM_MINTERMS_H_
