// ClassHierarchy::Verify: the hierarchy's invariants, checked after LLVM's
// Verifier: each item below is one Check, every failure is collected, and
// CheckFailed is the place for a breakpoint.
//
//   tables     every per-class table has size() (+1 for the CSR offsets) entries
//   names      every name is non-empty and Find(Name(id)) == id; the index
//              has exactly size() names; the well-known ids are Find's
//   edges      every superclass and superinterface is a valid id; a missing
//              superclass (kNoClass) only for java/lang/Object, when
//              java/lang/Object itself is absent, or for a cut circular class;
//              java/lang/Object has no superclass
//   acyclic    no path of superclass/interface edges returns to its start
//   missing    the missing list is sorted and unique, no missing name is a
//              defined class; a phantom is recorded missing, has no archive,
//              no interfaces and java/lang/Object as superclass; every defined
//              class has an archive; kRoot makes no phantoms; a class marked
//              with a missing supertype has a phantom among its direct
//              supertypes (kPhantom) or a recorded missing class (kRoot)
//   ancestors  the missing-/circular-ancestor bits equal their recomputation
//   subtypes   the direct-subclass and direct-implementor lists are ascending,
//              list exactly the classes whose super / interfaces name the class
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_format.h"
#include "classfile/class_hierarchy.h"

namespace jwp::classfile {

namespace {

class Checker {
 public:
  template <typename... Args>
  void Check(bool ok, const absl::FormatSpec<Args...>& format, const Args&... args) {
    if (!ok) CheckFailed(absl::StrFormat(format, args...));
  }

  // Put a breakpoint here.
  void CheckFailed(std::string message) {
    ++failures_;
    if (messages_.size() < kMaxMessages) messages_.push_back(std::move(message));
  }

  bool broken() const { return failures_ > 0; }

  absl::Status Result() const {
    if (failures_ == 0) return absl::OkStatus();
    std::string out = absl::StrFormat("class hierarchy: %d broken invariant%s", failures_,
                                      failures_ == 1 ? "" : "s");
    for (const std::string& m : messages_) out += "\n" + m;
    if (failures_ > messages_.size()) out += "\n...";
    return absl::InternalError(out);
  }

 private:
  static constexpr size_t kMaxMessages = 20;
  size_t failures_ = 0;
  std::vector<std::string> messages_;
};

std::string S(std::string_view s) { return std::string(s); }

}  // namespace

absl::Status ClassHierarchy::Verify() const {
  Checker c;
  const size_t n = size();
  auto name = [&](ClassId id) { return Valid(id) ? S(Name(id)) : absl::StrFormat("#%u", id); };

  // tables
  c.Check(subclass_begin_.size() == n + 1 && implementor_begin_.size() == n + 1,
          "tables: subtype offsets have %u and %u entries for %u classes", subclass_begin_.size(),
          implementor_begin_.size(), n);
  c.Check(members_ != nullptr || n == 0, "tables: no member slots");
  if (c.broken()) return c.Result();

  // names
  c.Check(index_.size() == n, "names: index has %u names for %u classes", index_.size(), n);
  for (ClassId v = 0; v < n; ++v) {
    c.Check(!Name(v).empty(), "names: class #%u has no name", v);
    ClassId found = Find(Name(v));
    c.Check(found == v, "names: Find(%s) is #%u, not #%u", S(Name(v)), found, v);
  }
  c.Check(object_ == Find("java/lang/Object"), "names: java/lang/Object is #%u, Find says #%u",
          object_, Find("java/lang/Object"));
  c.Check(cloneable_ == Find("java/lang/Cloneable") && serializable_ == Find("java/io/Serializable"),
          "names: Cloneable/Serializable ids are stale");

  // edges
  bool edges_ok = true;
  for (ClassId v = 0; v < n; ++v) {
    const Node& node = nodes_[v];
    bool in_range = node.super == kNoClass || Valid(node.super);
    c.Check(in_range, "edges: %s: superclass #%u out of range", name(v), node.super);
    bool ifaces_in_range =
        size_t{node.interfaces_begin} + node.interfaces_count <= interfaces_.size();
    c.Check(ifaces_in_range, "edges: %s: interfaces [%u, +%u) outside the table of %u", name(v),
            node.interfaces_begin, node.interfaces_count, interfaces_.size());
    edges_ok &= in_range && ifaces_in_range;
    if (!ifaces_in_range) continue;
    for (ClassId i : Interfaces(v)) {
      c.Check(Valid(i), "edges: %s: superinterface #%u out of range", name(v), i);
      edges_ok &= Valid(i);
    }
    if (node.super == kNoClass) {
      c.Check(node.name == "java/lang/Object" || object_ == kNoClass || (node.flags & kCircularBit),
              "edges: %s has no superclass", name(v));
    }
  }
  if (object_ != kNoClass) {
    c.Check(Super(object_) == kNoClass, "edges: java/lang/Object has superclass %s",
            name(Super(object_)));
  }
  if (!edges_ok) return c.Result();  // the walks below need valid edges

  // acyclic: iterative depth-first search with colours.
  {
    std::vector<uint8_t> colour(n, 0);  // 0 white, 1 grey, 2 black
    std::vector<std::pair<ClassId, size_t>> stack;
    for (ClassId s = 0; s < n; ++s) {
      if (colour[s] != 0) continue;
      colour[s] = 1;
      stack.push_back({s, 0});
      while (!stack.empty()) {
        auto [v, k] = stack.back();
        ClassId sup = Super(v);
        auto ifs = Interfaces(v);
        size_t count = (sup != kNoClass ? 1 : 0) + ifs.size();
        if (k == count) {
          colour[v] = 2;
          stack.pop_back();
          continue;
        }
        ++stack.back().second;
        ClassId w = sup != kNoClass ? (k == 0 ? sup : ifs[k - 1]) : ifs[k];
        if (colour[w] == 1) {
          c.CheckFailed(absl::StrFormat("acyclic: %s -> %s closes a cycle", name(v), name(w)));
        } else if (colour[w] == 0) {
          colour[w] = 1;
          stack.push_back({w, 0});
        }
      }
    }
  }
  if (c.broken()) return c.Result();  // the ancestor bits below assume a DAG

  // missing
  for (size_t i = 1; i < missing_.size(); ++i) {
    c.Check(missing_[i - 1].name < missing_[i].name, "missing: list not sorted at %s",
            S(missing_[i].name));
  }
  auto recorded = [&](std::string_view s) {
    auto it = std::lower_bound(missing_.begin(), missing_.end(), s,
                               [](const Missing& m, std::string_view x) { return m.name < x; });
    return it != missing_.end() && it->name == s;
  };
  for (const Missing& m : missing_) {
    ClassId id = Find(m.name);
    c.Check(id == kNoClass || IsPhantom(id), "missing: %s is recorded missing but defined",
            S(m.name));
  }
  for (ClassId v = 0; v < n; ++v) {
    const Node& node = nodes_[v];
    if (node.flags & kPhantomBit) {
      c.Check(options_.missing == MissingClassPolicy::kPhantom,
              "missing: phantom %s under policy %s", name(v),
              MissingClassPolicyName(options_.missing));
      c.Check(recorded(node.name), "missing: phantom %s is not recorded missing", name(v));
      c.Check(node.archive == nullptr, "missing: phantom %s has an archive", name(v));
      c.Check(node.interfaces_count == 0, "missing: phantom %s has interfaces", name(v));
      c.Check(node.super == (node.name == "java/lang/Object" ? kNoClass : object_),
              "missing: phantom %s has superclass %s", name(v), name(node.super));
    } else {
      c.Check(node.archive != nullptr, "missing: class %s has no archive", name(v));
    }
    if (node.flags & kMissingSuperBit) {
      bool has_phantom = node.super != kNoClass && IsPhantom(node.super);
      for (ClassId i : Interfaces(v)) has_phantom |= IsPhantom(i);
      if (options_.missing == MissingClassPolicy::kPhantom) {
        c.Check(has_phantom, "missing: %s is marked with a missing supertype but has no phantom one",
                name(v));
      } else {
        c.Check(!missing_.empty(), "missing: %s is marked with a missing supertype, none recorded",
                name(v));
      }
    } else if (!(node.flags & kPhantomBit)) {
      bool has_phantom = node.super != kNoClass && IsPhantom(node.super);
      for (ClassId i : Interfaces(v)) has_phantom |= IsPhantom(i);
      c.Check(!has_phantom, "missing: %s has a phantom supertype but is not marked", name(v));
    }
  }

  // ancestors
  {
    // Supertypes first: a post-order of the DAG.
    std::vector<uint8_t> bits(n, 0);
    std::vector<uint8_t> state(n, 0);
    std::vector<std::pair<ClassId, size_t>> stack;
    for (ClassId s = 0; s < n; ++s) {
      if (state[s] != 0) continue;
      state[s] = 1;
      stack.push_back({s, 0});
      while (!stack.empty()) {
        auto [v, k] = stack.back();
        ClassId sup = Super(v);
        auto ifs = Interfaces(v);
        size_t count = (sup != kNoClass ? 1 : 0) + ifs.size();
        if (k < count) {
          ++stack.back().second;
          ClassId w = sup != kNoClass ? (k == 0 ? sup : ifs[k - 1]) : ifs[k];
          if (state[w] == 0) {
            state[w] = 1;
            stack.push_back({w, 0});
          }
          continue;
        }
        uint8_t b = 0;
        if (nodes_[v].flags & (kPhantomBit | kMissingSuperBit)) b |= kMissingAncestorBit;
        if (nodes_[v].flags & kCircularBit) b |= kCircularAncestorBit;
        if (sup != kNoClass) b |= bits[sup];
        for (ClassId i : ifs) b |= bits[i];
        bits[v] = b;
        state[v] = 2;
        stack.pop_back();
      }
    }
    constexpr uint8_t kMask = kMissingAncestorBit | kCircularAncestorBit;
    for (ClassId v = 0; v < n; ++v) {
      c.Check((nodes_[v].flags & kMask) == bits[v],
              "ancestors: %s has ancestor bits %#x, recomputed %#x", name(v),
              nodes_[v].flags & kMask, bits[v]);
    }
  }

  // subtypes
  {
    std::vector<uint32_t> subclass_count(n, 0), implementor_count(n, 0);
    for (ClassId v = 0; v < n; ++v) {
      if (Super(v) != kNoClass) ++subclass_count[Super(v)];
      for (ClassId i : Interfaces(v)) ++implementor_count[i];
    }
    for (ClassId v = 0; v < n; ++v) {
      auto subs = DirectSubclasses(v);
      c.Check(subs.size() == subclass_count[v], "subtypes: %s lists %u direct subclasses, not %u",
              name(v), subs.size(), subclass_count[v]);
      for (size_t k = 0; k < subs.size(); ++k) {
        c.Check(Valid(subs[k]) && Super(subs[k]) == v,
                "subtypes: %s lists %s as a direct subclass", name(v), name(subs[k]));
        c.Check(k == 0 || subs[k - 1] < subs[k], "subtypes: direct subclasses of %s not ascending",
                name(v));
      }
      auto impls = DirectImplementors(v);
      c.Check(impls.size() == implementor_count[v],
              "subtypes: %s lists %u direct implementors, not %u", name(v), impls.size(),
              implementor_count[v]);
      for (size_t k = 0; k < impls.size(); ++k) {
        bool lists = false;
        if (Valid(impls[k])) {
          for (ClassId i : Interfaces(impls[k])) lists |= i == v;
        }
        c.Check(lists, "subtypes: %s lists %s as a direct implementor", name(v), name(impls[k]));
        c.Check(k == 0 || impls[k - 1] <= impls[k],
                "subtypes: direct implementors of %s not ascending", name(v));
      }
    }
  }
  return c.Result();
}

}  // namespace jwp::classfile
