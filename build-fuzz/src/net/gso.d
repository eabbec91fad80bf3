build-fuzz/src/net/gso.o: src/net/gso.c src/net/gso.h src/net/skbuff.h \
  src/base/list.h src/base/types.h src/mm/gfp.h src/mm/mm_types.h \
  src/arch/kv.h src/hw/access.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/panic.h \
  src/config/runtime.h src/config/settings.h src/platforms/platform.h \
  src/base/code_costs.def src/net/checksum.h src/net/ip.h src/net/net.h \
  src/net/netdevice.h src/arch/dma-mapping.h src/arch/dma-direction.h \
  src/net/sock.h

src/net/gso.h:

src/net/skbuff.h:

src/base/list.h:

src/base/types.h:

src/mm/gfp.h:

src/mm/mm_types.h:

src/arch/kv.h:

src/hw/access.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/panic.h:

src/config/runtime.h:

src/config/settings.h:

src/platforms/platform.h:

src/base/code_costs.def:

src/net/checksum.h:

src/net/ip.h:

src/net/net.h:

src/net/netdevice.h:

src/arch/dma-mapping.h:

src/arch/dma-direction.h:

src/net/sock.h:
