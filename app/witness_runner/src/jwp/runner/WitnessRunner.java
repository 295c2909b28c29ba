package jwp.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Replays a jwp witness on this JVM and says whether the goal happens.
 *
 * <pre>java -cp jwp-witness-runner.jar:TARGET_CLASS_PATH jwp.runner.WitnessRunner WITNESS.json|-</pre>
 *
 * First line on stdout: CONFIRMED or "REFUTED: what happened instead"; then detail lines indented by
 * two spaces. Exit status 0 CONFIRMED, 1 REFUTED, 2 bad witness or setup error (message on stderr).
 * See README.md for the witness format and how each kind of goal is observed.
 */
public final class WitnessRunner {
  private WitnessRunner() {}

  private static volatile boolean verdictPrinted;

  /**
   * The heap of every VM that runs a witness (this one, as jwp starts it, the re-launched one and the
   * debuggee): a witness's inputs are the solver's, and may make the entry allocate gigabytes before
   * the goal (a length field of two billion); with a bounded heap that ends at once in an
   * OutOfMemoryError, which is no verdict (exit 2). Large enough for the longest array a witness
   * builds (100,000,000 elements of a byte array; wp/entry_check.cc).
   */
  static final String MAX_HEAP = "-Xmx1g";

  /** Why an entry that ran out of the heap has no verdict; `outcome` says how it ended. */
  static String outOfMemory(String outcome) {
    return "no verdict: the entry " + outcome + " (the runner's heap is " + MAX_HEAP.substring("-Xmx".length()) + ")";
  }

  public static void main(String[] args) {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);
    int code;
    try {
      code = run(args, out, err);
    } catch (BadWitness e) {
      err.println(e.getMessage());
      code = 2;
    } catch (JdiCheck.SetupError e) {
      err.println("witness runner: setup error: " + e.getMessage());
      code = 2;
    } catch (Throwable e) {
      err.println("witness runner: internal error: " + e);
      e.printStackTrace(err);
      code = 2;
    }
    verdictPrinted = true;
    out.flush();
    err.flush();
    Runtime.getRuntime().halt(code); // do not wait for threads the entry left running
  }

  private static final String USAGE =
      "usage: java -cp jwp-witness-runner.jar:CLASSPATH jwp.runner.WitnessRunner [--source NAME] WITNESS.json|-";

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    String file = null, source = null;
    boolean inProcessOnly = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--source") && i + 1 < args.length) source = args[++i];
      else if (a.equals("--in-process")) inProcessOnly = true; // internal: the re-launched exit check
      else if (a.equals("-h") || a.equals("--help")) {
        out.println(USAGE);
        return 0;
      } else if (file == null && (a.equals("-") || !a.startsWith("-"))) file = a;
      else {
        err.println(USAGE);
        return 2;
      }
    }
    if (file == null) {
      err.println(USAGE);
      return 2;
    }
    String text;
    try {
      text = file.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(Paths.get(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new BadWitness((file.equals("-") ? "<stdin>" : file) + ": cannot read: " + e.getMessage());
    }
    if (source == null) source = file.equals("-") ? "<stdin>" : file;
    Witness w = Witness.parse(source, text);
    FieldFactChecks.verify(w, w.fieldFacts, ClassLoader.getSystemClassLoader());
    if (!w.expect.kind.equals("exit")) return new JdiCheck(w, text, out, err).run();
    return exitInProcess(w, text, inProcessOnly, out, err);
  }

  /** expect.kind exit: materialize and call here, unwrap the reflective call's exception. */
  private static int exitInProcess(Witness w, String text, boolean relaunched, PrintStream out, PrintStream err)
      throws Exception {
    // As `java -ea` does for the classes the system loader loads (the
    // analysed ones: none is loaded yet).
    if (w.assertions) ClassLoader.getSystemClassLoader().setDefaultAssertionStatus(true);
    Materializer m = new Materializer(w, ClassLoader.getSystemClassLoader());
    Class<?> type = m.expectType();
    Materializer.Call call;
    try {
      call = m.materialize();
    } catch (UnsafeAccess.NeedsInternalUnsafe e) {
      if (relaunched) throw new BadWitness(w.source + ": " + e.getMessage());
      return relaunch(w, text);
    }
    String want = type.getName() + (w.expect.subtypes ? " (or a subtype)" : "");
    System.setOut(System.err); // the entry's own output must not precede the verdict
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (!verdictPrinted) {
        out.println("REFUTED: the entry called System.exit, expected exit with " + want);
        out.flush();
        Runtime.getRuntime().halt(1);
      }
    }));
    Outcome o;
    try {
      o = Outcome.invoke(call, w.timeoutMs);
    } catch (Outcome.InvokeError e) {
      throw new BadWitness(w.source + ": entry: " + e.getMessage());
    }
    boolean ok = o.kind == Outcome.Kind.THREW
        && (o.thrown.getClass() == type || (w.expect.subtypes && type.isInstance(o.thrown)));
    if (!ok && o.ranOutOfMemory()) {
      throw new BadWitness(w.source + ": " + outOfMemory(o.describe()));
    }
    verdictPrinted = true;
    if (ok) {
      out.println("CONFIRMED");
      out.println("  goal: exit with " + want);
      out.println("  observed: " + o.describe());
      return 0;
    }
    out.println("REFUTED: " + o.describe() + ", expected exit with " + want);
    out.println("  goal: exit with " + want);
    if (!o.stack().isEmpty()) out.println("  stack: " + o.stack());
    return 1;
  }

  /** Runs the exit check again in a JVM where jdk.internal.misc is exported (records need it). */
  private static int relaunch(Witness w, String text) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add(UnsafeAccess.ADD_EXPORTS);
    cmd.add(MAX_HEAP);
    cmd.add("-XX:TieredStopAtLevel=1");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(WitnessRunner.class.getName());
    cmd.add("--in-process");
    cmd.add("--source");
    cmd.add(w.source);
    cmd.add("-");
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.redirectOutput(ProcessBuilder.Redirect.INHERIT);
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    Process p = pb.start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(text.getBytes(StandardCharsets.UTF_8));
    }
    verdictPrinted = true;
    return p.waitFor();
  }
}
