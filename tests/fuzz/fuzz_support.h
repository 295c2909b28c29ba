// What the fuzz targets share: walking a parsed class the way later layers
// will (decoding every method, reading the pool and the annotations), the
// error-message contract of classfile/ checked on every failure, and a
// scratch file for readers that take a path. A broken contract aborts, so
// libFuzzer and the replay driver report it like a crash.
#ifndef JWP_TESTS_FUZZ_FUZZ_SUPPORT_H_
#define JWP_TESTS_FUZZ_FUZZ_SUPPORT_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/status.h"

namespace jwp::fuzz {

// Aborts, printing `context` and `detail`, unless `condition` holds.
void Expect(bool condition, std::string_view context, std::string_view detail);

// Aborts with `context` unless `s` is an error whose message contains `name`
// (and, if `needs_offset`, "offset 0x").
void CheckErrorNames(const absl::Status& s, std::string_view name, bool needs_offset,
                     std::string_view context);

// Parses `bytes` as a class file named `origin` and, if that succeeds,
// decodes every method and walks the parse tree. Checks that ParseClassHeader
// agrees with ParseClassFile, that errors name `origin` and an offset, and
// that decoded code is consistent (offsets increase, instructions tile the
// code, branch targets are instructions). With `walk` false it only parses
// and checks the error (the archive targets use that past their first few
// classes, to spend their time on the archive). Returns true if it parsed.
bool ExerciseClassBytes(std::span<const uint8_t> bytes, const std::string& origin,
                        bool walk = true);

// A file under /dev/shm (or $TMPDIR) owned by this process, rewritten for
// each input and removed at exit.
class ScratchFile {
 public:
  explicit ScratchFile(std::string_view tag);
  ~ScratchFile();
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;

  const std::string& path() const { return path_; }
  // Replaces the file's contents; aborts if it cannot.
  void Write(const uint8_t* data, size_t size);

 private:
  std::string path_;
};

}  // namespace jwp::fuzz

#endif  // JWP_TESTS_FUZZ_FUZZ_SUPPORT_H_
