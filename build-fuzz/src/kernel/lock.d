build-fuzz/src/kernel/lock.o: src/kernel/lock.c src/kernel/lock.h \
  src/base/types.h src/base/panic.h src/config/runtime.h \
  src/config/settings.h src/platforms/platform.h src/hw/machine.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def

src/kernel/lock.h:

src/base/types.h:

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
