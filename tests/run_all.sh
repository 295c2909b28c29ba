#!/usr/bin/env bash
# Builds jwp and runs the whole test suite: the end-to-end tests (corpora,
# JVM checks, differential sweeps, the property test) in the optimized gcc
# build; the unit tests, a sample of the end-to-end tests and the short
# libFuzzer runs in a clang ASan+UBSan build; then a sample of goals through
# both builds, which must search them alike (wp/README.md, "Determinism").
# This is the README's test command and what CI runs. The unit tests run only
# under the sanitizers: building and running them twice took a quarter of
# the suite's time.
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
# Without debug information: gcc's -g1 line tables took a fifth of the
# optimized build's compile time, and no test reads them (a crash is
# reproduced in a developer's build, whose default keeps -g1).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -DNDEBUG" \
  -DJWP_UNIT_TESTS=OFF "${unity[@]}"
cmake --build build -j "$jobs"
echo "== $(date +%T) release tests"
ctest --test-dir build --output-on-failure -j "$jobs" --timeout 600

# build-asan/ was a gcc build until session 13: a cache made by another
# compiler is started afresh.
if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang' build-asan/CMakeCache.txt; then
  rm -rf build-asan
fi
# Its Java (fixtures, printer cases, the model and runner jars) is the
# optimized build's, just built from the same sources (JWP_JAVA_ARTIFACTS_FROM,
# CMakeLists.txt): javac and javadoc again took some 40 s of this stage.
echo "== $(date +%T) sanitizer build (build-asan/: clang, ASan+UBSan, unit tests and libFuzzer targets)"
# Precompiled headers (JWP_PCH, cmake/precompiled_headers.cmake): clang
# parses GoogleTest's, abseil's and JSON's headers once per group of targets
# instead of once per batch: this build 266 -> 221 s (bench/README.md). gcc's
# optimized build gained nothing from them and does without.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DJWP_SANITIZE=ON -DJWP_FUZZ=ON -DJWP_UNIT_TESTS=ON "${unity[@]}" -DJWP_BENCH=OFF -DJWP_PCH=ON \
  -DJWP_JAVA_ARTIFACTS_FROM="$PWD/build" \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1"  # -g1: line tables for ASan's reports, 3/4 of -g's compile time
cmake --build build-asan -j "$jobs"
echo "== $(date +%T) sanitizer tests and short fuzz runs"
# The tests that ask what the search finds on the fixtures run the optimized
# build's jwp (tests/test_support.h, EngineJwpBinary): in this build they took
# 60% of the unit tests' time.
# A 32 MB quarantine of freed memory (ASan's default holds 256 MB back before
# reusing it): a use after free is still caught unless 32 MB were freed in
# between, and the page faults of fresh memory halve (classfile_tests' shards
# 137 -> 111 s, the stage's system time 235 -> 206 s; bench/README.md).
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:quarantine_size_mb=32 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  JWP_ENGINE_BINARY="$PWD/build/bin/jwp" ctest --test-dir build-asan --output-on-failure -j "$jobs" --timeout 1800 -LE "SLOW|JAVA"
echo "== $(date +%T) the gcc and clang builds search alike"
python3 tests/wp/compare_builds.py --jwp build/bin/jwp --jwp build-asan/bin/jwp \
  --cp build/fixtures/release17.jar --tsv tests/wp/interproc_expectations.tsv --every 9 --jobs "$jobs"
echo "== $(date +%T) all passed"
