#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the fuzzer's seed corpus (fuzz/corpus/): one program that uses
every system call the interpreter knows, with good, bad and partly bad
pointers, on each board and a spread of settings.  The byte format is
fuzz/fuzz_program.c's; run from the repository root."""
import os

# Opcodes (fuzz_program.c, step()).
MMAP, MUNMAP, BRK, LOAD, STORE, FORK, VFORK, EXEC, EXIT, WAIT, OPEN, READ, \
    WRITE, LSEEK, FTRUNC, UNLINK, CLOSE, PIPE, UNAME, SETHOST, SHM, FSYNC, \
    COMPUTE, ALARM = range(24)

# Pointers: (kind, off); kind & 7 picks the sort, kind >> 3 the slot.
def good(slot, off=0): return [0 | slot << 3, off]
def straddle(slot, back=3): return [1 | slot << 3, back]
NULL = [2, 0]
KERNEL = [3, 1]
DATA = [4, 8]
TEXT = [5, 0]
HOLE = [6, 2]

def program():
    p = []
    p += [MMAP, 0x03, 4, 0]                     # slot 0: 17 anon pages
    p += [MMAP, 0x0b, 2, 1]                     # slot 1: shared anon
    p += [STORE] + good(0) + [40]
    p += [LOAD] + good(1, 3) + [20]
    p += [OPEN, 0x06, 0]                        # /tmp/a, O_RDWR|O_CREAT
    p += [WRITE, 0] + good(0) + [60]
    p += [WRITE, 0] + straddle(0) + [10]        # partly bad: -EFAULT/short
    p += [WRITE, 0] + KERNEL + [10]             # kernel pointer: -EFAULT
    p += [LSEEK, 0, 0, 0, 0]                    # back to 0
    p += [READ, 0] + good(0, 5) + [60]
    p += [READ, 0] + NULL + [5]
    p += [FTRUNC, 0, 0x40, 0x01]
    p += [MMAP, 0x13, 3, 2, 0]                  # slot 2: shared file mapping
    p += [STORE] + good(2) + [50]
    p += [OPEN, 0x00, 2]                        # /dev/zero
    p += [READ, 1] + good(0) + [70]
    p += [PIPE]
    p += [WRITE, 3] + good(0) + [30]
    p += [READ, 2] + DATA + [30]
    p += [UNAME] + good(0) + [UNAME] + TEXT + [UNAME] + HOLE
    p += [SETHOST] + DATA + [8] + [SETHOST] + straddle(0, 2) + [20]
    p += [SHM, 0, 8]
    p += [FSYNC, 0]
    p += [BRK, 4] + [STORE] + DATA + [10] + [BRK, 0xfe]
    # A child that touches everything and dies on a bad store.
    child = [STORE] + good(0) + [30] + [STORE] + good(2) + [20]
    child += [WRITE, 0] + good(1) + [40]
    child += [STORE] + HOLE + [1]             # a hole: SIGSEGV
    p += [FORK, len(child)] + child
    p += [WAIT, 1]
    # A vfork child that execs.
    vchild = [STORE] + DATA + [2] + [EXEC]
    p += [VFORK, len(vchild)] + vchild
    p += [WAIT, 0]
    p += [MUNMAP, 0, 2, 3] + [MUNMAP, 1, 0, 0]
    p += [UNLINK, 0] + [CLOSE, 0] + [CLOSE, 0xfd]
    p += [COMPUTE, 50]
    p += [EXEC] + [STORE] + DATA + [3] + [EXIT, 0]
    return p

def header(board, bits1=0, flav=0, cpus=0, mem=0, fail=0, bits7=0):
    return [board, bits1, flav, cpus, mem, fail & 0xff, fail >> 8, bits7]

SETTINGS = {
    'kirkwood': header(0),
    'kirkwood-nohighmem': header(0, bits1=1),
    'kirkwood-kmaplocal-16M': header(0, flav=2, mem=4),
    'beaglebone': header(1),
    'beaglebone-gupkmap': header(1, bits1=2 << 6),
    'beaglebone-withmemcpy': header(1, bits1=1 << 6),
    'numaq-highpte': header(2, bits1=2, cpus=3),
    'numaq-4g4g': header(2, bits1=5 << 3),
    'a15-lpae-4g4g': header(3, bits1=4 | 5 << 3),
    'a15-1g-allocfail': header(3, bits1=4 << 3, fail=40),
    'a15-debug-highmem': header(3, flav=0x80 | 1),
    'kirkwood-ptechain': header(0, bits7=4),
    'numaq-highpte-objrmap': header(2, bits1=2, cpus=3, bits7=4),
}

os.makedirs('fuzz/corpus', exist_ok=True)
for name, h in SETTINGS.items():
    with open(f'fuzz/corpus/{name}', 'wb') as f:
        f.write(bytes(h + program()))
