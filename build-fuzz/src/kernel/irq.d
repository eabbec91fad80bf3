build-fuzz/src/kernel/irq.o: src/kernel/irq.c src/kernel/irq.h \
  src/base/list.h src/base/types.h src/base/panic.h src/hw/machine.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/kernel/sched.h src/arch/pgtable.h src/kernel/coroutine.h

src/kernel/irq.h:

src/base/list.h:

src/base/types.h:

src/base/panic.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/kernel/sched.h:

src/arch/pgtable.h:

src/kernel/coroutine.h:
