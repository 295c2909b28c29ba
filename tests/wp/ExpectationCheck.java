// Proves every FOUND line of tests/wp/expectations.tsv on the JVM: for each,
// a hand-chosen input (the one its note lists) is run, and the goal is
// observed: the exception's type and the method and line of the frame that
// threw it, or for reach goals the value only that line returns. Not compiled
// by the build; run it with tests/wp/check_expectations.sh.
//
//   javac -cp build/fixtures/release8 -d /tmp/wpcheck tests/wp/ExpectationCheck.java
//   java -cp build/fixtures/release8:/tmp/wpcheck ExpectationCheck tests/wp/expectations.tsv
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import wp.*;

public class ExpectationCheck {
  interface Body {
    Object run() throws Throwable;
  }

  /** How a case shows that its goal happened. */
  static final class Case {
    Body body;
    Object expectedReturn;      // reach: the value only the goal line returns
    Throwable expectedIdentity; // throw of an exception object the case made itself
    String indirect;            // goal observed through a result only it explains
  }

  static final Map<String, Case> CASES = new LinkedHashMap<>();

  static OpenWorld.Sized sized(int n) {
    return new OpenWorld.Sized() {
      @Override
      public int size() {
        return n;
      }
    };
  }

  static void ex(String key, Body b) {
    Case c = new Case();
    c.body = b;
    CASES.put(key, c);
  }

  static void reach(String key, Object ret, Body b) {
    Case c = new Case();
    c.body = b;
    c.expectedReturn = ret;
    CASES.put(key, c);
  }

  static void same(String key, Throwable t, Body b) {
    Case c = new Case();
    c.body = b;
    c.expectedIdentity = t;
    CASES.put(key, c);
  }

  static void indirect(String key, Object ret, String why, Body b) {
    Case c = new Case();
    c.body = b;
    c.expectedReturn = ret;
    c.indirect = why;
    CASES.put(key, c);
  }

  static final String AE = ":exception:java.lang.ArithmeticException";
  static final String AIOOBE = ":exception:java.lang.ArrayIndexOutOfBoundsException";
  static final String NASE = ":exception:java.lang.NegativeArraySizeException";
  static final String ASE = ":exception:java.lang.ArrayStoreException";
  static final String CCE = ":exception:java.lang.ClassCastException";

  static Node node(Node next, int val) {
    Node n = new Node();
    n.next = next;
    n.val = val;
    return n;
  }

  static void cases() {
    ex("Arith.divInt" + AE, () -> Arith.divInt(1, 0));
    ex("Arith.remInt" + AE, () -> Arith.remInt(1, 0));
    ex("Arith.divLong" + AE, () -> Arith.divLong(1, 0L));
    ex("Arith.remLong" + AE, () -> Arith.remLong(1, 0L));
    ex("Arith.overflow" + AE, () -> Arith.overflow(2147483647, 0));
    ex("Arith.overflowLong" + AE, () -> Arith.overflowLong(9223372036854775807L, 0));
    ex("Arith.negateMin" + AE, () -> Arith.negateMin(-2147483648, 0));
    ex("Arith.divByDifference" + AE, () -> Arith.divByDifference(5));
    ex("Arith.shiftBy32" + AE, () -> Arith.shiftBy32(32, 0));
    ex("Arith.longShift" + AE, () -> Arith.longShift(-1L, 0));
    ex("Arith.longToInt" + AE, () -> Arith.longToInt(4294967296L, 0));
    ex("Arith.toByte" + AE, () -> Arith.toByte(255, 0));
    ex("Arith.toChar" + AE, () -> Arith.toChar(-1, 0));
    ex("Arith.doubleToInt" + AE, () -> Arith.doubleToInt(4.0e9, 0));
    ex("Arith.longMul" + AE, () -> Arith.longMul(-6148914691236517205L, 0));
    ex("Arith.remSign" + AE, () -> Arith.remSign(-1, 0));

    ex("ArrayOps.negativeIndex" + AIOOBE, () -> ArrayOps.negativeIndex(new int[0], -1));
    ex("ArrayOps.tooLarge" + AIOOBE, () -> ArrayOps.tooLarge(new int[0], 0));
    ex("ArrayOps.storeOutOfBounds" + AIOOBE, () -> { ArrayOps.storeOutOfBounds(new char[2], 2); return null; });
    ex("ArrayOps.lastPlusOne" + AIOOBE, () -> ArrayOps.lastPlusOne(new int[0]));
    ex("ArrayOps.freshBounds" + AIOOBE, () -> ArrayOps.freshBounds(-1));
    ex("ArrayOps.negativeSize" + NASE, () -> ArrayOps.negativeSize(-1));
    ex("ArrayOps.multiNegative" + NASE, () -> ArrayOps.multiNegative(1, -1));
    ex("ArrayOps.arrayStore" + ASE, () -> { ArrayOps.arrayStore(new String[1], new Object()); return null; });
    ex("ArrayOps.arrayStoreInstanceof" + ASE,
        () -> { ArrayOps.arrayStoreInstanceof(new Integer[1], new Object()); return null; });
    ex("ArrayOps.storeSubtype" + ASE, () -> { ArrayOps.storeSubtype(new Long[1], 7); return null; });
    reach("ArrayOps.storedIntoAStringArray:reach", 311, () -> ArrayOps.storedIntoAStringArray(new String[1], null));

    reach("Branches.intRange:reach", 101, () -> Branches.intRange(11));
    ex("Branches.longCompare" + AE, () -> Branches.longCompare(5000000000L, 0));
    ex("Branches.floatCompare" + AE, () -> Branches.floatCompare(2.0f, 0));
    ex("Branches.floatNaN" + AE, () -> Branches.floatNaN(Float.NaN, 0));
    ex("Branches.doubleNaN" + AE, () -> Branches.doubleNaN(Double.NaN, 0));
    reach("Branches.doubleMul:reach", 103, () -> Branches.doubleMul(0.5));
    ex("Branches.refEquality" + AE, () -> Branches.refEquality(null, null, 0));
    ex("Branches.aliasing" + AE, () -> { Node n = new Node(); return Branches.aliasing(n, n, 0); });
    ex("Branches.instanceOf" + AE, () -> Branches.instanceOf("", 0));
    ex("Branches.literalByReference" + AE, () -> Branches.literalByReference("wp", 0));
    reach("Branches.booleans:reach", 104, () -> Branches.booleans(true, false));
    ex("Branches.fieldBranch" + AE, () -> Branches.fieldBranch(node(node(null, -7), 0), 0));
    ex("Branches.arrayBranch" + AE, () -> Branches.arrayBranch(new int[] {0, 0, 9}, 0));

    ex("Calls.callOnOtherPath" + AE, () -> Calls.callOnOtherPath(1, 0));
    ex("Calls.afterHelper" + AE, () -> Calls.afterHelper(0));
    ex("Calls.dependsOnReturn" + AE, () -> Calls.dependsOnReturn(3, 0));
    ex("Calls.afterConstructor" + AE, () -> Calls.afterConstructor(0));
    ex("Calls.afterJdkCall" + AE, () -> Calls.afterJdkCall(-2147483648, 0));
    ex("Calls.equalsCall" + AE, () -> Calls.equalsCall("key", 0));
    ex("Calls.afterReceiverCall" + AE, () -> Calls.afterReceiverCall(new Node(), 0));

    ex("Casts.castString" + CCE, () -> Casts.castString(new Object()));
    ex("Casts.toIntArray" + CCE, () -> Casts.toIntArray(new long[0]));
    ex("Casts.toNumber" + CCE, () -> Casts.toNumber(new Node()));
    ex("Casts.fieldCast" + CCE, () -> { Node n = new Node(); n.ref = new Object(); return Casts.fieldCast(n); });
    ex("Casts.refCount:exception:java.lang.IllegalArgumentException",
        () -> { Node n = new Node(); n.ref = new Object(); return Casts.refElements(n); });

    ex("Loops.zeroIterations" + AE, () -> Loops.zeroIterations(0, 0));
    ex("Loops.oneIteration" + AE, () -> Loops.oneIteration(1, 0));
    ex("Loops.threeIterations" + AE, () -> Loops.threeIterations(3, 0));
    ex("Loops.fiveIterations" + AE, () -> Loops.fiveIterations(5));
    ex("Loops.sumUntilIndexOut" + AIOOBE, () -> Loops.sumUntilIndexOut(new int[0]));
    ex("Loops.fourthElement" + AE, () -> Loops.fourthElement(new int[4], 0));
    reach("Loops.countdown:reach", 203, () -> Loops.countdown(0));
    ex("Loops.linkedWalk" + AE, () -> Loops.linkedWalk(node(node(null, 0), 0), 0));

    ex("Npe.fieldRead:npe", () -> Npe.fieldRead(null));
    ex("Npe.fieldWrite:npe", () -> { Npe.fieldWrite(null, 0); return null; });
    ex("Npe.arrayLoad:npe", () -> Npe.arrayLoad(null));
    ex("Npe.arrayStore:npe", () -> { Npe.arrayStore(null, 0); return null; });
    ex("Npe.arrayLength:npe", () -> Npe.arrayLength(null));
    ex("Npe.receiver:npe", () -> Npe.receiver(null));
    ex("Npe.deep:npe", () -> Npe.deep(node(node(node(null, 0), 0), 0)));
    ex("Npe.nested:npe", () -> Npe.nested(new Npe.Cell()));
    ex("Npe.staticField:npe", () -> { Npe.head = null; return Npe.staticField(); });
    ex("Npe.thisField:npe", () -> new Npe().thisField());
    ex("Npe.thisFieldGuarded:npe", () -> { Npe o = new Npe(); o.link = new Node(); return o.thisFieldGuarded(1); });
    ex("Npe.throwNull:npe", () -> { Npe.throwNull(null, true); return null; });
    ex("Npe.monitor:npe", () -> Npe.monitor(null, 0));
    ex("Npe.booleanGuard:npe", () -> Npe.booleanGuard(null, true, false));

    ex("Statics.staticBranch" + AE, () -> { Statics.limit = 11; return Statics.staticBranch(0); });
    ex("Statics.staticArray:npe", () -> { Statics.table = null; return Statics.staticArray(0); });
    ex("Statics.staticArray" + AIOOBE, () -> { Statics.table = new int[0]; return Statics.staticArray(0); });
    ex("Statics.staticWriteThenRead" + AE, () -> Statics.staticWriteThenRead(7, 0));
    ex("Statics.staticChain:npe", () -> { Statics.root = null; return Statics.staticChain(); });
    ex("Statics.thisItems" + AIOOBE, () -> { Statics s = new Statics(); s.items = new int[0]; return s.thisItems(0); });
    reach("Statics.thisReach:reach", 401, () -> new Statics().thisReach(1));

    ex("Switches.table" + AE, () -> Switches.table(2, 0));
    ex("Switches.lookup" + AE, () -> Switches.lookup(1000, 0));
    reach("Switches.defaultCase:reach", 201, () -> Switches.defaultCase(0));
    reach("Switches.stringSwitch:reach", 202, () -> Switches.stringSwitch("alpha"));
    ex("Switches.fallThrough" + AE, () -> Switches.fallThrough(5, 0));

    RuntimeException re = new RuntimeException("witness");
    same("Throws.throwParam:throw", re, () -> { Throws.throwParam(re, 42); return null; });
    IllegalStateException ise = new IllegalStateException("witness");
    same("Throws.throwParam:exception:java.lang.IllegalStateException", ise,
        () -> { Throws.throwParam(ise, 42); return null; });
    RuntimeException re2 = new RuntimeException("field");
    same("Throws.throwField:throw", re2, () -> { Node n = new Node(); n.ref = re2; Throws.throwField(n); return null; });
    ex("Throws.throwNew:throw", () -> { Throws.throwNew(1); return null; });
    ex("Throws.throwNewMessage:exception:java.lang.IllegalStateException", () -> { Throws.throwNewMessage(-1); return null; });
    ex("Throws.throwNewExit:exit:java.lang.UnsupportedOperationException", () -> { Throws.throwNewExit(3); return null; });

    ex("TryCatch.catches" + AE, () -> TryCatch.catches(new int[0], 0, 0));
    indirect("TryCatch.caughtDivision" + AE, 301,
        "returns 301, which only the handler of the ArithmeticException thrown by x / y returns",
        () -> TryCatch.caughtDivision(1, 0));
    reach("TryCatch.caughtDivision:reach", 301, () -> TryCatch.caughtDivision(1, 0));
    ex("TryCatch.rethrows:exit:java.lang.ArithmeticException", () -> TryCatch.rethrows(1, 0));
    ex("TryCatch.rethrows:throw", () -> TryCatch.rethrows(1, 0));
    ex("TryCatch.catchesNpeOnly" + AE, () -> TryCatch.catchesNpeOnly(null, 0));
    ex("TryCatch.finallyRuns" + AE, () -> TryCatch.finallyRuns(new int[1], 0));
    ex("TryCatch.escapes:exit:java.lang.ArrayIndexOutOfBoundsException", () -> TryCatch.escapes(new int[0]));
    ex("TryCatch.escapes:exit:java.lang.NullPointerException", () -> TryCatch.escapes(null));
    ex("TryCatch.escapesDiv:exit:java.lang.ArithmeticException", () -> TryCatch.escapesDiv(1, 0));
    ex("TryCatch.escapesDiv:exit:java.lang.RuntimeException", () -> TryCatch.escapesDiv(1, 0));
    ex("TryCatch.monitorNpeCaught" + AE, () -> TryCatch.monitorNpeCaught(null, 0));
    ex("Classes.exactClass" + AE, () -> Classes.exactClass("", 0));
    ex("Asserts.afterAssert:npe", () -> Asserts.afterAssert(null));
    // Field facts: each state is one the class's own code makes.
    ex("FieldFacts.takenByTrue:npe", () -> new FieldFacts().takenByTrue());
    ex("FieldFacts.labelLength:npe", () -> new FieldFacts().labelLength());
    ex("FieldFacts.modeThree:npe", () -> {
      FieldFacts f = new FieldFacts();
      f.new Switcher().on();
      return f.modeThree();
    });
    ex("FieldFacts$Leaky.nameLength:npe", () -> new FieldFacts.Leaky());
    ex("FieldFacts$TwoWays.nameLength:npe", () -> new FieldFacts.TwoWays(1).nameLength());
    ex("FieldFacts$EscapingInit.nameLength:npe", () -> new FieldFacts.EscapingInit());
    ex("FieldFacts$Kept.unchecked:npe", () -> new FieldFacts.Kept(null).unchecked());
    ex("FieldFacts$Checked.uncheckedHash:npe", () -> new FieldFacts.Checked("r", "g", null).uncheckedHash());
    ex("FieldFacts$Injectable.whenInjected:npe", () -> {
      FieldFacts.Injectable i = new FieldFacts.Injectable();
      java.lang.reflect.Field f = FieldFacts.Injectable.class.getDeclaredField("service");
      f.setAccessible(true);
      f.set(i, new Object());  // as a dependency-injection framework does
      return i.whenInjected();
    });
    ex("NonNullReturns.unchecked:npe", () -> NonNullReturns.unchecked(null, true));
    ex("NonNullReturns.watcher:npe", () -> NonNullReturns.watcher());
    ex("NullArguments.unguarded:npe-arg:1", () -> NullArguments.unguarded(null, null));
    ex("Constructors.<init>:npe", () -> new Constructors((String) null));
    ex("Constructors.<init>:exception:java.lang.ArrayIndexOutOfBoundsException", () -> new Constructors(new int[0], 0));
    ex("Concolic.collide:throw", () -> { Concolic.collide(0, java.util.Objects.hash(0, "salt")); return null; });
    ex("Concolic.formattedNonEmpty:throw", () -> { Concolic.formattedNonEmpty("a"); return null; });
    ex("Concolic.sameFingerprint:throw", () -> {
      Concolic.sameFingerprint("", java.util.Objects.hash("", 7));
      return null;
    });
    ex("OpenWorld.withImplementation:exception:java.lang.ArithmeticException",
        () -> OpenWorld.withImplementation(new OpenWorld.One(), 0));
    ex("OpenWorld.nullListener:exception:java.lang.ArithmeticException", () -> OpenWorld.nullListener(null, 0));
    // Stand-ins: a class the caller writes.
    ex("OpenWorld.notifyAll:exception:java.lang.ArithmeticException", () -> OpenWorld.notifyAll(x -> x, 0));
    ex("OpenWorld.measure:exception:java.lang.ArithmeticException", () -> OpenWorld.measure(sized(0), 0));
    ex("OpenWorld.sizeThree:exception:java.lang.ArithmeticException", () -> OpenWorld.sizeThree(sized(3), 0));
    ex("OpenWorld.twiceSix:exception:java.lang.ArithmeticException", () -> OpenWorld.twiceSix(sized(3), 0));
    ex("OpenWorld.nextLength:npe", () -> OpenWorld.nextLength(() -> null));
    ex("Completion.send:npe", () -> new Completion(new Completion.CountingSink()).send(null));
    ex("Optimistic.afterLog:npe", () -> Optimistic.afterLog(null));
    ex("Optimistic.checkRange:exception:java.lang.IllegalArgumentException", () -> {
      Optimistic.checkRange(1, 0, new int[0]);
      return null;
    });
    ex("Optimistic.valueLength:npe", () -> Optimistic.valueLength(new java.util.HashMap<>(), "k"));
    ex("Optimistic.positiveThenLength:npe", () -> Optimistic.positiveThenLength(1, null));
    ex("Optimistic.checkedIndex:exit:java.lang.IndexOutOfBoundsException", () -> Optimistic.checkedIndex(-1, new int[0]));
    ex("Optimistic.namedThenChecked:exception:java.lang.IllegalStateException", () -> Optimistic.namedThenChecked("", 4));
    ex("PackageFlag.guarded:npe", () -> {
      java.lang.reflect.Field f = PackageFlag.class.getDeclaredField("packageFlag");
      f.setAccessible(true);  // as a class of package wp may
      f.setBoolean(null, true);
      try {
        return PackageFlag.guarded();
      } finally {
        f.setBoolean(null, false);
      }
    });
    ex("FieldFacts.debugLength:npe", () -> {
      FieldFacts.debug = true;  // a client sets the public static
      try {
        return FieldFacts.debugLength();
      } finally {
        FieldFacts.debug = false;
      }
    });
    ex("FieldFacts$Reflective.secretLength:npe", () -> {
      FieldFacts.Reflective r = new FieldFacts.Reflective();
      r.reveal();
      return r.secretLength();
    });
    ex("Classes.classParameter" + AE, () -> Classes.classParameter(Integer.class, 0));
    ex("Classes.arrayClass" + AE, () -> Classes.arrayClass(new int[0], 0));
    ex("Classes.isInstanceOf" + AE, () -> Classes.isInstanceOf(Integer.class, Integer.valueOf(0), 0));
    ex("Classes.classOnlyCompared" + AE, () -> Classes.classOnlyCompared(String.class, 0));
    ex("Classes.assignableFromTheArgumentsClass" + AE, () -> Classes.assignableFromTheArgumentsClass(Integer.valueOf(0), 0));
    ex("Classes.assignableFromAClassParameter" + AE, () -> Classes.assignableFromAClassParameter(String.class, 0));
    ex("Classes.assignableFromNull" + AE, () -> Classes.assignableFromNull(null, 0));
    ex("Environment.fastMode" + AE, () -> {
      System.setProperty("jwp.mode", "fast");
      try {
        return Environment.fastMode(0);
      } finally {
        System.clearProperty("jwp.mode");
      }
    });
    ex("Environment.modeOrDefault" + AE, () -> Environment.modeOrDefault(0));
    ex("Environment.variableMode" + AE,
        () -> inJvmWithEnvironment(Map.of("JWP_MODE", "fast"), "wp.Environment", "variableMode", 0));
    ex("FileTree.entries:npe", () -> FileTree.entries(plainFile("a", 0)));
    ex("FileTree.threeBytes" + AE, () -> FileTree.threeBytes(plainFile("a", 3), 0));
    ex("FileTree.madeDirectory" + AE, () -> FileTree.madeDirectory(tempDirectory().resolve("a").toString(), 0));
    ex("FileTree.deleted" + AE, () -> FileTree.deleted(plainFile("a", 0), 0));
    ex("FileTree.twoEntries" + AE, () -> {
      java.nio.file.Path d = tempDirectory().resolve("a");
      Files.createDirectories(d.resolve("e0"));
      Files.createFile(d.resolve("e1"));
      return FileTree.twoEntries(d.toString(), 0);
    });
    ex("FileTree.emptyDirectory" + AE, () -> FileTree.emptyDirectory(tempDirectory().toString(), 0));
    ex("FileTree.unopened" + AE, () -> FileTree.unopened(tempDirectory().resolve("a").toString(), 0));
    ex("Clones.copiedValue" + AE, () -> Clones.copiedValue(7, 0));
    ex("Clones.copiedReference" + AE, () -> Clones.copiedReference(2, 0));
    ex("Clones.copyKeepsTheClass" + AE, () -> Clones.copyKeepsTheClass(0, 0));
    ex("Clones.plainIsNotCloneable" + AE, () -> Clones.plainIsNotCloneable(0));
    ex("HeldLocks.ofNull" + AE, () -> HeldLocks.ofNull(null, 0));
    ex("ArraysOfAClass.componentOfStrings" + AE, () -> ArraysOfAClass.componentOfStrings(new String[0], 0));
    ex("ArraysOfAClass.componentOfAnObject" + AE, () -> ArraysOfAClass.componentOfAnObject(new Object(), 0));
    ex("ArraysOfAClass.isArrayOfInts" + AE, () -> ArraysOfAClass.isArrayOfInts(new int[0], 0));
    ex("ArraysOfAClass.newArrayLength" + AE, () -> ArraysOfAClass.newArrayLength(3, 0));
    ex("ArraysOfAClass.negativeLength" + AE, () -> ArraysOfAClass.negativeLength(-1, 0));
    ex("ArraysOfAClass.nullClass" + AE, () -> ArraysOfAClass.nullClass(null, 0));
    ex("ArraysOfAClass.copyOfClass" + AE, () -> ArraysOfAClass.copyOfClass(new Object[0], 0));
    ex("IoFailures.afterASkip" + AE, () -> IoFailures.afterASkip(plainFile("a", 3), 0));
    ex("RecursiveCallers.down" + AE, () -> RecursiveCallers.countDown(20, 0));
    ex("RecursiveCallers.ping" + AE, () -> RecursiveCallers.pingPong(20, 0));
    ex("RecursiveCallers.forever" + AE, () -> RecursiveCallers.unbounded(Integer.MIN_VALUE, 0));
    ex("Inputs.secondDecides" + AE, () -> withInputs(Inputs::secondDecides, "7", "42"));
    ex("Inputs.onlyTheThird:exception:java.lang.IllegalStateException",
        () -> withInputs(Inputs::onlyTheThird, "0", "0", "1099511627776"));
    ex("Inputs.summed" + AE, () -> withInputs(Inputs::summed, "1", "2", "3"));
    ex("Inputs.throughACallee" + AE, () -> withInputs(Inputs::throughACallee, "true", "3", "4"));
    ex("Inputs.named" + AE, () -> withInputs(Inputs::named, "go", "x"));
    ex("SvComp.main:exception:java.lang.AssertionError", () -> {
      // As `java -ea` runs the task (before the class is initialized).
      ClassLoader.getSystemClassLoader().setClassAssertionStatus("wp.SvComp", true);
      org.sosy_lab.sv_benchmarks.Verifier.VALUES.clear();
      org.sosy_lab.sv_benchmarks.Verifier.VALUES.add("4");
      SvComp.main(new String[0]);
      return null;
    });
  }

  /** The directories tempDirectory() made, removed with what the goals made in them when the checker exits. */
  static final List<java.nio.file.Path> TEMP_DIRECTORIES = new ArrayList<>();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      for (java.nio.file.Path d : TEMP_DIRECTORIES) {
        try (java.util.stream.Stream<java.nio.file.Path> walk = Files.walk(d)) {
          walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
          System.err.println("ExpectationCheck: could not remove " + d + ": " + e);
        }
      }
    }));
  }

  /**
   * A directory of this run's own, removed when the checker exits (File.deleteOnExit left those
   * in which a goal had made a directory).
   */
  static java.nio.file.Path tempDirectory() throws java.io.IOException {
    java.nio.file.Path d = Files.createTempDirectory("wpcheck-");
    synchronized (TEMP_DIRECTORIES) {
      TEMP_DIRECTORIES.add(d);
    }
    return d;
  }

  /** A plain file of `length` bytes named `name` in a directory of its own: its absolute path. */
  static String plainFile(String name, int length) throws java.io.IOException {
    java.nio.file.Path f = tempDirectory().resolve(name);
    Files.write(f, new byte[length]);
    return f.toString();
  }

  /** The input methods' values (wp.Inputs.Harness reads them in call order), then the call. */
  static Object withInputs(Body call, String... values) throws Throwable {
    Inputs.Harness.VALUES.clear();
    Inputs.Harness.VALUES.addAll(List.of(values));
    try {
      return call.run();
    } finally {
      Inputs.Harness.VALUES.clear();
    }
  }

  /**
   * Calls the static `cls.method(int)` in a JVM of its own, with `env` added to this one's environment
   * (a JVM's environment is fixed at its start): returns what it returned, or rethrows what it threw,
   * with its stack as it was there (a Throwable serializes its stack trace).
   */
  static Object inJvmWithEnvironment(Map<String, String> env, String cls, String method, int arg) throws Throwable {
    ProcessBuilder pb = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), Call.class.getName(), cls, method, Integer.toString(arg));
    pb.environment().putAll(env);
    pb.redirectError(ProcessBuilder.Redirect.INHERIT);
    Process p = pb.start();
    Object result;
    try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(p.getInputStream())) {
      result = in.readObject();
    }
    p.waitFor();
    if (result instanceof Throwable) throw (Throwable) result;
    return result;
  }

  /** inJvmWithEnvironment's JVM: the call, and what it returned or threw written to stdout, serialized. */
  public static final class Call {
    public static void main(String[] a) throws Exception {
      Object result;
      try {
        result = Class.forName(a[0]).getMethod(a[1], int.class).invoke(null, Integer.parseInt(a[2]));
      } catch (java.lang.reflect.InvocationTargetException e) {
        result = e.getCause();
      }
      try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(System.out)) {
        out.writeObject(result);
      }
    }
  }

  public static void main(String[] args) throws Exception {
    cases();
    List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
    int checked = 0, failed = 0;
    Set<String> used = new HashSet<>();
    for (String line : lines) {
      if (line.isEmpty() || line.startsWith("#") || line.startsWith("goal\t")) continue;
      String[] f = line.split("\t");
      if (!f[2].equals("FOUND")) continue;
      String goal = f[0], kind = f[1];
      int at = goal.indexOf("@line:");
      int wantLine = Integer.parseInt(goal.substring(at + 6));
      String head = goal.substring(0, goal.indexOf('('));
      String cls = head.substring(0, head.lastIndexOf('.'));
      String method = head.substring(head.lastIndexOf('.') + 1);
      String key = cls.substring(cls.indexOf('.') + 1) + "." + method + ":" + kind;
      Case c = CASES.get(key);
      checked++;
      if (c == null) {
        failed++;
        System.out.println("MISSING  " + key + " (no case for a FOUND line)");
        continue;
      }
      used.add(key);
      String problem = check(c, cls, method, kind, wantLine);
      if (problem == null) {
        System.out.println("OK       " + key + " @line:" + wantLine + "  [" + f[3] + "]");
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

  static String check(Case c, String cls, String method, String kind, int line) {
    Object result;
    try {
      result = c.body.run();
    } catch (Throwable t) {
      if (kind.equals("reach") || c.indirect != null) return "threw " + t;
      Class<?> want;
      try {
        want = kind.equals("npe") || kind.startsWith("npe-arg:") ? NullPointerException.class
            : kind.equals("throw") ? Throwable.class
            : Class.forName(kind.substring(kind.indexOf(':') + 1));
      } catch (ClassNotFoundException e) {
        return "no class " + kind;
      }
      if (!want.isInstance(t)) return "threw " + t + ", not a " + want.getName();
      if (c.expectedIdentity != null) {
        return t == c.expectedIdentity ? null : "threw " + t + ", not the case's own exception object";
      }
      StackTraceElement[] st = t.getStackTrace();
      if (kind.startsWith("exit:") || kind.equals("throw")) {
        // The exception left the method; it was raised in it (a rethrow keeps the first frame).
        for (StackTraceElement e : st) {
          if (e.getClassName().equals(cls) && e.getMethodName().equals(method)) return null;
        }
        return "threw " + t + " but not out of " + cls + "." + method;
      }
      if (st.length == 0) return "threw " + t + " without a stack trace";
      if (kind.startsWith("npe-arg:")) {
        // Raised inside the callee of the call at the goal's line.
        for (int k = 1; k < st.length; ++k) {
          StackTraceElement e = st[k];
          if (e.getClassName().equals(cls) && e.getMethodName().equals(method) && e.getLineNumber() == line) return null;
        }
        return "threw " + t + " but not from a callee of " + cls + "." + method + " line " + line;
      }
      StackTraceElement top = st[0];
      if (!top.getClassName().equals(cls) || !top.getMethodName().equals(method) || top.getLineNumber() != line) {
        return "threw " + t + " at " + top + ", expected " + cls + "." + method + " line " + line;
      }
      return null;
    }
    if (c.expectedReturn != null) {
      return c.expectedReturn.equals(result) ? null : "returned " + result + ", expected " + c.expectedReturn;
    }
    return "returned " + result + " normally, expected " + kind;
  }
}
