build-fuzz/src/workloads/dd.o: src/workloads/dd.c src/workloads/dd.h \
  src/base/types.h src/base/errno.h src/kernel/process.h \
  src/kernel/user.h

src/workloads/dd.h:

src/base/types.h:

src/base/errno.h:

src/kernel/process.h:

src/kernel/user.h:
