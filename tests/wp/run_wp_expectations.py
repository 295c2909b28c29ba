#!/usr/bin/env python3
"""End-to-end test of `jwp wp` (issue #5) over tests/wp/expectations.tsv.

For every goal line, runs `jwp wp --json --confirm` on a fixture jar (all
of them in one `jwp wp --goals` batch) and checks the verdict against the expected one, exactly: the markers are the
corpus's claims, and a slide in either direction shows. Every FOUND must be
CONFIRMED by the witness runner on the JVM: a FOUND that the runner refutes
fails the test, whatever was expected. An expected UNKNOWN that now decides
fails too, as a stale marker, until the marker says what the engine now
does (issue #26: an UNKNOWN that passed whatever happened let a goal slide
back unnoticed). With --allow-unknown, an UNKNOWN passes only where the
goal's marker allows it: its note holds `allow-unknown:` (the truth is
FOUND or NOT_FOUND, and the note says why the engine cannot decide it yet).
A note with `entry=pkg.C.m(desc)` runs the goal with `--entry` that method;
`max-steps=N` with `--max-steps N`; `exact=VERDICT` runs it again with
`--exact` (no optimistic calls, issue #27), which must answer VERDICT.
Prints a table of outcomes and a summary line.

  run_wp_expectations.py --jwp build/bin/jwp --cp build/fixtures/release17.jar
                         [--tsv tests/wp/expectations.tsv] [--jobs 2] [--filter TEXT]
Exit status: 0 when every line matches, 1 otherwise, 2 on bad usage.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

EXIT_BY_VERDICT = {"FOUND": 0, "NOT_FOUND": 3, "UNKNOWN": 4}


def read_tsv(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        header = None
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                continue
            row = dict(zip(header, cols))
            row["lineno"] = n
            rows.append(row)
    return rows


def entry_args(row):
    """--entry for a note's `entry=pkg.C.m(desc)`, --statics for its
    `statics=any|initial`, --closed-packages for `closed-packages:`,
    --max-steps for `max-steps=N`, --input-method and --assume-method for
    `input-method=P` and `assume-method=P`, --enable-assertions for
    `enable-assertions`, else nothing."""
    for word in row.get("note", "").split():
        if word.rstrip(".,:") == "enable-assertions":
            return ["--enable-assertions"] + entry_args(dict(row, note=row["note"].replace(word, "")))
        for option in ("input-method", "assume-method"):
            if word.startswith(option + "="):
                return ["--" + option, word[len(option) + 1:]] + entry_args(
                    dict(row, note=row["note"].replace(word, "")))
        if word.startswith("max-steps="):
            return ["--max-steps", word[len("max-steps="):].rstrip(".,:")] + entry_args(
                dict(row, note=row["note"].replace(word, "")))
        if word.rstrip(".,:") == "closed-packages":
            return ["--closed-packages"] + entry_args(dict(row, note=row["note"].replace(word, "")))
        if word.startswith("statics="):
            return ["--statics", word[len("statics="):].rstrip(".,:")] + entry_args(
                dict(row, note=row["note"].replace(word, "")))
        if word.startswith("entry="):
            entry = word[len("entry="):].rstrip(".,")
            # A ';' that ends an object return type belongs to the descriptor.
            if entry.endswith(";") and not re.search(r"\)\[*L[^;()]*;$", entry):
                entry = entry[:-1].rstrip(".,")
            return ["--entry", entry]
    return []


def exact_verdict(row):
    """A note's `exact=VERDICT` (issue #27): what `--exact` (no optimistic
    calls) must answer within the same budget, or None."""
    for word in row.get("note", "").split():
        if word.startswith("exact="):
            return word[len("exact="):].rstrip(".,:")
    return None


def unknown_allowed(row):
    """The marker lets the engine answer UNKNOWN (with --allow-unknown)."""
    return "allow-unknown:" in row.get("note", "")


def goal_args(args, row):
    """The options of one goal (a line of `jwp wp --goals`)."""
    # An expected UNKNOWN passes whether it stays UNKNOWN or comes out FOUND
    # and confirmed, so its budget is capped: wp.Loops.neverExits alone ran
    # for the full 60 s in each corpus.
    timeout_ms = args.timeout_ms
    if row["expected"] == "UNKNOWN" or (args.allow_unknown and unknown_allowed(row)):
        timeout_ms = min(timeout_ms, args.unknown_timeout_ms)
    return ["--goal", row["goal"], "--kind", row["kind"], "--timeout-ms", str(timeout_ms)] + entry_args(row)


def run_goals(jwp, cp, goals, options, jobs, timeout=None):
    """`goals` (each a list of `jwp wp` options) in one `jwp wp --json --goals -` batch with the
    command line's `options` (the class path opened once, the witness runners shared): each goal's
    JSON object (with "line", and "exit": the status a run of its own exits with) in their order and
    None, or None and why the batch gave no such list. compare_builds.py runs its goals so too."""
    lines = "".join(" ".join(shlex.quote(a) for a in g) + "\n" for g in goals)
    cmd = [jwp, "wp", "--cp", cp, "--json", "--jobs", str(jobs)] + options + ["--goals", "-"]
    try:
        p = subprocess.run(cmd, input=lines, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "jwp did not finish"
    results = []
    for line in p.stdout.splitlines():
        try:
            results.append(json.loads(line))
        except json.JSONDecodeError:
            return None, "not JSON: %s" % line[:200]
    if p.returncode not in (0, 1) or len(results) != len(goals):
        return None, "jwp wp --goals exited %d with %d results for %d goals: %s" % (
            p.returncode, len(results), len(goals), p.stderr[-600:])
    return results, None


def run_batch(args, rows, extra):
    """Every row's goal, confirmed, in one batch (run_goals): each row's result or None, and the
    batch's error."""
    results, error = run_goals(args.jwp, args.cp, [goal_args(args, r) + extra for r in rows], ["--confirm"],
                               args.jobs, timeout=len(rows) * (args.timeout_ms / 1000 + 120))
    return (results, None) if results is not None else ([None] * len(rows), error)


def check_one(row, result, exact_result):
    """What is wrong with a row's result (None when nothing)."""
    if result is None:
        return "no result"
    verdict = result.get("verdict")
    if verdict not in EXIT_BY_VERDICT:
        return "jwp error (exit %s): %s" % (result.get("exit"), result.get("message", "")[:300])
    expected_exit = EXIT_BY_VERDICT[verdict]
    if verdict == "FOUND" and result.get("confirmed") is False:
        expected_exit = 5
    if result.get("exit") != expected_exit:
        return "exit status %s does not match verdict %s" % (result.get("exit"), verdict)
    exact = exact_verdict(row)
    if exact is not None:
        # The same goal and budget without optimistic calls.
        if exact_result is None:
            return "the --exact run gave no result"
        if exact_result.get("verdict") != exact:
            return "with --exact: %s, the marker says %s (%s)" % (
                exact_result.get("verdict"), exact, exact_result.get("reason", "")[:200])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jwp", required=True)
    ap.add_argument("--cp", required=True)
    ap.add_argument("--tsv", default=os.path.join(os.path.dirname(__file__), "expectations.tsv"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--filter", default="")
    ap.add_argument("--timeout-ms", type=int, default=60000)
    ap.add_argument("--unknown-timeout-ms", type=int, default=10000,
                    help="the budget of a goal expected UNKNOWN (at most --timeout-ms)")
    ap.add_argument("--sample", type=int, default=1,
                    help="run every Nth goal only (the sanitizer build)")
    ap.add_argument("--allow-unknown", action="store_true",
                    help="an UNKNOWN where FOUND or NOT_FOUND is expected passes (counted) when the "
                         "goal's marker says `allow-unknown:`; any other UNKNOWN still fails")
    ap.add_argument("--keep-json", default="",
                    help="write every result (jwp wp's JSON, in goal order) to this file as one array: "
                         "jwp testgen --from reads it")
    args = ap.parse_args()
    rows = [r for r in read_tsv(args.tsv) if args.filter in r["goal"]]
    rows = rows[::max(1, args.sample)]
    if not rows:
        print("no goals selected", file=sys.stderr)
        return 2
    failures = []
    counts = {}
    confirmed = 0
    stale = 0
    allowed_count = 0
    start = time.monotonic()
    found, batch_error = run_batch(args, rows, [])
    exact_rows = [r for r in rows if exact_verdict(r) is not None]
    exact_found, exact_error = run_batch(args, exact_rows, ["--exact"]) if exact_rows else ([], None)
    if batch_error or exact_error:
        print("FAIL: %s" % (batch_error or exact_error))
        return 1
    exact_by_line = {r["lineno"]: e for r, e in zip(exact_rows, exact_found)}
    results = [(row, result, check_one(row, result, exact_by_line.get(row["lineno"])),
                (result or {}).get("stats", {}).get("time_ms", 0) / 1000)
               for row, result in zip(rows, found)]
    if args.keep_json:
        with open(args.keep_json, "w", encoding="utf-8") as f:
            json.dump([result for _, result, _, _ in results if result], f, indent=1)
    for row, result, error, elapsed in results:
        expected = row["expected"]
        verdict = result.get("verdict") if result else "ERROR"
        counts[(expected, verdict)] = counts.get((expected, verdict), 0) + 1
        status = "ok"
        if error:
            status = "FAIL: " + error
        elif verdict == "FOUND" and result.get("confirmed") is not True:
            status = "FAIL: FOUND but the runner did not confirm it"
        elif verdict != "UNKNOWN" and expected == "UNKNOWN":
            # Not wrong (a FOUND is confirmed on the JVM), but the marker is
            # stale: with it, a slide back to UNKNOWN would go unnoticed.
            status = "FAIL: stale marker: expected UNKNOWN, now %s%s; update the goal's marker" % (
                verdict, " and confirmed on the JVM" if verdict == "FOUND" else "")
            stale += 1
        elif verdict == "UNKNOWN" and args.allow_unknown and unknown_allowed(row):
            status = "ok (unknown, as its marker allows; expected %s)" % expected
            allowed_count += 1
        elif verdict != expected:
            status = "FAIL: expected %s" % expected
        if verdict == "FOUND" and result and result.get("confirmed") is True:
            confirmed += 1
        detail = ""
        if result:
            detail = result.get("precondition") or result.get("reason") or ""
        print("%-9s %-60s %-40s %5.1fs  %s  %s" % (verdict, row["goal"], row["kind"], elapsed, status,
                                                   detail[:160]))
        if not status.startswith("ok"):
            failures.append(row)
    print()
    print("outcomes (expected -> actual):")
    for (e, a), n in sorted(counts.items()):
        print("  %-9s -> %-9s %d" % (e, a, n))
    print("run_wp_expectations: %d goals, %d FOUND confirmed on the JVM, %d stale markers, "
          "%d UNKNOWN allowed by their markers, %d failures (%.1f s)" % (
              len(rows), confirmed, stale, allowed_count, len(failures), time.monotonic() - start))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
