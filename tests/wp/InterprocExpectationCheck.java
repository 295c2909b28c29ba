// Proves every FOUND line of tests/wp/interproc_expectations.tsv (issue #6)
// on the JVM: for each, the input its note lists is run through the entry
// method (the note's entry=, else the goal's own method), and the goal is
// observed: for npe, exception:T and throw, the exception's type and the
// method and line of the top frame; for exit:T, the type and a frame of the
// goal's method at the goal's line (the exception left that method from
// there); for npe-arg:K, a NullPointerException and a frame of the goal's
// method at the goal's line below the top one (raised inside the call); for reach, the value only the goal line returns. When the note
// names an entry=, the entry's frame must lie below the goal's frame. One
// case also counts the goal method's frames (recursion depth). Not compiled
// by the build; run it with
// tests/wp/check_expectations.sh BUILD_DIR InterprocExpectationCheck interproc_expectations.tsv.
//
//   javac -cp build/fixtures/release8 -d /tmp/ipcheck tests/wp/InterprocExpectationCheck.java
//   java -cp build/fixtures/release8:/tmp/ipcheck InterprocExpectationCheck tests/wp/interproc_expectations.tsv
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import interproc.*;

public class InterprocExpectationCheck {
  interface Body {
    Object run() throws Throwable;
  }

  /** How a case shows that its goal happened. */
  static final class Case {
    Body body;
    Object expectedReturn; // reach: the value only the goal line returns
    int goalFrames;        // > 0: the number of frames of the goal's method in the trace
  }

  static final Map<String, Case> CASES = new LinkedHashMap<>();

  static void ex(String key, Body b) {
    Case c = new Case();
    c.body = b;
    if (CASES.put(key, c) != null) throw new IllegalStateException("two cases for " + key);
  }

  static void reach(String key, Object ret, Body b) {
    ex(key, b);
    CASES.get(key).expectedReturn = ret;
  }

  static void depth(String key, int frames, Body b) {
    ex(key, b);
    CASES.get(key).goalFrames = frames;
  }

  static final String AE = ":exception:java.lang.ArithmeticException";
  static final String AIOOBE = ":exception:java.lang.ArrayIndexOutOfBoundsException";
  static final String ISE = ":exception:java.lang.IllegalStateException";
  static final String MYEX = ":exit:interproc.Fig1$MyException";

  static Link link(Link next, int val) {
    Link n = new Link();
    n.next = next;
    n.val = val;
    return n;
  }

  /** Figure 1's input: a NewCarList (elems = new Car[10]) whose elems[0] is a Car of year 0. */
  static Fig1.NewCarList badList() {
    Fig1.NewCarList l = new Fig1.NewCarList();
    l.set(0, new Fig1.Car());
    return l;
  }

  static void cases() {
    ex("Fig1.checkValid:throw", () -> { Fig1.entrypoint(badList()); return null; });
    ex("Fig1.checkValid" + MYEX, () -> { Fig1.entrypoint(badList()); return null; });
    ex("Fig2.test" + MYEX, () -> { Fig2.test(new Fig1.NewCarList()); return null; });
    ex("Fig2.freshBad" + MYEX, () -> { Fig2.freshBad(); return null; });

    ex("CalleeNpe.len:npe", () -> CalleeNpe.caller(link(null, 0)));
    ex("CalleeNpe.inner:npe", () -> new CalleeNpe().outer());
    ex("CalleeNpe.viaField:npe", () -> CalleeNpe.twoCallers(link(null, 0)));
    ex("JdkUse.atomicSlot:npe", () -> JdkUse.atomicSlot(new java.util.concurrent.atomic.AtomicReferenceArray<String>(2), 1));
    ex("JdkUse.swapped:npe", () -> JdkUse.swapped(new java.util.concurrent.atomic.AtomicReference<String>("x"), "y"));
    ex("Overridden.size:npe", () -> new Overridden().size());
    ex("NullArg.maybeNull:npe-arg:1", () -> NullArg.maybeNull(true, null));
    ex("NullArg.secondArg:npe-arg:2", () -> NullArg.secondArg(null, 3));
    ex("NullArg.deeper:npe-arg:1", () -> NullArg.deeper(link(null, 0), 5));

    ex("DeepChain.top:exit:java.lang.ArithmeticException", () -> DeepChain.top(39));
    ex("DeepChain.d12" + AE, () -> DeepChain.top(39));
    reach("DeepChain.sum:reach", 777, () -> DeepChain.sum(75));

    ex("Dispatch.fourSides" + AE, () -> Dispatch.fourSides(new Dispatch.Square(), 0));
    ex("Dispatch.applyZero:exit:java.lang.ArithmeticException", () -> Dispatch.applyZero(new Dispatch.Div()));
    ex("Dispatch.pick" + AE, () -> Dispatch.pick(false, 0));

    ex("Exceptions.caughtInCaller" + AE, () -> Exceptions.caughtInCaller(new int[0], 0, 0));
    ex("Exceptions.catchesCalleeNpe" + AE, () -> Exceptions.catchesCalleeNpe(null, 0));
    reach("Exceptions.caughtThreeUp:reach", -301, () -> Exceptions.caughtThreeUp(0, 2));
    ex("Exceptions.escapesThreeUp:exit:java.lang.ArithmeticException", () -> Exceptions.escapesThreeUp(0, 2));
    ex("Exceptions.validated" + AE, () -> Exceptions.validated(-1, 0));
    ex("Exceptions.superTypeHandler" + AE, () -> Exceptions.superTypeHandler(link(null, 2), 0));

    ex("Heap.afterClear:npe", () -> Heap.afterClear(link(null, 0)));
    ex("Heap.aliasWrite:npe", () -> { Link a = link(link(null, 0), 0); return Heap.aliasWrite(a, a); });
    ex("Heap.headAfter:npe", () -> new Heap().headAfter(null));
    ex("Heap.boxItem" + AIOOBE, () -> Heap.boxItem(3));
    ex("Heap.boxValue" + AE, () -> Heap.boxValue(5, 0));
    ex("Heap.boxLink:npe", () -> Heap.boxLink(0));
    ex("Heap.doubledValue" + AE, () -> Heap.doubledValue(5, 0));

    ex("Jdk.mathAbs" + AE, () -> Jdk.mathAbs(Integer.MIN_VALUE, 0));
    ex("Jdk.stringLength" + AE, () -> Jdk.stringLength("abc", 0));
    ex("Jdk.stringEquals" + AE, () -> Jdk.stringEquals("key", 0));
    ex("Jdk.listRoundTrip" + AE, () -> Jdk.listRoundTrip(null, 0));

    ex("JdkUse.listSum" + AE, () -> JdkUse.listSum(3, 7, 0));
    ex("JdkUse.mapValuesSum" + AE, () -> JdkUse.mapValuesSum(3, 4, 0));
    ex("JdkUse.mapGetAfterPut" + AE, () -> JdkUse.mapGetAfterPut(7, 0));
    ex("JdkUse.mapGetAfterPutLarge" + AE, () -> JdkUse.mapGetAfterPutLarge(1000, 0));
    ex("JdkUse.sameText" + AE, () -> JdkUse.sameText("ab", "ab", 0));
    ex("JdkUse.builderLength" + AE, () -> JdkUse.builderLength("ab", 0));
    ex("JdkUse.boxedSuccessor" + AE, () -> JdkUse.boxedSuccessor(199, 0));
    ex("JdkUse.forEachSum" + AE, () -> JdkUse.forEachSum(2, 3, 0));
    ex("LambdaUse.onlyLambdas" + AE, () -> LambdaUse.onlyLambdas(7, 0));
    ex("LambdaUse.lambdaBesideAClass" + AE, () -> LambdaUse.lambdaBesideAClass(4, 0));
    ex("LambdaUse.unboundReference" + AE, () -> LambdaUse.unboundReference(new String(new char[200]), 0));
    ex("LambdaUse.primitiveResult" + AE, () -> LambdaUse.primitiveResult("ab", 0));
    ex("LambdaUse.constructorReference" + AE, () -> LambdaUse.constructorReference(0));
    ex("LambdaUse.madeInACallee" + AE, () -> LambdaUse.madeInACallee(9, 0));
    ex("LambdaUse.capturedThis" + AE, () -> new LambdaUse().capturedThis(0));
    ex("WideFrames.framedAround" + AE, () -> WideFrames.framedAround(new WideFrames(), null, false, 0));
    ex("WideFrames.throughANarrowedWideCall" + AE, () -> {
      WideFrames w = new WideFrames();
      WideFrames.Setter o = new WideFrames.Setter();
      o.target = w;
      return WideFrames.throughANarrowedWideCall(w, o, 0);
    });
    ex("SameLine.both" + AE, () -> SameLine.both(new SameLine.Inc(), new SameLine.Dbl(), 3, 0));
    ex("ExactArgs.framedAcrossHash" + AE, () -> ExactArgs.framedAcrossHash(5, 0));
    ex("LiteralAfterCall.literalAfterCall" + AE,
        () -> LiteralAfterCall.literalAfterCall(new LiteralAfterCall.Len(), 0));
    ex("LiteralAfterCall.twoSitesOneAllocation" + AE, () -> LiteralAfterCall.twoSitesOneAllocation(5, 0, 0));
    ex("JdkUse.sortDescending" + AE, () -> JdkUse.sortDescending(0, 1, 0));
    ex("JdkUse.requireName:exit:java.lang.NullPointerException", () -> JdkUse.requireName(null));
    ex("JdkUse.processorsOnPath" + AE, () -> JdkUse.processorsOnPath(0));
    ex("JdkUse.someProcessor" + AE, () -> JdkUse.someProcessor(0));
    ex("JdkUse.copiedPair" + AE, () -> JdkUse.copiedPair(new int[] {0, 5}, 0));
    ex("JdkUse.copiedIntoObjects" + AE, () -> JdkUse.copiedIntoObjects(new Object[] {"s"}, 0));
    ex("JdkUse.sameThread" + AE, () -> JdkUse.sameThread(0));
    ex("JdkUse.locked" + AE, () -> JdkUse.locked(0));
    ex("JdkUse.staticLengths" + AE, () -> JdkUse.staticLengths(0));
    ex("JdkUse.boxedLong" + AE, () -> JdkUse.boxedLong(1000, 0));
    ex("JdkUse.boxedLongSmall" + AE, () -> JdkUse.boxedLongSmall(5L, 0));
    ex("JdkUse.oneAdded" + AE, () -> JdkUse.oneAdded(0));
    ex("JdkUse.sameBoxes" + AE, () -> JdkUse.sameBoxes(5, 0));
    ex("JdkUse.copiedChars" + AE, () -> JdkUse.copiedChars("xab", 0));
    ex("JdkUse.modifiersThenDivide" + AE, () -> JdkUse.modifiersThenDivide(new Object(), 7));
    ex("JdkUse.boxedByte" + AE, () -> JdkUse.boxedByte((byte) 5, 0));
    ex("JdkUse.boxedShortAndChar" + AE, () -> JdkUse.boxedShortAndChar((short) 300, 'q', 0));
    ex("StringMethods.trimmedLength" + AE, () -> StringMethods.trimmedLength(" a ", 0));
    ex("StringMethods.lastDot" + AE, () -> StringMethods.lastDot("ab.c", 0));
    ex("StringMethods.lastIndexOfString" + AE, () -> StringMethods.lastIndexOfString("abcd", "cd", 0));
    ex("StringMethods.codePoint" + AE, () -> StringMethods.codePoint("\uD83D\uDE00", 0));
    ex("StringMethods.codePointPastTheEnd" + AE, () -> StringMethods.codePointPastTheEnd("", 0));
    ex("StringMethods.supplementaryIndex" + AE, () -> StringMethods.supplementaryIndex("a\uD83D\uDE00", 0));
    ex("StringMethods.appendedRange" + AE, () -> StringMethods.appendedRange("ab", 0, 2, 0));
    ex("StringMethods.appendedRangeOutOfBounds" + AE, () -> StringMethods.appendedRangeOutOfBounds("", 1, 0));
    ex("StringMethods.appendedCodePoint" + AE, () -> StringMethods.appendedCodePoint(0x10000, 0));
    ex("StringMethods.invalidCodePoint" + AE, () -> StringMethods.invalidCodePoint(0x110000, 0));
    ex("StringMethods.replacedChar" + AE, () -> StringMethods.replacedChar("ab", 0));
    ex("StringMethods.ignoringCase" + AE, () -> StringMethods.ignoringCase("key", 0));
    ex("StringMethods.hexDigits" + AE, () -> StringMethods.hexDigits(16, 0));
    ex("StringMethods.joined" + AE, () -> StringMethods.joined("x", "y", 0));
    ex("StringMethods.replacedSequence" + AE, () -> StringMethods.replacedSequence("abab", 0));
    ex("StringMethods.invalidCodePointArray" + AE, () -> StringMethods.invalidCodePointArray(new int[] {-1}, 0));
    ex("StringMethods.regionIgnoringCase" + AE, () -> StringMethods.regionIgnoringCase("axy", 0));
    ex("StringMethods.contentOfBuilder" + AE, () -> StringMethods.contentOfBuilder("ab", 0));
    ex("StringMethods.builderInsertPastTheEnd" + AE, () -> StringMethods.builderInsertPastTheEnd(3, 0));
    ex("StringMethods.builderReversed" + AE, () -> StringMethods.builderReversed("ab", 0));
    ex("Formats.concatenatedTwice" + AE, () -> Formats.concatenatedTwice("ab", 0));
    ex("Formats.formattedNumber" + AE, () -> Formats.formattedNumber(42, 0));
    ex("Formats.formattedText" + AE, () -> Formats.formattedText("XY", 0));
    ex("Formats.formattedNull" + AE, () -> Formats.formattedNull(null, 0));
    ex("Formats.formattedHex" + AE, () -> Formats.formattedHex(255, 0));
    ex("Formats.formattedNegativeHex" + AE, () -> Formats.formattedNegativeHex((byte) -2, 0));
    ex("Formats.formattedBoolean" + AE, () -> Formats.formattedBoolean(null, 0));
    ex("Formats.formattedPercent" + AE, () -> Formats.formattedPercent(0));
    ex("Formats.notAnInteger" + AE, () -> Formats.notAnInteger(new Object(), 0));
    ex("Formats.missingArgument" + AE, () -> Formats.missingArgument(null, 0));
    ex("Formats.notACodePoint" + AE, () -> Formats.notACodePoint(-1, 0));

    ex("ManyImpls.special" + ISE, () -> ManyImpls.special(new ManyImpls.Impl17(), 1001));
    ex("ManyImpls.anyShape" + ISE, () -> ManyImpls.anyShape(new ManyImpls.Impl46(), 250));
    ex("ManyImpls.anyInLoop" + ISE,
        () -> ManyImpls.anyInLoop(new ManyImpls.Shape[] {new ManyImpls.Impl46()}, 250));
    ex("Chain.twice" + ISE, () -> Chain.twice(new Chain.F0(), 4));
    ex("ManyImpls.shapeOrOddSum" + ISE,
        () -> ManyImpls.shapeOrOddSum(new ManyImpls.Impl46(), 250, new int[0], true));
    ex("ManyImpls.nullAfterLoop:npe",
        () -> ManyImpls.nullAfterLoop(new ManyImpls.Shape[] {new ManyImpls.Impl46()}, 250, null));
    ex("ManyImpls.declaredImpl" + ISE, () -> ManyImpls.declaredImpl(new ManyImpls.Impl46(), 250));

    ex("Natives.identityOnPath" + AE, () -> Natives.identityOnPath(null, 0));
    ex("Natives.hashOfFresh" + AE, () -> Natives.hashOfFresh(0));
    ex("Natives.afterArraycopy" + AE, () -> Natives.afterArraycopy(new int[1], new int[1], 0));

    ex("Private.priv" + AE, () -> Private.pub(9));
    ex("Private.helper:npe", () -> new Private().pubInst(4));
    ex("Private.inner" + AIOOBE, () -> Private.outer(new int[3]));
    ex("Private.shared" + AE, () -> Private.minusThree(3));
    ex("Private.third" + AIOOBE, () -> PackageEntry.pub(2));
    ex("Private$Inner.secret" + AE, () -> Private.viaNest(4));

    depth("Recursion.descend:npe", 4, () -> Recursion.nest(link(link(link(null, 0), 0), 0)));
    ex("Recursion.triangleSix" + AE, () -> Recursion.triangleSix(3, 0));
    ex("Recursion.oddThree" + AE, () -> Recursion.oddThree(3, 0));

    ex("Returns.magic" + AE, () -> Returns.magic(7, 0));
    ex("Returns.idAbove" + AE, () -> Returns.idAbove(6, 0));
    ex("Returns.findVal:npe", () -> Returns.findVal(link(null, 0), 1));
    ex("Returns.maybeNull:npe", () -> Returns.maybeNull(11));
    ex("Returns.clampedHigh" + AE, () -> Returns.clampedHigh(100, 0));
    ex("Returns.negativeAbs" + AE, () -> Returns.negativeAbs(Integer.MIN_VALUE, 0));

    ex("Setters.setGet" + AE, () -> Setters.setGet(new Setters.Account(), 0));
    ex("Setters.aliased" + AE, () -> { Setters.Account a = new Setters.Account(); return Setters.aliased(a, a, 0); });
    ex("Setters.fromParam" + AE, () -> Setters.fromParam(new Setters.Account(), 101, 0));
    ex("Setters.sumAliased" + AE, () -> { Setters.Account a = new Setters.Account(); return Setters.sumAliased(a, a, 0); });
    ex("Setters.depositTo" + AE, () -> Setters.depositTo(new Setters.Account(), -10, 0));
    ex("Setters.otherAccount" + AE,
        () -> Setters.otherAccount(new Setters.Account(), new Setters.Account(), 12, 0));
    ex("Setters.staticLimit" + AE, () -> Setters.staticLimit(42, 0));
  }

  static final Pattern ENTRY = Pattern.compile("\\bentry=([\\w.$]+)\\.([\\w$<>]+)\\(");

  public static void main(String[] args) throws Exception {
    cases();
    List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
    int checked = 0, failed = 0;
    Set<String> used = new HashSet<>();
    for (String line : lines) {
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("goal\t")) continue;
      String[] f = line.split("\t");
      if (!f[2].equals("FOUND")) continue;
      String goal = f[0], kind = f[1], note = f.length > 3 ? f[3] : "";
      int at = goal.indexOf("@line:");
      int wantLine = Integer.parseInt(goal.substring(at + 6));
      String head = goal.substring(0, goal.indexOf('('));
      String cls = head.substring(0, head.lastIndexOf('.'));
      String method = head.substring(head.lastIndexOf('.') + 1);
      String key = cls.substring(cls.indexOf('.') + 1) + "." + method + ":" + kind;
      checked++;
      if (!used.add(key)) {
        failed++;
        System.out.println("DUPLICATE " + key + " (two FOUND lines share a method and kind: cases are keyed on both)");
        continue;
      }
      Case c = CASES.get(key);
      if (c == null) {
        failed++;
        System.out.println("MISSING  " + key + " (no case for a FOUND line)");
        continue;
      }
      String entryCls = null, entryMethod = null;
      Matcher m = ENTRY.matcher(note);
      if (m.find()) {
        entryCls = m.group(1);
        entryMethod = m.group(2);
      }
      String problem = check(c, cls, method, kind, wantLine, entryCls, entryMethod);
      if (problem == null) {
        System.out.println("OK       " + key + " @line:" + wantLine + "  [" + note + "]");
      } else {
        failed++;
        System.out.println("FAILED   " + key + " @line:" + wantLine + ": " + problem);
      }
    }
    for (String k : CASES.keySet()) {
      if (!used.contains(k)) {
        failed++;
        System.out.println("UNUSED   " + k + " (a case without a FOUND line)");
      }
    }
    System.out.println(checked + " FOUND goals checked, " + failed + " problems");
    System.exit(failed == 0 ? 0 : 1);
  }

  static boolean isFrame(StackTraceElement e, String cls, String method) {
    return e.getClassName().equals(cls) && e.getMethodName().equals(method);
  }

  static String check(Case c, String cls, String method, String kind, int line, String entryCls,
      String entryMethod) {
    Object result;
    try {
      result = c.body.run();
    } catch (Throwable t) {
      if (kind.equals("reach")) return "threw " + t;
      Class<?> want;
      try {
        want = kind.equals("npe") || kind.startsWith("npe-arg:") ? NullPointerException.class
            : kind.equals("throw") ? Throwable.class
            : Class.forName(kind.substring(kind.indexOf(':') + 1));
      } catch (ClassNotFoundException e) {
        return "no class " + kind;
      }
      if (!want.isInstance(t)) return "threw " + t + ", not a " + want.getName();
      StackTraceElement[] st = t.getStackTrace();
      if (st.length == 0) return "threw " + t + " without a stack trace";
      int goalFrame = -1;
      if (kind.startsWith("exit:") || kind.startsWith("npe-arg:")) {
        // The exception left the goal's method from the goal's line (raised there or, for
        // npe-arg, only by a callee of the call there).
        for (int i = kind.startsWith("npe-arg:") ? 1 : 0; i < st.length && goalFrame < 0; i++) {
          if (isFrame(st[i], cls, method) && st[i].getLineNumber() == line) goalFrame = i;
        }
        if (goalFrame < 0) return "threw " + t + " but not out of " + cls + "." + method + " line " + line;
      } else {
        // npe, exception:T, throw (of an exception made on the goal line): raised at the goal itself.
        if (!isFrame(st[0], cls, method) || st[0].getLineNumber() != line) {
          return "threw " + t + " at " + st[0] + ", expected " + cls + "." + method + " line " + line;
        }
        goalFrame = 0;
      }
      if (entryCls != null) {
        boolean below = false;
        for (int i = goalFrame + 1; i < st.length; i++) below |= isFrame(st[i], entryCls, entryMethod);
        if (!below) return "threw " + t + " but the entry " + entryCls + "." + entryMethod + " is not below the goal frame";
      }
      if (c.goalFrames > 0) {
        int n = 0;
        for (StackTraceElement e : st) {
          if (isFrame(e, cls, method)) n++;
        }
        if (n != c.goalFrames) return "threw " + t + " with " + n + " frames of " + method + ", expected " + c.goalFrames;
      }
      return null;
    }
    if (c.expectedReturn != null) {
      return c.expectedReturn.equals(result) ? null : "returned " + result + ", expected " + c.expectedReturn;
    }
    return "returned " + result + " normally, expected " + kind;
  }
}
