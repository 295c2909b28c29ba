package java.lang;

/**
 * jwp's method models of java.lang.Thread (callgraph/method_models.h), for
 * the analysis only: it is never run, and the witness runner runs the JDK's
 * own Thread.
 */
abstract class Thread_JwpModel {
  private Thread_JwpModel() {}

  /**
   * Thread.holdsLock (a native) as HotSpot (JDK 17) does it: a
   * NullPointerException for null; otherwise whether the current thread
   * holds obj's monitor, which the analysis does not track (a value of its
   * own, jwpHoldsLock: a witness that needs it is run on the JVM).
   */
  static boolean holdsLock(Object obj) {
    if (obj == null) throw new NullPointerException();
    return jwpHoldsLock(obj);
  }

  private static native boolean jwpHoldsLock(Object obj);
}
