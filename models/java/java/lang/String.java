package java.lang;

/**
 * jwp's model of java.lang.String, for the analysis only (it is never run).
 *
 * A string is its UTF-16 code units in {@code jwpValue}, a char array that no
 * code outside this class sees and nothing ever writes after construction.
 * The characters of a string literal are given by jwp itself
 * (models/string_model.h), since literals are not constructed by code.
 *
 * Every method with a body behaves as JDK 17's does for every input: the
 * same result, the same exception type (messages are left out). Methods
 * declared {@code native} are not modelled: a call to one is skipped and the
 * answer says so. Methods of the JDK's String that are not declared here do
 * not resolve, and a call to one is skipped likewise.
 */
public final class String implements java.io.Serializable, Comparable<String>, CharSequence,
    java.lang.constant.Constable, java.lang.constant.ConstantDesc {
  private final char[] jwpValue;

  public String() {
    jwpValue = new char[0];
  }

  public String(String original) {
    jwpValue = original.jwpValue;
  }

  public String(char[] value) {
    this(value, 0, value.length);
  }

  public String(char[] value, int offset, int count) {
    if (offset < 0 || count < 0 || offset > value.length - count) {
      throw new StringIndexOutOfBoundsException();
    }
    char[] v = new char[count];
    for (int i = 0; i < count; i++) {
      v[i] = value[offset + i];
    }
    jwpValue = v;
  }

  public int length() {
    return jwpValue.length;
  }

  public boolean isEmpty() {
    return jwpValue.length == 0;
  }

  public char charAt(int index) {
    if (index < 0 || index >= jwpValue.length) {
      throw new StringIndexOutOfBoundsException();
    }
    return jwpValue[index];
  }

  public boolean equals(Object anObject) {
    if (this == anObject) {
      return true;
    }
    if (!(anObject instanceof String)) {
      return false;
    }
    char[] a = jwpValue;
    char[] b = ((String) anObject).jwpValue;
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        return false;
      }
    }
    return true;
  }

  public int hashCode() {
    int h = 0;
    for (int i = 0; i < jwpValue.length; i++) {
      h = 31 * h + jwpValue[i];
    }
    return h;
  }

  public String toString() {
    return this;
  }

  public int compareTo(String anotherString) {
    char[] a = jwpValue;
    char[] b = anotherString.jwpValue;
    int n = a.length < b.length ? a.length : b.length;
    for (int k = 0; k < n; k++) {
      if (a[k] != b[k]) {
        return a[k] - b[k];
      }
    }
    return a.length - b.length;
  }

  public boolean startsWith(String prefix, int toffset) {
    char[] p = prefix.jwpValue;
    if (toffset < 0 || toffset > jwpValue.length - p.length) {
      return false;
    }
    for (int i = 0; i < p.length; i++) {
      if (jwpValue[toffset + i] != p[i]) {
        return false;
      }
    }
    return true;
  }

  public boolean startsWith(String prefix) {
    return startsWith(prefix, 0);
  }

  public boolean endsWith(String suffix) {
    return startsWith(suffix, jwpValue.length - suffix.jwpValue.length);
  }

  public int indexOf(int ch) {
    return indexOf(ch, 0);
  }

  public int indexOf(int ch, int fromIndex) {
    if (fromIndex < 0) {
      fromIndex = 0;
    }
    if (ch >= Character.MIN_SUPPLEMENTARY_CODE_POINT) {
      return jwpIndexOfSupplementary(ch, fromIndex);
    }
    for (int i = fromIndex; i < jwpValue.length; i++) {
      if (jwpValue[i] == ch) {
        return i;
      }
    }
    return -1;
  }

  // StringUTF16.indexOfSupplementary: a valid code point past the BMP is a
  // surrogate pair; an invalid one is never found. fromIndex >= 0.
  private int jwpIndexOfSupplementary(int ch, int fromIndex) {
    if ((ch >>> 16) >= 0x11) {
      return -1;
    }
    char hi = jwpHighSurrogate(ch);
    char lo = jwpLowSurrogate(ch);
    for (int i = fromIndex; i < jwpValue.length - 1; i++) {
      if (jwpValue[i] == hi && jwpValue[i + 1] == lo) {
        return i;
      }
    }
    return -1;
  }

  // Character.highSurrogate and lowSurrogate of a supplementary code point
  // (StringBuilder's model uses them too).
  static char jwpHighSurrogate(int codePoint) {
    return (char) ((codePoint >>> 10) + (0xD800 - (0x10000 >>> 10)));
  }

  static char jwpLowSurrogate(int codePoint) {
    return (char) ((codePoint & 0x3ff) + 0xDC00);
  }

  public int lastIndexOf(int ch) {
    return lastIndexOf(ch, jwpValue.length - 1);
  }

  // StringLatin1/StringUTF16.lastIndexOf: from min(fromIndex, length - 1)
  // down; a code point past the BMP as a surrogate pair.
  public int lastIndexOf(int ch, int fromIndex) {
    if (ch < 0x10000) {
      int i = fromIndex < jwpValue.length - 1 ? fromIndex : jwpValue.length - 1;
      for (; i >= 0; i--) {
        if (jwpValue[i] == ch) {
          return i;
        }
      }
      return -1;
    }
    if ((ch >>> 16) < 0x11) {
      char hi = jwpHighSurrogate(ch);
      char lo = jwpLowSurrogate(ch);
      int i = fromIndex < jwpValue.length - 2 ? fromIndex : jwpValue.length - 2;
      for (; i >= 0; i--) {
        if (jwpValue[i] == hi && jwpValue[i + 1] == lo) {
          return i;
        }
      }
    }
    return -1;
  }

  public int lastIndexOf(String str) {
    return lastIndexOf(str, jwpValue.length);
  }

  // String.lastIndexOf(byte[], byte, int, String, int): a null str throws
  // before anything else.
  public int lastIndexOf(String str, int fromIndex) {
    char[] t = str.jwpValue;
    int rightIndex = jwpValue.length - t.length;
    if (fromIndex > rightIndex) {
      fromIndex = rightIndex;
    }
    if (fromIndex < 0) {
      return -1;
    }
    if (t.length == 0) {
      return fromIndex;
    }
    for (int i = fromIndex; i >= 0; i--) {
      if (jwpMatchesAt(t, i)) {
        return i;
      }
    }
    return -1;
  }

  // t's characters are this string's from i on (i + t.length <= length).
  private boolean jwpMatchesAt(char[] t, int i) {
    int k = 0;
    while (k < t.length && jwpValue[i + k] == t[k]) {
      k++;
    }
    return k == t.length;
  }

  // checkIndex (StringIndexOutOfBoundsException), then a high surrogate
  // followed by a low one is one code point (StringUTF16.codePointAt).
  public int codePointAt(int index) {
    if (index < 0 || index >= jwpValue.length) {
      throw new StringIndexOutOfBoundsException();
    }
    char c1 = jwpValue[index];
    if (c1 >= 0xD800 && c1 <= 0xDBFF && index + 1 < jwpValue.length) {
      char c2 = jwpValue[index + 1];
      if (c2 >= 0xDC00 && c2 <= 0xDFFF) {
        return (c1 << 10) + c2 + (0x10000 - (0xD800 << 10) - 0xDC00);
      }
    }
    return c1;
  }

  // StringLatin1/StringUTF16.trim: the characters <= ' ' off both ends;
  // this string when there are none, "" when nothing is left.
  public String trim() {
    int len = jwpValue.length;
    int st = 0;
    while (st < len && jwpValue[st] <= ' ') {
      st++;
    }
    while (st < len && jwpValue[len - 1] <= ' ') {
      len--;
    }
    return jwpRange(st, len);
  }

  // The characters [st, len): this string when that is all of it, "" when
  // nothing (JDK 17's trim and strip alike).
  private String jwpRange(int st, int len) {
    if (st == 0 && len == jwpValue.length) {
      return this;
    }
    if (st == len) {
      return "";
    }
    return new String(jwpValue, st, len - st);
  }

  public int indexOf(String str) {
    return indexOf(str, 0);
  }

  public int indexOf(String str, int fromIndex) {
    char[] t = str.jwpValue;
    int n = jwpValue.length;
    if (fromIndex >= n) {
      return t.length == 0 ? n : -1;
    }
    if (fromIndex < 0) {
      fromIndex = 0;
    }
    if (t.length == 0) {
      return fromIndex;
    }
    for (int i = fromIndex; i <= n - t.length; i++) {
      if (jwpMatchesAt(t, i)) {
        return i;
      }
    }
    return -1;
  }

  public boolean contains(CharSequence s) {
    return indexOf(s.toString()) >= 0;
  }

  public String substring(int beginIndex) {
    return substring(beginIndex, jwpValue.length);
  }

  public String substring(int beginIndex, int endIndex) {
    int length = jwpValue.length;
    if (beginIndex < 0 || beginIndex > endIndex || endIndex > length) {
      throw new StringIndexOutOfBoundsException();
    }
    if (beginIndex == 0 && endIndex == length) {
      return this;
    }
    if (beginIndex == endIndex) {
      return ""; // JDK 17's StringLatin1/StringUTF16.newString of no characters
    }
    return new String(jwpValue, beginIndex, endIndex - beginIndex);
  }

  public CharSequence subSequence(int beginIndex, int endIndex) {
    return substring(beginIndex, endIndex);
  }

  public String concat(String str) {
    char[] s = str.jwpValue;
    if (s.length == 0) {
      return this;
    }
    char[] v = new char[jwpValue.length + s.length];
    for (int i = 0; i < jwpValue.length; i++) {
      v[i] = jwpValue[i];
    }
    for (int i = 0; i < s.length; i++) {
      v[jwpValue.length + i] = s[i];
    }
    return new String(v, 0, v.length);
  }

  // JDK 17 checks the source range against length(), then dst.length (a
  // null dst: NullPointerException), then the destination range.
  public void getChars(int srcBegin, int srcEnd, char[] dst, int dstBegin) {
    if (srcBegin < 0 || srcBegin > srcEnd || srcEnd > jwpValue.length) {
      throw new StringIndexOutOfBoundsException();
    }
    int n = srcEnd - srcBegin;
    if (dstBegin < 0 || dstBegin > dst.length - n) {
      throw new StringIndexOutOfBoundsException();
    }
    for (int i = 0; i < n; i++) {
      dst[dstBegin + i] = jwpValue[srcBegin + i];
    }
  }

  public char[] toCharArray() {
    char[] v = new char[jwpValue.length];
    for (int i = 0; i < v.length; i++) {
      v[i] = jwpValue[i];
    }
    return v;
  }

  public static String valueOf(Object obj) {
    return (obj == null) ? "null" : obj.toString();
  }

  public static String valueOf(char[] data) {
    return new String(data);
  }

  public static String valueOf(boolean b) {
    return b ? "true" : "false";
  }

  public static String valueOf(char c) {
    char[] v = new char[1];
    v[0] = c;
    return new String(v, 0, 1);
  }

  public static String valueOf(int i) {
    return StringBuilder.jwpDecimal(i);
  }

  public static String valueOf(long l) {
    return StringBuilder.jwpDecimal(l);
  }

  // ---- The rest of JDK 17's String: every method a caller can name has a
  // body here (as JDK 17 behaves) or is declared native (not modelled: a
  // call to it is skipped, and models/jdk_natives.def says what may be
  // assumed of it). tests/models/string_model_test.cc checks that none is
  // missing.

  // java.base's code that builds strings from bytes (Integer.toHexString,
  // StringBuffer.toString, ...) reads these. HotSpot runs with compact
  // strings by default (-XX:+CompactStrings); a compile-time constant here,
  // so that no precondition depends on the JVM's flag.
  static final boolean COMPACT_STRINGS = true;
  static final byte LATIN1 = 0;
  static final byte UTF16 = 1;

  // String(byte[], byte): java.base's bytes in its coder's encoding, Latin-1
  // or UTF-16 in the platform's byte order (little-endian: amd64, aarch64).
  String(byte[] value, byte coder) {
    if (coder == LATIN1) {
      char[] v = new char[value.length];
      for (int i = 0; i < v.length; i++) {
        v[i] = (char) (value[i] & 0xff);
      }
      jwpValue = v;
    } else {
      char[] v = new char[value.length >> 1];
      for (int i = 0; i < v.length; i++) {
        v[i] = (char) ((value[2 * i] & 0xff) | ((value[2 * i + 1] & 0xff) << 8));
      }
      jwpValue = v;
    }
  }

  byte coder() {
    for (int i = 0; i < jwpValue.length; i++) {
      if (jwpValue[i] > 0xff) {
        return UTF16;
      }
    }
    return LATIN1;
  }

  boolean isLatin1() {
    return coder() == LATIN1;
  }

  static void checkIndex(int index, int length) {
    if (index < 0 || index >= length) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  static void checkOffset(int offset, int length) {
    if (offset < 0 || offset > length) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  static void checkBoundsOffCount(int offset, int count, int length) {
    if (offset < 0 || count < 0 || offset > length - count) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  static void checkBoundsBeginEnd(int begin, int end, int length) {
    if (begin < 0 || begin > end || end > length) {
      throw new StringIndexOutOfBoundsException();
    }
  }

  // The range, then each code point: an invalid one throws before anything
  // is built (StringUTF16.computeCodePointSize); one past the BMP is a
  // surrogate pair.
  public String(int[] codePoints, int offset, int count) {
    checkBoundsOffCount(offset, count, codePoints.length);
    int n = 0;
    for (int i = offset; i < offset + count; i++) {
      int c = codePoints[i];
      if (c >= 0 && c < 0x10000) {
        n++;
      } else if (c >= 0 && c < 0x110000) {
        n += 2;
      } else {
        throw new IllegalArgumentException();
      }
    }
    char[] v = new char[n];
    int k = 0;
    for (int i = offset; i < offset + count; i++) {
      int c = codePoints[i];
      if (c < 0x10000) {
        v[k++] = (char) c;
      } else {
        v[k++] = jwpHighSurrogate(c);
        v[k++] = jwpLowSurrogate(c);
      }
    }
    jwpValue = v;
  }

  @Deprecated
  public String(byte[] ascii, int hibyte, int offset, int count) {
    checkBoundsOffCount(offset, count, ascii.length);
    int hi = (hibyte & 0xff) << 8;
    char[] v = new char[count];
    for (int i = 0; i < count; i++) {
      v[i] = (char) (hi | (ascii[offset + i] & 0xff));
    }
    jwpValue = v;
  }

  @Deprecated
  public String(byte[] ascii, int hibyte) {
    this(ascii, hibyte, 0, ascii.length);
  }

  // Decoding: the charset is looked up and the range checked as JDK 17
  // does; the characters a charset decodes are not modelled (jwpDecode:
  // malformed input is replaced, never thrown).
  public String(byte[] bytes, int offset, int length, String charsetName)
      throws java.io.UnsupportedEncodingException {
    this(bytes, offset, length, jwpLookupCharset(charsetName));
  }

  public String(byte[] bytes, int offset, int length, java.nio.charset.Charset charset) {
    java.util.Objects.requireNonNull(charset);
    checkBoundsOffCount(offset, length, bytes.length);
    jwpValue = jwpDecode(bytes, offset, length, charset);
  }

  public String(byte[] bytes, String charsetName) throws java.io.UnsupportedEncodingException {
    this(bytes, 0, bytes.length, charsetName);
  }

  public String(byte[] bytes, java.nio.charset.Charset charset) {
    this(bytes, 0, bytes.length, charset);
  }

  public String(byte[] bytes, int offset, int length) {
    this(bytes, offset, length, java.nio.charset.Charset.defaultCharset());
  }

  public String(byte[] bytes) {
    this(bytes, 0, bytes.length);
  }

  public String(StringBuffer buffer) {
    jwpValue = buffer.toString().jwpValue;
  }

  public String(StringBuilder builder) {
    jwpValue = builder.toString().jwpValue;
  }

  private static java.nio.charset.Charset jwpLookupCharset(String csn)
      throws java.io.UnsupportedEncodingException {
    java.util.Objects.requireNonNull(csn);
    try {
      return java.nio.charset.Charset.forName(csn);
    } catch (java.nio.charset.UnsupportedCharsetException | java.nio.charset.IllegalCharsetNameException x) {
      throw new java.io.UnsupportedEncodingException(csn);
    }
  }

  private static native char[] jwpDecode(byte[] bytes, int offset, int length, java.nio.charset.Charset charset);

  private native byte[] jwpEncode(java.nio.charset.Charset charset);

  public byte[] getBytes(String charsetName) throws java.io.UnsupportedEncodingException {
    if (charsetName == null) {
      throw new NullPointerException();
    }
    return jwpEncode(jwpLookupCharset(charsetName));
  }

  public byte[] getBytes(java.nio.charset.Charset charset) {
    if (charset == null) {
      throw new NullPointerException();
    }
    return jwpEncode(charset);
  }

  public byte[] getBytes() {
    return jwpEncode(java.nio.charset.Charset.defaultCharset());
  }

  // Each char's low eight bits.
  @Deprecated
  public void getBytes(int srcBegin, int srcEnd, byte[] dst, int dstBegin) {
    checkBoundsBeginEnd(srcBegin, srcEnd, jwpValue.length);
    java.util.Objects.requireNonNull(dst);
    checkBoundsOffCount(dstBegin, srcEnd - srcBegin, dst.length);
    for (int i = srcBegin; i < srcEnd; i++) {
      dst[dstBegin + i - srcBegin] = (byte) jwpValue[i];
    }
  }

  public int codePointBefore(int index) {
    int i = index - 1;
    if (i < 0 || i >= jwpValue.length) {
      throw new StringIndexOutOfBoundsException();
    }
    char c2 = jwpValue[i];
    if (c2 >= 0xDC00 && c2 <= 0xDFFF && i > 0) {
      char c1 = jwpValue[i - 1];
      if (c1 >= 0xD800 && c1 <= 0xDBFF) {
        return (c1 << 10) + c2 + (0x10000 - (0xD800 << 10) - 0xDC00);
      }
    }
    return c2;
  }

  // A high surrogate followed by a low one counts once.
  public int codePointCount(int beginIndex, int endIndex) {
    if (beginIndex < 0 || beginIndex > endIndex || endIndex > jwpValue.length) {
      throw new IndexOutOfBoundsException();
    }
    int n = endIndex - beginIndex;
    for (int i = beginIndex; i < endIndex - 1; i++) {
      if (jwpValue[i] >= 0xD800 && jwpValue[i] <= 0xDBFF && jwpValue[i + 1] >= 0xDC00 && jwpValue[i + 1] <= 0xDFFF) {
        n--;
        i++;
      }
    }
    return n;
  }

  public int offsetByCodePoints(int index, int codePointOffset) {
    return Character.offsetByCodePoints(this, index, codePointOffset);
  }

  public boolean contentEquals(StringBuffer sb) {
    return contentEquals((CharSequence) sb);
  }

  // A String compares as equals does; any other sequence by its length and
  // chars (a null one: NullPointerException).
  public boolean contentEquals(CharSequence cs) {
    if (cs instanceof String) {
      return equals(cs);
    }
    int n = jwpValue.length;
    if (n != cs.length()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (jwpValue[i] != cs.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  public boolean equalsIgnoreCase(String anotherString) {
    return (this == anotherString)
        ? true
        : (anotherString != null)
            && (anotherString.jwpValue.length == jwpValue.length)
            && regionMatches(true, 0, anotherString, 0, jwpValue.length);
  }

  // String.CASE_INSENSITIVE_ORDER: ASCII letters fold exactly; a pair with
  // a character past ASCII compares as Character's case tables say, which
  // is not modelled (jwpCompareFolded).
  public int compareToIgnoreCase(String str) {
    char[] a = jwpValue;
    char[] b = str.jwpValue;
    int n = a.length < b.length ? a.length : b.length;
    for (int k = 0; k < n; k++) {
      int d = jwpCompareFolded(a[k], b[k]);
      if (d != 0) {
        return d;
      }
    }
    return a.length - b.length;
  }

  // 0 when c1 and c2 are equal ignoring case, else the difference of their
  // lower-case forms. Exact for ASCII.
  private static int jwpCompareFolded(char c1, char c2) {
    if (c1 == c2) {
      return 0;
    }
    if (c1 >= 0x80 || c2 >= 0x80) {
      return jwpCompareFoldedBeyondAscii(c1, c2);
    }
    int l1 = (c1 >= 'A' && c1 <= 'Z') ? c1 + 32 : c1;
    int l2 = (c2 >= 'A' && c2 <= 'Z') ? c2 + 32 : c2;
    return l1 - l2;
  }

  private static native int jwpCompareFoldedBeyondAscii(char c1, char c2);

  // The bounds are compared in long arithmetic; a null other throws first.
  public boolean regionMatches(int toffset, String other, int ooffset, int len) {
    char[] o = other.jwpValue;
    if (ooffset < 0 || toffset < 0 || toffset > (long) jwpValue.length - len
        || ooffset > (long) o.length - len) {
      return false;
    }
    for (int i = 0; i < len; i++) {
      if (jwpValue[toffset + i] != o[ooffset + i]) {
        return false;
      }
    }
    return true;
  }

  public boolean regionMatches(boolean ignoreCase, int toffset, String other, int ooffset, int len) {
    if (!ignoreCase) {
      return regionMatches(toffset, other, ooffset, len);
    }
    char[] o = other.jwpValue;
    if (ooffset < 0 || toffset < 0 || toffset > (long) jwpValue.length - len
        || ooffset > (long) o.length - len) {
      return false;
    }
    for (int i = 0; i < len; i++) {
      if (jwpCompareFolded(jwpValue[toffset + i], o[ooffset + i]) != 0) {
        return false;
      }
    }
    return true;
  }

  // This string when oldChar does not occur (or equals newChar).
  public String replace(char oldChar, char newChar) {
    if (oldChar == newChar || indexOf(oldChar) < 0) {
      return this;
    }
    char[] v = new char[jwpValue.length];
    for (int i = 0; i < v.length; i++) {
      char c = jwpValue[i];
      v[i] = c == oldChar ? newChar : c;
    }
    return new String(v, 0, v.length);
  }

  // Non-overlapping matches from the left; this string when there is none;
  // an empty target puts the replacement around every char.
  public String replace(CharSequence target, CharSequence replacement) {
    String trgtStr = target.toString();
    String replStr = replacement.toString();
    int trgtLen = trgtStr.jwpValue.length;
    if (trgtLen == 1 && replStr.jwpValue.length == 1) {
      return replace(trgtStr.jwpValue[0], replStr.jwpValue[0]);
    }
    if (trgtLen > 0) {
      int j = indexOf(trgtStr);
      if (j < 0) {
        return this;
      }
      StringBuilder sb = new StringBuilder();
      int i = 0;
      while (j >= 0) {
        sb.append(substring(i, j)).append(replStr);
        i = j + trgtLen;
        j = indexOf(trgtStr, i);
      }
      return sb.append(substring(i)).toString();
    }
    StringBuilder sb = new StringBuilder();
    sb.append(replStr);
    for (int i = 0; i < jwpValue.length; i++) {
      sb.append(jwpValue[i]).append(replStr);
    }
    return sb.toString();
  }

  // Regular expressions are not modelled: JDK 17 compiles a Pattern (its
  // parser and matcher are more code than a search gets through), and a
  // bad expression throws PatternSyntaxException.
  public native boolean matches(String regex);

  public native String replaceFirst(String regex, String replacement);

  public native String replaceAll(String regex, String replacement);

  public native String[] split(String regex, int limit);

  public native String[] split(String regex);

  public static String join(CharSequence delimiter, CharSequence... elements) {
    String delim = delimiter.toString();
    String[] elems = new String[elements.length];
    for (int i = 0; i < elements.length; i++) {
      elems[i] = String.valueOf(elements[i]);
    }
    return join("", "", delim, elems, elems.length);
  }

  public static String join(CharSequence delimiter, Iterable<? extends CharSequence> elements) {
    java.util.Objects.requireNonNull(delimiter);
    java.util.Objects.requireNonNull(elements);
    StringBuilder sb = new StringBuilder();
    String delim = delimiter.toString();
    boolean first = true;
    for (CharSequence cs : elements) {
      if (!first) {
        sb.append(delim);
      }
      sb.append(String.valueOf(cs));
      first = false;
    }
    return sb.toString();
  }

  // java.base's join of `size` non-null strings (String.join, StringJoiner).
  static String join(String prefix, String suffix, String delimiter, String[] elements, int size) {
    StringBuilder sb = new StringBuilder();
    sb.append(prefix);
    for (int i = 0; i < size; i++) {
      if (i > 0) {
        sb.append(delimiter);
      }
      sb.append(elements[i]);
    }
    return sb.append(suffix).toString();
  }

  // Case mapping depends on the locale and Character's tables: a string
  // with nothing to map is returned as it is (as JDK 17 does); otherwise
  // the result is not modelled (jwpMapCase).
  private String jwpCaseMapped(java.util.Locale locale, boolean upper) {
    if (locale == null) {
      throw new NullPointerException();
    }
    char first = upper ? 'a' : 'A';
    for (int i = 0; i < jwpValue.length; i++) {
      char c = jwpValue[i];
      if (c >= 0x80 || (c >= first && c <= first + 25)) {
        return jwpMapCase(locale, upper);
      }
    }
    return this;
  }

  public String toLowerCase(java.util.Locale locale) {
    return jwpCaseMapped(locale, false);
  }

  public String toLowerCase() {
    return toLowerCase(java.util.Locale.getDefault());
  }

  public String toUpperCase(java.util.Locale locale) {
    return jwpCaseMapped(locale, true);
  }

  public String toUpperCase() {
    return toUpperCase(java.util.Locale.getDefault());
  }

  private native String jwpMapCase(java.util.Locale locale, boolean upper);

  // White space as Character.isWhitespace says (a method model: exact). No
  // code point past the BMP is white space, and no surrogate is, so a char
  // at a time is exact.
  public String strip() {
    int len = jwpValue.length;
    int st = 0;
    while (st < len && Character.isWhitespace(jwpValue[st])) {
      st++;
    }
    while (st < len && Character.isWhitespace(jwpValue[len - 1])) {
      len--;
    }
    return jwpRange(st, len);
  }

  public String stripLeading() {
    int st = 0;
    while (st < jwpValue.length && Character.isWhitespace(jwpValue[st])) {
      st++;
    }
    if (st == jwpValue.length) {
      return "";
    }
    return st == 0 ? this : substring(st);
  }

  public String stripTrailing() {
    int len = jwpValue.length;
    while (len > 0 && Character.isWhitespace(jwpValue[len - 1])) {
      len--;
    }
    if (len == 0) {
      return "";
    }
    return len == jwpValue.length ? this : substring(0, len);
  }

  public boolean isBlank() {
    for (int i = 0; i < jwpValue.length; i++) {
      if (!Character.isWhitespace(jwpValue[i])) {
        return false;
      }
    }
    return true;
  }

  public String repeat(int count) {
    if (count < 0) {
      throw new IllegalArgumentException();
    }
    if (count == 1) {
      return this;
    }
    int len = jwpValue.length;
    if (len == 0 || count == 0) {
      return "";
    }
    if (Integer.MAX_VALUE / count < len) {
      throw new OutOfMemoryError();
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < count; i++) {
      sb.append(this);
    }
    return sb.toString();
  }

  public static String valueOf(char[] data, int offset, int count) {
    return new String(data, offset, count);
  }

  public static String copyValueOf(char[] data, int offset, int count) {
    return new String(data, offset, count);
  }

  public static String copyValueOf(char[] data) {
    return new String(data);
  }

  // Float.toString and Double.toString (FloatingDecimal): their digits are
  // not modelled; they throw nothing.
  public static native String valueOf(float f);

  public static native String valueOf(double d);

  // Formatting of a format that is not a literal is not modelled: JDK 17
  // parses the format with a Formatter (more code than a search gets
  // through: it spent the whole budget in the parser, and it calls back into
  // every argument's toString or formatTo); a bad format or argument throws
  // an IllegalFormatException. A literal format of the conversions below is
  // parsed by jwp itself: the call is analysed as one of a method made for
  // that literal (callgraph/format_classes.h), which calls jwpFormatS and
  // the others, one per specifier, in the format's order.
  public static native String format(String format, Object... args);

  // What java.util.Formatter (JDK 17) prints for a specifier without flags,
  // width or precision, of the k-th argument that takes one: printString,
  // printInteger, printCharacter, printBoolean, with their exceptions. The
  // digits are ASCII, as the default locale's are on the JVMs jwp runs
  // witnesses on (Locale.ROOT, English; a locale with other digits, such
  // as Arabic, would print others).
  static Object jwpFormatArgument(Object[] args, int k, char conversion) {
    if (args == null) {
      return null;
    }
    if (k >= args.length) {
      char[] specifier = {'%', conversion};
      throw new java.util.MissingFormatArgumentException(new String(specifier));
    }
    return args[k];
  }

  // %s: formatTo for a Formattable (not modelled: a native), else toString.
  static String jwpFormatS(Object[] args, int k) {
    Object a = jwpFormatArgument(args, k, 's');
    if (a == null) {
      return "null";
    }
    if (a instanceof java.util.Formattable) {
      return jwpFormatFormattable((java.util.Formattable) a);
    }
    String s = a.toString();
    return s == null ? "null" : s;
  }

  static native String jwpFormatFormattable(java.util.Formattable a);

  // %d: Byte, Short, Integer, Long and BigInteger, in decimal.
  static String jwpFormatD(Object[] args, int k) {
    Object a = jwpFormatArgument(args, k, 'd');
    if (a == null) {
      return "null";
    }
    if (a instanceof Byte) {
      return StringBuilder.jwpDecimal(((Byte) a).byteValue());
    }
    if (a instanceof Short) {
      return StringBuilder.jwpDecimal(((Short) a).shortValue());
    }
    if (a instanceof Integer) {
      return StringBuilder.jwpDecimal(((Integer) a).intValue());
    }
    if (a instanceof Long) {
      return StringBuilder.jwpDecimal(((Long) a).longValue());
    }
    if (a instanceof java.math.BigInteger) {
      return jwpFormatBigInteger((java.math.BigInteger) a, 10);
    }
    throw new java.util.IllegalFormatConversionException('d', a.getClass());
  }

  // %x: a negative Byte, Short or Integer in two's complement of its width;
  // a BigInteger signed.
  static String jwpFormatX(Object[] args, int k) {
    Object a = jwpFormatArgument(args, k, 'x');
    if (a == null) {
      return "null";
    }
    if (a instanceof Byte) {
      return jwpHex(((Byte) a).byteValue() & 0xffL);
    }
    if (a instanceof Short) {
      return jwpHex(((Short) a).shortValue() & 0xffffL);
    }
    if (a instanceof Integer) {
      return jwpHex(((Integer) a).intValue() & 0xffffffffL);
    }
    if (a instanceof Long) {
      return jwpHex(((Long) a).longValue());
    }
    if (a instanceof java.math.BigInteger) {
      return jwpFormatBigInteger((java.math.BigInteger) a, 16);
    }
    throw new java.util.IllegalFormatConversionException('x', a.getClass());
  }

  // A BigInteger's digits, signed (its toString(radix)): not modelled (the
  // JDK's BigInteger code is more than a message is worth searching).
  static native String jwpFormatBigInteger(java.math.BigInteger a, int radix);

  // Long.toHexString: v's unsigned hexadecimal digits, lower case.
  static String jwpHex(long v) {
    int n = 1;
    for (long t = v >>> 4; t != 0; t >>>= 4) {
      n++;
    }
    char[] digits = new char[n];
    for (int i = n - 1; i >= 0; i--) {
      int d = (int) (v & 15);
      digits[i] = (char) (d < 10 ? '0' + d : 'a' + d - 10);
      v >>>= 4;
    }
    return new String(digits);
  }

  // %c: a Character, or a Byte, Short or Integer that is a code point.
  static String jwpFormatC(Object[] args, int k) {
    Object a = jwpFormatArgument(args, k, 'c');
    if (a == null) {
      return "null";
    }
    if (a instanceof Character) {
      return valueOf(((Character) a).charValue());
    }
    int codePoint;
    if (a instanceof Byte) {
      codePoint = ((Byte) a).byteValue();
    } else if (a instanceof Short) {
      codePoint = ((Short) a).shortValue();
    } else if (a instanceof Integer) {
      codePoint = ((Integer) a).intValue();
    } else {
      throw new java.util.IllegalFormatConversionException('c', a.getClass());
    }
    if (codePoint < 0 || codePoint > Character.MAX_CODE_POINT) {
      throw new java.util.IllegalFormatCodePointException(codePoint);
    }
    return codePoint < 0x10000 ? valueOf((char) codePoint) : valueOfCodePoint(codePoint);
  }

  // %b: false for null, a Boolean's value, true for anything else.
  static String jwpFormatB(Object[] args, int k) {
    Object a = jwpFormatArgument(args, k, 'b');
    if (a == null) {
      return "false";
    }
    if (a instanceof Boolean) {
      return ((Boolean) a).booleanValue() ? "true" : "false";
    }
    return "true";
  }

  public static native String format(java.util.Locale l, String format, Object... args);

  public native String formatted(Object... args);

  public <R> R transform(java.util.function.Function<? super String, ? extends R> f) {
    return f.apply(this);
  }

  // java.base's internals that other classes of java.lang call.
  String(AbstractStringBuilder asb, Void sig) {
    jwpValue = asb.toString().jwpValue;
  }

  // The caller has checked the range.
  String(char[] value, int off, int len, Void sig) {
    this(value, off, len);
  }

  // This string's bytes in its coder's encoding (UTF-16 little-endian).
  byte[] value() {
    byte[] b;
    if (coder() == LATIN1) {
      b = new byte[jwpValue.length];
      for (int i = 0; i < jwpValue.length; i++) {
        b[i] = (byte) jwpValue[i];
      }
    } else {
      b = new byte[jwpValue.length << 1];
      for (int i = 0; i < jwpValue.length; i++) {
        b[2 * i] = (byte) jwpValue[i];
        b[2 * i + 1] = (byte) (jwpValue[i] >> 8);
      }
    }
    return b;
  }

  // Copies into a builder's bytes of coder `coder` (its characters from
  // dstBegin on).
  void getBytes(byte[] dst, int dstBegin, byte coder) {
    getBytes(dst, 0, dstBegin, coder, jwpValue.length);
  }

  void getBytes(byte[] dst, int srcPos, int dstBegin, byte coder, int length) {
    for (int i = 0; i < length; i++) {
      char c = jwpValue[srcPos + i];
      if (coder == LATIN1) {
        dst[dstBegin + i] = (byte) c;
      } else {
        dst[2 * (dstBegin + i)] = (byte) c;
        dst[2 * (dstBegin + i) + 1] = (byte) (c >> 8);
      }
    }
  }

  // The ASCII prefix of sa[sp, sp + len) into da from dp; its length.
  static int decodeASCII(byte[] sa, int sp, char[] da, int dp, int len) {
    int i = 0;
    while (i < len && sa[sp + i] >= 0) {
      da[dp + i] = (char) sa[sp + i];
      i++;
    }
    return i;
  }

  // A builder's first srcCount characters, in its bytes of coder srcCoder.
  static int indexOf(byte[] src, byte srcCoder, int srcCount, String tgtStr, int fromIndex) {
    return new String(java.util.Arrays.copyOfRange(src, 0, srcCount << srcCoder), srcCoder)
        .indexOf(tgtStr, fromIndex);
  }

  static int lastIndexOf(byte[] src, byte srcCoder, int srcCount, String tgtStr, int fromIndex) {
    return new String(java.util.Arrays.copyOfRange(src, 0, srcCount << srcCoder), srcCoder)
        .lastIndexOf(tgtStr, fromIndex);
  }

  static String valueOfCodePoint(int codePoint) {
    int[] cp = new int[1];
    cp[0] = codePoint;
    return new String(cp, 0, 1);
  }

  // Coding that throws instead of replacing (JavaLangAccess's, for
  // java.nio.file.Files.readString and writeString, and for paths), as JDK
  // 17 orders its checks. Which characters fail is not modelled: for UTF-8,
  // ISO-8859-1 and US-ASCII, jwpCodingFails() says whether these do, a value
  // of its own at each call (both outcomes are explored, and a witness that
  // needs one is run on the JVM); the exception is one the JDK throws for
  // that charset (MalformedInputException for bytes that are not UTF-8 or
  // ASCII and for an unpaired surrogate, UnmappableCharacterException for a
  // character ISO-8859-1 or US-ASCII lacks). Another charset's coder
  // (jwpDecodeNoRepl, jwpEncodeNoRepl) is not modelled.
  private static native boolean jwpCodingFails();

  private static native String jwpDecodeNoRepl(byte[] src, java.nio.charset.Charset cs)
      throws java.nio.charset.CharacterCodingException;

  private static native byte[] jwpEncodeNoRepl(String s, java.nio.charset.Charset cs)
      throws java.nio.charset.CharacterCodingException;

  static String newStringNoRepl(byte[] src, java.nio.charset.Charset cs)
      throws java.nio.charset.CharacterCodingException {
    int n = src.length;
    if (n == 0) {
      return "";
    }
    if (cs == sun.nio.cs.UTF_8.INSTANCE || cs == sun.nio.cs.US_ASCII.INSTANCE) {
      if (jwpCodingFails()) {
        throw new java.nio.charset.MalformedInputException(1);
      }
      return new String(src, 0, n, cs);
    }
    if (cs == sun.nio.cs.ISO_8859_1.INSTANCE) {
      return new String(src, 0, n, cs);
    }
    if (cs == null) {
      throw new NullPointerException();  // cs.newDecoder()
    }
    return jwpDecodeNoRepl(src, cs);
  }

  static String newStringUTF8NoRepl(byte[] src, int off, int len) {
    checkBoundsOffCount(off, len, src.length);
    if (len == 0) {
      return "";
    }
    if (jwpCodingFails()) {
      throw new IllegalArgumentException(new java.nio.charset.MalformedInputException(1));
    }
    return new String(src, off, len, sun.nio.cs.UTF_8.INSTANCE);
  }

  static byte[] getBytesNoRepl(String s, java.nio.charset.Charset cs)
      throws java.nio.charset.CharacterCodingException {
    if (s == null) {
      throw new NullPointerException();
    }
    if (cs == sun.nio.cs.UTF_8.INSTANCE) {
      if (jwpCodingFails()) {
        throw new java.nio.charset.MalformedInputException(1);
      }
      return s.jwpEncode(cs);
    }
    if (cs == sun.nio.cs.ISO_8859_1.INSTANCE || cs == sun.nio.cs.US_ASCII.INSTANCE) {
      if (jwpCodingFails()) {
        // A character the charset lacks; an unpaired surrogate (JDK 17's
        // encoder reports it as malformed).
        if (jwpCodingFails()) {
          throw new java.nio.charset.UnmappableCharacterException(1);
        }
        throw new java.nio.charset.MalformedInputException(1);
      }
      return s.jwpEncode(cs);
    }
    if (cs == null) {
      throw new NullPointerException();  // cs.newEncoder()
    }
    return jwpEncodeNoRepl(s, cs);
  }

  static byte[] getBytesUTF8NoRepl(String s) {
    if (s == null) {
      throw new NullPointerException();
    }
    if (jwpCodingFails()) {
      throw new IllegalArgumentException(new java.nio.charset.MalformedInputException(1));
    }
    return s.jwpEncode(sun.nio.cs.UTF_8.INSTANCE);
  }

  public native java.util.stream.Stream<String> lines();

  public native String indent(int n);

  public native String stripIndent();

  public native String translateEscapes();

  public native java.util.stream.IntStream chars();

  public native java.util.stream.IntStream codePoints();

  public native String intern();

  public java.util.Optional<String> describeConstable() {
    return java.util.Optional.of(this);
  }

  public String resolveConstantDesc(java.lang.invoke.MethodHandles.Lookup lookup) {
    return this;
  }
}
