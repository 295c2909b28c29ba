import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the witnesses of bench/strings on the JVM (bench/run_string_theory_bench.py
 * writes them). One call per input line, tab-separated: the class, the method
 * (the fixture's, whose one ArithmeticException is the goal), then one
 * argument per parameter: {@code null}, {@code S:} and the string's chars as
 * hex code units joined by commas, {@code I:} and an int, {@code A:} and an
 * int array's elements joined by commas. Prints one line per call: CONFIRMED
 * when the call throws ArithmeticException (it reached the goal), else
 * REFUTED and what it did.
 */
public class ReplayModels {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    String line;
    while ((line = in.readLine()) != null) {
      if (!line.isEmpty()) {
        System.out.println(replay(line.split("\t", -1)));
      }
    }
  }

  private static String replay(String[] fields) {
    try {
      Class<?> owner = Class.forName(fields[0]);
      Method method = null;
      for (Method m : owner.getDeclaredMethods()) {
        if (m.getName().equals(fields[1])) {
          method = m;
        }
      }
      if (method == null) {
        return "ERROR no method " + fields[1];
      }
      Class<?>[] types = method.getParameterTypes();
      if (types.length != fields.length - 2) {
        return "ERROR " + (fields.length - 2) + " arguments for " + types.length + " parameters";
      }
      Object[] values = new Object[types.length];
      for (int i = 0; i < types.length; i++) {
        values[i] = value(fields[i + 2]);
      }
      Object result = method.invoke(null, values);
      return "REFUTED returned " + result;
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof ArithmeticException) {
        return "CONFIRMED";
      }
      return "REFUTED threw " + cause;
    } catch (Exception e) {
      return "ERROR " + e;
    }
  }

  private static Object value(String field) {
    if (field.equals("null")) {
      return null;
    }
    String body = field.substring(2);
    if (field.startsWith("I:")) {
      return Integer.valueOf(body);
    }
    List<Integer> units = new ArrayList<>();
    for (String part : body.split(",")) {
      if (!part.isEmpty()) {
        units.add(field.startsWith("S:") ? Integer.parseInt(part, 16) : Integer.parseInt(part));
      }
    }
    if (field.startsWith("S:")) {
      char[] chars = new char[units.size()];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = (char) (int) units.get(i);
      }
      return new String(chars);
    }
    int[] ints = new int[units.size()];
    for (int i = 0; i < ints.length; i++) {
      ints[i] = units.get(i);
    }
    return ints;
  }
}
