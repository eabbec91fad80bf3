build-fuzz/src/arch/pgtable.o: src/arch/pgtable.c src/arch/pgtable.h \
  src/base/types.h src/arch/kv.h src/hw/access.h src/hw/machine.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/base/code_costs.def src/base/panic.h src/config/runtime.h \
  src/mm/memblock.h

src/arch/pgtable.h:

src/base/types.h:

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

src/arch/layout.h:

src/config/settings.h:

src/platforms/platform.h:

src/base/code_costs.def:

src/base/panic.h:

src/config/runtime.h:

src/mm/memblock.h:
