#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
kernel-text.py - write src/platforms/kernel_text_<arch>.c from a kpath run.

For each cost centre in the map file (one "centre: linux_function ..." line
each), collect the 64-byte text lines those Linux functions executed at
least once every ten operations in the windows of the operations below
(the larger window of each; both the highmem and the nohighmem boots), as
byte offsets from _stext, and print them as C arrays.

  tools/kpath/kernel-text.py armmp tools/kpath/text-map-arm.txt \
      > src/platforms/kernel_text_arm.c

Reads build/kpath/<flavour>-{nohighmem,highmem}.{kallsyms,log,dump}, which
`make kpath` leaves behind (tools/kpath/kpath.sh).
"""
import bisect
import collections
import sys

OPS = {'read_zero_512', 'tmpfs_write_512_append', 'tmpfs_write_4k_new',
       'tmpfs_read_512', 'fault_anon', 'gup_slow_page', 'fork_exit_wait',
       'null_syscall', 'mmap_munmap', 'tcp_send_1448'}
# An operation added after the first tables counts only for the centres it
# was added for, so that the earlier centres' arrays stay as they were.
NET_CENTRES = {'sock_sendmsg', 'tcp_sendmsg', 'sk_stream_alloc_skb',
               'sk_stream_wait_memory', 'tcp_push', 'tcp_write_xmit',
               'tcp_transmit_skb', 'ip_queue_xmit', 'dev_queue_xmit',
               'skb_gso_segment', 'mv643xx_eth_xmit', 'txq_reclaim',
               'kfree_skb', 'mv643xx_eth_irq', 'net_rx_action',
               'rxq_process', 'rxq_refill', 'ip_rcv', 'tcp_v4_rcv',
               'tcp_ack', 'tcp_wfree', 'csum_partial_copy_from_user',
               'csum_partial'}
OP_CENTRES = {'tcp_send_1448': NET_CENTRES}
MIN_PER_OP = 0.1
LINE = 64


def text_symbols(path):
    """Sorted (address, [names]) of the text symbols; aliases share one."""
    names = collections.defaultdict(list)
    for l in open(path):
        p = l.split()
        if len(p) >= 3 and p[1] in 'tTwW':
            names[int(p[0], 16)].append(p[2])
    return sorted(names.items())


def executed_lines(work, flavour, cfg, syms, stext, lines):
    addrs = [a for a, _ in syms]
    wins = {}
    for l in open(f'{work}/{flavour}-{cfg}.log'):
        if l.startswith('KPATH win'):
            _, _, k, op, n = l.split()
            wins[int(k)] = (op, int(n))
    pick = {}
    for k, (op, n) in sorted(wins.items()):
        if op in OPS and (op not in pick or n > wins[pick[op]][1]):
            pick[op] = k
    chosen = {k: wins[k][1] for k in pick.values()}
    win = None
    for l in open(f'{work}/{flavour}-{cfg}.dump'):
        if l[0] == 'W':
            win = int(l.split()[1])
        elif l[0] == 'P' and win in chosen:
            _, _, pc, count = l.split()
            pc = int(pc, 16)
            if pc < stext or pc >= 0xffff0000:
                continue
            if int(count) / chosen[win] < MIN_PER_OP:
                continue
            i = bisect.bisect_right(addrs, pc) - 1
            for fn in syms[i][1] if i >= 0 else ():
                lines[wins[win][0]][fn].add((pc - stext) // LINE * LINE)


def main():
    flavour, mapfile = sys.argv[1], sys.argv[2]
    work = sys.argv[3] if len(sys.argv) > 3 else 'build/kpath'
    prefix = 'x86' if flavour == '686-pae' else 'arm'
    syms = text_symbols(f'{work}/{flavour}-nohighmem.kallsyms')
    stext = next(a for a, n in syms if '_stext' in n)
    by_op = collections.defaultdict(lambda: collections.defaultdict(set))
    for cfg in ('nohighmem', 'highmem'):
        executed_lines(work, flavour, cfg, syms, stext, by_op)
    centres = []
    for l in open(mapfile):
        if l.strip() and not l.startswith('#'):
            cc, fns = l.split(':')
            cc, fns = cc.strip(), fns.split()
            lines = collections.defaultdict(set)
            for op, fn_lines in by_op.items():
                if cc in OP_CENTRES.get(op, {cc}):
                    for fn, offs in fn_lines.items():
                        lines[fn] |= offs
            missing = [f for f in fns if f not in lines]
            if missing:
                print(f'{cc}: never executed: {" ".join(missing)}',
                      file=sys.stderr)
            offs = sorted({o for f in fns for o in lines.get(f, ())})
            centres.append((cc, [f for f in fns if f in lines], offs))
    print(HEADER.format(flavour=flavour, prefix=prefix), end='')
    for cc, fns, offs in centres:
        if not offs:
            continue
        print(f'/* {", ".join(fns)} */')
        print(f'static const u32 {prefix}_text_{cc}[] = {{')
        for i in range(0, len(offs), 6):
            print('\t' + ' '.join(f'0x{o:06x},' for o in offs[i:i + 6]))
        print('};')
    print(f'const struct cc_text {prefix}_cc_text[NR_CC] = {{')
    for cc, fns, offs in centres:
        if offs:
            print(f'\t[CC_{cc}] = CC_TEXT({prefix}_text_{cc}),')
    print('};')


HEADER = '''// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel text each cost centre executes, for the I-cache model
 * (icache_model=y): byte offsets from _stext of the 64-byte lines that the
 * Linux functions behind the centre ran at least once every ten
 * operations, measured on Debian 12's 6.1.0-50-{flavour} under QEMU TCG by
 * tools/kpath.  [M]  Written by tools/kpath/kernel-text.py from a
 * `make kpath` run and tools/kpath/text-map-{prefix}.txt (which Linux
 * functions a centre stands for, following the code costs' mapping in
 * kpath-{prefix}.c); the functions are named above each array.
 * Coarse: the layout is 6.1's, not that of the boards' 3.14, 5.7 or
 * 2.5.73 kernels; the sets a loop's text falls into differ in detail.
 */
#include "hw/machine.h"

#define CC_TEXT(a) {{ a, (u16)(sizeof(a) / sizeof((a)[0])) }}

'''

if __name__ == '__main__':
    main()
