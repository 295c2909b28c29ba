// TypeFacts (type_facts.h) answered by a classfile::ClassHierarchy: the only
// place the simplifier and the solver see the class path. The hierarchy must
// outlive this object; queries are not thread-safe beyond what the hierarchy
// allows (its member loads are).
#ifndef JWP_TYPES_HIERARCHY_TYPE_FACTS_H_
#define JWP_TYPES_HIERARCHY_TYPE_FACTS_H_

#include <mutex>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "classfile/class_hierarchy.h"
#include "types/type_facts.h"

namespace jwp::types {

class HierarchyTypeFacts final : public TypeFacts {
 public:
  explicit HierarchyTypeFacts(const classfile::ClassHierarchy& hierarchy) : h_(hierarchy) {}

  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override;
  bool is_known(std::string_view type) const override;
  bool is_final(std::string_view type) const override;
  bool is_instantiable(std::string_view type) const override;
  bool is_loadable(std::string_view type) const override;
  TypeList concrete_subtypes(std::string_view type, size_t limit) const override;
  std::optional<MethodName> dispatch(std::string_view receiver, std::string_view sig_owner,
                                     std::string_view sig_name,
                                     std::string_view sig_descriptor) const override;

 private:
  TypeList compute_concrete_subtypes(std::string_view type, size_t limit) const;

  const classfile::ClassHierarchy& h_;
  // concrete_subtypes by (type, limit): the simplifier asks for each
  // `x instanceof T` literal of each minterm, and the hierarchy sorts every
  // subtype of T each time (for java/lang/Object's arrays, two thirds of a
  // search's time). The hierarchy's classes do not change.
  mutable std::mutex mu_;
  mutable absl::flat_hash_map<std::pair<std::string, size_t>, TypeList> subtypes_;
};

}  // namespace jwp::types

#endif  // JWP_TYPES_HIERARCHY_TYPE_FACTS_H_
