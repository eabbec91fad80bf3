#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# fuzz/campaign.sh LOG CRASHDIR FUZZER [ARGS...]: run a libFuzzer campaign
# (make fuzz, make fuzz-long), its output to the terminal and to LOG, then
# say in one line what it did:
#
#   fuzz: 24873 sequences in 60 s (414/s), cov 2939 ft 14687, corpus 988,
#   new in build-fuzz/crashes: 0 crash, 0 leak, 1 timeout, 0 oom
#
# The sequences are libFuzzer's stat::number_of_executed_units, or in fork
# mode (whose parent prints no final stats) the count of its last status
# line; cov, ft and corpus are those of the last status line (in fork mode
# cov counts features of the merged corpus, a larger number than a single
# process's); the seconds are wall time.  The findings are the files the
# run added to CRASHDIR, by libFuzzer's prefix.  Exits with the fuzzer's
# status, so that a crash still fails CI, or 1 if the run saved any input
# at all: a hang is a finding too (the known livelock of the RFC's copy
# ends in the no-progress checker now, kernel/livelock.h), and fork mode's
# -ignore_timeouts only lets the campaign go on past one to the end.
set -uo pipefail

log=$1
crashes=$2
shift 2
mkdir -p "$crashes"
before=$(mktemp)
trap 'rm -f "$before"' EXIT
# shellcheck disable=SC2012 # libFuzzer's artifact names are plain
ls "$crashes" > "$before"
start=$(date +%s)
"$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
secs=$(($(date +%s) - start))

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
last=$(grep -E '^#[0-9]+:?[[:space:]].*cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
[ -n "$runs" ] || runs=$(sed -E 's/^#([0-9]+).*/\1/' <<< "$last")
[ -n "$runs" ] || runs=0
cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<< "$last")
ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<< "$last")
corp=$(sed -nE 's/.* corp: ([0-9]+).*/\1/p' <<< "$last")
# shellcheck disable=SC2012
new=$(ls "$crashes" | comm -13 "$before" -)
count() { grep -c "^$1-" <<< "$new"; }
echo "fuzz: $runs sequences in $secs s ($((runs / (secs ? secs : 1)))/s)," \
	"cov ${cov:-?} ft ${ft:-?}, corpus ${corp:-?}, new in $crashes:" \
	"$(count crash) crash, $(count leak) leak, $(count timeout) timeout," \
	"$(count oom) oom"
if [ "$status" = 0 ] && [ -n "$new" ]; then
	echo "fuzz: the campaign saved inputs that crash, leak or hang:" $new >&2
	status=1
fi
exit "$status"
