// The name of a method as the call graph speaks of it: declaring class
// (internal name), name and descriptor. A plain value; ordering is by owner,
// name, then descriptor, so that sorted lists of methods are deterministic
// (JVMS 4.3.3 method descriptors; 5.4.3.3 for what a declaring class is).
#ifndef JWP_CALLGRAPH_METHOD_REF_H_
#define JWP_CALLGRAPH_METHOD_REF_H_

#include <compare>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "ir/ir.h"

namespace jwp::callgraph {

struct MethodId {
  std::string owner;       // internal name: "java/util/ArrayList"
  std::string name;        // "add"
  std::string descriptor;  // "(Ljava/lang/Object;)Z"

  MethodId() = default;
  MethodId(std::string_view owner_, std::string_view name_, std::string_view descriptor_)
      : owner(owner_), name(name_), descriptor(descriptor_) {}

  // The method whose IR this is.
  static MethodId Of(const ir::MethodIR& ir);

  bool operator==(const MethodId&) const = default;
  std::strong_ordering operator<=>(const MethodId&) const = default;

  // "java/util/ArrayList.add(Ljava/lang/Object;)Z"
  std::string ToString() const;

  template <typename H>
  friend H AbslHashValue(H h, const MethodId& m) {
    return H::combine(std::move(h), m.owner, m.name, m.descriptor);
  }
};

// For std::unordered_map and friends.
struct MethodIdHash {
  size_t operator()(const MethodId& m) const;
};

}  // namespace jwp::callgraph

#endif  // JWP_CALLGRAPH_METHOD_REF_H_
