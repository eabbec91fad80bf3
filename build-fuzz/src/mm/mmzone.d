build-fuzz/src/mm/mmzone.o: src/mm/mmzone.c src/mm/mmzone.h \
  src/mm/mm_types.h src/base/list.h src/base/types.h src/base/errno.h \
  src/base/panic.h src/hw/machine.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/mm/gfp.h

src/mm/mmzone.h:

src/mm/mm_types.h:

src/base/list.h:

src/base/types.h:

src/base/errno.h:

src/base/panic.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/mm/gfp.h:
