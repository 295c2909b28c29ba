#!/usr/bin/env python3
"""Runs the witness runner on one witness and checks its verdict.

The file name says the expected exit status: NAME.confirmed.json 0, NAME.refuted.json 1,
NAME.bad.json 2. expected.txt (the manifest) gives for each file name a regular expression that the
first line of stdout (exit 0 and 1) or stderr (exit 2) must match (re.search). With --stdin the witness
is piped to the runner as "-". With --check-manifest DIR, checks that the manifest and DIR agree. With
--serve DIR, runs every witness of DIR through one runner started with --serve and checks each reply
the same way.
"""
import argparse
import os
import re
import subprocess
import sys
import time

STATUS = {"confirmed": 0, "refuted": 1, "bad": 2}
# The flags jwp runs the runner with (app/wp_command.cc).
RUNNER_FLAGS = ["-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]


def read_manifest(path):
    entries = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            name, _, pattern = line.partition(" ")
            if not pattern.strip():
                sys.exit(f"{path}:{n}: no pattern for {name}")
            if name in entries:
                sys.exit(f"{path}:{n}: duplicate entry {name}")
            entries[name] = pattern.strip()
    return entries


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--java", required=True)
    ap.add_argument("--classpath", required=True)
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--witness")
    ap.add_argument("--stdin", action="store_true")
    ap.add_argument("--check-manifest")
    ap.add_argument("--serve", metavar="DIR",
                    help="every witness of DIR through one runner started with --serve")
    a = ap.parse_args()
    manifest = read_manifest(a.manifest)

    if a.check_manifest:
        files = {f for f in os.listdir(a.check_manifest) if f.endswith(".json")}
        missing = sorted(files - manifest.keys())
        stale = sorted(manifest.keys() - files)
        for f in sorted(files):
            if f.split(".")[-2] not in STATUS:
                print(f"FAIL: {f}: name must end in .confirmed.json, .refuted.json or .bad.json")
                return 1
        if missing or stale:
            print(f"FAIL: witnesses without a manifest line: {missing}; manifest lines without a file: {stale}")
            return 1
        print(f"ok: {len(files)} witnesses, all in the manifest")
        return 0

    if a.serve:
        return serve_all(a, manifest)
    return check_one(a, manifest)


def expectation(name, manifest):
    """(exit status, pattern) for a witness file, or an error message."""
    kind = name.split(".")[-2]
    if kind not in STATUS:
        return None, f"{name}: cannot tell the expected verdict from the name"
    if name not in manifest:
        return None, f"{name}: no line in the manifest"
    return (STATUS[kind], manifest[name]), None


def verdict_problems(status, out, err, want_status, pattern):
    """What is wrong with a run's exit status, stdout and stderr (empty: nothing)."""
    problems = []
    if status != want_status:
        problems.append(f"exit status {status}, expected {want_status}")
    if want_status == 2:
        if out.strip():
            problems.append("a bad witness must print nothing on stdout")
        if not re.search(pattern, err):
            problems.append(f"stderr does not match /{pattern}/")
    else:
        first = out.split("\n", 1)[0]
        verdict = "CONFIRMED" if want_status == 0 else "REFUTED: "
        if not first.startswith(verdict):
            problems.append(f"first line {first!r} does not start with {verdict!r}")
        if want_status == 0 and first != "CONFIRMED":
            problems.append(f"first line {first!r} is not exactly CONFIRMED")
        if not re.search(pattern, out if want_status == 0 else first):
            problems.append(f"{'stdout' if want_status == 0 else 'first line'} does not match /{pattern}/")
    return problems


def check_one(a, manifest):
    name = os.path.basename(a.witness)
    want, error = expectation(name, manifest)
    if error:
        print("FAIL: " + error)
        return 1
    want_status, pattern = want
    cmd = [a.java] + RUNNER_FLAGS + ["-cp", a.classpath, "jwp.runner.WitnessRunner", "-" if a.stdin else a.witness]
    stdin = open(a.witness, "rb").read() if a.stdin else None
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, timeout=80)
    except subprocess.TimeoutExpired:
        print(f"FAIL: {name}: the runner hung (killed after 80 s)")
        return 1
    took = time.monotonic() - start
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    print(f"$ {' '.join(cmd)}\n(exit {p.returncode}, {took:.2f} s)\n--- stdout\n{out}--- stderr\n{err}---")
    problems = verdict_problems(p.returncode, out, err, want_status, pattern)
    for problem in problems:
        print("FAIL: " + problem)
    print("FAIL" if problems else "PASS")
    return 1 if problems else 0


def serve_all(a, manifest):
    """Every witness of a directory through one runner started with --serve (as jwp keeps one): each
    reply must be what the manifest says of a run of its own."""
    names = sorted(f for f in os.listdir(a.serve) if f.endswith(".json"))
    cmd = [a.java] + RUNNER_FLAGS + ["-XX:+DisplayVMOutputToStderr", "-cp", a.classpath, "jwp.runner.WitnessRunner",
                                     "--serve"]
    request = "".join(os.path.join(os.path.abspath(a.serve), n) + "\n" for n in names).encode("utf-8")
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, input=request, capture_output=True, timeout=30 * len(names) + 60)
    except subprocess.TimeoutExpired:
        print("FAIL: the serving runner hung")
        return 1
    print(f"$ {' '.join(cmd)} < ({len(names)} witnesses)\n(exit {p.returncode}, {time.monotonic() - start:.2f} s)")
    replies, rest = [], p.stdout
    while rest:
        header, sep, rest = rest.partition(b"\n")
        fields = header.decode("utf-8", "replace").split(" ", 4)
        if not sep or len(fields) != 5 or fields[0] != "JWP-RUNNER":
            print(f"FAIL: not a reply: {header[:200]!r}")
            return 1
        status, n_out, n_err = (int(x) for x in fields[1:4])
        # Each reply names the witness it answers, in the requests' order.
        asked = os.path.join(os.path.abspath(a.serve), names[len(replies)]) if len(replies) < len(names) else None
        if fields[4] != asked:
            print(f"FAIL: reply {len(replies) + 1} names {fields[4]!r}, the request was {asked!r}")
            return 1
        replies.append((status, rest[:n_out].decode("utf-8", "replace"),
                        rest[n_out:n_out + n_err].decode("utf-8", "replace")))
        rest = rest[n_out + n_err:]
    failed = 0
    if p.returncode != 0 or len(replies) != len(names):
        print(f"FAIL: exit {p.returncode}, {len(replies)} replies for {len(names)} witnesses\n"
              f"{p.stderr.decode('utf-8', 'replace')[-2000:]}")
        failed += 1
    for name, (status, out, err) in zip(names, replies):
        want, error = expectation(name, manifest)
        problems = [error] if error else verdict_problems(status, out, err, *want)
        if problems:
            failed += 1
            print(f"FAIL: {name}: " + "; ".join(problems) + f"\n--- stdout\n{out}--- stderr\n{err}---")
    print(f"{len(replies)} witnesses served, {failed} failures")
    print("FAIL" if failed else "PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
