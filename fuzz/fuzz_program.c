// SPDX-License-Identifier: GPL-2.0-only
/*
 * The syscall-sequence fuzzer's decoder and interpreter (fuzz_program.h).
 *
 * Header, 8 bytes (missing bytes read as 0):
 *   [0] board: index into platform_list()
 *   [1] bit 0 CONFIG_HIGHMEM=n, bit 1 CONFIG_HIGHPTE=y (else the board's
 *       default), bit 2 CONFIG_ARM_LPAE=y, bits 3-5 the VMSPLIT choice,
 *       bits 6-7 the uaccess strategy (plain, WITH_MEMCPY, GUP_KMAP, or
 *       GUP_KMAP with issue 35's designs: pin_cache=16 sf_buf=64, or
 *       pin_cache=16 emap=y when byte 0 divided by the number of boards
 *       is odd; with bit 1 too, pte_window=y; on x86 with
 *       CONFIG_VMSPLIT=4G_4G, copy_4g=tramp instead)
 *   [2] 0: the board's flavour, else flavour (n - 1) % NR_FLAVOURS;
 *       bit 7 CONFIG_DEBUG_HIGHMEM=y; with the extended op set (byte 7)
 *       bit 6 selects the mm op set, and n is then its low 6 bits
 *   [3] cpus: 0 the board's, else 1 + n % the board's; with the
 *       extended op set (byte 7) bit 7 is pcp=y and n its low 7 bits
 *   [4] mem=: 0 all RAM, else n x 4 MiB (boot may refuse it)
 *   [5..6] page_alloc_fail_nth, little-endian (0: off)
 *   [7] bit 0 icache_model=n, bit 1 CONFIG_CPU_SW_DOMAIN_PAN=n, bit 2
 *       the other reverse map (rmap=pte-chain where objrmap is the
 *       default, else rmap=objrmap); bits 3 and 7 both set: the
 *       extended op set, and with it bit 4 kernel_data=mem_map,
 *       bit 5 streaming=throughput and bit 6 coherence=snoop
 * Then ops, each an opcode byte and its argument bytes (step() below).
 * An opcode is taken mod NR_OPS (24), or with the extended op set mod
 * NR_OPS_EXT (31), whose ops 24..30 reach what the first 24 do not: the
 * stat family's copy out, a TCP socket's send path (the NIC's DMA of the
 * user's pages, on the boards that have one), user-mode memcpy and memset
 * across mappings, a file mapped at a page offset, getppid.  The upper
 * bits of byte 7 meant nothing before the extension, and the fuzzer had
 * set every one of them in some committed input, but none had bits 3 and
 * 7 together: so every input committed before it means what it did.
 * Bit 4 with them (kernel_data=mem_map) was set in two committed crash
 * inputs only, where it meant nothing; they were rewritten without it.
 * No committed input had bit 5 with them before it meant
 * streaming=throughput, nor bit 6 before coherence=snoop, nor byte 3's
 * bit 7 before pcp=y.
 * The mm op set (the extended set's header and byte 2's bit 6, which no
 * committed input of the extended set had: for them byte 2 is 0, 2 or 9)
 * takes opcodes mod NR_OPS_MM (33): ops 31 and 32 are mprotect and
 * mremap, on a pointer pick_ptr() gives (page-aligned unless asked), so
 * on the slots' mappings, the image's text and data, holes and the
 * kernel's half.
 * The settings go through settings_parse() and settings_validate(), the
 * command line's own path, so a header the CLI would refuse is skipped.
 *
 * Every task interprets its own stretch of the same byte string: fork and
 * vfork take a length byte, the child runs the next that many bytes and
 * exits, the parent skips them.  Each byte is thus run by one task, so an
 * input's work is bounded by its length.  Every task arms an alarm first,
 * a watchdog for its first long sleep (-EINTR); a program that still
 * blocks for good (a pipe only it could write) is SIGKILLed by the harness
 * and the kernel it leaves is audited like any other.
 */
#include "fuzz/fuzz_program.h"

#include <stdio.h>
#include <string.h>

#include "arch/layout.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/settings.h"
#include "hw/machine.h"
#include "kernel/boot.h"
#include "kernel/exit.h"
#include "kernel/livelock.h"
#include "mm/pgtable_hazard.h"
#include "mm/uncached_hazard.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/gfp.h"

#define HDR_LEN 8
#define NR_SLOTS 8		/* mappings a task remembers */
#define NR_FDS 8		/* descriptors a task remembers */
#define MAX_TASKS 1024		/* interpreter states per input */
#define MAX_MAP_PAGES 1024	/* largest mmap/ftruncate, in pages */
#define ALARM_NS 2000000ull	/* 2 ms of simulated time */
#define NR_OPS 24		/* opcodes of the first op set */
#define NR_OPS_EXT 31		/* ... and of the extended one */
#define NR_OPS_MM 33		/* ... and of the mm op set */
#define HDR_EXT_OPS 0x88	/* header byte 7: the extended op set */
#define HDR_MM_OPS 0x40		/* header byte 2, with it: the mm op set */

struct region {
	vaddr_t addr;
	u32 len;
};

/* One task's interpreter: where it reads, what it has made. */
struct fuzz_task {
	const u8 *data;
	u32 pos, end;
	bool vfork_child;	/* must exec or exit, never return */
	struct region slot[NR_SLOTS];
	int fd[NR_FDS];
	int last_child;
};

bool fuzz_trace;
bool fuzz_fresh_boot;

static struct fuzz_task pool[MAX_TASKS];
static u32 pool_used;
static u32 ops_done;
static u32 nr_ops;		/* this input's op set: NR_OPS or NR_OPS_EXT */

static u8 next_byte(struct fuzz_task *ft)
{
	return ft->pos < ft->end ? ft->data[ft->pos++] : 0;
}

static u32 next_u16(struct fuzz_task *ft)
{
	u32 lo = next_byte(ft);

	return lo | (u32)next_byte(ft) << 8;
}

static struct fuzz_task *task_copy(const struct fuzz_task *from)
{
	struct fuzz_task *ft;

	if (pool_used == MAX_TASKS)
		return NULL;
	ft = &pool[pool_used++];
	*ft = *from;
	return ft;
}

/* Note @fd in a free entry, else over an old one (which stays open). */
static void remember(struct fuzz_task *ft, int fd)
{
	for (int i = 0; i < NR_FDS; i++)
		if (ft->fd[i] < 0) {
			ft->fd[i] = fd;
			return;
		}
	ft->fd[fd % NR_FDS] = fd;
}

/*
 * A user pointer: into a mapping (good), straddling a mapping's end
 * (partly bad), NULL, the kernel's half, the image's data or text, the
 * break, or an unmapped hole.
 */
static vaddr_t pick_ptr(struct fuzz_task *ft)
{
	u8 kind = next_byte(ft), off = next_byte(ft);
	const struct region *r = &ft->slot[(kind >> 3) % NR_SLOTS];
	vaddr_t image = user_image_base();

	switch (kind & 7) {
	case 0:
		return r->len ? r->addr + (off * 64u) % r->len : off;
	case 1:
		return r->len ? r->addr + r->len - (off % 64u) - 1 : off;
	case 2:
		return off;
	case 3:
		return layout.page_offset + off * 4096u;
	case 4:
		return image + 16 * 4096u + off * 16u;	/* data */
	case 5:
		return image + off * 16u;		/* text */
	case 6:
		return 0x30000000u + off * 4096u;	/* a hole */
	default:
		return layout.task_size - 4096u + off * 16u;
	}
}

static u32 pick_len(struct fuzz_task *ft)
{
	u32 b = next_byte(ft);

	return 1 + b * b;	/* 1 .. 65026 */
}

/* A path in user memory: written to the image's data, or a bad pointer. */
static vaddr_t pick_path(struct fuzz_task *ft)
{
	static const char *const names[] = {
		"/tmp/a", "/tmp/b", "/dev/zero", "/dev/null", "",
		"/tmp/a-name-longer-than-the-sixty-four-bytes-vfs-keeps-for-a-path",
	};
	u8 c = next_byte(ft);
	vaddr_t at = user_image_base() + 16 * 4096u + 2048u;
	const char *name = names[c % 6];

	if (c >= 0xf0)
		return pick_ptr(ft);	/* NULL, kernel, a straddle ... */
	uv_write(at, name, (u32)strlen(name) + 1);
	return at;
}

static int pick_fd(struct fuzz_task *ft)
{
	u8 c = next_byte(ft);

	if (c >= 0xf8)
		return c - 0xfc;	/* -4 .. 3: bad or standard */
	return ft->fd[c % NR_FDS];
}

static const struct program fuzz_prog;

static void fuzz_main(void *arg);

/*
 * mmap: @how's bits 0-2 the prot, 3-4 private/shared anonymous/file, 5
 * MAP_FIXED (at a pointer).  @at_offset: a page offset into the file
 * follows (the extended op set's file mapping past its first page).
 */
static void op_mmap(struct fuzz_task *ft, bool at_offset)
{
	u8 how = next_byte(ft);
	u32 pages = 1 + next_byte(ft) * 4u % MAX_MAP_PAGES;
	struct region *r = &ft->slot[next_byte(ft) % NR_SLOTS];
	int prot = how & 7, flags, fd = -1;
	u32 pgoff = 0;
	long addr;

	switch ((how >> 3) & 3) {
	case 0:
		flags = MAP_PRIVATE | MAP_ANONYMOUS;
		break;
	case 1:
		flags = MAP_SHARED | MAP_ANONYMOUS;
		break;
	case 2:
		flags = MAP_SHARED;
		fd = pick_fd(ft);
		break;
	default:
		flags = MAP_PRIVATE;
		fd = pick_fd(ft);
		break;
	}
	if (how & 0x20)
		flags |= MAP_FIXED;
	if (at_offset)
		pgoff = next_byte(ft);
	addr = sys_mmap(how & 0x20 ? pick_ptr(ft) & PAGE_MASK : 0,
			pages * 4096u, prot, flags, fd, pgoff);
	if (fuzz_trace)
		fprintf(stderr, "fuzz: mmap %u pages prot %d flags %#x fd %d pgoff %u: %#lx\n",
			pages, prot, flags, fd, pgoff, (unsigned long)addr);
	if (addr >= 0) {
		r->addr = (vaddr_t)addr;
		r->len = pages * 4096u;
	}
}

static void op_munmap(struct fuzz_task *ft)
{
	struct region *r = &ft->slot[next_byte(ft) % NR_SLOTS];
	u32 off = next_byte(ft) * 4096u, len = (1 + next_byte(ft)) * 4096u;

	sys_munmap(r->addr + off, len);
}

static void child_main(void *arg)
{
	fuzz_main(arg);
}

static void op_fork(struct fuzz_task *ft, bool vfork)
{
	u32 len = next_byte(ft);
	struct fuzz_task *child = task_copy(ft);
	int pid;

	if (!child)
		return;
	child->end = MIN(ft->pos + len, ft->end);
	child->vfork_child = vfork;
	ft->pos = child->end;
	pid = vfork ? sys_vfork(child_main, child) :
		      sys_fork(child_main, child);
	if (pid > 0)
		ft->last_child = pid;
}

static void op_exec(struct fuzz_task *ft)
{
	struct fuzz_task *next = task_copy(ft);

	if (!next)
		return;
	memset(next->slot, 0, sizeof(next->slot));
	next->vfork_child = false;
	sys_execve(&fuzz_prog, next);	/* returns only on failure */
}

static void op_rw(struct fuzz_task *ft, bool write)
{
	int fd = pick_fd(ft);
	vaddr_t buf = pick_ptr(ft);
	u32 len = pick_len(ft);

	if (write)
		sys_write(fd, buf, len);
	else
		sys_read(fd, buf, len);
}

static void op_access(struct fuzz_task *ft, bool write)
{
	vaddr_t at = pick_ptr(ft);
	u32 len = pick_len(ft);

	uv_touch(at, len, write);
}

static void op_pipe(struct fuzz_task *ft)
{
	int fds[2];

	if (sys_pipe(fds))
		return;
	remember(ft, fds[0]);
	remember(ft, fds[1]);
}

/* A TCP socket connected to the board's peer; write() on it sends. */
static void op_socket(struct fuzz_task *ft)
{
	int fd = sys_socket();

	if (fd < 0)
		return;
	sys_connect(fd);
	remember(ft, fd);
}

/* User-mode memcpy between two pointers, or memset of one. */
static void op_user_copy(struct fuzz_task *ft, bool fill)
{
	vaddr_t dst = pick_ptr(ft);
	vaddr_t src = fill ? 0 : pick_ptr(ft);
	u8 val = fill ? next_byte(ft) : 0;
	u32 len = pick_len(ft);

	if (fill)
		uv_fill(dst, val, len);
	else
		uv_copy(dst, src, len);
}

/*
 * mprotect of @pages pages (1 + byte % 64) from a pointer, page-aligned
 * unless @how's bit 7 asks for it as picked (-EINVAL); @how's bits 0-2
 * the prot, bit 3 PROT_SEM, bit 4 PROT_GROWSDOWN, bit 5 an unknown bit
 * (-EINVAL), bit 6 PROT_GROWSUP.
 */
static void op_mprotect(struct fuzz_task *ft)
{
	vaddr_t at = pick_ptr(ft);
	u32 pages = 1 + next_byte(ft) % 64;
	u8 how = next_byte(ft);
	int prot = (how & 7) | (how & 0x08 ? 0x8 : 0) |
		   (how & 0x10 ? 0x01000000 : 0) | (how & 0x20 ? 0x20 : 0) |
		   (how & 0x40 ? 0x02000000 : 0);
	int ret;

	if (!(how & 0x80))
		at &= PAGE_MASK;
	ret = sys_mprotect(at, pages * 4096u, prot);
	if (fuzz_trace)
		fprintf(stderr, "fuzz: mprotect %#x %u pages prot %#x: %d\n",
			at, pages, prot, ret);
}

/*
 * mremap of the pointer's page on (@old pages, 0 .. 63) to @new pages
 * (0 .. 63, 0 is -EINVAL): @how's bits 0-1 MREMAP_MAYMOVE and
 * MREMAP_FIXED, bit 2 an unknown flag, bit 3 the pointer unaligned; with
 * MREMAP_FIXED the new place is slot @dst's mapping (unmapped first) or,
 * for an empty slot, a hole.  The result goes to slot @dst.
 */
static void op_mremap(struct fuzz_task *ft)
{
	vaddr_t at = pick_ptr(ft) & PAGE_MASK, to;
	u32 old_pages = next_byte(ft) % 64, new_pages = next_byte(ft) % 64;
	u8 how = next_byte(ft);
	struct region *r = &ft->slot[next_byte(ft) % NR_SLOTS];
	int flags = (how & 3) | (how & 4 ? 4 : 0);
	long ret;

	if (how & 8)
		at |= 1;
	to = r->len ? r->addr :
		      0x30000000u + (u32)(r - ft->slot) * 64 * 4096u;
	ret = sys_mremap(at, old_pages * 4096u, new_pages * 4096u, flags, to);
	if (fuzz_trace)
		fprintf(stderr, "fuzz: mremap %#x %u -> %u pages flags %#x to %#x: %#lx\n",
			at, old_pages, new_pages, flags, to,
			(unsigned long)ret);
	if (ret >= 0) {
		r->addr = (vaddr_t)ret;
		r->len = new_pages * 4096u;
	}
}

/* The extended op set's ops (NR_OPS .. NR_OPS_EXT - 1), and the mm op
 * set's (.. NR_OPS_MM - 1). */
static void step_ext(struct fuzz_task *ft, u32 op)
{
	switch (op) {
	case 24: {
		int fd = pick_fd(ft);

		sys_fstat(fd, pick_ptr(ft));
		break;
	}
	case 25: {
		vaddr_t path = pick_path(ft);

		sys_stat(path, pick_ptr(ft));
		break;
	}
	case 26:
		op_socket(ft);
		break;
	case 27:
		op_user_copy(ft, false);
		break;
	case 28:
		op_user_copy(ft, true);
		break;
	case 29:
		op_mmap(ft, true);
		break;
	case 31:
		op_mprotect(ft);
		break;
	case 32:
		op_mremap(ft);
		break;
	default:
		sys_getppid();
		break;
	}
}

/* One op; false at the end of the task's stretch. */
static bool step(struct fuzz_task *ft)
{
	u8 op;

	if (ft->pos >= ft->end)
		return false;
	op = next_byte(ft) % nr_ops;
	ops_done++;
	/* current->pid, not getpid(): a trace must not add system calls. */
	if (fuzz_trace)
		fprintf(stderr, "fuzz: task %d op %u at byte %u\n", current->pid,
			op, ft->pos - 1);
	if (op >= NR_OPS) {
		step_ext(ft, op);
		return true;
	}
	switch (op) {
	case 0:
		op_mmap(ft, false);
		break;
	case 1:
		op_munmap(ft);
		break;
	case 2:
		sys_brk(sys_brk(0) + (u32)(s32)(s8)next_byte(ft) * 4096u);
		break;
	case 3:
		op_access(ft, false);
		break;
	case 4:
		op_access(ft, true);
		break;
	case 5:
		op_fork(ft, false);
		break;
	case 6:
		op_fork(ft, true);
		break;
	case 7:
		op_exec(ft);
		break;
	case 8:
		sys_exit(next_byte(ft));
	case 9: {
		int status;
		int pid = sys_wait4(next_byte(ft) & 1 ? ft->last_child : -1,
				    &status);

		if (pid == ft->last_child)
			ft->last_child = 0;
		break;
	}
	case 10: {
		u8 fl = next_byte(ft);
		int fd = sys_open(pick_path(ft),
				  (fl & O_ACCMODE) % 3 |
					  (fl & 4 ? O_CREAT : 0) |
					  (fl & 8 ? O_TRUNC : 0) |
					  (fl & 16 ? O_APPEND : 0));

		if (fd >= 0)
			remember(ft, fd);
		break;
	}
	case 11:
		op_rw(ft, false);
		break;
	case 12:
		op_rw(ft, true);
		break;
	case 13: {
		int fd = pick_fd(ft);
		s64 off = (s64)(s16)next_u16(ft) * 256;

		sys_lseek(fd, off, next_byte(ft) % 4);
		break;
	}
	case 14: {
		int fd = pick_fd(ft);

		sys_ftruncate(fd, (u64)next_u16(ft) * 64u % (MAX_MAP_PAGES * 4096u));
		break;
	}
	case 15:
		sys_unlink(pick_path(ft));
		break;
	case 16: {
		u8 c = next_byte(ft);

		sys_close(c >= 0xf8 ? c - 0xfc : ft->fd[c % NR_FDS]);
		if (c < 0xf8)
			ft->fd[c % NR_FDS] = -1;
		break;
	}
	case 17:
		op_pipe(ft);
		break;
	case 18:
		sys_uname(pick_ptr(ft));
		break;
	case 19: {
		vaddr_t p = pick_ptr(ft);

		sys_sethostname(p, next_byte(ft) % 80);
		break;
	}
	case 20: {
		u8 c = next_byte(ft);
		int fd = sys_shm_open(c & 1 ? "fuzz-b" : "fuzz-a",
				      (1 + next_byte(ft)) * 4096u);

		if (fd >= 0)
			remember(ft, fd);
		break;
	}
	case 21:
		sys_fsync(pick_fd(ft));
		break;
	case 22:
		user_compute(next_byte(ft) * 100u);
		break;
	default:
		/* Re-arm, never cancel: the alarm is the program's watchdog. */
		sys_alarm_ns((1 + next_byte(ft)) * 20000ull);
		break;
	}
	return true;
}

static void fuzz_main(void *arg)
{
	struct fuzz_task *ft = arg;

	sys_alarm_ns(ALARM_NS);
	while (step(ft))
		;
	if (ft->vfork_child && ft->pos & 1)
		op_exec(ft);
	sys_exit(0);
}

/* 16 pages of text (the data the paths go to sits at +16 pages). */
static const struct program fuzz_prog = {
	.name = "fuzz",
	.main = fuzz_main,
	.text_pages = 16,
	.data_pages = 4,
	.bss_pages = 4,
	.stack_pages = 4,
};

/* The header selects the extended op set, and the mm op set with it. */
static bool hdr_ext_ops(const u8 *h)
{
	return (h[7] & HDR_EXT_OPS) == HDR_EXT_OPS;
}

static bool hdr_mm_ops(const u8 *h)
{
	return hdr_ext_ops(h) && (h[2] & HDR_MM_OPS);
}

/* Byte 2's flavour bits: the low 6 with the mm op set, else the low 7. */
static u8 flavour_bits(const u8 *h)
{
	return hdr_mm_ops(h) ? 0x3f : 0x7f;
}

static int add_word(struct settings *s, char *words, size_t wordslen,
		    const char *word)
{
	char err[256];
	size_t n = strlen(words);

	if (n && n + 1 < wordslen)
		words[n++] = ' ';
	snprintf(words + n, wordslen - n, "%s", word);
	return settings_parse(s, word, err, sizeof(err));
}

/* The header's settings; -EINVAL for a combination the CLI refuses. */
static int decode_settings(const u8 *h, struct settings *s, char *words,
			   size_t wordslen)
{
	/* 3: issue 35's designs for that copy, which no committed input
	 * had when they were given the value (bits 6-7 were 0, 1 or 2 in
	 * all of them); the seeds mm-*-pins-* and mm-numaq-4g4g-tramp have
	 * it now. */
	static const char *const uaccess[][3] = {
		{ NULL },
		{ "CONFIG_UACCESS_WITH_MEMCPY=y" },
		{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y" },
		{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "pin_cache=16",
		  "sf_buf=64" },
		/* 3 with byte 0's bits above the board odd: emap. */
		{ "CONFIG_UACCESS_GUP_KMAP_MEMCPY=y", "pin_cache=16",
		  "emap=y" },
	};
	const struct platform *p;
	char word[64], err[256];
	u32 nplat = 0, cpus, strategy;
	bool tramp;
	int ret = 0;

	while (platform_list()[nplat])
		nplat++;
	p = platform_list()[h[0] % nplat];
	settings_default(s, p);
	snprintf(words, wordslen, "--platform %s", p->name);
	/*
	 * The defaults the header's bits were defined against: kernel data
	 * in host memory, streaming by CPI, no coherence, no per-CPU page
	 * lists, round-robin replacement.  The defaults moved since
	 * (issue 31); an input still means what it meant, and the bits
	 * below still turn each mechanism on.
	 */
	ret |= add_word(s, words, wordslen, "kernel_data=host");
	ret |= add_word(s, words, wordslen, "streaming=cpi");
	ret |= add_word(s, words, wordslen, "coherence=none");
	ret |= add_word(s, words, wordslen, "pcp=n");
	ret |= add_word(s, words, wordslen, "cache_replacement=round-robin");
	if (h[1] & 1)
		ret |= add_word(s, words, wordslen, "CONFIG_HIGHMEM=n");
	if (h[1] & 2)
		ret |= add_word(s, words, wordslen, "CONFIG_HIGHPTE=y");
	if (h[1] & 4)
		ret |= add_word(s, words, wordslen, "CONFIG_ARM_LPAE=y");
	snprintf(word, sizeof(word), "CONFIG_VMSPLIT=%s",
		 vmsplit_names[(h[1] >> 3 & 7) % NR_VMSPLIT]);
	ret |= add_word(s, words, wordslen, word);
	strategy = h[1] >> 6;
	if (strategy == 3 && (h[0] / nplat) & 1)
		strategy = 4;
	/*
	 * x86's 4G/4G copies through rw_vm, which keeps no pins: the
	 * designs' words were refused there, so no input that ran had
	 * them.  It takes its own design instead, FreeBSD's trampoline.
	 */
	tramp = strategy >= 3 && p->arch == PLAT_X86 &&
		s->vmsplit == VMSPLIT_4G_4G;
	if (tramp)
		ret |= add_word(s, words, wordslen, "copy_4g=tramp");
	else
		for (u32 i = 0; i < 3 && uaccess[strategy][i]; i++)
			ret |= add_word(s, words, wordslen,
					uaccess[strategy][i]);
	/* The designs' strategy with HIGHPTE: its page tables through the
	 * PTE window as well. */
	if (strategy >= 3 && (h[1] & 2) && !tramp)
		ret |= add_word(s, words, wordslen, "pte_window=y");
	if (h[2] & flavour_bits(h)) {
		snprintf(word, sizeof(word), "flavour=%s",
			 flavour_names[((h[2] & flavour_bits(h)) - 1) %
				       NR_FLAVOURS]);
		ret |= add_word(s, words, wordslen, word);
	}
	if (h[2] & 0x80)
		ret |= add_word(s, words, wordslen, "CONFIG_DEBUG_HIGHMEM=y");
	cpus = h[3];
	if ((h[7] & HDR_EXT_OPS) == HDR_EXT_OPS && (cpus & 0x80)) {
		ret |= add_word(s, words, wordslen, "pcp=y");
		cpus &= 0x7f;
	}
	if (cpus) {
		snprintf(word, sizeof(word), "cpus=%u", 1 + cpus % p->hw.ncpus);
		ret |= add_word(s, words, wordslen, word);
	}
	if (h[4]) {
		snprintf(word, sizeof(word), "mem=%uM", h[4] * 4u);
		ret |= add_word(s, words, wordslen, word);
	}
	if (h[7] & 1)
		ret |= add_word(s, words, wordslen, "icache_model=n");
	if (h[7] & 2)
		ret |= add_word(s, words, wordslen, "CONFIG_CPU_SW_DOMAIN_PAN=n");
	if (h[7] & 4)
		ret |= add_word(s, words, wordslen,
				settings_objrmap(s) ? "rmap=pte-chain" :
						      "rmap=objrmap");
	if ((h[7] & 0x98) == 0x98)
		ret |= add_word(s, words, wordslen, "kernel_data=mem_map");
	if ((h[7] & 0xa8) == 0xa8)
		ret |= add_word(s, words, wordslen, "streaming=throughput");
	if ((h[7] & 0xc8) == 0xc8)
		ret |= add_word(s, words, wordslen, "coherence=snoop");
	if (ret)
		return -EINVAL;
	/*
	 * A known hazard of Linux itself, not the model's: ARM's
	 * pte_alloc_one cleans only a lowmem PTE page, so under HIGHPTE a
	 * highmem one zeroed into a write-back outer cache stays invisible
	 * to a walker that reads DRAM (the Kirkwood), and the walker check
	 * stops the run.  tests/test_process.c pins it; the fuzzer would
	 * only find it again and again.
	 */
	if (s->highpte && p->arch == PLAT_ARM && p->hw.walk == WALK_DRAM)
		return -EINVAL;
	return settings_validate(s, err, sizeof(err));
}

int fuzz_run_input(const u8 *data, size_t size, struct fuzz_outcome *out,
		   char *words, size_t wordslen)
{
	static struct settings s;
	u8 h[HDR_LEN] = { 0 };
	struct fuzz_task *ft;
	char err[256];

	memset(out, 0, sizeof(*out));
	ram_set_reuse(!fuzz_fresh_boot);
	memcpy(h, data, MIN(size, (size_t)HDR_LEN));
	if (decode_settings(h, &s, words, wordslen))
		return 0;
	s.checks = true;
	if (boot_kernel(&s, err, sizeof(err)))
		return 0;
	out->booted = true;
	page_alloc_fail_nth = h[5] | (u32)h[6] << 8;
	nr_ops = hdr_mm_ops(h) ? NR_OPS_MM : hdr_ext_ops(h) ? NR_OPS_EXT : NR_OPS;
	pool_used = 0;
	ops_done = 0;
	ft = &pool[pool_used++];
	memset(ft, 0, sizeof(*ft));
	ft->data = data;
	ft->pos = size < HDR_LEN ? (u32)size : HDR_LEN;
	ft->end = (u32)size;
	for (int i = 0; i < NR_FDS; i++)
		ft->fd[i] = -1;
	spawn_process(&fuzz_prog, ft);
	out->deadlock = sched_run() != 0;
	/*
	 * A program that blocks for good (a pipe only it could write) is
	 * its own bug: SIGKILL it, as a harness would, and audit what the
	 * kernel is left with.  A task SIGKILL cannot wake is the kernel's.
	 * A kill can let a task run that could not before -- a vfork
	 * parent, uninterruptible until its child is gone -- and that one
	 * may block for good in turn: kill again while a kill wakes anyone.
	 */
	for (int blocked = out->deadlock; blocked; blocked = sched_run()) {
		if (!kill_sleeping_tasks())
			panic("fuzz: %u tasks blocked uninterruptibly", nr_tasks());
	}
	out->livelocks = livelock_report.count;
	out->pt_hazards = pt_hazard_report.count;
	out->uncached_hazards = uncached_hazard_report.count;
	out->ops = ops_done;
	out->exits = exit_stats.exits;
	out->sigsegv = exit_stats.killed_by_sigsegv;
	out->oom_kills = machine_event_total(EV_oom_kill);
	out->cycles = machine_elapsed_cycles();
	for (u32 e = 0; e < NR_EVENTS; e++)
		out->events += machine_event_total(e);
	shutdown_kernel();
	return 0;
}
