build-fuzz/src/net/wire.o: src/net/wire.c src/net/wire.h src/base/types.h \
  src/base/panic.h

src/net/wire.h:

src/base/types.h:

src/base/panic.h:
