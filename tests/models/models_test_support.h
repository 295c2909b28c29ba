// Shared by the tests of the models' tables (jdk_natives_test.cc,
// returns_normally_test.cc): the class hierarchy the analysis reads (the
// model jar before the JDK), and the method a row's key names in it.
#ifndef JWP_TESTS_MODELS_MODELS_TEST_SUPPORT_H_
#define JWP_TESTS_MODELS_MODELS_TEST_SUPPORT_H_

#include <memory>
#include <string>
#include <string_view>

#include "classfile/class_hierarchy.h"
#include "classfile/class_path.h"
#include "classfile/diagnostics.h"
#include "tests/test_support.h"

namespace jwp::models::testing {

// The model jar on the JDK, as `jwp wp` reads them (or the JDK alone, with
// `with_models` false); null after a failure (reported).
class ModelWorld {
 public:
  explicit ModelWorld(bool with_models = true) {
    classfile::ClassPathOptions options;
    options.jdk_home = jwp::testing::JavaHome();
    auto cp = classfile::ClassPath::Open(with_models ? std::string(JWP_BINARY_DIR) + "/lib/jwp-models.jar" : "",
                                         options, &diagnostics_);
    if (!cp.ok()) {
      ADD_FAILURE() << cp.status();
      return;
    }
    cp_ = std::move(*cp);
    auto h = classfile::ClassHierarchy::Build(*cp_);
    if (!h.ok()) {
      ADD_FAILURE() << h.status();
      return;
    }
    h_ = std::move(*h);
  }
  const classfile::ClassHierarchy* hierarchy() const { return h_.get(); }

  // The class `internal_name` as the analysis reads it; null (with a test
  // failure) when there is none.
  const classfile::ClassFile* Class(std::string_view internal_name) {
    const classfile::ClassId id = h_->Find(internal_name);
    if (id == classfile::kNoClass) {
      ADD_FAILURE() << internal_name << ": no such class";
      return nullptr;
    }
    auto cls = h_->Load(id);
    if (!cls.ok()) {
      ADD_FAILURE() << internal_name << ": " << cls.status();
      return nullptr;
    }
    return *cls;
  }

  // The method a table row's key ("owner.name(desc)") names, in the class
  // the analysis reads; null (with a test failure naming the key) when
  // there is none.
  const classfile::MethodInfo* Method(std::string_view key) {
    const size_t dot = key.find('.'), paren = key.find('(');
    if (dot == std::string_view::npos || paren == std::string_view::npos || paren < dot) {
      ADD_FAILURE() << key << ": not owner.name(desc)";
      return nullptr;
    }
    const std::string_view owner = key.substr(0, dot), name = key.substr(dot + 1, paren - dot - 1),
                           descriptor = key.substr(paren);
    const classfile::ClassFile* cls = Class(owner);
    if (cls == nullptr) return nullptr;
    for (const classfile::MethodInfo& m : cls->methods) {
      if (m.name == name && m.descriptor == descriptor) return &m;
    }
    ADD_FAILURE() << key << ": no such method";
    return nullptr;
  }

 private:
  classfile::Diagnostics diagnostics_;
  std::unique_ptr<classfile::ClassPath> cp_;
  std::unique_ptr<classfile::ClassHierarchy> h_;
};

}  // namespace jwp::models::testing

#endif  // JWP_TESTS_MODELS_MODELS_TEST_SUPPORT_H_
