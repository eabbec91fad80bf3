#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# kpath.sh - measure kernel instructions per Linux function per operation on
# Debian 12's stock 32-bit kernels under QEMU TCG, and write
# data/kpath/<flavour>.tsv.  Run by `make kpath` as root on Debian 12.
#
#   tools/kpath/kpath.sh [flavour...]      default: armmp armmp-lpae 686-pae
#   KPATH_KERNEL=6.12 tools/kpath/kpath.sh [flavour...]
#                                          default: armmp armmp-lpae
#
# KPATH_KERNEL picks the measured kernel: 6.1 (the default, Debian 12's own
# kernel, tables data/kpath/<flavour>.tsv) or 6.12 (Debian's
# bookworm-backports suite, armhf only as that suite has no 6.12 686-pae;
# tables data/kpath/<flavour>-6.12.tsv, work files under the same suffix).
# The backports suite is reached through a private source list and package
# state in the work directory; /etc/apt is not touched.
#
# Environment: KPATH_WORK (work dir, default build/kpath), KPATH_OUT (where
# the .tsv files go, default data/kpath), ANALYZE (the analysis binary,
# default build/kpath-analyze), KPATH_ONLY (substring filter of operation
# names passed to the guest, for quick checks), KPATH_QEMU_ARGS (extra QEMU
# arguments of the measured boots, e.g. -singlestep for the one-instruction-
# per-TB cross-check in data/kpath/README.md).
#
# The packages are pinned: the measured tables belong to these exact builds.
set -euo pipefail

BBVER=1:1.35.0-4+deb12u1+b1
case ${KPATH_KERNEL:-6.1} in
6.1)
	KVER=6.1.0-50
	KPKGVER=6.1.176-1
	SUFFIX=
	DEFAULT_FLAVOURS="armmp armmp-lpae 686-pae"
	KAPPEND=
	;;
6.12)
	KVER=6.12.95+deb12
	KPKGVER=6.12.95-1~bpo12+1
	SUFFIX=-6.12
	DEFAULT_FLAVOURS="armmp armmp-lpae"
	# 6.12 runs the crypto self-tests (RSA, DH, ECDSA: mpihelp_*,
	# vli_*) in kernel threads after init has started, millions of
	# instructions inside the first windows; 6.1 ran them before init.
	# Skipping them leaves every measured path as it is.
	KAPPEND=cryptomgr.notests
	;;
*)
	echo "kpath: KPATH_KERNEL=$KPATH_KERNEL: 6.1 or 6.12" >&2
	exit 2
	;;
esac

TOP=$(cd "$(dirname "$0")/../.." && pwd)
SRC=$TOP/tools/kpath
W=${KPATH_WORK:-$TOP/build/kpath}
OUT=${KPATH_OUT:-$TOP/data/kpath}
ANALYZE=${ANALYZE:-$TOP/build/kpath-analyze}
FLAVOURS=${*:-$DEFAULT_FLAVOURS}

log() { echo "kpath: $*" >&2; }

HOSTPKGS="qemu-system-arm qemu-system-x86 cpio gcc gcc-arm-linux-gnueabihf
	gcc-i686-linux-gnu libc6-dev-armhf-cross libc6-dev-i386-cross"

# The host packages, and the foreign architectures whose kernels we fetch.
# apt-get update runs only when something is missing (a new architecture
# needs its package lists); a half-synced mirror is not fatal as long as
# the lists we have still name the pinned versions.
deps() {
	local need= foreign
	foreign=$(dpkg --print-foreign-architectures)
	for a in armhf i386; do
		case " $(echo $foreign) " in
		*" $a "*) ;;
		*) dpkg --add-architecture $a; need="$need $a:arch" ;;
		esac
	done
	for p in $HOSTPKGS; do
		dpkg -s $p >/dev/null 2>&1 || need="$need $p"
	done
	[ -z "$need" ] && return 0
	log "installing$need"
	apt-get update -qq || log "apt-get update failed; using the lists we have"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$HOSTPKGS >/dev/null
}

# debarch for a flavour
darch() { [ "$1" = 686-pae ] && echo i386 || echo armhf; }

# apt-get options that read Debian's bookworm-backports suite from a source
# list and package state of our own under $W/apt (6.12 only).  The suite
# is read from the archive this machine's apt already uses for bookworm
# (its own sources), so no host is named here.
bpo_suite() {
	local uri
	uri=$(apt-get indextargets --format '$(REPO_URI)' 'Release: bookworm' \
		'Identifier: Packages' 2>/dev/null | head -n 1)
	[ -n "$uri" ] || { log "no bookworm archive in apt's sources"; exit 1; }
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $uri bookworm-backports main"
}
bpo_opts() {
	echo "-o Dir::Etc::SourceList=$W/apt/sources.list -o Dir::Etc::SourceParts=/dev/null" \
		"-o Dir::State::Lists=$W/apt/lists -o Dir::Cache=$W/apt/cache"
}

# kernel_apt: apt-get, reading the suite the pinned kernel comes from
kernel_apt() {
	if [ -z "$SUFFIX" ]; then
		apt-get "$@"
		return
	fi
	if [ ! -s "$W/apt/sources.list" ]; then
		mkdir -p "$W/apt/lists/partial" "$W/apt/cache/archives/partial"
		bpo_suite >"$W/apt/sources.list"
		# shellcheck disable=SC2046 # bpo_opts is a word list
		apt-get $(bpo_opts) update -qq
	fi
	# shellcheck disable=SC2046
	apt-get $(bpo_opts) "$@"
}

download() {
	mkdir -p "$W/debs"
	cd "$W/debs"
	for fl in $FLAVOURS; do
		local a; a=$(darch $fl)
		[ -n "$SUFFIX" ] && [ $a != armhf ] &&
			{ log "$fl: no $KVER build in bookworm-backports"; exit 1; }
		ls linux-image-$KVER-${fl}_${KPKGVER}_$a.deb >/dev/null 2>&1 ||
			kernel_apt download "linux-image-$KVER-$fl:$a=$KPKGVER"
		ls busybox-static_*_$a.deb >/dev/null 2>&1 ||
			apt-get download "busybox-static:$a=$BBVER"
	done
	cd "$TOP"
}

# build ARCH (armhf|i386): initramfs $W/initrd-ARCH.gz
build_initrd() {
	local a=$1 cc root=$W/root-$1
	[ $a = armhf ] && cc=arm-linux-gnueabihf-gcc || cc=i686-linux-gnu-gcc
	rm -rf "$root" "$W/bb-$a"
	mkdir -p "$root"/bin "$root"/sbin "$root"/dev "$root"/proc "$root"/sys "$root"/tmpfs
	dpkg-deb -x "$W"/debs/busybox-static_*_$a.deb "$W/bb-$a"
	cp "$W/bb-$a/bin/busybox" "$root/bin/busybox"
	ln -s busybox "$root/bin/sh"
	$cc -std=c11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -O2 -static -Wall -Wextra \
		-Wno-unused-parameter -Wno-unused-result -o "$root/kpath-work" "$SRC/kpath-work.c"
	$cc -nostdlib -static -O2 -o "$root/kpath-true" "$SRC/kpath-true.c"
	cp "$SRC/guest-init.sh" "$root/init"
	chmod 755 "$root/init"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$W/initrd-$a.gz"
}

build_plugin() {
	gcc -std=c11 -D_GNU_SOURCE -O2 -fPIC -shared -fvisibility=hidden -Wall -Wextra \
		-Wno-unused-parameter -o "$W/kpath-plugin.so" "$SRC/kpath-plugin.c"
}

# qemu FLAVOUR LOG APPEND [extra qemu args]: boot the kernel once
qemu() {
	local fl=$1 lg=$2 ap=$3 a
	shift 3
	a=$(darch $fl)
	local k=$W/x/$fl$SUFFIX/boot/vmlinuz-$KVER-$fl
	if [ $a = armhf ]; then
		timeout -k 5 1800 qemu-system-arm -M virt -cpu cortex-a15 -m 2048 -smp 1 \
			-icount shift=0,sleep=off -kernel "$k" -initrd "$W/initrd-$a.gz" \
			-append "console=ttyAMA0 quiet loglevel=3 panic=-1 rdinit=/init ${KAPPEND:+$KAPPEND }$ap" \
			-nographic -no-reboot -display none -nic none "$@" \
			</dev/null >"$lg" 2>&1
	else
		timeout -k 5 1800 qemu-system-i386 -accel tcg -cpu max -m 3072 -smp 1 \
			-icount shift=0,sleep=off -kernel "$k" -initrd "$W/initrd-$a.gz" \
			-append "console=ttyS0 quiet loglevel=3 panic=-1 rdinit=/init nokaslr $ap" \
			-nographic -no-reboot -display none -nic none "$@" \
			</dev/null >"$lg" 2>&1
	fi
}

# text symbols "addr type name" from a console log
kallsyms_of() { tr -d '\r' <"$1" | sed -n 's/^KS \([0-9a-f]* [tTwW] .*\)$/\1/p'; }

sym() {
	local s
	s=$(awk -v n="$2" '$3 == n { print $1; exit }' "$1")
	[ -n "$s" ] || { log "no symbol $2"; exit 1; }
	echo "$s"
}

# the address of the first text symbol after symbol $2 (where it ends)
symend() {
	local a
	a=$(sym "$1" "$2")
	awk -v a="$a" '($1 "") > a && (e == "" || ($1 "") < e) { e = $1 } END { print e }' "$1"
}

# make_cfg FLAVOUR: the plugin configuration from the kernel's kallsyms
make_cfg() {
	local fl=$1 ks=$W/kallsyms-$1$SUFFIX.txt
	if [ "$(darch $fl)" = armhf ]; then
		echo "arch arm"
		echo "klo bf000000"
		echo "marker $(sym "$ks" sys_sync)"
		echo "vec ffff0000 ffff0020"
		echo "switch $(sym "$ks" __switch_to) $(symend "$ks" __switch_to)"
		echo "tag fault $(sym "$ks" __dabt_usr)"
		echo "tag fault $(sym "$ks" __pabt_usr)"
		echo "tag irq $(sym "$ks" __irq_usr)"
		echo "tag uexc $(sym "$ks" __und_usr)"
		awk '$2 ~ /^[tT]$/ && $3 ~ /^sys_/ { print "tag", $3, $1 }' "$ks"
	else
		echo "arch x86"
		echo "klo c0000000"
		echo "marker $(sym "$ks" __ia32_sys_sync)"
		echo "eret $(sym "$ks" __entry_text_start) $(sym "$ks" __entry_text_end)"
		echo "switch $(sym "$ks" __switch_to_asm) $(symend "$ks" __switch_to_asm)"
		echo "tag fault $(sym "$ks" asm_exc_page_fault)"
		echo "tag irq $(sym "$ks" irq_entries_start) $(sym "$ks" spurious_entries_start)"
		echo "tag irq $(sym "$ks" spurious_entries_start) $(sym "$ks" asm_exc_divide_error)"
		awk '$3 ~ /^asm_sysvec_/ { print "tag irq", $1 }' "$ks"
		awk '$3 ~ /^asm_exc_/ { print "tag uexc", $1 }' "$ks"
		awk '$2 ~ /^[tT]$/ && $3 ~ /^__ia32_sys_/ { n = $3; sub(/^__ia32_/, "", n); print "tag", n, $1 }' "$ks"
		echo "vec $(sym "$ks" irq_entries_start) $(sym "$ks" spurious_entries_start)"
		echo "vec $(sym "$ks" spurious_entries_start) $(sym "$ks" asm_exc_divide_error)"
		awk '$3 ~ /^asm_(exc|sysvec)_/ { print "vec", $1 }' "$ks"
	fi
}

configs() {
	if [ "$1" = 686-pae ]; then
		echo "highmem:" "nohighmem:mem=700M" "userpte-nohigh:userpte=nohigh"
	else
		echo "highmem:" "nohighmem:mem=700M"
	fi
}

# measure FLAVOUR: every configuration of one kernel flavour; work files
# and the table are named FLAVOUR$SUFFIX (armmp, armmp-6.12).
measure() {
	local fl=$1 a t0 n=$1$SUFFIX
	local rows=$W/rows-$n.tsv
	a=$(darch $fl)
	rm -rf "$W/x/$n"
	mkdir -p "$W/x/$n"
	dpkg-deb -x "$W/debs/linux-image-$KVER-${fl}_${KPKGVER}_$a.deb" "$W/x/$n"
	t0=$(date +%s)
	qemu $fl "$W/ks-$n.log" kpath_mode=kallsyms
	kallsyms_of "$W/ks-$n.log" >"$W/kallsyms-$n.txt"
	log "$n: $(wc -l <"$W/kallsyms-$n.txt") text symbols ($(($(date +%s) - t0)) s)"
	make_cfg $fl >"$W/$n.cfg"
	: >"$rows"
	for c in $(configs $fl); do
		local name=${c%%:*} ap=${c#*:} run=$W/$n-${c%%:*}
		t0=$(date +%s)
		# shellcheck disable=SC2086 # KPATH_QEMU_ARGS is a word list
		qemu $fl "$run.log" "${KPATH_ONLY:+kpath_only=$KPATH_ONLY} $ap" \
			${KPATH_QEMU_ARGS:-} -plugin "$W/kpath-plugin.so,out=$run.dump,cfg=$W/$n.cfg"
		log "$n $name: $(($(date +%s) - t0)) s"
		kallsyms_of "$run.log" >"$run.kallsyms"
		cmp -s "$run.kallsyms" "$W/kallsyms-$n.txt" ||
			{ log "$n $name: kallsyms differ from the first boot"; exit 1; }
		grep -q 'KPATH end' "$run.log" || { log "$n $name: workload did not finish"; exit 1; }
		"$ANALYZE" --kernel "$KVER-$fl" --config $name --kallsyms "$W/kallsyms-$n.txt" \
			--log "$run.log" --dump "$run.dump" >>"$rows"
	done
	mkdir -p "$OUT"
	{ "$ANALYZE" --header; cat "$rows"; } >"$OUT/$n.tsv"
	log "wrote $OUT/$n.tsv ($(wc -l <"$OUT/$n.tsv") lines)"
}

main() {
	local t0
	t0=$(date +%s)
	deps
	download
	mkdir -p "$W"
	build_plugin
	for a in $(for fl in $FLAVOURS; do darch $fl; done | sort -u); do build_initrd $a; done
	for fl in $FLAVOURS; do measure $fl; done
	log "done in $(($(date +%s) - t0)) s"
}

main
