build-fuzz/src/net/mv643xx_eth.o: src/net/mv643xx_eth.c \
  src/net/mv643xx_eth.h src/base/types.h src/arch/dma-coherent.h \
  src/arch/kv.h src/hw/access.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/config/settings.h \
  src/platforms/platform.h src/base/code_costs.def src/hw/nic.h \
  src/base/byteorder.h src/kernel/irq.h src/base/list.h src/mm/highmem.h \
  src/arch/pgtable.h src/mm/mm_types.h src/net/checksum.h \
  src/net/netdevice.h src/arch/dma-mapping.h src/arch/dma-direction.h \
  src/net/skbuff.h src/mm/gfp.h src/net/sock.h src/net/net.h

src/net/mv643xx_eth.h:

src/base/types.h:

src/arch/dma-coherent.h:

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

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/config/settings.h:

src/platforms/platform.h:

src/base/code_costs.def:

src/hw/nic.h:

src/base/byteorder.h:

src/kernel/irq.h:

src/base/list.h:

src/mm/highmem.h:

src/arch/pgtable.h:

src/mm/mm_types.h:

src/net/checksum.h:

src/net/netdevice.h:

src/arch/dma-mapping.h:

src/arch/dma-direction.h:

src/net/skbuff.h:

src/mm/gfp.h:

src/net/sock.h:

src/net/net.h:
