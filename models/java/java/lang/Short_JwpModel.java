package java.lang;

/**
 * jwp's method models of java.lang.Short (callgraph/method_models.h), for the
 * analysis only: it is never run.
 */
abstract class Short_JwpModel {
  private Short_JwpModel() {}

  /**
   * Short.valueOf: JDK 17 returns a cached Short for -128 to 127 and a new
   * one otherwise. The cached objects come from a class initializer the
   * analysis does not run: cached() is a native whose result the engine
   * knows only by its value, which is s (wp/calls.cc, cached_box), and by its
   * type.
   */
  static Short valueOf(short s) {
    if (s >= -128 && s <= 127) return cached(s);
    return new Short(s);
  }

  private static native Short cached(short s);
}
