#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Write the fuzzer's seed corpus (fuzz/corpus/): one program that uses
every system call of the first op set, with good, bad and partly bad
pointers, on each board and a spread of settings; and one of the
extended op set that goes down the mm paths -- a fork tree whose
generations share, copy on write and pass data through a pipe (whose
buffers are highmem pages), a file mapped at an offset and cut short
under a child, user-mode memcpy and memset across mappings, stat's copy
out and a TCP socket's send path -- on every board with every copy
strategy that boots; and one of the mm op set down mprotect and mremap --
VMAs split and merged again, PROT_NONE, writes that fault, copy-on-write
pages moved by a child, a shared file mapping moved, a move over another
mapping, the text made writable -- on every board and copy strategy and
where HIGHPTE and the reverse map change those paths.  The byte format is
fuzz/fuzz_program.c's; run from
the repository root.  It also writes the libFuzzer dictionary
fuzz/syscalls.dict (make fuzz passes it with -dict=): the headers of every
board and copy strategy, each op with arguments that reach its paths, and
the pointer kinds, as whole tokens that a mutation can splice in."""
import os

# Opcodes (fuzz_program.c, step()), then the extended op set's.
MMAP, MUNMAP, BRK, LOAD, STORE, FORK, VFORK, EXEC, EXIT, WAIT, OPEN, READ, \
    WRITE, LSEEK, FTRUNC, UNLINK, CLOSE, PIPE, UNAME, SETHOST, SHM, FSYNC, \
    COMPUTE, ALARM = range(24)
FSTAT, STAT, SOCKET, UCOPY, UFILL, MMAP_AT, GETPPID = range(24, 31)
# The mm op set's (header byte 2 bit 6 with the extended set).
MPROTECT, MREMAP = range(31, 33)
# Header byte 7: the extended op set (bits 3 and 7); with it, bit 4
# kernel_data=mem_map.
EXT_OPS = 0x88
KDATA = 0x10
STREAMING = 0x20
COHERENCE = 0x40
# Header byte 3 with the extended op set: bit 7 pcp=y.
PCP = 0x80
# Header byte 2 with the extended op set: bit 6 the mm op set (the
# flavour is then byte 2's low 6 bits).
MM_OPS = 0x40
# mprotect's how byte: the prot in bits 0-2, bit 7 the pointer unaligned;
# mremap's: bit 0 MREMAP_MAYMOVE, bit 1 MREMAP_FIXED, bit 2 a bad flag.
PROT_NONE, PROT_R, PROT_RW, PROT_RWX = 0, 1, 3, 7
MAYMOVE, FIXED = 1, 2

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

def mm_program():
    """The extended op set down the mm paths; fds in the order made:
    0, 1 the pipe's ends, 2 /tmp/b, 3 the socket."""
    p = []
    p += [MMAP, 0x03, 16, 0]                    # slot 0: 65 private pages
    p += [MMAP, 0x0b, 4, 1]                     # slot 1: 17 shared pages
    p += [UFILL] + good(0) + [0x5a, 200]        # memset 40001 bytes
    p += [UFILL] + good(1) + [0xa5, 100]
    p += [PIPE]
    p += [OPEN, 0x06, 1]                        # /tmp/b, O_RDWR|O_CREAT
    p += [WRITE, 2] + good(0) + [250]           # 62501 bytes of it
    p += [MMAP_AT, 0x13, 2, 2, 2, 3]            # slot 2: 9 pages at page 3
    p += [STORE] + good(2) + [30]
    p += [UCOPY] + good(2, 1) + good(0) + [40]  # slot 0 into the file
    p += [STAT, 1] + good(1) + [STAT, 1] + KERNEL + [STAT, 0xf2] + NULL + good(0)
    p += [FSTAT, 0] + good(0, 7) + [FSTAT, 2] + straddle(1, 40)
    # A grandchild writes the pipe from its copy-on-write pages; the
    # child reads part of it, partly into a straddle, reaps the
    # grandchild and writes a straddle of its own.
    grand = [STORE] + good(0, 3) + [60] + [GETPPID]
    grand += [WRITE, 1] + good(0, 2) + [120] + [EXIT, 7]
    child = [STORE] + good(0, 4) + [50] + [STORE] + good(1) + [20]
    child += [FORK, len(grand)] + grand
    child += [READ, 0] + good(0, 8) + [100] + [READ, 0] + straddle(1, 9) + [60]
    child += [WAIT, 1] + [WRITE, 1] + straddle(0) + [80] + [EXIT, 3]
    p += [FORK, len(child)] + child
    p += [WAIT, 1]
    p += [READ, 0] + good(1) + [100]            # what the child left
    # A child cuts the file short under its mapping and touches past the
    # end; its vfork child execs meanwhile.
    vchild = [UFILL] + DATA + [1, 3] + [EXEC]
    cut = [FTRUNC, 2, 0x01, 0x00] + [VFORK, len(vchild)] + vchild
    cut += [WAIT, 0] + [LOAD] + good(2, 100) + [1] + [EXIT, 0]
    p += [FORK, len(cut)] + cut
    p += [WAIT, 1]
    p += [SOCKET] + [WRITE, 3] + good(0) + [200] + [WRITE, 3] + straddle(0, 5) + [90]
    p += [MUNMAP, 0, 4, 8] + [UCOPY] + good(0) + good(1, 2) + [60]
    p += [BRK, 8] + [UFILL] + DATA + [7, 90]
    p += [EXIT, 0]
    return p

def mm2_program():
    """The mm op set: mprotect and mremap on populated, shared,
    copy-on-write and file mappings; fds: 0 /tmp/b."""
    p = []
    p += [MMAP, 0x03, 4, 0]                     # slot 0: 17 private pages
    p += [STORE] + good(0) + [255]              # 16 of them written
    p += [MMAP, 0x0b, 2, 1]                     # slot 1: 9 shared pages
    p += [STORE] + good(1) + [180]              # 8 of them
    p += [OPEN, 0x06, 1]                        # /tmp/b, O_RDWR|O_CREAT
    p += [FTRUNC, 0, 0x00, 0x04]                # 64 KiB
    p += [MMAP, 0x13, 1, 2, 0]                  # slot 2: 5 shared file pages
    p += [STORE] + good(2) + [140]
    # Pages 1-3 of slot 0 read-only: three VMAs; a child reads them and
    # dies writing one.
    p += [MPROTECT] + good(0, 64) + [2, PROT_R]
    ro = [LOAD] + good(0, 64) + [10] + [STORE] + good(0, 128) + [1]
    p += [FORK, len(ro)] + ro + [WAIT, 1]
    # PROT_NONE on two shared pages: a child's read faults.
    p += [MPROTECT] + good(1) + [1, PROT_NONE]
    none = [LOAD] + good(1) + [1]
    p += [FORK, len(none)] + none + [WAIT, 1]
    # Both back to read-write: slot 0's three VMAs merge again.
    p += [MPROTECT] + good(0, 64) + [2, PROT_RW]
    p += [MPROTECT] + good(1) + [1, PROT_RW]
    # A child moves its copy-on-write slot 0 to grow it (slot 1 sits
    # after it), writes and reads the moved pages, shrinks it and grows
    # it again in place.
    cow = [MREMAP] + good(0) + [17, 40, MAYMOVE, 0]
    cow += [STORE] + good(0) + [100] + [LOAD] + good(0, 192) + [50]
    cow += [MREMAP] + good(0) + [40, 4, 0, 0]
    cow += [MREMAP] + good(0) + [4, 12, 0, 0] + [EXIT, 0]
    p += [FORK, len(cow)] + cow + [WAIT, 1]
    # The shared file mapping moved to a hole (slot 5), written there and
    # read back through the file.
    p += [MREMAP] + good(2) + [5, 5, MAYMOVE | FIXED, 5]
    p += [STORE] + good(5) + [100]
    p += [READ, 0] + good(0) + [100]
    # Slot 0 cut to 9 pages and moved over slot 1 (unmapped first).
    p += [MREMAP] + good(0) + [17, 9, MAYMOVE | FIXED, 1]
    p += [LOAD] + good(1, 192) + [60]
    # The errors: unaligned, a bad flag, nothing mapped.
    p += [MPROTECT] + good(1, 1) + [0, 0x80 | PROT_R]
    p += [MREMAP] + good(1) + [1, 1, 4, 6]
    p += [MREMAP] + HOLE + [1, 2, MAYMOVE, 6]
    # The text made writable and written (a private file page copied),
    # the data made read-only.
    p += [MPROTECT] + TEXT + [0, PROT_RWX]
    p += [STORE] + TEXT + [1]
    p += [MPROTECT] + DATA + [0, PROT_R]
    p += [EXIT, 0]
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

# Every board (fuzz_program.c's platform_list() order) with every copy
# strategy; the NUMA-Q refuses UACCESS_WITH_MEMCPY, an ARM option.
BOARDS = ['kirkwood', 'beaglebone', 'numaq', 'a15', 'beaglebone-black',
          'am335x-evm']
UACCESS = ['plain', 'withmemcpy', 'gupkmap']
MM_SETTINGS = {
    f'mm-{board}-{ua}': header(b, bits1=u << 6, bits7=EXT_OPS)
    for b, board in enumerate(BOARDS) for u, ua in enumerate(UACCESS)
    if (board, ua) != ('numaq', 'withmemcpy')
}
# ... and where the mm paths change most: HIGHPTE on four CPUs, LPAE with
# the 4G/4G split, kmap_local and the pte_chain reverse map.
MM_SETTINGS.update({
    'mm-numaq-highpte-4cpus': header(2, bits1=2, cpus=3, bits7=EXT_OPS),
    'mm-a15-lpae-4g4g': header(3, bits1=4 | 5 << 3, bits7=EXT_OPS),
    'mm-kirkwood-kmaplocal-ptechain': header(0, flav=2, bits7=EXT_OPS | 4),
    # Kernel data at simulated addresses: SLUB (3.14), SLAB on one CPU
    # (5.7) and on four (2.5.73), and 2.5.73's pte_chain struct page field.
    'mm-kirkwood-kdata': header(0, bits7=EXT_OPS | KDATA),
    'mm-beaglebone-kdata-gupkmap': header(1, bits1=2 << 6,
                                          bits7=EXT_OPS | KDATA),
    'mm-numaq-kdata-4cpus': header(2, cpus=3, bits7=EXT_OPS | KDATA),
    # Streaming loops by throughput: the write buffer on the Kirkwood
    # (no write-allocate anywhere) and on four NUMA-Q CPUs.
    'mm-kirkwood-streaming': header(0, bits7=EXT_OPS | STREAMING),
    'mm-numaq-streaming-4cpus': header(2, cpus=3,
                                       bits7=EXT_OPS | STREAMING),
    # Coherent caches: the NUMA-Q's private L2s across two quads (with its
    # struct pages placed, so the rmap's bit locks move lines) and the
    # A15's shared L2 with split PTE locks.
    'mm-numaq-coherence-6cpus': header(2, cpus=5,
                                       bits7=EXT_OPS | KDATA | COHERENCE),
    'mm-a15-coherence-kdata': header(3, bits7=EXT_OPS | KDATA | COHERENCE),
    # Per-CPU page lists (header byte 3 bit 7): 2.5.73's on four CPUs with
    # their struct pages placed, 5.7's on the BeagleBone's one.
    'mm-numaq-pcp-4cpus': header(2, cpus=PCP | 3,
                                 bits7=EXT_OPS | KDATA | COHERENCE),
    'mm-beaglebone-pcp-gupkmap': header(1, bits1=2 << 6, cpus=PCP,
                                        bits7=EXT_OPS),
    # Issue 35's designs (header byte 1's strategy 3): the RFC's copy with
    # pins kept and sf_buf, with the PTE window under HIGHPTE on the A15;
    # with emap where byte 0 over the boards is odd (3 + 6: the A15);
    # pins and sf_buf on four NUMA-Q CPUs; and on x86's 4G/4G split,
    # FreeBSD's trampoline copy.
    'mm-a15-pins-sfbuf-ptewindow': header(3, bits1=3 << 6 | 2,
                                          bits7=EXT_OPS),
    'mm-a15-pins-emap': header(3 + len(BOARDS), bits1=3 << 6,
                               bits7=EXT_OPS),
    'mm-numaq-pins-sfbuf-4cpus': header(2, bits1=3 << 6, cpus=3,
                                        bits7=EXT_OPS),
    'mm-numaq-4g4g-tramp': header(2, bits1=3 << 6 | 5 << 3, bits7=EXT_OPS),
})

# The mm op set on every board with every copy strategy that boots, and
# where mprotect's and mremap's page-table walks change: HIGHPTE (the
# NUMA-Q on four CPUs with split PTE locks, the BeagleBone, the A15 with
# LPAE), both reverse maps on both kinds of kernel, kmap_local.
MM2_SETTINGS = {
    f'mm2-{board}-{ua}': header(b, bits1=u << 6, flav=MM_OPS,
                                bits7=EXT_OPS)
    for b, board in enumerate(BOARDS) for u, ua in enumerate(UACCESS)
    if (board, ua) != ('numaq', 'withmemcpy')
}
MM2_SETTINGS.update({
    # 2.5.73's move_one_page with pte_chains, and with objrmap.
    'mm2-numaq-highpte-4cpus': header(2, bits1=2, flav=MM_OPS, cpus=3,
                                      bits7=EXT_OPS),
    'mm2-numaq-highpte-objrmap': header(2, bits1=2, flav=MM_OPS,
                                        bits7=EXT_OPS | 4),
    # 3.x's move_ptes on PAE, with split PTE locks (x86-3x, four CPUs).
    'mm2-numaq-x86-3x-highpte-4cpus': header(2, bits1=2, flav=MM_OPS | 4,
                                             cpus=3, bits7=EXT_OPS),
    # The A15's default is HIGHPTE with kmap_local; arm-3x's kmap_atomic
    # stack, LPAE with pte_chains, LPAE with the 4G/4G split.
    'mm2-a15-arm3x-highpte': header(3, bits1=2, flav=MM_OPS | 1,
                                    bits7=EXT_OPS),
    'mm2-a15-lpae-highpte-ptechain': header(3, bits1=2 | 4, flav=MM_OPS,
                                            bits7=EXT_OPS | 4),
    'mm2-a15-lpae-4g4g': header(3, bits1=4 | 5 << 3, flav=MM_OPS,
                                bits7=EXT_OPS),
    # The VIVT Kirkwood with pte_chains and its VMAs at their addresses.
    'mm2-kirkwood-ptechain-kdata': header(0, flav=MM_OPS,
                                          bits7=EXT_OPS | 4 | KDATA),
})

def dictionary():
    """Name -> token bytes for fuzz/syscalls.dict."""
    d = {}
    for name, h in MM_SETTINGS.items():
        d['hdr-' + name[3:]] = h
    for name, h in MM2_SETTINGS.items():
        if name.startswith('mm2-') and not name.endswith(('-plain',
                                                          '-withmemcpy',
                                                          '-gupkmap')):
            d['hdr-' + name] = h
    d['hdr-mm2-kirkwood'] = MM2_SETTINGS['mm2-kirkwood-plain']
    d['hdr-first-op-set'] = header(0)
    d['ext-ops'] = [EXT_OPS]
    d['mm-ops'] = [MM_OPS]
    for name, ptr in [('good0', good(0)), ('good1-far', good(1, 40)),
                      ('good2', good(2)), ('straddle0', straddle(0)),
                      ('straddle1', straddle(1, 20)), ('null', NULL),
                      ('kernel', KERNEL), ('data', DATA), ('text', TEXT),
                      ('hole', HOLE), ('stack-top', [7, 255])]:
        d['ptr-' + name] = ptr
    d['mmap-anon-private'] = [MMAP, 0x03, 16, 0]
    d['mmap-anon-shared'] = [MMAP, 0x0b, 4, 1]
    d['mmap-file-shared'] = [MMAP, 0x13, 2, 2, 2]
    d['mmap-file-private'] = [MMAP, 0x1b, 2, 3, 2]
    d['mmap-exec-only'] = [MMAP, 0x04, 1, 4]
    d['mmap-write-only'] = [MMAP, 0x02, 1, 5]
    d['mmap-fixed-hole'] = [MMAP, 0x23, 1, 6] + HOLE
    d['mmap-file-at-offset'] = [MMAP_AT, 0x13, 2, 2, 2, 3]
    d['munmap-middle'] = [MUNMAP, 0, 4, 8]
    d['brk-grow'] = [BRK, 8]
    d['fork'] = [FORK, 16]
    d['fork-nested'] = [FORK, 24, STORE] + good(0, 3) + [10, FORK, 8]
    d['vfork-exec'] = [VFORK, 1, EXEC]
    d['wait-child'] = [WAIT, 1]
    d['wait-any'] = [WAIT, 0]
    d['exit'] = [EXIT, 0]
    d['exec'] = [EXEC]
    d['pipe'] = [PIPE]
    d['pipe-write'] = [WRITE, 1] + good(0) + [120]
    d['pipe-read'] = [READ, 0] + good(0, 8) + [100]
    d['pipe-read-straddle'] = [READ, 0] + straddle(1, 9) + [60]
    d['open-tmp-rw-creat'] = [OPEN, 0x06, 0]
    d['open-tmp-append'] = [OPEN, 0x16, 1]
    d['open-dev-zero'] = [OPEN, 0x00, 2]
    d['file-write-big'] = [WRITE, 2] + good(0) + [250]
    d['file-read'] = [READ, 2] + good(0, 5) + [60]
    d['lseek-start'] = [LSEEK, 2, 0, 0, 0]
    d['ftruncate-short'] = [FTRUNC, 2, 0x01, 0x00]
    d['ftruncate-long'] = [FTRUNC, 2, 0x00, 0x40]
    d['shm-open'] = [SHM, 0, 8]
    d['store-page'] = [STORE] + good(0) + [64]
    d['load-page'] = [LOAD] + good(1) + [64]
    d['user-memcpy'] = [UCOPY] + good(2, 1) + good(0) + [40]
    d['user-memset'] = [UFILL] + good(0) + [0x5a, 200]
    d['stat'] = [STAT, 1] + good(1)
    d['fstat'] = [FSTAT, 2] + straddle(1, 40)
    d['socket-send'] = [SOCKET, WRITE, 3] + good(0) + [200]
    d['getppid'] = [GETPPID]
    d['alarm'] = [ALARM, 0]
    d['mprotect-ro-middle'] = [MPROTECT] + good(0, 64) + [2, PROT_R]
    d['mprotect-none'] = [MPROTECT] + good(1) + [1, PROT_NONE]
    d['mprotect-rw'] = [MPROTECT] + good(0) + [16, PROT_RW]
    d['mprotect-text-rwx'] = [MPROTECT] + TEXT + [0, PROT_RWX]
    d['mprotect-growsdown'] = [MPROTECT] + [7, 0] + [0, 0x10 | PROT_R]
    d['mremap-grow-move'] = [MREMAP] + good(0) + [17, 40, MAYMOVE, 0]
    d['mremap-shrink'] = [MREMAP] + good(0) + [40, 4, 0, 0]
    d['mremap-grow'] = [MREMAP] + good(0) + [4, 12, 0, 0]
    d['mremap-fixed-hole'] = [MREMAP] + good(2) + [5, 5, MAYMOVE | FIXED, 5]
    d['mremap-fixed-over'] = [MREMAP] + good(0) + [17, 9, MAYMOVE | FIXED, 1]
    return d

def write_dictionary(path):
    with open(path, 'w') as f:
        f.write('# libFuzzer dictionary of the syscall-sequence fuzzer: '
                'written by fuzz/seeds.py,\n# which says what each token '
                'is (fuzz/fuzz_program.c has the format).\n')
        for name, token in dictionary().items():
            esc = ''.join(f'\\x{b:02x}' for b in token)
            f.write(f'{name.replace("-", "_")}="{esc}"\n')

os.makedirs('fuzz/corpus', exist_ok=True)
for name, h in SETTINGS.items():
    with open(f'fuzz/corpus/{name}', 'wb') as f:
        f.write(bytes(h + program()))
for name, h in MM_SETTINGS.items():
    with open(f'fuzz/corpus/{name}', 'wb') as f:
        f.write(bytes(h + mm_program()))
for name, h in MM2_SETTINGS.items():
    with open(f'fuzz/corpus/{name}', 'wb') as f:
        f.write(bytes(h + mm2_program()))
write_dictionary('fuzz/syscalls.dict')
