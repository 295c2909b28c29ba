// The driver that stands in for libFuzzer when JWP_FUZZ is off (the default
// gcc build): it runs a fuzz target on every seed and on a fixed set of
// deterministic mutations of each (truncations, bit flips, overwritten bytes
// and fields, deleted and repeated ranges), so that the suite exercises the
// targets without clang.
//
//   <target> [-mutations=N] [-seed=S] PATH...
//
// PATHs are files or directories (read non-recursively, in name order). The
// same arguments always replay the same inputs. Exit status 0 unless an input
// cannot be read; a crash or a broken contract aborts as under libFuzzer.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

using Bytes = std::vector<uint8_t>;

// One mutation of `in`, chosen and shaped by `rng`.
Bytes Mutate(const Bytes& in, std::mt19937_64& rng) {
  Bytes out = in;
  if (out.empty()) return out;
  auto pick = [&](size_t n) { return static_cast<size_t>(rng() % n); };
  const size_t n = out.size();
  switch (pick(8)) {
    case 0:  // truncate
      out.resize(pick(n));
      break;
    case 1:  // one bit
      out[pick(n)] ^= static_cast<uint8_t>(1u << pick(8));
      break;
    case 2:  // a few bits
      for (size_t k = 2 + pick(7); k > 0; --k) out[pick(n)] ^= static_cast<uint8_t>(1u << pick(8));
      break;
    case 3: {  // one byte to an interesting value
      static constexpr uint8_t kValues[] = {0x00, 0x01, 0x7F, 0x80, 0xFF};
      out[pick(n)] = pick(6) < 5 ? kValues[pick(5)] : static_cast<uint8_t>(rng());
      break;
    }
    case 4: {  // a u2 (count, index, length) to an interesting value
      static constexpr uint16_t kValues[] = {0x0000, 0x0001, 0x7FFF, 0x8000, 0xFFFF};
      if (n < 2) break;
      size_t at = pick(n - 1);
      uint16_t v = kValues[pick(5)];
      out[at] = static_cast<uint8_t>(v >> 8);
      out[at + 1] = static_cast<uint8_t>(v);
      break;
    }
    case 5: {  // a u4 (length, offset) to an interesting value
      static constexpr uint32_t kValues[] = {0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0x10000};
      if (n < 4) break;
      size_t at = pick(n - 3);
      uint32_t v = kValues[pick(6)];
      for (int b = 0; b < 4; ++b) out[at + b] = static_cast<uint8_t>(v >> (24 - 8 * b));
      break;
    }
    case 6: {  // delete a range
      size_t at = pick(n);
      size_t len = std::min(n - at, 1 + pick(16));
      out.erase(out.begin() + static_cast<std::ptrdiff_t>(at),
                out.begin() + static_cast<std::ptrdiff_t>(at + len));
      break;
    }
    case 7: {  // repeat a range
      size_t at = pick(n);
      size_t len = std::min(n - at, 1 + pick(16));
      Bytes range(out.begin() + static_cast<std::ptrdiff_t>(at),
                  out.begin() + static_cast<std::ptrdiff_t>(at + len));
      out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), range.begin(), range.end());
      break;
    }
  }
  return out;
}

bool ReadFile(const std::string& path, Bytes& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// FNV-1a of the file name, so each seed gets its own mutation stream that
// does not depend on which other seeds are present.
uint64_t NameHash(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  long mutations = 100;
  uint64_t seed = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg.starts_with("-mutations=")) {
      mutations = std::strtol(argv[i] + strlen("-mutations="), nullptr, 10);
    } else if (arg.starts_with("-seed=")) {
      seed = std::strtoull(argv[i] + strlen("-seed="), nullptr, 10);
    } else if (arg.starts_with("-")) {
      std::fprintf(stderr, "usage: %s [-mutations=N] [-seed=S] PATH...\n", argv[0]);
      return 2;
    } else if (std::filesystem::is_directory(arg)) {
      std::vector<std::string> in_dir;
      for (const auto& e : std::filesystem::directory_iterator(arg)) {
        if (e.is_regular_file()) in_dir.push_back(e.path().string());
      }
      std::sort(in_dir.begin(), in_dir.end());
      files.insert(files.end(), in_dir.begin(), in_dir.end());
    } else {
      files.emplace_back(arg);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "%s: no inputs\n", argv[0]);
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  size_t runs = 0;
  for (const std::string& file : files) {
    Bytes seed_bytes;
    if (!ReadFile(file, seed_bytes)) {
      std::fprintf(stderr, "%s: cannot read %s\n", argv[0], file.c_str());
      return 1;
    }
    LLVMFuzzerTestOneInput(seed_bytes.data(), seed_bytes.size());
    ++runs;
    std::mt19937_64 rng(seed ^ NameHash(std::filesystem::path(file).filename().string()));
    for (long m = 0; m < mutations; ++m) {
      Bytes input = Mutate(seed_bytes, rng);
      LLVMFuzzerTestOneInput(input.data(), input.size());
      ++runs;
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("replayed %zu inputs (%zu seeds, %ld mutations each) in %.1f s\n", runs,
              files.size(), mutations, seconds);
  return 0;
}
