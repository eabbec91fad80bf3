// SPDX-License-Identifier: GPL-2.0-only
/*
 * SDET (SPEC SDM 1.1, 057.sdet): "large numbers of concurrent processes"
 * doing "typical software development commands".  A driver forks one
 * shell per script; every script runs the same mix of short commands in
 * its own order (process-workloads.md §2: "the frequency and the total
 * number of UNIX commands is the same for all the term scripts", each
 * "a random collection"), in its own directory; the timer stops when the
 * last script finishes.  Each command is the shell forking (a full
 * page-table copy of a bash-sized process), the child exec'ing a small
 * shared binary that maps the C library, touches its pages, reads and
 * writes a few files of 1-50 KB on tmpfs and exits, and the shell
 * waiting -- the fork/exec/exit churn E2's HIGHPTE taxes.  §2 and §6
 * give the multi-process commands: `cc` is five processes (gcc vforks
 * cpp0, cc1, as and ld: "cc invokes ld"; collect2 is left out), `make`
 * six (make vforks cc), `nroff` four (the nroff shell script forks groff,
 * which runs troff | grotty), `spell` four (the spell shell script runs
 * deroff | sort | spellprog: "spell invokes deroff and spellprog"), and
 * `ps | wc` a pipeline of two, whose ps walks /proc: two files a process
 * (stat and status, procps 2.0's reads), for the ~100 processes
 * 32 scripts keep alive [E].
 *
 * Sources: process-workloads.md (§n below); [E] marks an estimate of
 * ours.  Files live in one flat tmpfs name space (the model has no
 * directories): a script's "directory" is the prefix /tmp/sdetNN/, and
 * mkdir and rmdir are modelled as creating and removing a name there.
 * Not modelled: the other rarer commands of §2 (col, cpio, pr, ...:
 * their process counts are covered by the others), ext2 (§2: tmpfs is
 * the option IBM also ran), procfs: /proc's files are tmpfs files the
 * driver writes, read as ps reads them, so the kernel's generation of
 * their text (proc_pid_stat, the task locks) is not charged.
 *
 * User programs: they only make system calls and touch their own memory.
 */
#include "workloads/sdet.h"

#include <stdio.h>
#include <string.h>

#include "kernel/process.h"
#include "kernel/user.h"
#include "cli/progress.h"

#define PAGE 4096u

static struct sdet_params *sd;

/*
 * The C library every program maps (ld.so + libc, §4's mapping at
 * 0x40000000): a shared file whose pages carry pte_chains as long as the
 * number of processes mapping them.  bash touches all of it, a short
 * command LIBC_CMD_TOUCH pages [E].
 */
#define LIBC_PAGES 64
#define LIBC_CMD_TOUCH 48

/* The files (§6: "files of 1-50 KB", sizes [E]). */
#define SRC_BYTES (12 * 1024) /* a script's source, /tmp/sdetNN/a */
#define DOC_BYTES (40 * 1024) /* the shared document, /tmp/sdet.doc */
#define LIST_BYTES 512 /* ls, grep, diff output */
#define PS_BYTES (4 * 1024) /* ps's output into the pipe */
#define CPP_BYTES (24 * 1024) /* preprocessed source */
#define ASM_BYTES (16 * 1024) /* cc1's assembler */
#define OBJ_BYTES (4 * 1024) /* as's object */
#define AOUT_BYTES (20 * 1024) /* ld's a.out: the object and crt/libc stubs */
#define MK_BYTES 1024 /* the script's Makefile, /tmp/sdet.mk */
#define HLIST_BYTES (48 * 1024) /* spell's hashed word list */
#define PROC_STAT_BYTES 256 /* /proc/N/stat */
#define PROC_STATUS_BYTES 512 /* /proc/N/status */
/* The processes ps finds in /proc: each script's shell and its command's
 * one to three processes, and the driver [E]. */
#define PS_PROCS 100

/* User-mode cycles [E], PIII-class: tiny utilities ~0.1-0.5 ms. */
#define SH_WORK 200000ull /* bash: parse a line, set up fork, wait */
#define CMD_WORK 100000ull /* a binary's start-up (ld.so, libc init) */
#define PER_KB_COPY 1000ull /* cat, cp: per KB moved */
#define PER_KB_SCAN 6000ull /* wc, grep, diff: per KB examined */
#define LS_WORK 200000ull
#define FIND_WORK 300000ull
#define ED_WORK 500000ull
#define PS_WORK 400000ull /* ps formats what it read of /proc */
#define GCC_WORK 500000ull
#define CPP0_WORK 3000000ull
#define CC1_WORK 20000000ull /* a small file: ~30 ms at 700 MHz */
#define AS_WORK 2000000ull
#define LD_WORK 3000000ull /* link a small program */
#define MAKE_WORK 1000000ull /* read a small Makefile, stat, decide */
#define GROFF_WORK 200000ull
#define TROFF_WORK 8000000ull /* format 40 KB: ~11 ms at 700 MHz */
#define SORT_WORK 2000000ull
#define SPELLPROG_WORK 2000000ull
/* bash dirties a few pages of its data per command (COW after fork) [E]. */
#define SH_DIRTY_PAGES 4
/* cc1's heap for a small file [E]; §6's 1,000-3,000 PTEs is kernbench's. */
#define CC1_HEAP_PAGES 256

/*
 * Binaries.  Present PTEs = text + data + bss + LIBC_CMD_TOUCH + stack:
 * 60-100 for the utilities (§6: 60-150), ~530 for cc1 with its heap;
 * bash 120 + 24 + 24 + 64 + stack = ~240 (§6).  Text sizes [E].
 */
struct sdet_cmd;

static void cmd_main(void *arg);
static void sh_main(void *arg);
static void sh_child(void *arg);
static void reap(int pid);
static void pipeline(struct sdet_cmd *cmd, u32 n);
static void driver_main(void *arg);

#define BINARY(var, nm, text, data, bss, fn) \
	static const struct program var = {  \
		.name = nm,                  \
		.main = fn,                  \
		.text_pages = text,          \
		.data_pages = data,          \
		.bss_pages = bss,            \
		.stack_pages = 2,            \
	}

BINARY(sh_prog, "sh", 120, 24, 24, sh_main);
/* The driver (drvr.exec): a small image that only forks and waits. */
BINARY(driver_prog, "drvr.exec", 8, 2, 6, driver_main);
BINARY(cat_prog, "cat", 8, 2, 6, cmd_main);
BINARY(ls_prog, "ls", 16, 2, 6, cmd_main);
BINARY(echo_prog, "echo", 6, 2, 6, cmd_main);
BINARY(grep_prog, "grep", 14, 2, 6, cmd_main);
BINARY(wc_prog, "wc", 6, 2, 6, cmd_main);
BINARY(cp_prog, "cp", 10, 2, 6, cmd_main);
BINARY(rm_prog, "rm", 6, 2, 6, cmd_main);
BINARY(mkdir_prog, "mkdir", 6, 2, 6, cmd_main);
BINARY(ed_prog, "ed", 20, 2, 6, cmd_main);
BINARY(diff_prog, "diff", 18, 2, 6, cmd_main);
BINARY(find_prog, "find", 18, 2, 6, cmd_main);
BINARY(ps_prog, "ps", 12, 2, 6, cmd_main);
BINARY(gcc_prog, "gcc", 30, 4, 6, cmd_main);
BINARY(cpp0_prog, "cpp0", 50, 6, 8, cmd_main);
BINARY(cc1_prog, "cc1", 200, 16, 16, cmd_main);
BINARY(as_prog, "as", 60, 6, 8, cmd_main);
BINARY(ld_prog, "ld", 40, 6, 8, cmd_main);
BINARY(make_prog, "make", 40, 4, 6, cmd_main);
BINARY(groff_prog, "groff", 20, 2, 6, cmd_main);
BINARY(troff_prog, "troff", 60, 4, 8, cmd_main);
BINARY(grotty_prog, "grotty", 16, 2, 6, cmd_main);
BINARY(deroff_prog, "deroff", 6, 2, 6, cmd_main);
BINARY(sort_prog, "sort", 12, 2, 6, cmd_main);
BINARY(spellprog_prog, "spellprog", 6, 2, 6, cmd_main);

/*
 * The mix, in % of a script's commands [E], from §2's list weighted to
 * short utilities (§6); `echo` stands for the tiny ones (echo, date,
 * expr, test, who, cd as /bin programs), `mkdir` for mkdir and rmdir.
 * procs: processes a command makes (§6: cc 4-5, nroff 3-4, spell 3-5,
 * pipelines of 2; make is make and a cc).  nroff and spell are shell
 * scripts: the shell's image runs them.
 */
static const struct {
	const struct program *prog;
	u32 weight, procs;
} kinds[SDET_NR_KINDS] = {
	[SDET_CAT] = { &cat_prog, 12, 1 },
	[SDET_LS] = { &ls_prog, 10, 1 },
	[SDET_ECHO] = { &echo_prog, 10, 1 },
	[SDET_GREP] = { &grep_prog, 8, 1 },
	[SDET_WC] = { &wc_prog, 6, 1 },
	[SDET_CP] = { &cp_prog, 8, 1 },
	[SDET_RM] = { &rm_prog, 6, 1 },
	[SDET_MKDIR] = { &mkdir_prog, 4, 1 },
	[SDET_ED] = { &ed_prog, 5, 1 },
	[SDET_DIFF] = { &diff_prog, 4, 1 },
	[SDET_FIND] = { &find_prog, 3, 1 },
	[SDET_PIPE] = { &ps_prog, 10, 2 },
	[SDET_CC] = { &gcc_prog, 6, 5 },
	[SDET_NROFF] = { &sh_prog, 3, 4 },
	[SDET_SPELL] = { &sh_prog, 3, 4 },
	[SDET_MAKE] = { &make_prog, 2, 6 },
};

/* What the shell's image runs: a term script, or a script command. */
enum sh_role { SH_TERM, SH_NROFF, SH_SPELL };

/* What one process of a command does: a host-side argument block. */
struct sdet_cmd {
	const struct program *prog;
	u32 script;
	int in_fd, out_fd; /* a pipeline's ends, or -1 */
	int close_fd; /* the end the child closes before exec */
	enum sh_role role; /* for the shell's image */
};

struct script {
	u32 idx;
	u8 order[SDET_MAX_COMMANDS];
	struct sdet_cmd term; /* the term script's shell */
	struct sdet_cmd cmd[2]; /* the command, or a pipeline */
	struct sdet_cmd cc[4]; /* gcc's cpp0, cc1, as, ld */
	/* make's cc; groff, troff, grotty; deroff, sort, spellprog */
	struct sdet_cmd aux[3];
};

static struct script scripts[SDET_MAX_SCRIPTS];

static _Noreturn void fail(int step)
{
	if (!sd->status)
		sd->status = step;
	sys_exit(step);
}

void sdet_mix(u32 commands, u32 count[SDET_NR_KINDS])
{
	u32 total = 0, rem[SDET_NR_KINDS];

	for (int k = 0; k < SDET_NR_KINDS; k++) {
		count[k] = commands * kinds[k].weight / 100;
		rem[k] = commands * kinds[k].weight % 100;
		total += count[k];
	}
	/* Largest remainder first; ties go to the earlier kind. */
	while (total < commands) {
		int best = 0;

		for (int k = 1; k < SDET_NR_KINDS; k++)
			if (rem[k] > rem[best])
				best = k;
		count[best]++;
		rem[best] = 0;
		total++;
	}
}

u64 sdet_procs_per_script(u32 commands)
{
	u32 count[SDET_NR_KINDS];
	u64 n = 0;

	sdet_mix(commands, count);
	for (int k = 0; k < SDET_NR_KINDS; k++)
		n += (u64)count[k] * kinds[k].procs;
	return n;
}

/* splitmix64: the per-script shuffle's generator. */
static u64 next_rand(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Script @i's commands: the mix in a Fisher-Yates order from the seed. */
static void make_script(struct script *sc, u32 i)
{
	u32 count[SDET_NR_KINDS], n = 0;
	u64 x = sd->seed ^ ((u64)(i + 1) << 32);

	sc->idx = i;
	sdet_mix(sd->commands, count);
	for (int k = 0; k < SDET_NR_KINDS; k++)
		for (u32 j = 0; j < count[k]; j++)
			sc->order[n++] = (u8)k;
	for (u32 j = n; j > 1; j--) {
		u32 r = (u32)(next_rand(&x) % j);
		u8 t = sc->order[j - 1];

		sc->order[j - 1] = sc->order[r];
		sc->order[r] = t;
	}
}

/*
 * User memory of a program: names in the first bss page, an I/O buffer
 * of BUF_BYTES after it.
 */
#define BUF_BYTES (4 * PAGE)
#define NAME_SRC 0
#define NAME_TMP 64
#define NAME_DOC 128
#define NAME_NULL 192
#define NAME_MK 256
#define NAME_HLIST 320
#define NAME_PROC 384

static vaddr_t bss_of(const struct program *p)
{
	return user_image_base() + (p->text_pages + p->data_pages) * PAGE;
}

static void put_names(vaddr_t at, u32 script)
{
	char s[64];

	snprintf(s, sizeof(s), "/tmp/sdet%02u/a", script);
	uv_write(at + NAME_SRC, s, (u32)strlen(s) + 1);
	snprintf(s, sizeof(s), "/tmp/sdet%02u/t", script);
	uv_write(at + NAME_TMP, s, (u32)strlen(s) + 1);
	uv_write(at + NAME_DOC, "/tmp/sdet.doc", 14);
	uv_write(at + NAME_NULL, "/dev/null", 10);
	uv_write(at + NAME_MK, "/tmp/sdet.mk", 13);
	uv_write(at + NAME_HLIST, "/tmp/sdet.hlist", 16);
}

/* Map the C library and touch @pages of it; then the image itself. */
static void start_up(const struct program *p, u32 pages)
{
	int fd = sys_shm_open("libc.so", LIBC_PAGES * PAGE);
	long libc;

	if (fd < 0)
		fail(20);
	libc = sys_mmap(0, LIBC_PAGES * PAGE, PROT_READ | PROT_EXEC, MAP_SHARED,
			fd, 0);
	sys_close(fd);
	if (libc < 0)
		fail(21);
	uv_touch((vaddr_t)libc, pages * PAGE, false);
	uv_touch(user_image_base(), p->text_pages * PAGE, false);
	uv_touch(user_image_base() + p->text_pages * PAGE,
		 (p->data_pages + p->bss_pages) * PAGE, true);
}

/* Read file @name (or descriptor @fd >= 0) to its end; bytes read. */
static u64 slurp(vaddr_t name, int fd, vaddr_t buf, u64 per_kb)
{
	int f = fd >= 0 ? fd : sys_open(name, O_RDONLY);
	u64 got = 0;
	long n;

	if (f < 0)
		return 0;
	while ((n = sys_read(f, buf, BUF_BYTES)) > 0) {
		got += (u64)n;
		user_compute(per_kb * (u64)n / 1024);
	}
	if (n < 0)
		fail(22);
	if (fd < 0)
		sys_close(f);
	return got;
}

/* Write @bytes of the buffer (repeated) to @name, or to @fd >= 0. */
static void spew(vaddr_t name, int fd, int flags, vaddr_t buf, u32 bytes)
{
	int f = fd >= 0 ? fd : sys_open(name, flags);

	if (f < 0)
		fail(23);
	while (bytes) {
		u32 chunk = bytes < BUF_BYTES ? bytes : BUF_BYTES;

		if (sys_write(f, buf, chunk) != (long)chunk)
			fail(24);
		bytes -= chunk;
	}
	if (fd < 0)
		sys_close(f);
}

#define CREATE (O_WRONLY | O_CREAT | O_TRUNC)

static void cc_stage(void *arg)
{
	struct sdet_cmd *c = arg;

	sys_execve(c->prog, c);
	sys_exit(127);
}

/* gcc: the driver vforks cpp0, cc1, as and ld in turn, waiting for each. */
static void gcc(struct sdet_cmd *c)
{
	static const struct program *const stages[4] = { &cpp0_prog, &cc1_prog,
							 &as_prog, &ld_prog };
	struct script *sc = &scripts[c->script];

	user_compute(GCC_WORK);
	for (int i = 0; i < 4; i++) {
		int pid, status = 0;

		sc->cc[i] = (struct sdet_cmd){ stages[i], c->script, -1, -1, -1,
					       SH_TERM };
		pid = sys_vfork(cc_stage, &sc->cc[i]);
		if (pid < 0)
			fail(30);
		if (sys_wait4(pid, &status) != pid || status)
			fail(31);
	}
}

/* Every binary but the shell: what it does follows its image. */
static void cmd_main(void *arg)
{
	struct sdet_cmd *c = arg;
	const struct program *p = c->prog;
	vaddr_t names = bss_of(p), buf = names + PAGE;
	vaddr_t src = names + NAME_SRC, tmp = names + NAME_TMP;
	vaddr_t doc = names + NAME_DOC, null = names + NAME_NULL;
	u64 n;

	start_up(p, LIBC_CMD_TOUCH);
	put_names(names, c->script);
	user_compute(CMD_WORK);
	if (p == &cat_prog) {
		n = slurp(src, -1, buf, PER_KB_COPY);
		spew(null, -1, O_WRONLY, buf, (u32)n);
	} else if (p == &ls_prog || p == &find_prog) {
		vaddr_t look[3] = { src, tmp, doc };

		for (int i = 0; i < 3; i++) {
			int fd = sys_open(look[i], O_RDONLY);

			if (fd >= 0)
				sys_close(fd);
		}
		user_compute(p == &ls_prog ? LS_WORK : FIND_WORK);
		spew(null, -1, O_WRONLY, buf, LIST_BYTES);
	} else if (p == &echo_prog) {
		spew(null, -1, O_WRONLY, buf, 64);
	} else if (p == &grep_prog) {
		slurp(doc, -1, buf, PER_KB_SCAN);
		spew(null, -1, O_WRONLY, buf, LIST_BYTES);
	} else if (p == &wc_prog) {
		slurp(src, c->in_fd, buf, PER_KB_SCAN);
		spew(null, -1, O_WRONLY, buf, 32);
	} else if (p == &cp_prog) {
		n = slurp(src, -1, buf, PER_KB_COPY);
		spew(tmp, -1, CREATE, buf, (u32)n);
	} else if (p == &rm_prog) {
		sys_unlink(tmp); /* rm -f: a missing file is fine */
	} else if (p == &mkdir_prog) {
		int fd = sys_open(tmp, O_WRONLY | O_CREAT);

		if (fd < 0)
			fail(25);
		sys_close(fd);
	} else if (p == &ed_prog) {
		n = slurp(src, -1, buf, PER_KB_COPY);
		user_compute(ED_WORK);
		spew(src, -1, CREATE, buf, (u32)n);
	} else if (p == &diff_prog) {
		slurp(src, -1, buf, PER_KB_SCAN);
		slurp(tmp, -1, buf, PER_KB_SCAN);
		spew(null, -1, O_WRONLY, buf, LIST_BYTES);
	} else if (p == &ps_prog) {
		/* readdir of /proc is not modelled; its files are read. */
		static const char *const files[2] = { "stat", "status" };
		char path[64];

		for (u32 i = 0; i < PS_PROCS; i++)
			for (int f = 0; f < 2; f++) {
				snprintf(path, sizeof(path), "/proc/%u/%s", i,
					 files[f]);
				uv_write(names + NAME_PROC, path,
					 (u32)strlen(path) + 1);
				slurp(names + NAME_PROC, -1, buf, 0);
			}
		user_compute(PS_WORK);
		spew(null, c->out_fd, 0, buf, PS_BYTES);
	} else if (p == &make_prog) {
		struct script *sc = &scripts[c->script];

		slurp(names + NAME_MK, -1, buf, PER_KB_SCAN);
		sys_stat(src, buf);
		sys_stat(tmp, buf);
		user_compute(MAKE_WORK);
		/* make runs `cc -o t a` itself (no shell metacharacter). */
		sc->aux[0] = (struct sdet_cmd){ &gcc_prog, c->script, -1, -1, -1,
						SH_TERM };
		reap(sys_vfork(sh_child, &sc->aux[0]));
	} else if (p == &ld_prog) {
		slurp(tmp, -1, buf, PER_KB_COPY);
		user_compute(LD_WORK);
		spew(tmp, -1, CREATE, buf, AOUT_BYTES);
	} else if (p == &groff_prog) {
		struct script *sc = &scripts[c->script];

		user_compute(GROFF_WORK);
		sc->aux[1] = (struct sdet_cmd){ &troff_prog, c->script, -1, -1,
						-1, SH_TERM };
		sc->aux[2] = (struct sdet_cmd){ &grotty_prog, c->script, -1, -1,
						-1, SH_TERM };
		pipeline(&sc->aux[1], 2);
	} else if (p == &troff_prog) {
		n = slurp(doc, -1, buf, PER_KB_SCAN);
		user_compute(TROFF_WORK);
		spew(null, c->out_fd, 0, buf, (u32)n);
	} else if (p == &grotty_prog) {
		slurp(null, c->in_fd, buf, PER_KB_COPY);
		spew(null, -1, O_WRONLY, buf, DOC_BYTES);
	} else if (p == &deroff_prog) {
		n = slurp(doc, -1, buf, PER_KB_SCAN);
		spew(null, c->out_fd, 0, buf, (u32)n / 2);
	} else if (p == &sort_prog) {
		n = slurp(null, c->in_fd, buf, PER_KB_SCAN);
		user_compute(SORT_WORK);
		/* sort -u: a third of the words are distinct [E]. */
		spew(null, c->out_fd, 0, buf, (u32)n / 3);
	} else if (p == &spellprog_prog) {
		slurp(names + NAME_HLIST, -1, buf, PER_KB_COPY);
		slurp(null, c->in_fd, buf, PER_KB_SCAN);
		user_compute(SPELLPROG_WORK);
		spew(null, -1, O_WRONLY, buf, LIST_BYTES);
	} else if (p == &gcc_prog) {
		gcc(c);
	} else if (p == &cpp0_prog) {
		slurp(src, -1, buf, PER_KB_SCAN);
		slurp(doc, -1, buf, PER_KB_SCAN); /* the headers */
		user_compute(CPP0_WORK);
		spew(tmp, -1, CREATE, buf, CPP_BYTES);
	} else if (p == &cc1_prog) {
		long heap = sys_mmap(0, CC1_HEAP_PAGES * PAGE,
				     PROT_READ | PROT_WRITE,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (heap < 0)
			fail(26);
		slurp(tmp, -1, buf, PER_KB_SCAN);
		uv_touch((vaddr_t)heap, CC1_HEAP_PAGES * PAGE, true);
		user_compute(CC1_WORK);
		spew(tmp, -1, CREATE, buf, ASM_BYTES);
	} else if (p == &as_prog) {
		slurp(tmp, -1, buf, PER_KB_SCAN);
		user_compute(AS_WORK);
		spew(tmp, -1, CREATE, buf, OBJ_BYTES);
	}
	sys_exit(0);
}

/* The shell's child: drop the pipe end it does not use, exec. */
static void sh_child(void *arg)
{
	struct sdet_cmd *c = arg;

	if (c->close_fd >= 0)
		sys_close(c->close_fd);
	sys_execve(c->prog, c);
	sys_exit(127);
}

static void reap(int pid)
{
	int status = 0;

	if (pid < 0)
		fail(10);
	if (sys_wait4(pid, &status) != pid || status)
		fail(11);
}

/*
 * Fork + exec @n commands joined by pipes, the shell's way (each pipe
 * made just before the command that writes it), then wait for them all.
 */
static void pipeline(struct sdet_cmd *cmd, u32 n)
{
	int pid[3], fds[2], in = -1;

	for (u32 i = 0; i < n; i++) {
		cmd[i].in_fd = in;
		cmd[i].out_fd = cmd[i].close_fd = -1;
		if (i + 1 < n) {
			if (sys_pipe(fds))
				fail(12);
			cmd[i].out_fd = fds[1];
			cmd[i].close_fd = fds[0];
		}
		pid[i] = sys_fork(sh_child, &cmd[i]);
		if (in >= 0)
			sys_close(in);
		if (i + 1 < n) {
			sys_close(fds[1]);
			in = fds[0];
		}
	}
	for (u32 i = 0; i < n; i++)
		reap(pid[i]);
}

/* nroff, a shell script: groff -Tascii -mandoc, one fork + exec. */
static void nroff_script(struct sdet_cmd *c)
{
	struct script *sc = &scripts[c->script];

	start_up(&sh_prog, LIBC_CMD_TOUCH);
	user_compute(SH_WORK);
	sc->aux[0] = (struct sdet_cmd){ &groff_prog, c->script, -1, -1, -1,
					SH_TERM };
	reap(sys_fork(sh_child, &sc->aux[0]));
	sys_exit(0);
}

/* spell, a shell script: deroff -w | sort -u | spellprog. */
static void spell_script(struct sdet_cmd *c)
{
	struct script *sc = &scripts[c->script];
	static const struct program *const progs[3] = { &deroff_prog,
							&sort_prog,
							&spellprog_prog };

	start_up(&sh_prog, LIBC_CMD_TOUCH);
	user_compute(SH_WORK);
	for (int i = 0; i < 3; i++)
		sc->aux[i] = (struct sdet_cmd){ progs[i], c->script, -1, -1, -1,
						SH_TERM };
	pipeline(sc->aux, 3);
	sys_exit(0);
}

/*
 * The shell: a term script (its files, its commands in its order, clean
 * up, clock), or the nroff or spell script.
 */
static void sh_main(void *arg)
{
	struct sdet_cmd *c = arg;
	struct script *sc = &scripts[c->script];
	vaddr_t names = bss_of(&sh_prog), buf = names + PAGE;
	vaddr_t data = user_image_base() + sh_prog.text_pages * PAGE;
	u64 now;

	if (c->role == SH_NROFF)
		nroff_script(c);
	if (c->role == SH_SPELL)
		spell_script(c);
	start_up(&sh_prog, LIBC_PAGES);
	put_names(names, sc->idx);
	spew(names + NAME_SRC, -1, CREATE, buf, SRC_BYTES);
	for (u32 i = 0; i < sd->commands; i++) {
		int k = sc->order[i];

		user_compute(SH_WORK);
		uv_touch(data, SH_DIRTY_PAGES * PAGE, true);
		sc->cmd[0] = (struct sdet_cmd){
			kinds[k].prog, sc->idx, -1, -1, -1,
			k == SDET_NROFF ? SH_NROFF :
			k == SDET_SPELL ? SH_SPELL : SH_TERM
		};
		if (k == SDET_PIPE) {
			int fds[2], a, b;

			if (sys_pipe(fds))
				fail(12);
			sc->cmd[0].out_fd = fds[1];
			sc->cmd[0].close_fd = fds[0];
			sc->cmd[1] = (struct sdet_cmd){ &wc_prog, sc->idx,
							fds[0], -1, fds[1],
							SH_TERM };
			a = sys_fork(sh_child, &sc->cmd[0]);
			b = sys_fork(sh_child, &sc->cmd[1]);
			sys_close(fds[0]);
			sys_close(fds[1]);
			reap(a);
			reap(b);
		} else {
			reap(sys_fork(sh_child, &sc->cmd[0]));
		}
		sd->commands_done++;
		progress_tick("sdet command", sd->commands_done,
			      (u64)sd->commands * sd->scripts);
	}
	sys_unlink(names + NAME_SRC);
	sys_unlink(names + NAME_TMP);
	now = sys_clock_gettime();
	if (now > sd->last_ns)
		sd->last_ns = now;
	sys_exit(0);
}

static void driver_child(void *arg)
{
	sys_execve(&sh_prog, arg);
	sys_exit(127);
}

/* The files every script shares, /proc's among them; @unlink: remove. */
static void shared_files(vaddr_t names, vaddr_t buf, bool unlink)
{
	static const u32 proc_bytes[2] = { PROC_STAT_BYTES, PROC_STATUS_BYTES };
	static const char *const proc_files[2] = { "stat", "status" };
	char path[64];

	for (u32 i = 0; i < PS_PROCS; i++)
		for (int f = 0; f < 2; f++) {
			snprintf(path, sizeof(path), "/proc/%u/%s", i,
				 proc_files[f]);
			uv_write(names + NAME_PROC, path, (u32)strlen(path) + 1);
			if (unlink)
				sys_unlink(names + NAME_PROC);
			else
				spew(names + NAME_PROC, -1, CREATE, buf,
				     proc_bytes[f]);
		}
	if (unlink) {
		sys_unlink(names + NAME_DOC);
		sys_unlink(names + NAME_MK);
		sys_unlink(names + NAME_HLIST);
		return;
	}
	spew(names + NAME_DOC, -1, CREATE, buf, DOC_BYTES);
	spew(names + NAME_MK, -1, CREATE, buf, MK_BYTES);
	spew(names + NAME_HLIST, -1, CREATE, buf, HLIST_BYTES);
}

/* drvr.exec: the shared files, then one shell per script, then wait. */
static void driver_main(void *arg)
{
	static int pids[SDET_MAX_SCRIPTS];
	vaddr_t names = bss_of(&driver_prog), buf = names + PAGE;

	(void)arg;
	put_names(names, 0);
	shared_files(names, buf, false);
	sd->start_ns = sys_clock_gettime();
	for (u32 i = 0; i < sd->scripts; i++) {
		pids[i] = sys_fork(driver_child, &scripts[i].term);
		if (pids[i] < 0)
			fail(1);
	}
	for (u32 i = 0; i < sd->scripts; i++)
		reap(pids[i]);
	shared_files(names, buf, true);
	sys_exit(0);
}

void sdet_start(struct sdet_params *p)
{
	sd = p;
	p->status = 0;
	p->commands_done = 0;
	p->start_ns = 0;
	p->last_ns = 0;
	for (u32 i = 0; i < p->scripts; i++) {
		make_script(&scripts[i], i);
		scripts[i].term = (struct sdet_cmd){ &sh_prog, i, -1, -1, -1,
						     SH_TERM };
	}
	spawn_process(&driver_prog, NULL);
}
