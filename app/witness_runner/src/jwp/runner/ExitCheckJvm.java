package jwp.runner;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The JVM an exit check runs in when the runner serves (or the witness sets environment variables):
 * one per witness, in a directory of its own, so that no witness sees what another left in static
 * fields, system properties or files.
 *
 * <p>Starting a JVM is most of an exit check's time (0.13 s of 0.2 s on the development machine), so
 * a serving runner keeps one <em>spare</em> started ahead: after each check it starts the next JVM,
 * which boots and loads the runner's classes while jwp goes on searching, then waits on its stdin
 * (`--await`: a line naming the witness's source, then the witness). The spare is still a fresh JVM
 * that has run no analysed code: what a check sees does not depend on whether it ran in one. A
 * witness with environment variables gets a JVM started with them. A spare whose runner ends reads
 * the end of its input and removes its directory.
 */
final class ExitCheckJvm {
  /** The prefix of the directories exit checks run in; an awaiting JVM removes its own only then. */
  static final String DIR_PREFIX = "jwp-exit-check-";

  /**
   * How many spares are kept: jwp often confirms a few candidates back to back, and a JVM started
   * after one check is not up yet when the next comes (a check took 0.2 s with one spare, 0.1 s with
   * one that had booted).
   */
  private static final int SPARES = 2;

  private static final java.util.ArrayDeque<ExitCheckJvm> spares = new java.util.ArrayDeque<>();

  private final Process process;
  private final Path dir;

  private ExitCheckJvm(Process process, Path dir) {
    this.process = process;
    this.dir = dir;
  }

  /** Runs witness `w` (its text `text`) in a fresh JVM; what that prints goes to `out` and `err`. */
  static int check(Witness w, String text, boolean keepSpare, PrintStream out, PrintStream err) throws IOException, InterruptedException {
    ExitCheckJvm jvm = null;
    if (w.environment.isEmpty()) jvm = takeSpare();
    if (jvm == null) jvm = start(w);
    try {
      return jvm.run(w.source, text, out, err);
    } finally {
      WitnessRunner.deleteQuietly(jvm.dir);
      if (keepSpare) startSpares();
    }
  }

  /** Spares up to SPARES; one that cannot be started is left to the next check (never this one's error). */
  private static void startSpares() {
    try {
      while (spares.size() < SPARES) spares.addLast(start(null));
    } catch (IOException e) {
      // the next check starts a JVM of its own
    }
  }

  /** Ends the spares (the serving runner's input ended). */
  static void discardSpares() {
    for (ExitCheckJvm s; (s = spares.pollFirst()) != null;) {
      s.process.destroyForcibly();
      try {
        s.process.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      WitnessRunner.deleteQuietly(s.dir);
    }
  }

  /** The oldest spare still waiting; null when none is (dead ones are cleared away). */
  private static ExitCheckJvm takeSpare() {
    for (ExitCheckJvm s; (s = spares.pollFirst()) != null;) {
      if (s.process.isAlive()) return s;
      WitnessRunner.deleteQuietly(s.dir);
    }
    return null;
  }

  /**
   * A JVM that awaits a witness on stdin, where jdk.internal.misc is exported (records need it), in a
   * directory of its own, with `w`'s environment variables (none for a spare: `w` null).
   */
  private static ExitCheckJvm start(Witness w) throws IOException {
    List<String> cmd = WitnessRunner.childJvm();
    cmd.add(WitnessRunner.class.getName());
    cmd.add("--in-process");
    cmd.add("--await");
    cmd.add("-");
    Path dir = Files.createTempDirectory(DIR_PREFIX);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile());
    if (w != null) w.applyEnvironment(pb.environment());
    try {
      return new ExitCheckJvm(pb.start(), dir);
    } catch (IOException e) {
      WitnessRunner.deleteQuietly(dir);
      throw e;
    }
  }

  private int run(String source, String text, PrintStream out, PrintStream err) throws InterruptedException {
    Thread errCopy = new Thread(() -> copyQuietly(process.getErrorStream(), err), "jwp-exit-check-err");
    errCopy.setDaemon(true);
    errCopy.start();
    try (OutputStream in = process.getOutputStream()) {
      in.write((source.replace('\n', ' ') + "\n" + text).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // it ended before reading: its status and stderr say why
    }
    copyQuietly(process.getInputStream(), out);
    int code = process.waitFor();
    errCopy.join();
    return code;
  }

  /**
   * `--await`: what stdin gives, as {source, witness text}; null when it ended at once (the serving
   * runner that started this JVM as its spare ended), after removing this JVM's directory.
   */
  static String[] awaited() throws IOException {
    WitnessRunner.preloadReplayClasses();
    String all = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
    int nl = all.indexOf('\n');
    if (nl < 0) {
      WitnessRunner.removeOwnDirectory(DIR_PREFIX);
      return null;
    }
    return new String[] {all.substring(0, nl), all.substring(nl + 1)};
  }

  private static void copyQuietly(java.io.InputStream from, PrintStream to) {
    try {
      from.transferTo(to);
      to.flush();
    } catch (IOException e) {
      // the process is gone
    }
  }
}
