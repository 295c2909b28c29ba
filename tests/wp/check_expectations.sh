#!/bin/sh
# Runs a hand-written expectation checker against the fixtures compiled by
# the build, for --release 8 and --release 17: every FOUND line of its TSV
# must be observed on the JVM.
# Usage: tests/wp/check_expectations.sh [BUILD_DIR [CHECKER TSV]]
#   default: ExpectationCheck expectations.tsv (issue #5); the
#   interprocedural corpus: InterprocExpectationCheck interproc_expectations.tsv
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
checker=${2:-ExpectationCheck}
tsv=${3:-expectations.tsv}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for r in release8 release17; do
  javac -nowarn -cp "$build/fixtures/$r" -d "$out/$r" "$here/$checker.java"
  echo "== $r"
  java -cp "$build/fixtures/$r:$out/$r" "$checker" "$here/$tsv" || status=1
done
exit $status
