package jwp.runner;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Stand-ins (jwp's types/stand_ins.h): a class a caller could have written for an interface or an
 * abstract class that no class on the class path implements or extends. jwp names it
 * {@code T$JwpStandIn} (under {@code jwp/standin/} for the JDK's interfaces); this class generates
 * it: final, a subclass of T (or of Object implementing T), no constructor (the runner allocates
 * objects without one), and every method T leaves abstract implemented by a call back here for the
 * value the witness gives ({@code stand_in_returns}), else 0, false or null.
 *
 * <p>A stand-in of a type outside the JDK is defined in T's package (by a lookup in T), so that it
 * can implement T's package-private methods; a JDK interface's, by a class loader of its own.
 */
public final class StandIn {
  private StandIn() {}

  static final String SUFFIX = "$JwpStandIn";
  private static final String JDK_PACKAGE = "jwp/standin/";

  /** The values the stand-ins' methods return: by name+descriptor, the owner class and the value. */
  private static final Map<String, List<Object[]>> RETURNS = new HashMap<>();

  private static final Map<String, Class<?>> DEFINED = new HashMap<>();

  static void putReturn(Class<?> owner, String nameAndDescriptor, Object value) {
    RETURNS.computeIfAbsent(nameAndDescriptor, k -> new ArrayList<>()).add(new Object[] {owner, value});
  }

  /** Forgets every return value (jwp testgen builds one witness after another in one VM). */
  static void clearReturns() {
    RETURNS.clear();
  }

  /** What a stand-in's method (name + descriptor) returns for `self`, as the generated code reads it. */
  static Object value(Object self, String key) {
    List<Object[]> all = RETURNS.get(key);
    if (all == null) return null;
    for (Object[] e : all) {
      if (((Class<?>) e[0]).isInstance(self)) return e[1];
    }
    return null;
  }

  // Called by the generated methods.
  public static Object objectValue(Object self, String key) {
    return value(self, key);
  }

  public static int intValue(Object self, String key) {
    Object v = value(self, key);
    if (v instanceof Number) return ((Number) v).intValue();
    if (v instanceof Boolean) return (Boolean) v ? 1 : 0;
    if (v instanceof Character) return (Character) v;
    return 0;
  }

  public static long longValue(Object self, String key) {
    Object v = value(self, key);
    return v instanceof Number ? ((Number) v).longValue() : 0L;
  }

  public static float floatValue(Object self, String key) {
    Object v = value(self, key);
    return v instanceof Number ? ((Number) v).floatValue() : 0f;
  }

  public static double doubleValue(Object self, String key) {
    Object v = value(self, key);
    return v instanceof Number ? ((Number) v).doubleValue() : 0d;
  }

  /** The stand-in class {@code name} of {@code type}, defined once. */
  static Class<?> define(Witness w, String name, Class<?> type, String where) throws BadWitness {
    Class<?> done = DEFINED.get(name);
    if (done != null) return done;
    String expected = internalName(type);
    boolean jdk = name.startsWith(JDK_PACKAGE);
    if (!name.equals((jdk ? JDK_PACKAGE : "") + expected + SUFFIX))
      throw w.bad(where, name + " is not the stand-in name of " + expected);
    if (type.isArray() || type.isPrimitive() || Modifier.isFinal(type.getModifiers()) || type.isSealed()
        || !(type.isInterface() || Modifier.isAbstract(type.getModifiers())))
      throw w.bad(where, "no class can stand in for " + expected + " (not an open interface or abstract class)");
    if (jdk && !(type.isInterface() && Modifier.isPublic(type.getModifiers())))
      throw w.bad(where, "a stand-in of the JDK's " + expected + " must implement a public interface");
    byte[] bytes;
    try {
      bytes = classFile(name, type, abstractMethods(type));
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    Class<?> c;
    try {
      if (jdk) {
        c = new Loader(StandIn.class.getClassLoader()).define(Descriptors.binaryName(name), bytes);
      } else {
        c = MethodHandles.privateLookupIn(type, MethodHandles.lookup()).defineClass(bytes);
      }
    } catch (IllegalAccessException | LinkageError | SecurityException e) {
      throw w.bad(where, "cannot define the stand-in " + name + ": " + e);
    }
    DEFINED.put(name, c);
    return c;
  }

  private static final class Loader extends ClassLoader {
    Loader(ClassLoader parent) {
      super(parent);
    }

    Class<?> define(String binaryName, byte[] b) {
      return defineClass(binaryName, b, 0, b.length);
    }
  }

  private static String internalName(Class<?> c) {
    return c.getName().replace('.', '/');
  }

  /** The methods a class extending (or implementing) {@code type} must implement, by name+descriptor. */
  static Map<String, Method> abstractMethods(Class<?> type) {
    Map<String, Method> todo = new LinkedHashMap<>();
    Set<String> decided = new HashSet<>();
    List<Class<?>> interfaces = new ArrayList<>();
    // The class chain first: the first declaration met going up decides.
    for (Class<?> k = type.isInterface() ? Object.class : type; k != null; k = k.getSuperclass()) {
      for (Method m : k.getDeclaredMethods()) {
        if (Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) continue;
        String key = m.getName() + Descriptors.of(m);
        if (decided.add(key) && Modifier.isAbstract(m.getModifiers())) todo.put(key, m);
      }
      interfaces.add(k);
    }
    if (type.isInterface()) interfaces.add(type);
    // Then the interfaces: an abstract method no class and no default method implements.
    Set<String> defaults = new HashSet<>();
    List<Method> declared = new ArrayList<>();
    ArrayDeque<Class<?>> queue = new ArrayDeque<>(interfaces);
    Set<Class<?>> seen = new HashSet<>();
    while (!queue.isEmpty()) {
      Class<?> k = queue.poll();
      if (!seen.add(k)) continue;
      for (Class<?> i : k.getInterfaces()) queue.add(i);
      if (!k.isInterface()) continue;
      for (Method m : k.getDeclaredMethods()) {
        if (Modifier.isStatic(m.getModifiers()) || Modifier.isPrivate(m.getModifiers())) continue;
        if (m.isDefault()) defaults.add(m.getName() + Descriptors.of(m));
        else declared.add(m);
      }
    }
    for (Method m : declared) {
      String key = m.getName() + Descriptors.of(m);
      if (!decided.contains(key) && !defaults.contains(key)) todo.putIfAbsent(key, m);
    }
    return todo;
  }

  // ---- The class file (JVMS 4), version 52: straight-line code needs no stack map frames.

  private static byte[] classFile(String name, Class<?> type, Map<String, Method> methods) throws IOException {
    Pool pool = new Pool();
    int thisClass = pool.cls(name);
    int superClass = pool.cls(type.isInterface() ? "java/lang/Object" : internalName(type));
    int iface = type.isInterface() ? pool.cls(internalName(type)) : 0;
    int code = pool.utf8("Code");
    ByteArrayOutputStream methodBytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(methodBytes);
    for (Map.Entry<String, Method> e : methods.entrySet()) {
      Method m = e.getValue();
      out.writeShort(Modifier.PUBLIC | 0x1000); // ACC_SYNTHETIC
      out.writeShort(pool.utf8(m.getName()));
      out.writeShort(pool.utf8(Descriptors.of(m)));
      out.writeShort(1);
      byte[] body = body(pool, e.getKey(), m.getReturnType());
      int locals = 1;
      for (Class<?> p : m.getParameterTypes()) locals += p == long.class || p == double.class ? 2 : 1;
      out.writeShort(code);
      out.writeInt(12 + body.length);
      out.writeShort(2); // max_stack
      out.writeShort(locals);
      out.writeInt(body.length);
      out.write(body);
      out.writeShort(0); // exception table
      out.writeShort(0); // attributes
    }
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    DataOutputStream f = new DataOutputStream(file);
    f.writeInt(0xCAFEBABE);
    f.writeShort(0);
    f.writeShort(52);
    pool.write(f);
    f.writeShort(Modifier.PUBLIC | Modifier.FINAL | 0x0020 | 0x1000); // ACC_SUPER, ACC_SYNTHETIC
    f.writeShort(thisClass);
    f.writeShort(superClass);
    f.writeShort(iface == 0 ? 0 : 1);
    if (iface != 0) f.writeShort(iface);
    f.writeShort(0); // fields
    f.writeShort(methods.size());
    f.write(methodBytes.toByteArray());
    f.writeShort(0); // attributes
    return file.toByteArray();
  }

  /** {@code return StandIn.xValue(this, key)}, cast to the return type. */
  private static byte[] body(Pool pool, String key, Class<?> ret) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    DataOutputStream c = new DataOutputStream(b);
    if (ret == void.class) {
      c.writeByte(0xb1); // return
      return b.toByteArray();
    }
    String helper;
    String type;
    int op;
    if (ret == long.class) {
      helper = "longValue"; type = "J"; op = 0xad;
    } else if (ret == float.class) {
      helper = "floatValue"; type = "F"; op = 0xae;
    } else if (ret == double.class) {
      helper = "doubleValue"; type = "D"; op = 0xaf;
    } else if (ret.isPrimitive()) {
      helper = "intValue"; type = "I"; op = 0xac;
    } else {
      helper = "objectValue"; type = "Ljava/lang/Object;"; op = 0xb0;
    }
    c.writeByte(0x2a); // aload_0
    c.writeByte(0x13); // ldc_w
    c.writeShort(pool.string(key));
    c.writeByte(0xb8); // invokestatic
    c.writeShort(pool.method(internalName(StandIn.class), helper, "(Ljava/lang/Object;Ljava/lang/String;)" + type));
    if (!ret.isPrimitive() && ret != Object.class) {
      c.writeByte(0xc0); // checkcast
      c.writeShort(pool.cls(ret.isArray() ? Descriptors.of(ret) : internalName(ret)));
    }
    c.writeByte(op);
    return b.toByteArray();
  }

  /** A constant pool, each constant once. */
  private static final class Pool {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final DataOutputStream out = new DataOutputStream(bytes);
    private final Map<String, Integer> index = new HashMap<>();
    private int next = 1;

    private int add(String key, int tag, int a, int b, String utf) throws IOException {
      Integer known = index.get(key);
      if (known != null) return known;
      out.writeByte(tag);
      if (utf != null) {
        out.writeUTF(utf); // modified UTF-8 with its length (JVMS 4.4.7)
      } else {
        out.writeShort(a);
        if (b >= 0) out.writeShort(b);
      }
      index.put(key, next);
      return next++;
    }

    int utf8(String s) throws IOException {
      return add("U" + s, 1, 0, -1, s);
    }

    int cls(String internal) throws IOException {
      int n = utf8(internal);
      return add("C" + internal, 7, n, -1, null);
    }

    int string(String s) throws IOException {
      int n = utf8(s);
      return add("S" + s, 8, n, -1, null);
    }

    int method(String owner, String name, String descriptor) throws IOException {
      int c = cls(owner);
      int n = utf8(name);
      int d = utf8(descriptor);
      int nat = add("N" + name + descriptor, 12, n, d, null);
      return add("M" + owner + "." + name + descriptor, 10, c, nat, null);
    }

    void write(DataOutputStream f) throws IOException {
      f.writeShort(next);
      f.write(bytes.toByteArray());
    }
  }
}
