build-fuzz/src/workloads/hackbench.o: src/workloads/hackbench.c \
  src/workloads/hackbench.h src/base/types.h src/kernel/process.h \
  src/kernel/user.h

src/workloads/hackbench.h:

src/base/types.h:

src/kernel/process.h:

src/kernel/user.h:
