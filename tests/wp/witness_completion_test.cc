// Witness completion (wp/witness_completion.h) over
// tests/fixtures/java8/wp/Completion.java: the fields a witness's object
// does not set get the values its constructor leaves there.
#include "wp/witness_completion.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/callgraph/callgraph_test_support.h"
#include "wp/engine.h"
#include "wp/goal.h"

namespace jwp::wp {
namespace {

const solver::WitnessObject* ObjectOf(const Replay& w, const solver::WitnessValue& v) {
  if (v.kind != solver::WitnessValue::Kind::kRef) return nullptr;
  for (const solver::WitnessObject& o : w.heap) {
    if (o.id == v.object) return &o;
  }
  return nullptr;
}

const solver::WitnessField* FieldOf(const solver::WitnessObject& o, std::string_view name) {
  for (const solver::WitnessField& f : o.fields) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

TEST(WitnessCompletion, TheReceiverHoldsWhatItsConstructorLeaves) {
  auto spec = ParseGoal("wp.Completion.send(Ljava/lang/String;)I@any", "npe");
  ASSERT_TRUE(spec.ok()) << spec.status();
  const classfile::ClassHierarchy& h = callgraph::testing::World::Get().hierarchy();
  auto goal = ResolveGoal(h, *spec);
  ASSERT_TRUE(goal.ok()) << goal.status();
  EngineOptions options;
  options.max_steps = 5000;
  const Result r = RunGoal(h, *goal, options);
  ASSERT_EQ(r.verdict, Verdict::kFound) << r.reason;
  ASSERT_TRUE(r.witness.has_value() && r.witness->receiver.has_value());
  const Replay& w = *r.witness;
  const solver::WitnessObject* self = ObjectOf(w, *w.receiver);
  ASSERT_NE(self, nullptr);
  EXPECT_EQ(self->type, "wp/Completion");
  // mode: 3 (its field facts: the constructor stores 3).
  const solver::WitnessField* mode = FieldOf(*self, "mode");
  ASSERT_NE(mode, nullptr);
  EXPECT_EQ(mode->value.integral, 3);
  // sink: never null where stored; CountingSink is Sink's one class.
  const solver::WitnessField* sink = FieldOf(*self, "sink");
  ASSERT_NE(sink, nullptr);
  const solver::WitnessObject* s = ObjectOf(w, sink->value);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->type, "wp/Completion$CountingSink");
  // memo: a new Memo, whose items (no facts: deserialization may set it)
  // is what Memo's constructor stores, a new ArrayList.
  const solver::WitnessField* memo = FieldOf(*self, "memo");
  ASSERT_NE(memo, nullptr);
  const solver::WitnessObject* m = ObjectOf(w, memo->value);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->type, "wp/Completion$Memo");
  const solver::WitnessField* items = FieldOf(*m, "items");
  ASSERT_NE(items, nullptr);
  const solver::WitnessObject* list = ObjectOf(w, items->value);
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->type, "java/util/ArrayList");
  EXPECT_TRUE(FieldOf(*list, "size") == nullptr) << "a JDK object is the runner's to construct";
}

TEST(WitnessCompletion, ACandidateKeepsOnlyWhatItsObjectsCanHave) {
  solver::Witness w;
  solver::WitnessObject lock;
  lock.id = "o1";
  lock.type = "java/util/concurrent/locks/ReentrantLock";
  lock.length = 3;
  lock.elements.push_back(solver::WitnessElement{});
  solver::WitnessObject array;
  array.id = "o2";
  array.type = "[I";
  array.length = 2;
  solver::WitnessField x;
  x.name = "x";
  array.fields.push_back(x);
  w.objects = {lock, array};
  ForgetWhatNoObjectHas(&w);
  EXPECT_FALSE(w.objects[0].length.has_value());
  EXPECT_TRUE(w.objects[0].elements.empty());
  EXPECT_EQ(w.objects[1].length, 2);
  EXPECT_TRUE(w.objects[1].fields.empty());
}

TEST(WitnessCompletion, EverydayClassesOfTheCollectionInterfaces) {
  EXPECT_EQ(EverydayClass("java/util/Map"), "java/util/HashMap");
  EXPECT_EQ(EverydayClass("java/util/List"), "java/util/ArrayList");
  EXPECT_EQ(EverydayClass("java/util/ArrayList"), "");
}

}  // namespace
}  // namespace jwp::wp
