package jwp.runner;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** How the entry call ended, observed in the VM that ran it. */
final class Outcome {
  enum Kind { RETURNED, THREW, TIMED_OUT }

  final Kind kind;
  final Throwable thrown; // THREW only
  final long timeoutMs;
  Object returned; // RETURNED: the call's value (boxed; null for void), or the constructed object

  private Outcome(Kind kind, Throwable thrown, long timeoutMs) {
    this.kind = kind;
    this.thrown = thrown;
    this.timeoutMs = timeoutMs;
  }

  /** An invocation problem that is not the entry's own behaviour (bad arguments for reflection). */
  static final class InvokeError extends Exception {
    InvokeError(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /**
   * Calls the entry in a fresh daemon thread named "jwp-entry" and waits at most timeoutMs. The thread
   * name is what the debugger uses to tell the entry's events from the materialization's.
   */
  static Outcome invoke(Materializer.Call call, long timeoutMs) throws InvokeError {
    final Object[] result = new Object[2]; // [0] = Outcome, [1] = InvokeError
    Thread t = new Thread(null, () -> {
      try {
        Object value = call.method instanceof Constructor
            ? ((Constructor<?>) call.method).newInstance(call.arguments)
            : ((Method) call.method).invoke(call.receiver, call.arguments);
        Outcome o = new Outcome(Kind.RETURNED, null, 0);
        o.returned = value;
        result[0] = o;
      } catch (InvocationTargetException e) {
        result[0] = new Outcome(Kind.THREW, e.getCause(), 0);
      } catch (ExceptionInInitializerError e) { // initialization of the entry's class, done by the call
        result[0] = new Outcome(Kind.THREW, e, 0);
      } catch (IllegalAccessException | IllegalArgumentException | InstantiationException e) {
        result[1] = new InvokeError("reflection refused the entry call: " + e, e);
      } catch (Throwable e) { // e.g. StackOverflowError or OutOfMemoryError around the call itself
        result[0] = new Outcome(Kind.THREW, e, 0);
      }
    }, "jwp-entry", 0);
    t.setDaemon(true);
    t.start();
    try {
      t.join(timeoutMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (t.isAlive()) return new Outcome(Kind.TIMED_OUT, null, timeoutMs); // isAlive() false orders the writes
    if (result[1] != null) throw (InvokeError) result[1];
    return (Outcome) result[0];
  }

  /**
   * Whether the call ran out of the runner's heap ({@link WitnessRunner#MAX_HEAP}): the VM's limit, not
   * the witness's behaviour, so no verdict either way (a witness whose inputs make the entry allocate
   * gigabytes, e.g. a length field of two billion, is neither confirmed nor refuted).
   */
  boolean ranOutOfMemory() {
    return kind == Kind.THREW && thrown instanceof OutOfMemoryError;
  }

  /** "returned normally", "threw java.lang.X at a/B.m line 12", "timed out after N ms". */
  String describe() {
    switch (kind) {
      case RETURNED:
        return "returned normally";
      case TIMED_OUT:
        return "timed out after " + timeoutMs + " ms";
      default:
        return "threw " + thrown.getClass().getName() + at(thrown);
    }
  }

  /**
   * The thrown exception's stack, top first, as "a/B.m:12 < c/D.n:40 < ..." (at most 40 frames): a
   * refuted optimistic candidate's stack names the calls the search assumed to return normally that threw
   * (issue #27). Empty unless THREW.
   */
  String stack() {
    if (kind != Kind.THREW) return "";
    StringBuilder b = new StringBuilder();
    StackTraceElement[] st = thrown.getStackTrace();
    for (int i = 0; i < st.length && i < 40; i++) {
      if (st[i].getClassName().startsWith("jwp.runner.") || st[i].getClassName().startsWith("jdk.internal.reflect.")) break;
      if (b.length() > 0) b.append(" < ");
      b.append(Descriptors.internalName(st[i].getClassName())).append('.').append(st[i].getMethodName())
          .append(':').append(st[i].getLineNumber());
    }
    return b.toString();
  }

  static String at(Throwable t) {
    StackTraceElement[] st = t.getStackTrace();
    if (st.length == 0) return " (no stack trace)";
    StackTraceElement top = st[0];
    return " at " + Descriptors.internalName(top.getClassName()) + "." + top.getMethodName()
        + (top.getLineNumber() >= 0 ? " line " + top.getLineNumber() : top.isNativeMethod() ? " (native)" : "");
  }
}
