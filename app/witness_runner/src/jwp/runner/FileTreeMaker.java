package jwp.runner;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The file system as input (witness "inputs", issue #28): before a query of java.io.File that jwp
 * took as an input runs (exists, isFile, isDirectory, canRead, canWrite, canExecute, length, mkdir,
 * mkdirs, delete, list, listFiles; and java.nio.file.Files' exists, notExists, isDirectory,
 * isRegularFile, isReadable, isWritable, isExecutable of a Path; FileInputStream's and
 * FileOutputStream's natives open0, whose value is whether they open), the file tree under the debuggee's own directory is made to
 * answer it with the witness's value, and the query then runs on the real files: a plain file, a
 * directory, nothing, a file of n bytes, a directory of n entries.
 *
 * <p>Only paths inside the debuggee's directory are touched (a relative path is relative to it: the
 * debuggee runs there); any other path is left as it is, and the run shows what it answers.
 */
final class FileTreeMaker {
  static final Set<String> QUERIES = Set.of("exists", "isFile", "isDirectory", "canRead", "canWrite", "canExecute",
      "length", "mkdir", "mkdirs", "delete", "list", "listFiles");
  private static final long MAX_LENGTH = 1 << 20;
  private static final int MAX_ENTRIES = 1000;

  private final Path dir;
  private final Witness w;

  FileTreeMaker(Path dir, Witness w) {
    this.dir = dir.toAbsolutePath().normalize();
    this.w = w;
  }

  /**
   * The query of java.io.File that `owner.query(descriptor)` is, if jwp takes it as an input
   * (callgraph::FileQuery), else null: java.io.File's own, and java.nio.file.Files' static ones of a
   * Path as the File query they ask (notExists as "!exists").
   */
  static String queryOf(String owner, String query, String descriptor) {
    if (owner.equals("java.nio.file.Files")) {
      boolean withOptions = descriptor.equals("(Ljava/nio/file/Path;[Ljava/nio/file/LinkOption;)Z");
      boolean pathOnly = descriptor.equals("(Ljava/nio/file/Path;)Z");
      return switch (query) {
        case "exists" -> withOptions ? "exists" : null;
        case "notExists" -> withOptions ? "!exists" : null;
        case "isDirectory" -> withOptions ? "isDirectory" : null;
        case "isRegularFile" -> withOptions ? "isFile" : null;
        case "isReadable" -> pathOnly ? "canRead" : null;
        case "isWritable" -> pathOnly ? "canWrite" : null;
        case "isExecutable" -> pathOnly ? "canExecute" : null;
        default -> null;
      };
    }
    if (query.equals("open0")) {
      // The natives that open a file, which the streams' constructors call.
      if (owner.equals("java.io.FileInputStream") && descriptor.equals("(Ljava/lang/String;)V")) return "openToRead";
      if (owner.equals("java.io.FileOutputStream") && descriptor.equals("(Ljava/lang/String;Z)V")) return "openToWrite";
      return null;
    }
    if (!owner.equals("java.io.File") || !QUERIES.contains(query)) return null;
    boolean shape = switch (query) {
      case "length" -> descriptor.equals("()J");
      case "list" -> descriptor.equals("()[Ljava/lang/String;");
      case "listFiles" -> descriptor.equals("()[Ljava/io/File;");
      default -> descriptor.equals("()Z");
    };
    return shape ? query : null;
  }

  /**
   * Makes the tree answer `query` of `path` with `raw` (a number, null, or a heap id of an array):
   * returns what it did, in words.
   */
  String make(String path, String query, Object raw) {
    if (path == null || path.isEmpty()) return "the empty path, left as it is";
    Path p;
    try {
      Path given = Paths.get(path);
      // The system resolves ".." through the tree ("f/.." of a plain file f is no directory), not as
      // text: such a path is left to the run.
      for (Path part : given) {
        if (part.toString().equals("..")) return "\"" + path + "\" has \"..\": left as it is";
      }
      p = dir.resolve(given).normalize();
    } catch (java.nio.file.InvalidPathException e) {
      return "\"" + path + "\" is no path here, left as it is";
    }
    if (!p.startsWith(dir) || p.equals(dir)) return "\"" + path + "\" is outside the debuggee's directory, left as it is";
    String where = "\"" + path + "\"";
    try {
      switch (query) {
        case "list", "listFiles" -> {
          if (raw == null) {
            if (isDirectory(p)) delete(p);
            String there = Files.exists(p, LinkOption.NOFOLLOW_LINKS) ? "a plain file at " : "nothing at ";
            return there + where + " (no directory to list)";
          }
          Witness.HeapObject a = w.heap.get((String) raw);
          int n = a == null ? 0 : Math.max(a.length, 0);
          if (n > MAX_ENTRIES) return where + " needs " + n + " entries: not made";
          delete(p);
          Files.createDirectories(p);
          Set<String> names = entryNames(a, n, query.equals("list"));
          for (String name : names) Files.createFile(p.resolve(name));
          return "a directory of " + n + " entries at " + where + " " + names;
        }
        case "length" -> {
          long n = raw instanceof Json.Num ? Long.parseLong(((Json.Num) raw).text) : 0;
          if (n > MAX_LENGTH) return where + " needs " + n + " bytes: not made";
          if (n == 0) {
            delete(p);
            return "nothing at " + where + " (length 0)";
          }
          delete(p);
          Files.createDirectories(p.getParent());
          Files.write(p, "x".repeat((int) n).getBytes(StandardCharsets.US_ASCII));
          return "a file of " + n + " bytes at " + where;
        }
        default -> {
          boolean value = raw instanceof Json.Num && !((Json.Num) raw).text.equals("0");
          if (query.startsWith("!")) return makeForBoolean(p, where, query.substring(1), !value);
          return makeForBoolean(p, where, query, value);
        }
      }
    } catch (IOException | SecurityException e) {
      return where + " could not be made (" + e + ")";
    }
  }

  private String makeForBoolean(Path p, String where, String query, boolean value) throws IOException {
    switch (query) {
      case "isDirectory":
        if (value) {
          if (!isDirectory(p)) delete(p);
          Files.createDirectories(p);
          return "a directory at " + where;
        }
        if (isDirectory(p)) delete(p);
        return "no directory at " + where;
      case "openToRead":
        // Opens a plain file; nothing there throws FileNotFoundException.
        if (value) {
          plainFile(p);
          return "a plain file at " + where + " (it opens)";
        }
        delete(p);
        return "nothing at " + where + " (it does not open)";
      case "openToWrite":
        // Opens (makes) a file where the parent is a directory; a directory
        // there throws FileNotFoundException.
        if (value) {
          if (isDirectory(p)) delete(p);
          Files.createDirectories(p.getParent());
          return "no directory at " + where + ", its parent made (it opens)";
        }
        delete(p);
        Files.createDirectories(p);
        return "a directory at " + where + " (it does not open)";
      case "mkdir":
      case "mkdirs":
        // mkdir succeeds where nothing is and the parent is a directory.
        if (value) {
          delete(p);
          if (query.equals("mkdir")) Files.createDirectories(p.getParent());
          return "nothing at " + where + " (" + query + " makes it)";
        }
        plainFile(p);
        return "a plain file at " + where + " (" + query + " fails)";
      default:
        // exists, isFile, canRead, canWrite, canExecute, delete: true for a plain
        // file (executable for canExecute), false where nothing is.
        if (value) {
          if (query.equals("isFile") || query.equals("canExecute") || query.equals("delete") || !Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            plainFile(p);
          }
          if (query.equals("canExecute")) p.toFile().setExecutable(true);
          return Files.isDirectory(p) ? "a directory at " + where : "a plain file at " + where;
        }
        delete(p);
        return "nothing at " + where;
    }
  }

  /** The witness's element strings where they name entries, else e0, e1, ... */
  private Set<String> entryNames(Witness.HeapObject a, int n, boolean strings) {
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < n; i++) {
      String name = null;
      Object el = a == null ? null : a.elements.get(i);
      if (strings && el instanceof String && w.heap.containsKey(el)) name = w.heap.get(el).string;
      if (name == null || name.isEmpty() || name.equals(".") || name.equals("..") || name.contains("/")
          || name.indexOf('\0') >= 0 || names.contains(name)) {
        name = "e" + i;
        while (names.contains(name)) name = name + "_";
      }
      names.add(name);
    }
    return names;
  }

  private static boolean isDirectory(Path p) {
    return Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS);
  }

  private static void plainFile(Path p) throws IOException {
    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) return;
    delete(p);
    Files.createDirectories(p.getParent());
    Files.createFile(p);
  }

  private static void delete(Path p) {
    if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) WitnessRunner.deleteQuietly(p);
  }
}
