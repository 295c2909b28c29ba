package jwp.runner;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.ClassType;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.StackFrame;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.ExceptionRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The checks that need an exact location (expect.kind exception, reach, throw): the witness is replayed
 * in a debuggee VM ({@link Debuggee}) launched through JDI with the same class path.
 *
 * <ul>
 *   <li>exception: an ExceptionRequest (caught and uncaught) restricted to the expected class; JDI
 *       reports each throw once, at the location of the instruction that threw (the dereference for an
 *       implicit NullPointerException, the athrow for an explicit throw), whether or not a handler
 *       catches it later.
 *   <li>exception with via_call: an ExceptionRequest for throws anywhere; a throw counts when a frame
 *       below the throwing frame (index 1 or more on the thread's stack) is the expected method executing
 *       the invoke at bci, i.e. the exception was raised inside that call, not by the invoke itself;
 *       with null_argument K, only while the callee's argument K is null and every frame from the
 *       callee's callee down to the throwing one has a null argument (jwp validate's
 *       NP_NULL_PARAM_DEREF: the null it passes is what the callee dereferences, not another).
 *   <li>reach, throw: a BreakpointRequest at the instruction, set when the class is prepared (the
 *       debuggee links the class before the entry runs, and the class-prepare event suspends it).
 * </ul>
 * Only events in the thread "jwp-entry" (the entry call) count; materialization runs in "main".
 */
final class JdiCheck {
  static final String ENTRY_THREAD = "jwp-entry";
  private static final long STARTUP_GRACE_MS = DebuggeeLaunch.STARTUP_GRACE_MS;

  private final Witness w;
  private final String text;
  private final Witness.Expect x;
  private final PrintStream out, err;

  private boolean armed;
  private String badExpect; // a bad witness found when arming
  private String targetWhere; // the armed location, for messages
  private final List<String> notes = new ArrayList<>();
  private final List<String> observed = new ArrayList<>(); // exception events in the expected method
  // branch: the outcome's successor, every successor, whether the branch just executed, where it went
  private int branchTarget = -1;
  private java.util.Set<Integer> branchSuccessors = new HashSet<>();
  private boolean branchPending;
  private final List<Integer> branchesSeen = new ArrayList<>();
  // record (Witness.Record): the method, its branches' successors, what executed
  private static final String RECORD = "jwp.record";
  private Method recordMethod;
  private final Map<Integer, Map<String, Integer>> recordBranches = new HashMap<>();
  private final java.util.Set<Integer> recordedBcis = new java.util.TreeSet<>();
  private final java.util.Set<String> recordedOutcomes = new java.util.TreeSet<>();
  private int recordPending = -1;
  private String mismatch; // the first exception event in the expected method that did not match
  private String confirmedBy;
  private List<Integer> lineTable; // codeIndex, line pairs of the expected method
  private Set<Integer> callSites; // via_call: the invoke instructions (bci) whose callees count, once armed
  private volatile String marker; // the debuggee's last marker line
  private final CallObserver observer; // the calls jwp assumed (witness "observe")
  private final InputReplayer inputs; // the input methods' values (witness "inputs")

  JdiCheck(Witness w, String text, PrintStream out, PrintStream err) {
    this.w = w;
    this.text = text;
    this.x = w.expect;
    this.out = out;
    this.err = err;
    this.observer = new CallObserver(w.observe, ENTRY_THREAD);
    this.inputs = new InputReplayer(w, ENTRY_THREAD);
  }

  static final class SetupError extends Exception {
    SetupError(String message, Throwable cause) {
      super(message, cause);
    }
  }

  int run() throws BadWitness, SetupError {
    DebuggeeLaunch.Started debuggee = DebuggeeLaunch.forWitness(w);
    try {
      return run(debuggee);
    } finally {
      DebuggeeLaunch.end(debuggee);
      DebuggeeLaunch.startSpares();
    }
  }

  private int run(DebuggeeLaunch.Started debuggee) throws BadWitness, SetupError {
    inputs.setDirectory(debuggee.dir);
    Process p = debuggee.process;
    VirtualMachine vm = debuggee.vm;
    Thread outDrain = drain(p.getInputStream(), true);
    Thread errDrain = drain(p.getErrorStream(), false);
    Thread feeder = new Thread(() -> {
      try (OutputStream in = p.getOutputStream()) {
        in.write((w.source.replace('\n', ' ') + "\n").getBytes(StandardCharsets.UTF_8));
        in.write(text.getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        // the debuggee died; its marker (or the lack of one) tells
      }
    }, "jwp-feeder");
    feeder.setDaemon(true);

    long deadline = System.currentTimeMillis() + w.timeoutMs + STARTUP_GRACE_MS;
    boolean timedOut = false;
    try {
      EventRequestManager erm = vm.eventRequestManager();
      // (An exit has no location: the debuggee's outcome decides.)
      String cls = x.cls == null ? null : Descriptors.binaryName(x.cls);
      if (cls != null) {
        ClassPrepareRequest cpr = erm.createClassPrepareRequest();
        cpr.addClassFilter(cls);
        cpr.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        cpr.enable();
      }
      inputs.enable(erm);
      if (x.kind.equals("exception")) {
        ExceptionRequest er = erm.createExceptionRequest(null, true, true);
        // the throw location's class; via_call: the throw is in a callee, any class
        if (!x.viaCall) er.addClassFilter(cls);
        er.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        er.enable();
      }
      for (ReferenceType rt : cls == null ? List.<ReferenceType>of() : vm.classesByName(cls)) {
        if (rt.isPrepared()) arm(erm, rt);
      }
      for (String c : observer.classes()) {
        if (!c.equals(cls)) {
          ClassPrepareRequest r = erm.createClassPrepareRequest();
          r.addClassFilter(c);
          r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
          r.enable();
        }
        for (ReferenceType rt : vm.classesByName(c)) {
          if (rt.isPrepared()) observer.arm(erm, rt);
        }
      }
      // A spare debuggee runs already: it gets its witness once the requests are set.
      feeder.start();
      loop:
      while (badExpect == null && (confirmedBy == null || w.record != null)) {
        long left = deadline - System.currentTimeMillis();
        if (left <= 0) {
          timedOut = true;
          break;
        }
        EventSet set = vm.eventQueue().remove(Math.min(left, 500));
        if (set == null) continue;
        for (Event e : set) {
          trace("event " + e);
          if (e instanceof VMDisconnectEvent) break loop;
          if (e instanceof VMDeathEvent) {
            try {
              vm.dispose(); // let the debuggee finish exiting at once
            } catch (RuntimeException ex) {
              // already gone
            }
            break loop;
          }
          if (inputs.handle(e)) continue;
          if (observer.handle(e, erm)) continue;
          if (e instanceof ClassPrepareEvent) {
            ReferenceType rt = ((ClassPrepareEvent) e).referenceType();
            if (rt.name().equals(cls)) arm(erm, rt);
            observer.arm(erm, rt);
          } else if (e instanceof ExceptionEvent) {
            onException((ExceptionEvent) e);
          } else if (e instanceof BreakpointEvent) {
            BreakpointEvent b = (BreakpointEvent) e;
            if (!b.thread().name().equals(ENTRY_THREAD)) continue;
            if (RECORD.equals(b.request().getProperty(RECORD))) onRecordBreakpoint(b.location());
            else if (confirmedBy != null) continue; // recording on after the goal
            else if (x.kind.equals("branch")) onBranchBreakpoint(b.location());
            else confirmedBy = "executed " + describe(b.location());
          }
        }
        if (badExpect != null || (confirmedBy != null && w.record == null)) break;
        set.resume();
      }
    } catch (VMDisconnectedException e) {
      // the debuggee ended
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (confirmedBy != null || badExpect != null || timedOut) kill(vm, p);
    }
    trace("event loop done");
    joinQuietly(outDrain, 5000);
    trace("stdout drained");
    joinQuietly(errDrain, 1000);
    kill(vm, p);
    trace("killed");

    if (badExpect != null) throw w.bad("expect", badExpect);
    String where = targetWhere != null ? targetWhere : x.where();
    if (confirmedBy != null) {
      out.println("CONFIRMED");
      out.println("  goal: " + goal(where));
      out.println("  observed: " + confirmedBy);
      if (w.record != null) {
        out.println("  covered bcis:" + (recordedBcis.isEmpty() ? "" : " " + String.join(" ", recordedBcis.stream().map(String::valueOf).toList())));
        out.println("  covered outcomes:" + (recordedOutcomes.isEmpty() ? "" : " " + String.join(" ", recordedOutcomes)));
        if (timedOut) out.println("  note: the entry call did not end within the timeout: what it covered after is not recorded");
      }
      for (String c : inputs.lines()) out.println("  " + c);
      for (String c : observer.lines()) out.println("  " + c);
      for (String n : notes) out.println("  note: " + n);
      return 0;
    }
    String m = marker;
    if (m != null && m.startsWith("BAD ")) throw new BadWitness(m.substring(4));
    if (m != null && m.startsWith("ERROR ")) throw new SetupError("debuggee error: " + m.substring(6), null);
    String outcome;
    if (timedOut) outcome = "timed out (the debuggee did not finish within " + (w.timeoutMs + STARTUP_GRACE_MS) + " ms)";
    else if (m != null && m.startsWith("OUTCOME ")) outcome = m.substring(8);
    else throw new SetupError("the debuggee ended without reporting an outcome", null);
    String stack = "";
    int cut = outcome.indexOf(Debuggee.STACK);
    if (cut >= 0) {
      stack = outcome.substring(cut + Debuggee.STACK.length());
      outcome = outcome.substring(0, cut);
    }
    boolean exitMet = outcome.startsWith(Debuggee.EXIT_MET);
    if (exitMet) outcome = outcome.substring(Debuggee.EXIT_MET.length());
    if (!armed && x.cls != null) throw new SetupError("class " + x.cls + " was never prepared in the debuggee", null);
    if (outcome.startsWith("threw java.lang.OutOfMemoryError")) { // the VM's limit: no verdict
      throw new SetupError(WitnessRunner.outOfMemory(outcome), null);
    }
    if (exitMet) {
      out.println("CONFIRMED");
      out.println("  goal: " + goal(where));
      out.println("  observed: " + outcome);
      for (String c : inputs.lines()) out.println("  " + c);
      for (String c : observer.lines()) out.println("  " + c);
      for (String n : notes) out.println("  note: " + n);
      return 0;
    }
    String first;
    switch (x.kind) {
      case "exit":
        first = outcome + ", expected " + goal(where);
        break;
      case "exception":
        String want = Descriptors.binaryName(x.type) + (x.subtypes ? " (or a subtype)" : "")
            + (x.viaCall ? " raised inside the call at " : " at ") + where;
        first = (mismatch != null ? mismatch : outcome) + ", expected " + want;
        break;
      case "reach":
        first = outcome + ", never reached " + where;
        break;
      case "branch":
        first = outcome + ", the branch at " + where + " never went to bci " + branchTarget
            + (branchesSeen.isEmpty() ? " (never executed)" : " (it went to bci " + branchesSeen + ")");
        break;
      default:
        first = outcome + ", the athrow at " + where + " never executed";
        break;
    }
    out.println("REFUTED: " + first);
    out.println("  goal: " + goal(where));
    out.println("  entry: " + outcome);
    if (!stack.isEmpty()) out.println("  stack: " + stack);
    for (String o : observed) out.println("  observed: " + o);
    for (String c : inputs.lines()) out.println("  " + c);
    for (String c : observer.lines()) out.println("  " + c);
    for (String n : notes) out.println("  note: " + n);
    return 1;
  }

  private String goal(String where) {
    switch (x.kind) {
      case "exit":
        return "exit with " + Descriptors.binaryName(x.type) + (x.subtypes ? " (or a subtype)" : "");
      case "exception":
        return "exception " + Descriptors.binaryName(x.type) + (x.subtypes ? " (or a subtype)" : "")
            + (x.viaCall ? " raised inside the call at " : " thrown by ") + where;
      case "reach":
        return "reach " + where;
      case "branch":
        return "outcome " + x.branch + " (bci " + branchTarget + ") of the branch at " + where;
      default:
        return "throw at " + where;
    }
  }

  private static final boolean TRACE = Boolean.getBoolean("jwp.runner.trace");
  private static final long T0 = System.nanoTime();

  private void trace(String what) {
    if (TRACE) err.printf("[trace %4d ms] %s%n", (System.nanoTime() - T0) / 1_000_000, what);
  }

  private Thread drain(InputStream s, boolean markers) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          if (markers && line.startsWith(Debuggee.MARK)) marker = line.substring(Debuggee.MARK.length());
          else err.println("[debuggee] " + line);
        }
      } catch (IOException e) {
        // process gone
      }
    }, markers ? "jwp-drain-out" : "jwp-drain-err");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void joinQuietly(Thread t, long ms) {
    try {
      t.join(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static void kill(VirtualMachine vm, Process p) {
    try {
      vm.exit(0);
    } catch (RuntimeException e) {
      // already gone
    }
    try {
      vm.dispose();
    } catch (RuntimeException e) {
      // already gone
    }
    p.destroyForcibly();
    try {
      p.waitFor(5, java.util.concurrent.TimeUnit.SECONDS); // before its directory is removed
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Finds the expected method, checks the location, sets breakpoints for reach/throw. */
  private void arm(EventRequestManager erm, ReferenceType rt) {
    if (armed) return;
    armed = true;
    Method m = null;
    for (Method c : rt.methods()) {
      if (c.name().equals(x.method) && c.signature().equals(x.descriptor)) m = c;
    }
    if (m == null) {
      badExpect = "no method " + x.cls + "." + x.method + x.descriptor;
      return;
    }
    if (m.isAbstract() || m.isNative()) {
      badExpect = "method " + x.cls + "." + x.method + x.descriptor + " has no bytecode";
      return;
    }
    byte[] code = m.bytecodes();
    lineTable = new ArrayList<>();
    try {
      List<Location> ls = new ArrayList<>(m.allLineLocations());
      ls.sort(Comparator.comparingLong(Location::codeIndex));
      for (Location l : ls) {
        lineTable.add((int) l.codeIndex());
        lineTable.add(l.lineNumber());
      }
    } catch (AbsentInformationException e) {
      // no line numbers: only bci goals work
    }
    List<Integer> targets = new ArrayList<>();
    if (x.bci != null) {
      if (!Bytecode.isInstructionStart(code, x.bci)) {
        badExpect = "bci " + x.bci + " is not the start of an instruction in " + x.cls + "." + x.method + x.descriptor + " (code length " + code.length + ")";
        return;
      }
      if (x.kind.equals("throw") && (code[x.bci] & 0xff) != Bytecode.ATHROW) {
        badExpect = "the instruction at bci " + x.bci + " of " + x.cls + "." + x.method + x.descriptor + " is not athrow (opcode 0x" + Integer.toHexString(code[x.bci] & 0xff) + ")";
        return;
      }
      if (x.viaCall && !Bytecode.isInvoke(code[x.bci] & 0xff)) {
        badExpect = "via_call: the instruction at bci " + x.bci + " of " + x.cls + "." + x.method + x.descriptor
            + " is not an invoke (opcode 0x" + Integer.toHexString(code[x.bci] & 0xff)
            + "; invokevirtual, invokespecial, invokestatic or invokeinterface)";
        return;
      }
      targets.add(x.bci);
      int l = lineOf(x.bci);
      if (x.line != null && l != x.line) notes.add("bci " + x.bci + " is at line " + l + ", not line " + x.line + " (bci used)");
    } else {
      if (lineTable.isEmpty()) {
        badExpect = x.cls + "." + x.method + x.descriptor + " has no line number table (compile with -g) and expect has no bci";
        return;
      }
      for (int pc = 0; pc < code.length; ) {
        if (lineOf(pc) == x.line) {
          if (x.kind.equals("reach") && targets.isEmpty()) targets.add(pc);
          if (x.kind.equals("throw") && (code[pc] & 0xff) == Bytecode.ATHROW) targets.add(pc);
          if (x.kind.equals("exception") && x.viaCall && Bytecode.isInvoke(code[pc] & 0xff)) targets.add(pc);
          if (x.kind.equals("exception") && !x.viaCall && targets.isEmpty()) targets.add(pc);
        }
        int n = Bytecode.length(code, pc);
        if (n <= 0) break;
        pc += n;
      }
      if (targets.isEmpty()) {
        String what = x.kind.equals("throw") ? "athrow" : x.viaCall ? "invoke instruction (via_call)" : "code";
        badExpect = "no " + what + " at line " + x.line + " in " + x.cls + "." + x.method + x.descriptor;
        return;
      }
      if (x.viaCall) notes.add("line " + x.line + ": calls at bci " + targets);
    }
    if (x.kind.equals("branch")) {
      Map<String, Integer> next = Bytecode.successors(code, x.bci);
      if (next == null || !next.containsKey(x.branch)) {
        badExpect = "the instruction at bci " + x.bci + " of " + x.cls + "." + x.method + x.descriptor
            + (next == null ? " is not a conditional branch or switch" : " has no outcome " + x.branch + " (" + next.keySet() + ")");
        return;
      }
      branchTarget = next.get(x.branch);
      branchSuccessors = new HashSet<>(next.values());
      targets.addAll(branchSuccessors);
    }
    if (x.viaCall) callSites = new HashSet<>(targets);
    targetWhere = x.cls + "." + x.method + x.descriptor
        + (x.bci != null ? " bci " + x.bci + lineSuffix(x.bci) : " line " + x.line);
    if (x.kind.equals("reach") || x.kind.equals("throw") || x.kind.equals("branch")) {
      for (int bci : new java.util.LinkedHashSet<>(targets)) {
        Location loc = m.locationOfCodeIndex(bci);
        if (loc == null) {
          badExpect = "no location for bci " + bci;
          return;
        }
        BreakpointRequest br = erm.createBreakpointRequest(loc);
        br.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        br.enable();
      }
      if (x.bci == null) notes.add("line " + x.line + " armed at bci " + targets);
    }
    if (w.record != null) armRecord(erm, rt);
  }

  /** record: breakpoints at the bcis to record and at every branch of the method and its successors. */
  private void armRecord(EventRequestManager erm, ReferenceType rt) {
    Method m = null;
    for (Method c : rt.methods()) {
      if (c.name().equals(w.record.method) && c.signature().equals(w.record.descriptor)) m = c;
    }
    if (m == null || m.isAbstract() || m.isNative()) {
      notes.add("record: no method " + x.cls + "." + w.record.method + w.record.descriptor + " with bytecode");
      return;
    }
    byte[] code = m.bytecodes();
    java.util.Set<Integer> at = new java.util.TreeSet<>();
    for (int pc = 0; pc < code.length; ) {
      Map<String, Integer> next = Bytecode.successors(code, pc);
      if (next != null) {
        recordBranches.put(pc, next);
        at.add(pc);
        at.addAll(next.values());
      }
      if (w.record.bcis.contains(pc)) at.add(pc);
      int n = Bytecode.length(code, pc);
      if (n <= 0) break;
      pc += n;
    }
    recordMethod = m;
    for (int bci : at) {
      Location loc = m.locationOfCodeIndex(bci);
      if (loc == null) continue;
      BreakpointRequest br = erm.createBreakpointRequest(loc);
      br.putProperty(RECORD, RECORD);
      br.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      br.enable();
    }
  }

  /**
   * record: an instruction of the recorded method executes. Right after a branch's breakpoint the
   * thread's next one is the branch's successor (no other code runs in between): its outcome.
   */
  private void onRecordBreakpoint(Location loc) {
    if (!loc.method().equals(recordMethod)) return;
    int at = (int) loc.codeIndex();
    if (recordPending >= 0) {
      for (Map.Entry<String, Integer> o : recordBranches.get(recordPending).entrySet()) {
        if (o.getValue() == at) recordedOutcomes.add(recordPending + ":" + o.getKey());
      }
    }
    if (w.record.bcis.contains(at)) recordedBcis.add(at);
    recordPending = recordBranches.containsKey(at) ? at : -1;
  }

  /**
   * branch: a breakpoint at the branch or one of its successors. The instruction the thread executes
   * right after the branch is the outcome's (no other code runs in between, in this frame or another).
   */
  private void onBranchBreakpoint(Location loc) {
    if (!isExpectedMethod(loc)) return;
    int at = (int) loc.codeIndex();
    if (branchPending && branchSuccessors.contains(at)) {
      branchPending = false;
      if (at == branchTarget) {
        confirmedBy = "the branch at " + describe(loc.method().locationOfCodeIndex(x.bci)) + " went to bci " + at;
        return;
      }
      if (branchesSeen.size() < 5 && !branchesSeen.contains(at)) branchesSeen.add(at);
    }
    if (at == x.bci) branchPending = true;
  }

  private int lineOf(long bci) {
    int line = -1;
    if (lineTable == null) return line;
    for (int k = 0; k < lineTable.size(); k += 2) {
      if (lineTable.get(k) <= bci) line = lineTable.get(k + 1);
      else break;
    }
    return line;
  }

  private String lineSuffix(long bci) {
    int l = lineOf(bci);
    return l >= 0 ? " (line " + l + ")" : "";
  }

  private void onException(ExceptionEvent e) {
    if (!e.thread().name().equals(ENTRY_THREAD)) return;
    if (x.viaCall) {
      onExceptionViaCall(e);
      return;
    }
    Location loc = e.location();
    Method m = loc.method();
    if (!isExpectedMethod(loc)) return;
    ReferenceType t = e.exception().referenceType();
    String d = t.name() + " at " + describe(loc);
    boolean at = x.bci != null ? loc.codeIndex() == x.bci : loc.lineNumber() == x.line;
    if (at && typeMatches(t)) {
      Location c = e.catchLocation();
      confirmedBy = d + (c != null && c.method().equals(m) ? ", caught in the same method at bci " + c.codeIndex() : ", not caught in the method");
      return;
    }
    if (observed.size() < 20) observed.add(d);
    if (mismatch == null) mismatch = "threw " + d;
  }

  private boolean isExpectedMethod(Location loc) {
    return CallObserver.isMethod(loc, x.cls, x.method, x.descriptor);
  }

  /**
   * via_call: the exception counts when the expected method, executing one of the call sites, is on the
   * entry thread's stack below the throwing frame (frame 0). A throw in the method's own frame, including
   * one by the invoke itself (a null receiver), is not inside the callee.
   */
  private void onExceptionViaCall(ExceptionEvent e) {
    if (callSites == null) return; // not armed: the expected method cannot be running yet
    List<StackFrame> frames;
    try {
      frames = e.thread().frames();
    } catch (IncompatibleThreadStateException ex) {
      return; // the event suspended the thread, so this does not happen
    }
    int inMethod = -1; // the topmost frame of the expected method
    int inCall = -1; // the topmost frame (index >= 1) of the expected method executing a call site
    for (int k = 0; k < frames.size(); k++) {
      Location l = frames.get(k).location();
      if (!isExpectedMethod(l)) continue;
      if (inMethod < 0) inMethod = k;
      if (k >= 1 && callSites.contains((int) l.codeIndex())) {
        inCall = k;
        break;
      }
    }
    if (inMethod < 0) return; // not under the expected method
    Location loc = e.location();
    ReferenceType t = e.exception().referenceType();
    String d = t.name() + " at " + describe(loc);
    String notNull = inCall >= 1 ? argumentNotNull(frames, inCall) : null;
    if (inCall >= 0 && typeMatches(t) && notNull == null) {
      Location c = e.catchLocation();
      confirmedBy = d + ", inside the call at " + describe(frames.get(inCall).location())
          + " (" + inCall + (inCall == 1 ? " frame" : " frames") + " below the throw)"
          + (c != null && !c.declaringType().name().startsWith("jwp.runner.") ? ", caught at " + describe(c) : ", not caught by the entry");
      return;
    }
    // No commas here: the REFUTED line reads "<what happened>, expected ...".
    if (inCall >= 0) d += " inside the call at " + describe(frames.get(inCall).location()) + (notNull != null ? " " + notNull : "");
    else if (inMethod == 0 && callSites.contains((int) loc.codeIndex())) d += " (thrown by the call instruction itself)";
    else if (inMethod > 0) d += " inside the call at " + describe(frames.get(inMethod).location());
    if (observed.size() < 20) observed.add(d);
    if (mismatch == null) mismatch = "threw " + d;
  }

  /**
   * null_argument K: null when the callee's argument K (frame {@code inCall - 1}, the method the call
   * site called) is null, and the null can have been handed down to the throwing frame (frame 0): each
   * frame from the one the callee called down to the throwing one has a null argument. Else why the
   * exception does not count ("(its argument K is not null)"). The values are the parameters' when the
   * exception is thrown; javac's code seldom assigns a parameter. The hand-down condition is necessary,
   * not sufficient: a NullPointerException deeper down, in a frame that got no null (ReentrantLock.lock
   * of a lock without its synchronizer, a collection's size on a view without its delegate), is not the
   * dereference of the null passed, and witnesses of such states were once confirmed so.
   */
  private String argumentNotNull(List<StackFrame> frames, int inCall) {
    if (x.nullArgument == 0) return null;
    List<com.sun.jdi.Value> args = argumentsOf(frames.get(inCall - 1));
    if (args == null) return "(its argument " + x.nullArgument + " cannot be read)";
    if (args.size() < x.nullArgument) return "(it has no argument " + x.nullArgument + ")";
    if (args.get(x.nullArgument - 1) != null) return "(its argument " + x.nullArgument + " is not null)";
    for (int k = inCall - 2; k >= 0; k--) {
      List<com.sun.jdi.Value> below = argumentsOf(frames.get(k));
      if (below == null || !below.contains(null)) {
        Location l = frames.get(k).location();
        return "(its null argument " + x.nullArgument + " is not handed down: " + l.declaringType().name() + "."
            + l.method().name() + l.method().signature() + " got no null argument)";
      }
    }
    return null;
  }

  /** The frame's argument values (the receiver not counted), or null when they cannot be read. */
  private static List<com.sun.jdi.Value> argumentsOf(StackFrame frame) {
    try {
      return frame.getArgumentValues();
    } catch (RuntimeException ex) {
      return null;
    }
  }

  private boolean typeMatches(ReferenceType t) {
    String want = Descriptors.binaryName(x.type);
    if (t.name().equals(want)) return true;
    if (!x.subtypes || !(t instanceof ClassType)) return false;
    for (ClassType s = ((ClassType) t).superclass(); s != null; s = s.superclass()) {
      if (s.name().equals(want)) return true;
    }
    return false;
  }

  private String describe(Location loc) {
    Method m = loc.method();
    String s = Descriptors.internalName(loc.declaringType().name()) + "." + m.name() + m.signature() + " bci " + loc.codeIndex();
    int line = loc.lineNumber();
    return line >= 0 ? s + " line " + line : s;
  }
}
