build-fuzz/src/workloads/spawn.o: src/workloads/spawn.c \
  src/workloads/spawn.h src/base/types.h src/kernel/process.h \
  src/kernel/user.h

src/workloads/spawn.h:

src/base/types.h:

src/kernel/process.h:

src/kernel/user.h:
