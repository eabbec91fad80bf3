build-fuzz/src/kernel/syscall.o: src/kernel/syscall.c \
  src/kernel/syscall.h src/base/types.h src/arch/kv.h src/hw/access.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/arch/layout.h src/config/settings.h src/platforms/platform.h \
  src/base/code_costs.def src/arch/mmu_context.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/fs/file.h src/base/list.h \
  src/fs/vfs.h src/kernel/user.h src/mm/filemap.h src/mm/mm_types.h \
  src/fs/pipe.h src/kernel/exit.h src/kernel/process.h \
  src/kernel/sched.h src/arch/pgtable.h src/kernel/coroutine.h \
  src/kernel/irq.h src/lib/uaccess.h src/mm/gfp.h src/mm/highmem.h \
  src/mm/mm.h src/kernel/lock.h src/net/net.h

src/kernel/syscall.h:

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

src/arch/mmu_context.h:

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/fs/file.h:

src/base/list.h:

src/fs/vfs.h:

src/kernel/user.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/fs/pipe.h:

src/kernel/exit.h:

src/kernel/process.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/lib/uaccess.h:

src/mm/gfp.h:

src/mm/highmem.h:

src/mm/mm.h:

src/kernel/lock.h:

src/net/net.h:
