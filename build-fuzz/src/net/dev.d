build-fuzz/src/net/dev.o: src/net/dev.c src/net/netdevice.h \
  src/arch/dma-mapping.h src/arch/dma-direction.h src/base/types.h \
  src/base/list.h src/net/skbuff.h src/mm/gfp.h src/mm/mm_types.h \
  src/base/panic.h src/config/runtime.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/kernel/irq.h src/net/gso.h src/net/ip.h src/net/net.h

src/net/netdevice.h:

src/arch/dma-mapping.h:

src/arch/dma-direction.h:

src/base/types.h:

src/base/list.h:

src/net/skbuff.h:

src/mm/gfp.h:

src/mm/mm_types.h:

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

src/kernel/irq.h:

src/net/gso.h:

src/net/ip.h:

src/net/net.h:
