#!/usr/bin/env python3
"""Finds calls whose arguments make terms in an unspecified order.

The order in which terms are made gives them their ids, and term ids order
the search (wp/README.md, "Determinism"): in `f(tm_.mk_type_of(a),
tm_.mk_length(b))` C++ leaves open which argument is evaluated first, and
the gcc and clang builds did choose differently (session 41: interproc
Fig2.freshBad took 75 steps to its first entry in one build and 82 in the
other). Each term is to be made in its own statement.

A call is reported when two or more of its top-level arguments each call a
term maker (mk_*, fresh_*, a Vocabulary accessor, var/operand), leaving
out the constants the TermManager makes when it is built (mk_null,
mk_true, mk_false). Braced lists are sequenced left to right and are not
reported. Comments are ignored; the scan is textual, so it is meant for
the code base's own style.

  tests/lint/term_order.py PATH...   files, or directories searched for
                                     .cc and .h files; exit 1 when any
                                     call is reported
"""
import os
import re
import sys

MAKER = re.compile(r"\b(mk_\w+|fresh_\w+|vocab_?\.\w+|vocab_?->\w+|operand|var)\s*\(")
PREMADE = re.compile(r"^\s*(\w+(\.|->))?mk_(null|true|false)\(\)\s*$")


def arguments(text, open_paren):
    """The top-level arguments of the call whose '(' is at open_paren."""
    depth, args, cur = 0, [], []
    for c in text[open_paren:]:
        if c in "([{":
            depth += 1
            if depth > 1:
                cur.append(c)
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                args.append("".join(cur))
                return args
            cur.append(c)
        elif c == "," and depth == 1:
            args.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    return args


def sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in sorted(os.walk(p)):
                for name in sorted(files):
                    if name.endswith((".cc", ".h")):
                        yield os.path.join(root, name)
        else:
            yield p


def main(paths):
    found = 0
    for path in sources(paths):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        code = re.sub(r"//[^\n]*", lambda m: " " * len(m.group()), text)
        for m in re.finditer(r"\b\w+\s*\(", code):
            args = arguments(code, m.end() - 1)
            makers = [a for a in args
                      if MAKER.search(a) and not a.strip().startswith("{") and not PREMADE.match(a)]
            if len(makers) >= 2:
                line = code.count("\n", 0, m.start()) + 1
                print("%s:%d: arguments that make terms in an unspecified order: %s" %
                      (path, line, " | ".join(a.strip()[:60] for a in makers)))
                found += 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
