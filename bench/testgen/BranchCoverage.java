import java.io.File;
import java.io.InputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.tools.ExecFileLoader;

/**
 * The branch and line coverage of classes of a jar in a JaCoCo exec file (bench/run_testgen_cover_bench.py):
 * {@code java -cp org.jacoco.core.jar:asm...:. BranchCoverage EXEC JAR pkg.C...}; one line per class:
 * {@code CLASS branches COVERED TOTAL lines COVERED TOTAL}.
 */
public final class BranchCoverage {
  private BranchCoverage() {}

  public static void main(String[] args) throws Exception {
    ExecFileLoader loader = new ExecFileLoader();
    File exec = new File(args[0]);
    if (exec.exists()) loader.load(exec);
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
    try (ZipFile jar = new ZipFile(args[1])) {
      for (int i = 2; i < args.length; i++) {
        String entry = args[i].replace('.', '/') + ".class";
        ZipEntry e = jar.getEntry(entry);
        if (e == null) throw new IllegalArgumentException("no " + entry + " in " + args[1]);
        try (InputStream in = jar.getInputStream(e)) {
          analyzer.analyzeClass(in, entry);
        }
      }
    }
    for (IClassCoverage c : builder.getClasses()) {
      ICounter b = c.getBranchCounter(), l = c.getLineCounter();
      System.out.println(c.getName().replace('/', '.') + " branches " + b.getCoveredCount() + " " + b.getTotalCount()
          + " lines " + l.getCoveredCount() + " " + l.getTotalCount());
    }
  }
}
