// CHA target selection; see call_targets.h.
#include "callgraph/call_targets.h"

#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "callgraph/format_classes.h"
#include "classfile/descriptor.h"
#include "classfile/strings.h"

namespace jwp::callgraph {
namespace {

using classfile::ClassHierarchy;
using classfile::ClassId;
using classfile::kNoClass;
using classfile::LinkageError;
using classfile::MethodResult;

// Collects targets (distinct, capped) and problems (capped) into a result.
class Collector {
 public:
  Collector(CallTargets* out, size_t max_targets) : out_(out), max_targets_(max_targets) {}

  void Problem(std::string receiver, LinkageError error, std::string detail) {
    if (out_->problems.size() < CallTargets::kMaxProblems) {
      out_->problems.push_back({std::move(receiver), error, std::move(detail)});
    } else {
      ++dropped_;
    }
  }

  // Adds `m`; false (and `truncated`) when the cap forbids a new target.
  bool Add(MethodId m) {
    if (seen_.contains(m)) return true;
    if (seen_.size() >= max_targets_) {
      out_->truncated = true;
      return false;
    }
    seen_.insert(std::move(m));
    return true;
  }

  // Writes the targets (sorted) and the count of dropped problems.
  void Finish() {
    out_->targets.assign(seen_.begin(), seen_.end());
    if (dropped_ > 0) {
      out_->problems.push_back({"", LinkageError::kNone, Cat(dropped_, " more problems")});
    }
  }

 private:
  CallTargets* out_;
  size_t max_targets_;
  std::set<MethodId> seen_;
  size_t dropped_ = 0;
};

std::string What(const ir::Instruction& in) {
  return Cat(ir::InvokeKindName(in.invoke), " ", in.owner, ".", in.name, in.descriptor);
}

// Resolution for any invoke; nullopt (with the problem recorded) when the
// call has no target whatever the receiver.
std::optional<MethodResult> ResolveCall(const ClassHierarchy& h, const ir::Instruction& in,
                                        CallTargets* out, Collector* c) {
  if (in.op != ir::Op::kInvoke) {
    c->Problem("", LinkageError::kNone, Cat("not an invoke instruction: ", ir::OpName(in.op)));
    return std::nullopt;
  }
  if (in.invoke == ir::InvokeKind::kDynamic) {
    out->opaque = true;
    return std::nullopt;
  }
  MethodResult r = in.interface_owner
                       ? classfile::ResolveInterfaceMethod(h, in.owner, in.name, in.descriptor)
                       : classfile::ResolveMethod(h, in.owner, in.name, in.descriptor);
  if (r.incomplete) out->incomplete = true;
  if (!r.ok()) {
    if (r.error == LinkageError::kNoClassDefFound) out->incomplete = true;
    c->Problem("", r.error, Cat(What(in), ": ", r.detail));
    return std::nullopt;
  }
  out->signature_polymorphic = r.signature_polymorphic;
  const classfile::MethodInfo& m = *r.member;
  if (in.invoke == ir::InvokeKind::kStatic) {
    if (!m.IsStatic()) {
      c->Problem("", LinkageError::kIncompatibleClassChange,
                 Cat(What(in), ": the resolved method is not static"));
      return std::nullopt;
    }
  } else if (m.IsStatic()) {
    c->Problem("", LinkageError::kIncompatibleClassChange,
               Cat(What(in), ": the resolved method is static"));
    return std::nullopt;
  }
  return r;
}

// Calls with exactly the resolved method as target: static, special,
// signature-polymorphic, private, final, and methods of array types.
bool HasSingleTarget(const ir::Instruction& in, const MethodResult& r) {
  if (in.invoke == ir::InvokeKind::kStatic || in.invoke == ir::InvokeKind::kSpecial) return true;
  const classfile::MethodInfo& m = *r.member;
  return r.signature_polymorphic || in.owner.starts_with('[') || m.IsPrivate() ||
         (m.access_flags & classfile::access::kFinal);
}

void AddSingleTarget(const ClassHierarchy& h, const ir::Instruction& in, const MethodResult& r,
                     Collector* c) {
  if (r.member->IsAbstract() && !r.signature_polymorphic) {
    c->Problem("", LinkageError::kAbstractMethod,
               Cat(What(in), ": the resolved method ", ToMethodId(h, r).ToString(), " is abstract"));
    return;
  }
  c->Add(ToMethodId(h, r));
}

classfile::InvokeKind SelectionKind(const ir::Instruction& in) {
  return in.invoke == ir::InvokeKind::kInterface ? classfile::InvokeKind::kInterface
                                                 : classfile::InvokeKind::kVirtual;
}

// Selects for one receiver class; records the problem, or the dispatch.
std::optional<MethodId> Select(const ClassHierarchy& h, const ir::Instruction& in, ClassId receiver,
                               const MethodResult& r, CallTargets* out, Collector* c,
                               bool record_dispatch) {
  MethodResult s = classfile::SelectMethod(h, receiver, r, SelectionKind(in));
  if (s.incomplete) out->incomplete = true;
  if (!s.ok()) {
    if (s.error == LinkageError::kNoClassDefFound) out->incomplete = true;
    c->Problem(std::string(h.Name(receiver)), s.error, s.detail);
    return std::nullopt;
  }
  MethodId id = ToMethodId(h, s);
  if (record_dispatch) out->dispatch.push_back({std::string(h.Name(receiver)), id});
  return id;
}

}  // namespace

MethodId ToMethodId(const ClassHierarchy& h, const MethodResult& r) {
  return MethodId(h.Name(r.owner), r.member->name, r.member->descriptor);
}

namespace {

// A call of a method made for a literal format (format_classes.h): no class
// on the class path declares it; its one target is itself.
bool MadeUpTarget(const ir::Instruction& invoke, Collector& c) {
  if (invoke.op != ir::Op::kInvoke || invoke.invoke != ir::InvokeKind::kStatic || invoke.owner != kFormatClass) {
    return false;
  }
  c.Add(MethodId(invoke.owner, invoke.name, invoke.descriptor));
  return true;
}

void ChaTargetsInto(const ClassHierarchy& h, const ir::Instruction& invoke,
                    const CallTargetOptions& options, CallTargets& out, Collector& c) {
  if (MadeUpTarget(invoke, c)) return;
  std::optional<MethodResult> r = ResolveCall(h, invoke, &out, &c);
  if (!r) return;
  if (HasSingleTarget(invoke, *r)) {
    AddSingleTarget(h, invoke, *r, &c);
    return;
  }
  size_t examined = 0;
  for (ClassId receiver : h.ConcreteSubtypes(r->referenced)) {
    if (examined++ >= options.max_receivers) {
      out.truncated = true;
      return;
    }
    std::optional<MethodId> id = Select(h, invoke, receiver, *r, &out, &c, options.record_dispatch);
    if (id && !c.Add(*std::move(id))) return;
  }
}

void TargetsForTypesInto(const ClassHierarchy& h, const ir::Instruction& invoke,
                         std::span<const std::string> receiver_types, CallTargets& out,
                         Collector& c) {
  if (MadeUpTarget(invoke, c)) return;
  std::optional<MethodResult> r = ResolveCall(h, invoke, &out, &c);
  if (!r) return;
  if (invoke.invoke == ir::InvokeKind::kStatic || invoke.invoke == ir::InvokeKind::kSpecial) {
    AddSingleTarget(h, invoke, *r, &c);
    return;
  }
  for (const std::string& type : receiver_types) {
    std::string_view name = type;
    if (name.starts_with('[')) {
      // Arrays have the public methods of java/lang/Object (JLS 10.7).
      if (h.Name(r->owner) != "java/lang/Object") {
        c.Problem(type, LinkageError::kIncompatibleClassChange,
                  Cat(What(invoke), ": an array does not have this method"));
        continue;
      }
      MethodId id = ToMethodId(h, *r);
      out.dispatch.push_back({type, id});
      c.Add(std::move(id));
      continue;
    }
    name = classfile::InternalNameOf(name);
    ClassId id = h.Find(name);
    if (id == kNoClass || h.IsPhantom(id)) {
      h.NoteMissing(name, Cat("a receiver type of ", What(invoke)));
      out.incomplete = true;
      c.Problem(type, LinkageError::kNoClassDefFound,
                Cat("receiver type ", name, " is missing from the class path"));
      continue;
    }
    if (h.IsInterface(id)) {
      c.Problem(type, LinkageError::kIncompatibleClassChange,
                Cat("receiver type ", name, " is an interface, not a class"));
      continue;
    }
    if (h.IsSubtype(id, r->referenced) == classfile::Tristate::kNo) {
      c.Problem(type, LinkageError::kIncompatibleClassChange,
                Cat("receiver type ", name, " is not a subtype of ", h.Name(r->referenced)));
      continue;
    }
    if (HasSingleTarget(invoke, *r)) {
      MethodId target = ToMethodId(h, *r);
      out.dispatch.push_back({std::string(name), target});
      c.Add(std::move(target));
      continue;
    }
    std::optional<MethodId> target = Select(h, invoke, id, *r, &out, &c, true);
    if (target) c.Add(*std::move(target));
  }
}

}  // namespace

CallTargets ChaTargets(const ClassHierarchy& h, const ir::Instruction& invoke,
                       const CallTargetOptions& options) {
  CallTargets out;
  Collector c(&out, options.max_targets);
  ChaTargetsInto(h, invoke, options, out, c);
  c.Finish();
  return out;
}

const CallTargets& ChaTargetsMemo::Of(const ir::Instruction& invoke) {
  std::string key = Cat(invoke.owner, ".", invoke.name, invoke.descriptor, " ", static_cast<int>(invoke.invoke),
                        invoke.interface_owner ? "I" : "C", static_cast<int>(invoke.op));
  auto it = memo_.find(key);
  if (it == memo_.end()) it = memo_.emplace(std::move(key), ChaTargets(h_, invoke, options_)).first;
  return it->second;
}

CallTargets TargetsForTypes(const ClassHierarchy& h, const ir::Instruction& invoke,
                            std::span<const std::string> receiver_types) {
  CallTargets out;
  Collector c(&out, std::numeric_limits<size_t>::max());
  TargetsForTypesInto(h, invoke, receiver_types, out, c);
  c.Finish();
  return out;
}

}  // namespace jwp::callgraph
