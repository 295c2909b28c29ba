// libFuzzer target: one jimage (lib/modules format, classfile/jimage.h).
// Opens it from a scratch file, lists every resource, reads each (exercising
// the zip and compact-cp decompressors), asks for the module of each package
// and parses the classes (fuzz_support.h). Errors must name the image path.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "classfile/jimage.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

constexpr size_t kMaxResourcesPerInput = 256;
constexpr size_t kWalkedClassesPerInput = 4;  // the rest are only parsed
volatile size_t g_sink = 0;  // keeps the reads from being optimised away

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static jwp::fuzz::ScratchFile file("jimage");
  file.Write(data, size);
  const std::string& path = file.path();
  auto image = jwp::classfile::Jimage::Open(path);
  if (!image.ok()) {
    jwp::fuzz::CheckErrorNames(image.status(), path, /*needs_offset=*/false, "Jimage::Open");
    return 0;
  }
  const jwp::classfile::Jimage& im = **image;
  std::vector<std::pair<std::string, std::string>> resources;
  im.ForEachResource([&](std::string_view module, std::string_view p) {
    if (resources.size() < kMaxResourcesPerInput) resources.emplace_back(module, p);
  });
  size_t sink = im.modules().size() + im.compressed_resource_count() + im.resource_count();
  size_t walked = 0;
  for (const auto& [module, p] : resources) {
    sink += im.Contains(module, p);
    auto bytes = im.Read(module, p);
    size_t slash = p.rfind('/');
    if (slash != std::string::npos) {
      auto owner = im.ModuleOfPackage(std::string_view(p).substr(0, slash));
      sink += owner ? owner->size() : 0;
    }
    if (!bytes.ok()) {
      jwp::fuzz::CheckErrorNames(bytes.status(), path, false, "Jimage::Read");
      continue;
    }
    sink += bytes->size();
    if (std::string_view(p).ends_with(".class")) {
      jwp::fuzz::ExerciseClassBytes(*bytes, path + "!/" + module + "/" + p,
                                    ++walked <= kWalkedClassesPerInput);
    }
  }
  auto missing = im.Read("no.such.module", "x/Y.class");
  jwp::fuzz::Expect(absl::IsNotFound(missing.status()), "Read of a missing resource",
                    missing.status().ToString());
  g_sink = g_sink + sink;
  return 0;
}
