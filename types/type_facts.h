// What the simplifier and the solver may know about types: the subtype
// relation, final and instantiable classes, concrete subtypes and virtual
// dispatch (DESIGN.md, "Types"; PLDI'09 Section 6, "type and subtype facts
// from the class hierarchy ... final classes pin typeOf ... dispatch resolved
// when the type is known").
//
// Types are named as logic/ names them (TermManager::mk_type): internal class
// names ("java/util/ArrayList") or array descriptors ("[I",
// "[Ljava/lang/String;"). Every query is three-valued where the class path may
// be incomplete: a rule or an encoding uses only known answers (std::nullopt
// never fires a rule). The class-hierarchy implementation is
// hierarchy_type_facts.h; tests may supply their own.
#ifndef JWP_TYPES_TYPE_FACTS_H_
#define JWP_TYPES_TYPE_FACTS_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jwp::types {

// A concrete method: the class declaring it, its name and descriptor.
struct MethodName {
  std::string owner;
  std::string name;
  std::string descriptor;
  friend bool operator==(const MethodName&, const MethodName&) = default;
};

class TypeFacts {
 public:
  virtual ~TypeFacts() = default;

  // Is `sub` a subtype of `super` (reflexive; JLS 4.10.3 for arrays)?
  // nullopt when a missing class could decide it.
  virtual std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const = 0;
  // The type exists on the class path (for arrays: the element class does,
  // or it is primitive).
  virtual bool is_known(std::string_view type) const = 0;
  // No proper subtype can exist: a final class, or an array whose element
  // type is primitive or final. Only such types pin typeOf.
  virtual bool is_final(std::string_view type) const = 0;
  // A run-time object may have exactly this type: a class that is neither
  // an interface nor abstract, or an array type.
  virtual bool is_instantiable(std::string_view type) const = 0;
  // The JVM can load the type on this class path: no supertype of it (of
  // its element class, for an array) is missing. A class that implements
  // an interface of a jar that is not there (log4j's AsyncLogger without
  // the disruptor) fails with NoClassDefFoundError: a witness cannot make
  // an object of it. Only the witness's choice of classes asks (solver's
  // witness preferences); the analysis keeps such classes, as the program
  // deployed with the missing jar has them.
  virtual bool is_loadable(std::string_view /*type*/) const { return true; }
  // The instantiable subtypes of `type` (itself included when
  // instantiable), in a deterministic order, at most `limit` of them; the
  // bool is true when the list is complete (not cut by `limit`, no missing
  // class involved).
  struct TypeList {
    std::vector<std::string> types;
    bool complete = false;
  };
  virtual TypeList concrete_subtypes(std::string_view type, size_t limit) const = 0;
  // The method a virtual or interface call to `sig_owner.sig_name sig_desc`
  // selects for a receiver whose run-time type is `receiver` (JVMS 5.4.6);
  // nullopt when it cannot be decided or selection fails with a linkage
  // error.
  virtual std::optional<MethodName> dispatch(std::string_view receiver, std::string_view sig_owner,
                                             std::string_view sig_name,
                                             std::string_view sig_descriptor) const = 0;
};

}  // namespace jwp::types

#endif  // JWP_TYPES_TYPE_FACTS_H_
