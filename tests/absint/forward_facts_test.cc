// Forward facts (absint/forward_facts.h) over tests/fixtures/java8/fixtures/forward.
#include "absint/forward_facts.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::absint {
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
  const ir::MethodIR& ir = f->ir != nullptr ? *f->ir : *a.ir;
  std::vector<std::pair<uint32_t, ir::BlockId>> ifs;
  for (const ir::Block& b : ir.blocks) {
    if (!b.insns.empty() && ir.insns[b.insns.back()].op == ir::Op::kIf) {
      ifs.emplace_back(ir.insns[b.insns.back()].bci, b.id);
    }
  }
  std::sort(ifs.begin(), ifs.end());
  for (const auto& [bci, b] : ifs) {
    bool t = false, e = false;
    for (ir::EdgeId s : ir.blocks[b].succs) {
      if (ir.edges[s].kind == ir::EdgeKind::kTrue) t = f->Live(s);
      if (ir.edges[s].kind == ir::EdgeKind::kFalse) e = f->Live(s);
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

TEST(ForwardFacts, TheCloneOfATrackedArrayHasItsElements) {
  EXPECT_EQ(BranchesOf("cloned", "()I"), (std::vector{kBlockNeverRuns}));
  EXPECT_EQ(BranchesOf("cloneWritten", "()I"), (std::vector{kBlockNeverRuns}));
}

TEST(ForwardFacts, AParameterOfAPrimitiveArrayOrFinalClassTypeHasThatExactType) {
  Analysed a = Analyse("declaredTypes", "([ILjava/lang/String;Ljava/lang/Object;)I");
  ASSERT_TRUE(a.facts.complete) << a.facts.why_not;
  // `a instanceof Object` holds unless a is null; `s instanceof
  // CharSequence` likewise; `o instanceof Object[]` is anyone's guess.
  EXPECT_EQ(Branches(a), (std::vector{kBoth, kBoth, kBoth}));
  // In kindOf, called with a (an int[] or null): never an Object[].
  const std::vector<std::string> callees = [&] {
    for (const ir::Block& b : a.ir->blocks) {
      for (ir::InsnId id : b.insns) {
        if (a.ir->insns[id].op == ir::Op::kInvoke && a.ir->insns[id].name == "kindOf") {
          return a.facts.Callees(ForwardFacts::kRoot, id);
        }
      }
    }
    return std::vector<std::string>{};
  }();
  ASSERT_EQ(callees.size(), 1u);
  EXPECT_EQ(Branches(a, callees[0]), (std::vector{kBlockNeverRuns}));
}

TEST(ForwardFacts, ImmutableStaticsByTheirFieldFacts) {
  FixtureWorld& w = FixtureWorld::Get();
  auto ir = w.cache().Get(callgraph::MethodId(kFresh, "names", "(I)I"));
  ASSERT_TRUE(ir.ok()) << ir.status();
  FieldFacts facts(w.hierarchy());
  ForwardOptions options;
  options.field_facts = &facts;
  Analysed with{*ir, ComputeForwardFacts(w.hierarchy(), w.cache(), **ir, options)};
  ASSERT_TRUE(with.facts.complete) << with.facts.why_not;
  EXPECT_EQ(Branches(with), (std::vector{kBlockNeverRuns, kBlockNeverRuns}));
  EXPECT_EQ(with.facts.facts_used.size(), 2u);
  // Without the facts, either may be null.
  Analysed without{*ir, ComputeForwardFacts(w.hierarchy(), w.cache(), **ir)};
  EXPECT_EQ(Branches(without), (std::vector{kBoth, kBoth}));
}

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

TEST(ForwardFacts, ALoopThatRunsAKnownNumberOfTimesIsFollowedPathByPath) {
  // Joined states would know neither i nor the size after the loop.
  EXPECT_EQ(BranchesOf("counted", "()I"), (std::vector{kBoth, kBlockAlwaysRuns}));
}

// The context of the first method named `method` (a QualifiedName).
std::string ContextOf(const Analysed& a, const std::string& method) {
  std::vector<std::string> found;
  for (const auto& [context, f] : a.facts.by_context) {
    if (f.method == method) found.push_back(context);
  }
  EXPECT_EQ(found.size(), 1u) << method;
  return found.empty() ? std::string("?") : found[0];
}

TEST(ForwardFacts, AModSetHasTheWritesOfTheBlocksReached) {
  Analysed a = Analyse("countHit", "()I");
  ASSERT_TRUE(a.facts.complete) << a.facts.why_not;
  FixtureWorld& w = FixtureWorld::Get();
  callgraph::ModSets mods(w.hierarchy(), w.cache());
  ForwardModSets by_facts(a.facts, mods);
  const std::string hits = "fixtures/forward/Fresh$Counter.hits:I";
  const std::string misses = "fixtures/forward/Fresh$Counter.misses:I";
  // count(true) reaches the write of hits only; count in general writes both.
  const callgraph::ModSet* count = by_facts.Of(ContextOf(a, "fixtures/forward/Fresh$Counter.count(Z)V"));
  ASSERT_NE(count, nullptr);
  EXPECT_FALSE(count->top) << count->top_reason;
  EXPECT_EQ(count->Fields(), (std::vector<std::string>{hits}));
  EXPECT_EQ(mods.Of(callgraph::MethodId("fixtures/forward/Fresh$Counter", "count", "(Z)V")).Fields(),
            (std::vector<std::string>{hits, misses}));
  // The goal's method: what its calls write (Object.<init> writes nothing).
  const callgraph::ModSet* root = by_facts.Of(std::string(ForwardFacts::kRoot));
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->Fields(), (std::vector<std::string>{hits}));
  EXPECT_EQ(by_facts.Of("no such context"), nullptr);
}

TEST(ForwardFacts, TheMethodsACallDispatchesTo) {
  Analysed a = Analyse("dispatch", "(Ljava/lang/Runnable;)I");
  ASSERT_TRUE(a.facts.complete) << a.facts.why_not;
  const ForwardContext* root = a.facts.Find(ForwardFacts::kRoot);
  ASSERT_NE(root, nullptr);
  int calls = 0;
  for (size_t i = 0; i < a.ir->insns.size(); ++i) {
    const ir::Instruction& in = a.ir->insns[i];
    if (in.op != ir::Op::kInvoke) continue;
    const std::set<std::string>* to = root->Dispatched(static_cast<ir::InsnId>(i));
    if (in.name == "count") {
      ++calls;
      ASSERT_NE(to, nullptr);
      EXPECT_EQ(*to, (std::set<std::string>{"fixtures/forward/Fresh$Counter.count(Z)V"}));
    } else if (in.name == "run") {
      ++calls;
      EXPECT_EQ(to, nullptr) << "a parameter's class is not known";
    }
  }
  EXPECT_EQ(calls, 2);
}

// The goals of one method share one run of the analysis: a second goal
// (another IR object of the same method, as each goal builds its own) gets
// the same facts, its own IR as the root context's, and the contexts below
// keep IR that outlives the first goal's.
TEST(ForwardFacts, TheCacheRunsTheAnalysisOncePerMethod) {
  FixtureWorld& w = FixtureWorld::Get();
  ForwardFactsCache cache(w.hierarchy());
  const callgraph::MethodId id(kFresh, "countHit", "()I");
  ForwardFacts first;
  {
    callgraph::MethodCache own(w.hierarchy());
    auto ir = own.Get(id);
    ASSERT_TRUE(ir.ok()) << ir.status();
    bool computed = false;
    first = cache.Get(w.hierarchy(), **ir, {}, &computed);
    EXPECT_TRUE(computed);
    ASSERT_TRUE(first.complete) << first.why_not;
    EXPECT_EQ(first.Find(ForwardFacts::kRoot)->ir, ir->get());
  }  // the first goal's IR is gone
  callgraph::MethodCache again(w.hierarchy());
  auto ir = again.Get(id);
  ASSERT_TRUE(ir.ok()) << ir.status();
  bool computed = true;
  ForwardFacts second = cache.Get(w.hierarchy(), **ir, {}, &computed);
  EXPECT_FALSE(computed);
  ASSERT_TRUE(second.complete);
  EXPECT_EQ(second.Find(ForwardFacts::kRoot)->ir, ir->get());
  EXPECT_EQ(second.dead_edges, first.dead_edges);
  EXPECT_EQ(second.contexts, first.contexts);
  // The mod-sets read the contexts' IR (the callee's, owned by the cache).
  callgraph::ModSets mods(w.hierarchy(), w.cache());
  ForwardModSets by_facts(second, mods);
  const callgraph::ModSet* root = by_facts.Of(std::string(ForwardFacts::kRoot));
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->Fields(), (std::vector<std::string>{"fixtures/forward/Fresh$Counter.hits:I"}));
  // Other options are another key: computed anew.
  ForwardOptions fewer;
  fewer.max_depth = 1;
  cache.Get(w.hierarchy(), **ir, fewer, &computed);
  EXPECT_TRUE(computed);
}

}  // namespace
}  // namespace jwp::absint
