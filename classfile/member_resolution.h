// Field and method resolution (JVMS 5.4.3.2 fields, 5.4.3.3 class methods
// including signature-polymorphic methods of MethodHandle and VarHandle,
// 5.4.3.4 interface methods) and method selection for invokevirtual and
// invokeinterface (JVMS 5.4.6, with overriding per 5.4.5 and the run-time
// errors of the invokevirtual/invokeinterface pages of JVMS chapter 6), over a
// ClassHierarchy whose member tables are loaded on demand.
//
// Every answer says what was found or which error the JVM would throw; none is
// a bool. Assumptions, as in a JVM with one class loader: the run-time package
// of a class is its package name; resolution does not check access (JVMS
// 5.4.4), which the caller does if it needs to; the JDK's loader constraints
// are not modelled.
//
// Where a missing class lies on the search path, it is taken to declare
// nothing: a member found beyond it is returned with `incomplete` set (the
// missing class might have declared a closer match), and a member not found
// is kNoClassDefFound naming the missing class rather than NoSuchMethodError.
//
// Thread safety: the functions are safe to call from several threads on one
// hierarchy. Results point into ClassFiles owned by the hierarchy and live as
// long as it.
#ifndef JWP_CLASSFILE_MEMBER_RESOLUTION_H_
#define JWP_CLASSFILE_MEMBER_RESOLUTION_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "classfile/class_file.h"
#include "classfile/class_hierarchy.h"

namespace jwp::classfile {

// The linkage error the JVM would throw (java/lang/...Error), or kNone.
enum class LinkageError : uint8_t {
  kNone,
  kNoSuchField,              // NoSuchFieldError
  kNoSuchMethod,             // NoSuchMethodError
  kIncompatibleClassChange,  // IncompatibleClassChangeError
  kAbstractMethod,           // AbstractMethodError
  kIllegalAccess,            // IllegalAccessError
  kNoClassDefFound,          // NoClassDefFoundError: a class needed is missing
  kClassCircularity,         // ClassCircularityError
  kClassFormat,              // ClassFormatError: the class file does not parse
};

// "NoSuchMethodError", ... ("" for kNone).
const char* LinkageErrorName(LinkageError error);

// What resolution or selection found: the declaring class and the member, or
// the error. `member` points into a ClassFile owned by the hierarchy. When
// selection picks an abstract method (AbstractMethodError), owner and member
// name it.
template <typename Member>
struct MemberResult {
  ClassId owner = kNoClass;       // the class that declares `member`
  const Member* member = nullptr;
  LinkageError error = LinkageError::kNone;
  // On error: what and where ("fixtures/A.m()V: ..."); for kNoClassDefFound
  // it names the missing class.
  std::string detail;
  // The class named by the symbolic reference that was resolved (for
  // invokeinterface's "does the receiver implement it" check).
  ClassId referenced = kNoClass;
  // A missing class was passed over: it might have declared a closer match.
  bool incomplete = false;
  // Methods only: resolved to a signature-polymorphic method (JVMS 2.9.3),
  // whose descriptor differs from the reference's.
  bool signature_polymorphic = false;
  // Selection only: the methods behind an IncompatibleClassChangeError for
  // conflicting defaults, or an AbstractMethodError from abstract-only
  // maximally-specific superinterface methods (declaring interfaces).
  std::vector<ClassId> candidates;

  bool ok() const { return error == LinkageError::kNone; }
};

using FieldResult = MemberResult<FieldInfo>;
using MethodResult = MemberResult<MethodInfo>;

// Field resolution (JVMS 5.4.3.2): the class, then its superinterfaces
// (recursively, in declaration order), then its superclass.
[[nodiscard]] FieldResult ResolveField(const ClassHierarchy& h, ClassId c, std::string_view name,
                                       std::string_view descriptor);
// By class name; an unknown class is recorded as missing. An array type
// ("[I") resolves in java/lang/Object.
[[nodiscard]] FieldResult ResolveField(const ClassHierarchy& h, std::string_view class_name,
                                       std::string_view name, std::string_view descriptor);

// Class method resolution (JVMS 5.4.3.3), for Methodref: an interface is an
// IncompatibleClassChangeError; then the class and its superclasses (with
// signature-polymorphic methods), then the maximally-specific superinterface
// methods, then any superinterface method.
[[nodiscard]] MethodResult ResolveMethod(const ClassHierarchy& h, ClassId c, std::string_view name,
                                         std::string_view descriptor);
[[nodiscard]] MethodResult ResolveMethod(const ClassHierarchy& h, std::string_view class_name,
                                         std::string_view name, std::string_view descriptor);

// Interface method resolution (JVMS 5.4.3.4), for InterfaceMethodref: a class
// is an IncompatibleClassChangeError; then the interface, the public instance
// methods of java/lang/Object, the maximally-specific superinterface methods,
// then any superinterface method.
[[nodiscard]] MethodResult ResolveInterfaceMethod(const ClassHierarchy& h, ClassId c,
                                                  std::string_view name, std::string_view descriptor);
[[nodiscard]] MethodResult ResolveInterfaceMethod(const ClassHierarchy& h, std::string_view class_name,
                                                  std::string_view name, std::string_view descriptor);

enum class InvokeKind : uint8_t { kVirtual, kInterface };

// Method selection (JVMS 5.4.6) for a receiver whose run-time class is
// `receiver` and a method `resolved` by the resolution above, with the
// run-time errors of invokevirtual / invokeinterface: a static resolved
// method or (invokeinterface) a receiver that does not implement the
// referenced interface is IncompatibleClassChangeError; a selected abstract
// method, or none, is AbstractMethodError; several non-abstract
// maximally-specific superinterface methods are IncompatibleClassChangeError;
// (invokeinterface) a selected method neither public nor private is
// IllegalAccessError. A failed `resolved` is returned as is.
[[nodiscard]] MethodResult SelectMethod(const ClassHierarchy& h, ClassId receiver,
                                        const MethodResult& resolved, InvokeKind kind);

// Can `m_c`, declared in class `c`, override `m_a`, declared in `a` (JVMS
// 5.4.5, including the transitive case through an intermediate class)?
bool CanOverride(const ClassHierarchy& h, ClassId c, const MethodInfo& m_c, ClassId a,
                 const MethodInfo& m_a);

// The maximally-specific superinterface methods of `c` for a name and
// descriptor (JVMS 5.4.3.3): non-private, non-static methods declared in a
// superinterface of `c` (or of a superclass) with no other such method in a
// subinterface. In a deterministic order (depth-first over the supertypes in
// declaration order). `incomplete` is set when a missing class was passed
// over.
struct SuperinterfaceMethod {
  ClassId owner = kNoClass;
  const MethodInfo* method = nullptr;
};
std::vector<SuperinterfaceMethod> MaximallySpecificMethods(const ClassHierarchy& h, ClassId c,
                                                           std::string_view name,
                                                           std::string_view descriptor,
                                                           bool* incomplete = nullptr);

// Is `m`, declared in `owner`, signature polymorphic (JVMS 2.9.3): declared
// in java/lang/invoke/MethodHandle or VarHandle, one formal parameter of type
// Object[], ACC_VARARGS and ACC_NATIVE?
bool IsSignaturePolymorphic(const ClassHierarchy& h, ClassId owner, const MethodInfo& m);

}  // namespace jwp::classfile

#endif  // JWP_CLASSFILE_MEMBER_RESOLUTION_H_
