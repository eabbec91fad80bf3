build-fuzz/src/hw/access.o: src/hw/access.c src/hw/access.h \
  src/hw/machine.h src/base/types.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/base/errno.h src/base/panic.h

src/hw/access.h:

src/hw/machine.h:

src/base/types.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/errno.h:

src/base/panic.h:
