build-fuzz/src/base/panic.o: src/base/panic.c src/base/panic.h \
  src/base/types.h

src/base/panic.h:

src/base/types.h:
