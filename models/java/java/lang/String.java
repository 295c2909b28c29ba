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

  public native String intern();

  public native java.util.Optional<String> describeConstable();

  public native String resolveConstantDesc(java.lang.invoke.MethodHandles.Lookup lookup);
}
