#!/bin/sh
# Regenerates the class printer's golden files,
#   tests/golden/classfile/<jar>/<class>.expected = `jwp dump -cp <jar>.jar <class>`,
# from a build's jars (build/fixtures/<jar>.jar, build/javap_cases/<jar>.jar).
# classfile_tests' ClassPrinterGolden.MatchesExpectedFiles compares them;
# review `git diff tests/golden` before committing.
#
# Usage: tests/golden/update_golden.sh [--check-javap] [BUILD_DIR]
#   BUILD_DIR       default: build (relative to the source tree)
#   --check-javap   also report whether each file equals `javap -c -p -l`
#                   (it should: the printer is javap-compatible)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
check_javap=0
if [ "${1:-}" = "--check-javap" ]; then
  check_javap=1
  shift
fi
build=${1:-$root/build}
case "$build" in /*) ;; *) build=$root/$build ;; esac
jwp=$build/bin/jwp
[ -x "$jwp" ] || { echo "error: $jwp not built" >&2; exit 2; }
# The javap of the JDK whose javac built the fixtures.
javac=$(sed -n 's/^Java_JAVAC_EXECUTABLE:FILEPATH=//p' "$build/CMakeCache.txt" 2>/dev/null)
javap=$(dirname "$(readlink -f "${javac:-javac}")")/javap
[ -x "$javap" ] || javap=javap

# <jar> <class>, one per line.
golden_classes='
release8 fixtures.Basics
release17 fixtures.Basics
release17 fixtures.Basics$Named
release17 fixtures.Modern
release17 fixtures.Modern$Point
cases cases.PrinterCases
cases cases.PrinterCases$E
cases_nodebug cases.PrinterCases
handmade handmade.New
handmade handmade.PlainSig
handmade handmade.Vararg
'

out_dir=$root/tests/golden/classfile
status=0
while read -r jar cls; do
  [ -n "$jar" ] || continue
  path=""
  for dir in "$build/fixtures" "$build/javap_cases"; do
    if [ -f "$dir/$jar.jar" ]; then path=$dir/$jar.jar; break; fi
  done
  if [ -z "$path" ]; then
    echo "skip: $jar.jar not built (for $cls)"
    continue
  fi
  mkdir -p "$out_dir/$jar"
  file=$out_dir/$jar/$cls.expected
  "$jwp" dump -cp "$path" "$cls" > "$file.tmp"
  if [ -f "$file" ] && cmp -s "$file" "$file.tmp"; then
    rm "$file.tmp"
    note="unchanged"
  else
    mv "$file.tmp" "$file"
    note="updated"
  fi
  if [ "$check_javap" = 1 ]; then
    if "$javap" -J-Dfile.encoding=UTF-8 -J-Dsun.stdout.encoding=UTF-8 -c -p -l -cp "$path" "$cls" |
        cmp -s - "$file"; then
      note="$note, same as javap"
    else
      note="$note, DIFFERS FROM JAVAP"
      status=1
    fi
  fi
  echo "$note: ${file#"$root"/}"
done <<EOF
$golden_classes
EOF
exit $status
