package jwp.runner;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.ListeningConnector;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMStartEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starting the debuggee VM of a {@link JdiCheck}, and the debuggees a serving runner keeps started
 * ahead (<em>spares</em>, two of them).
 *
 * <p>A debuggee runs in a directory of its own (files the entry makes from relative names land
 * there, and no witness sees another's), started by the runner itself rather than through JDI's
 * launching connector, which runs it in the runner's own directory. It connects to a socket the
 * runner listens on, suspended at its start.
 *
 * <p>A spare is started the same way after each check of a serving runner (in the background, while
 * jwp goes on searching), attached, and resumed at once: it loads {@link Debuggee}'s classes and waits
 * on its stdin for the witness. The check that takes it sets its event requests before it feeds the
 * witness, so the debuggee has loaded none of the analysed classes yet and has run no analysed code:
 * a verdict does not depend on whether it ran in a spare. A witness that enables assertions or sets
 * environment variables gets a debuggee started for it.
 */
final class DebuggeeLaunch {
  private DebuggeeLaunch() {}

  /** How long a debuggee may take to start and attach. */
  static final long STARTUP_GRACE_MS = 30_000;

  /** The prefix of the directories debuggees run in; an awaiting debuggee removes its own only then. */
  static final String DIR_PREFIX = "jwp-debuggee-";

  /** A debuggee, attached: suspended at its start, or (a spare) resumed and waiting on stdin. */
  static final class Started {
    final Process process;
    final VirtualMachine vm;
    final Path dir;

    Started(Process process, VirtualMachine vm, Path dir) {
      this.process = process;
      this.vm = vm;
      this.dir = dir;
    }
  }

  /**
   * How many spares a serving runner keeps: jwp often confirms a few candidates back to back, and a
   * debuggee started after one check has not attached yet when the next comes (as ExitCheckJvm).
   */
  private static final int SPARES = 2;

  private static final java.util.ArrayDeque<CompletableFuture<Started>> spares = new java.util.ArrayDeque<>();

  /**
   * A debuggee for `w`: the spare when a serving runner has one and `w` needs nothing a spare was not
   * started with, else one started now (suspended at its start).
   */
  static Started forWitness(Witness w) throws JdiCheck.SetupError {
    if (WitnessRunner.serving && !w.assertions && w.environment.isEmpty()) {
      while (!spares.isEmpty()) {
        Started s = takeSpare();
        if (s != null) return s;
      }
    }
    return start(w.assertions, w);
  }

  /** After a check of a serving runner: spares start now, in the background, up to SPARES. */
  static void startSpares() {
    while (WitnessRunner.serving && spares.size() < SPARES) {
      spares.addLast(CompletableFuture.supplyAsync(() -> {
        try {
          Started s = start(false, null);
          return resumeAtStart(s) ? s : null;
        } catch (JdiCheck.SetupError e) {
          return null; // the next check starts its own
        }
      }));
    }
  }

  /** Ends the spares (the serving runner's input ended). */
  static void discardSpares() {
    while (!spares.isEmpty()) {
      Started s = takeSpare();
      if (s != null) end(s);
    }
  }

  /** Ends a debuggee and removes its directory. */
  static void end(Started s) {
    JdiCheck.kill(s.vm, s.process);
    WitnessRunner.deleteQuietly(s.dir);
  }

  /** The oldest spare, once it has attached; null when there is none or it failed. */
  private static Started takeSpare() {
    CompletableFuture<Started> f = spares.pollFirst();
    if (f == null) return null;
    Started s;
    try {
      s = f.get(STARTUP_GRACE_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    } catch (ExecutionException | TimeoutException e) {
      return null;
    }
    if (s != null && !s.process.isAlive()) {
      end(s);
      return null;
    }
    return s;
  }

  /** Takes the debuggee's start event and resumes it; false when it is not there (the VM ended). */
  private static boolean resumeAtStart(Started s) {
    try {
      EventSet set = s.vm.eventQueue().remove(STARTUP_GRACE_MS);
      if (set == null) {
        end(s);
        return false;
      }
      for (Event e : set) {
        if (!(e instanceof VMStartEvent)) {
          end(s);
          return false;
        }
      }
      set.resume();
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      end(s);
      return false;
    } catch (RuntimeException e) {
      end(s);
      return false;
    }
  }

  /**
   * Starts a debuggee in a fresh directory, with `-ea` when `assertions`, and `env`'s environment
   * variables (none: null), suspended at its start until this runner attaches; attached.
   */
  static Started start(boolean assertions, Witness env) throws JdiCheck.SetupError {
    Path dir;
    try {
      dir = Files.createTempDirectory(DIR_PREFIX);
    } catch (IOException e) {
      throw new JdiCheck.SetupError("cannot make the debuggee's directory: " + e, e);
    }
    try {
      Listener l = new Listener();
      Process p = l.launch(dir, assertions, env);
      return new Started(p, l.attach(p), dir);
    } catch (JdiCheck.SetupError | RuntimeException e) {
      WitnessRunner.deleteQuietly(dir);
      throw e;
    }
  }

  /** The socket one debuggee's JDWP agent connects to, listened on before the debuggee starts. */
  private static final class Listener {
    private ListeningConnector connector;
    private Map<String, Connector.Argument> args;

    Process launch(Path dir, boolean assertions, Witness env) throws JdiCheck.SetupError {
      for (ListeningConnector c : Bootstrap.virtualMachineManager().listeningConnectors()) {
        if (c.transport().name().equals("dt_socket")) connector = c;
      }
      if (connector == null) throw new JdiCheck.SetupError("JDI has no socket listening connector", null);
      args = connector.defaultArguments();
      args.get("localAddress").setValue("127.0.0.1");
      args.get("port").setValue("0");
      args.get("timeout").setValue(String.valueOf(STARTUP_GRACE_MS));
      String address;
      try {
        address = connector.startListening(args);
      } catch (Exception e) {
        throw new JdiCheck.SetupError("cannot listen for the debuggee VM: " + e, e);
      }
      List<String> cmd = WitnessRunner.childJvm();
      cmd.addAll(List.of("-Xshare:auto", "-Dfile.encoding=UTF-8"));
      if (assertions) cmd.add("-ea");
      cmd.add("-agentlib:jdwp=transport=dt_socket,server=n,suspend=y,address=" + address);
      cmd.add(Debuggee.class.getName());
      try {
        ProcessBuilder debuggee = new ProcessBuilder(cmd).directory(dir.toFile());
        if (env != null) env.applyEnvironment(debuggee.environment());
        return debuggee.start();
      } catch (IOException e) {
        stopListening();
        throw new JdiCheck.SetupError("cannot start the debuggee VM: " + e.getMessage(), e);
      }
    }

    /** Waits for the debuggee's agent to connect; a debuggee that ends first ends the wait at once. */
    VirtualMachine attach(Process p) throws JdiCheck.SetupError {
      p.onExit().thenRun(this::stopListening);
      try {
        return connector.accept(args);
      } catch (Exception e) {
        p.destroyForcibly();
        String why = p.isAlive() ? e.toString() : "it exited with status " + exitStatus(p);
        throw new JdiCheck.SetupError("cannot start the debuggee VM: " + why + stderrOf(p), e);
      } finally {
        stopListening();
      }
    }

    private synchronized void stopListening() {
      if (connector == null) return;
      try {
        connector.stopListening(args);
      } catch (Exception e) {
        // not listening any more
      }
    }
  }

  private static int exitStatus(Process p) {
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return -1;
    }
  }

  /** What a debuggee that never attached printed on stderr (the JVM's own error), as a suffix. */
  private static String stderrOf(Process p) {
    try {
      String text = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      return text.isEmpty() ? "" : ": " + text;
    } catch (IOException e) {
      return "";
    }
  }
}
