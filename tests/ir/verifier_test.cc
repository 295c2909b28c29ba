// Negative tests of the IR verifier: each takes a valid IR the builder made of
// a fixture (a copy: MethodIR's fields are public), breaks one invariant of
// ir/verifier.h and expects that check's message. The numbers in the test
// names follow the invariant list at the top of verifier.h.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/ir/ir_test_support.h"

namespace jwp::ir::testing {
namespace {

using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// A modifiable copy of a fixture method's IR. The original stays alive: the
// copy's string_views point into its ClassFile and interned strings.
struct Subject {
  std::shared_ptr<const MethodIR> original;
  MethodIR ir;
  Release release;
};

Subject Take(Release r, std::string_view cls, std::string_view method) {
  auto ir = BuildFixture(r, cls, method);
  if (ir == nullptr) return {nullptr, MethodIR(), r};
  return {ir, *ir, r};
}

std::vector<std::string> Verify(const Subject& s) {
  return VerifyMethodIR(s.ir, &FixtureWorld::Get(s.release).hierarchy());
}

#define EXPECT_VIOLATION(subject, message) \
  EXPECT_THAT(Verify(subject), Contains(HasSubstr(message)))

// --- Finding and editing ----------------------------------------------------

InsnId FindInsn(const MethodIR& ir, const std::function<bool(const Instruction&)>& pred) {
  for (const Block& b : ir.blocks) {
    for (const auto* list : {&b.phis, &b.insns}) {
      for (InsnId id : *list) {
        if (pred(ir.insns[id])) return id;
      }
    }
  }
  ADD_FAILURE() << "no such instruction in " << ir.QualifiedName();
  return 0;
}

InsnId FindFirst(const MethodIR& ir, Op op) {
  return FindInsn(ir, [op](const Instruction& in) { return in.op == op; });
}

EdgeId NormalEdge(const MethodIR& ir, BlockId b) {
  for (EdgeId e : ir.blocks[b].succs) {
    if (ir.edges[e].kind != EdgeKind::kException) return e;
  }
  ADD_FAILURE() << "B" << b << " has no normal edge";
  return 0;
}

void Erase(std::vector<EdgeId>& list, EdgeId e) { list.erase(std::find(list.begin(), list.end(), e)); }

// Removes edge `e` consistently: from both lists, the target's phi operands
// for it, and the edge table (later edges are renumbered).
void EraseEdge(MethodIR& ir, EdgeId e) {
  Block& to = ir.blocks[ir.edges[e].to];
  size_t pos = std::find(to.preds.begin(), to.preds.end(), e) - to.preds.begin();
  for (InsnId phi : to.phis) ir.insns[phi].operands.erase(ir.insns[phi].operands.begin() + pos);
  Erase(ir.blocks[ir.edges[e].from].succs, e);
  Erase(to.preds, e);
  ir.edges.erase(ir.edges.begin() + e);
  for (Block& b : ir.blocks) {
    for (auto* list : {&b.succs, &b.preds}) {
      for (EdgeId& x : *list) {
        if (x > e) --x;
      }
    }
  }
}

// Adds an edge, listed last among the source's successors (first if
// `front`) and last among the target's predecessors.
EdgeId AddEdge(MethodIR& ir, BlockId from, BlockId to, EdgeKind kind, bool front = false) {
  EdgeId id = static_cast<EdgeId>(ir.edges.size());
  Edge e;
  e.from = from;
  e.to = to;
  e.kind = kind;
  ir.edges.push_back(e);
  auto& succs = ir.blocks[from].succs;
  succs.insert(front ? succs.begin() : succs.end(), id);
  ir.blocks[to].preds.push_back(id);
  return id;
}

// Moves the target of edge `e` (the old target's phis lose their operand;
// the new target must have no phis).
void Retarget(MethodIR& ir, EdgeId e, BlockId to) {
  Block& old = ir.blocks[ir.edges[e].to];
  size_t pos = std::find(old.preds.begin(), old.preds.end(), e) - old.preds.begin();
  for (InsnId phi : old.phis) ir.insns[phi].operands.erase(ir.insns[phi].operands.begin() + pos);
  Erase(old.preds, e);
  ir.edges[e].to = to;
  ir.blocks[to].preds.push_back(e);
}

// --- The valid IRs ------------------------------------------------------------

TEST(IrVerifier, AcceptsTheBuildersIrAndNamesTheMethodInEachMessage) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  ASSERT_NE(s.original, nullptr);
  EXPECT_THAT(Verify(s), IsEmpty());
  s.ir.exit = kNone;
  EXPECT_THAT(Verify(s), ::testing::ElementsAre("fixtures/irshapes/Exceptions.tryCatch(I)I: missing entry or exit"));
}

// --- 1. Entry and exits ---------------------------------------------------------

TEST(IrVerifier, Check1MissingExit) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  s.ir.exceptional_exit = kNone;
  EXPECT_VIOLATION(s, "missing entry or exit");
  Subject t = Take(Release::k8, kExceptions, "tryCatch");
  t.ir.exit = static_cast<BlockId>(t.ir.blocks.size());  // out of range
  EXPECT_VIOLATION(t, "missing entry or exit");
}

TEST(IrVerifier, Check1EntryWithPredecessors) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  BlockId last_plain = kNone;
  for (const Block& b : s.ir.blocks) {
    if (b.id != s.ir.entry && b.id != s.ir.exit && b.id != s.ir.exceptional_exit) last_plain = b.id;
  }
  AddEdge(s.ir, last_plain, s.ir.entry, EdgeKind::kNormal);
  EXPECT_VIOLATION(s, "the entry has predecessors");
}

TEST(IrVerifier, Check1ExitWithSuccessors) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  AddEdge(s.ir, s.ir.exit, s.ir.exceptional_exit, EdgeKind::kNormal);
  EXPECT_VIOLATION(s, absl::StrFormat("exit B%d has successors", s.ir.exit));
}

TEST(IrVerifier, Check1ExitWithInstructions) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId ret = FindFirst(s.ir, Op::kReturn);
  s.ir.blocks[s.ir.exceptional_exit].insns.push_back(ret);
  EXPECT_VIOLATION(s, absl::StrFormat("exit B%d has instructions", s.ir.exceptional_exit));
}

TEST(IrVerifier, Check1BlockIdDoesNotMatchItsIndex) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  s.ir.blocks[2].id = 3;
  EXPECT_VIOLATION(s, "block B2 has id 3");
}

TEST(IrVerifier, Check1UnreachableBlock) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  Block orphan;
  orphan.id = static_cast<BlockId>(s.ir.blocks.size());
  s.ir.blocks.push_back(orphan);
  AddEdge(s.ir, orphan.id, s.ir.exceptional_exit, EdgeKind::kNormal);
  EXPECT_VIOLATION(s, absl::StrFormat("B%d is unreachable from the entry", orphan.id));
}

// --- 2. Edges in both lists -------------------------------------------------

TEST(IrVerifier, Check2SuccessorEdgeThatStartsElsewhere) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  EdgeId foreign = NormalEdge(s.ir, s.ir.entry);
  s.ir.blocks[2].succs.push_back(foreign);
  EXPECT_VIOLATION(s, absl::StrFormat("B2 lists successor edge %d that does not start there", foreign));
  // An edge id out of range, too (the verifier must not follow it).
  Subject t = Take(Release::k8, kExceptions, "tryCatch");
  t.ir.blocks[2].succs.push_back(999);
  EXPECT_VIOLATION(t, "B2 lists successor edge 999 that does not start there");
}

TEST(IrVerifier, Check2PredecessorEdgeThatEndsElsewhere) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  EdgeId foreign = NormalEdge(s.ir, s.ir.entry);
  s.ir.blocks[2].preds.push_back(foreign);
  EXPECT_VIOLATION(s, absl::StrFormat("B2 lists predecessor edge %d that does not end there", foreign));
}

TEST(IrVerifier, Check2EdgeDroppedFromItsSourcesSuccessors) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  BlockId b = s.ir.insns[call].block;
  EdgeId e = NormalEdge(s.ir, b);
  Erase(s.ir.blocks[b].succs, e);
  EXPECT_VIOLATION(s, absl::StrFormat("edge %d (B%d->B%d) is not once in its source's successors", e, b,
                                      s.ir.edges[e].to));
}

TEST(IrVerifier, Check2EdgeDroppedFromItsTargetsPredecessors) {
  Subject s = Take(Release::k8, kLoops, "sum");
  InsnId phi = FindFirst(s.ir, Op::kPhi);
  Block& header = s.ir.blocks[s.ir.insns[phi].block];
  EdgeId back = header.preds[1];
  header.preds.pop_back();
  EXPECT_VIOLATION(s, absl::StrFormat("edge %d (B%d->B%d) is not once in its target's predecessors", back,
                                      s.ir.edges[back].from, header.id));
}

// --- 3. Phis --------------------------------------------------------------------

TEST(IrVerifier, Check3PhiWithAnExtraOperand) {
  Subject s = Take(Release::k8, kLoops, "sum");
  InsnId phi = FindFirst(s.ir, Op::kPhi);
  s.ir.insns[phi].operands.push_back(s.ir.insns[phi].operands[0]);
  EXPECT_VIOLATION(s, "phi with 3 operands in a block with 2 predecessors: ");
}

TEST(IrVerifier, Check3NonPhiInThePhiList) {
  Subject s = Take(Release::k8, kLoops, "sum");
  InsnId phi = FindFirst(s.ir, Op::kPhi);
  Block& header = s.ir.blocks[s.ir.insns[phi].block];
  InsnId length = header.insns.front();  // arraylength
  header.insns.erase(header.insns.begin());
  header.phis.push_back(length);
  EXPECT_VIOLATION(s, "non-phi in the phi list: ");
}

TEST(IrVerifier, Check3PhiAmongTheInstructions) {
  Subject s = Take(Release::k8, kLoops, "sum");
  InsnId phi = FindFirst(s.ir, Op::kPhi);
  Block& header = s.ir.blocks[s.ir.insns[phi].block];
  header.phis.erase(header.phis.begin());
  header.insns.insert(header.insns.begin(), phi);
  EXPECT_VIOLATION(s, "phi among the instructions: ");
}

TEST(IrVerifier, Check3ParamOutsideTheEntry) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  Block& entry = s.ir.blocks[s.ir.entry];
  InsnId param = entry.insns.front();
  entry.insns.erase(entry.insns.begin());
  BlockId next = s.ir.edges[entry.succs[0]].to;
  s.ir.blocks[next].insns.insert(s.ir.blocks[next].insns.begin(), param);
  s.ir.insns[param].block = next;
  EXPECT_VIOLATION(s, "param outside the entry: ");
}

TEST(IrVerifier, Check3CatchOutsideAHandlerBlock) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId c = FindFirst(s.ir, Op::kCatch);
  s.ir.blocks[s.ir.insns[c].block].is_handler = false;
  EXPECT_VIOLATION(s, "catch not at the start of a handler block: ");
}

TEST(IrVerifier, Check3InstructionThatClaimsAnotherBlock) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId ret = FindFirst(s.ir, Op::kReturn);
  s.ir.insns[ret].block = s.ir.entry;
  EXPECT_VIOLATION(s, "instruction claims another block: ");
}

// --- 4. Definitions ------------------------------------------------------------

TEST(IrVerifier, Check4ValueWhoseDefDoesNotPointBack) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId c = FindFirst(s.ir, Op::kCatch);
  s.ir.values[s.ir.insns[c].result].def = FindFirst(s.ir, Op::kParam);
  EXPECT_VIOLATION(s, "value's def does not point back: ");
}

TEST(IrVerifier, Check4ValueWithTwoDefinitions) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  // Two constants: the second now defines the first's value too.
  std::vector<InsnId> consts;
  for (size_t i = 0; i < s.ir.insns.size(); ++i) {
    if (s.ir.insns[i].op == Op::kConst) consts.push_back(static_cast<InsnId>(i));
  }
  ASSERT_GE(consts.size(), 2u);
  ValueId v = s.ir.insns[consts[0]].result;
  ValueId orphan = s.ir.insns[consts[1]].result;
  s.ir.insns[consts[1]].result = v;
  auto failures = Verify(s);
  EXPECT_THAT(failures, Contains(HasSubstr(absl::StrFormat("v%d has 2 definitions", v))));
  EXPECT_THAT(failures, Contains(HasSubstr(absl::StrFormat("v%d has 0 definitions", orphan))));
}

TEST(IrVerifier, Check4VoidAndReturnAddressValues) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  s.ir.values[0].type = {TypeKind::kVoid, {}};
  s.ir.values[1].type = {TypeKind::kReturnAddress, {}};
  auto failures = Verify(s);
  EXPECT_THAT(failures, Contains(HasSubstr("v0 has type void")));
  EXPECT_THAT(failures, Contains(HasSubstr("v1 has type returnAddress")));
}

// --- 5. Dominance ---------------------------------------------------------------

TEST(IrVerifier, Check5UseBeforeDefinitionInTheSameBlock) {
  Subject s = Take(Release::k8, kLoops, "sum");
  // s + a[i] ; const 1 ; i + 1: move `i + 1` first.
  InsnId inc = FindInsn(s.ir, [&](const Instruction& in) {
    return in.op == Op::kBinary && s.ir.def(in.operands[1]).op == Op::kConst;
  });
  auto& insns = s.ir.blocks[s.ir.insns[inc].block].insns;
  insns.erase(std::find(insns.begin(), insns.end(), inc));
  insns.insert(insns.begin(), inc);
  ValueId one = s.ir.insns[inc].operands[1];
  EXPECT_VIOLATION(s, absl::StrFormat("use of v%d not dominated by its definition (B%d): ", one,
                                      s.ir.insns[inc].block));
}

TEST(IrVerifier, Check5UseNotDominatedAcrossBlocks) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  // f(1, phi) -> f(1, the constant of one arm only).
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  const Instruction& phi = s.ir.def(s.ir.insns[call].operands[1]);
  ValueId arm = phi.operands[0];
  s.ir.insns[call].operands[1] = arm;
  EXPECT_VIOLATION(s, absl::StrFormat("use of v%d not dominated by its definition (B%d): ", arm,
                                      s.ir.insns[s.ir.values[arm].def].block));
}

TEST(IrVerifier, Check5PhiOperandThatDoesNotDominateItsPredecessor) {
  Subject s = Take(Release::k8, kLoops, "sum");
  // The entry operand of the header's phi replaced by the loop's own add.
  InsnId phi = FindFirst(s.ir, Op::kPhi);
  Instruction& p = s.ir.insns[phi];
  ValueId back = p.operands[1];
  p.operands[0] = back;
  BlockId pred = s.ir.edges[s.ir.blocks[p.block].preds[0]].from;
  EXPECT_VIOLATION(s, absl::StrFormat("phi operand v%d (defined in B%d) does not dominate predecessor B%d: ", back,
                                      s.ir.insns[s.ir.values[back].def].block, pred));
}

TEST(IrVerifier, Check5OperandsOutOfRange) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  // The verifier reports them and does not read through them (a return is
  // type-checked, which would).
  InsnId ret = FindInsn(s.ir, [](const Instruction& in) { return in.op == Op::kReturn; });
  s.ir.insns[ret].operands[0] = 999;
  EXPECT_VIOLATION(s, "operand out of range: ");
  Subject t = Take(Release::k8, kLoops, "sum");
  InsnId phi = FindFirst(t.ir, Op::kPhi);
  t.ir.insns[phi].operands[0] = kNone;
  EXPECT_VIOLATION(t, "phi operand out of range: ");
  // A value whose def is not an instruction is out of range as an operand.
  Subject u = Take(Release::k8, kExceptions, "tryCatch");
  u.ir.values[0].def = 999;
  EXPECT_VIOLATION(u, "operand out of range: ");
}

// --- 6. One PEI per block, last ---------------------------------------------------

TEST(IrVerifier, Check6PeiThatIsNotLast) {
  Subject s = Take(Release::k8, kStack, "storeObject");
  // const 0 ; astore  ->  astore ; const 0
  InsnId st = FindFirst(s.ir, Op::kArrayStore);
  auto& insns = s.ir.blocks[s.ir.insns[st].block].insns;
  std::swap(insns[0], insns[1]);
  EXPECT_VIOLATION(s, "potentially-excepting instruction is not last in its block: ");
}

TEST(IrVerifier, Check6ExceptionalSuccessorsWithoutAPei) {
  Subject s = Take(Release::k8, kExceptions, "divisions");
  // a / c made -a: nothing in its block throws any more, yet the
  // ArithmeticException edge is still there.
  InsnId div = FindInsn(s.ir, [&s](const Instruction& in) {
    return in.op == Op::kBinary && in.binary == BinaryOp::kDiv && MayDivideByZero(s.ir, in);
  });
  Instruction& in = s.ir.insns[div];
  const BlockId from = in.block;
  in.op = Op::kNeg;
  in.operands.resize(1);
  EXPECT_VIOLATION(s, absl::StrFormat("B%d has exceptional successors but no instruction that throws", from));
}

// --- 7. Exceptional edges of each PEI and their routing ----------------------------

struct MissingEdgeCase {
  Release release;
  std::string_view cls;
  std::string_view method;
  Op op;
  std::string_view thrown;
};

TEST(IrVerifier, Check7EveryRequiredExceptionEdge) {
  const MissingEdgeCase cases[] = {
      {Release::k8, kExceptions, "nested", Op::kGetField, "java/lang/NullPointerException"},
      {Release::k8, kExceptions, "nested", Op::kBinary, "java/lang/ArithmeticException"},
      {Release::k8, kStack, "ternaryArg", Op::kInvoke, "java/lang/Throwable"},
      {Release::k8, kExceptions, "rethrow", Op::kThrow, "java/lang/NullPointerException"},
      {Release::k8, kExceptions, "syncBlock", Op::kMonitorEnter, "java/lang/NullPointerException"},
      {Release::k8, kExceptions, "syncBlock", Op::kMonitorExit, "java/lang/IllegalMonitorStateException"},
      {Release::k8, kLoops, "sum", Op::kArrayLength, "java/lang/NullPointerException"},
      {Release::k8, kLoops, "sum", Op::kArrayLoad, "java/lang/ArrayIndexOutOfBoundsException"},
      {Release::k8, kStack, "storeObject", Op::kArrayStore, "java/lang/ArrayStoreException"},
      {Release::k8, kStack, "storeObject", Op::kArrayStore, "java/lang/NullPointerException"},
      {Release::k8, kStack, "newArray", Op::kNewArray, "java/lang/NegativeArraySizeException"},
      {Release::k17, "fixtures/irshapes17/Records", "patterns", Op::kCheckCast, "java/lang/ClassCastException"},
      {Release::k17, "fixtures/irshapes17/Records", "patterns", Op::kInvoke, "java/lang/NullPointerException"},
      {Release::k17, "fixtures/irshapes/Concat", "concat", Op::kStringConcat, "java/lang/Throwable"},
  };
  for (const MissingEdgeCase& c : cases) {
    SCOPED_TRACE(std::string(c.method) + " " + OpName(c.op) + " " + std::string(c.thrown));
    Subject s = Take(c.release, c.cls, c.method);
    ASSERT_NE(s.original, nullptr);
    InsnId pei = FindInsn(s.ir, [&](const Instruction& in) {
      if (in.op != c.op) return false;
      for (EdgeId e : s.ir.blocks[in.block].succs) {
        if (s.ir.edges[e].thrown == c.thrown && s.ir.blocks[in.block].insns.back() == &in - s.ir.insns.data()) {
          return true;
        }
      }
      return false;
    });
    BlockId b = s.ir.insns[pei].block;
    // Drop every edge for that type (an invoke inside a try has several).
    while (true) {
      auto it = std::find_if(s.ir.blocks[b].succs.begin(), s.ir.blocks[b].succs.end(),
                             [&](EdgeId e) { return s.ir.edges[e].thrown == c.thrown; });
      if (it == s.ir.blocks[b].succs.end()) break;
      EraseEdge(s.ir, *it);
    }
    EXPECT_VIOLATION(s, absl::StrFormat("missing %s edge: B%d @%d", std::string(c.thrown), b, s.ir.insns[pei].bci));
  }
}

TEST(IrVerifier, Check7ExceptionEdgeIntoANonHandlerBlock) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  BlockId b = s.ir.insns[call].block;
  // A second Throwable edge "caught as IOException", into the normal
  // successor (which has one predecessor, so no phis to extend).
  BlockId normal = s.ir.edges[NormalEdge(s.ir, b)].to;
  EdgeId e = AddEdge(s.ir, b, normal, EdgeKind::kException);
  s.ir.edges[e].thrown = "java/lang/Throwable";
  s.ir.edges[e].caught_as = "java/io/IOException";
  EXPECT_VIOLATION(s, absl::StrFormat("exception edge B%d->B%d does not enter a handler", b, normal));
}

TEST(IrVerifier, Check7ExceptionNeitherSurelyCaughtNorRoutedOut) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  BlockId b = s.ir.insns[call].block;
  // Throwable may be an IOException, but need not: without its edge to the
  // exceptional exit the rest is lost.
  EdgeId out = s.ir.blocks[b].succs.back();
  ASSERT_EQ(s.ir.edges[out].to, s.ir.exceptional_exit);
  EraseEdge(s.ir, out);
  EXPECT_VIOLATION(s, "java/lang/Throwable is neither surely caught nor routed to the exceptional exit: ");
}

// --- 8. Terminators and successors ---------------------------------------------------

TEST(IrVerifier, Check8NormalSuccessorAfterAnExceptionalOne) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  auto& succs = s.ir.blocks[s.ir.insns[call].block].succs;
  std::rotate(succs.begin(), succs.begin() + 1, succs.end());  // normal edge last
  EXPECT_VIOLATION(s, absl::StrFormat("B%d: a normal successor after an exceptional one", s.ir.insns[call].block));
}

TEST(IrVerifier, Check8TerminatorInTheMiddleOfABlock) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  // const -1 ; return  ->  return ; const -1
  InsnId ret = FindInsn(s.ir, [&](const Instruction& in) {
    return in.op == Op::kReturn && s.ir.blocks[in.block].insns.size() == 2;
  });
  auto& insns = s.ir.blocks[s.ir.insns[ret].block].insns;
  std::swap(insns[0], insns[1]);
  EXPECT_VIOLATION(s, "terminator in the middle of a block: ");
}

TEST(IrVerifier, Check8IfWithSwappedSuccessors) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  InsnId branch = FindFirst(s.ir, Op::kIf);
  auto& succs = s.ir.blocks[s.ir.insns[branch].block].succs;
  std::swap(succs[0], succs[1]);
  EXPECT_VIOLATION(s, "if without true and false successors: ");
}

TEST(IrVerifier, Check8SwitchSuccessorsThatDoNotMatchItsCases) {
  Subject s = Take(Release::k8, kSwitches, "table");
  InsnId sw = FindFirst(s.ir, Op::kSwitch);
  s.ir.edges[s.ir.blocks[s.ir.insns[sw].block].succs[2]].case_value = 42;
  EXPECT_VIOLATION(s, "switch successors do not match its cases: ");
  Subject t = Take(Release::k8, kSwitches, "table");
  t.ir.insns[FindFirst(t.ir, Op::kSwitch)].index = 7;  // no such case table
  EXPECT_VIOLATION(t, "switch successors do not match its cases: ");
}

TEST(IrVerifier, Check8ReturnThatDoesNotGoToTheExit) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId ret = FindFirst(s.ir, Op::kReturn);
  Retarget(s.ir, NormalEdge(s.ir, s.ir.insns[ret].block), s.ir.exceptional_exit);
  auto failures = Verify(s);
  EXPECT_THAT(failures, Contains(HasSubstr("return does not go to the exit: ")));
  EXPECT_THAT(failures, Contains(HasSubstr(absl::StrFormat("B%d: normal edge into the exceptional exit",
                                                           s.ir.insns[ret].block))));
}

TEST(IrVerifier, Check8ThrowWithANormalSuccessor) {
  Subject s = Take(Release::k8, kExceptions, "throwNew");
  InsnId thr = FindFirst(s.ir, Op::kThrow);
  AddEdge(s.ir, s.ir.insns[thr].block, s.ir.exit, EdgeKind::kNormal, /*front=*/true);
  EXPECT_VIOLATION(s, "throw with a normal successor: ");
}

TEST(IrVerifier, Check8ThrowWithoutExceptionalSuccessors) {
  Subject s = Take(Release::k8, kExceptions, "throwNew");
  InsnId thr = FindFirst(s.ir, Op::kThrow);
  BlockId b = s.ir.insns[thr].block;
  while (!s.ir.blocks[b].succs.empty()) EraseEdge(s.ir, s.ir.blocks[b].succs.back());
  EXPECT_VIOLATION(s, "throw without exceptional successors: ");
}

TEST(IrVerifier, Check8PlainBlockWithTwoNormalSuccessors) {
  Subject s = Take(Release::k8, kLoops, "sum");
  // The block after the array load: s + a[i]; i + 1; -> header.
  InsnId load = FindFirst(s.ir, Op::kArrayLoad);
  BlockId after = s.ir.edges[NormalEdge(s.ir, s.ir.insns[load].block)].to;
  AddEdge(s.ir, after, s.ir.exceptional_exit, EdgeKind::kNormal, /*front=*/true);
  EXPECT_VIOLATION(s, absl::StrFormat("B%d: 2 normal successors, expected one", after));
}

TEST(IrVerifier, Check8BlockThatReachesTheExitWithoutReturn) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  InsnId ret = FindInsn(s.ir, [&](const Instruction& in) {
    return in.op == Op::kReturn && s.ir.blocks[in.block].insns.size() == 2;
  });
  BlockId b = s.ir.insns[ret].block;
  s.ir.blocks[b].insns.pop_back();
  EXPECT_VIOLATION(s, absl::StrFormat("B%d reaches the exit without return", b));
}

TEST(IrVerifier, Check8NormalEdgeIntoTheExceptionalExit) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  // One arm of c ? 2 : 3 leaves for the exceptional exit instead.
  InsnId branch = FindFirst(s.ir, Op::kIf);
  BlockId arm = s.ir.edges[s.ir.blocks[s.ir.insns[branch].block].succs[0]].to;
  Retarget(s.ir, NormalEdge(s.ir, arm), s.ir.exceptional_exit);
  EXPECT_VIOLATION(s, absl::StrFormat("B%d: normal edge into the exceptional exit", arm));
}

// --- 9. Operand types -------------------------------------------------------------

TEST(IrVerifier, Check9BinaryOperandTypes) {
  Subject s = Take(Release::k8, kLoops, "doWhile");
  // x / 3L with the constant retyped int.
  InsnId div = FindInsn(s.ir, [](const Instruction& in) { return in.op == Op::kBinary && in.binary == BinaryOp::kDiv; });
  s.ir.values[s.ir.insns[div].operands[1]].type = {TypeKind::kInt, {}};
  EXPECT_VIOLATION(s, "operand types do not fit: ");
}

TEST(IrVerifier, Check9NegOperandType) {
  Subject s = Take(Release::k8, kStack, "negate");
  InsnId neg = FindFirst(s.ir, Op::kNeg);
  s.ir.values[s.ir.insns[neg].result].type = {TypeKind::kDouble, {}};
  EXPECT_VIOLATION(s, "operand type does not fit: ");
}

TEST(IrVerifier, Check9IfOnDifferentKinds) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  InsnId branch = FindFirst(s.ir, Op::kIf);
  s.ir.values[s.ir.insns[branch].operands[1]].type = {TypeKind::kLong, {}};
  EXPECT_VIOLATION(s, "if compares values of different kinds: ");
}

TEST(IrVerifier, Check9DereferenceOfANonReference) {
  Subject s = Take(Release::k8, kExceptions, "nested");
  InsnId get = FindFirst(s.ir, Op::kGetField);
  s.ir.insns[get].operands[0] = s.ir.params[1];  // the int parameter
  EXPECT_VIOLATION(s, "operand is not a reference: ");
}

TEST(IrVerifier, Check9PutFieldOnANonReference) {
  Subject s = Take(Release::k8, kExceptions, "syncBlock");
  InsnId put = FindFirst(s.ir, Op::kPutField);
  s.ir.insns[put].operands[0] = s.ir.insns[put].operands[1];  // the int stored
  EXPECT_VIOLATION(s, "receiver is not a reference: ");
}

TEST(IrVerifier, Check9ArrayAccessWithoutAnIntIndex) {
  Subject s = Take(Release::k8, kLoops, "sum");
  InsnId load = FindFirst(s.ir, Op::kArrayLoad);
  s.ir.insns[load].operands[1] = s.ir.insns[load].operands[0];  // a[a]
  EXPECT_VIOLATION(s, "array access needs a reference and an int: ");
}

TEST(IrVerifier, Check9ArraySizeThatIsNotAnInt) {
  Subject s = Take(Release::k8, kStack, "newArray");
  InsnId n = FindFirst(s.ir, Op::kNewArray);
  s.ir.values[s.ir.insns[n].operands[0]].type = {TypeKind::kLong, {}};
  EXPECT_VIOLATION(s, "array size is not an int: ");
}

TEST(IrVerifier, Check9SwitchOnANonInt) {
  Subject s = Take(Release::k8, kSwitches, "table");
  InsnId sw = FindFirst(s.ir, Op::kSwitch);
  s.ir.values[s.ir.insns[sw].operands[0]].type = {TypeKind::kFloat, {}};
  EXPECT_VIOLATION(s, "switch on a non-int: ");
}

TEST(IrVerifier, Check9ValueReturnedFromAVoidMethod) {
  Subject s = Take(Release::k8, kExceptions, "syncBlock");
  InsnId ret = FindFirst(s.ir, Op::kReturn);
  s.ir.insns[ret].operands.push_back(s.ir.params[0]);
  EXPECT_VIOLATION(s, "value returned from a void method: ");
}

TEST(IrVerifier, Check9ReturnedValueOfTheWrongType) {
  Subject s = Take(Release::k8, kExceptions, "tryCatch");
  s.ir.method_descriptor = "(I)J";
  EXPECT_VIOLATION(s, "returned value does not fit the method's return type: ");
  Subject t = Take(Release::k8, kExceptions, "syncBlock");  // a reference where void... and vice versa
  t.ir.method_descriptor = "(Ljava/lang/Object;)Ljava/lang/Object;";
  EXPECT_VIOLATION(t, "returned value does not fit the method's return type: ");
}

// Every failure is collected: two broken invariants give (at least) both
// messages, and the check goes on after the first.
TEST(IrVerifier, CollectsEveryFailure) {
  Subject s = Take(Release::k8, kStack, "ternaryArg");
  InsnId branch = FindFirst(s.ir, Op::kIf);
  s.ir.values[s.ir.insns[branch].operands[1]].type = {TypeKind::kLong, {}};
  InsnId call = FindFirst(s.ir, Op::kInvoke);
  auto& succs = s.ir.blocks[s.ir.insns[call].block].succs;
  std::rotate(succs.begin(), succs.begin() + 1, succs.end());
  auto failures = Verify(s);
  EXPECT_THAT(failures, Contains(HasSubstr("if compares values of different kinds")));
  EXPECT_THAT(failures, Contains(HasSubstr("a normal successor after an exceptional one")));
}

}  // namespace
}  // namespace jwp::ir::testing
