#include "callgraph/method_cache.h"

#include <utility>

#include "callgraph/format_classes.h"
#include "callgraph/method_models.h"
#include "classfile/strings.h"
#include "ir/builder.h"

namespace jwp::callgraph {

absl::StatusOr<std::shared_ptr<const ir::MethodIR>> BuildAnalysisIR(
    std::shared_ptr<const classfile::ClassFile> cf, const classfile::MethodInfo& method,
    const classfile::ClassHierarchy& hierarchy) {
  return ir::BuildMethodIR(std::move(cf), method, hierarchy, [](ir::MethodIR& ir) { SpecializeFormatCalls(ir); });
}

absl::StatusOr<MethodCache::Declaration> MethodCache::Find(const MethodId& m) const {
  if (const LambdaClass* l = lambdas_ != nullptr ? lambdas_->Find(m.owner) : nullptr) {
    if (l->class_file != nullptr) {
      for (const classfile::MethodInfo& info : l->class_file->methods) {
        if (info.name == m.name && info.descriptor == m.descriptor) return Declaration{l->class_file, &info};
      }
    }
    return absl::NotFoundError(Cat(m.ToString(), ": lambda class ", m.owner, " has no such method"));
  }
  if (m.owner == kFormatClass) {
    auto it = formats_.find(m.name);
    if (it == formats_.end()) it = formats_.emplace(m.name, MakeFormatClass(m.name)).first;
    if (!it->second.ok()) return it->second.status();
    const classfile::ClassFile& cf = **it->second;
    if (cf.methods.size() == 1 && cf.methods[0].descriptor == m.descriptor) return Declaration{*it->second, &cf.methods[0]};
    return absl::NotFoundError(Cat(m.ToString(), ": the class made for the format has no such method"));
  }
  classfile::ClassId id = h_.Find(m.owner);
  if (id == classfile::kNoClass || h_.IsPhantom(id)) {
    return absl::NotFoundError(
        Cat(m.ToString(), ": class ", m.owner, " is not on the class path"));
  }
  auto cf = h_.class_path().Load(m.owner);
  if (!cf.ok()) {
    return absl::Status(cf.status().code(),
                        Cat(m.ToString(), ": cannot load class: ", cf.status().message()));
  }
  for (const classfile::MethodInfo& info : (*cf)->methods) {
    if (info.name == m.name && info.descriptor == m.descriptor) {
      return Declaration{*cf, &info};
    }
  }
  return absl::NotFoundError(Cat(m.ToString(), ": class ", m.owner, " declares no such method"));
}

absl::StatusOr<std::shared_ptr<const ir::MethodIR>> MethodCache::Get(const MethodId& m) {
  auto it = cache_.find(m);
  if (it != cache_.end()) {
    ++stats_.hits;
    return it->second;
  }
  absl::StatusOr<std::shared_ptr<const ir::MethodIR>> result = [&]()
      -> absl::StatusOr<std::shared_ptr<const ir::MethodIR>> {
    auto decl = Find(m);
    if (!decl.ok()) return decl.status();
    // A method model's code stands for the method's own (or for none).
    if (std::optional<MethodModel> model = FindMethodModel(h_, m.owner, *decl->method)) {
      auto model_decl = Find(MethodId(model->owner, m.name, model->descriptor));
      if (!model_decl.ok()) return model_decl.status();
      decl = std::move(model_decl);
    }
    const classfile::MethodInfo& info = *decl->method;
    if (!info.code) {
      return absl::FailedPreconditionError(
          Cat(m.ToString(), ": method has no code (",
              info.IsNative() ? "native" : info.IsAbstract() ? "abstract" : "no Code attribute", ")"));
    }
    auto built = BuildAnalysisIR(decl->class_file, info, h_);
    if (!built.ok()) {
      return absl::Status(built.status().code(), Cat(m.ToString(), ": ", built.status().message()));
    }
    return *std::move(built);
  }();
  if (result.ok()) {
    ++stats_.built;
  } else {
    ++stats_.failed;
  }
  return cache_.emplace(m, std::move(result)).first->second;
}

bool MethodCache::IsNative(const MethodId& m) const {
  auto decl = Find(m);
  return decl.ok() && decl->method->IsNative() && !FindMethodModel(h_, m.owner, *decl->method);
}

bool MethodCache::IsAbstract(const MethodId& m) const {
  auto decl = Find(m);
  return decl.ok() && decl->method->IsAbstract();
}

}  // namespace jwp::callgraph
