build-fuzz/src/hw/events.o: src/hw/events.c src/hw/events.h \
  src/base/types.h src/base/events.def src/base/cost_centres.def

src/hw/events.h:

src/base/types.h:

src/base/events.def:

src/base/cost_centres.def:
