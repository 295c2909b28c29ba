package java.lang.reflect;

/**
 * jwp's method models of java.lang.reflect.Array (callgraph/method_models.h),
 * for the analysis only: it is never run, and the witness runner runs the
 * JDK's own Array.
 */
abstract class Array_JwpModel {
  private Array_JwpModel() {}

  /**
   * Array.getLength (a native) as HotSpot (JDK 17) does it: the length of
   * any array, NullPointerException for null, IllegalArgumentException
   * ("Argument is not an array") for anything else.
   */
  static int getLength(Object array) {
    if (array == null) throw new NullPointerException();
    if (array instanceof Object[]) return ((Object[]) array).length;
    if (array instanceof int[]) return ((int[]) array).length;
    if (array instanceof long[]) return ((long[]) array).length;
    if (array instanceof byte[]) return ((byte[]) array).length;
    if (array instanceof char[]) return ((char[]) array).length;
    if (array instanceof short[]) return ((short[]) array).length;
    if (array instanceof boolean[]) return ((boolean[]) array).length;
    if (array instanceof float[]) return ((float[]) array).length;
    if (array instanceof double[]) return ((double[]) array).length;
    throw new IllegalArgumentException("Argument is not an array");
  }
}
