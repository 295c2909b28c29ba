#!/usr/bin/env bash
# Builds and verifies the IR of every method of every distinct jar in a
# directory (default /usr/share/java; symlinks resolved, each jar once) with
# `jwp stats -cp <jar> --ir`, one jar at a time, and prints a line per jar:
#   <jar> methods=<n> failures=<n> unsupported=<n> violations=<n>
# then the totals. Exits 1 if any jar has a construction failure or a
# verifier violation (the issue requires zero of both), 2 on usage errors.
#
# Usage: tests/ir/ir_sweep.sh [--jdk-base] [--every N] [JWP [DIR]]
#   JWP         the jwp binary (default: build/bin/jwp in the source tree)
#   DIR         where the jars are (default /usr/share/java)
#   --jdk-base  sweep the JDK's java.base module instead of DIR's jars
#               (`jwp stats --ir` without -cp covers every JDK module;
#               java.base is taken from its jmod)
#   --every N   only every Nth distinct jar (in sorted order, from the
#               first): the suite's sample; the whole directory by default
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
jdk_base=0
if [ "${1:-}" = "--jdk-base" ]; then
  jdk_base=1
  shift
fi
every=1
if [ "${1:-}" = "--every" ]; then
  every=${2:-}
  [[ "$every" =~ ^[1-9][0-9]*$ ]] || { echo "error: --every needs a positive count, not '$every'" >&2; exit 2; }
  shift 2
fi
jwp=${1:-$root/build/bin/jwp}
dir=${2:-/usr/share/java}
[ -x "$jwp" ] || { echo "error: $jwp is not an executable" >&2; exit 2; }

# Prints "<methods> <failures> <unsupported> <violations>" from stats output.
summarize() {
  awk '/^ir methods:/ {m=$3}
       /^ir construction failures:/ {f=$4; u=$6; sub(/\)/, "", u)}
       /^ir verifier violations:/ {v=$4}
       END {print (m==""?"?":m), (f==""?"?":f), (u==""?"?":u), (v==""?"?":v)}'
}

total_m=0 total_f=0 total_u=0 total_v=0 bad=0
sweep_one() {  # <label> <jwp stats arguments...>
  local label=$1
  shift
  local log
  log=$(mktemp)
  "$jwp" stats --ir --max-errors 50 "$@" >"$log" 2>&1
  read -r m f u v < <(summarize <"$log")
  echo "$label methods=$m failures=$f unsupported=$u violations=$v"
  if [ "$m" = "?" ] || [ "$f" != 0 ] || [ "$v" != 0 ]; then
    bad=$((bad + 1))
    grep -E '^(error|verifier)' "$log" | head -50 | sed 's/^/    /'
  fi
  [ "$m" = "?" ] || total_m=$((total_m + m))
  [ "$f" = "?" ] || total_f=$((total_f + f))
  [ "$u" = "?" ] || total_u=$((total_u + u))
  [ "$v" = "?" ] || total_v=$((total_v + v))
  rm -f "$log"
}

if [ "$jdk_base" = 1 ]; then
  java_home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
  jmod=$java_home/jmods/java.base.jmod
  [ -f "$jmod" ] || { echo "error: $jmod not found" >&2; exit 2; }
  sweep_one "$jmod" -cp "$jmod"
else
  jars=$(for f in "$dir"/*.jar; do [ -e "$f" ] && readlink -f "$f"; done | sort -u)
  [ -n "$jars" ] || { echo "error: no jars in $dir" >&2; exit 2; }
  n=0
  while read -r jar; do
    n=$((n + 1))
    [ $(((n - 1) % every)) = 0 ] || continue
    sweep_one "$jar" -cp "$jar"
  done <<<"$jars"
fi
echo "total methods=$total_m failures=$total_f unsupported=$total_u violations=$total_v bad-archives=$bad"
[ "$bad" = 0 ]
