// The background theory of logic/AXIOMS.md as the solver encodes it: V1,
// H1-H4 without type facts, T1-T5 with a fake hierarchy and with the JDK's.
#include <memory>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "types/hierarchy_type_facts.h"
#include "tests/solver/solver_test_util.h"
#include "tests/test_support.h"

namespace jwp::solver::testing {
namespace {

using logic::ArrayKind;
using logic::SkolemKind;

class Axioms : public SolverTest {
 protected:
  Term p = var("p", Sort::Ref()), q = var("q", Sort::Ref());
  Term g = tm_.mk_generic(0, Sort::Ref());
  Term val = tm_.mk_field("t/A", "val", "I");
  Term next = tm_.mk_field("t/A", "next", "Lt/A;");
  Term ints = tm_.mk_array_map(ArrayKind::kInt);
  Term refs = tm_.mk_array_map(ArrayKind::kRef);
  Term tB = tm_.mk_type("t/B");
  Term obj = tm_.mk_fresh(tB, 1);
};

TEST_F(Axioms, V1DistinctValues) {
  EXPECT_EQ(answer({eq(g, tm_.mk_null()), eq(g, obj)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, tm_.mk_string("a")), eq(g, tm_.mk_string("b"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, tm_.mk_string("a")), eq(g, obj)}), SatAnswer::kUnsat);
  Term t = tm_.mk_generic(1, Sort::Type());
  EXPECT_EQ(answer({eq(t, tB), eq(t, tm_.mk_type("t/C"))}), SatAnswer::kUnsat);
  Term m = tm_.mk_generic(2, Sort::Method());
  EXPECT_EQ(answer({eq(m, tm_.mk_method("t/A", "m", "()I")), eq(m, tm_.mk_method("t/C", "m", "()I"))}),
            SatAnswer::kUnsat);
}

// Rule 12 of logic/term.h (issue #28): one Class object per type, of class
// java.lang.Class, never null, a string literal or a fresh object. The
// generic g keeps the manager from folding the equalities away.
TEST_F(Axioms, ClassObjects) {
  Term t = tm_.mk_generic(1, Sort::Type()), u = tm_.mk_generic(2, Sort::Type());
  Term string_class = tm_.mk_class_of(tm_.string_type());
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(t)), eq(g, tm_.mk_null())}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, string_class), eq(g, tm_.mk_string("a"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(t)), eq(g, obj)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(t)), ne(tm_.mk_type_of(g), tm_.class_type())}), SatAnswer::kUnsat);
  // Injective: the same object is the class of one type only.
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(t)), eq(g, tm_.mk_class_of(u)), ne(t, u)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(t)), eq(g, string_class)}), SatAnswer::kSat);
  // classType inverts classOf: g is String.class, so it stands for String.
  EXPECT_EQ(answer({eq(g, string_class), ne(tm_.mk_class_type(g), tm_.string_type())}), SatAnswer::kUnsat);
  // p.getClass() == String.class: p is a String.
  EXPECT_EQ(answer({eq(g, tm_.mk_class_of(tm_.mk_type_of(p))), eq(g, string_class),
                    ne(tm_.mk_type_of(p), tm_.string_type())}),
            SatAnswer::kUnsat);
}

// A variable declared never null (TermManager::set_non_null: `this`) is
// not null in any model, also where the manager cannot fold the equality.
TEST_F(Axioms, NonNullVariables) {
  Term plain = var("o", Sort::Ref());
  Term self = var("this", Sort::Ref());
  tm_.set_non_null(self);  // as the vocabulary does, when it makes the variable
  EXPECT_EQ(answer({eq(g, plain), eq(g, tm_.mk_null())}), SatAnswer::kSat);
  EXPECT_EQ(answer({eq(g, self), eq(g, tm_.mk_null())}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, self)}), SatAnswer::kSat);
}

TEST_F(Axioms, H1ReadOverUpdate) {
  Term upd = tm_.mk_update(val, p, i(7));
  EXPECT_EQ(answer({eq(p, q), ne(tm_.mk_read(upd, q), i(7))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(p, q), ne(tm_.mk_read(upd, q), tm_.mk_read(val, q))}), SatAnswer::kUnsat);
  Term j = var("j", Sort::Int()), k = var("k", Sort::Int());
  Term aupd = tm_.mk_aupdate(ints, p, j, i(3));
  EXPECT_EQ(answer({eq(p, q), eq(j, k), ne(tm_.mk_aread(aupd, q, k), i(3))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(j, k), ne(tm_.mk_aread(aupd, p, k), tm_.mk_aread(ints, p, k))}),
            SatAnswer::kUnsat);
}

TEST_F(Axioms, H2LengthIsNonNegative) {
  EXPECT_EQ(answer({tm_.mk_lt(tm_.mk_length(p), i(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_lt(tm_.mk_length(p), i(1))}), SatAnswer::kSat);
  // And for fresh arrays: their length term is then non-negative.
  Term n = var("n", Sort::Int());
  Term g2 = tm_.mk_generic(5, Sort::Ref());
  EXPECT_EQ(answer({eq(g2, tm_.mk_fresh_array(tm_.mk_type("[I"), n, 9)), tm_.mk_lt(n, i(0))}),
            SatAnswer::kUnsat);
}

TEST_F(Axioms, H3FreshDefaults) {
  // g (generic) may be the new object; then its fields hold defaults.
  EXPECT_EQ(answer({eq(g, obj), ne(tm_.mk_read(val, g), i(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, obj), ne(tm_.mk_read(next, g), tm_.mk_null())}), SatAnswer::kUnsat);
  Term j = var("j", Sort::Int());
  EXPECT_EQ(answer({eq(g, obj), ne(tm_.mk_aread(ints, g, j), i(0))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, obj), ne(tm_.mk_type_of(g), tB)}), SatAnswer::kUnsat);
  Term n = var("n", Sort::Int());
  Term arr = tm_.mk_fresh_array(tm_.mk_type("[I"), n, 2);
  EXPECT_EQ(answer({eq(g, arr), ne(tm_.mk_length(g), n)}), SatAnswer::kUnsat);
  Term s = tm_.mk_string("hello");
  EXPECT_EQ(answer({eq(g, s), ne(tm_.mk_type_of(g), tm_.string_type())}), SatAnswer::kUnsat);
  // After an update at the fresh object, the updated map is no constant.
  EXPECT_EQ(answer({eq(g, obj), eq(tm_.mk_read(tm_.mk_update(val, p, i(5)), g), i(5))}),
            SatAnswer::kUnsat);  // p is a program variable: p != obj (H4)
  EXPECT_EQ(answer({eq(g, obj), eq(tm_.mk_read(tm_.mk_update(val, q, i(5)), g), i(5)),
                    eq(q, g)}),
            SatAnswer::kUnsat);  // q is a program variable too
}

TEST_F(Axioms, H4FreshnessAgainstPreexistingTermsOnly) {
  EXPECT_EQ(answer({eq(p, obj)}), SatAnswer::kUnsat);                           // program var
  EXPECT_EQ(answer({eq(tm_.mk_read(next, q), obj)}), SatAnswer::kUnsat);        // read(F, y)
  Term j = var("j", Sort::Int());
  EXPECT_EQ(answer({eq(tm_.mk_aread(refs, q, j), obj)}), SatAnswer::kUnsat);    // aread(A, y, i)
  EXPECT_EQ(answer({eq(g, obj)}), SatAnswer::kSat);                             // generic
  EXPECT_EQ(answer({eq(tm_.exc(), obj)}), SatAnswer::kSat);                     // exc
  EXPECT_EQ(answer({eq(tm_.ret(Sort::Ref()), obj)}), SatAnswer::kSat);          // ret
  Term sk = tm_.mk_skolem(SkolemKind::kRet, Sort::Ref(), 1, 0);
  EXPECT_EQ(answer({eq(sk, obj)}), SatAnswer::kSat);                            // skolem
  // Through an update of a constant, the read of the constant is
  // pre-existing: read(update(next, p, q), r) with r != p is next(r).
  Term upd_pq = tm_.mk_update(next, p, q);
  Term r = var("r", Sort::Ref());
  EXPECT_EQ(answer({ne(r, p), eq(tm_.mk_read(upd_pq, r), obj)}), SatAnswer::kUnsat);
  Term aupd = tm_.mk_aupdate(refs, p, j, q);
  EXPECT_EQ(answer({ne(r, p), eq(tm_.mk_aread(aupd, r, j), obj)}), SatAnswer::kUnsat);
  // A read through an update may hold the new object.
  Term upd = tm_.mk_update(next, p, obj);
  EXPECT_EQ(answer({eq(tm_.mk_read(upd, q), obj)}), SatAnswer::kSat);
  // ... and so may a read through mod.
  Term eff = tm_.mk_skolem(SkolemKind::kHeap, next.sort(), 2, 0, next);
  EXPECT_EQ(answer({eq(tm_.mk_read(tm_.mk_mod(next, eff), q), obj)}), SatAnswer::kSat);
}

class TypeAxioms : public Axioms {
 protected:
  TypeAxioms() {
    SolverOptions o;
    o.types = &facts_;
    make_solver(o);
  }
  Term inst(Term r, std::string_view t) { return tm_.mk_instance_of(r, tm_.mk_type(t)); }
  Term type_of(Term r) { return tm_.mk_type_of(r); }
  Term ty(std::string_view t) { return tm_.mk_type(t); }
  FakeTypeFacts facts_;
};

TEST_F(TypeAxioms, T1SubtypeOfConstants) {
  EXPECT_EQ(answer({tm_.mk_sub_type(ty("t/E"), ty("t/A"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_not(tm_.mk_sub_type(ty("t/C"), ty("t/I")))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({inst(p, "t/A"), eq(type_of(p), ty("t/E"))}), SatAnswer::kUnsat);
  // Without type facts the same is satisfiable.
  make_solver({});
  EXPECT_EQ(answer({inst(p, "t/A"), eq(type_of(p), ty("t/E"))}), SatAnswer::kSat);
  // ... but subType stays reflexive.
  Term t = tm_.mk_generic(3, Sort::Type());
  EXPECT_EQ(answer({eq(t, ty("t/E")), tm_.mk_not(tm_.mk_sub_type(t, ty("t/E")))}), SatAnswer::kUnsat);
}

TEST_F(TypeAxioms, T2FiniteDomainFinalPins) {
  EXPECT_EQ(answer({inst(p, "t/C"), ne(type_of(p), ty("t/C"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({inst(p, "t/B"), ne(type_of(p), ty("t/B"))}), SatAnswer::kSat);  // t/C
  EXPECT_EQ(answer({inst(p, "t/B"), ne(type_of(p), ty("t/B")), ne(type_of(p), ty("t/C"))}),
            SatAnswer::kUnsat);
  // A Type variable is a known type.
  Term t = tm_.mk_generic(4, Sort::Type());
  EXPECT_EQ(answer({tm_.mk_sub_type(t, ty("t/A")), ne(t, ty("t/A")), ne(t, ty("t/B")),
                    ne(t, ty("t/C")), ne(t, ty("t/D"))}),
            SatAnswer::kUnsat);
}

// The finite Type domain lists at most max_subtypes_per_type concrete
// subtypes per type: cut, it can turn sat into unsat, and the answer says
// so as a typed field (issue #26: the search had matched the assumption's
// text).
TEST_F(TypeAxioms, ACutTypeDomainIsTypedAndMakesNoProof) {
  const std::initializer_list<Term> query = {ne(p, tm_.mk_null()), inst(p, "t/A"),
                                             ne(type_of(p), ty("t/B"))};
  CheckResult whole = run(query);
  EXPECT_EQ(whole.answer, SatAnswer::kSat);  // t/C or t/D
  EXPECT_FALSE(whole.type_domain_cut);
  SolverOptions o;
  o.types = &facts_;
  o.max_subtypes_per_type = 1;  // t/A's concrete subtypes: t/B only
  make_solver(o);
  CheckResult cut = run(query);
  EXPECT_EQ(cut.answer, SatAnswer::kUnsat);
  EXPECT_TRUE(cut.type_domain_cut);
  EXPECT_FALSE(cut.proves_unsat());
  EXPECT_TRUE(cut.uninterpreted.empty());
  // Cached answers keep the field.
  CheckResult again = run(query);
  EXPECT_TRUE(again.cached);
  EXPECT_TRUE(again.type_domain_cut);
  // An unsat answer within a whole domain is a proof.
  SolverOptions whole_domain;
  whole_domain.types = &facts_;
  make_solver(whole_domain);
  CheckResult proof = run({ne(p, tm_.mk_null()), inst(p, "t/A"), ne(type_of(p), ty("t/B")),
                           ne(type_of(p), ty("t/C")), ne(type_of(p), ty("t/D"))});
  EXPECT_EQ(proof.answer, SatAnswer::kUnsat);
  EXPECT_TRUE(proof.proves_unsat());
}

TEST_F(TypeAxioms, T3InstantiableDynamicTypes) {
  EXPECT_EQ(answer({ne(p, tm_.mk_null()), eq(type_of(p), ty("t/A"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(p, tm_.mk_null()), eq(type_of(p), ty("t/I"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(p, tm_.mk_null()), eq(type_of(p), ty("t/A"))}), SatAnswer::kSat);
  EXPECT_EQ(answer({ne(p, tm_.mk_null()), inst(p, "t/A"), ne(type_of(p), ty("t/B")),
                    ne(type_of(p), ty("t/C"))}),
            SatAnswer::kSat);  // t/D
}

TEST_F(TypeAxioms, T4Dispatch) {
  Term sig = tm_.mk_signature("t/I", "m", "()I");
  Term ma = tm_.mk_method("t/A", "m", "()I"), mc = tm_.mk_method("t/C", "m", "()I");
  Term disp = tm_.mk_dispatch(type_of(p), sig);
  EXPECT_EQ(answer({eq(type_of(p), ty("t/C")), ne(disp, mc)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(type_of(p), ty("t/B")), ne(disp, ma)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(type_of(p), ty("t/B")), eq(disp, mc)}), SatAnswer::kUnsat);
  // t/C is the only type in the domain dispatching to t/C.m among I's.
  EXPECT_EQ(answer({ne(p, tm_.mk_null()), inst(p, "t/I"), eq(disp, mc), ne(type_of(p), ty("t/C"))}),
            SatAnswer::kUnsat);
  // The method constant need not occur in the query.
  EXPECT_EQ(answer({eq(type_of(p), ty("t/D")), eq(disp, mc)}), SatAnswer::kUnsat);
}

TEST_F(TypeAxioms, T5FieldTypes) {
  Term pn = tm_.mk_read(next, p);
  EXPECT_EQ(answer({ne(pn, tm_.mk_null()), tm_.mk_not(inst(pn, "t/A"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(pn, tm_.mk_null()), eq(type_of(pn), ty("t/E"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(pn, tm_.mk_null())}), SatAnswer::kSat);
  // Also for the read of the constant under an update of it.
  Term rr = var("r", Sort::Ref());
  Term ru = tm_.mk_read(tm_.mk_update(next, q, tm_.mk_null()), rr);
  EXPECT_EQ(answer({ne(rr, q), ne(ru, tm_.mk_null()), eq(type_of(ru), ty("t/E"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(ru, tm_.mk_null()), eq(type_of(ru), ty("t/E"))}), SatAnswer::kUnsat);
  // The field's type need not occur as a constant: the domain has t/A's
  // concrete subtypes.
  CheckResult r = run({ne(pn, tm_.mk_null())}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  const WitnessObject* o2 = r.witness->find_object("o2");
  ASSERT_NE(o2, nullptr) << to_string(*r.witness);
  EXPECT_TRUE(o2->type == "t/B" || o2->type == "t/C" || o2->type == "t/D") << o2->type;
}

TEST_F(TypeAxioms, StringsAndFreshTypes) {
  EXPECT_EQ(answer({eq(g, tm_.mk_string("s")), inst(g, "t/A")}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(g, obj), inst(g, "t/A")}), SatAnswer::kSat);
  EXPECT_EQ(answer({eq(g, obj), inst(g, "t/D")}), SatAnswer::kUnsat);
}

// ---- The JDK's hierarchy ------------------------------------------------------

// FakeTypeFacts, but t/B and t/D cannot be loaded (a supertype of theirs
// missing from the class path: TypeFacts::is_loadable).
class WithUnloadable final : public types::TypeFacts {
 public:
  std::optional<bool> is_subtype(std::string_view a, std::string_view b) const override { return f_.is_subtype(a, b); }
  bool is_known(std::string_view t) const override { return f_.is_known(t); }
  bool is_final(std::string_view t) const override { return f_.is_final(t); }
  bool is_instantiable(std::string_view t) const override { return f_.is_instantiable(t); }
  bool is_loadable(std::string_view t) const override { return t != "t/B" && t != "t/D"; }
  TypeList concrete_subtypes(std::string_view t, size_t limit) const override { return f_.concrete_subtypes(t, limit); }
  std::optional<types::MethodName> dispatch(std::string_view r, std::string_view o, std::string_view n,
                                            std::string_view d) const override {
    return f_.dispatch(r, o, n, d);
  }

 private:
  FakeTypeFacts f_;
};

// A witness's objects are of classes the JVM can load when the query lets
// them be; one the query needs is still given (a preference, never part of
// the query: the answers stay the same).
TEST_F(TypeAxioms, WitnessPrefersLoadableClasses) {
  WithUnloadable facts;
  SolverOptions o;
  o.types = &facts;
  make_solver(o);
  CheckResult r = run({ne(p, tm_.mk_null()), inst(p, "t/A")}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  EXPECT_EQ(r.witness->objects[0].type, "t/C") << to_string(*r.witness);
  r = run({ne(p, tm_.mk_null()), inst(p, "t/A"), ne(tm_.mk_type_of(p), ty("t/C"))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  EXPECT_TRUE(r.witness->objects[0].type == "t/B" || r.witness->objects[0].type == "t/D") << to_string(*r.witness);
}

class JdkTypeAxioms : public SolverTest {
 protected:
  static void SetUpTestSuite() {
    diagnostics_ = new classfile::Diagnostics();
    classfile::ClassPathOptions o;
    o.jdk_home = jwp::testing::JavaHome();
    o.include_jdk = true;
    auto cp = classfile::ClassPath::Open("", o, diagnostics_);
    if (!cp.ok()) return;
    class_path_ = cp->release();
    auto h = classfile::ClassHierarchy::Build(*class_path_, {});
    if (!h.ok()) return;
    hierarchy_ = h->release();
    facts_ = new types::HierarchyTypeFacts(*hierarchy_);
  }
  static void TearDownTestSuite() {
    delete facts_;
    delete hierarchy_;
    delete class_path_;
    delete diagnostics_;
  }
  void SetUp() override {
    ASSERT_NE(facts_, nullptr) << "no JDK hierarchy at " << jwp::testing::JavaHome();
    SolverOptions o;
    o.types = facts_;
    make_solver(o);
  }
  Term ty(std::string_view t) { return tm_.mk_type(t); }

  static classfile::Diagnostics* diagnostics_;
  static classfile::ClassPath* class_path_;
  static classfile::ClassHierarchy* hierarchy_;
  static types::HierarchyTypeFacts* facts_;
};
classfile::Diagnostics* JdkTypeAxioms::diagnostics_ = nullptr;
classfile::ClassPath* JdkTypeAxioms::class_path_ = nullptr;
classfile::ClassHierarchy* JdkTypeAxioms::hierarchy_ = nullptr;
types::HierarchyTypeFacts* JdkTypeAxioms::facts_ = nullptr;

TEST_F(JdkTypeAxioms, SubtypesFinalsAndInterfaces) {
  Term x = var("x", Sort::Ref());
  EXPECT_EQ(answer({tm_.mk_sub_type(ty("java/util/ArrayList"), ty("java/util/Map"))}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_not(tm_.mk_sub_type(ty("java/util/ArrayList"), ty("java/util/List")))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({tm_.mk_instance_of(x, ty("java/lang/String")), ne(tm_.mk_type_of(x), ty("java/lang/String"))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({ne(x, tm_.mk_null()), eq(tm_.mk_type_of(x), ty("java/util/AbstractList"))}),
            SatAnswer::kUnsat);
  CheckResult r = run({ne(x, tm_.mk_null()), tm_.mk_instance_of(x, ty("java/util/List"))}, true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  ASSERT_EQ(r.witness->objects.size(), 1u) << to_string(*r.witness);
  const std::string& cls = r.witness->objects[0].type;
  EXPECT_TRUE(facts_->is_instantiable(cls)) << cls;
  EXPECT_EQ(facts_->is_subtype(cls, "java/util/List"), std::optional<bool>(true)) << cls;
}

TEST_F(JdkTypeAxioms, T6ArrayElementsHaveTheElementType) {
  // An element of a String[] is null or a String; of a String[][] a String[].
  Term a = var("a", Sort::Ref());
  Term refs = tm_.mk_array_map(logic::ArrayKind::kRef);
  Term e0 = tm_.mk_aread(refs, a, i(0));
  EXPECT_EQ(answer({eq(tm_.mk_type_of(a), ty("[Ljava/lang/String;")), ne(e0, tm_.mk_null()),
                    ne(tm_.mk_type_of(e0), ty("java/lang/String"))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(tm_.mk_type_of(a), ty("[[Ljava/lang/String;")), ne(e0, tm_.mk_null()),
                    ne(tm_.mk_type_of(e0), ty("[Ljava/lang/String;"))}),
            SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(tm_.mk_type_of(a), ty("[Ljava/lang/String;")), eq(e0, tm_.mk_null())}), SatAnswer::kSat);
  // A field's declared Runnable[] brings Runnable's classes into the domain:
  // the witness's element is one of them, not some array that happens to be
  // in the domain (guava's LocalCache.segments once got one).
  Term x = var("x", Sort::Ref());
  Term f = tm_.mk_field("t/Holder", "tasks", "[Ljava/lang/Runnable;");
  Term xs = tm_.mk_read(f, x);
  Term first = tm_.mk_aread(refs, xs, i(0));
  CheckResult r = run({ne(x, tm_.mk_null()), ne(xs, tm_.mk_null()), ne(first, tm_.mk_null()),
                       eq(tm_.mk_type_of(xs), ty("[Ljava/lang/Runnable;"))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  // Only the elements are checked: x's own type is unconstrained here (no
  // declared type), and any class of the domain may serve for it.
  int elements = 0;
  for (const WitnessObject& o : r.witness->objects) {
    if (o.type != "[Ljava/lang/Runnable;") continue;
    for (const WitnessElement& e : o.elements) {
      if (e.value.kind != WitnessValue::Kind::kRef) continue;
      const WitnessObject* element = r.witness->find_object(e.value.object);
      ASSERT_NE(element, nullptr) << to_string(*r.witness);
      ++elements;
      EXPECT_EQ(facts_->is_subtype(element->type, "java/lang/Runnable"), std::optional<bool>(true))
          << to_string(*r.witness);
    }
  }
  EXPECT_EQ(elements, 1) << to_string(*r.witness);
}

// Rule 13: elemType of an array's type. A Number[] that cannot hold an
// Integer is an array of another Number's class (the witness says which);
// a String[] holds every String.
TEST_F(JdkTypeAxioms, ArrayElementTypesDecideArrayStores) {
  Term a = var("a", Sort::Ref());
  Term v = var("v", Sort::Ref());
  const Term fits = tm_.mk_sub_type(tm_.mk_type_of(v), tm_.mk_elem_type(tm_.mk_type_of(a)));
  CheckResult r = run({ne(a, tm_.mk_null()), tm_.mk_instance_of(a, ty("[Ljava/lang/Number;")), ne(v, tm_.mk_null()),
                       eq(tm_.mk_type_of(v), ty("java/lang/Integer")), tm_.mk_not(fits)},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  bool array = false;
  for (const WitnessObject& o : r.witness->objects) {
    if (o.type.empty() || o.type[0] != '[') continue;
    array = true;
    ASSERT_TRUE(o.type.starts_with("[L") && o.type.ends_with(";")) << to_string(*r.witness);
    const std::string elem = o.type.substr(2, o.type.size() - 3);
    EXPECT_EQ(facts_->is_subtype(elem, "java/lang/Number"), std::optional<bool>(true)) << elem;
    EXPECT_EQ(facts_->is_subtype("java/lang/Integer", elem), std::optional<bool>(false)) << elem;
  }
  EXPECT_TRUE(array) << to_string(*r.witness);
  EXPECT_EQ(answer({ne(a, tm_.mk_null()), eq(tm_.mk_type_of(a), ty("[Ljava/lang/String;")), ne(v, tm_.mk_null()),
                    eq(tm_.mk_type_of(v), ty("java/lang/String")), tm_.mk_not(fits)}),
            SatAnswer::kUnsat);
}

TEST_F(JdkTypeAxioms, FieldOfTypeObjectAndArrays) {
  Term x = var("x", Sort::Ref());
  Term f = tm_.mk_field("java/util/ArrayList", "elementData", "[Ljava/lang/Object;");
  Term o = tm_.mk_field("t/Holder", "value", "Ljava/lang/Object;");
  Term xe = tm_.mk_read(f, x), xo = tm_.mk_read(o, x);
  CheckResult r = run({ne(x, tm_.mk_null()), ne(xe, tm_.mk_null()), ne(xo, tm_.mk_null()),
                       tm_.mk_lt(tm_.mk_length(xe), i(2))},
                      true);
  ASSERT_EQ(r.answer, SatAnswer::kSat);
  ASSERT_TRUE(r.witness);
  const WitnessObject* arr = r.witness->find_object(
      r.witness->find_field(r.witness->objects[0], "elementData")->value.object);
  ASSERT_NE(arr, nullptr) << to_string(*r.witness);
  EXPECT_EQ(facts_->is_subtype(arr->type, "[Ljava/lang/Object;"), std::optional<bool>(true)) << arr->type;
  EXPECT_EQ(answer({ne(xe, tm_.mk_null()), eq(tm_.mk_type_of(xe), ty("java/lang/String"))}),
            SatAnswer::kUnsat);
}

TEST_F(JdkTypeAxioms, Dispatch) {
  Term x = var("x", Sort::Ref());
  Term sig = tm_.mk_signature("java/util/List", "size", "()I");
  Term m = tm_.mk_method("java/util/ArrayList", "size", "()I");
  Term disp = tm_.mk_dispatch(tm_.mk_type_of(x), sig);
  EXPECT_EQ(answer({eq(tm_.mk_type_of(x), ty("java/util/ArrayList")), ne(disp, m)}), SatAnswer::kUnsat);
  EXPECT_EQ(answer({eq(tm_.mk_type_of(x), ty("java/util/ArrayList")), eq(disp, m)}), SatAnswer::kSat);
}

}  // namespace
}  // namespace jwp::solver::testing
