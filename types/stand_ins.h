// Stand-ins (open world): an interface or abstract class that no class on
// the class path implements or extends may still reach a method as an
// object of a class its caller wrote (a listener, a lambda, a callback).
// The solver's types are the class path's (DESIGN.md, "Types"), so such a
// parameter could only be null: a search that needs it to be an object
// proves nothing either way. A stand-in is that caller's class, made
// concrete: `T$JwpStandIn`, final, instantiable, a subtype of T and of T's
// supertypes, whose abstract methods return what the witness says (the
// witness runner generates it, app/witness_runner/README.md). Its methods
// that T implements dispatch to T's; the others to the stand-in's own
// method, never to a class path method.
//
// A type has a stand-in when a caller could write a class of it: an
// interface or abstract class, not sealed, with no instantiable subtype
// and no missing supertype; an abstract class needs a constructor a
// subclass can call (not private); a type of the JDK's packages (which a
// caller's class cannot join) must be a public interface, and its
// stand-in lives in package jwp/standin. A concrete_subtypes list that
// holds a stand-in is never complete: a caller's class could be another.
#ifndef JWP_TYPES_STAND_INS_H_
#define JWP_TYPES_STAND_INS_H_

#include <optional>
#include <string>
#include <string_view>

#include "absl/container/flat_hash_map.h"
#include "classfile/class_hierarchy.h"
#include "types/hierarchy_type_facts.h"
#include "types/type_facts.h"

namespace jwp::types {

// Whether a class (internal name) is in one of the JDK's packages (java/,
// javax/, jdk/, sun/, com/sun/), which a class loaded from the class path
// cannot join.
bool IsJdkPackage(std::string_view type);

// The stand-in class of T ("p/T" -> "p/T$JwpStandIn"; a JDK type's is
// under jwp/standin/), and back (nullopt for a name that is no stand-in's).
std::string StandInName(std::string_view type);
std::optional<std::string> StandInFor(std::string_view name);

// HierarchyTypeFacts plus a stand-in for each type that may have one.
class StandInTypeFacts final : public TypeFacts {
 public:
  // The hierarchy must outlive the facts.
  explicit StandInTypeFacts(const classfile::ClassHierarchy& h) : h_(h), base_(h) {}

  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override;
  bool is_known(std::string_view type) const override;
  bool is_final(std::string_view type) const override;
  bool is_instantiable(std::string_view type) const override;
  bool is_loadable(std::string_view type) const override;
  TypeList concrete_subtypes(std::string_view type, size_t limit) const override;
  std::optional<MethodName> dispatch(std::string_view receiver, std::string_view sig_owner,
                                     std::string_view sig_name,
                                     std::string_view sig_descriptor) const override;

  // T, when `type` names the stand-in of a type that has one.
  std::optional<std::string> stand_in_for(std::string_view type) const;
  // Whether a caller could write a class of `type` (an internal name).
  bool has_stand_in(std::string_view type) const;

 private:
  bool method_is_abstract(const MethodName& m) const;

  const classfile::ClassHierarchy& h_;
  HierarchyTypeFacts base_;
  mutable absl::flat_hash_map<std::string, bool> open_;  // has_stand_in, by type
};

}  // namespace jwp::types

#endif  // JWP_TYPES_STAND_INS_H_
