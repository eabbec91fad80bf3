build-fuzz/src/fs/vfs.o: src/fs/vfs.c src/fs/vfs.h src/base/types.h \
  src/kernel/user.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/base/errno.h src/base/panic.h src/config/runtime.h src/fs/file.h \
  src/base/list.h src/mm/filemap.h src/mm/mm_types.h src/fs/tmpfs.h \
  src/kernel/sched.h src/arch/pgtable.h src/kernel/coroutine.h \
  src/kernel/irq.h

src/fs/vfs.h:

src/base/types.h:

src/kernel/user.h:

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

src/mm/filemap.h:

src/mm/mm_types.h:

src/fs/tmpfs.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/kernel/coroutine.h:

src/kernel/irq.h:
