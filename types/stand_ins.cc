#include "types/stand_ins.h"

#include <algorithm>

#include "classfile/model_classes.h"

namespace jwp::types {

namespace {

constexpr std::string_view kSuffix = "$JwpStandIn";
constexpr std::string_view kJdkPackage = "jwp/standin/";

}  // namespace

bool IsJdkPackage(std::string_view type) {
  for (std::string_view p : {"java/", "javax/", "jdk/", "sun/", "com/sun/"}) {
    if (type.starts_with(p)) return true;
  }
  return false;
}

std::string StandInName(std::string_view type) {
  return std::string(IsJdkPackage(type) ? kJdkPackage : "") + std::string(type) + std::string(kSuffix);
}

std::optional<std::string> StandInFor(std::string_view name) {
  if (!name.ends_with(kSuffix)) return std::nullopt;
  name.remove_suffix(kSuffix.size());
  if (name.starts_with(kJdkPackage)) {
    name.remove_prefix(kJdkPackage.size());
    if (!IsJdkPackage(name)) return std::nullopt;
  } else if (IsJdkPackage(name)) {
    return std::nullopt;
  }
  return name.empty() ? std::nullopt : std::optional<std::string>(name);
}

bool StandInTypeFacts::has_stand_in(std::string_view type) const {
  if (type.empty() || type.front() == '[') return false;
  auto it = open_.find(std::string(type));
  if (it != open_.end()) return it->second;
  bool open = false;
  const classfile::ClassId id = h_.Find(type);
  if (id != classfile::kNoClass && !h_.IsPhantom(id) && !h_.HasMissingAncestor(id) && !h_.HasCircularAncestor(id) &&
      (h_.IsInterface(id) || h_.IsAbstract(id)) && !classfile::IsMethodModelClass(type) &&
      h_.ConcreteSubtypes(id).empty()) {
    auto cf = h_.Load(id);
    if (cf.ok() && (*cf)->permitted_subclasses.empty()) {
      if (IsJdkPackage(type)) {
        open = h_.IsInterface(id) && ((*cf)->access_flags & classfile::access::kPublic);
      } else if (h_.IsInterface(id)) {
        open = true;
      } else {
        open = std::any_of((*cf)->methods.begin(), (*cf)->methods.end(), [](const classfile::MethodInfo& m) {
          return m.name == "<init>" && !m.IsPrivate();
        });
      }
    }
  }
  open_.emplace(std::string(type), open);
  return open;
}

std::optional<std::string> StandInTypeFacts::stand_in_for(std::string_view type) const {
  std::optional<std::string> t = StandInFor(type);
  if (!t || !has_stand_in(*t)) return std::nullopt;
  return t;
}

std::optional<bool> StandInTypeFacts::is_subtype(std::string_view sub, std::string_view super) const {
  const std::optional<std::string> a = stand_in_for(sub);
  const std::optional<std::string> b = stand_in_for(super);
  if (!a && !b) return base_.is_subtype(sub, super);
  if (b) return sub == super;  // final: a stand-in has no proper subtypes
  if (super.starts_with('[')) return false;
  return base_.is_subtype(*a, super);
}

bool StandInTypeFacts::is_known(std::string_view type) const {
  return stand_in_for(type).has_value() || base_.is_known(type);
}

bool StandInTypeFacts::is_final(std::string_view type) const {
  return stand_in_for(type).has_value() || base_.is_final(type);
}

bool StandInTypeFacts::is_instantiable(std::string_view type) const {
  return stand_in_for(type).has_value() || base_.is_instantiable(type);
}

bool StandInTypeFacts::is_loadable(std::string_view type) const {
  return stand_in_for(type).has_value() || base_.is_loadable(type);
}

TypeFacts::TypeList StandInTypeFacts::concrete_subtypes(std::string_view type, size_t limit) const {
  if (stand_in_for(type)) return TypeList{{std::string(type)}, true};
  TypeList list = base_.concrete_subtypes(type, limit);
  if (list.types.empty() && limit > 0 && has_stand_in(type)) {
    list.types.push_back(StandInName(type));
    list.complete = false;  // a caller's class could be another
  }
  return list;
}

bool StandInTypeFacts::method_is_abstract(const MethodName& m) const {
  const classfile::ClassId id = h_.Find(m.owner);
  if (id == classfile::kNoClass) return true;
  auto cf = h_.Load(id);
  if (!cf.ok()) return true;
  for (const classfile::MethodInfo& info : (*cf)->methods) {
    if (info.name == m.name && info.descriptor == m.descriptor) return info.IsAbstract();
  }
  return true;
}

std::optional<MethodName> StandInTypeFacts::dispatch(std::string_view receiver, std::string_view sig_owner,
                                                     std::string_view sig_name,
                                                     std::string_view sig_descriptor) const {
  const std::optional<std::string> t = stand_in_for(receiver);
  if (!t) return base_.dispatch(receiver, sig_owner, sig_name, sig_descriptor);
  if (base_.is_subtype(*t, sig_owner) != true && sig_owner != "java/lang/Object") return std::nullopt;
  // What T implements (a default method, a concrete method of an abstract
  // class, Object's), the stand-in inherits; the rest it implements itself.
  std::optional<MethodName> inherited = base_.dispatch(*t, sig_owner, sig_name, sig_descriptor);
  if (inherited && !method_is_abstract(*inherited)) return inherited;
  return MethodName{std::string(receiver), std::string(sig_name), std::string(sig_descriptor)};
}

}  // namespace jwp::types
