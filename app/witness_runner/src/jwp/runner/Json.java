package jwp.runner;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON parser (RFC 8259). Objects become LinkedHashMap (duplicate keys are an error),
 * arrays ArrayList, strings String, true/false Boolean, null null, and numbers {@link Num}, which keeps
 * the exact text so that 64-bit integers and float literals are converted without a detour through double.
 */
final class Json {
  /** A JSON number, as written. */
  static final class Num {
    final String text;

    Num(String text) {
      this.text = text;
    }

    boolean isIntegral() {
      return text.indexOf('.') < 0 && text.indexOf('e') < 0 && text.indexOf('E') < 0;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  static final class ParseError extends Exception {
    ParseError(String message) {
      super(message);
    }
  }

  private final String s;
  private int i;

  private Json(String s) {
    this.s = s;
  }

  static Object parse(String text) throws ParseError {
    Json p = new Json(text);
    p.ws();
    Object v = p.value(0);
    p.ws();
    if (p.i != text.length()) throw p.err("trailing characters after the JSON value");
    return v;
  }

  /** A JSON string literal of {@code s}: quotes, backslashes and control characters escaped. */
  static String quote(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int k = 0; k < s.length(); k++) {
      char c = s.charAt(k);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || c == 0x2028 || c == 0x2029) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }

  /** Renders a parsed value back as compact JSON text (for messages). */
  static String show(Object v) {
    if (v == null) return "null";
    if (v instanceof String) return '"' + ((String) v).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    if (v instanceof Map) return "{...}";
    if (v instanceof List) return "[...]";
    return v.toString();
  }

  private ParseError err(String message) {
    int line = 1, col = 1;
    for (int k = 0; k < i && k < s.length(); k++) {
      if (s.charAt(k) == '\n') {
        line++;
        col = 1;
      } else {
        col++;
      }
    }
    return new ParseError("JSON syntax error at line " + line + " column " + col + ": " + message);
  }

  private void ws() {
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') i++;
      else break;
    }
  }

  private Object value(int depth) throws ParseError {
    if (depth > 512) throw err("nesting too deep");
    if (i >= s.length()) throw err("unexpected end of input");
    char c = s.charAt(i);
    switch (c) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return string();
      case 't':
        literal("true");
        return Boolean.TRUE;
      case 'f':
        literal("false");
        return Boolean.FALSE;
      case 'n':
        literal("null");
        return null;
      default:
        if (c == '-' || (c >= '0' && c <= '9')) return number();
        throw err("unexpected character '" + c + "'");
    }
  }

  private void literal(String word) throws ParseError {
    if (!s.startsWith(word, i)) throw err("expected '" + word + "'");
    i += word.length();
  }

  private Map<String, Object> object(int depth) throws ParseError {
    Map<String, Object> m = new LinkedHashMap<>();
    i++; // {
    ws();
    if (i < s.length() && s.charAt(i) == '}') {
      i++;
      return m;
    }
    while (true) {
      ws();
      if (i >= s.length() || s.charAt(i) != '"') throw err("expected a string key");
      int keyAt = i;
      String key = string();
      ws();
      if (i >= s.length() || s.charAt(i) != ':') throw err("expected ':'");
      i++;
      ws();
      Object v = value(depth + 1);
      if (m.containsKey(key)) {
        i = keyAt;
        throw err("duplicate key \"" + key + "\"");
      }
      m.put(key, v);
      ws();
      if (i >= s.length()) throw err("unexpected end of input in object");
      char c = s.charAt(i++);
      if (c == '}') return m;
      if (c != ',') {
        i--;
        throw err("expected ',' or '}'");
      }
    }
  }

  private List<Object> array(int depth) throws ParseError {
    List<Object> a = new ArrayList<>();
    i++; // [
    ws();
    if (i < s.length() && s.charAt(i) == ']') {
      i++;
      return a;
    }
    while (true) {
      ws();
      a.add(value(depth + 1));
      ws();
      if (i >= s.length()) throw err("unexpected end of input in array");
      char c = s.charAt(i++);
      if (c == ']') return a;
      if (c != ',') {
        i--;
        throw err("expected ',' or ']'");
      }
    }
  }

  private String string() throws ParseError {
    i++; // "
    StringBuilder b = new StringBuilder();
    while (true) {
      if (i >= s.length()) throw err("unterminated string");
      char c = s.charAt(i++);
      if (c == '"') return b.toString();
      if (c < 0x20) {
        i--;
        throw err("control character in string");
      }
      if (c != '\\') {
        b.append(c);
        continue;
      }
      if (i >= s.length()) throw err("unterminated escape");
      char e = s.charAt(i++);
      switch (e) {
        case '"': b.append('"'); break;
        case '\\': b.append('\\'); break;
        case '/': b.append('/'); break;
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'n': b.append('\n'); break;
        case 'r': b.append('\r'); break;
        case 't': b.append('\t'); break;
        case 'u':
          if (i + 4 > s.length()) throw err("short \\u escape");
          int cp = 0;
          for (int k = 0; k < 4; k++) {
            int d = Character.digit(s.charAt(i + k), 16);
            if (d < 0) throw err("bad \\u escape");
            cp = cp * 16 + d;
          }
          i += 4;
          b.append((char) cp);
          break;
        default:
          i--;
          throw err("bad escape '\\" + e + "'");
      }
    }
  }

  private Num number() throws ParseError {
    int start = i;
    if (s.charAt(i) == '-') i++;
    if (i >= s.length() || !Character.isDigit(s.charAt(i))) throw err("bad number");
    if (s.charAt(i) == '0') i++;
    else while (i < s.length() && isDigit(s.charAt(i))) i++;
    if (i < s.length() && s.charAt(i) == '.') {
      i++;
      if (i >= s.length() || !isDigit(s.charAt(i))) throw err("bad number: digit expected after '.'");
      while (i < s.length() && isDigit(s.charAt(i))) i++;
    }
    if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) i++;
      if (i >= s.length() || !isDigit(s.charAt(i))) throw err("bad number: digit expected in exponent");
      while (i < s.length() && isDigit(s.charAt(i))) i++;
    }
    return new Num(s.substring(start, i));
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
