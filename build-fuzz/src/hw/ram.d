build-fuzz/src/hw/ram.o: src/hw/ram.c src/hw/ram.h src/base/types.h \
  src/base/errno.h src/base/panic.h

src/hw/ram.h:

src/base/types.h:

src/base/errno.h:

src/base/panic.h:
