package java.lang;

/**
 * jwp's method models of java.lang.Long (callgraph/method_models.h), for the
 * analysis only: it is never run.
 */
abstract class Long_JwpModel {
  private Long_JwpModel() {}

  /**
   * Long.valueOf: JDK 17 returns a cached Long for -128 to 127 and a new one otherwise. The cached
   * objects come from a class initializer the analysis does not run:
   * cached() is a native whose result the engine knows only by its value,
   * which is i (wp/engine.cc, cached_box), and by its type.
   */
  static Long valueOf(long i) {
    if (i >= -128 && i <= 127) return cached(i);
    return new Long(i);
  }

  private static native Long cached(long i);
}
