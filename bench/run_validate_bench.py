#!/usr/bin/env python3
"""Benchmark of issue #8: `jwp validate` over the null-dereference reports of
../shared/data/findbugs (FindBugs 3.0.1 reports of nine Debian jars, 146
dereference reports), under the paper's four configurations (Table 4):

  production         the default with --confirm: optimistic calls (issue #27), every
                     VALIDATED replayed on the JVM
  exact              production with --exact: the exact search alone, its VALIDATED
                     replayed on the JVM (issue #27's comparison column)
  no-generalization  summaries keyed on the whole dependent part
  no-simplification  every new minterm to Z3, without the rewrite simplifier
  cha                every class-hierarchy call target from the start

For each configuration and report file it runs

  jwp validate -cp JAR --findbugs REPORT --json OUT --timeout T --jobs J --no-progress [--confirm]

(the jar from jars.txt next to the reports, with the report's AuxClasspathEntry
jars that exist under /usr/share/java) and prints markdown: per
configuration the verdict counts, VALIDATED confirmed on the JVM, time per
goal (`time_s`: the goal's process, from fork to result, witness replay
included; mean, median, 90th percentile, max), summary reuse (sum of
summaries_reused / sum of (created + reused)) and the call-graph size
(stats.callgraph_methods: mean and max over goals that ran); per jar for
production; and the reports some other configuration decides (VALIDATED or
NOT_FOUND) that production does not.

  bench/run_validate_bench.py [--jwp build/bin/jwp] [--timeout 60] [--jobs 2]
      [--configs production,no-generalization,no-simplification,cha]
      [--reports tests/data/findbugs] [--only REGEX] [--out FILE] [--keep DIR]

Python 3 standard library only. Exit 0 when every run finished, 1 when a run
failed or a VALIDATED witness was refuted, 2 on bad usage.
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = ("production", "exact", "no-generalization", "no-simplification", "cha")
DECIDED = ("VALIDATED", "NOT_FOUND")


def read_jars(reports_dir):
    """report file name -> jar path, from jars.txt."""
    jars = {}
    report = None
    with open(os.path.join(reports_dir, "jars.txt"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"report:\s*(\S+)", line)
            if m:
                report = m.group(1)
            m = re.match(r"\s*jar:\s*(\S+)", line)
            if m and report:
                jars[report] = m.group(1)
    return jars


def class_path(report, jar):
    """The jar and the report's auxiliary jars that exist under /usr/share/java (FindBugs' JDK stubs,
    derived/..., left out: jwp reads the JDK itself)."""
    with open(report, encoding="utf-8") as f:
        aux = re.findall(r"<AuxClasspathEntry>([^<]+)</AuxClasspathEntry>", f.read())
    return ":".join([jar] + [a for a in aux if a.startswith("/usr/share/java/") and os.path.exists(a)])


def percentile(xs, p):
    xs = sorted(xs)
    if not xs:
        return 0.0
    k = (len(xs) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


TESTS = {}  # report file -> what jwp validate --tests wrote (production)


def run_one(args, config, report, jar, keep):
    out = os.path.join(keep, f"{config}.{os.path.basename(report)}.json")
    cmd = [args.jwp, "validate", "-cp", class_path(report, jar), "--findbugs", report, "--json", out,
           "--timeout", str(args.timeout), "--jobs", str(args.jobs), "--no-progress",
           "--config", "production" if config == "exact" else config]
    if config in ("production", "exact"):
        cmd.append("--confirm")
    if config == "exact":
        cmd.append("--exact")
    cmd += args.extra
    if args.tests and config == "production":
        cmd += ["--tests", os.path.join(keep, "tests", os.path.basename(report).split(".findbugs")[0])]
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.monotonic() - t0
    if args.tests and config == "production":
        # jwp testgen's summary line (issue #31): "N tests in M classes written to DIR (...); R set state
        # reflectively (...); G of T confirmed witnesses gave no test".
        m = re.search(r"^(\d+) tests? in \d+ class(?:es)? written to .*?(all passed|NOT verified).*?; (\d+) set state "
                      r"reflectively.*?; (\d+) of (\d+) confirmed", p.stdout, re.M)
        TESTS[os.path.basename(report)] = (
            {"written": int(m.group(1)), "passed": m.group(2) == "all passed", "reflective": int(m.group(3)),
             "witnesses": int(m.group(5))} if m else {"written": 0, "passed": True, "reflective": 0, "witnesses": 0})
    try:
        with open(out, encoding="utf-8") as f:
            results = json.load(f)
    except (OSError, ValueError):
        results = []
    for r in results:
        r["_jar"] = os.path.basename(jar)
        r["_file"] = os.path.basename(report)
    return p.returncode, p.stdout + p.stderr, results, wall


def summarize(results):
    counts = {v: 0 for v in ("VALIDATED", "NOT_FOUND", "UNKNOWN")}
    for r in results:
        # A report that makes no goal (NO_GOAL since session 19) counts as
        # UNKNOWN, as in the tables before.
        v = r.get("verdict", "UNKNOWN")
        v = "UNKNOWN" if v == "NO_GOAL" else v
        counts[v] = counts.get(v, 0) + 1
    times = [r.get("time_s", 0.0) for r in results]
    created = reused = 0
    cg = []
    for r in results:
        s = r.get("stats") or {}
        created += s.get("summaries_created", 0)
        reused += s.get("summaries_reused", 0)
        if s.get("callgraph_methods"):
            cg.append(s["callgraph_methods"])
    confirmed = sum(1 for r in results if r.get("verdict") == "VALIDATED" and r.get("confirmed") is True)
    # Optimistic calls (issue #27): candidates run on the JVM and their fate.
    cand = {k: sum((r.get("stats") or {}).get(k, 0) for r in results)
            for k in ("candidates", "candidates_confirmed", "candidates_refuted", "candidate_rounds")}
    return {**cand,
        "n": len(results), **counts, "confirmed": confirmed,
        "mean": statistics.mean(times) if times else 0.0,
        "median": statistics.median(times) if times else 0.0,
        "p90": percentile(times, 90), "max": max(times) if times else 0.0,
        "reuse": reused / (created + reused) if created + reused else 0.0,
        "cg_mean": statistics.mean(cg) if cg else 0.0, "cg_max": max(cg) if cg else 0,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jwp", default=os.path.join(ROOT, "build", "bin", "jwp"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--reports", default=os.path.join(ROOT, "tests", "data", "findbugs"))
    ap.add_argument("--only", help="only report files whose name matches this regex")
    ap.add_argument("--out", help="also write the markdown here")
    ap.add_argument("--keep", help="keep the JSON results in this directory")
    ap.add_argument("--extra", action="append", default=[],
                    help="one more argument for jwp validate (repeatable; --extra=--no-file-system-inputs)")
    ap.add_argument("--tests", action="store_true",
                    help="production runs with --tests (jwp testgen): a JUnit 5 reproducer per VALIDATED report, "
                         "compiled and run twice; the table counts them")
    args = ap.parse_args()
    configs = [c for c in args.configs.split(",") if c]
    for c in configs:
        if c not in CONFIGS:
            print(f"unknown configuration {c!r} (expected {', '.join(CONFIGS)})", file=sys.stderr)
            return 2
    if not os.access(args.jwp, os.X_OK):
        print(f"no jwp at {args.jwp}", file=sys.stderr)
        return 2
    jars = read_jars(args.reports)
    files = sorted(f for f in jars if not args.only or re.search(args.only, f))
    keep = args.keep or tempfile.mkdtemp(prefix="jwp-validate-bench-")
    os.makedirs(keep, exist_ok=True)
    failures = []
    by_config = {}
    started = time.monotonic()
    for config in configs:
        results = []
        for f in files:
            jar = jars[f]
            code, output, rs, wall = run_one(args, config, os.path.join(args.reports, f), jar, keep)
            print(f"{config:18} {f:40} {len(rs):4} reports {wall:7.1f} s exit {code}", file=sys.stderr)
            if code not in (0, 1):
                failures.append(f"{config} {f}: exit {code}\n{output[-2000:]}")
            for r in rs:
                if r.get("refuted"):
                    failures.append(f"{config} {f} report {r.get('report')}: REFUTED {r.get('reason')}")
            results.extend(rs)
        by_config[config] = results
    total = time.monotonic() - started

    lines = []
    w = lines.append
    w(f"Reports: {', '.join(files)}; timeout {args.timeout:g} s per goal, {args.jobs} jobs; "
      f"one run, {total / 60:.1f} min in all.")
    w("")
    w("| configuration | reports | VALIDATED (confirmed) | NOT_FOUND | UNKNOWN | mean s | median s | p90 s | max s "
      "| summary reuse | call graph (mean / max methods) |")
    w("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    for config in configs:
        s = summarize(by_config[config])
        conf = f" ({s['confirmed']})" if config in ("production", "exact") else ""
        w(f"| {config} | {s['n']} | {s['VALIDATED']}{conf} | {s['NOT_FOUND']} | {s['UNKNOWN']} | {s['mean']:.1f} "
          f"| {s['median']:.1f} | {s['p90']:.1f} | {s['max']:.1f} | {100 * s['reuse']:.1f}% "
          f"| {s['cg_mean']:.1f} / {s['cg_max']} |")
    if any(summarize(by_config[c])["candidates"] for c in configs):
        w("")
        w("| configuration | candidates run on the JVM | confirmed | refuted | re-solved for other inputs |")
        w("|---|--:|--:|--:|--:|")
        for config in configs:
            s = summarize(by_config[config])
            w(f"| {config} | {s['candidates']} | {s['candidates_confirmed']} | {s['candidates_refuted']} "
              f"| {s['candidate_rounds']} |")
    if args.tests and "production" in by_config:
        written = sum(t["written"] for t in TESTS.values())
        confirmed = summarize(by_config["production"])["confirmed"]
        w("")
        w("| jwp validate --tests (production) | VALIDATED (confirmed) | reproducers written, passing twice "
          "| state set reflectively | all verified |")
        w("|---|--:|--:|--:|--:|")
        w(f"| {len(TESTS)} report files | {confirmed} | {written} | {sum(t['reflective'] for t in TESTS.values())} "
          f"| {'yes' if all(t['passed'] for t in TESTS.values()) else 'NO'} |")
        if written != confirmed:
            failures.append(f"jwp validate --tests wrote {written} reproducers for {confirmed} confirmed VALIDATED")
    if "production" in by_config:
        w("")
        w("Production, per jar:")
        w("")
        w("| jar | reports | VALIDATED (confirmed) | NOT_FOUND | UNKNOWN | mean s | median s | max s |")
        w("|---|--:|--:|--:|--:|--:|--:|--:|")
        for f in files:
            rs = [r for r in by_config["production"] if r["_file"] == f]
            s = summarize(rs)
            w(f"| {os.path.basename(jars[f])} | {s['n']} | {s['VALIDATED']} ({s['confirmed']}) | {s['NOT_FOUND']} "
              f"| {s['UNKNOWN']} | {s['mean']:.1f} | {s['median']:.1f} | {s['max']:.1f} |")
        prod = {(r["_file"], r["report"]): r for r in by_config["production"]}
        missed = []
        for config in configs:
            if config == "production":
                continue
            for r in by_config[config]:
                p = prod.get((r["_file"], r["report"]))
                if r.get("verdict") in DECIDED and (p is None or p.get("verdict") not in DECIDED):
                    missed.append(f"{config}: {r['_file']} report {r['report']} {r['type']} "
                                  f"{r['class']}.{r['method']}:{r['line']} {r['verdict']}")
                if p is not None and r.get("verdict") in DECIDED and p.get("verdict") in DECIDED \
                        and r["verdict"] != p["verdict"]:
                    failures.append(f"{config} and production disagree on {r['_file']} report {r['report']}: "
                                    f"{r['verdict']} vs {p['verdict']}")
        w("")
        if missed:
            w("Decided by another configuration but not by production:")
            w("")
            for m in missed:
                w(f"- {m}")
        else:
            w("Production decides every report that another configuration decides.")
        reasons = {}
        for r in by_config["production"]:
            if r.get("verdict") == "UNKNOWN":
                key = re.sub(r"[0-9]+", "N", (r.get("reason") or "")[:70])
                reasons[key] = reasons.get(key, 0) + 1
        if reasons:
            w("")
            w("Production UNKNOWN reasons (first 70 characters, numbers as N):")
            w("")
            for k, n in sorted(reasons.items(), key=lambda x: -x[1])[:12]:
                w(f"- {n} × {k}")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"JSON results kept in {keep}", file=sys.stderr)
    if failures:
        print("FAILURES:", file=sys.stderr)
        for f in failures:
            print("  " + f, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
