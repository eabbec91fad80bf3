build-fuzz/src/fs/file.o: src/fs/file.c src/fs/file.h src/base/list.h \
  src/fs/vfs.h src/base/types.h src/kernel/user.h src/mm/filemap.h \
  src/mm/mm_types.h src/base/errno.h src/base/panic.h src/kernel/sched.h \
  src/arch/pgtable.h src/hw/machine.h src/hw/cache.h src/hw/events.h \
  src/base/events.def src/base/cost_centres.def src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/kernel/coroutine.h src/kernel/irq.h

src/fs/file.h:

src/base/list.h:

src/fs/vfs.h:

src/base/types.h:

src/kernel/user.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/base/errno.h:

src/base/panic.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/kernel/coroutine.h:

src/kernel/irq.h:
