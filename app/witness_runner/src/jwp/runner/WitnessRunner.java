package jwp.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * Replays a jwp witness on this JVM and says whether the goal happens.
 *
 * <pre>java -cp jwp-witness-runner.jar:TARGET_CLASS_PATH jwp.runner.WitnessRunner WITNESS.json|-
 * java -cp jwp-witness-runner.jar:TARGET_CLASS_PATH jwp.runner.WitnessRunner --serve</pre>
 *
 * First line on stdout: CONFIRMED or "REFUTED: what happened instead"; then detail lines indented by
 * two spaces. Exit status 0 CONFIRMED, 1 REFUTED, 2 bad witness or setup error (message on stderr).
 * See README.md for the witness format and how each kind of goal is observed.
 */
public final class WitnessRunner {
  private WitnessRunner() {}

  private static volatile boolean verdictPrinted;

  /** This runner serves (--serve): it keeps JVMs started ahead (ExitCheckJvm, DebuggeeLaunch). */
  static volatile boolean serving;

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
    if (args.length == 1 && args[0].equals("--serve")) {
      System.setOut(System.err); // stdout carries the replies only
      int code = 0;
      try {
        serving = true;
        serve(System.in, out);
        ExitCheckJvm.discardSpares();
        DebuggeeLaunch.discardSpares();
      } catch (Throwable e) {
        err.println("witness runner: serving ended: " + e);
        code = 2;
      }
      out.flush();
      Runtime.getRuntime().halt(code);
    }
    int code = runReporting(args, out, err);
    verdictPrinted = true;
    out.flush();
    err.flush();
    Runtime.getRuntime().halt(code); // do not wait for threads the entry left running
  }

  /** {@link #run}, its errors reported on `err` as the exit status 2 says. */
  static int runReporting(String[] args, PrintStream out, PrintStream err) {
    try {
      return run(args, out, err);
    } catch (BadWitness e) {
      err.println(e.getMessage());
    } catch (JdiCheck.SetupError e) {
      err.println("witness runner: setup error: " + e.getMessage());
    } catch (Throwable e) {
      err.println("witness runner: internal error: " + e);
      e.printStackTrace(err);
    }
    return 2;
  }

  /** The first line of each reply of --serve. */
  static final String REPLY = "JWP-RUNNER ";

  /**
   * --serve: witnesses one after another, for a jwp process that confirms many (one JVM start and
   * JDI's loading for all of them). Each line read is a witness file's path; each reply is a line
   * "JWP-RUNNER status stdout-bytes stderr-bytes path" followed by those bytes, what a run of its own
   * would have printed and exited with. The path is the line as read: a runner that goal processes
   * use one after another (jwp's RunnerSlots) is known to answer its present client. No analysed code runs in this JVM: a debuggee of its own runs each
   * witness (and an exit check, which runs in the runner's JVM, in a JVM started for it). Ends at the
   * end of its input.
   */
  static void serve(java.io.InputStream in, PrintStream replies) throws IOException {
    java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(in, StandardCharsets.UTF_8));
    for (String line; (line = r.readLine()) != null;) {
      if (line.isEmpty()) continue;
      java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
      java.io.ByteArrayOutputStream e = new java.io.ByteArrayOutputStream();
      int code;
      try (PrintStream po = new PrintStream(o, true, StandardCharsets.UTF_8);
           PrintStream pe = new PrintStream(e, true, StandardCharsets.UTF_8)) {
        code = runReporting(new String[] {"--served", line}, po, pe);
      }
      replies.write((REPLY + code + " " + o.size() + " " + e.size() + " " + line + "\n").getBytes(StandardCharsets.UTF_8));
      o.writeTo(replies);
      e.writeTo(replies);
      replies.flush();
      if (replies.checkError()) return; // jwp is gone
    }
  }

  private static final String USAGE =
      "usage: java -cp jwp-witness-runner.jar:CLASSPATH jwp.runner.WitnessRunner [--source NAME] WITNESS.json|-\n"
      + "       java -cp jwp-witness-runner.jar:CLASSPATH jwp.runner.WitnessRunner --serve";

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    String file = null, source = null;
    boolean inProcessOnly = false, served = false, await = false;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--source") && i + 1 < args.length) source = args[++i];
      else if (a.equals("--in-process")) inProcessOnly = true; // internal: the re-launched exit check
      else if (a.equals("--served")) served = true; // internal: a witness of --serve
      else if (a.equals("--await")) await = true; // internal: stdin names the source, then the witness
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
    if (await) {
      String[] given = ExitCheckJvm.awaited();
      if (given == null) return 0; // a spare its runner no longer needs
      source = given[0];
      text = given[1];
    } else try {
      text = file.equals("-") ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
          : Files.readString(Paths.get(file), StandardCharsets.UTF_8);
    } catch (IOException | RuntimeException e) {
      throw new BadWitness((file.equals("-") ? "<stdin>" : file) + ": cannot read: " + e.getMessage());
    }
    if (source == null) source = file.equals("-") ? "<stdin>" : file;
    Witness w = Witness.parse(source, text);
    FieldFactChecks.verify(w, w.fieldFacts, ClassLoader.getSystemClassLoader());
    // Input methods' values are returned through the debugger, exits too.
    if (!w.expect.kind.equals("exit") || !w.inputMethods.isEmpty()) return new JdiCheck(w, text, out, err).run();
    if (served) return relaunch(w, text, true, out, err); // no analysed code in a serving JVM
    // Environment variables are the JVM's from its start: a JVM started with them.
    if (!w.environment.isEmpty() && !inProcessOnly) return relaunch(w, text, false, out, err);
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
      return relaunch(w, text, false, out, err);
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

  /** Runs the exit check in a JVM of its own (ExitCheckJvm); a serving runner keeps a spare. */
  private static int relaunch(Witness w, String text, boolean served, PrintStream out, PrintStream err) throws Exception {
    int code = ExitCheckJvm.check(w, text, served, out, err);
    verdictPrinted = true;
    return code;
  }

  /**
   * The start of the command of a JVM this runner starts to replay a witness (an exit check's, a
   * debuggee): this JVM's java, the runner's class path, jdk.internal.misc exported (records need it),
   * the bounded heap, C1 and the serial collector (the JVM starts about 15% sooner).
   */
  static java.util.List<String> childJvm() {
    return new java.util.ArrayList<>(java.util.List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp", absoluteClassPath(),
        UnsafeAccess.ADD_EXPORTS, MAX_HEAP, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
  }

  /**
   * For a JVM started ahead, before it reads its witness (ExitCheckJvm, DebuggeeLaunch): loads the
   * classes that replay one, so that their loading is not the check's time. None is analysed code.
   */
  static void preloadReplayClasses() {
    for (Class<?> c : new Class<?>[] {Witness.class, Json.class, Materializer.class, Outcome.class, FieldFactChecks.class}) {
      try {
        Class.forName(c.getName(), true, WitnessRunner.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        // loaded later, when used
      }
    }
  }

  /**
   * A JVM started ahead whose runner ended without giving it a witness: removes the directory it
   * runs in, when that is one the runner made for it (its name starts with `prefix`).
   */
  static void removeOwnDirectory(String prefix) {
    java.nio.file.Path here = Paths.get("").toAbsolutePath();
    if (here.getFileName() != null && here.getFileName().toString().startsWith(prefix)) deleteQuietly(here);
  }

  /**
   * This JVM's class path with each entry absolute: the JVMs it starts (the debuggee, an exit check's)
   * run in directories of their own.
   */
  static String absoluteClassPath() {
    StringBuilder b = new StringBuilder();
    for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator, -1)) {
      if (e.isEmpty()) continue;
      if (b.length() > 0) b.append(java.io.File.pathSeparator);
      b.append(Paths.get(e).toAbsolutePath());
    }
    return b.toString();
  }

  /** Removes a directory a JVM ran in, once it has ended (what it made there goes with it). */
  static void deleteQuietly(java.nio.file.Path dir) {
    try (java.util.stream.Stream<java.nio.file.Path> all = Files.walk(dir)) {
      all.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException | RuntimeException e) {
      // a leftover temporary directory
    }
  }

}
