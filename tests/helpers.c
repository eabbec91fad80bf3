// SPDX-License-Identifier: GPL-2.0-only
#include "helpers.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hw/machine.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/user.h"
#include "mm/memblock.h"
#include "mm/mmzone.h"

jmp_buf test_panic_jmp;
char test_panic_msg[1024];

static struct settings test_settings;

void test_panic_hook(const char *msg)
{
	snprintf(test_panic_msg, sizeof(test_panic_msg), "%s", msg);
	longjmp(test_panic_jmp, 1);
}

void test_boot(const char *platform, ...)
{
	const struct platform *p = platform_find(platform);
	char err[256];
	const char *word;
	va_list ap;

	cr_assert(p, "no platform %s", platform);
	settings_default(&test_settings, p);
	va_start(ap, platform);
	while ((word = va_arg(ap, const char *)))
		cr_assert_eq(settings_parse(&test_settings, word, err,
					    sizeof(err)),
			     0, "%s", err);
	va_end(ap);
	cr_assert_eq(boot_kernel(&test_settings, err, sizeof(err)), 0, "%s",
		     err);
}

void test_shutdown(void)
{
	shutdown_kernel();
}

void probe_take(struct probe *p)
{
	p->cycles = machine_elapsed_cycles();
	for (int e = 0; e < NR_EVENTS; e++)
		p->ev[e] = machine_event_total((enum event)e);
	for (int c = 0; c < NR_CC; c++)
		p->prof[c] = machine_profile_total((enum cost_centre)c);
}

u64 probe_ev(const struct probe *p, enum event e)
{
	return machine_event_total(e) - p->ev[e];
}

void probe_expect(const struct probe *p, enum event e, u64 want,
		  const char *what)
{
	cr_assert_eq(probe_ev(p, e), want, "%s: %llu, not %llu", what,
		     (unsigned long long)probe_ev(p, e),
		     (unsigned long long)want);
}

u64 probe_cc(const struct probe *p, enum cost_centre cc)
{
	return machine_profile_total(cc) - p->prof[cc];
}

static struct program test_program = {
	.name = "test",
	.text_pages = 4,
	.data_pages = 2,
	.bss_pages = 2,
	.stack_pages = 2,
};

void test_run_process(void (*main)(void *), void *arg)
{
	test_program.main = main;
	spawn_process(&test_program, arg);
	cr_assert_eq(sched_run(), 0, "the processes deadlocked");
}

void test_free_area_teardown(void)
{
	free_area_exit();
	memblock_reset();
	machine_destroy();
	config = NULL;
	set_panic_hook(NULL);
}

struct zone *test_zone(u32 nid, int zt)
{
	return &NODE_DATA(nid)->node_zones[zt];
}

char *test_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	cr_assert(f, "cannot read %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = calloc(1, (size_t)n + 1);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	return buf;
}

int test_run_cli(const char *args, bool err, char *line, size_t n)
{
	const char *bin = getenv("VMSPLIT_BIN");
	char cmd[512];
	FILE *p;
	int st;

	cr_assert(bin, "VMSPLIT_BIN is not set (run through make test)");
	snprintf(cmd, sizeof(cmd), err ? "%s %s 2>&1 >/dev/null" : "%s %s", bin,
		 args);
	p = popen(cmd, "r");
	cr_assert(p);
	line[0] = 0;
	if (!fgets(line, (int)n, p))
		line[0] = 0;
	while (fgets(cmd, sizeof(cmd), p))
		;
	st = pclose(p);
	cr_assert(WIFEXITED(st));
	return WEXITSTATUS(st);
}

struct test_sh_output test_sh(const char *cmd)
{
	char dir[] = "/tmp/vmsplit-sh-XXXXXX";
	char out[64], err[64], *line;
	struct test_sh_output o;
	int st;

	cr_assert(mkdtemp(dir));
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(err, sizeof(err), "%s/err", dir);
	/* Braces: the redirections cover a pipeline or a list too. */
	cr_assert_geq(asprintf(&line, "{ %s\n} >%s 2>%s", cmd, out, err), 0);
	st = system(line);
	free(line);
	cr_assert(WIFEXITED(st), "'%s' did not exit", cmd);
	o.status = WEXITSTATUS(st);
	o.out = test_slurp(out);
	o.err = test_slurp(err);
	unlink(out);
	unlink(err);
	rmdir(dir);
	return o;
}

static long copies_wrote, copies_read;

static void tmpfs_copies_main(void *arg)
{
	vaddr_t names, buf;
	int fd;

	(void)arg;
	names = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	buf = (vaddr_t)sys_mmap(0, PAGE_SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uv_fill(buf, 'x', PAGE_SIZE);
	uv_write(names, "/f", 3);
	fd = sys_open(names, O_RDWR | O_CREAT);
	for (int i = 0; i < 8; i++)
		copies_wrote += sys_write(fd, buf, 512);
	sys_lseek(fd, 0, SEEK_SET);
	for (int i = 0; i < 8; i++)
		copies_read += sys_read(fd, buf, 512);
	sys_exit(0);
}

void test_run_tmpfs_copies(long *wrote, long *read)
{
	copies_wrote = copies_read = 0;
	test_run_process(tmpfs_copies_main, NULL);
	*wrote = copies_wrote;
	*read = copies_read;
}
