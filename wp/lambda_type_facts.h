// Type facts for a class path plus the lambda classes made so far
// (callgraph/lambda_classes.h): a lambda class is final and instantiable,
// a subtype of java/lang/Object, of its functional interface (and that
// interface's supertypes) and of java/io/Serializable when serializable;
// dispatch on it selects its own method for the interface method and
// java/lang/Object's for Object's public methods. Everything else is the
// hierarchy's answer, with a stand-in for each type a caller's class may
// implement and no class on the class path does (types/stand_ins.h).
//
// concrete_subtypes of an interface does not list lambda classes: the
// solver's type domain holds one only when a query names it (a lambda made
// on the path), so an input is never given a lambda class.
#ifndef JWP_WP_LAMBDA_TYPE_FACTS_H_
#define JWP_WP_LAMBDA_TYPE_FACTS_H_

#include <optional>
#include <string_view>

#include "callgraph/lambda_classes.h"
#include "classfile/class_hierarchy.h"
#include "types/stand_ins.h"
#include "types/type_facts.h"

namespace jwp::wp {

class LambdaTypeFacts final : public types::TypeFacts {
 public:
  // Both must outlive the facts.
  LambdaTypeFacts(const classfile::ClassHierarchy& h, const callgraph::LambdaClasses& lambdas)
      : base_(h), lambdas_(lambdas) {}

  std::optional<bool> is_subtype(std::string_view sub, std::string_view super) const override;
  bool is_known(std::string_view type) const override;
  bool is_final(std::string_view type) const override;
  bool is_instantiable(std::string_view type) const override;
  bool is_loadable(std::string_view type) const override;
  TypeList concrete_subtypes(std::string_view type, size_t limit) const override;
  std::optional<types::MethodName> dispatch(std::string_view receiver, std::string_view sig_owner,
                                                 std::string_view sig_name,
                                                 std::string_view sig_descriptor) const override;

  // The lambda class named by `type` (internal name or class descriptor), or null.
  const callgraph::LambdaClass* lambda(std::string_view type) const;
  // T, when `type` is the stand-in of T (types/stand_ins.h).
  std::optional<std::string> stand_in_for(std::string_view type) const { return base_.stand_in_for(type); }
  bool has_stand_in(std::string_view type) const { return base_.has_stand_in(type); }

 private:
  types::StandInTypeFacts base_;
  const callgraph::LambdaClasses& lambdas_;
};

}  // namespace jwp::wp

#endif  // JWP_WP_LAMBDA_TYPE_FACTS_H_
