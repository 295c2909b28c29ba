// The IR of hand-assembled bytecode that javac no longer emits: jsr/ret
// subroutines in a version-49 class (try/finally, nested subroutines, a
// subroutine called from two sites and from a loop), the subroutine shapes
// the builder rejects (always as Unimplemented, naming method and bci), and
// the dup/dup2/swap/pop2 forms javac never emits. The valid classes are also
// run on the JDK's JVM: its verifier accepts them and their results match an
// evaluation of the IR (a differential check, after STYLE.md's "IR
// interpreter vs JVM").
#include <stdlib.h>

#include <filesystem>
#include <map>
#include <sstream>

#include "absl/status/status.h"
#include "classfile/class_reader.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/ir/class_assembler.h"
#include "tests/ir/ir_test_support.h"

namespace jwp::ir::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
namespace opc = ::jwp::ir::testing::op;

constexpr uint16_t kPublicStatic = 0x0009;

// Parses `bytes` and builds the IR of `name` (the only method of that name).
absl::StatusOr<std::shared_ptr<const MethodIR>> BuildAssembled(const std::vector<uint8_t>& bytes,
                                                               std::string_view class_name,
                                                               std::string_view name) {
  auto cf = classfile::ParseClassFile(bytes, std::string(class_name) + ".class");
  if (!cf.ok()) return cf.status();
  for (const auto& m : (*cf)->methods) {
    if (m.name == name) return BuildMethodIR(*cf, m, FixtureWorld::Get(Release::k8).hierarchy());
  }
  return absl::NotFoundError(std::string(name));
}

std::shared_ptr<const MethodIR> BuildAndVerify(const std::vector<uint8_t>& bytes, std::string_view class_name,
                                               std::string_view name) {
  auto ir = BuildAssembled(bytes, class_name, name);
  if (!ir.ok()) {
    ADD_FAILURE() << ir.status();
    return nullptr;
  }
  auto failures = VerifyMethodIR(**ir, &FixtureWorld::Get(Release::k8).hierarchy());
  EXPECT_TRUE(failures.empty()) << ::testing::PrintToString(failures) << "\n" << Print(**ir);
  return *ir;
}

// Writes the class into a fresh directory and runs `java -cp DIR NAME`;
// returns its standard output.
std::string RunOnJvm(const ClassAssembler& cls, int* status) {
  std::string dir = ::testing::TempDir() + "jwp_assembled_XXXXXX";
  if (mkdtemp(dir.data()) == nullptr) {
    ADD_FAILURE() << "mkdtemp " << dir;
    return "";
  }
  jwp::testing::WriteFileBytes(dir + "/" + cls.name() + ".class", cls.Build());
  std::string out = jwp::testing::RunCommand(
      jwp::testing::JavaHome() + "/bin/java -Xshare:off -cp " + dir + " " + cls.name() + " 2>&1", status);
  std::filesystem::remove_all(dir);
  return out;
}

// The names of the methods called along the path from `from` that follows
// the single normal successor of each block, up to a return or throw.
std::vector<std::string> CallsAlongNormalPath(const MethodIR& ir, BlockId from, Op* last_op = nullptr) {
  std::vector<std::string> calls;
  BlockId b = from;
  for (int steps = 0; steps < 100; ++steps) {
    const Block& block = ir.blocks[b];
    for (InsnId id : block.insns) {
      const Instruction& in = ir.insns[id];
      if (in.op == Op::kInvoke) calls.emplace_back(in.name);
      if (last_op) *last_op = in.op;
    }
    auto normal = NormalEdges(ir, b);
    if (normal.size() != 1 || normal[0]->to == ir.exit) break;
    b = normal[0]->to;
  }
  return calls;
}

// --- jsr/ret ---------------------------------------------------------------

// JsrShapes (version 49):
//   static int counter;
//   a()/b()/c(): counter = counter * 10 + 1/2/3;  helper(), cleanup(): nothing
//   tryFinally(I)I: try { helper(); } finally { a += 10; cleanup(); } return a;
//   nested()V:      jsr sub1; return;
//                   sub1: a(); jsr sub2; b(); jsr sub2; ret     sub2: c(); ret
//                   (HotSpot's old verifier rejects a subroutine called both
//                   from inside another and from outside it: "Illegal return
//                   from subroutine". Two calls from the same level are fine.)
//   loop(I)I:       sum = 0; while (n != 0) { jsr body; n--; } return sum;
//                   body: sum += 3; ret
//   main: prints tryFinally(5), loop(4), then counter after nested().
struct JsrShapes {
  ClassAssembler cls{"JsrShapes"};
  uint16_t jsr_normal = 0, jsr_handler = 0;      // tryFinally's two call sites
  uint16_t nested_jsr = 0, sub1_jsr1 = 0, sub1_jsr2 = 0;

  JsrShapes() {
    cls.AddField(0x0008, "counter", "I");
    uint16_t counter = cls.Fieldref("JsrShapes", "counter", "I");
    for (auto [name, digit] : {std::pair{"a", 1}, {"b", 2}, {"c", 3}}) {
      CodeAssembler c;
      c.Op2(opc::kGetstatic, counter).Op(opc::kBipush, 10).Op(opc::kImul).Op(opc::kBipush, digit);
      c.Op(opc::kIadd).Op2(opc::kPutstatic, counter).Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, name, "()V", 2, 0, c);
    }
    for (const char* name : {"helper", "cleanup"}) {
      CodeAssembler c;
      c.Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, name, "()V", 0, 0, c);
    }
    auto call = [&](CodeAssembler& c, const char* name, const char* desc = "()V") {
      c.Op2(opc::kInvokestatic, cls.Methodref("JsrShapes", name, desc));
    };
    {  // tryFinally
      CodeAssembler c;
      c.Label("try");
      call(c, "helper");
      jsr_normal = c.pc();
      c.Branch(opc::kJsr, "fin").Op(opc::kIload0).Op(opc::kIreturn);
      c.Label("handler").Op(opc::kAstore1);
      jsr_handler = c.pc();
      c.Branch(opc::kJsr, "fin").Op(opc::kAload1).Op(opc::kAthrow);
      c.Label("fin").Op(opc::kAstore2).Iinc(0, 10);
      call(c, "cleanup");
      c.Op(opc::kRet, 2);
      cls.AddMethod(kPublicStatic, "tryFinally", "(I)I", 1, 3, c, {{"try", "handler", "handler", ""}});
    }
    {  // nested
      CodeAssembler c;
      nested_jsr = c.pc();
      c.Branch(opc::kJsr, "sub1").Op(opc::kReturn);
      c.Label("sub1").Op(opc::kAstore0);
      call(c, "a");
      sub1_jsr1 = c.pc();
      c.Branch(opc::kJsr, "sub2");
      call(c, "b");
      sub1_jsr2 = c.pc();
      c.Branch(opc::kJsr, "sub2");
      c.Op(opc::kRet, 0);
      c.Label("sub2").Op(opc::kAstore1);
      call(c, "c");
      c.Op(opc::kRet, 1);
      cls.AddMethod(kPublicStatic, "nested", "()V", 1, 2, c);
    }
    {  // loop
      CodeAssembler c;
      c.Op(opc::kIconst0).Op(opc::kIstore1);
      c.Label("head").Op(opc::kIload0).Branch(opc::kIfeq, "done");
      c.Branch(opc::kJsr, "body").Iinc(0, -1).Branch(opc::kGoto, "head");
      c.Label("done").Op(opc::kIload1).Op(opc::kIreturn);
      c.Label("body").Op(opc::kAstore2).Iinc(1, 3).Op(opc::kRet, 2);
      cls.AddMethod(kPublicStatic, "loop", "(I)I", 1, 3, c);
    }
    {  // main
      uint16_t out = cls.Fieldref("java/lang/System", "out", "Ljava/io/PrintStream;");
      uint16_t println = cls.Methodref("java/io/PrintStream", "println", "(I)V");
      CodeAssembler c;
      c.Op2(opc::kGetstatic, out).Op(opc::kBipush, 5);
      call(c, "tryFinally", "(I)I");
      c.Op2(opc::kInvokevirtual, println);
      c.Op2(opc::kGetstatic, out).Op(opc::kBipush, 4);
      call(c, "loop", "(I)I");
      c.Op2(opc::kInvokevirtual, println);
      call(c, "nested");
      c.Op2(opc::kGetstatic, out).Op2(opc::kGetstatic, counter).Op2(opc::kInvokevirtual, println);
      c.Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "main", "([Ljava/lang/String;)V", 2, 1, c);
    }
  }
};

TEST(IrJsr, AssembledClassRunsOnTheJvm) {
  JsrShapes shapes;
  int status = -1;
  std::string out = RunOnJvm(shapes.cls, &status);
  EXPECT_EQ(status, 0) << out;
  EXPECT_EQ(out, "15\n12\n1323\n");
}

TEST(IrJsr, FinallySubroutineIsDuplicatedPerCallSite) {
  JsrShapes shapes;
  auto ir = BuildAndVerify(shapes.cls.Build(), "JsrShapes", "tryFinally");
  ASSERT_NE(ir, nullptr);
  // One copy of the subroutine per jsr: two calls of cleanup at the same bci,
  // in different blocks.
  auto cleanups = FindInvokes(*ir, "cleanup");
  ASSERT_EQ(cleanups.size(), 2u) << Print(*ir);
  EXPECT_EQ(cleanups[0]->bci, cleanups[1]->bci);
  EXPECT_NE(cleanups[0]->block, cleanups[1]->block);
  // Each copy increments its own SSA value of `a` (iinc 0 10).
  auto adds = Find(*ir, [](const Instruction& in) { return in.op == Op::kBinary && in.binary == BinaryOp::kAdd; });
  ASSERT_EQ(adds.size(), 2u);
  EXPECT_NE(adds[0]->result, adds[1]->result);
  // The normal path: helper, then the subroutine's cleanup, then ret returns
  // after the first jsr, where the incremented value is returned.
  Op last = Op::kConst;
  EXPECT_THAT(CallsAlongNormalPath(*ir, ir->entry, &last), ElementsAre("helper", "cleanup"));
  EXPECT_EQ(last, Op::kReturn);
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ir->blocks[ret->block].start_bci, shapes.jsr_normal + 3u);
  EXPECT_EQ(ir->def(ret->operands[0]).op, Op::kBinary);
  // The catch-all path: catch, cleanup, then ret returns after the second
  // jsr, which rethrows the caught value.
  const Instruction* catch_any = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kCatch; }, "catch");
  ASSERT_NE(catch_any, nullptr);
  EXPECT_EQ(catch_any->type, "");
  EXPECT_THAT(CallsAlongNormalPath(*ir, catch_any->block, &last), ElementsAre("cleanup"));
  EXPECT_EQ(last, Op::kThrow);
  const Instruction* thr = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kThrow; }, "throw");
  ASSERT_NE(thr, nullptr);
  EXPECT_EQ(ir->blocks[thr->block].start_bci, shapes.jsr_handler + 3u);
  EXPECT_EQ(thr->operands[0], catch_any->result);
  // The helper's exceptions reach the catch-all; the subroutine copies are
  // outside the try range, so cleanup's go to the exceptional exit.
  EXPECT_THAT(Routings(*ir, FindInvokes(*ir, "helper")[0]->block), ElementsAre("java/lang/Throwable -> any"));
  for (const Instruction* c : cleanups) {
    EXPECT_THAT(Routings(*ir, c->block), ElementsAre("java/lang/Throwable -> uncaught"));
  }
  // No return address survives as a value.
  for (const Value& v : ir->values) EXPECT_NE(v.type.kind, TypeKind::kReturnAddress);
}

TEST(IrJsr, NestedSubroutinesReturnToTheirCallers) {
  JsrShapes shapes;
  auto ir = BuildAndVerify(shapes.cls.Build(), "JsrShapes", "nested");
  ASSERT_NE(ir, nullptr);
  // sub2 is inlined once per call chain (sub1's two jsrs). The order of
  // calls is what the JVM prints (counter 1323).
  EXPECT_THAT(CallsAlongNormalPath(*ir, ir->entry), ElementsAre("a", "c", "b", "c"));
  auto cs = FindInvokes(*ir, "c");
  ASSERT_EQ(cs.size(), 2u);
  EXPECT_EQ(cs[0]->bci, cs[1]->bci);
  EXPECT_EQ(FindInvokes(*ir, "a").size(), 1u);
  EXPECT_EQ(FindInvokes(*ir, "b").size(), 1u);
  // Each copy's ret returns into sub1, after the jsr that called it.
  auto after_ret = [&](const Instruction* c) -> uint32_t {
    auto n1 = NormalEdges(*ir, c->block);  // c() -> the block holding `ret`
    if (n1.size() != 1) return 0;
    auto n2 = NormalEdges(*ir, n1[0]->to);  // ret -> the return site
    if (n2.size() != 1) return 0;
    return ir->blocks[n2[0]->to].start_bci;
  };
  std::vector<uint32_t> sites = {after_ret(cs[0]), after_ret(cs[1])};
  std::sort(sites.begin(), sites.end());
  EXPECT_THAT(sites, ElementsAre(shapes.sub1_jsr1 + 3u, shapes.sub1_jsr2 + 3u));
  // sub1's ret returns after the method's jsr, to its `return`.
  const Instruction* ret = FindOne(*ir, [](const Instruction& in) { return in.op == Op::kReturn; }, "return");
  ASSERT_NE(ret, nullptr);
  EXPECT_EQ(ir->blocks[ret->block].start_bci, shapes.nested_jsr + 3u);
}

TEST(IrJsr, SubroutineInALoopThreadsValuesThroughPhis) {
  JsrShapes shapes;
  auto ir = BuildAndVerify(shapes.cls.Build(), "JsrShapes", "loop");
  ASSERT_NE(ir, nullptr);
  // The loop header merges n and sum from the entry and from the back edge
  // (after the subroutine returned): two phis with two operands each.
  auto phis = FindOp(*ir, Op::kPhi);
  ASSERT_EQ(phis.size(), 2u) << Print(*ir);
  for (const Instruction* phi : phis) {
    EXPECT_EQ(phi->operands.size(), 2u);
    EXPECT_EQ(ir->values[phi->result].type.kind, TypeKind::kInt);
  }
  // sum += 3 happens in the subroutine and its result flows back to the header.
  const Instruction* add3 = FindOne(
      *ir,
      [&](const Instruction& in) {
        return in.op == Op::kBinary && in.binary == BinaryOp::kAdd && ir->def(in.operands[1]).bits == 3;
      },
      "sum + 3");
  ASSERT_NE(add3, nullptr);
  bool feeds_phi = false;
  for (const Instruction* phi : phis) {
    for (ValueId o : phi->operands) feeds_phi |= o == add3->result;
  }
  EXPECT_TRUE(feeds_phi) << Print(*ir);
}

// Negative cases: each is Unimplemented and names the method and the bci.
absl::Status BuildBad(const std::string& method, uint16_t max_locals, CodeAssembler& code) {
  ClassAssembler cls("JsrBad");
  uint16_t use = cls.Methodref("JsrBad", "use", "(Ljava/lang/Object;)V");
  (void)use;
  cls.AddMethod(kPublicStatic, method, "()V", 2, max_locals, code);
  auto ir = BuildAssembled(cls.Build(), "JsrBad", method);
  return ir.status();
}

TEST(IrJsr, RetFromAnOuterSubroutineIsUnimplemented) {
  CodeAssembler c;
  c.Branch(opc::kJsr, "sub1").Op(opc::kReturn);                   // 0, 3
  c.Label("sub1").Op(opc::kAstore0).Branch(opc::kJsr, "sub2");   // 4, 5
  c.Op(opc::kReturn);                                              // 8
  c.Label("sub2").Op(opc::kAstore1).Op(opc::kRet, 0);            // 9, 10: returns from sub1 inside sub2
  absl::Status s = BuildBad("badRet", 2, c);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented) << s;
  EXPECT_THAT(std::string(s.message()),
              HasSubstr("JsrBad.class: method badRet()V: bci 10: ret does not return from the innermost jsr subroutine"));
}

TEST(IrJsr, RetOutsideASubroutineIsUnimplemented) {
  CodeAssembler c;
  c.Op(opc::kRet, 0);
  absl::Status s = BuildBad("retOutside", 1, c);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented) << s;
  EXPECT_THAT(std::string(s.message()), HasSubstr("method retOutside()V: bci 0: ret outside a jsr subroutine"));
}

TEST(IrJsr, RecursiveSubroutineIsUnimplemented) {
  CodeAssembler c;
  c.Branch(opc::kJsr, "sub").Op(opc::kReturn);                           // 0, 3
  c.Label("sub").Op(opc::kAstore0).Branch(opc::kJsr, "sub").Op(opc::kRet, 0);  // 4, 5, 8
  absl::Status s = BuildBad("recursive", 1, c);
  EXPECT_EQ(s.code(), absl::StatusCode::kUnimplemented) << s;
  EXPECT_THAT(std::string(s.message()), HasSubstr("method recursive()V: bci 5: recursive jsr subroutine"));
}

TEST(IrJsr, ReturnAddressUsedAsAValueIsUnimplemented) {
  ClassAssembler cls("JsrBad");
  CodeAssembler c;
  c.Branch(opc::kJsr, "sub").Op(opc::kReturn);  // 0, 3
  c.Label("sub").Op(opc::kAstore0).Op(opc::kAload0);  // 4, 5
  c.Op2(opc::kInvokestatic, cls.Methodref("JsrBad", "use", "(Ljava/lang/Object;)V"));  // 6
  c.Op(opc::kRet, 0);
  cls.AddMethod(kPublicStatic, "leak", "()V", 1, 1, c);
  auto ir = BuildAssembled(cls.Build(), "JsrBad", "leak");
  EXPECT_EQ(ir.status().code(), absl::StatusCode::kUnimplemented) << ir.status();
  EXPECT_THAT(std::string(ir.status().message()),
              HasSubstr("method leak()V: bci 6: a return address is used as a value"));
}

TEST(IrJsr, SubroutineThatNeverReturnsIsInlined) {
  // finally { return; } as old javac compiled it: the subroutine exits the
  // method instead of executing ret.
  ClassAssembler cls("JsrNoRet");
  CodeAssembler c;
  c.Label("try").Op2(opc::kInvokestatic, cls.Methodref("JsrNoRet", "helper", "()V"));
  c.Branch(opc::kJsr, "fin").Op(opc::kReturn);
  c.Label("handler").Op(opc::kAstore0).Branch(opc::kJsr, "fin").Op(opc::kAload0).Op(opc::kAthrow);
  c.Label("fin").Op(opc::kAstore1).Op(opc::kReturn);
  cls.AddMethod(kPublicStatic, "noRet", "()V", 1, 2, c, {{"try", "handler", "handler", ""}});
  auto ir = BuildAndVerify(cls.Build(), "JsrNoRet", "noRet");
  ASSERT_NE(ir, nullptr);
  EXPECT_EQ(FindOp(*ir, Op::kReturn).size(), 2u) << Print(*ir);  // one per copy
  EXPECT_TRUE(FindOp(*ir, Op::kThrow).empty());                   // the rethrow is unreachable
}

// --- Stack forms ------------------------------------------------------------

// Evaluates a straight-line IR (params, int/long constants, add/sub, i2l/l2i,
// one return) on `args`; the IR interpreter of the differential check.
int64_t Evaluate(const MethodIR& ir, const std::vector<int64_t>& args) {
  std::map<ValueId, int64_t> val;
  BlockId b = ir.entry;
  for (int steps = 0; steps < 100; ++steps) {
    for (InsnId id : ir.blocks[b].insns) {
      const Instruction& in = ir.insns[id];
      auto x = [&](size_t i) { return val.at(in.operands[i]); };
      bool is_long = in.result >= 0 && ir.values[in.result].type.kind == TypeKind::kLong;
      auto wrap = [&](int64_t v) { return is_long ? v : static_cast<int64_t>(static_cast<int32_t>(v)); };
      switch (in.op) {
        case Op::kParam: val[in.result] = args.at(in.index); break;
        case Op::kConst: val[in.result] = wrap(static_cast<int64_t>(in.bits)); break;
        case Op::kBinary:
          if (in.binary == BinaryOp::kAdd) val[in.result] = wrap(x(0) + x(1));
          else if (in.binary == BinaryOp::kSub) val[in.result] = wrap(x(0) - x(1));
          else ADD_FAILURE() << "unexpected " << InstructionString(ir, in);
          break;
        case Op::kConvert: val[in.result] = wrap(x(0)); break;  // i2l keeps the value, l2i wraps
        case Op::kReturn: return x(0);
        default: ADD_FAILURE() << "unexpected " << InstructionString(ir, in); return 0;
      }
    }
    auto normal = NormalEdges(ir, b);
    if (normal.size() != 1) break;
    b = normal[0]->to;
  }
  ADD_FAILURE() << "no return reached";
  return 0;
}

// StackForms (version 49): one method per dup form (JVMS 6.5 dup_x2 ...
// dup2_x2, forms numbered as there), each mixing the duplicated values with
// sub so that the order matters. `args` are the arguments main passes.
struct StackForm {
  const char* name;
  const char* desc;
  uint16_t max_locals;
  std::vector<uint8_t> code;  // without the return
  std::vector<int64_t> args;
};

std::vector<StackForm> StackForms() {
  using namespace opc;
  return {
      // [a b c] -> [c a b c]; c - (a - (b - c))
      {"dupX2Form1", "(III)I", 3, {kIload0, kIload1, kIload2, kDupX2, kIsub, kIsub, kIsub}, {100, 20, 3}},
      // [L i] -> [i L i]; i - (int)(L + i)
      {"dupX2Form2", "(JI)I", 3, {kLload0, kIload2, kDupX2, kI2l, kLadd, kL2i, kIsub}, {1000, 7}},
      // [a b] -> [a b a b]; a - (b - (a - b))
      {"dup2Form1", "(II)I", 2, {kIload0, kIload1, kDup2, kIsub, kIsub, kIsub}, {50, 8}},
      // [L] -> [L L]; L + L
      {"dup2Form2", "(J)J", 2, {kLload0, kDup2, kLadd}, {123456789012}},
      // [a b c] -> [b c a b c]; b - (c - (a - (b - c)))
      {"dup2X1Form1", "(III)I", 3, {kIload0, kIload1, kIload2, kDup2X1, kIsub, kIsub, kIsub, kIsub}, {100, 20, 3}},
      // [i L] -> [L i L]; t = L; (L - i) + t
      {"dup2X1Form2", "(IJ)J", 5, {kIload0, kLload1, kDup2X1, kLstore3, kI2l, kLsub, kLload3, kLadd}, {9, 500}},
      // [a b c d] -> [c d a b c d]; c - (d - (a - (b - (c - d))))
      {"dup2X2Form1", "(IIII)I", 4,
       {kIload0, kIload1, kIload2, kIload3, kDup2X2, kIsub, kIsub, kIsub, kIsub, kIsub}, {1000, 200, 30, 4}},
      // [a b L] -> [L a b L]; t = L; (L - (a - b)) + t
      {"dup2X2Form2", "(IIJ)J", 6, {kIload0, kIload1, kLload2, kDup2X2, kLstore, 4, kIsub, kI2l, kLsub, kLload, 4, kLadd},
       {50, 8, 700}},
      // [L a b] -> [a b L a b]; a - (b - (int)(L + (a - b)))
      {"dup2X2Form3", "(JII)I", 4, {kLload0, kIload2, kIload3, kDup2X2, kIsub, kI2l, kLadd, kL2i, kIsub, kIsub},
       {300, 40, 5}},
      // [L1 L2] -> [L2 L1 L2]; L2 - (L1 - L2)
      {"dup2X2Form4", "(JJ)J", 4, {kLload0, kLload2, kDup2X2, kLsub, kLsub}, {1000, 30}},
      // [a b c] swap -> [a c b]; pop -> [a c]; a - c
      {"swapPop", "(III)I", 3, {kIload0, kIload1, kIload2, kSwap, kPop, kIsub}, {100, 20, 3}},
      // [a b L] pop2 (form 2) -> [a b]; a - b; [x a b] pop2 (form 1) -> [x]
      {"pop2Forms", "(IIJ)I", 4, {kIload0, kIload1, kLload2, kPop2, kIsub, kIload0, kIload1, kPop2}, {50, 8, 9}},
  };
}

// The StackForms class: the forms, and a main that prints each form's
// result on its arguments, one line each.
ClassAssembler StackFormsClass() {
  ClassAssembler cls("StackForms");
  uint16_t out = cls.Fieldref("java/lang/System", "out", "Ljava/io/PrintStream;");
  CodeAssembler main;
  for (const StackForm& f : StackForms()) {
    std::string desc = f.desc;
    bool long_result = desc.back() == 'J';
    CodeAssembler c;
    for (uint8_t b : f.code) c.Op(b);
    c.Op(long_result ? opc::kLreturn : opc::kIreturn);
    cls.AddMethod(kPublicStatic, f.name, f.desc, 8, f.max_locals, c);
    main.Op2(opc::kGetstatic, out);
    size_t arg = 0;
    for (size_t i = 1; desc[i] != ')'; ++i, ++arg) {
      if (desc[i] == 'J') {
        main.Op2(opc::kLdc2W, cls.Long(f.args[arg]));
      } else {
        main.Op2(opc::kLdcW, cls.Integer(static_cast<int32_t>(f.args[arg])));
      }
    }
    main.Op2(opc::kInvokestatic, cls.Methodref("StackForms", f.name, f.desc));
    main.Op2(opc::kInvokevirtual, cls.Methodref("java/io/PrintStream", "println", long_result ? "(J)V" : "(I)V"));
  }
  main.Op(opc::kReturn);
  cls.AddMethod(kPublicStatic, "main", "([Ljava/lang/String;)V", 12, 1, main);
  return cls;
}

TEST(IrStackForms, EveryDupFormMatchesTheJvm) {
  ClassAssembler cls = StackFormsClass();
  int status = -1;
  std::string out = RunOnJvm(cls, &status);
  ASSERT_EQ(status, 0) << out;
  std::istringstream lines(out);
  std::vector<uint8_t> bytes = cls.Build();
  for (const StackForm& f : StackForms()) {
    SCOPED_TRACE(f.name);
    std::string line;
    ASSERT_TRUE(std::getline(lines, line)) << out;
    auto ir = BuildAndVerify(bytes, "StackForms", f.name);
    ASSERT_NE(ir, nullptr);
    EXPECT_EQ(std::to_string(Evaluate(*ir, f.args)), line) << Print(*ir);
    // The shuffles themselves leave no instruction behind.
    for (const Instruction& in : ir->insns) EXPECT_NE(in.op, Op::kPhi);
  }
}

// --- Monitors that are not structured ------------------------------------

// Monitors (version 49), shapes javac never emits (JVMS §2.11.10 allows
// them; ir/monitors.h proves none of their exits):
//   exitOnly(Object)V:         monitorexit o; return     (IMSE on the JVM)
//   enterOnly(Object)V:        monitorenter o; return    (held at the exit)
//   crossed(Object,Object)V:   enter a; enter b; exit a; exit b; return
//   branchy(Object,I)V:        enter o; if (i != 0) exit o; exit o; return
//                              (a join of two stacks)
//   main: exitOnly(new Object()) — the JVM throws IllegalMonitorStateException.
struct UnstructuredMonitors {
  ClassAssembler cls{"Monitors"};

  UnstructuredMonitors() {
    {
      CodeAssembler c;
      c.Op(opc::kAload0).Op(opc::kMonitorexit).Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "exitOnly", "(Ljava/lang/Object;)V", 1, 1, c);
    }
    {
      CodeAssembler c;
      c.Op(opc::kAload0).Op(opc::kMonitorenter).Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "enterOnly", "(Ljava/lang/Object;)V", 1, 1, c);
    }
    {
      CodeAssembler c;
      c.Op(opc::kAload0).Op(opc::kMonitorenter).Op(opc::kAload1).Op(opc::kMonitorenter);
      c.Op(opc::kAload0).Op(opc::kMonitorexit).Op(opc::kAload1).Op(opc::kMonitorexit).Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "crossed", "(Ljava/lang/Object;Ljava/lang/Object;)V", 1, 2, c);
    }
    {
      CodeAssembler c;
      c.Op(opc::kAload0).Op(opc::kMonitorenter).Op(opc::kIload1).Branch(opc::kIfeq, "skip");
      c.Op(opc::kAload0).Op(opc::kMonitorexit);
      c.Label("skip").Op(opc::kAload0).Op(opc::kMonitorexit).Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "branchy", "(Ljava/lang/Object;I)V", 1, 2, c);
    }
    {
      CodeAssembler c;
      c.Op2(opc::kNew, cls.Class("java/lang/Object")).Op(opc::kDup);
      c.Op2(opc::kInvokespecial, cls.Methodref("java/lang/Object", "<init>", "()V"));
      c.Op2(opc::kInvokestatic, cls.Methodref("Monitors", "exitOnly", "(Ljava/lang/Object;)V"));
      c.Op(opc::kReturn);
      cls.AddMethod(kPublicStatic, "main", "([Ljava/lang/String;)V", 2, 1, c);
    }
  }
};

TEST(IrMonitors, UnstructuredLockingProvesNoExit) {
  UnstructuredMonitors shapes;
  const std::vector<uint8_t> bytes = shapes.cls.Build();
  for (const char* method : {"exitOnly", "enterOnly", "crossed", "branchy"}) {
    SCOPED_TRACE(method);
    auto ir = BuildAndVerify(bytes, "Monitors", method);
    ASSERT_NE(ir, nullptr);
    EXPECT_TRUE(ir->structured_monitor_exits.empty()) << Print(*ir);
    for (const Instruction& in : ir->insns) {
      if (in.op != Op::kMonitorExit) continue;
      EXPECT_THAT(Routings(*ir, in.block), ElementsAre("java/lang/NullPointerException -> uncaught",
                                                       "java/lang/IllegalMonitorStateException -> uncaught"));
    }
  }
  // What a structured exit rules out does happen here: the JVM throws.
  int status = -1;
  std::string out = RunOnJvm(shapes.cls, &status);
  EXPECT_NE(status, 0);
  EXPECT_THAT(out, HasSubstr("java.lang.IllegalMonitorStateException")) << out;
}

}  // namespace
}  // namespace jwp::ir::testing
