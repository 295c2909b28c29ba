#!/usr/bin/env python3
"""End-to-end `jwp validate` over a sample of the real FindBugs reports of
../shared/data/findbugs (issue #8): 15 dereference reports of commons-io,
jackson-databind, h2 and guava, each jar with its dependencies from
/usr/share/java (the report's AuxClasspathEntry paths that exist there),
with --confirm. Passes when every run finishes, every report makes a goal,
every VALIDATED witness is CONFIRMED on the JVM (none refuted, no runner
failure), and the reports listed in MUST_VALIDATE (real bugs jwp validates
in a few seconds today) are VALIDATED, those in MUST_NOT_VALIDATE are not,
and those in MUST_NOT_FIND NOT_FOUND. The reports that run to the whole
10 s budget were left out (they took half of the test's time); all 146 are
bench/run_validate_bench.py's.

  validate_sample.py --jwp build/bin/jwp [--reports DIR] [--timeout 10]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# report file, jar, the dereference reports to run (numbers as jwp validate counts them)
SAMPLE = [
    ("commons-io-2.11.0.findbugs.xml", "/usr/share/java/commons-io.jar", "1,2,7,8"),
    ("jackson-databind-2.14.0.findbugs.xml", "/usr/share/java/jackson-databind.jar", "7,12-14"),
    ("h2-2.1.214.findbugs.xml", "/usr/share/java/h2.jar", "2"),
    ("guava-31.1.findbugs.xml", "/usr/share/java/guava.jar", "2-6"),
    # Decided by the exact search in 2 s, with the optimistic candidates' JVM runs in 6 s; the
    # timeout is generous because the verdict, not the time, is under test.
    ("guava-31.1.findbugs.xml", "/usr/share/java/guava.jar", "95", "60"),
]
MUST_VALIDATE = {
    ("commons-io-2.11.0.findbugs.xml", 1),    # FileUtils.copyInputStreamToFile: source == null
    ("jackson-databind-2.14.0.findbugs.xml", 14),  # ISO8601Utils.parse
    ("h2-2.1.214.findbugs.xml", 2),           # AlterView.update
}
# Production decides what the exact search (--exact) decides: an optimistic minterm pins no
# target for directed construction, and the step budget is the exact search's.
MUST_NOT_FIND = {
    ("guava-31.1.findbugs.xml", 95),  # MoreFiles.deleteRecursivelySecure, npe-arg:1
}
# Never VALIDATED: a witness that throws inside the callee on another null is
# no witness of the report (expect.null_argument, app/witness_runner/README.md).
MUST_NOT_VALIDATE = {
    # FileUtils.copyURLToFile, npe-arg:1: URL.openStream's stream is never null; a null destination
    # (argument 2) makes copyInputStreamToFile throw, which was once confirmed for it.
    ("commons-io-2.11.0.findbugs.xml", 2),
}


def class_path(report, jar):
    """The jar and the report's auxiliary jars that exist (FindBugs' own stubs excluded)."""
    with open(report, encoding="utf-8") as f:
        aux = re.findall(r"<AuxClasspathEntry>([^<]+)</AuxClasspathEntry>", f.read())
    return ":".join([jar] + [a for a in aux if a.startswith("/usr/share/java/") and os.path.exists(a)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jwp", required=True)
    ap.add_argument("--reports", default=os.path.join(ROOT, "tests", "data", "findbugs"))
    ap.add_argument("--timeout", default="10")
    args = ap.parse_args()
    problems = []
    total = 0
    validated = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, jar, select, *timeout in SAMPLE:
            report = os.path.join(args.reports, name)
            out = os.path.join(tmp, name + ".json")
            cmd = [args.jwp, "validate", "-cp", class_path(report, jar), "--findbugs", report, "--select", select,
                   "--confirm", "--timeout", timeout[0] if timeout else args.timeout, "--jobs", "2", "--no-progress", "--json", out]
            p = subprocess.run(cmd, capture_output=True, text=True)
            print(p.stdout)
            if p.returncode != 0:
                problems.append(f"{name}: exit {p.returncode}\n{p.stderr}")
            try:
                with open(out, encoding="utf-8") as f:
                    results = json.load(f)
            except (OSError, ValueError) as e:
                problems.append(f"{name}: no JSON results ({e})")
                continue
            total += len(results)
            for r in results:
                where = f"{name} report {r['report']} ({r['type']} {r['class']}.{r['method']}:{r['line']})"
                if r.get("no_goal"):
                    problems.append(f"{where}: no goal: {r.get('reason')}")
                if r.get("refuted") or r.get("runner_error"):
                    problems.append(f"{where}: {r.get('reason')}")
                if r["verdict"] == "VALIDATED":
                    validated += 1
                    if r.get("confirmed") is not True:
                        problems.append(f"{where}: VALIDATED but not confirmed on the JVM")
                if (name, r["report"]) in MUST_VALIDATE and r["verdict"] != "VALIDATED":
                    problems.append(f"{where}: expected VALIDATED, got {r['verdict']}: {r.get('reason')}")
                if (name, r["report"]) in MUST_NOT_VALIDATE and r["verdict"] == "VALIDATED":
                    problems.append(f"{where}: VALIDATED, which it must never be: {r.get('precondition')}")
                if (name, r["report"]) in MUST_NOT_FIND and r["verdict"] != "NOT_FOUND":
                    problems.append(f"{where}: expected NOT_FOUND, got {r['verdict']}: {r.get('reason')}")
    print(f"{total} reports, {validated} VALIDATED and confirmed")
    if total < 15:
        problems.append(f"only {total} reports ran (the sample has 15)")
    for p in problems:
        print("PROBLEM " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
