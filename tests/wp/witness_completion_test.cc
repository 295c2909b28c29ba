// Witness completion (wp/witness_completion.h) over
// tests/fixtures/java8/wp/Completion.java: the fields a witness's object
// does not set get the values its constructor leaves there.
#include "wp/witness_completion.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/callgraph/callgraph_test_support.h"
#include "types/hierarchy_type_facts.h"
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
  // part: a new Part, whose owner (stored from a parameter: a preference
  // for a Completion) is the object that holds it, the receiver; its note
  // (set to null elsewhere) keeps its default.
  const solver::WitnessField* part = FieldOf(*self, "part");
  ASSERT_NE(part, nullptr);
  const solver::WitnessObject* p = ObjectOf(w, part->value);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->type, "wp/Completion$Part");
  const solver::WitnessField* owner = FieldOf(*p, "owner");
  ASSERT_NE(owner, nullptr);
  EXPECT_EQ(owner->value.object, w.receiver->object);
  EXPECT_EQ(FieldOf(*p, "note"), nullptr);
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
  // A String model's characters on an Object (a key the model typed
  // Object), beside a field of the object's own class.
  solver::WitnessObject key;
  key.id = "o3";
  key.type = "wp/Completion";
  solver::WitnessField chars;
  chars.owner = "java/lang/String";
  chars.name = "jwpValue";
  chars.descriptor = "[C";
  solver::WitnessField mode;
  mode.owner = "wp/Completion";
  mode.name = "mode";
  mode.descriptor = "I";
  key.fields = {chars, mode};
  w.objects = {lock, array, key};
  const types::HierarchyTypeFacts types(callgraph::testing::World::Get().hierarchy());
  ForgetWhatNoObjectHas(types, &w);
  EXPECT_FALSE(w.objects[0].length.has_value());
  EXPECT_TRUE(w.objects[0].elements.empty());
  EXPECT_EQ(w.objects[1].length, 2);
  EXPECT_TRUE(w.objects[1].fields.empty());
  ASSERT_EQ(w.objects[2].fields.size(), 1u);
  EXPECT_EQ(w.objects[2].fields[0].name, "mode");
}

TEST(WitnessCompletion, EverydayClassesOfTheCollectionInterfaces) {
  EXPECT_EQ(EverydayClass("java/util/Map"), "java/util/HashMap");
  EXPECT_EQ(EverydayClass("java/util/List"), "java/util/ArrayList");
  EXPECT_EQ(EverydayClass("java/util/ArrayList"), "");
}

}  // namespace
}  // namespace jwp::wp
