#include "wp/lambda_type_facts.h"

#include <string>

namespace jwp::wp {

namespace {

std::string_view internal_name(std::string_view type) {
  if (type.size() > 2 && type.front() == 'L' && type.back() == ';') return type.substr(1, type.size() - 2);
  return type;
}

// Public instance methods of java/lang/Object that an interface call may
// name (JLS 9.2): a lambda class inherits them.
bool object_method(std::string_view name, std::string_view descriptor) {
  return (name == "equals" && descriptor == "(Ljava/lang/Object;)Z") ||
         (name == "hashCode" && descriptor == "()I") ||
         (name == "toString" && descriptor == "()Ljava/lang/String;") ||
         (name == "getClass" && descriptor == "()Ljava/lang/Class;");
}

}  // namespace

const callgraph::LambdaClass* LambdaTypeFacts::lambda(std::string_view type) const {
  if (lambdas_.size() == 0 || type.find("$$Lambda$") == std::string_view::npos) return nullptr;
  return lambdas_.Find(internal_name(type));
}

std::optional<bool> LambdaTypeFacts::is_subtype(std::string_view sub, std::string_view super) const {
  const callgraph::LambdaClass* a = lambda(sub);
  const callgraph::LambdaClass* b = lambda(super);
  if (a == nullptr && b == nullptr) return base_.is_subtype(sub, super);
  if (b != nullptr) return a == b;  // a lambda class has no proper subtypes
  std::string_view s = internal_name(super);
  if (s == "java/lang/Object" || (a->serializable && s == "java/io/Serializable")) return true;
  if (s.starts_with('[')) return false;
  return base_.is_subtype(a->interface_name, s);
}

bool LambdaTypeFacts::is_known(std::string_view type) const {
  return lambda(type) != nullptr || base_.is_known(type);
}

bool LambdaTypeFacts::is_final(std::string_view type) const {
  return lambda(type) != nullptr || base_.is_final(type);
}

bool LambdaTypeFacts::is_instantiable(std::string_view type) const {
  return lambda(type) != nullptr || base_.is_instantiable(type);
}

bool LambdaTypeFacts::is_loadable(std::string_view type) const {
  return lambda(type) != nullptr || base_.is_loadable(type);
}

types::TypeFacts::TypeList LambdaTypeFacts::concrete_subtypes(std::string_view type, size_t limit) const {
  if (const callgraph::LambdaClass* l = lambda(type)) return TypeList{{l->name}, true};
  return base_.concrete_subtypes(type, limit);
}

std::optional<types::MethodName> LambdaTypeFacts::dispatch(std::string_view receiver,
                                                                std::string_view sig_owner,
                                                                std::string_view sig_name,
                                                                std::string_view sig_descriptor) const {
  const callgraph::LambdaClass* l = lambda(receiver);
  if (l == nullptr) return base_.dispatch(receiver, sig_owner, sig_name, sig_descriptor);
  if (is_subtype(l->name, sig_owner) != true) return std::nullopt;  // no such call on it
  if (sig_name == l->method_name && sig_descriptor == l->erased) {
    return types::MethodName{l->name, l->method_name, l->erased};
  }
  if (object_method(sig_name, sig_descriptor)) {
    return types::MethodName{"java/lang/Object", std::string(sig_name), std::string(sig_descriptor)};
  }
  return std::nullopt;  // a default method: not decided here
}

}  // namespace jwp::wp
