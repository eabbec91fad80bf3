build-fuzz/src/mm/memblock.o: src/mm/memblock.c src/mm/memblock.h \
  src/base/types.h src/base/panic.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/mm/mm_types.h \
  src/base/list.h

src/mm/memblock.h:

src/base/types.h:

src/base/panic.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/mm/mm_types.h:

src/base/list.h:
