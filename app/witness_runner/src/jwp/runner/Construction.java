package jwp.runner;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Building a witness's object through its class's own constructors and setters instead of allocating it
 * and storing its fields (jwp testgen, issue #31): a constructor whose parameters are named as the
 * fields the witness sets is called with those values (other parameters get 0, false, null or a short
 * string), then the public setters of the fields still wrong; the plan stands when every field the
 * witness sets holds its value. Every candidate runs in this VM; a plan is used only when the entry call,
 * replayed on objects so built, ends as it did on the witness's own state (TestWriter checks that).
 */
final class Construction {
  /** An argument: a heap object of the witness, or a value of its own. */
  static final class Arg {
    final String heapId; // or null
    final Object value; // the boxed primitive, String or null, when heapId is null

    Arg(String heapId, Object value) {
      this.heapId = heapId;
      this.value = value;
    }
  }

  /** How one heap object is built. */
  static final class Plan {
    final String id;
    final Constructor<?> constructor;
    final List<Arg> arguments;
    final List<Method> setters = new ArrayList<>();
    final List<Arg> setterArguments = new ArrayList<>();

    Plan(String id, Constructor<?> constructor, List<Arg> arguments) {
      this.id = id;
      this.constructor = constructor;
      this.arguments = arguments;
    }

    /** The heap ids this plan's calls take. */
    List<String> uses() {
      List<String> out = new ArrayList<>();
      for (Arg a : arguments) if (a.heapId != null) out.add(a.heapId);
      for (Arg a : setterArguments) if (a.heapId != null) out.add(a.heapId);
      return out;
    }

    /** Runs the plan with the objects of `m`: the built object, or null when a call failed. */
    Object build(Materializer m) {
      Object o = call(constructor, null, values(arguments, m));
      for (int i = 0; o != null && i < setters.size(); i++) {
        if (call(setters.get(i), o, values(List.of(setterArguments.get(i)), m)) == null) return null;
      }
      return o;
    }
  }

  private Construction() {}

  private static final long CALL_TIMEOUT_MS = 2000;

  /**
   * A plan for heap object h (whose class the test's package can name and call a constructor of), or
   * null. `parameterNames`: constructor descriptor -> its parameters' names.
   */
  static Plan find(Witness w, Materializer m, Witness.HeapObject h, Map<String, List<String>> parameterNames,
      JavaNames names) throws BadWitness {
    Object o = m.object(h.id);
    Class<?> c = o.getClass();
    if (c.isArray() || h.string != null || h.classLiteral != null || h.standInFor != null || !names.nameable(c)
        || Modifier.isAbstract(c.getModifiers()) || (c.isMemberClass() && !Modifier.isStatic(c.getModifiers())))
      return null;
    Map<String, Field> byName = new LinkedHashMap<>();
    Map<Field, Object> wanted = new LinkedHashMap<>(); // field -> the witness's value (boxed, or the object)
    Map<Field, Object> raw = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : h.fields.entrySet()) {
      Field f = m.field(e.getKey(), "heap object " + h.id, false);
      byName.putIfAbsent(f.getName(), f);
      wanted.put(f, UnsafeAccess.get(o, f));
      raw.put(f, e.getValue());
    }
    List<Constructor<?>> ks = new ArrayList<>(Arrays.asList(c.getDeclaredConstructors()));
    ks.removeIf(k -> k.isSynthetic() || !accessible(k.getModifiers(), c, names));
    ks.sort(Comparator.comparingInt((Constructor<?> k) -> -k.getParameterCount()).thenComparing(Descriptors::of));
    for (Constructor<?> k : ks) {
      List<String> pnames = parameterNames.get(Descriptors.of(k));
      if (pnames == null || pnames.size() != k.getParameterCount()) continue;
      Class<?>[] types = k.getParameterTypes();
      List<Arg> args = new ArrayList<>();
      boolean usable = true;
      for (int i = 0; i < types.length; i++) {
        Field f = byName.get(pnames.get(i));
        if (f != null && (types[i] == f.getType() || (!types[i].isPrimitive() && !f.getType().isPrimitive()
            && (wanted.get(f) == null || types[i].isInstance(wanted.get(f)))))) {
          Object v = raw.get(f);
          args.add(f.getType().isPrimitive() || v == null ? new Arg(null, wanted.get(f)) : new Arg((String) v, null));
        } else if (types[i].isPrimitive()) {
          args.add(new Arg(null, zero(types[i])));
        } else if (types[i] == String.class) {
          args.add(new Arg(null, "text"));
        } else if (names.nameable(types[i])) {
          args.add(new Arg(null, null));
        } else {
          usable = false;
          break;
        }
      }
      if (!usable) continue;
      Plan p = new Plan(h.id, k, args);
      Object built = p.build(m);
      if (built == null) continue;
      for (Field f : wanted.keySet()) {
        if (same(UnsafeAccess.get(built, f), wanted.get(f))) continue;
        Method setter = setter(c, f);
        if (setter == null) break;
        Object v = raw.get(f);
        Arg a = f.getType().isPrimitive() || v == null ? new Arg(null, wanted.get(f)) : new Arg((String) v, null);
        if (call(setter, built, values(List.of(a), m)) == null) break;
        p.setters.add(setter);
        p.setterArguments.add(a);
      }
      boolean all = true;
      for (Field f : wanted.keySet()) all &= same(UnsafeAccess.get(built, f), wanted.get(f));
      if (all) return p;
    }
    return null;
  }

  private static boolean accessible(int mods, Class<?> owner, JavaNames names) {
    return Modifier.isPublic(mods) || (!Modifier.isPrivate(mods) && owner.getPackageName().equals(names.pkg));
  }

  /** A public setter of f (setName taking f's type), or null. */
  private static Method setter(Class<?> c, Field f) {
    String n = "set" + Character.toUpperCase(f.getName().charAt(0)) + f.getName().substring(1);
    try {
      Method s = c.getMethod(n, f.getType());
      return Modifier.isStatic(s.getModifiers()) || !Modifier.isPublic(s.getDeclaringClass().getModifiers()) ? null : s;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static boolean same(Object a, Object b) {
    if (a == null || b == null) return a == b;
    boolean boxed = a instanceof Number || a instanceof Boolean || a instanceof Character;
    return boxed ? Objects.equals(a, b) : a == b;
  }

  private static Object[] values(List<Arg> args, Materializer m) {
    Object[] out = new Object[args.size()];
    for (int i = 0; i < out.length; i++) out[i] = args.get(i).heapId != null ? m.object(args.get(i).heapId) : args.get(i).value;
    return out;
  }

  /**
   * Calls a constructor or method within CALL_TIMEOUT_MS: the new object for a constructor, the receiver
   * for a method; null when the call threw, ran out of time or could not be made.
   */
  private static Object call(java.lang.reflect.Executable e, Object receiver, Object[] args) {
    Materializer.Call call = new Materializer.Call();
    call.method = e;
    call.receiver = receiver;
    call.arguments = args;
    try {
      e.setAccessible(true);
      Outcome o = Outcome.invoke(call, CALL_TIMEOUT_MS);
      if (o.kind != Outcome.Kind.RETURNED) return null;
      return e instanceof Constructor ? o.returned : receiver;
    } catch (Outcome.InvokeError | RuntimeException ex) {
      return null;
    }
  }

  /** The default value of a primitive type, boxed. */
  static Object zero(Class<?> t) {
    if (t == boolean.class) return false;
    if (t == char.class) return (char) 0;
    if (t == long.class) return 0L;
    if (t == float.class) return 0f;
    if (t == double.class) return 0d;
    if (t == byte.class) return (byte) 0;
    if (t == short.class) return (short) 0;
    return 0;
  }
}
