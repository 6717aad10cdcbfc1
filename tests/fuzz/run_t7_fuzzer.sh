#!/bin/sh
# Builds the .t7 reader's libFuzzer target with clang (ASan + UBSan) against
# a built libember.so, seeds it with files the tests' format produces, and
# runs it. Not part of the meson build (gcc has no -fsanitize=fuzzer).
#   tests/fuzz/run_t7_fuzzer.sh [BUILD_DIR] [SECONDS]
# BUILD_DIR holds libember.so (default: build); SECONDS defaults to 600.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
seconds=${2:-600}
work=${FUZZ_WORK:-$build/fuzz-t7}
mkdir -p "$work/corpus" "$work/crashes"

inc="-I$root -I$root/runtime/include -I$root/generated/include -I$root/runtime/include/TH -I$root/generated/include/TH"
srcs="value torch_classes object_file tensor_records object_writer object_reader save_load"
files=""
for s in $srcs; do files="$files $root/runtime/serialize/$s.cpp"; done
clang++ -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined $inc \
  "$root/tests/fuzz/t7_reader_fuzzer.cpp" $files "$root/tests/fuzz/t7_seeds.cpp" \
  -L"$build" -lember -Wl,-rpath,"$build" -o "$work/t7_reader_fuzzer"

# Seeds: the objects of tests/fuzz/t7_seeds.cpp in both formats.
T7_WRITE_SEEDS="$work/corpus" "$work/t7_reader_fuzzer" -runs=0 "$work/corpus" >/dev/null 2>&1 || true

ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1 \
  "$work/t7_reader_fuzzer" -max_total_time="$seconds" -max_len=4096 -rss_limit_mb=2048 \
  -artifact_prefix="$work/crashes/" "$work/corpus"
