build-fuzz/src/cli/diff.o: src/cli/diff.c src/cli/diff.h src/base/types.h \
  src/hw/events.h src/base/events.def src/base/cost_centres.def \
  src/platforms/platform.h src/hw/machine.h src/hw/cache.h src/hw/mmu.h \
  src/hw/ram.h src/hw/tlb.h src/base/code_costs.def

src/cli/diff.h:

src/base/types.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/platforms/platform.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/code_costs.def:
