// Callers by CHA; see callers.h.
#include "callgraph/callers.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <tuple>

#include "classfile/class_file.h"
#include "classfile/strings.h"

namespace jwp::callgraph {
namespace {

using classfile::ClassHierarchy;
using classfile::ClassId;
using classfile::kNoClass;

// The classes whose code may name a callee with these access flags.
std::vector<ClassId> ScopeOf(const ClassHierarchy& h, ClassId owner, const classfile::ClassFile& cf,
                             uint16_t flags, const FindCallersOptions& options) {
  std::vector<ClassId> out;
  if (flags & classfile::access::kPrivate) {
    // The nest: the host and its members (JVMS 5.4.4); a class without
    // NestHost is its own host.
    std::string_view host_name = cf.nest_host.empty() ? cf.this_class : cf.nest_host;
    ClassId host = h.Find(host_name);
    out.push_back(owner);
    if (host != kNoClass && !h.IsPhantom(host)) {
      out.push_back(host);
      auto host_cf = h.Load(host);
      if (host_cf.ok()) {
        for (std::string_view member : (*host_cf)->nest_members) {
          ClassId m = h.Find(member);
          if (m != kNoClass && !h.IsPhantom(m)) out.push_back(m);
        }
      }
    }
  } else if (!(flags & (classfile::access::kPublic | classfile::access::kProtected))) {
    std::string_view package = h.PackageOf(owner);
    for (ClassId id = 0; id < h.size(); ++id) {
      if (!h.IsPhantom(id) && h.PackageOf(id) == package) out.push_back(id);
    }
  } else {
    std::set<const classfile::Archive*> user;
    const auto& archives = h.class_path().archives();
    for (size_t i = 0; i < h.class_path().user_archive_count() && i < archives.size(); ++i) {
      user.insert(archives[i].get());
    }
    for (ClassId id = 0; id < h.size(); ++id) {
      if (h.IsPhantom(id)) continue;
      if (options.include_jdk || user.contains(h.ArchiveOf(id))) out.push_back(id);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Whether the constant pool names a method with this name and descriptor.
bool PoolNames(const classfile::ClassFile& cf, std::string_view name, std::string_view descriptor) {
  const classfile::ConstantPool& pool = cf.pool;
  for (size_t i = 1; i < pool.size(); ++i) {
    const auto index = static_cast<uint16_t>(i);
    if (!pool.Is(index, classfile::CpTag::kMethodref) &&
        !pool.Is(index, classfile::CpTag::kInterfaceMethodref)) {
      continue;
    }
    if (pool.MemberName(index) == name && pool.MemberDescriptor(index) == descriptor) return true;
  }
  return false;
}

// Decides, once per symbolic reference, whether a call may run the callee.
class CallMatcher {
 public:
  CallMatcher(const ClassHierarchy& h, const MethodId& callee) : h_(h), callee_(callee) {}

  bool MayCall(const ir::Instruction& in) {
    auto key = std::make_tuple(std::string(in.owner), in.invoke, in.interface_owner);
    auto it = memo_.find(key);
    if (it != memo_.end()) return it->second;
    bool result = Decide(in);
    memo_.emplace(std::move(key), result);
    return result;
  }

 private:
  bool Contains(const CallTargets& t) const {
    return std::binary_search(t.targets.begin(), t.targets.end(), callee_);
  }

  bool Decide(const ir::Instruction& in) {
    if (in.invoke == ir::InvokeKind::kDynamic) return false;
    if (in.invoke == ir::InvokeKind::kStatic || in.invoke == ir::InvokeKind::kSpecial ||
        in.owner.starts_with('[')) {
      return Contains(ChaTargets(h_, in));  // the resolved method only
    }
    // A receiver that selects the callee is a subtype of the callee's class
    // and of the referenced class.
    ClassId referenced = h_.Find(in.owner);
    ClassId owner = h_.Find(callee_.owner);
    if (referenced == kNoClass || owner == kNoClass) return false;
    std::vector<std::string> receivers;
    for (ClassId r : h_.ConcreteSubtypes(owner)) {
      if (h_.IsSubtype(r, referenced) != classfile::Tristate::kNo) {
        receivers.emplace_back(h_.Name(r));
      }
    }
    return Contains(TargetsForTypes(h_, in, receivers));
  }

  const ClassHierarchy& h_;
  const MethodId& callee_;
  std::map<std::tuple<std::string, ir::InvokeKind, bool>, bool> memo_;
};

}  // namespace

std::vector<CallSiteRef> FindCallers(const ClassHierarchy& h, MethodCache& cache,
                                     const MethodId& callee, const FindCallersOptions& options) {
  std::vector<CallSiteRef> out;
  auto decl = cache.Find(callee);
  if (!decl.ok()) return out;
  ClassId owner = h.Find(callee.owner);
  CallMatcher matcher(h, callee);
  for (ClassId c : ScopeOf(h, owner, *decl->class_file, decl->method->access_flags, options)) {
    auto cf = h.Load(c);
    if (!cf.ok() || !PoolNames(**cf, callee.name, callee.descriptor)) continue;
    for (const classfile::MethodInfo& m : (*cf)->methods) {
      if (!m.code) continue;
      MethodId caller(h.Name(c), m.name, m.descriptor);
      auto ir = cache.Get(caller);
      if (!ir.ok()) {
        h.diagnostics().Warning(
            Cat("callers of ", callee.ToString(), ": skipped ", ir.status().message()));
        continue;
      }
      const ir::MethodIR& body = **ir;
      for (size_t i = 0; i < body.insns.size(); ++i) {
        const ir::Instruction& in = body.insns[i];
        if (in.op != ir::Op::kInvoke || in.name != callee.name || in.descriptor != callee.descriptor) {
          continue;
        }
        if (matcher.MayCall(in)) {
          out.push_back({caller, static_cast<ir::InsnId>(i), in.bci, in.line});
        }
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const CallSiteRef& a, const CallSiteRef& b) {
    return std::tie(a.caller, a.bci, a.insn) < std::tie(b.caller, b.bci, b.insn);
  });
  return out;
}

}  // namespace jwp::callgraph
