build-fuzz/src/experiments/kernbench-numaq.o: \
  src/experiments/kernbench-numaq.c src/experiments/kernbench.h \
  src/config/settings.h src/platforms/platform.h src/hw/machine.h \
  src/base/types.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/run/run.h src/workloads/kernbench.h \
  src/base/errno.h src/cli/diff.h src/experiments/sdet.h \
  src/workloads/sdet.h

src/experiments/kernbench.h:

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

src/run/run.h:

src/workloads/kernbench.h:

src/base/errno.h:

src/cli/diff.h:

src/experiments/sdet.h:

src/workloads/sdet.h:
