build-fuzz/src/workloads/kernbench.o: src/workloads/kernbench.c \
  src/workloads/kernbench.h src/base/types.h src/kernel/process.h \
  src/kernel/user.h

src/workloads/kernbench.h:

src/base/types.h:

src/kernel/process.h:

src/kernel/user.h:
