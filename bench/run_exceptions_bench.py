#!/usr/bin/env python3
"""Benchmark of `jwp exceptions` (issue #30): the public methods of a jar (or a scope of it),
the (method, exception) pairs with a condition the JVM confirmed (complete / partial), the time
per method, and, for commons-lang3, the comparison with its Javadoc (Debian
libcommons-lang3-java-doc).

Each suite is one `jwp exceptions -cp JAR SCOPE... --jobs JOBS --timeout T --json OUT` run (a child
process per method, JOBS at once). Time per method: the seconds its goals took in its child
(search and confirmation, summed over its exception types; `seconds` in the JSON); the wall clock
of the whole run is reported too.

  run_exceptions_bench.py [--jwp build/bin/jwp] [--timeout 5] [--first-timeout S] [--search-again] [--jobs 2] [--suites lang3,guava-base]
                          [--scope SCOPE ...] [--keep DIR]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

JAVA = "/usr/share/java"
LANG3_DOC = "/usr/share/doc/libcommons-lang3-java/api"
SUITES = {
    "lang3": (os.path.join(JAVA, "commons-lang3.jar"), [], LANG3_DOC),
    "guava-base": (os.path.join(JAVA, "guava.jar"), ["com.google.common.base."], None),
}


def percentile(values, q):
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))
    return ordered[k]


def run_suite(args, name, work):
    jar, scope, doc = SUITES[name]
    scope = args.scope or scope
    out_json = os.path.join(work, name + ".json")
    cmd = [args.jwp, "exceptions", "-cp", jar] + scope + [
        "--jobs", str(args.jobs), "--timeout", str(args.timeout), "--json", out_json, "--no-progress"]
    if args.first_timeout is not None:
        cmd += ["--first-timeout", str(args.first_timeout)]
    if args.search_again:
        cmd += ["--search-again"]
    if doc and os.path.isdir(doc):
        cmd += ["--compare-javadoc", doc]
    start = time.time()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.time() - start
    with open(os.path.join(work, name + ".txt"), "w", encoding="utf-8") as f:
        f.write(proc.stdout)
        f.write(proc.stderr)
    if proc.returncode not in (0, 1, 5):
        sys.exit("%s: jwp exited %d:\n%s" % (name, proc.returncode, proc.stderr[-2000:]))
    with open(out_json, encoding="utf-8") as f:
        pairs = json.load(f)
    per_method = {}
    for p in pairs:
        per_method[p["method"]] = per_method.get(p["method"], 0.0) + p.get("seconds", 0.0)
    methods = re.search(r"^(\d+) methods?:", proc.stdout, re.M)
    n_methods = int(methods.group(1)) if methods else len(per_method)
    # Methods with no exception type at all took no time.
    times = list(per_method.values()) + [0.0] * max(0, n_methods - len(per_method))
    with_condition = [p for p in pairs if p.get("condition")]
    row = {
        "suite": name,
        "methods": n_methods,
        "pairs": len([p for p in pairs if p["verdict"] != "NO_GOAL"]),
        "complete": len([p for p in with_condition if p.get("complete")]),
        "partial": len([p for p in with_condition if not p.get("complete")]),
        "examples": len([p for p in pairs if not p.get("condition") and p.get("examples")]),
        "not_found": len([p for p in pairs if p["verdict"] == "NOT_FOUND"]),
        "unknown": len([p for p in pairs if p["verdict"] in ("UNKNOWN", "ERROR")]),
        "refuted": sum(p.get("refuted", 0) for p in pairs),
        "runner_errors": sum(1 for p in pairs for d in p.get("disjuncts", []) if d.get("runner_error")),
        "searched_again": len([p for p in pairs if p.get("searched_again")]),
        "mean_s": statistics.mean(times) if times else 0.0,
        "median_s": statistics.median(times) if times else 0.0,
        "p90_s": percentile(times, 0.9),
        "wall_s": wall,
        "exit": proc.returncode,
    }
    javadoc = re.search(r"documented \(method, exception\) pairs: (\d+), confirmed by jwp with a condition: (\d+) "
                        r"\((\d+)%\), with an example input only: (\d+); confirmed but not documented: (\d+)",
                        proc.stdout)
    if javadoc:
        row["documented"], row["documented_confirmed"], row["documented_pct"], row["documented_examples"], \
            row["undocumented"] = (int(g) for g in javadoc.groups())
        never = re.search(r"documented but never thrown: (\d+)", proc.stdout)
        row["documented_never"] = int(never.group(1)) if never else 0
        other = re.search(r"the code throws another exception in the case named: (\d+)", proc.stdout)
        row["documented_other"] = int(other.group(1)) if other else 0
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jwp", default="build/bin/jwp")
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--first-timeout", type=float, default=None,
                    help="jwp exceptions --first-timeout (default: jwp's; 0: one search per goal)")
    ap.add_argument("--search-again", action="store_true",
                    help="jwp exceptions --search-again (a binary before session 39 always searched again)")
    ap.add_argument("--suites", default="lang3,guava-base")
    ap.add_argument("--scope", nargs="*", default=None, help="instead of the suite's scope")
    ap.add_argument("--keep", default=None, help="keep the outputs in this directory")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="jwp-exceptions-bench-")
    os.makedirs(work, exist_ok=True)
    rows = [run_suite(args, s, work) for s in args.suites.split(",")]
    print("| suite | methods | (method, exception) pairs | with a confirmed condition: complete | partial | "
          "example input only | never thrown | UNKNOWN | disjuncts the runner failed on | s/method mean | median | p90 | "
          "wall s | Javadoc pairs confirmed | undocumented confirmed | searched again |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for r in rows:
        doc = ("%d/%d = %d%% (+%d example only, %d never thrown, %d another exception in the case named)" % (
            r["documented_confirmed"], r["documented"], r["documented_pct"], r["documented_examples"],
            r["documented_never"], r["documented_other"]) if "documented" in r else "-")
        print("| %s | %d | %d | %d | %d | %d | %d | %d | %d | %.2f | %.2f | %.2f | %.0f | %s | %s | %d |" % (
            r["suite"], r["methods"], r["pairs"], r["complete"], r["partial"], r["examples"], r["not_found"],
            r["unknown"], r["runner_errors"], r["mean_s"], r["median_s"], r["p90_s"], r["wall_s"], doc,
            r.get("undocumented", "-"), r["searched_again"]))
    print("\noutputs in %s" % work)


if __name__ == "__main__":
    main()
