#!/usr/bin/env python3
"""Benchmarks of jwp wp that compare two configurations over the same goals,
in one run: the fixture goals (tests/wp/interproc_expectations.tsv, on
build/fixtures/release17.jar) and real-jar goals (bench/*_goals.tsv).

  --compare gen  (default; issue #6) interprocedural summaries with and
                 without generalization, over bench/interproc_goals.tsv:
      gen       jwp wp -cp CP --goal G --kind K --json [--entry E] --timeout-ms T --confirm
      nogen     the same with --no-generalization (--nogen-flag) and without --confirm
  --compare cha  (issue #7) directed call-graph construction against
                 class-hierarchy analysis, over bench/interproc_goals.tsv and
                 bench/polymorphic_goals.tsv:
      directed  jwp wp ... --confirm (jwp's default call graph)
      cha       the same with --callgraph cha (--cha-flag), --confirm too
  --compare binaries  two builds of jwp with the same flags (an A/B of an
                 engine change), over the goals of --compare cha:
      new       --jwp, jwp's defaults and --confirm
      base      --base-jwp (a copy of an earlier build: its bin/ and lib/)

Every goal runs in both configurations, one right after the other. The
script prints a markdown table: per goal the verdicts and the engine's time
(`stats.time_ms`: the search alone, without class-path loading and without
the witness runner), then per comparison summaries created / reused, the
reuse factor reused / (created + reused) and `methods_analysed` (gen), or
`callgraph_methods` and `phases` (cha). Then totals per configuration and per
set of goals: verdict counts, total and median time, and the speedup = total
time of the second configuration / total time of the first, over the goals
both finished and over the goals both decided (FOUND or NOT_FOUND); and the
goals one configuration decides and the other does not.

A configuration whose flag jwp does not know (checked once against
`jwp wp --help`, and on every usage error that names the flag) is reported
as unavailable.

  bench/run_interproc_bench.py [--compare gen|cha|binaries] [--jwp build/bin/jwp] [--base-jwp PATH]
      [--timeout-ms 60000] [--only REGEX] [--out FILE] [--jobs 1]
      [--goals FILE]... [--fixtures tests/wp/interproc_expectations.tsv]
      [--fixture-cp build/fixtures/release17.jar] [--nogen-flag --no-generalization]
      [--cha-flag '--callgraph cha'] [--kill-after SECONDS] [--no-fixtures] [--no-jars]

Python 3 standard library only. Exit status 0 when every run produced a
verdict, 1 when some run crashed, failed or was refuted by the witness
runner (listed at the end), 2 on bad usage.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wp"))
from run_wp_expectations import read_tsv  # noqa: E402  (one reader of the goal tables)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
VERDICTS = ("FOUND", "NOT_FOUND", "UNKNOWN")
DECIDED = ("FOUND", "NOT_FOUND")
RETRIES = 10          # jwp missing or not startable (being rebuilt): retry ...
RETRY_WAIT_S = 30     # ... after this long


def flag_words(flag):
    """'--callgraph cha' or '--callgraph=cha' -> ['--callgraph', 'cha'] (separate argv words)."""
    words = shlex.split(flag)
    if words and words[0].startswith("--") and "=" in words[0]:
        name, value = words[0].split("=", 1)
        words = [name, value] + words[1:]
    return words


def flag_name(flag):
    """The option's name: '--callgraph cha' -> '--callgraph'."""
    words = flag_words(flag)
    return words[0] if words else ""


def comparison(args):
    """The two configurations of --compare: the first is the one measured (its speedup is
    reported), the second the baseline."""
    if args.compare == "gen":
        return {
            "title": "jwp interprocedural benchmark (issue #6)",
            "configs": ("gen", "nogen"),
            "name": {"gen": "with generalization", "nogen": "without generalization"},
            "short": {"gen": "gen", "nogen": "no gen"},
            "flags": {"gen": [], "nogen": flag_words(args.nogen_flag)},
            "confirm": {"gen": True, "nogen": False},
            "goals": [os.path.join(BENCH, "interproc_goals.tsv")],
        }
    if args.compare == "binaries":
        return {
            "title": "jwp A/B of two builds",
            "configs": ("new", "base"),
            "name": {"new": "new jwp", "base": "base jwp"},
            "short": {"new": "new", "base": "base"},
            "flags": {"new": [], "base": []},
            "confirm": {"new": True, "base": True},
            "goals": [os.path.join(BENCH, "interproc_goals.tsv"), os.path.join(BENCH, "polymorphic_goals.tsv")],
            "columns": "cha",
            "binary": {"new": args.jwp, "base": args.base_jwp},
        }
    return {
        "title": "jwp call-graph benchmark (issue #7)",
        "configs": ("directed", "cha"),
        "name": {"directed": "directed", "cha": "CHA"},
        "short": {"directed": "directed", "cha": "CHA"},
        "flags": {"directed": [], "cha": flag_words(args.cha_flag)},
        "confirm": {"directed": True, "cha": True},
        "goals": [os.path.join(BENCH, "interproc_goals.tsv"), os.path.join(BENCH, "polymorphic_goals.tsv")],
    }


def entry_of(note):
    """The `entry=pkg.C.m(desc)` of a fixture note, as run_wp_expectations.py reads it."""
    for word in (note or "").split():
        if word.startswith("entry="):
            return word[len("entry="):].rstrip(".,;")
    return None


JAR_SET = {"commons-lang3": "lang3", "commons-io": "io", "guava": "guava",
           "commons-collections4": "collections4"}


def set_name(jar):
    base = os.path.basename(jar)
    for prefix, name in JAR_SET.items():
        if base.startswith(prefix):
            return name
    return os.path.splitext(base)[0]


def group_name(path):
    """bench/polymorphic_goals.tsv -> 'polymorphic'."""
    base = os.path.splitext(os.path.basename(path))[0]
    return base[:-len("_goals")] if base.endswith("_goals") else base


def load_goals(args, goal_files):
    goals = []
    if not args.no_fixtures:
        for row in read_tsv(args.fixtures):
            goals.append({"set": "fixture", "group": "fixture", "cp": args.fixture_cp, "goal": row["goal"],
                          "kind": row["kind"], "entry": entry_of(row.get("note")),
                          "expected": row.get("expected", ""), "source": row.get("note", "")})
    if not args.no_jars:
        for path in goal_files:
            group = group_name(path)
            for row in read_tsv(path):
                name = set_name(row["jar"])
                goals.append({"set": name if len(goal_files) == 1 else "%s %s" % (group, name),
                              "group": group, "cp": row["jar"], "goal": row["goal"],
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
    """Does `jwp wp --help` list the option (its name: '--callgraph' for '--callgraph cha')?"""
    name = flag_name(flag)
    p = start_jwp([jwp, "wp", "--help"], 120)
    return bool(name) and re.search(r"(^|[\s,])%s(?![\w-])" % re.escape(name), p.stdout + p.stderr) is not None


class State:
    def __init__(self, cmp, available):
        self.cmp = cmp
        self.available = available   # config -> bool


def run_config(args, state, g, config):
    """One jwp run. Returns a dict: status ('ok', 'unavailable', 'error',
    'crash', 'timeout'), verdict, confirmed, stats, wall_s, message, cmd."""
    flags = state.cmp["flags"][config]
    if not state.available[config]:
        return {"status": "unavailable", "verdict": None, "message": "jwp has no %s" % " ".join(flags)}
    jwp = binary_of(args, state.cmp, config)
    cmd = [jwp, "wp", "-cp", g["cp"], "--goal", g["goal"], "--kind", g["kind"], "--json"]
    if g["entry"]:
        cmd += ["--entry", g["entry"]]
    cmd += ["--timeout-ms", str(args.timeout_ms)]
    if state.cmp["confirm"][config]:
        cmd += ["--confirm"]
    cmd += flags
    res = {"cmd": cmd, "verdict": None, "confirmed": None, "stats": {}, "message": "",
           "binary": binary_id(jwp)}

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
    if flags and p.returncode == 2 and flags[0] in stderr:
        state.available[config] = False
        res.update(status="unavailable", message="jwp rejects %s: %s" % (" ".join(flags), stderr[:200]))
        return res
    if p.returncode < 0:
        res.update(status="crash", message="jwp killed by signal %d: %s" % (-p.returncode, stderr[-300:]))
        return res
    if "--confirm" in cmd and p.returncode == 2 and "witness runner" in stderr:
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


def fmt_verdict(r, confirm):
    st = r["status"]
    if st == "unavailable":
        return "n/a"
    if st != "ok":
        return st.upper()
    v = r["verdict"]
    if v == "FOUND" and confirm:
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


def decided(r):
    return r["status"] == "ok" and r["verdict"] in DECIDED


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


def created_reused(r):
    cr, ru = stat(r, "summaries_created"), stat(r, "summaries_reused")
    return "–" if cr is None else "%s / %s" % (fmt_num(cr), fmt_num(ru))


# Per-goal columns after the verdicts and times, one per configuration each:
# (header, function of one run's result).
GOAL_COLUMNS = {
    "gen": [("created / reused", created_reused),
            ("reuse", lambda r: fmt_pct(reuse(stat(r, "summaries_created"), stat(r, "summaries_reused")))),
            ("methods", lambda r: fmt_num(stat(r, "methods_analysed")))],
    "cha": [("call-graph methods", lambda r: fmt_num(stat(r, "callgraph_methods"))),
            ("phases", lambda r: fmt_num(stat(r, "phases")))],
}


def goal_rows(args, cmp, goals, results, binary=None):
    configs = cmp["configs"]
    columns = [("verdict", lambda r, c: fmt_verdict(r, cmp["confirm"][c])),
               ("ms", lambda r, c: fmt_num(stat(r, "time_ms")))]
    columns += [(h, lambda r, c, f=f: f(r)) for h, f in GOAL_COLUMNS[cmp.get("columns", args.compare)]]
    head = ["#", "set", "goal"]
    for h, _ in columns:
        head += ["%s (%s)" % (h, cmp["short"][c]) for c in configs]
    lines = ["| " + " | ".join(head) + " |",
             "|--:|---|---|" + "|".join("---" if h == "verdict" else "--:" for h, _ in columns for c in configs) + "|"]
    for i, g in enumerate(goals, 1):
        r = results[i - 1]
        expected = {c: (cmp["binary_ids"][c] if "binary_ids" in cmp else binary) for c in configs}
        mark = " †" if binary and any(r[c].get("binary", expected[c]) != expected[c] for c in configs) else ""
        cells = [str(i) + mark, g["set"], "`%s`" % g["label"]]
        for _, f in columns:
            cells += [f(r[c], c) for c in configs]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def sum_stat(rs, key):
    """The sum of a statistic over runs with a verdict; None when some run lacks it."""
    vals = [r["stats"].get(key) for r in rs]
    if not rs or any(v is None for v in vals):
        return None
    return sum(vals)


def totals_gen(row, ok):
    row("summaries created / reused",
        lambda c: "%s / %s" % (fmt_num(sum_stat(ok[c], "summaries_created")),
                               fmt_num(sum_stat(ok[c], "summaries_reused"))) if ok[c] else "n/a")
    row("**reuse factor** (Σ reused / Σ (created + reused))",
        lambda c: "**%s**" % fmt_pct(reuse(sum_stat(ok[c], "summaries_created"),
                                           sum_stat(ok[c], "summaries_reused"))) if ok[c] else "n/a")
    row("methods analysed (sum)", lambda c: fmt_num(sum_stat(ok[c], "methods_analysed")) if ok[c] else "n/a")


def totals_cha(row, ok):
    def spread(c, key):
        vals = [r["stats"].get(key) for r in ok[c] if r["stats"].get(key) is not None]
        if not vals:
            return "n/a" if not ok[c] else "not reported"
        return "%s / %s / %s" % (fmt_num(sum(vals)), fmt_num(statistics.median(vals), 1), fmt_num(max(vals)))
    row("call-graph methods (sum / median / max)", lambda c: spread(c, "callgraph_methods"))
    row("phases (sum / median / max)", lambda c: spread(c, "phases"))
    row("sites expanded (sum)", lambda c: fmt_num(sum_stat(ok[c], "sites_expanded")) if ok[c] else "n/a")
    row("methods analysed (sum)", lambda c: fmt_num(sum_stat(ok[c], "methods_analysed")) if ok[c] else "n/a")

    def kept(c):
        k, u = sum_stat(ok[c], "summaries_kept"), sum_stat(ok[c], "summaries_kept_reused")
        if not ok[c]:
            return "n/a"
        return "not reported" if k is None or u is None else "%s / %s" % (fmt_num(k), fmt_num(u))
    row("summaries kept across phases / call sites they served (sum)", kept)


TOTALS = {"gen": totals_gen, "cha": totals_cha}


def totals(args, cmp, goals, results, subset_name, idx):
    """Totals rows (one column per configuration) over the goals at indices idx."""
    configs = cmp["configs"]
    first, second = configs
    out = []
    rs = {c: [results[i][c] for i in idx] for c in configs}
    ok = {c: [r for r in rs[c] if r["status"] == "ok"] for c in configs}

    def row(name, f):
        out.append("| %s | %s |" % (name, " | ".join(f(c) for c in configs)))

    def avail(c):
        return any(r["status"] != "unavailable" for r in rs[c])

    out.append("| %s (%d goals) | %s |" % (subset_name, len(idx), " | ".join(cmp["name"][c] for c in configs)))
    out.append("|---|" + "--:|" * len(configs))

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
            wrong = sum(1 for i in expected_idx if results[i][c]["verdict"] in DECIDED
                        and goals[i]["expected"] in DECIDED
                        and results[i][c]["verdict"] != goals[i]["expected"])
            return "%d of %d%s" % (same, len(expected_idx), (", %d contradict it" % wrong) if wrong else "")
        row("as expected (tests/wp/interproc_expectations.tsv)", as_expected)

    def confirmed(c):
        found = [r for r in ok[c] if r["verdict"] == "FOUND"]
        if not cmp["confirm"][c]:
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
    for key, name in (("simplifier_ms", "simplifier time (ms)"), ("solver_ms", "solver time (ms)")):
        row(name, lambda c, key=key: fmt_num(sum_stat(ok[c], key)) if sum_stat(ok[c], key) is not None
            else ("n/a" if not ok[c] else "not reported"))
    TOTALS[cmp.get("columns", args.compare)](row, ok)
    row("timed out (`--timeout-ms`)",
        lambda c: str(sum(1 for r in rs[c] if timed_out(r))) if avail(c) else "n/a")
    row("decided (FOUND / NOT_FOUND) in this configuration only",
        lambda c: str(sum(1 for i in idx if decided(results[i][c])
                          and not decided(results[i][second if c == first else first]))))

    both = [i for i in idx if finished(results[i][first]) and finished(results[i][second])]
    both_decided = [i for i in both if decided(results[i][first]) and decided(results[i][second])]

    def speedup(sel):
        if not sel:
            return "n/a (no such goal)"
        t1 = sum(results[i][first]["stats"].get("time_ms", 0.0) for i in sel)
        t2 = sum(results[i][second]["stats"].get("time_ms", 0.0) for i in sel)
        if t1 <= 0:
            return "n/a (zero time)"
        return "**%.2fx** (%s ms %s / %s ms %s, %d goals)" % (t2 / t1, fmt_num(t2), cmp["short"][second],
                                                             fmt_num(t1), cmp["short"][first], len(sel))
    blank = " |" * (len(configs) - 1)
    out.append("| **speedup** (Σ time %s / Σ time %s, goals finished in both: a verdict, no timeout) | %s%s"
               % (cmp["short"][second], cmp["short"][first], speedup(both), blank))
    out.append("| **speedup over goals decided (FOUND / NOT_FOUND) in both** | %s%s" % (speedup(both_decided), blank))
    return out


def subsets_of(goals):
    """(name, indices) of the totals tables: the fixtures, each goal file (each jar when there is
    one file), the real jars, all."""
    subsets = []
    fixture_idx = [i for i, g in enumerate(goals) if g["set"] == "fixture"]
    jar_idx = [i for i, g in enumerate(goals) if g["set"] != "fixture"]
    if fixture_idx:
        subsets.append(("fixtures", fixture_idx))
    groups = []
    for g in goals:
        if g["set"] != "fixture" and g["group"] not in groups:
            groups.append(g["group"])
    key = "group" if len(groups) > 1 else "set"
    names = []
    for i in jar_idx:
        if goals[i][key] not in names:
            names.append(goals[i][key])
    for n in names:
        subsets.append(("%s goals" % n if key == "group" else n,
                        [i for i in jar_idx if goals[i][key] == n]))
    if len(names) > 1:
        subsets.append(("real jars", jar_idx))
    if fixture_idx and jar_idx:
        subsets.append(("all", list(range(len(goals)))))
    return subsets


def cmd_text(r):
    return " ".join(shell_quote(a) for a in r["cmd"])


def report_lists(cmp, goals, results):
    """The lists after the tables: failed or refuted runs, goals decided by one configuration only,
    contradicting verdicts, fixture goals off their expectation, reasons of the UNKNOWNs, FOUNDs the
    runner could not replay. Returns (markdown lines, whether some run failed or was refuted)."""
    configs = cmp["configs"]
    first, second = configs
    md, problems, notes = [], [], []
    for i, g in enumerate(goals):
        for c in configs:
            r = results[i][c]
            if r["status"] in ("error", "crash", "timeout"):
                problems.append("- #%d `%s` (%s): %s\n  `%s`" % (i + 1, g["goal"], c, r["message"], cmd_text(r)))
            elif r["status"] == "ok" and r["verdict"] == "FOUND" and r["confirmed"] is False:
                problems.append("- #%d `%s` (%s): FOUND but REFUTED by the witness runner\n  `%s`"
                                % (i + 1, g["goal"], c, cmd_text(r)))
            elif r["status"] == "ok" and r.get("runner_error"):
                notes.append("- #%d `%s` (%s): FOUND, but the witness runner failed on the witness (%s)\n  `%s`"
                             % (i + 1, g["goal"], c, r["runner_error"], cmd_text(r)))

    def section(title, lines):
        if lines:
            md.extend([title, ""] + lines + [""])

    section("Runs without a verdict, or refuted:", problems)
    for a, b in ((second, first), (first, second)):
        section("Goals %s decides (FOUND / NOT_FOUND) and %s does not:" % (cmp["name"][a], cmp["name"][b]),
                ["- #%d `%s`: %s %s (%s ms), %s %s (%s ms)" % (
                    i + 1, g["label"], cmp["short"][a], results[i][a]["verdict"], fmt_num(stat(results[i][a], "time_ms")),
                    cmp["short"][b], fmt_verdict(results[i][b], False), fmt_num(stat(results[i][b], "time_ms")))
                 for i, g in enumerate(goals) if decided(results[i][a]) and not decided(results[i][b])])
    section("Goals with contradicting verdicts (FOUND in one configuration, NOT_FOUND in the other):",
            ["- #%d `%s`: %s" % (i + 1, g["label"], ", ".join("%s %s" % (cmp["short"][c], results[i][c]["verdict"])
                                                             for c in configs))
             for i, g in enumerate(goals) if decided(results[i][first]) and decided(results[i][second])
             and results[i][first]["verdict"] != results[i][second]["verdict"]])
    differ = []
    for i, g in enumerate(goals):
        if g["expected"] not in VERDICTS:
            continue
        got = {c: results[i][c]["verdict"] for c in configs if results[i][c]["status"] == "ok"}
        if any(v != g["expected"] for v in got.values()):
            differ.append("- #%d `%s`: expected %s, got %s" % (
                i + 1, g["label"], g["expected"], ", ".join("%s %s" % (v, c) for c, v in sorted(got.items()))))
    section("Fixture goals whose verdict differs from the expectation:", differ)
    reasons = []
    for i, g in enumerate(goals):
        per = [(c, results[i][c].get("reason", "")) for c in configs
               if results[i][c]["status"] == "ok" and results[i][c]["verdict"] == "UNKNOWN"]
        if len(per) == 2 and per[0][1] == per[1][1]:
            per = [("both", per[0][1])]
        for c, reason in per:
            reasons.append("- #%d `%s` (%s): %s" % (i + 1, g["label"], c, reason[:240]))
    section("Reasons of the UNKNOWN verdicts (jwp's `reason`, cut at 240 characters):", reasons)
    section("FOUND without confirmation (the witness runner failed; verdict and statistics from a "
            "second run without `--confirm`):", notes)
    return md, bool(problems)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--compare", choices=("gen", "cha", "binaries"), default="gen",
                    help="gen: with and without generalization (issue #6, the default); "
                         "cha: directed call graph against CHA (issue #7)")
    ap.add_argument("--jwp", default=os.path.join(ROOT, "build", "bin", "jwp"))
    ap.add_argument("--base-jwp", help="--compare binaries: the jwp to compare --jwp with (a copy of an "
                    "earlier build's bin/ and lib/, so that it finds its own models jar)")
    ap.add_argument("--timeout-ms", type=int, default=60000)
    ap.add_argument("--only", default="", help="regex on the goal or the set (fixture, lang3, io, guava, "
                                               "collections4; with several goal files, e.g. 'polymorphic guava')")
    ap.add_argument("--out", help="also write the markdown to this file")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--goals", action="append",
                    help="a real-jar goal file (repeatable; default: bench/interproc_goals.tsv, and with "
                         "--compare cha also bench/polymorphic_goals.tsv)")
    ap.add_argument("--fixtures", default=os.path.join(ROOT, "tests", "wp", "interproc_expectations.tsv"))
    ap.add_argument("--fixture-cp", default=os.path.join(ROOT, "build", "fixtures", "release17.jar"))
    ap.add_argument("--nogen-flag", default="--no-generalization",
                    help="the flag of the configuration without generalization (--compare gen)")
    ap.add_argument("--cha-flag", default="--callgraph cha",
                    help="the flag(s) of the CHA configuration (--compare cha), passed as separate words")
    ap.add_argument("--kill-after", type=float,
                    help="kill a jwp run after this many seconds (default 2 x --timeout-ms + 60 s)")
    ap.add_argument("--no-fixtures", action="store_true", help="leave out the fixture goals")
    ap.add_argument("--no-jars", action="store_true", help="leave out the real-jar goals")
    args = ap.parse_args()
    if args.jobs < 1 or args.timeout_ms <= 0:
        ap.error("--jobs and --timeout-ms must be positive")
    if args.kill_after is None:
        args.kill_after = 2 * args.timeout_ms / 1000 + 60
    if args.compare == "binaries" and not args.base_jwp:
        print("run_interproc_bench: --compare binaries needs --base-jwp", file=sys.stderr)
        return 2
    cmp = comparison(args)
    configs = cmp["configs"]

    goals = load_goals(args, args.goals or cmp["goals"])
    if not goals:
        print("no goals selected", file=sys.stderr)
        return 2
    label_goals(goals)
    available = {}
    for c in configs:
        flags = cmp["flags"][c]
        available[c] = not flags or flag_supported(args.jwp, " ".join(flags))
        if not available[c]:
            print("run_interproc_bench: %s does not know %s: the configuration %s is reported as unavailable"
                  % (args.jwp, flags[0], cmp["name"][c]), file=sys.stderr)
    state = State(cmp, available)

    started = time.monotonic()
    t0 = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    binary_before = binary_id(args.jwp)
    if "binary" in cmp:
        cmp["binary_ids"] = {c: binary_id(binary_of(args, cmp, c)) for c in configs}

    def one(i):
        g = goals[i]
        r = {c: run_config(args, state, g, c) for c in configs}
        print("[%d/%d] %-60s %s" % (i + 1, len(goals), g["label"][:60], " | ".join(
            "%s %-22s %8s ms" % (cmp["short"][c], fmt_verdict(r[c], cmp["confirm"][c]), fmt_num(stat(r[c], "time_ms")))
            for c in configs)), file=sys.stderr, flush=True)
        return r

    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, range(len(goals))))
    wall = time.monotonic() - started
    binary_after = binary_id(args.jwp)

    def describe(c):
        flags = cmp["flags"][c]
        words = (["`%s`" % " ".join(flags)] if flags else ["jwp's defaults"])
        words += ["`--confirm`"] if cmp["confirm"][c] else []
        return "%s (%s%s)" % (cmp["name"][c], " and ".join(words), "" if available[c] else ": unavailable in this jwp")

    binaries = ("jwp binary of %s" % binary_before if "binary" not in cmp else
                "; ".join("%s: %s (%s)" % (cmp["name"][c], binary_of(args, cmp, c), cmp["binary_ids"][c])
                          for c in configs))
    md = ["%s, %s: %d goals, each %s; `--timeout-ms %d`, %d job(s); wall time %.0f s; %s."
          % (cmp["title"], t0, len(goals), " and ".join(describe(c) for c in configs),
             args.timeout_ms, args.jobs, wall, binaries), ""]
    if binary_after != binary_before:
        md += ["**Warning: %s changed during the run (%s, now %s): the runs mix binaries; † marks "
               "the goals run with another one.**" % (args.jwp, binary_before, binary_after), ""]
    md += ["Times are the engine's `stats.time_ms` (the search; class-path loading and the witness "
           "runner excluded). ✓: FOUND and CONFIRMED by the witness runner." +
           (" reuse = reused / (created + reused)." if args.compare == "gen" else ""), ""]
    md += goal_rows(args, cmp, goals, results, binary_before)
    md.append("")
    for name, idx in subsets_of(goals):
        md += totals(args, cmp, goals, results, name, idx)
        md.append("")
    lists, failed = report_lists(cmp, goals, results)
    md += lists
    text = "\n".join(md)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 1 if failed else 0


def binary_of(args, cmp, config):
    """The jwp a configuration runs: its own with --compare binaries, else --jwp."""
    return cmp.get("binary", {}).get(config, args.jwp)


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
