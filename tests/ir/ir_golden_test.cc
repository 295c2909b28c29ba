// Golden files of `jwp ir` (the printer's stable format): for each method in
// tests/golden/ir/cases.txt, the output must equal
// tests/golden/ir/<release>/<method>.expected. Regenerate with
// tests/golden/ir/update.sh and review the diff.
#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "tests/ir/ir_test_support.h"
#include "tests/test_support.h"

namespace jwp::ir::testing {
namespace {

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first line where two texts differ, for the failure message.
std::string FirstDifference(const std::string& a, const std::string& b) {
  std::istringstream sa(a), sb(b);
  std::string la, lb;
  for (int n = 1;; ++n) {
    bool ga = static_cast<bool>(std::getline(sa, la));
    bool gb = static_cast<bool>(std::getline(sb, lb));
    if (!ga && !gb) return "no difference";
    if (!ga || !gb || la != lb) {
      return "line " + std::to_string(n) + ":\n  expected: " + (ga ? la : "<end>") + "\n  actual:   " + (gb ? lb : "<end>");
    }
  }
}

TEST(IrGolden, JwpIrMatchesExpectedFiles) {
  const std::string dir = jwp::testing::SourceDir() + "/tests/golden/ir";
  std::ifstream cases(dir + "/cases.txt");
  ASSERT_TRUE(cases.good()) << dir << "/cases.txt";
  std::string line;
  int compared = 0;
  while (std::getline(cases, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string release, method;
    fields >> release >> method;
    SCOPED_TRACE(release + " " + method);
    const std::string expected_path = dir + "/" + release + "/" + method + ".expected";
    std::string expected = ReadText(expected_path);
    ASSERT_FALSE(expected.empty()) << "missing " << expected_path << " (run tests/golden/ir/update.sh)";
    int status = -1;
    std::string actual = jwp::testing::RunCommand(jwp::testing::BinaryDir() + "/bin/jwp ir --jdk " +
                                                      jwp::testing::JavaHome() + " -cp " +
                                                      jwp::testing::FixturesDir() + "/" + release + " '" + method +
                                                      "' 2>&1",
                                                  &status);
    EXPECT_EQ(status, 0) << actual;
    EXPECT_TRUE(actual == expected) << "jwp ir differs from " << expected_path << " at "
                                    << FirstDifference(expected, actual)
                                    << "\n(if the change is intended: tests/golden/ir/update.sh, then review the diff)";
    ++compared;
  }
  EXPECT_GE(compared, 8);
}

// Regression: the recipe was escaped after its tags were spelled \1, so a tag
// printed as "\\1", the same as a backslash followed by '1'.
TEST(IrPrinter, ConcatRecipeTagsAndBackslashesStayDistinct) {
  auto ir = BuildFixture(Release::k17, "fixtures/irshapes/Concat", "withTag");
  ASSERT_NE(ir, nullptr);
  MethodIR copy = *ir;
  Instruction* concat = nullptr;
  for (Instruction& in : copy.insns) {
    if (in.op == Op::kStringConcat) concat = &in;
  }
  ASSERT_NE(concat, nullptr);
  EXPECT_EQ(InstructionString(copy, *concat).substr(InstructionString(copy, *concat).find('=')),
            "= concat \"\\2\\1\" (v0)");
  concat->text = "a\\1\1\n\"";  // a, backslash, 1, tag, newline, quote
  std::string printed = InstructionString(copy, *concat);
  EXPECT_NE(printed.find("concat \"a\\\\1\\1\\n\\\"\" (v0)"), std::string::npos) << printed;
}

}  // namespace
}  // namespace jwp::ir::testing
