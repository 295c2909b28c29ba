#!/usr/bin/env python3
"""End-to-end `jwp testgen --from` (issue #31) on tests/fixtures/java8/testgen/ (Account, Ledger).

Every line of the fixtures marked `// @testgen KIND METHOD` is a goal. The test:
1. runs `jwp wp --confirm --json` on each: FOUND and confirmed on the JVM;
2. runs `jwp testgen --from` on the results: exit 0, one test per goal;
3. compiles the written tests itself and runs them twice with the JUnit console launcher: every
   test passes, in both runs;
4. checks what the tests say: objects built by their class's constructor and setters where those
   make the state (no tag), the interface nothing implements passed as an anonymous class (no tag),
   the exception messages and the returned value asserted;
5. runs the same tests on tests/testgen/mutants/testgen/Account.java (the guards changed): the tests
   of the changed behaviour fail, the one whose behaviour the mutant keeps passes;
6. `--cover testgen.Grades`: every branch outcome, throw and return of grade() reached, one test each
   asserting grade's value (or exception), all passing (`score < 0 || score > 100`: both ways into the
   throw, each a test); clamp()'s dead branch proved unreachable;
7. bad input: a missing results file (exit 2), results with no confirmed witness (exit 1), both
   --from and --cover (exit 2), each with a message.

  testgen_test.py --jwp build/bin/jwp --cp build/fixtures/release17.jar --sources tests/fixtures/java8/testgen
                  --mutant tests/testgen/mutants/testgen/Account.java [--junit JAR]
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# The tests the mutant must break, by name prefix, and the one it must not.
MUST_FAIL_ON_MUTANT = ["withdraw_throwsIllegalArgumentException", "fee_returns", "interest_throwsArithmeticException",
                       "open_throwsIllegalArgumentException"]
MUST_PASS_ON_MUTANT = ["withdraw_throwsIllegalStateException"]

failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)
    return ok


def goals(sources):
    out = []
    for source in sorted(glob.glob(os.path.join(sources, "*.java"))):
        cls = "testgen." + os.path.basename(source)[:-len(".java")]
        with open(source, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                m = re.search(r"//\s*@testgen (\S+) (\S+)\s*$", line)
                if m:
                    out.append(("%s.%s@line:%d" % (cls, m.group(2), n), m.group(1)))
    return out


def run_junit(classes, class_path, junit, reports):
    subprocess.run(["java", "-jar", junit, "-cp", classes + ":" + class_path, "--scan-classpath", classes,
                    "--disable-banner", "--details=none", "--reports-dir", reports],
                   capture_output=True, text=True, timeout=300)
    results = {}
    path = os.path.join(reports, "TEST-junit-jupiter.xml")
    if not os.path.exists(path):
        return results
    for case in ET.parse(path).getroot().iter("testcase"):
        name = case.get("name").split("(")[0]
        results[name] = case.find("failure") is None and case.find("error") is None and case.find("skipped") is None
    return results


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jwp", required=True)
    ap.add_argument("--cp", required=True)
    ap.add_argument("--sources", required=True, help="the directory of the fixtures (testgen/*.java)")
    ap.add_argument("--mutant", required=True)
    ap.add_argument("--junit", default="/usr/share/java/junit-platform-console-standalone.jar")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="jwp-testgen-test-")

    # 1. the goals, found and confirmed
    results = []
    for goal, kind in goals(args.sources):
        p = subprocess.run([args.jwp, "wp", "--cp", args.cp, "--goal", goal, "--kind", kind, "--confirm", "--json"],
                           capture_output=True, text=True, timeout=300)
        r = json.loads(p.stdout) if p.stdout.strip().startswith("{") else {}
        check(r.get("verdict") == "FOUND" and r.get("confirmed") is True,
              "%s %s: FOUND and confirmed (got %s, confirmed %s)" % (goal, kind, r.get("verdict"), r.get("confirmed")))
        results.append(r)
    check(len(results) == 9, "the fixtures have 9 goals (found %d)" % len(results))
    results_file = os.path.join(work, "results.json")
    with open(results_file, "w", encoding="utf-8") as f:
        json.dump(results, f)

    # 2. the tests
    out = os.path.join(work, "tests")
    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--from", results_file, "--out", out],
                       capture_output=True, text=True, timeout=600)
    print(p.stdout + p.stderr)
    check(p.returncode == 0, "jwp testgen exits 0 (got %d)" % p.returncode)
    check("9 tests in 2 classes" in p.stdout, "jwp testgen reports 9 tests in 2 classes")
    check("construction goals: 1 of 2 states set reflectively reached" in p.stdout,
          "construction goals reach 1 of the 2 states the witnesses set reflectively (remaining, not audit)")
    test_file = os.path.join(out, "testgen", "AccountJwpTest.java")
    if not check(os.path.exists(test_file), "testgen/AccountJwpTest.java is written"):
        return 1
    text = open(test_file, encoding="utf-8").read()
    ledger_file = os.path.join(out, "testgen", "LedgerJwpTest.java")
    if not check(os.path.exists(ledger_file), "testgen/LedgerJwpTest.java is written"):
        return 1
    ledger = open(ledger_file, encoding="utf-8").read()

    # 3. compiled and run here, twice
    classes = os.path.join(work, "classes")
    sources = sorted(glob.glob(os.path.join(out, "**", "*.java"), recursive=True))
    c = subprocess.run(["javac", "-d", classes, "-cp", args.cp + ":" + args.junit, "-nowarn"] + sources,
                       capture_output=True, text=True)
    if not check(c.returncode == 0, "the tests compile" + ("" if c.returncode == 0 else ": " + c.stderr[-1500:])):
        return 1
    runs = [run_junit(classes, args.cp, args.junit, os.path.join(work, "reports-%d" % i)) for i in (1, 2)]
    check(len(runs[0]) == 9 and all(runs[0].values()), "run 1: 9 tests, all pass: %s" % runs[0])
    check(runs[0] == runs[1], "run 2 agrees with run 1: %s" % runs[1])

    # 4. what they say
    methods = re.findall(r"((?:  @Tag\(\"state-set-reflectively\"\)\n)?)  void (\w+)\(\)", text + ledger)
    tagged = {name for tag, name in methods if tag}
    check(len(tagged) == 1 and all(t.startswith("audit_") for t in tagged),
          "only audit's test (three adds) sets state reflectively and is tagged: %s" % sorted(tagged))
    check(os.path.exists(os.path.join(out, "jwp", "testsupport", "ReflectiveState.java")),
          "so ReflectiveState.java is written")
    # The state a setter, then an add make: built so, then remaining() called on it.
    check(re.search(r"Ledger ledger\d* = new Ledger\((\w+|null|\"[^\"]*\")\);\n\s*ledger\d*\.setLimit\(\w+\);\n"
                    r"\s*ledger\d*\.add\(\w+\);\n(.*\n)*?.*ledger\d*\.remaining\(\)", ledger) is not None,
          "remaining()'s state is built by the constructor, setLimit, then add")
    # Its owner: a string literal, or a local of one (witness completion
    # gives the receiver's owner a non-null string, wp/witness_completion.h).
    check(re.search(r"Account account = new Account\((\"text\"|text\d*), -?\d+\);", text) is not None,
          "the account whose balance matters is built by its constructor with that balance")
    check("Ledger ledger = new Ledger(null);" in ledger,
          "the ledger whose name is null is built by its constructor with null")
    check(re.search(r"ledger\.setLimit\(\d+\);", ledger) is not None, "the ledger's limit is set by its setter")
    check("new Account.Rate() {" in text, "the Rate nothing implements is an anonymous class")
    check(re.search(r'assertEquals\("negative amount: -?\d+", thrown.getMessage\(\)\);', text) is not None,
          "the IllegalArgumentException's message is asserted")
    check(re.search(r"assertEquals\(\d+, Account\.fee\(amount\)\);", text) is not None, "fee's value is asserted")
    check(re.search(r'assertEquals\("owner is required", thrown.getMessage\(\)\);', text) is not None,
          "the constructor's message is asserted")

    # 5. the mutant
    mutant = os.path.join(work, "mutant")
    c = subprocess.run(["javac", "-d", mutant, "-cp", args.cp, "-nowarn", args.mutant], capture_output=True, text=True)
    if check(c.returncode == 0, "the mutant compiles" + ("" if c.returncode == 0 else ": " + c.stderr[-500:])):
        m = run_junit(classes, mutant + ":" + args.cp, args.junit, os.path.join(work, "reports-mutant"))
        for prefix in MUST_FAIL_ON_MUTANT:
            hits = [n for n in m if n.startswith(prefix)]
            check(hits and not any(m[n] for n in hits), "on the mutant, %s* fails: %s" % (prefix, hits))
        for prefix in MUST_PASS_ON_MUTANT:
            hits = [n for n in m if n.startswith(prefix)]
            check(hits and all(m[n] for n in hits), "on the mutant, %s* still passes: %s" % (prefix, hits))

    # 6. --cover
    cover_out = os.path.join(work, "cover")
    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--cover", "testgen.Grades", "--out", cover_out],
                       capture_output=True, text=True, timeout=900)
    print(p.stdout + p.stderr)
    check(p.returncode == 0, "jwp testgen --cover exits 0 (got %d)" % p.returncode)
    check("unreachable (exhaustive search)" in p.stdout, "clamp's dead branch is proved unreachable")
    check(re.search(r"coverage goals: \d+ reached .*, 2 unreachable, 0 not decided", p.stdout) is not None,
          "every other coverage goal is reached (the dead branch and its return are the 2 unreachable)")
    grades_file = os.path.join(cover_out, "testgen", "GradesJwpTest.java")
    grades = open(grades_file, encoding="utf-8").read() if os.path.exists(grades_file) else ""
    for letter in "ABCF":
        check('assertEquals("%s", Grades.grade(score));' % letter in grades, "a test asserts grade %s" % letter)
    check(grades.count("assertThrows(IllegalArgumentException.class, () -> Grades.grade(score));") == 2,
          "two tests assert grade's IllegalArgumentException: score < 0 and score > 100, the two ways into the "
          "throw (outcome goals of their own)")
    check(re.search(r"outcome true of the branch at line \d+ \(bci 1\): reached", p.stdout) is not None and
          re.search(r"outcome false of the branch at line \d+ \(bci 7\): reached", p.stdout) is not None,
          "the branch outcomes that share the throw's block are goals of their own, both reached")
    check("assertEquals(10, Grades.clamp(x));" in grades, "a test asserts clamp's 10")

    # 7. bad input
    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--from", os.path.join(work, "missing.json"), "--out",
                        os.path.join(work, "none")], capture_output=True, text=True)
    check(p.returncode == 2 and "cannot read" in p.stderr and "missing.json" in p.stderr,
          "a missing results file: exit 2 naming it (%d: %s)" % (p.returncode, p.stderr.strip()))
    empty = os.path.join(work, "unconfirmed.json")
    with open(empty, "w", encoding="utf-8") as f:
        json.dump([dict(results[0], confirmed=False)], f)
    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--from", empty, "--out", os.path.join(work, "none")],
                       capture_output=True, text=True)
    check(p.returncode == 1 and "no confirmed witness" in p.stderr,
          "results with no confirmed witness: exit 1 saying so (%d: %s)" % (p.returncode, p.stderr.strip()))

    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--from", results_file, "--cover", "testgen.Grades",
                        "--out", os.path.join(work, "none")], capture_output=True, text=True)
    check(p.returncode == 2 and "not both" in p.stderr,
          "--from and --cover together: exit 2 saying so (%d: %s)" % (p.returncode, p.stderr.strip()))
    p = subprocess.run([args.jwp, "testgen", "--cp", args.cp, "--cover", "testgen.NoSuchClass",
                        "--out", os.path.join(work, "none")], capture_output=True, text=True)
    check(p.returncode != 0 and "testgen.NoSuchClass names no public or protected method" in p.stderr,
          "--cover of a class that is not there: an error naming it (%d: %s)" % (p.returncode, p.stderr.strip()))

    print("testgen_test: %d failures" % len(failures))
    subprocess.run(["rm", "-rf", work])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
