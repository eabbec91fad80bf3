build-fuzz/src/hw/nic.o: src/hw/nic.c src/hw/nic.h src/base/byteorder.h \
  src/base/types.h src/base/panic.h src/hw/cache.h src/hw/machine.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/net/checksum.h \
  src/net/wire.h

src/hw/nic.h:

src/base/byteorder.h:

src/base/types.h:

src/base/panic.h:

src/hw/cache.h:

src/hw/machine.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/net/checksum.h:

src/net/wire.h:
