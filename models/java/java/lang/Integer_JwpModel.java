package java.lang;

/**
 * jwp's method models of java.lang.Integer (callgraph/method_models.h), for the
 * analysis only: it is never run.
 */
abstract class Integer_JwpModel {
  private Integer_JwpModel() {}

  /**
   * Integer.valueOf: JDK 17 returns a cached Integer for -128 to 127 (the
   * cache's upper end is 127 unless -XX:AutoBoxCacheMax raises it, which
   * the witness runner does not) and a new one otherwise. The cached
   * objects come from a class initializer the analysis does not run:
   * cached() is a native whose result the engine knows only by its value,
   * which is i (wp/engine.cc, cached_box), and by its type; its identity
   * stays unknown.
   */
  static Integer valueOf(int i) {
    if (i >= -128 && i <= 127) return cached(i);
    return new Integer(i);
  }

  private static native Integer cached(int i);
}
