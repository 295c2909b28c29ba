#!/usr/bin/env python3
"""Two builds of jwp must search a goal the same way (wp/README.md,
"Determinism"): the same verdict, precondition, statistics and summaries.

Runs a sample of a goal corpus through both binaries (a `jwp wp --goals`
batch each; --one-process-per-goal for a build without it) with a step budget (no
wall-clock limit in effect, so a slow sanitizer build stops where the
optimized one does) and compares their JSON, timings left out. The suite
runs it on the optimized gcc build and the clang sanitizer build: term
numbers order the search, and a call whose arguments each make a new term
numbers them in the compiler's order of evaluation.

  compare_builds.py --jwp build/bin/jwp --jwp build-asan/bin/jwp
                    --cp build/fixtures/release17.jar --tsv tests/wp/interproc_expectations.tsv
                    [--every 6] [--max-steps 3000] [--jobs 2]
Exit status: 0 when every goal agrees, 1 otherwise, 2 on bad usage.
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_wp_expectations import entry_args, read_tsv, run_goals  # noqa: E402


def without_timings(x, ignored=()):
    if isinstance(x, dict):
        return {k: without_timings(v, ignored) for k, v in x.items() if not k.endswith("_ms") and k not in ignored}
    if isinstance(x, list):
        return [without_timings(v, ignored) for v in x]
    return x


def goal_args(args, row):
    return ["--goal", row["goal"], "--kind", row["kind"], "--max-steps", str(args.max_steps),
            "--timeout-ms", "3600000"] + entry_args(row)


def parsed(args, stdout):
    try:
        return without_timings(json.loads(stdout), set(args.ignore)), None
    except json.JSONDecodeError:
        return None, "not JSON: %s" % stdout[:200]


def run(jwp, args, row):
    cmd = [jwp, "wp", "--cp", args.cp, "--json"] + goal_args(args, row)
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode in (1, 2):
        return None, "exit %d: %s" % (p.returncode, p.stderr.strip()[:300])
    return parsed(args, p.stdout)


def run_batch(jwp, args, rows):
    """Every row's goal in one `jwp wp --goals` run (run_goals): a (result, error) per row."""
    results, error = run_goals(jwp, args.cp, [goal_args(args, r) for r in rows], [], args.jobs)
    if results is None:
        return [(None, error)] * len(rows)
    return [(None, "exit %s: %s" % (r.get("exit"), r.get("message", "")[:300])) if r.get("exit") in (1, 2)
            else (without_timings(r, set(args.ignore) | {"line", "exit"}), None) for r in results]


def first_difference(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k) != b.get(k):
                return first_difference(a.get(k), b.get(k), path + "." + k)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return first_difference(x, y, "%s[%d]" % (path, i))
    return "%s: %s against %s" % (path or "(top)", json.dumps(a)[:200], json.dumps(b)[:200])


def compare(args, row, first_run, second_run):
    (first, err), (second, err2) = first_run, second_run
    if err:
        return row, "%s: %s" % (args.jwp[0], err), None
    if err2:
        return row, "%s: %s" % (args.jwp[1], err2), None
    verdicts = (first.get("verdict"), second.get("verdict"))
    if first != second:
        return row, first_difference(first, second), verdicts
    return row, None, verdicts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jwp", action="append", required=True, help="given twice: the two builds")
    ap.add_argument("--cp", required=True)
    ap.add_argument("--tsv", required=True)
    ap.add_argument("--every", type=int, default=1, help="every Nth goal of the corpus")
    ap.add_argument("--max-steps", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--one-process-per-goal", action="store_true",
                    help="a jwp process per goal (a build without `jwp wp --goals`), not a batch per build")
    ap.add_argument("--ignore", action="append", default=[],
                    help="a JSON key left out of the comparison wherever it occurs (a field one build lacks)")
    args = ap.parse_args()
    if len(args.jwp) != 2 or args.every < 1:
        ap.error("--jwp twice, --every >= 1")
    rows = read_tsv(args.tsv)[::args.every]
    failures = 0
    transitions = {}
    if args.one_process_per_goal:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            runs = [list(pool.map(lambda r: run(jwp, args, r), rows)) for jwp in args.jwp]
    else:
        runs = [run_batch(jwp, args, rows) for jwp in args.jwp]
    for row, first, second in zip(rows, *runs):
        row, problem, verdicts = compare(args, row, first, second)
        if verdicts and verdicts[0] != verdicts[1]:
            transitions[verdicts] = transitions.get(verdicts, 0) + 1
        if problem:
            failures += 1
            print("DIFFERENT %s %s: %s" % (row["goal"], row["kind"], problem))
    for (a, b), n in sorted(transitions.items()):
        print("verdict %s -> %s: %d" % (a, b, n))
    print("%d goals, %d searched differently" % (len(rows), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
