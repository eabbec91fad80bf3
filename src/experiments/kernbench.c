// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernbench runs: one `make -j vmlinux`, checked to have built every unit
 * and linked every object.
 */
#include "experiments/kernbench.h"

#include "base/errno.h"

static void kernbench_start_cb(const void *p)
{
	/* run_workload passes our own, writable, kernbench_params. */
	kernbench_start((struct kernbench_params *)(unsigned long)p);
}

int kernbench_measure(const struct settings *s, struct kernbench_point *pt,
		      char *err, size_t errlen)
{
	struct kernbench_params *p = &pt->p;
	int ret;

	if (!p->units || p->units > KERNBENCH_MAX_UNITS || !p->dirs ||
	    p->dirs > KERNBENCH_MAX_DIRS ||
	    p->headers > KERNBENCH_MAX_HEADERS || !p->header_bytes ||
	    p->header_bytes > KERNBENCH_MAX_FILE_BYTES ||
	    p->headers * KERNBENCH_DEP_LINE_BYTES > KERNBENCH_MAX_FILE_BYTES) {
		snprintf(
			err, errlen,
			"kernbench: units 1-%u, dirs 1-%u, headers up to %u of 1-%u bytes",
			KERNBENCH_MAX_UNITS, KERNBENCH_MAX_DIRS,
			KERNBENCH_MAX_HEADERS, KERNBENCH_MAX_FILE_BYTES);
		return -EINVAL;
	}
	ret = run_workload(s, kernbench_start_cb, p, &pt->r, err, errlen);
	pt->pipes = pipe_stats;
	if (ret)
		return ret;
	if (p->status) {
		snprintf(err, errlen, "kernbench failed at step %d", p->status);
		return -EIO;
	}
	if (p->units_done != p->units) {
		snprintf(err, errlen, "kernbench: %u of %u units built",
			 p->units_done, p->units);
		return -EIO;
	}
	if (p->tree == KERNBENCH_KBUILD && p->dirs_built != p->dirs_used) {
		snprintf(err, errlen, "kernbench: %u of %u directories linked",
			 p->dirs_built, p->dirs_used);
		return -EIO;
	}
	return 0;
}

const char *kernbench_tree_name(enum kernbench_tree t)
{
	return t == KERNBENCH_FLAT ? "flat" : "kbuild";
}

void kernbench_print_json_params(const struct kernbench_point *pt, FILE *f)
{
	const struct kernbench_params *p = &pt->p;

	const struct pipe_stats *ps = &pt->pipes;

	fprintf(f,
		"\"params\": {\"units\": %u, \"jobs\": %u, \"tree\": \"%s\", \"dirs\": %u, \"cc1_user_cycles\": %llu, "
		"\"cc1_heap_pages\": %u, \"headers\": %u, \"header_bytes\": %u}, "
		"\"build\": {\"units_built\": %u, \"dirs_linked\": %u, \"max_running\": %u, "
		"\"linked_bytes\": %llu, \"pipes\": %llu, \"pipe_bytes\": %llu}, ",
		p->units, p->jobs, kernbench_tree_name(p->tree),
		p->tree == KERNBENCH_KBUILD ? p->dirs_used : 0,
		(unsigned long long)p->cc1_user_cycles, p->cc1_heap_pages,
		p->headers, p->header_bytes, p->units_done, p->dirs_built,
		p->max_running, (unsigned long long)p->linked_bytes,
		(unsigned long long)ps->pipes,
		(unsigned long long)ps->bytes_written);
}
