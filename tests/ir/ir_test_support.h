// Helpers shared by the ir/ tests: a class path and hierarchy over the Java
// fixtures (with the JDK behind them, so that exception routing sees the real
// java.lang hierarchy), building a fixture method's IR with the verifier run on
// it, and small queries over a MethodIR (instructions by op, edges by kind,
// lines marked in the fixture sources with "// @name").
#ifndef JWP_TESTS_IR_IR_TEST_SUPPORT_H_
#define JWP_TESTS_IR_IR_TEST_SUPPORT_H_

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "ir/builder.h"
#include "ir/ir.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "tests/test_support.h"

namespace jwp::ir::testing {

enum class Release { k8, k17 };

// Fixture classes of tests/fixtures/java8/fixtures/irshapes.
inline constexpr std::string_view kExceptions = "fixtures/irshapes/Exceptions";
inline constexpr std::string_view kSwitches = "fixtures/irshapes/Switches";
inline constexpr std::string_view kLoops = "fixtures/irshapes/Loops";
inline constexpr std::string_view kStack = "fixtures/irshapes/Stack";

// A class path (one fixture directory, then the JDK) and its hierarchy,
// opened once per process and per release.
class FixtureWorld {
 public:
  static FixtureWorld& Get(Release r) {
    static FixtureWorld* worlds[2] = {nullptr, nullptr};
    FixtureWorld*& w = worlds[r == Release::k8 ? 0 : 1];
    if (w == nullptr) {
      w = new FixtureWorld(r == Release::k8 ? jwp::testing::Release8Dir() : jwp::testing::Release17Dir());
    }
    return *w;
  }
  const classfile::ClassPath& class_path() const { return *cp_; }
  const classfile::ClassHierarchy& hierarchy() const { return *hierarchy_; }
  const std::string& dir() const { return dir_; }

 private:
  explicit FixtureWorld(std::string dir) : dir_(std::move(dir)) {
    classfile::ClassPathOptions options;
    options.jdk_home = jwp::testing::JavaHome();
    auto cp = classfile::ClassPath::Open(dir_, options, &diagnostics_);
    if (!cp.ok()) {
      ADD_FAILURE() << cp.status();
      return;
    }
    cp_ = std::move(*cp);
    auto h = classfile::ClassHierarchy::Build(*cp_);
    if (!h.ok()) {
      ADD_FAILURE() << h.status();
      return;
    }
    hierarchy_ = std::move(*h);
  }

  std::string dir_;
  classfile::Diagnostics diagnostics_;
  std::unique_ptr<classfile::ClassPath> cp_;
  std::unique_ptr<classfile::ClassHierarchy> hierarchy_;
};

// Builds the IR of `cls` (internal name) . `method` (with `desc`, or the only
// method of that name), checks that it verifies, and returns it (null after
// a test failure).
inline std::shared_ptr<const MethodIR> BuildFixture(Release r, std::string_view cls, std::string_view method,
                                                    std::string_view desc = {}) {
  FixtureWorld& world = FixtureWorld::Get(r);
  auto cf = world.class_path().Load(cls);
  if (!cf.ok()) {
    ADD_FAILURE() << cf.status();
    return nullptr;
  }
  const classfile::MethodInfo* found = nullptr;
  for (const auto& m : (*cf)->methods) {
    if (m.name != method || (!desc.empty() && m.descriptor != desc)) continue;
    if (found != nullptr) {
      ADD_FAILURE() << cls << "." << method << " is ambiguous";
      return nullptr;
    }
    found = &m;
  }
  if (found == nullptr) {
    ADD_FAILURE() << "no method " << cls << "." << method << desc;
    return nullptr;
  }
  auto ir = BuildMethodIR(*cf, *found, world.hierarchy());
  if (!ir.ok()) {
    ADD_FAILURE() << ir.status();
    return nullptr;
  }
  std::vector<std::string> failures = VerifyMethodIR(**ir, &world.hierarchy());
  std::ostringstream printed;
  if (!failures.empty()) PrintMethodIR(**ir, printed);
  EXPECT_TRUE(failures.empty()) << ::testing::PrintToString(failures) << "\n" << printed.str();
  return *ir;
}

inline std::string Print(const MethodIR& ir) {
  std::ostringstream out;
  PrintMethodIR(ir, out);
  return out.str();
}

// --- Queries -----------------------------------------------------------------

// Instructions (phis included) satisfying `pred`, in block order.
inline std::vector<const Instruction*> Find(const MethodIR& ir,
                                            const std::function<bool(const Instruction&)>& pred) {
  std::vector<const Instruction*> out;
  for (const Block& b : ir.blocks) {
    for (const auto* list : {&b.phis, &b.insns}) {
      for (InsnId id : *list) {
        if (pred(ir.insns[id])) out.push_back(&ir.insns[id]);
      }
    }
  }
  return out;
}

inline std::vector<const Instruction*> FindOp(const MethodIR& ir, Op op) {
  return Find(ir, [op](const Instruction& in) { return in.op == op; });
}

// Calls of methods named `name` (kInvoke, any kind).
inline std::vector<const Instruction*> FindInvokes(const MethodIR& ir, std::string_view name) {
  return Find(ir, [name](const Instruction& in) { return in.op == Op::kInvoke && in.name == name; });
}

// The one instruction satisfying `pred` (a test failure and null otherwise).
inline const Instruction* FindOne(const MethodIR& ir, const std::function<bool(const Instruction&)>& pred,
                                  std::string_view what) {
  auto all = Find(ir, pred);
  if (all.size() != 1) {
    ADD_FAILURE() << "expected one " << what << ", found " << all.size() << "\n" << Print(ir);
    return nullptr;
  }
  return all[0];
}

inline std::vector<const Edge*> ExceptionEdges(const MethodIR& ir, BlockId b) {
  std::vector<const Edge*> out;
  for (EdgeId e : ir.blocks[b].succs) {
    if (ir.edges[e].kind == EdgeKind::kException) out.push_back(&ir.edges[e]);
  }
  return out;
}

inline std::vector<const Edge*> NormalEdges(const MethodIR& ir, BlockId b) {
  std::vector<const Edge*> out;
  for (EdgeId e : ir.blocks[b].succs) {
    if (ir.edges[e].kind != EdgeKind::kException) out.push_back(&ir.edges[e]);
  }
  return out;
}

// The handler block an exception edge enters: its kCatch type ("" for any).
inline std::string_view CatchTypeOf(const MethodIR& ir, BlockId b) {
  const Block& block = ir.blocks[b];
  if (!block.is_handler || block.insns.empty()) return "<not a handler>";
  return ir.insns[block.insns.front()].type;
}

// "thrown -> caught_as [not a|b]" or "thrown -> uncaught [...]", per edge.
inline std::string Routing(const MethodIR& ir, const Edge& e) {
  std::string s(e.thrown);
  s += e.to == ir.exceptional_exit ? " -> uncaught" : " -> " + std::string(e.caught_as.empty() ? "any" : e.caught_as);
  if (!e.not_caught_by.empty()) {
    s += " [not";
    for (size_t i = 0; i < e.not_caught_by.size(); ++i) s += (i ? "|" : " ") + std::string(e.not_caught_by[i]);
    s += "]";
  }
  return s;
}

inline std::vector<std::string> Routings(const MethodIR& ir, BlockId b) {
  std::vector<std::string> out;
  for (const Edge* e : ExceptionEdges(ir, b)) out.push_back(Routing(ir, *e));
  return out;
}

// Line number (1-based) of the line of a fixture source that contains
// "// @marker"; -1 (and a test failure) if none.
inline int MarkedLine(const std::string& source, std::string_view marker) {
  std::ifstream in(jwp::testing::SourceDir() + "/tests/fixtures/" + source);
  std::string line;
  std::string tag = "// @" + std::string(marker);
  for (int n = 1; std::getline(in, line); ++n) {
    size_t at = line.find(tag);
    if (at != std::string::npos &&
        (at + tag.size() == line.size() || line[at + tag.size()] == ' ')) {
      return n;
    }
  }
  ADD_FAILURE() << "no line marked " << tag << " in " << source;
  return -1;
}

}  // namespace jwp::ir::testing

#endif  // JWP_TESTS_IR_IR_TEST_SUPPORT_H_
