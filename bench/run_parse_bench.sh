#!/usr/bin/env bash
# Parse benchmark of bench/README.md: jwp vs ASM 9.4 vs the inflate-only floor
# over java.base.jmod and every distinct jar of /usr/share/java, plus the peak
# memory of loading the JDK's whole class hierarchy. Builds what it needs and
# prints one table.
#
# Environment (all optional):
#   BUILD_DIR   build tree (default: <repo>/build; configured if missing)
#   RUNS        timed runs of each jwp/floor pass (default 7; one warm-up first)
#   ASM_WARMUP  untimed ASM iterations (default 5)
#   ASM_RUNS    timed ASM iterations (default 15)
#   JMOD        default /usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod
#   JAR_DIR     default /usr/share/java
#   ASM_JAR     default /usr/share/java/asm.jar (Debian's libasm-java)
#   JAVA_OPTS   default "-Xms1g -Xmx2g"
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
RUNS="${RUNS:-7}"
ASM_WARMUP="${ASM_WARMUP:-5}"
ASM_RUNS="${ASM_RUNS:-15}"
JMOD="${JMOD:-/usr/lib/jvm/java-17-openjdk-amd64/jmods/java.base.jmod}"
JAR_DIR="${JAR_DIR:-/usr/share/java}"
ASM_JAR="${ASM_JAR:-/usr/share/java/asm.jar}"
JAVA_OPTS="${JAVA_OPTS:--Xms1g -Xmx2g}"

# --- Build ------------------------------------------------------------------
if [[ ! -f "$BUILD_DIR/build.ninja" ]]; then
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
fi
ninja -C "$BUILD_DIR" jwp parse_bench hierarchy_memory >&2
OUT="$BUILD_DIR/bench"
mkdir -p "$OUT/asm-classes"
javac -nowarn -d "$OUT/asm-classes" -cp "$ASM_JAR" "$ROOT/bench/asm/AsmParseBench.java" >&2

# --- Run --------------------------------------------------------------------
ENTRIES="$OUT/parse_bench_entries.txt"
LOG="$OUT/parse_bench.log"
: >"$LOG"
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "running parse_bench ($RUNS runs per pass)..." >&2
"$BUILD_DIR/bin/parse_bench" --jmod "$JMOD" --jar-dir "$JAR_DIR" --runs "$RUNS" \
  --entries-out "$ENTRIES" | tee -a "$LOG" >&2
echo "running AsmParseBench ($ASM_WARMUP warm-up, $ASM_RUNS timed)..." >&2
# shellcheck disable=SC2086
java $JAVA_OPTS -cp "$ASM_JAR:$OUT/asm-classes" AsmParseBench "$ENTRIES" "$ASM_WARMUP" "$ASM_RUNS" \
  | tee -a "$LOG" >&2
echo "running jwp stats on the same archives (cross-check)..." >&2
CP="$(grep '^A' "$ENTRIES" | cut -f2 | paste -sd:)"
"$BUILD_DIR/bin/jwp" stats -cp "$CP" | sed 's/^/STATS /' | tee -a "$LOG" >&2
echo "running hierarchy_memory..." >&2
"$BUILD_DIR/bin/hierarchy_memory" --mode hierarchy | tee -a "$LOG" >&2
"$BUILD_DIR/bin/hierarchy_memory" --mode hierarchy --jmods \
  | sed 's/mode=hierarchy/mode=hierarchy-jmods/' | tee -a "$LOG" >&2
rm -rf "$OUT/header-cache"  # the first run writes the header cache, the second reads it
"$BUILD_DIR/bin/hierarchy_memory" --mode hierarchy --header-cache "$OUT/header-cache" \
  | sed 's/mode=hierarchy/mode=hierarchy-cache-write/' | tee -a "$LOG" >&2
"$BUILD_DIR/bin/hierarchy_memory" --mode hierarchy --header-cache "$OUT/header-cache" \
  | sed 's/mode=hierarchy/mode=hierarchy-cache-read/' | tee -a "$LOG" >&2
"$BUILD_DIR/bin/hierarchy_memory" --mode headers | tee -a "$LOG" >&2
"$BUILD_DIR/bin/hierarchy_memory" --mode classfiles | tee -a "$LOG" >&2

# --- Table ------------------------------------------------------------------
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'); nproc $(nproc);" \
  "$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //');" \
  "load average before/after: $LOAD_BEFORE / $(cut -d' ' -f1-3 /proc/loadavg)"
echo "java: $(java -version 2>&1 | head -1); build: $(grep -m1 CMAKE_BUILD_TYPE: "$BUILD_DIR/CMakeCache.txt" | cut -d= -f2)"
awk '
function field(line, key,   n, i, kv) {
  n = split(line, parts, " ")
  for (i = 1; i <= n; ++i) {
    split(parts[i], kv, "=")
    if (kv[1] == key) return kv[2]
  }
  return ""
}
/^RESULT / {
  name = $2
  if (name == "hierarchy") name = "hierarchy-" field($0, "mode")
  line[name] = $0
}
/^STATS classes:/      { stats_classes = $3 }
/^STATS methods:/      { stats_methods = $3 }
/^STATS instructions:/ { stats_insns = $3 }
/^STATS errors:/       { stats_errors = $3 }
/^STATS time:/         { stats_time = $3 }
/^entries / { entries = $2 }
/^archives / { archives = $2 }
END {
  split("floor floor-raw jwp-full jwp-mem asm", order, " ")
  what["floor"] = "inflate only: Archive::ReadClass (libzip), bytes discarded"
  what["floor-raw"] = "inflate only: bare zip_fopen_index + zip_fread"
  what["jwp-full"] = "ReadClass + ParseClassFile + DecodeCode (jwp stats path)"
  what["jwp-mem"] = "ParseClassFile + DecodeCode, bytes already in memory"
  what["asm"] = "ClassReader.accept(empty visitor, 0), bytes in memory"
  printf "%d archives, %d class entries\n\n", archives, entries
  printf "| %-9s | %8s | %8s | %s\n", "pass", "median s", "min s", "what is timed"
  printf "|-----------|----------|----------|------------------------------\n"
  for (i = 1; i <= 5; ++i) {
    p = order[i]
    if (!(p in line)) continue
    med[p] = field(line[p], "median_s")
    printf "| %-9s | %8.3f | %8.3f | %s\n", p, med[p], field(line[p], "min_s"), what[p]
  }
  printf "\n"
  if (med["asm"] > 0) {
    r = med["jwp-mem"] / med["asm"]
    printf "jwp/ASM   (jwp-mem / asm, parse+decode from memory): %.2f  (target <= 0.50: %s)\n",
           r, r <= 0.5 ? "met" : "MISSED"
  }
  if (med["floor"] > 0) {
    r = med["jwp-full"] / med["floor"]
    printf "jwp/floor (jwp-full / floor, with inflate):          %.2f  (target <= 2.00: %s)\n",
           r, r <= 2.0 ? "met" : "MISSED"
    printf "jwp parse+decode share of jwp-full: %.3f s (jwp-full - floor)\n",
           med["jwp-full"] - med["floor"]
  }
  printf "\n| counts       | classes | methods | with code | instructions | errors\n"
  printf "|--------------|---------|---------|-----------|--------------|-------\n"
  l = line["jwp-full"]
  printf "| jwp-full     | %7s | %7s | %9s | %12s | %s\n", field(l, "classes"), field(l, "methods"),
         field(l, "methods_with_code"), field(l, "instructions"), field(l, "errors")
  l = line["asm-counts"]
  printf "| ASM          | %7s | %7s | %9s | %12s | -\n", field(l, "classes"), field(l, "methods"),
         field(l, "methods_with_code"), field(l, "instructions")
  printf "| jwp stats    | %7s | %7s | %9s | %12s | %s\n", stats_classes, stats_methods, "-",
         stats_insns, stats_errors
  same = field(line["jwp-full"], "classes") == field(line["asm-counts"], "classes") &&
         field(line["jwp-full"], "methods") == field(line["asm-counts"], "methods") &&
         field(line["jwp-full"], "instructions") == field(line["asm-counts"], "instructions") &&
         field(line["jwp-full"], "instructions") == stats_insns &&
         field(line["jwp-full"], "classes") == stats_classes
  printf "counts agree: %s; bytes inflated: jwp %s, ASM %s\n", same ? "yes" : "NO",
         field(line["jwp-full"], "bytes"), field(line["asm-read"], "bytes")
  printf "\n| whole JDK hierarchy  | classes | peak RSS MB | anon MB | file MB | time s\n"
  printf "|----------------------|---------|-------------|---------|---------|-------\n"
  split("hierarchy hierarchy-jmods headers classfiles", modes, " ")
  for (m = 1; m <= 4; ++m) {
    p = "hierarchy-" modes[m]
    if (!(p in line)) continue
    l = line[p]
    printf "| %-20s | %7s | %11.1f | %7.1f | %7.1f | %s\n", modes[m], field(l, "classes"),
           field(l, "peak_rss_kb") / 1024, field(l, "rss_anon_kb") / 1024,
           field(l, "rss_file_kb") / 1024, field(l, "time_s")
  }
  r = field(line["hierarchy-hierarchy"], "peak_rss_kb") / 1024
  printf "peak RSS target (< 300 MB, ClassHierarchy::Build of the JDK): %s\n",
         r < 300 ? "met" : "MISSED"
}' "$LOG"
