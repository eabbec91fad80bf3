build-fuzz/src/mm/mmap.o: src/mm/mmap.c src/mm/mm.h src/arch/pgtable.h \
  src/base/types.h src/kernel/lock.h src/mm/filemap.h src/mm/mm_types.h \
  src/base/list.h src/mm/gfp.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/arch/mmu_context.h src/base/errno.h src/base/panic.h \
  src/config/runtime.h src/kernel/sched.h src/kernel/coroutine.h \
  src/kernel/irq.h src/mm/internal.h src/mm/rmap.h

src/mm/mm.h:

src/arch/pgtable.h:

src/base/types.h:

src/kernel/lock.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/base/list.h:

src/mm/gfp.h:

src/arch/layout.h:

src/config/settings.h:

src/platforms/platform.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/code_costs.def:

src/arch/mmu_context.h:

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/kernel/sched.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/internal.h:

src/mm/rmap.h:
