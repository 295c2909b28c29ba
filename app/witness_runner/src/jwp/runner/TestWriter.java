package jwp.runner;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes JUnit 5 tests from confirmed witnesses (jwp testgen, issue #31).
 *
 * <pre>java -cp jwp-witness-runner.jar:TARGET_CLASS_PATH jwp.runner.TestWriter SPEC.json</pre>
 *
 * SPEC: {"out": DIR, "scenarios": [{"id", "witness": FILE, "parameters": [names], "precondition", "origin"}]}.
 * Each scenario's witness is built and its entry called on this JVM, as the witness runner does; the
 * test asserts what the call did. One class per class under test ({@code FooJwpTest}, Foo's package)
 * under DIR, and jwp/testsupport/ReflectiveState.java when a test needs it. stdout, one line per
 * scenario: {@code test ID CLASS METHOD [reflective]} or {@code skip ID REASON}; then {@code file PATH}
 * per file written. Exit 0, or 2 when the spec cannot be read.
 */
public final class TestWriter {
  private TestWriter() {}

  /** The tests of one test class, in scenario order. */
  private static final class TestClass {
    String pkg, name;
    JavaNames names;
    Set<String> methodNames = new HashSet<>();
    List<JavaTestSource.Test> tests = new ArrayList<>();
  }

  public static void main(String[] args) {
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err); // what the entries print must not mix with the report
    int code;
    try {
      code = run(args, out);
    } catch (BadWitness | IOException e) {
      System.err.println("jwp test writer: " + e.getMessage());
      code = 2;
    }
    out.flush();
    Runtime.getRuntime().halt(code); // do not wait for threads the entries left running
  }

  @SuppressWarnings("unchecked")
  static int run(String[] args, PrintStream out) throws BadWitness, IOException {
    if (args.length != 1) throw new BadWitness("usage: java -cp jwp-witness-runner.jar:CLASSPATH jwp.runner.TestWriter SPEC.json");
    Object doc;
    try {
      doc = Json.parse(Files.readString(Paths.get(args[0]), StandardCharsets.UTF_8));
    } catch (Json.ParseError e) {
      throw new BadWitness(args[0] + ": " + e.getMessage());
    }
    if (!(doc instanceof Map) || !(((Map<String, Object>) doc).get("out") instanceof String)
        || !(((Map<String, Object>) doc).get("scenarios") instanceof List))
      throw new BadWitness(args[0] + ": expected {\"out\": DIR, \"scenarios\": [...]}");
    Map<String, Object> spec = (Map<String, Object>) doc;
    Path dir = Paths.get((String) spec.get("out"));
    Map<String, TestClass> classes = new LinkedHashMap<>();
    for (Object o : (List<Object>) spec.get("scenarios")) {
      if (!(o instanceof Map)) throw new BadWitness(args[0] + ": a scenario is not an object");
      Map<String, Object> s = (Map<String, Object>) o;
      String id = String.valueOf(s.get("id"));
      try {
        write(scenario(s, id), String.valueOf(s.get("witness")), classes, out);
      } catch (BadWitness e) {
        out.println("skip " + id + " " + e.getMessage());
      } catch (RuntimeException | LinkageError e) {
        out.println("skip " + id + " " + e);
      }
    }
    boolean helper = false;
    for (TestClass c : classes.values()) {
      Path file = dir.resolve(c.pkg.replace('.', '/')).resolve(c.name + ".java");
      Files.createDirectories(file.getParent());
      Files.writeString(file, classText(c), StandardCharsets.UTF_8);
      out.println("file " + file);
      for (JavaTestSource.Test t : c.tests) helper |= t.reflective;
    }
    if (helper) {
      Path file = dir.resolve(ReflectiveStateSource.PATH);
      Files.createDirectories(file.getParent());
      Files.writeString(file, ReflectiveStateSource.TEXT, StandardCharsets.UTF_8);
      out.println("file " + file);
    }
    return 0;
  }

  @SuppressWarnings("unchecked")
  private static JavaTestSource.Scenario scenario(Map<String, Object> s, String id) {
    JavaTestSource.Scenario sc = new JavaTestSource.Scenario();
    sc.id = id;
    if (s.get("parameters") instanceof List) {
      for (Object p : (List<Object>) s.get("parameters")) sc.parameterNames.add(String.valueOf(p));
    }
    if (s.get("precondition") instanceof String) sc.precondition = (String) s.get("precondition");
    if (s.get("origin") instanceof String) sc.origin = (String) s.get("origin");
    if (s.get("constructors") instanceof Map) {
      for (Map.Entry<String, Object> c : ((Map<String, Object>) s.get("constructors")).entrySet()) {
        if (!(c.getValue() instanceof Map)) continue;
        Map<String, List<String>> byDescriptor = new LinkedHashMap<>();
        for (Map.Entry<String, Object> k : ((Map<String, Object>) c.getValue()).entrySet()) {
          if (!(k.getValue() instanceof List)) continue;
          List<String> names = new ArrayList<>();
          for (Object n : (List<Object>) k.getValue()) names.add(String.valueOf(n));
          byDescriptor.put(k.getKey(), names);
        }
        sc.constructors.put(c.getKey(), byDescriptor);
      }
    }
    if (s.get("sequence") instanceof Map) sc.sequence = sequence((Map<String, Object>) s.get("sequence"), id);
    return sc;
  }

  /** A driver's calls (JavaTestSource.Sequence) from the spec, resolved on this JVM. */
  @SuppressWarnings("unchecked")
  private static JavaTestSource.Sequence sequence(Map<String, Object> s, String id) {
    String where = "scenario " + id + ": sequence: ";
    JavaTestSource.Sequence q = new JavaTestSource.Sequence();
    try {
      q.subject = Class.forName(Descriptors.binaryName(String.valueOf(s.get("subject"))), false,
          ClassLoader.getSystemClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(where + "no class " + s.get("subject"));
    }
    Map<String, Object> k = (Map<String, Object>) s.get("constructor");
    for (java.lang.reflect.Constructor<?> c : q.subject.getDeclaredConstructors()) {
      if (Descriptors.of(c).equals(k.get("descriptor"))) q.constructor = c;
    }
    if (q.constructor == null) throw new IllegalArgumentException(where + "no constructor " + k.get("descriptor"));
    q.constructorArgs = indices(k.get("args"));
    for (Object o : (List<Object>) s.get("calls")) {
      Map<String, Object> c = (Map<String, Object>) o;
      q.calls.add(method(q.subject, String.valueOf(c.get("name")), String.valueOf(c.get("descriptor")), where));
      q.callArgs.add(indices(c.get("args")));
    }
    Map<String, Object> e = (Map<String, Object>) s.get("entry");
    q.entry = method(q.subject, String.valueOf(e.get("name")), String.valueOf(e.get("descriptor")), where);
    q.entryArgs = indices(e.get("args"));
    return q;
  }

  private static java.lang.reflect.Method method(Class<?> c, String name, String descriptor, String where) {
    for (Class<?> k = c; k != null; k = k.getSuperclass()) {
      for (java.lang.reflect.Method m : k.getDeclaredMethods()) {
        if (m.getName().equals(name) && Descriptors.of(m).equals(descriptor)) return m;
      }
    }
    throw new IllegalArgumentException(where + "no method " + name + descriptor + " in " + c.getName());
  }

  @SuppressWarnings("unchecked")
  private static int[] indices(Object list) {
    List<Object> l = (List<Object>) list;
    int[] out = new int[l.size()];
    for (int i = 0; i < out.length; i++) out[i] = Integer.parseInt(String.valueOf(l.get(i)));
    return out;
  }

  /** Builds the witness, calls its entry, and adds the test to its class. */
  private static void write(JavaTestSource.Scenario sc, String witnessFile, Map<String, TestClass> classes, PrintStream out)
      throws BadWitness, IOException {
    Witness w = Witness.parse("witness", Files.readString(Paths.get(witnessFile), StandardCharsets.UTF_8));
    if (w.assertions) throw w.bad("", "analysed with assertions enabled: jwp testgen writes tests for the JVM's default");
    StandIn.clearReturns();
    Materializer m = new Materializer(w, ClassLoader.getSystemClassLoader());
    Map<Field, Object> savedStatics = new LinkedHashMap<>();
    for (String key : w.statics.keySet()) {
      Field f = m.field(key, "statics", true);
      savedStatics.put(f, UnsafeAccess.get(null, f));
    }
    Outcome outcome;
    Materializer.Call call;
    try {
      call = m.materialize();
      outcome = Outcome.invoke(call, w.timeoutMs);
    } catch (Outcome.InvokeError e) {
      throw w.bad("entry", e.getMessage());
    }
    if (outcome.kind == Outcome.Kind.TIMED_OUT) throw w.bad("entry", "the call did not end within " + w.timeoutMs + " ms");
    // A driver's test goes with the class it builds.
    Class<?> entryClass = sc.sequence != null ? sc.sequence.subject : call.method.getDeclaringClass();
    String pkg = entryClass.getPackageName();
    String name = JavaNames.flatSimpleName(entryClass) + "JwpTest";
    TestClass tc = classes.computeIfAbsent(pkg + "." + name, k -> {
      TestClass c = new TestClass();
      c.pkg = pkg;
      c.name = name;
      c.names = new JavaNames(pkg, name);
      return c;
    });
    for (Map.Entry<Field, Object> e : savedStatics.entrySet()) UnsafeAccess.put(null, e.getKey(), e.getValue());
    // Objects built through their classes' constructors instead, when the entry call then ends the same way.
    Map<String, Construction.Plan> plans = plans(w, m, sc, tc.names);
    if (!plans.isEmpty()) {
      Materializer built = new Materializer(w, ClassLoader.getSystemClassLoader());
      Materializer.Call rebuilt = built.materialize();
      Outcome again = null;
      boolean ok = true;
      for (Construction.Plan p : plans.values()) {
        Object o = p.build(built);
        if (o == null) {
          ok = false;
          break;
        }
        built.replace(p.id, o, rebuilt);
      }
      if (ok) {
        try {
          again = Outcome.invoke(rebuilt, w.timeoutMs);
        } catch (Outcome.InvokeError e) {
          again = null;
        }
      }
      for (Map.Entry<Field, Object> e : savedStatics.entrySet()) UnsafeAccess.put(null, e.getKey(), e.getValue());
      if (again != null && sameOutcome(outcome, again)) {
        m = built;
        call = rebuilt;
        outcome = again;
      } else {
        plans.clear();
      }
    }
    JavaTestSource.Test t = new JavaTestSource(w, m, call, outcome, sc, tc.names, plans).write(tc.methodNames);
    tc.tests.add(t);
    out.println("test " + sc.id + " " + (pkg.isEmpty() ? "" : pkg + ".") + name + " " + t.name + (t.reflective ? " reflective" : ""));
  }

  /**
   * The plans for the heap objects that Construction can build, in an order where each plan's arguments
   * are built before it (none when the plans depend on each other in a cycle).
   */
  private static Map<String, Construction.Plan> plans(Witness w, Materializer m, JavaTestSource.Scenario sc, JavaNames names)
      throws BadWitness {
    Map<String, Construction.Plan> found = new LinkedHashMap<>();
    for (Witness.HeapObject h : w.heap.values()) {
      Object o = m.object(h.id);
      // A constructor entry makes its own receiver: the witness's is not used.
      if (o == null || (w.entryMethod.equals("<init>") && h.id.equals(w.receiver))) continue;
      if (h.staticValue != null) continue; // a static final's object is read, never built
      Map<String, List<String>> ctors = sc.constructors.getOrDefault(Descriptors.internalOf(o.getClass()), Map.of());
      Construction.Plan p = Construction.find(w, m, h, ctors, names);
      if (p != null) found.put(h.id, p);
    }
    Map<String, Construction.Plan> ordered = new LinkedHashMap<>();
    while (ordered.size() < found.size()) {
      boolean progress = false;
      for (Construction.Plan p : found.values()) {
        if (ordered.containsKey(p.id)) continue;
        boolean ready = true;
        for (String id : p.uses()) ready &= !found.containsKey(id) || ordered.containsKey(id) || id.equals(p.id);
        // A stand-in is declared after every built object: no plan may take one.
        for (String id : p.uses()) ready &= w.heap.get(id) == null || w.heap.get(id).standInFor == null;
        if (ready) {
          ordered.put(p.id, p);
          progress = true;
        }
      }
      if (!progress) return new LinkedHashMap<>();
    }
    return ordered;
  }

  /** Whether the call built through constructors ended as the witness's did: a test of either says the same. */
  private static boolean sameOutcome(Outcome a, Outcome b) {
    if (a.kind != b.kind) return false;
    if (a.kind == Outcome.Kind.THREW) {
      if (a.thrown.getClass() != b.thrown.getClass()) return false;
      StackTraceElement[] x = a.thrown.getStackTrace(), y = b.thrown.getStackTrace();
      if (x.length == 0 || y.length == 0) return x.length == y.length;
      return x[0].getClassName().equals(y[0].getClassName()) && x[0].getMethodName().equals(y[0].getMethodName())
          && java.util.Objects.equals(a.thrown.getMessage(), b.thrown.getMessage());
    }
    if (a.kind != Outcome.Kind.RETURNED) return false;
    Object r = a.returned, q = b.returned;
    if (r == null || q == null) return r == q;
    if (JavaNames.hasLiteral(r.getClass())) return r.equals(q);
    return r.getClass() == q.getClass();
  }

  private static String classText(TestClass c) {
    StringBuilder b = new StringBuilder();
    if (!c.pkg.isEmpty()) b.append("package ").append(c.pkg).append(";\n\n");
    b.append("import static org.junit.jupiter.api.Assertions.*;\n\n");
    boolean tagged = c.tests.stream().anyMatch(t -> t.reflective);
    if (tagged) b.append("import org.junit.jupiter.api.Tag;\n");
    b.append("import org.junit.jupiter.api.Test;\n");
    for (String i : c.names.imports()) b.append("import ").append(i).append(";\n");
    b.append("\n/**\n * Tests written by jwp testgen from preconditions whose witnesses the JVM confirmed, one per\n")
        .append(" * goal. Each asserts what the call did when the test was written. Regenerate rather than edit.\n */\n");
    b.append("@SuppressWarnings({\"unchecked\", \"rawtypes\", \"deprecation\"})\n");
    b.append("class ").append(c.name).append(" {\n");
    for (int i = 0; i < c.tests.size(); i++) b.append(i == 0 ? "" : "\n").append(c.tests.get(i).text);
    b.append("}\n");
    return b.toString();
  }
}
