build-fuzz/src/net/tcp_input.o: src/net/tcp_input.c src/net/sock.h \
  src/base/list.h src/net/skbuff.h src/base/types.h src/mm/gfp.h \
  src/mm/mm_types.h src/arch/kv.h src/hw/access.h src/hw/machine.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/panic.h src/config/runtime.h src/config/settings.h \
  src/platforms/platform.h src/base/code_costs.def src/kernel/sched.h \
  src/arch/pgtable.h src/kernel/coroutine.h src/kernel/irq.h \
  src/net/checksum.h src/net/net.h src/net/netdevice.h \
  src/arch/dma-mapping.h src/arch/dma-direction.h

src/net/sock.h:

src/base/list.h:

src/net/skbuff.h:

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

src/kernel/sched.h:

src/arch/pgtable.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/net/checksum.h:

src/net/net.h:

src/net/netdevice.h:

src/arch/dma-mapping.h:

src/arch/dma-direction.h:
