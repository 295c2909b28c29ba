// Witnesses from models, timeouts, the cache, statistics and the slow-query
// log.
#include <bit>
#include <filesystem>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tests/solver/solver_test_util.h"

namespace jwp::solver::testing {
namespace {

using logic::ArrayKind;
using logic::SkolemKind;

class Witnesses : public SolverTest {
 protected:
  Term p = var("p", Sort::Ref());
  Term val = tm_.mk_field("t/A", "val", "I");
  Term next = tm_.mk_field("t/A", "next", "Lt/A;");
};

TEST_F(Witnesses, Variables) {
  Term x = var("x", Sort::Int()), a = var("a", Sort::Long());
  Term fv = var("fv", Sort::Float()), dv = var("dv", Sort::Double());
  CheckResult r = run({eq(x, i(-5)), eq(a, l(int64_t{1} << 40)), eq(fv, f(1.5f)), eq(dv, d(-0.0)),
                       eq(p, tm_.mk_null())},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  const Witness& w = *r.witness;
  EXPECT_TRUE(w.replayable);
  ASSERT_EQ(w.variables.size(), 5u) << to_string(w);
  EXPECT_EQ(w.find_variable("x")->value.kind, WitnessValue::Kind::kInt);
  EXPECT_EQ(w.find_variable("x")->value.integral, -5);
  EXPECT_EQ(w.find_variable("a")->value.kind, WitnessValue::Kind::kLong);
  EXPECT_EQ(w.find_variable("a")->value.integral, int64_t{1} << 40);
  EXPECT_EQ(w.find_variable("fv")->value.kind, WitnessValue::Kind::kFloat);
  EXPECT_EQ(w.find_variable("fv")->value.bits, std::bit_cast<uint32_t>(1.5f));
  EXPECT_EQ(w.find_variable("dv")->value.bits, std::bit_cast<uint64_t>(-0.0));
  EXPECT_EQ(w.find_variable("p")->value.kind, WitnessValue::Kind::kNull);
  EXPECT_TRUE(w.objects.empty());
  // Variables come sorted by term id.
  for (size_t k = 1; k < w.variables.size(); ++k) {
    EXPECT_LT(w.variables[k - 1].var, w.variables[k].var);
  }
}

TEST_F(Witnesses, NestedObjects) {
  // p.next.val == 42 && p.val == 1
  Term pn = tm_.mk_read(next, p);
  CheckResult r = run({ne(p, tm_.mk_null()), ne(pn, tm_.mk_null()), eq(tm_.mk_read(val, pn), i(42)),
                       eq(tm_.mk_read(val, p), i(1))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const Witness& w = *r.witness;
  ASSERT_EQ(w.objects.size(), 2u) << to_string(w);
  EXPECT_EQ(w.find_variable("p")->value.object, "o1");
  const WitnessObject& o1 = w.objects[0];
  const WitnessObject& o2 = w.objects[1];
  EXPECT_EQ(o1.id, "o1");
  EXPECT_EQ(o2.id, "o2");
  ASSERT_NE(w.find_field(o1, "next"), nullptr);
  EXPECT_EQ(w.find_field(o1, "next")->value.object, "o2");
  EXPECT_EQ(w.find_field(o1, "val")->value.integral, 1);
  ASSERT_NE(w.find_field(o2, "val"), nullptr) << to_string(w);
  EXPECT_EQ(w.find_field(o2, "val")->value.integral, 42);
  EXPECT_EQ(o1.type, "java/lang/Object");  // no type facts, not pinned
}

TEST_F(Witnesses, CyclicAndSharedObjects) {
  Term pn = tm_.mk_read(next, p);
  CheckResult r = run({ne(p, tm_.mk_null()), eq(pn, p)}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  EXPECT_EQ(r.witness->find_field(r.witness->objects[0], "next")->value.object, "o1");
}

TEST_F(Witnesses, ArraysWithLengthsAndElements) {
  Term arr = var("arr", Sort::Ref());
  Term ints = tm_.mk_array_map(ArrayKind::kInt);
  Term k = var("k", Sort::Int());
  CheckResult r = run({ne(arr, tm_.mk_null()), eq(tm_.mk_length(arr), i(3)),
                       eq(tm_.mk_aread(ints, arr, i(1)), i(9)), eq(k, i(2)),
                       eq(tm_.mk_aread(ints, arr, k), i(-4))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const Witness& w = *r.witness;
  ASSERT_EQ(w.objects.size(), 1u) << to_string(w);
  const WitnessObject& o = w.objects[0];
  EXPECT_EQ(o.type, "[I");
  ASSERT_TRUE(o.length.has_value());
  EXPECT_EQ(*o.length, 3);
  ASSERT_EQ(o.elements.size(), 2u) << to_string(w);
  EXPECT_EQ(o.elements[0].index, 1);
  EXPECT_EQ(o.elements[0].value.integral, 9);
  EXPECT_EQ(o.elements[1].index, 2);
  EXPECT_EQ(o.elements[1].value.integral, -4);
}

// Array lengths stay small where the query lets them (the runner
// allocates each array), and are what the query needs where it does not.
TEST_F(Witnesses, ArrayLengthsPreferSmall) {
  Term arr = var("arr", Sort::Ref());
  Term len = tm_.mk_length(arr);
  CheckResult r = run({ne(arr, tm_.mk_null()), tm_.mk_or({tm_.mk_gt(len, i(4000000)), eq(len, i(5))})}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  ASSERT_TRUE(r.witness->objects[0].length.has_value());
  EXPECT_EQ(*r.witness->objects[0].length, 5);
  CheckResult big = run({ne(arr, tm_.mk_null()), tm_.mk_gt(len, i(4000000))}, true);
  ASSERT_EQ(big.answer, SatAnswer::kSat);
  ASSERT_EQ(big.witness->objects.size(), 1u) << to_string(*big.witness);
  ASSERT_TRUE(big.witness->objects[0].length.has_value());
  EXPECT_GT(*big.witness->objects[0].length, 4000000);
}

TEST_F(Witnesses, FreshObjectsKeepTheirTypeAndLength) {
  Term g = tm_.mk_generic(0, Sort::Ref());
  Term n = var("n", Sort::Int());
  Term arr = tm_.mk_fresh_array(tm_.mk_type("[J"), n, 7);
  CheckResult r = run({eq(g, arr), eq(n, i(4))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  EXPECT_EQ(r.witness->objects[0].type, "[J");
  ASSERT_TRUE(r.witness->objects[0].length.has_value());
  EXPECT_EQ(*r.witness->objects[0].length, 4);
}

TEST_F(Witnesses, ArrayOfObjects) {
  Term arr = var("arr", Sort::Ref());
  Term refs = tm_.mk_array_map(ArrayKind::kRef);
  Term e0 = tm_.mk_aread(refs, arr, i(0));
  CheckResult r = run({ne(arr, tm_.mk_null()), ne(e0, tm_.mk_null()), eq(tm_.mk_read(val, e0), i(7))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const Witness& w = *r.witness;
  ASSERT_EQ(w.objects.size(), 2u) << to_string(w);
  EXPECT_EQ(w.objects[0].type, "[Ljava/lang/Object;");
  ASSERT_EQ(w.objects[0].elements.size(), 1u);
  EXPECT_EQ(w.objects[0].elements[0].value.object, "o2");
  EXPECT_EQ(w.find_field(w.objects[1], "val")->value.integral, 7);
}

TEST_F(Witnesses, InterfaceTypedValueGetsAConcreteClass) {
  FakeTypeFacts facts;
  SolverOptions o;
  o.types = &facts;
  make_solver(o);
  CheckResult r = run({ne(p, tm_.mk_null()), tm_.mk_instance_of(p, tm_.mk_type("t/I")),
                       eq(tm_.mk_read(val, p), i(3))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const Witness& w = *r.witness;
  ASSERT_EQ(w.objects.size(), 1u) << to_string(w);
  const std::string& cls = w.objects[0].type;
  EXPECT_TRUE(cls == "t/B" || cls == "t/C" || cls == "t/D") << cls;
  // An object the formula does not type still gets an instantiable class.
  Term q = var("q", Sort::Ref());
  r = run({ne(q, tm_.mk_null()), eq(tm_.mk_read(val, q), i(3))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u);
  EXPECT_TRUE(facts.is_instantiable(r.witness->objects[0].type)) << r.witness->objects[0].type;
}

TEST_F(Witnesses, PinnedTypeWithoutFacts) {
  CheckResult r = run({ne(p, tm_.mk_null()), eq(tm_.mk_type_of(p), tm_.mk_type("t/E"))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u);
  EXPECT_EQ(r.witness->objects[0].type, "t/E");
}

TEST_F(Witnesses, StringLiterals) {
  CheckResult r = run({eq(p, tm_.mk_string("hello"))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_EQ(r.witness->objects.size(), 1u);
  EXPECT_EQ(r.witness->objects[0].type, "java/lang/String");
  ASSERT_TRUE(r.witness->objects[0].string_value.has_value());
  EXPECT_EQ(*r.witness->objects[0].string_value, "hello");
}

TEST_F(Witnesses, SkolemsAreReportedButNotReplayable) {
  Term sk = tm_.mk_skolem(SkolemKind::kRet, Sort::Int(), 4, 0);
  Term x = var("x", Sort::Int());
  CheckResult r = run({eq(tm_.mk_add(x, sk), i(10)), eq(x, i(3))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const Witness& w = *r.witness;
  EXPECT_FALSE(w.replayable);
  ASSERT_EQ(w.variables.size(), 2u);
  bool found = false;
  for (const WitnessVariable& v : w.variables) {
    if (v.role == logic::VarRole::kSkolem) {
      found = true;
      EXPECT_EQ(v.value.integral, 7);
    }
  }
  EXPECT_TRUE(found);
}

// A witness query encodes a map after a call's effect, mod(m, σ), as σ
// (cheap models); when that strengthening makes it unsat, the answer is
// still the query's own.
TEST_F(Witnesses, CallEffectsAsMapsNeverChangeTheAnswer) {
  Term q = var("q", Sort::Ref());
  Term eff = tm_.mk_skolem(SkolemKind::kHeap, val.sort(), 2, 0, val);
  // Sat with mod as its second argument: p.val after the call is 3.
  CheckResult r = run({ne(p, tm_.mk_null()), eq(tm_.mk_read(tm_.mk_mod(val, eff), p), i(3))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  // One effect on two different maps: as σ both reads would be of σ (3 and
  // 4 at once), but mod is a function of both arguments, so it is sat.
  Term other = tm_.mk_update(val, q, i(9));
  CheckResult both = run({ne(p, tm_.mk_null()), ne(q, tm_.mk_null()), ne(p, q),
                          eq(tm_.mk_read(tm_.mk_mod(val, eff), p), i(3)),
                          eq(tm_.mk_read(tm_.mk_mod(other, eff), p), i(4))},
                         true);
  EXPECT_EQ(both.answer, SatAnswer::kSat);
  EXPECT_TRUE(both.witness);
  EXPECT_EQ(run({ne(p, tm_.mk_null()), ne(q, tm_.mk_null()), ne(p, q),
                 eq(tm_.mk_read(tm_.mk_mod(val, eff), p), i(3)), eq(tm_.mk_read(tm_.mk_mod(other, eff), p), i(4))},
                false)
                .answer,
            SatAnswer::kSat);
}

// Reads of objects behind a long chain of call effects and updates: each
// object's key comes from the model evaluated once per subterm.
TEST_F(Witnesses, ObjectsBehindManyCallEffects) {
  Term heap = next;
  std::vector<Term> q;
  for (uint32_t k = 0; k < 60; ++k) {
    q.push_back(var(absl::StrCat("q", k), Sort::Ref()));
    heap = tm_.mk_update(tm_.mk_mod(heap, tm_.mk_skolem(SkolemKind::kHeap, next.sort(), k, 0, next)), q.back(), p);
  }
  std::vector<Term> query = {ne(p, tm_.mk_null()), eq(tm_.mk_read(heap, q.front()), p)};
  for (Term x : q) query.push_back(ne(x, tm_.mk_null()));
  CheckResult r = solver_->check(query, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  // Every q is an object of the witness, p too.
  EXPECT_EQ(r.witness->find_variable("q0")->value.kind, WitnessValue::Kind::kRef);
  EXPECT_EQ(r.witness->find_variable("p")->value.kind, WitnessValue::Kind::kRef);
}

TEST_F(Witnesses, ReadsThroughUpdateChainsReportTheInitialHeap) {
  Term q = var("q", Sort::Ref());
  Term upd = tm_.mk_update(val, q, i(5));
  // p.val after q.val = 5 is 8, with p != q: p.val was 8 before.
  CheckResult r = run({ne(p, tm_.mk_null()), ne(p, q), eq(tm_.mk_read(upd, p), i(8))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  const WitnessObject* o1 = r.witness->find_object(r.witness->find_variable("p")->value.object);
  ASSERT_NE(o1, nullptr) << to_string(*r.witness);
  ASSERT_NE(r.witness->find_field(*o1, "val"), nullptr) << to_string(*r.witness);
  EXPECT_EQ(r.witness->find_field(*o1, "val")->value.integral, 8);
}

TEST_F(Witnesses, TimeoutIsUnknown) {
  SolverOptions o;
  // Not 1 ms: Z3 4.8.12 sometimes missed so short a timeout under load (the
  // check ran on for minutes, twice on 2026-11-22); 200 ms is far below
  // what the factoring needs.
  o.timeout_ms = 200;
  make_solver(o);
  // Factor a 64-bit semiprime: 4294967291 * 4294967279 (two primes < 2^32).
  Term a = var("fa", Sort::Long()), b = var("fb", Sort::Long());
  const int64_t n = static_cast<int64_t>(4294967291ULL * 4294967279ULL);
  CheckResult r = run({eq(tm_.mk_mul(a, b), l(n)), tm_.mk_lt(l(1), a), tm_.mk_lt(l(1), b),
                       tm_.mk_lt(a, l(int64_t{1} << 33)), tm_.mk_lt(b, l(int64_t{1} << 33)),
                       tm_.mk_lt(a, b)});
  EXPECT_EQ(r.answer, SatAnswer::kUnknown);
  EXPECT_FALSE(r.reason.empty());
  EXPECT_EQ(solver_->stats().unknown, 1u);
}

TEST_F(Witnesses, CacheAndStats) {
  Term x = var("x", Sort::Int());
  CheckResult r1 = run({tm_.mk_lt(x, i(3)), tm_.mk_lt(i(5), x)});
  EXPECT_EQ(r1.answer, SatAnswer::kUnsat);
  CheckResult r2 = run({tm_.mk_lt(i(5), x), tm_.mk_lt(x, i(3))});
  EXPECT_EQ(r2.answer, SatAnswer::kUnsat);
  EXPECT_TRUE(r2.cached);
  CheckResult r3 = run({tm_.mk_lt(x, i(3))});
  EXPECT_EQ(r3.answer, SatAnswer::kSat);
  EXPECT_FALSE(r3.witness.has_value());
  CheckResult r4 = run({tm_.mk_lt(x, i(3))}, true);  // needs a witness: not from the cache
  EXPECT_FALSE(r4.cached);
  ASSERT_TRUE(r4.witness.has_value());
  const Solver::Stats& s = solver_->stats();
  EXPECT_EQ(s.queries, 4u);
  EXPECT_EQ(s.unsat, 2u);
  EXPECT_EQ(s.sat, 2u);
  EXPECT_EQ(s.cache_hits, 1u);
  EXPECT_GE(s.total_ms, 0.0);
}

TEST_F(Witnesses, MintermsAndNonBoolAssertions) {
  Term x = var("x", Sort::Int());
  logic::Minterm m = logic::Minterm::of(tm_, {tm_.mk_lt(x, i(3)), eq(x, i(2))});
  EXPECT_EQ(solver_->check(m).answer, SatAnswer::kSat);
  EXPECT_EQ(solver_->check(logic::Minterm()).answer, SatAnswer::kSat);
  Term bad[] = {x};
  CheckResult r = solver_->check(bad);
  EXPECT_EQ(r.answer, SatAnswer::kUnknown);
  EXPECT_FALSE(r.reason.empty());
}

TEST_F(Witnesses, SlowQueriesAreLogged) {
  const std::string dir = ::testing::TempDir() + "jwp_solver_log";
  std::filesystem::remove_all(dir);
  SolverOptions o;
  o.log_dir = dir;
  o.log_threshold_ms = 0;
  make_solver(o);
  Term x = var("x", Sort::Int());
  EXPECT_EQ(run({tm_.mk_lt(x, i(3))}).answer, SatAnswer::kSat);
  EXPECT_EQ(solver_->stats().logged, 1u);
  EXPECT_TRUE(std::filesystem::exists(dir + "/query-1.smt2"));
  std::string smt2 = solver_->to_smt2(std::vector<Term>{tm_.mk_lt(x, i(3))});
  EXPECT_NE(smt2.find("check-sat"), std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace jwp::solver::testing
