// The entry check (wp/entry_check.h) on the methods of
// tests/fixtures/java8/fixtures/rules/Entries.java: the typing of an
// entry's inputs, what Z3 makes of a minterm under it, and the witness
// taken from its model.
#include "wp/entry_check.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "absint/field_facts.h"
#include "callgraph/lambda_classes.h"
#include "logic/printer.h"
#include "tests/callgraph/callgraph_test_support.h"

namespace jwp::wp {
namespace {

using FixtureWorld = callgraph::testing::World;
using logic::Minterm;
using logic::Term;

class EntryCheckTest : public ::testing::Test {
 protected:
  void Load(const char* cls) {
    auto ir = FixtureWorld::Get().cache().Get(
        callgraph::MethodId(cls, "withFlag", "(ZLjava/lang/String;I)I"));
    ASSERT_TRUE(ir.ok()) << ir.status();
    ir_ = *ir;
    tr_ = std::make_unique<Transformer>(vocab_, *ir_, vocab_.namespace_of(*ir_));
  }
  EntryCheck::Entry entry() { return {*ir_, *tr_}; }
  Term param(size_t i) { return tr_->var(ir_->params[i]); }  // 0: this, 1: flag, 2: s, 3: n
  std::optional<EntryCheck::Found> Check(std::initializer_list<Term> literals, std::string* why_not) {
    return check_.Check(Minterm::of(tm_, literals), entry(),
                        [&](std::span<const Term> q, bool w) { return solver_.check(q, w); }, why_not);
  }
  Term size_of_this() { return tm_.mk_read(vocab_.field("fixtures/rules/Entries", "size", "I"), param(0)); }

  logic::TermManager tm_;
  callgraph::LambdaClasses lambdas_;
  LambdaTypeFacts types_{FixtureWorld::Get().hierarchy(), lambdas_};
  Vocabulary vocab_{tm_, FixtureWorld::Get().hierarchy()};
  solver::Solver solver_{tm_, [&] {
                           solver::SolverOptions o;
                           o.types = &types_;
                           return o;
                         }()};
  EntryCheck check_{tm_, vocab_, types_};
  std::shared_ptr<const ir::MethodIR> ir_;
  std::unique_ptr<Transformer> tr_;
};

// A boolean parameter is 0 or 1: flag == 2 is no input, and Z3 proves it
// (no reason to give: the minterm is simply infeasible).
TEST_F(EntryCheckTest, ABooleanParameterOutsideItsRangeIsUnsatisfiable) {
  Load("fixtures/rules/Entries");
  std::string why_not = "unset";
  EXPECT_FALSE(Check({tm_.mk_eq(param(1), tm_.mk_int(2))}, &why_not));
  EXPECT_EQ(why_not, "");
}

// The receiver is never null, and is an instance of its class.
TEST_F(EntryCheckTest, TheReceiverIsANonNullInstanceOfItsClass) {
  Load("fixtures/rules/Entries");
  std::string why_not;
  EXPECT_FALSE(Check({tm_.mk_eq(param(0), tm_.mk_null())}, &why_not));
  EXPECT_FALSE(Check({tm_.mk_not(tm_.mk_instance_of(param(0), tm_.mk_type("fixtures/rules/Entries")))}, &why_not));
  EXPECT_FALSE(Check({tm_.mk_ne(param(2), tm_.mk_null()),
                      tm_.mk_instance_of(param(2), tm_.mk_type("java/lang/Integer"))},
                     &why_not))
      << "a String parameter holding an Integer";
}

// A satisfiable minterm gives a witness with its values: the arguments in
// order, the receiver an object whose field has the value asked for.
TEST_F(EntryCheckTest, AWitnessCarriesTheModelsArgumentsAndHeap) {
  Load("fixtures/rules/Entries");
  std::string why_not;
  auto found = Check({tm_.mk_eq(param(3), tm_.mk_int(7)), tm_.mk_eq(size_of_this(), tm_.mk_int(3)),
                      tm_.mk_eq(param(1), tm_.mk_int(1))},
                     &why_not);
  ASSERT_TRUE(found) << why_not;
  const Replay& r = found->witness;
  EXPECT_EQ(r.entry_class, "fixtures/rules/Entries");
  EXPECT_FALSE(r.entry_static);
  ASSERT_EQ(r.arguments.size(), 3u);
  EXPECT_EQ(r.arguments[0].integral, 1);
  EXPECT_EQ(r.arguments[2].integral, 7);
  ASSERT_TRUE(r.receiver && r.receiver->kind == solver::WitnessValue::Kind::kRef);
  const solver::WitnessObject* self = nullptr;
  for (const auto& o : r.heap) {
    if (o.id == r.receiver->object) self = &o;
  }
  ASSERT_NE(self, nullptr);
  bool size_is_3 = false;
  for (const auto& f : self->fields) size_is_3 = size_is_3 || (f.name == "size" && f.value.integral == 3);
  EXPECT_TRUE(size_is_3);
  EXPECT_NE(found->precondition.find("7"), std::string::npos) << found->precondition;
}

// An overridable entry is called virtually: the receiver's class must not
// override it, and the precondition says so; a final class's needs not.
TEST_F(EntryCheckTest, AnOverridableEntryNamesItsDispatch) {
  Load("fixtures/rules/Entries");
  EXPECT_FALSE(check_.Dispatch(entry()).is_null());
  std::string why_not;
  auto found = Check({tm_.mk_eq(param(3), tm_.mk_int(7))}, &why_not);
  ASSERT_TRUE(found) << why_not;
  EXPECT_NE(found->precondition.find("withFlag"), std::string::npos) << found->precondition;

  Load("fixtures/rules/Entries$Sealed");
  EXPECT_TRUE(check_.Dispatch(entry()).is_null());
  found = Check({tm_.mk_eq(param(3), tm_.mk_int(7))}, &why_not);
  ASSERT_TRUE(found) << why_not;
  EXPECT_EQ(found->precondition.find("withFlag"), std::string::npos) << found->precondition;
}

// Field facts at the entry (absint/field_facts.h, issue #29): a field the
// precondition reads holds only what its class's code leaves there, and a
// witness that breaks that is refused.
class EntryFieldFactsTest : public EntryCheckTest {
 protected:
  void SetUp() override {
    vocab_.set_field_facts(&facts_);
    auto ir = FixtureWorld::Get().cache().Get(callgraph::MethodId("wp/FieldFacts", "takenByTrue", "()I"));
    ASSERT_TRUE(ir.ok()) << ir.status();
    ir_ = *ir;
    tr_ = std::make_unique<Transformer>(vocab_, *ir_, vocab_.namespace_of(*ir_));
  }
  Term flag() { return tm_.mk_read(vocab_.field("wp/FieldFacts", "privateTrue", "Z"), param(0)); }
  absint::FieldFacts facts_{FixtureWorld::Get().hierarchy()};
};

TEST_F(EntryFieldFactsTest, AFieldHoldsOnlyWhatItsConstructorsLeaveThere) {
  std::string why_not = "unset";
  EXPECT_FALSE(Check({tm_.mk_eq(flag(), tm_.mk_int(0))}, &why_not));
  EXPECT_EQ(why_not, "");  // unsatisfiable: every constructor sets privateTrue
  std::optional<EntryCheck::Found> found = Check({tm_.mk_eq(flag(), tm_.mk_int(1))}, &why_not);
  ASSERT_TRUE(found) << why_not;
  ASSERT_EQ(vocab_.facts_used().size(), 1u);
  EXPECT_EQ(vocab_.facts_used()[0], "wp.FieldFacts.privateTrue holds 1 once initialized");
}

TEST_F(EntryFieldFactsTest, AWitnessThatBreaksAFieldFactIsNamed) {
  solver::Witness w;
  solver::WitnessObject o;
  o.id = "o1";
  o.type = "wp/FieldFacts";
  solver::WitnessField f;
  f.owner = "wp/FieldFacts";
  f.name = "privateTrue";
  f.descriptor = "Z";
  f.value.kind = solver::WitnessValue::Kind::kBool;
  f.value.integral = 1;
  o.fields.push_back(f);
  w.objects.push_back(o);
  EXPECT_EQ(vocab_.breaks_field_facts(w, ""), "");
  w.objects[0].fields[0].value.integral = 0;
  EXPECT_EQ(vocab_.breaks_field_facts(w, ""), "o1.privateTrue (wp.FieldFacts.privateTrue holds 1 once initialized)");
  // The receiver of an entry constructor is not yet initialized.
  EXPECT_EQ(vocab_.breaks_field_facts(w, "o1"), "");
  // A reference field: name holds "jwp" once constructed, not another object.
  solver::WitnessObject s;
  s.id = "o2";
  s.type = "java/lang/String";
  s.string_value = "other";
  w.objects[0].fields[0].value.integral = 1;
  solver::WitnessField name;
  name.owner = "wp/FieldFacts";
  name.name = "name";
  name.descriptor = "Ljava/lang/String;";
  name.value.kind = solver::WitnessValue::Kind::kRef;
  name.value.object = "o2";
  w.objects[0].fields.push_back(name);
  w.objects.push_back(s);
  EXPECT_NE(vocab_.breaks_field_facts(w, ""), "");
  w.objects[1].string_value = "jwp";
  EXPECT_EQ(vocab_.breaks_field_facts(w, ""), "");
  // What the witness runner checks again: each field the witness sets
  // that has facts, with its allowed values.
  const std::vector<FieldFactCheck> checks = vocab_.field_fact_checks(w, "");
  ASSERT_EQ(checks.size(), 2u);
  EXPECT_EQ(checks[0].object, "o1");
  EXPECT_EQ(checks[0].name, "privateTrue");
  ASSERT_EQ(checks[0].allowed.size(), 1u);
  EXPECT_EQ(checks[0].allowed[0].ToString(), "1");
  EXPECT_TRUE(checks[0].kept);
  EXPECT_EQ(checks[1].name, "name");
  EXPECT_EQ(checks[1].fact, "wp.FieldFacts.name holds \"jwp\" once initialized");
  EXPECT_TRUE(vocab_.field_fact_checks(w, "o1").empty());
}

}  // namespace
}  // namespace jwp::wp
