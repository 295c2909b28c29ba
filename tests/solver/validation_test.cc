// Validation (KLEE's ValidatingSolver idea): for random Bool terms over the
// whole vocabulary, the solver's direct Z3 encoding and the SMT-LIB printer's
// script (parsed by Z3) give the same Sat/Unsat answer, without type facts.
// The printer encodes only part of the background theory (V1, H2 on length
// reads, H3); the instances the solver adds beyond it (H4, reflexive
// subType, lengths of fresh arrays) are conjoined to both sides as terms.
// The answers are compared only where both are decided.
#include <z3++.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "base/java_semantics.h"
#include "logic/printer.h"
#include "logic/visit.h"
#include "tests/solver/solver_test_util.h"

namespace jwp::solver::testing {
namespace {

using logic::ArrayKind;
using logic::SkolemKind;
using logic::SortKind;
using logic::Term;
using logic::TermKind;
using logic::TermManager;


class Generator {
 public:
  Generator(TermManager& tm, uint64_t seed) : tm_(tm), rng_(seed) {
    for (int k = 0; k < 3; ++k) ints_.push_back(tm.mk_var("x" + std::to_string(k), Sort::Int()));
    for (int k = 0; k < 2; ++k) longs_.push_back(tm.mk_var("y" + std::to_string(k), Sort::Long()));
    floats_.push_back(tm.mk_var("f0", Sort::Float()));
    doubles_.push_back(tm.mk_var("d0", Sort::Double()));
    refs_ = {tm.mk_var("p0", Sort::Ref()), tm.mk_var("p1", Sort::Ref()),
             tm.mk_generic(0, Sort::Ref()), tm.mk_skolem(SkolemKind::kRet, Sort::Ref(), 1, 0)};
    int_field_ = tm.mk_field("t/A", "val", "I");
    long_field_ = tm.mk_field("t/A", "big", "J");
    ref_field_ = tm.mk_field("t/A", "next", "Lt/A;");
    int_array_ = tm.mk_array_map(ArrayKind::kInt);
    ref_array_ = tm.mk_array_map(ArrayKind::kRef);
    types_ = {tm.mk_type("t/A"), tm.mk_type("t/B"), tm.mk_type("t/C")};
    effect_ = tm.mk_skolem(SkolemKind::kHeap, int_field_.sort(), 2, 0, int_field_);
  }

  Term formula() {
    int n = uniform(1, 4);
    std::vector<Term> lits;
    for (int k = 0; k < n; ++k) lits.push_back(coin(0.3) ? tm_.mk_not(boolean(3)) : boolean(3));
    return tm_.mk_and(lits);
  }

 private:
  using Sort = logic::Sort;
  // How often a floating-point operand is chosen where one may occur: IEEE
  // bit-blasting is slow in Z3, so FP terms are kept rare (and shallow).
  static constexpr double kFloating = 0.3;
  int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool coin(double p) { return std::bernoulli_distribution(p)(rng_); }
  template <typename T>
  T pick(const std::vector<T>& v) { return v[uniform(0, static_cast<int>(v.size()) - 1)]; }

  Term boolean(int depth) {
    if (depth <= 0) return tm_.mk_lt(pick(ints_), int_const());
    switch (uniform(0, 11)) {
      case 0: return tm_.mk_lt(integer(depth - 1), integer(depth - 1));
      case 1: return tm_.mk_le(lng(depth - 1), lng(depth - 1));
      case 2: return tm_.mk_eq(integer(depth - 1), integer(depth - 1));
      case 3: return tm_.mk_eq(lng(depth - 1), lng(depth - 1));
      case 4:
        if (coin(kFloating)) return tm_.mk_eq(flt(depth - 1), flt(depth - 1));
        return tm_.mk_le(integer(depth - 1), integer(depth - 1));
      case 5:
        if (coin(kFloating)) return tm_.mk_eq(dbl(depth - 1), dbl(depth - 1));
        return tm_.mk_eq(tm_.mk_l2i(lng(depth - 1)), integer(depth - 1));
      case 6: return tm_.mk_eq(ref(depth - 1), ref(depth - 1));
      case 7: return tm_.mk_eq(type(depth - 1), pick(types_));
      case 8: return tm_.mk_sub_type(type(depth - 1), type(depth - 1));
      case 9: return tm_.mk_or(boolean(depth - 1), boolean(depth - 1));
      case 10: return tm_.mk_ite(boolean(depth - 1), boolean(depth - 1), boolean(depth - 1));
      default: return tm_.mk_not(boolean(depth - 1));
    }
  }

  Term int_const() {
    static const int32_t kInteresting[] = {0, 1, -1, 2, 31, 32, 33, 64, 127, 128, 65535,
                                           java::kIntMin, java::kIntMax};
    if (coin(0.7)) return tm_.mk_int(kInteresting[uniform(0, 12)]);
    return tm_.mk_int(uniform(-1000, 1000));
  }

  Term integer(int depth) {
    if (depth <= 0) return coin(0.6) ? pick(ints_) : int_const();
    auto sub = [&] { return integer(depth - 1); };
    switch (uniform(0, 24)) {
      case 0: return tm_.mk_add(sub(), sub());
      case 1: return tm_.mk_sub(sub(), sub());
      case 2: return tm_.mk_mul(sub(), sub());
      case 3: return tm_.mk_div(sub(), sub());
      case 4: return tm_.mk_rem(sub(), sub());
      case 5: return tm_.mk_bit_and(sub(), sub());
      case 6: return tm_.mk_bit_or(sub(), sub());
      case 7: return tm_.mk_bit_xor(sub(), sub());
      case 8: return tm_.mk_shl(sub(), sub());
      case 9: return tm_.mk_shr(sub(), sub());
      case 10: return tm_.mk_ushr(sub(), sub());
      case 11: return tm_.mk_neg(sub());
      case 12: return tm_.mk_l2i(lng(depth - 1));
      case 13: return tm_.mk_i2b(sub());
      case 14: return tm_.mk_i2c(sub());
      case 15: return tm_.mk_i2s(sub());
      case 16:
        if (coin(kFloating)) return tm_.mk_convert(TermKind::kF2I, flt(depth - 1));
        return tm_.mk_i2b(sub());
      case 17:
        if (coin(kFloating)) return tm_.mk_convert(TermKind::kD2I, dbl(depth - 1));
        return tm_.mk_shl(sub(), sub());
      case 18: return tm_.mk_lcmp(lng(depth - 1), lng(depth - 1));
      case 19:
        if (!coin(kFloating)) return tm_.mk_lcmp(lng(depth - 1), lng(depth - 1));
        return coin(0.5) ? tm_.mk_fcmpl(flt(depth - 1), flt(depth - 1))
                         : tm_.mk_fcmpg(dbl(depth - 1), dbl(depth - 1));
      case 20: return tm_.mk_read(int_map(depth - 1), ref(depth - 1));
      case 21: return tm_.mk_aread(int_array_map(depth - 1), ref(depth - 1), sub());
      case 22: return tm_.mk_length(ref(depth - 1));
      case 23: return tm_.mk_ite(boolean(depth - 1), sub(), sub());
      default: return pick(ints_);
    }
  }

  Term lng(int depth) {
    if (depth <= 0 || coin(0.3)) {
      return coin(0.6) ? pick(longs_)
                       : tm_.mk_long(coin(0.5) ? java::kLongMin : int64_t{uniform(-5, 5)});
    }
    auto sub = [&] { return lng(depth - 1); };
    switch (uniform(0, 9)) {
      case 0: return tm_.mk_add(sub(), sub());
      case 1: return tm_.mk_mul(sub(), sub());
      case 2: return tm_.mk_div(sub(), sub());
      case 3: return tm_.mk_rem(sub(), sub());
      case 4: return tm_.mk_shl(sub(), integer(depth - 1));
      case 5: return tm_.mk_ushr(sub(), integer(depth - 1));
      case 6: return tm_.mk_i2l(integer(depth - 1));
      case 7:
        if (coin(kFloating)) return tm_.mk_convert(TermKind::kD2L, dbl(depth - 1));
        return tm_.mk_i2l(integer(depth - 1));
      case 8: return tm_.mk_read(long_field_, ref(depth - 1));
      default: return tm_.mk_neg(sub());
    }
  }

  // Floating-point terms stay shallow: bit-blasted IEEE multiplication and
  // division are slow, and the point is the encoding of each operator.
  Term flt(int depth) {
    depth = std::min(depth, 1);
    if (depth <= 0 || coin(0.4)) {
      static const float kValues[] = {0.0f, -0.0f, 1.5f, -2.0f, 1e30f,
                                      std::numeric_limits<float>::infinity(),
                                      std::numeric_limits<float>::quiet_NaN()};
      return coin(0.5) ? floats_[0] : tm_.mk_float(kValues[uniform(0, 6)]);
    }
    switch (uniform(0, 4)) {
      case 0: return tm_.mk_add(flt(depth - 1), flt(depth - 1));
      case 1: return tm_.mk_neg(flt(depth - 1));
      case 2: return tm_.mk_convert(TermKind::kI2F, integer(depth - 1));
      case 3: return tm_.mk_convert(TermKind::kD2F, dbl(depth - 1));
      default: return tm_.mk_div(flt(depth - 1), flt(depth - 1));
    }
  }

  Term dbl(int depth) {
    depth = std::min(depth, 1);
    if (depth <= 0 || coin(0.4)) {
      static const double kValues[] = {0.0, -0.0, 0.5, -3.75, 1e300, 2147483648.0,
                                       std::numeric_limits<double>::quiet_NaN()};
      return coin(0.5) ? doubles_[0] : tm_.mk_double(kValues[uniform(0, 6)]);
    }
    switch (uniform(0, 4)) {
      case 0: return tm_.mk_add(dbl(depth - 1), dbl(depth - 1));
      case 1: return tm_.mk_sub(dbl(depth - 1), dbl(depth - 1));
      case 2: return tm_.mk_convert(TermKind::kL2D, lng(depth - 1));
      case 3: return tm_.mk_convert(TermKind::kF2D, flt(depth - 1));
      default: return tm_.mk_rem(dbl(depth - 1), dbl(depth - 1));
    }
  }

  Term fresh() {
    switch (uniform(0, 2)) {
      case 0: return tm_.mk_fresh(types_[1], 101);
      case 1: return tm_.mk_fresh(types_[2], 102);
      default: return tm_.mk_fresh_array(tm_.mk_type("[I"), ints_[0], 103);
    }
  }

  Term ref(int depth) {
    if (depth <= 0) return coin(0.8) ? pick(refs_) : tm_.mk_null();
    switch (uniform(0, 8)) {
      case 0: return tm_.mk_null();
      case 1: return fresh();
      case 2: return tm_.mk_string(coin(0.5) ? "a" : "b");
      case 3: return tm_.mk_read(ref_field_, ref(depth - 1));
      case 4: return tm_.mk_read(tm_.mk_update(ref_field_, ref(depth - 1), ref(depth - 1)), ref(depth - 1));
      case 5: return tm_.mk_aread(ref_array_, ref(depth - 1), integer(depth - 1));
      case 6: return tm_.mk_ite(boolean(depth - 1), ref(depth - 1), ref(depth - 1));
      default: return pick(refs_);
    }
  }

  Term int_map(int depth) {
    switch (uniform(0, 3)) {
      case 0: return tm_.mk_update(int_field_, ref(depth), integer(depth));
      case 1: return tm_.mk_mod(int_field_, effect_);
      default: return int_field_;
    }
  }

  Term int_array_map(int depth) {
    if (coin(0.3)) return tm_.mk_aupdate(int_array_, ref(depth), integer(depth), integer(depth));
    return int_array_;
  }

  Term type(int depth) {
    if (depth <= 0 || coin(0.4)) return pick(types_);
    return tm_.mk_type_of(ref(depth - 1));
  }

  TermManager& tm_;
  std::mt19937_64 rng_;
  std::vector<Term> ints_, longs_, floats_, doubles_, refs_, types_;
  Term int_field_, long_field_, ref_field_, int_array_, ref_array_, effect_;
};

// The axiom instances the solver encodes beyond the printer's background,
// as terms: H4, subType reflexive and below java/lang/Object, H2 for the
// lengths of fresh arrays.
std::vector<Term> extra_instances(TermManager& tm, Term formula) {
  std::vector<Term> fresh, pre, out;
  logic::for_each_subterm(formula, [&](Term t) {
    if (t.is(TermKind::kFresh)) fresh.push_back(t);
    if (!t.sort().is_ref()) {
    } else if (t.is_var() && tm.var_info(t).role == logic::VarRole::kProgram) {
      pre.push_back(t);
    } else if (t.is(TermKind::kRead) || t.is(TermKind::kARead)) {
      // The read of the map constant under an update chain (H1 makes it
      // appear; H4 holds for it).
      Term m = t.arg(0);
      while (m.is(TermKind::kUpdate) || m.is(TermKind::kAUpdate)) m = m.arg(0);
      if (m.is(TermKind::kFieldConst)) pre.push_back(tm.mk_read(m, t.arg(1)));
      if (m.is(TermKind::kArrayConst)) pre.push_back(tm.mk_aread(m, t.arg(1), t.arg(2)));
    }
    if (t.is(TermKind::kSubType)) {
      out.push_back(tm.mk_implies(tm.mk_eq(t.arg(0), t.arg(1)), t));
      out.push_back(tm.mk_implies(tm.mk_eq(t.arg(1), tm.object_type()), t));
    }
  });
  for (Term f : fresh) {
    for (Term u : pre) out.push_back(tm.mk_ne(f, u));
    if (f.num_args() == 2) out.push_back(tm.mk_le(tm.mk_int(0), f.arg(1)));
  }
  return out;
}

SatAnswer check_script(const std::string& script, unsigned timeout_ms, unsigned rlimit, std::string* error) {
  try {
    z3::context c;
    z3::expr_vector v = c.parse_string(script.c_str());
    z3::solver s(c);
    z3::params p(c);
    p.set("timeout", timeout_ms);
    p.set("rlimit", rlimit);
    s.set(p);
    for (unsigned k = 0; k < v.size(); ++k) s.add(v[k]);
    switch (s.check()) {
      case z3::sat: return SatAnswer::kSat;
      case z3::unsat: return SatAnswer::kUnsat;
      default: return SatAnswer::kUnknown;
    }
  } catch (const z3::exception& e) {
    *error = e.msg();
    return SatAnswer::kUnknown;
  }
}

// Each query has Z3's resource limit, not a time limit, so which queries
// come back unknown does not depend on the machine's speed or load (a 1.5 s
// timeout gave 25 unknowns of 300 on a loaded machine, where 15 fail).
// The timeout only guards against a query the limit would not stop.
constexpr unsigned kValidationRlimit = 5000000;
constexpr unsigned kSafetyTimeoutMs = 30000;

// The sanitizer build checks fewer terms: Z3 dominates the time and is the
// same library in both builds; the encoder's memory safety is what that
// build adds.
#ifdef JWP_SANITIZED_BUILD
constexpr int kValidationTerms = 60, kMinSat = 9, kMinUnsat = 2, kMaxUnknown = 6;
#else
constexpr int kValidationTerms = 300, kMinSat = 50, kMinUnsat = 20, kMaxUnknown = 15;
#endif

TEST(Validation, DirectEncodingAgreesWithThePrinter) {
  TermManager tm;
  SolverOptions o;
  o.timeout_ms = kSafetyTimeoutMs;
  o.rlimit = kValidationRlimit;
  o.cache_entries = 0;
  if (const char* dir = std::getenv("JWP_VALIDATION_LOG_DIR")) {  // to study slow queries
    o.log_dir = dir;
    o.log_threshold_ms = 200;
  }
  Solver solver(tm, o);
  Generator gen(tm, 20091);
  int sat = 0, unsat = 0, unknown = 0, checked = 0;
  for (int k = 0; checked < kValidationTerms && k < 2000; ++k) {
    Term f = gen.formula();
    if (f.is_true() || f.is_false()) continue;
    std::vector<Term> all{f};
    for (Term x : extra_instances(tm, f)) all.push_back(x);
    ++checked;
    CheckResult mine = solver.check(all);
    std::string error;
    SatAnswer theirs = check_script(logic::to_smtlib(tm, all), kSafetyTimeoutMs, kValidationRlimit, &error);
    ASSERT_TRUE(error.empty()) << error << "\n" << logic::to_smtlib(tm, all);
    if (mine.answer == SatAnswer::kUnknown || theirs == SatAnswer::kUnknown) {
      ++unknown;
      continue;
    }
    ASSERT_EQ(mine.answer, theirs) << "#" << k << ": " << logic::to_java(tm, f) << "\n--- printer:\n"
                                   << logic::to_smtlib(tm, all) << "--- solver:\n"
                                   << solver.to_smt2(all);
    (mine.answer == SatAnswer::kSat ? sat : unsat)++;
  }
  EXPECT_EQ(checked, kValidationTerms);
  EXPECT_GT(sat, kMinSat);
  EXPECT_GT(unsat, kMinUnsat);
  EXPECT_LT(unknown, kMaxUnknown);
  std::printf("validation: %d sat, %d unsat, %d unknown\n", sat, unsat, unknown);
}

}  // namespace
}  // namespace jwp::solver::testing
