#!/usr/bin/env bash
# Builds jwp and runs the whole test suite: the end-to-end tests (corpora,
# JVM checks, differential sweeps, the property test) in the optimized build;
# the short libFuzzer runs in a clang ASan+UBSan build; the unit tests and a
# sample of the end-to-end tests in the ASan+UBSan build. This is the README's
# test command and what CI runs. The unit tests run only under the sanitizers:
# building and running them twice took a quarter of the suite's time.
# The builds are unity builds (CMAKE_UNITY_BUILD): each library's sources
# compile in batches of 8, which parses abseil's, Z3's and JSON's headers once
# per batch and halved the optimized build (211 -> 114 s on 2 cores). A
# developer's incremental build is left as it was (one object per file).
# The sanitizer build leaves out the benchmarks (the optimized build keeps
# them compiling).
set -euo pipefail
cd "$(dirname "$0")/.."

bash .ci/setup

jobs=$(nproc)
unity=(-DCMAKE_UNITY_BUILD=ON -DCMAKE_UNITY_BUILD_BATCH_SIZE=8)
echo "== $(date +%T) release build (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJWP_UNIT_TESTS=OFF "${unity[@]}"
cmake --build build -j "$jobs"
echo "== $(date +%T) release tests"
ctest --test-dir build --output-on-failure -j "$jobs" --timeout 600

echo "== $(date +%T) fuzz build (build-fuzz/: clang, libFuzzer, ASan+UBSan): short fuzz runs"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DJWP_FUZZ=ON -DJWP_SANITIZE=ON -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" "${unity[@]}"
cmake --build build-fuzz -j "$jobs" --target class_file_fuzzer archive_fuzzer jimage_fuzzer
ctest --test-dir build-fuzz --output-on-failure -j "$jobs" -L fuzz  # each run has its own time limit

echo "== $(date +%T) sanitizer build (build-asan/: ASan+UBSan)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DJWP_SANITIZE=ON -DJWP_UNIT_TESTS=ON \
  "${unity[@]}" -DJWP_BENCH=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1"  # -g1: line tables for ASan's reports, 3/4 of -g's compile time
cmake --build build-asan -j "$jobs"
echo "== $(date +%T) sanitizer tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 1800 -LE "SLOW|JAVA"
echo "== $(date +%T) all passed"
