// SPDX-License-Identifier: GPL-2.0-only
#include "kernel/boot.h"

#include <stdio.h>

#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "arch/outercache.h"
#include "arch/tlbflush.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/coherence.h"
#include "kernel/exit.h"
#include "kernel/irq.h"
#include "kernel/livelock.h"
#include "kernel/sched.h"
#include "mm/copy_tramp.h"
#include "mm/pgtable_hazard.h"
#include "mm/uncached_hazard.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/init.h"
#include "mm/audit.h"
#include "mm/mm.h"
#include "mm/emap.h"
#include "mm/mmzone.h"
#include "mm/placement.h"
#include "mm/rmap.h"
#include "mm/sf_buf.h"
#include "mm/slab.h"
#include "net/net.h"
#include "fs/dcache.h"
#include "fs/file.h"
#include "fs/pipe.h"
#include "fs/vfs.h"
#include "mm/kmalloc.h"
#include "kernel/process.h"
#include "kernel/syscall.h"
#include "kernel/task_touch.h"
#include "mm/page_tree.h"
#include "mm/mm_touch.h"
#include "mm/vma_touch.h"

/* Free pages right after boot: what a clean run must end with. */
static unsigned long free_baseline;

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
	hw.dram_read_MBps = settings_dram_read_MBps(s);
	if (s->streaming_throughput) {
		const struct platform_throughput *tp =
			&s->platform->throughput;

		hw.mlp = tp->mlp;
		hw.write_buffer_lines = tp->write_buffer_lines;
		hw.dram_write_MBps = tp->dram_write_MBps;
		hw.reads_wait_writes = tp->reads_wait_writes;
		hw.dram_burst_bytes = tp->dram_burst_bytes;
		if (tp->l2_store_no_alloc)
			hw.l2.write_allocate = false;
	}
	hw.coherent = s->coherence_snoop;
	hw.random_replacement = s->random_replacement;
	if (s->cpu_mhz) {
		/*
		 * cpu_mhz=: the core runs faster or slower, DRAM does not.
		 * The costs that are DRAM latencies (sourced in ns and
		 * converted at the board's clock) scale with the clock; the
		 * core's own cycle costs and the kernel CPI do not.  Coarse:
		 * an on-chip L2 is taken to scale with the core.
		 */
		u64 from = hw.cpu_hz, to = settings_cpu_hz(s);

		hw.cpu_hz = to;
		hw.cost.dram = (u32)((u64)hw.cost.dram * to / from);
		hw.cost.dram_remote = (u32)((u64)hw.cost.dram_remote * to / from);
		hw.cost.l2_writeback = (u32)((u64)hw.cost.l2_writeback * to / from);
		hw.cost.so_store = (u32)((u64)hw.cost.so_store * to / from);
		hw.cost.walk_read_dram =
			(u32)((u64)hw.cost.walk_read_dram * to / from);
	}
	if (s->icache_model) {
		hw.icache_model = true;
		hw.text_pa = layout.phys_offset;
		/* The largest power of two within the kernel image: the text
		 * offsets fold into it with their set-index bits intact. */
		hw.text_span = 1u << (31 - __builtin_clz(layout.kernel_image_size));
	}
	ret = machine_create(&hw, s->ncpus, s->mem);
	if (ret) {
		snprintf(err, errlen, "cannot build the machine (%d)", ret);
		return ret;
	}
	config_apply(s);
	outer_cache_init();
	machine->checks = s->checks;
	/* Fault-injection knobs never carry over from a previous run. */
	tlbflush_skip_nth = 0;
	page_alloc_fail_nth = 0;
	kmem_cache_fail_name = NULL;
	mm_leak_one_page = false;
	mmu_context_init();
	exec_init();
	sched_init();
	irq_init();
	cc_enter(this_cpu(), CC_boot);
	ret = mm_init();
	if (ret) {
		snprintf(err, errlen, "mm_init failed (%d)", ret);
		abandon_kernel();
		return ret;
	}
	ret = placement_take(s->placement);
	if (ret) {
		snprintf(err, errlen, "placement=%u: not that many lowmem pages",
			 s->placement);
		abandon_kernel();
		return ret;
	}
	rmap_init();
	kmalloc_init();
	mm_subsys_init();
	task_touch_init();
	vfs_init();
	pipe_stats_reset();
	syscall_init();
	exit_stats = (struct exit_stats){ 0 };
	livelock_reset();
	free_baseline = nr_free_pages();
	/* After the baseline: its descriptors go back at shutdown. */
	sf_buf_init();
	emap_init();
	copy_tramp_init();
	/* Measurements start from a booted, idle machine. */
	for (u32 i = 0; i < machine->ncpus; i++) {
		struct cpu *c = &machine->cpu[i];

		/* A drain still under way keeps its distance from now. */
		c->wb_empty_at = c->wb_empty_at > c->cycles ?
					 c->wb_empty_at - c->cycles :
					 0;
		c->stream_from = U64_MAX;
		c->dram_read_done = 0;
		c->cycles = 0;
		c->idle_cycles = 0;
		c->cc = CC_other;
		c->trace.depth = 0;
	}
	machine_reset_counters();
	return 0;
}

void abandon_kernel(void)
{
	if (!machine)
		return;
	sched_exit();
	irq_shutdown();
	net_forget();
	placement_forget();
	slab_forget();
	kmalloc_forget();
	sf_buf_forget();
	emap_forget();
	copy_tramp_forget();
	page_tree_forget();
	vma_touch_forget();
	mm_touch_forget();
	task_touch_forget();
	file_touch_forget();
	dcache_forget();
	pt_hazard_exit();
	uncached_hazard_exit();
	mm_exit();
	machine_destroy();
	config = NULL;
}

/*
 * The end-of-run checks: no task left, no kmap held, every mapping
 * consistent; with the page caches dropped and the pte_chain cache gone,
 * every page allocated since boot is free again.
 */
void shutdown_kernel(void)
{
	bool checks;

	if (!machine)
		return;
	checks = machine->checks;
	if (checks && nr_tasks())
		panic("shutdown_kernel: %u tasks still alive", nr_tasks());
	sched_drop_lazy_mms();
	if (checks) {
		check_kmap_leaks();
		mm_audit_pages();
		coherence_audit();
	}
	vfs_exit();
	net_exit();
	exec_drop_images();
	sf_buf_exit();
	emap_exit();
	copy_tramp_exit();
	kmalloc_exit();
	page_tree_exit();
	rmap_exit();
	vma_touch_exit();
	mm_touch_exit();
	task_touch_exit();
	if (checks)
		mm_audit_end_of_run(free_baseline);
	placement_release();
	syscall_exit();
	mm_subsys_exit();
	if (checks)
		buddy_check();
	abandon_kernel();
}
