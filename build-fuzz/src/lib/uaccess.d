build-fuzz/src/lib/uaccess.o: src/lib/uaccess.c src/lib/uaccess.h \
  src/base/types.h src/lib/usercopy.h src/arch/kv.h src/hw/access.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/errno.h src/base/panic.h src/config/runtime.h \
  src/config/settings.h src/platforms/platform.h src/base/code_costs.def \
  src/kernel/sched.h src/arch/pgtable.h src/base/list.h \
  src/kernel/coroutine.h src/kernel/irq.h src/mm/gup.h src/mm/mm.h \
  src/kernel/lock.h src/mm/filemap.h src/mm/mm_types.h src/mm/gfp.h \
  src/mm/highmem.h src/mm/kmalloc.h

src/lib/uaccess.h:

src/base/types.h:

src/lib/usercopy.h:

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

src/kernel/sched.h:

src/arch/pgtable.h:

src/base/list.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/gup.h:

src/mm/mm.h:

src/kernel/lock.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/mm/gfp.h:

src/mm/highmem.h:

src/mm/kmalloc.h:
