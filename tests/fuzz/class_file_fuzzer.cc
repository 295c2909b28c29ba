// libFuzzer target: one class file. Parses it (ParseClassHeader and
// ParseClassFile), then decodes every method and walks the parse tree and the
// printer (fuzz_support.h). Any crash, sanitizer report, leak, or broken
// error-message contract ("<origin>: offset 0x...: ...") is a finding.
#include <cstddef>
#include <cstdint>
#include <span>

#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  jwp::fuzz::ExerciseClassBytes(std::span<const uint8_t>(data, size), "fuzz.jar!Input.class");
  return 0;
}
