package jwp.runner;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One JUnit 5 test method from a witness and what its entry call did on this JVM (jwp testgen): arrange
 * (the witness's state), act (the entry call) and assert (the exception it threw, where, and its message;
 * or the value it returned, a regression oracle). Objects are allocated as the witness runner does: a
 * public JDK class with a public no-argument constructor by that constructor, any other without one,
 * through the ReflectiveState helper (the test is then tagged state-set-reflectively).
 */
final class JavaTestSource {
  /** What the scenario says besides the witness. */
  static final class Scenario {
    String id;
    List<String> parameterNames = new ArrayList<>();
    String precondition = "";
    String origin = ""; // "npe at pkg.C.m(...)@line:12", for the comment
    // internal class name -> constructor descriptor -> its parameters' names (Construction)
    Map<String, Map<String, List<String>>> constructors = new LinkedHashMap<>();
    // When the witness's entry is a universal driver (jwp's construction goals): the calls it makes,
    // written into the test in its place.
    Sequence sequence;
  }

  /**
   * The calls of a universal driver (app/construction_goals.h): the subject built by a constructor,
   * then methods called on it, then the entry call; each argument the index of a driver parameter.
   */
  static final class Sequence {
    Class<?> subject;
    Constructor<?> constructor;
    int[] constructorArgs;
    List<Method> calls = new ArrayList<>();
    List<int[]> callArgs = new ArrayList<>();
    Method entry;
    int[] entryArgs;
  }

  /** A generated test method. */
  static final class Test {
    String name;
    String text; // from the comment to the closing brace, indented by two spaces
    boolean reflective;
  }

  private final Witness w;
  private final Materializer m;
  private final Materializer.Call call;
  private final Outcome outcome;
  private final Scenario scenario;
  private final JavaNames names;
  private final Set<String> locals = JavaNames.newUsedSet("thrown", "result", "where");
  private final Map<String, String> variables = new LinkedHashMap<>(); // heap id -> local name
  private final Map<String, Class<?>> declared = new LinkedHashMap<>(); // heap id -> the local's declared type
  private final List<String> arrange = new ArrayList<>();
  // The declarations, by heap id or "#i" for the i-th parameter's literal, in the order they are made;
  // `declarationOrder` puts the receiver and the parameters first.
  private final Map<String, String> declarations = new LinkedHashMap<>();
  private final List<String> declarationOrder = new ArrayList<>();
  private final List<String> restore = new ArrayList<>();
  private boolean reflective;

  // Objects built through their class's constructor and setters (Construction), in the order to build them.
  private final Map<String, Construction.Plan> plans;

  JavaTestSource(Witness w, Materializer m, Materializer.Call call, Outcome outcome, Scenario scenario, JavaNames names,
      Map<String, Construction.Plan> plans) {
    this.plans = plans;
    this.w = w;
    this.m = m;
    this.call = call;
    this.outcome = outcome;
    this.scenario = scenario;
    this.names = names;
  }

  /** The test, named uniquely among `methodNames` (which it joins). */
  Test write(Set<String> methodNames) throws BadWitness {
    List<String> args = arguments();
    if (call.receiver != null) declareReceiver();
    declareObjects();
    fillObjects();
    setStatics();
    setProperties();
    String act = scenario.sequence != null ? sequence(scenario.sequence, args) : act(args);
    List<String> body = new ArrayList<>(arrange);
    List<String> check = check(act);
    Test t = new Test();
    t.reflective = reflective;
    t.name = uniqueName(methodNames);
    StringBuilder b = new StringBuilder();
    b.append("  // jwp: ").append(JavaNames.commentText(scenario.origin)).append('\n');
    if (!scenario.precondition.isEmpty())
      b.append("  // precondition: ").append(JavaNames.commentText(scenario.precondition)).append('\n');
    b.append("  // The witness of this precondition was confirmed on the JVM by jwp's witness runner.\n");
    if (reflective)
      b.append("  // Its state is set reflectively (ReflectiveState): it may be one no caller can create.\n");
    b.append("  @Test\n");
    if (reflective) b.append("  @Tag(\"state-set-reflectively\")\n");
    b.append("  void ").append(t.name).append("() throws Throwable {\n");
    String indent = "    ";
    if (!restore.isEmpty()) {
      for (String s : restore) if (s.startsWith("Object ")) b.append(indent).append(s).append('\n');
      b.append(indent).append("try {\n");
      indent = "      ";
    }
    b.append(indent).append("// Arrange\n");
    for (String s : body) b.append(indent).append(s.replace("\n", "\n" + indent)).append('\n');
    b.append(indent).append(outcome.kind == Outcome.Kind.THREW ? "// Act and assert\n" : "// Act and assert (the value the JVM returned: a regression oracle)\n");
    for (String s : check) b.append(indent).append(s).append('\n');
    if (!restore.isEmpty()) {
      b.append("    } finally {\n");
      for (String s : restore) if (!s.startsWith("Object ")) b.append("      ").append(s).append('\n');
      b.append("    }\n");
    }
    b.append("  }\n");
    t.text = b.toString();
    return t;
  }

  private String uniqueName(Set<String> used) {
    String entryName = scenario.sequence != null ? scenario.sequence.entry.getName() : w.entryMethod;
    String method = entryName.equals("<init>") ? "constructor" : entryName.replace('$', '_');
    String what;
    if (outcome.kind == Outcome.Kind.THREW) what = "throws" + outcome.thrown.getClass().getSimpleName().replace('$', '_');
    else if (call.method instanceof Method && ((Method) call.method).getReturnType() != void.class) what = "returns" + valueWord(outcome.returned);
    else what = "returnsNormally";
    String when = JavaNames.conditionWords(scenario.precondition);
    String base = method + "_" + what + (when.isEmpty() ? "" : "_when" + when);
    if (base.isEmpty() || !Character.isJavaIdentifierStart(base.charAt(0))) base = "test_" + base;
    String name = base;
    for (int n = 2; used.contains(name); n++) name = base + "_" + n;
    used.add(name);
    return name;
  }

  /** A value in a test name: Null, True, 42, Minus1, a short word; "" for others. */
  private static String valueWord(Object v) {
    if (v == null) return "Null";
    if (v instanceof Boolean) return ((Boolean) v) ? "True" : "False";
    if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte) {
      long x = ((Number) v).longValue();
      return x < 0 ? "Minus" + (x == Long.MIN_VALUE ? "Max" : Long.toString(-x)) : Long.toString(x);
    }
    if (v instanceof String && ((String) v).matches("[A-Za-z0-9]{1,12}")) {
      String t = (String) v;
      return Character.toUpperCase(t.charAt(0)) + t.substring(1);
    }
    return "";
  }

  // ---- arrange

  /** One expression per parameter; binds heap objects passed as arguments to the parameters' names. */
  private List<String> arguments() throws BadWitness {
    Class<?>[] types = call.method.getParameterTypes();
    List<String> out = new ArrayList<>();
    for (int i = 0; i < types.length; i++) {
      String pname = i < scenario.parameterNames.size() ? scenario.parameterNames.get(i) : "arg" + i;
      Object raw = w.arguments.get(i);
      if (types[i].isPrimitive() || raw == null) {
        String local = JavaNames.identifier(pname, locals);
        String type = names.nameable(types[i]) ? names.name(types[i]) : "Object";
        declarations.put("#" + i, type + " " + local + " = " + (raw == null ? "null" : JavaNames.literal(call.arguments[i], types[i])) + ";");
        declarationOrder.add("#" + i);
        out.add(types[i].isPrimitive() || names.nameable(types[i]) ? local : null);
        continue;
      }
      String id = (String) raw;
      if (!variables.containsKey(id)) variables.put(id, JavaNames.identifier(pname, locals));
      declarationOrder.add(id);
      out.add(variables.get(id));
    }
    return out;
  }

  private void declareReceiver() {
    String id = w.receiver;
    declarationOrder.add(0, id);
    if (!variables.containsKey(id))
      variables.put(id, JavaNames.identifier(JavaNames.decapitalize(call.method.getDeclaringClass().getSimpleName()), locals));
  }

  /** The heap objects reachable from the receiver, the arguments, the statics and the properties, in a stable order. */
  private List<Witness.HeapObject> reachable() {
    Set<String> seen = new LinkedHashSet<>(variables.keySet());
    ArrayDeque<String> todo = new ArrayDeque<>(seen);
    for (Object v : w.statics.values()) if (v instanceof String && seen.add((String) v)) todo.add((String) v);
    for (Object v : w.properties.values()) if (v instanceof String && seen.add((String) v)) todo.add((String) v);
    for (Witness.StandInReturn r : w.standInReturns) {
      if (r.value instanceof String && w.heap.containsKey(r.value) && seen.add((String) r.value)) todo.add((String) r.value);
    }
    while (!todo.isEmpty()) {
      Witness.HeapObject h = w.heap.get(todo.poll());
      if (h == null) continue;
      List<Object> refs = new ArrayList<>(h.fields.values());
      refs.addAll(h.elements.values());
      for (Object v : refs) {
        if (v instanceof String && w.heap.containsKey(v) && seen.add((String) v)) todo.add((String) v);
      }
    }
    List<Witness.HeapObject> out = new ArrayList<>();
    for (String id : seen) if (w.heap.containsKey(id)) out.add(w.heap.get(id));
    return out;
  }

  private void declareObjects() throws BadWitness {
    List<Witness.HeapObject> standIns = new ArrayList<>();
    for (Witness.HeapObject h : reachable()) {
      Object o = m.object(h.id);
      Class<?> c = o.getClass();
      if (h.standInFor != null) {
        standIns.add(h); // after the others: their methods may return them
        continue;
      }
      if (plans.containsKey(h.id)) {
        variables.computeIfAbsent(h.id, id -> JavaNames.identifier(localNameFor(c), locals));
        declared.put(h.id, c);
        continue; // built after the others, which its constructor may take
      }
      String local = variables.computeIfAbsent(h.id, id -> JavaNames.identifier(localNameFor(c), locals));
      Class<?> type = names.nameable(c) ? c : c.isArray() && !c.getComponentType().isPrimitive() ? Object[].class : Object.class;
      declared.put(h.id, type);
      String init;
      if (h.string != null && h.cls.equals("java/lang/StringBuilder")) {
        init = "new StringBuilder(" + JavaNames.stringLiteral(h.string) + ")";
      } else if (h.string != null) {
        init = JavaNames.stringLiteral(h.string);
      } else if (h.staticValue != null) {
        init = staticValue(h, type);
      } else if (h.classLiteral != null) {
        type = Class.class;
        declared.put(h.id, type);
        init = names.classLiteral((Class<?>) o);
      } else if (c.isArray()) {
        init = newArray(c, h.length);
      } else if (Materializer.jdkConstructor(c) != null && names.nameable(c)) {
        init = "new " + names.name(c) + "()";
      } else if (Materializer.jdkConstructor(c) == null && JdkValues.source(c) != null) {
        init = JdkValues.source(c);
      } else {
        reflective = true;
        init = names.helper() + ".allocate(" + names.classLiteral(c) + ")";
      }
      String decl = type == Class.class ? "Class<?>" : names.name(type);
      declarations.put(h.id, decl + " " + local + " = " + init + ";");
    }
    // The receiver, then the parameters in order, then the rest; a built object as soon as the objects
    // its calls take are declared.
    List<String> keys = new ArrayList<>(declarationOrder);
    keys.addAll(declarations.keySet());
    for (String id : plans.keySet()) if (declared.containsKey(id)) keys.add(id); // the reachable ones
    Set<String> visited = new java.util.HashSet<>();
    Set<String> declaredSoFar = new java.util.HashSet<>(); // heap ids whose local is declared above
    List<Construction.Plan> pending = new ArrayList<>();
    for (String key : keys) {
      if (!visited.add(key)) continue;
      String line = declarations.get(key);
      if (line != null) {
        arrange.add(line);
        declaredSoFar.add(key);
      } else if (plans.containsKey(key)) {
        pending.add(plans.get(key));
      }
      for (boolean progress = true; progress;) {
        progress = false;
        for (java.util.Iterator<Construction.Plan> i = pending.iterator(); i.hasNext();) {
          Construction.Plan p = i.next();
          List<String> uses = new ArrayList<>(p.uses());
          uses.removeIf(p.id::equals);
          if (!declaredSoFar.containsAll(uses)) continue;
          construct(p);
          declaredSoFar.add(p.id);
          i.remove();
          progress = true;
        }
      }
    }
    for (Construction.Plan p : pending) construct(p); // the plans' own order builds what they take first
    for (Witness.HeapObject h : standIns) declareStandIn(h);
  }

  /** The object a static final field holds: the field itself when the test can name it, else read reflectively. */
  private String staticValue(Witness.HeapObject h, Class<?> type) throws BadWitness {
    Field f = m.field(h.staticValue, "heap object " + h.id + ": static_value", true);
    int mods = f.getModifiers();
    boolean accessible = Modifier.isPublic(mods) || (!Modifier.isPrivate(mods) && f.getDeclaringClass().getPackageName().equals(names.pkg));
    if (accessible && names.nameable(f.getDeclaringClass()) && type.isAssignableFrom(f.getType())) {
      return names.name(f.getDeclaringClass()) + "." + f.getName();
    }
    reflective = true;
    return "(" + names.name(type) + ") " + names.helper() + ".getStatic(" + names.classLiteral(f.getDeclaringClass()) + ", "
        + JavaNames.stringLiteral(f.getName()) + ")";
  }

  /** An object built by its class's constructor, then setters (Construction.Plan). */
  private void construct(Construction.Plan p) {
    Class<?> c = p.constructor.getDeclaringClass();
    String local = variables.get(p.id);
    Class<?>[] types = p.constructor.getParameterTypes();
    List<String> args = new ArrayList<>();
    for (int i = 0; i < types.length; i++) args.add(argument(p.arguments.get(i), types[i]));
    arrange.add(names.name(c) + " " + local + " = new " + names.name(c) + "(" + String.join(", ", args) + ");");
    for (int i = 0; i < p.setters.size(); i++) {
      Method setter = p.setters.get(i);
      arrange.add(local + "." + setter.getName() + "(" + argument(p.setterArguments.get(i), setter.getParameterTypes()[0]) + ");");
    }
  }

  private String argument(Construction.Arg a, Class<?> type) {
    if (a.heapId != null) return value(a.heapId, m.object(a.heapId), type);
    return a.value == null ? "null" : JavaNames.literal(a.value, type);
  }

  /**
   * A stand-in (an object of a class a caller could write, for an interface or abstract class nothing on
   * the class path implements) as an anonymous class: each abstract method returns what the witness says.
   */
  private void declareStandIn(Witness.HeapObject h) throws BadWitness {
    String where = "heap object " + h.id;
    Object o = m.object(h.id);
    Class<?> t = m.resolve(h.standInFor, where);
    if (!names.nameable(t)) throw w.bad(where, "a stand-in for " + t.getName() + ", which the test cannot name");
    Map<Object, String> ids = new java.util.IdentityHashMap<>();
    for (String id : w.heap.keySet()) if (m.object(id) != null) ids.put(m.object(id), id);
    String local = variables.computeIfAbsent(h.id, id -> JavaNames.identifier(localNameFor(t), locals));
    declared.put(h.id, t);
    StringBuilder b = new StringBuilder(names.name(t) + " " + local + " = new " + names.name(t) + "() {");
    // The methods the runner's own stand-in class implements (StandIn), sorted: the test is the same from run to run.
    for (Method am : new java.util.TreeMap<>(StandIn.abstractMethods(t)).values()) {
      int mods = am.getModifiers();
      if (!Modifier.isPublic(mods) && !Modifier.isProtected(mods) && !am.getDeclaringClass().getPackageName().equals(names.pkg))
        throw w.bad(where, "the stand-in must implement " + am + ", which the test's package cannot see");
      StringBuilder sig = new StringBuilder(Modifier.isPublic(mods) ? "public " : Modifier.isProtected(mods) ? "protected " : "");
      Class<?> rt = am.getReturnType();
      sig.append(names.nameable(rt) ? names.name(rt) : "Object").append(' ').append(am.getName()).append('(');
      Class<?>[] ps = am.getParameterTypes();
      for (int i = 0; i < ps.length; i++) {
        if (!names.nameable(ps[i])) throw w.bad(where, "the stand-in's method " + am + " takes a type the test cannot name");
        sig.append(i == 0 ? "" : ", ").append(names.name(ps[i])).append(" p").append(i);
      }
      sig.append(")");
      String body;
      if (rt == void.class) {
        body = "{ }";
      } else {
        Object v = StandIn.value(o, am.getName() + Descriptors.of(am));
        String e;
        if (v == null) e = rt.isPrimitive() ? JavaNames.literal(Construction.zero(rt), rt) : "null";
        else if (rt.isPrimitive()) e = JavaNames.literal(v, rt);
        else if (ids.containsKey(v)) e = value(ids.get(v), v, rt);
        else throw w.bad(where, "a stand-in's method returns an object that is not in the witness's heap");
        body = "{ return " + e + "; }";
      }
      b.append("\n  @Override\n  ").append(sig).append(' ').append(body);
    }
    arrange.add(b.append("\n};").toString());
  }

  private String newArray(Class<?> c, int length) {
    if (names.nameable(c)) {
      String comp = names.name(c.getComponentType());
      int bracket = comp.indexOf('[');
      // new int[4][] for int[][]: the length goes before the component's brackets
      return bracket < 0 ? "new " + comp + "[" + length + "]"
          : "new " + comp.substring(0, bracket) + "[" + length + "]" + comp.substring(bracket);
    }
    return "(Object[]) java.lang.reflect.Array.newInstance(" + names.classLiteral(c.getComponentType()) + ", " + length + ")";
  }

  private static String localNameFor(Class<?> c) {
    if (c.isArray()) return localNameFor(c.getComponentType()) + "s";
    if (c == String.class) return "text";
    String simple = c.getSimpleName();
    if (simple.isEmpty()) simple = JavaNames.flatSimpleName(c);
    return JavaNames.decapitalize(simple);
  }

  /** The fields and elements of each object, once every object has a local. */
  private void fillObjects() throws BadWitness {
    for (String id : declared.keySet()) {
      if (plans.containsKey(id)) continue; // its constructor and setters gave it its fields
      Witness.HeapObject h = w.heap.get(id);
      Object o = m.object(id);
      String local = variables.get(id);
      if (h.staticValue != null) continue; // a static final's object: the runner checked its fields
      if (o.getClass().isArray()) {
        Class<?> comp = o.getClass().getComponentType();
        for (Map.Entry<Integer, Object> e : h.elements.entrySet()) {
          arrange.add(local + "[" + e.getKey() + "] = " + value(e.getValue(), Array.get(o, e.getKey()), comp) + ";");
        }
        continue;
      }
      for (Map.Entry<String, Object> e : h.fields.entrySet()) {
        Field f = m.field(e.getKey(), "heap object " + id, false);
        Object actual = UnsafeAccess.get(o, f);
        if (directlyWritable(f, declared.get(id))) {
          arrange.add(local + "." + f.getName() + " = " + value(e.getValue(), actual, f.getType()) + ";");
        } else {
          String v = value(e.getValue(), actual, f.getType().isPrimitive() ? f.getType() : Object.class);
          reflective = true;
          arrange.add(names.helper() + ".set(" + local + ", " + names.classLiteral(f.getDeclaringClass()) + ", "
              + JavaNames.stringLiteral(f.getName()) + ", " + v + ");");
        }
      }
    }
  }

  private boolean directlyWritable(Field f, Class<?> localType) {
    int mods = f.getModifiers();
    boolean accessible = Modifier.isPublic(mods) || (!Modifier.isPrivate(mods) && f.getDeclaringClass().getPackageName().equals(names.pkg));
    return accessible && !Modifier.isFinal(mods) && names.nameable(f.getDeclaringClass())
        && f.getDeclaringClass().isAssignableFrom(localType) && names.nameable(f.getType());
  }

  /** A value for a slot of type t: a literal, or the local of a heap object (cast when declared more loosely). */
  private String value(Object raw, Object actual, Class<?> t) {
    if (t.isPrimitive()) return JavaNames.literal(actual, t);
    if (raw == null) return "null";
    String id = (String) raw;
    String local = variables.get(id);
    Class<?> type = declared.get(id);
    if (type != null && !t.isAssignableFrom(type) && names.nameable(t)) return "(" + names.name(t) + ") " + local;
    return local;
  }

  private void setStatics() throws BadWitness {
    for (Map.Entry<String, Object> e : w.statics.entrySet()) {
      Field f = m.field(e.getKey(), "statics", true);
      reflective = true;
      String owner = names.classLiteral(f.getDeclaringClass());
      String saved = JavaNames.identifier("saved" + Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1), locals);
      restore.add("Object " + saved + " = " + names.helper() + ".getStatic(" + owner + ", " + JavaNames.stringLiteral(f.getName()) + ");");
      restore.add(names.helper() + ".setStatic(" + owner + ", " + JavaNames.stringLiteral(f.getName()) + ", " + saved + ");");
      // The witness's value (the static itself is back to what it was once the entry call ran).
      Object actual = f.getType().isPrimitive() ? m.convert(e.getValue(), f.getType(), "statics: " + e.getKey()) : null;
      String v = value(e.getValue(), actual, f.getType().isPrimitive() ? f.getType() : Object.class);
      arrange.add(names.helper() + ".setStatic(" + owner + ", " + JavaNames.stringLiteral(f.getName()) + ", " + v + ");");
    }
  }

  /** The witness's system properties, set before the call and put back as they were after it. */
  private void setProperties() throws BadWitness {
    if (!w.inputMethods.isEmpty()) {
      throw w.bad("inputs", "a JUnit test cannot make the input methods return the witness's values");
    }
    if (!w.environment.isEmpty()) {
      throw w.bad("environment", "a JUnit test cannot set the environment variables of the JVM it runs in");
    }
    for (Map.Entry<String, Object> e : w.properties.entrySet()) {
      String key = JavaNames.stringLiteral(e.getKey());
      String saved = JavaNames.identifier("savedProperty", locals);
      restore.add("Object " + saved + " = System.getProperty(" + key + ");");
      restore.add("if (" + saved + " == null) System.clearProperty(" + key + "); else System.setProperty(" + key
          + ", (String) " + saved + ");");
      if (e.getValue() == null) {
        arrange.add("System.clearProperty(" + key + ");");
      } else {
        arrange.add("System.setProperty(" + key + ", " + value(e.getValue(), null, String.class) + ");");
      }
    }
  }

  // ---- act

  /**
   * A driver's calls in its place: the subject built and its methods called in the arrange part; the
   * entry call, on the subject, as the expression to act on.
   */
  private String sequence(Sequence q, List<String> args) throws BadWitness {
    if (!names.nameable(q.subject)) throw w.bad("sequence", "the test cannot name " + q.subject.getName());
    String local = JavaNames.identifier(localNameFor(q.subject), locals);
    arrange.add(names.name(q.subject) + " " + local + " = new " + names.name(q.subject) + "(" + pass(q.constructorArgs, args) + ");");
    for (int i = 0; i < q.calls.size(); i++) {
      arrange.add(local + "." + q.calls.get(i).getName() + "(" + pass(q.callArgs.get(i), args) + ");");
    }
    return local + "." + q.entry.getName() + "(" + pass(q.entryArgs, args) + ")";
  }

  private String pass(int[] indices, List<String> args) throws BadWitness {
    List<String> out = new ArrayList<>();
    for (int i : indices) {
      if (i < 0 || i >= args.size() || args.get(i) == null)
        throw w.bad("sequence", "argument " + i + " of the driver has a type the test cannot name");
      out.add(args.get(i));
    }
    return String.join(", ", out);
  }

  /** The entry call as an expression. */
  private String act(List<String> args) {
    Executable e = call.method;
    Class<?> owner = e.getDeclaringClass();
    boolean direct = names.nameable(owner) && !Modifier.isPrivate(e.getModifiers())
        && (Modifier.isPublic(e.getModifiers()) || owner.getPackageName().equals(names.pkg))
        && !(e instanceof Constructor && (owner.isMemberClass() && !Modifier.isStatic(owner.getModifiers())))
        && !(e instanceof Constructor && Modifier.isAbstract(owner.getModifiers()))
        && !args.contains(null);
    List<String> passed = new ArrayList<>();
    Class<?>[] types = e.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      String a = args.get(i);
      if (a == null) {
        passed.add("null");
        continue;
      }
      Object raw = w.arguments.get(i);
      Class<?> type = raw instanceof String ? declared.get(raw) : types[i];
      passed.add(direct && type != null && !types[i].isAssignableFrom(type) ? "(" + names.name(types[i]) + ") " + a : a);
    }
    String list = String.join(", ", passed);
    if (direct) {
      if (e instanceof Constructor) return "new " + names.name(owner) + "(" + list + ")";
      if (Modifier.isStatic(e.getModifiers())) return names.name(owner) + "." + e.getName() + "(" + list + ")";
      String recv = variables.get(w.receiver);
      Class<?> rt = declared.get(w.receiver);
      if (rt != null && !owner.isAssignableFrom(rt)) recv = "((" + names.name(owner) + ") " + recv + ")";
      return recv + "." + e.getName() + "(" + list + ")";
    }
    reflective = true;
    StringBuilder t = new StringBuilder("new Class<?>[] {");
    for (int i = 0; i < types.length; i++) t.append(i == 0 ? "" : ", ").append(names.classLiteral(types[i]));
    t.append("}");
    String rest = list.isEmpty() ? "" : ", " + list;
    if (e instanceof Constructor)
      return names.helper() + ".construct(" + names.classLiteral(owner) + ", " + t + rest + ")";
    String recv = Modifier.isStatic(e.getModifiers()) ? "null" : variables.get(w.receiver);
    return names.helper() + ".call(" + names.classLiteral(owner) + ", " + JavaNames.stringLiteral(e.getName()) + ", " + t
        + ", " + recv + rest + ")";
  }

  // ---- assert

  private List<String> check(String act) {
    List<String> out = new ArrayList<>();
    if (outcome.kind == Outcome.Kind.THREW) {
      Throwable x = outcome.thrown;
      Class<?> xc = x.getClass();
      String type = names.nameable(xc) ? names.name(xc) : "Throwable";
      out.add(type + " thrown = assertThrows(" + type + ".class, () -> " + act + ");");
      if (!names.nameable(xc)) out.add("assertEquals(" + JavaNames.stringLiteral(xc.getName()) + ", thrown.getClass().getName());");
      StackTraceElement top = topFrame(x);
      if (top != null) {
        out.add("StackTraceElement where = thrown.getStackTrace()[0];");
        out.add("assertEquals(" + JavaNames.stringLiteral(top.getClassName() + "." + top.getMethodName())
            + ", where.getClassName() + \".\" + where.getMethodName());");
      }
      String message = x.getMessage();
      // The JVM's NullPointerException messages name locals (javac -g) and its ClassCastException
      // messages class loaders: neither is the code's own message.
      if (!(x instanceof NullPointerException) && !(x instanceof ClassCastException) && message != null && message.length() <= 200 && !looksIdentityBased(message))
        out.add("assertEquals(" + JavaNames.stringLiteral(message) + ", thrown.getMessage());");
      return out;
    }
    Executable e = call.method;
    Object r = outcome.returned;
    if (e instanceof Constructor || ((Method) e).getReturnType() == void.class) {
      out.add("assertDoesNotThrow(() -> " + act + ");");
      return out;
    }
    Class<?> rt = ((Method) e).getReturnType();
    if (r == null) {
      out.add("assertNull(" + act + ");");
    } else if (JavaNames.hasLiteral(r.getClass())
        && !(r instanceof String && (((String) r).length() > 200 || looksIdentityBased((String) r)))) {
      out.add("assertEquals(" + JavaNames.literal(r, rt.isPrimitive() ? rt : r.getClass()) + ", " + act + ");");
    } else {
      out.add("Object result = " + act + ";");
      out.add("assertNotNull(result);");
      Class<?> c = r.getClass();
      if (names.nameable(c)) out.add("assertEquals(" + names.name(c) + ".class, result.getClass());");
      else if (!c.isHidden() && !c.isAnonymousClass() && !c.getName().contains("$$Lambda"))
        out.add("assertEquals(" + JavaNames.stringLiteral(c.getName()) + ", result.getClass().getName());");
    }
    return out;
  }

  /**
   * The frame the exception was created in, when it names a class a rerun names the same way. Its method
   * is asserted, not its line: a line added above it is no change of behaviour.
   */
  private static StackTraceElement topFrame(Throwable x) {
    StackTraceElement[] st = x.getStackTrace();
    if (st.length == 0) return null;
    String c = st[0].getClassName();
    if (c.contains("$$Lambda") || c.contains("/0x") || c.startsWith("jwp.runner.") || c.startsWith("jdk.internal.reflect."))
      return null;
    return st[0];
  }

  /** Messages that print an identity hash (Object.toString) differ from run to run. */
  private static boolean looksIdentityBased(String message) {
    return message.matches("(?s).*@[0-9a-f]{5,}.*");
  }
}
