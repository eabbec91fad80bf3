build-fuzz/src/arch/dma-coherent.o: src/arch/dma-coherent.c \
  src/arch/dma-coherent.h src/base/types.h src/base/byteorder.h \
  src/base/errno.h src/base/panic.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/mm/gfp.h src/mm/mm_types.h \
  src/base/list.h

src/arch/dma-coherent.h:

src/base/types.h:

src/base/byteorder.h:

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

src/mm/mm_types.h:

src/base/list.h:
