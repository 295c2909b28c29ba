#!/bin/sh
# Regenerates the SMT-LIB printer's golden files, tests/golden/logic/*.expected,
# by running logic_tests' golden tests with JWP_UPDATE_GOLDEN=1; review
# `git diff tests/golden/logic` before committing.
#
# Usage: tests/golden/logic/update.sh [BUILD_DIR]   (default: build)
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
build=${1:-$root/build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
tests=$build/bin/logic_tests
[ -x "$tests" ] || { echo "error: $tests not built" >&2; exit 2; }
JWP_UPDATE_GOLDEN=1 "$tests" --gtest_filter='SmtLibPrinter.*Golden' --gtest_brief=1
git -C "$root" status --short tests/golden/logic
