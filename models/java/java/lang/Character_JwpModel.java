package java.lang;

/**
 * jwp's method models of java.lang.Character (callgraph/method_models.h), for
 * the analysis only: it is never run.
 */
abstract class Character_JwpModel {
  private Character_JwpModel() {}

  /**
   * Character.valueOf: JDK 17 returns a cached Character for '\u0000' to
   * '\u007f' and a new one otherwise. The cached objects come from a class
   * initializer the analysis does not run: cached() is a native whose
   * result the engine knows only by its value, which is c (wp/calls.cc,
   * cached_box), and by its type.
   */
  static Character valueOf(char c) {
    if (c <= 127) return cached(c);
    return new Character(c);
  }

  private static native Character cached(char c);
}
