// SPDX-License-Identifier: GPL-2.0-only
#include "kernel/boot.h"

#include <stdio.h>

#include "arch/layout.h"
#include "arch/tlbflush.h"
#include "base/errno.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/init.h"
#include "mm/mmzone.h"

int boot_kernel(const struct settings *s, char *err, size_t errlen)
{
	struct hw_config hw = s->platform->hw;
	int ret;

	ret = settings_validate(s, err, errlen);
	if (ret)
		return ret;
	ret = layout_init(s);
	if (ret) {
		snprintf(err, errlen, "the kmap slots of %u CPUs do not fit the fixmap",
			 s->platform->hw.ncpus);
		return ret;
	}
	if (s->arm_lpae)
		hw.mmu = MMU_ARM_LPAE;
	ret = machine_create(&hw, s->ncpus, s->mem);
	if (ret) {
		snprintf(err, errlen, "cannot build the machine (%d)", ret);
		return ret;
	}
	config = s;
	machine->checks = s->checks;
	/* Fault-injection knobs never carry over from a previous run. */
	tlbflush_skip_nth = 0;
	page_alloc_fail_nth = 0;
	sched_init();
	cc_enter(this_cpu(), CC_boot);
	ret = mm_init();
	if (ret) {
		snprintf(err, errlen, "mm_init failed (%d)", ret);
		abandon_kernel();
		return ret;
	}
	/* Measurements start from a booted, idle machine. */
	for (u32 i = 0; i < machine->ncpus; i++) {
		machine->cpu[i].cycles = 0;
		machine->cpu[i].cc = CC_other;
	}
	machine_reset_counters();
	return 0;
}

void abandon_kernel(void)
{
	if (!machine)
		return;
	mm_exit();
	machine_destroy();
	config = NULL;
}

void shutdown_kernel(void)
{
	if (machine && machine->checks) {
		check_kmap_leaks();
		buddy_check();
	}
	abandon_kernel();
}
