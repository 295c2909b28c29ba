package java.lang;

/**
 * jwp's method models of java.lang.Byte (callgraph/method_models.h), for the
 * analysis only: it is never run.
 */
abstract class Byte_JwpModel {
  private Byte_JwpModel() {}

  /**
   * Byte.valueOf: JDK 17 returns the cached Byte of every value (its
   * ByteCache holds all 256). The cached objects come from a class
   * initializer the analysis does not run: cached() is a native whose
   * result the engine knows only by its value, which is b (wp/calls.cc,
   * cached_box), and by its type; its identity stays unknown.
   */
  static Byte valueOf(byte b) {
    return cached(b);
  }

  private static native Byte cached(byte b);
}
