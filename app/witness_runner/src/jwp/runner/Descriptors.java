package jwp.runner;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/** JVM descriptors and names: internal (a/b/C) versus binary (a.b.C) names, descriptors of classes. */
final class Descriptors {
  private Descriptors() {}

  /** Length of the field descriptor starting at s[i], or -1. */
  private static int fieldLength(String s, int i) {
    int start = i;
    while (i < s.length() && s.charAt(i) == '[') i++;
    if (i - start > 255 || i >= s.length()) return -1;
    char c = s.charAt(i);
    switch (c) {
      case 'B': case 'C': case 'D': case 'F': case 'I': case 'J': case 'S': case 'Z':
        return i + 1 - start;
      case 'L': {
        int semi = s.indexOf(';', i);
        if (semi < 0 || semi == i + 1) return -1;
        String name = s.substring(i + 1, semi);
        if (name.contains(".") || name.contains("[") || name.startsWith("/") || name.endsWith("/") || name.contains("//")) return -1;
        return semi + 1 - start;
      }
      default:
        return -1;
    }
  }

  static boolean isFieldDescriptor(String s) {
    return fieldLength(s, 0) == s.length();
  }

  /** The parameter descriptors of a method descriptor, or null when malformed. */
  static List<String> parameters(String desc) {
    if (!desc.startsWith("(")) return null;
    List<String> out = new ArrayList<>();
    int i = 1;
    while (i < desc.length() && desc.charAt(i) != ')') {
      int n = fieldLength(desc, i);
      if (n < 0) return null;
      out.add(desc.substring(i, i + n));
      i += n;
    }
    if (i >= desc.length()) return null;
    String ret = desc.substring(i + 1);
    if (!ret.equals("V") && !isFieldDescriptor(ret)) return null;
    return out;
  }

  /** "a/b/C" to "a.b.C"; "[La/b/C;" to "[La.b.C;" (the form Class.forName takes). */
  static String binaryName(String internal) {
    return internal.replace('/', '.');
  }

  /** "a.b.C" or "[La.b.C;" to the internal form. */
  static String internalName(String binary) {
    return binary.replace('.', '/');
  }

  /** The descriptor of a class: I, Ljava/lang/String;, [I ... */
  static String of(Class<?> c) {
    if (c.isPrimitive()) {
      if (c == int.class) return "I";
      if (c == long.class) return "J";
      if (c == boolean.class) return "Z";
      if (c == byte.class) return "B";
      if (c == char.class) return "C";
      if (c == short.class) return "S";
      if (c == float.class) return "F";
      if (c == double.class) return "D";
      return "V";
    }
    if (c.isArray()) return internalName(c.getName());
    return "L" + internalName(c.getName()) + ";";
  }

  static String of(java.lang.reflect.Constructor<?> k) {
    StringBuilder b = new StringBuilder("(");
    for (Class<?> p : k.getParameterTypes()) b.append(of(p));
    return b.append(")V").toString();
  }

  static String of(Method m) {
    StringBuilder b = new StringBuilder("(");
    for (Class<?> p : m.getParameterTypes()) b.append(of(p));
    return b.append(')').append(of(m.getReturnType())).toString();
  }

  /** The internal name of a class or array descriptor given as a Class. */
  static String internalOf(Class<?> c) {
    return internalName(c.getName());
  }
}
