// Type rules (simplifier/type_rules.cc; AXIOMS T1-T4): with a small fake
// TypeFacts, and once with HierarchyTypeFacts over the real JDK. These rules
// rest on T* axioms that the SMT-LIB background does not carry, so results
// are compared with expected minterms rather than with Z3.
#include <map>
#include <set>

#include "logic/visit.h"
#include "types/hierarchy_type_facts.h"
#include "tests/classfile/hierarchy_test_support.h"
#include "tests/simplifier/simplifier_test_util.h"

namespace jwp::simplifier::testing {
namespace {

using types::HierarchyTypeFacts;
using types::MethodName;
using types::TypeFacts;

// Object; abstract A; B extends A (instantiable); final C extends A;
// interface I, implemented by B; abstract D extends Object with no subclass.
// A.m()V is declared in A and overridden in B.
class FakeTypeFacts : public TypeFacts {
 public:
  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override {
    if (!known(sub) || !known(super)) return std::nullopt;
    for (std::string s(sub);; s = parent_.at(s)) {
      if (s == super) return true;
      if (std::string(super) == "I" && s == "B") return true;
      if (s == "java/lang/Object") break;
    }
    return false;
  }
  bool is_known(std::string_view t) const override { return known(t); }
  bool is_final(std::string_view t) const override { return t == "C" || t == "java/lang/String"; }
  bool is_instantiable(std::string_view t) const override {
    return t == "B" || t == "C" || t == "java/lang/String" || t == "java/lang/Object";
  }
  TypeList concrete_subtypes(std::string_view t, size_t limit) const override {
    TypeList out;
    if (!known(t) || t == "java/lang/Object") return out;  // incomplete
    for (const char* c : {"B", "C", "java/lang/String"}) {
      if (is_subtype(c, t) == true && out.types.size() < limit) out.types.emplace_back(c);
    }
    out.complete = true;
    return out;
  }
  std::optional<MethodName> dispatch(std::string_view receiver, std::string_view owner,
                                     std::string_view name, std::string_view desc) const override {
    if (owner != "A" || name != "m" || desc != "()V") return std::nullopt;
    if (receiver == "B") return MethodName{"B", "m", "()V"};
    if (receiver == "C") return MethodName{"A", "m", "()V"};
    return std::nullopt;
  }

 private:
  bool known(std::string_view t) const { return parent_.contains(std::string(t)); }
  std::map<std::string, std::string> parent_ = {
      {"java/lang/Object", "java/lang/Object"}, {"A", "java/lang/Object"}, {"B", "A"},
      {"C", "A"}, {"I", "java/lang/Object"}, {"D", "java/lang/Object"},
      {"java/lang/String", "java/lang/Object"}};
};

class TypeRules : public SimplifierTest {
 protected:
  FakeTypeFacts facts;
  Term tA = tm.mk_type("A"), tB = tm.mk_type("B"), tC = tm.mk_type("C"), tD = tm.mk_type("D");
  Term tI = tm.mk_type("I"), tX = tm.mk_type("Unknown");
  Term nonnull_a = tm.mk_ne(a, tm.mk_null());
  Minterm S(const Minterm& m) { return simplify(m, &facts); }
};

TEST_F(TypeRules, SubtypeOfConstants) {
  // subType(B, A) --> true; subType(A, B) --> false; unknown: stays (T1)
  EXPECT_TRUE(S(M({tm.mk_sub_type(tB, tA)})).is_true());
  EXPECT_TRUE(S(M({tm.mk_sub_type(tA, tB)})).is_false());
  Minterm unknown = S(M({tm.mk_sub_type(tX, tA)}));
  EXPECT_EQ(unknown, M({tm.mk_sub_type(tX, tA)}));
  // I <: Object, B <: I (T1 through the fake's interface table)
  EXPECT_TRUE(S(M({tm.mk_sub_type(tB, tI)})).is_true());
  EXPECT_TRUE(S(M({tm.mk_sub_type(tC, tI)})).is_false());
  // Without TypeFacts nothing fires.
  EXPECT_EQ(simplify(M({tm.mk_sub_type(tA, tB)})), M({tm.mk_sub_type(tA, tB)}));
}

TEST_F(TypeRules, FinalClassPinsTypeOf) {
  // a instanceof C --> typeOf(a) == C (C final), then subType(typeOf(a), A) is true
  Minterm out = S(M({tm.mk_instance_of(a, tC), tm.mk_instance_of(a, tA)}));
  EXPECT_EQ(out, M({tm.mk_eq(tm.mk_type_of(a), tC)})) << J(out);
  // and a instanceof C ∧ a instanceof B --> false
  EXPECT_TRUE(S(M({tm.mk_instance_of(a, tC), tm.mk_instance_of(a, tB)})).is_false());
}

TEST_F(TypeRules, SubtypeLiteralPairs) {
  Term ta = tm.mk_type_of(a);
  // subType(a, B) ∧ subType(a, A) --> subType(a, B)  (B <: A; Figure 6)
  EXPECT_EQ(S(M({tm.mk_sub_type(ta, tB), tm.mk_sub_type(ta, tA)})), M({tm.mk_sub_type(ta, tB)}));
  // subType(a, B) ∧ !subType(a, A) --> false
  EXPECT_TRUE(S(M({tm.mk_sub_type(ta, tB), tm.mk_not(tm.mk_sub_type(ta, tA))})).is_false());
  // unrelated pairs stay
  Minterm both = S(M({tm.mk_sub_type(ta, tA), tm.mk_sub_type(ta, tI)}));
  EXPECT_EQ(both.size(), 2u) << J(both);
}

TEST_F(TypeRules, ArrayTypesShareSubtypesOnlyWithTheirSupertypes) {
  Term ta = tm.mk_type_of(a);
  Term arrayA = tm.mk_type("[LA;"), ints = tm.mk_type("[I");
  // An array type and a class or interface other than Object, Cloneable and
  // Serializable have no common subtype (JLS 4.10.3).
  EXPECT_TRUE(S(M({tm.mk_sub_type(ta, arrayA), tm.mk_sub_type(ta, tA)})).is_false());
  EXPECT_TRUE(S(M({tm.mk_sub_type(ta, tI), tm.mk_sub_type(ta, ints)})).is_false());
  // Those three stay, as do two array types and a negated literal.
  for (const char* super : {"java/lang/Object", "java/lang/Cloneable", "java/io/Serializable", "[Ljava/lang/Object;"}) {
    Minterm both = S(M({tm.mk_sub_type(ta, arrayA), tm.mk_sub_type(ta, tm.mk_type(super))}));
    EXPECT_FALSE(both.is_false()) << super;
  }
  Minterm negated = S(M({tm.mk_sub_type(ta, arrayA), tm.mk_not(tm.mk_sub_type(ta, tA))}));
  EXPECT_FALSE(negated.is_false()) << J(negated);
}

TEST_F(TypeRules, NonNullReferencesHaveInstantiableTypes) {
  Term ta = tm.mk_type_of(a);
  // a != null ∧ typeOf(a) == A --> false (A abstract: T3)
  EXPECT_TRUE(S(M({nonnull_a, tm.mk_eq(ta, tA)})).is_false());
  // without a != null, typeOf(a) == A stays (typeOf(null) is unconstrained)
  EXPECT_FALSE(S(M({tm.mk_eq(ta, tA)})).is_false());
  // a != null ∧ a instanceof D --> false (D has no concrete subtype)
  EXPECT_TRUE(S(M({nonnull_a, tm.mk_instance_of(a, tD)})).is_false());
  // a != null ∧ a instanceof I --> typeOf(a) == B (the only concrete one)
  Minterm only = S(M({nonnull_a, tm.mk_instance_of(a, tI)}));
  EXPECT_EQ(only, M({nonnull_a, tm.mk_eq(ta, tB)})) << J(only);
}

TEST_F(TypeRules, InstanceofWithNullIsNotAContradiction) {
  // a == null ∧ a instanceof B: typeOf(null) is not constrained by the axioms.
  Minterm out = S(M({tm.mk_eq(a, tm.mk_null()), tm.mk_instance_of(a, tB)}));
  EXPECT_FALSE(out.is_false()) << J(out);
  EXPECT_TRUE(out.contains(tm.mk_eq(a, tm.mk_null()))) << J(out);
}

TEST_F(TypeRules, FreshObjectTypes) {
  // typeOf(fresh(B)) == B folds; new B instanceof A --> true; instanceof C --> false
  Term fb = tm.mk_fresh(tB);
  EXPECT_TRUE(S(M({tm.mk_instance_of(fb, tA)})).is_true());
  EXPECT_TRUE(S(M({tm.mk_instance_of(fb, tC)})).is_false());
}

TEST_F(TypeRules, DispatchResolvedWhenTypeKnown) {
  Term sig = tm.mk_signature("A", "m", "()V");
  Term mB = tm.mk_method("B", "m", "()V"), mA = tm.mk_method("A", "m", "()V");
  Term ta = tm.mk_type_of(a);
  // typeOf(a) == C ∧ dispatch(typeOf(a), A.m) == B.m --> false (C runs A.m)
  EXPECT_TRUE(S(M({tm.mk_eq(ta, tC), tm.mk_eq(tm.mk_dispatch(ta, sig), mB)})).is_false());
  // typeOf(a) == B ∧ dispatch(typeOf(a), A.m) == B.m --> typeOf(a) == B
  EXPECT_EQ(S(M({tm.mk_eq(ta, tB), tm.mk_eq(tm.mk_dispatch(ta, sig), mB)})), M({tm.mk_eq(ta, tB)}));
  // dispatch(C, A.m) --> A.m
  Term sigma = tm.fresh_var("m", Sort::Method());
  EXPECT_EQ(S(M({tm.mk_eq(tm.mk_dispatch(tC, sig), sigma)})), M({tm.mk_eq(sigma, mA)}));
  // unknown receiver type: stays
  Minterm stays = S(M({tm.mk_eq(tm.mk_dispatch(ta, sig), mB)}));
  EXPECT_TRUE(logic::mentions(stays, tm.mk_dispatch(ta, sig)));
}

// --- The real JDK ---------------------------------------------------------------

const classfile::testing_support::Loaded& Jdk() {
  static const auto* loaded = new classfile::testing_support::Loaded(
      classfile::testing_support::Load(classfile::testing_support::kRelease8, /*include_jdk=*/true));
  return *loaded;
}

TEST_F(TypeRules, JdkHierarchyFacts) {
  const auto& l = Jdk();
  ASSERT_LOADED(l);
  HierarchyTypeFacts jdk(l.h());
  Term list = tm.mk_type("java/util/List"), array_list = tm.mk_type("java/util/ArrayList");
  Term string = tm.string_type(), integer = tm.mk_type("java/lang/Integer");
  Term ta = tm.mk_type_of(a);
  // T1: ArrayList <: List; Integer is not a List.
  EXPECT_TRUE(simplify(M({tm.mk_sub_type(array_list, list)}), &jdk).is_true());
  EXPECT_TRUE(simplify(M({tm.mk_sub_type(integer, list)}), &jdk).is_false());
  // T2: String is final: a instanceof String pins typeOf(a); then a instanceof List is false.
  Minterm pinned = simplify(M({tm.mk_instance_of(a, string)}), &jdk);
  EXPECT_EQ(pinned, M({tm.mk_eq(ta, string)})) << J(pinned);
  EXPECT_TRUE(simplify(M({tm.mk_instance_of(a, string), tm.mk_instance_of(a, list)}), &jdk).is_false());
  // T3: a != null ∧ typeOf(a) == java/util/AbstractList --> false (abstract)
  EXPECT_TRUE(simplify(M({nonnull_a, tm.mk_eq(ta, tm.mk_type("java/util/AbstractList"))}), &jdk)
                  .is_false());
  // T4: dispatch(ArrayList, List.size()I) --> ArrayList.size()I
  Term sig = tm.mk_signature("java/util/List", "size", "()I");
  Term sigma = tm.fresh_var("m", Sort::Method());
  Minterm d = simplify(M({tm.mk_eq(tm.mk_dispatch(array_list, sig), sigma)}), &jdk);
  EXPECT_EQ(d, M({tm.mk_eq(sigma, tm.mk_method("java/util/ArrayList", "size", "()I"))})) << J(d);
  // dispatch(String, Object.hashCode()I) --> String.hashCode()I
  Term hash = tm.mk_signature("java/lang/Object", "hashCode", "()I");
  Minterm h = simplify(M({tm.mk_eq(tm.mk_dispatch(string, hash), sigma)}), &jdk);
  EXPECT_EQ(h, M({tm.mk_eq(sigma, tm.mk_method("java/lang/String", "hashCode", "()I"))})) << J(h);
}

}  // namespace
}  // namespace jwp::simplifier::testing
