#include "types/hierarchy_type_facts.h"

#include <algorithm>

#include "classfile/model_classes.h"
#include "classfile/member_resolution.h"

namespace jwp::types {

namespace {

using classfile::ClassHierarchy;
using classfile::ClassId;
using classfile::kNoClass;
using classfile::Tristate;

// "[[Ljava/lang/String;" -> "java/lang/String"; "[I" -> "" (primitive);
// a class name is returned as is.
std::string_view element_class(std::string_view type, bool* is_array) {
  *is_array = !type.empty() && type[0] == '[';
  size_t dims = 0;
  while (dims < type.size() && type[dims] == '[') ++dims;
  std::string_view rest = type.substr(dims);
  if (!*is_array) return rest;
  if (rest.size() >= 2 && rest.front() == 'L' && rest.back() == ';') {
    return rest.substr(1, rest.size() - 2);
  }
  return {};  // primitive element
}

}  // namespace

std::optional<bool> HierarchyTypeFacts::is_subtype(std::string_view sub,
                                                   std::string_view super) const {
  switch (h_.IsSubtype(sub, super)) {
    case Tristate::kYes: return true;
    case Tristate::kNo: return false;
    case Tristate::kUnknown: return std::nullopt;
  }
  return std::nullopt;
}

bool HierarchyTypeFacts::is_known(std::string_view type) const {
  bool is_array = false;
  std::string_view cls = element_class(type, &is_array);
  if (is_array && cls.empty()) return true;
  ClassId id = h_.Find(cls);
  return id != kNoClass && !h_.IsPhantom(id);
}

bool HierarchyTypeFacts::is_final(std::string_view type) const {
  bool is_array = false;
  std::string_view cls = element_class(type, &is_array);
  if (is_array && cls.empty()) return true;
  ClassId id = h_.Find(cls);
  if (id == kNoClass || h_.IsPhantom(id)) return false;
  return h_.IsFinal(id) && !h_.IsInterface(id);
}

bool HierarchyTypeFacts::is_instantiable(std::string_view type) const {
  bool is_array = false;
  std::string_view cls = element_class(type, &is_array);
  if (classfile::IsMethodModelClass(cls)) return false;  // analysis only
  if (is_array) return cls.empty() || is_known(type);
  ClassId id = h_.Find(cls);
  return id != kNoClass && h_.IsInstantiable(id);
}

bool HierarchyTypeFacts::is_loadable(std::string_view type) const {
  bool is_array = false;
  std::string_view cls = element_class(type, &is_array);
  if (cls.empty()) return true;  // a primitive array
  ClassId id = h_.Find(cls);
  return id != kNoClass && !h_.HasMissingAncestor(id);
}

TypeFacts::TypeList HierarchyTypeFacts::concrete_subtypes(std::string_view type, size_t limit) const {
  std::pair<std::string, size_t> key(type, limit);
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (auto it = subtypes_.find(key); it != subtypes_.end()) return it->second;
  }
  TypeList list = compute_concrete_subtypes(type, limit);
  std::lock_guard<std::mutex> lock(mu_);
  return subtypes_.try_emplace(std::move(key), std::move(list)).first->second;
}

TypeFacts::TypeList HierarchyTypeFacts::compute_concrete_subtypes(std::string_view type, size_t limit) const {
  TypeList out;
  bool is_array = false;
  std::string_view cls = element_class(type, &is_array);
  if (is_array) {
    // An array type with a final (or primitive) element has only itself;
    // otherwise list arrays of the element's subtypes, same dimension.
    if (cls.empty() || is_final(type)) {
      out.types.emplace_back(type);
      out.complete = true;
      return out;
    }
    ClassId id = h_.Find(cls);
    if (id == kNoClass || h_.IsPhantom(id)) return out;
    std::string prefix(type.substr(0, type.find('L')));
    std::vector<ClassId> subs = h_.Subtypes(id);
    // Arrays of Object, Cloneable and Serializable also have the arrays of
    // one more dimension ([[I <: [Ljava/lang/Object;): never complete.
    const bool deeper = id == h_.object_class() || id == h_.cloneable_class() ||
                        id == h_.serializable_class();
    out.complete = subs.size() <= limit && !h_.HasMissingAncestor(id) && !deeper;
    for (ClassId s : subs) {
      if (out.types.size() >= limit) break;
      if (h_.IsPhantom(s) || classfile::IsMethodModelClass(h_.Name(s))) continue;
      out.types.push_back(prefix + "L" + std::string(h_.Name(s)) + ";");
    }
    return out;
  }
  ClassId id = h_.Find(cls);
  if (id == kNoClass || h_.IsPhantom(id)) return out;
  std::vector<ClassId> subs = h_.ConcreteSubtypes(id);
  // Object, Cloneable and Serializable also have the (unbounded) array types.
  bool has_arrays = id == h_.object_class() || id == h_.cloneable_class() ||
                    id == h_.serializable_class();
  out.complete = subs.size() <= limit && !has_arrays;
  for (ClassId s : subs) {
    if (out.types.size() >= limit) break;
    if (classfile::IsMethodModelClass(h_.Name(s))) continue;
    out.types.emplace_back(h_.Name(s));
  }
  return out;
}

std::optional<MethodName> HierarchyTypeFacts::dispatch(std::string_view receiver,
                                                       std::string_view sig_owner,
                                                       std::string_view sig_name,
                                                       std::string_view sig_descriptor) const {
  bool is_array = false;
  element_class(receiver, &is_array);
  // Arrays dispatch as java/lang/Object (JVMS 5.4.6; clone is special and
  // left undecided).
  std::string_view receiver_class = is_array ? "java/lang/Object" : receiver;
  if (is_array && sig_name == "clone") return std::nullopt;
  ClassId owner = h_.Find(sig_owner);
  ClassId recv = h_.Find(receiver_class);
  if (owner == kNoClass || recv == kNoClass || h_.IsPhantom(owner) || h_.IsPhantom(recv)) {
    return std::nullopt;
  }
  const bool interface = h_.IsInterface(owner);
  classfile::MethodResult resolved =
      interface ? classfile::ResolveInterfaceMethod(h_, owner, sig_name, sig_descriptor)
                : classfile::ResolveMethod(h_, owner, sig_name, sig_descriptor);
  if (!resolved.ok() || resolved.incomplete) return std::nullopt;
  classfile::MethodResult selected = classfile::SelectMethod(
      h_, recv, resolved, interface ? classfile::InvokeKind::kInterface
                                    : classfile::InvokeKind::kVirtual);
  if (!selected.ok() || selected.incomplete || selected.member == nullptr) return std::nullopt;
  return MethodName{std::string(h_.Name(selected.owner)), std::string(selected.member->name),
                    std::string(selected.member->descriptor)};
}

}  // namespace jwp::types
