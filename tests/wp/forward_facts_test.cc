// Forward facts (wp/forward_facts.h) over tests/fixtures/java8/fixtures/forward.
#include "wp/forward_facts.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::wp {
namespace {

using FixtureWorld = callgraph::testing::World;
constexpr const char* kFresh = "fixtures/forward/Fresh";

struct Analysed {
  std::shared_ptr<const ir::MethodIR> ir;
  ForwardFacts facts;
};

Analysed Analyse(const char* name, const char* descriptor) {
  FixtureWorld& w = FixtureWorld::Get();
  auto ir = w.cache().Get(callgraph::MethodId(kFresh, name, descriptor));
  EXPECT_TRUE(ir.ok()) << ir.status();
  if (!ir.ok()) return {};
  return {*ir, ComputeForwardFacts(w.hierarchy(), w.cache(), **ir)};
}

// For each `if` of the method in bytecode order: whether its true and its
// false edge are live in context `context`.
std::vector<std::pair<bool, bool>> Branches(const Analysed& a, const std::string& context = "") {
  std::vector<std::pair<bool, bool>> out;
  const ForwardContext* f = a.facts.Find(context);
  EXPECT_NE(f, nullptr) << context;
  if (f == nullptr) return out;
  std::vector<std::pair<uint32_t, ir::BlockId>> ifs;
  for (const ir::Block& b : a.ir->blocks) {
    if (!b.insns.empty() && a.ir->insns[b.insns.back()].op == ir::Op::kIf) {
      ifs.emplace_back(a.ir->insns[b.insns.back()].bci, b.id);
    }
  }
  std::sort(ifs.begin(), ifs.end());
  for (const auto& [bci, b] : ifs) {
    bool t = false, e = false;
    for (ir::EdgeId s : a.ir->blocks[b].succs) {
      if (a.ir->edges[s].kind == ir::EdgeKind::kTrue) t = f->Live(s);
      if (a.ir->edges[s].kind == ir::EdgeKind::kFalse) e = f->Live(s);
    }
    out.emplace_back(t, e);
  }
  return out;
}

// Branches of method `name` in its own context, the analysis complete.
std::vector<std::pair<bool, bool>> BranchesOf(const char* name, const char* descriptor) {
  Analysed a = Analyse(name, descriptor);
  EXPECT_TRUE(a.facts.complete) << a.facts.why_not;
  return a.facts.complete ? Branches(a) : std::vector<std::pair<bool, bool>>{};
}

// javac compiles `if (c) {...}` to a jump over the block when !c: the
// edge into the block is the `if`'s false edge.
constexpr std::pair<bool, bool> kBoth{true, true};
constexpr std::pair<bool, bool> kBlockNeverRuns{true, false};
constexpr std::pair<bool, bool> kBlockAlwaysRuns{false, true};

TEST(ForwardFacts, FieldsOfANewObjectWrittenByACallee) {
  Analysed a = Analyse("oneAdd", "(I)I");
  ASSERT_TRUE(a.facts.complete) << a.facts.why_not;
  EXPECT_EQ(Branches(a), (std::vector{kBlockNeverRuns, kBlockAlwaysRuns}));
  EXPECT_GT(a.facts.dead_edges, 0u);
  const ForwardContext* root = a.facts.Find(ForwardFacts::kRoot);
  ASSERT_NE(root, nullptr);
  EXPECT_TRUE(root->prunes);
  // Box.add ran in the context of its call.
  bool add = false;
  for (const auto& [context, f] : a.facts.by_context) {
    add = add || f.method == "fixtures/forward/Fresh$Box.add(I)V";
  }
  EXPECT_TRUE(add);
}

TEST(ForwardFacts, AnObjectPassedToUnknownCodeEscapes) {
  EXPECT_EQ(BranchesOf("escapes", "(Ljava/util/function/Consumer;)I"), (std::vector{kBoth}));
}

TEST(ForwardFacts, AnAllocationInALoopIsWeaklyUpdated) {
  // The loop's test, then the size test: both unknown.
  EXPECT_EQ(BranchesOf("loop", "(I)I"), (std::vector{kBoth, kBoth}));
}

TEST(ForwardFacts, TheHashCodeOfAStringLiteral) {
  EXPECT_EQ(BranchesOf("literalHash", "()I"), (std::vector{kBlockAlwaysRuns}));
}

TEST(ForwardFacts, AParameterIsAnything) {
  Analysed a = Analyse("parameter", "(Lfixtures/forward/Fresh$Box;)I");
  ASSERT_TRUE(a.facts.complete) << a.facts.why_not;
  EXPECT_EQ(Branches(a), (std::vector{kBoth}));
  const ForwardContext* root = a.facts.Find(ForwardFacts::kRoot);
  ASSERT_NE(root, nullptr);
  // Only the NullPointerException of b.size could be ruled out, and b may be null.
  EXPECT_FALSE(root->prunes);
}

// The methods the facts have contexts of.
std::vector<std::string> ContextMethods(const Analysed& a) {
  std::vector<std::string> methods;
  for (const auto& [context, f] : a.facts.by_context) methods.push_back(f.method);
  std::sort(methods.begin(), methods.end());
  return methods;
}

TEST(ForwardFacts, ACallThatBecomesUnknownLeavesNoContextBelowIt) {
  Analysed one = Analyse("oneClass", "(I)I");
  ASSERT_TRUE(one.facts.complete) << one.facts.why_not;
  EXPECT_EQ(ContextMethods(one), (std::vector<std::string>{
                                     "fixtures/forward/Fresh$Shape.<init>()V",
                                     "fixtures/forward/Fresh$Tri.<init>()V",
                                     "fixtures/forward/Fresh$Tri.sides()I",
                                     "fixtures/forward/Fresh.oneClass(I)I",
                                     "java/lang/Object.<init>()V",
                                 }));
  Analysed two = Analyse("secondClass", "(I)I");
  ASSERT_TRUE(two.facts.complete) << two.facts.why_not;
  for (const std::string& m : ContextMethods(two)) EXPECT_EQ(m.find("sides"), std::string::npos) << m;
}

}  // namespace
}  // namespace jwp::wp
