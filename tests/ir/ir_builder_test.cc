// The IR the builder makes of javac's shapes (fixtures under
// tests/fixtures/java8/fixtures/irshapes and java17/fixtures/irshapes17):
// exception routing through nested, overlapping and multi-catch handlers,
// finally duplication, synchronized blocks, switches, loops, lambdas, string
// concatenation under --release 8 and 17, records and patterns, and operand-
// stack shapes. Every IR built here also passes VerifyMethodIR
// (BuildFixture checks it).
#include <algorithm>
#include <filesystem>
#include <set>

#include "classfile/bytecode.h"
#include "classfile/class_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/monitors.h"
#include "tests/ir/ir_test_support.h"

namespace jwp::ir::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr std::string_view kLambdas = "fixtures/irshapes/Lambdas";
constexpr std::string_view kConcat = "fixtures/irshapes/Concat";
constexpr std::string_view kRecords = "fixtures/irshapes17/Records";
const std::string kExceptionsSource = "java8/fixtures/irshapes/Exceptions.java";

bool IsBinary(const Instruction& in, BinaryOp op) { return in.op == Op::kBinary && in.binary == op; }

const Instruction* OneInvoke(const MethodIR& ir, std::string_view name) {
  return FindOne(ir, [name](const Instruction& in) { return in.op == Op::kInvoke && in.name == name; },
                 std::string("call of ") + std::string(name));
}

// The value a kConst int instruction holds.
int32_t IntConstOf(const MethodIR& ir, ValueId v) {
  const Instruction& d = ir.def(v);
  EXPECT_EQ(d.op, Op::kConst) << InstructionString(ir, d);
  return static_cast<int32_t>(d.bits);
}

// --- Exceptions ----------------------------------------------------------------

TEST(IrBuilder, TryCatchRoutesCalleeExceptionsByCatchType) {
  auto ir = BuildFixture(Release::k8, kExceptions, "tryCatch");
  ASSERT_NE(ir, nullptr);
  const Instruction* call = OneInvoke(*ir, "io");
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->line, MarkedLine(kExceptionsSource, "tryCatch-call"));
  EXPECT_EQ(call->bci, 0u);
  // What a callee throws may be an IOException (to the handler) or not (out).
  EXPECT_THAT(Routings(*ir, call->block),
              ElementsAre("java/lang/Throwable -> java/io/IOException",
                          "java/lang/Throwable -> uncaught [not java/io/IOException]"));
  // The edge enters a handler block that starts with kCatch of that type.
  const Edge* caught = ExceptionEdges(*ir, call->block)[0];
  EXPECT_TRUE(ir->blocks[caught->to].is_handler);
  EXPECT_EQ(CatchTypeOf(*ir, caught->to), "java/io/IOException");
  const Instruction& c = ir->insns[ir->blocks[caught->to].insns.front()];
  EXPECT_EQ(ir->values[c.result].type.descriptor, "Ljava/io/IOException;");
}

TEST(IrBuilder, OnlyADivisionByAVariableMayThrowArithmeticException) {
  auto ir = BuildFixture(Release::k8, kExceptions, "divisions");
  ASSERT_NE(ir, nullptr);
  int divisions = 0;
  for (const Instruction& in : ir->insns) {
    if (!IsBinary(in, BinaryOp::kDiv) && !IsBinary(in, BinaryOp::kRem)) continue;
    ++divisions;
    const bool by_variable = in.line == MarkedLine(kExceptionsSource, "divisions-var");
    EXPECT_EQ(MayDivideByZero(*ir, in), by_variable) << InstructionString(*ir, in);
    if (by_variable) {
      EXPECT_THAT(Routings(*ir, in.block), ElementsAre("java/lang/ArithmeticException -> uncaught"));
    } else {
      EXPECT_THAT(ExceptionEdges(*ir, in.block), IsEmpty()) << InstructionString(*ir, in);
    }
  }
  EXPECT_EQ(divisions, 3);
}

TEST(IrBuilder, NestedTryBlocksRouteInExceptionTableOrder) {
  auto ir = BuildFixture(Release::k8, kExceptions, "nested");
  ASSERT_NE(ir, nullptr);
  int line_div = MarkedLine(kExceptionsSource, "nested-div");
  // o.field: only an NPE, surely caught by the outer NPE handler; the inner
  // ArithmeticException handler is unrelated and skipped.
  const Instruction* get = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kGetField; }, "getfield");
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->line, line_div);
  EXPECT_THAT(Routings(*ir, get->block),
              ElementsAre("java/lang/NullPointerException -> java/lang/NullPointerException"));
  // / a: an ArithmeticException, surely caught by the inner handler.
  const Instruction* div = FindOne(*ir, [](const Instruction& in) { return IsBinary(in, BinaryOp::kDiv); }, "div");
  ASSERT_NE(div, nullptr);
  EXPECT_EQ(div->line, line_div);
  EXPECT_THAT(Routings(*ir, div->block),
              ElementsAre("java/lang/ArithmeticException -> java/lang/ArithmeticException"));
  // helper(): anything; each handler in table order may catch it, having
  // been passed by the earlier ones; the rest leaves the method.
  const Instruction* call = OneInvoke(*ir, "helper");
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->line, MarkedLine(kExceptionsSource, "nested-call"));
  EXPECT_THAT(
      Routings(*ir, call->block),
      ElementsAre("java/lang/Throwable -> java/lang/ArithmeticException",
                  "java/lang/Throwable -> java/lang/NullPointerException [not java/lang/ArithmeticException]",
                  "java/lang/Throwable -> java/lang/RuntimeException [not java/lang/ArithmeticException|"
                  "java/lang/NullPointerException]",
                  "java/lang/Throwable -> uncaught [not java/lang/ArithmeticException|java/lang/NullPointerException|"
                  "java/lang/RuntimeException]"));
  for (const Edge* e : ExceptionEdges(*ir, call->block)) {
    if (e->to != ir->exceptional_exit) {
      EXPECT_EQ(CatchTypeOf(*ir, e->to), e->caught_as);
    }
  }
  // Handler blocks are shared by every PEI their entry covers: the
  // ArithmeticException handler is entered from the div and from the call.
  BlockId arith = ExceptionEdges(*ir, div->block)[0]->to;
  EXPECT_EQ(ExceptionEdges(*ir, call->block)[0]->to, arith);
  EXPECT_EQ(ir->blocks[arith].preds.size(), 2u);
}

TEST(IrBuilder, MultiCatchEntersOneHandlerPerTypeAndMergesTheCaughtValue) {
  auto ir = BuildFixture(Release::k8, kExceptions, "multiCatch");
  ASSERT_NE(ir, nullptr);
  const Instruction* call = OneInvoke(*ir, "helper");
  ASSERT_NE(call, nullptr);
  EXPECT_THAT(Routings(*ir, call->block),
              ElementsAre("java/lang/Throwable -> java/lang/IllegalArgumentException",
                          "java/lang/Throwable -> java/lang/IllegalStateException [not "
                          "java/lang/IllegalArgumentException]",
                          "java/lang/Throwable -> uncaught [not java/lang/IllegalArgumentException|"
                          "java/lang/IllegalStateException]"));
  // Both catch blocks flow into the handler's code, where e is a phi of the
  // two caught values, one operand per incoming edge.
  auto catches = FindOp(*ir, Op::kCatch);
  ASSERT_EQ(catches.size(), 2u);
  BlockId join = NormalEdges(*ir, catches[0]->block)[0]->to;
  EXPECT_EQ(NormalEdges(*ir, catches[1]->block)[0]->to, join);
  ASSERT_EQ(ir->blocks[join].phis.size(), 1u);
  const Instruction& phi = ir->insns[ir->blocks[join].phis[0]];
  EXPECT_EQ(phi.operands.size(), ir->blocks[join].preds.size());
  EXPECT_THAT(phi.operands, UnorderedElementsAre(catches[0]->result, catches[1]->result));
  // e.hashCode() is called on the phi.
  auto hash = FindInvokes(*ir, "hashCode");
  ASSERT_EQ(hash.size(), 2u);
  EXPECT_EQ(hash[1]->operands[0], phi.result);
}

TEST(IrBuilder, FinallyIsDuplicatedAsJavacEmitsIt) {
  int line = MarkedLine(kExceptionsSource, "tryFinally-finally");
  auto ir = BuildFixture(Release::k8, kExceptions, "tryFinally");
  ASSERT_NE(ir, nullptr);
  // sink = a: once on the normal path, once in the catch-all handler.
  auto puts = FindOp(*ir, Op::kPutStatic);
  ASSERT_EQ(puts.size(), 2u);
  EXPECT_NE(puts[0]->bci, puts[1]->bci);
  for (const Instruction* p : puts) EXPECT_EQ(p->line, line);
  // The handler copy rethrows what it caught.
  const Instruction* catch_any = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kCatch; }, "catch");
  ASSERT_NE(catch_any, nullptr);
  EXPECT_EQ(catch_any->type, "");
  const Instruction* thr = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr, nullptr);
  EXPECT_EQ(thr->operands[0], catch_any->result);
  // javac's try/catch/finally: three copies (after the try, after the catch,
  // in the catch-all).
  auto ir2 = BuildFixture(Release::k8, kExceptions, "tryCatchFinally");
  ASSERT_NE(ir2, nullptr);
  auto puts2 = FindOp(*ir2, Op::kPutStatic);
  ASSERT_EQ(puts2.size(), 3u);
  std::set<uint32_t> bcis;
  for (const Instruction* p : puts2) {
    bcis.insert(p->bci);
    EXPECT_EQ(p->line, MarkedLine(kExceptionsSource, "tryCatchFinally-finally"));
  }
  EXPECT_EQ(bcis.size(), 3u);
  // s.trim(): an NPE skips the IllegalArgumentException handler (unrelated)
  // and is caught by the catch-all; anything else may be either.
  const Instruction* trim = OneInvoke(*ir2, "trim");
  ASSERT_NE(trim, nullptr);
  EXPECT_THAT(Routings(*ir2, trim->block),
              ElementsAre("java/lang/NullPointerException -> any",
                          "java/lang/Throwable -> java/lang/IllegalArgumentException",
                          "java/lang/Throwable -> any [not java/lang/IllegalArgumentException]"));
}

TEST(IrBuilder, CatchAllOfFinallyOverlapsTheCatchBlock) {
  auto ir = BuildFixture(Release::k8, kExceptions, "overlapping");
  ASSERT_NE(ir, nullptr);
  auto helpers = FindInvokes(*ir, "helper");
  ASSERT_EQ(helpers.size(), 2u);
  const Instruction* in_try = helpers[0]->line == MarkedLine(kExceptionsSource, "overlapping-try-call") ? helpers[0] : helpers[1];
  const Instruction* in_catch = in_try == helpers[0] ? helpers[1] : helpers[0];
  EXPECT_EQ(in_catch->line, MarkedLine(kExceptionsSource, "overlapping-catch-call"));
  // In the try block both entries cover the call; in the catch block only the
  // catch-all does.
  EXPECT_THAT(Routings(*ir, in_try->block),
              ElementsAre("java/lang/Throwable -> java/lang/IllegalStateException",
                          "java/lang/Throwable -> any [not java/lang/IllegalStateException]"));
  EXPECT_THAT(Routings(*ir, in_catch->block), ElementsAre("java/lang/Throwable -> any"));
  // a[i]: NPE and AIOOBE are unrelated to IllegalStateException.
  const Instruction* load = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayLoad; }, "aload");
  ASSERT_NE(load, nullptr);
  EXPECT_THAT(Routings(*ir, load->block),
              ElementsAre("java/lang/NullPointerException -> any", "java/lang/ArrayIndexOutOfBoundsException -> any"));
  // The catch-alls of the two ranges are separate catch blocks (one per
  // exception-table entry) that lead to the same handler code.
  BlockId any_from_try = ExceptionEdges(*ir, in_try->block)[1]->to;
  BlockId any_from_catch = ExceptionEdges(*ir, in_catch->block)[0]->to;
  EXPECT_NE(any_from_try, any_from_catch);
  EXPECT_EQ(ir->blocks[any_from_try].start_bci, ir->blocks[any_from_catch].start_bci);
  EXPECT_EQ(NormalEdges(*ir, any_from_try)[0]->to, NormalEdges(*ir, any_from_catch)[0]->to);
}

TEST(IrBuilder, SynchronizedBlockReleasesTheMonitorInTheCatchAll) {
  auto ir = BuildFixture(Release::k8, kExceptions, "syncBlock");
  ASSERT_NE(ir, nullptr);
  ValueId lock = ir->params[1];
  auto enters = FindOp(*ir, Op::kMonitorEnter);
  auto exits = FindOp(*ir, Op::kMonitorExit);
  ASSERT_EQ(enters.size(), 1u);
  ASSERT_EQ(exits.size(), 2u);
  EXPECT_EQ(enters[0]->operands[0], lock);
  EXPECT_THAT(Routings(*ir, enters[0]->block), ElementsAre("java/lang/NullPointerException -> uncaught"));
  const Instruction* body = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kPutField; }, "putfield");
  ASSERT_NE(body, nullptr);
  EXPECT_EQ(body->line, MarkedLine(kExceptionsSource, "syncBlock-body"));
  for (const Instruction* x : exits) {
    EXPECT_EQ(x->operands[0], lock);
    // javac's table covers both monitorexits with the catch-all, the second
    // (in the handler) by an entry that covers the handler itself.
    EXPECT_THAT(Routings(*ir, x->block), ElementsAre("java/lang/NullPointerException -> any",
                                                     "java/lang/IllegalMonitorStateException -> any"));
  }
  // The handler's monitorexit: reached from a catch-any, and its own
  // exceptions loop back to a catch-any that leads to it again.
  const Instruction* handler_exit = nullptr;
  for (const Instruction* x : exits) {
    for (EdgeId e : ir->blocks[x->block].preds) {
      if (ir->blocks[ir->edges[e].from].is_handler) handler_exit = x;
    }
  }
  ASSERT_NE(handler_exit, nullptr) << Print(*ir);
  BlockId again = ExceptionEdges(*ir, handler_exit->block)[0]->to;
  EXPECT_EQ(NormalEdges(*ir, again)[0]->to, handler_exit->block);
  // It then rethrows the caught value (a phi of the two catch blocks).
  const Instruction* thr = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr, nullptr);
  EXPECT_EQ(ir->def(thr->operands[0]).op, Op::kPhi);
  // Both exits release the monitor the method entered (ir/monitors.h).
  EXPECT_EQ(ir->structured_monitor_exits.size(), 2u);
  for (const Instruction* x : exits) {
    EXPECT_TRUE(ir->IsStructuredMonitorExit(static_cast<InsnId>(x - ir->insns.data())));
  }
}

// What leaves a method through javac's synchronized handlers (catch any,
// structured monitorexit, rethrow): the timed wait's exceptions in
// awaitShape do; the handler's own rethrow is no throw of the method's;
// an exception into a finally block's handler (whose code runs first) is
// not followed.
TEST(IrBuilder, ExceptionsLeaveThroughSynchronizedHandlersOnly) {
  auto ir = BuildFixture(Release::k8, kExceptions, "awaitShape");
  ASSERT_NE(ir, nullptr);
  const Instruction* wait = FindOne(*ir, [](const Instruction& in) {
    return in.op == Op::kInvoke && in.name == "timedWait";
  }, "timedWait");
  ASSERT_NE(wait, nullptr);
  int leaving = 0;
  for (const Edge* e : ExceptionEdges(*ir, wait->block)) {
    EXPECT_NE(e->to, ir->exceptional_exit) << "caught by the synchronized block's handler";
    leaving += LeavesMethod(*ir, static_cast<EdgeId>(e - ir->edges.data()));
  }
  EXPECT_GT(leaving, 0) << Print(*ir);
  int rethrows = 0;
  for (const Instruction* t : FindOp(*ir, Op::kThrow)) {
    rethrows += IsSynchronizedRethrow(*ir, static_cast<InsnId>(t - ir->insns.data()));
  }
  EXPECT_EQ(rethrows, 1) << Print(*ir);

  auto fin = BuildFixture(Release::k8, kExceptions, "overlapping");
  ASSERT_NE(fin, nullptr);
  for (const Instruction* call : FindInvokes(*fin, "helper")) {
    for (const Edge* e : ExceptionEdges(*fin, call->block)) {
      EXPECT_FALSE(LeavesMethod(*fin, static_cast<EdgeId>(e - fin->edges.data()))) << "finally code runs first";
    }
  }
  for (const Instruction* t : FindOp(*fin, Op::kThrow)) {
    EXPECT_FALSE(IsSynchronizedRethrow(*fin, static_cast<InsnId>(t - fin->insns.data())));
  }
}

// Nested synchronized blocks, returns from inside them, loops, and a lock
// that reaches the handler's monitorexit through a cycle of phis: every
// monitorexit javac emits is structured.
TEST(IrBuilder, EveryMonitorExitJavacEmitsIsStructured) {
  for (const char* method : {"syncShapes", "awaitShape"}) {
    SCOPED_TRACE(method);
    auto ir = BuildFixture(Release::k8, kExceptions, method);
    ASSERT_NE(ir, nullptr);
    auto exits = FindOp(*ir, Op::kMonitorExit);
    EXPECT_GE(exits.size(), 3u) << Print(*ir);
    std::vector<InsnId> expected;
    bool lock_through_phi = false;
    for (const Instruction* x : exits) {
      expected.push_back(static_cast<InsnId>(x - ir->insns.data()));
      lock_through_phi |= ir->def(x->operands[0]).op == Op::kPhi;
    }
    EXPECT_EQ(ir->structured_monitor_exits, expected) << Print(*ir);
    if (std::string_view(method) == "awaitShape") {
      EXPECT_TRUE(lock_through_phi) << "no monitorexit's lock is a phi: the shape this fixture is for is gone\n"
                                    << Print(*ir);
    }
  }
}

TEST(IrBuilder, HandlerEntryMergesLocalsFromEachThrowingBlock) {
  auto ir = BuildFixture(Release::k8, kExceptions, "mergeInHandler");
  ASSERT_NE(ir, nullptr);
  // x is 1 at the first call and 2 at the second: the handler's phi has one
  // operand per exceptional edge, in the order of the block's predecessors.
  const Instruction* c = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kCatch; }, "catch");
  ASSERT_NE(c, nullptr);
  const Block& handler = ir->blocks[c->block];
  ASSERT_EQ(handler.phis.size(), 1u);
  const Instruction& phi = ir->insns[handler.phis[0]];
  ASSERT_EQ(phi.operands.size(), 2u);
  ASSERT_EQ(handler.preds.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    const Edge& e = ir->edges[handler.preds[i]];
    EXPECT_EQ(e.kind, EdgeKind::kException);
    // The operand is the x current in the throwing block.
    EXPECT_EQ(IntConstOf(*ir, phi.operands[i]), ir->insns[ir->ThrowingInsn(e.from)].bci == 4 ? 1 : 2);
  }
  const Instruction* ret = FindOne(
      *ir, [&](const Instruction& in) { return in.op == Op::kReturn && in.operands[0] == phi.result; }, "return x");
  EXPECT_NE(ret, nullptr);
}

TEST(IrBuilder, ThrowIsRoutedByTheStaticTypeOfItsOperand) {
  auto ir = BuildFixture(Release::k8, kExceptions, "rethrow");
  ASSERT_NE(ir, nullptr);
  const Instruction* thr = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr, nullptr);
  EXPECT_THAT(Routings(*ir, thr->block),
              ElementsAre("java/lang/Exception -> uncaught", "java/lang/NullPointerException -> uncaught"));
  // A new exception is not null: no NPE edge.
  auto ir2 = BuildFixture(Release::k8, kExceptions, "throwNew");
  ASSERT_NE(ir2, nullptr);
  const Instruction* thr2 = FindOne(*ir2, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr2, nullptr);
  EXPECT_THAT(Routings(*ir2, thr2->block), ElementsAre("java/lang/IllegalStateException -> uncaught"));
  EXPECT_EQ(ir2->def(thr2->operands[0]).op, Op::kNew);
}

TEST(IrBuilder, LongLocalsMergeAtAHandler) {
  auto ir = BuildFixture(Release::k8, kExceptions, "wideInHandler");
  ASSERT_NE(ir, nullptr);
  const Instruction* c = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kCatch; }, "catch");
  ASSERT_NE(c, nullptr);
  // w is v at the getfield and o.wide at the call.
  ASSERT_EQ(ir->blocks[c->block].phis.size(), 1u);
  const Instruction& phi = ir->insns[ir->blocks[c->block].phis[0]];
  EXPECT_EQ(ir->values[phi.result].type.kind, TypeKind::kLong);
  std::set<Op> defs;
  for (ValueId o : phi.operands) defs.insert(ir->def(o).op);
  EXPECT_THAT(defs, UnorderedElementsAre(Op::kParam, Op::kGetField));
  // After the handler, w + 1 and the try's w merge before the return.
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ir->values[ret->operands[0]].type.kind, TypeKind::kLong);
  EXPECT_EQ(ir->def(ret->operands[0]).op, Op::kPhi);
}

// --- Switches --------------------------------------------------------------------

// The successors of a switch: (kind, case value, start bci of the target).
std::vector<std::string> SwitchEdges(const MethodIR& ir, const Instruction& sw) {
  std::vector<std::string> out;
  for (const Edge* e : NormalEdges(ir, sw.block)) {
    out.push_back(e->kind == EdgeKind::kCase ? "case " + std::to_string(e->case_value) : EdgeKindName(e->kind));
  }
  return out;
}

TEST(IrBuilder, TableAndLookupSwitchesListCasesThenDefault) {
  auto ir = BuildFixture(Release::k8, kSwitches, "table");
  ASSERT_NE(ir, nullptr);
  const Instruction* sw = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kSwitch; }, "switch");
  ASSERT_NE(sw, nullptr);
  EXPECT_EQ(sw->operands[0], ir->params[0]);
  EXPECT_THAT(ir->switches[sw->index].values, ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(SwitchEdges(*ir, *sw), ElementsAre("case 1", "case 2", "case 3", "case 4", "default"));
  // Each case returns its own constant.
  std::vector<int32_t> returned;
  for (const Edge* e : NormalEdges(*ir, sw->block)) {
    const Block& target = ir->blocks[e->to];
    const Instruction& last = ir->insns[target.insns.back()];
    ASSERT_EQ(last.op, Op::kReturn);
    returned.push_back(IntConstOf(*ir, last.operands[0]));
  }
  EXPECT_THAT(returned, ElementsAre(10, 20, 30, 40, 0));

  auto lookup = BuildFixture(Release::k8, kSwitches, "lookup");
  ASSERT_NE(lookup, nullptr);
  const Instruction* lsw = FindOne(*lookup, [](const Instruction& in) { return in.op == Op::kSwitch; }, "switch");
  ASSERT_NE(lsw, nullptr);
  EXPECT_THAT(SwitchEdges(*lookup, *lsw), ElementsAre("case -1000", "case 0", "case 1000", "default"));
}

TEST(IrBuilder, StringSwitchHashesThenSwitchesOnAMergedIndex) {
  for (Release r : {Release::k8, Release::k17}) {
    auto ir = BuildFixture(r, kSwitches, "onString");
    ASSERT_NE(ir, nullptr);
    auto switches = FindOp(*ir, Op::kSwitch);
    ASSERT_EQ(switches.size(), 2u);
    // First on hashCode ("a" = 97; "Aa" and "BB" share 2112), then on the
    // index the equals tests chose.
    EXPECT_EQ(ir->def(switches[0]->operands[0]).name, "hashCode");
    EXPECT_THAT(ir->switches[switches[0]->index].values, ElementsAre(97, 2112));
    EXPECT_THAT(ir->switches[switches[1]->index].values, ElementsAre(0, 1, 2));
    EXPECT_EQ(FindInvokes(*ir, "equals").size(), 3u);
    const Instruction& idx = ir->def(switches[1]->operands[0]);
    ASSERT_EQ(idx.op, Op::kPhi);
    EXPECT_EQ(idx.operands.size(), ir->blocks[idx.block].preds.size());
    std::set<int32_t> values;
    for (ValueId o : idx.operands) values.insert(IntConstOf(*ir, o));
    EXPECT_THAT(values, ElementsAre(-1, 0, 1, 2));
  }
}

TEST(IrBuilder, EnumSwitchGoesThroughTheSwitchMap) {
  auto ir = BuildFixture(Release::k8, kSwitches, "onEnum");
  ASSERT_NE(ir, nullptr);
  const Instruction* sw = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kSwitch; }, "switch");
  ASSERT_NE(sw, nullptr);
  const Instruction& load = ir->def(sw->operands[0]);
  ASSERT_EQ(load.op, Op::kArrayLoad);
  EXPECT_EQ(ir->def(load.operands[0]).op, Op::kGetStatic);
  EXPECT_EQ(ir->def(load.operands[0]).owner, "fixtures/irshapes/Switches$1");
  EXPECT_EQ(ir->def(load.operands[1]).name, "ordinal");
  EXPECT_THAT(ir->switches[sw->index].values, ElementsAre(1, 2));
}

TEST(IrBuilder, FallThroughCasesMergeAfterTheSwitch) {
  auto ir = BuildFixture(Release::k8, kSwitches, "fallThrough");
  ASSERT_NE(ir, nullptr);
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  // After the switch r is 7 (case 5), -1 (default) or what case 1 left: one
  // operand per incoming edge.
  const Instruction& r = ir->def(ret->operands[0]);
  ASSERT_EQ(r.op, Op::kPhi);
  EXPECT_EQ(r.operands.size(), 3u);
  EXPECT_EQ(ir->blocks[r.block].preds.size(), 3u);
  // Case 0 falls into case 1, where r is 0 (straight from the switch) or
  // 0 + 1 (through case 0) before += 2.
  const Instruction* inner = FindOne(
      *ir, [&](const Instruction& in) { return in.op == Op::kPhi && in.result != r.result; }, "case-1 phi");
  ASSERT_NE(inner, nullptr);
  ASSERT_EQ(inner->operands.size(), 2u);
  std::set<Op> defs = {ir->def(inner->operands[0]).op, ir->def(inner->operands[1]).op};
  EXPECT_THAT(defs, UnorderedElementsAre(Op::kConst, Op::kBinary));
  const Instruction* sw = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kSwitch; }, "switch");
  ASSERT_NE(sw, nullptr);
  EXPECT_THAT(ir->switches[sw->index].values, ElementsAre(0, 1, 5));
}

// --- Loops -----------------------------------------------------------------------

TEST(IrBuilder, LoopHeaderHasPhisForEveryVariableTheLoopChanges) {
  auto ir = BuildFixture(Release::k8, kLoops, "sum");
  ASSERT_NE(ir, nullptr);
  auto phis = FindOp(*ir, Op::kPhi);
  ASSERT_EQ(phis.size(), 2u) << Print(*ir);  // s and i
  BlockId header = phis[0]->block;
  EXPECT_EQ(phis[1]->block, header);
  const Block& h = ir->blocks[header];
  ASSERT_EQ(h.preds.size(), 2u);
  // Operand 0 comes from before the loop (the constant 0), operand 1 from
  // the back edge (an add).
  for (const Instruction* phi : phis) {
    ASSERT_EQ(phi->operands.size(), 2u);
    EXPECT_EQ(IntConstOf(*ir, phi->operands[0]), 0);
    EXPECT_TRUE(IsBinary(ir->def(phi->operands[1]), BinaryOp::kAdd));
  }
  const Instruction* load = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayLoad; }, "a[i]");
  ASSERT_NE(load, nullptr);
  EXPECT_EQ(load->line, MarkedLine("java8/fixtures/irshapes/Loops.java", "sum-body"));
  EXPECT_THAT(Routings(*ir, load->block), ElementsAre("java/lang/NullPointerException -> uncaught",
                                                      "java/lang/ArrayIndexOutOfBoundsException -> uncaught"));
}

TEST(IrBuilder, LoopPhisCarryTheirTypes) {
  auto ir = BuildFixture(Release::k8, kLoops, "doWhile");
  ASSERT_NE(ir, nullptr);
  auto phis = FindOp(*ir, Op::kPhi);
  ASSERT_EQ(phis.size(), 1u);
  EXPECT_EQ(ir->values[phis[0]->result].type.kind, TypeKind::kLong);
  // x / 3 on longs: a non-zero constant divisor, no ArithmeticException.
  const Instruction* div = FindOne(*ir, [](const Instruction& in) { return IsBinary(in, BinaryOp::kDiv); }, "div");
  ASSERT_NE(div, nullptr);
  EXPECT_THAT(Routings(*ir, div->block), IsEmpty());

  auto d = BuildFixture(Release::k8, kLoops, "whileDouble");
  ASSERT_NE(d, nullptr);
  std::multiset<TypeKind> kinds;
  for (const Instruction* phi : FindOp(*d, Op::kPhi)) kinds.insert(d->values[phi->result].type.kind);
  EXPECT_THAT(kinds, UnorderedElementsAre(TypeKind::kDouble, TypeKind::kInt));

  auto n = BuildFixture(Release::k8, kLoops, "nested");
  ASSERT_NE(n, nullptr);
  // Two loops, two headers with phis (c and i at the outer one; c and j at
  // the inner one).
  std::set<BlockId> headers;
  for (const Instruction* phi : FindOp(*n, Op::kPhi)) headers.insert(phi->block);
  EXPECT_GE(headers.size(), 2u);
}

TEST(IrBuilder, UnchangedLocalsNeedNoPhiAtALoopHeader) {
  // Regression: `this` went through a loop-header phi, which hid that it is
  // never null, so every this.field in a loop had a NullPointerException edge.
  auto ir = BuildFixture(Release::k8, kLoops, "sumField");
  ASSERT_NE(ir, nullptr);
  for (const Instruction* phi : FindOp(*ir, Op::kPhi)) {
    for (ValueId o : phi->operands) {
      EXPECT_NE(o, ir->params[0]) << Print(*ir);
      EXPECT_NE(o, ir->params[1]);
    }
  }
  const Instruction* get = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kGetField; }, "getfield");
  ASSERT_NE(get, nullptr);
  EXPECT_EQ(get->operands[0], ir->params[0]);
  EXPECT_THAT(ExceptionEdges(*ir, get->block), IsEmpty());
  // a may be null: a.length keeps its edge, on the parameter itself.
  const Instruction* len = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayLength; }, "length");
  ASSERT_NE(len, nullptr);
  EXPECT_EQ(len->operands[0], ir->params[1]);
  EXPECT_THAT(Routings(*ir, len->block), ElementsAre("java/lang/NullPointerException -> uncaught"));
}

// --- Lambdas and method references ---------------------------------------------

const Instruction* OneLambda(const MethodIR& ir) {
  return FindOne(ir, [](const Instruction& in) { return in.op == Op::kLambda; }, "lambda");
}

TEST(IrBuilder, LambdaRecordsImplementationInterfaceAndCapturedArguments) {
  for (Release r : {Release::k8, Release::k17}) {
    auto ir = BuildFixture(r, kLambdas, "capture");
    ASSERT_NE(ir, nullptr);
    const Instruction* l = OneLambda(*ir);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->type, "java/util/function/Supplier");
    EXPECT_EQ(l->text, "get");
    EXPECT_EQ(l->text2, "()Ljava/lang/Object;");
    EXPECT_EQ(l->owner, "fixtures/irshapes/Lambdas");
    EXPECT_TRUE(l->name.starts_with("lambda$capture$")) << l->name;
    EXPECT_EQ(l->descriptor, "(Ljava/lang/String;I)Ljava/lang/String;");
    EXPECT_EQ(l->invoke, InvokeKind::kStatic);
    EXPECT_THAT(l->operands, ElementsAre(ir->params[0], ir->params[1]));
    EXPECT_EQ(ir->values[l->result].type.descriptor, "Ljava/util/function/Supplier;");
    // Not a PEI: the lambda's block has no exceptional successor.
    EXPECT_THAT(ExceptionEdges(*ir, l->block), IsEmpty());
  }
}

TEST(IrBuilder, LambdaCapturingThisUsesAnInstanceImplementation) {
  auto ir8 = BuildFixture(Release::k8, kLambdas, "captureThis");
  auto ir17 = BuildFixture(Release::k17, kLambdas, "captureThis");
  ASSERT_NE(ir8, nullptr);
  ASSERT_NE(ir17, nullptr);
  const Instruction* l8 = OneLambda(*ir8);
  const Instruction* l17 = OneLambda(*ir17);
  ASSERT_NE(l8, nullptr);
  ASSERT_NE(l17, nullptr);
  EXPECT_THAT(l8->operands, ElementsAre(ir8->params[0]));
  EXPECT_EQ(l8->type, "java/lang/Runnable");
  // javac names the private implementation with REF_invokeSpecial before
  // nestmates (--release 8) and REF_invokeVirtual after (--release 17).
  EXPECT_EQ(l8->invoke, InvokeKind::kSpecial);
  EXPECT_EQ(l17->invoke, InvokeKind::kVirtual);
}

TEST(IrBuilder, MethodReferencesNameTheReferencedMethod) {
  struct Case {
    const char* method;
    const char* owner;
    const char* name;
    InvokeKind kind;
    size_t captured;
  };
  for (const Case& c : {Case{"staticRef", "java/lang/Integer", "parseInt", InvokeKind::kStatic, 0},
                        Case{"boundRef", "java/lang/String", "length", InvokeKind::kVirtual, 1},
                        Case{"unboundRef", "java/lang/String", "length", InvokeKind::kVirtual, 0},
                        Case{"constructorRef", "java/util/ArrayList", "<init>", InvokeKind::kSpecial, 0},
                        Case{"serializable", "fixtures/irshapes/Lambdas", nullptr, InvokeKind::kStatic, 1}}) {
    SCOPED_TRACE(c.method);
    auto ir = BuildFixture(Release::k8, kLambdas, c.method);
    ASSERT_NE(ir, nullptr);
    const Instruction* l = OneLambda(*ir);
    ASSERT_NE(l, nullptr);
    EXPECT_EQ(l->owner, c.owner);
    if (c.name) {
      EXPECT_EQ(l->name, c.name);
    }
    EXPECT_EQ(l->invoke, c.kind);
    EXPECT_EQ(l->operands.size(), c.captured);
  }
  // s::length checks s for null first, then captures s itself.
  auto ir = BuildFixture(Release::k8, kLambdas, "boundRef");
  ASSERT_NE(ir, nullptr);
  const Instruction* check = OneInvoke(*ir, "requireNonNull");
  ASSERT_NE(check, nullptr);
  EXPECT_EQ(check->operands[0], ir->params[0]);
  EXPECT_EQ(OneLambda(*ir)->operands[0], ir->params[0]);
}

// --- String concatenation --------------------------------------------------------

TEST(IrBuilder, Release8ConcatenationIsAStringBuilderChain) {
  auto ir = BuildFixture(Release::k8, kConcat, "concat");
  ASSERT_NE(ir, nullptr);
  EXPECT_THAT(FindOp(*ir, Op::kStringConcat), IsEmpty());
  const Instruction* sb = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kNew; }, "new");
  ASSERT_NE(sb, nullptr);
  EXPECT_EQ(sb->type, "java/lang/StringBuilder");
  const Instruction* init = OneInvoke(*ir, "<init>");
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(init->operands[0], sb->result);
  // Each append is called on the previous one's result.
  auto appends = FindInvokes(*ir, "append");
  ASSERT_EQ(appends.size(), 6u);
  ValueId receiver = sb->result;
  std::vector<std::string> descs;
  for (const Instruction* a : appends) {
    EXPECT_EQ(a->operands[0], receiver);
    receiver = a->result;
    descs.emplace_back(a->descriptor);
  }
  EXPECT_THAT(descs, ElementsAre("(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                                 "(Ljava/lang/String;)Ljava/lang/StringBuilder;",
                                 "(I)Ljava/lang/StringBuilder;", "(C)Ljava/lang/StringBuilder;",
                                 "(J)Ljava/lang/StringBuilder;", "(Ljava/lang/Object;)Ljava/lang/StringBuilder;"));
  const Instruction* to_string = OneInvoke(*ir, "toString");
  ASSERT_NE(to_string, nullptr);
  EXPECT_EQ(to_string->operands[0], receiver);
}

TEST(IrBuilder, Release17ConcatenationIsOneConcatWithItsRecipe) {
  for (std::string_view cls : {kConcat, kRecords}) {
    auto ir = BuildFixture(Release::k17, cls, "concat");
    ASSERT_NE(ir, nullptr);
    EXPECT_THAT(FindInvokes(*ir, "append"), IsEmpty());
    const Instruction* c = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kStringConcat; }, "concat");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->text, "x=\1\1:\1\1");
    ASSERT_EQ(c->operands.size(), 4u);
    EXPECT_EQ(c->operands[0], ir->params[0]);
    EXPECT_EQ(c->operands[1], ir->params[1]);
    EXPECT_EQ(c->operands[2], ir->params[2]);
    // javac 17 converts the Object argument with String.valueOf first.
    EXPECT_EQ(ir->def(c->operands[3]).name, "valueOf");
    EXPECT_EQ(ir->values[c->result].type.descriptor, "Ljava/lang/String;");
    // It may run toString() of its arguments: a PEI throwing anything.
    EXPECT_THAT(Routings(*ir, c->block), ElementsAre("java/lang/Throwable -> uncaught"));
    if (cls == kConcat) {
      EXPECT_EQ(c->line, MarkedLine("java8/fixtures/irshapes/Concat.java", "concat"));
    }
  }
  // A constant holding the tag character \1 is passed as a \2 constant.
  auto tag = BuildFixture(Release::k17, kConcat, "withTag");
  ASSERT_NE(tag, nullptr);
  const Instruction* c = FindOne(*tag, [](const Instruction& in) { return in.op == Op::kStringConcat; }, "concat");
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->text, "\2\1");
  EXPECT_THAT(c->operands, ElementsAre(tag->params[0]));
}

// --- Operand stack ---------------------------------------------------------------

TEST(IrBuilder, StackValuesLeftAcrossABranchMergeInPhis) {
  auto ir = BuildFixture(Release::k8, kStack, "ternaryArg");
  ASSERT_NE(ir, nullptr);
  const Instruction* call = OneInvoke(*ir, "f");
  ASSERT_NE(call, nullptr);
  // f(1, c ? 2 : 3): the 1 was pushed before the branch and is the same
  // value on both paths (no phi); the second argument is a phi.
  EXPECT_EQ(IntConstOf(*ir, call->operands[0]), 1);
  const Instruction& phi = ir->def(call->operands[1]);
  ASSERT_EQ(phi.op, Op::kPhi);
  std::set<int32_t> values;
  for (ValueId o : phi.operands) values.insert(IntConstOf(*ir, o));
  EXPECT_THAT(values, ElementsAre(2, 3));
  EXPECT_EQ(FindOp(*ir, Op::kPhi).size(), 1u);
}

TEST(IrBuilder, WideStackValuesAcrossBranches) {
  auto ir = BuildFixture(Release::k8, kStack, "wideAcrossBranch");
  ASSERT_NE(ir, nullptr);
  const Instruction* call = OneInvoke(*ir, "g");
  ASSERT_NE(call, nullptr);
  ASSERT_EQ(call->operands.size(), 3u);
  // a + 1 (a long below two branches), c ? d : 2.0, c ? 7 : 8.
  EXPECT_TRUE(IsBinary(ir->def(call->operands[0]), BinaryOp::kAdd));
  EXPECT_EQ(ir->values[call->operands[0]].type.kind, TypeKind::kLong);
  const Instruction& d = ir->def(call->operands[1]);
  ASSERT_EQ(d.op, Op::kPhi);
  EXPECT_EQ(ir->values[d.result].type.kind, TypeKind::kDouble);
  EXPECT_THAT(d.operands, ::testing::Contains(ir->params[2]));
  const Instruction& i = ir->def(call->operands[2]);
  ASSERT_EQ(i.op, Op::kPhi);
  EXPECT_EQ(ir->values[i.result].type.kind, TypeKind::kInt);
}

TEST(IrBuilder, NewBeforeInitAcrossABranch) {
  auto ir = BuildFixture(Release::k8, kStack, "newBeforeInit");
  ASSERT_NE(ir, nullptr);
  const Instruction* n = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kNew; }, "new");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->type, "java/lang/StringBuilder");
  const Instruction* init = OneInvoke(*ir, "<init>");
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(init->invoke, InvokeKind::kSpecial);
  // The uninitialized object stayed on the stack across x > 0 ? ... : ...;
  // <init> is called on it, with the phi of the two strings.
  EXPECT_EQ(init->operands[0], n->result);
  EXPECT_EQ(ir->def(init->operands[1]).op, Op::kPhi);
  // The receiver is the new object, never null: no NPE edge.
  EXPECT_THAT(Routings(*ir, init->block), ElementsAre("java/lang/Throwable -> uncaught"));
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ret->operands[0], n->result);
}

TEST(IrBuilder, DupFormsOfChainedAssignments) {
  // arr[i] = x = y: dup_x2 (int) and dup2_x2 (long) store the parameter and
  // return it.
  for (const char* m : {"longArrayChain", "intArrayChain"}) {
    SCOPED_TRACE(m);
    auto ir = BuildFixture(Release::k8, kStack, m);
    ASSERT_NE(ir, nullptr);
    const Instruction* st = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayStore; }, "astore");
    ASSERT_NE(st, nullptr);
    EXPECT_THAT(st->operands, ElementsAre(ir->params[0], ir->params[1], ir->params[2]));
    const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
    ASSERT_NE(ret, nullptr);
    EXPECT_EQ(ret->operands[0], ir->params[2]);
  }
  // this.f = x = y: dup_x1 (int) and dup2_x1 (long).
  for (const char* m : {"longFieldChain", "intFieldChain"}) {
    SCOPED_TRACE(m);
    auto ir = BuildFixture(Release::k8, kStack, m);
    ASSERT_NE(ir, nullptr);
    const Instruction* put = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kPutField; }, "putfield");
    ASSERT_NE(put, nullptr);
    EXPECT_THAT(put->operands, ElementsAre(ir->params[0], ir->params[1]));
    // Through `this` (never null): no exceptional edge at all.
    EXPECT_THAT(ExceptionEdges(*ir, put->block), IsEmpty());
    const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
    ASSERT_NE(ret, nullptr);
    EXPECT_EQ(ret->operands[0], ir->params[1]);
  }
  // return a[i]++ on longs: dup2 of (array, index), then dup2_x2 of the
  // loaded long: the old value is returned, old + 1 stored.
  auto ir = BuildFixture(Release::k8, kStack, "postIncrementLong");
  ASSERT_NE(ir, nullptr);
  const Instruction* load = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayLoad; }, "aload");
  const Instruction* st = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kArrayStore; }, "astore");
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_TRUE(load && st && ret);
  EXPECT_THAT(load->operands, ElementsAre(ir->params[0], ir->params[1]));
  EXPECT_THAT(st->operands[0], ir->params[0]);
  EXPECT_THAT(st->operands[1], ir->params[1]);
  const Instruction& inc = ir->def(st->operands[2]);
  EXPECT_TRUE(IsBinary(inc, BinaryOp::kAdd));
  EXPECT_EQ(inc.operands[0], load->result);
  EXPECT_EQ(ret->operands[0], load->result);
  // return slf = y: dup2 of a long, then putstatic.
  auto s = BuildFixture(Release::k8, kStack, "staticLongChain");
  ASSERT_NE(s, nullptr);
  const Instruction* put = FindOne(*s, [](const Instruction& in) { return in.op == Op::kPutStatic; }, "putstatic");
  ASSERT_NE(put, nullptr);
  EXPECT_THAT(put->operands, ElementsAre(s->params[0]));
}

// --- Java 17: records, patterns, switch expressions -----------------------------

TEST(IrBuilder, RecordMembers) {
  std::string point = std::string(kRecords) + "$Point";
  auto ctor = BuildFixture(Release::k17, point, "<init>");
  ASSERT_NE(ctor, nullptr);
  // The compact constructor's check, then the field assignments.
  const Instruction* n = FindOne(*ctor, [](const Instruction& in) { return in.op == Op::kNew; }, "new");
  ASSERT_NE(n, nullptr);
  EXPECT_EQ(n->type, "java/lang/IllegalArgumentException");
  EXPECT_EQ(n->line, MarkedLine("java17/fixtures/irshapes17/Records.java", "Point-check"));
  auto puts = FindOp(*ctor, Op::kPutField);
  ASSERT_EQ(puts.size(), 2u);
  EXPECT_EQ(puts[0]->name, "x");
  EXPECT_EQ(puts[1]->name, "y");
  // equals, hashCode and toString are invokedynamic ObjectMethods.bootstrap:
  // opaque calls.
  for (const char* m : {"equals", "hashCode", "toString"}) {
    SCOPED_TRACE(m);
    auto ir = BuildFixture(Release::k17, point, m);
    ASSERT_NE(ir, nullptr);
    const Instruction* indy = FindOne(
        *ir, [](const Instruction& in) { return in.op == Op::kInvoke && in.invoke == InvokeKind::kDynamic; }, "indy");
    ASSERT_NE(indy, nullptr);
    EXPECT_EQ(indy->name, m);
    EXPECT_EQ(indy->text, "java/lang/runtime/ObjectMethods.bootstrap");
    EXPECT_EQ(indy->operands[0], ir->params[0]);
    EXPECT_THAT(Routings(*ir, indy->block), ElementsAre("java/lang/Throwable -> uncaught"));
  }
  // An accessor.
  auto x = BuildFixture(Release::k17, point, "x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(FindOp(*x, Op::kGetField).size(), 1u);
}

TEST(IrBuilder, InstanceofPatternsCastAfterTheTest) {
  auto ir = BuildFixture(Release::k17, kRecords, "patterns");
  ASSERT_NE(ir, nullptr);
  auto tests = FindOp(*ir, Op::kInstanceOf);
  auto casts = FindOp(*ir, Op::kCheckCast);
  ASSERT_EQ(tests.size(), 2u);
  ASSERT_EQ(casts.size(), 2u);
  for (size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(tests[i]->operands[0], ir->params[0]);
    EXPECT_EQ(casts[i]->operands[0], ir->params[0]);
    EXPECT_EQ(tests[i]->type, casts[i]->type);
    EXPECT_THAT(Routings(*ir, casts[i]->block), ElementsAre("java/lang/ClassCastException -> uncaught"));
  }
  EXPECT_EQ(casts[0]->type, "java/lang/String");
  EXPECT_EQ(ir->values[casts[0]->result].name, "s");
  EXPECT_EQ(casts[1]->type, "fixtures/irshapes17/Records$Point");
}

TEST(IrBuilder, SwitchExpressions) {
  auto ir = BuildFixture(Release::k17, kRecords, "switchOnString");
  ASSERT_NE(ir, nullptr);
  auto switches = FindOp(*ir, Op::kSwitch);
  ASSERT_EQ(switches.size(), 2u);
  EXPECT_THAT(ir->switches[switches[0]->index].values, ElementsAre(97, 98, 99));
  // The switch's value merges the arms' results before the return.
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ir->def(ret->operands[0]).op, Op::kPhi);
  // An exhaustive enum switch without default throws when a new constant
  // appears (IncompatibleClassChangeError under javac 17).
  auto e = BuildFixture(Release::k17, kRecords, "switchOnEnum");
  ASSERT_NE(e, nullptr);
  const Instruction* thr = FindOne(*e, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr, nullptr);
  EXPECT_THAT(Routings(*e, thr->block), ElementsAre("java/lang/IncompatibleClassChangeError -> uncaught"));
}

// Java 21 pattern switch: JDK 17's javac cannot compile it; tests/ir/
// CMakeLists.txt compiles tests/fixtures/java21 with a JDK 21+ javac into
// build/fixtures/release21 when one is installed.
TEST(IrBuilder, Java21PatternSwitchIsAnOpaqueTypeSwitch) {
  std::string dir = jwp::testing::FixturesDir() + "/release21";
  if (!std::filesystem::exists(dir + "/fixtures/irshapes21/PatternSwitch.class")) {
    GTEST_SKIP() << "no JDK 21+ fixtures in " << dir;
  }
  auto bytes = jwp::testing::ReadFileBytes(dir + "/fixtures/irshapes21/PatternSwitch.class");
  auto cf = classfile::ParseClassFile(std::move(bytes), "PatternSwitch.class");
  ASSERT_TRUE(cf.ok()) << cf.status();
  const auto& hierarchy = FixtureWorld::Get(Release::k17).hierarchy();
  for (const auto& m : (*cf)->methods) {
    if (!m.code) continue;
    SCOPED_TRACE(std::string(m.name));
    auto ir = BuildMethodIR(*cf, m, hierarchy);
    ASSERT_TRUE(ir.ok()) << ir.status();
    EXPECT_THAT(VerifyMethodIR(**ir, &hierarchy), IsEmpty()) << Print(**ir);
    if (m.name != "describe" && m.name != "deconstruct") continue;
    const Instruction* indy = FindOne(
        **ir, [](const Instruction& in) { return in.op == Op::kInvoke && in.invoke == InvokeKind::kDynamic; },
        "typeSwitch");
    ASSERT_NE(indy, nullptr);
    EXPECT_EQ(indy->text, "java/lang/runtime/SwitchBootstraps.typeSwitch");
    // The switch is on typeSwitch's result.
    bool found = false;
    for (const Instruction* sw : FindOp(**ir, Op::kSwitch)) found |= sw->operands[0] == indy->result;
    EXPECT_TRUE(found);
    if (m.name == "deconstruct") {
      // Accessor calls of record patterns are covered by a Throwable handler
      // that wraps what they throw into a MatchException.
      const Instruction* r = FindOne(**ir, [](const Instruction& in) { return in.op == Op::kInvoke && in.name == "r"; }, "r()");
      ASSERT_NE(r, nullptr);
      EXPECT_THAT(Routings(**ir, r->block), ElementsAre("java/lang/NullPointerException -> java/lang/Throwable",
                                                        "java/lang/Throwable -> java/lang/Throwable"));
    }
  }
}

// --- Every fixture method ------------------------------------------------------

// Every instruction's bci is the start of a bytecode instruction and its line
// is the LineNumberTable's line there; ops that come from one bytecode name
// that bytecode.
void CheckPositions(const MethodIR& ir, const classfile::ClassFile& cf, const classfile::MethodInfo& m) {
  auto code = classfile::DecodeCode(cf, m);
  ASSERT_TRUE(code.ok());
  std::map<uint32_t, classfile::Opcode> opcode_at;
  for (const auto& i : code->instructions) opcode_at[i.offset] = i.opcode;
  auto line_at = [&](uint32_t bci) {
    int line = -1;
    uint32_t best = 0;
    for (const auto& e : m.code->line_numbers) {
      if (e.start_pc <= bci && (line < 0 || e.start_pc >= best)) {
        best = e.start_pc;
        line = e.line;
      }
    }
    return line;
  };
  for (const Instruction& in : ir.insns) {
    if (in.op == Op::kParam) continue;
    ASSERT_TRUE(opcode_at.count(in.bci)) << InstructionString(ir, in) << " @" << in.bci;
    EXPECT_EQ(in.line, line_at(in.bci)) << InstructionString(ir, in) << " @" << in.bci;
    std::string_view mnemonic = classfile::OpcodeMnemonic(opcode_at[in.bci]);
    auto expect_prefix = [&](std::initializer_list<std::string_view> prefixes) {
      bool ok = false;
      for (std::string_view p : prefixes) ok |= mnemonic.starts_with(p);
      EXPECT_TRUE(ok) << InstructionString(ir, in) << " @" << in.bci << " is " << mnemonic;
    };
    switch (in.op) {
      case Op::kInvoke: expect_prefix({"invoke"}); break;
      case Op::kGetField: expect_prefix({"getfield"}); break;
      case Op::kPutField: expect_prefix({"putfield"}); break;
      case Op::kGetStatic: expect_prefix({"getstatic"}); break;
      case Op::kPutStatic: expect_prefix({"putstatic"}); break;
      case Op::kNew: expect_prefix({"new"}); break;
      case Op::kArrayLoad: expect_prefix({"iaload", "laload", "faload", "daload", "aaload", "baload", "caload", "saload"}); break;
      case Op::kArrayStore: expect_prefix({"iastore", "lastore", "fastore", "dastore", "aastore", "bastore", "castore", "sastore"}); break;
      case Op::kLambda: case Op::kStringConcat: expect_prefix({"invokedynamic"}); break;
      case Op::kMonitorEnter: expect_prefix({"monitorenter"}); break;
      case Op::kMonitorExit: expect_prefix({"monitorexit"}); break;
      case Op::kSwitch: expect_prefix({"tableswitch", "lookupswitch"}); break;
      case Op::kThrow: expect_prefix({"athrow"}); break;
      case Op::kCheckCast: expect_prefix({"checkcast"}); break;
      case Op::kInstanceOf: expect_prefix({"instanceof"}); break;
      case Op::kIf: expect_prefix({"if"}); break;
      case Op::kReturn: expect_prefix({"ireturn", "lreturn", "freturn", "dreturn", "areturn", "return"}); break;
      case Op::kCatch: EXPECT_TRUE(ir.blocks[in.block].is_handler); break;
      default: break;
    }
  }
}

TEST(IrBuilder, EveryFixtureMethodBuildsVerifiesAndKeepsItsPositions) {
  for (Release r : {Release::k8, Release::k17}) {
    FixtureWorld& world = FixtureWorld::Get(r);
    size_t methods = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(world.dir())) {
      if (entry.path().extension() != ".class") continue;
      std::string rel = std::filesystem::relative(entry.path(), world.dir()).string();
      auto cf = world.class_path().Load(rel.substr(0, rel.size() - 6));
      ASSERT_TRUE(cf.ok()) << cf.status();
      for (const auto& m : (*cf)->methods) {
        if (!m.code) continue;
        SCOPED_TRACE(rel + " " + std::string(m.name) + std::string(m.descriptor));
        auto ir = BuildMethodIR(*cf, m, world.hierarchy());
        ASSERT_TRUE(ir.ok()) << ir.status();
        EXPECT_THAT(VerifyMethodIR(**ir, &world.hierarchy()), IsEmpty()) << Print(**ir);
        CheckPositions(**ir, **cf, m);
        // Deterministic: a second build prints the same (WALA's
        // DeterministicIRTest).
        auto again = BuildMethodIR(*cf, m, world.hierarchy());
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(Print(**ir), Print(**again));
        ++methods;
      }
    }
    EXPECT_GT(methods, 200u);
  }
}

}  // namespace
}  // namespace jwp::ir::testing
