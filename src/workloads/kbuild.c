// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench's kbuild 2.5/2.6: the makes, the shells that run their rules,
 * the directory tree and the final link (process-workloads.md §1, §6;
 * the programs are in kernbench.c).
 *
 * - The top make (`make -j vmlinux`) reads the top Makefile, .config and
 *   arch/i386/Makefile, then starts a make per top-level directory
 *   (`$(Q)$(MAKE) $(build)=$@`: no shell metacharacter, so make vforks
 *   and execs make itself).
 * - A directory's make (`make -f scripts/Makefile.build obj=DIR`) reads
 *   Makefile.build, .config, Makefile.lib and the directory's Makefile,
 *   stats each source and object, and starts its prerequisites of
 *   built-in.o in their Makefile order: a shell per unit (rule_cc_o_c:
 *   `sh -c 'set -e; gcc ...; fixdep ... > .tmp; rm -f .d; mv -f .tmp
 *   .cmd'`, make's vfork + exec of /bin/sh, the shell's fork + exec of
 *   each command) and a make per subdirectory.  When all are done, a shell
 *   runs if_changed's link_o_target: fork + exec of `ld -r` and the
 *   echo of the .cmd file (a builtin).
 * - When every directory is built the top make runs the final link as
 *   2.6.0's Makefile does with CONFIG_KALLSYMS [L: whether Bligh's config
 *   had it is not known]: .tmp_vmlinux1 (ld), `nm -n | scripts/kallsyms >
 *   .tmp_kallsyms1.S`, gcc -c of it (cpp0 | as), .tmp_vmlinux2 and its
 *   kallsyms again, then vmlinux (ld) and `nm | grep -v | sort >
 *   System.map`: 7 shells and 16 programs, 23 execs (§6: 15-25).
 *
 * Simplified: the shells' echo lines go nowhere (no stdout is modelled),
 * the kallsyms objects' fixdep, rm and mv and the verification of
 * System.map against .tmp_System.map are left out, as are init/version.o
 * and .version; the makes do not parse (no user time).  Under --jobs N
 * the jobserver's pipe is a count the makes share (no token is read or
 * written), and a make that holds tokens waits for one of its own jobs
 * rather than for a token another make returns.
 *
 * The tree [E]: KB_TOP_DIRS top-level directories (2.6.0's vmlinux-dirs
 * on i386: init, usr, arch/i386/{kernel,mm,mach-default,pci,power},
 * kernel, mm, fs, ipc, security, crypto, lib, drivers, sound, net:
 * ~16), the others four to a parent in order, three levels deep at 130
 * directories; unit u lives in directory u % dirs.
 *
 * User programs: they only make system calls and touch their own memory.
 */
#include "workloads/kernbench_internal.h"

#include <stdio.h>
#include <string.h>

#include "base/errno.h"
#include "kernel/user.h"
#include "cli/progress.h"

#define KB_TOP_DIRS 16u
#define KB_FANOUT 4u
/* Pids a run can have (a unit makes 8 processes). */
#define KB_MAX_PIDS 32768

/* The files make reads and their sizes [E]: 2.6.0's top Makefile (~900
 * lines), arch/i386/Makefile, a .config of ~1,000 lines, Makefile.build
 * and Makefile.lib, and a directory's Makefile. */
static const struct {
	const char *name;
	u32 bytes;
} makefiles[] = {
	{ "Makefile", 32768 },
	{ "arch/i386/Makefile", 4096 },
	{ ".config", 24576 },
	{ "scripts/Makefile.build", 8192 },
	{ "scripts/Makefile.lib", 8192 },
};
#define MF_TOP_FIRST 0
#define MF_TOP_LAST 2
#define MF_DIR_FIRST 2
#define MF_DIR_LAST 4
#define DIR_MAKEFILE_BYTES 1024u
/* Where make's stat(2) buffer is in its heap's first page. */
#define STAT_BUF_OFF 2048u
/* The .cmd file a directory's shell echoes after ld -r [E]. */
#define LD_R_CMD_BYTES 256u
/* The library files (kernbench.c's sizes). */
#define LDSO_PAGES 23u
#define LIBC_PAGES 296u
#define LDCACHE_PAGES 3u

static u32 nr_dirs, top_dirs;
static struct kernbench_dir_stats dir_stats[KERNBENCH_MAX_DIRS];
static u8 pid_is_unit[KB_MAX_PIDS];
static u32 tokens, units_running;
static u64 image_bytes;

/* The argument blocks (argv) of every process make and sh start. */
static struct kb_args top_args, dir_args[KERNBENCH_MAX_DIRS];
static struct kb_args ld_r_sh[KERNBENCH_MAX_DIRS], ld_r_ld[KERNBENCH_MAX_DIRS];
static struct kb_args unit_sh[KERNBENCH_MAX_UNITS];
static struct kb_args unit_cmds[KERNBENCH_MAX_UNITS][4];

enum link_step {
	L_VMLINUX1,
	L_KALLSYMS1_S,
	L_KALLSYMS1_O,
	L_VMLINUX2,
	L_KALLSYMS2_S,
	L_KALLSYMS2_O,
	L_VMLINUX,
	NR_LINK_STEPS
};

static struct kb_args link_sh[NR_LINK_STEPS], link_cmds[NR_LINK_STEPS][3];

static const char *const images[] = { ".tmp_vmlinux1", ".tmp_vmlinux2",
				      "vmlinux" };
static const char *const kallsyms_s[] = { ".tmp_kallsyms1.S",
					  ".tmp_kallsyms2.S" };
static const char *const kallsyms_o[] = { ".tmp_kallsyms1.o",
					  ".tmp_kallsyms2.o" };

static u32 parent_of(u32 d)
{
	return d < top_dirs ? UINT32_MAX : (d - top_dirs) / KB_FANOUT;
}

/* Directory @d's @i-th subdirectory, or UINT32_MAX. */
static u32 child_of(u32 d, u32 i)
{
	u64 c = top_dirs + (u64)d * KB_FANOUT + i;

	return i < KB_FANOUT && c < nr_dirs ? (u32)c : UINT32_MAX;
}

u64 kbuild_nm_bytes(void)
{
	return (u64)kb->units * KERNBENCH_SYMS_PER_UNIT *
	       KERNBENCH_NM_LINE_BYTES;
}

bool kbuild_ld_input(const struct kb_args *a, u32 i, char *name, size_t len)
{
	if (a->rule == KB_RULE_LD_R) {
		u32 u = a->n + i * nr_dirs, c;

		if (u < kb->units) {
			snprintf(name, len, "obj/u%u.o", u);
			return true;
		}
		i -= (kb->units - a->n + nr_dirs - 1) / nr_dirs;
		c = child_of(a->n, i);
		if (c == UINT32_MAX)
			return false;
		snprintf(name, len, "obj/d%u.o", c);
		return true;
	}
	if (i < top_dirs) {
		snprintf(name, len, "obj/d%u.o", i);
		return true;
	}
	/* .tmp_vmlinux2 and vmlinux take the last pass's kallsyms object. */
	if (i == top_dirs && a->n != L_VMLINUX1) {
		snprintf(name, len, "%s",
			 kallsyms_o[a->n == L_VMLINUX2 ? 0 : 1]);
		return true;
	}
	return false;
}

void kbuild_ld_done(const struct kb_args *a, u64 bytes)
{
	if (a->rule == KB_RULE_LD_R) {
		dir_stats[a->n].ld_r++;
		dir_stats[a->n].ld_r_bytes += bytes;
		kb->dirs_built++;
		return;
	}
	image_bytes = bytes;
	if (a->n == L_VMLINUX)
		kb->linked_bytes = bytes;
}

const struct kernbench_dir_stats *kernbench_dir_stats(u32 d)
{
	return &dir_stats[d];
}

/* Write the tree into tmpfs: libraries, headers, sources, Makefiles. */
static void write_tree(void)
{
	long buf = sys_mmap(0, (1 + KB_BUF_PAGES) * KB_PAGE,
			    PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			    -1, 0);
	vaddr_t scratch = (vaddr_t)buf, data = scratch + KB_BUF_OFF;
	static const struct {
		const char *name;
		u32 pages;
	} libs[] = { { "lib/ld-2.2.5.so", LDSO_PAGES },
		     { "lib/libc-2.2.5.so", LIBC_PAGES },
		     { "etc/ld.so.cache", LDCACHE_PAGES } };

	if (buf < 0)
		kb_fail(1);
	uv_touch(data, KB_BUF_PAGES * KB_PAGE, true);
	for (size_t i = 0; i < ARRAY_SIZE(libs); i++) {
		int fd = kb_open(scratch, O_WRONLY | O_CREAT | O_TRUNC, "%s",
				 libs[i].name);

		if (fd < 0)
			kb_fail(2);
		kb_write_out(fd, data, (u64)libs[i].pages * KB_PAGE, 3);
		sys_close(fd);
	}
#define WRITE_FILE(bytes, ...)                                               \
	do {                                                                 \
		int fd = kb_open(scratch, O_WRONLY | O_CREAT | O_TRUNC,      \
				 __VA_ARGS__);                               \
		if (fd < 0 || sys_write(fd, data, (bytes)) != (long)(bytes)) \
			kb_fail(4);                                          \
		sys_close(fd);                                               \
	} while (0)
	for (u32 h = 0; h < kb->headers; h++)
		WRITE_FILE(kb->header_bytes, "inc/h%03u.h", h);
	for (u32 s = 0; s < KERNBENCH_NR_SOURCES; s++)
		WRITE_FILE(KERNBENCH_SOURCE_BYTES, "src/f%02u.c", s);
	for (size_t i = 0; i < ARRAY_SIZE(makefiles); i++)
		WRITE_FILE(makefiles[i].bytes, "%s", makefiles[i].name);
	for (u32 d = 0; d < nr_dirs; d++)
		WRITE_FILE(DIR_MAKEFILE_BYTES, "mk/d%u", d);
#undef WRITE_FILE
	sys_munmap((vaddr_t)buf, (1 + KB_BUF_PAGES) * KB_PAGE);
}

/* make's own jobs: how many run, under the jobserver's rules. */
struct mk {
	u32 running;
};

/* Reap one of @m's jobs; a failed one fails the build (make stops). */
static void mk_reap(struct mk *m)
{
	int status = 0, pid = sys_wait4(-1, &status);

	if (pid < 0 || pid >= KB_MAX_PIDS)
		kb_fail(8);
	if (status)
		kb_fail(9);
	m->running--;
	/* The job leaving the make's own (implicit) slot returns nothing. */
	if (kb->jobs && m->running)
		tokens++;
	if (pid_is_unit[pid]) {
		units_running--;
		kb->units_done++;
		progress_tick("kernbench unit", kb->units_done, kb->units);
	}
}

/*
 * Start @a (make's vfork + exec): its first job takes the make's own
 * slot, each other one a jobserver token (-j N), waiting for one of its
 * own jobs to end while there is none.
 */
static void mk_start(struct mk *m, struct kb_args *a, bool unit)
{
	int pid;

	if (kb->jobs) {
		while (m->running && !tokens)
			mk_reap(m);
		if (m->running)
			tokens--;
	}
	pid = sys_vfork(kb_exec_child, a);
	if (pid < 0 || pid >= KB_MAX_PIDS)
		kb_fail(7);
	m->running++;
	pid_is_unit[pid] = unit;
	if (unit) {
		units_running++;
		kb->max_running = MAX(kb->max_running, units_running);
	}
}

static void read_makefile(vaddr_t heap, const char *name, int step)
{
	int fd = kb_open(heap, O_RDONLY, "%s", name);

	if (fd < 0)
		kb_fail(step);
	kb_read_all(fd, heap + KB_BUF_OFF, step);
	sys_close(fd);
}

static struct kb_args job(enum kb_prog prog, enum kb_rule rule, u32 n)
{
	return (struct kb_args){ .prog = prog,
				 .rule = rule,
				 .n = n,
				 .in = -1,
				 .out = -1,
				 .close_fd = -1 };
}

/* A directory's make: its units, its subdirectories, then ld -r. */
static void dir_make(vaddr_t heap, u32 d)
{
	struct mk m = { 0 };
	char name[32];

	for (u32 i = MF_DIR_FIRST; i <= MF_DIR_LAST; i++)
		read_makefile(heap, makefiles[i].name, 10);
	snprintf(name, sizeof(name), "mk/d%u", d);
	read_makefile(heap, name, 10);
	/* Remake checks: the source is there, the object (after make
	 * clean) is not. */
	for (u32 u = d; u < kb->units; u += nr_dirs) {
		snprintf(name, sizeof(name), "src/f%02u.c",
			 u % KERNBENCH_NR_SOURCES);
		uv_write(heap, name, sizeof(name));
		if (sys_stat(heap, heap + STAT_BUF_OFF))
			kb_fail(11);
		snprintf(name, sizeof(name), "obj/u%u.o", u);
		uv_write(heap, name, sizeof(name));
		if (sys_stat(heap, heap + STAT_BUF_OFF) != -ENOENT)
			kb_fail(11);
	}
	for (u32 u = d; u < kb->units; u += nr_dirs) {
		unit_sh[u] = job(KB_SH, KB_RULE_CC_O_C, u);
		mk_start(&m, &unit_sh[u], true);
		dir_stats[d].units++;
	}
	for (u32 i = 0, c; (c = child_of(d, i)) != UINT32_MAX; i++) {
		dir_args[c] = job(KB_MAKE, KB_RULE_DIR, c);
		mk_start(&m, &dir_args[c], false);
		dir_stats[d].subdirs++;
	}
	while (m.running)
		mk_reap(&m);
	ld_r_sh[d] = job(KB_SH, KB_RULE_LD_R, d);
	mk_start(&m, &ld_r_sh[d], false);
	mk_reap(&m);
}

/* The top make: the top-level directories, then the final link. */
static void top_make(vaddr_t heap)
{
	struct mk m = { 0 };

	for (u32 i = MF_TOP_FIRST; i <= MF_TOP_LAST; i++)
		read_makefile(heap, makefiles[i].name, 12);
	for (u32 d = 0; d < top_dirs; d++) {
		dir_args[d] = job(KB_MAKE, KB_RULE_DIR, d);
		mk_start(&m, &dir_args[d], false);
	}
	while (m.running)
		mk_reap(&m);
	for (u32 s = 0; s < NR_LINK_STEPS; s++) {
		link_sh[s] = job(KB_SH, KB_RULE_LINK, s);
		mk_start(&m, &link_sh[s], false);
		mk_reap(&m);
	}
}

/*
 * make: the top one (`make -j vmlinux`, which first writes the tree into
 * tmpfs: kernbench's `cat` into the page cache) or a directory's (it
 * ends with its built-in.o).
 */
void kb_make_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap;

	if (a->rule == KB_RULE_TOP)
		write_tree();
	heap = kb_startup(KB_MAKE);
	if (a->rule == KB_RULE_TOP)
		top_make(heap);
	else
		dir_make(heap, a->n);
	sys_exit(0);
}

/*
 * Fork + exec a pipeline's programs (@n of them, bash's order: each
 * pipe made just before the command that writes it), then wait for all.
 */
static void pipeline(struct kb_args *cmd, u32 n, int step)
{
	int pid[3], fds[2], in = -1, status;

	for (u32 i = 0; i < n; i++) {
		cmd[i].in = in;
		cmd[i].out = cmd[i].close_fd = -1;
		if (i + 1 < n) {
			if (sys_pipe(fds))
				kb_fail(step);
			cmd[i].out = fds[1];
			cmd[i].close_fd = fds[0];
		}
		pid[i] = sys_fork(kb_exec_child, &cmd[i]);
		if (pid[i] < 0)
			kb_fail(step + 1);
		if (in >= 0)
			sys_close(in);
		if (i + 1 < n) {
			sys_close(fds[1]);
			in = fds[0];
		}
	}
	for (u32 i = 0; i < n; i++) {
		status = 0;
		if (sys_wait4(pid[i], &status) != pid[i] || status)
			kb_fail(step + 2);
	}
}

/* A step of the final link, in its shell. */
static void link_step(u32 s)
{
	struct kb_args *c = link_cmds[s];
	u32 pass = s < L_VMLINUX2 ? 0 : 1;

	switch (s) {
	case L_VMLINUX1:
	case L_VMLINUX2:
	case L_VMLINUX:
		c[0] = job(KB_LD, KB_RULE_LINK, s);
		c[0].dst = images[s == L_VMLINUX1 ? 0 :
				  s == L_VMLINUX2 ? 1 :
						    2];
		kb_run_and_wait(&c[0], false, 150);
		if (s != L_VMLINUX)
			break;
		/* System.map: nm vmlinux | grep -v '...' | sort. */
		c[0] = job(KB_NM, KB_RULE_LINK, s);
		c[0].src = images[2];
		c[0].bytes = image_bytes / 4;
		c[1] = job(KB_GREP, KB_RULE_LINK, s);
		c[2] = job(KB_SORT, KB_RULE_LINK, s);
		c[2].dst = "System.map";
		pipeline(c, 3, 152);
		break;
	case L_KALLSYMS1_S:
	case L_KALLSYMS2_S:
		c[0] = job(KB_NM, KB_RULE_LINK, s);
		c[0].src = images[pass];
		c[0].bytes = image_bytes / 4;
		c[1] = job(KB_KALLSYMS, KB_RULE_LINK, s);
		c[1].dst = kallsyms_s[pass];
		pipeline(c, 2, 155);
		break;
	default:
		c[0] = job(KB_GCC, KB_RULE_LINK, pass);
		c[0].src = kallsyms_s[pass];
		c[0].dst = kallsyms_o[pass];
		kb_run_and_wait(&c[0], false, 158);
		break;
	}
}

/*
 * sh -c: a unit's rule_cc_o_c (gcc; fixdep > .tmp; rm -f .d; mv -f .tmp
 * .cmd, each fork + exec), a directory's link_o_target (ld -r, then the
 * .cmd file echoed), or a step of the final link.
 */
void kb_sh_main(void *arg)
{
	const struct kb_args *a = arg;
	vaddr_t heap = kb_startup(KB_SH);
	static const enum kb_prog rule_cc_o_c[4] = { KB_GCC, KB_FIXDEP, KB_RM,
						     KB_MV };
	int fd;

	switch (a->rule) {
	case KB_RULE_CC_O_C:
		for (u32 i = 0; i < 4; i++) {
			unit_cmds[a->n][i] =
				job(rule_cc_o_c[i], KB_RULE_CC_O_C, a->n);
			kb_run_and_wait(&unit_cmds[a->n][i], false,
					160 + 2 * i);
		}
		break;
	case KB_RULE_LD_R:
		ld_r_ld[a->n] = job(KB_LD, KB_RULE_LD_R, a->n);
		kb_run_and_wait(&ld_r_ld[a->n], false, 168);
		fd = kb_open(heap, O_WRONLY | O_CREAT | O_TRUNC, "dep/d%u.cmd",
			     a->n);
		if (fd < 0)
			kb_fail(170);
		kb_write_out(fd, heap + KB_BUF_OFF, LD_R_CMD_BYTES, 171);
		sys_close(fd);
		break;
	default:
		link_step(a->n);
		break;
	}
	sys_exit(0);
}

void kernbench_defaults(struct kernbench_params *p, u64 cpu_hz)
{
	memset(p, 0, sizeof(*p));
	p->tree = KERNBENCH_KBUILD;
	p->units = KERNBENCH_DEFAULT_UNITS;
	p->dirs = KERNBENCH_DEFAULT_DIRS;
	p->jobs = KERNBENCH_DEFAULT_JOBS;
	p->cc1_user_cycles = KERNBENCH_DEFAULT_CC1_USER_US * cpu_hz / 1000000;
	p->cc1_heap_pages = KERNBENCH_DEFAULT_CC1_HEAP_PAGES;
	p->headers = KERNBENCH_DEFAULT_HEADERS;
	p->header_bytes = KERNBENCH_DEFAULT_HEADER_BYTES;
}

void kernbench_expected(const struct kernbench_params *p,
			struct kernbench_counts *c)
{
	u64 u = p->units, d = MIN(p->dirs, p->units);
	u64 nm = u * KERNBENCH_SYMS_PER_UNIT * KERNBENCH_NM_LINE_BYTES;

	/* A unit: sh, gcc, cpp0, cc1, as, fixdep, rm, mv; a directory: make,
	 * sh, ld -r; the top make; the final link's 7 shells and 16
	 * programs. */
	c->execs = 8 * u + 3 * d + 1 + 23;
	/* make -> sh and gcc -> 3 passes; make -> make and make -> sh; the
	 * link's 7 shells and its 2 gcc's cpp0 and as. */
	c->vforks = 4 * u + 2 * d + 7 + 4;
	/* sh -> 4 commands; sh -> ld; the link's 3 ld, 3 nm, 2 kallsyms, 2
	 * gcc, grep and sort. */
	c->forks = c->vforks + 4 * u + d + 12;
	c->pipes = 2 * u + 6;
	/* cpp0 | cc1 | as; nm | kallsyms twice; cpp0 | as of each .S (twice
	 * nm's bytes); nm | grep | sort. */
	c->pipe_bytes = u * (KERNBENCH_CPP_OUT_BYTES + KERNBENCH_ASM_BYTES) +
			2 * nm + 2 * 2 * nm + nm + nm * 9 / 10;
}

void kernbench_start(struct kernbench_params *p)
{
	kb = p;
	p->status = 0;
	p->units_done = 0;
	p->max_running = 0;
	p->linked_bytes = 0;
	p->dirs_built = 0;
	p->dirs_used = 0;
	if (p->tree == KERNBENCH_FLAT) {
		kernbench_flat_start(p);
		return;
	}
	nr_dirs = p->dirs_used = MIN(p->dirs, p->units);
	top_dirs = MIN(KB_TOP_DIRS, nr_dirs);
	memset(dir_stats, 0, sizeof(dir_stats));
	for (u32 d = 0; d < nr_dirs; d++)
		dir_stats[d].parent = parent_of(d);
	memset(pid_is_unit, 0, sizeof(pid_is_unit));
	tokens = p->jobs ? p->jobs - 1 : 0;
	units_running = 0;
	image_bytes = 0;
	top_args = job(KB_MAKE, KB_RULE_TOP, 0);
	spawn_process(&kb_progs[KB_MAKE], &top_args);
}
