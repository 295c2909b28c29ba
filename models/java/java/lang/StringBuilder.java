package java.lang;

/**
 * jwp's model of java.lang.StringBuilder, for the analysis only (it is never
 * run): the characters are jwpValue[0, jwpCount). Every method with a body
 * returns and throws as JDK 17's does (capacity is not modelled: the array is
 * always exactly as long as needed, which no declared method can observe).
 * Methods that are native or absent are not modelled: a call to one is
 * skipped and the answer says so. It extends Object where the JDK's extends
 * the package-private AbstractStringBuilder, which no code outside java.lang
 * can name.
 */
public final class StringBuilder implements java.io.Serializable, Comparable<StringBuilder>, CharSequence,
    Appendable {
  private char[] jwpValue;
  private int jwpCount;

  public StringBuilder() {
    jwpValue = new char[0];
  }

  public StringBuilder(int capacity) {
    if (capacity < 0) {
      throw new NegativeArraySizeException();
    }
    jwpValue = new char[0];
  }

  public StringBuilder(String str) {
    jwpValue = str.toCharArray();
    jwpCount = jwpValue.length;
  }

  public StringBuilder(CharSequence seq) {
    this(seq.toString());
  }

  private StringBuilder jwpAppend(char[] s) {
    char[] v = new char[jwpCount + s.length];
    for (int i = 0; i < jwpCount; i++) {
      v[i] = jwpValue[i];
    }
    for (int i = 0; i < s.length; i++) {
      v[jwpCount + i] = s[i];
    }
    jwpValue = v;
    jwpCount = v.length;
    return this;
  }

  public StringBuilder append(String str) {
    return jwpAppend((str == null ? "null" : str).toCharArray());
  }

  public StringBuilder append(Object obj) {
    return append(String.valueOf(obj));
  }

  public StringBuilder append(CharSequence s) {
    if (s == null || s instanceof String) {
      return append((String) s);
    }
    // The JDK reads any other sequence through length() and charAt().
    int n = s.length();
    char[] v = new char[n];
    for (int i = 0; i < n; i++) {
      v[i] = s.charAt(i);
    }
    return jwpAppend(v);
  }

  public StringBuilder append(StringBuffer sb) {
    return append(sb == null ? "null" : sb.toString());
  }

  public StringBuilder append(char c) {
    char[] one = new char[1];
    one[0] = c;
    return jwpAppend(one);
  }

  public StringBuilder append(char[] str) {
    return jwpAppend(new String(str).toCharArray());
  }

  public StringBuilder append(boolean b) {
    return append(b ? "true" : "false");
  }

  public StringBuilder append(int i) {
    return append(jwpDecimal(i));
  }

  public StringBuilder append(long l) {
    return append(jwpDecimal(l));
  }

  // Integer.toString / Long.toString (and String.valueOf of an int or a
  // long): the decimal digits, '-' first when negative (Long.MIN_VALUE's
  // magnitude does not fit: spelled out).
  static String jwpDecimal(long v) {
    if (v == Long.MIN_VALUE) {
      return "-9223372036854775808";
    }
    boolean negative = v < 0;
    long m = negative ? -v : v;
    int n = 1;
    for (long t = m / 10; t != 0; t /= 10) {
      n++;
    }
    char[] digits = new char[negative ? n + 1 : n];
    int k = digits.length;
    do {
      digits[--k] = (char) ('0' + (int) (m % 10));
      m /= 10;
    } while (m != 0);
    if (negative) {
      digits[0] = '-';
    }
    return new String(digits);
  }

  // FloatingDecimal.appendTo writes what Float.toString returns (String's
  // valueOf: a native of the model).
  public StringBuilder append(float f) {
    return append(String.valueOf(f));
  }

  public StringBuilder append(double d) {
    return append(String.valueOf(d));
  }

  // AbstractStringBuilder.append(CharSequence, int, int): null appends
  // "null"'s range; checkRange's IndexOutOfBoundsException; the characters
  // read through charAt (a String's are its own).
  public StringBuilder append(CharSequence s, int start, int end) {
    if (s == null) {
      s = "null";
    }
    int n = s.length();
    if (start < 0 || start > end || end > n) {
      throw new IndexOutOfBoundsException();
    }
    char[] v = new char[end - start];
    for (int i = start; i < end; i++) {
      v[i - start] = s.charAt(i);
    }
    return jwpAppend(v);
  }

  // str.length is read first: a null str throws NullPointerException
  // before the range is checked.
  public StringBuilder append(char[] str, int offset, int len) {
    int end = offset + len;
    int n = str.length;
    if (offset < 0 || offset > end || end > n) {
      throw new IndexOutOfBoundsException();
    }
    char[] v = new char[len];
    for (int i = 0; i < len; i++) {
      v[i] = str[offset + i];
    }
    return jwpAppend(v);
  }

  // Character.toChars: one char in the BMP, a surrogate pair for a valid
  // supplementary code point, else IllegalArgumentException.
  public StringBuilder appendCodePoint(int codePoint) {
    if ((codePoint >>> 16) == 0) {
      return append((char) codePoint);
    }
    if ((codePoint >>> 16) >= 0x11) {
      throw new IllegalArgumentException();
    }
    char[] pair = new char[2];
    pair[0] = String.jwpHighSurrogate(codePoint);
    pair[1] = String.jwpLowSurrogate(codePoint);
    return jwpAppend(pair);
  }

  public int length() {
    return jwpCount;
  }

  public char charAt(int index) {
    if (index < 0 || index >= jwpCount) {
      throw new StringIndexOutOfBoundsException();
    }
    return jwpValue[index];
  }

  public void setLength(int newLength) {
    if (newLength < 0) {
      throw new StringIndexOutOfBoundsException();
    }
    char[] v = new char[newLength];
    for (int i = 0; i < newLength; i++) {
      v[i] = i < jwpCount ? jwpValue[i] : '\0';
    }
    jwpValue = v;
    jwpCount = newLength;
  }

  public String toString() {
    return new String(jwpValue, 0, jwpCount);
  }

  // ---- The rest of JDK 17's StringBuilder and the public methods it
  // inherits from AbstractStringBuilder: every one has a body here or is
  // declared native (tests/models/string_model_test.cc checks that none is
  // missing). Index checks throw what AbstractStringBuilder's checkIndex,
  // checkOffset and checkRangeSIOOBE throw (StringIndexOutOfBoundsException)
  // or its checkRange (IndexOutOfBoundsException).

  // The characters [start, end) replaced by s.
  private void jwpSplice(int start, int end, char[] s) {
    char[] v = new char[jwpCount - (end - start) + s.length];
    for (int i = 0; i < start; i++) {
      v[i] = jwpValue[i];
    }
    for (int i = 0; i < s.length; i++) {
      v[start + i] = s[i];
    }
    for (int i = end; i < jwpCount; i++) {
      v[start + s.length + i - end] = jwpValue[i];
    }
    jwpValue = v;
    jwpCount = v.length;
  }

  private static void jwpCheckOffset(int offset, int count) {
    if (offset < 0 || offset > count) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  private static void jwpCheckRangeSIOOBE(int start, int end, int len) {
    if (start < 0 || start > end || end > len) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  // An end past the length is the length.
  public StringBuilder delete(int start, int end) {
    if (end > jwpCount) {
      end = jwpCount;
    }
    jwpCheckRangeSIOOBE(start, end, jwpCount);
    jwpSplice(start, end, new char[0]);
    return this;
  }

  public StringBuilder deleteCharAt(int index) {
    if (index < 0 || index >= jwpCount) {
      throw new StringIndexOutOfBoundsException();
    }
    jwpSplice(index, index + 1, new char[0]);
    return this;
  }

  // The range is checked before str is read (a null str: NullPointerException).
  public StringBuilder replace(int start, int end, String str) {
    if (end > jwpCount) {
      end = jwpCount;
    }
    jwpCheckRangeSIOOBE(start, end, jwpCount);
    jwpSplice(start, end, str.toCharArray());
    return this;
  }

  public StringBuilder insert(int offset, String str) {
    jwpCheckOffset(offset, jwpCount);
    jwpSplice(offset, offset, (str == null ? "null" : str).toCharArray());
    return this;
  }

  public StringBuilder insert(int offset, Object obj) {
    return insert(offset, String.valueOf(obj));
  }

  public StringBuilder insert(int offset, char[] str) {
    jwpCheckOffset(offset, jwpCount);
    jwpSplice(offset, offset, new String(str).toCharArray());
    return this;
  }

  public StringBuilder insert(int index, char[] str, int offset, int len) {
    jwpCheckOffset(index, jwpCount);
    jwpCheckRangeSIOOBE(offset, offset + len, str.length);
    jwpSplice(index, index, new String(str, offset, len).toCharArray());
    return this;
  }

  public StringBuilder insert(int dstOffset, CharSequence s) {
    if (s == null) {
      s = "null";
    }
    if (s instanceof String) {
      return insert(dstOffset, (String) s);
    }
    return insert(dstOffset, s, 0, s.length());
  }

  public StringBuilder insert(int dstOffset, CharSequence s, int start, int end) {
    if (s == null) {
      s = "null";
    }
    jwpCheckOffset(dstOffset, jwpCount);
    if (start < 0 || start > end || end > s.length()) {
      throw new IndexOutOfBoundsException();
    }
    char[] v = new char[end - start];
    for (int i = start; i < end; i++) {
      v[i - start] = s.charAt(i);
    }
    jwpSplice(dstOffset, dstOffset, v);
    return this;
  }

  public StringBuilder insert(int offset, boolean b) {
    return insert(offset, String.valueOf(b));
  }

  public StringBuilder insert(int offset, char c) {
    jwpCheckOffset(offset, jwpCount);
    char[] one = new char[1];
    one[0] = c;
    jwpSplice(offset, offset, one);
    return this;
  }

  public StringBuilder insert(int offset, int i) {
    return insert(offset, String.valueOf(i));
  }

  public StringBuilder insert(int offset, long l) {
    return insert(offset, String.valueOf(l));
  }

  public StringBuilder insert(int offset, float f) {
    return insert(offset, String.valueOf(f));
  }

  public StringBuilder insert(int offset, double d) {
    return insert(offset, String.valueOf(d));
  }

  public int indexOf(String str) {
    return indexOf(str, 0);
  }

  public int indexOf(String str, int fromIndex) {
    return toString().indexOf(str, fromIndex);
  }

  public int lastIndexOf(String str) {
    return lastIndexOf(str, jwpCount);
  }

  public int lastIndexOf(String str, int fromIndex) {
    return toString().lastIndexOf(str, fromIndex);
  }

  // The characters in reverse order, a surrogate pair kept in its order
  // (StringUTF16.reverseAllValidSurrogatePairs).
  public StringBuilder reverse() {
    char[] v = new char[jwpCount];
    for (int i = 0; i < jwpCount; i++) {
      v[i] = jwpValue[jwpCount - 1 - i];
    }
    for (int i = 0; i < jwpCount - 1; i++) {
      char c2 = v[i];
      if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
        char c1 = v[i + 1];
        if (c1 >= 0xD800 && c1 <= 0xDBFF) {
          v[i++] = c1;
          v[i] = c2;
        }
      }
    }
    jwpValue = v;
    return this;
  }

  public void setCharAt(int index, char ch) {
    if (index < 0 || index >= jwpCount) {
      throw new StringIndexOutOfBoundsException();
    }
    char[] v = new char[jwpCount];
    for (int i = 0; i < jwpCount; i++) {
      v[i] = i == index ? ch : jwpValue[i];
    }
    jwpValue = v;
  }

  // The source range (StringIndexOutOfBoundsException), then the
  // destination's (IndexOutOfBoundsException; a null dst throws
  // NullPointerException there).
  public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    jwpCheckRangeSIOOBE(srcBegin, srcEnd, jwpCount);
    int n = srcEnd - srcBegin;
    int end = dstBegin + n;
    if (dstBegin < 0 || dstBegin > end || end > dst.length) {
      throw new IndexOutOfBoundsException();
    }
    for (int i = 0; i < n; i++) {
      dst[dstBegin + i] = jwpValue[srcBegin + i];
    }
  }

  public String substring(int start) {
    return substring(start, jwpCount);
  }

  public String substring(int start, int end) {
    jwpCheckRangeSIOOBE(start, end, jwpCount);
    return new String(jwpValue, start, end - start);
  }

  public CharSequence subSequence(int start, int end) {
    return substring(start, end);
  }

  public int codePointAt(int index) {
    if (index < 0 || index >= jwpCount) {
      throw new StringIndexOutOfBoundsException();
    }
    return toString().codePointAt(index);
  }

  public int codePointBefore(int index) {
    if (index - 1 < 0 || index - 1 >= jwpCount) {
      throw new StringIndexOutOfBoundsException();
    }
    return toString().codePointBefore(index);
  }

  public int codePointCount(int beginIndex, int endIndex) {
    if (beginIndex < 0 || endIndex > jwpCount || beginIndex > endIndex) {
      throw new IndexOutOfBoundsException();
    }
    return toString().codePointCount(beginIndex, endIndex);
  }

  public int offsetByCodePoints(int index, int codePointOffset) {
    if (index < 0 || index > jwpCount) {
      throw new IndexOutOfBoundsException();
    }
    return Character.offsetByCodePoints(this, index, codePointOffset);
  }

  public int compareTo(StringBuilder another) {
    return toString().compareTo(another.toString());
  }

  // Capacity is not modelled: asking for more or less changes nothing the
  // model holds.
  public void ensureCapacity(int minimumCapacity) {}

  public void trimToSize() {}

  public native int capacity();

  public native java.util.stream.IntStream chars();

  public native java.util.stream.IntStream codePoints();
}
