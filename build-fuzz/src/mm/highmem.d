build-fuzz/src/mm/highmem.o: src/mm/highmem.c src/mm/highmem.h \
  src/arch/pgtable.h src/base/types.h src/mm/mm_types.h src/base/list.h \
  src/arch/cacheflush.h src/arch/dma-direction.h src/arch/kv.h \
  src/hw/access.h src/hw/machine.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/base/code_costs.def src/arch/tlbflush.h \
  src/base/panic.h src/config/runtime.h src/kernel/lock.h \
  src/kernel/sched.h src/kernel/coroutine.h src/kernel/irq.h \
  src/mm/highmem_internal.h

src/mm/highmem.h:

src/arch/pgtable.h:

src/base/types.h:

src/mm/mm_types.h:

src/base/list.h:

src/arch/cacheflush.h:

src/arch/dma-direction.h:

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

src/arch/tlbflush.h:

src/base/panic.h:

src/config/runtime.h:

src/kernel/lock.h:

src/kernel/sched.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/highmem_internal.h:
