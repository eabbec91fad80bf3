build-fuzz/src/mm/highmem_check.o: src/mm/highmem_check.c \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/base/types.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/base/code_costs.def src/base/panic.h \
  src/config/runtime.h src/kernel/sched.h src/arch/pgtable.h \
  src/base/list.h src/kernel/coroutine.h src/kernel/irq.h \
  src/mm/highmem_internal.h src/mm/highmem.h src/mm/mm_types.h

src/arch/layout.h:

src/config/settings.h:

src/platforms/platform.h:

src/hw/machine.h:

src/base/types.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/code_costs.def:

src/base/panic.h:

src/config/runtime.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/base/list.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/highmem_internal.h:

src/mm/highmem.h:

src/mm/mm_types.h:
