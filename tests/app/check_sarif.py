#!/usr/bin/env python3
"""Checks that a file is valid SARIF 2.1.0: JSON Schema validation against the
OASIS SARIF 2.1.0 schema (tests/app/data/sarif-2.1.0-rtm.5.json, the schema
file shipped in the npm package @microsoft/jest-sarif 1.0.0-beta.0, MIT; the
same schema as schemastore's sarif-2.1.0-rtm.5.json), plus the rules the
schema cannot say: version "2.1.0", every ruleIndex points at its rule, and
every result kind other than "fail" has level "none".

  check_sarif.py FILE.sarif [--results N]

Exit 0 valid (prints a one-line summary), 1 invalid (prints why).
"""
import argparse
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "sarif-2.1.0-rtm.5.json")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("sarif")
    ap.add_argument("--results", type=int, help="the number of results expected")
    args = ap.parse_args()
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    try:
        with open(args.sarif, encoding="utf-8") as f:
            log = json.load(f)
    except (OSError, ValueError) as e:
        print(f"INVALID {args.sarif}: {e}")
        return 1
    errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=lambda e: list(e.path))
    problems = [f"{'/'.join(map(str, e.path)) or '(root)'}: {e.message[:300]}" for e in errors[:10]]
    if log.get("version") != "2.1.0":
        problems.append(f"version is {log.get('version')!r}, not '2.1.0'")
    results = 0
    for run in log.get("runs", []):
        rules = run.get("tool", {}).get("driver", {}).get("rules", [])
        for r in run.get("results", []):
            results += 1
            i = r.get("ruleIndex")
            if i is not None and (i >= len(rules) or rules[i].get("id") != r.get("ruleId")):
                problems.append(f"result {results}: ruleIndex {i} does not name rule {r.get('ruleId')}")
            if r.get("kind", "fail") != "fail" and r.get("level", "warning") != "none":
                problems.append(f"result {results}: kind {r.get('kind')} with level {r.get('level')}")
    if args.results is not None and results != args.results:
        problems.append(f"{results} results, expected {args.results}")
    if problems:
        print(f"INVALID {args.sarif}:")
        for p in problems:
            print("  " + p)
        return 1
    print(f"VALID SARIF 2.1.0: {args.sarif}, {results} results")
    return 0


if __name__ == "__main__":
    sys.exit(main())
