import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The claims of models/returns_normally.def, tried on the JDK this JVM runs:
 * every row names a method or constructor that exists, and each returns
 * normally on the edge values of its parameter types (every combination:
 * null, empty and unpaired-surrogate strings, the extremes and zero of the
 * integral types, a null and a real cause, an object whose toString
 * throws), on receivers empty and not.
 * A row that claims too much (append(char[]) of null, a constructor that
 * checks its argument) fails here, naming the call.
 *
 * Usage: java tests/models/ReturnsNormallyCheck.java models/returns_normally.def
 */
public final class ReturnsNormallyCheck {
  private static final Pattern ROW = Pattern.compile("^JWP_RETURNS_NORMALLY(_EXACT)?\\(\"([^\"]+)\"\\)", Pattern.MULTILINE);

  public static void main(String[] args) throws Exception {
    String def = Files.readString(Path.of(args[0]));
    Matcher m = ROW.matcher(def);
    int rows = 0, calls = 0, failures = 0;
    while (m.find()) {
      ++rows;
      String key = m.group(2);
      Executable e;
      try {
        e = resolve(key);
      } catch (ReflectiveOperationException | IllegalArgumentException x) {
        System.out.println("FAIL " + key + ": no such method (" + x + ")");
        ++failures;
        continue;
      }
      for (Object receiver : receivers(e)) {
        for (Object[] a : combinations(e.getParameterTypes())) {
          ++calls;
          try {
            if (e instanceof Constructor<?> c) {
              c.newInstance(a);
            } else {
              ((Method) e).invoke(receiver, a);
            }
          } catch (InvocationTargetException x) {
            System.out.println("FAIL " + key + " on " + show(receiver) + " with " + show(a) + ": threw " + x.getCause());
            ++failures;
          }
        }
      }
    }
    System.out.println(rows + " rows, " + calls + " calls, " + failures + " failures");
    if (rows < 20 || failures > 0) System.exit(1);
  }

  private static Executable resolve(String key) throws ReflectiveOperationException {
    int dot = key.indexOf('.'), paren = key.indexOf('(');
    Class<?> owner = Class.forName(key.substring(0, dot).replace('/', '.'));
    String name = key.substring(dot + 1, paren);
    String descriptor = key.substring(paren);
    List<Class<?>> params = parameters(descriptor);
    Class<?>[] p = params.toArray(new Class<?>[0]);
    Executable e = name.equals("<init>") ? owner.getDeclaredConstructor(p) : owner.getDeclaredMethod(name, p);
    if (!name.equals("<init>") && !descriptor.endsWith(descriptorOf(((Method) e).getReturnType()))) {
      throw new NoSuchMethodException(key + ": returns " + ((Method) e).getReturnType());
    }
    if (Modifier.isNative(e.getModifiers())) throw new IllegalArgumentException(key + " is native");
    return e;
  }

  private static List<Class<?>> parameters(String descriptor) throws ClassNotFoundException {
    List<Class<?>> out = new ArrayList<>();
    int i = 1;
    while (descriptor.charAt(i) != ')') {
      int start = i;
      while (descriptor.charAt(i) == '[') ++i;
      if (descriptor.charAt(i) == 'L') i = descriptor.indexOf(';', i);
      ++i;
      out.add(classOf(descriptor.substring(start, i)));
    }
    return out;
  }

  private static Class<?> classOf(String d) throws ClassNotFoundException {
    switch (d) {
      case "I": return int.class;
      case "J": return long.class;
      case "C": return char.class;
      case "Z": return boolean.class;
      case "[C": return char[].class;
      default:
        if (d.startsWith("L")) return Class.forName(d.substring(1, d.length() - 1).replace('/', '.'));
        throw new ClassNotFoundException("parameter type " + d + " has no edge values here");
    }
  }

  private static String descriptorOf(Class<?> c) {
    if (c == int.class) return "I";
    if (c == long.class) return "J";
    if (c == char.class) return "C";
    if (c == boolean.class) return "Z";
    if (c == void.class) return "V";
    return "L" + c.getName().replace('.', '/') + ";";
  }

  private static Object[] edgeValues(Class<?> t) {
    if (t == int.class) return new Object[] {Integer.MIN_VALUE, -1, 0, 1, 9, 10, Integer.MAX_VALUE};
    if (t == long.class) return new Object[] {Long.MIN_VALUE, -1L, 0L, 1L, 10L, Long.MAX_VALUE};
    if (t == char.class) return new Object[] {'\0', 'a', '\ud800', '\udc00', '\uffff'};
    if (t == boolean.class) return new Object[] {false, true};
    if (t == char[].class) return new Object[] {null, new char[0], new char[] {'a', '\ud800'}};
    if (t == String.class) return new Object[] {null, "", "abc", "\ud800"};
    if (t == Throwable.class) return new Object[] {null, new RuntimeException("cause")};
    if (t == Object.class) {
      // An object whose toString throws: a method that calls back into its
      // argument cannot return normally for every argument.
      return new Object[] {null, new Object(), new Object() {
        @Override
        public String toString() {
          throw new IllegalStateException("toString");
        }
      }};
    }
    throw new IllegalArgumentException("no edge values of " + t);
  }

  private static List<Object[]> combinations(Class<?>[] types) {
    List<Object[]> out = new ArrayList<>();
    out.add(new Object[0]);
    for (Class<?> t : types) {
      List<Object[]> next = new ArrayList<>();
      for (Object[] prefix : out) {
        for (Object v : edgeValues(t)) {
          Object[] a = java.util.Arrays.copyOf(prefix, prefix.length + 1);
          a[prefix.length] = v;
          next.add(a);
        }
      }
      out = next;
    }
    return out;
  }

  private static List<Object> receivers(Executable e) {
    List<Object> out = new ArrayList<>();
    if (e instanceof Constructor<?> || Modifier.isStatic(e.getModifiers())) {
      out.add(null);
    } else if (e.getDeclaringClass() == StringBuilder.class) {
      out.add(new StringBuilder());
      out.add(new StringBuilder("xy\ud800"));
    } else if (e.getDeclaringClass() == StringBuffer.class) {
      out.add(new StringBuffer());
      out.add(new StringBuffer("xy\ud800"));
    } else if (e.getDeclaringClass() == String.class) {
      out.add("");
      out.add("xy\ud800");
    } else {
      throw new IllegalArgumentException("no receivers of " + e.getDeclaringClass());
    }
    return out;
  }

  private static String show(Object o) {
    if (o instanceof Object[] a) {
      List<String> parts = new ArrayList<>();
      for (Object x : a) parts.add(show(x));
      return "(" + String.join(", ", parts) + ")";
    }
    if (o instanceof CharSequence s) return "\"" + s + "\"";
    if (o instanceof char[] c) return "char[" + c.length + "]";
    if (o == null || o instanceof Number || o instanceof Character || o instanceof Boolean) return String.valueOf(o);
    return "a " + o.getClass().getName();  // its toString may throw
  }
}
