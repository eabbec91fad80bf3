build-fuzz/src/experiments/hackbench.o: src/experiments/hackbench.c \
  src/experiments/hackbench.h src/config/settings.h \
  src/platforms/platform.h src/hw/machine.h src/base/types.h \
  src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/fs/pipe.h src/run/run.h \
  src/workloads/hackbench.h src/base/errno.h

src/experiments/hackbench.h:

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

src/fs/pipe.h:

src/run/run.h:

src/workloads/hackbench.h:

src/base/errno.h:
