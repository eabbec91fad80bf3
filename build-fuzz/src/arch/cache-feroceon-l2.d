build-fuzz/src/arch/cache-feroceon-l2.o: src/arch/cache-feroceon-l2.c \
  src/arch/cache-feroceon-l2.h src/base/types.h src/arch/irqflags.h \
  src/hw/access.h src/hw/machine.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/base/code_costs.def src/arch/outercache.h \
  src/base/panic.h src/config/runtime.h src/mm/highmem.h \
  src/arch/pgtable.h src/mm/mm_types.h src/base/list.h

src/arch/cache-feroceon-l2.h:

src/base/types.h:

src/arch/irqflags.h:

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

src/arch/outercache.h:

src/base/panic.h:

src/config/runtime.h:

src/mm/highmem.h:

src/arch/pgtable.h:

src/mm/mm_types.h:

src/base/list.h:
