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

  public native StringBuilder append(float f);

  public native StringBuilder append(double d);

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

  public native CharSequence subSequence(int start, int end);

  public native int compareTo(StringBuilder another);
}
