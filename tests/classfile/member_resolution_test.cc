// Tests for classfile/member_resolution.h. The expectations come from the JVM
// itself where possible: the fixture drivers (fixtures.hierarchy.Driver,
// fixtures.hierarchy17.Driver17) print which implementation each call ran,
// and a separately compiled set of classes (written and compiled here, then
// partly recompiled so that the class files disagree, as after an
// incompatible library upgrade) makes the JVM throw the linkage errors javac
// never lets a single compilation reach. ResolveMethod/SelectMethod/
// ResolveField must give the same answers. Further tests check JDK classes,
// signature-polymorphic methods, missing classes and concurrent queries.
#include "classfile/member_resolution.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/classfile/hierarchy_test_support.h"

namespace jwp::classfile {
namespace {

using namespace testing_support;

constexpr char kS[] = "()Ljava/lang/String;";
constexpr char kSF[] = "Ljava/lang/String;";

// One bytecode instruction's linkage: which reference, on which receiver.
enum class Op { kVirtual, kInterface, kStatic, kGetField, kGetStatic };

struct Case {
  const char* label;
  Op op;
  const char* ref;       // class of the symbolic reference, relative to the package
  const char* receiver;  // run-time class, relative to the package ("" for statics/fields)
  const char* name;
  const char* descriptor;
};

// What the JVM would do for `c`, in the drivers' "Owner.member" / "!Error" form.
std::string Evaluate(const ClassHierarchy& h, const std::string& package, const Case& c) {
  std::string ref = package + c.ref;
  switch (c.op) {
    case Op::kVirtual:
    case Op::kInterface: {
      bool iface = c.op == Op::kInterface;
      MethodResult r = iface ? ResolveInterfaceMethod(h, ref, c.name, c.descriptor)
                             : ResolveMethod(h, ref, c.name, c.descriptor);
      ClassId receiver = h.Find(package + c.receiver);
      EXPECT_NE(receiver, kNoClass) << c.receiver;
      return Answer(h, SelectMethod(h, receiver, r,
                                    iface ? InvokeKind::kInterface : InvokeKind::kVirtual));
    }
    case Op::kStatic: {
      MethodResult r = ResolveMethod(h, ref, c.name, c.descriptor);
      // invokestatic: "if the resolved method is an instance method, the
      // invokestatic instruction throws an IncompatibleClassChangeError."
      if (r.ok() && !r.member->IsStatic()) return "!IncompatibleClassChangeError";
      return Answer(h, r);
    }
    case Op::kGetField:
    case Op::kGetStatic: {
      FieldResult r = ResolveField(h, ref, c.name, c.descriptor);
      bool want_static = c.op == Op::kGetStatic;
      if (r.ok() && ((r.member->access_flags & access::kStatic) != 0) != want_static) {
        return "!IncompatibleClassChangeError";
      }
      return Answer(h, r);
    }
  }
  return "?";
}

// Where a JVM is known to depart from JVMS: label -> the answer it gives
// instead (which jwp does not follow).
using Deviations = std::map<std::string, std::string>;

// Compares the JVM's output with the hierarchy's answers, label by label, and
// checks that the table and the driver cover the same labels.
void ExpectSameAsJvm(const ClassHierarchy& h, const std::string& package,
                     const std::vector<Case>& cases, const std::string& jvm_output,
                     const Deviations& deviations = {}) {
  std::map<std::string, std::string> jvm = ParseLabels(jvm_output);
  ASSERT_FALSE(jvm.empty()) << "no output from the driver:\n" << jvm_output;
  std::set<std::string> labels;
  for (const Case& c : cases) {
    labels.insert(c.label);
    auto it = jvm.find(c.label);
    if (it == jvm.end()) {
      ADD_FAILURE() << "the driver printed no " << c.label;
      continue;
    }
    auto deviation = deviations.find(c.label);
    if (deviation != deviations.end() && deviation->second == it->second) continue;
    EXPECT_EQ(Evaluate(h, package, c), it->second) << c.label;
  }
  for (const auto& [label, value] : jvm) {
    EXPECT_TRUE(labels.count(label)) << "no C++ case for the driver's " << label << "=" << value;
  }
}

const std::vector<Case>& Java8Cases() {
  static const std::vector<Case> cases = {
      {"pp.PkgBase@PkgBase", Op::kVirtual, "PkgBase", "PkgBase", "pp", kS},
      {"pp.PkgBase@OtherSub", Op::kVirtual, "PkgBase", "other/OtherSub", "pp", kS},
      {"pp.PkgBase@SameSub", Op::kVirtual, "PkgBase", "SameSub", "pp", kS},
      {"pp.PkgBase@OtherSubSub", Op::kVirtual, "PkgBase", "other/OtherSubSub", "pp", kS},
      {"pp.OtherSub@OtherSub", Op::kVirtual, "other/OtherSub", "other/OtherSub", "pp", kS},
      {"pp.OtherSub@SameSub", Op::kVirtual, "other/OtherSub", "SameSub", "pp", kS},
      {"pp.OtherSub@OtherSubSub", Op::kVirtual, "other/OtherSub", "other/OtherSubSub", "pp", kS},
      {"pub.PkgBase@SameSub", Op::kVirtual, "PkgBase", "SameSub", "pub", kS},
      {"prot.PkgBase@OtherSubSub", Op::kVirtual, "PkgBase", "other/OtherSubSub", "prot", kS},
      {"tm.TransA@TransC", Op::kVirtual, "TransA", "other/TransC", "tm", kS},
      {"tm.TransA@TransC2", Op::kVirtual, "TransA", "other/TransC2", "tm", kS},
      {"tm.TransA@TransC3", Op::kVirtual, "TransA", "other/TransC3", "tm", kS},
      {"tm.TransA@TransB3", Op::kVirtual, "TransA", "TransB3", "tm", kS},
      {"stat.SameSub", Op::kStatic, "SameSub", "", "stat", kS},
      {"stat.OtherSubSub", Op::kStatic, "other/OtherSubSub", "", "stat", kS},
      {"priv.PrivBase@PrivSub", Op::kVirtual, "PrivBase", "PrivSub", "priv", kS},
      {"priv.PrivSub@PrivSub", Op::kVirtual, "PrivSub", "PrivSub", "priv", kS},
      {"d.DA@Diamond", Op::kInterface, "DA", "Diamond", "d", kS},
      {"d.DC@Diamond", Op::kInterface, "DC", "Diamond", "d", kS},
      {"d.Diamond@Diamond", Op::kVirtual, "Diamond", "Diamond", "d", kS},
      {"d.DA@DiamondOverride", Op::kInterface, "DA", "DiamondOverride", "d", kS},
      {"d.DA@SuperWins", Op::kInterface, "DA", "SuperWins", "d", kS},
      {"d.DB@SuperWins", Op::kInterface, "DB", "SuperWins", "d", kS},
      {"d.DA@DSub", Op::kInterface, "DA", "DSub", "d", kS},
      {"d.DSub@DSub", Op::kVirtual, "DSub", "DSub", "d", kS},
      {"d.DA@AbsImplDone", Op::kInterface, "DA", "AbsImplDone", "d", kS},
      {"d.DAbs@AbsImplDone", Op::kInterface, "DAbs", "AbsImplDone", "d", kS},
      {"area.AbstractShape@Square", Op::kVirtual, "AbstractShape", "Square", "area", kS},
      {"area.Shape@Triangle", Op::kInterface, "Shape", "Triangle", "area", kS},
      {"get.Getter@StrGetter", Op::kInterface, "Getter", "StrGetter", "get",
       "()Ljava/lang/Object;"},
      {"make.CovBase@CovSub", Op::kVirtual, "CovBase", "CovSub", "make", "()Ljava/lang/Object;"},
      {"name.FieldSub", Op::kGetField, "FieldSub", "", "name", kSF},
      {"name.FieldBase@FieldSub", Op::kGetField, "FieldBase", "", "name", kSF},
      {"NAME.FieldSub", Op::kGetStatic, "FieldSub", "", "NAME", kSF},
      {"NAME.Konst2", Op::kGetStatic, "Konst2", "", "NAME", kSF},
      {"sname.FieldSub", Op::kGetStatic, "FieldSub", "", "sname", kSF},
  };
  return cases;
}

const std::vector<Case>& Java17Cases() {
  static const std::vector<Case> cases = {
      {"name.Expr@Lit", Op::kInterface, "Expr", "Lit", "name", kS},
      {"name.Expr@Neg", Op::kInterface, "Expr", "Neg", "name", kS},
      {"name.Expr@AddMore", Op::kInterface, "Expr", "AddMore", "name", kS},
      {"helper.WithPriv@WithPrivImpl", Op::kInterface, "WithPriv", "WithPrivImpl", "helper", kS},
      {"secret.Outer17@Outer17Sub", Op::kVirtual, "Outer17", "Outer17Sub", "secret", kS},
  };
  return cases;
}

std::string RunJava(const std::string& java_home, const std::string& class_path,
                    const std::string& main) {
  int rc = 0;
  std::string out =
      RunCommand(java_home + "/bin/java -cp " + class_path + " " + main + " 2>&1", &rc);
  EXPECT_EQ(rc, 0) << out;
  return out;
}

// The JVMs to compare with: the build's JDK 17, and a JDK 25 where installed.
std::vector<std::string> JavaHomes() {
  std::vector<std::string> out = {kJavaHome};
  const std::string jdk25 = "/usr/lib/jvm/temurin-25-jdk-amd64";
  if (std::filesystem::exists(jdk25 + "/bin/java")) out.push_back(jdk25);
  return out;
}

bool IsJdk17(const std::string& java_home) {
  return ReadText(java_home + "/release").find("JAVA_VERSION=\"17") != std::string::npos;
}

const Loaded& Fixtures8() {
  static const Loaded* loaded = new Loaded(Load(kRelease8));
  return *loaded;
}

const Loaded& Fixtures17() {
  static const Loaded* loaded = new Loaded(Load(kRelease17));
  return *loaded;
}

constexpr char kPkg[] = "fixtures/hierarchy/";
constexpr char kPkg17[] = "fixtures/hierarchy17/";

// --- Differential tests against the JVM ------------------------------------------

TEST(MemberResolution, MatchesTheJvmOnJava8Fixtures) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  for (const std::string& java : JavaHomes()) {
    SCOPED_TRACE(java);
    ExpectSameAsJvm(l.h(), kPkg, Java8Cases(),
                    RunJava(java, kRelease8, "fixtures.hierarchy.Driver"));
  }
}

TEST(MemberResolution, MatchesTheJvmOnJava17Fixtures) {
  const Loaded& l = Fixtures17();
  ASSERT_LOADED(l);
  for (const std::string& java : JavaHomes()) {
    SCOPED_TRACE(java);
    ExpectSameAsJvm(l.h(), kPkg, Java8Cases(),
                    RunJava(java, kRelease17, "fixtures.hierarchy.Driver"));
    ExpectSameAsJvm(l.h(), kPkg17, Java17Cases(),
                    RunJava(java, kRelease17, "fixtures.hierarchy17.Driver17"));
  }
}

// Version 1 of package `sep`, compiled with the driver.
constexpr char kSepV1[] = R"(package sep;
interface CA { default String m() { return "CA.m"; } }
interface CB { }
class Conflict implements CA, CB { }
interface RA extends CA { }
class ReAbs implements RA { }
interface I1 { default String m() { return "I1.m"; } }
interface I2 { }
class OneDefault implements I1, I2 { }
class PBase { public String m() { return "PBase.m"; } }
class PSub extends PBase { }
class SBase { public String m() { return "SBase.m"; } }
class SSub extends SBase { public String m() { return "SSub.m"; } }
class ABase { public String m() { return "ABase.m"; } }
class AImpl extends ABase { }
class Gone { public String m() { return "Gone.m"; } }
class CToI { public static String s() { return "CToI.s"; } }
interface PI { String m(); }
class PImpl implements PI { public String m() { return "PImpl.m"; } }
interface PI2 { String m(); }
class NotImpl implements PI2 { public String m() { return "NotImpl.m"; } }
class Maker { static PI2 make() { return new NotImpl(); } }
interface KEmpty { }
class KBase { public static String NAME = String.valueOf("KBase.NAME"); }
class KSub extends KBase implements KEmpty { }
class FGone { public static String f = String.valueOf("FGone.f"); }
class Fin { }
class FinSub extends Fin { }
class IfaceNow { }
class IfaceNowSub extends IfaceNow { }
interface ClassNow { }
class ClassNowImpl implements ClassNow { }
)";

constexpr char kSepDriver[] = R"(package sep;
public class Driver {
  interface Call { Object run(); }
  static void run(String label, Call call) {
    String result;
    try { result = String.valueOf(call.run()); }
    catch (LinkageError e) { result = "!" + e.getClass().getSimpleName(); }
    System.out.println(label + "=" + result);
  }
  public static void main(String[] args) {
    run("conflict", () -> ((CA) new Conflict()).m());
    run("conflict.class", () -> new Conflict().m());
    run("reabs", () -> ((CA) new ReAbs()).m());
    run("onedefault", () -> ((I1) new OneDefault()).m());
    run("private", () -> ((PBase) new PSub()).m());
    run("static.base", () -> ((SBase) new SSub()).m());
    run("static.sub", () -> new SSub().m());
    run("abstract", () -> ((ABase) new AImpl()).m());
    run("gone", () -> new Gone().m());
    run("ctoi", () -> CToI.s());
    run("pimpl", () -> ((PI) new PImpl()).m());
    run("pimpl.virtual", () -> new PImpl().m());
    run("notimpl", () -> Maker.make().m());
    run("kfield", () -> KSub.NAME);
    run("fgone", () -> FGone.f);
  }
}
)";

// Version 2 of some of `sep`'s classes; the stubs (PBase, SBase, PI here) only
// let the others compile and are not kept.
constexpr char kSepV2[] = R"(package sep;
interface CB { default String m() { return "CB.m"; } }
interface RA extends CA { String m(); }
interface I2 { String m(); }
class PBase { }
class PSub extends PBase { private String m() { return "PSub.m"; } }
class SBase { }
class SSub extends SBase { public static String m() { return "SSub.m"; } }
abstract class ABase { public abstract String m(); }
class Gone { }
interface CToI { static String s() { return "CToI.s"; } }
interface PI { }
class PImpl implements PI { String m() { return "PImpl.m"; } }
class NotImpl { public String m() { return "NotImpl.m"; } }
interface KEmpty { String NAME = String.valueOf("KEmpty.NAME"); }
class FGone { }
final class Fin { }
interface IfaceNow { }
class ClassNow { }
)";

const char* const kSepV2Kept[] = {"CB",    "RA",     "I2",      "PSub",   "SSub",
                                  "ABase", "Gone",   "CToI",    "PImpl",  "NotImpl",
                                  "KEmpty", "FGone", "Fin",     "IfaceNow", "ClassNow"};

const std::vector<Case>& SeparateCompilationCases() {
  static const std::vector<Case> cases = {
      {"conflict", Op::kInterface, "CA", "Conflict", "m", kS},
      {"conflict.class", Op::kVirtual, "Conflict", "Conflict", "m", kS},
      {"reabs", Op::kInterface, "CA", "ReAbs", "m", kS},
      {"onedefault", Op::kInterface, "I1", "OneDefault", "m", kS},
      {"private", Op::kVirtual, "PBase", "PSub", "m", kS},
      {"static.base", Op::kVirtual, "SBase", "SSub", "m", kS},
      {"static.sub", Op::kVirtual, "SSub", "SSub", "m", kS},
      {"abstract", Op::kVirtual, "ABase", "AImpl", "m", kS},
      {"gone", Op::kVirtual, "Gone", "Gone", "m", kS},
      {"ctoi", Op::kStatic, "CToI", "", "s", kS},
      {"pimpl", Op::kInterface, "PI", "PImpl", "m", kS},
      {"pimpl.virtual", Op::kVirtual, "PImpl", "PImpl", "m", kS},
      {"notimpl", Op::kInterface, "PI2", "NotImpl", "m", kS},
      {"kfield", Op::kGetStatic, "KSub", "", "NAME", kSF},
      {"fgone", Op::kGetStatic, "FGone", "", "f", kSF},
  };
  return cases;
}

TEST(MemberResolution, MatchesTheJvmAfterSeparateCompilation) {
  TempDir dir;
  std::string v1 = dir.File("v1"), v2 = dir.File("v2"), v2all = dir.File("v2all");
  WriteText(dir.File("src1/sep/V1.java"), kSepV1);
  WriteText(dir.File("src1/sep/Driver.java"), kSepDriver);
  WriteText(dir.File("src2/sep/V2.java"), kSepV2);
  std::string javac = kJavaHome + "/bin/javac -nowarn -Xlint:none ";
  int rc = 0;
  std::string out = RunCommand(javac + "-d " + v1 + " " + dir.File("src1/sep/V1.java") + " " +
                                   dir.File("src1/sep/Driver.java") + " 2>&1",
                               &rc);
  ASSERT_EQ(rc, 0) << out;
  out = RunCommand(javac + "-cp " + v1 + " -d " + v2all + " " + dir.File("src2/sep/V2.java") +
                       " 2>&1",
                   &rc);
  ASSERT_EQ(rc, 0) << out;
  std::filesystem::create_directories(v2 + "/sep");
  for (const char* name : kSepV2Kept) {
    std::filesystem::copy_file(v2all + "/sep/" + name + ".class", v2 + "/sep/" + name + ".class");
  }
  std::string class_path = v2 + ":" + v1;
  Loaded l = Load(class_path);
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  for (const std::string& java : JavaHomes()) {
    SCOPED_TRACE(java);
    // JDK-8356942 (fixed in JDK 26, backported to 25): HotSpot's itable
    // throws AbstractMethodError for invokeinterface on conflicting defaults
    // where JVMS 6.5 invokeinterface says IncompatibleClassChangeError.
    Deviations deviations;
    if (IsJdk17(java)) deviations["conflict"] = "!AbstractMethodError";
    ExpectSameAsJvm(h, "sep/", SeparateCompilationCases(), RunJava(java, class_path, "sep.Driver"),
                    deviations);
  }

  // The reasons, beyond the error kinds.
  auto conflict = SelectMethod(h, h.Find("sep/Conflict"),
                               ResolveInterfaceMethod(h, "sep/CA", "m", kS), InvokeKind::kInterface);
  ASSERT_EQ(conflict.error, LinkageError::kIncompatibleClassChange);
  EXPECT_EQ(conflict.candidates, (std::vector<ClassId>{h.Find("sep/CA"), h.Find("sep/CB")}));
  EXPECT_EQ(conflict.detail,
            "invokeinterface sep/CA.m()Ljava/lang/String; on sep/Conflict: conflicting default "
            "methods in sep/CA, sep/CB");
  auto reabs = SelectMethod(h, h.Find("sep/ReAbs"), ResolveInterfaceMethod(h, "sep/CA", "m", kS),
                            InvokeKind::kInterface);
  ASSERT_EQ(reabs.error, LinkageError::kAbstractMethod);
  EXPECT_EQ(reabs.candidates, (std::vector<ClassId>{h.Find("sep/RA")}));
  auto notimpl = SelectMethod(h, h.Find("sep/NotImpl"),
                              ResolveInterfaceMethod(h, "sep/PI2", "m", kS), InvokeKind::kInterface);
  EXPECT_EQ(notimpl.detail,
            "invokeinterface sep/PI2.m()Ljava/lang/String;: class sep/NotImpl does not implement "
            "interface sep/PI2");
  auto pimpl = SelectMethod(h, h.Find("sep/PImpl"), ResolveInterfaceMethod(h, "sep/PI", "m", kS),
                            InvokeKind::kInterface);
  EXPECT_EQ(pimpl.detail,
            "invokeinterface sep/PI.m()Ljava/lang/String; on sep/PImpl: selected "
            "sep/PImpl.m()Ljava/lang/String; is not public");
  auto ctoi = ResolveMethod(h, "sep/CToI", "s", kS);
  EXPECT_EQ(ctoi.detail,
            "sep/CToI.s()Ljava/lang/String;: a class method reference names interface sep/CToI");
  auto gone = ResolveMethod(h, "sep/Gone", "m", kS);
  EXPECT_EQ(gone.detail, "sep/Gone.m()Ljava/lang/String;: no such method");
  auto fgone = ResolveField(h, "sep/FGone", "f", kSF);
  EXPECT_EQ(fgone.detail, "sep/FGone.f:Ljava/lang/String;: no such field");
  auto stat = SelectMethod(h, h.Find("sep/SSub"), ResolveMethod(h, "sep/SSub", "m", kS),
                           InvokeKind::kVirtual);
  EXPECT_EQ(stat.detail,
            "invokevirtual sep/SSub.m()Ljava/lang/String;: the resolved method is static");
  auto abs = SelectMethod(h, h.Find("sep/AImpl"), ResolveMethod(h, "sep/ABase", "m", kS),
                          InvokeKind::kVirtual);
  EXPECT_EQ(abs.detail,
            "invokevirtual sep/ABase.m()Ljava/lang/String; on sep/AImpl: selected "
            "sep/ABase.m()Ljava/lang/String; is abstract");
  EXPECT_EQ(abs.owner, h.Find("sep/ABase"));

  // Supertypes the JVM would refuse to load are reported, once each.
  EXPECT_EQ(l.Messages("class hierarchy: sep/FinSub: superclass sep/Fin is final (VerifyError)")
                .size(),
            1u);
  EXPECT_EQ(l.Messages("class hierarchy: sep/IfaceNowSub: superclass sep/IfaceNow is an interface "
                       "(IncompatibleClassChangeError)")
                .size(),
            1u);
  EXPECT_EQ(l.Messages("class hierarchy: sep/ClassNowImpl: superinterface sep/ClassNow is a class "
                       "(IncompatibleClassChangeError)")
                .size(),
            1u);
  EXPECT_EQ(l.diagnostics->warning_count(), 3u);
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
}

// --- Fixture expectations written out -----------------------------------------------

std::string Simple(const ClassHierarchy& h, ClassId id) {
  std::string_view n = h.Name(id);
  return std::string(n.substr(n.rfind('/') + 1));
}

TEST(MemberResolution, OverridingAcrossPackages) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  auto method = [&](std::string_view cls, std::string_view name) {
    auto r = ResolveMethod(h, std::string(kPkg) + std::string(cls), name, kS);
    EXPECT_TRUE(r.ok()) << r.detail;
    EXPECT_EQ(Simple(h, r.owner), cls.substr(cls.rfind('/') + 1));
    return r;
  };
  auto base = method("PkgBase", "pp");
  auto other = method("other/OtherSub", "pp");
  auto same = method("SameSub", "pp");
  auto trans_a = method("TransA", "tm");
  auto trans_c = method("other/TransC", "tm");
  auto trans_c2 = method("other/TransC2", "tm");
  auto trans_c3 = method("other/TransC3", "tm");
  EXPECT_FALSE(CanOverride(h, other.owner, *other.member, base.owner, *base.member));
  EXPECT_TRUE(CanOverride(h, same.owner, *same.member, base.owner, *base.member));
  EXPECT_FALSE(CanOverride(h, same.owner, *same.member, other.owner, *other.member));
  EXPECT_TRUE(CanOverride(h, base.owner, *base.member, base.owner, *base.member));
  // Transitively through TransB's public tm(), but not through nothing
  // (TransC2) or through TransB3's package-private tm() (TransC3).
  EXPECT_TRUE(CanOverride(h, trans_c.owner, *trans_c.member, trans_a.owner, *trans_a.member));
  EXPECT_FALSE(CanOverride(h, trans_c2.owner, *trans_c2.member, trans_a.owner, *trans_a.member));
  EXPECT_FALSE(CanOverride(h, trans_c3.owner, *trans_c3.member, trans_a.owner, *trans_a.member));
  // A public method can be overridden from anywhere.
  auto pub = method("PkgBase", "pub");
  auto other_pub = method("other/OtherSub", "pub");
  EXPECT_TRUE(CanOverride(h, other_pub.owner, *other_pub.member, pub.owner, *pub.member));
  // Static methods neither override nor are overridden.
  auto stat = method("PkgBase", "stat");
  auto other_stat = method("other/OtherSub", "stat");
  EXPECT_FALSE(CanOverride(h, other_stat.owner, *other_stat.member, stat.owner, *stat.member));
  auto sel = SelectMethod(h, l.Id(std::string(kPkg) + "other/OtherSubSub"), base,
                          InvokeKind::kVirtual);
  ASSERT_TRUE(sel.ok()) << sel.detail;
  EXPECT_EQ(Simple(h, sel.owner), "SameSub");
  EXPECT_FALSE(sel.incomplete);
}

TEST(MemberResolution, DefaultsAndMaximallySpecificMethods) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  std::string p = kPkg;
  auto owners = [&](std::string_view cls) {
    std::vector<std::string> out;
    for (const auto& m : MaximallySpecificMethods(h, l.Id(p + std::string(cls)), "d", kS)) {
      out.push_back(Simple(h, m.owner));
    }
    return out;
  };
  EXPECT_EQ(owners("Diamond"), std::vector<std::string>{"DB"});
  EXPECT_EQ(owners("DSub"), std::vector<std::string>{"DB"});
  EXPECT_EQ(owners("AbsImplDone"), std::vector<std::string>{"DAbs"});
  EXPECT_EQ(owners("DC"), std::vector<std::string>{"DA"});
  EXPECT_EQ(owners("DA"), std::vector<std::string>{});
  EXPECT_EQ(owners("Square"), std::vector<std::string>{});

  // Class method resolution finds a default through a superinterface.
  auto r = ResolveMethod(h, p + "Diamond", "d", kS);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(Simple(h, r.owner), "DB");
  EXPECT_EQ(r.referenced, l.Id(p + "Diamond"));
  // An abstract class that inherits only the re-abstracted method: selection
  // finds nothing concrete (AbstractMethodError), naming the abstract one.
  auto da = ResolveInterfaceMethod(h, p + "DA", "d", kS);
  auto sel = SelectMethod(h, l.Id(p + "AbsImpl"), da, InvokeKind::kInterface);
  EXPECT_EQ(sel.error, LinkageError::kAbstractMethod);
  EXPECT_EQ(sel.candidates, std::vector<ClassId>{l.Id(p + "DAbs")});
  // Interface method resolution through a superinterface.
  auto dc = ResolveInterfaceMethod(h, p + "DC", "d", kS);
  ASSERT_TRUE(dc.ok());
  EXPECT_EQ(Simple(h, dc.owner), "DA");
  EXPECT_EQ(dc.referenced, l.Id(p + "DC"));
  // A class method reference to an abstract interface method.
  auto area = ResolveMethod(h, p + "AbstractShape", "area", kS);
  ASSERT_TRUE(area.ok());
  EXPECT_EQ(Simple(h, area.owner), "Shape");
  EXPECT_TRUE(area.member->IsAbstract());
}

TEST(MemberResolution, InterfaceAndClassReferencesMustMatch) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  std::string p = kPkg;
  EXPECT_EQ(ResolveMethod(h, p + "DA", "d", kS).error, LinkageError::kIncompatibleClassChange);
  EXPECT_EQ(ResolveInterfaceMethod(h, p + "Diamond", "d", kS).error,
            LinkageError::kIncompatibleClassChange);
  // Public instance methods of Object through an interface; not protected ones.
  auto to_string = ResolveInterfaceMethod(h, p + "DA", "toString", kS);
  ASSERT_TRUE(to_string.ok()) << to_string.detail;
  EXPECT_EQ(h.Name(to_string.owner), "java/lang/Object");
  auto clone = ResolveInterfaceMethod(h, p + "DA", "clone", "()Ljava/lang/Object;");
  EXPECT_EQ(clone.error, LinkageError::kNoSuchMethod);
  EXPECT_EQ(clone.detail, "fixtures/hierarchy/DA.clone()Ljava/lang/Object;: no such method");
  // Static interface methods are not inherited by implementing classes.
  EXPECT_EQ(ResolveMethod(h, p + "WithStaticImpl", "ws", kS).error, LinkageError::kNoSuchMethod);
  auto ws = ResolveInterfaceMethod(h, p + "WithStatic", "ws", kS);
  ASSERT_TRUE(ws.ok());
  EXPECT_TRUE(ws.member->IsStatic());
  EXPECT_EQ(SelectMethod(h, l.Id(p + "WithStaticImpl"), ws, InvokeKind::kInterface).error,
            LinkageError::kIncompatibleClassChange);
  // The descriptor is part of the method's identity.
  EXPECT_EQ(ResolveMethod(h, p + "PkgBase", "pub", "()V").error, LinkageError::kNoSuchMethod);
}

TEST(MemberResolution, BridgesAreSelected) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  std::string p = kPkg;
  auto get = ResolveInterfaceMethod(h, p + "Getter", "get", "()Ljava/lang/Object;");
  ASSERT_TRUE(get.ok());
  auto sel = SelectMethod(h, l.Id(p + "StrGetter"), get, InvokeKind::kInterface);
  ASSERT_TRUE(sel.ok()) << sel.detail;
  EXPECT_EQ(Simple(h, sel.owner), "StrGetter");
  EXPECT_EQ(sel.member->descriptor, "()Ljava/lang/Object;");
  EXPECT_TRUE(sel.member->access_flags & access::kBridge);
  auto direct = ResolveMethod(h, p + "StrGetter", "get", kS);
  ASSERT_TRUE(direct.ok());
  EXPECT_FALSE(direct.member->access_flags & access::kBridge);
}

TEST(MemberResolution, Fields) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  std::string p = kPkg;
  auto owner = [&](std::string_view cls, std::string_view name, std::string_view desc) {
    auto r = ResolveField(h, p + std::string(cls), name, desc);
    return r.ok() ? Simple(h, r.owner) : std::string("!") + LinkageErrorName(r.error);
  };
  // Hidden fields: the same name with another descriptor is another field.
  EXPECT_EQ(owner("FieldSub", "x", "I"), "FieldBase");
  EXPECT_EQ(owner("FieldSub", "x", kSF), "FieldSub");
  EXPECT_EQ(owner("FieldBase", "x", kSF), "!NoSuchFieldError");
  EXPECT_EQ(owner("FieldSub", "name", kSF), "FieldSub");
  EXPECT_EQ(owner("FieldBase", "name", kSF), "FieldBase");
  // Interface fields, through a superinterface, from a class and an interface.
  EXPECT_EQ(owner("FieldSub", "NAME", kSF), "Konst");
  EXPECT_EQ(owner("Konst2", "NAME", kSF), "Konst");
  EXPECT_EQ(owner("FieldSub", "sname", kSF), "FieldBase");
  EXPECT_EQ(owner("FieldSub", "nothing", "I"), "!NoSuchFieldError");
  // JDK: System.out; arrays have no fields.
  auto out = ResolveField(h, "java/lang/System", "out", "Ljava/io/PrintStream;");
  ASSERT_TRUE(out.ok());
  EXPECT_TRUE(out.member->access_flags & access::kStatic);
  EXPECT_EQ(ResolveField(h, "[I", "length", "I").error, LinkageError::kNoSuchField);
}

TEST(MemberResolution, RecordsSealedAndPrivateInterfaceMethods) {
  const Loaded& l = Fixtures17();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  std::string p = kPkg17;
  ClassId lit = l.Id(p + "Lit");
  EXPECT_TRUE(h.IsFinal(lit));
  EXPECT_EQ(h.Super(lit), l.Id("java/lang/Record"));
  EXPECT_EQ(h.IsSubtype(lit, l.Id(p + "Expr")), Tristate::kYes);
  // A record declares toString, equals and hashCode.
  auto to_string = ResolveMethod(h, "java/lang/Object", "toString", kS);
  auto sel = SelectMethod(h, lit, to_string, InvokeKind::kVirtual);
  ASSERT_TRUE(sel.ok());
  EXPECT_EQ(h.Name(sel.owner), p + "Lit");
  auto hash = SelectMethod(h, lit, ResolveMethod(h, "java/lang/Object", "hashCode", "()I"),
                           InvokeKind::kVirtual);
  ASSERT_TRUE(hash.ok());
  EXPECT_EQ(h.Name(hash.owner), p + "Lit");
  // The concrete subtypes of the sealed interface: the permitted records and
  // the non-sealed branch below Add.
  std::vector<std::string> concrete;
  for (ClassId c : h.ConcreteSubtypes(l.Id(p + "Expr"))) concrete.emplace_back(h.Name(c));
  std::sort(concrete.begin(), concrete.end());
  EXPECT_EQ(concrete, (std::vector<std::string>{p + "Add", p + "AddMore", p + "Lit", p + "Neg"}));
  // invokeinterface of a private interface method selects it.
  auto helper = ResolveInterfaceMethod(h, p + "WithPriv", "helper", kS);
  ASSERT_TRUE(helper.ok());
  EXPECT_TRUE(helper.member->IsPrivate());
  auto chosen = SelectMethod(h, l.Id(p + "WithPrivImpl"), helper, InvokeKind::kInterface);
  ASSERT_TRUE(chosen.ok()) << chosen.detail;
  EXPECT_EQ(Simple(h, chosen.owner), "WithPriv");
}

// --- The JDK ---------------------------------------------------------------------

TEST(MemberResolution, JdkCollections) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  ClassId array_list = l.Id("java/util/ArrayList");
  // Collection.stream is a default that ArrayList does not override.
  auto stream = ResolveInterfaceMethod(h, "java/util/Collection", "stream",
                                       "()Ljava/util/stream/Stream;");
  ASSERT_TRUE(stream.ok()) << stream.detail;
  auto sel = SelectMethod(h, array_list, stream, InvokeKind::kInterface);
  ASSERT_TRUE(sel.ok()) << sel.detail;
  EXPECT_EQ(h.Name(sel.owner), "java/util/Collection");
  EXPECT_FALSE(sel.member->IsAbstract());
  EXPECT_FALSE(sel.incomplete);
  // Iterable.forEach is overridden by ArrayList.
  auto for_each = SelectMethod(
      h, array_list,
      ResolveInterfaceMethod(h, "java/lang/Iterable", "forEach", "(Ljava/util/function/Consumer;)V"),
      InvokeKind::kInterface);
  ASSERT_TRUE(for_each.ok());
  EXPECT_EQ(h.Name(for_each.owner), "java/util/ArrayList");
  // toString comes from AbstractCollection.
  auto to_string = SelectMethod(h, array_list, ResolveMethod(h, "java/lang/Object", "toString", kS),
                                InvokeKind::kVirtual);
  ASSERT_TRUE(to_string.ok());
  EXPECT_EQ(h.Name(to_string.owner), "java/util/AbstractCollection");
  // HashMap.get is declared by HashMap; hashCode is inherited from AbstractMap.
  const char* get = "(Ljava/lang/Object;)Ljava/lang/Object;";
  auto hm_get = ResolveMethod(h, "java/util/HashMap", "get", get);
  ASSERT_TRUE(hm_get.ok());
  EXPECT_EQ(h.Name(hm_get.owner), "java/util/HashMap");
  EXPECT_TRUE(hm_get.member->access_flags & access::kPublic);
  auto hm_hash = ResolveMethod(h, "java/util/HashMap", "hashCode", "()I");
  ASSERT_TRUE(hm_hash.ok());
  EXPECT_EQ(h.Name(hm_hash.owner), "java/util/AbstractMap");
  // Map.get through the interface on several maps.
  auto map_get = ResolveInterfaceMethod(h, "java/util/Map", "get", get);
  ASSERT_TRUE(map_get.ok());
  EXPECT_TRUE(map_get.member->IsAbstract());
  for (const char* cls : {"java/util/HashMap", "java/util/LinkedHashMap", "java/util/TreeMap"}) {
    auto s = SelectMethod(h, l.Id(cls), map_get, InvokeKind::kInterface);
    ASSERT_TRUE(s.ok()) << cls;
    EXPECT_EQ(h.Name(s.owner), cls);
  }
  // A class method reference resolved to an abstract method in a superclass.
  auto size = ResolveMethod(h, "java/util/AbstractList", "size", "()I");
  ASSERT_TRUE(size.ok());
  EXPECT_EQ(h.Name(size.owner), "java/util/AbstractCollection");
  // A String is not a List.
  auto list_size = ResolveInterfaceMethod(h, "java/util/List", "size", "()I");
  EXPECT_EQ(SelectMethod(h, l.Id("java/lang/String"), list_size, InvokeKind::kInterface).error,
            LinkageError::kIncompatibleClassChange);
  // Arrays resolve in Object.
  auto clone = ResolveMethod(h, "[I", "clone", "()Ljava/lang/Object;");
  ASSERT_TRUE(clone.ok());
  EXPECT_EQ(h.Name(clone.owner), "java/lang/Object");
}

TEST(MemberResolution, SignaturePolymorphicMethods) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  auto exact = ResolveMethod(h, "java/lang/invoke/MethodHandle", "invokeExact",
                             "(Ljava/lang/String;I)V");
  ASSERT_TRUE(exact.ok()) << exact.detail;
  EXPECT_TRUE(exact.signature_polymorphic);
  EXPECT_EQ(h.Name(exact.owner), "java/lang/invoke/MethodHandle");
  EXPECT_EQ(exact.member->descriptor, "([Ljava/lang/Object;)Ljava/lang/Object;");
  // Through a subclass of MethodHandle.
  auto sub = ResolveMethod(h, "java/lang/invoke/DirectMethodHandle", "invoke", "()I");
  ASSERT_TRUE(sub.ok()) << sub.detail;
  EXPECT_TRUE(sub.signature_polymorphic);
  EXPECT_EQ(h.Name(sub.owner), "java/lang/invoke/MethodHandle");
  // VarHandle's accessors, whatever their return type.
  auto cas = ResolveMethod(h, "java/lang/invoke/VarHandle", "compareAndSet",
                           "(Ljava/lang/Object;II)Z");
  ASSERT_TRUE(cas.ok()) << cas.detail;
  EXPECT_TRUE(cas.signature_polymorphic);
  EXPECT_EQ(cas.member->descriptor, "([Ljava/lang/Object;)Z");
  // Selection leaves them alone.
  auto sel = SelectMethod(h, l.Id("java/lang/invoke/DirectMethodHandle"), exact,
                          InvokeKind::kVirtual);
  ASSERT_TRUE(sel.ok());
  EXPECT_EQ(sel.member, exact.member);
  // Ordinary MethodHandle methods are matched by descriptor.
  auto type = ResolveMethod(h, "java/lang/invoke/MethodHandle", "type",
                            "()Ljava/lang/invoke/MethodType;");
  ASSERT_TRUE(type.ok());
  EXPECT_FALSE(type.signature_polymorphic);
  EXPECT_EQ(ResolveMethod(h, "java/lang/invoke/MethodHandle", "bindTo", "(I)V").error,
            LinkageError::kNoSuchMethod);
  EXPECT_FALSE(IsSignaturePolymorphic(h, type.owner, *type.member));
  EXPECT_TRUE(IsSignaturePolymorphic(h, exact.owner, *exact.member));
}

// --- Missing classes ---------------------------------------------------------------

TEST(MemberResolution, MissingClassesAreReportedNotGuessed) {
  TempDir dir;
  std::filesystem::create_directories(dir.File("fixtures/hierarchy"));
  for (const char* name : {"MissSub", "MissSub2"}) {
    std::filesystem::copy_file(kRelease8 + "/fixtures/hierarchy/" + name + ".class",
                               dir.File(std::string("fixtures/hierarchy/") + name + ".class"));
  }
  for (MissingClassPolicy policy : {MissingClassPolicy::kPhantom, MissingClassPolicy::kRoot}) {
    SCOPED_TRACE(MissingClassPolicyName(policy));
    ClassHierarchyOptions options;
    options.missing = policy;
    Loaded l = Load(dir.path(), true, options);
    ASSERT_LOADED(l);
    const ClassHierarchy& h = l.h();
    std::string p = kPkg;
    // Declared by the class itself: complete.
    auto own = ResolveMethod(h, p + "MissSub", "own", kS);
    ASSERT_TRUE(own.ok()) << own.detail;
    EXPECT_FALSE(own.incomplete);
    // Declared by the missing superclass: cannot be found, and says why.
    auto mb = ResolveMethod(h, p + "MissSub", "mb", kS);
    EXPECT_EQ(mb.error, LinkageError::kNoClassDefFound);
    EXPECT_NE(mb.detail.find(policy == MissingClassPolicy::kPhantom
                                 ? "class fixtures/hierarchy/MissBase that might declare it is "
                                   "missing"
                                 : "a supertype of fixtures/hierarchy/MissSub that might "
                                   "declare it is missing"),
              std::string::npos)
        << mb.detail;
    // Found beyond the missing class: a best guess, marked incomplete.
    auto to_string = ResolveMethod(h, p + "MissSub", "toString", kS);
    ASSERT_TRUE(to_string.ok()) << to_string.detail;
    EXPECT_EQ(h.Name(to_string.owner), "java/lang/Object");
    EXPECT_TRUE(to_string.incomplete);
    auto hash = SelectMethod(h, l.Id(p + "MissSub"),
                             ResolveMethod(h, "java/lang/Object", "hashCode", "()I"),
                             InvokeKind::kVirtual);
    ASSERT_TRUE(hash.ok());
    EXPECT_TRUE(hash.incomplete);
    auto field = ResolveField(h, p + "MissSub2", "f", "I");
    EXPECT_EQ(field.error, LinkageError::kNoClassDefFound);
    // The phantom itself.
    if (policy == MissingClassPolicy::kPhantom) {
      auto on_phantom = ResolveMethod(h, p + "MissBase", "mb", kS);
      EXPECT_EQ(on_phantom.error, LinkageError::kNoClassDefFound);
      EXPECT_EQ(on_phantom.detail, "class fixtures/hierarchy/MissBase is missing from the class path");
      auto sel = SelectMethod(h, l.Id(p + "MissBase"), to_string, InvokeKind::kVirtual);
      EXPECT_EQ(sel.error, LinkageError::kNoClassDefFound);
    }
    // A class named only by a reference: recorded once.
    for (int i = 0; i < 3; ++i) {
      auto r = ResolveMethod(h, "no/such/Klass", "m", "()V");
      EXPECT_EQ(r.error, LinkageError::kNoClassDefFound);
      EXPECT_EQ(r.detail, "class no/such/Klass is missing from the class path");
    }
    EXPECT_EQ(ResolveField(h, "no/such/Klass", "f", "I").error, LinkageError::kNoClassDefFound);
    EXPECT_EQ(ResolveInterfaceMethod(h, "no/such/Klass", "m", "()V").error,
              LinkageError::kNoClassDefFound);
    EXPECT_TRUE(h.IsMissing("no/such/Klass"));
    auto messages = l.Messages("missing class no/such/Klass");
    ASSERT_EQ(messages.size(), 1u);
    EXPECT_EQ(messages[0], "class hierarchy: missing class no/such/Klass (needed by a member reference)");
    EXPECT_EQ(h.MissingClasses(),
              (std::vector<std::string>{p + "MissBase", p + "MissIface", "no/such/Klass"}));
  }
}

// --- Concurrency -------------------------------------------------------------------

TEST(MemberResolution, ConcurrentQueriesMatchSequentialOnes) {
  const Loaded& sequential = Fixtures8();
  ASSERT_LOADED(sequential);
  std::vector<std::string> expected;
  for (const Case& c : Java8Cases()) expected.push_back(Evaluate(sequential.h(), kPkg, c));
  // A fresh hierarchy, so that the threads race to load members.
  Loaded l = Load(kRelease8);
  ASSERT_LOADED(l);
  constexpr int kThreads = 4;
  std::vector<std::vector<std::string>> got(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      const auto& cases = Java8Cases();
      for (size_t k = 0; k < cases.size(); ++k) {
        // Each thread starts somewhere else.
        const Case& c = cases[(k + t * 7) % cases.size()];
        got[t].push_back(c.label + std::string("=") + Evaluate(l.h(), kPkg, c));
      }
    });
  }
  for (auto& th : threads) th.join();
  std::vector<std::string> want;
  for (size_t k = 0; k < Java8Cases().size(); ++k) {
    want.push_back(Java8Cases()[k].label + std::string("=") + expected[k]);
  }
  std::sort(want.begin(), want.end());
  for (auto& g : got) {
    std::sort(g.begin(), g.end());
    EXPECT_EQ(g, want);
  }
  EXPECT_GT(l.h().stats().loaded, 10u);
  EXPECT_EQ(l.diagnostics->Sorted().size(), 0u);
}

}  // namespace
}  // namespace jwp::classfile
