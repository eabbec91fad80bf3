build-fuzz/src/micro/micro.o: src/micro/micro.c src/micro/micro.h \
  src/config/settings.h src/platforms/platform.h src/hw/machine.h \
  src/base/types.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/arch/layout.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/kernel/boot.h src/mm/gfp.h \
  src/mm/mm_types.h src/base/list.h src/mm/highmem.h src/arch/pgtable.h

src/micro/micro.h:

src/config/settings.h:

src/platforms/platform.h:

src/hw/machine.h:

src/base/types.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/code_costs.def:

src/arch/layout.h:

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/kernel/boot.h:

src/mm/gfp.h:

src/mm/mm_types.h:

src/base/list.h:

src/mm/highmem.h:

src/arch/pgtable.h:
