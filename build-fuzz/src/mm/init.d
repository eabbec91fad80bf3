build-fuzz/src/mm/init.o: src/mm/init.c src/mm/init.h src/arch/layout.h \
  src/config/settings.h src/platforms/platform.h src/hw/machine.h \
  src/base/types.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/arch/pgtable.h src/config/runtime.h \
  src/mm/highmem.h src/mm/mm_types.h src/base/list.h \
  src/mm/highmem_internal.h src/mm/memblock.h src/mm/mmzone.h

src/mm/init.h:

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

src/arch/pgtable.h:

src/config/runtime.h:

src/mm/highmem.h:

src/mm/mm_types.h:

src/base/list.h:

src/mm/highmem_internal.h:

src/mm/memblock.h:

src/mm/mmzone.h:
