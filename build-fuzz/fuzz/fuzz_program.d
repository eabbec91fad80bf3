build-fuzz/fuzz/fuzz_program.o: fuzz/fuzz_program.c fuzz/fuzz_program.h \
  src/base/types.h src/arch/layout.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/hw/mmu.h src/hw/ram.h src/hw/tlb.h src/base/code_costs.def \
  src/base/errno.h src/base/panic.h src/kernel/boot.h src/kernel/exit.h \
  src/kernel/process.h src/kernel/sched.h src/arch/pgtable.h \
  src/base/list.h src/kernel/coroutine.h src/kernel/irq.h \
  src/kernel/user.h src/mm/gfp.h src/mm/mm_types.h

fuzz/fuzz_program.h:

src/base/types.h:

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

src/kernel/boot.h:

src/kernel/exit.h:

src/kernel/process.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/base/list.h:

src/kernel/coroutine.h:

src/kernel/irq.h:

src/kernel/user.h:

src/mm/gfp.h:

src/mm/mm_types.h:
