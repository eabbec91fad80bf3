build-fuzz/src/net/skbuff.o: src/net/skbuff.c src/net/skbuff.h \
  src/base/list.h src/base/types.h src/mm/gfp.h src/mm/mm_types.h \
  src/arch/kv.h src/hw/access.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/config/settings.h \
  src/platforms/platform.h src/base/code_costs.def src/mm/highmem.h \
  src/arch/pgtable.h src/mm/kmalloc.h src/mm/slab.h

src/net/skbuff.h:

src/base/list.h:

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

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/config/settings.h:

src/platforms/platform.h:

src/base/code_costs.def:

src/mm/highmem.h:

src/arch/pgtable.h:

src/mm/kmalloc.h:

src/mm/slab.h:
