package cases;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Cases for the javap-compatible printer (classfile/class_printer.cc): string
 * escapes, Java's float formatting, generic signatures, varargs, wide forms,
 * switches, nested and local classes. Compiled by tests/javap/CMakeLists.txt.
 */
public abstract class PrinterCases<T extends Comparable<? super T>, U> implements Callable<List<? extends T>> {
  public static final String CONTROL = "tab\there\nnl\r\f\b \u0001 \u007f \u0085 q\" a' b\\ ";
  public static final String UNICODE = "\u00e9\u4e2d\uD83D\uDE00\u2028 \uFEFF";
  public static final char C = '\u00e9';
  public static final boolean B = true;
  static final float[] FLOATS = {1.0E-36f, 3.4028235E38f, 1.4E-45f, 0.1f, 1.0E7f, 9999999.0f, 1.0E-3f, 0.001f, 123456.79f, Float.NaN, -0.0f};
  static final double[] DOUBLES = {2.0E-3, 1.0E23, 2.82879384806159E17, 4.9E-324, 1.7976931348623157E308, 0.1, 1.0E7, 9999999.0, 1.0E-3, 123456789.123, Double.NaN, Double.POSITIVE_INFINITY, -0.0, 5e-324, 1e21, 1.2345678901234567E-100};
  protected Map<String, List<T>>[] maps;
  Map.Entry<String, ? super U> entry;
  int[][] grid;

  public <X extends Exception> void throwsGeneric(X x) throws X, IOException { throw x; }
  public <V extends Number & Comparable<V>> V bounded(V v, List<?> w, T... rest) { return v; }
  static void varargs(String fmt, Object... args) {}
  static void arrayNotVarargs(String[] args) {}
  public abstract List<? extends T> call();

  static long wide(long a) {
    long x0 = a, x1 = a, x2 = a, x3 = a, x4 = a, x5 = a, x6 = a, x7 = a, x8 = a, x9 = a;
    long y0 = a, y1 = a, y2 = a, y3 = a, y4 = a, y5 = a, y6 = a, y7 = a, y8 = a, y9 = a;
    long z0 = a, z1 = a, z2 = a, z3 = a, z4 = a, z5 = a, z6 = a, z7 = a, z8 = a, z9 = a;
    long[] big = new long[130];
    double dd = 0; float ff = 0;
    long w0=a,w1=a,w2=a,w3=a,w4=a,w5=a,w6=a,w7=a,w8=a,w9=a,w10=a,w11=a,w12=a,w13=a,w14=a,w15=a,w16=a,w17=a,w18=a,w19=a;
    long v0=a,v1=a,v2=a,v3=a,v4=a,v5=a,v6=a,v7=a,v8=a,v9=a,v10=a,v11=a,v12=a,v13=a,v14=a,v15=a,v16=a,v17=a,v18=a,v19=a;
    long u0=a,u1=a,u2=a,u3=a,u4=a,u5=a,u6=a,u7=a,u8=a,u9=a,u10=a,u11=a,u12=a,u13=a,u14=a,u15=a,u16=a,u17=a,u18=a,u19=a;
    long t0=a,t1=a,t2=a,t3=a,t4=a,t5=a,t6=a,t7=a,t8=a,t9=a,t10=a,t11=a,t12=a,t13=a,t14=a,t15=a,t16=a,t17=a,t18=a,t19=a;
    long s0=a,s1=a,s2=a,s3=a,s4=a,s5=a,s6=a,s7=a,s8=a,s9=a,s10=a,s11=a,s12=a,s13=a,s14=a,s15=a,s16=a,s17=a,s18=a,s19=a;
    long r0=a,r1=a,r2=a,r3=a,r4=a,r5=a,r6=a,r7=a,r8=a,r9=a,r10=a,r11=a,r12=a,r13=a,r14=a,r15=a,r16=a,r17=a,r18=a,r19=a;
    long q0=a,q1=a,q2=a,q3=a,q4=a,q5=a,q6=a,q7=a,q8=a,q9=a,q10=a,q11=a,q12=a,q13=a,q14=a,q15=a,q16=a,q17=a,q18=a,q19=a;
    int k = 0; k += 300; k -= 70000; Object o = null; String s = null;
    dd += 1.5; ff *= 2.5f; s = "x" + k; o = s;
    return a + x9 + s19 + k + (long) dd + (long) ff + o.hashCode() + big.length;
  }
  static Object multi(int n) { return new String[n][2][]; }
  static Object multi2(int n) { return new int[n][3]; }
  static Object prim() { return new boolean[][] { new boolean[1] }; }
  static int cls() { return String[].class.hashCode() + int.class.hashCode() + List.class.hashCode(); }
  long longs() { return 1234567890123L + (long) 3.14159e200; }
  float fl() { return 16777216.0f + 1e-10f; }
  static int ints() { return 100000 + -32769 + 32767 + -129 + 127; }
  interface Iface { default void d() {} static void s() {} private void p() {} void a(); }
  @interface Ann { String value() default "x"; }
  enum E { A { void f() {} }, B; void f() {} }
  class Inner<Q> { class Deeper {} Inner<Q>.Deeper make() { return new Deeper(); } }
  Inner<String>.Deeper deep;
  static String ünïcödé(String ñ) { return ñ; }
  static int sw(String s) { switch (s) { case "a": return 1; case "b": return 2; default: return 0; } }
  static int sw2(int i) { switch (i) { case -2: case -1: case 0: case 1: case 2: case 3: return i; case 1000: return 1; default: return 7; } }
  static Runnable lam() { return PrinterCases::varargs2; }
  static void varargs2() { Runnable r = () -> {}; r.run(); }
  static synchronized native void nat();
  strictfp double sfp() { return 1; }
  static int strings() { return CONTROL.length() + UNICODE.length() + "\u0000\uffff\ud800x".length(); }
  static boolean charsAndBooleans(char c, boolean b) { return c == C && b == B; }
}
