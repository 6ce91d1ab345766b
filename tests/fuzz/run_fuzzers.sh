#!/bin/bash
# SPDX-License-Identifier: MIT
# Runs each fuzz target for SECONDS at nice 10, one at a time, growing its
# corpus in BUILD_DIR/corpus/<target> (a rerun goes on from it; the seeds in
# tests/fuzz/corpus are read too) and keeping any crashing input in
# BUILD_DIR/findings/<target>/. Prints one line per target.
# usage: tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS TARGET...
set -u
dir=$1 seconds=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
status=0
for target in "$@"; do
  mkdir -p "$dir/corpus/$target" "$dir/findings/$target" "$dir/logs"
  log="$dir/logs/$target.log"
  started=$SECONDS
  nice -n 10 "$dir/bin/gambit-fuzz-$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$dir/findings/$target/" "$dir/corpus/$target" "$here/corpus/$target" \
    >"$log" 2>&1
  code=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
  findings=$(find "$dir/findings/$target" -type f | wc -l)
  printf '%-13s %10s runs in %ss (%s/s), corpus %s inputs, findings %s%s\n' "$target" "${runs:-?}" "$((SECONDS - started))" \
    "${speed:-?}" "$(ls "$dir/corpus/$target" | wc -l)" "$findings" "$([ $code -ne 0 ] && echo " (stopped: see $log)")"
  [ $code -eq 0 ] && [ "$findings" -eq 0 ] || status=1
done
exit $status
