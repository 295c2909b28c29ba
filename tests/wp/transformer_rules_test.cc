// The rules of Table 1 (wp/transformer.h) for arithmetic, conversions,
// comparisons, branches and switches, each checked against the meaning of
// its instruction on concrete values: Java's semantics as base/
// java_semantics.h computes them forward, independently of the terms the
// transformer builds. For inputs x of the method of
// tests/fixtures/java8/fixtures/rules/Rules.java that holds the
// instruction, wp(instruction, result == v) with x substituted must fold to
// true exactly when the instruction, run on x, completes with v; along a
// division's ArithmeticException edge, exactly when it throws; along a
// branch or a switch case, exactly when that edge is taken.
// Heap access, allocation and type tests (TransformerRules.Heap*): there
// the meaning of each edge out of the instruction is written as a formula
// from the JVM specification (JVMS 6.5: when getfield throws
// NullPointerException, iaload ArrayIndexOutOfBoundsException, ...), and
// Z3 checks that the precondition the rule computes is equivalent to it.
// So for statics, athrow, monitors, new, phis and reference array stores;
// floating-point arithmetic and comparisons (TransformerRules.Floating*)
// are checked by Z3's IEEE semantics on concrete inputs against C++'s own
// float and double operations.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "base/java_semantics.h"
#include "logic/printer.h"
#include "logic/substitution.h"
#include "logic/visit.h"
#include "callgraph/lambda_classes.h"
#include "solver/solver.h"
#include "tests/callgraph/callgraph_test_support.h"
#include "wp/lambda_type_facts.h"
#include "wp/transformer.h"
#include "wp/vocabulary.h"

namespace jwp::wp {
namespace {

using FixtureWorld = callgraph::testing::World;
using logic::Minterm;
using logic::Term;

constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();
constexpr int32_t kIntMax = std::numeric_limits<int32_t>::max();
constexpr int64_t kLongMin = std::numeric_limits<int64_t>::min();
constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();

// Boundary values and a fixed-seed sample.
std::vector<int64_t> IntInputs() {
  std::vector<int64_t> v = {0, 1, -1, 2, -2, 7, -7, 31, 32, 33, 63, 64, 255, 65535, 65536,
                            kIntMin, kIntMin + 1, kIntMax, kIntMax - 1};
  std::mt19937 rng(20091);
  for (int i = 0; i < 12; ++i) v.push_back(static_cast<int32_t>(rng()));
  return v;
}
std::vector<int64_t> LongInputs() {
  std::vector<int64_t> v = {0, 1, -1, 2, -7, 63, 64, 65, kIntMin, kIntMax, int64_t{1} << 32, kLongMin,
                            kLongMin + 1, kLongMax, kLongMax - 1};
  std::mt19937_64 rng(20092);
  for (int i = 0; i < 10; ++i) v.push_back(static_cast<int64_t>(rng()));
  return v;
}

class TransformerRules : public ::testing::Test {
 protected:
  // Loads Rules.<name> and makes its transformer.
  void Load(const char* name, const char* descriptor) {
    auto ir = FixtureWorld::Get().cache().Get(callgraph::MethodId("fixtures/rules/Rules", name, descriptor));
    ASSERT_TRUE(ir.ok()) << ir.status();
    ir_ = *ir;
    tr_ = std::make_unique<Transformer>(vocab_, *ir_, vocab_.namespace_of(*ir_), &types_);
  }
  // The one instruction of kind `op`; null (and a failure) when there is none.
  const ir::Instruction* Only(ir::Op op) {
    const ir::Instruction* found = nullptr;
    for (const ir::Instruction& in : ir_->insns) {
      if (in.op != op) continue;
      EXPECT_EQ(found, nullptr) << "two instructions of kind " << ir::OpName(op);
      found = &in;
    }
    EXPECT_NE(found, nullptr) << "no instruction of kind " << ir::OpName(op);
    return found;
  }
  Term Value(ir::ValueId v) { return tr_->var(v); }
  Term Constant(ir::ValueId v, int64_t x) {
    return tr_->var(v).sort().is_long() ? tm_.mk_long(x) : tm_.mk_int(static_cast<int32_t>(x));
  }
  // Whether the step's precondition holds once the parameters are `args`:
  // each disjunct must fold to true or false.
  bool Holds(const Step& st, const std::vector<int64_t>& args) {
    EXPECT_TRUE(st.unsupported.empty()) << st.unsupported;
    EXPECT_TRUE(st.lossy.empty()) << st.lossy;
    logic::Substitution s(tm_);
    for (size_t i = 0; i < args.size(); ++i) s.add(Value(ir_->params[i]), Constant(ir_->params[i], args[i]));
    bool holds = false;
    for (const Minterm& m : st.pre) {
      const Term t = s.apply(m.is_true() ? tm_.mk_true() : m.term());
      EXPECT_TRUE(t.is_true() || t.is_false()) << "not concrete: " << logic::to_java(tm_, t);
      holds = holds || t.is_true();
    }
    return holds;
  }
  // wp(in, result == v) at the instruction.
  Step ResultIs(const ir::Instruction& in, int64_t v) {
    return tr_->through_instruction(InsnId(in), Minterm::of(tm_, {tm_.mk_eq(Value(in.result), Constant(in.result, v))}));
  }
  ir::InsnId InsnId(const ir::Instruction& in) { return static_cast<ir::InsnId>(&in - ir_->insns.data()); }
  // The edges out of `in`'s block.
  std::vector<ir::EdgeId> EdgesOut(const ir::Instruction& in) { return ir_->blocks[in.block].succs; }

  // Checks a value-producing instruction over `inputs` (rows of the
  // parameters): `forward` gives its result, or nullopt when it throws.
  void CheckValues(ir::Op op, const std::vector<std::vector<int64_t>>& inputs,
                   const std::function<std::optional<int64_t>(const std::vector<int64_t>&)>& forward) {
    const ir::Instruction* insn = Only(op);
    ASSERT_NE(insn, nullptr);
    const ir::Instruction& in = *insn;
    for (const std::vector<int64_t>& x : inputs) {
      const std::optional<int64_t> r = forward(x);
      const int64_t v = r.value_or(0);
      EXPECT_EQ(Holds(ResultIs(in, v), x), r.has_value()) << Describe(x) << " result " << v;
      EXPECT_FALSE(Holds(ResultIs(in, v ^ 1), x)) << Describe(x) << " result " << (v ^ 1);
    }
  }
  static std::string Describe(const std::vector<int64_t>& x) {
    std::string s = "inputs";
    for (int64_t v : x) s += " " + std::to_string(v);
    return s;
  }

  // The one edge out of `in` of `kind` (and, for an exception edge, the
  // thrown class); kNone (and a failure) when there is none.
  ir::EdgeId EdgeOut(const ir::Instruction& in, ir::EdgeKind kind, std::string_view thrown = "") {
    ir::EdgeId found = ir::kNone;
    for (ir::EdgeId e : EdgesOut(in)) {
      if (ir_->edges[e].kind != kind || (kind == ir::EdgeKind::kException && ir_->edges[e].thrown != thrown)) continue;
      EXPECT_EQ(found, ir::kNone) << "two edges " << ir::EdgeKindName(kind) << " " << thrown;
      found = e;
    }
    EXPECT_NE(found, ir::kNone) << "no edge " << ir::EdgeKindName(kind) << " " << thrown;
    return found;
  }
  // The step's precondition (the disjunction of its minterms) is
  // equivalent to `meaning`: Z3 finds no model of the two differing.
  void ExpectMeans(const Step& st, Term meaning, const std::string& what) {
    EXPECT_TRUE(st.unsupported.empty()) << what << ": " << st.unsupported;
    EXPECT_TRUE(st.lossy.empty()) << what << ": " << st.lossy;
    std::vector<Term> disjuncts;
    for (const Minterm& m : st.pre) disjuncts.push_back(m.is_true() ? tm_.mk_true() : m.term());
    const Term pre = disjuncts.empty() ? tm_.mk_false() : tm_.mk_or(disjuncts);
    const Term differ = tm_.mk_or({tm_.mk_and({pre, tm_.mk_not(meaning)}), tm_.mk_and({meaning, tm_.mk_not(pre)})});
    solver::CheckResult r = solver_.check(std::span<const Term>(&differ, 1), /*want_witness=*/false);
    EXPECT_EQ(r.answer, solver::SatAnswer::kUnsat)
        << what << "\n  precondition: " << logic::to_java(tm_, pre) << "\n  meaning:      " << logic::to_java(tm_, meaning);
  }
  // The precondition implies `meaning` (a sufficient precondition: a lossy
  // step's promise).
  void ExpectImplies(const Step& st, Term meaning, const std::string& what) {
    const Term pre = Disjunction(st);
    const Term counter = tm_.mk_and({pre, tm_.mk_not(meaning)});
    EXPECT_EQ(solver_.check(std::span<const Term>(&counter, 1), false).answer, solver::SatAnswer::kUnsat)
        << what << "\n  precondition: " << logic::to_java(tm_, pre) << "\n  meaning:      " << logic::to_java(tm_, meaning);
  }
  Term Disjunction(const Step& st) {
    std::vector<Term> disjuncts;
    for (const Minterm& m : st.pre) disjuncts.push_back(m.is_true() ? tm_.mk_true() : m.term());
    return disjuncts.empty() ? tm_.mk_false() : tm_.mk_or(disjuncts);
  }
  // The step at `in`: along its normal edge when it ends its block (a
  // PEI), else through the instruction.
  Step Through(const ir::Instruction& in, const Minterm& post) {
    const ir::Block& b = ir_->blocks[in.block];
    if (!b.insns.empty() && b.insns.back() == InsnId(in)) {
      return tr_->through_edge(EdgeOut(in, ir::EdgeKind::kNormal), post);
    }
    return tr_->through_instruction(InsnId(in), post);
  }
  // Z3's answer for `pre` with the parameters fixed to `args`: kUnsat when
  // no state satisfies it, checked for `pre` and for its negation.
  solver::SatAnswer Answer(Term pre, const std::vector<Term>& args) {
    std::vector<Term> query = {pre};
    for (size_t i = 0; i < args.size(); ++i) query.push_back(tm_.mk_eq(Param(i), args[i]));
    return solver_.check(query, /*want_witness=*/false).answer;
  }
  // `pre` holds for exactly the states with parameters `args` (Z3).
  bool Valid(Term pre, const std::vector<Term>& args) {
    return Answer(tm_.mk_not(pre), args) == solver::SatAnswer::kUnsat;
  }
  bool Unsatisfiable(Term pre, const std::vector<Term>& args) {
    return Answer(pre, args) == solver::SatAnswer::kUnsat;
  }
  Term Null() { return tm_.mk_null(); }
  Term Int(int32_t v) { return tm_.mk_int(v); }
  Term Param(size_t i) { return Value(ir_->params[i]); }
  Minterm Post(std::initializer_list<Term> literals) { return Minterm::of(tm_, literals); }

  logic::TermManager tm_;
  Vocabulary vocab_{tm_, FixtureWorld::Get().hierarchy()};
  callgraph::LambdaClasses lambdas_;
  LambdaTypeFacts types_{FixtureWorld::Get().hierarchy(), lambdas_};
  solver::Solver solver_{tm_, [&] {
                           solver::SolverOptions o;
                           o.types = &types_;
                           return o;
                         }()};
  std::shared_ptr<const ir::MethodIR> ir_;
  std::unique_ptr<Transformer> tr_;
};

std::vector<std::vector<int64_t>> Pairs(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
  std::vector<std::vector<int64_t>> out;
  for (int64_t x : a) {
    for (int64_t y : b) out.push_back({x, y});
  }
  return out;
}
std::vector<std::vector<int64_t>> Singles(const std::vector<int64_t>& a) {
  std::vector<std::vector<int64_t>> out;
  for (int64_t x : a) out.push_back({x});
  return out;
}

using Int2 = int32_t (*)(int32_t, int32_t);
using Long2 = int64_t (*)(int64_t, int64_t);

TEST_F(TransformerRules, IntArithmetic) {
  const struct {
    const char* name;
    Int2 f;
    bool divides;
  } kOps[] = {{"iadd", java::iadd, false}, {"isub", java::isub, false}, {"imul", java::imul, false},
              {"idiv", java::idiv, true},  {"irem", java::irem, true},  {"iand", [](int32_t a, int32_t b) { return a & b; }, false},
              {"ior", [](int32_t a, int32_t b) { return a | b; }, false},
              {"ixor", [](int32_t a, int32_t b) { return a ^ b; }, false},
              {"ishl", java::ishl, false}, {"ishr", java::ishr, false}, {"iushr", java::iushr, false}};
  for (const auto& op : kOps) {
    SCOPED_TRACE(op.name);
    Load(op.name, "(II)I");
    CheckValues(ir::Op::kBinary, Pairs(IntInputs(), IntInputs()), [&](const std::vector<int64_t>& x) -> std::optional<int64_t> {
      const int32_t a = static_cast<int32_t>(x[0]), b = static_cast<int32_t>(x[1]);
      if (op.divides && b == 0) return std::nullopt;  // ArithmeticException
      return op.f(a, b);
    });
  }
}

TEST_F(TransformerRules, LongArithmetic) {
  const struct {
    const char* name;
    const char* descriptor;
    Long2 f;
    bool divides;
  } kOps[] = {{"ladd", "(JJ)J", java::ladd, false}, {"lsub", "(JJ)J", java::lsub, false},
              {"lmul", "(JJ)J", java::lmul, false}, {"ldiv", "(JJ)J", java::ldiv, true},
              {"lrem", "(JJ)J", java::lrem, true},
              {"land", "(JJ)J", [](int64_t a, int64_t b) { return a & b; }, false},
              {"lor", "(JJ)J", [](int64_t a, int64_t b) { return a | b; }, false},
              {"lxor", "(JJ)J", [](int64_t a, int64_t b) { return a ^ b; }, false},
              {"lshl", "(JI)J", [](int64_t a, int64_t b) { return java::lshl(a, static_cast<int32_t>(b)); }, false},
              {"lshr", "(JI)J", [](int64_t a, int64_t b) { return java::lshr(a, static_cast<int32_t>(b)); }, false},
              {"lushr", "(JI)J", [](int64_t a, int64_t b) { return java::lushr(a, static_cast<int32_t>(b)); }, false}};
  for (const auto& op : kOps) {
    SCOPED_TRACE(op.name);
    Load(op.name, op.descriptor);
    const bool int_shift = std::string(op.descriptor) == "(JI)J";
    CheckValues(ir::Op::kBinary, Pairs(LongInputs(), int_shift ? IntInputs() : LongInputs()),
                [&](const std::vector<int64_t>& x) -> std::optional<int64_t> {
                  if (op.divides && x[1] == 0) return std::nullopt;
                  return op.f(x[0], x[1]);
                });
  }
}

TEST_F(TransformerRules, NegationsConversionsAndLcmp) {
  Load("ineg", "(I)I");
  CheckValues(ir::Op::kNeg, Singles(IntInputs()), [](const std::vector<int64_t>& x) -> std::optional<int64_t> {
    return java::ineg(static_cast<int32_t>(x[0]));
  });
  Load("lneg", "(J)J");
  CheckValues(ir::Op::kNeg, Singles(LongInputs()),
              [](const std::vector<int64_t>& x) -> std::optional<int64_t> { return java::lneg(x[0]); });
  const struct {
    const char* name;
    const char* descriptor;
    std::function<int64_t(int64_t)> f;
    bool long_input;
  } kConversions[] = {{"i2l", "(I)J", [](int64_t a) { return a; }, false},
                      {"l2i", "(J)I", [](int64_t a) { return java::l2i(a); }, true},
                      {"i2b", "(I)B", [](int64_t a) { return java::i2b(static_cast<int32_t>(a)); }, false},
                      {"i2c", "(I)C", [](int64_t a) { return java::i2c(static_cast<int32_t>(a)); }, false},
                      {"i2s", "(I)S", [](int64_t a) { return java::i2s(static_cast<int32_t>(a)); }, false}};
  for (const auto& c : kConversions) {
    SCOPED_TRACE(c.name);
    Load(c.name, c.descriptor);
    CheckValues(ir::Op::kConvert, Singles(c.long_input ? LongInputs() : IntInputs()),
                [&](const std::vector<int64_t>& x) -> std::optional<int64_t> { return c.f(x[0]); });
  }
  Load("lcmp", "(JJ)I");
  CheckValues(ir::Op::kCompare, Pairs(LongInputs(), LongInputs()),
              [](const std::vector<int64_t>& x) -> std::optional<int64_t> { return java::lcmp(x[0], x[1]); });
}

// Along a division's ArithmeticException edge the precondition holds
// exactly when the divisor is zero.
TEST_F(TransformerRules, DivisionThrowsExactlyOnZero) {
  for (const char* name : {"idiv", "irem"}) {
    SCOPED_TRACE(name);
    Load(name, "(II)I");
    const ir::Instruction* insn = Only(ir::Op::kBinary);
    ASSERT_NE(insn, nullptr);
    const ir::Instruction& div = *insn;
    int edges = 0;
    for (ir::EdgeId e : EdgesOut(div)) {
      if (ir_->edges[e].kind != ir::EdgeKind::kException || ir_->edges[e].thrown != "java/lang/ArithmeticException") continue;
      ++edges;
      for (const std::vector<int64_t>& x : Pairs(IntInputs(), IntInputs())) {
        EXPECT_EQ(Holds(tr_->through_edge(e, Minterm()), x), x[1] == 0) << Describe(x);
      }
    }
    EXPECT_EQ(edges, 1);
  }
}

// A comparison's branch, run forward: the operands compared as Java does.
bool Compares(ir::Cond c, int64_t a, int64_t b) {
  switch (c) {
    case ir::Cond::kEq: return a == b;
    case ir::Cond::kNe: return a != b;
    case ir::Cond::kLt: return a < b;
    case ir::Cond::kGe: return a >= b;
    case ir::Cond::kGt: return a > b;
    case ir::Cond::kLe: return a <= b;
  }
  return false;
}

TEST_F(TransformerRules, BranchesHoldExactlyWhereTheyAreTaken) {
  for (const char* name : {"eq", "ne", "lt", "le", "gt", "ge"}) {
    SCOPED_TRACE(name);
    Load(name, "(II)I");
    const ir::Instruction* insn = Only(ir::Op::kIf);
    ASSERT_NE(insn, nullptr);
    const ir::Instruction& branch = *insn;
    for (ir::EdgeId e : EdgesOut(branch)) {
      const ir::EdgeKind kind = ir_->edges[e].kind;
      ASSERT_TRUE(kind == ir::EdgeKind::kTrue || kind == ir::EdgeKind::kFalse);
      for (const std::vector<int64_t>& x : Pairs(IntInputs(), IntInputs())) {
        const bool taken = Compares(branch.cond, x[0], x[1]) == (kind == ir::EdgeKind::kTrue);
        EXPECT_EQ(Holds(tr_->through_edge(e, Minterm()), x), taken) << Describe(x);
      }
    }
  }
}

// A switch takes the case whose value is the key, else its default.
TEST_F(TransformerRules, SwitchesHoldExactlyWhereTheyAreTaken) {
  for (const char* name : {"table", "lookup"}) {
    SCOPED_TRACE(name);
    Load(name, "(I)I");
    const ir::Instruction* insn = Only(ir::Op::kSwitch);
    ASSERT_NE(insn, nullptr);
    const ir::Instruction& sw = *insn;
    std::vector<int64_t> keys = IntInputs();
    for (int64_t k : {-100000, -1, 0, 1, 2, 3, 4, 7, 8, 100000}) keys.push_back(k);
    const std::vector<ir::EdgeId> out = EdgesOut(sw);
    for (int64_t k : keys) {
      int taken = 0;
      for (ir::EdgeId e : out) {
        const ir::Edge& edge = ir_->edges[e];
        bool matches = false;
        if (edge.kind == ir::EdgeKind::kCase) {
          matches = edge.case_value == k;
        } else {
          ASSERT_EQ(edge.kind, ir::EdgeKind::kDefault);
          matches = std::none_of(out.begin(), out.end(), [&](ir::EdgeId o) {
            return ir_->edges[o].kind == ir::EdgeKind::kCase && ir_->edges[o].case_value == k;
          });
        }
        taken += matches;
        EXPECT_EQ(Holds(tr_->through_edge(e, Minterm()), {k}), matches) << "key " << k << " edge " << e;
      }
      EXPECT_EQ(taken, 1) << "key " << k;
    }
  }
}

// getfield: null receiver -> NullPointerException; else the field's value.
TEST_F(TransformerRules, HeapGetFieldThrowsOnNullElseReadsTheField) {
  Load("getf", "(Lfixtures/rules/Rules;)I");
  const ir::Instruction* in = Only(ir::Op::kGetField);
  ASSERT_NE(in, nullptr);
  const Term o = Param(0), f = vocab_.field("fixtures/rules/Rules", "f", "I");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({tm_.mk_eq(Value(in->result), Int(5))})),
              tm_.mk_and({tm_.mk_ne(o, Null()), tm_.mk_eq(tm_.mk_read(f, o), Int(5))}), "normal");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({})),
              tm_.mk_eq(o, Null()), "NullPointerException");
}

// putfield: the field of the receiver becomes v; of any other object it
// keeps its value (p.f == 7 after o.f = v: o is p and v == 7, or o is not p
// and p.f == 7 already).
TEST_F(TransformerRules, HeapPutFieldWritesTheReceiversField) {
  Load("putf", "(Lfixtures/rules/Rules;Lfixtures/rules/Rules;I)V");
  const ir::Instruction* in = Only(ir::Op::kPutField);
  ASSERT_NE(in, nullptr);
  const Term o = Param(0), p = Param(1), v = Param(2), f = vocab_.field("fixtures/rules/Rules", "f", "I");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({tm_.mk_eq(tm_.mk_read(f, o), Int(7))})),
              tm_.mk_and({tm_.mk_ne(o, Null()), tm_.mk_eq(v, Int(7))}), "normal, the receiver");
  const Term p_is_7 = tm_.mk_eq(tm_.mk_read(f, p), Int(7));
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({p_is_7})),
              tm_.mk_and({tm_.mk_ne(o, Null()), tm_.mk_or({tm_.mk_and({tm_.mk_eq(o, p), tm_.mk_eq(v, Int(7))}),
                                                           tm_.mk_and({tm_.mk_ne(o, p), p_is_7})})}),
              "normal, another object");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({})),
              tm_.mk_eq(o, Null()), "NullPointerException");
}

// iaload: null array -> NullPointerException; index outside [0, length) ->
// ArrayIndexOutOfBoundsException; else the element.
TEST_F(TransformerRules, HeapArrayLoadChecksNullThenBounds) {
  Load("aload", "([II)I");
  const ir::Instruction* in = Only(ir::Op::kArrayLoad);
  ASSERT_NE(in, nullptr);
  const Term a = Param(0), i = Param(1), len = tm_.mk_length(Param(0));
  const Term in_bounds = tm_.mk_and({tm_.mk_le(Int(0), i), tm_.mk_lt(i, len)});
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({tm_.mk_eq(Value(in->result), Int(5))})),
              tm_.mk_and({tm_.mk_ne(a, Null()), in_bounds, tm_.mk_eq(tm_.mk_aread(vocab_.array_map("I"), a, i), Int(5))}),
              "normal");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({})),
              tm_.mk_eq(a, Null()), "NullPointerException");
  ExpectMeans(
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/ArrayIndexOutOfBoundsException"), Post({})),
      tm_.mk_and({tm_.mk_ne(a, Null()), tm_.mk_not(in_bounds)}), "ArrayIndexOutOfBoundsException");
}

// iastore: element i becomes v, the others keep theirs (a[0] == 7 after
// a[i] = v: i == 0 and v == 7, or i != 0 and a[0] == 7 already).
TEST_F(TransformerRules, HeapArrayStoreWritesOneElement) {
  Load("astore", "([III)V");
  const ir::Instruction* in = Only(ir::Op::kArrayStore);
  ASSERT_NE(in, nullptr);
  const Term a = Param(0), i = Param(1), v = Param(2), len = tm_.mk_length(Param(0));
  const Term elements = vocab_.array_map("I");
  const Term in_bounds = tm_.mk_and({tm_.mk_le(Int(0), i), tm_.mk_lt(i, len)});
  const Term first_is_7 = tm_.mk_eq(tm_.mk_aread(elements, a, Int(0)), Int(7));
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({first_is_7})),
              tm_.mk_and({tm_.mk_ne(a, Null()), in_bounds,
                          tm_.mk_or({tm_.mk_and({tm_.mk_eq(i, Int(0)), tm_.mk_eq(v, Int(7))}),
                                     tm_.mk_and({tm_.mk_ne(i, Int(0)), first_is_7})})}),
              "normal");
  ExpectMeans(
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/ArrayIndexOutOfBoundsException"), Post({})),
      tm_.mk_and({tm_.mk_ne(a, Null()), tm_.mk_not(in_bounds)}), "ArrayIndexOutOfBoundsException");
}

// arraylength: null -> NullPointerException; else the length.
TEST_F(TransformerRules, HeapArrayLengthThrowsOnNull) {
  Load("alength", "([I)I");
  const ir::Instruction* in = Only(ir::Op::kArrayLength);
  ASSERT_NE(in, nullptr);
  const Term a = Param(0);
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({tm_.mk_eq(Value(in->result), Int(4))})),
              tm_.mk_and({tm_.mk_ne(a, Null()), tm_.mk_eq(tm_.mk_length(a), Int(4))}), "normal");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({})),
              tm_.mk_eq(a, Null()), "NullPointerException");
}

// newarray: a negative length -> NegativeArraySizeException; else a new
// array of that length.
TEST_F(TransformerRules, HeapNewArrayThrowsOnANegativeLength) {
  Load("newarray", "(I)[I");
  const ir::Instruction* in = Only(ir::Op::kNewArray);
  ASSERT_NE(in, nullptr);
  const Term n = Param(0);
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal),
                                Post({tm_.mk_eq(tm_.mk_length(Value(in->result)), Int(3))})),
              tm_.mk_eq(n, Int(3)), "normal");
  ExpectMeans(
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NegativeArraySizeException"), Post({})),
      tm_.mk_lt(n, Int(0)), "NegativeArraySizeException");
}

// checkcast: null or an instance passes; anything else ->
// ClassCastException. instanceof: 1 exactly for a non-null instance.
TEST_F(TransformerRules, HeapCastsAndInstanceofFollowTheObjectsType) {
  Load("cast", "(Ljava/lang/Object;)Ljava/lang/String;");
  const ir::Instruction* in = Only(ir::Op::kCheckCast);
  ASSERT_NE(in, nullptr);
  const Term o = Param(0), is_string = tm_.mk_instance_of(Param(0), tm_.mk_type("java/lang/String"));
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kNormal), Post({})),
              tm_.mk_or({tm_.mk_eq(o, Null()), is_string}), "normal");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/ClassCastException"), Post({})),
              tm_.mk_and({tm_.mk_ne(o, Null()), tm_.mk_not(is_string)}), "ClassCastException");

  Load("isString", "(Ljava/lang/Object;)Z");
  in = Only(ir::Op::kInstanceOf);
  ASSERT_NE(in, nullptr);
  const Term p = Param(0), p_is_string = tm_.mk_instance_of(Param(0), tm_.mk_type("java/lang/String"));
  ExpectMeans(tr_->through_instruction(InsnId(*in), Post({tm_.mk_eq(Value(in->result), Int(1))})),
              tm_.mk_and({tm_.mk_ne(p, Null()), p_is_string}), "instanceof is 1");
  ExpectMeans(tr_->through_instruction(InsnId(*in), Post({tm_.mk_eq(Value(in->result), Int(0))})),
              tm_.mk_or({tm_.mk_eq(p, Null()), tm_.mk_not(p_is_string)}), "instanceof is 0");
}

// getstatic reads the static's variable; putstatic writes it.
TEST_F(TransformerRules, StaticsReadAndWriteTheStaticsVariable) {
  const Term st = vocab_.static_field("fixtures/rules/Rules", "s", "I");
  Load("gets", "()I");
  const ir::Instruction* in = Only(ir::Op::kGetStatic);
  ASSERT_NE(in, nullptr);
  ExpectMeans(Through(*in, Post({tm_.mk_eq(Value(in->result), Int(5))})), tm_.mk_eq(st, Int(5)), "getstatic");
  Load("puts", "(I)V");
  in = Only(ir::Op::kPutStatic);
  ASSERT_NE(in, nullptr);
  ExpectMeans(Through(*in, Post({tm_.mk_eq(st, Int(7))})), tm_.mk_eq(Param(0), Int(7)), "putstatic");
  ExpectMeans(Through(*in, Post({tm_.mk_lt(st, Param(0))})), tm_.mk_false(), "putstatic, s < v after s = v");
}

// athrow (JVMS 6.5): a non-null operand is thrown as itself; a null one
// raises a new NullPointerException instead, never the operand.
TEST_F(TransformerRules, ThrowThrowsItsOperandOrANewNullPointerException) {
  Load("throwIt", "(Ljava/lang/RuntimeException;)V");
  const ir::Instruction* in = Only(ir::Op::kThrow);
  ASSERT_NE(in, nullptr);
  const Term e = Param(0), thrown_is_e = tm_.mk_eq(tm_.exc(), e);
  const ir::EdgeId operand = EdgeOut(*in, ir::EdgeKind::kException, "java/lang/RuntimeException");
  const ir::EdgeId npe = EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException");
  ExpectMeans(tr_->through_edge(operand, Post({})), tm_.mk_ne(e, Null()), "the operand's edge");
  ExpectMeans(tr_->through_edge(operand, Post({thrown_is_e})), tm_.mk_ne(e, Null()), "the operand is thrown");
  ExpectMeans(tr_->through_edge(npe, Post({})), tm_.mk_eq(e, Null()), "NullPointerException");
  ExpectMeans(tr_->through_edge(npe, Post({thrown_is_e})), tm_.mk_false(), "the NPE is a new object");
  ExpectMeans(tr_->through_edge(npe, Post({tm_.mk_ne(tm_.exc(), Null())})), tm_.mk_eq(e, Null()), "the NPE is not null");
}

// monitorenter: a null lock -> NullPointerException. monitorexit: javac's
// structured locking (ir/monitors.h) means its lock was entered, so both of
// its exceptional edges are dead: no precondition, and nothing lost. Were
// the locking not structured (hand-written bytecode), the
// IllegalMonitorStateException is not modelled: the step must say so
// (lossy), never drop the edge silently.
TEST_F(TransformerRules, MonitorsThrowOnANullLock) {
  Load("sync", "(Ljava/lang/Object;)I");
  const ir::Instruction* in = Only(ir::Op::kMonitorEnter);
  ASSERT_NE(in, nullptr);
  const Term o = Param(0);
  ExpectMeans(Through(*in, Post({})), tm_.mk_ne(o, Null()), "monitorenter, normal");
  ExpectMeans(tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({})),
              tm_.mk_eq(o, Null()), "monitorenter, NullPointerException");
  // The same IR, its locking taken as unknown.
  auto unproven = std::make_shared<ir::MethodIR>(*ir_);
  unproven->structured_monitor_exits.clear();
  Transformer unproven_tr(vocab_, *unproven, vocab_.namespace_of(*ir_), &types_);
  int imse = 0, npe = 0;
  for (const ir::Instruction& x : ir_->insns) {
    if (x.op != ir::Op::kMonitorExit) continue;
    EXPECT_TRUE(ir_->IsStructuredMonitorExit(InsnId(x))) << "javac's monitorexit at bci " << x.bci;
    for (ir::EdgeId e : EdgesOut(x)) {
      const ir::Edge& edge = ir_->edges[e];
      if (edge.kind != ir::EdgeKind::kException) continue;
      const Step dead = tr_->through_edge(e, Post({}));
      EXPECT_TRUE(dead.pre.empty() && dead.lossy.empty() && dead.unsupported.empty())
          << edge.thrown << " edge " << e << " of a structured monitorexit";
      if (edge.thrown == "java/lang/IllegalMonitorStateException") {
        ++imse;
        EXPECT_FALSE(unproven_tr.through_edge(e, Post({})).lossy.empty()) << "IllegalMonitorStateException edge " << e;
      } else if (edge.thrown == "java/lang/NullPointerException") {
        ++npe;
        ExpectMeans(unproven_tr.through_edge(e, Post({})), tm_.mk_eq(o, Null()), "monitorexit, NullPointerException");
      }
    }
  }
  EXPECT_GT(imse, 0) << "the IR has no IllegalMonitorStateException edge out of a monitorexit";
  EXPECT_GT(npe, 0) << "the IR has no NullPointerException edge out of a monitorexit";
}

// new: a non-null object of exactly its class, distinct from every object
// that existed before (a parameter, null).
TEST_F(TransformerRules, NewMakesAFreshObjectOfItsClass) {
  Load("make", "()Lfixtures/rules/Rules;");
  const ir::Instruction* in = Only(ir::Op::kNew);
  ASSERT_NE(in, nullptr);
  const Term r = Value(in->result);
  ExpectMeans(Through(*in, Post({tm_.mk_ne(r, Null())})), tm_.mk_true(), "not null");
  ExpectMeans(Through(*in, Post({tm_.mk_eq(tm_.mk_type_of(r), vocab_.type("fixtures/rules/Rules"))})), tm_.mk_true(),
              "its class");
  const Term other = tm_.mk_var("other", logic::Sort::Ref());
  ExpectMeans(Through(*in, Post({tm_.mk_eq(r, other)})), tm_.mk_false(), "fresh");
}

// A phi takes, along each edge into its block, the operand of that edge:
// the edge that carries `a` is taken only when c is true.
TEST_F(TransformerRules, PhisTakeTheOperandOfTheEdgeTaken) {
  Load("pick", "(ZII)I");
  const ir::Instruction* phi = Only(ir::Op::kPhi);
  ASSERT_NE(phi, nullptr);
  const ir::Block& join = ir_->blocks[phi->block];
  ASSERT_EQ(join.preds.size(), 2u);
  ASSERT_EQ(phi->operands.size(), 2u);
  const Term c = Param(0);
  for (size_t k = 0; k < 2; ++k) {
    const ir::EdgeId e = join.preds[k];
    const ir::ValueId chosen = phi->operands[k];
    ASSERT_TRUE(chosen == ir_->params[1] || chosen == ir_->params[2]);
    Term meaning = tm_.mk_eq(Value(chosen), Int(5));
    const ir::Block& from = ir_->blocks[ir_->edges[e].from];
    if (!from.insns.empty() && ir_->insns[from.insns.back()].op == ir::Op::kIf) {
      meaning = tm_.mk_and({meaning, chosen == ir_->params[1] ? tm_.mk_ne(c, Int(0)) : tm_.mk_eq(c, Int(0))});
    }
    ExpectMeans(tr_->through_edge(e, Post({tm_.mk_eq(Value(phi->result), Int(5))})), meaning,
                "edge " + std::to_string(e));
  }
}

// aastore into String[] (String is final, so the array is a String[]
// exactly): ArrayStoreException exactly when v is not null and not a
// String. Into Object[] the element type is the array's run-time one,
// elemType(typeOf(a)) (rule 13), exactly as well: no step is lossy.
TEST_F(TransformerRules, ReferenceArrayStoresCheckTheElementType) {
  for (const auto& [name, desc, elem] :
       {std::tuple<const char*, const char*, const char*>{"storeString", "([Ljava/lang/String;ILjava/lang/String;)V",
                                                          "java/lang/String"},
        {"storeObject", "([Ljava/lang/Object;ILjava/lang/Object;)V", nullptr}}) {
    Load(name, desc);
    const ir::Instruction* in = Only(ir::Op::kArrayStore);
    ASSERT_NE(in, nullptr);
    Term a = Param(0), i = Param(1), v = Param(2);
    Term in_bounds = tm_.mk_and({tm_.mk_ne(a, Null()), tm_.mk_le(Int(0), i), tm_.mk_lt(i, tm_.mk_length(a))});
    const Term element = elem != nullptr ? vocab_.type(elem) : tm_.mk_elem_type(tm_.mk_type_of(a));
    const Term fits = tm_.mk_sub_type(tm_.mk_type_of(v), element);
    const Step normal = Through(*in, Post({}));
    ExpectMeans(normal, tm_.mk_and({in_bounds, tm_.mk_or({tm_.mk_eq(v, Null()), fits})}), std::string(name) + " normal");
    const Step ase = tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/ArrayStoreException"), Post({}));
    ExpectMeans(ase, tm_.mk_and({in_bounds, tm_.mk_ne(v, Null()), tm_.mk_not(fits)}),
                std::string(name) + " ArrayStoreException");
  }
}

std::vector<double> FloatingInputs() {
  return {0.0, -0.0, 1.0, -1.5, 1e30, -7e-40, std::numeric_limits<double>::infinity(),
          std::numeric_limits<double>::quiet_NaN()};
}
// Pairs that meet the special cases (signed zeros, infinities, NaN,
// overflow and underflow of float, inexact results).
std::vector<std::pair<double, double>> FloatingPairs() {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  return {{0.0, -0.0}, {-0.0, -0.0}, {1.0, 3.0},  {-1.5, 0.1}, {1e30, 1e30}, {1e30, -1e-30}, {-7e-40, 3.0},
          {inf, -inf}, {inf, 0.0},   {nan, 1.0},  {1.0, 0.0},  {-1.0, -0.0}, {0.0, 0.0},     {2.5, inf}};
}

// fadd ... ddiv: IEEE 754 round-to-nearest (JVMS 2.8), as C++ computes it
// on float and double. For each pair, wp(op, result == expected) holds and
// wp(op, result == another value) does not. (frem and drem are
// uninterpreted in the solver: they are not checked here.)
TEST_F(TransformerRules, FloatingArithmeticIsIeee) {
  const struct {
    const char* name;
    double (*d)(double, double);
    float (*f)(float, float);
  } kOps[] = {{"add", [](double a, double b) { return a + b; }, [](float a, float b) { return a + b; }},
              {"sub", [](double a, double b) { return a - b; }, [](float a, float b) { return a - b; }},
              {"mul", [](double a, double b) { return a * b; }, [](float a, float b) { return a * b; }},
              {"div", [](double a, double b) { return a / b; }, [](float a, float b) { return a / b; }}};
  for (const auto& op : kOps) {
    for (bool is_double : {false, true}) {
      const std::string name = std::string(is_double ? "d" : "f") + op.name;
      Load(name.c_str(), is_double ? "(DD)D" : "(FF)F");
      const ir::Instruction* in = Only(ir::Op::kBinary);
      ASSERT_NE(in, nullptr);
      for (const auto& [x, y] : FloatingPairs()) {
        auto c = [&](double v) { return is_double ? tm_.mk_double(v) : tm_.mk_float(static_cast<float>(v)); };
        const double expected = is_double ? op.d(x, y) : op.f(static_cast<float>(x), static_cast<float>(y));
        const double other = std::isnan(expected) ? 0.0 : expected == 0 ? 1.0 : std::isinf(expected) ? 0.0 : -expected;
        const std::vector<Term> args = {c(x), c(y)};
        const Term r = Value(in->result);
        const std::string what = name + " " + std::to_string(x) + " " + std::to_string(y);
        EXPECT_TRUE(Valid(Disjunction(Through(*in, Post({tm_.mk_eq(r, c(expected))}))), args)) << what;
        EXPECT_TRUE(Unsatisfiable(Disjunction(Through(*in, Post({tm_.mk_eq(r, c(other))}))), args)) << what;
      }
    }
  }
}

// fcmpl/dcmpg and the branch on them (JVMS 6.5: NaN makes `a > b` and
// `a < b` false; +0.0 == -0.0): the true edge of the `? 1 : 0` is taken
// exactly when C++'s comparison holds.
TEST_F(TransformerRules, FloatingComparisonsFollowJava) {
  for (bool is_double : {false, true}) {
    Load(is_double ? "dlt" : "fgt", is_double ? "(DD)I" : "(FF)I");
    const ir::Instruction* cmp = Only(ir::Op::kCompare);
    const ir::Instruction* branch = Only(ir::Op::kIf);
    ASSERT_TRUE(cmp != nullptr && branch != nullptr);
    for (double x : FloatingInputs()) {
      for (double y : FloatingInputs()) {
        auto c = [&](double v) { return is_double ? tm_.mk_double(v) : tm_.mk_float(static_cast<float>(v)); };
        const bool holds = is_double ? x < y : static_cast<float>(x) > static_cast<float>(y);
        // The branch on the comparison's result: its edge into the block
        // that returns 1 (its const 1).
        int checked = 0;
        for (ir::EdgeId e : EdgesOut(*branch)) {
          const ir::Block& to = ir_->blocks[ir_->edges[e].to];
          bool returns_one = false;
          for (ir::InsnId k : to.insns) {
            const ir::Instruction& x1 = ir_->insns[k];
            returns_one = returns_one || (x1.op == ir::Op::kConst && x1.bits == 1);
          }
          if (!returns_one) continue;
          ++checked;
          // Along the edge, then back through the rest of the block (the
          // comparison and the constant the branch compares with).
          std::vector<Minterm> at = tr_->through_edge(e, Post({})).pre;
          const std::vector<ir::InsnId>& block = ir_->blocks[branch->block].insns;
          for (size_t k = block.size() - 1; k-- > 0;) {
            std::vector<Minterm> before;
            for (const Minterm& m : at) {
              for (Minterm& b : tr_->through_instruction(block[k], m).pre) before.push_back(std::move(b));
            }
            at = std::move(before);
          }
          Step whole;
          whole.pre = std::move(at);
          const Term pre = Disjunction(whole);
          const std::vector<Term> args = {c(x), c(y)};
          const std::string what = std::string(is_double ? "dlt " : "fgt ") + std::to_string(x) + " " + std::to_string(y);
          if (holds) EXPECT_TRUE(Valid(pre, args)) << what;
          else EXPECT_TRUE(Unsatisfiable(pre, args)) << what;
        }
        EXPECT_EQ(checked, 1);
      }
    }
  }
}

// ldc of a class (issue #28): the one java.lang.Class object of the type
// (logic/term.h rule 12): never null, of class Class, equal to the class
// literal of its type and to no other.
TEST_F(TransformerRules, ClassConstantIsTheClassObjectOfItsType) {
  Load("cls", "()Ljava/lang/Class;");
  const ir::Instruction* in = Only(ir::Op::kConst);
  ASSERT_NE(in, nullptr);
  const Term v = Value(in->result);
  const Term string_class = tm_.mk_class_of(tm_.mk_type("java/lang/String"));
  ExpectMeans(Through(*in, Post({tm_.mk_eq(v, Null())})), tm_.mk_false(), "String.class == null");
  ExpectMeans(Through(*in, Post({tm_.mk_eq(v, string_class)})), tm_.mk_true(), "String.class == String.class");
  ExpectMeans(Through(*in, Post({tm_.mk_eq(v, tm_.mk_class_of(tm_.mk_type("java/lang/Integer")))})), tm_.mk_false(),
              "String.class == Integer.class");
  ExpectMeans(Through(*in, Post({tm_.mk_instance_of(v, tm_.class_type())})), tm_.mk_true(),
              "String.class instanceof Class");
  // x.getClass() == String.class exactly when x's class is String.
  const Term x = tm_.mk_var("x", logic::Sort::Ref());
  ExpectMeans(Through(*in, Post({tm_.mk_eq(v, tm_.mk_class_of(tm_.mk_type_of(x)))})),
              tm_.mk_eq(tm_.mk_type_of(x), tm_.mk_type("java/lang/String")), "x.getClass() == String.class");
}

// A call the search does not follow (Section 4): the receiver is not null,
// the result is a skolem and the heap after it unknown; along its
// exceptional edge the thrown object is a non-null skolem.
TEST_F(TransformerRules, ASkippedCallLeavesItsResultAndTheHeapUnknown) {
  Load("call", "(Lfixtures/rules/Rules;)I");
  const ir::Instruction* in = Only(ir::Op::kInvoke);
  ASSERT_NE(in, nullptr);
  const Term o = Param(0), f = vocab_.field("fixtures/rules/Rules", "f", "I");
  const Term o_f_is_3 = tm_.mk_eq(tm_.mk_read(f, o), Int(3));
  const Step normal = Through(*in, Post({tm_.mk_eq(Value(in->result), Int(5)), o_f_is_3}));
  EXPECT_EQ(normal.skipped_call.rfind("fixtures.rules.Rules.virt()I at fixtures.rules.Rules.call:", 0), 0u)
      << normal.skipped_call;
  const Term pre = Disjunction(normal);
  for (Term v : logic::free_variables(pre)) EXPECT_NE(v, Value(in->result)) << "the result is replaced";
  ExpectImplies(normal, tm_.mk_ne(o, Null()), "the receiver is not null");
  const Term before = tm_.mk_and({pre, tm_.mk_not(o_f_is_3)});
  EXPECT_EQ(solver_.check(std::span<const Term>(&before, 1), false).answer, solver::SatAnswer::kSat)
      << "the callee may have written o.f: " << logic::to_java(tm_, pre);
  const Step thrown =
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/Throwable"), Post({}));
  ExpectImplies(thrown, tm_.mk_ne(o, Null()), "exceptional: the receiver is not null");
  const Step npe =
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NullPointerException"), Post({}));
  ExpectMeans(npe, tm_.mk_eq(o, Null()), "NullPointerException of the receiver");
}

// A handler's catch binds the exception in flight; a return sets the
// return value and completes normally (no exception in flight).
TEST_F(TransformerRules, CatchBindsTheExceptionAndReturnSetsTheResult) {
  Load("catchIt", "(Ljava/lang/Runnable;)Ljava/lang/Object;");
  const ir::Instruction* in = Only(ir::Op::kCatch);
  ASSERT_NE(in, nullptr);
  const Term p = tm_.mk_var("p", logic::Sort::Ref());
  ExpectMeans(tr_->through_instruction(InsnId(*in), Post({tm_.mk_eq(Value(in->result), p)})),
              tm_.mk_eq(tm_.exc(), p), "catch");

  Load("ret", "(I)I");
  in = Only(ir::Op::kReturn);
  ASSERT_NE(in, nullptr);
  const Term ret = tm_.ret(logic::Sort::Int());
  ExpectMeans(Through(*in, Post({tm_.mk_eq(ret, Int(5)), tm_.mk_eq(tm_.exc(), Null())})),
              tm_.mk_eq(Param(0), Int(5)), "return");
  ExpectMeans(Through(*in, Post({tm_.mk_ne(tm_.exc(), Null())})), tm_.mk_false(), "return throws nothing");
}

// multianewarray (JVMS 6.5): NegativeArraySizeException when any count is
// negative. The array it makes is not modelled: a precondition about it is
// unsupported, naming the place.
TEST_F(TransformerRules, MultiANewArrayChecksEveryCount) {
  Load("multi", "(II)[[I");
  const ir::Instruction* in = Only(ir::Op::kNewMultiArray);
  ASSERT_NE(in, nullptr);
  const Term n = Param(0), m = Param(1);
  ExpectMeans(Through(*in, Post({})), tm_.mk_and({tm_.mk_le(Int(0), n), tm_.mk_le(Int(0), m)}), "normal");
  ExpectMeans(
      tr_->through_edge(EdgeOut(*in, ir::EdgeKind::kException, "java/lang/NegativeArraySizeException"), Post({})),
      tm_.mk_or({tm_.mk_lt(n, Int(0)), tm_.mk_lt(m, Int(0))}), "NegativeArraySizeException");
  const Step about = Through(*in, Post({tm_.mk_eq(tm_.mk_length(Value(in->result)), Int(3))}));
  EXPECT_EQ(about.unsupported, "multianewarray at fixtures.rules.Rules.multi:" + std::to_string(in->line));
}

// f2i, d2l (JVMS 6.5: NaN to 0, out of range to the nearest bound,
// otherwise toward zero) and i2f, l2d (round to nearest), by Z3 against
// base/java_semantics.h and C++'s conversions.
TEST_F(TransformerRules, FloatingConversionsFollowJava) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  Load("f2i", "(F)I");
  const ir::Instruction* in = Only(ir::Op::kConvert);
  ASSERT_NE(in, nullptr);
  for (double x : {0.0, -0.0, 1.9, -1.9, 2147483520.0, 3e9, -3e9, inf, -inf, nan}) {
    const float fx = static_cast<float>(x);
    const Term r = Value(in->result);
    EXPECT_TRUE(Valid(Disjunction(Through(*in, Post({tm_.mk_eq(r, Int(java::f2i(fx)))}))), {tm_.mk_float(fx)}))
        << "f2i " << x;
    EXPECT_TRUE(
        Unsatisfiable(Disjunction(Through(*in, Post({tm_.mk_eq(r, Int(java::f2i(fx) ^ 1))}))), {tm_.mk_float(fx)}))
        << "f2i " << x;
  }
  Load("d2l", "(D)J");
  in = Only(ir::Op::kConvert);
  ASSERT_NE(in, nullptr);
  for (double x : {0.0, 1.9, -1.9, 9.3e18, -9.3e18, 1e300, inf, nan}) {
    const Term r = Value(in->result);
    EXPECT_TRUE(Valid(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_long(java::d2l(x)))}))), {tm_.mk_double(x)}))
        << "d2l " << x;
    EXPECT_TRUE(Unsatisfiable(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_long(java::d2l(x) ^ 1))}))),
                              {tm_.mk_double(x)}))
        << "d2l " << x;
  }
  Load("i2f", "(I)F");
  in = Only(ir::Op::kConvert);
  ASSERT_NE(in, nullptr);
  for (int32_t x : {0, 1, -1, 16777217, kIntMax, kIntMin}) {
    const Term r = Value(in->result);
    const float fx = static_cast<float>(x);
    EXPECT_TRUE(Valid(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_float(fx))}))), {Int(x)})) << "i2f " << x;
    EXPECT_TRUE(Unsatisfiable(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_float(x == 0 ? 1.0f : -fx))}))),
                              {Int(x)}))
        << "i2f " << x;
  }
  Load("l2d", "(J)D");
  in = Only(ir::Op::kConvert);
  ASSERT_NE(in, nullptr);
  for (int64_t x : {int64_t{0}, int64_t{-1}, (int64_t{1} << 53) + 1, kLongMax, kLongMin}) {
    const Term r = Value(in->result);
    const double dx = static_cast<double>(x);
    EXPECT_TRUE(Valid(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_double(dx))}))), {tm_.mk_long(x)}))
        << "l2d " << x;
    EXPECT_TRUE(Unsatisfiable(Disjunction(Through(*in, Post({tm_.mk_eq(r, tm_.mk_double(x == 0 ? 1.0 : -dx))}))),
                              {tm_.mk_long(x)}))
        << "l2d " << x;
  }
}

// A lambda object (callgraph/lambda_classes.h): a new object of the class
// made for the site, holding the captured value; a string concatenation
// (invokedynamic makeConcatWithConstants): a new String.
TEST_F(TransformerRules, LambdasAndConcatenationsMakeNewObjects) {
  Load("capture", "(Lfixtures/rules/Rules;)Ljava/lang/Runnable;");
  lambdas_.AddFrom(*ir_);
  vocab_.set_lambdas(&lambdas_);
  const ir::Instruction* in = Only(ir::Op::kLambda);
  ASSERT_NE(in, nullptr);
  const callgraph::LambdaClass* l = vocab_.lambda_class(*ir_, *in);
  ASSERT_NE(l, nullptr);
  ASSERT_EQ(l->captured.size(), 1u);
  const Term r = Value(in->result), o = Param(0);
  const Term cap = vocab_.field(l->name, callgraph::LambdaClass::CapturedField(0), l->captured[0]);
  ExpectMeans(Through(*in, Post({tm_.mk_ne(r, Null()), tm_.mk_eq(tm_.mk_type_of(r), vocab_.type(l->name)),
                                 tm_.mk_eq(tm_.mk_read(cap, r), o)})),
              tm_.mk_true(), "a new lambda object holding o");
  ExpectMeans(Through(*in, Post({tm_.mk_eq(r, o)})), tm_.mk_false(), "fresh");

  Load("concat", "(Ljava/lang/String;I)Ljava/lang/String;");
  in = Only(ir::Op::kStringConcat);
  ASSERT_NE(in, nullptr);
  const Term c = Value(in->result);
  ExpectMeans(Through(*in, Post({tm_.mk_ne(c, Null()), tm_.mk_instance_of(c, vocab_.type("java/lang/String"))})),
              tm_.mk_true(), "a new String");
  ExpectMeans(Through(*in, Post({tm_.mk_eq(c, Param(0))})), tm_.mk_false(), "not the operand");
}

}  // namespace
}  // namespace jwp::wp
