#!/usr/bin/env python3
"""How strings are represented (issue #28, bench/README.md): Z3's sequence
theory against jwp's char-array model, on the goals of the string fixtures.

For each query of bench/strings (one per goal of interproc.StringMethods and
interproc.StringsSince11, the goal's path written in the sequence theory):
  - Z3's answer and time (build/bin/string_theory_bench);
  - a sat answer's witness run on the JVM (bench/strings/ReplayModels.java):
    the goal is decided only when the witness reaches it;
  - jwp on the same goal, alone (`jwp wp --confirm --json`), its verdict and
    its wall time (the process: class loading, the search, the checks and
    the witness runner's JVM) and the solver's share where it reports one.
Prints a Markdown table and the totals: goals decided (unsat where the
fixture says NOT_FOUND, a confirmed witness where it says FOUND) and time.

  run_string_theory_bench.py [--build build] [--timeout-s 40]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUERIES = os.path.join(ROOT, "bench", "strings")
FIXTURES = [
    os.path.join(ROOT, "tests", "fixtures", "java8", "interproc", "StringMethods.java"),
    os.path.join(ROOT, "tests", "fixtures", "java17", "interproc", "StringsSince11.java"),
]


def parse_sexp(text):
    """The s-expressions of Z3's get-value output: lists, symbols and string
    literals (kept with their quotes)."""
    tokens = re.findall(r'"(?:[^"]|"")*"|[()]|[^\s()"]+', text)
    stack = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    return stack[0]


def sexp_text(value):
    if isinstance(value, list):
        return "(" + " ".join(sexp_text(v) for v in value) + ")"
    return value


def smt_string_units(literal):
    """A Z3 string literal as UTF-16 code units (Z3 prints \\u{h} escapes)."""
    body = literal[1:-1].replace('""', '"')
    units = []
    i = 0
    while i < len(body):
        match = re.match(r"\\u\{([0-9a-fA-F]+)\}", body[i:])
        if match:
            units.append(int(match.group(1), 16))
            i += len(match.group(0))
        else:
            units.append(ord(body[i]))
            i += 1
    return units


def smt_int(value):
    if isinstance(value, list):  # (- 5)
        return -smt_int(value[1])
    if value.startswith("#x"):
        n = int(value[2:], 16)
        return n - (1 << 32) if n >= 1 << 31 else n
    return int(value)


def replay_arguments(params, values):
    """The ReplayModels fields of a call's parameters from a model's values,
    or None with the reason when the model does not give them."""
    fields = []
    for name in params:
        if values.get(name + "_null") == "true":
            fields.append("null")
        elif name + "_length" in values:
            n = smt_int(values[name + "_length"])
            elements = [values.get("(select %s %d)" % (name, i)) for i in range(n)]
            if any(e is None for e in elements):
                return None, "an array of %d elements: the query names fewer" % n
            fields.append("A:" + ",".join(str(smt_int(e)) for e in elements))
        elif name not in values:
            return None, "no value for " + name
        elif isinstance(values[name], str) and values[name].startswith('"'):
            fields.append("S:" + ",".join("%x" % u for u in smt_string_units(values[name])))
        else:
            fields.append("I:%d" % smt_int(values[name]))
    return fields, ""


def read_query(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    call = re.search(r"^; call: (\S+)\.(\w+) (.*)$", text, re.M)
    status = re.search(r"\(set-info :status (\w+)\)", text)
    return {
        "file": os.path.basename(path),
        "class": call.group(1),
        "method": call.group(2),
        "params": call.group(3).split(),
        "expected": status.group(1),
    }


def compile_fixtures(workdir):
    classes = os.path.join(workdir, "classes")
    os.makedirs(classes)
    subprocess.run(["javac", "-g", "-d", classes] + FIXTURES, check=True)
    jar = os.path.join(workdir, "strings.jar")
    subprocess.run(["jar", "cf", jar, "-C", classes, "."], check=True)
    return classes, jar


def goal_lines(source):
    """method name -> the line of its `10 / y` (the goal)."""
    lines = {}
    method = None
    with open(source, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            m = re.match(r"\s*public static int (\w+)\(", line)
            if m:
                method = m.group(1)
            if "10 / y" in line and method:
                lines[method] = n
    return lines


def descriptors(classes, class_name):
    out = subprocess.run(["javap", "-s", "-p", "-cp", classes, class_name],
                         capture_output=True, text=True, check=True).stdout
    result = {}
    name = None
    for line in out.splitlines():
        m = re.search(r" (\w+)\(.*\);$", line)
        if m:
            name = m.group(1)
        m = re.match(r"\s*descriptor: (\S+)", line)
        if m and name:
            result[name] = m.group(1)
            name = None
    return result


def run_jwp(jwp, jar, goal, timeout_s):
    """jwp on one goal: (verdict, confirmed on the JVM, the process's wall
    seconds, the search's seconds, Z3's seconds within it)."""
    command = [jwp, "wp", "-cp", jar, "--goal", goal,
               "--kind", "exception:java.lang.ArithmeticException", "--confirm", "--json",
               "--timeout-ms", str(timeout_s * 1000)]
    start = time.monotonic()
    proc = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - start
    try:
        result = json.loads(proc.stdout)
    except ValueError:
        lines = proc.stderr.strip().splitlines()
        return "error: " + (lines[-1] if lines else "exit %d" % proc.returncode), False, seconds, 0, 0
    stats = result.get("stats", {})
    return (result.get("verdict", "?"), bool(result.get("confirmed")), seconds,
            stats.get("time_ms", 0) / 1000.0, stats.get("solver_ms", 0) / 1000.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--timeout-s", type=int, default=40)
    args = parser.parse_args()
    queries = [read_query(os.path.join(QUERIES, f)) for f in sorted(os.listdir(QUERIES))
               if f.endswith(".smt2") and f != "prelude.smt2"]
    z3_rows = {}
    for q in queries:
        # One process per query, killed past the limit: Z3 4.8.12 does not
        # always honour its own timeout in quantifier instantiation (a
        # repeat of 20 copies ran 12 minutes into 3.3 GB).
        command = [os.path.join(args.build, "bin", "string_theory_bench"), "--timeout-ms",
                   str(args.timeout_s * 1000), "--prelude", os.path.join(QUERIES, "prelude.smt2"),
                   os.path.join(QUERIES, q["file"])]
        start = time.monotonic()
        try:
            out = subprocess.run(command, capture_output=True, text=True,
                                 timeout=args.timeout_s + 10).stdout.splitlines()
            _, _, answer, seconds, values = out[1].split("\t")
            z3_rows[q["file"]] = (answer, float(seconds), values)
        except subprocess.TimeoutExpired:
            z3_rows[q["file"]] = ("killed", time.monotonic() - start, "")
    with tempfile.TemporaryDirectory() as workdir:
        classes, jar = compile_fixtures(workdir)
        replays = []
        for q in queries:
            answer, _, values = z3_rows[q["file"]]
            q["replay"] = ""
            if answer != "sat":
                continue
            pairs = parse_sexp(values)
            # Terms as text ("(select cps 0)"); values as parsed: a symbol, a
            # string literal, or a list such as (- 1), which smt_int reads.
            model = {sexp_text(p[0]): p[1] for p in (pairs[0] if pairs else [])}
            fields, why = replay_arguments(q["params"], model)
            if fields is None:
                q["replay"] = "not replayed: " + why
                continue
            replays.append((q, "\t".join([q["class"], q["method"]] + fields)))
        if replays:
            out = subprocess.run(
                ["java", "-cp", classes, os.path.join(QUERIES, "ReplayModels.java")],
                input="\n".join(line for _, line in replays) + "\n",
                capture_output=True, text=True, check=True).stdout.splitlines()
            for (q, _), result in zip(replays, out):
                q["replay"] = result

        lines = {}
        for source in FIXTURES:
            lines.update(goal_lines(source))
        descs = {}
        for cls in sorted({q["class"] for q in queries}):
            for name, desc in descriptors(classes, cls).items():
                descs[(cls, name)] = desc
        jwp = os.path.join(args.build, "bin", "jwp")
        for q in queries:
            goal = "%s.%s%s@line:%d" % (q["class"], q["method"], descs[(q["class"], q["method"])],
                                        lines[q["method"]])
            q["jwp"] = run_jwp(jwp, jar, goal, args.timeout_s)

    print("| goal | fixture | Z3 sequences | Z3 s | witness on the JVM | jwp | search s | "
          "of it Z3 s | process s |")
    print("|---|---|---|--:|---|---|--:|--:|--:|")
    decided = {"z3": 0, "jwp": 0}
    both = {"n": 0, "z3": 0.0, "search": 0.0, "solver": 0.0}
    seconds_sum = {"z3": 0.0, "search": 0.0, "solver": 0.0, "process": 0.0}
    for q in queries:
        answer, seconds, values = z3_rows[q["file"]]
        expected = "FOUND" if q["expected"] == "sat" else "NOT_FOUND"
        z3_decided = (answer == "unsat" and q["expected"] == "unsat") or (
            answer == "sat" and q["replay"] == "CONFIRMED")
        verdict, confirmed, process_s, search_s, solver_s = q["jwp"]
        jwp_decided = verdict == expected and (expected == "NOT_FOUND" or confirmed)
        decided["z3"] += z3_decided
        decided["jwp"] += jwp_decided
        if z3_decided and jwp_decided:
            both["n"] += 1
            both["z3"] += seconds
            both["search"] += search_s
            both["solver"] += solver_s
        seconds_sum["z3"] += seconds
        seconds_sum["search"] += search_s
        seconds_sum["solver"] += solver_s
        seconds_sum["process"] += process_s
        witness = q["replay"] or ("Z3: " + values if answer == "unknown" else "-")
        print("| `%s` | %s | %s | %.3f | %s | %s%s | %.3f | %.3f | %.2f |" % (
            q["method"], expected, answer, seconds, witness, verdict,
            " (confirmed)" if confirmed else "", search_s, solver_s, process_s))
    n = len(queries)
    print()
    print("decided: Z3 sequences %d/%d in %.2f s of Z3; jwp %d/%d in %.2f s of search "
          "(%.2f s of it Z3), %.1f s of processes" % (
              decided["z3"], n, seconds_sum["z3"], decided["jwp"], n, seconds_sum["search"],
              seconds_sum["solver"], seconds_sum["process"]))
    print("on the %d goals both decide: Z3 sequences %.2f s; jwp %.2f s of search, %.2f s of "
          "it Z3" % (both["n"], both["z3"], both["search"], both["solver"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
