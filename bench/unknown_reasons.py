#!/usr/bin/env python3
"""Issue #28's table: the UNKNOWN reasons of a `jwp validate` run, by category.

  bench/unknown_reasons.py DIR [DIR ...]

DIR: a --keep directory of bench/run_validate_bench.py (its
production.*.json files; other configurations are left out). For each DIR
it counts the UNKNOWN results whose reason (the `;`-joined notes of the
search, joined by "; ") names each category of issue #28 — a result counts once per
category, and may count in several — and prints one markdown table with a
column per DIR. The categories are matched on the wording of jwp's notes
(wp/, app/), listed in CATEGORIES below; a note that matches none counts
only in the UNKNOWN total.

Python 3 standard library only. Exit 2 on bad usage.
"""
import glob
import json
import os
import re
import sys

# Issue #28's natives ("Natives with no model"), as owner prefixes of the
# "native method X.m(...) ... may throw" note.
LISTED_NATIVES = (
    r"java\.lang\.Class\.",
    r"jdk\.internal\.reflect\.Reflection\.",
    r"java\.io\.UnixFileSystem\.",
    r"java\.io\.FileOutputStream\.",
    r"java\.io\.FileInputStream\.",
    r"jdk\.internal\.misc\.Unsafe\.",
    r"java\.lang\.Thread\.",
    r"java\.lang\.Object\.",
    r"java\.lang\.System\.",
    r"java\.lang\.reflect\.Array\.",
    r"java\.lang\.(Float|Double)\.",
    r"java\.lang\.StrictMath\.",
)

CATEGORIES = [
    ("class constants (`ldc` of a class)", re.compile(r"ldc of a class constant")),
    ("String, StringBuilder, StringBuffer: a method that does not resolve",
     re.compile(r"java\.lang\.String(Builder|Buffer)?\.[^ ]+ .*does not resolve|"
                r"java/lang/String(Builder|Buffer)?\.[^ ]+ .*does not resolve")),
    # The search's own IMSE (a monitor it cannot pair), not what the JVM
    # threw running a refuted candidate ("... threw java.lang.
    # IllegalMonitorStateException at guava's Monitor.waitFor": a lock the
    # witness does not hold, counted under the budget).
    ("IllegalMonitorStateException", re.compile(r"(?<!threw )java[./]lang[./]IllegalMonitorStateException")),
    ("array stores explored for the static type only",
     re.compile(r"array store at .* explored only for the array's static type|"
                r"ArrayStoreException at .* explored for \d+ run-time array types only")),
    ("the listed natives (Class, Reflection, file system, Unsafe, Thread, Object, System, Array, Float/Double, StrictMath)",
     re.compile(r"native method (" + "|".join(LISTED_NATIVES) + r")[^ ]* .*may throw")),
    ("of those, the file-system natives (UnixFileSystem, FileInputStream, FileOutputStream)",
     re.compile(r"native method java\.io\.(UnixFileSystem|FileInputStream|FileOutputStream)\.[^ ]* .*may throw")),
    ("any native that may throw (the listed ones included)", re.compile(r"native method [^ ]+ .*may throw")),
    ("signature-polymorphic calls (VarHandle, MethodHandle)", re.compile(r"signature-polymorphic method")),
    ("reports that make no goal", re.compile(r"^no goal|names no argument|nothing .*dereferences")),
    ("caller depth", re.compile(r"levels of callers|levels \(--max-caller-depth\)")),
    ("the step or time budget", re.compile(r"budget: \d+ steps|^timeout: |timed out|time budget")),
]


def notes(reason):
    # jwp joins the notes with "; ". A descriptor's ';' has no space after
    # it but at its end, before " at ..." ("...)Ljava/lang/Object; at
    # java.lang.reflect.Array.newInstance:78 may throw"): until session 47
    # such a note was cut there, and the natives that return an object were
    # not counted.
    return [n.strip() for n in re.split(r"; (?!at )", reason) if n.strip()]


def count(directory):
    files = sorted(glob.glob(os.path.join(directory, "production.*.json")))
    if not files:
        raise SystemExit(f"unknown_reasons.py: no production.*.json in {directory}")
    results = []
    for f in files:
        with open(f) as fh:
            data = json.load(fh)
        results.extend(data if isinstance(data, list) else [data])
    unknown = [r for r in results if r.get("verdict") == "UNKNOWN"]
    counts = {}
    for name, pattern in CATEGORIES:
        counts[name] = sum(1 for r in unknown if any(pattern.search(n) for n in notes(r.get("reason", ""))))
    verdicts = {}
    for r in results:
        verdicts[r.get("verdict", "?")] = verdicts.get(r.get("verdict", "?"), 0) + 1
    return len(results), verdicts, len(unknown), counts


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    columns = [(d, count(d)) for d in argv[1:]]
    print("| UNKNOWN reason (a result counts once per category) | " +
          " | ".join(os.path.basename(os.path.normpath(d)) for d, _ in columns) + " |")
    print("|---|" + "--:|" * len(columns))
    print("| reports | " + " | ".join(str(c[0]) for _, c in columns) + " |")
    for v in ("VALIDATED", "NOT_FOUND", "UNKNOWN"):
        print(f"| {v} | " + " | ".join(str(c[1].get(v, 0)) for _, c in columns) + " |")
    for name, _ in CATEGORIES:
        print(f"| UNKNOWN: {name} | " + " | ".join(str(c[3][name]) for _, c in columns) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
