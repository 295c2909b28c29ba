// Java's arithmetic, shift, comparison and conversion semantics on concrete
// values (JLS 15.17-15.20, 5.1.3; JVMS 6.5: idiv, irem, ishl, lcmp, fcmpl,
// d2i, i2b, ...): shared by every layer that computes with Java values (the
// term manager folds constants with these; the forward analysis of absint/,
// the IR interpreter of the tests, witness checks). Integer division and
// remainder by zero are not defined here: the caller must not fold them.
#ifndef JWP_BASE_JAVA_SEMANTICS_H_
#define JWP_BASE_JAVA_SEMANTICS_H_

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace jwp::java {

inline constexpr int32_t kIntMin = std::numeric_limits<int32_t>::min();
inline constexpr int32_t kIntMax = std::numeric_limits<int32_t>::max();
inline constexpr int64_t kLongMin = std::numeric_limits<int64_t>::min();
inline constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();
inline constexpr uint32_t kFloatNaNBits = 0x7fc00000u;
inline constexpr uint64_t kDoubleNaNBits = 0x7ff8000000000000ull;

// Wrapping two's-complement arithmetic.
inline int32_t iadd(int32_t a, int32_t b) { return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b)); }
inline int32_t isub(int32_t a, int32_t b) { return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b)); }
inline int32_t imul(int32_t a, int32_t b) { return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b)); }
inline int32_t ineg(int32_t a) { return static_cast<int32_t>(0u - static_cast<uint32_t>(a)); }
inline int64_t ladd(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
inline int64_t lsub(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
inline int64_t lmul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
inline int64_t lneg(int64_t a) { return static_cast<int64_t>(0ull - static_cast<uint64_t>(a)); }

// Truncating division; MIN / -1 == MIN, MIN % -1 == 0. b must not be 0.
inline int32_t idiv(int32_t a, int32_t b) { return (a == kIntMin && b == -1) ? kIntMin : a / b; }
inline int32_t irem(int32_t a, int32_t b) { return b == -1 ? 0 : a % b; }
inline int64_t ldiv(int64_t a, int64_t b) { return (a == kLongMin && b == -1) ? kLongMin : a / b; }
inline int64_t lrem(int64_t a, int64_t b) { return b == -1 ? 0 : a % b; }

// Shifts mask the count: & 31 for int, & 63 for long (JLS 15.19).
inline int32_t ishl(int32_t a, int32_t n) { return static_cast<int32_t>(static_cast<uint32_t>(a) << (n & 31)); }
inline int32_t ishr(int32_t a, int32_t n) { return a >> (n & 31); }  // arithmetic (C++20)
inline int32_t iushr(int32_t a, int32_t n) { return static_cast<int32_t>(static_cast<uint32_t>(a) >> (n & 31)); }
inline int64_t lshl(int64_t a, int32_t n) { return static_cast<int64_t>(static_cast<uint64_t>(a) << (n & 63)); }
inline int64_t lshr(int64_t a, int32_t n) { return a >> (n & 63); }
inline int64_t lushr(int64_t a, int32_t n) { return static_cast<int64_t>(static_cast<uint64_t>(a) >> (n & 63)); }

inline int32_t lcmp(int64_t a, int64_t b) { return a < b ? -1 : a == b ? 0 : 1; }
// fcmpl/dcmpl give -1 on NaN, fcmpg/dcmpg give 1; +0.0 and -0.0 compare equal.
inline int32_t fcmpl(double a, double b) { return a < b ? -1 : a == b ? 0 : a > b ? 1 : -1; }
inline int32_t fcmpg(double a, double b) { return a < b ? -1 : a == b ? 0 : a > b ? 1 : 1; }

// Narrowing and widening conversions (JLS 5.1.2, 5.1.3).
inline int32_t l2i(int64_t a) { return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(a))); }
inline int32_t i2b(int32_t a) { return static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint32_t>(a))); }
inline int32_t i2c(int32_t a) { return static_cast<uint16_t>(static_cast<uint32_t>(a)); }
inline int32_t i2s(int32_t a) { return static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint32_t>(a))); }
// Floating to integral: NaN -> 0, saturating at MIN/MAX, else toward zero.
inline int32_t d2i(double a) {
  if (std::isnan(a)) return 0;
  if (a >= 2147483648.0) return kIntMax;
  if (a <= -2147483648.0) return kIntMin;
  return static_cast<int32_t>(a);
}
inline int64_t d2l(double a) {
  if (std::isnan(a)) return 0;
  if (a >= 9223372036854775808.0) return kLongMax;
  if (a <= -9223372036854775808.0) return kLongMin;
  return static_cast<int64_t>(a);
}
inline int32_t f2i(float a) { return d2i(a); }  // float -> double is exact
inline int64_t f2l(float a) { return d2l(a); }

// Float remainder is C's fmod (JLS 15.17.3), not IEEE remainder.
inline float frem(float a, float b) { return std::fmod(a, b); }
inline double drem(double a, double b) { return std::fmod(a, b); }

// Bits with every NaN mapped to the canonical NaN.
inline uint32_t float_bits(float f) { return std::isnan(f) ? kFloatNaNBits : std::bit_cast<uint32_t>(f); }
inline uint64_t double_bits(double d) { return std::isnan(d) ? kDoubleNaNBits : std::bit_cast<uint64_t>(d); }

}  // namespace jwp::java

#endif  // JWP_BASE_JAVA_SEMANTICS_H_
