build-fuzz/src/kernel/coroutine.o: src/kernel/coroutine.c \
  src/kernel/coroutine.h src/base/types.h src/base/errno.h \
  src/base/panic.h

src/kernel/coroutine.h:

src/base/types.h:

src/base/errno.h:

src/base/panic.h:
