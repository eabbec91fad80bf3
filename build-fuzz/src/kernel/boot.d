build-fuzz/src/kernel/boot.o: src/kernel/boot.c src/kernel/boot.h \
  src/config/settings.h src/platforms/platform.h src/hw/machine.h \
  src/base/types.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/arch/layout.h src/arch/mmu_context.h \
  src/arch/outercache.h src/arch/tlbflush.h src/base/errno.h \
  src/base/panic.h src/config/runtime.h src/kernel/exit.h \
  src/kernel/irq.h src/base/list.h src/kernel/sched.h src/arch/pgtable.h \
  src/kernel/coroutine.h src/mm/gfp.h src/mm/mm_types.h src/mm/highmem.h \
  src/mm/init.h src/mm/audit.h src/mm/mm.h src/kernel/lock.h \
  src/mm/filemap.h src/mm/mmzone.h src/mm/rmap.h src/net/net.h \
  src/fs/file.h src/fs/vfs.h src/kernel/user.h src/fs/pipe.h \
  src/mm/kmalloc.h src/kernel/process.h src/kernel/syscall.h

src/kernel/boot.h:

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

src/arch/mmu_context.h:

src/arch/outercache.h:

src/arch/tlbflush.h:

src/base/errno.h:

src/base/panic.h:

src/config/runtime.h:

src/kernel/exit.h:

src/kernel/irq.h:

src/base/list.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/kernel/coroutine.h:

src/mm/gfp.h:

src/mm/mm_types.h:

src/mm/highmem.h:

src/mm/init.h:

src/mm/audit.h:

src/mm/mm.h:

src/kernel/lock.h:

src/mm/filemap.h:

src/mm/mmzone.h:

src/mm/rmap.h:

src/net/net.h:

src/fs/file.h:

src/fs/vfs.h:

src/kernel/user.h:

src/fs/pipe.h:

src/mm/kmalloc.h:

src/kernel/process.h:

src/kernel/syscall.h:
