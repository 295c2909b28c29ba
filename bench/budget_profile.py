#!/usr/bin/env python3
"""Where the step budget goes (issue #27's measurement before design): over
the results of `jwp validate --json` (or `jwp wp --json`, one object per
file), the UNKNOWN ones: why each ended (the reason's category), and per
method the steps spent in its activations and the summaries created with it
as the callee against the call-site arrivals that reused one
(`summaries[].steps/created/reused` of each result: steps over every phase
of directed construction, summaries of the final phase).

  bench/budget_profile.py RESULTS.json... [--top 25] [--verdict UNKNOWN] [--out FILE]

RESULTS are the files bench/run_validate_bench.py --keep DIR writes
(DIR/production.*.json) or any `jwp validate --json` output. Prints
markdown. Python 3 standard library only.
"""
import argparse
import collections
import json
import re
import sys


def load(paths):
    """Every result object of the files (a list, or one object)."""
    results = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            doc = json.load(f)
        for r in doc if isinstance(doc, list) else [doc]:
            if isinstance(r, dict) and "verdict" in r:
                r["_file"] = p
                results.append(r)
    return results


def category(reason):
    """The kind of a reason: its text up to the first ':' or digit, normalized."""
    reason = (reason or "").strip()
    if not reason:
        return "(none)"
    head = re.split(r"[:(]", reason, maxsplit=1)[0].strip()
    head = re.sub(r"\d+", "N", head)
    return head[:60]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+")
    ap.add_argument("--top", type=int, default=25, help="methods listed (by steps)")
    ap.add_argument("--verdict", default="UNKNOWN", help="the verdict profiled (default UNKNOWN)")
    ap.add_argument("--out", help="also write the markdown here")
    args = ap.parse_args()

    results = load(args.results)
    chosen = [r for r in results if r.get("verdict") == args.verdict]
    lines = []
    w = lines.append
    verdicts = collections.Counter(r.get("verdict") for r in results)
    w(f"{len(results)} results ({', '.join(f'{v} {n}' for v, n in sorted(verdicts.items()))}); "
      f"profiled: the {len(chosen)} {args.verdict}.")
    w("")
    reasons = collections.Counter(category(r.get("reason")) for r in chosen)
    w("| reason | results |")
    w("|---|---:|")
    for c, n in reasons.most_common():
        w(f"| {c} | {n} |")
    w("")

    per = collections.defaultdict(lambda: {"steps": 0, "created": 0, "reused": 0, "trivial": 0, "results": 0})
    total_steps = 0
    created = reused = 0
    for r in chosen:
        total_steps += (r.get("stats") or {}).get("steps", 0)
        for s in r.get("summaries") or []:
            m = per[s["method"]]
            m["steps"] += s.get("steps", 0)
            m["created"] += s.get("created", 0)
            m["reused"] += s.get("reused", 0)
            m["trivial"] += s.get("trivial", 0)
            m["results"] += 1
            created += s.get("created", 0)
            reused += s.get("reused", 0)
    profiled_steps = sum(m["steps"] for m in per.values())
    never = sum(m["steps"] for m in per.values() if m["created"] > 0 and m["reused"] == 0)
    w(f"Steps: {total_steps} in all ({profiled_steps} attributed to methods). "
      f"Summaries: {created} created, {reused} call-site arrivals reused one "
      f"({100.0 * reused / max(1, created + reused):.1f}% of arrivals served by an existing summary). "
      f"Steps in methods none of whose summaries served a second arrival: "
      f"{never} ({100.0 * never / max(1, profiled_steps):.1f}%).")
    w("")
    w("| method | results | steps | share | summaries created | reused | reused / arrivals |")
    w("|---|---:|---:|---:|---:|---:|---:|")
    ranked = sorted(per.items(), key=lambda kv: (-kv[1]["steps"], kv[0]))
    for name, m in ranked[: args.top]:
        arrivals = m["created"] + m["reused"]
        ratio = f"{100.0 * m['reused'] / arrivals:.0f}%" if arrivals else "-"
        w(f"| `{name}` | {m['results']} | {m['steps']} | {100.0 * m['steps'] / max(1, profiled_steps):.1f}% | "
          f"{m['created']} | {m['reused']} | {ratio} |")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
