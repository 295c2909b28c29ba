#!/usr/bin/env python3
"""Benchmark of `jwp testgen --cover` (issue #31): per class of commons-lang3, the tests written,
the branch coverage they reach (JaCoCo, Debian libjacoco-java), the share built without
reflection, and the time.

For each class: `jwp testgen --cover CLASS --out DIR/CLASS` (which compiles the tests and keeps
those that pass twice), then the kept tests run once more under the JaCoCo agent (a manifest-only
jar naming the agent's PreMain and Debian's jacoco/ASM jars, made here), and
bench/testgen/BranchCoverage.java reads the exec file. Classes run one after another, each with
`jwp testgen --jobs JOBS` (a child process per method, JOBS at once).

  run_testgen_cover_bench.py [--jwp build/bin/jwp] [--timeout 5] [--jobs 2] [--classes C,...] [--keep DIR]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JAVA = "/usr/share/java"
JAR = os.path.join(JAVA, "commons-lang3.jar")
JUNIT = os.path.join(JAVA, "junit-platform-console-standalone.jar")
JACOCO = [os.path.join(JAVA, j) for j in ("org.jacoco.core.jar", "asm.jar", "asm-commons.jar", "asm-tree.jar")]
# The ten classes (RandomStringUtils is out: random).
CLASSES = ["StringUtils", "ArrayUtils", "Validate", "BooleanUtils", "CharUtils", "math.NumberUtils",
           "text.WordUtils", "time.DurationFormatUtils", "builder.ToStringBuilder"]


def make_agent(work):
    manifest = os.path.join(work, "MANIFEST.MF")
    with open(manifest, "w", encoding="utf-8") as f:
        f.write("Manifest-Version: 1.0\nPremain-Class: org.jacoco.agent.rt.internal.PreMain\nClass-Path: %s\n" %
                " ".join([os.path.join(JAVA, "org.jacoco.agent.rt.jar")] + JACOCO))
    agent = os.path.join(work, "jacoco-agent.jar")
    subprocess.run(["jar", "cfm", agent, manifest], check=True)
    subprocess.run(["javac", "-d", work, "-cp", ":".join(JACOCO),
                    os.path.join(ROOT, "bench", "testgen", "BranchCoverage.java")], check=True)
    return agent


def run_class(args, work, agent, short):
    cls = "org.apache.commons.lang3." + short
    out = os.path.join(work, short)
    t0 = time.monotonic()
    p = subprocess.run([args.jwp, "testgen", "--cp", JAR, "--cover", cls, "--timeout", str(args.timeout), "--jobs",
                        str(args.jobs), "--out", out],
                       capture_output=True, text=True)
    wall = time.monotonic() - t0
    with open(os.path.join(work, short + ".log"), "w", encoding="utf-8") as f:
        f.write(p.stdout + p.stderr)  # every goal's outcome, and the tests that gave none
    row = {"class": short, "time": wall, "exit": p.returncode, "tests": 0, "reflective": 0, "reached": 0,
           "goals": 0, "branches": (0, 0), "verified": False}
    m = re.search(r"coverage goals: (\d+) reached .*?, (\d+) passed .*?, (\d+) unreachable, (\d+) not decided", p.stdout)
    if m:
        row["reached"] = int(m.group(1))
        row["goals"] = sum(int(g) for g in m.groups())
    m = re.search(r"^(\d+) tests? in .*?(all passed|NOT verified).*?; (\d+) set state reflectively", p.stdout, re.M)
    if m:
        row["tests"], row["verified"], row["reflective"] = int(m.group(1)), m.group(2) == "all passed", int(m.group(3))
    sources = [os.path.join(d, f) for d, _, fs in os.walk(out) for f in fs if f.endswith(".java")]
    if sources:
        classes = os.path.join(work, short + ".classes")
        subprocess.run(["javac", "-nowarn", "-d", classes, "-cp", JAR + ":" + JUNIT] + sources, capture_output=True)
        exec_file = os.path.join(work, short + ".exec")
        subprocess.run(["java", "-javaagent:%s=destfile=%s,includes=%s" % (agent, exec_file, cls), "-jar", JUNIT,
                        "-cp", classes + ":" + JAR, "--scan-classpath", classes, "--disable-banner", "--details=none",
                        "--config=junit.jupiter.execution.timeout.default=60 s"], capture_output=True)
        c = subprocess.run(["java", "-cp", ":".join(JACOCO + [work]), "BranchCoverage", exec_file, JAR, cls],
                           capture_output=True, text=True)
        m = re.search(r"branches (\d+) (\d+)", c.stdout)
        if m:
            row["branches"] = (int(m.group(1)), int(m.group(2)))
    print("%-28s %4d tests %6.1f s exit %d" % (short, row["tests"], wall, p.returncode), file=sys.stderr)
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jwp", default=os.path.join(ROOT, "build", "bin", "jwp"))
    ap.add_argument("--timeout", type=float, default=5)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--classes", default=",".join(CLASSES))
    ap.add_argument("--keep", help="keep the tests and coverage data in this directory")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="jwp-cover-bench-")
    os.makedirs(work, exist_ok=True)
    agent = make_agent(work)
    classes = [c for c in args.classes.split(",") if c]
    started = time.monotonic()
    rows = [run_class(args, work, agent, c) for c in classes]
    total = time.monotonic() - started
    print("commons-lang3 (%s), `jwp testgen --cover` with --timeout %g s per goal, %d jobs, %.1f min in all." %
          (JAR, args.timeout, args.jobs, total / 60))
    print()
    print("| class | coverage goals | reached | tests (passing twice) | without reflection | branch coverage | time s |")
    print("|---|--:|--:|--:|--:|--:|--:|")
    covs = []
    for r in rows:
        cov, tot = r["branches"]
        pct = 100.0 * cov / tot if tot else 0.0
        covs.append(pct)
        plain = 100.0 * (r["tests"] - r["reflective"]) / r["tests"] if r["tests"] else 0.0
        print("| %s | %d | %d | %d%s | %.0f%% | %d/%d = %.1f%% | %.1f |" % (
            r["class"], r["goals"], r["reached"], r["tests"], "" if r["verified"] or not r["tests"] else " (NOT verified)",
            plain, cov, tot, pct, r["time"]))
    if covs:
        print()
        print("Mean branch coverage over %d classes: %.1f%%." % (len(covs), sum(covs) / len(covs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
