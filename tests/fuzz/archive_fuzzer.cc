// libFuzzer target: one archive file (jar, zip, jmod or jimage; OpenArchive
// picks the reader from the magic). Writes the input to a scratch file, opens
// it, reads every class it lists and parses each (fuzz_support.h). Errors must
// name the archive; class errors must name "<archive>!<entry>" and an offset.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "classfile/archive.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

// Bounds the work per input: a fuzzed central directory can list many entries.
constexpr size_t kMaxClassesPerInput = 256;
// Classes past this many are only parsed, not walked and printed.
constexpr size_t kWalkedClassesPerInput = 4;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static jwp::fuzz::ScratchFile file("archive");
  file.Write(data, size);
  const std::string& path = file.path();
  auto archive = jwp::classfile::OpenArchive(path);
  if (!archive.ok()) {
    jwp::fuzz::CheckErrorNames(archive.status(), path, /*needs_offset=*/false, "OpenArchive");
    return 0;
  }
  const jwp::classfile::Archive& a = **archive;
  std::vector<std::string> names;
  a.ForEachClass([&](std::string_view name) {
    if (names.size() < kMaxClassesPerInput) names.emplace_back(name);
  });
  size_t walked = 0;
  for (const std::string& name : names) {
    jwp::fuzz::Expect(a.Contains(name), "Contains", name);
    const std::string entry = a.EntryName(name);
    jwp::fuzz::Expect(entry.starts_with(path), "EntryName does not start with the path", entry);
    auto bytes = a.ReadClass(name);
    if (!bytes.ok()) {
      jwp::fuzz::CheckErrorNames(bytes.status(), path, false, "ReadClass");
      continue;
    }
    jwp::fuzz::ExerciseClassBytes(*bytes, entry, ++walked <= kWalkedClassesPerInput);
  }
  auto missing = a.ReadClass("no/such/Class");
  jwp::fuzz::Expect(absl::IsNotFound(missing.status()), "ReadClass of a missing class",
                    missing.status().ToString());
  return 0;
}
