// Hash mixing that gives the same value in every run. absl::Hash is seeded
// per process (by an address, so by ASLR): anything that orders the search
// or names things by a hash (summary keys' canonical order, interning) uses
// these instead, so that a goal is explored the same way every time.
#ifndef JWP_LOGIC_STABLE_HASH_H_
#define JWP_LOGIC_STABLE_HASH_H_

#include <cstdint>

namespace jwp::logic {

inline uint64_t StableMix(uint64_t h, uint64_t v) {
  h = (h ^ v) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

// murmur3's fmix64.
inline uint64_t StableFinish(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdull;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ull;
  h ^= h >> 33;
  return h;
}

}  // namespace jwp::logic

#endif  // JWP_LOGIC_STABLE_HASH_H_
