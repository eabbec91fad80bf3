build-fuzz/src/net/peer.o: src/net/peer.c src/net/peer.h src/base/types.h \
  src/base/panic.h src/hw/nic.h src/base/byteorder.h src/net/checksum.h \
  src/net/wire.h

src/net/peer.h:

src/base/types.h:

src/base/panic.h:

src/hw/nic.h:

src/base/byteorder.h:

src/net/checksum.h:

src/net/wire.h:
