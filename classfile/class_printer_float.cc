// Double.toString and Float.toString as JDK 17 computes them: a port of
// jdk.internal.math.FloatingDecimal.BinaryToASCIIBuffer (dtoa, roundup,
// estimateDecExp, developLongDigits, getChars). JDK 17 predates the shortest
// round-trip algorithm of JDK 19 (JDK-4511638), so some values print with an
// extra digit (2.82879384806159008E17) or as a neighbour (1.0E23 prints as
// 9.999999999999999E22); javap shows constants that way and so must jwp.
//
// Java's int and long arithmetic wraps; the port does its wrapping in
// unsigned types. FDBigInteger's in-place tricks (normalisation shifts, a
// quotient estimate corrected by re-adding) give the exact quotient and
// remainder, so plain arbitrary-precision arithmetic stands in for it.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "classfile/internal/class_printer_text.h"

namespace jwp::classfile::printer_internal {
namespace {

constexpr int kExpShift = 52;                      // DoubleConsts.SIGNIFICAND_WIDTH - 1
constexpr uint64_t kFractHob = uint64_t{1} << kExpShift;
constexpr uint64_t kExpOne = uint64_t{1023} << kExpShift;
constexpr uint64_t kSignifBitMask = 0x000FFFFFFFFFFFFFull;
constexpr uint64_t kExpBitMask = 0x7FF0000000000000ull;
constexpr uint64_t kSignBitMask = 0x8000000000000000ull;
constexpr int kExpBias = 1023;
constexpr int kMaxSmallBinExp = 62;
constexpr int kMinSmallBinExp = -(63 / 3);
constexpr int kSingleExpShift = 23;
constexpr uint32_t kSingleFractHob = uint32_t{1} << kSingleExpShift;
constexpr int kSingleExpBias = 127;

constexpr int kLong5PowLength = 27;   // FDBigInteger.LONG_5_POW: 5^0 .. 5^26

uint64_t Long5Pow(int n) {
  uint64_t v = 1;
  for (int i = 0; i < n; ++i) v *= 5;
  return v;
}

// Approximately ceil(log2(5^i)).
constexpr int kN5Bits[] = {0,  3,  5,  7,  10, 12, 14, 17, 19, 21, 24, 26, 28, 31,
                           33, 35, 38, 40, 42, 45, 47, 49, 52, 54, 56, 59, 61};
constexpr int kN5BitsLength = sizeof(kN5Bits) / sizeof(kN5Bits[0]);

constexpr int kInsignificantDigitsNumber[] = {
    0,  0,  0,  0,  1,  1,  1,  2,  2,  2,  3,  3,  3,  3,  4,  4,  4,  5,  5,  5,  6,  6,
    6,  6,  7,  7,  7,  8,  8,  8,  9,  9,  9,  9,  10, 10, 10, 11, 11, 11, 12, 12, 12, 12,
    13, 13, 13, 14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 17, 17, 17, 18, 18, 18, 19};

int InsignificantDigitsForPow2(int p2) {
  constexpr int n = sizeof(kInsignificantDigitsNumber) / sizeof(kInsignificantDigitsNumber[0]);
  if (p2 > 1 && p2 < n) return kInsignificantDigitsNumber[p2];
  return 0;
}

// Java int and long operations with wrap-around.
int32_t IMul(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}
int32_t IAdd(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
int32_t ISub(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) - static_cast<uint32_t>(b));
}
int32_t IShl(int32_t a, int s) { return static_cast<int32_t>(static_cast<uint32_t>(a) << (s & 31)); }
int64_t LMul(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
int64_t LAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
int64_t LSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
int64_t LShl(int64_t a, int s) { return static_cast<int64_t>(static_cast<uint64_t>(a) << (s & 63)); }

// A non-negative arbitrary-precision integer, little-endian 32-bit words.
class BigInt {
 public:
  static BigInt Pow52(int p5, int p2) { return MulPow52(1, p5, p2); }
  static BigInt MulPow52(uint64_t value, int p5, int p2) {
    BigInt b;
    b.words_ = {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
    b.Trim();
    for (int i = 0; i < p5; ++i) b.MulSmall(5);
    b.ShiftLeft(p2);
    return b;
  }

  void MulSmall(uint32_t m) {
    uint64_t carry = 0;
    for (uint32_t& w : words_) {
      uint64_t v = uint64_t{w} * m + carry;
      w = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry) words_.push_back(static_cast<uint32_t>(carry));
  }
  void ShiftLeft(int n) {
    if (words_.empty() || n <= 0) return;
    const int word_shift = n / 32, bit_shift = n % 32;
    if (bit_shift) {
      uint32_t carry = 0;
      for (uint32_t& w : words_) {
        uint32_t next = w >> (32 - bit_shift);
        w = (w << bit_shift) | carry;
        carry = next;
      }
      if (carry) words_.push_back(carry);
    }
    words_.insert(words_.begin(), word_shift, 0);
  }
  static int Compare(const BigInt& a, const BigInt& b) {
    if (a.words_.size() != b.words_.size()) return a.words_.size() < b.words_.size() ? -1 : 1;
    for (size_t i = a.words_.size(); i-- > 0;) {
      if (a.words_[i] != b.words_[i]) return a.words_[i] < b.words_[i] ? -1 : 1;
    }
    return 0;
  }
  static BigInt Add(const BigInt& a, const BigInt& b) {
    BigInt r;
    const size_t n = std::max(a.words_.size(), b.words_.size());
    r.words_.resize(n);
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t v = carry + (i < a.words_.size() ? a.words_[i] : 0) + (i < b.words_.size() ? b.words_[i] : 0);
      r.words_[i] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry) r.words_.push_back(static_cast<uint32_t>(carry));
    return r;
  }
  // this -= b; requires this >= b.
  void Subtract(const BigInt& b) {
    int64_t borrow = 0;
    for (size_t i = 0; i < words_.size(); ++i) {
      int64_t v = int64_t{words_[i]} - (i < b.words_.size() ? b.words_[i] : 0) - borrow;
      borrow = v < 0 ? 1 : 0;
      words_[i] = static_cast<uint32_t>(v + (borrow << 32));
    }
    Trim();
  }
  // FDBigInteger.quoRemIteration: q = this / s, this = (this % s) * 10.
  int QuoRemIteration(const BigInt& s) {
    int q = 0;
    while (Compare(*this, s) >= 0) {
      Subtract(s);
      ++q;
    }
    MulSmall(10);
    Trim();
    return q;
  }
  bool IsZero() const { return words_.empty(); }

 private:
  void Trim() {
    while (!words_.empty() && words_.back() == 0) words_.pop_back();
  }
  std::vector<uint32_t> words_;
};

// FloatingDecimal.BinaryToASCIIBuffer.
class Buffer {
 public:
  std::string ToJavaFormatString() const;

  void SetZero(bool negative) {
    is_negative_ = negative;
    dec_exponent_ = 0;
    digits_[0] = '0';
    first_digit_index_ = 0;
    n_digits_ = 1;
  }
  void SetSign(bool negative) { is_negative_ = negative; }
  void Dtoa(int bin_exp, uint64_t fract_bits, int n_significant_bits, bool is_compatible_format);

 private:
  void DevelopLongDigits(int dec_exponent, int64_t lvalue, int insignificant_digits);
  void Roundup();
  static int EstimateDecExp(uint64_t fract_bits, int bin_exp);

  bool is_negative_ = false;
  int dec_exponent_ = 0;
  int first_digit_index_ = 0;
  int n_digits_ = 0;
  char digits_[20] = {};
};

void Buffer::DevelopLongDigits(int dec_exponent, int64_t lvalue, int insignificant_digits) {
  if (insignificant_digits != 0) {
    // Discard non-significant low-order bits, while rounding.
    int64_t pow10 = LShl(static_cast<int64_t>(Long5Pow(insignificant_digits)), insignificant_digits);
    int64_t residue = lvalue % pow10;
    lvalue /= pow10;
    dec_exponent += insignificant_digits;
    if (residue >= (pow10 >> 1)) ++lvalue;
  }
  int digitno = static_cast<int>(sizeof(digits_)) - 1;
  int c;
  if (lvalue <= INT32_MAX) {
    int32_t ivalue = static_cast<int32_t>(lvalue);
    c = ivalue % 10;
    ivalue /= 10;
    while (c == 0) {
      ++dec_exponent;
      c = ivalue % 10;
      ivalue /= 10;
    }
    while (ivalue != 0) {
      digits_[digitno--] = static_cast<char>(c + '0');
      ++dec_exponent;
      c = ivalue % 10;
      ivalue /= 10;
    }
    digits_[digitno] = static_cast<char>(c + '0');
  } else {
    c = static_cast<int>(lvalue % 10);
    lvalue /= 10;
    while (c == 0) {
      ++dec_exponent;
      c = static_cast<int>(lvalue % 10);
      lvalue /= 10;
    }
    while (lvalue != 0) {
      digits_[digitno--] = static_cast<char>(c + '0');
      ++dec_exponent;
      c = static_cast<int>(lvalue % 10);
      lvalue /= 10;
    }
    digits_[digitno] = static_cast<char>(c + '0');
  }
  dec_exponent_ = dec_exponent + 1;
  first_digit_index_ = digitno;
  n_digits_ = static_cast<int>(sizeof(digits_)) - digitno;
}

void Buffer::Dtoa(int bin_exp, uint64_t fract_bits, int n_significant_bits,
                  bool is_compatible_format) {
  const int tail_zeros = std::countr_zero(fract_bits);
  // Number of significant bits of fract_bits.
  const int n_fract_bits = kExpShift + 1 - tail_zeros;
  // Number of significant bits to the right of the point.
  int n_tiny_bits = std::max(0, n_fract_bits - bin_exp - 1);
  if (bin_exp <= kMaxSmallBinExp && bin_exp >= kMinSmallBinExp) {
    // Easy case: with scaling by 10^n_tiny_bits the value fits in a long.
    if (n_tiny_bits < kLong5PowLength && (n_fract_bits + kN5Bits[n_tiny_bits]) < 64) {
      if (n_tiny_bits == 0) {
        int insignificant;
        if (bin_exp > n_significant_bits) {
          insignificant = InsignificantDigitsForPow2(bin_exp - n_significant_bits - 1);
        } else {
          insignificant = 0;
        }
        if (bin_exp >= kExpShift) {
          fract_bits <<= (bin_exp - kExpShift);
        } else {
          fract_bits >>= (kExpShift - bin_exp);
        }
        DevelopLongDigits(0, static_cast<int64_t>(fract_bits), insignificant);
        return;
      }
    }
  }
  // The hard case: B / S * 10^decExp with 1 <= B / S < 10, and M half an ULP
  // scaled like B.
  int dec_exp = EstimateDecExp(fract_bits, bin_exp);
  int b5 = std::max(0, -dec_exp);
  int b2 = b5 + n_tiny_bits + bin_exp;
  int s5 = std::max(0, dec_exp);
  int s2 = s5 + n_tiny_bits;
  int m5 = b5;
  int m2 = b2 - n_significant_bits;

  fract_bits >>= tail_zeros;
  b2 -= n_fract_bits - 1;
  int common2factor = std::min(b2, s2);
  b2 -= common2factor;
  s2 -= common2factor;
  m2 -= common2factor;
  // For exact powers of two the next smaller number is only half as far away.
  if (n_fract_bits == 1) m2 -= 1;
  if (m2 < 0) {
    b2 -= m2;
    s2 -= m2;
    m2 = 0;
  }

  int ndigit = 0;
  bool low, high;
  int64_t low_digit_difference;
  int q;
  const int bbits = n_fract_bits + b2 + ((b5 < kN5BitsLength) ? kN5Bits[b5] : (b5 * 3));
  const int ten_sbits = s2 + 1 + (((s5 + 1) < kN5BitsLength) ? kN5Bits[s5 + 1] : ((s5 + 1) * 3));
  if (bbits < 64 && ten_sbits < 64) {
    if (bbits < 32 && ten_sbits < 32) {
      // All ints (which bounds b5, s5 and m5 by 13, inside SMALL_5_POW).
      int32_t b = IShl(IMul(static_cast<int32_t>(fract_bits), static_cast<int32_t>(Long5Pow(b5))), b2);
      int32_t s = IShl(static_cast<int32_t>(Long5Pow(s5)), s2);
      int32_t m = IShl(static_cast<int32_t>(Long5Pow(m5)), m2);
      int32_t tens = IMul(s, 10);
      ndigit = 0;
      q = b / s;
      b = IMul(10, b % s);
      m = IMul(m, 10);
      low = (b < m);
      high = (IAdd(b, m) > tens);
      if (q == 0 && !high) {
        --dec_exp;  // usually ignore a leading zero
      } else {
        digits_[ndigit++] = static_cast<char>('0' + q);
      }
      // At least one digit after the point in E-form output.
      if (!is_compatible_format || dec_exp < -3 || dec_exp >= 8) high = low = false;
      while (!low && !high) {
        q = b / s;
        b = IMul(10, b % s);
        m = IMul(m, 10);
        if (m > 0) {
          low = (b < m);
          high = (IAdd(b, m) > tens);
        } else {
          low = true;  // m overflowed
          high = true;
        }
        digits_[ndigit++] = static_cast<char>('0' + q);
      }
      low_digit_difference = ISub(IShl(b, 1), tens);
    } else {
      // All longs.
      int64_t b = LShl(LMul(static_cast<int64_t>(fract_bits), static_cast<int64_t>(Long5Pow(b5))), b2);
      int64_t s = LShl(static_cast<int64_t>(Long5Pow(s5)), s2);
      int64_t m = LShl(static_cast<int64_t>(Long5Pow(m5)), m2);
      int64_t tens = LMul(s, 10);
      ndigit = 0;
      q = static_cast<int>(b / s);
      b = LMul(10, b % s);
      m = LMul(m, 10);
      low = (b < m);
      high = (LAdd(b, m) > tens);
      if (q == 0 && !high) {
        --dec_exp;
      } else {
        digits_[ndigit++] = static_cast<char>('0' + q);
      }
      if (!is_compatible_format || dec_exp < -3 || dec_exp >= 8) high = low = false;
      while (!low && !high) {
        q = static_cast<int>(b / s);
        b = LMul(10, b % s);
        m = LMul(m, 10);
        if (m > 0) {
          low = (b < m);
          high = (LAdd(b, m) > tens);
        } else {
          low = true;
          high = true;
        }
        digits_[ndigit++] = static_cast<char>('0' + q);
      }
      low_digit_difference = LSub(LShl(b, 1), tens);
    }
  } else {
    // Arbitrary precision. FloatingDecimal scales S, B, M and 10S by a
    // common power of two to normalise S; ratios and comparisons are the same
    // without it. M and 10S are kept times ten since B gets multiplied by ten
    // in each quotient step.
    BigInt sval = BigInt::Pow52(s5, s2);
    BigInt bval = BigInt::MulPow52(fract_bits, b5, b2);
    BigInt mval = BigInt::Pow52(m5 + 1, m2 + 1);
    BigInt ten_sval = BigInt::Pow52(s5 + 1, s2 + 1);
    ndigit = 0;
    q = bval.QuoRemIteration(sval);
    low = BigInt::Compare(bval, mval) < 0;
    high = BigInt::Compare(ten_sval, BigInt::Add(bval, mval)) <= 0;
    if (q == 0 && !high) {
      --dec_exp;
    } else {
      digits_[ndigit++] = static_cast<char>('0' + q);
    }
    if (!is_compatible_format || dec_exp < -3 || dec_exp >= 8) high = low = false;
    while (!low && !high) {
      q = bval.QuoRemIteration(sval);
      mval.MulSmall(10);
      low = BigInt::Compare(bval, mval) < 0;
      high = BigInt::Compare(ten_sval, BigInt::Add(bval, mval)) <= 0;
      digits_[ndigit++] = static_cast<char>('0' + q);
    }
    if (high && low) {
      bval.ShiftLeft(1);
      low_digit_difference = BigInt::Compare(bval, ten_sval);
    } else {
      low_digit_difference = 0;
    }
  }
  dec_exponent_ = dec_exp + 1;
  first_digit_index_ = 0;
  n_digits_ = ndigit;
  // The last digit is rounded based on the stopping condition.
  if (high) {
    if (low) {
      if (low_digit_difference == 0) {
        // A tie: round to an even digit.
        if ((digits_[first_digit_index_ + n_digits_ - 1] & 1) != 0) Roundup();
      } else if (low_digit_difference > 0) {
        Roundup();
      }
    } else {
      Roundup();
    }
  }
}

void Buffer::Roundup() {
  int i = first_digit_index_ + n_digits_ - 1;
  char q = digits_[i];
  if (q == '9') {
    while (q == '9' && i > first_digit_index_) {
      digits_[i] = '0';
      q = digits_[--i];
    }
    if (q == '9') {
      // Carry out: a high-order 1, the rest 0s, a larger exponent.
      dec_exponent_ += 1;
      digits_[first_digit_index_] = '1';
      return;
    }
  }
  digits_[i] = static_cast<char>(q + 1);
}

int Buffer::EstimateDecExp(uint64_t fract_bits, int bin_exp) {
  // log10(d) ~= (d2 - 1.5) / 1.5 + log(1.5) + binExp * log10(2), evaluated
  // one IEEE operation at a time as Java does.
  const double d2 = std::bit_cast<double>(kExpOne | (fract_bits & kSignifBitMask));
  const double t1 = d2 - 1.5;
  const double t2 = t1 * 0.289529654;
  const double t3 = t2 + 0.176091259;
  const double t4 = static_cast<double>(bin_exp) * 0.301029995663981;
  const double d = t3 + t4;
  const uint64_t d_bits = std::bit_cast<uint64_t>(d);
  const int exponent = static_cast<int>((d_bits & kExpBitMask) >> kExpShift) - kExpBias;
  const bool is_negative = (d_bits & kSignBitMask) != 0;
  if (exponent >= 0 && exponent < 52) {
    const uint64_t mask = kSignifBitMask >> exponent;
    const int r = static_cast<int>(((d_bits & kSignifBitMask) | kFractHob) >> (kExpShift - exponent));
    return is_negative ? (((mask & d_bits) == 0) ? -r : -r - 1) : r;
  }
  if (exponent < 0) {
    return ((d_bits & ~kSignBitMask) == 0) ? 0 : (is_negative ? -1 : 0);
  }
  return static_cast<int>(d);
}

std::string Buffer::ToJavaFormatString() const {
  std::string r;
  if (is_negative_) r += '-';
  const char* digits = digits_ + first_digit_index_;
  if (dec_exponent_ > 0 && dec_exponent_ < 8) {
    // dddd.dddd
    int char_length = std::min(n_digits_, dec_exponent_);
    r.append(digits, char_length);
    if (char_length < dec_exponent_) {
      r.append(dec_exponent_ - char_length, '0');
      r += ".0";
    } else {
      r += '.';
      if (char_length < n_digits_) {
        r.append(digits + char_length, n_digits_ - char_length);
      } else {
        r += '0';
      }
    }
  } else if (dec_exponent_ <= 0 && dec_exponent_ > -3) {
    r += "0.";
    if (dec_exponent_ != 0) r.append(-dec_exponent_, '0');
    r.append(digits, n_digits_);
  } else {
    r += digits[0];
    r += '.';
    if (n_digits_ > 1) {
      r.append(digits + 1, n_digits_ - 1);
    } else {
      r += '0';
    }
    r += 'E';
    int e;
    if (dec_exponent_ <= 0) {
      r += '-';
      e = -dec_exponent_ + 1;
    } else {
      e = dec_exponent_ - 1;
    }
    r += std::to_string(e);
  }
  return r;
}

}  // namespace

std::string JavaDoubleToString(double value) {
  const uint64_t d_bits = std::bit_cast<uint64_t>(value);
  const bool is_negative = (d_bits & kSignBitMask) != 0;
  uint64_t fract_bits = d_bits & kSignifBitMask;
  int bin_exp = static_cast<int>((d_bits & kExpBitMask) >> kExpShift);
  if (bin_exp == static_cast<int>(kExpBitMask >> kExpShift)) {
    if (fract_bits == 0) return is_negative ? "-Infinity" : "Infinity";
    return "NaN";
  }
  Buffer buf;
  int n_significant_bits;
  if (bin_exp == 0) {
    if (fract_bits == 0) {
      buf.SetZero(is_negative);
      return buf.ToJavaFormatString();
    }
    const int leading_zeros = std::countl_zero(fract_bits);
    const int shift = leading_zeros - (63 - kExpShift);
    fract_bits <<= shift;
    bin_exp = 1 - shift;
    n_significant_bits = 64 - leading_zeros;
  } else {
    fract_bits |= kFractHob;
    n_significant_bits = kExpShift + 1;
  }
  bin_exp -= kExpBias;
  buf.SetSign(is_negative);
  buf.Dtoa(bin_exp, fract_bits, n_significant_bits, /*is_compatible_format=*/true);
  return buf.ToJavaFormatString();
}

std::string JavaFloatToString(float value) {
  const uint32_t f_bits = std::bit_cast<uint32_t>(value);
  const bool is_negative = (f_bits & 0x80000000u) != 0;
  uint32_t fract_bits = f_bits & 0x007FFFFFu;
  int bin_exp = static_cast<int>((f_bits & 0x7F800000u) >> kSingleExpShift);
  if (bin_exp == 0xFF) {
    if (fract_bits == 0) return is_negative ? "-Infinity" : "Infinity";
    return "NaN";
  }
  Buffer buf;
  int n_significant_bits;
  if (bin_exp == 0) {
    if (fract_bits == 0) {
      buf.SetZero(is_negative);
      return buf.ToJavaFormatString();
    }
    const int leading_zeros = std::countl_zero(fract_bits);
    const int shift = leading_zeros - (31 - kSingleExpShift);
    fract_bits <<= shift;
    bin_exp = 1 - shift;
    n_significant_bits = 32 - leading_zeros;
  } else {
    fract_bits |= kSingleFractHob;
    n_significant_bits = kSingleExpShift + 1;
  }
  bin_exp -= kSingleExpBias;
  buf.SetSign(is_negative);
  buf.Dtoa(bin_exp, uint64_t{fract_bits} << (kExpShift - kSingleExpShift), n_significant_bits,
           /*is_compatible_format=*/true);
  return buf.ToJavaFormatString();
}

}  // namespace jwp::classfile::printer_internal
