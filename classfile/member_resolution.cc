// Member resolution (JVMS 5.4.3.2-5.4.3.4) and method selection (JVMS 5.4.6)
// over a ClassHierarchy. Each function follows the numbered steps of its
// JVMS section; the step numbers are quoted in the comments.
#include "classfile/member_resolution.h"

#include <algorithm>
#include <optional>
#include <utility>

#include "absl/container/flat_hash_set.h"

namespace jwp::classfile {

const char* LinkageErrorName(LinkageError error) {
  switch (error) {
    case LinkageError::kNone: return "";
    case LinkageError::kNoSuchField: return "NoSuchFieldError";
    case LinkageError::kNoSuchMethod: return "NoSuchMethodError";
    case LinkageError::kIncompatibleClassChange: return "IncompatibleClassChangeError";
    case LinkageError::kAbstractMethod: return "AbstractMethodError";
    case LinkageError::kIllegalAccess: return "IllegalAccessError";
    case LinkageError::kNoClassDefFound: return "NoClassDefFoundError";
    case LinkageError::kClassCircularity: return "ClassCircularityError";
    case LinkageError::kClassFormat: return "ClassFormatError";
  }
  return "?";
}

namespace {

constexpr std::string_view kMethodHandle = "java/lang/invoke/MethodHandle";
constexpr std::string_view kVarHandle = "java/lang/invoke/VarHandle";

const MethodInfo* DeclaredMethod(const ClassFile& cf, std::string_view name,
                                 std::string_view descriptor) {
  for (const MethodInfo& m : cf.methods) {
    if (m.name == name && m.descriptor == descriptor) return &m;
  }
  return nullptr;
}

const FieldInfo* DeclaredField(const ClassFile& cf, std::string_view name,
                               std::string_view descriptor) {
  for (const FieldInfo& f : cf.fields) {
    if (f.name == name && f.descriptor == descriptor) return &f;
  }
  return nullptr;
}

bool IsPublic(const MethodInfo& m) { return m.access_flags & access::kPublic; }
bool IsProtected(const MethodInfo& m) { return m.access_flags & access::kProtected; }

template <typename Member>
MemberResult<Member> Fail(LinkageError error, std::string detail) {
  MemberResult<Member> r;
  r.error = error;
  r.detail = std::move(detail);
  return r;
}

// The state of one walk up the hierarchy: missing classes passed over, and the
// first class whose members could not be loaded.
class Walk {
 public:
  explicit Walk(const ClassHierarchy& h) : h_(h) {}

  // Entering class `k`: a phantom declares nothing the walk could see.
  void Enter(ClassId k) {
    if (h_.IsPhantom(k)) Mark(k);
  }
  // Leaving class `k` for its supertypes: under kRoot, supertypes of `k` that
  // are missing were dropped and will not be entered.
  void Leave(ClassId k) {
    if (h_.HasMissingSupertype(k) && !h_.IsPhantom(k) &&
        h_.options().missing != MissingClassPolicy::kPhantom) {
      Mark(k);
    }
  }
  // Something that could decide the answer is missing (k: where, if known).
  void Mark(ClassId k) {
    incomplete_ = true;
    if (first_missing_ == kNoClass) first_missing_ = k;
  }
  void MarkIncomplete() { incomplete_ = true; }

  // The members of `k`; nullptr for a phantom, or on a load error (then
  // failed() is set).
  const ClassFile* Members(ClassId k) {
    if (h_.IsPhantom(k)) return nullptr;
    auto cf = h_.Load(k);
    if (cf.ok()) return *cf;
    if (error_ == LinkageError::kNone) {
      error_ = absl::IsNotFound(cf.status()) ? LinkageError::kNoClassDefFound
                                              : LinkageError::kClassFormat;
      error_detail_ = std::string(cf.status().message());
    }
    return nullptr;
  }

  bool failed() const { return error_ != LinkageError::kNone; }
  bool incomplete() const { return incomplete_; }

  template <typename Member>
  MemberResult<Member> Error() const {
    return Fail<Member>(error_, error_detail_);
  }

  // kNoClassDefFound for a search that found nothing but passed a missing class.
  std::string MissingDetail(std::string_view what) const {
    if (first_missing_ == kNoClass) return Cat(what, ": not found, and a supertype is missing");
    if (h_.IsPhantom(first_missing_)) {
      return Cat(what, ": not found, and class ", h_.Name(first_missing_),
                 " that might declare it is missing");
    }
    return Cat(what, ": not found, and a supertype of ", h_.Name(first_missing_),
               " that might declare it is missing");
  }

 private:
  const ClassHierarchy& h_;
  bool incomplete_ = false;
  ClassId first_missing_ = kNoClass;
  LinkageError error_ = LinkageError::kNone;
  std::string error_detail_;
};

// Checks shared by every entry point: a valid, present, loadable class.
template <typename Member>
std::optional<MemberResult<Member>> CheckClass(const ClassHierarchy& h, ClassId c,
                                               std::string_view role) {
  if (!h.Valid(c)) return Fail<Member>(LinkageError::kNoClassDefFound, Cat("no class #", c));
  if (h.IsPhantom(c)) {
    return Fail<Member>(LinkageError::kNoClassDefFound,
                        Cat(role, " ", h.Name(c), " is missing from the class path"));
  }
  if (h.HasCircularAncestor(c)) {
    return Fail<Member>(LinkageError::kClassCircularity,
                        Cat(role, " ", h.Name(c), " is on or below a cycle of supertypes"));
  }
  return std::nullopt;
}

// The class a symbolic reference names: arrays resolve in java/lang/Object.
// kNoClass, recorded as missing, if it is not in the hierarchy.
ClassId ClassOfReference(const ClassHierarchy& h, std::string_view class_name) {
  std::string_view name = class_name.starts_with('[') ? "java/lang/Object" : class_name;
  ClassId id = h.Find(name);
  if (id == kNoClass) h.NoteMissing(name, "a member reference");
  return id;
}

// "java/util/List.size()I" for methods, "java/lang/System.out:Ljava/io/PrintStream;" for fields.
std::string What(const ClassHierarchy& h, ClassId c, std::string_view name,
                 std::string_view descriptor, bool field) {
  return Cat(h.Name(c), ".", name, field ? ":" : "", descriptor);
}

// Every superinterface of `c` (of its superclasses too, transitively), each
// once, depth-first in declaration order; `c` itself is left out. Phantom
// superclasses and classes with dropped supertypes mark the walk incomplete.
std::vector<ClassId> Superinterfaces(const ClassHierarchy& h, ClassId c, Walk* walk) {
  std::vector<ClassId> out;
  absl::flat_hash_set<ClassId> seen;
  std::vector<ClassId> stack;
  for (ClassId k = c; k != kNoClass; k = h.Super(k)) {
    walk->Enter(k);
    walk->Leave(k);
    auto ifs = h.Interfaces(k);
    for (size_t i = ifs.size(); i-- > 0;) stack.push_back(ifs[i]);
    while (!stack.empty()) {
      ClassId i = stack.back();
      stack.pop_back();
      if (!seen.insert(i).second) continue;
      walk->Enter(i);
      walk->Leave(i);
      out.push_back(i);
      auto sup = h.Interfaces(i);
      for (size_t j = sup.size(); j-- > 0;) stack.push_back(sup[j]);
    }
  }
  return out;
}

std::vector<SuperinterfaceMethod> MaximallySpecific(const ClassHierarchy& h, ClassId c,
                                                    std::string_view name,
                                                    std::string_view descriptor, Walk* walk) {
  std::vector<SuperinterfaceMethod> candidates;
  for (ClassId i : Superinterfaces(h, c, walk)) {
    if (h.IsPhantom(i)) continue;
    auto cf = h.Load(i);
    if (!cf.ok()) {
      walk->Mark(i);
      continue;
    }
    const MethodInfo* m = DeclaredMethod(**cf, name, descriptor);
    if (m == nullptr || m->IsPrivate() || m->IsStatic()) continue;
    candidates.push_back({i, m});
  }
  std::vector<SuperinterfaceMethod> out;
  for (const auto& a : candidates) {
    bool shadowed = false;
    for (const auto& b : candidates) {
      if (b.owner != a.owner && h.IsSubtype(b.owner, a.owner) == Tristate::kYes) {
        shadowed = true;
        break;
      }
    }
    if (!shadowed) out.push_back(a);
  }
  return out;
}

MethodResult Found(ClassId owner, const MethodInfo* m, ClassId referenced, const Walk& walk) {
  MethodResult r;
  r.owner = owner;
  r.member = m;
  r.referenced = referenced;
  r.incomplete = walk.incomplete();
  return r;
}

// JVMS 5.4.3.3 step 3 and 5.4.3.4 steps 4-5: the superinterfaces of `c`.
std::optional<MethodResult> LookupInSuperinterfaces(const ClassHierarchy& h, ClassId c,
                                                    std::string_view name,
                                                    std::string_view descriptor, Walk* walk) {
  std::vector<SuperinterfaceMethod> max = MaximallySpecific(h, c, name, descriptor, walk);
  // "If the maximally-specific superinterface methods of C for the name and
  // descriptor specified by the method reference include exactly one method
  // that does not have its ACC_ABSTRACT flag set, then this method is chosen."
  const SuperinterfaceMethod* only = nullptr;
  size_t concrete = 0;
  for (const auto& m : max) {
    if (!m.method->IsAbstract()) {
      ++concrete;
      only = &m;
    }
  }
  if (concrete == 1) return Found(only->owner, only->method, c, *walk);
  // "Otherwise, if any superinterface of C declares a method with the name and
  // descriptor specified by the method reference that has neither its
  // ACC_PRIVATE flag nor its ACC_STATIC flag set, one of these is arbitrarily
  // chosen." Such a method exists iff a maximally-specific one does; jwp
  // chooses the first maximally-specific one.
  if (!max.empty()) return Found(max.front().owner, max.front().method, c, *walk);
  return std::nullopt;
}

}  // namespace

bool IsSignaturePolymorphic(const ClassHierarchy& h, ClassId owner, const MethodInfo& m) {
  if (!h.Valid(owner)) return false;
  std::string_view cls = h.Name(owner);
  if (cls != kMethodHandle && cls != kVarHandle) return false;
  constexpr uint16_t kFlags = access::kVarargs | access::kNative;
  return (m.access_flags & kFlags) == kFlags && m.descriptor.starts_with("([Ljava/lang/Object;)");
}

bool CanOverride(const ClassHierarchy& h, ClassId c, const MethodInfo& m_c, ClassId a,
                 const MethodInfo& m_a) {
  // "mC has the same name and descriptor as mA."
  if (m_c.name != m_a.name || m_c.descriptor != m_a.descriptor) return false;
  // Both are instance methods; "mC is not marked ACC_PRIVATE."
  if (m_c.IsStatic() || m_a.IsStatic() || m_c.IsPrivate()) return false;
  // "mA is marked ACC_PUBLIC." / "mA is marked ACC_PROTECTED."
  if (IsPublic(m_a) || IsProtected(m_a)) return true;
  if (m_a.IsPrivate()) return false;
  // "mA is marked neither ACC_PUBLIC nor ACC_PROTECTED nor ACC_PRIVATE, and
  // either (a) the declaration of mA appears in the same run-time package as
  // the declaration of mC, ..."
  if (h.PackageOf(c) == h.PackageOf(a)) return true;
  // "... or (b) if mA is declared in a class A and mC is declared in a class
  // C, then there exists a method mB declared in a class B such that C is a
  // subclass of B and B is a subclass of A and mC can override mB and mB can
  // override mA."
  std::vector<ClassId> between;
  ClassId b = h.Super(c);
  for (; b != kNoClass && b != a; b = h.Super(b)) between.push_back(b);
  if (b != a) return false;  // A is not a superclass of C
  for (ClassId k : between) {
    if (h.IsPhantom(k)) continue;
    auto cf = h.Load(k);
    if (!cf.ok()) continue;
    const MethodInfo* m_b = DeclaredMethod(**cf, m_a.name, m_a.descriptor);
    if (m_b != nullptr && CanOverride(h, k, *m_b, a, m_a) && CanOverride(h, c, m_c, k, *m_b)) {
      return true;
    }
  }
  return false;
}

std::vector<SuperinterfaceMethod> MaximallySpecificMethods(const ClassHierarchy& h, ClassId c,
                                                           std::string_view name,
                                                           std::string_view descriptor,
                                                           bool* incomplete) {
  Walk walk(h);
  std::vector<SuperinterfaceMethod> out;
  if (h.Valid(c)) out = MaximallySpecific(h, c, name, descriptor, &walk);
  if (incomplete != nullptr) *incomplete = walk.incomplete();
  return out;
}

// --- JVMS 5.4.3.2 Field resolution ---------------------------------------------

namespace {

struct FieldSearch {
  const ClassHierarchy& h;
  std::string_view name;
  std::string_view descriptor;
  Walk walk;
  absl::flat_hash_set<ClassId> seen;  // a fully searched class finds nothing again

  std::optional<std::pair<ClassId, const FieldInfo*>> Lookup(ClassId k) {
    if (!seen.insert(k).second) return std::nullopt;
    walk.Enter(k);
    // "1. If C declares a field with the name and descriptor specified by the
    // field reference, field lookup succeeds."
    if (const ClassFile* cf = walk.Members(k)) {
      if (const FieldInfo* f = DeclaredField(*cf, name, descriptor)) return std::pair{k, f};
    }
    if (walk.failed()) return std::nullopt;
    walk.Leave(k);
    // "2. Otherwise, field lookup is applied recursively to the direct
    // superinterfaces of the specified class or interface C."
    for (ClassId i : h.Interfaces(k)) {
      auto r = Lookup(i);
      if (r || walk.failed()) return r;
    }
    // "3. Otherwise, if C has a superclass S, field lookup is applied
    // recursively to S."
    if (h.Super(k) != kNoClass) return Lookup(h.Super(k));
    // "4. Otherwise, field lookup fails."
    return std::nullopt;
  }
};

}  // namespace

FieldResult ResolveField(const ClassHierarchy& h, ClassId c, std::string_view name,
                         std::string_view descriptor) {
  if (auto bad = CheckClass<FieldInfo>(h, c, "class")) return *bad;
  FieldSearch search{h, name, descriptor, Walk(h), {}};
  auto found = search.Lookup(c);
  if (search.walk.failed()) return search.walk.Error<FieldInfo>();
  std::string what = What(h, c, name, descriptor, true);
  if (!found) {
    if (search.walk.incomplete()) {
      return Fail<FieldInfo>(LinkageError::kNoClassDefFound, search.walk.MissingDetail(what));
    }
    return Fail<FieldInfo>(LinkageError::kNoSuchField, Cat(what, ": no such field"));
  }
  FieldResult r;
  r.owner = found->first;
  r.member = found->second;
  r.referenced = c;
  r.incomplete = search.walk.incomplete();
  return r;
}

FieldResult ResolveField(const ClassHierarchy& h, std::string_view class_name,
                         std::string_view name, std::string_view descriptor) {
  ClassId c = ClassOfReference(h, class_name);
  if (c == kNoClass) {
    return Fail<FieldInfo>(LinkageError::kNoClassDefFound,
                           Cat("class ", class_name, " is missing from the class path"));
  }
  return ResolveField(h, c, name, descriptor);
}

// --- JVMS 5.4.3.3 Method resolution --------------------------------------------

MethodResult ResolveMethod(const ClassHierarchy& h, ClassId c, std::string_view name,
                           std::string_view descriptor) {
  if (auto bad = CheckClass<MethodInfo>(h, c, "class")) return *bad;
  std::string what = What(h, c, name, descriptor, false);
  // "1. If C is an interface, method resolution throws an
  // IncompatibleClassChangeError."
  if (h.IsInterface(c)) {
    return Fail<MethodInfo>(LinkageError::kIncompatibleClassChange,
                            Cat(what, ": a class method reference names interface ", h.Name(c)));
  }
  // "2. Otherwise, method resolution attempts to locate the referenced method
  // in C and its superclasses."
  Walk walk(h);
  for (ClassId k = c; k != kNoClass; k = h.Super(k)) {
    walk.Enter(k);
    const ClassFile* cf = walk.Members(k);
    if (walk.failed()) return walk.Error<MethodInfo>();
    if (cf == nullptr) continue;  // a phantom declares nothing
    // "If C declares exactly one method with the name specified by the method
    // reference, and the declaration is a signature polymorphic method, then
    // method lookup succeeds."
    const MethodInfo* named = nullptr;
    size_t count = 0;
    for (const MethodInfo& m : cf->methods) {
      if (m.name == name) {
        named = &m;
        ++count;
      }
    }
    if (count == 1 && IsSignaturePolymorphic(h, k, *named)) {
      MethodResult r = Found(k, named, c, walk);
      r.signature_polymorphic = true;
      return r;
    }
    // "Otherwise, if C declares a method with the name and descriptor
    // specified by the method reference, method lookup succeeds."
    if (const MethodInfo* m = DeclaredMethod(*cf, name, descriptor)) return Found(k, m, c, walk);
    walk.Leave(k);
    // "Otherwise, if C has a superclass, step 2 of method resolution is
    // recursively invoked on the direct superclass of C."
  }
  // "3. Otherwise, method resolution attempts to locate the referenced method
  // in the superinterfaces of the specified class C."
  if (auto r = LookupInSuperinterfaces(h, c, name, descriptor, &walk)) return *r;
  if (walk.incomplete()) {
    return Fail<MethodInfo>(LinkageError::kNoClassDefFound, walk.MissingDetail(what));
  }
  // "Otherwise, method lookup fails."
  return Fail<MethodInfo>(LinkageError::kNoSuchMethod, Cat(what, ": no such method"));
}

MethodResult ResolveMethod(const ClassHierarchy& h, std::string_view class_name,
                           std::string_view name, std::string_view descriptor) {
  ClassId c = ClassOfReference(h, class_name);
  if (c == kNoClass) {
    return Fail<MethodInfo>(LinkageError::kNoClassDefFound,
                            Cat("class ", class_name, " is missing from the class path"));
  }
  return ResolveMethod(h, c, name, descriptor);
}

// --- JVMS 5.4.3.4 Interface method resolution ----------------------------------

MethodResult ResolveInterfaceMethod(const ClassHierarchy& h, ClassId c, std::string_view name,
                                    std::string_view descriptor) {
  if (auto bad = CheckClass<MethodInfo>(h, c, "interface")) return *bad;
  std::string what = What(h, c, name, descriptor, false);
  // "1. If C is not an interface, interface method resolution throws an
  // IncompatibleClassChangeError."
  if (!h.IsInterface(c)) {
    return Fail<MethodInfo>(LinkageError::kIncompatibleClassChange,
                            Cat(what, ": an interface method reference names class ", h.Name(c)));
  }
  Walk walk(h);
  // "2. Otherwise, if C declares a method with the name and descriptor
  // specified by the interface method reference, method lookup succeeds."
  const ClassFile* cf = walk.Members(c);
  if (walk.failed()) return walk.Error<MethodInfo>();
  if (const MethodInfo* m = DeclaredMethod(*cf, name, descriptor)) return Found(c, m, c, walk);
  // "3. Otherwise, if the class Object declares a method with the name and
  // descriptor specified by the interface method reference, which has its
  // ACC_PUBLIC flag set and does not have its ACC_STATIC flag set, method
  // lookup succeeds."
  ClassId object = h.object_class();
  if (object == kNoClass || h.IsPhantom(object)) {
    walk.Mark(object == kNoClass ? c : object);
  } else {
    const ClassFile* ocf = walk.Members(object);
    if (walk.failed()) return walk.Error<MethodInfo>();
    const MethodInfo* m = DeclaredMethod(*ocf, name, descriptor);
    if (m != nullptr && IsPublic(*m) && !m->IsStatic()) return Found(object, m, c, walk);
  }
  // "4. Otherwise, if the maximally-specific superinterface methods (§5.4.3.3)
  // of C ... include exactly one method that does not have its ACC_ABSTRACT
  // flag set, then this method is chosen ..."  "5. Otherwise, if any
  // superinterface of C declares a method with the name and descriptor ...
  // that has neither its ACC_PRIVATE flag nor its ACC_STATIC flag set, one
  // of these is arbitrarily chosen ..."
  if (auto r = LookupInSuperinterfaces(h, c, name, descriptor, &walk)) return *r;
  if (walk.incomplete()) {
    return Fail<MethodInfo>(LinkageError::kNoClassDefFound, walk.MissingDetail(what));
  }
  // "6. Otherwise, method lookup fails."
  return Fail<MethodInfo>(LinkageError::kNoSuchMethod, Cat(what, ": no such method"));
}

MethodResult ResolveInterfaceMethod(const ClassHierarchy& h, std::string_view class_name,
                                    std::string_view name, std::string_view descriptor) {
  ClassId c = ClassOfReference(h, class_name);
  if (c == kNoClass) {
    return Fail<MethodInfo>(LinkageError::kNoClassDefFound,
                            Cat("interface ", class_name, " is missing from the class path"));
  }
  return ResolveInterfaceMethod(h, c, name, descriptor);
}

// --- JVMS 5.4.6 Method selection -----------------------------------------------

MethodResult SelectMethod(const ClassHierarchy& h, ClassId receiver, const MethodResult& resolved,
                          InvokeKind kind) {
  if (!resolved.ok()) return resolved;
  // Invoking a signature-polymorphic method runs the method handle's
  // behaviour, not a selected declaration.
  if (resolved.signature_polymorphic) return resolved;
  const MethodInfo& m_r = *resolved.member;
  const ClassId a = resolved.owner;
  const char* insn = kind == InvokeKind::kVirtual ? "invokevirtual" : "invokeinterface";
  std::string what = What(h, a, m_r.name, m_r.descriptor, false);
  // invokevirtual/invokeinterface, linking exceptions: "if the resolved
  // method is a class (static) method, ... throws an
  // IncompatibleClassChangeError."
  if (m_r.IsStatic()) {
    return Fail<MethodInfo>(LinkageError::kIncompatibleClassChange,
                            Cat(insn, " ", what, ": the resolved method is static"));
  }
  if (auto bad = CheckClass<MethodInfo>(h, receiver, "receiver class")) return *bad;
  Walk walk(h);
  if (resolved.incomplete) walk.MarkIncomplete();
  // invokeinterface, run-time exceptions: "if the class of objectref does not
  // implement the resolved interface, invokeinterface throws an
  // IncompatibleClassChangeError."
  if (kind == InvokeKind::kInterface && h.Valid(resolved.referenced)) {
    Tristate t = h.IsSubtype(receiver, resolved.referenced);
    if (t == Tristate::kNo) {
      return Fail<MethodInfo>(LinkageError::kIncompatibleClassChange,
                              Cat(insn, " ", what, ": class ", h.Name(receiver),
                                  " does not implement interface ", h.Name(resolved.referenced)));
    }
    if (t == Tristate::kUnknown) walk.MarkIncomplete();
  }

  std::optional<std::pair<ClassId, const MethodInfo*>> selected;
  // "1. If mR is marked ACC_PRIVATE, then it is the selected method."
  if (m_r.IsPrivate()) {
    selected = {a, &m_r};
  } else {
    // "2. Otherwise, if C contains a declaration of an instance method m that
    // can override mR (§5.4.5), then m is the selected method. Otherwise, if
    // C has a superclass, a search for a declaration of an instance method
    // that can override mR is performed in the direct superclass of C, and
    // then the direct superclass of that class, and so forth, until a method
    // is found or no further superclasses exist."
    for (ClassId k = receiver; k != kNoClass && !selected; k = h.Super(k)) {
      walk.Enter(k);
      const ClassFile* cf = walk.Members(k);
      if (walk.failed()) return walk.Error<MethodInfo>();
      if (cf == nullptr) continue;
      const MethodInfo* m = DeclaredMethod(*cf, m_r.name, m_r.descriptor);
      if (m != nullptr && !m->IsStatic() && CanOverride(h, k, *m, a, m_r)) {
        selected = {k, m};
      } else {
        walk.Leave(k);
      }
    }
  }
  if (!selected) {
    // "3. Otherwise, the maximally-specific superinterface methods of C are
    // determined (§5.4.3.3). If exactly one matches mR's name and descriptor
    // and is not abstract, then it is the selected method."
    std::vector<SuperinterfaceMethod> max =
        MaximallySpecific(h, receiver, m_r.name, m_r.descriptor, &walk);
    std::vector<SuperinterfaceMethod> concrete;
    for (const auto& m : max) {
      if (!m.method->IsAbstract()) concrete.push_back(m);
    }
    if (concrete.size() == 1) {
      selected = {concrete[0].owner, concrete[0].method};
    } else if (concrete.size() > 1) {
      // "if no method is selected, and there are multiple maximally-specific
      // superinterface methods of C that match the resolved method's name and
      // descriptor and are not abstract, ... throws an
      // IncompatibleClassChangeError"
      std::string names;
      MethodResult r;
      r.error = LinkageError::kIncompatibleClassChange;
      for (const auto& m : concrete) {
        r.candidates.push_back(m.owner);
        names += Cat(names.empty() ? "" : ", ", h.Name(m.owner));
      }
      r.detail = Cat(insn, " ", what, " on ", h.Name(receiver),
                     ": conflicting default methods in ", names);
      r.referenced = resolved.referenced;
      r.incomplete = walk.incomplete();
      return r;
    } else {
      if (walk.incomplete()) {
        return Fail<MethodInfo>(LinkageError::kNoClassDefFound,
                                walk.MissingDetail(Cat(insn, " ", what, " on ", h.Name(receiver))));
      }
      // "if no method is selected, and there are no maximally-specific
      // superinterface methods of C that match the resolved method's name and
      // descriptor and are not abstract, ... throws an AbstractMethodError."
      MethodResult r;
      r.error = LinkageError::kAbstractMethod;
      for (const auto& m : max) r.candidates.push_back(m.owner);
      r.detail = Cat(insn, " ", what, " on ", h.Name(receiver), ": no implementation");
      r.referenced = resolved.referenced;
      return r;
    }
  }
  const auto [owner, m] = *selected;
  // invokeinterface: "if the selected method is neither public nor private,
  // invokeinterface throws an IllegalAccessError."
  if (kind == InvokeKind::kInterface && !IsPublic(*m) && !m->IsPrivate()) {
    return Fail<MethodInfo>(LinkageError::kIllegalAccess,
                            Cat(insn, " ", what, " on ", h.Name(receiver), ": selected ",
                                h.Name(owner), ".", m->name, m->descriptor, " is not public"));
  }
  // "if the selected method is abstract, ... throws an AbstractMethodError."
  if (m->IsAbstract()) {
    MethodResult r = Fail<MethodInfo>(
        LinkageError::kAbstractMethod,
        Cat(insn, " ", what, " on ", h.Name(receiver), ": selected ", h.Name(owner), ".", m->name,
            m->descriptor, " is abstract"));
    r.owner = owner;
    r.member = m;
    r.referenced = resolved.referenced;
    return r;
  }
  return Found(owner, m, resolved.referenced, walk);
}

}  // namespace jwp::classfile
