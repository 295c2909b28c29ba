// Field facts (issue #29; DESIGN.md, "Reachable states"): what every
// program can and cannot store in a field, from the code of the classes that
// may write it. The backward search treats the fields at its entry as
// inputs; these facts say which inputs some program can produce, so that a
// precondition never needs a state no program can create (a private flag
// that is initialized to false and never written is false) and a search
// that needs such a state ends NOT_FOUND.
//
// Which code may write a field (its writers):
//   - a private field: its class and the classes of its nest (JVMS 5.4.4;
//     Java 8's inner classes go through accessors in the class itself);
//   - a final field: its class (JVMS 6.5 putfield/putstatic: only its
//     class's initialization methods, or, before class file version 53, any
//     method of it);
//   - a package-private field in a closed package: the classes of its
//     package (JVMS 5.4.4). The JDK's packages are closed (a named
//     module's packages are its own); the class path's, with
//     --closed-packages (the user says every class of each package is
//     there);
//   - any other field: code anywhere, so no facts.
// The facts assume objects are made and changed by that code: no
// reflection, Unsafe or JNI writes from elsewhere. Where a field is open to
// those writes, there are no facts: a volatile field (field updaters and
// VarHandles write those), a field whose name is a string constant in one
// of its writers (how reflection, Unsafe.objectFieldOffset and field
// updaters name a field), any field of a class whose writers declare
// native methods (System's natives set System.out: `<clinit>` stores null
// there; a static final that `<clinit>` sets only to new objects and
// literals is exempt, here and from the next rule), an instance field that deserialization sets (a non-transient
// field of a Serializable class other than an enum; a transient one is left
// at its default, so its initializer may not have run), the fields of the
// JDK's classes the JVM itself writes (kWrittenByTheVm: references,
// threads, classes, stack traces, method handles, reflection; the GC sets
// SoftReference.clock) and the statics of a class whose initializer asks
// the JVM to set them from the CDS archive (IntegerCache's does), a JDK
// field that no Java code writes (JNI fills such objects: the stat buffer
// sun.nio.fs.UnixFileAttributes), and a
// field with a runtime-visible annotation other than a descriptive one
// (nullness, static analysis): @Inject, @Autowired, @JsonProperty and the
// like ask a framework to set it reflectively.
//
// The values: the default and every value a writer stores, when each stored
// value is an int or long constant, null, a string literal, a class
// literal, a new object or array (of exactly its type), a lambda or `this`
// (non-null, of the class's type or a subtype), or a phi of those; a
// reference that is never null where it is stored (NonNullReturns::NonNullAt,
// decided without field facts: `this.f = checkNotNull(f)`, the result of a
// call that never returns null, a parameter that a null check before the
// store passed) is a non-null value of the field's type; any other stored
// value (an unchecked parameter, another call's result, a float) leaves the
// field without facts.
//
// Immutable static arrays (the table of an enum's values(), lookup
// tables): a private static final array field whose every store is of a
// new array that `<clinit>` (or a private static method it calls, as
// javac's `$values()`) fills in straight-line code before storing it, and
// that its nest reads only to load elements, take the length, clone it or
// copy from it (System.arraycopy, Arrays.copyOf). Its elements hold the
// values those stores give (a static of its class they read holds its
// initialized values, outside `<clinit>`), and the default too unless the
// stores fill every index of an array of constant length.
//
// Initialized values: a constructor can let `this` escape before it stores
// a field (calling an overridable method from a superclass constructor is
// the classic case), and then code sees the field at its default. So the
// default is left out of the initialized values only when every
// constructor of the class stores the field on every path to its normal
// end (or delegates to one that does, this(...), or calls on `this` a
// private method of the class that does, an init() they share), and
// before the store `this` is used only to read and write its own fields
// and to call superclass constructors that do no more than that
// themselves; a transient field of a Serializable class also needs a
// readObject that stores it so (deserialization runs no constructor of
// the class). A static
// field's default is left out when `<clinit>` stores it on every path
// before running any other code (a call, an allocation, another class's
// static), but for an allocation of its own class (or of a class whose
// initialization runs no code: no initializer in it or its superclasses
// below the field's class or Object, and no interfaces; an enum constant's
// body) whose constructor runs no code but its own and reads no static: a
// singleton, an enum constant; and
// javac's `Class.desiredAssertionStatus()` for `$assertionsDisabled`, and a
// private static method of its class that runs only the class's own code
// (javac's `$values()` of an enum).
#ifndef JWP_ABSINT_FIELD_FACTS_H_
#define JWP_ABSINT_FIELD_FACTS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "absl/synchronization/mutex.h"
#include "classfile/class_hierarchy.h"
#include "ir/ir.h"

namespace jwp::callgraph {
class MethodCache;
}  // namespace jwp::callgraph

namespace jwp::absint {

class NonNullReturns;

namespace field_facts_internal {
struct Store;
struct Writers;
}  // namespace field_facts_internal

// One value a field can hold.
struct FieldValue {
  // kStatic: the value of a static final reference field, "owner.name:descriptor"
  // in `text` (a class constant, an enum constant: the object its class
  // initializer made; may be null while that initializer runs).
  enum Kind : uint8_t { kInt, kLong, kNull, kString, kObject, kStatic };
  Kind kind = kNull;
  int64_t i = 0;     // kInt (sign-extended), kLong
  // kString: the literal's text (modified UTF-8, as the constant pool has
  // it); kObject: its type (an internal class name, or an array descriptor).
  std::string text;
  bool exact = false;  // kObject: exactly of that type (an allocation), else it or a subtype

  static FieldValue Int(int64_t v) { return {kInt, v, {}, false}; }
  static FieldValue Long(int64_t v) { return {kLong, v, {}, false}; }
  static FieldValue Null() { return {kNull, 0, {}, false}; }
  static FieldValue String(std::string s) { return {kString, 0, std::move(s), false}; }
  static FieldValue Object(std::string type, bool exact) { return {kObject, 0, std::move(type), exact}; }
  static FieldValue Static(std::string key) { return {kStatic, 0, std::move(key), false}; }
  // The default of a field of this descriptor; nullopt for float and
  // double (the facts hold no floating-point values).
  static std::optional<FieldValue> Default(std::string_view descriptor);
  auto operator<=>(const FieldValue&) const = default;
  bool operator==(const FieldValue&) const = default;
  // As Java writes it: 0, 7L, null, "abc", new java.lang.Object, a java.util.List,
  // the value of pkg.C.NAME.
  std::string ToString() const;
};

struct FieldFact {
  // False: the field may hold any value of its type (why_not says why).
  bool known = false;
  std::string why_not;
  // Every value the field holds at any point of any execution: its default
  // and every value its writers store. Sorted, distinct.
  std::vector<FieldValue> values;
  // The values it holds once the constructor of its object (or the class
  // initializer, for a static) has completed: `values`, without the
  // default when the header's conditions hold. Sorted, distinct.
  std::vector<FieldValue> initialized;
  // A static's values right after its class is initialized, as when a
  // fresh JVM calls the entry first (--statics initial): known when its
  // class initializer, and its superclasses', run no other class's code and
  // store only constants and new objects in it; then the ConstantValue or
  // default (unless `<clinit>` stores on every path) and what `<clinit>`
  // stores. Known also where `known` is not (a public static).
  bool initial_known = false;
  std::vector<FieldValue> initial;
  // Written only by its class's constructors on the object they make (by
  // `<clinit>`, for a static).
  bool effectively_final = false;
  // A private static final array that only its class initializer fills and
  // no code writes after (see the header): every value its elements hold
  // once initialized. Known only with `known`.
  bool elements_known = false;
  std::vector<FieldValue> elements;
  // "wp.Flags.privateFalse holds only 0 (its default; never written)".
  std::string description;
  // What a witness's object most likely holds where `known` is false, or
  // where `initialized` keeps the default only because `this` may reach
  // other code before the constructors store the field: a preference,
  // never a fact. When only deserialization leaves the field
  // without facts, the values its class's own code leaves once the object
  // is constructed (`initialized` as if the class were not Serializable);
  // otherwise, for an instance reference field that every constructor of
  // its class stores (directly or through a method of the class it calls
  // on `this`) and that no writer sets to null, what they store, a value
  // they do not know (a parameter, a call's result) taken as a non-null
  // object of the field's type: such a field mostly holds one once its
  // object is in use (a back reference, a table a helper method makes). A
  // field set later (a builder's comparator, a lazily made view) mostly
  // keeps its default: no preference.
  std::vector<FieldValue> constructed;
};

// The field facts of one class path, computed per declaring class on first
// use and kept. Thread-safe. Refers to the hierarchy, which must outlive it.
class FieldFacts {
 public:
  // `closed_packages`: every class of each package of the class path is on
  // it (--closed-packages), so a package-private field's writers are its
  // package's classes; the JDK's packages are closed anyway (a module's
  // packages are its own).
  explicit FieldFacts(const classfile::ClassHierarchy& h, bool closed_packages = false);
  ~FieldFacts();
  FieldFacts(const FieldFacts&) = delete;
  FieldFacts& operator=(const FieldFacts&) = delete;

  // The facts of the field `name:descriptor` declared by `owner` (the class
  // field resolution gives, JVMS 5.4.3.2). The reference lives as long as
  // this object.
  const FieldFact& Of(std::string_view owner, std::string_view name, std::string_view descriptor)
      ABSL_LOCKS_EXCLUDED(mu_);

  // The values the field that `read` (a kGetField or kGetStatic of method
  // `reader`) reads may hold there, and its fact (through *fact, when
  // given); null when it has no facts. Inside the initializer that sets it
  // the field may still hold its default (a constructor reading its own
  // object's field, `<clinit>` its class's static): `values` there,
  // `initialized` elsewhere.
  const std::vector<FieldValue>* ValuesAtRead(const ir::MethodIR& reader, const ir::Instruction& read,
                                              const FieldFact** fact = nullptr) ABSL_LOCKS_EXCLUDED(mu_);

  struct Stats {
    size_t classes = 0;  // classes whose fields were computed
    size_t fields = 0;
    size_t known = 0;    // fields with facts
    double ms = 0;       // time spent computing
  };
  Stats stats() const ABSL_LOCKS_EXCLUDED(mu_);

  // Whether the reference that put `at` of `ir` stores is never null.
  using NonNullStored = std::function<bool(const ir::MethodIR& ir, ir::InsnId at)>;

 private:
  struct ClassFacts {
    std::map<std::string, FieldFact, std::less<>> by_field;  // "name:descriptor"
  };
  const ClassFacts& ForClass(std::string_view owner) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // The facts of field `f` of the writers' class `own`, from its stores.
  FieldFact Decide(const field_facts_internal::Writers& writers, size_t own, const classfile::FieldInfo& f,
                   bool serializable,
                   const std::vector<field_facts_internal::Store>& writes) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // `holds` of constructor `cls.<init>descriptor`'s IR, memoized in `memo`
  // by that name: true for Object's, false when the code cannot be had,
  // on a cycle, or past kMaxConstructorDepth.
  bool ConstructorCheck(std::map<std::string, bool, std::less<>>* memo, std::string_view cls,
                        std::string_view descriptor, int depth,
                        const std::function<bool(const ir::MethodIR&)>& holds) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Whether a constructor uses `this` only to read and write its fields and
  // to call constructors of its class and superclasses that do the same
  // (Object's included): no code can see the object while it runs.
  bool ConstructorKeepsThis(std::string_view owner, std::string_view descriptor, int depth)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  // The elements of the static final array field `f` of class `own` of
  // `writers` (FieldFact::elements), given the facts of its class's other
  // fields; nullopt when they are not known.
  std::optional<std::vector<FieldValue>> ArrayElements(const field_facts_internal::Writers& writers, size_t own,
                                                       const classfile::FieldInfo& f,
                                                       const std::vector<field_facts_internal::Store>& writes,
                                                       const ClassFacts& facts) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Whether instruction `in` of `<clinit>` of `owner` is part of an
  // allocation that runs no code: `new` of the class itself or of a class
  // whose initialization runs none (QuietClass), and a constructor that
  // runs no code; the assertion status query; a helper of own code only.
  bool QuietAllocation(std::string_view owner, const ir::Instruction& in) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  bool QuietClass(std::string_view owner, std::string_view cls) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Whether the private static method `owner.name descriptor` runs only its
  // class's own code (javac's `$values()`).
  bool HelperRunsOwnCode(std::string_view owner, std::string_view name, std::string_view descriptor)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // Whether constructor `cls.<init>descriptor` runs no code but its own:
  // constants, arithmetic, fields, arrays, and constructors of its class and
  // superclasses that do the same; no statics (the one being set may be
  // read, still at its default), no other calls.
  bool ConstructorRunsNoCode(std::string_view cls, std::string_view descriptor, int depth)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);

  // Whether field `f` of `file` is package-private, not final, and its
  // package closed: its writers are the package's classes.
  bool InClosedPackage(const classfile::ClassFile& file, const classfile::FieldInfo& f) const;
  // The fact of package-private field `key` ("name:descriptor") of class
  // `owner` in a closed package, from its package's code (its classes
  // from the JDK, or from the class path, as `owner` is); null when it has
  // none. Every such field of the package is decided at once.
  const FieldFact* PackageFact(std::string_view owner, const std::string& key) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  void ComputePackage(const std::string& package, bool jdk) ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  // A non-transient instance field of it may be set by deserialization.
  bool Serializable(const classfile::ClassFile& file) const;

  const classfile::ClassHierarchy& h_;
  const bool closed_packages_;
  mutable absl::Mutex mu_;
  std::map<std::string, std::unique_ptr<ClassFacts>, std::less<>> classes_ ABSL_GUARDED_BY(mu_);
  std::map<std::string, bool, std::less<>> keeps_this_ ABSL_GUARDED_BY(mu_);  // "owner.<init>desc"
  std::map<std::string, bool, std::less<>> runs_no_code_ ABSL_GUARDED_BY(mu_);  // "class.<init>desc"
  std::set<std::string, std::less<>> packages_done_ ABSL_GUARDED_BY(mu_);  // "package|jdk" or "package|class path"
  std::map<std::string, std::map<std::string, FieldFact>, std::less<>> package_facts_ ABSL_GUARDED_BY(mu_);
  std::map<std::string, std::vector<classfile::ClassId>> by_package_ ABSL_GUARDED_BY(mu_);
  Stats stats_ ABSL_GUARDED_BY(mu_);
  // Stored values that are never null (non_null_stored), decided without
  // field facts, so that no field's facts rest on another's.
  NonNullStored non_null_stored() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mu_);
  std::unique_ptr<callgraph::MethodCache> cache_ ABSL_GUARDED_BY(mu_);
  std::unique_ptr<NonNullReturns> non_null_ ABSL_GUARDED_BY(mu_);
};

}  // namespace jwp::absint

#endif  // JWP_ABSINT_FIELD_FACTS_H_
