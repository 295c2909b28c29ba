package java.lang;

/**
 * jwp's method models of java.lang.Long (callgraph/method_models.h), for the
 * analysis only: it is never run.
 */
abstract class Long_JwpModel {
  private Long_JwpModel() {}

  /**
   * Long.valueOf: JDK 17 returns a cached Long for -128 to 127 and a new one otherwise. The cached
   * objects come from a class initializer the analysis does not run, so a
   * cached result is left unknown (cached() is a native without a model).
   */
  static Long valueOf(long i) {
    if (i >= -128 && i <= 127) return cached(i);
    return new Long(i);
  }

  private static native Long cached(long i);
}
