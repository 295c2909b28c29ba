package jwp.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed witness (see README.md for the format). Parsing checks the shape of the document; what needs
 * class loading (classes, fields, methods, value types) is checked by {@link Materializer} and, for the
 * expected location, by {@link JdiCheck}. Every error names the source and the place in the document.
 */
final class Witness {
  static final long DEFAULT_TIMEOUT_MS = 10_000;

  /**
   * One entry of "heap". Exactly one of: fields (plain object), length+elements (array), string,
   * class_literal (a java/lang/Class object: the class it stands for, an internal name or array
   * descriptor).
   */
  static final class HeapObject {
    String id;
    String cls;
    Map<String, Object> fields = new LinkedHashMap<>();
    int length = -1;
    Map<Integer, Object> elements = new LinkedHashMap<>();
    String string;
    boolean interned;  // the string is the interned literal (JLS 3.10.5)
    String classLiteral;
    String standInFor; // a stand-in (StandIn): the interface or abstract class it implements
    // The object a static final field holds ("owner.name:descriptor"): not allocated, read from the
    // field after its class is initialized; `fields` are checked against it, not stored.
    String staticValue;
  }

  /** What a stand-in's method returns (StandIn): the method as a call names it, and the value. */
  static final class StandInReturn {
    String owner, method, descriptor;
    Object value;
  }

  static final class Expect {
    String kind; // exception, exit, reach, throw, branch
    String branch; // branch: the outcome at bci: true (the jump taken), false, default, or a case value
    String type; // exception and exit
    boolean subtypes;
    boolean viaCall; // exception: raised inside a callee of the invoke at bci (or line), not by it
    int nullArgument; // via_call: K >= 1 when the callee's argument K (the receiver not counted) must be null
    String cls, method, descriptor; // exception, reach, throw
    Integer bci, line;

    String where() {
      StringBuilder b = new StringBuilder(cls + "." + method + descriptor);
      if (bci != null) b.append(" bci ").append(bci);
      if (line != null) b.append(bci != null ? " (line " + line + ")" : " line " + line);
      return b.toString();
    }
  }

  /** A call jwp assumed to return normally (issue #27): what it did is observed and reported. */
  static final class ObservedCall {
    String cls, method, descriptor; // the caller
    int bci; // the invoke
    String calleeName, calleeDescriptor; // as the invoke names it

    String where() {
      return cls + "." + method + descriptor + "@" + bci;
    }
  }

  String source;
  String entryClass, entryMethod, entryDescriptor;
  Boolean entryStatic;
  String receiver; // heap id or null
  List<Object> arguments = new ArrayList<>();
  Map<String, HeapObject> heap = new LinkedHashMap<>();
  Map<String, Object> statics = new LinkedHashMap<>();
  // System properties set before the call, as java -Dk=v sets them: a heap id of a String, or null to clear.
  Map<String, Object> properties = new LinkedHashMap<>();
  // Environment variables of the JVM that runs the entry: a heap id of a String, or null to unset.
  Map<String, Object> environment = new LinkedHashMap<>();
  // Input methods (jwp --input-method patterns, pkg.Class.method with '*' in the name) and the values
  // their calls return by position (a number as written, or a heap id of a String, or null): InputReplayer.
  List<String> inputMethods = new ArrayList<>();
  Map<Long, Object> inputValues = new LinkedHashMap<>();
  long timeoutMs = DEFAULT_TIMEOUT_MS;
  boolean assertions; // run with assertions enabled in the analysed classes (java -ea)
  List<FieldFactChecks.Check> fieldFacts = new ArrayList<>(); // the state must keep these
  Expect expect;
  List<ObservedCall> observe = new ArrayList<>();
  List<StandInReturn> standInReturns = new ArrayList<>();
  Record record; // or null

  /**
   * What the replay records besides the goal (jwp testgen --cover: what the test will cover): in one
   * method of expect.class, which of `bcis` execute and which outcomes its branches take. The run goes
   * on to the entry call's end after the goal is confirmed.
   */
  static final class Record {
    String method, descriptor;
    Set<Integer> bcis = new java.util.TreeSet<>();
  }

  BadWitness bad(String where, String what) {
    return new BadWitness(source + ": " + (where.isEmpty() ? "" : where + ": ") + what);
  }

  /** Sets the witness's environment variables in `env` (a ProcessBuilder's): a String's text, or unset. */
  void applyEnvironment(Map<String, String> env) {
    for (Map.Entry<String, Object> e : environment.entrySet()) {
      if (e.getValue() == null) {
        env.remove(e.getKey());
      } else {
        String text = heap.get((String) e.getValue()).string;
        env.put(e.getKey(), text == null ? "" : text); // a string without text is an empty one
      }
    }
  }

  private static void parseInputs(Witness w, Map<String, Object> inputs) throws BadWitness {
    w.onlyKeys(inputs, "inputs", Set.of("methods", "values"));
    for (Object p : w.array(w.required(inputs, "methods", "inputs"), "inputs.methods")) {
      String pattern = w.string(p, "inputs.methods");
      int dot = pattern.lastIndexOf('.');
      if (dot <= 0 || dot == pattern.length() - 1 || pattern.substring(0, dot).contains("*")) {
        throw w.bad("inputs.methods", "\"" + pattern + "\" is not pkg.Class.method ('*' only in the method's name)");
      }
      w.inputMethods.add(pattern);
    }
    List<Object> values = inputs.containsKey("values") ? w.array(inputs.get("values"), "inputs.values") : List.of();
    for (int i = 0; i < values.size(); i++) {
      String where = "inputs.values[" + i + "]";
      Map<String, Object> v = w.object(values.get(i), where);
      w.onlyKeys(v, where, Set.of("position", "method", "value"));
      Object pos = w.required(v, "position", where);
      if (!(pos instanceof Json.Num) || !((Json.Num) pos).isIntegral() || ((Json.Num) pos).text.startsWith("-")) {
        throw w.bad(where + ".position", "expected a number from 0");
      }
      long position = Long.parseLong(((Json.Num) pos).text);
      if (w.inputValues.containsKey(position)) throw w.bad(where + ".position", "position " + position + " is given twice");
      Object value = v.get("value");
      if (value instanceof String && !w.heap.containsKey(value) && !Set.of("NaN", "Infinity", "-Infinity").contains(value)) {
        throw w.bad(where + ".value", "\"" + value + "\" is neither a heap object's id nor NaN or an infinity");
      }
      // A String, or the array of a file query's list or listFiles (the entries of a directory).
      Object method = v.get("method");
      boolean listing = method instanceof String && ((String) method).startsWith("java.io.File.list");
      if (value instanceof String && w.heap.containsKey(value) && !w.heap.get(value).cls.equals("java/lang/String")
          && !(listing && w.heap.get(value).cls.startsWith("["))) {
        throw w.bad(where + ".value", "heap object \"" + value + "\" is not a java/lang/String");
      }
      if (value != null && !(value instanceof String) && !(value instanceof Json.Num)) {
        throw w.bad(where + ".value", "expected a number, a heap object's id (a String) or null");
      }
      w.inputValues.put(position, value);
    }
    if (!w.inputValues.isEmpty() && w.inputMethods.isEmpty()) throw w.bad("inputs", "values without methods");
  }

  static Witness parse(String source, String text) throws BadWitness {
    Witness w = new Witness();
    w.source = source;
    Object doc;
    try {
      doc = Json.parse(text);
    } catch (Json.ParseError e) {
      throw w.bad("", e.getMessage());
    }
    Map<String, Object> top = w.object(doc, "top level");
    w.onlyKeys(top, "top level", Set.of("entry", "receiver", "arguments", "heap", "statics", "properties", "environment", "inputs", "expect", "timeout_ms", "assertions", "field_facts", "observe", "stand_in_returns", "record"));
    if (top.containsKey("assertions")) w.assertions = w.bool(top.get("assertions"), "assertions");

    Map<String, Object> entry = w.object(w.required(top, "entry", "top level"), "entry");
    w.onlyKeys(entry, "entry", Set.of("class", "method", "descriptor", "static"));
    w.entryClass = w.className(w.required(entry, "class", "entry"), "entry.class");
    w.entryMethod = w.string(w.required(entry, "method", "entry"), "entry.method");
    w.entryDescriptor = w.methodDescriptor(w.required(entry, "descriptor", "entry"), "entry.descriptor");
    if (entry.containsKey("static")) w.entryStatic = w.bool(entry.get("static"), "entry.static");

    Object recv = top.get("receiver");
    if (recv != null) w.receiver = w.string(recv, "receiver");

    Map<String, Object> heap = top.containsKey("heap") ? w.object(top.get("heap"), "heap") : Map.of();
    for (Map.Entry<String, Object> e : heap.entrySet()) {
      String where = "heap object " + e.getKey();
      Map<String, Object> o = w.object(e.getValue(), where);
      w.onlyKeys(o, where, Set.of("class", "fields", "length", "elements", "string", "interned", "class_literal", "stand_in_for", "static_value"));
      HeapObject h = new HeapObject();
      h.id = e.getKey();
      h.cls = w.className(w.required(o, "class", where), where + ": class");
      if (h.cls.startsWith("[")) {
        if (o.containsKey("fields") || o.containsKey("string")) throw w.bad(where, "an array has \"length\" and \"elements\", not \"fields\" or \"string\"");
        long len = w.integer(w.required(o, "length", where), where + ": length");
        if (len < 0 || len > 100_000_000) throw w.bad(where, "bad array length " + len);
        h.length = (int) len;
        if (o.containsKey("elements")) {
          for (Map.Entry<String, Object> el : w.object(o.get("elements"), where + ": elements").entrySet()) {
            int idx;
            try {
              idx = Integer.parseInt(el.getKey());
            } catch (NumberFormatException ex) {
              throw w.bad(where, "element index \"" + el.getKey() + "\" is not an integer");
            }
            if (idx < 0 || idx >= h.length || !el.getKey().equals(Integer.toString(idx)))
              throw w.bad(where, "element index " + el.getKey() + " out of bounds for length " + h.length);
            h.elements.put(idx, el.getValue());
          }
        }
      } else {
        if (o.containsKey("length") || o.containsKey("elements")) throw w.bad(where, "\"length\"/\"elements\" given for non-array class " + h.cls);
        if (o.containsKey("static_value")) {
          if (o.containsKey("string") || o.containsKey("class_literal") || o.containsKey("stand_in_for"))
            throw w.bad(where, "an object with \"static_value\" has \"class\" and \"fields\" only");
          h.staticValue = w.string(o.get("static_value"), where + ": static_value");
          w.fieldKey(h.staticValue, where + ": static_value");
        }
        if (o.containsKey("class_literal")) {
          if (!h.cls.equals("java/lang/Class")) throw w.bad(where, "\"class_literal\" given for class " + h.cls + " (only java/lang/Class)");
          if (o.containsKey("fields") || o.containsKey("string")) throw w.bad(where, "a class object has \"class_literal\" only");
          h.classLiteral = w.string(o.get("class_literal"), where + ": class_literal");
        } else if (h.cls.equals("java/lang/Class")) {
          throw w.bad(where, "a java/lang/Class object needs \"class_literal\"");
        } else if (o.containsKey("string")) {
          if (!h.cls.equals("java/lang/String") && !h.cls.equals("java/lang/StringBuilder")) {
            throw w.bad(where, "\"string\" given for class " + h.cls + " (only java/lang/String and java/lang/StringBuilder)");
          }
          if (o.containsKey("fields")) throw w.bad(where, "a string has \"string\", not \"fields\"");
          h.string = w.string(o.get("string"), where + ": string");
          if (o.containsKey("interned")) {
            Object v = o.get("interned");
            if (!(v instanceof Boolean)) throw w.bad(where, "\"interned\" must be true or false");
            h.interned = (Boolean) v;
          }
        } else if (h.cls.equals("java/lang/String")) {
          throw w.bad(where, "a java/lang/String object needs \"string\"");
        } else if (o.containsKey("stand_in_for")) {
          if (o.containsKey("fields")) throw w.bad(where, "a stand-in has \"stand_in_for\" only");
          h.standInFor = w.className(o.get("stand_in_for"), where + ": stand_in_for");
          if (!h.cls.endsWith(StandIn.SUFFIX)) throw w.bad(where, "a stand-in's class ends in " + StandIn.SUFFIX);
        } else if (o.containsKey("fields")) {
          for (Map.Entry<String, Object> f : w.object(o.get("fields"), where + ": fields").entrySet()) {
            w.fieldKey(f.getKey(), where);
            h.fields.put(f.getKey(), f.getValue());
          }
        }
      }
      w.heap.put(h.id, h);
    }

    if (w.receiver != null && !w.heap.containsKey(w.receiver)) throw w.bad("receiver", "no heap object \"" + w.receiver + "\"");

    if (top.containsKey("arguments")) w.arguments = w.array(top.get("arguments"), "arguments");

    if (top.containsKey("statics")) {
      for (Map.Entry<String, Object> s : w.object(top.get("statics"), "statics").entrySet()) {
        w.fieldKey(s.getKey(), "statics");
        w.statics.put(s.getKey(), s.getValue());
      }
    }

    if (top.containsKey("properties")) {
      for (Map.Entry<String, Object> p : w.object(top.get("properties"), "properties").entrySet()) {
        String where = "properties: " + p.getKey();
        if (p.getKey().isEmpty()) throw w.bad("properties", "a system property needs a name");
        Object v = p.getValue();
        if (v != null) {
          if (!(v instanceof String) || !w.heap.containsKey(v)) throw w.bad(where, "the value must be null or a heap object's id");
          if (!w.heap.get(v).cls.equals("java/lang/String")) throw w.bad(where, "heap object \"" + v + "\" is not a java/lang/String");
        }
        w.properties.put(p.getKey(), v);
      }
    }

    if (top.containsKey("environment")) {
      for (Map.Entry<String, Object> p : w.object(top.get("environment"), "environment").entrySet()) {
        String name = p.getKey(), where = "environment: " + name;
        if (name.isEmpty() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
          throw w.bad("environment", "\"" + name + "\" cannot name an environment variable");
        }
        Object v = p.getValue();
        if (v != null) {
          if (!(v instanceof String) || !w.heap.containsKey(v)) throw w.bad(where, "the value must be null or a heap object's id");
          HeapObject h = w.heap.get(v);
          if (!h.cls.equals("java/lang/String")) throw w.bad(where, "heap object \"" + v + "\" is not a java/lang/String");
          if (h.string != null && h.string.indexOf('\0') >= 0) throw w.bad(where, "an environment variable cannot hold a NUL character");
        }
        w.environment.put(name, v);
      }
    }

    if (top.containsKey("inputs")) parseInputs(w, w.object(top.get("inputs"), "inputs"));

    if (top.containsKey("stand_in_returns")) {
      List<Object> all = w.array(top.get("stand_in_returns"), "stand_in_returns");
      for (int i = 0; i < all.size(); i++) {
        String where = "stand_in_returns[" + i + "]";
        Map<String, Object> r = w.object(all.get(i), where);
        w.onlyKeys(r, where, Set.of("owner", "method", "descriptor", "value"));
        StandInReturn x = new StandInReturn();
        x.owner = w.className(w.required(r, "owner", where), where + ".owner");
        x.method = w.string(w.required(r, "method", where), where + ".method");
        x.descriptor = w.methodDescriptor(w.required(r, "descriptor", where), where + ".descriptor");
        x.value = r.get("value");
        w.standInReturns.add(x);
      }
    }

    if (top.containsKey("field_facts")) w.fieldFacts = FieldFactChecks.parse(w, top.get("field_facts"));

    if (top.containsKey("timeout_ms")) {
      w.timeoutMs = w.integer(top.get("timeout_ms"), "timeout_ms");
      if (w.timeoutMs <= 0) throw w.bad("timeout_ms", "must be positive");
    }

    Map<String, Object> ex = w.object(w.required(top, "expect", "top level"), "expect");
    Expect x = new Expect();
    x.kind = w.string(w.required(ex, "kind", "expect"), "expect.kind");
    switch (x.kind) {
      case "exception":
        w.onlyKeys(ex, "expect",
            Set.of("kind", "type", "subtypes", "class", "method", "descriptor", "bci", "line", "via_call", "null_argument"));
        if (ex.containsKey("via_call")) x.viaCall = w.bool(ex.get("via_call"), "expect.via_call");
        if (ex.containsKey("null_argument")) {
          if (!x.viaCall) throw w.bad("expect.null_argument", "needs \"via_call\": true");
          long k = w.integer(ex.get("null_argument"), "expect.null_argument");
          if (k < 1 || k > 255) throw w.bad("expect.null_argument", "out of range: " + k);
          x.nullArgument = (int) k;
        }
        break;
      case "exit":
        w.onlyKeys(ex, "expect", Set.of("kind", "type", "subtypes"));
        break;
      case "reach":
      case "throw":
        w.onlyKeys(ex, "expect", Set.of("kind", "class", "method", "descriptor", "bci", "line"));
        break;
      case "branch":
        w.onlyKeys(ex, "expect", Set.of("kind", "class", "method", "descriptor", "bci", "line", "branch"));
        x.branch = w.string(w.required(ex, "branch", "expect"), "expect.branch");
        if (!x.branch.matches("true|false|default|-?[0-9]+"))
          throw w.bad("expect.branch", "\"" + x.branch + "\" is not true, false, default or a case value");
        if (ex.get("bci") == null) throw w.bad("expect", "a branch needs \"bci\"");
        break;
      default:
        throw w.bad("expect.kind", "unknown kind \"" + x.kind + "\" (exception, exit, reach, throw, branch)");
    }
    if (x.kind.equals("exception") || x.kind.equals("exit")) {
      x.type = w.className(w.required(ex, "type", "expect"), "expect.type");
      if (x.type.startsWith("[")) throw w.bad("expect.type", "an array class is not an exception type");
      if (ex.containsKey("subtypes")) x.subtypes = w.bool(ex.get("subtypes"), "expect.subtypes");
    }
    if (!x.kind.equals("exit")) {
      x.cls = w.className(w.required(ex, "class", "expect"), "expect.class");
      x.method = w.string(w.required(ex, "method", "expect"), "expect.method");
      x.descriptor = w.methodDescriptor(w.required(ex, "descriptor", "expect"), "expect.descriptor");
      if (ex.containsKey("bci") && ex.get("bci") != null) {
        long b = w.integer(ex.get("bci"), "expect.bci");
        if (b < 0 || b > 65535) throw w.bad("expect.bci", "out of range: " + b);
        x.bci = (int) b;
      }
      if (ex.containsKey("line") && ex.get("line") != null) {
        long l = w.integer(ex.get("line"), "expect.line");
        if (l > 65535) throw w.bad("expect.line", "out of range: " + l);
        if (l > 0) x.line = (int) l; // 0 or negative: unknown

      }
      if (x.bci == null && x.line == null) throw w.bad("expect", "needs \"bci\" or \"line\"");
    }
    w.expect = x;
    if (top.containsKey("observe")) w.observe = parseObserve(w, w.array(top.get("observe"), "observe"));
    if (top.containsKey("record")) {
      Map<String, Object> r = w.object(top.get("record"), "record");
      w.onlyKeys(r, "record", Set.of("method", "descriptor", "bcis"));
      if (x.kind.equals("exit")) throw w.bad("record", "needs an expect with a class (not exit)");
      Record rec = new Record();
      rec.method = w.string(w.required(r, "method", "record"), "record.method");
      rec.descriptor = w.methodDescriptor(w.required(r, "descriptor", "record"), "record.descriptor");
      if (r.containsKey("bcis")) {
        for (Object b : w.array(r.get("bcis"), "record.bcis")) rec.bcis.add((int) w.integer(b, "record.bcis"));
      }
      w.record = rec;
    }
    return w;
  }

  private static List<ObservedCall> parseObserve(Witness w, List<Object> list) throws BadWitness {
    List<ObservedCall> calls = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String where = "observe[" + i + "]";
      Map<String, Object> o = w.object(list.get(i), where);
      w.onlyKeys(o, where, Set.of("class", "method", "descriptor", "bci", "callee", "callee_descriptor"));
      ObservedCall c = new ObservedCall();
      c.cls = w.className(w.required(o, "class", where), where + ".class");
      c.method = w.string(w.required(o, "method", where), where + ".method");
      c.descriptor = w.methodDescriptor(w.required(o, "descriptor", where), where + ".descriptor");
      long b = w.integer(w.required(o, "bci", where), where + ".bci");
      if (b < 0 || b > 65535) throw w.bad(where + ".bci", "out of range: " + b);
      c.bci = (int) b;
      c.calleeName = w.string(w.required(o, "callee", where), where + ".callee");
      c.calleeDescriptor = w.methodDescriptor(w.required(o, "callee_descriptor", where), where + ".callee_descriptor");
      calls.add(c);
    }
    return calls;
  }

  // --- shape helpers -----------------------------------------------------------------------------

  private Object required(Map<String, Object> m, String key, String where) throws BadWitness {
    if (!m.containsKey(key)) throw bad(where, "missing \"" + key + "\"");
    return m.get(key);
  }

  private void onlyKeys(Map<String, Object> m, String where, Set<String> allowed) throws BadWitness {
    for (String k : m.keySet()) {
      if (!allowed.contains(k)) throw bad(where, "unknown key \"" + k + "\"");
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> object(Object v, String where) throws BadWitness {
    if (!(v instanceof Map)) throw bad(where, "expected a JSON object, got " + Json.show(v));
    return (Map<String, Object>) v;
  }

  @SuppressWarnings("unchecked")
  private List<Object> array(Object v, String where) throws BadWitness {
    if (!(v instanceof List)) throw bad(where, "expected a JSON array, got " + Json.show(v));
    return (List<Object>) v;
  }

  private String string(Object v, String where) throws BadWitness {
    if (!(v instanceof String)) throw bad(where, "expected a string, got " + Json.show(v));
    return (String) v;
  }

  private boolean bool(Object v, String where) throws BadWitness {
    if (!(v instanceof Boolean)) throw bad(where, "expected true or false, got " + Json.show(v));
    return (Boolean) v;
  }

  private long integer(Object v, String where) throws BadWitness {
    if (v instanceof Json.Num && ((Json.Num) v).isIntegral()) {
      try {
        return Long.parseLong(((Json.Num) v).text);
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    throw bad(where, "expected an integer, got " + Json.show(v));
  }

  private String className(Object v, String where) throws BadWitness {
    String s = string(v, where);
    if (s.startsWith("[")) {
      if (!Descriptors.isFieldDescriptor(s)) throw bad(where, "bad array descriptor \"" + s + "\"");
    } else if (s.isEmpty() || s.contains(".") || s.contains(";") || s.contains("[") || s.startsWith("/") || s.endsWith("/") || s.contains("//")) {
      throw bad(where, "bad internal class name \"" + s + "\" (use slashes, e.g. java/lang/String)");
    }
    return s;
  }

  private String methodDescriptor(Object v, String where) throws BadWitness {
    String s = string(v, where);
    if (Descriptors.parameters(s) == null) throw bad(where, "bad method descriptor \"" + s + "\"");
    return s;
  }

  /** Checks the shape "owner.name:descriptor" of a field key. */
  void fieldKey(String key, String where) throws BadWitness {
    if (FieldKey.parse(key) == null)
      throw bad(where, "bad field key \"" + key + "\" (expected owner.name:descriptor, e.g. pkg/A.x:I)");
  }

  /** A parsed field key. */
  static final class FieldKey {
    final String owner, name, descriptor;

    private FieldKey(String owner, String name, String descriptor) {
      this.owner = owner;
      this.name = name;
      this.descriptor = descriptor;
    }

    static FieldKey parse(String key) {
      int dot = key.indexOf('.');
      if (dot <= 0) return null;
      int colon = key.indexOf(':', dot);
      if (colon < 0 || colon == dot + 1) return null;
      String owner = key.substring(0, dot), name = key.substring(dot + 1, colon), desc = key.substring(colon + 1);
      if (owner.startsWith("[") || owner.contains(";") || !Descriptors.isFieldDescriptor(desc)) return null;
      return new FieldKey(owner, name, desc);
    }
  }
}
