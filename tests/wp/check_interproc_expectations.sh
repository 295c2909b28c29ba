#!/bin/sh
# Runs tests/wp/InterprocExpectationCheck.java against the fixtures compiled
# by the build, for --release 8 and --release 17: every FOUND line of
# tests/wp/interproc_expectations.tsv (issue #6) must be observed on the JVM.
# Usage: tests/wp/check_interproc_expectations.sh [BUILD_DIR]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
status=0
for r in release8 release17; do
  javac -nowarn -cp "$build/fixtures/$r" -d "$out/$r" "$here/InterprocExpectationCheck.java"
  echo "== $r"
  java -cp "$build/fixtures/$r:$out/$r" InterprocExpectationCheck "$here/interproc_expectations.tsv" || status=1
done
exit $status
