#!/bin/sh
# Regenerates the IR printer's golden files,
#   tests/golden/ir/<release>/<method>.expected = `jwp ir -cp build/fixtures/<release> <method>`,
# for the methods listed in tests/golden/ir/cases.txt. ir_tests' IrGolden
# compares them; review `git diff tests/golden/ir` before committing.
#
# Usage: tests/golden/ir/update.sh [--check] [BUILD_DIR]
#   BUILD_DIR  default: build (relative to the source tree)
#   --check    compare only: exit 1 if a file is missing or differs
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi
build=${1:-$root/build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
jwp=$build/bin/jwp
[ -x "$jwp" ] || { echo "error: $jwp not built" >&2; exit 2; }
# The JDK whose javac built the fixtures (the test passes the same --jdk).
javac=$(sed -n 's/^Java_JAVAC_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt" 2>/dev/null)
jdk=$(dirname "$(dirname "$(readlink -f "${javac:-javac}")")")

status=0
grep -v '^#' "$here/cases.txt" | { while read -r release method; do
  [ -n "$release" ] || continue
  mkdir -p "$here/$release"
  file=$here/$release/$method.expected
  if ! "$jwp" ir --jdk "$jdk" -cp "$build/fixtures/$release" "$method" > "$file.tmp"; then
    echo "error: jwp ir failed for $release $method" >&2
    rm -f "$file.tmp"
    exit 1
  fi
  if [ -f "$file" ] && cmp -s "$file" "$file.tmp"; then
    rm "$file.tmp"
    echo "unchanged: ${file#"$root"/}"
  elif [ "$check" = 1 ]; then
    rm "$file.tmp"
    echo "DIFFERS: ${file#"$root"/}"
    status=1
  else
    mv "$file.tmp" "$file"
    echo "updated: ${file#"$root"/}"
  fi
done; exit $status; } || status=1
exit $status
