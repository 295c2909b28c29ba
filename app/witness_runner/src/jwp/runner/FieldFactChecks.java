package jwp.runner;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The witness's "field_facts" (issue #29): for each field of a heap object and each static the
 * witness sets that has field facts, the values its class's own code can leave there. A state
 * outside them is one no program can make, and jwp never builds one: the runner checks again and
 * treats a witness that breaks one as bad (exit 2), so such a state is never confirmed.
 */
final class FieldFactChecks {
  private FieldFactChecks() {}

  static final class Check {
    String object; // heap id; null for a static
    String field; // field key, as in "fields" and "statics"
    List<Object> allowed = new ArrayList<>();
    String fact;
  }

  static List<Check> parse(Witness w, Object doc) throws BadWitness {
    List<Check> out = new ArrayList<>();
    if (!(doc instanceof List)) throw w.bad("field_facts", "must be an array");
    int i = 0;
    for (Object o : (List<?>) doc) {
      String where = "field_facts[" + i++ + "]";
      if (!(o instanceof Map)) throw w.bad(where, "must be an object");
      @SuppressWarnings("unchecked")
      Map<String, Object> m = (Map<String, Object>) o;
      for (String k : m.keySet()) {
        if (!Set.of("object", "field", "static", "allowed", "fact").contains(k)) throw w.bad(where, "unknown key \"" + k + "\"");
      }
      Check c = new Check();
      if (m.containsKey("static")) {
        c.field = text(w, m.get("static"), where + ".static");
      } else {
        c.object = text(w, m.get("object"), where + ".object");
        c.field = text(w, m.get("field"), where + ".field");
        if (!w.heap.containsKey(c.object)) throw w.bad(where, "no heap object \"" + c.object + "\"");
      }
      w.fieldKey(c.field, where);
      if (!(m.get("allowed") instanceof List)) throw w.bad(where, "\"allowed\" must be an array");
      c.allowed.addAll((List<?>) m.get("allowed"));
      c.fact = m.containsKey("fact") ? text(w, m.get("fact"), where + ".fact") : c.field;
      out.add(c);
    }
    return out;
  }

  /** Throws when a value the witness sets is none of those its field's facts allow. */
  static void verify(Witness w, List<Check> checks, ClassLoader loader) throws BadWitness {
    for (Check c : checks) {
      Object value;
      String where;
      if (c.object == null) {
        if (!w.statics.containsKey(c.field)) continue; // not set: as its class initializer leaves it
        value = w.statics.get(c.field);
        where = "statics " + c.field;
      } else {
        Map<String, Object> fields = w.heap.get(c.object).fields;
        value = fields.containsKey(c.field) ? fields.get(c.field) : defaultOf(c.field);
        where = "heap object " + c.object + ": " + c.field;
      }
      boolean ok = false;
      for (Object a : c.allowed) ok |= matches(w, value, a, loader);
      if (!ok) {
        throw w.bad(where, "the value " + value + " breaks a field fact (" + c.fact
            + "): no program makes this state (a bug in jwp)");
      }
    }
  }

  private static Object defaultOf(String field) {
    char d = field.charAt(field.indexOf(':') + 1);
    return d == 'L' || d == '[' ? null : new Json.Num("0");
  }

  private static boolean matches(Witness w, Object value, Object allowed, ClassLoader loader) {
    if (allowed == null) return value == null;
    if (allowed instanceof Json.Num) {
      Long v = integral(value);
      return v != null && v == Long.parseLong(((Json.Num) allowed).text);
    }
    if (!(allowed instanceof Map) || !(value instanceof String)) return false;
    Witness.HeapObject o = w.heap.get((String) value);
    if (o == null) return false;
    Map<?, ?> a = (Map<?, ?>) allowed;
    if (a.containsKey("string")) return a.get("string").equals(o.string);
    // Another static final's value: that object itself, which only a "static_value" object is.
    if (a.containsKey("static")) return a.get("static").equals(o.staticValue);
    String cls = (String) a.get("class");
    if (cls == null) return false;
    if (Boolean.TRUE.equals(a.get("exact")) || cls.equals(o.cls)) return cls.equals(o.cls);
    try {
      return Class.forName(Descriptors.binaryName(cls), false, loader)
          .isAssignableFrom(Class.forName(Descriptors.binaryName(o.cls), false, loader));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static Long integral(Object v) {
    if (v instanceof Boolean) return (Boolean) v ? 1L : 0L;
    if (v instanceof Json.Num && ((Json.Num) v).isIntegral()) return Long.parseLong(((Json.Num) v).text);
    return null;
  }

  private static String text(Witness w, Object v, String where) throws BadWitness {
    if (!(v instanceof String)) throw w.bad(where, "must be a string");
    return (String) v;
  }
}
