// Differential test of the IR builder (STYLE.md, tests/: "IR interpreter vs
// JVM"): fixtures.interp.Driver runs each case of its list on the real JVM
// and prints the result; the IR interpreter (ir_interpreter.h) runs the same
// cases on the IR built from the --release 8 and the --release 17 class files
// and must print the same. Every IR built is also verified. The
// IrInterpreterTeeth tests mutate copies of IRs (a swapped branch, swapped
// switch cases, a wrong operation, a wrong phi, a wrong static type, a
// misrouted exception), all but one of which the verifier accepts, and check
// that the comparison then fails.
#include "tests/ir/ir_interpreter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "ir/builder.h"
#include "ir/verifier.h"
#include "tests/test_support.h"

namespace jwp::testing {
namespace {

using ::testing::IsEmpty;

constexpr std::string_view kPackage = "fixtures/interp/";

// One line of the Driver's output: "Arith.div(1,0) -> throws java.lang.ArithmeticException".
struct Case {
  std::string line;
  std::string cls;     // "fixtures/interp/Arith"
  std::string method;  // "div"
  std::vector<std::string> args;
  std::string expected;
};

// A class path (with the JDK) and its hierarchy.
struct Loaded {
  std::unique_ptr<classfile::Diagnostics> diagnostics = std::make_unique<classfile::Diagnostics>();
  std::unique_ptr<classfile::ClassPath> class_path;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy;
  std::string error;
};

Loaded Load(const std::string& dir) {
  Loaded l;
  classfile::ClassPathOptions options;
  options.jdk_home = JavaHome();
  auto cp = classfile::ClassPath::Open(dir, options, l.diagnostics.get());
  if (!cp.ok()) {
    l.error = std::string(cp.status().message());
    return l;
  }
  l.class_path = std::move(*cp);
  auto h = classfile::ClassHierarchy::Build(*l.class_path);
  if (!h.ok()) {
    l.error = std::string(h.status().message());
    return l;
  }
  l.hierarchy = std::move(*h);
  return l;
}

struct Env {
  std::vector<Case> cases;
  int declared_cases = -1;  // the Driver's "cases N"
  int driver_status = -1;
  std::string driver_output;
  std::string parse_error;
  Loaded release8, release17;
};

const Env& GetEnv() {
  static const Env* env = [] {
    auto* e = new Env;
    e->driver_output = RunCommand(JavaHome() + "/bin/java -cp " + Release8Dir() + " fixtures.interp.Driver 2>&1",
                                  &e->driver_status);
    std::string_view out = e->driver_output;
    while (!out.empty()) {
      size_t nl = out.find('\n');
      std::string_view line = out.substr(0, nl);
      out.remove_prefix(nl == std::string_view::npos ? out.size() : nl + 1);
      if (line.empty()) continue;
      if (line.starts_with("cases ")) {
        e->declared_cases = std::atoi(std::string(line.substr(6)).c_str());
        continue;
      }
      size_t arrow = line.find(" -> ");
      size_t open = line.find('(');
      size_t close = arrow == std::string_view::npos ? arrow : line.rfind(')', arrow);
      size_t dot = line.find('.');
      if (arrow == std::string_view::npos || open == std::string_view::npos || close == std::string_view::npos ||
          dot == std::string_view::npos || dot > open) {
        e->parse_error = "unparsable line: " + std::string(line);
        continue;
      }
      Case c;
      c.line = std::string(line);
      c.cls = std::string(kPackage) + std::string(line.substr(0, dot));
      c.method = std::string(line.substr(dot + 1, open - dot - 1));
      std::string_view args = line.substr(open + 1, close - open - 1);
      while (!args.empty()) {
        size_t comma = args.find(',');
        c.args.emplace_back(args.substr(0, comma));
        args.remove_prefix(comma == std::string_view::npos ? args.size() : comma + 1);
      }
      c.expected = std::string(line.substr(arrow + 4));
      e->cases.push_back(std::move(c));
    }
    e->release8 = Load(Release8Dir());
    e->release17 = Load(Release17Dir());
    return e;
  }();
  return *env;
}

// The descriptor of the (unique) method `name` of `cls`, "" if none.
std::string DescriptorOf(const classfile::ClassPath& cp, const std::string& cls, const std::string& name) {
  auto cf = cp.Load(cls);
  if (!cf.ok()) return "";
  for (const auto& m : (*cf)->methods) {
    if (m.name == name) return std::string(m.descriptor);
  }
  return "";
}

// Converts the Driver's printed arguments by the parameter descriptors.
bool ParseArgs(const std::string& descriptor, const std::vector<std::string>& text, std::vector<RtValue>* out,
               std::string* error) {
  size_t i = 1;
  for (const std::string& t : text) {
    if (i >= descriptor.size() || descriptor[i] == ')') {
      *error = "more arguments than parameters";
      return false;
    }
    char d = descriptor[i++];
    if (d != 'I' && d != 'J') {
      *error = std::string("unsupported parameter type ") + d;
      return false;
    }
    char* end = nullptr;
    errno = 0;
    long long v = std::strtoll(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0' || errno != 0 ||
        (d == 'I' && (v < INT32_MIN || v > INT32_MAX))) {
      *error = "bad argument " + t;
      return false;
    }
    out->push_back(d == 'I' ? RtValue::Int(static_cast<int32_t>(v)) : RtValue::Long(v));
  }
  if (i >= descriptor.size() || descriptor[i] != ')') {
    *error = "fewer arguments than parameters";
    return false;
  }
  return true;
}

// Runs one case in `interp` and formats the result as the Driver does.
std::string RunCase(IrInterpreter& interp, const classfile::ClassPath& cp, const Case& c) {
  std::string desc = DescriptorOf(cp, c.cls, c.method);
  if (desc.empty()) return "no method " + c.cls + "." + c.method;
  std::vector<RtValue> args;
  std::string error;
  if (!ParseArgs(desc, c.args, &args, &error)) return "bad case: " + error;
  Outcome o = interp.CallStatic(c.cls, c.method, desc, std::move(args));
  return interp.Format(o, desc.substr(desc.find(')') + 1));
}

void ExpectVerified(const IrInterpreter& interp, const classfile::ClassHierarchy& h, const char* release) {
  for (const auto& ir : interp.built()) {
    EXPECT_THAT(ir::VerifyMethodIR(*ir, &h), IsEmpty()) << ir->QualifiedName() << " (" << release << ")";
  }
}

// --- The comparison ---------------------------------------------------------------

TEST(IrInterpreterVsJvm, DriverRunsEveryCase) {
  const Env& env = GetEnv();
  ASSERT_EQ(env.driver_status, 0) << env.driver_output;
  EXPECT_EQ(env.parse_error, "");
  EXPECT_EQ(static_cast<int>(env.cases.size()), env.declared_cases);
  EXPECT_GE(env.cases.size(), 150u);
  std::set<std::string> methods;
  for (const Case& c : env.cases) methods.insert(c.cls + "." + c.method);
  EXPECT_GE(methods.size(), 40u);
}

void CompareWithJvm(const Loaded& l, const char* release) {
  const Env& env = GetEnv();
  ASSERT_EQ(l.error, "") << release;
  ASSERT_EQ(env.driver_status, 0) << env.driver_output;
  ASSERT_FALSE(env.cases.empty());
  IrInterpreter interp(*l.class_path, *l.hierarchy);
  for (const Case& c : env.cases) {
    std::string got = RunCase(interp, *l.class_path, c);
    EXPECT_EQ(got, c.expected) << "case " << c.line << " on the IR of " << release << " class files:\n"
                               << "  the JVM says:         " << c.expected << "\n"
                               << "  the interpreter says: " << got;
  }
  ExpectVerified(interp, *l.hierarchy, release);
}

TEST(IrInterpreterVsJvm, Release8MatchesJvm) { CompareWithJvm(GetEnv().release8, "release 8"); }

TEST(IrInterpreterVsJvm, Release17MatchesJvm) { CompareWithJvm(GetEnv().release17, "release 17"); }

// Every method of every fixtures.interp class builds and verifies, run or not.
TEST(IrInterpreterVsJvm, EveryFixtureMethodVerifies) {
  const Env& env = GetEnv();
  for (const auto* l : {&env.release8, &env.release17}) {
    ASSERT_EQ(l->error, "");
    const std::string dir = (l == &env.release8 ? Release8Dir() : Release17Dir()) + "/" + std::string(kPackage);
    std::vector<std::string> classes;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      std::string file = entry.path().filename().string();
      if (file.ends_with(".class")) classes.push_back(std::string(kPackage) + file.substr(0, file.size() - 6));
    }
    std::sort(classes.begin(), classes.end());
    EXPECT_GE(classes.size(), 20u) << dir;
    int methods = 0;
    for (const std::string& cls : classes) {
      auto cf = l->class_path->Load(cls);
      ASSERT_TRUE(cf.ok()) << cf.status();
      for (const auto& m : (*cf)->methods) {
        if (!m.code) continue;
        ++methods;
        auto ir = ir::BuildMethodIR(*cf, m, *l->hierarchy);
        ASSERT_TRUE(ir.ok()) << cls << "." << m.name << m.descriptor << ": " << ir.status();
        EXPECT_THAT(ir::VerifyMethodIR(**ir, l->hierarchy.get()), IsEmpty()) << (*ir)->QualifiedName();
      }
    }
    EXPECT_GE(methods, 100) << dir;
  }
}

// --- Teeth: wrong IRs that the verifier accepts must give wrong results ---------------

// The cases of one method, from the Driver's run.
std::vector<const Case*> CasesOf(const std::string& cls, const std::string& method) {
  std::vector<const Case*> out;
  for (const Case& c : GetEnv().cases) {
    if (c.cls == cls && c.method == method) out.push_back(&c);
  }
  return out;
}

// Runs the method's cases with `mutant` in place of its IR (null: the built
// IR); returns how many disagree with the JVM.
int Disagreements(const Loaded& l, const std::string& cls, const std::string& method,
                  std::shared_ptr<const ir::MethodIR> mutant) {
  IrInterpreter interp(*l.class_path, *l.hierarchy);
  if (mutant) interp.ReplaceMethodIR(mutant);
  int wrong = 0;
  for (const Case* c : CasesOf(cls, method)) wrong += RunCase(interp, *l.class_path, *c) != c->expected;
  ExpectVerified(interp, *l.hierarchy, "release 8");  // the IRs built here (not the mutant)
  return wrong;
}

// A copy of the built IR of the method, to mutate. The copy's string views
// point into the original, which `keep` keeps alive.
std::shared_ptr<ir::MethodIR> CopyIR(const Loaded& l, const std::string& cls, const std::string& method,
                                     std::shared_ptr<const ir::MethodIR>* keep) {
  IrInterpreter interp(*l.class_path, *l.hierarchy);
  auto ir = interp.MethodIRFor(cls, method, DescriptorOf(*l.class_path, cls, method));
  EXPECT_TRUE(ir.ok()) << ir.status();
  if (!ir.ok()) return nullptr;
  EXPECT_THAT(ir::VerifyMethodIR(**ir, l.hierarchy.get()), IsEmpty()) << (*ir)->QualifiedName();
  *keep = *ir;
  return std::make_shared<ir::MethodIR>(**ir);
}

// Swaps the targets of two edges; each stays at its place in the other's
// target's predecessor list, so phis keep their arity.
void SwapTargets(ir::MethodIR& m, ir::EdgeId a, ir::EdgeId b) {
  ir::BlockId ta = m.edges[a].to, tb = m.edges[b].to;
  for (ir::EdgeId& p : m.blocks[ta].preds) {
    if (p == a) p = b;
  }
  for (ir::EdgeId& p : m.blocks[tb].preds) {
    if (p == b) p = a;
  }
  std::swap(m.edges[a].to, m.edges[b].to);
}

// Edges of `kind` leaving blocks, in block order.
std::vector<ir::EdgeId> EdgesOfKind(const ir::MethodIR& m, ir::EdgeKind kind) {
  std::vector<ir::EdgeId> out;
  for (const ir::Block& b : m.blocks) {
    for (ir::EdgeId e : b.succs) {
      if (m.edges[e].kind == kind) out.push_back(e);
    }
  }
  return out;
}

class IrInterpreterTeeth : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(GetEnv().release8.error, "");
    ASSERT_EQ(GetEnv().driver_status, 0);
  }
  const Loaded& l() const { return GetEnv().release8; }

  // The unmutated IR agrees, the verifier accepts the mutant, and the
  // mutant disagrees with the JVM on at least one case of `method` (which
  // calls the mutant, or is it).
  void ExpectCaught(const std::string& cls, const std::string& method, std::shared_ptr<ir::MethodIR> mutant,
                    bool verifier_accepts = true) {
    ASSERT_NE(mutant, nullptr);
    ASSERT_FALSE(CasesOf(cls, method).empty()) << method;
    EXPECT_EQ(Disagreements(l(), cls, method, nullptr), 0) << method;
    if (verifier_accepts) {
      EXPECT_THAT(ir::VerifyMethodIR(*mutant, l().hierarchy.get()), IsEmpty());
    }
    EXPECT_GT(Disagreements(l(), cls, method, mutant), 0)
        << mutant->QualifiedName() << ": the mutant went unnoticed by the cases of " << method;
  }
};

TEST_F(IrInterpreterTeeth, SwappedBranchTargets) {
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/SwitchOps", "ternaries", &keep);
  ASSERT_NE(m, nullptr);
  auto t = EdgesOfKind(*m, ir::EdgeKind::kTrue);
  auto f = EdgesOfKind(*m, ir::EdgeKind::kFalse);
  ASSERT_FALSE(t.empty());
  ASSERT_EQ(m->edges[t[0]].from, m->edges[f[0]].from);
  SwapTargets(*m, t[0], f[0]);
  ExpectCaught("fixtures/interp/SwitchOps", "ternaries", m);
}

TEST_F(IrInterpreterTeeth, SwappedSwitchCases) {
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/SwitchOps", "lookup", &keep);
  ASSERT_NE(m, nullptr);
  auto cases = EdgesOfKind(*m, ir::EdgeKind::kCase);
  ASSERT_GE(cases.size(), 2u);
  SwapTargets(*m, cases[0], cases[1]);
  ExpectCaught("fixtures/interp/SwitchOps", "lookup", m);
}

TEST_F(IrInterpreterTeeth, WrongArithmetic) {
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/Arith", "addMul", &keep);
  ASSERT_NE(m, nullptr);
  bool changed = false;
  for (ir::Instruction& in : m->insns) {
    if (in.op == ir::Op::kBinary && in.binary == ir::BinaryOp::kSub && !changed) {
      in.binary = ir::BinaryOp::kAdd;
      changed = true;
    }
  }
  ASSERT_TRUE(changed);
  ExpectCaught("fixtures/interp/Arith", "addMul", m);
}

TEST_F(IrInterpreterTeeth, SwappedPhiOperands) {
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/LoopOps", "nestedSwap", &keep);
  ASSERT_NE(m, nullptr);
  // The loop header's phis take a from the entry and b from the back edge;
  // exchange the back-edge operands of the first two phis (a <-> b).
  const ir::Block* header = nullptr;
  for (const ir::Block& b : m->blocks) {
    if (b.phis.size() >= 2 && b.preds.size() == 2) {
      header = &b;
      break;
    }
  }
  ASSERT_NE(header, nullptr);
  ir::Instruction& p0 = m->insns[header->phis[0]];
  ir::Instruction& p1 = m->insns[header->phis[1]];
  std::swap(p0.operands[1], p1.operands[1]);
  ExpectCaught("fixtures/interp/LoopOps", "nestedSwap", m);
}

TEST_F(IrInterpreterTeeth, ExceptionRoutedToTheWrongHandler) {
  // catchOrder: thrower(k)'s exceptions go to the AIOOBE handler, then the
  // IOOBE one, ...; exchange the first two: AIOOBE now returns -2.
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/ExceptionOps", "catchOrder", &keep);
  ASSERT_NE(m, nullptr);
  std::vector<ir::EdgeId> callee;
  for (ir::EdgeId e : EdgesOfKind(*m, ir::EdgeKind::kException)) {
    if (m->edges[e].thrown == "java/lang/Throwable" && m->edges[e].to != m->exceptional_exit) callee.push_back(e);
  }
  ASSERT_GE(callee.size(), 2u);
  ASSERT_EQ(m->edges[callee[0]].caught_as, "java/lang/ArrayIndexOutOfBoundsException");
  SwapTargets(*m, callee[0], callee[1]);
  ExpectCaught("fixtures/interp/ExceptionOps", "catchOrder", m);
}

TEST_F(IrInterpreterTeeth, WrongStaticType) {
  // make(k) claims its `new Dog` is a Cat: the interpreter checks every value
  // against its static type, so virtualCall(0) fails.
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/ObjectOps", "make", &keep);
  ASSERT_NE(m, nullptr);
  bool changed = false;
  for (const ir::Instruction& in : m->insns) {
    if (in.op == ir::Op::kNew && in.type == "fixtures/interp/Dog") {
      m->values[in.result].type.descriptor = "Lfixtures/interp/Cat;";
      changed = true;
    }
  }
  ASSERT_TRUE(changed);
  ExpectCaught("fixtures/interp/ObjectOps", "virtualCall", m);
}

TEST_F(IrInterpreterTeeth, CaughtExceptionRoutedToTheExit) {
  // catchDiv: the ArithmeticException edge of a / b goes to the exceptional
  // exit instead of the handler; catchDiv(7,0) then throws instead of -1.
  std::shared_ptr<const ir::MethodIR> keep;
  auto m = CopyIR(l(), "fixtures/interp/ExceptionOps", "catchDiv", &keep);
  ASSERT_NE(m, nullptr);
  ir::EdgeId arith = ir::kNone;
  for (ir::EdgeId e : EdgesOfKind(*m, ir::EdgeKind::kException)) {
    if (m->edges[e].thrown == "java/lang/ArithmeticException") arith = e;
  }
  ASSERT_NE(arith, ir::kNone);
  ir::Block& handler = m->blocks[m->edges[arith].to];
  auto pos = std::find(handler.preds.begin(), handler.preds.end(), arith) - handler.preds.begin();
  handler.preds.erase(handler.preds.begin() + pos);
  for (ir::InsnId phi : handler.phis) m->insns[phi].operands.erase(m->insns[phi].operands.begin() + pos);
  m->edges[arith].to = m->exceptional_exit;
  m->edges[arith].caught_as = {};
  m->blocks[m->exceptional_exit].preds.push_back(arith);
  // The handler is now unreachable, which the verifier reports; the point is
  // that the interpreter sees the changed result.
  ExpectCaught("fixtures/interp/ExceptionOps", "catchDiv", m, /*verifier_accepts=*/false);
}

}  // namespace
}  // namespace jwp::testing
