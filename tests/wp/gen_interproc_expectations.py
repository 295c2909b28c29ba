#!/usr/bin/env python3
"""Regenerates tests/wp/interproc_expectations.tsv from the
`// @goal KIND EXPECTED NOTE` markers in tests/fixtures/java8/interproc/*.java
(issue #6), with the marker rules and javap reading of gen_expectations.py
(imported, not copied): descriptors and line tables come from `javap -l` on
build/fixtures/release8 and release17, which must agree.

Beyond gen_expectations.py, a note may name the entry method the engine must
reach when it is not the goal's own method: `entry=pkg.Class.method(desc)`.
The generator checks that the entry exists in both releases and is public,
and that every FOUND goal in a method that is not public names one (a
NOT_FOUND or UNKNOWN there is a claim over all its callers: no entry=).

Usage: tests/wp/gen_interproc_expectations.py [BUILD_DIR] [--src DIR] [--out FILE]
"""
import argparse
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_expectations as base  # noqa: E402

ENTRY = re.compile(r"\bentry=([\w.$]+)\.([\w$<>]+)(\([^)\s]*\)\S+)")


def public_methods(class_file):
    """{(name, descriptor)} of the public methods, from `javap -public -s`."""
    out = subprocess.run(["javap", "-public", "-s", class_file], check=True,
                         capture_output=True, text=True).stdout
    result, name = set(), None
    for line in out.splitlines():
        m = re.match(r"^  public .*?([\w$<>]+)\(.*\)( throws .*)?;$", line)
        if m:
            name = m.group(1)
            continue
        m = re.match(r"^    descriptor: (\S+)$", line)
        if m and name is not None:
            result.add((name, m.group(1)))
            name = None
    return result


def table(build, release, package):
    """{source base name: [(cls, name, desc, lines, public)]}, and {cls: [...]}."""
    by_source, by_class = {}, {}
    for f in sorted(glob.glob(os.path.join(build, "fixtures", release, package, "*.class"))):
        src = os.path.basename(f)[:-len(".class")].split("$")[0]
        pub = public_methods(f)
        for cls, name, desc, lines in base.methods_of(f):
            row = (cls, name, desc, lines, (name, desc) in pub)
            by_source.setdefault(src, []).append(row)
            by_class.setdefault(cls, []).append(row)
    return by_source, by_class


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", nargs="?", default=os.path.join(base.ROOT, "build"))
    ap.add_argument("--src", default=os.path.join(base.ROOT, "tests/fixtures/java8/interproc"))
    ap.add_argument("--out", default=os.path.join(base.ROOT, "tests/wp/interproc_expectations.tsv"))
    args = ap.parse_args()
    package = os.path.basename(os.path.normpath(args.src))
    tables = {rel: table(args.build, "release" + rel, package) for rel in ("8", "17")}
    rows, seen = [], set()
    for src in sorted(glob.glob(os.path.join(args.src, "*.java"))):
        name = os.path.basename(src)[:-len(".java")]
        for lineno, text in enumerate(open(src, encoding="utf-8"), 1):
            if "// @goal " not in text:
                continue
            found = {}
            for rel, (by_source, _) in tables.items():
                hits = [m for m in by_source.get(name, []) if lineno in m[3] and m[1] != "<init>"]
                if len(hits) != 1:
                    sys.exit(f"{src}:{lineno}: release {rel}: {len(hits)} methods have this line")
                found[rel] = hits[0]
            if found["8"][:3] != found["17"][:3] or found["8"][4] != found["17"][4]:
                sys.exit(f"{src}:{lineno}: releases disagree: {found}")
            cls, meth, desc, _, public = found["8"]
            for marker in text.split("// @goal ", 1)[1].split("@goal "):
                parts = marker.strip().split(None, 2)
                if (len(parts) < 3 or not base.KINDS.match(parts[0])
                        or parts[1] not in ("FOUND", "NOT_FOUND", "UNKNOWN")):
                    sys.exit(f"{src}:{lineno}: malformed marker '{marker.strip()}'")
                kind, expected, note = parts
                note = note.strip()
                entries = ENTRY.findall(note)
                if len(entries) > 1:
                    sys.exit(f"{src}:{lineno}: more than one entry= in '{note}'")
                if entries:
                    ecls, ename, edesc = entries[0]
                    if (ecls.replace(".", "/"), ename, edesc) == (cls, meth, desc):
                        sys.exit(f"{src}:{lineno}: entry= names the goal's own method")
                    for rel, (_, by_class) in tables.items():
                        hit = [m for m in by_class.get(ecls.replace(".", "/"), [])
                               if m[1] == ename and m[2] == edesc]
                        if len(hit) != 1 or not hit[0][4]:
                            sys.exit(f"{src}:{lineno}: release {rel}: entry {ecls}.{ename}{edesc} "
                                     "is not a public method of the fixtures")
                elif not public and expected == "FOUND":
                    sys.exit(f"{src}:{lineno}: the goal's method {meth}{desc} is not public: "
                             "a FOUND note must name the public entry= method")
                goal = f"{cls.replace('/', '.')}.{meth}{desc}@line:{lineno}"
                if (goal, kind) in seen:
                    sys.exit(f"{src}:{lineno}: goal {goal} {kind} twice")
                seen.add((goal, kind))
                rows.append((goal, kind, expected, note))
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("# Expected outcomes of `jwp wp` on the fixtures of tests/fixtures/java8/interproc (issue #6).\n")
        out.write("# Generated by tests/wp/gen_interproc_expectations.py from the `// @goal` markers; do not edit by hand.\n")
        out.write("# FOUND notes give the inputs that tests/wp/InterprocExpectationCheck.java runs on the JVM;\n")
        out.write("# NOT_FOUND notes say why no input exists; UNKNOWN notes say why even a complete engine gives up.\n")
        out.write("# `entry=pkg.C.m(desc)` in a note: the public method the engine must reach (not the goal's own).\n")
        out.write("goal\tkind\texpected\tnote\n")
        for r in rows:
            out.write("\t".join(r) + "\n")
    counts = {}
    for r in rows:
        counts[r[2]] = counts.get(r[2], 0) + 1
    print(f"{len(rows)} goals: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
