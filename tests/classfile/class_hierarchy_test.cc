// Tests for classfile/class_hierarchy.h: the fixtures' hierarchy (superclass,
// interfaces, the direct-subtype index, transitive and concrete subtypes,
// subtype tests for classes, interfaces and arrays), the real JDK (collections,
// the whole JDK 17 image with its size, time and peak memory), missing classes
// under each policy, cycles in malformed class files, determinism, and a
// negative test for each Verify() check.
#include "classfile/class_hierarchy.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include "tests/classfile/hierarchy_test_support.h"

namespace jwp::classfile {

// Reaches into a hierarchy to break its invariants for Verify's negative tests.
class ClassHierarchyTestPeer {
 public:
  explicit ClassHierarchyTestPeer(ClassHierarchy& h) : h_(h) {}
  void SetSuper(ClassId id, ClassId super) { h_.nodes_[id].super = super; }
  void SetFlags(ClassId id, uint8_t flags) { h_.nodes_[id].flags = flags; }
  uint8_t Flags(ClassId id) const { return h_.nodes_[id].flags; }
  // Drops the last subclass entry and shortens the range of the class it
  // belonged to (every range end past it moves back by one), whichever class
  // comes last by id.
  void DropSubclassEntry() {
    const size_t last = h_.subclasses_.size() - 1;
    h_.subclasses_.pop_back();
    for (auto& b : h_.subclass_begin_) {
      if (b > last) --b;
    }
  }
  void SwapSubclasses(ClassId parent) {
    auto b = h_.subclass_begin_[parent], e = h_.subclass_begin_[parent + 1];
    ASSERT_GE(e - b, 2u);
    std::swap(h_.subclasses_[b], h_.subclasses_[b + 1]);
  }
  void ForgetMissing() { h_.missing_.clear(); }
  void RenameInIndex(std::string_view name, ClassId id) { h_.index_[name] = id; }
  void SetInterfaceCount(ClassId id, uint16_t count) { h_.nodes_[id].interfaces_count = count; }
  static constexpr uint8_t kMissingAncestorBit = ClassHierarchy::kMissingAncestorBit;
  static constexpr uint8_t kPhantomBit = ClassHierarchy::kPhantomBit;

 private:
  ClassHierarchy& h_;
};

namespace {

using namespace testing_support;

constexpr char kPkg[] = "fixtures/hierarchy/";

std::string F(std::string_view simple) { return kPkg + std::string(simple); }

// Names of ids, sorted, for readable comparisons.
std::vector<std::string> Names(const ClassHierarchy& h, const std::vector<ClassId>& ids) {
  std::vector<std::string> out;
  for (ClassId id : ids) out.emplace_back(h.Name(id));
  std::sort(out.begin(), out.end());
  return out;
}
std::vector<std::string> Names(const ClassHierarchy& h, std::span<const ClassId> ids) {
  return Names(h, std::vector<ClassId>(ids.begin(), ids.end()));
}
std::vector<std::string> Fixtures(std::initializer_list<std::string_view> simple) {
  std::vector<std::string> out;
  for (auto s : simple) out.push_back(F(s));
  std::sort(out.begin(), out.end());
  return out;
}

// The fixtures over the JDK, built once for the suite.
const Loaded& Fixtures8() {
  static const Loaded* loaded = new Loaded(Load(kRelease8));
  return *loaded;
}

// One line per class: what determinism tests compare.
std::string Dump(const ClassHierarchy& h) {
  std::string out;
  for (ClassId id = 0; id < h.size(); ++id) {
    out += std::to_string(id) + " " + std::string(h.Name(id)) + " super=" +
           (h.Super(id) == kNoClass ? "-" : std::string(h.Name(h.Super(id)))) + " flags=" +
           std::to_string(h.AccessFlags(id)) + (h.IsPhantom(id) ? " phantom" : "") +
           (h.HasMissingAncestor(id) ? " missing-above" : "") + " interfaces=";
    for (ClassId i : h.Interfaces(id)) out += std::string(h.Name(i)) + ",";
    out += "\n";
  }
  return out;
}

// Copies fixture classes (simple names) from release8 into dir/fixtures/hierarchy/.
void CopyFixtureClasses(const TempDir& dir, std::initializer_list<std::string_view> simple) {
  std::filesystem::create_directories(dir.File("fixtures/hierarchy"));
  for (auto s : simple) {
    std::string from = kRelease8 + "/" + F(s) + ".class";
    std::string to = dir.File(F(s) + ".class");
    std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing);
  }
}

// Replaces every occurrence of `from` by `to` (same length) in a file.
void Patch(const std::string& path, std::string_view from, std::string_view to) {
  ASSERT_EQ(from.size(), to.size());
  std::string bytes = ReadText(path);
  size_t count = 0;
  for (size_t pos = bytes.find(from); pos != std::string::npos; pos = bytes.find(from, pos)) {
    bytes.replace(pos, from.size(), to);
    ++count;
  }
  ASSERT_GT(count, 0u) << from << " not in " << path;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
}

long ProcStatusKb(const char* key) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(key, 0) == 0) return std::atol(line.c_str() + std::strlen(key));
  }
  return -1;
}

bool UnderSanitizer() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

// --- The fixtures ---------------------------------------------------------------

TEST(ClassHierarchy, BuildsFixturesCleanly) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  EXPECT_TRUE(l.h().Verify().ok()) << l.h().Verify();
  auto s = l.h().stats();
  EXPECT_EQ(s.missing, 0u);
  EXPECT_EQ(s.phantoms, 0u);
  EXPECT_EQ(s.cycles, 0u);
  EXPECT_EQ(s.skipped, 0u);
  EXPECT_GT(s.classes, 20000u);  // fixtures and the JDK
  EXPECT_EQ(l.Messages("class hierarchy").size(), 0u);
  // Defined classes come in class-path order: the user's directory first.
  EXPECT_LT(l.Id(F("Driver")), l.Id("java/lang/Object"));
}

TEST(ClassHierarchy, SuperclassInterfacesAndFlags) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_EQ(h.Super(l.Id(F("SameSub"))), l.Id(F("other/OtherSub")));
  EXPECT_EQ(h.Super(l.Id(F("other/OtherSub"))), l.Id(F("PkgBase")));
  EXPECT_EQ(h.Super(l.Id(F("PkgBase"))), l.Id("java/lang/Object"));
  EXPECT_EQ(h.Super(l.Id("java/lang/Object")), kNoClass);
  // An interface's superclass is Object; its superinterfaces in order.
  EXPECT_EQ(h.Super(l.Id(F("DB"))), l.Id("java/lang/Object"));
  auto diamond = h.Interfaces(l.Id(F("Diamond")));
  ASSERT_EQ(diamond.size(), 2u);
  EXPECT_EQ(diamond[0], l.Id(F("DB")));
  EXPECT_EQ(diamond[1], l.Id(F("DC")));
  EXPECT_TRUE(h.IsInterface(l.Id(F("DA"))));
  EXPECT_TRUE(h.IsAbstract(l.Id(F("DA"))));
  EXPECT_FALSE(h.IsInterface(l.Id(F("AbstractShape"))));
  EXPECT_TRUE(h.IsAbstract(l.Id(F("AbstractShape"))));
  EXPECT_TRUE(h.IsFinal(l.Id(F("Circle"))));
  EXPECT_FALSE(h.IsFinal(l.Id(F("Square"))));
  EXPECT_TRUE(h.IsInstantiable(l.Id(F("Square"))));
  EXPECT_FALSE(h.IsInstantiable(l.Id(F("AbstractShape"))));
  EXPECT_FALSE(h.IsInstantiable(l.Id(F("Shape"))));
  EXPECT_EQ(h.PackageOf(l.Id(F("other/OtherSub"))), "fixtures/hierarchy/other");
  EXPECT_EQ(h.MajorVersion(l.Id(F("Driver"))), 52);
  ASSERT_NE(h.ArchiveOf(l.Id(F("Driver"))), nullptr);
  EXPECT_EQ(h.ArchiveOf(l.Id(F("Driver")))->kind(), std::string("directory"));
  EXPECT_EQ(h.Find("fixtures/hierarchy/NoSuchClass"), kNoClass);
  EXPECT_EQ(h.Name(h.object_class()), "java/lang/Object");
  EXPECT_EQ(h.Name(h.serializable_class()), "java/io/Serializable");
}

TEST(ClassHierarchy, DirectSubtypeIndex) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_EQ(Names(h, h.DirectSubclasses(l.Id(F("AbstractShape")))),
            Fixtures({"Square", "Circle", "Polygon"}));
  EXPECT_EQ(Names(h, h.DirectSubclasses(l.Id(F("Square")))), std::vector<std::string>{});
  // Implementors: subinterfaces and implementing classes.
  EXPECT_EQ(Names(h, h.DirectImplementors(l.Id(F("DA")))), Fixtures({"DB", "DC", "DAbs"}));
  EXPECT_EQ(Names(h, h.DirectImplementors(l.Id(F("DB")))),
            Fixtures({"Diamond", "DiamondOverride", "SuperWins", "DBase"}));
  EXPECT_EQ(Names(h, h.DirectImplementors(l.Id(F("DC")))),
            Fixtures({"Diamond", "DiamondOverride", "DSub"}));
  // Ascending ids.
  auto subs = h.DirectSubclasses(l.Id("java/lang/Object"));
  EXPECT_TRUE(std::is_sorted(subs.begin(), subs.end()));
  EXPECT_GT(subs.size(), 1000u);
}

TEST(ClassHierarchy, TransitiveAndConcreteSubtypes) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_EQ(Names(h, h.Subtypes(l.Id(F("Shape")))),
            Fixtures({"Shape", "AbstractShape", "Square", "Circle", "Polygon", "Triangle"}));
  EXPECT_EQ(Names(h, h.ConcreteSubtypes(l.Id(F("Shape")))),
            Fixtures({"Square", "Circle", "Triangle"}));
  EXPECT_EQ(Names(h, h.ConcreteSubtypes(l.Id(F("DA")))),
            Fixtures({"Diamond", "DiamondOverride", "SuperWins", "DBase", "DSub", "AbsImplDone"}));
  EXPECT_EQ(Names(h, h.ConcreteSubtypes(l.Id(F("Circle")))), Fixtures({"Circle"}));
  EXPECT_EQ(Names(h, h.ConcreteSubtypes(l.Id(F("PkgBase")))),
            Fixtures({"PkgBase", "other/OtherSub", "SameSub", "other/OtherSubSub"}));
  // Supertypes: reflexive, both edge kinds, up to Object.
  EXPECT_EQ(Names(h, h.Supertypes(l.Id(F("DSub")))),
            (std::vector<std::string>{F("DA"), F("DB"), F("DBase"), F("DC"), F("DSub"),
                                      "java/lang/Object"}));
  // Everything is below Object.
  EXPECT_EQ(h.Subtypes(l.Id("java/lang/Object")).size(), h.size());
}

TEST(ClassHierarchy, IsSubtypeForClassesAndInterfaces) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  auto is = [&](std::string_view a, std::string_view b) { return h.IsSubtype(a, b); };
  EXPECT_EQ(is(F("Diamond"), F("Diamond")), Tristate::kYes);
  EXPECT_EQ(is(F("Diamond"), F("DA")), Tristate::kYes);
  EXPECT_EQ(is(F("DSub"), F("DB")), Tristate::kYes);  // through the superclass
  EXPECT_EQ(is(F("DB"), F("DA")), Tristate::kYes);
  EXPECT_EQ(is(F("DA"), F("DB")), Tristate::kNo);
  EXPECT_EQ(is(F("DA"), "java/lang/Object"), Tristate::kYes);
  EXPECT_EQ(is(F("other/OtherSubSub"), F("PkgBase")), Tristate::kYes);
  EXPECT_EQ(is(F("PkgBase"), F("SameSub")), Tristate::kNo);
  EXPECT_EQ(is(F("Square"), F("DA")), Tristate::kNo);
  EXPECT_EQ(is(F("Square"), F("Circle")), Tristate::kNo);
  EXPECT_EQ(is(F("Square"), "java/lang/Comparable"), Tristate::kNo);
  // Class descriptors are accepted too.
  EXPECT_EQ(is("Ljava/lang/String;", "Ljava/lang/CharSequence;"), Tristate::kYes);
  EXPECT_EQ(is("Ljava/lang/String;", "java/lang/Comparable"), Tristate::kYes);
  EXPECT_EQ(is("java/lang/Integer", "java/lang/Number"), Tristate::kYes);
  EXPECT_EQ(is("java/lang/Number", "java/lang/Integer"), Tristate::kNo);
  // By id.
  EXPECT_EQ(h.IsSubtype(l.Id(F("Triangle")), l.Id(F("Shape"))), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(l.Id(F("Shape")), l.Id(F("Triangle"))), Tristate::kNo);
  EXPECT_EQ(h.IsSubtype(kNoClass, l.Id(F("Shape"))), Tristate::kUnknown);
}

TEST(ClassHierarchy, IsSubtypeForArrays) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  auto is = [&](std::string_view a, std::string_view b) { return h.IsSubtype(a, b); };
  EXPECT_EQ(is("[Ljava/lang/String;", "[Ljava/lang/Object;"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/String;", "java/lang/Object"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/String;", "java/lang/Cloneable"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/String;", "java/io/Serializable"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/String;", "Ljava/io/Serializable;"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/String;", "[Ljava/lang/CharSequence;"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/Object;", "[Ljava/lang/String;"), Tristate::kNo);
  EXPECT_EQ(is("[Ljava/lang/String;", "java/lang/String"), Tristate::kNo);
  EXPECT_EQ(is("[Ljava/lang/String;", "java/lang/Comparable"), Tristate::kNo);
  EXPECT_EQ(is("java/lang/Object", "[Ljava/lang/Object;"), Tristate::kNo);
  EXPECT_EQ(is("[Lfixtures/hierarchy/Diamond;", "[Lfixtures/hierarchy/DA;"), Tristate::kYes);
  EXPECT_EQ(is("[Lfixtures/hierarchy/DA;", "[Lfixtures/hierarchy/Diamond;"), Tristate::kNo);
  // Primitive arrays: only themselves and Object, Cloneable, Serializable.
  EXPECT_EQ(is("[I", "[I"), Tristate::kYes);
  EXPECT_EQ(is("[I", "java/lang/Object"), Tristate::kYes);
  EXPECT_EQ(is("[I", "java/lang/Cloneable"), Tristate::kYes);
  EXPECT_EQ(is("[I", "java/io/Serializable"), Tristate::kYes);
  EXPECT_EQ(is("[I", "[J"), Tristate::kNo);
  EXPECT_EQ(is("[I", "[Ljava/lang/Object;"), Tristate::kNo);
  EXPECT_EQ(is("[Ljava/lang/Object;", "[I"), Tristate::kNo);
  EXPECT_EQ(is("[I", "java/lang/Number"), Tristate::kNo);
  // Arrays of arrays are arrays of Objects, Cloneables, Serializables.
  EXPECT_EQ(is("[[I", "[Ljava/lang/Object;"), Tristate::kYes);
  EXPECT_EQ(is("[[I", "[Ljava/lang/Cloneable;"), Tristate::kYes);
  EXPECT_EQ(is("[[I", "[[I"), Tristate::kYes);
  EXPECT_EQ(is("[[I", "[[J"), Tristate::kNo);
  EXPECT_EQ(is("[[I", "[I"), Tristate::kNo);
  EXPECT_EQ(is("[[Ljava/lang/String;", "[[Ljava/lang/Object;"), Tristate::kYes);
  EXPECT_EQ(is("[[Ljava/lang/String;", "[Ljava/lang/Object;"), Tristate::kYes);
  EXPECT_EQ(is("[Ljava/lang/Object;", "[[Ljava/lang/Object;"), Tristate::kNo);
  // Malformed types cannot be decided.
  EXPECT_EQ(is("[Q", "java/lang/Object"), Tristate::kUnknown);
  EXPECT_EQ(is("[", "java/lang/Object"), Tristate::kUnknown);
  EXPECT_EQ(is("", "java/lang/Object"), Tristate::kUnknown);
  EXPECT_EQ(is("[Ljava/lang/String", "java/lang/Object"), Tristate::kUnknown);
}

TEST(ClassHierarchy, UnknownNamesInSubtypeTestsAreMissing) {
  Loaded l = Load(kRelease8);
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_EQ(h.IsSubtype("no/such/A", "java/lang/Runnable"), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype("no/such/A", "java/lang/Object"), Tristate::kYes);
  // A known class with complete supertypes is not a subtype of an unknown one.
  EXPECT_EQ(h.IsSubtype("java/lang/String", "no/such/B"), Tristate::kNo);
  EXPECT_EQ(h.IsSubtype("java/lang/String", "no/such/B"), Tristate::kNo);
  EXPECT_TRUE(h.IsMissing("no/such/A"));
  EXPECT_TRUE(h.IsMissing("no/such/B"));
  EXPECT_FALSE(h.IsMissing("java/lang/String"));
  EXPECT_EQ(h.MissingClasses(), (std::vector<std::string>{"no/such/A", "no/such/B"}));
  // Recorded once each, however often asked.
  EXPECT_EQ(l.Messages("missing class no/such/B").size(), 1u);
  EXPECT_EQ(l.Messages("missing class no/such/A").size(), 1u);
  EXPECT_EQ(l.diagnostics->warning_count(), 2u);
}

// --- The JDK --------------------------------------------------------------------

TEST(ClassHierarchy, JdkCollections) {
  const Loaded& l = Fixtures8();
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  for (const char* super : {"java/util/List", "java/util/Collection", "java/lang/Iterable",
                            "java/util/RandomAccess", "java/io/Serializable",
                            "java/lang/Cloneable", "java/util/AbstractList",
                            "java/lang/Object"}) {
    EXPECT_EQ(h.IsSubtype("java/util/ArrayList", super), Tristate::kYes) << super;
  }
  EXPECT_EQ(h.IsSubtype("java/util/ArrayList", "java/util/Map"), Tristate::kNo);
  EXPECT_EQ(h.IsSubtype("java/util/LinkedList", "java/util/RandomAccess"), Tristate::kNo);
  EXPECT_EQ(h.IsSubtype("java/util/LinkedList", "java/util/Deque"), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype("java/util/List", "java/util/ArrayList"), Tristate::kNo);

  ClassId list = l.Id("java/util/List");
  std::vector<ClassId> concrete = h.ConcreteSubtypes(list);
  auto has = [&](std::string_view name) {
    return std::find(concrete.begin(), concrete.end(), h.Find(name)) != concrete.end();
  };
  EXPECT_TRUE(has("java/util/ArrayList"));
  EXPECT_TRUE(has("java/util/LinkedList"));
  EXPECT_TRUE(has("java/util/Vector"));
  EXPECT_TRUE(has("java/util/Stack"));
  EXPECT_TRUE(has("java/util/concurrent/CopyOnWriteArrayList"));
  EXPECT_FALSE(has("java/util/AbstractList"));
  EXPECT_FALSE(has("java/util/List"));
  EXPECT_FALSE(has("java/util/HashMap"));
  for (ClassId c : concrete) {
    EXPECT_EQ(h.IsSubtype(c, list), Tristate::kYes) << h.Name(c);
    EXPECT_TRUE(h.IsInstantiable(c)) << h.Name(c);
  }
  // Every subtype found downwards is a supertype found upwards.
  for (ClassId c : h.Subtypes(l.Id("java/util/Collection"))) {
    auto sup = h.Supertypes(c);
    EXPECT_TRUE(std::binary_search(sup.begin(), sup.end(), l.Id("java/util/Collection")))
        << h.Name(c);
  }
}

TEST(ClassHierarchy, WholeJdk17) {
  // Forget the peak so far (Linux >= 4.0), so that VmHWM is this test's.
  if (FILE* f = std::fopen("/proc/self/clear_refs", "w")) {
    std::fputs("5", f);
    std::fclose(f);
  }
  long rss_before = ProcStatusKb("VmRSS:");
  auto start = std::chrono::steady_clock::now();
  Loaded l = Load("");
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long peak = ProcStatusKb("VmHWM:");
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  auto s = h.stats();
  std::cout << "whole JDK 17 hierarchy (" << kJavaHome << "): " << s.classes << " classes ("
            << s.interfaces << " interfaces), " << s.missing << " missing, " << s.cycles
            << " cycles, " << s.skipped << " skipped; built in " << secs << " s; RSS before "
            << rss_before / 1024 << " MB, peak " << peak / 1024 << " MB\n";
  ::testing::Test::RecordProperty("classes", static_cast<int>(s.classes));
  ::testing::Test::RecordProperty("build_ms", static_cast<int>(secs * 1000));
  ::testing::Test::RecordProperty("peak_rss_kb", static_cast<int>(peak));
  EXPECT_GT(s.classes, 25000u);
  EXPECT_EQ(s.cycles, 0u);
  EXPECT_EQ(s.circular, 0u);
  EXPECT_EQ(s.skipped, 0u);
  EXPECT_EQ(s.loaded, 0u);  // headers only
  EXPECT_EQ(s.phantoms, s.missing);
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  EXPECT_EQ(h.Subtypes(h.object_class()).size(), h.size());
  for (const auto& m : l.Messages("missing class")) std::cout << "  " << m << "\n";
  // What the build itself adds: tests that ran before in this process may
  // keep hierarchies of their own (the peak starts at the RSS before).
  if (!UnderSanitizer()) {
    EXPECT_LT(peak - rss_before, 300 * 1024) << "peak RSS growth of building the whole JDK hierarchy, kB";
  }
}

TEST(ClassHierarchy, DeterministicAcrossBuilds) {
  Loaded a = Load(kRelease17);
  Loaded b = Load(kRelease17);
  ASSERT_LOADED(a);
  ASSERT_LOADED(b);
  EXPECT_EQ(Dump(a.h()), Dump(b.h()));
  // Without the JDK, java/lang/Object and everything else the fixtures name
  // are phantoms, numbered by name after the defined classes.
  Loaded c = Load(kRelease17, /*include_jdk=*/false);
  Loaded d = Load(kRelease17, /*include_jdk=*/false);
  ASSERT_LOADED(c);
  ASSERT_LOADED(d);
  EXPECT_EQ(Dump(c.h()), Dump(d.h()));
  auto e = c.diagnostics->Sorted(), f = d.diagnostics->Sorted();
  ASSERT_EQ(e.size(), f.size());
  for (size_t i = 0; i < e.size(); ++i) EXPECT_EQ(e[i].message, f[i].message);
}

// --- Missing classes ----------------------------------------------------------

TEST(ClassHierarchy, MissingSuperclassBecomesPhantom) {
  TempDir dir;
  CopyFixtureClasses(dir, {"MissSub", "MissSub2"});
  Loaded l = Load(dir.path());
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  ClassId sub = l.Id(F("MissSub")), sub2 = l.Id(F("MissSub2"));
  ClassId base = l.Id(F("MissBase")), iface = l.Id(F("MissIface"));
  EXPECT_TRUE(h.IsMissing(F("MissBase")));
  EXPECT_TRUE(h.IsMissing(F("MissIface")));
  EXPECT_FALSE(h.IsMissing(F("MissSub")));
  EXPECT_EQ(h.MissingClasses(), Fixtures({"MissBase", "MissIface"}));
  EXPECT_TRUE(h.IsPhantom(base));
  EXPECT_TRUE(h.IsPhantom(iface));
  EXPECT_FALSE(h.IsPhantom(sub));
  EXPECT_EQ(h.ArchiveOf(base), nullptr);
  // Named as a superclass: a class; only as an interface: an interface.
  EXPECT_FALSE(h.IsInterface(base));
  EXPECT_TRUE(h.IsInterface(iface));
  EXPECT_FALSE(h.IsInstantiable(base));
  // Phantoms come after the defined classes and sit below Object.
  EXPECT_GT(base, sub);
  EXPECT_EQ(h.Super(sub), base);
  EXPECT_EQ(h.Super(sub2), base);
  EXPECT_EQ(h.Super(base), h.object_class());
  EXPECT_TRUE(h.HasMissingSupertype(sub));
  EXPECT_TRUE(h.HasMissingAncestor(sub));
  EXPECT_TRUE(h.HasMissingAncestor(base));
  EXPECT_FALSE(h.HasMissingAncestor(h.object_class()));
  EXPECT_EQ(Names(h, h.DirectSubclasses(base)), Fixtures({"MissSub", "MissSub2"}));
  EXPECT_EQ(Names(h, h.DirectImplementors(iface)), Fixtures({"MissSub2"}));
  // What the known edges decide, and what they cannot.
  EXPECT_EQ(h.IsSubtype(sub, h.object_class()), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(sub, base), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(sub, h.serializable_class()), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(F("MissSub"), "java/lang/Runnable"), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype("java/lang/String", F("MissBase")), Tristate::kNo);
  // Each missing class is reported once, naming a referrer and the count.
  auto base_messages = l.Messages("missing class fixtures/hierarchy/MissBase");
  ASSERT_EQ(base_messages.size(), 1u);
  EXPECT_NE(base_messages[0].find("superclass of fixtures/hierarchy/MissSub, 2 references"),
            std::string::npos)
      << base_messages[0];
  EXPECT_NE(base_messages[0].find("phantom class"), std::string::npos) << base_messages[0];
  auto iface_messages = l.Messages("missing class fixtures/hierarchy/MissIface");
  ASSERT_EQ(iface_messages.size(), 1u);
  EXPECT_NE(iface_messages[0].find("superinterface of fixtures/hierarchy/MissSub2, 1 reference)"),
            std::string::npos)
      << iface_messages[0];
  EXPECT_EQ(l.diagnostics->warning_count(), 2u);
  EXPECT_EQ(l.diagnostics->error_count(), 0u);
  auto s = h.stats();
  EXPECT_EQ(s.missing, 2u);
  EXPECT_EQ(s.phantoms, 2u);
  // A phantom's members cannot be loaded.
  auto members = h.Load(base);
  EXPECT_TRUE(absl::IsNotFound(members.status())) << members.status();
}

TEST(ClassHierarchy, MissingPolicyRootDropsTheReference) {
  TempDir dir;
  CopyFixtureClasses(dir, {"MissSub", "MissSub2"});
  ClassHierarchyOptions options;
  options.missing = MissingClassPolicy::kRoot;
  Loaded l = Load(dir.path(), true, options);
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  ClassId sub = l.Id(F("MissSub")), sub2 = l.Id(F("MissSub2"));
  EXPECT_EQ(h.Find(F("MissBase")), kNoClass);
  EXPECT_EQ(h.Super(sub), h.object_class());
  EXPECT_EQ(h.Interfaces(sub2).size(), 0u);
  EXPECT_EQ(h.Interfaces(sub).size(), 1u);  // Serializable is there
  EXPECT_TRUE(h.HasMissingSupertype(sub));
  EXPECT_TRUE(h.HasMissingAncestor(sub2));
  EXPECT_TRUE(h.IsMissing(F("MissBase")));
  EXPECT_TRUE(h.IsMissing(F("MissIface")));
  EXPECT_EQ(h.stats().phantoms, 0u);
  EXPECT_EQ(h.IsSubtype(F("MissSub2"), F("MissIface")), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype(F("MissSub"), "java/lang/Runnable"), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype(F("MissSub"), "java/io/Serializable"), Tristate::kYes);
  auto base = l.Messages("missing class fixtures/hierarchy/MissBase");
  ASSERT_EQ(base.size(), 1u);
  EXPECT_NE(base[0].find("java/lang/Object stands for it"), std::string::npos) << base[0];
  auto iface = l.Messages("missing class fixtures/hierarchy/MissIface");
  ASSERT_EQ(iface.size(), 1u);
  EXPECT_NE(iface[0].find("left out"), std::string::npos) << iface[0];
}

TEST(ClassHierarchy, MissingPolicyFailStopsTheBuild) {
  TempDir dir;
  CopyFixtureClasses(dir, {"MissSub", "MissSub2"});
  ClassHierarchyOptions options;
  options.missing = MissingClassPolicy::kFail;
  Loaded l = Load(dir.path(), true, options);
  EXPECT_TRUE(absl::IsNotFound(l.status)) << l.status;
  EXPECT_EQ(l.status.message(),
            "class hierarchy: 2 missing classes: fixtures/hierarchy/MissBase, "
            "fixtures/hierarchy/MissIface");
  EXPECT_EQ(l.hierarchy, nullptr);
  EXPECT_EQ(l.diagnostics->error_count(), 2u);
  EXPECT_EQ(l.Messages("missing class fixtures/hierarchy/MissBase").size(), 1u);
  // With nothing missing, kFail builds.
  Loaded ok = Load(kRelease8, true, options);
  EXPECT_TRUE(ok.status.ok()) << ok.status;
}

TEST(ClassHierarchy, WithoutTheJdkObjectIsAPhantom) {
  Loaded l = Load(kRelease8, /*include_jdk=*/false);
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  ClassId object = h.object_class();
  ASSERT_NE(object, kNoClass);
  EXPECT_TRUE(h.IsPhantom(object));
  EXPECT_EQ(h.Super(object), kNoClass);
  EXPECT_EQ(h.Super(l.Id(F("PkgBase"))), object);
  EXPECT_TRUE(h.IsMissing("java/lang/Object"));
  EXPECT_TRUE(h.HasMissingAncestor(l.Id(F("PkgBase"))));
  // Subtyping among the fixtures is still decided where edges are known.
  EXPECT_EQ(h.IsSubtype(F("Diamond"), F("DA")), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(F("Diamond"), F("Shape")), Tristate::kUnknown);
}

// --- Cycles ---------------------------------------------------------------------

TEST(ClassHierarchy, CyclesAreReportedAndCut) {
  TempDir dir;
  CopyFixtureClasses(dir, {"CycZ", "CycA", "CycB", "CycBelow", "CycS", "CycY", "CycI", "CycJ"});
  // CycA extends CycB extends CycA; CycS extends CycS; CycI extends CycJ extends CycI.
  Patch(dir.File(F("CycA") + ".class"), F("CycZ"), F("CycB"));
  Patch(dir.File(F("CycS") + ".class"), F("CycZ"), F("CycS"));
  Patch(dir.File(F("CycJ") + ".class"), F("CycY"), F("CycI"));
  Loaded l = Load(dir.path());
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  auto s = h.stats();
  EXPECT_EQ(s.cycles, 3u);
  EXPECT_EQ(s.circular, 5u);
  EXPECT_EQ(Names(h, h.CircularClasses()), Fixtures({"CycA", "CycB", "CycS", "CycI", "CycJ"}));
  auto messages = l.Messages("cycle in the superclass/interface graph");
  ASSERT_EQ(messages.size(), 3u);
  EXPECT_EQ(messages[0],
            "class hierarchy: cycle in the superclass/interface graph among "
            "fixtures/hierarchy/CycA, fixtures/hierarchy/CycB (ClassCircularityError); the "
            "edges among them are cut");
  EXPECT_EQ(l.diagnostics->error_count(), 3u);
  ClassId below = l.Id(F("CycBelow"));
  EXPECT_FALSE(h.IsCircular(below));
  EXPECT_TRUE(h.HasCircularAncestor(below));
  EXPECT_FALSE(h.HasCircularAncestor(l.Id(F("CycZ"))));
  EXPECT_FALSE(h.IsInstantiable(below));
  EXPECT_FALSE(h.IsInstantiable(l.Id(F("CycA"))));
  // Walks terminate; what the cut edges would have said is unknown.
  EXPECT_EQ(h.IsSubtype(F("CycBelow"), F("CycA")), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype(F("CycBelow"), F("CycB")), Tristate::kYes);
  EXPECT_EQ(h.IsSubtype(F("CycA"), F("CycI")), Tristate::kUnknown);
  EXPECT_EQ(h.IsSubtype(F("CycZ"), F("CycA")), Tristate::kNo);
  EXPECT_EQ(h.Super(l.Id(F("CycS"))), h.object_class());
  EXPECT_EQ(h.Interfaces(l.Id(F("CycJ"))).size(), 0u);
  EXPECT_LT(h.Subtypes(l.Id(F("CycI"))).size(), 5u);
  auto r = ResolveMethod(h, below, "toString", "()Ljava/lang/String;");
  EXPECT_EQ(r.error, LinkageError::kClassCircularity) << r.detail;
  auto i = ResolveInterfaceMethod(h, l.Id(F("CycI")), "hashCode", "()I");
  EXPECT_EQ(i.error, LinkageError::kClassCircularity) << i.detail;
  // The JVM agrees that these classes cannot be loaded.
  TempDir probe;
  WriteText(probe.File("Probe.java"),
            "public class Probe { public static void main(String[] a) throws Exception {"
            " for (String n : a) { try { Class.forName(n); System.out.println(n + \"=ok\"); }"
            " catch (LinkageError e) { System.out.println(n + \"=\" +"
            " e.getClass().getSimpleName()); } } } }");
  int rc = 0;
  RunCommand(kJavaHome + "/bin/javac -d " + probe.path() + " " + probe.File("Probe.java"), &rc);
  ASSERT_EQ(rc, 0);
  auto jvm = ParseLabels(RunCommand(kJavaHome + "/bin/java -cp " + probe.path() + ":" +
                                    dir.path() +
                                    " Probe fixtures.hierarchy.CycBelow fixtures.hierarchy.CycS "
                                    "fixtures.hierarchy.CycZ 2>&1"));
  EXPECT_EQ(jvm["fixtures.hierarchy.CycBelow"], "ClassCircularityError");
  EXPECT_EQ(jvm["fixtures.hierarchy.CycS"], "ClassCircularityError");
  EXPECT_EQ(jvm["fixtures.hierarchy.CycZ"], "ok");
}

TEST(ClassHierarchy, MalformedClassFilesAreLeftOut) {
  TempDir dir;
  CopyFixtureClasses(dir, {"MissBase", "MissSub"});
  // Truncate MissBase: its header no longer parses, so MissSub's superclass
  // is missing.
  std::string base = dir.File(F("MissBase") + ".class");
  std::string bytes = ReadText(base);
  std::ofstream(base, std::ios::binary | std::ios::trunc) << bytes.substr(0, 40);
  // A class file in the wrong place defines another class.
  std::filesystem::copy_file(kRelease8 + "/" + F("PkgBase") + ".class",
                             dir.File(F("Elsewhere") + ".class"));
  Loaded l = Load(dir.path());
  ASSERT_LOADED(l);
  const ClassHierarchy& h = l.h();
  EXPECT_TRUE(h.Verify().ok()) << h.Verify();
  EXPECT_EQ(h.stats().skipped, 2u);
  EXPECT_TRUE(h.IsPhantom(l.Id(F("MissBase"))));
  EXPECT_EQ(h.Find(F("Elsewhere")), kNoClass);
  EXPECT_EQ(h.Find(F("PkgBase")), kNoClass);
  auto left_out = l.Messages("class hierarchy: class left out: ");
  ASSERT_EQ(left_out.size(), 2u);
  EXPECT_NE(left_out[0].find("Elsewhere.class: defines fixtures/hierarchy/PkgBase, not "
                             "fixtures/hierarchy/Elsewhere"),
            std::string::npos)
      << left_out[0];
  EXPECT_NE(left_out[1].find("MissBase.class"), std::string::npos) << left_out[1];
  EXPECT_EQ(l.Messages("missing class fixtures/hierarchy/MissBase").size(), 1u);
}

// --- Verify's negative tests --------------------------------------------------------

// A small hierarchy of fixtures only (Object and the rest phantoms), for
// corrupting.
Loaded Small() {
  Loaded l = Load(kRelease8, /*include_jdk=*/false);
  EXPECT_TRUE(l.status.ok()) << l.status;
  if (l.hierarchy != nullptr) {
    EXPECT_TRUE(l.h().Verify().ok()) << l.h().Verify();
  }
  return l;
}

std::string VerifyMessage(const Loaded& l) {
  absl::Status s = l.h().Verify();
  EXPECT_TRUE(absl::IsInternal(s)) << s;
  return std::string(s.message());
}

TEST(ClassHierarchyVerify, RejectsSuperclassOutOfRange) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SetSuper(l.Id(F("Square")), 1000000);
  EXPECT_NE(VerifyMessage(l).find("edges: fixtures/hierarchy/Square: superclass #1000000 out of "
                                  "range"),
            std::string::npos)
      << VerifyMessage(l);
}

TEST(ClassHierarchyVerify, RejectsInterfacesOutsideTheTable) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SetInterfaceCount(l.Id(F("Diamond")), 60000);
  EXPECT_NE(VerifyMessage(l).find("edges: fixtures/hierarchy/Diamond: interfaces"),
            std::string::npos)
      << VerifyMessage(l);
}

TEST(ClassHierarchyVerify, RejectsMissingSuperclass) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SetSuper(l.Id(F("Square")), kNoClass);
  EXPECT_NE(VerifyMessage(l).find("edges: fixtures/hierarchy/Square has no superclass"),
            std::string::npos)
      << VerifyMessage(l);
}

TEST(ClassHierarchyVerify, RejectsObjectWithSuperclass) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SetSuper(l.h().object_class(), l.Id(F("PkgBase")));
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("edges: java/lang/Object has superclass fixtures/hierarchy/PkgBase"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("acyclic:"), std::string::npos) << m;
}

TEST(ClassHierarchyVerify, RejectsCycle) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SetSuper(l.Id(F("AbstractShape")), l.Id(F("Square")));
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("acyclic: fixtures/hierarchy/Square -> fixtures/hierarchy/AbstractShape closes "
                   "a cycle"),
            std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsStaleSubtypeIndex) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer peer(*l.hierarchy);
  // Square now claims Polygon as superclass; the index still lists it under
  // AbstractShape.
  peer.SetSuper(l.Id(F("Square")), l.Id(F("Polygon")));
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("subtypes: fixtures/hierarchy/AbstractShape lists fixtures/hierarchy/Square as "
                   "a direct subclass"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("subtypes: fixtures/hierarchy/Polygon lists 1 direct subclasses, not 2"),
            std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsUnsortedSubtypeIndex) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).SwapSubclasses(l.Id(F("AbstractShape")));
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("subtypes: direct subclasses of fixtures/hierarchy/AbstractShape not ascending"),
            std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsWrongAncestorBits) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer peer(*l.hierarchy);
  ClassId square = l.Id(F("Square"));
  peer.SetFlags(square, peer.Flags(square) & ~ClassHierarchyTestPeer::kMissingAncestorBit);
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("ancestors: fixtures/hierarchy/Square has ancestor bits 0, recomputed 0x8"),
            std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsUnrecordedPhantom) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).ForgetMissing();
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("missing: phantom java/lang/Object is not recorded missing"), std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsPhantomFlagOnDefinedClass) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer peer(*l.hierarchy);
  ClassId polygon = l.Id(F("Polygon"));
  peer.SetFlags(polygon, peer.Flags(polygon) | ClassHierarchyTestPeer::kPhantomBit);
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("missing: phantom fixtures/hierarchy/Polygon is not recorded missing"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("missing: phantom fixtures/hierarchy/Polygon has an archive"),
            std::string::npos)
      << m;
  EXPECT_NE(m.find("missing: phantom fixtures/hierarchy/Polygon has superclass "
                   "fixtures/hierarchy/AbstractShape"),
            std::string::npos)
      << m;
  EXPECT_NE(
      m.find("missing: fixtures/hierarchy/Triangle has a phantom supertype but is not marked"),
      std::string::npos)
      << m;
}

TEST(ClassHierarchyVerify, RejectsStaleNameIndex) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).RenameInIndex(F("Square"), l.Id(F("Circle")));
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("names: Find(fixtures/hierarchy/Square) is #"), std::string::npos) << m;
}

TEST(ClassHierarchyVerify, RejectsDroppedIndexEntry) {
  Loaded l = Small();
  ASSERT_LOADED(l);
  ClassHierarchyTestPeer(*l.hierarchy).DropSubclassEntry();
  std::string m = VerifyMessage(l);
  EXPECT_NE(m.find("subtypes:"), std::string::npos) << m;
}

}  // namespace
}  // namespace jwp::classfile
