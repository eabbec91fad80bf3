build-fuzz/src/mm/page_alloc.o: src/mm/page_alloc.c src/mm/gfp.h \
  src/mm/mm_types.h src/base/list.h src/base/types.h src/base/panic.h \
  src/config/runtime.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/mm/highmem.h src/arch/pgtable.h \
  src/mm/memblock.h src/mm/mmzone.h

src/mm/gfp.h:

src/mm/mm_types.h:

src/base/list.h:

src/base/types.h:

src/base/panic.h:

src/config/runtime.h:

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

src/mm/highmem.h:

src/arch/pgtable.h:

src/mm/memblock.h:

src/mm/mmzone.h:
