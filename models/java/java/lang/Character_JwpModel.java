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

  /**
   * Character.isWhitespace as JDK 17's tables (Unicode 13) answer, listed
   * on its JVM: the space separators but the non-breaking ones, the line
   * and paragraph separators, tab to carriage return and 0x1C to 0x1F. No
   * code point past the BMP is white space. (The tables themselves, read
   * through CharacterData, cost the search thousands of steps a char.)
   */
  static boolean isWhitespace(char ch) {
    return isWhitespace((int) ch);
  }

  // A chain of comparisons, so that each answer is one conjunction of
  // bounds (a disjunction of ranges negated would be many).
  static boolean isWhitespace(int c) {
    if (c <= 0x20) {
      if (c >= 0x1C) {
        return true;
      }
      return c >= 0x09 && c <= 0x0D;
    }
    if (c < 0x1680) {
      return false;
    }
    if (c < 0x2000) {
      return c == 0x1680;
    }
    if (c <= 0x200A) {
      return c != 0x2007;
    }
    return c == 0x2028 || c == 0x2029 || c == 0x205F || c == 0x3000;
  }
}
