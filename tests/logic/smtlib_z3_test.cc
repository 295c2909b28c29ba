// Differential tests (after KLEE's SolverTest): for every operation and
// edge-case constants, Z3 proves the constant the manager folds equal to
// the SMT-LIB encoding of the same operation on variables bound to those
// constants. This checks the folding and the encoding against each other.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "logic/printer.h"
#include "tests/logic/z3_util.h"

namespace jwp::logic {
namespace {

using testing::z3_check;

const std::vector<int32_t> kInts = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 63, 64, 65, 255, 65535,
                                    std::numeric_limits<int32_t>::min(),
                                    std::numeric_limits<int32_t>::max()};
const std::vector<int64_t> kLongs = {0, 1, -1, 7, -7, 63, int64_t{1} << 32, -(int64_t{1} << 40),
                                     std::numeric_limits<int64_t>::min(),
                                     std::numeric_limits<int64_t>::max()};
const std::vector<double> kDoubles = {0.0, -0.0, 1.5, -2.5, 0.1, 1e10, -1e10, 3e9, 1e19, -1e19,
                                      2147483647.9, -2147483648.9, 1e-310,
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity()};

// Checks, in one Z3 query, that op(c1, c2) folds to what Z3 computes, for
// every pair; on failure, reports the failing pairs one by one.
class Differential {
 public:
  explicit Differential(TermManager& tm) : tm_(tm) {}

  // `sym` is the operation on fresh variables a, b; `folded` on constants.
  void add(Term a, Term ca, Term b, Term cb, Term sym, Term folded) {
    if (!folded.is_const()) return;  // e.g. integer division by zero
    cases_.push_back({tm_.mk_eq(a, ca), b.is_null() ? tm_.mk_true() : tm_.mk_eq(b, cb),
                      tm_.mk_ne(sym, folded)});
  }

  void check(const std::string& what) {
    if (cases_.empty()) return;
    std::vector<Term> bindings, diffs;
    for (const Case& c : cases_) {
      bindings.push_back(c.bind_a);
      bindings.push_back(c.bind_b);
      diffs.push_back(c.differs);
    }
    bindings.push_back(tm_.mk_or(diffs));
    std::string script = to_smtlib(tm_, bindings);
    testing::Z3Answer z3 = z3_check(script);
    ASSERT_TRUE(z3.parsed) << what << ": " << z3.error;
    if (z3.sat == 0) return;
    for (const Case& c : cases_) {  // find the culprits
      std::vector<Term> one = {c.bind_a, c.bind_b, c.differs};
      std::string s = to_smtlib(tm_, one);
      EXPECT_EQ(z3_check(s).sat, 0) << what << " disagrees with Z3:\n" << s;
    }
  }

 private:
  struct Case {
    Term bind_a, bind_b, differs;
  };
  TermManager& tm_;
  std::vector<Case> cases_;
};

// The check itself can fail: a wrong fold (MIN / -1 as MAX) is caught, and
// so is Java's division with C semantics on the SMT side.
TEST(FoldingAgreesWithZ3, CatchesAWrongFold) {
  TermManager tm;
  Term a = tm.mk_var("a", Sort::Int()), b = tm.mk_var("b", Sort::Int());
  std::vector<Term> wrong = {tm.mk_eq(a, tm.mk_int(std::numeric_limits<int32_t>::min())),
                             tm.mk_eq(b, tm.mk_int(-1)),
                             tm.mk_ne(tm.mk_div(a, b), tm.mk_int(std::numeric_limits<int32_t>::max()))};
  EXPECT_EQ(z3_check(to_smtlib(tm, wrong)).sat, 1);
  std::vector<Term> right = wrong;
  right[2] = tm.mk_ne(tm.mk_div(a, b), tm.mk_div(tm.mk_int(std::numeric_limits<int32_t>::min()),
                                                  tm.mk_int(-1)));
  EXPECT_EQ(z3_check(to_smtlib(tm, right)).sat, 0);
}

TEST(FoldingAgreesWithZ3, IntBinary) {
  for (TermKind k : {TermKind::kAdd, TermKind::kSub, TermKind::kMul, TermKind::kDiv, TermKind::kRem,
                     TermKind::kBitAnd, TermKind::kBitOr, TermKind::kBitXor, TermKind::kShl,
                     TermKind::kShr, TermKind::kUShr, TermKind::kLt, TermKind::kLe, TermKind::kEq}) {
    TermManager tm;
    Differential diff(tm);
    int n = 0;
    for (int32_t x : kInts) {
      for (int32_t y : kInts) {
        Term a = tm.mk_var("a" + std::to_string(n), Sort::Int());
        Term b = tm.mk_var("b" + std::to_string(n++), Sort::Int());
        Term ca = tm.mk_int(x), cb = tm.mk_int(y);
        diff.add(a, ca, b, cb, tm.mk(k, std::vector<Term>{a, b}), tm.mk(k, std::vector<Term>{ca, cb}));
      }
    }
    diff.check(std::string("int ") + std::string(term_kind_name(k)));
  }
}

TEST(FoldingAgreesWithZ3, LongBinary) {
  for (TermKind k : {TermKind::kAdd, TermKind::kSub, TermKind::kMul, TermKind::kDiv, TermKind::kRem,
                     TermKind::kBitAnd, TermKind::kBitOr, TermKind::kBitXor, TermKind::kLt,
                     TermKind::kLe, TermKind::kLCmp}) {
    TermManager tm;
    Differential diff(tm);
    int n = 0;
    for (int64_t x : kLongs) {
      for (int64_t y : kLongs) {
        Term a = tm.mk_var("a" + std::to_string(n), Sort::Long());
        Term b = tm.mk_var("b" + std::to_string(n++), Sort::Long());
        Term ca = tm.mk_long(x), cb = tm.mk_long(y);
        diff.add(a, ca, b, cb, tm.mk(k, std::vector<Term>{a, b}), tm.mk(k, std::vector<Term>{ca, cb}));
      }
    }
    diff.check(std::string("long ") + std::string(term_kind_name(k)));
  }
}

TEST(FoldingAgreesWithZ3, LongShifts) {
  for (TermKind k : {TermKind::kShl, TermKind::kShr, TermKind::kUShr}) {
    TermManager tm;
    Differential diff(tm);
    int n = 0;
    for (int64_t x : kLongs) {
      for (int32_t y : kInts) {
        Term a = tm.mk_var("a" + std::to_string(n), Sort::Long());
        Term b = tm.mk_var("b" + std::to_string(n++), Sort::Int());
        Term ca = tm.mk_long(x), cb = tm.mk_int(y);
        diff.add(a, ca, b, cb, tm.mk(k, std::vector<Term>{a, b}), tm.mk(k, std::vector<Term>{ca, cb}));
      }
    }
    diff.check(std::string("long ") + std::string(term_kind_name(k)));
  }
}

TEST(FoldingAgreesWithZ3, FloatingBinary) {
  for (Sort s : {Sort::Float(), Sort::Double()}) {
    for (TermKind k : {TermKind::kAdd, TermKind::kSub, TermKind::kMul, TermKind::kDiv,
                       TermKind::kFCmpL, TermKind::kFCmpG, TermKind::kEq}) {
      TermManager tm;
      Differential diff(tm);
      int n = 0;
      for (double x : kDoubles) {
        for (double y : kDoubles) {
          Term a = tm.mk_var("a" + std::to_string(n), s);
          Term b = tm.mk_var("b" + std::to_string(n++), s);
          Term ca = s.is_float() ? tm.mk_float(static_cast<float>(x)) : tm.mk_double(x);
          Term cb = s.is_float() ? tm.mk_float(static_cast<float>(y)) : tm.mk_double(y);
          diff.add(a, ca, b, cb, tm.mk(k, std::vector<Term>{a, b}), tm.mk(k, std::vector<Term>{ca, cb}));
        }
      }
      diff.check(sort_name(s) + " " + std::string(term_kind_name(k)));
    }
  }
}

TEST(FoldingAgreesWithZ3, UnaryAndConversions) {
  std::vector<TermKind> kinds = {TermKind::kNeg};
  for (int k = static_cast<int>(kFirstConversion); k <= static_cast<int>(kLastConversion); ++k) {
    kinds.push_back(static_cast<TermKind>(k));
  }
  for (TermKind k : kinds) {
    for (Sort s : {Sort::Int(), Sort::Long(), Sort::Float(), Sort::Double()}) {
      if (k == TermKind::kNeg ? false : !(TermManager::conversion_operand(k) == s)) continue;
      TermManager tm;
      Differential diff(tm);
      std::vector<Term> consts;
      if (s.is_int()) for (int32_t v : kInts) consts.push_back(tm.mk_int(v));
      if (s.is_long()) for (int64_t v : kLongs) consts.push_back(tm.mk_long(v));
      if (s.is_float()) for (double v : kDoubles) consts.push_back(tm.mk_float(static_cast<float>(v)));
      if (s.is_double()) for (double v : kDoubles) consts.push_back(tm.mk_double(v));
      int n = 0;
      for (Term c : consts) {
        Term a = tm.mk_var("a" + std::to_string(n++), s);
        diff.add(a, c, Term(), Term(), tm.mk(k, std::vector<Term>{a}), tm.mk(k, std::vector<Term>{c}));
      }
      diff.check(sort_name(s) + " " + std::string(term_kind_name(k)));
    }
  }
}

}  // namespace
}  // namespace jwp::logic
