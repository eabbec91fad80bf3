build-fuzz/src/net/net.o: src/net/net.c src/net/net.h src/base/types.h \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/base/errno.h src/base/panic.h \
  src/config/runtime.h src/fs/file.h src/base/list.h src/fs/vfs.h \
  src/kernel/user.h src/mm/filemap.h src/mm/mm_types.h src/hw/nic.h \
  src/base/byteorder.h src/kernel/irq.h src/net/mv643xx_eth.h \
  src/net/netdevice.h src/arch/dma-mapping.h src/arch/dma-direction.h \
  src/net/skbuff.h src/mm/gfp.h src/net/peer.h src/net/sock.h

src/net/net.h:

src/base/types.h:

src/arch/layout.h:

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

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/fs/file.h:

src/base/list.h:

src/fs/vfs.h:

src/kernel/user.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/hw/nic.h:

src/base/byteorder.h:

src/kernel/irq.h:

src/net/mv643xx_eth.h:

src/net/netdevice.h:

src/arch/dma-mapping.h:

src/arch/dma-direction.h:

src/net/skbuff.h:

src/mm/gfp.h:

src/net/peer.h:

src/net/sock.h:
