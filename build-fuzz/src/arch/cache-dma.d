build-fuzz/src/arch/cache-dma.o: src/arch/cache-dma.c \
  src/arch/cacheflush.h src/arch/dma-direction.h src/base/types.h \
  src/arch/irqflags.h src/hw/access.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/panic.h \
  src/config/runtime.h src/config/settings.h src/platforms/platform.h \
  src/base/code_costs.def

src/arch/cacheflush.h:

src/arch/dma-direction.h:

src/base/types.h:

src/arch/irqflags.h:

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
