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

	if (!p->units || p->units > KERNBENCH_MAX_UNITS ||
	    p->headers > KERNBENCH_MAX_HEADERS || !p->header_bytes ||
	    p->header_bytes > KERNBENCH_MAX_FILE_BYTES ||
	    p->headers * KERNBENCH_DEP_LINE_BYTES > KERNBENCH_MAX_FILE_BYTES) {
		snprintf(
			err, errlen,
			"kernbench: units 1-%u, headers up to %u of 1-%u bytes",
			KERNBENCH_MAX_UNITS, KERNBENCH_MAX_HEADERS,
			KERNBENCH_MAX_FILE_BYTES);
		return -EINVAL;
	}
	ret = run_workload(s, kernbench_start_cb, p, &pt->r, err, errlen);
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
	return 0;
}

void kernbench_print_json_params(const struct kernbench_point *pt, FILE *f)
{
	const struct kernbench_params *p = &pt->p;

	fprintf(f,
		"\"params\": {\"units\": %u, \"jobs\": %u, \"cc1_user_cycles\": %llu, "
		"\"cc1_heap_pages\": %u, \"headers\": %u, \"header_bytes\": %u}, "
		"\"build\": {\"units_built\": %u, \"max_running\": %u, "
		"\"linked_bytes\": %llu}, ",
		p->units, p->jobs, (unsigned long long)p->cc1_user_cycles,
		p->cc1_heap_pages, p->headers, p->header_bytes, p->units_done,
		p->max_running, (unsigned long long)p->linked_bytes);
}
