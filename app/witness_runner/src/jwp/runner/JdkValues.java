package jwp.runner;

import java.io.File;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Everyday instances of the JDK's value classes that have no public no-argument constructor: a file
 * name, a path of the default file system, a URL, a URI, an atomic array of one element. A witness's
 * object of such a class starts as one (its own fields then stored over it), as a {@code new C()}
 * does for the JDK classes that have that constructor (Materializer.jdkConstructor): allocated
 * without a constructor, a path has no file system, a URL no protocol handler and an atomic array no
 * array, states no program can create, on which the first call the search passed without entering it
 * throws (Files.provider, URL.openConnection, AtomicReferenceArray.length).
 *
 * <p>Each names a relative file in the debuggee's own directory (it runs there). The URL's is an empty
 * file, made with it, so that it opens (a URL is mostly read); the others do not exist until the
 * witness's file-system inputs make them (FileTreeMaker). A generated test builds the same object with
 * the same expression.
 */
final class JdkValues {
  private JdkValues() {}

  private interface Maker {
    Object make() throws Exception;
  }

  /** Of exactly class cls (the default file system's path class is the platform's). */
  private record Value(Class<?> cls, Maker maker, String source) {}

  private static final List<Value> VALUES = List.of(
      new Value(File.class, () -> new File("jwp-file"), "new java.io.File(\"jwp-file\")"),
      new Value(Path.of("jwp-path").getClass(), () -> Path.of("jwp-path"), "java.nio.file.Path.of(\"jwp-path\")"),
      new Value(URL.class, () -> Files.write(Path.of("jwp-url"), new byte[0]).toUri().toURL(),
          "java.nio.file.Files.write(java.nio.file.Path.of(\"jwp-url\"), new byte[0]).toUri().toURL()"),
      new Value(URI.class, () -> URI.create("jwp-uri"), "java.net.URI.create(\"jwp-uri\")"),
      // The atomic arrays (a table of a concurrent map): one element, a
      // power of two as the tables' index masks need.
      new Value(AtomicReferenceArray.class, () -> new AtomicReferenceArray<Object>(1),
          "new java.util.concurrent.atomic.AtomicReferenceArray<Object>(1)"),
      new Value(AtomicIntegerArray.class, () -> new AtomicIntegerArray(1),
          "new java.util.concurrent.atomic.AtomicIntegerArray(1)"),
      new Value(AtomicLongArray.class, () -> new AtomicLongArray(1),
          "new java.util.concurrent.atomic.AtomicLongArray(1)"));

  /** The everyday instance of exactly class c (a new one each time), or null when it has none. */
  static Object make(Class<?> c) {
    Value v = of(c);
    if (v == null) return null;
    try {
      return v.maker.make();
    } catch (Exception | LinkageError e) {
      return null;
    }
  }

  /** The Java expression that makes make(c)'s object, or null when c has none. */
  static String source(Class<?> c) {
    Value v = of(c);
    return v == null ? null : v.source;
  }

  private static Value of(Class<?> c) {
    for (Value v : VALUES) if (v.cls == c) return v;
    return null;
  }
}
