build-fuzz/src/workloads/iperf.o: src/workloads/iperf.c \
  src/workloads/iperf.h src/base/types.h src/base/panic.h \
  src/kernel/process.h src/kernel/user.h src/net/net.h

src/workloads/iperf.h:

src/base/types.h:

src/base/panic.h:

src/kernel/process.h:

src/kernel/user.h:

src/net/net.h:
