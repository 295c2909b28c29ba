#!/usr/bin/env python3
"""Differential test of `jwp dump` against `javap -c -p -l`.

For each class of the given sources, runs `jwp dump` and javap, each on many
classes per process (a batch failing as a whole is run again one class at a
time, so a failure is pinned on its class), splits both listings into the
class header and one section per member, and compares
them line by line after normalising whitespace only (runs of blanks become
one space; blank lines are dropped). Everything javap prints for -c -p -l is
compared: declarations, instructions with their offsets and resolved
operands (the `// Method ...`, `// String ...` comments, switch tables),
exception tables, line-number and local-variable tables. Every difference is
reported with its class, member and first differing line; the exit code is 1
when there is any, 2 on a set-up error.

Sources (repeatable --source, optionally sampled with @N):
  module:java.base[@N]       classes of a JDK module (listed with `jimage list`)
  jar:/path/to/lib.jar[@N]   classes of a jar (module-info and META-INF/ left out)
  dir:/path/to/classes[@N]   classes under a directory
@N takes N classes spread evenly over the sorted list (deterministic);
--all ignores the @N and takes every class.

Examples:
  javap_diff.py --jwp build/bin/jwp --source jar:/usr/share/java/guava.jar@100
  javap_diff.py --jwp build/bin/jwp --all --source module:java.base \\
      --source jar:/usr/share/java/guava.jar
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import time
import zipfile

# javap's output encoding; jwp always writes UTF-8.
JAVAP_ENCODING_FLAGS = [
    "-J-Dfile.encoding=UTF-8",
    "-J-Dsun.stdout.encoding=UTF-8",
    "-J-Dsun.stderr.encoding=UTF-8",
]
JAVAP_OPTIONS = ["-c", "-p", "-l"]
JAVAP_BATCH = 150  # classes per javap run


class SetupError(Exception):
    pass


class Source:
    """Where classes come from, and how javap and jwp are pointed at them."""

    def __init__(self, spec, jdk):
        kind, sep, rest = spec.partition(":")
        if not sep or kind not in ("module", "jar", "dir"):
            raise SetupError(f"bad source '{spec}': expected module:NAME, jar:PATH or dir:PATH")
        location, at, count = rest.rpartition("@") if "@" in rest else (rest, "", "")
        self.spec = spec
        self.kind = kind
        self.location = location
        self.sample = int(count) if at else None
        self.jdk = jdk

    def list_classes(self):
        """Binary names (a.b.C$D) of every class, sorted by internal name."""
        names = []
        if self.kind == "jar":
            if not os.path.isfile(self.location):
                raise SetupError(f"{self.location}: no such jar")
            with zipfile.ZipFile(self.location) as z:
                for n in z.namelist():
                    if n.endswith(".class") and not n.startswith("META-INF/") \
                            and not n.endswith("module-info.class"):
                        names.append(n[:-len(".class")])
        elif self.kind == "dir":
            if not os.path.isdir(self.location):
                raise SetupError(f"{self.location}: no such directory")
            for root, _, files in os.walk(self.location):
                for f in files:
                    if f.endswith(".class") and f != "module-info.class":
                        rel = os.path.relpath(os.path.join(root, f), self.location)
                        names.append(rel[:-len(".class")].replace(os.sep, "/"))
        else:
            jimage = os.path.join(self.jdk, "bin", "jimage")
            modules = os.path.join(self.jdk, "lib", "modules")
            out = run([jimage, "list", modules], timeout=300).stdout
            current = None
            for line in out.splitlines():
                if line.startswith("Module: "):
                    current = line[len("Module: "):].strip()
                elif current == self.location and line.strip().endswith(".class"):
                    n = line.strip()[:-len(".class")]
                    if n != "module-info":
                        names.append(n)
            if not names:
                raise SetupError(f"module {self.location} not found in {modules}")
        names.sort()
        return [n.replace("/", ".") for n in names]

    def javap_args(self):
        if self.kind == "module":
            return ["--module", self.location]
        args = ["-cp", self.location]
        if self.kind == "jar" and is_multi_release(self.location):
            # jwp reads multi-release jars for the JDK's release; so must javap.
            args += ["--multi-release", str(jdk_feature_version(self.jdk))]
        return args

    def jwp_args(self):
        if self.kind == "module":
            return []
        return ["-cp", self.location]


def is_multi_release(jar):
    try:
        with zipfile.ZipFile(jar) as z:
            manifest = z.read("META-INF/MANIFEST.MF").decode("utf-8", errors="replace")
    except (KeyError, OSError, zipfile.BadZipFile):
        return False
    return any(line.strip().lower() == "multi-release: true" for line in manifest.splitlines())


def jdk_feature_version(jdk):
    """17 for a JDK whose release file says JAVA_VERSION="17.0.15"."""
    with open(os.path.join(jdk, "release"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("JAVA_VERSION="):
                return int(line.split("=", 1)[1].strip().strip('"').split(".")[0])
    raise SetupError(f"{jdk}/release: no JAVA_VERSION")


def run(cmd, timeout):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    p.stdout = p.stdout.decode("utf-8", errors="surrogateescape")
    p.stderr = p.stderr.decode("utf-8", errors="surrogateescape")
    return p


def spread(items, n):
    """n items spread evenly over the list (all of them if n >= len)."""
    if n is None or n >= len(items):
        return list(items)
    return [items[(i * len(items)) // n] for i in range(n)]


def split_javap_output(text):
    """javap prints each class as a block ending in a line "}"."""
    blocks, current = [], []
    for line in text.split("\n"):
        current.append(line)
        if line == "}":
            blocks.append("\n".join(current))
            current = []
    return blocks


def normalize(line):
    return " ".join(line.split())


MEMBER_RE = re.compile(r"^  \S")
INSTRUCTION_RE = re.compile(r"^\s*\d+: \S")


class Listing:
    """A class listing as header lines and members (declaration, body lines)."""

    def __init__(self, text):
        self.header = []
        self.members = []
        for line in text.split("\n"):
            if MEMBER_RE.match(line):
                self.members.append((normalize(line), []))
            elif line.strip():
                target = self.members[-1][1] if self.members and line != "}" else self.header
                target.append(normalize(line))

    def instruction_count(self):
        return sum(1 for _, body in self.members for l in body if INSTRUCTION_RE.match(l))


def section_of(body, index):
    """Which part of a member a body line belongs to, for reports."""
    section = "declaration"
    for line in body[:index + 1]:
        if line in ("Code:", "Exception table:", "LineNumberTable:", "LocalVariableTable:"):
            section = line.rstrip(":")
    return "Code" if section == "Code" else section


def compare(cls, javap_text, jwp_text):
    """Differences between two listings of one class, as report lines."""
    a, b = Listing(javap_text), Listing(jwp_text)
    diffs = []
    if a.header != b.header:
        i = next((k for k in range(max(len(a.header), len(b.header)))
                  if k >= len(a.header) or k >= len(b.header) or a.header[k] != b.header[k]), 0)
        diffs.append(f"{cls}: class header line {i + 1}:\n"
                     f"    javap: {a.header[i] if i < len(a.header) else '<none>'}\n"
                     f"    jwp:   {b.header[i] if i < len(b.header) else '<none>'}")
    for k in range(max(len(a.members), len(b.members))):
        if k >= len(a.members) or k >= len(b.members):
            extra = a.members[k][0] if k < len(a.members) else b.members[k][0]
            who = "javap" if k < len(a.members) else "jwp"
            diffs.append(f"{cls}: member #{k + 1} only in {who}: {extra}")
            continue
        (decl_a, body_a), (decl_b, body_b) = a.members[k], b.members[k]
        if decl_a != decl_b:
            diffs.append(f"{cls}: member #{k + 1} declaration:\n"
                         f"    javap: {decl_a}\n    jwp:   {decl_b}")
            continue
        if body_a == body_b:
            continue
        i = next(k2 for k2 in range(max(len(body_a), len(body_b)))
                 if k2 >= len(body_a) or k2 >= len(body_b) or body_a[k2] != body_b[k2])
        where = section_of(body_a if i < len(body_a) else body_b, i)
        diffs.append(f"{cls}: {decl_a} [{where}] line {i + 1}:\n"
                     f"    javap: {body_a[i] if i < len(body_a) else '<none>'}\n"
                     f"    jwp:   {body_b[i] if i < len(body_b) else '<none>'}")
    return diffs, a


def batch_texts(cmd_for, classes, timeout):
    """Listings of `classes`, one text per class (None where the tool failed).

    cmd_for(classes) is the command printing them in turn, each ending in a
    line "}". When the batch fails, its classes are run one at a time."""
    p = run(cmd_for(classes), timeout)
    blocks = split_javap_output(p.stdout)
    if len(blocks) == len(classes) and p.returncode == 0:
        return blocks, ""
    if len(classes) == 1:
        why = p.stderr.strip() or p.stdout.strip() or f"exit code {p.returncode}"
        return [None], f"{classes[0]}: {why}"
    out, errors = [], []
    for c in classes:
        texts, err = batch_texts(cmd_for, [c], timeout)
        out.extend(texts)
        if err:
            errors.append(err)
    return out, "\n".join(errors)


def javap_batch(javap, source, classes, timeout):
    """javap listings of `classes`, one text per class (None if javap failed on it)."""
    return batch_texts(
        lambda cs: [javap] + JAVAP_ENCODING_FLAGS + JAVAP_OPTIONS + source.javap_args() + cs,
        classes, timeout)


def jwp_batch(jwp, jdk, source, classes, timeout):
    """`jwp dump` listings of `classes`, one text per class (None if jwp failed on it)."""
    return batch_texts(
        lambda cs: [jwp, "dump"] + (["--jdk", jdk] if jdk else []) + source.jwp_args() + cs,
        classes, timeout)


def default_jdk(javap):
    real = os.path.realpath(javap)
    return os.path.dirname(os.path.dirname(real))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--jwp", required=True, help="the jwp binary")
    ap.add_argument("--javap", default=None, help="javap (default: JDK/bin/javap, else javap on PATH)")
    ap.add_argument("--jdk", default=None,
                    help="JDK home for both tools (default: the one javap belongs to)")
    ap.add_argument("--source", action="append", default=[], help="module:NAME[@N], jar:PATH[@N], dir:PATH[@N]")
    ap.add_argument("--all", action="store_true", help="every class of every source (ignore @N)")
    ap.add_argument("--skip-missing", action="store_true",
                    help="leave out jar and dir sources that do not exist (with a note)")
    ap.add_argument("--min-classes", type=int, default=0,
                    help="fail unless at least this many classes were compared")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--max-reports", type=int, default=50, help="differences printed in full")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per tool run")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    start = time.monotonic()
    try:
        if args.jdk:
            jdk = args.jdk
        elif args.javap:
            jdk = default_jdk(args.javap)
        else:
            jdk = os.environ.get("JAVA_HOME") or default_jdk(run(["which", "javap"], 10).stdout.strip())
        javap = args.javap or os.path.join(jdk, "bin", "javap")
        if not os.path.exists(javap):
            raise SetupError(f"{javap}: no javap")
        if not os.path.exists(args.jwp):
            raise SetupError(f"{args.jwp}: no jwp binary")
        if not args.source:
            raise SetupError("no --source given")
        work = []  # (source, [classes])
        for spec in args.source:
            source = Source(spec, jdk)
            if args.skip_missing and source.kind in ("jar", "dir") and not os.path.exists(source.location):
                print(f"note: {source.location} does not exist; left out")
                continue
            classes = spread(source.list_classes(), None if args.all else source.sample)
            work.append((source, classes))
            print(f"{spec}: {len(classes)} classes")
    except (SetupError, OSError, subprocess.SubprocessError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    javap_texts, jwp_texts = {}, {}  # (spec, class) -> text or None
    problems = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = {}
        for source, classes in work:
            for i in range(0, len(classes), JAVAP_BATCH):
                batch = classes[i:i + JAVAP_BATCH]
                f = pool.submit(javap_batch, javap, source, batch, args.timeout)
                futures[f] = ("javap", source, batch)
                f = pool.submit(jwp_batch, args.jwp, jdk, source, batch, args.timeout)
                futures[f] = ("jwp", source, batch)
        for f in concurrent.futures.as_completed(futures):
            tool, source, batch = futures[f]
            try:
                texts, err = f.result()
            except subprocess.TimeoutExpired:
                texts, err = [None] * len(batch), f"{tool} timed out"
            for c, t in zip(batch, texts):
                (jwp_texts if tool == "jwp" else javap_texts)[(source.spec, c)] = t
            if err:
                problems.append(f"{'jwp dump' if tool == 'jwp' else 'javap'} failed: {err}")

    n_classes = n_members = n_instructions = 0
    diffs = []
    for source, classes in work:
        for c in classes:
            a, b = javap_texts.get((source.spec, c)), jwp_texts.get((source.spec, c))
            if a is None or b is None:
                continue
            d, listing = compare(c, a, b)
            n_classes += 1
            n_members += len(listing.members)
            n_instructions += listing.instruction_count()
            diffs.extend(d)

    for line in diffs[:args.max_reports]:
        print(line)
    if len(diffs) > args.max_reports:
        print(f"... and {len(diffs) - args.max_reports} more differences")
    for p in problems:
        print(f"error: {p}")
    elapsed = time.monotonic() - start
    print(f"compared {n_classes} classes, {n_members} members, {n_instructions} instructions "
          f"in {elapsed:.1f}s: {len(diffs)} differences, {len(problems)} tool failures")
    if args.min_classes and n_classes < args.min_classes:
        print(f"error: only {n_classes} classes compared, expected at least {args.min_classes}")
        return 1
    return 1 if diffs or problems else 0


if __name__ == "__main__":
    sys.exit(main())
