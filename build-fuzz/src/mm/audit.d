build-fuzz/src/mm/audit.o: src/mm/audit.c src/mm/audit.h src/mm/mm.h \
  src/arch/pgtable.h src/base/types.h src/kernel/lock.h src/mm/filemap.h \
  src/mm/mm_types.h src/base/list.h src/mm/gfp.h src/mm/highmem.h \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/base/panic.h src/config/runtime.h \
  src/mm/internal.h src/mm/mmzone.h src/mm/rmap.h src/mm/rmap_shadow.h

src/mm/audit.h:

src/mm/mm.h:

src/arch/pgtable.h:

src/base/types.h:

src/kernel/lock.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/base/list.h:

src/mm/gfp.h:

src/mm/highmem.h:

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

src/base/panic.h:

src/config/runtime.h:

src/mm/internal.h:

src/mm/mmzone.h:

src/mm/rmap.h:

src/mm/rmap_shadow.h:
