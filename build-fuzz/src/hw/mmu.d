build-fuzz/src/hw/mmu.o: src/hw/mmu.c src/hw/mmu.h src/base/types.h \
  src/base/panic.h src/hw/ram.h

src/hw/mmu.h:

src/base/types.h:

src/base/panic.h:

src/hw/ram.h:
