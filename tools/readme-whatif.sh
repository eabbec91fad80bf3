#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# readme-whatif.sh VMSPLIT: the README's whatif table -- each row of
# `vmsplit whatif --workloads all` on the 2 GiB Cortex-A15 and on the
# Kirkwood, side by side: lowmem (MiB) and each workload's change from the
# status quo (the status quo's own figures in its row); a row both boards
# refuse is left out.  tests/test_readme.c checks that README.md holds
# exactly this output; after a change that moves a figure, paste it in
# again.
set -eu
vm=$1
a=$(mktemp)
k=$(mktemp)
trap 'rm -f "$a" "$k"' EXIT
"$vm" whatif --platform cortex-a15-2g --workloads all --format csv >"$a"
"$vm" whatif --platform kirkwood-openblocks-a7 --workloads all --format csv >"$k"
awk -F, '
# CSV with quoted fields (a row name may hold a comma).
function split_csv(line, out,    n, i, c, q, f) {
	n = 0; f = ""; q = 0
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (q) {
			if (c == "\"" && substr(line, i + 1, 1) == "\"") { f = f c; i++ }
			else if (c == "\"") q = 0
			else f = f c
		} else if (c == "\"") q = 1
		else if (c == ",") { out[++n] = f; f = "" }
		else f = f c
	}
	out[++n] = f
	return n
}
# A figure and its change: the status quo prints its figure, a row its
# change in percent; a refused row a dash.
function cell(v, pct, first) {
	if (v == "") return "--"
	if (first) return v
	return sprintf("%+.1f%%", pct)
}
BEGIN {
	fmt[1] = "%.1f MB/s"; fmt[2] = "%.1f us"; fmt[3] = "%.1f Mbit/s"
	fmt[4] = "%.3f s"; fmt[5] = "%.2f s"
}
FNR == 1 { for (i = 1; i <= split_csv($0, h); i++) col[FILENAME, h[i]] = i; next }
{
	n = split_csv($0, f)
	r = FNR - 1
	name[r] = f[col[FILENAME, "row"]]
	key = FILENAME == ARGV[1] ? "a" : "k"
	lm[key, r] = f[col[FILENAME, "lowmem_MiB"]] == "" ? "--" : f[col[FILENAME, "lowmem_MiB"]]
	split("dd_4k_MBps lat_proc_fork_us iperf_Mbps hackbench_s kernbench_system_s", ws, " ")
	for (w = 1; w <= 5; w++) {
		c = col[FILENAME, ws[w]]
		if (!c) { val[key, r, w] = ""; continue }
		v = f[c]
		if (v != "")
			v = sprintf(fmt[w], v)
		val[key, r, w] = cell(v, f[c + 1], r == 1)
	}
	rows = r
}
END {
	print "| row | A15 lowmem | dd 4K | fork+exit | hackbench | kernbench sys | Kirkwood lowmem | dd 4K | fork+exit | iperf | hackbench | kernbench sys |"
	print "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
	for (r = 1; r <= rows; r++) {
		# A row both boards refuse (an x86-only design) says nothing here.
		if (lm["a", r] == "--" && lm["k", r] == "--")
			continue
		printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", name[r],
		       lm["a", r], val["a", r, 1], val["a", r, 2], val["a", r, 4], val["a", r, 5],
		       lm["k", r], val["k", r, 1], val["k", r, 2], val["k", r, 3], val["k", r, 4], val["k", r, 5]
	}
}' "$a" "$k"
