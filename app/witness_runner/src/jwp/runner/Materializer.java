package jwp.runner;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the witness's state in this VM: allocates the heap objects without running constructors,
 * stores their fields and elements, sets the static fields (after initializing their classes) and
 * resolves the entry method, its receiver and its arguments.
 */
final class Materializer {
  /** The entry call, ready to run. */
  static final class Call {
    Executable method; // a Method, or a Constructor when the entry is <init>
    Object receiver;
    Object[] arguments;
  }

  private final Witness w;
  private final ClassLoader loader;
  private final Map<String, Object> objects = new HashMap<>();

  Materializer(Witness w, ClassLoader loader) {
    this.w = w;
    this.loader = loader;
  }

  Call materialize() throws BadWitness {
    try {
      return doMaterialize();
    } catch (LinkageError e) {
      throw w.bad("setup", "linkage error while building the witness state: " + e);
    }
  }

  private Call doMaterialize() throws BadWitness {
    // 1. allocate every heap object, so that objects can refer to each other in any order
    for (Witness.HeapObject h : w.heap.values()) {
      String where = "heap object " + h.id;
      Class<?> c = h.standInFor != null ? Object.class : resolve(h.cls, where); // a stand-in is made below
      Object o;
      if (h.staticValue != null) {
        o = staticValue(h, c, where);
      } else if (c.isArray()) {
        o = Array.newInstance(c.getComponentType(), h.length);
      } else if (h.string != null && h.cls.equals("java/lang/StringBuilder")) {
        o = new StringBuilder(h.string);
      } else if (h.string != null) {
        o = h.interned ? h.string.intern() : new String(h.string.toCharArray());
      } else if (h.classLiteral != null) {
        o = resolve(h.classLiteral, where + ": class_literal");
      } else if (h.standInFor != null) {
        Class<?> s = StandIn.define(w, h.cls, resolve(h.standInFor, where + ": stand_in_for"), where);
        try {
          o = UnsafeAccess.allocate(s);
        } catch (InstantiationException e) {
          throw w.bad(where, "cannot allocate the stand-in " + h.cls + ": " + e);
        }
      } else {
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers()))
          throw w.bad(where, "class " + h.cls + " is " + (c.isInterface() ? "an interface" : "abstract") + " and cannot be instantiated");
        if (c == Class.class || c.isPrimitive()) throw w.bad(where, "class " + h.cls + " cannot be allocated");
        try {
          o = jdkConstructed(c);
          if (o == null) o = JdkValues.make(c);
          if (o == null) o = UnsafeAccess.allocate(c);
        } catch (InstantiationException e) {
          throw w.bad(where, "cannot allocate " + h.cls + ": " + e);
        } catch (ExceptionInInitializerError e) {
          throw w.bad(where, "static initializer of " + h.cls + " threw " + e.getCause());
        }
      }
      objects.put(h.id, o);
    }
    // 2. fields and elements
    for (Witness.HeapObject h : w.heap.values()) {
      String where = "heap object " + h.id;
      Object o = objects.get(h.id);
      Class<?> c = o.getClass();
      if (c.isArray()) {
        Class<?> comp = c.getComponentType();
        for (Map.Entry<Integer, Object> e : h.elements.entrySet()) {
          Object v = convert(e.getValue(), comp, where + ": element " + e.getKey());
          Array.set(o, e.getKey(), v);
        }
        continue;
      }
      for (Map.Entry<String, Object> e : h.fields.entrySet()) {
        Field f = field(e.getKey(), where, false);
        if (!f.getDeclaringClass().isAssignableFrom(c))
          throw w.bad(where, "field " + e.getKey() + " is not a field of class " + h.cls);
        Object v = convert(e.getValue(), f.getType(), where + ": field " + e.getKey());
        if (h.staticValue == null) {
          UnsafeAccess.put(o, f, v);
          continue;
        }
        // The class initializer's object keeps its state: the witness can only need what it holds.
        Object actual = UnsafeAccess.get(o, f);
        boolean same = f.getType().isPrimitive() ? java.util.Objects.equals(actual, v) : actual == v;
        if (!same)
          throw w.bad(where, "the value of " + h.staticValue + " has field " + e.getKey() + " = " + Json.show(actual)
              + ", not " + Json.show(e.getValue()) + " as the witness needs (a static final's object is not set)");
      }
    }
    // 2b. what the stand-ins' methods return
    for (int i = 0; i < w.standInReturns.size(); i++) {
      Witness.StandInReturn r = w.standInReturns.get(i);
      String where = "stand_in_returns[" + i + "]";
      Class<?> owner = resolve(r.owner, where + ".owner");
      Class<?> type = returnType(owner, r.method, r.descriptor, where);
      StandIn.putReturn(owner, r.method + r.descriptor, convert(r.value, type, where + ".value"));
    }
    // 3. statics: initialize the class first, then store
    for (Map.Entry<String, Object> e : w.statics.entrySet()) {
      if (hiddenDefault(e.getKey(), e.getValue())) continue;
      Field f = field(e.getKey(), "statics", true);
      Object v = convert(e.getValue(), f.getType(), "statics: " + e.getKey());
      UnsafeAccess.put(null, f, v);
    }
    // 3b. system properties, as java -Dk=v sets them (null: not set)
    for (Map.Entry<String, Object> e : w.properties.entrySet()) {
      Object v = convert(e.getValue(), String.class, "properties: " + e.getKey());
      if (v == null) {
        System.clearProperty(e.getKey());
      } else {
        System.setProperty(e.getKey(), (String) v);
      }
    }
    // 4. the entry
    Call call = new Call();
    call.method = entryMethod();
    boolean isStatic = Modifier.isStatic(call.method.getModifiers());
    if (w.entryStatic != null && w.entryStatic != isStatic)
      throw w.bad("entry", "method " + w.entryClass + "." + w.entryMethod + w.entryDescriptor + " is " + (isStatic ? "" : "not ") + "static");
    if (call.method instanceof Constructor) {
      // The constructor makes its receiver: the witness's (its fields not
      // yet initialized) is not used.
      if (Modifier.isAbstract(call.method.getDeclaringClass().getModifiers()))
        throw w.bad("entry", "the constructor of the abstract class " + w.entryClass + " cannot make an instance");
    } else if (isStatic) {
      if (w.receiver != null) throw w.bad("receiver", "given for the static method " + w.entryMethod);
    } else {
      if (w.receiver == null) throw w.bad("receiver", "missing for the instance method " + w.entryMethod);
      Object r = objects.get(w.receiver);
      if (!call.method.getDeclaringClass().isInstance(r))
        throw w.bad("receiver", "heap object " + w.receiver + " (" + Descriptors.internalOf(r.getClass()) + ") is not a " + w.entryClass);
      call.receiver = r;
    }
    Class<?>[] params = call.method.getParameterTypes();
    List<Object> args = w.arguments;
    if (args.size() != params.length)
      throw w.bad("arguments", "expected " + params.length + " values for " + w.entryDescriptor + ", got " + args.size());
    call.arguments = new Object[params.length];
    for (int i = 0; i < params.length; i++) call.arguments[i] = convert(args.get(i), params[i], "arguments[" + i + "]");
    try {
      call.method.setAccessible(true);
    } catch (RuntimeException e) {
      throw w.bad("entry", "cannot make " + w.entryMethod + " accessible: " + e.getMessage());
    }
    return call;
  }

  /**
   * An object of a JDK class (java.*, javax.*) made by its public no-argument constructor, or null
   * when it has none or the constructor throws. The witness's fields are stored over it; the fields
   * it does not list are what a program's {@code new C()} leaves there (a lock's synchronizer, a
   * map's load factor), not zeros that no JDK object has. A JDK value class without that
   * constructor (a path, a URL) starts as its everyday instance (JdkValues). Other classes are
   * allocated without a constructor: their fields are the witness's.
   */
  private static Object jdkConstructed(Class<?> c) {
    Constructor<?> k = jdkConstructor(c);
    if (k == null) return null;
    try {
      return k.newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** The public no-argument constructor of a public JDK class (java.*, javax.*), else null. */
  static Constructor<?> jdkConstructor(Class<?> c) {
    String n = c.getName();
    if (!(n.startsWith("java.") || n.startsWith("javax.")) || !Modifier.isPublic(c.getModifiers())) return null;
    try {
      return c.getConstructor();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** The return type of the method a call names (owner, name, descriptor), searched up from owner. */
  private Class<?> returnType(Class<?> owner, String name, String descriptor, String where) throws BadWitness {
    java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>(List.of(owner));
    while (!todo.isEmpty()) {
      Class<?> k = todo.poll();
      for (Method m : k.getDeclaredMethods()) {
        if (m.getName().equals(name) && Descriptors.of(m).equals(descriptor)) return m.getReturnType();
      }
      if (k.getSuperclass() != null) todo.add(k.getSuperclass());
      todo.addAll(List.of(k.getInterfaces()));
    }
    throw w.bad(where, "no method " + name + descriptor + " in " + Descriptors.internalOf(owner));
  }

  private Executable entryMethod() throws BadWitness {
    if (w.entryMethod.equals("<clinit>"))
      throw w.bad("entry", "static initializers are not supported as entry methods");
    Class<?> c = resolve(w.entryClass, "entry");
    if (w.entryMethod.equals("<init>")) {
      for (Constructor<?> k : c.getDeclaredConstructors()) {
        if (Descriptors.of(k).equals(w.entryDescriptor)) return k;
      }
      throw w.bad("entry", "no constructor " + w.entryClass + ".<init>" + w.entryDescriptor);
    }
    for (Method m : c.getDeclaredMethods()) {
      if (m.getName().equals(w.entryMethod) && Descriptors.of(m).equals(w.entryDescriptor)) return m;
    }
    throw w.bad("entry", "no method " + w.entryClass + "." + w.entryMethod + w.entryDescriptor);
  }

  /** The class named by an internal name or array descriptor, not initialized. */
  Class<?> resolve(String name, String where) throws BadWitness {
    try {
      return Class.forName(Descriptors.binaryName(name), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      throw w.bad(where, "unknown class " + name + (e instanceof ClassNotFoundException ? "" : " (" + e + ")"));
    }
  }

  /** Resolves a type given as a field descriptor. */
  private Class<?> typeOf(String desc, String where) throws BadWitness {
    switch (desc) {
      case "I": return int.class;
      case "J": return long.class;
      case "Z": return boolean.class;
      case "B": return byte.class;
      case "C": return char.class;
      case "S": return short.class;
      case "F": return float.class;
      case "D": return double.class;
      default:
        return resolve(desc.startsWith("[") ? desc : desc.substring(1, desc.length() - 1), where);
    }
  }

  /**
   * Puts `replacement` (the object built through its class's constructor, jwp testgen) where heap object
   * `id` was: in every field, element and static that holds it, and in the call's receiver and arguments.
   */
  void replace(String id, Object replacement, Call call) throws BadWitness {
    Object old = objects.put(id, replacement);
    for (Witness.HeapObject h : w.heap.values()) {
      Object o = objects.get(h.id);
      if (h.id.equals(id) || o == null) continue; // the replacement's own fields are its constructor's
      if (o.getClass().isArray()) {
        if (o.getClass().getComponentType().isPrimitive()) continue;
        for (Map.Entry<Integer, Object> e : h.elements.entrySet()) {
          if (id.equals(e.getValue())) Array.set(o, e.getKey(), replacement);
        }
        continue;
      }
      for (Map.Entry<String, Object> e : h.fields.entrySet()) {
        if (id.equals(e.getValue())) UnsafeAccess.put(o, field(e.getKey(), "heap object " + h.id, false), replacement);
      }
    }
    for (Map.Entry<String, Object> e : w.statics.entrySet()) {
      if (id.equals(e.getValue())) UnsafeAccess.put(null, field(e.getKey(), "statics", true), replacement);
    }
    if (call.receiver == old) call.receiver = replacement;
    for (int i = 0; i < call.arguments.length; i++) {
      if (call.arguments[i] == old) call.arguments[i] = replacement;
    }
  }

  /** The object made for a heap id (after materialize), or null. */
  Object object(String id) {
    return objects.get(id);
  }

  /** The object static final field h.staticValue holds once its class is initialized: non-null, of class c. */
  private Object staticValue(Witness.HeapObject h, Class<?> c, String where) throws BadWitness {
    Field f = field(h.staticValue, where + ": static_value", true);
    if (!Modifier.isFinal(f.getModifiers())) throw w.bad(where, "static_value " + h.staticValue + " is not final");
    Object o = UnsafeAccess.get(null, f);
    if (o == null) throw w.bad(where, "static_value " + h.staticValue + " holds null");
    if (o.getClass() != c)
      throw w.bad(where, "static_value " + h.staticValue + " holds a " + Descriptors.internalOf(o.getClass()) + ", not a " + h.cls);
    return o;
  }

  /**
   * Whether the static `key` is one of the JDK's that reflection hides (jdk.internal.reflect's filter:
   * System.security) and the witness gives it its default (null, 0, false): left as it is, which
   * the runner never changes (it installs no security manager); the run shows what it holds.
   */
  private boolean hiddenDefault(String key, Object value) throws BadWitness {
    Witness.FieldKey k = Witness.FieldKey.parse(key);
    if (!k.owner.startsWith("java/") && !k.owner.startsWith("jdk/") && !k.owner.startsWith("sun/")) return false;
    boolean zero = value == null || (value instanceof Json.Num && ((Json.Num) value).text.matches("-?0(\\.0*)?"));
    if (!zero) return false;
    Class<?> owner = resolve(k.owner, "statics: field " + key);
    for (Field f : owner.getDeclaredFields()) {
      if (f.getName().equals(k.name)) return false;
    }
    return true;
  }

  Field field(String key, String where, boolean wantStatic) throws BadWitness {
    Witness.FieldKey k = Witness.FieldKey.parse(key);
    Class<?> owner = resolve(k.owner, where + ": field " + key);
    Field found = null;
    for (Field f : owner.getDeclaredFields()) {
      if (f.getName().equals(k.name) && Descriptors.of(f.getType()).equals(k.descriptor)) found = f;
    }
    if (found == null) throw w.bad(where, "no field " + key);
    if (Modifier.isStatic(found.getModifiers()) != wantStatic)
      throw w.bad(where, "field " + key + " is " + (wantStatic ? "not static" : "static (set it under \"statics\")"));
    if (wantStatic) {
      try {
        Class.forName(owner.getName(), true, loader);
      } catch (ClassNotFoundException e) {
        throw w.bad(where, "unknown class " + k.owner);
      } catch (ExceptionInInitializerError e) {
        throw w.bad(where, "static initializer of " + k.owner + " threw " + e.getCause());
      }
    }
    return found;
  }

  /** A JSON value as a value of the given type (boxed for primitives). */
  Object convert(Object v, Class<?> t, String where) throws BadWitness {
    if (!t.isPrimitive()) {
      if (v == null) return null;
      if (!(v instanceof String)) throw w.bad(where, "expected null or a heap id for " + Descriptors.of(t) + ", got " + Json.show(v));
      Object o = objects.get(v);
      if (o == null) throw w.bad(where, "no heap object \"" + v + "\"");
      if (!t.isInstance(o))
        throw w.bad(where, "heap object " + v + " (" + Descriptors.internalOf(o.getClass()) + ") is not assignable to " + Descriptors.of(t));
      return o;
    }
    String d = Descriptors.of(t);
    switch (d) {
      case "Z":
        if (v instanceof Boolean) return v;
        if (v instanceof Json.Num && (v.toString().equals("0") || v.toString().equals("1"))) return v.toString().equals("1");
        throw w.bad(where, "expected true, false, 0 or 1 for Z, got " + Json.show(v));
      case "C":
        if (v instanceof String && ((String) v).length() == 1) return ((String) v).charAt(0);
        return (char) integral(v, 0, 0xFFFF, d, where);
      case "B":
        return (byte) integral(v, Byte.MIN_VALUE, Byte.MAX_VALUE, d, where);
      case "S":
        return (short) integral(v, Short.MIN_VALUE, Short.MAX_VALUE, d, where);
      case "I":
        return (int) integral(v, Integer.MIN_VALUE, Integer.MAX_VALUE, d, where);
      case "J":
        if (v instanceof String) {
          try {
            return Long.parseLong((String) v);
          } catch (NumberFormatException e) {
            throw w.bad(where, "bad long \"" + v + "\"");
          }
        }
        return integral(v, Long.MIN_VALUE, Long.MAX_VALUE, d, where);
      case "F":
      case "D":
        String text;
        if (v instanceof Json.Num) text = v.toString();
        else if (v instanceof String) text = (String) v;
        else throw w.bad(where, "expected a number or a numeric string for " + d + ", got " + Json.show(v));
        try {
          if (!text.equals(text.trim())) throw new NumberFormatException();
          return d.equals("F") ? (Object) Float.parseFloat(text) : (Object) Double.parseDouble(text);
        } catch (NumberFormatException e) {
          throw w.bad(where, "bad " + (d.equals("F") ? "float" : "double") + " \"" + text + "\"");
        }
      default:
        throw w.bad(where, "unsupported type " + d);
    }
  }

  private long integral(Object v, long min, long max, String d, String where) throws BadWitness {
    if (!(v instanceof Json.Num) || !((Json.Num) v).isIntegral())
      throw w.bad(where, "expected an integer for " + d + ", got " + Json.show(v));
    long x;
    try {
      x = Long.parseLong(v.toString());
    } catch (NumberFormatException e) {
      throw w.bad(where, "integer " + v + " out of range for " + d);
    }
    if (x < min || x > max) throw w.bad(where, "integer " + v + " out of range for " + d);
    return x;
  }

  /** The class of expect.type (checked to be a Throwable), or null for kinds without a type. */
  Class<?> expectType() throws BadWitness {
    if (w.expect.type == null) return null;
    Class<?> c = resolve(w.expect.type, "expect.type");
    if (!Throwable.class.isAssignableFrom(c)) throw w.bad("expect.type", w.expect.type + " is not a Throwable");
    return c;
  }

  /** Loads and links the class of the expected location (linking without initializing: JDI sees it prepared). */
  void linkExpectClass() throws BadWitness {
    if (w.expect.cls == null) return;
    Class<?> c = resolve(w.expect.cls, "expect.class");
    if (c.isArray()) throw w.bad("expect.class", "an array class has no methods");
    try {
      c.getDeclaredMethods(); // links the class
    } catch (LinkageError e) {
      throw w.bad("expect.class", "cannot link " + w.expect.cls + ": " + e);
    }
  }
}
