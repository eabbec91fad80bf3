build-fuzz/src/mm/rmap.o: src/mm/rmap.c src/mm/rmap.h src/arch/pgtable.h \
  src/base/types.h src/mm/gfp.h src/mm/mm_types.h src/base/list.h \
  src/kernel/lock.h src/arch/kv.h src/hw/access.h src/hw/machine.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/base/code_costs.def src/base/panic.h src/config/runtime.h \
  src/kernel/sched.h src/kernel/coroutine.h src/kernel/irq.h \
  src/mm/highmem.h src/mm/internal.h src/mm/mm.h src/mm/filemap.h \
  src/mm/rmap_shadow.h src/mm/slab.h

src/mm/rmap.h:

src/arch/pgtable.h:

src/base/types.h:

src/mm/gfp.h:

src/mm/mm_types.h:

src/base/list.h:

src/kernel/lock.h:

src/arch/kv.h:

src/hw/access.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/arch/layout.h:

src/config/settings.h:

src/platforms/platform.h:

src/base/code_costs.def:

src/base/panic.h:

src/config/runtime.h:

src/kernel/sched.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/highmem.h:

src/mm/internal.h:

src/mm/mm.h:

src/mm/filemap.h:

src/mm/rmap_shadow.h:

src/mm/slab.h:
