#!/usr/bin/env python3
"""Runs the witness runner on one witness and checks its verdict.

The file name says the expected exit status: NAME.confirmed.json 0, NAME.refuted.json 1,
NAME.bad.json 2. expected.txt (the manifest) gives for each file name a regular expression that the
first line of stdout (exit 0 and 1) or stderr (exit 2) must match (re.search). With --stdin the witness
is piped to the runner as "-". With --check-manifest DIR, checks that the manifest and DIR agree.
"""
import argparse
import os
import re
import subprocess
import sys
import time

STATUS = {"confirmed": 0, "refuted": 1, "bad": 2}


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

    name = os.path.basename(a.witness)
    kind = name.split(".")[-2]
    if kind not in STATUS:
        print(f"FAIL: {name}: cannot tell the expected verdict from the name")
        return 1
    if name not in manifest:
        print(f"FAIL: {name}: no line in {a.manifest}")
        return 1
    want_status, pattern = STATUS[kind], manifest[name]

    # The flags jwp runs the runner with (app/wp_command.cc).
    cmd = [a.java, "-Xmx1g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", a.classpath,
           "jwp.runner.WitnessRunner", "-" if a.stdin else a.witness]
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

    ok = True
    if p.returncode != want_status:
        print(f"FAIL: exit status {p.returncode}, expected {want_status}")
        ok = False
    if want_status == 2:
        if out.strip():
            print("FAIL: a bad witness must print nothing on stdout")
            ok = False
        if not re.search(pattern, err):
            print(f"FAIL: stderr does not match /{pattern}/")
            ok = False
    else:
        first = out.split("\n", 1)[0]
        verdict = "CONFIRMED" if want_status == 0 else "REFUTED: "
        if not first.startswith(verdict):
            print(f"FAIL: first line {first!r} does not start with {verdict!r}")
            ok = False
        if want_status == 0 and first != "CONFIRMED":
            print(f"FAIL: first line {first!r} is not exactly CONFIRMED")
            ok = False
        if not re.search(pattern, out if want_status == 0 else first):
            print(f"FAIL: {'stdout' if want_status == 0 else 'first line'} does not match /{pattern}/")
            ok = False
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
