// The transformers of Table 1 (wp/transformer.h) on fixture methods.
#include "wp/transformer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/callgraph/callgraph_test_support.h"
#include "wp/vocabulary.h"

namespace jwp::wp {
namespace {

using FixtureWorld = callgraph::testing::World;
using logic::Minterm;
using logic::Sort;
using logic::Term;

class TransformerTest : public ::testing::Test {
 protected:
  // The IR of a method of fixtures/forward/Fresh.
  const ir::MethodIR& Method(const char* name, const char* descriptor) {
    auto ir = FixtureWorld::Get().cache().Get(callgraph::MethodId("fixtures/forward/Fresh", name, descriptor));
    EXPECT_TRUE(ir.ok()) << ir.status();
    ir_ = *ir;
    return *ir_;
  }
  // The first edge of kind `kind` out of a block that ends in an `if`.
  static ir::EdgeId FirstIfEdge(const ir::MethodIR& ir, ir::EdgeKind kind) {
    for (const ir::Block& b : ir.blocks) {
      if (b.insns.empty() || ir.insns[b.insns.back()].op != ir::Op::kIf) continue;
      for (ir::EdgeId e : b.succs) {
        if (ir.edges[e].kind == kind) return e;
      }
    }
    ADD_FAILURE() << "no if edge";
    return 0;
  }

  logic::TermManager tm_;
  Vocabulary vocab_{tm_, FixtureWorld::Get().hierarchy()};
  std::shared_ptr<const ir::MethodIR> ir_;
};

// A step whose precondition has more disjuncts than the transformer keeps
// drops them and says so: the step is lossy, so the search cannot end
// NOT_FOUND on it (issue #26: the disjuncts were dropped silently).
TEST_F(TransformerTest, APreconditionPastTheDisjunctLimitIsLossy) {
  const ir::MethodIR& ir = Method("oneAdd", "(I)I");
  Transformer t(vocab_, ir, vocab_.namespace_of(ir));
  // (x0 == 0 || x0 == 1) && ... && (x12 == 0 || x12 == 1): 2^13 = 8,192 disjuncts.
  std::vector<Term> literals;
  for (int k = 0; k < 13; ++k) {
    Term x = tm_.mk_var("x" + std::to_string(k), Sort::Int());
    literals.push_back(tm_.mk_or(tm_.mk_eq(x, tm_.mk_int(0)), tm_.mk_eq(x, tm_.mk_int(1))));
  }
  Step wide = t.through_edge(FirstIfEdge(ir, ir::EdgeKind::kTrue), Minterm::of(tm_, literals));
  EXPECT_TRUE(wide.pre.empty());
  EXPECT_NE(wide.lossy.find("disjuncts"), std::string::npos) << wide.lossy;
  // Twelve such literals (4,096 disjuncts) are kept whole.
  literals.pop_back();
  Step kept = t.through_edge(FirstIfEdge(ir, ir::EdgeKind::kTrue), Minterm::of(tm_, literals));
  EXPECT_EQ(kept.pre.size(), 4096u);
  EXPECT_TRUE(kept.lossy.empty()) << kept.lossy;
}

}  // namespace
}  // namespace jwp::wp
