package jwp.runner;

import com.sun.jdi.BooleanValue;
import com.sun.jdi.ByteValue;
import com.sun.jdi.CharValue;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.IntegerValue;
import com.sun.jdi.Location;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.PrimitiveValue;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ShortValue;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VoidValue;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.ExceptionEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.ExceptionRequest;
import com.sun.jdi.request.MethodExitRequest;
import com.sun.jdi.request.StepRequest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the calls jwp assumed to return normally actually did (witness "observe", issue #27): the
 * first execution of each named call site in the entry thread is followed into its callee and out
 * again, and its outcome is reported as a line {@code call: <site>: <outcome>}, where the outcome is
 * {@code returned int 5} (also {@code long}, {@code boolean}, {@code char}, {@code short},
 * {@code byte}), {@code returned null}, {@code returned string "text"}, {@code returned object
 * java/util/HashMap}, {@code returned void}, {@code threw java/lang/IllegalStateException} or {@code not observed (why)}.
 *
 * <p>How: a breakpoint at the invoke; on it, one step into the callee (a class loader or a static
 * initializer that the invoke runs first is stepped out of, and the invoke stepped into again); in
 * the callee, a method-exit request for its class, the thread and its frame depth gives the value
 * returned; one more step tells a normal return (the caller's next instruction) from a throw. JDI
 * reports no method exit for a method that ends by a throw: an exception request for the thread
 * tells when one leaves the callee (its handler is in no frame of the callee's).
 */
final class CallObserver {
  private static final int MAX_STEP_INTO = 4;
  private static final int MAX_STRING = 200;
  private static final int MAX_OTHER_EXITS = 500;

  private final List<Witness.ObservedCall> calls;
  private final String entryThread;
  private final Map<EventRequest, Witness.ObservedCall> breakpoints = new HashMap<>();
  private final Map<Witness.ObservedCall, String> outcomes = new LinkedHashMap<>();

  // The call being followed: its site, the caller's frame depth, the callee once entered.
  private Witness.ObservedCall current;
  private int depth;
  private int stepIntos;
  private Method callee;
  private int otherExits; // exits of other methods of the callee's class while it runs
  private String returned;
  private EventRequest pending; // the step or method-exit request in flight
  private ExceptionRequest throwWatch; // in the callee: JDI reports no method exit for a throw

  CallObserver(List<Witness.ObservedCall> calls, String entryThread) {
    this.calls = calls;
    this.entryThread = entryThread;
  }

  /** The classes whose preparation arms a site. */
  List<String> classes() {
    List<String> names = new ArrayList<>();
    for (Witness.ObservedCall c : calls) {
      String n = Descriptors.binaryName(c.cls);
      if (!names.contains(n)) names.add(n);
    }
    return names;
  }

  /** Breakpoints at the sites in class {@code rt} (prepared). */
  void arm(EventRequestManager erm, ReferenceType rt) {
    for (Witness.ObservedCall c : calls) {
      if (!rt.name().equals(Descriptors.binaryName(c.cls)) || breakpoints.containsValue(c)) continue;
      Method m = null;
      for (Method k : rt.methods()) {
        if (k.name().equals(c.method) && k.signature().equals(c.descriptor)) m = k;
      }
      if (m == null || m.isAbstract() || m.isNative()) {
        outcomes.put(c, "not observed (no such method with bytecode)");
        continue;
      }
      byte[] code = m.bytecodes();
      Location loc = m.locationOfCodeIndex(c.bci);
      if (loc == null || !Bytecode.isInstructionStart(code, c.bci) || !Bytecode.isInvoke(code[c.bci] & 0xff)) {
        outcomes.put(c, "not observed (bci " + c.bci + " is not an invoke)");
        continue;
      }
      BreakpointRequest br = erm.createBreakpointRequest(loc);
      br.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      br.enable();
      breakpoints.put(br, c);
    }
  }

  /** Whether {@code e} was one of the observer's own events (handled, the thread to be resumed). */
  boolean handle(Event e, EventRequestManager erm) {
    try {
      if (e instanceof BreakpointEvent && breakpoints.containsKey(e.request())) {
        onSite((BreakpointEvent) e, erm);
        return true;
      }
      if (throwWatch != null && e.request() == throwWatch) {
        onThrow((ExceptionEvent) e, erm);
        return true;
      }
      if (pending == null || e.request() != pending) return false;
      if (e instanceof MethodExitEvent) {
        onExit((MethodExitEvent) e, erm);
        return true;
      }
      erm.deleteEventRequest(pending);
      pending = null;
      if (e instanceof StepEvent) onStep(((StepEvent) e).thread(), ((StepEvent) e).location(), erm);
      return true;
    } catch (IncompatibleThreadStateException ex) {
      finish("not observed (the thread was not suspended)");
      return true;
    }
  }

  private void onSite(BreakpointEvent b, EventRequestManager erm) throws IncompatibleThreadStateException {
    Witness.ObservedCall c = breakpoints.get(b.request());
    ThreadReference t = b.thread();
    if (current != null || outcomes.containsKey(c) || !t.name().equals(entryThread)) return;
    current = c;
    depth = t.frameCount();
    stepIntos = 0;
    callee = null;
    stepInto(t, erm);
  }

  private void stepInto(ThreadReference t, EventRequestManager erm) {
    ++stepIntos;
    step(t, erm, StepRequest.STEP_INTO);
  }

  private void step(ThreadReference t, EventRequestManager erm, int how) {
    StepRequest s = erm.createStepRequest(t, StepRequest.STEP_MIN, how);
    s.addCountFilter(1);
    s.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    s.enable();
    pending = s;
  }

  private void onStep(ThreadReference t, Location at, EventRequestManager erm) throws IncompatibleThreadStateException {
    int n = t.frameCount();
    Method m = at.method();
    if (returned != null) { // stepped after the callee's exit
      boolean normal = n == depth && inSiteMethod(at) && at.codeIndex() > current.bci;
      finish(normal ? returned : "threw");
      return;
    }
    if (n == depth + 1 && m.name().equals(current.calleeName) && m.signature().equals(current.calleeDescriptor)) {
      callee = m;
      otherExits = 0;
      MethodExitRequest r = erm.createMethodExitRequest();
      r.addThreadFilter(t);
      r.addClassFilter(m.declaringType());
      r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      r.enable();
      pending = r;
      throwWatch = erm.createExceptionRequest(null, true, true);
      throwWatch.addThreadFilter(t);
      throwWatch.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      throwWatch.enable();
    } else if (n > depth) { // a class loader or initializer the invoke runs first
      step(t, erm, StepRequest.STEP_OUT);
    } else if (n == depth && at.codeIndex() == current.bci && stepIntos < MAX_STEP_INTO) {
      stepInto(t, erm);
    } else {
      finish(n == depth && at.codeIndex() > current.bci ? "not observed (a native method or none stepped into)" : "threw");
    }
  }

  private boolean inSiteMethod(Location at) {
    return isMethod(at, current.cls, current.method, current.descriptor);
  }

  /** Whether {@code loc} is in method {@code cls.method descriptor} (cls an internal name). */
  static boolean isMethod(Location loc, String cls, String method, String descriptor) {
    Method m = loc.method();
    return loc.declaringType().name().equals(Descriptors.binaryName(cls)) && m.name().equals(method)
        && m.signature().equals(descriptor);
  }

  /**
   * An exit of a method of the callee's class: the callee's own (its frame at depth + 1) gives the
   * value; the others (the class's methods the callee calls) are passed, at most MAX_OTHER_EXITS of
   * them, since each costs a round trip to the debuggee (String.format runs through String's own
   * methods) and the entry's time is bounded.
   */
  private void onExit(MethodExitEvent x, EventRequestManager erm) throws IncompatibleThreadStateException {
    ThreadReference t = x.thread();
    if (!x.method().equals(callee) || t.frameCount() != depth + 1) {
      if (++otherExits > MAX_OTHER_EXITS) {
        erm.deleteEventRequest(pending);
        pending = null;
        stopWatchingThrows(erm);
        finish("not observed (its class's methods exited more than " + MAX_OTHER_EXITS + " times inside it)");
      }
      return;
    }
    erm.deleteEventRequest(pending);
    pending = null;
    returned = "returned " + describe(x.returnValue());
    stopWatchingThrows(erm);
    step(t, erm, StepRequest.STEP_INTO); // the caller's next instruction
  }

  /** An exception in the callee: the call threw when no frame of the callee's handles it. */
  private void onThrow(ExceptionEvent x, EventRequestManager erm) throws IncompatibleThreadStateException {
    Location c = x.catchLocation();
    List<com.sun.jdi.StackFrame> frames = x.thread().frames();
    int calleeFrames = frames.size() - depth; // frames 0 .. calleeFrames-1 are the callee's and above
    for (int k = 0; c != null && k < calleeFrames; k++) {
      if (frames.get(k).location().method().equals(c.method())) return; // handled inside the call
    }
    stopWatchingThrows(erm);
    if (pending != null) erm.deleteEventRequest(pending);
    pending = null;
    finish("threw " + Descriptors.internalName(x.exception().referenceType().name()));
  }

  private void stopWatchingThrows(EventRequestManager erm) {
    if (throwWatch != null) erm.deleteEventRequest(throwWatch);
    throwWatch = null;
  }

  private void finish(String outcome) {
    if (current != null) outcomes.put(current, outcome);
    current = null;
    returned = null;
    callee = null;
  }

  static String describe(Value v) {
    if (v == null) return "null";
    if (v instanceof VoidValue) return "void";
    if (v instanceof BooleanValue) return "boolean " + ((BooleanValue) v).value();
    if (v instanceof CharValue) return "char " + (int) ((CharValue) v).value();
    if (v instanceof ByteValue || v instanceof ShortValue || v instanceof IntegerValue) {
      return (v instanceof ByteValue ? "byte " : v instanceof ShortValue ? "short " : "int ") + ((PrimitiveValue) v).intValue();
    }
    if (v instanceof LongValue) return "long " + ((LongValue) v).value();
    if (v instanceof PrimitiveValue) return v.type().name() + " " + v; // float, double
    if (v instanceof StringReference) {
      String s = ((StringReference) v).value();
      return s.length() > MAX_STRING ? "string (" + s.length() + " chars)" : "string " + Json.quote(s);
    }
    return "object " + Descriptors.internalName(((ObjectReference) v).referenceType().name());
  }

  /** The report's lines, one per site in the witness's order (sites never executed are not listed). */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    for (Witness.ObservedCall c : calls) {
      String o = outcomes.get(c);
      if (o == null && c == current) o = returned != null ? returned : "not observed (the call did not end)";
      if (o != null) out.add("call: " + c.where() + ": " + o);
    }
    return out;
  }
}
