build-fuzz/src/arch/dma-mapping.o: src/arch/dma-mapping.c \
  src/arch/dma-mapping.h src/arch/dma-direction.h src/base/types.h \
  src/arch/cacheflush.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/arch/outercache.h src/base/panic.h src/config/runtime.h \
  src/mm/highmem.h src/arch/pgtable.h src/mm/mm_types.h src/base/list.h

src/arch/dma-mapping.h:

src/arch/dma-direction.h:

src/base/types.h:

src/arch/cacheflush.h:

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

src/arch/outercache.h:

src/base/panic.h:

src/config/runtime.h:

src/mm/highmem.h:

src/arch/pgtable.h:

src/mm/mm_types.h:

src/base/list.h:
