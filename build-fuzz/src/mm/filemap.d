build-fuzz/src/mm/filemap.o: src/mm/filemap.c src/mm/filemap.h \
  src/mm/mm_types.h src/base/list.h src/base/types.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/mm/gfp.h

src/mm/filemap.h:

src/mm/mm_types.h:

src/base/list.h:

src/base/types.h:

src/base/errno.h:

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

src/mm/gfp.h:
