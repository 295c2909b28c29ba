#include "classfile/bytecode.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "classfile/class_reader.h"
#include "tests/test_support.h"

namespace jwp::classfile {
namespace {

using ::testing::HasSubstr;

std::shared_ptr<const ClassFile> LoadBasics() {
  std::string path = jwp::testing::Release8Dir() + "/fixtures/Basics.class";
  auto cf = ParseClassFile(jwp::testing::ReadFileBytes(path), path);
  EXPECT_TRUE(cf.ok()) << cf.status();
  return *cf;
}

DecodedCode DecodeMethod(const ClassFile& cf, std::string_view name) {
  for (const auto& m : cf.methods) {
    if (m.name == name) {
      auto d = DecodeCode(cf, m);
      EXPECT_TRUE(d.ok()) << d.status();
      return d.ok() ? *d : DecodedCode{};
    }
  }
  ADD_FAILURE() << "no method " << name;
  return {};
}

const Instruction* FindOp(const DecodedCode& code, Opcode op) {
  for (const auto& i : code.instructions) {
    if (i.opcode == op) return &i;
  }
  return nullptr;
}

TEST(Bytecode, DecodesTableSwitch) {
  auto cf = LoadBasics();
  DecodedCode code = DecodeMethod(*cf, "tableSwitch");
  const Instruction* sw = FindOp(code, Opcode::kTableswitch);
  ASSERT_NE(sw, nullptr);
  const SwitchTable& t = code.switches[sw->a];
  EXPECT_TRUE(t.is_table);
  EXPECT_EQ(t.low, 0);
  EXPECT_EQ(t.high, 3);
  ASSERT_EQ(t.cases.size(), 4u);
  for (const auto& [match, target] : t.cases) EXPECT_GE(code.IndexAt(target), 0) << match;
  EXPECT_GE(code.IndexAt(t.default_target), 0);
}

TEST(Bytecode, DecodesLookupSwitchInKeyOrder) {
  auto cf = LoadBasics();
  DecodedCode code = DecodeMethod(*cf, "lookupSwitch");
  const Instruction* sw = FindOp(code, Opcode::kLookupswitch);
  ASSERT_NE(sw, nullptr);
  const SwitchTable& t = code.switches[sw->a];
  EXPECT_FALSE(t.is_table);
  ASSERT_EQ(t.cases.size(), 3u);
  EXPECT_EQ(t.cases[0].first, -100);
  EXPECT_EQ(t.cases[1].first, 7);
  EXPECT_EQ(t.cases[2].first, 1000000);
}

TEST(Bytecode, DecodesWideIinc) {
  auto cf = LoadBasics();
  DecodedCode code = DecodeMethod(*cf, "wideLocals");
  bool found = false;
  for (const auto& i : code.instructions) {
    if (i.opcode == Opcode::kIinc && i.wide) {
      EXPECT_EQ(i.b, 1000);
      EXPECT_EQ(i.length, 6);
      found = true;
    }
  }
  EXPECT_TRUE(found);
  const Instruction* sipush = FindOp(code, Opcode::kSipush);
  ASSERT_NE(sipush, nullptr);
  EXPECT_EQ(sipush->a, 300);
}

TEST(Bytecode, DecodesInvokesAndArrays) {
  auto cf = LoadBasics();
  DecodedCode lambda = DecodeMethod(*cf, "lambda");
  const Instruction* indy = FindOp(lambda, Opcode::kInvokedynamic);
  ASSERT_NE(indy, nullptr);
  EXPECT_EQ(cf->pool.MemberName(static_cast<uint16_t>(indy->a)), "run");
  DecodedCode arrays = DecodeMethod(*cf, "arrays");
  const Instruction* multi = FindOp(arrays, Opcode::kMultianewarray);
  ASSERT_NE(multi, nullptr);
  EXPECT_EQ(multi->b, 2);
  EXPECT_EQ(cf->pool.ClassName(static_cast<uint16_t>(multi->a)), "[[I");
  const Instruction* newarray = FindOp(arrays, Opcode::kNewarray);
  ASSERT_NE(newarray, nullptr);
  EXPECT_STREQ(NewArrayTypeName(static_cast<uint8_t>(newarray->a)), "long");
  DecodedCode cmp = DecodeMethod(*cf, "compareTo");
  const Instruction* call = FindOp(cmp, Opcode::kInvokestatic);
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(cf->pool.MemberClass(static_cast<uint16_t>(call->a)), "java/lang/Integer");
  EXPECT_EQ(cf->pool.MemberName(static_cast<uint16_t>(call->a)), "compare");
  EXPECT_EQ(cf->pool.MemberDescriptor(static_cast<uint16_t>(call->a)), "(II)I");
}

// Hand-assembled code for what javac no longer emits: jsr/ret, goto_w,
// jsr_w, wide ret; and switches at every alignment.
TEST(Bytecode, DecodesJsrRetAndWideForms) {
  ConstantPool pool;
  pool.mutable_entries().resize(1);
  std::vector<uint8_t> code = {
      0xa8, 0x00, 0x0a,              // 0: jsr 10
      0xc9, 0x00, 0x00, 0x00, 0x0b,  // 3: jsr_w 14
      0xb1,                          // 8: return
      0x00,                          // 9: nop
      0x4c,                          // 10: astore_1
      0xa9, 0x01,                    // 11: ret 1
      0x00,                          // 13: nop
      0x4d,                          // 14: astore_2
      0xc4, 0xa9, 0x00, 0x02,        // 15: wide ret 2
      0xc8, 0xff, 0xff, 0xff, 0xed,  // 19: goto_w 0
  };
  auto d = DecodeBytecode(code, pool, 49, 0, "T");
  ASSERT_TRUE(d.ok()) << d.status();
  ASSERT_EQ(d->instructions.size(), 10u);
  EXPECT_EQ(d->instructions[0].opcode, Opcode::kJsr);
  EXPECT_EQ(d->instructions[0].a, 10);
  EXPECT_EQ(d->instructions[1].opcode, Opcode::kJsrW);
  EXPECT_EQ(d->instructions[1].a, 14);
  EXPECT_EQ(d->instructions[5].opcode, Opcode::kRet);
  EXPECT_EQ(d->instructions[5].a, 1);
  const Instruction& wide_ret = d->instructions[8];
  EXPECT_EQ(wide_ret.opcode, Opcode::kRet);
  EXPECT_TRUE(wide_ret.wide);
  EXPECT_EQ(wide_ret.a, 2);
  EXPECT_EQ(wide_ret.offset, 15u);
  EXPECT_EQ(d->instructions[9].opcode, Opcode::kGotoW);
  EXPECT_EQ(d->instructions[9].a, 0);
}

TEST(Bytecode, SwitchPaddingAtEveryAlignment) {
  ConstantPool pool;
  pool.mutable_entries().resize(1);
  for (int lead = 0; lead < 4; ++lead) {
    std::vector<uint8_t> code(lead, 0x00);  // nops
    size_t sw = code.size();
    code.push_back(0xaa);  // tableswitch
    while (code.size() % 4 != 0) code.push_back(0);
    auto put4 = [&](int32_t v) {
      for (int s = 24; s >= 0; s -= 8) code.push_back(static_cast<uint8_t>(v >> s));
    };
    size_t end = code.size() + 12 + 8;  // header + two targets
    int32_t rel = static_cast<int32_t>(end - sw);
    put4(rel);  // default -> the return after the switch
    put4(5);
    put4(6);
    put4(rel);
    put4(rel);
    code.push_back(0xb1);  // return
    auto d = DecodeBytecode(code, pool, 52, 0, "T");
    ASSERT_TRUE(d.ok()) << "lead " << lead << ": " << d.status();
    EXPECT_EQ(d->instructions.size(), static_cast<size_t>(lead + 2));
    EXPECT_EQ(d->switches[0].low, 5);
    EXPECT_EQ(d->switches[0].cases.size(), 2u);
  }
}

TEST(Bytecode, RejectsMalformedCode) {
  ConstantPool pool;
  pool.mutable_entries().resize(1);
  struct Case {
    std::vector<uint8_t> code;
    const char* message;
  } cases[] = {
      {{0xa7, 0x00, 0x02, 0x00, 0xb1}, "pc 0: goto: branch target 2 is not an instruction"},
      {{0xa7, 0x00, 0x10}, "pc 0: goto: branch target 16 is not an instruction"},
      {{0xba}, "pc 0: invokedynamic runs past the end of the code"},
      {{0x00, 0xcb}, "pc 1: unknown opcode 0xcb"},
      {{0xc4, 0x10, 0x00}, "pc 0: wide applied to opcode 0x10"},
      {{0x12, 0x05}, "pc 0: ldc: constant-pool index 5 out of range (count 1)"},
      {{0xbc, 0x03}, "pc 0: newarray: bad array type 3"},
      {{0xab, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
       "lookupswitch: keys are not sorted"},
      {{0xaa, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1}, "tableswitch: low 2 > high 1"},
  };
  for (const auto& c : cases) {
    auto d = DecodeBytecode(c.code, pool, 52, 0x100, "C.class: method m()V");
    ASSERT_FALSE(d.ok()) << c.message;
    EXPECT_THAT(std::string(d.status().message()), HasSubstr(c.message));
    EXPECT_THAT(std::string(d.status().message()), HasSubstr("C.class: method m()V: offset 0x1"));
  }
}

TEST(Bytecode, DecodesEveryMethodOfTheFixtures) {
  for (const std::string& dir : {jwp::testing::Release8Dir(), jwp::testing::Release17Dir()}) {
    for (const char* name : {"fixtures/Basics", "fixtures/Modern", "fixtures/Modern$Point"}) {
      std::string path = dir + "/" + name + ".class";
      auto bytes = jwp::testing::ReadFileBytes(path);
      if (bytes.empty()) continue;  // Modern exists only for release 17
      auto cf = ParseClassFile(std::move(bytes), path);
      ASSERT_TRUE(cf.ok()) << cf.status();
      for (const auto& m : (*cf)->methods) {
        if (!m.code) continue;
        auto d = DecodeCode(**cf, m);
        ASSERT_TRUE(d.ok()) << d.status();
        // Instructions tile the code exactly.
        uint32_t next = 0;
        for (const auto& i : d->instructions) {
          EXPECT_EQ(i.offset, next);
          next += i.length;
        }
        EXPECT_EQ(next, m.code->code.size());
      }
    }
  }
}

}  // namespace
}  // namespace jwp::classfile
