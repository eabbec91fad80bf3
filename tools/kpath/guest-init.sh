#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# /init of the kpath initramfs (busybox sh).  kpath_mode=kallsyms dumps the
# kernel's text symbols; otherwise /kpath-work runs the measured windows and
# the text symbols are dumped again afterwards so the run can be checked
# against the addresses the plugin was given.
/bin/busybox mkdir -p /proc /sys /dev /tmpfs
/bin/busybox --install -s
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t tmpfs -o size=50% tmpfs /tmpfs
ip link set lo up
echo "KPATH uname $(uname -r) $(uname -m)"
grep -E '^(MemTotal|HighTotal|LowTotal):' /proc/meminfo | sed 's/^/KPATH mem /'
if [ "$kpath_mode" != kallsyms ]; then
	/kpath-work $kpath_only
	echo "KPATH work-exit $?"
fi
echo KPATH kallsyms-begin
grep -E '^[0-9a-f]+ [tTwW] ' /proc/kallsyms | sed 's/^/KS /'
echo KPATH kallsyms-end
poweroff -f
