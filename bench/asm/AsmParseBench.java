// Benchmark: ASM's ClassReader over the entries that bench/parse_bench lists
// (--entries-out), for the jwp/ASM ratio of bench/README.md.
//
// All entry bytes are first read into memory (java.util.zip); only
// `new ClassReader(bytes).accept(visitor, 0)` is timed. The ClassVisitor
// returns an empty, non-null MethodVisitor for every method: with a null
// MethodVisitor ASM skips the Code attribute, so without it ASM would not
// decode a single instruction. Flags 0: ASM also reads the StackMapTable,
// LineNumberTable and LocalVariableTable, as jwp's ParseClassFile does.
//
// Usage: java -cp asm.jar:DIR AsmParseBench ENTRIES [WARMUP [RUNS]]
// ENTRIES: lines "A\t<archive>" (starts an archive) and "E\t<zip entry>".
import java.io.BufferedReader;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

public final class AsmParseBench {
  /** Empty visitor: every method gets a MethodVisitor that does nothing. */
  static final class EmptyClassVisitor extends ClassVisitor {
    final MethodVisitor methodVisitor = new MethodVisitor(Opcodes.ASM9) {};

    EmptyClassVisitor() {
      super(Opcodes.ASM9);
    }

    @Override
    public MethodVisitor visitMethod(
        int access, String name, String descriptor, String signature, String[] exceptions) {
      return methodVisitor;
    }
  }

  /** Untimed: counts methods, methods with code and instructions, to check against jwp. */
  static final class CountingClassVisitor extends ClassVisitor {
    long classes, methods, methodsWithCode, instructions;

    CountingClassVisitor() {
      super(Opcodes.ASM9);
    }

    @Override
    public void visit(int v, int a, String n, String s, String sup, String[] i) {
      ++classes;
    }

    @Override
    public MethodVisitor visitMethod(int a, String n, String d, String s, String[] e) {
      ++methods;
      return new MethodVisitor(Opcodes.ASM9) {
        @Override public void visitCode() { ++methodsWithCode; }
        @Override public void visitInsn(int o) { ++instructions; }
        @Override public void visitIntInsn(int o, int x) { ++instructions; }
        @Override public void visitVarInsn(int o, int x) { ++instructions; }
        @Override public void visitTypeInsn(int o, String t) { ++instructions; }
        @Override public void visitFieldInsn(int o, String w, String n, String d) { ++instructions; }
        @Override public void visitMethodInsn(int o, String w, String n, String d, boolean i) {
          ++instructions;
        }
        @Override public void visitInvokeDynamicInsn(String n, String d, Handle h, Object... a) {
          ++instructions;
        }
        @Override public void visitJumpInsn(int o, Label l) { ++instructions; }
        @Override public void visitLdcInsn(Object v) { ++instructions; }
        @Override public void visitIincInsn(int v, int i) { ++instructions; }
        @Override public void visitTableSwitchInsn(int lo, int hi, Label d, Label... l) {
          ++instructions;
        }
        @Override public void visitLookupSwitchInsn(Label d, int[] k, Label[] l) {
          ++instructions;
        }
        @Override public void visitMultiANewArrayInsn(String d, int n) { ++instructions; }
      };
    }
  }

  static List<byte[]> readEntries(String listFile) throws Exception {
    List<byte[]> out = new ArrayList<>();
    ZipFile zip = null;
    try (BufferedReader r = Files.newBufferedReader(Paths.get(listFile))) {
      String line;
      while ((line = r.readLine()) != null) {
        String value = line.substring(2);
        if (line.startsWith("A\t")) {
          if (zip != null) zip.close();
          zip = new ZipFile(value);  // also reads a jmod: its 4-byte header is skipped
        } else if (line.startsWith("E\t")) {
          ZipEntry e = zip.getEntry(value);
          if (e == null) throw new IllegalStateException(zip.getName() + "!" + value + ": no entry");
          try (InputStream in = zip.getInputStream(e)) {
            out.add(in.readAllBytes());
          }
        }
      }
    } finally {
      if (zip != null) zip.close();
    }
    return out;
  }

  static long parseAll(List<byte[]> classes, ClassVisitor visitor) {
    long bytes = 0;
    for (byte[] b : classes) {
      new ClassReader(b).accept(visitor, 0);
      bytes += b.length;
    }
    return bytes;
  }

  public static void main(String[] args) throws Exception {
    String list = args[0];
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 5;
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 10;

    long t0 = System.nanoTime();
    List<byte[]> classes = readEntries(list);
    double readSecs = (System.nanoTime() - t0) / 1e9;
    long total = 0;
    for (byte[] b : classes) total += b.length;

    CountingClassVisitor counter = new CountingClassVisitor();
    parseAll(classes, counter);
    System.out.printf("RESULT asm-read read_s=%.4f classes=%d bytes=%d%n", readSecs, classes.size(), total);
    System.out.printf("RESULT asm-counts classes=%d methods=%d methods_with_code=%d instructions=%d%n",
        counter.classes, counter.methods, counter.methodsWithCode, counter.instructions);

    EmptyClassVisitor visitor = new EmptyClassVisitor();
    long sink = 0;
    for (int i = 0; i < warmup; ++i) sink += parseAll(classes, visitor);
    double[] times = new double[runs];
    for (int i = 0; i < runs; ++i) {
      long start = System.nanoTime();
      sink += parseAll(classes, visitor);
      times[i] = (System.nanoTime() - start) / 1e9;
    }
    double[] sorted = times.clone();
    Arrays.sort(sorted);
    double median = runs % 2 == 1 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2;
    System.out.printf("RESULT asm median_s=%.4f min_s=%.4f runs=%d warmup=%d sink=%d%n",
        median, sorted[0], runs, warmup, sink);
    StringBuilder sb = new StringBuilder("TIMES asm");
    for (double t : times) sb.append(String.format(" %.4f", t));
    System.out.println(sb);
  }
}
