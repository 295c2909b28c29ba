#!/usr/bin/env python3
"""Benchmark of issue #6: interprocedural summaries with and without
generalization, over the fixture goals (tests/wp/interproc_expectations.tsv,
on build/fixtures/release17.jar) and the real-jar goals of
bench/interproc_goals.tsv.

Every goal runs twice, one configuration after the other:

  gen    jwp wp -cp CP --goal G --kind K --json [--entry E] --timeout-ms T --confirm
  nogen  the same with --no-generalization (NOGEN_FLAG) and without --confirm

and the script prints a markdown table: per goal the verdict, the engine's
time (`stats.time_ms`: the search alone, without class-path loading and
without the witness runner), summaries created / reused, the reuse factor
reused / (created + reused) and `methods_analysed`, for both
configurations; then totals per configuration (verdict counts, total and
median time, overall reuse factor = sum reused / sum (created + reused),
simplifier and solver time when jwp reports them) and the speedup = total
time nogen / total time gen over the goals both configurations finished.

While jwp does not know --no-generalization yet, the nogen configuration
is reported as unavailable (checked once against `jwp wp --help`, and on
every usage error that names the flag).

  bench/run_interproc_bench.py [--jwp build/bin/jwp] [--timeout-ms 60000]
      [--only REGEX] [--out FILE] [--jobs 1] [--goals bench/interproc_goals.tsv]
      [--fixtures tests/wp/interproc_expectations.tsv]
      [--fixture-cp build/fixtures/release17.jar] [--nogen-flag --no-generalization]
      [--kill-after SECONDS] [--no-fixtures] [--no-jars]

Python 3 standard library only. Exit status 0 when every run produced a
verdict, 1 when some run crashed, failed or was refuted by the witness
runner (listed at the end), 2 on bad usage.
"""
import argparse
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wp"))
from run_wp_expectations import read_tsv  # noqa: E402  (one reader of the goal tables)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERDICTS = ("FOUND", "NOT_FOUND", "UNKNOWN")
CONFIGS = ("gen", "nogen")
RETRIES = 10          # jwp missing or not startable (being rebuilt): retry ...
RETRY_WAIT_S = 30     # ... after this long


def entry_of(note):
    """The `entry=pkg.C.m(desc)` of a fixture note, as run_wp_expectations.py reads it."""
    for word in (note or "").split():
        if word.startswith("entry="):
            return word[len("entry="):].rstrip(".,;")
    return None


JAR_SET = {"commons-lang3": "lang3", "commons-io": "io", "guava": "guava"}


def set_name(jar):
    base = os.path.basename(jar)
    for prefix, name in JAR_SET.items():
        if base.startswith(prefix):
            return name
    return os.path.splitext(base)[0]


def load_goals(args):
    goals = []
    if not args.no_fixtures:
        for row in read_tsv(args.fixtures):
            goals.append({"set": "fixture", "cp": args.fixture_cp, "goal": row["goal"],
                          "kind": row["kind"], "entry": entry_of(row.get("note")),
                          "expected": row.get("expected", ""), "source": row.get("note", "")})
    if not args.no_jars:
        for row in read_tsv(args.goals):
            goals.append({"set": set_name(row["jar"]), "cp": row["jar"], "goal": row["goal"],
                          "kind": row["kind"], "entry": row.get("entry") or None,
                          "expected": "", "source": row.get("source", "")})
    if args.only:
        rx = re.compile(args.only)
        goals = [g for g in goals if rx.search(g["goal"]) or rx.search(g["set"])]
    return goals


SIMPLE_TYPES = {"B": "byte", "C": "char", "D": "double", "F": "float", "I": "int",
                "J": "long", "S": "short", "Z": "boolean", "V": "void"}


def short_params(desc):
    """'(Ljava/lang/Object;[II)V' -> 'Object,int[],int'."""
    inner = desc[1:desc.index(")")] if desc.startswith("(") and ")" in desc else desc
    out, i = [], 0
    while i < len(inner):
        dims = 0
        while inner[i] == "[":
            dims += 1
            i += 1
        if inner[i] == "L":
            j = inner.index(";", i)
            name = inner[i + 1:j].split("/")[-1].split("$")[-1]
            i = j + 1
        else:
            name = SIMPLE_TYPES.get(inner[i], inner[i])
            i += 1
        out.append(name + "[]" * dims)
    return ",".join(out)


def short_goal(goal, with_desc):
    """'a.b.C$D.m(desc)@line:N' -> 'C$D.m@line:N' (with the parameter types if asked)."""
    m = re.match(r"^(.*?)\.([\w$<>]+)(\([^)]*\)\S*?)?(@.*)$", goal)
    if not m:
        return goal
    cls, meth, desc, at = m.groups()
    cls = cls.split(".")[-1]
    params = "(%s)" % short_params(desc) if with_desc and desc else ""
    return "%s.%s%s%s" % (cls, meth, params, at)


def short_entry(entry, with_desc):
    """'a.b.C.m(desc)' -> 'C.m' (with the parameter types if asked)."""
    return short_goal(entry + "@", with_desc)[:-1]


def label_goals(goals):
    """A short, unique label per goal: class.method@site, the parameter types
    when two goals would share it, the kind when it is not npe."""
    def label(g, with_desc):
        s = short_goal(g["goal"], with_desc)
        if g["kind"] != "npe":
            s += " " + g["kind"].replace("java.lang.", "")
        if g["entry"]:
            s += " ← " + short_entry(g["entry"], with_desc)
        return s
    counts = {}
    for g in goals:
        key = label(g, False)
        counts[key] = counts.get(key, 0) + 1
    for g in goals:
        g["label"] = label(g, counts[label(g, False)] > 1)


def start_jwp(cmd, timeout_s):
    """subprocess.run, retried while the binary is missing or cannot start
    (another engineer rebuilds build/ continually)."""
    for attempt in range(RETRIES + 1):
        if not os.path.exists(cmd[0]) and attempt < RETRIES:
            time.sleep(RETRY_WAIT_S)
            continue
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
        except OSError:  # ENOENT, ETXTBSY, ENOEXEC while the file is replaced
            if attempt == RETRIES:
                raise
            time.sleep(RETRY_WAIT_S)
    raise OSError("unreachable")


def flag_supported(jwp, flag):
    p = start_jwp([jwp, "wp", "--help"], 120)
    return re.search(r"(^|[\s,])%s\b" % re.escape(flag), p.stdout + p.stderr) is not None


class State:
    def __init__(self, nogen_available):
        self.nogen_available = nogen_available


def run_config(args, state, g, config):
    """One jwp run. Returns a dict: status ('ok', 'unavailable', 'error',
    'crash', 'timeout'), verdict, confirmed, stats, wall_s, message, cmd."""
    if config == "nogen" and not state.nogen_available:
        return {"status": "unavailable", "verdict": None, "message": "jwp has no %s" % args.nogen_flag}
    cmd = [args.jwp, "wp", "-cp", g["cp"], "--goal", g["goal"], "--kind", g["kind"], "--json"]
    if g["entry"]:
        cmd += ["--entry", g["entry"]]
    cmd += ["--timeout-ms", str(args.timeout_ms)]
    if config == "gen":
        cmd += ["--confirm"]
    else:
        cmd += [args.nogen_flag]
    res = {"cmd": cmd, "verdict": None, "confirmed": None, "stats": {}, "message": "",
           "binary": binary_id(args.jwp)}

    def timed(command):
        """Runs jwp into res (wall_s, rc); None when it overran and was killed."""
        start = time.monotonic()
        try:
            p = start_jwp(command, args.kill_after)
        except subprocess.TimeoutExpired:
            res.update(status="timeout", wall_s=time.monotonic() - start,
                       message="jwp ignored --timeout-ms %d: killed after %.0f s" % (args.timeout_ms, args.kill_after))
            return None
        res["wall_s"] = time.monotonic() - start
        res["rc"] = p.returncode
        return p

    p = timed(cmd)
    if p is None:
        return res
    stderr = p.stderr.strip()
    if config == "nogen" and p.returncode == 2 and args.nogen_flag in stderr:
        state.nogen_available = False
        res.update(status="unavailable", message="jwp rejects %s: %s" % (args.nogen_flag, stderr[:200]))
        return res
    if p.returncode < 0:
        res.update(status="crash", message="jwp killed by signal %d: %s" % (-p.returncode, stderr[-300:]))
        return res
    if config == "gen" and p.returncode == 2 and "witness runner" in stderr:
        # jwp found a witness the runner could not even set up (exit 2, no JSON): run again
        # without --confirm for the verdict and the statistics; the FOUND stays unconfirmed.
        runner_error = stderr.splitlines()[-1][:200] if stderr else ""
        p = timed([a for a in cmd if a != "--confirm"])
        if p is None:
            return res
        res["runner_error"] = runner_error
        stderr = p.stderr.strip()
    if p.returncode in (1, 2):
        res.update(status="error", message="exit %d: %s" % (p.returncode, stderr[:300]))
        return res
    try:
        out = json.loads(p.stdout)
    except json.JSONDecodeError:
        res.update(status="error", message="exit %d, not JSON: %s %s" % (p.returncode, p.stdout[:200], stderr[:200]))
        return res
    res.update(status="ok", verdict=out.get("verdict"), confirmed=out.get("confirmed"),
               stats=out.get("stats") or {}, reason=out.get("reason") or "")
    if res["verdict"] not in VERDICTS:
        res.update(status="error", message="unknown verdict %r" % res["verdict"])
    return res


def fmt_verdict(r, config):
    st = r["status"]
    if st == "unavailable":
        return "n/a"
    if st != "ok":
        return st.upper()
    v = r["verdict"]
    if v == "FOUND" and config == "gen":
        if r.get("runner_error"):
            return "FOUND (runner failed)"
        return {True: "FOUND ✓", False: "FOUND ✗ refuted"}.get(r["confirmed"], "FOUND (not confirmed)")
    if v == "UNKNOWN":
        if timed_out(r):
            return "UNKNOWN (timeout)"
        if r.get("reason", "").startswith("budget"):
            return "UNKNOWN (budget)"
    return v


def timed_out(r):
    """The run stopped at --timeout-ms (engine reason `timeout: N ms`), or jwp never returned."""
    return r["status"] == "timeout" or (r["status"] == "ok" and r["verdict"] == "UNKNOWN"
                                        and "timeout:" in r.get("reason", ""))


def finished(r):
    """A verdict within the time limit (an UNKNOWN by the step or term budget counts: it is
    deterministic; one cut by the wall clock does not)."""
    return r["status"] == "ok" and not timed_out(r)


def stat(r, key):
    if r["status"] != "ok":
        return None
    return r["stats"].get(key)


def fmt_num(x, digits=0):
    if x is None:
        return "–"
    if digits == 0:
        return "{:,}".format(int(round(x)))
    return "{:,.{}f}".format(x, digits)


def reuse(created, reused):
    if created is None or reused is None or created + reused == 0:
        return None
    return 100.0 * reused / (created + reused)


def fmt_pct(x):
    return "–" if x is None else "%.1f%%" % x


def goal_rows(goals, results, binary=None):
    lines = ["| # | set | goal | verdict (gen) | verdict (no gen) | ms (gen) | ms (no gen) "
             "| created / reused (gen) | created / reused (no gen) | reuse (gen) | reuse (no gen) "
             "| methods (gen) | methods (no gen) |",
             "|--:|---|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|"]
    for i, g in enumerate(goals, 1):
        r = results[i - 1]
        mark = " †" if binary and any(r[c].get("binary", binary) != binary for c in CONFIGS) else ""
        cells = [str(i) + mark, g["set"], "`%s`" % g["label"]]
        cells += [fmt_verdict(r[c], c) for c in CONFIGS]
        cells += [fmt_num(stat(r[c], "time_ms")) for c in CONFIGS]
        for c in CONFIGS:
            cr, ru = stat(r[c], "summaries_created"), stat(r[c], "summaries_reused")
            cells.append("–" if cr is None else "%s / %s" % (fmt_num(cr), fmt_num(ru)))
        cells += [fmt_pct(reuse(stat(r[c], "summaries_created"), stat(r[c], "summaries_reused")))
                  for c in CONFIGS]
        cells += [fmt_num(stat(r[c], "methods_analysed")) for c in CONFIGS]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def totals(goals, results, subset_name, idx):
    """Totals rows (one column per configuration) over the goals at indices idx."""
    out = []
    rs = {c: [results[i][c] for i in idx] for c in CONFIGS}
    ok = {c: [r for r in rs[c] if r["status"] == "ok"] for c in CONFIGS}

    def row(name, f):
        out.append("| %s | %s | %s |" % (name, f("gen"), f("nogen")))

    def avail(c):
        return any(r["status"] != "unavailable" for r in rs[c])

    out.append("| %s (%d goals) | with generalization | without generalization |" % (subset_name, len(idx)))
    out.append("|---|--:|--:|")

    def verdict_counts(c):
        if not avail(c):
            return "n/a (unavailable)"
        counts = {}
        for r in rs[c]:
            k = r["verdict"] if r["status"] == "ok" else r["status"]
            counts[k] = counts.get(k, 0) + 1
        order = list(VERDICTS) + sorted(k for k in counts if k not in VERDICTS)
        return ", ".join("%s %d" % (k, counts[k]) for k in order if k in counts)
    row("verdicts", verdict_counts)

    expected_idx = [i for i in idx if goals[i]["expected"] in VERDICTS]
    if expected_idx:
        def as_expected(c):
            if not avail(c):
                return "n/a"
            same = sum(1 for i in expected_idx if results[i][c]["verdict"] == goals[i]["expected"])
            wrong = sum(1 for i in expected_idx if results[i][c]["verdict"] in ("FOUND", "NOT_FOUND")
                        and goals[i]["expected"] in ("FOUND", "NOT_FOUND")
                        and results[i][c]["verdict"] != goals[i]["expected"])
            return "%d of %d%s" % (same, len(expected_idx), (", %d contradict it" % wrong) if wrong else "")
        row("as expected (tests/wp/interproc_expectations.tsv)", as_expected)

    def confirmed(c):
        found = [r for r in ok[c] if r["verdict"] == "FOUND"]
        if c != "gen":
            return "(not run)" if avail(c) else "n/a"
        n = sum(1 for r in found if r["confirmed"] is True)
        refuted = sum(1 for r in found if r["confirmed"] is False)
        failed = sum(1 for r in found if r.get("runner_error"))
        return "%d of %d FOUND%s%s" % (n, len(found), (", %d REFUTED" % refuted) if refuted else "",
                                       (", the runner failed on %d" % failed) if failed else "")
    row("FOUND confirmed on the JVM", confirmed)

    def times(c):
        return [r["stats"].get("time_ms", 0.0) for r in ok[c]]

    row("total time (ms, goals with a verdict)",
        lambda c: fmt_num(sum(times(c))) if ok[c] else "n/a")
    row("median time per goal (ms)",
        lambda c: fmt_num(statistics.median(times(c)), 1) if ok[c] else "n/a")

    def sumstat(c, key):
        vals = [r["stats"].get(key) for r in ok[c]]
        if not ok[c] or any(v is None for v in vals):
            return None
        return sum(vals)

    for key, name in (("simplifier_ms", "simplifier time (ms)"), ("solver_ms", "solver time (ms)")):
        row(name, lambda c, key=key: fmt_num(sumstat(c, key)) if sumstat(c, key) is not None
            else ("n/a" if not ok[c] else "not reported"))
    row("summaries created / reused",
        lambda c: "%s / %s" % (fmt_num(sumstat(c, "summaries_created")), fmt_num(sumstat(c, "summaries_reused")))
        if ok[c] else "n/a")
    row("**reuse factor** (Σ reused / Σ (created + reused))",
        lambda c: "**%s**" % fmt_pct(reuse(sumstat(c, "summaries_created"), sumstat(c, "summaries_reused")))
        if ok[c] else "n/a")
    row("methods analysed (sum)", lambda c: fmt_num(sumstat(c, "methods_analysed")) if ok[c] else "n/a")

    both = [i for i in idx if finished(results[i]["gen"]) and finished(results[i]["nogen"])]
    decided = [i for i in both if results[i]["gen"]["verdict"] != "UNKNOWN"
               and results[i]["nogen"]["verdict"] != "UNKNOWN"]

    def speedup(sel):
        if not sel:
            return "n/a (no goal finished in both configurations)"
        tg = sum(results[i]["gen"]["stats"].get("time_ms", 0.0) for i in sel)
        tn = sum(results[i]["nogen"]["stats"].get("time_ms", 0.0) for i in sel)
        if tg <= 0:
            return "n/a (zero time)"
        return "**%.2fx** (%s ms without / %s ms with, %d goals)" % (tn / tg, fmt_num(tn), fmt_num(tg), len(sel))
    row("timed out (`--timeout-ms`)",
        lambda c: str(sum(1 for r in rs[c] if timed_out(r))) if avail(c) else "n/a")
    out.append("| **speedup** (Σ time without / Σ time with, goals finished in both: a verdict, "
               "no timeout) | %s | |" % speedup(both))
    out.append("| speedup over goals decided (FOUND / NOT_FOUND) in both | %s | |" % speedup(decided))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--jwp", default=os.path.join(ROOT, "build", "bin", "jwp"))
    ap.add_argument("--timeout-ms", type=int, default=60000)
    ap.add_argument("--only", default="", help="regex on the goal (or the set: fixture, lang3, io, guava)")
    ap.add_argument("--out", help="also write the markdown to this file")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--goals", default=os.path.join(ROOT, "bench", "interproc_goals.tsv"))
    ap.add_argument("--fixtures", default=os.path.join(ROOT, "tests", "wp", "interproc_expectations.tsv"))
    ap.add_argument("--fixture-cp", default=os.path.join(ROOT, "build", "fixtures", "release17.jar"))
    ap.add_argument("--nogen-flag", default="--no-generalization",
                    help="the flag of the second configuration (default --no-generalization)")
    ap.add_argument("--kill-after", type=float,
                    help="kill a jwp run after this many seconds (default 2 x --timeout-ms + 60 s)")
    ap.add_argument("--no-fixtures", action="store_true", help="leave out the fixture goals")
    ap.add_argument("--no-jars", action="store_true", help="leave out the real-jar goals")
    args = ap.parse_args()
    if args.jobs < 1 or args.timeout_ms <= 0:
        ap.error("--jobs and --timeout-ms must be positive")
    if args.kill_after is None:
        args.kill_after = 2 * args.timeout_ms / 1000 + 60

    goals = load_goals(args)
    if not goals:
        print("no goals selected", file=sys.stderr)
        return 2
    label_goals(goals)
    state = State(flag_supported(args.jwp, args.nogen_flag))
    if not state.nogen_available:
        print("run_interproc_bench: %s does not know %s: the configuration without generalization is "
              "reported as unavailable" % (args.jwp, args.nogen_flag), file=sys.stderr)

    started = time.monotonic()
    t0 = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    binary_before = binary_id(args.jwp)

    def one(i):
        g = goals[i]
        r = {c: run_config(args, state, g, c) for c in CONFIGS}
        print("[%d/%d] %-60s gen %-22s %8s ms | nogen %-18s %8s ms" % (
            i + 1, len(goals), g["label"][:60], fmt_verdict(r["gen"], "gen"),
            fmt_num(stat(r["gen"], "time_ms")), fmt_verdict(r["nogen"], "nogen"),
            fmt_num(stat(r["nogen"], "time_ms"))), file=sys.stderr, flush=True)
        return r

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, range(len(goals))))
    wall = time.monotonic() - started
    binary_after = binary_id(args.jwp)

    md = []
    md.append("jwp interprocedural benchmark (issue #6), %s: %d goals, each with generalization (`--confirm`) "
              "and without (`%s`%s); `--timeout-ms %d`, %d job(s); wall time %.0f s; jwp binary of %s."
              % (t0, len(goals), args.nogen_flag, "" if state.nogen_available else ": unavailable in this jwp",
                 args.timeout_ms, args.jobs, wall, binary_before))
    md.append("")
    if binary_after != binary_before:
        md.append("**Warning: %s changed during the run (%s, now %s): the runs mix binaries; † marks "
                  "the goals run with another one.**" % (args.jwp, binary_before, binary_after))
        md.append("")
    md.append("Times are the engine's `stats.time_ms` (the search; class-path loading and the witness "
              "runner excluded). ✓: FOUND and CONFIRMED by the witness runner. "
              "reuse = reused / (created + reused).")
    md.append("")
    md += goal_rows(goals, results, binary_before)
    md.append("")
    sets = []
    for g in goals:
        if g["set"] not in sets:
            sets.append(g["set"])
    subsets = []
    fixture_idx = [i for i, g in enumerate(goals) if g["set"] == "fixture"]
    jar_idx = [i for i, g in enumerate(goals) if g["set"] != "fixture"]
    if fixture_idx:
        subsets.append(("fixtures", fixture_idx))
    if jar_idx:
        for s in sets:
            if s != "fixture":
                subsets.append((s, [i for i, g in enumerate(goals) if g["set"] == s]))
        if len([s for s in sets if s != "fixture"]) > 1:
            subsets.append(("real jars", jar_idx))
    if fixture_idx and jar_idx:
        subsets.append(("all", list(range(len(goals)))))
    for name, idx in subsets:
        md += totals(goals, results, name, idx)
        md.append("")

    problems, notes = [], []
    for i, g in enumerate(goals):
        for c in CONFIGS:
            r = results[i][c]
            if r["status"] in ("error", "crash", "timeout"):
                problems.append("- #%d `%s` (%s): %s\n  `%s`" % (i + 1, g["goal"], c, r["message"],
                                                                  " ".join(shell_quote(a) for a in r["cmd"])))
            elif r["status"] == "ok" and c == "gen" and r["verdict"] == "FOUND" and r["confirmed"] is False:
                problems.append("- #%d `%s` (%s): FOUND but REFUTED by the witness runner\n  `%s`"
                                % (i + 1, g["goal"], c, " ".join(shell_quote(a) for a in r["cmd"])))
            elif r["status"] == "ok" and r.get("runner_error"):
                notes.append("- #%d `%s` (%s): FOUND, but the witness runner failed on the witness (%s)\n  `%s`"
                             % (i + 1, g["goal"], c, r["runner_error"], " ".join(shell_quote(a) for a in r["cmd"])))
    if problems:
        md.append("Runs without a verdict, or refuted:")
        md.append("")
        md += problems
        md.append("")

    differ = []
    for i, g in enumerate(goals):
        if g["expected"] not in VERDICTS:
            continue
        got = {c: results[i][c]["verdict"] for c in CONFIGS if results[i][c]["status"] == "ok"}
        if any(v != g["expected"] for v in got.values()):
            differ.append("- #%d `%s`: expected %s, got %s" % (
                i + 1, g["label"], g["expected"],
                ", ".join("%s %s" % (v, c) for c, v in sorted(got.items()))))
    if differ:
        md.append("Fixture goals whose verdict differs from the expectation:")
        md.append("")
        md += differ
        md.append("")
    reasons = []
    for i, g in enumerate(goals):
        per = []
        for c in CONFIGS:
            r = results[i][c]
            if r["status"] == "ok" and r["verdict"] == "UNKNOWN":
                per.append((c, r.get("reason", "")))
        if not per:
            continue
        if len(per) == 2 and per[0][1] == per[1][1]:
            per = [("both", per[0][1])]
        for c, reason in per:
            reasons.append("- #%d `%s` (%s): %s" % (i + 1, g["label"], c, reason[:240]))
    if reasons:
        md.append("Reasons of the UNKNOWN verdicts (jwp's `reason`, cut at 240 characters):")
        md.append("")
        md += reasons
        md.append("")
    if notes:
        md.append("FOUND without confirmation (the witness runner failed; verdict and statistics from a "
                  "second run without `--confirm`):")
        md.append("")
        md += notes
        md.append("")
    text = "\n".join(md)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 1 if problems else 0


def binary_id(path):
    """The binary's modification time and size: enough to notice a rebuild during the run."""
    try:
        st = os.stat(path)
    except OSError:
        return "(missing)"
    return "%s, %d bytes" % (time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(st.st_mtime)), st.st_size)


def shell_quote(s):
    return s if re.match(r"^[\w@%+=:,./-]+$", s) else "'" + s.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    sys.exit(main())
