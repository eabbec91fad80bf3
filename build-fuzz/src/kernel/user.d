build-fuzz/src/kernel/user.o: src/kernel/user.c src/kernel/user.h \
  src/base/types.h src/arch/mmu_context.h src/base/panic.h \
  src/config/runtime.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/hw/access.h src/kernel/exit.h \
  src/kernel/process.h src/kernel/sched.h src/arch/pgtable.h \
  src/base/list.h src/kernel/coroutine.h src/kernel/irq.h src/mm/mm.h \
  src/kernel/lock.h src/mm/filemap.h src/mm/mm_types.h src/mm/gfp.h \
  src/mm/oom_kill.h

src/kernel/user.h:

src/base/types.h:

src/arch/mmu_context.h:

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

src/hw/access.h:

src/kernel/exit.h:

src/kernel/process.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/base/list.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/mm/mm.h:

src/kernel/lock.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/mm/gfp.h:

src/mm/oom_kill.h:
