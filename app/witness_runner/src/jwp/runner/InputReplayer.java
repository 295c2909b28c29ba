package jwp.runner;

import com.sun.jdi.ClassNotLoadedException;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.InvalidTypeException;
import com.sun.jdi.Method;
import com.sun.jdi.NativeMethodException;
import com.sun.jdi.ObjectReference;
import com.sun.jdi.StringReference;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.Value;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodEntryRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The values of the calls of input methods (witness "inputs", issue #28: jwp's --input-method):
 * every call, in the entry thread, of a method an input pattern names ({@code pkg.Class.method},
 * {@code *} in the name matching any run of characters) whose result is a primitive or a String
 * returns, on entry and without running its code, the witness's value at its position: 0 for the
 * first such call, 1 for the next, and so on. A position the witness does not list returns the
 * type's default (0, false, null): the precondition does not read it.
 *
 * <p>How: a method-entry request per pattern's class (a class filter); on the event, {@link
 * ThreadReference#forceEarlyReturn}. Each call is reported as a line {@code input 0:
 * pkg.Class.method returned 5}.
 */
final class InputReplayer {
  private static final int MAX_LINES = 50;

  private static final class MethodGlob {
    final String cls; // binary name
    final Pattern name;

    MethodGlob(String pattern) {
      int dot = pattern.lastIndexOf('.');
      cls = pattern.substring(0, dot);
      StringBuilder re = new StringBuilder();
      for (char c : pattern.substring(dot + 1).toCharArray()) {
        re.append(c == '*' ? ".*" : Pattern.quote(String.valueOf(c)));
      }
      name = Pattern.compile(re.toString());
    }
  }

  private final Witness w;
  private final String entryThread;
  private final List<MethodGlob> globs = new ArrayList<>();
  private final Set<EventRequest> requests = new HashSet<>();
  private final List<String> lines = new ArrayList<>();
  private long next;
  private FileTreeMaker files;

  InputReplayer(Witness w, String entryThread) {
    this.w = w;
    this.entryThread = entryThread;
    for (String p : w.inputMethods) globs.add(new MethodGlob(p));
  }

  /** Asks for the entries of the patterns' classes (before the entry method runs). */
  void enable(EventRequestManager erm) {
    Set<String> classes = new LinkedHashSet<>();
    for (MethodGlob g : globs) classes.add(g.cls);
    for (String c : classes) {
      MethodEntryRequest r = erm.createMethodEntryRequest();
      r.addClassFilter(c);
      r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
      r.enable();
      requests.add(r);
    }
  }

  /** Whether `e` was one of this replayer's (handled; the caller resumes the event set). */
  boolean handle(Event e) {
    if (!(e instanceof MethodEntryEvent) || !requests.contains(e.request())) return false;
    MethodEntryEvent entry = (MethodEntryEvent) e;
    Method m = entry.method();
    ThreadReference t = entry.thread();
    if (!t.name().equals(entryThread)) return true;
    String query = FileTreeMaker.queryOf(m.declaringType().name(), m.name(), m.signature());
    if (query != null) {
      makeFileTree(m, query, t);
      return true;
    }
    if (!isInput(m)) return true;
    long position = next++;
    String what = "input " + position + ": " + m.declaringType().name() + "." + m.name();
    try {
      Value v = valueFor(m, position, t.virtualMachine());
      t.forceEarlyReturn(v);
      note(what + " returned " + (v == null ? "null" : v instanceof StringReference ? "\"" + ((StringReference) v).value() + "\"" : v.toString()));
    } catch (InvalidTypeException | ClassNotLoadedException | IncompatibleThreadStateException | NativeMethodException
        | UnsupportedOperationException | IllegalArgumentException e2) {
      note(what + ": its value could not be returned (" + e2 + "): the method ran");
    }
    return true;
  }

  /** The debuggee's directory, under which the file queries' answers are made. */
  void setDirectory(Path dir) {
    files = new FileTreeMaker(dir, w);
  }

  /**
   * A query of the file system (jwp's callgraph::FileQuery) at its position: the files under the
   * debuggee's directory are made to answer it with the witness's value, and it runs. A query that
   * java.io.File's own code makes (mkdirs asks exists) is not one of the program's.
   */
  private void makeFileTree(Method m, String query, ThreadReference t) {
    String path;
    try {
      if (t.frameCount() > 1) {
        String caller = t.frame(1).location().declaringType().name();
        if (caller.equals("java.io.File") || caller.equals("java.nio.file.Files")) return;
      }
      // A native's own frame shows no values: its caller's (the stream's open) has the receiver.
      ObjectReference self = m.isNative() && t.frameCount() > 1 ? t.frame(1).thisObject() : t.frame(0).thisObject();
      if (self == null) {
        // Files' static queries: the Path argument.
        List<Value> args = t.frame(0).getArgumentValues();
        self = !args.isEmpty() && args.get(0) instanceof ObjectReference ? (ObjectReference) args.get(0) : null;
      }
      path = pathOf(self);
    } catch (IncompatibleThreadStateException | RuntimeException e) {
      path = null;
    }
    long position = next++;
    String what = "input " + position + ": " + m.declaringType().name() + "." + m.name()
        + (path == null ? "" : " of \"" + path + "\"");
    if (!w.inputValues.containsKey(position)) {
      note(what + ": ran on the files as they are (the witness gives no value)");
      return;
    }
    if (files == null) {
      note(what + ": no directory to make files in: ran on the files as they are");
      return;
    }
    note(what + ": " + files.make(path, query, w.inputValues.get(position)));
  }

  /**
   * The path a java.io.File or a FileInputStream/FileOutputStream (their String field "path") or
   * a java.nio.file.Path of the default file system (sun.nio.fs.UnixPath: its bytes, field "path")
   * names, or null.
   */
  private static String pathOf(ObjectReference o) {
    if (o == null) return null;
    com.sun.jdi.Field f = o.referenceType().fieldByName("path");
    Value v = f == null ? null : o.getValue(f);
    if (v instanceof StringReference) return ((StringReference) v).value();
    if (v instanceof com.sun.jdi.ArrayReference) {
      List<Value> bytes = ((com.sun.jdi.ArrayReference) v).getValues();
      byte[] b = new byte[bytes.size()];
      for (int i = 0; i < b.length; i++) {
        if (!(bytes.get(i) instanceof com.sun.jdi.ByteValue)) return null;
        b[i] = ((com.sun.jdi.ByteValue) bytes.get(i)).value();
      }
      return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
    return null;
  }

  List<String> lines() {
    return lines;
  }

  private void note(String line) {
    if (lines.size() < MAX_LINES) lines.add(line);
  }

  private boolean isInput(Method m) {
    if (m.isConstructor() || m.isStaticInitializer() || m.isAbstract()) return false;
    String r = m.returnTypeName();
    boolean value = switch (r) {
      case "boolean", "byte", "char", "short", "int", "long", "float", "double", "java.lang.String" -> true;
      default -> false;
    };
    if (!value) return false;
    String cls = m.declaringType().name();
    for (MethodGlob g : globs) {
      if (g.cls.equals(cls) && g.name.matcher(m.name()).matches()) return true;
    }
    return false;
  }

  /** The witness's value at `position` as the method's result type, or its default. */
  private Value valueFor(Method m, long position, VirtualMachine vm) {
    Object raw = w.inputValues.get(position);
    String type = m.returnTypeName();
    if (type.equals("java.lang.String")) {
      if (raw == null) return null;
      String text = w.heap.get((String) raw).string;
      StringReference s = vm.mirrorOf(text == null ? "" : text);
      s.disableCollection(); // until the call returns it
      return s;
    }
    // Numbers as written (Json.Num); floats and doubles also as NaN, Infinity, -Infinity.
    String text = raw == null ? "0" : raw instanceof Json.Num ? ((Json.Num) raw).text : (String) raw;
    return switch (type) {
      case "float" -> vm.mirrorOf(Float.parseFloat(text));
      case "double" -> vm.mirrorOf(Double.parseDouble(text));
      case "boolean" -> vm.mirrorOf(Long.parseLong(text) != 0);
      case "byte" -> vm.mirrorOf((byte) Long.parseLong(text));
      case "char" -> vm.mirrorOf((char) Long.parseLong(text));
      case "short" -> vm.mirrorOf((short) Long.parseLong(text));
      case "int" -> vm.mirrorOf((int) Long.parseLong(text));
      default -> vm.mirrorOf(Long.parseLong(text));
    };
  }
}
