#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# golden.sh VMSPLIT OUTDIR: run a fixed set of vmsplit commands (every
# board, the main settings variants, micro / run dd / run spawn with
# --profile, iperf, hackbench, kernbench, sdet, lmbench, explain,
# reproduce) and write each JSON output to OUTDIR, one file per
# command, named after it.  Two trees compared with `diff -r` show whether
# a change (a speed-up, a refactor) left every result byte-for-byte the
# same.  The commands are listed in OUTDIR/COMMANDS.
set -eu
vm=$1
out=$2
mkdir -p "$out"
: >"$out/COMMANDS"

run() {
	name=$1
	shift
	echo "vmsplit $*" >>"$out/COMMANDS"
	"$vm" "$@" >"$out/$name.json"
}

bs=512,1K,4K,16K,32K,64K,1M
for p in kirkwood-openblocks-a7 beaglebone-white numaq-16 cortex-a15-2g; do
	run "micro-$p" micro --platform "$p" --format json
	run "dd-$p" run dd --platform "$p" --bs $bs --total 2M --profile --format json
	run "dd-$p-nochecks" run dd --platform "$p" --bs $bs --total 2M --profile --format json checks=n
	run "dd-$p-noicache" run dd --platform "$p" --bs 512,64K --total 1M --profile --format json icache_model=n
	run "spawn-$p" run spawn --platform "$p" --procs 48 --profile --format json
	run "spawn-$p-shared" run spawn --platform "$p" --procs 16 --pages 64 --shared-pages 16 --profile --format json
done
for p in kirkwood-openblocks-a7 numaq-16 cortex-a15-2g; do
	run "micro-$p-nohighmem" micro --platform "$p" --format json CONFIG_HIGHMEM=n
	run "dd-$p-nohighmem" run dd --platform "$p" --bs 512,64K --total 1M --profile --format json CONFIG_HIGHMEM=n
	run "dd-$p-gupkmap" run dd --platform "$p" --bs 512,4K,64K --total 1M --profile --format json CONFIG_UACCESS_GUP_KMAP_MEMCPY=y
	run "spawn-$p-nohighpte" run spawn --platform "$p" --procs 32 --profile --format json CONFIG_HIGHPTE=n
done
run micro-numaq-highpte micro --platform numaq-16 --format json CONFIG_HIGHPTE=y
run spawn-numaq-highpte run spawn --platform numaq-16 --procs 64 --profile --format json CONFIG_HIGHPTE=y
run spawn-numaq-highpte-objrmap run spawn --platform numaq-16 --procs 64 --profile --format json CONFIG_HIGHPTE=y rmap=objrmap
run spawn-kirkwood-ptechain run spawn --platform kirkwood-openblocks-a7 --procs 48 --profile --format json rmap=pte-chain
run spawn-numaq-4g4g run spawn --platform numaq-16 --procs 32 --profile --format json CONFIG_VMSPLIT=4G_4G
run dd-numaq-4g4g run dd --platform numaq-16 --bs 512,4K,64K --total 1M --profile --format json CONFIG_VMSPLIT=4G_4G
run dd-numaq-x86-2.6 run dd --platform numaq-16 --bs 512,64K --total 1M --profile --format json flavour=x86-2.6 cpus=4
run dd-a15-lpae run dd --platform cortex-a15-2g --bs 512,4K,64K --total 1M --profile --format json CONFIG_ARM_LPAE=y
run dd-a15-4g4g run dd --platform cortex-a15-2g --bs 512,4K,64K --total 1M --profile --format json CONFIG_ARM_LPAE=y CONFIG_VMSPLIT=4G_4G
run spawn-a15-lpae run spawn --platform cortex-a15-2g --procs 32 --profile --format json CONFIG_ARM_LPAE=y
run dd-a15-2g run dd --platform cortex-a15-2g --bs 512,64K --total 1M --profile --format json CONFIG_VMSPLIT=2G mem=1G cpus=1
run dd-kirkwood-fastpath run dd --platform kirkwood-openblocks-a7 --bs 512,4K,64K --total 1M --profile --format json kmap_pfn_fastpath=y
run dd-kirkwood-debughighmem run dd --platform kirkwood-openblocks-a7 --bs 512,64K --total 1M --profile --format json CONFIG_DEBUG_HIGHMEM=y
run micro-kirkwood-kmaplocal micro --platform kirkwood-openblocks-a7 --format json flavour=kmap-local
run dd-kirkwood-memcpy run dd --platform kirkwood-openblocks-a7 --bs 512,4K,64K --total 1M --profile --format json CONFIG_UACCESS_WITH_MEMCPY=y
run dd-bbw-memcpy run dd --platform beaglebone-white --bs 512,4K,64K --total 1M --profile --format json CONFIG_UACCESS_WITH_MEMCPY=y
run dd-bbw-pan-off run dd --platform beaglebone-white --bs 512,4K --total 1M --profile --format json CONFIG_CPU_SW_DOMAIN_PAN=n
run iperf-kirkwood run iperf --platform kirkwood-openblocks-a7 --time 0.05 --profile --format json
run iperf-kirkwood-nohighmem run iperf --platform kirkwood-openblocks-a7 --time 0.05 --profile --format json CONFIG_HIGHMEM=n tso=off
run hackbench-bbw run hackbench --platform beaglebone-white --groups 2 --loops 20 --profile --format json
run kernbench-numaq run kernbench --platform numaq-16 --units 24 --jobs 8 --profile --format json
run sdet-numaq run sdet --platform numaq-16 --scripts 4 --profile --format json
run lmbench-bbb run lmbench --platform beaglebone-black --format json
run lmbench-a15-4g4g run lmbench --platform cortex-a15-2g --format json CONFIG_ARM_LPAE=y CONFIG_VMSPLIT=4G_4G
run dd-bbb run dd --platform beaglebone-black --bs 512,4K,64K --total 1M --profile --format json
run explain-dd explain dd --platform beaglebone-white --bs 512 --total 1M --from CONFIG_UACCESS_GUP_KMAP_MEMCPY=n --to CONFIG_UACCESS_GUP_KMAP_MEMCPY=y --format json
run explain-iperf explain iperf --platform kirkwood-openblocks-a7 --time 0.05 --from CONFIG_HIGHMEM=n --to CONFIG_HIGHMEM=y tso=off --format json
run explain-dd-4k explain dd --platform numaq-16 --bs 4K --total 1M --from CONFIG_HIGHPTE=n --to CONFIG_HIGHPTE=y --format json
run reproduce reproduce --format json
