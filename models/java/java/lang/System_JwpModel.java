package java.lang;

/**
 * jwp's method models of java.lang.System (callgraph/method_models.h), for
 * the analysis only: it is never run, and the witness runner runs the JDK's
 * own System.
 */
abstract class System_JwpModel {
  private System_JwpModel() {}

  /**
   * System.arraycopy as HotSpot (JDK 17) does it: NullPointerException when
   * src or dest is null; ArrayStoreException when src is not an array, or
   * dest is not an array of the same primitive type (or, for a reference
   * array src, not a reference array); ArrayIndexOutOfBoundsException when
   * a position or the length is negative or a range passes an array's end;
   * then the elements are copied. Reference elements are checked one by one,
   * like aastore: an element dest cannot hold throws ArrayStoreException
   * after the ones before it are copied. Overlapping ranges of one array are
   * copied as if through a temporary array. Messages are left out.
   */
  static void arraycopy(Object src, int srcPos, Object dest, int destPos, int length) {
    if (src == null || dest == null) throw new NullPointerException();
    if (src instanceof Object[]) {
      if (!(dest instanceof Object[])) throw new ArrayStoreException();
      Object[] s = (Object[]) src;
      Object[] d = (Object[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof boolean[]) {
      if (!(dest instanceof boolean[])) throw new ArrayStoreException();
      boolean[] s = (boolean[]) src;
      boolean[] d = (boolean[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof byte[]) {
      if (!(dest instanceof byte[])) throw new ArrayStoreException();
      byte[] s = (byte[]) src;
      byte[] d = (byte[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof char[]) {
      if (!(dest instanceof char[])) throw new ArrayStoreException();
      char[] s = (char[]) src;
      char[] d = (char[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof short[]) {
      if (!(dest instanceof short[])) throw new ArrayStoreException();
      short[] s = (short[]) src;
      short[] d = (short[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof int[]) {
      if (!(dest instanceof int[])) throw new ArrayStoreException();
      int[] s = (int[]) src;
      int[] d = (int[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof long[]) {
      if (!(dest instanceof long[])) throw new ArrayStoreException();
      long[] s = (long[]) src;
      long[] d = (long[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof float[]) {
      if (!(dest instanceof float[])) throw new ArrayStoreException();
      float[] s = (float[]) src;
      float[] d = (float[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    if (src instanceof double[]) {
      if (!(dest instanceof double[])) throw new ArrayStoreException();
      double[] s = (double[]) src;
      double[] d = (double[]) dest;
      checkBounds(s.length, srcPos, d.length, destPos, length);
      if (s == d && srcPos < destPos) {
        for (int i = length - 1; i >= 0; i--) d[destPos + i] = s[srcPos + i];
      } else {
        for (int i = 0; i < length; i++) d[destPos + i] = s[srcPos + i];
      }
      return;
    }
    throw new ArrayStoreException();
  }

  private static void checkBounds(int srcLength, int srcPos, int destLength, int destPos, int length) {
    if (srcPos < 0 || destPos < 0 || length < 0 || srcPos > srcLength - length || destPos > destLength - length) {
      throw new ArrayIndexOutOfBoundsException();
    }
  }
}
