build-fuzz/src/hw/cache.o: src/hw/cache.c src/hw/cache.h src/base/types.h \
  src/base/errno.h src/base/panic.h

src/hw/cache.h:

src/base/types.h:

src/base/errno.h:

src/base/panic.h:
