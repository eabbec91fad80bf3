build-fuzz/src/hw/tlb.o: src/hw/tlb.c src/hw/tlb.h src/base/types.h \
  src/base/errno.h src/hw/mmu.h

src/hw/tlb.h:

src/base/types.h:

src/base/errno.h:

src/hw/mmu.h:
