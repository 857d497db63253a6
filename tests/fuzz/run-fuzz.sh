#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Fuzzes the GLSL front end with libFuzzer (clang from Debian):
#
#   tests/fuzz/run-fuzz.sh [SECONDS]      (default 600)
#
# Builds build-fuzz/ with clang, coverage instrumentation, ASan and UBSan,
# seeds a corpus from Piglit's shaders (make_seeds.py) plus the committed
# tests/fuzz/corpus, and runs the target for SECONDS on every core.
# Crashes are written to build-fuzz/fuzz-artifacts/; copy a crasher into
# tests/fuzz/corpus/ with its fix so the test suite replays it forever.
set -eu
seconds=${1:-600}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$root/build-fuzz
if [ ! -f "$build/build.ninja" ]; then
   CC=clang CFLAGS=-fsanitize=fuzzer-no-link \
      meson setup "$build" "$root" -Dfuzz=enabled \
      -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized
fi
ninja -C "$build" tests/fuzz/glsl_fuzz
mkdir -p "$build/fuzz-corpus" "$build/fuzz-seeds" "$build/fuzz-artifacts"
python3 "$root/tests/fuzz/make_seeds.py" "$build/fuzz-seeds"
jobs=$(nproc)
cd "$build"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
   ./tests/fuzz/glsl_fuzz -max_total_time="$seconds" -timeout=10 \
   -rss_limit_mb=4096 -max_len=65536 -jobs="$jobs" -workers="$jobs" \
   -artifact_prefix="$build/fuzz-artifacts/" \
   "$build/fuzz-corpus" "$build/fuzz-seeds" "$root/tests/fuzz/corpus"
