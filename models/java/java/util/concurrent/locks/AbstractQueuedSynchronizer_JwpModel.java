package java.util.concurrent.locks;

/**
 * jwp's method models of AbstractQueuedSynchronizer
 * (callgraph/method_models.h), for the analysis only: it is never run.
 */
abstract class AbstractQueuedSynchronizer_JwpModel {
  private AbstractQueuedSynchronizer_JwpModel() {}

  /**
   * compareAndSetState: JDK 17 compares and sets the field state through
   * jdk.internal.misc.Unsafe (a native the analysis cannot follow); one
   * thread sees it as a plain read and write of that field.
   */
  static boolean compareAndSetState(AbstractQueuedSynchronizer self, int expect, int update) {
    if (self.getState() != expect) return false;
    self.setState(update);
    return true;
  }
}
