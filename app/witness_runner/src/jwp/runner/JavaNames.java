package jwp.runner;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * How a generated test class names things (jwp testgen): the source names of classes as seen from the
 * test's package, with the imports they need, and Java literals of values. One per test class.
 */
final class JavaNames {
  private static final Set<String> KEYWORDS = Set.of("abstract", "assert", "boolean", "break", "byte", "case",
      "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
      "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
      "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
      "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while",
      "true", "false", "null", "var", "record", "yield", "sealed", "permits", "_");

  final String pkg; // the test class's package ("" for the unnamed package)
  private final Map<String, String> simpleNames = new HashMap<>(); // simple name -> the qualified name it means
  private final Set<String> imports = new TreeSet<>();

  JavaNames(String pkg, String testClass) {
    this.pkg = pkg;
    simpleNames.put(testClass, qualify(pkg, testClass));
    for (String fixed : new String[] {"org.junit.jupiter.api.Test", "org.junit.jupiter.api.Tag",
        "jwp.testsupport.ReflectiveState"}) {
      simpleNames.put(fixed.substring(fixed.lastIndexOf('.') + 1), fixed);
    }
  }

  private static String qualify(String pkg, String name) {
    return pkg.isEmpty() ? name : pkg + "." + name;
  }

  /** The import lines the names handed out need, sorted. */
  Set<String> imports() {
    return imports;
  }

  /** Whether code in the test's package can name c in source (and use it: access and module exports). */
  boolean nameable(Class<?> c) {
    if (c.isPrimitive()) return true;
    if (c.isArray()) return nameable(c.getComponentType());
    if (c.isAnonymousClass() || c.isLocalClass() || c.isHidden() || c.isSynthetic() || c.getCanonicalName() == null)
      return false;
    if (c.getPackageName().isEmpty() && !pkg.isEmpty()) return false; // the unnamed package cannot be imported
    Module m = c.getModule();
    if (m.isNamed() && !m.isExported(c.getPackageName())) return false;
    for (Class<?> k = c; k != null; k = k.getDeclaringClass()) {
      int mods = k.getModifiers();
      if (Modifier.isPrivate(mods)) return false;
      if (!Modifier.isPublic(mods) && !k.getPackageName().equals(pkg)) return false;
    }
    return true;
  }

  /** The source name of a nameable class (see nameable), importing its top-level class when needed. */
  String name(Class<?> c) {
    if (c.isPrimitive()) return c.getName();
    if (c.isArray()) return name(c.getComponentType()) + "[]";
    Class<?> top = c;
    while (top.getDeclaringClass() != null) top = top.getDeclaringClass();
    String qualified = top.getCanonicalName();
    String simple = top.getSimpleName();
    String nested = c.getCanonicalName().substring(qualified.length()); // "" or ".Inner.Deeper"
    String owner = simpleNames.get(simple);
    if (owner == null) {
      // java.lang and the test's own package are visible without an import.
      boolean implicit = top.getPackageName().equals(pkg) || top.getPackageName().equals("java.lang");
      simpleNames.put(simple, qualified);
      if (!implicit) imports.add(qualified);
      return simple + nested;
    }
    return owner.equals(qualified) ? simple + nested : qualified + nested;
  }

  /** A Java expression for the Class object of c: Foo.class, or ReflectiveState.type("...") when c cannot be named. */
  String classLiteral(Class<?> c) {
    if (nameable(c)) return name(c) + ".class";
    return helper() + ".type(" + stringLiteral(c.getName()) + ")";
  }

  /** The name of the reflection helper the tests of this class use (ReflectiveState.java). */
  String helper() {
    imports.add("jwp.testsupport.ReflectiveState");
    return "ReflectiveState";
  }

  /** A legal, unused local variable name close to `wanted`. */
  static String identifier(String wanted, Set<String> used) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < wanted.length(); i++) {
      char ch = wanted.charAt(i);
      if (b.length() == 0 ? Character.isJavaIdentifierStart(ch) && ch != '$' : Character.isJavaIdentifierPart(ch) && ch != '$')
        b.append(ch);
    }
    String base = b.length() == 0 ? "value" : b.toString();
    if (KEYWORDS.contains(base)) base = base + "Value";
    String name = base;
    for (int n = 2; used.contains(name); n++) name = base + n;
    used.add(name);
    return name;
  }

  /** "NullArguments" -> "nullArguments"; "URL" -> "url". */
  static String decapitalize(String s) {
    if (s.isEmpty()) return s;
    int upper = 0;
    while (upper < s.length() && Character.isUpperCase(s.charAt(upper))) upper++;
    if (upper == s.length()) return s.toLowerCase();
    if (upper <= 1) return Character.toLowerCase(s.charAt(0)) + s.substring(1);
    return s.substring(0, upper - 1).toLowerCase() + s.substring(upper - 1);
  }

  /** A Java literal of a primitive (boxed) or String value, typed as `t` (a primitive or String). */
  static String literal(Object v, Class<?> t) {
    if (v == null) return "null";
    if (v instanceof String) return stringLiteral((String) v);
    if (t == boolean.class || v instanceof Boolean) return v.toString();
    if (t == char.class || v instanceof Character) return charLiteral((Character) v);
    if (t == long.class || v instanceof Long) {
      long x = (Long) v;
      return x == Long.MIN_VALUE ? "Long.MIN_VALUE" : x + "L";
    }
    if (t == int.class || v instanceof Integer) {
      int x = (Integer) v;
      return x == Integer.MIN_VALUE ? "Integer.MIN_VALUE" : Integer.toString(x);
    }
    if (t == byte.class || v instanceof Byte) return "(byte) " + v;
    if (t == short.class || v instanceof Short) return "(short) " + v;
    if (t == float.class || v instanceof Float) {
      float f = (Float) v;
      if (Float.isNaN(f)) return "Float.NaN";
      if (Float.isInfinite(f)) return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
      return Float.toString(f) + "f";
    }
    if (t == double.class || v instanceof Double) {
      double d = (Double) v;
      if (Double.isNaN(d)) return "Double.NaN";
      if (Double.isInfinite(d)) return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
      return Double.toString(d);
    }
    throw new IllegalArgumentException("no literal for " + v.getClass());
  }

  /** Whether literal() can write a value of this class. */
  static boolean hasLiteral(Class<?> c) {
    return c.isPrimitive() || c == String.class || c == Integer.class || c == Long.class || c == Boolean.class
        || c == Character.class || c == Byte.class || c == Short.class || c == Float.class || c == Double.class;
  }

  static String stringLiteral(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) b.append(escape(s.charAt(i), '"'));
    return b.append('"').toString();
  }

  private static String charLiteral(char c) {
    return "'" + escape(c, '\'') + "'";
  }

  // Escapes that javac reads back as the same char; never a \\u escape of a
  // line terminator, quote or backslash (those are translated before lexing).
  private static String escape(char c, char quote) {
    switch (c) {
      case '\n': return "\\n";
      case '\r': return "\\r";
      case '\t': return "\\t";
      case '\b': return "\\b";
      case '\f': return "\\f";
      case '\\': return "\\\\";
      default:
        if (c == quote) return "\\" + c;
        if (c < 0x20 || c == 0x7f) return String.format("\\%03o", (int) c);
        if (c > 0x7e) return String.format("\\u%04x", (int) c);
        return String.valueOf(c);
    }
  }

  /** Text safe inside a // comment (no line breaks, no unicode escapes javac would translate). */
  static String commentText(String s) {
    return s.replace("\\", "\\\\").replace('\n', ' ').replace('\r', ' ');
  }

  /**
   * Words for a test name from a precondition: "key == null" -> "KeyIsNull", "n < 0 && s.length() > 3"
   * -> "NLessThan0AndSLengthGreaterThan3". Empty when the condition does not read as words.
   */
  static String conditionWords(String condition) {
    // Conjuncts about dispatch and run-time types (jwp's typeOf, dispatch) do not read as words.
    List<String> readable = new ArrayList<>();
    for (String c : condition.split("&&")) {
      if (!c.contains("dispatch(") && !c.contains("typeOf(") && !c.isBlank() && !c.trim().equals("true")) readable.add(c.trim());
    }
    condition = String.join(" && ", readable);
    StringBuilder b = new StringBuilder();
    int i = 0;
    while (i < condition.length()) {
      char c = condition.charAt(i);
      if (Character.isJavaIdentifierStart(c) && c != '$') {
        int j = i;
        while (j < condition.length() && Character.isJavaIdentifierPart(condition.charAt(j)) && condition.charAt(j) != '$') j++;
        String word = condition.substring(i, j);
        if (!word.equals("this")) b.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        i = j;
        continue;
      }
      if (c == '\'' || c == '"') { // a char or string literal: 'a' -> CharA, '0' -> Char0, "..." -> Text
        int j = condition.indexOf(c, i + 1);
        while (j > 0 && condition.charAt(j - 1) == '\\') j = condition.indexOf(c, j + 1);
        if (j < 0) break;
        String inside = condition.substring(i + 1, j);
        if (c == '"') b.append("Text");
        else if (inside.length() == 1 && Character.isLetterOrDigit(inside.charAt(0)))
          b.append("Char").append(Character.toUpperCase(inside.charAt(0)));
        else b.append("Char");
        i = j + 1;
        continue;
      }
      if (Character.isDigit(c)) {
        int j = i;
        while (j < condition.length() && Character.isDigit(condition.charAt(j))) j++;
        b.append(condition, i, j);
        i = j;
        continue;
      }
      String two = condition.substring(i, Math.min(i + 2, condition.length()));
      String word = switch (two) {
        case "==" -> "Is";
        case "!=" -> "IsNot";
        case "<=" -> "AtMost";
        case ">=" -> "AtLeast";
        case "&&" -> "And";
        case "||" -> "Or";
        default -> null;
      };
      if (word != null) {
        b.append(word);
        i += 2;
        continue;
      }
      word = switch (c) {
        case '<' -> "LessThan";
        case '>' -> "GreaterThan";
        case '!' -> "Not";
        case '-' -> "Minus";
        case '+' -> "Plus";
        case '*' -> "Times";
        case '%' -> "Mod";
        case '/' -> "Over";
        default -> "";
      };
      b.append(word);
      i++;
    }
    return b.length() > 60 ? "" : b.toString();
  }

  /** The simple binary name of a class with '$' as '_': the base of a test class name. */
  static String flatSimpleName(Class<?> c) {
    String n = c.getName();
    return n.substring(n.lastIndexOf('.') + 1).replace('$', '_');
  }

  static Set<String> newUsedSet(String... reserved) {
    return new HashSet<>(Set.of(reserved));
  }
}
