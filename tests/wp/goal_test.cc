// Goals: parsing (ParseGoal) and locating them in a method's IR (ResolveGoal),
// on the wp fixtures (tests/fixtures/java8/wp). Lines are found through the
// `// @goal` markers of the sources and the expectations table, so that
// editing a fixture does not silently shift what a test means.
#include "wp/goal.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "ir/printer.h"
#include "tests/test_support.h"

namespace jwp::wp {
namespace {

using ::testing::HasSubstr;

class World {
 public:
  static World& Get(bool release17) {
    static World* worlds[2] = {nullptr, nullptr};
    World*& w = worlds[release17 ? 1 : 0];
    if (w == nullptr) w = new World(release17 ? jwp::testing::Release17Dir() : jwp::testing::Release8Dir());
    return *w;
  }
  const classfile::ClassHierarchy& h() const { return *hierarchy_; }

 private:
  explicit World(const std::string& dir) {
    classfile::ClassPathOptions options;
    options.jdk_home = jwp::testing::JavaHome();
    auto cp = classfile::ClassPath::Open(dir, options, &diagnostics_);
    EXPECT_TRUE(cp.ok()) << cp.status();
    cp_ = std::move(*cp);
    auto h = classfile::ClassHierarchy::Build(*cp_);
    EXPECT_TRUE(h.ok()) << h.status();
    hierarchy_ = std::move(*h);
  }
  classfile::Diagnostics diagnostics_;
  std::unique_ptr<classfile::ClassPath> cp_;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy_;
};

const classfile::ClassHierarchy& H() { return World::Get(false).h(); }

// The line of tests/fixtures/java8/wp/<file> whose text contains `needle`:
// exactly one such line, or exactly one that ends with it.
int LineOf(const std::string& file, const std::string& needle) {
  std::ifstream in(jwp::testing::SourceDir() + "/tests/fixtures/java8/wp/" + file);
  std::string text;
  std::vector<int> contain, end;
  for (int n = 1; std::getline(in, text); ++n) {
    if (text.find(needle) == std::string::npos) continue;
    contain.push_back(n);
    if (text.size() >= needle.size() && text.compare(text.size() - needle.size(), needle.size(), needle) == 0) {
      end.push_back(n);
    }
  }
  if (contain.size() == 1) return contain[0];
  if (end.size() == 1) return end[0];
  ADD_FAILURE() << contain.size() << " lines of " << file << " contain " << needle;
  return -1;
}

absl::StatusOr<Goal> Resolve(const std::string& goal, const std::string& kind) {
  auto spec = ParseGoal(goal, kind);
  if (!spec.ok()) return spec.status();
  return ResolveGoal(H(), *spec);
}

Goal MustResolve(const std::string& goal, const std::string& kind) {
  auto g = Resolve(goal, kind);
  EXPECT_TRUE(g.ok()) << goal << " " << kind << ": " << g.status();
  if (!g.ok()) return Goal{};
  EXPECT_FALSE(g->sites.empty());
  return *std::move(g);
}

std::string L(int line) { return "@line:" + std::to_string(line); }

// --- ParseGoal ------------------------------------------------------------

TEST(ParseGoalTest, LineWithDescriptor) {
  auto s = ParseGoal("wp.Npe.fieldRead(Lwp/Node;)I@line:17", "npe");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->class_name, "wp/Npe");
  EXPECT_EQ(s->method_name, "fieldRead");
  EXPECT_EQ(s->descriptor, "(Lwp/Node;)I");
  EXPECT_EQ(s->where, GoalSpec::Where::kLine);
  EXPECT_EQ(s->position, 17);
  EXPECT_EQ(s->kind, GoalKind::kNpe);
  EXPECT_EQ(s->ToString(), "wp.Npe.fieldRead(Lwp/Node;)I@line:17 npe");
}

TEST(ParseGoalTest, BciWithoutDescriptorNestedClassAndDots) {
  auto s = ParseGoal("a.b.Outer$Inner.run@bci:12", "exception:java.lang.ArithmeticException");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->class_name, "a/b/Outer$Inner");
  EXPECT_EQ(s->method_name, "run");
  EXPECT_EQ(s->descriptor, "");
  EXPECT_EQ(s->where, GoalSpec::Where::kBci);
  EXPECT_EQ(s->position, 12);
  EXPECT_EQ(s->kind, GoalKind::kException);
  EXPECT_EQ(s->exception_type, "java/lang/ArithmeticException");
  EXPECT_EQ(s->GoalText(), "a.b.Outer$Inner.run@bci:12");
  EXPECT_EQ(s->KindText(), "exception:java.lang.ArithmeticException");
}

TEST(ParseGoalTest, SlashesAndDottedDescriptorAccepted) {
  auto s = ParseGoal("wp/Npe.fieldRead(Lwp.Node;)I@line:3", "exit:java/lang/RuntimeException");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->class_name, "wp/Npe");
  EXPECT_EQ(s->descriptor, "(Lwp/Node;)I");
  EXPECT_EQ(s->kind, GoalKind::kExit);
  EXPECT_EQ(s->exception_type, "java/lang/RuntimeException");
}

TEST(ParseGoalTest, AllKinds) {
  EXPECT_EQ(ParseGoal("p.C.m@line:1", "reach")->kind, GoalKind::kReach);
  EXPECT_EQ(ParseGoal("p.C.m@line:1", "throw")->kind, GoalKind::kThrow);
  EXPECT_EQ(ParseGoal("p.C.m@line:1", "npe")->kind, GoalKind::kNpe);
}

TEST(ParseGoalTest, NpeArg) {
  auto s = ParseGoal("p.C.m@bci:7", "npe-arg:2");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->kind, GoalKind::kNpeArg);
  EXPECT_EQ(s->argument, 2);
  EXPECT_EQ(s->exception_type, "java/lang/NullPointerException");
  EXPECT_EQ(s->KindText(), "npe-arg:2");
  EXPECT_EQ(ParseGoal(s->GoalText(), s->KindText())->ToString(), s->ToString());
}

TEST(ParseGoalTest, BranchOutcomes) {
  for (const char* kind : {"branch:true", "branch:false", "branch:default", "branch:-100", "branch:7"}) {
    auto s = ParseGoal("p.C.m@bci:7", kind);
    ASSERT_TRUE(s.ok()) << kind << ": " << s.status();
    EXPECT_EQ(s->kind, GoalKind::kBranch);
    EXPECT_EQ(s->KindText(), kind);
    EXPECT_EQ(ParseGoal(s->GoalText(), s->KindText())->ToString(), s->ToString());
  }
  EXPECT_EQ(ParseGoal("p.C.m@bci:7", "branch:-100")->case_value, -100);
  EXPECT_EQ(ParseGoal("p.C.m@bci:7", "branch:-100")->branch, ir::EdgeKind::kCase);
  EXPECT_EQ(ParseGoal("p.C.m@bci:7", "branch:false")->branch, ir::EdgeKind::kFalse);
}

TEST(ParseGoalTest, RoundTrip) {
  auto s = ParseGoal("wp.Arith.overflow(II)I@line:30", "exception:java.lang.ArithmeticException");
  ASSERT_TRUE(s.ok());
  auto again = ParseGoal(s->GoalText(), s->KindText());
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->ToString(), s->ToString());
}

TEST(ParseGoalTest, Errors) {
  struct Case {
    const char* goal;
    const char* kind;
    const char* message;
  } cases[] = {
      {"wp.Npe.fieldRead", "npe", "no '@line:N', '@bci:N' or '@any'"},
      {"wp.Npe.fieldRead@col:3", "npe", "is neither '@line:N', '@bci:N' nor '@any'"},
      {"wp.Npe.fieldRead@anything", "npe", "is neither '@line:N', '@bci:N' nor '@any'"},
      {"wp.Npe.fieldRead@line:x", "npe", "'x' is not a non-negative 32-bit number"},
      {"wp.Npe.fieldRead@line:-1", "npe", "'-1' is not a non-negative 32-bit number"},
      {"wp.Npe.fieldRead@bci:99999999999", "npe", "is not a non-negative 32-bit number"},
      {"wp.Npe.fieldRead@line:", "npe", "'' is not a non-negative 32-bit number"},
      {"fieldRead@line:3", "npe", "no class and method name"},
      {"wp.Npe.@line:3", "npe", "no class and method name"},
      {"wp.Npe.fieldRead(Q)I@line:3", "npe", "is not a method descriptor"},
      {"wp.Npe.fieldRead@line:3", "crash", "unknown goal kind 'crash'"},
      {"wp.Npe.fieldRead@line:3", "exception:", "is not a class name"},
      {"wp.Npe.fieldRead@line:3", "exit:[I", "is not a class name"},
      {"wp.Npe.fieldRead@line:3", "npe-arg:0", "'0' is not an argument number"},
      {"wp.Npe.fieldRead@line:3", "npe-arg:x", "'x' is not an argument number"},
      {"wp.Npe.fieldRead@line:3", "npe-arg:", "'' is not an argument number"},
      {"wp.Npe.fieldRead@line:3", "branch:maybe", "'maybe' is not true, false, default or a case value"},
      {"wp.Npe.fieldRead@line:3", "branch:", "'' is not true, false, default or a case value"},
  };
  for (const Case& c : cases) {
    auto s = ParseGoal(c.goal, c.kind);
    ASSERT_FALSE(s.ok()) << c.goal << " " << c.kind;
    EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(std::string(s.status().message()), HasSubstr(c.message)) << c.goal << " " << c.kind;
  }
}

// --- ResolveGoal: errors -----------------------------------------------------

void ExpectError(const std::string& goal, const std::string& kind, absl::StatusCode code,
                 const std::vector<std::string>& parts) {
  auto g = Resolve(goal, kind);
  ASSERT_FALSE(g.ok()) << goal << " " << kind << " resolved";
  EXPECT_EQ(g.status().code(), code) << g.status();
  for (const auto& p : parts) EXPECT_THAT(std::string(g.status().message()), HasSubstr(p));
}

TEST(ResolveGoalErrorTest, NoSuchClass) {
  ExpectError("wp.Nope.m@line:3", "reach", absl::StatusCode::kNotFound,
              {"goal wp.Nope.m@line:3 reach", "no class wp.Nope on the class path"});
}

TEST(ResolveGoalErrorTest, NoMethodOfThatName) {
  ExpectError("wp.Npe.nothing@line:3", "reach", absl::StatusCode::kNotFound,
              {"class wp.Npe has no method named nothing", "its methods are:", "fieldRead"});
}

TEST(ResolveGoalErrorTest, NoMethodWithThatDescriptorListsCandidates) {
  ExpectError("wp.Npe.fieldRead(I)I@line:3", "reach", absl::StatusCode::kNotFound,
              {"has no method fieldRead(I)I", "fieldRead has descriptors: (Lwp/Node;)I"});
}

TEST(ResolveGoalErrorTest, AmbiguousName) {
  // java.lang.Math.abs is overloaded four times.
  ExpectError("java.lang.Math.abs@line:1", "reach", absl::StatusCode::kInvalidArgument,
              {"method name abs is ambiguous in java.lang.Math", "add a descriptor, one of:", "(I)I", "(J)J"});
}

TEST(ResolveGoalErrorTest, NoCode) {
  ExpectError("java.lang.Runnable.run()V@line:1", "reach", absl::StatusCode::kFailedPrecondition,
              {"java.lang.Runnable.run()V has no code (abstract)"});
  ExpectError("java.lang.Object.hashCode()I@line:1", "reach", absl::StatusCode::kFailedPrecondition,
              {"has no code (native)"});
}

TEST(ResolveGoalErrorTest, NoInstructionAtLine) {
  int first = LineOf("Npe.java", "return n.val; // @goal npe FOUND n=null");
  ExpectError("wp.Npe.fieldRead(Lwp/Node;)I@line:2", "reach", absl::StatusCode::kNotFound,
              {"no instruction of wp.Npe.fieldRead(Lwp/Node;)I is at line 2",
               "lines with instructions: " + std::to_string(first)});
}

TEST(ResolveGoalErrorTest, LineWithOnlyFoldedBytecode) {
  // `Object[] o = a;` is aload + astore: bytecode, but no IR instruction.
  int line = LineOf("ArrayOps.java", "Object[] o = a;");
  ExpectError("wp.ArrayOps.arrayStoreSameType@line:" + std::to_string(line), "reach", absl::StatusCode::kNotFound,
              {"line " + std::to_string(line) + " has only loads, stores, stack operations or jumps",
               "lines with instructions:"});
}

TEST(ResolveGoalErrorTest, NoInstructionAtBci) {
  // fieldRead: aload_0 (0, folded), getfield (1), ireturn (4).
  ExpectError("wp.Npe.fieldRead@bci:0", "reach", absl::StatusCode::kNotFound,
              {"no IR instruction of wp.Npe.fieldRead(Lwp/Node;)I comes from bci 0", "offsets with instructions: 1, 4"});
  ExpectError("wp.Npe.fieldRead@bci:400", "reach", absl::StatusCode::kNotFound,
              {"bci 400 is beyond the code of wp.Npe.fieldRead(Lwp/Node;)I (5 bytes)"});
}

TEST(ResolveGoalErrorTest, NpeWithoutDereference) {
  int line = LineOf("Arith.java", "int d = x - 5;");
  ExpectError("wp.Arith.divByDifference@line:" + std::to_string(line), "npe", absl::StatusCode::kNotFound,
              {"nothing at line " + std::to_string(line) + " of wp.Arith.divByDifference(I)I dereferences",
               "exceptions there: none"});
  // A fresh array is never null: no NPE edge on its store.
  int store = LineOf("TryCatch.java", "b[1] = 5;");
  ExpectError("wp.TryCatch.handlerUnreachable@line:" + std::to_string(store), "npe", absl::StatusCode::kNotFound,
              {"dereferences a possibly-null value", "exceptions there: java.lang.ArrayIndexOutOfBoundsException"});
}

TEST(ResolveGoalErrorTest, NoAthrow) {
  int line = LineOf("Npe.java", "return a[0]; // @goal npe FOUND a=null");
  ExpectError("wp.Npe.arrayLoad@line:" + std::to_string(line), "throw", absl::StatusCode::kNotFound,
              {"no athrow at line " + std::to_string(line) + " of wp.Npe.arrayLoad([I)I"});
}

TEST(ResolveGoalErrorTest, NothingThrowsT) {
  int line = LineOf("Npe.java", "return a[0]; // @goal npe FOUND a=null");
  ExpectError("wp.Npe.arrayLoad@line:" + std::to_string(line), "exception:java.lang.ArithmeticException",
              absl::StatusCode::kNotFound,
              {"nothing at line " + std::to_string(line) + " of wp.Npe.arrayLoad([I)I can throw java.lang.ArithmeticException",
               "exceptions there: java.lang.ArrayIndexOutOfBoundsException, java.lang.NullPointerException"});
}

TEST(ResolveGoalErrorTest, NothingLetsTLeaveTheMethod) {
  // The division's ArithmeticException is caught by the handler.
  int line = LineOf("TryCatch.java", "return x / y; // @goal exception:java.lang.ArithmeticException FOUND x=1 y=0 (then caught)");
  ExpectError("wp.TryCatch.caughtDivision@line:" + std::to_string(line), "exit:java.lang.ArithmeticException",
              absl::StatusCode::kNotFound,
              {"can throw java.lang.ArithmeticException out of the method",
               "exceptions leaving the method from there: none"});
}

TEST(ResolveGoalErrorTest, ExceptionTypeNotOnClassPath) {
  int line = LineOf("Arith.java", "int d = x - 5;");
  ExpectError("wp.Arith.divByDifference@line:" + std::to_string(line), "exception:wp.NoSuchException",
              absl::StatusCode::kNotFound, {"exception type wp.NoSuchException is not on the class path"});
}

TEST(ResolveGoalErrorTest, ExceptionTypeNotThrowable) {
  int line = LineOf("Arith.java", "int d = x - 5;");
  ExpectError("wp.Arith.divByDifference@line:" + std::to_string(line), "exception:java.lang.String",
              absl::StatusCode::kInvalidArgument, {"java.lang.String is not a subclass of java.lang.Throwable"});
}

// --- ResolveGoal: sites --------------------------------------------------------

// branch:O: the if's or switch's edge of that outcome; an outcome the
// branch does not have is an error listing those it has.
TEST(ResolveGoalTest, BranchOutcomeIsTheEdge) {
  const int line = LineOf("Switches.java", "public static int lookup(int k, int y) {") + 1;
  Goal g = MustResolve("wp.Switches.lookup" + L(line), "branch:1000");
  ASSERT_EQ(g.sites.size(), 1u);
  const ir::Edge& e = g.ir->edges[g.sites[0].edge];
  EXPECT_EQ(e.kind, ir::EdgeKind::kCase);
  EXPECT_EQ(e.case_value, 1000);
  EXPECT_EQ(g.ir->insns[g.sites[0].insn].op, ir::Op::kSwitch);
  Goal d = MustResolve("wp.Switches.lookup" + L(line), "branch:default");
  ASSERT_EQ(d.sites.size(), 1u);
  EXPECT_EQ(d.ir->edges[d.sites[0].edge].kind, ir::EdgeKind::kDefault);
  ExpectError("wp.Switches.lookup" + L(line), "branch:5", absl::StatusCode::kNotFound,
              {"has the outcome 5", "outcomes there: ", "1000"});
  ExpectError("wp.Switches.lookup" + L(line + 4), "branch:true", absl::StatusCode::kNotFound,
              {"no conditional branch or switch at line"});
}

TEST(ResolveGoalTest, NpeOnFieldRead) {
  int line = LineOf("Npe.java", "return n.val; // @goal npe FOUND n=null");
  Goal g = MustResolve("wp.Npe.fieldRead@line:" + std::to_string(line), "npe");
  ASSERT_EQ(g.sites.size(), 1u);
  const GoalSite& s = g.sites[0];
  EXPECT_EQ(g.spec.descriptor, "(Lwp/Node;)I");  // filled in
  EXPECT_EQ(g.ir->insns[s.insn].op, ir::Op::kGetField);
  EXPECT_EQ(s.line, line);
  EXPECT_EQ(s.bci, 1u);
  EXPECT_EQ(s.block, g.ir->insns[s.insn].block);
  ASSERT_NE(s.edge, ir::kNone);
  EXPECT_EQ(g.ir->edges[s.edge].thrown, "java/lang/NullPointerException");
  EXPECT_EQ(g.ir->edges[s.edge].from, s.block);
  EXPECT_EQ(s.dereferenced, g.ir->params[0]);
  EXPECT_EQ(g.method->name, "fieldRead");
  EXPECT_EQ(g.cls->this_class, "wp/Npe");
}

TEST(ResolveGoalTest, NpeKindsOfDereference) {
  struct Case {
    const char* file;
    const char* method;
    const char* needle;
    ir::Op op;
  } cases[] = {
      {"Npe.java", "fieldWrite", "n.val = v; // @goal", ir::Op::kPutField},
      {"Npe.java", "arrayLoad", "return a[0]; // @goal npe FOUND a=null", ir::Op::kArrayLoad},
      {"Npe.java", "arrayStore", "a[1] = v; // @goal", ir::Op::kArrayStore},
      {"Npe.java", "arrayLength", "return a.length; // @goal", ir::Op::kArrayLength},
      {"Npe.java", "receiver", "return n.touch(); // @goal", ir::Op::kInvoke},
      {"Npe.java", "throwNull", "throw e; // @goal npe", ir::Op::kThrow},
      {"Npe.java", "monitor", "synchronized (lock) { // @goal", ir::Op::kMonitorEnter},
  };
  for (const Case& c : cases) {
    int line = LineOf(c.file, c.needle);
    Goal g = MustResolve(std::string("wp.Npe.") + c.method + L(line), "npe");
    ASSERT_EQ(g.sites.size(), 1u) << c.method << "\n" << [&] {
      std::ostringstream o;
      if (g.ir) ir::PrintMethodIR(*g.ir, o);
      return o.str();
    }();
    const ir::Instruction& in = g.ir->insns[g.sites[0].insn];
    EXPECT_EQ(in.op, c.op) << c.method;
    EXPECT_EQ(g.sites[0].dereferenced, in.operands[0]) << c.method;
    EXPECT_EQ(g.ir->edges[g.sites[0].edge].thrown, "java/lang/NullPointerException");
  }
}

TEST(ResolveGoalTest, NpeDeepChainHasOneSitePerGetfield) {
  int line = LineOf("Npe.java", "return n.next.next.next.val;");
  Goal g = MustResolve("wp.Npe.deep" + L(line), "npe");
  ASSERT_EQ(g.sites.size(), 4u);
  for (const GoalSite& s : g.sites) EXPECT_EQ(g.ir->insns[s.insn].op, ir::Op::kGetField);
}

TEST(ResolveGoalTest, NpeOnThisFieldSkipsThis) {
  // this.link.val: `this` is known non-null, so only the read of .val counts.
  int line = LineOf("Npe.java", "return this.link.val;");
  Goal g = MustResolve("wp.Npe.thisField" + L(line), "npe");
  ASSERT_EQ(g.sites.size(), 1u);
  const ir::Instruction& in = g.ir->insns[g.sites[0].insn];
  EXPECT_EQ(in.name, "val");
  EXPECT_FALSE(ir::IsKnownNonNull(*g.ir, g.sites[0].dereferenced));
}

TEST(ResolveGoalTest, NpeOnNestedClass) {
  int line = LineOf("Npe.java", "return c.inner.weight;");
  Goal g = MustResolve("wp.Npe.nested(Lwp/Npe$Cell;)J" + L(line), "npe");
  EXPECT_EQ(g.sites.size(), 2u);
}

TEST(ResolveGoalTest, ExceptionOnDivision) {
  int line = LineOf("Arith.java", "return 10 / y; // @goal exception:java.lang.ArithmeticException FOUND x=2147483647 y=0");
  Goal g = MustResolve("wp.Arith.overflow(II)I" + L(line), "exception:java.lang.ArithmeticException");
  ASSERT_EQ(g.sites.size(), 1u);
  const GoalSite& s = g.sites[0];
  EXPECT_EQ(g.ir->insns[s.insn].op, ir::Op::kBinary);
  EXPECT_EQ(g.ir->insns[s.insn].binary, ir::BinaryOp::kDiv);
  EXPECT_EQ(g.ir->edges[s.edge].thrown, "java/lang/ArithmeticException");
  EXPECT_FALSE(s.type_test);
  EXPECT_EQ(s.dereferenced, ir::kNone);
}

TEST(ResolveGoalTest, ExceptionSupertypeMatchesImplicitExceptions) {
  // exception:RuntimeException at `return a[0];` covers both NPE and AIOOBE.
  int line = LineOf("Npe.java", "return a[0]; // @goal npe FOUND a=null");
  Goal g = MustResolve("wp.Npe.arrayLoad" + L(line), "exception:java.lang.RuntimeException");
  ASSERT_EQ(g.sites.size(), 2u);
  std::set<std::string> thrown;
  for (const GoalSite& s : g.sites) {
    thrown.emplace(g.ir->edges[s.edge].thrown);
    EXPECT_FALSE(s.type_test);
  }
  EXPECT_EQ(thrown, (std::set<std::string>{"java/lang/ArrayIndexOutOfBoundsException",
                                           "java/lang/NullPointerException"}));
  // An unrelated exception type selects nothing; a subtype of the thrown type needs a type test.
  Goal g2 = MustResolve("wp.Npe.arrayLoad" + L(line), "exception:java.lang.IndexOutOfBoundsException");
  ASSERT_EQ(g2.sites.size(), 1u);
  EXPECT_EQ(g2.ir->edges[g2.sites[0].edge].thrown, "java/lang/ArrayIndexOutOfBoundsException");
}

TEST(ResolveGoalTest, ExceptionThroughAthrowNeedsTypeTest) {
  int line = LineOf("Throws.java", "throw e; // @goal throw FOUND x=42");
  Goal g = MustResolve("wp.Throws.throwParam" + L(line), "exception:java.lang.IllegalStateException");
  // athrow of a RuntimeException-typed value: its RuntimeException edge (type test needed);
  // its NPE edge (e == null) is unrelated to IllegalStateException.
  ASSERT_EQ(g.sites.size(), 1u);
  EXPECT_EQ(g.ir->insns[g.sites[0].insn].op, ir::Op::kThrow);
  EXPECT_EQ(g.ir->edges[g.sites[0].edge].thrown, "java/lang/RuntimeException");
  EXPECT_TRUE(g.sites[0].type_test);
}

TEST(ResolveGoalTest, ExceptionCaughtLocallyIsStillASite) {
  int line = LineOf("TryCatch.java", "return x / y; // @goal exception:java.lang.ArithmeticException FOUND x=1 y=0 (then caught)");
  Goal g = MustResolve("wp.TryCatch.caughtDivision" + L(line), "exception:java.lang.ArithmeticException");
  ASSERT_EQ(g.sites.size(), 1u);
  EXPECT_NE(g.ir->edges[g.sites[0].edge].to, g.ir->exceptional_exit);
  EXPECT_EQ(g.ir->edges[g.sites[0].edge].caught_as, "java/lang/ArithmeticException");
}

TEST(ResolveGoalTest, NpeArgSiteIsTheCallWithTheArgument) {
  int line = LineOf("../interproc/NullArg.java", "return second(k, x);");
  Goal g = MustResolve("interproc.NullArg.secondArg" + L(line), "npe-arg:2");
  ASSERT_EQ(g.sites.size(), 1u);
  const GoalSite& s = g.sites[0];
  const ir::Instruction& call = g.ir->insns[s.insn];
  EXPECT_EQ(call.op, ir::Op::kInvoke);
  EXPECT_EQ(call.name, "second");
  ASSERT_NE(s.edge, ir::kNone);
  EXPECT_EQ(g.ir->edges[s.edge].thrown, "java/lang/Throwable");
  EXPECT_TRUE(s.type_test);
  ASSERT_EQ(call.operands.size(), 2u);  // static: k, x
  EXPECT_EQ(s.dereferenced, call.operands[1]);
  // The first argument is an int; there is no third.
  ExpectError("interproc.NullArg.secondArg" + L(line), "npe-arg:1", absl::StatusCode::kNotFound,
              {"no call at line " + std::to_string(line), "passes a reference as argument 1"});
  ExpectError("interproc.NullArg.secondArg" + L(line), "npe-arg:3", absl::StatusCode::kNotFound,
              {"passes a reference as argument 3"});
}

TEST(ResolveGoalTest, ThrowSites) {
  int line = LineOf("Throws.java", "throw e; // @goal throw FOUND x=42");
  Goal g = MustResolve("wp.Throws.throwParam" + L(line), "throw");
  ASSERT_EQ(g.sites.size(), 1u);
  EXPECT_EQ(g.ir->insns[g.sites[0].insn].op, ir::Op::kThrow);
  EXPECT_EQ(g.sites[0].edge, ir::kNone);
}

TEST(ResolveGoalTest, ExitSitesAreEdgesIntoTheExceptionalExit) {
  int line = LineOf("TryCatch.java", "throw e; // @goal exit:java.lang.ArithmeticException");
  Goal g = MustResolve("wp.TryCatch.rethrows" + L(line), "exit:java.lang.ArithmeticException");
  ASSERT_EQ(g.sites.size(), 1u);
  const ir::Edge& e = g.ir->edges[g.sites[0].edge];
  EXPECT_EQ(e.to, g.ir->exceptional_exit);
  EXPECT_EQ(g.ir->insns[g.sites[0].insn].op, ir::Op::kThrow);
  // exit:RuntimeException at the division of escapesDiv.
  int div = LineOf("TryCatch.java", "return x / y; // @goal exit:java.lang.ArithmeticException FOUND");
  Goal g2 = MustResolve("wp.TryCatch.escapesDiv" + L(div), "exit:java.lang.RuntimeException");
  ASSERT_EQ(g2.sites.size(), 1u);
  EXPECT_FALSE(g2.sites[0].type_test);
  EXPECT_EQ(g2.ir->edges[g2.sites[0].edge].to, g2.ir->exceptional_exit);
}

// "@any": the place is the whole method, so exit:T's sites are every edge by
// which T leaves it (jwp exceptions' goals).
TEST(ResolveGoalTest, AnyPlaceIsEveryWayOutOfTheMethod) {
  auto spec = ParseGoal("wp.TryCatch.escapes@any", "exit:java.lang.RuntimeException");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->where, GoalSpec::Where::kAny);
  EXPECT_EQ(spec->ToString(), "wp.TryCatch.escapes@any exit:java.lang.RuntimeException");
  Goal g = MustResolve("wp.TryCatch.escapes@any", "exit:java.lang.RuntimeException");
  std::set<std::string> thrown;
  for (const GoalSite& site : g.sites) {
    EXPECT_EQ(g.ir->edges[site.edge].to, g.ir->exceptional_exit);
    thrown.insert(std::string(g.ir->edges[site.edge].thrown));
  }
  // a[5] in a try that catches ArithmeticException only: both of its exceptions leave.
  EXPECT_TRUE(thrown.contains("java/lang/ArrayIndexOutOfBoundsException")) << g.sites.size();
  EXPECT_TRUE(thrown.contains("java/lang/NullPointerException")) << g.sites.size();
  int line = LineOf("TryCatch.java", "return a[5]; // @goal exit:");
  EXPECT_EQ(g.sites.size(), MustResolve("wp.TryCatch.escapes" + L(line), "exit:java.lang.RuntimeException").sites.size())
      << "the method's only way out is that line";
}

TEST(ResolveGoalTest, ExitThroughCatchOfAnotherTypeOnly) {
  // escapes: a[5] inside try/catch(ArithmeticException): AIOOBE and NPE leave the method.
  int line = LineOf("TryCatch.java", "return a[5]; // @goal exit:");
  Goal g = MustResolve("wp.TryCatch.escapes" + L(line), "exit:java.lang.ArrayIndexOutOfBoundsException");
  ASSERT_EQ(g.sites.size(), 1u);
  EXPECT_EQ(g.ir->edges[g.sites[0].edge].thrown, "java/lang/ArrayIndexOutOfBoundsException");
  ExpectError("wp.TryCatch.escapes" + L(line), "exit:java.lang.ArithmeticException", absl::StatusCode::kNotFound,
              {"out of the method", "exceptions leaving the method from there: "
                                    "java.lang.ArrayIndexOutOfBoundsException, java.lang.NullPointerException"});
}

TEST(ResolveGoalTest, ReachOneStatement) {
  int line = LineOf("Branches.java", "return 101; // @goal reach");
  Goal g = MustResolve("wp.Branches.intRange" + L(line), "reach");
  ASSERT_EQ(g.sites.size(), 1u);
  const ir::Instruction& in = g.ir->insns[g.sites[0].insn];
  EXPECT_EQ(in.line, line);
  EXPECT_EQ(g.sites[0].edge, ir::kNone);
  // The site is the first instruction of the line: nothing of the line precedes it in its block.
  const ir::Block& b = g.ir->blocks[g.sites[0].block];
  for (ir::InsnId i : b.insns) {
    if (i == g.sites[0].insn) break;
    EXPECT_NE(g.ir->insns[i].line, line);
  }
}

TEST(ResolveGoalTest, ReachForHeaderHasOneSitePerEnteredPart) {
  // for (int i = 0; i < n; i++): init (from the method's first line), the
  // condition (entered from the init, same line: not a site) and i++ (from the body).
  int header = LineOf("Loops.java", "c = c + 3;") - 1;
  Goal g = MustResolve("wp.Loops.fiveIterations" + L(header), "reach");
  EXPECT_EQ(g.sites.size(), 2u);
  for (const GoalSite& s : g.sites) EXPECT_EQ(s.line, header);
}

TEST(ResolveGoalTest, ReachByBci) {
  Goal g = MustResolve("wp.Npe.fieldRead@bci:1", "reach");
  ASSERT_EQ(g.sites.size(), 1u);
  EXPECT_EQ(g.sites[0].bci, 1u);
  EXPECT_EQ(g.ir->insns[g.sites[0].insn].op, ir::Op::kGetField);
}

TEST(ResolveGoalTest, ReachInHandler) {
  int line = LineOf("TryCatch.java", "return 301; // @goal reach");
  Goal g = MustResolve("wp.TryCatch.caughtDivision" + L(line), "reach");
  ASSERT_EQ(g.sites.size(), 1u);
}

TEST(ResolveGoalTest, FinallyCopiesGiveSeveralSites) {
  int line = LineOf("TryCatch.java", "r = r + 10 / y; // @goal");
  Goal g = MustResolve("wp.TryCatch.finallyRuns" + L(line), "exception:java.lang.ArithmeticException");
  EXPECT_GE(g.sites.size(), 2u);  // javac copies the finally block per exit
}

TEST(ResolveGoalTest, SameSitesUnderRelease17) {
  int line = LineOf("Arith.java", "return 10 / y; // @goal exception:java.lang.ArithmeticException FOUND x=2147483647 y=0");
  auto spec = ParseGoal("wp.Arith.overflow" + L(line), "exception:java.lang.ArithmeticException");
  ASSERT_TRUE(spec.ok());
  auto g = ResolveGoal(World::Get(true).h(), *spec);
  ASSERT_TRUE(g.ok()) << g.status();
  EXPECT_EQ(g->sites.size(), 1u);
}

// Every goal of tests/wp/expectations.tsv resolves, under both releases.
TEST(ExpectationsTest, EveryGoalResolves) {
  std::ifstream in(jwp::testing::SourceDir() + "/tests/wp/expectations.tsv");
  ASSERT_TRUE(in) << "no tests/wp/expectations.tsv";
  std::string text;
  int goals = 0;
  bool header = false;
  std::set<std::string> outcomes{"FOUND", "NOT_FOUND", "UNKNOWN"};
  while (std::getline(in, text)) {
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> f;
    std::stringstream ss(text);
    for (std::string part; std::getline(ss, part, '\t');) f.push_back(part);
    ASSERT_EQ(f.size(), 4u) << text;
    if (!header) {
      EXPECT_EQ(text, "goal\tkind\texpected\tnote");
      header = true;
      continue;
    }
    EXPECT_TRUE(outcomes.count(f[2])) << text;
    EXPECT_FALSE(f[3].empty()) << text;
    auto spec = ParseGoal(f[0], f[1]);
    ASSERT_TRUE(spec.ok()) << spec.status();
    EXPECT_EQ(spec->GoalText(), f[0]);
    EXPECT_EQ(spec->KindText(), f[1]);
    for (bool r17 : {false, true}) {
      auto g = ResolveGoal(World::Get(r17).h(), *spec);
      EXPECT_TRUE(g.ok()) << (r17 ? "release 17: " : "release 8: ") << g.status();
      if (g.ok()) {
        EXPECT_FALSE(g->sites.empty());
      }
    }
    ++goals;
  }
  EXPECT_GE(goals, 70);
}

}  // namespace
}  // namespace jwp::wp
