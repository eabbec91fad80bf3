build-fuzz/src/workloads/sdet.o: src/workloads/sdet.c \
  src/workloads/sdet.h src/base/types.h src/kernel/process.h \
  src/kernel/user.h

src/workloads/sdet.h:

src/base/types.h:

src/kernel/process.h:

src/kernel/user.h:
