// The directed expansion state: targets enabled per call site.
#include "callgraph/enabled_targets.h"

#include <gtest/gtest.h>

namespace jwp::callgraph {
namespace {

TEST(EnabledTargets, EnablesOncePerSiteAndListsInNameOrder) {
  EnabledTargets e;
  EXPECT_FALSE(e.HasAny("a/C.m()V@3"));
  EXPECT_TRUE(e.Enable("a/C.m()V@3", "a/D.f()I"));
  EXPECT_FALSE(e.Enable("a/C.m()V@3", "a/D.f()I"));  // already enabled
  EXPECT_TRUE(e.Enable("a/C.m()V@3", "a/B.f()I"));
  EXPECT_TRUE(e.Enable("a/A.n()V@0", "a/D.f()I"));
  EXPECT_TRUE(e.IsEnabled("a/C.m()V@3", "a/B.f()I"));
  EXPECT_FALSE(e.IsEnabled("a/C.m()V@4", "a/B.f()I"));  // another site
  EXPECT_EQ(e.num_sites(), 2u);
  auto sorted = e.Sorted();
  ASSERT_EQ(sorted.size(), 2u);
  EXPECT_EQ(sorted[0].first, "a/A.n()V@0");
  EXPECT_EQ(sorted[1].first, "a/C.m()V@3");
  EXPECT_EQ(sorted[1].second, (std::vector<std::string>{"a/B.f()I", "a/D.f()I"}));
}

}  // namespace
}  // namespace jwp::callgraph
