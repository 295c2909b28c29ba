package jwp.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The debuggee side of {@link JdiCheck}: reads "source name\n" then the witness text from stdin, builds
 * the state, links the class of the expected location (so the debugger can arm it before the entry
 * runs), calls the entry in the thread "jwp-entry" and reports on stdout with marker lines:
 * "@@jwp-runner@@ OUTCOME text", "@@jwp-runner@@ BAD message" or "@@jwp-runner@@ ERROR message".
 * Everything the entry prints goes to stderr.
 */
public final class Debuggee {
  static final String MARK = "@@jwp-runner@@ ";
  /** Between an OUTCOME's text and the thrown exception's stack (Outcome.stack), when it threw. */
  static final String STACK = " @@stack ";
  /** Before an OUTCOME's text when the expect is an exit and the entry exited so (JdiCheck checks exits with inputs). */
  static final String EXIT_MET = "@@exit ";

  private static volatile boolean reported;

  private Debuggee() {}

  public static void main(String[] args) throws IOException {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (!reported) {
        out.println(MARK + "OUTCOME the entry called System.exit");
        out.flush();
      }
    }));
    WitnessRunner.preloadReplayClasses(); // a spare debuggee (DebuggeeLaunch) waits here
    String all = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    if (all.isEmpty()) {
      // A spare its runner no longer needs: no witness, no report; its directory goes.
      reported = true;
      WitnessRunner.removeOwnDirectory(DebuggeeLaunch.DIR_PREFIX);
      Runtime.getRuntime().halt(0);
    }
    int nl = all.indexOf('\n');
    String source = nl < 0 ? "witness" : all.substring(0, nl);
    String text = nl < 0 ? all : all.substring(nl + 1);
    String report;
    try {
      Witness w = Witness.parse(source, text);
      Materializer m = new Materializer(w, ClassLoader.getSystemClassLoader());
      Class<?> type = m.expectType();
      Materializer.Call call = m.materialize();
      m.linkExpectClass();
      Outcome o = Outcome.invoke(call, w.timeoutMs);
      boolean exitMet = w.expect.kind.equals("exit") && o.kind == Outcome.Kind.THREW
          && (o.thrown.getClass() == type || (w.expect.subtypes && type.isInstance(o.thrown)));
      report = "OUTCOME " + (exitMet ? EXIT_MET : "") + o.describe() + (o.stack().isEmpty() ? "" : STACK + o.stack());
    } catch (BadWitness e) {
      report = "BAD " + oneLine(e.getMessage());
    } catch (Outcome.InvokeError e) {
      report = "BAD " + source + ": entry: " + oneLine(e.getMessage());
    } catch (Throwable e) {
      report = "ERROR " + source + ": " + oneLine(e.toString());
    }
    reported = true;
    out.println(MARK + report);
    out.flush();
    Runtime.getRuntime().halt(0);
  }

  static String oneLine(String s) {
    return s == null ? "" : s.replace('\n', ' ').replace('\r', ' ');
  }
}
