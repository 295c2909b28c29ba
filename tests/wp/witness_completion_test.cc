// Witness completion (wp/witness_completion.h) over
// tests/fixtures/java8/wp/Completion.java: the fields a witness's object
// does not set get the values its constructor leaves there.
#include "wp/witness_completion.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

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

solver::WitnessField FieldNamed(std::string owner, std::string name, std::string descriptor) {
  solver::WitnessField f;
  f.owner = std::move(owner);
  f.name = std::move(name);
  f.descriptor = std::move(descriptor);
  return f;
}

// The object field `name` of `o` holds in `w`; null when it holds none.
const solver::WitnessObject* ObjectInField(const Replay& w, const solver::WitnessObject& o, std::string_view name) {
  const solver::WitnessField* f = FieldOf(o, name);
  return f == nullptr ? nullptr : ObjectOf(w, f->value);
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
  const solver::WitnessObject* s = ObjectInField(w, *self, "sink");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->type, "wp/Completion$CountingSink");
  // memo: a new Memo, whose items (no facts: deserialization may set it)
  // is what Memo's constructor stores, a new ArrayList.
  const solver::WitnessObject* m = ObjectInField(w, *self, "memo");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->type, "wp/Completion$Memo");
  const solver::WitnessObject* list = ObjectInField(w, *m, "items");
  ASSERT_NE(list, nullptr);
  EXPECT_EQ(list->type, "java/util/ArrayList");
  EXPECT_TRUE(FieldOf(*list, "size") == nullptr) << "a JDK object is the runner's to construct";
  // part: a new Part, whose owner (stored from a parameter: a preference
  // for a Completion) is the object that holds it, the receiver; its note
  // (set to null elsewhere) keeps its default.
  const solver::WitnessObject* p = ObjectInField(w, *self, "part");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->type, "wp/Completion$Part");
  EXPECT_EQ(ObjectInField(w, *p, "owner"), self);
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
  key.fields = {FieldNamed("java/lang/String", "jwpValue", "[C"), FieldNamed("wp/Completion", "mode", "I")};
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
