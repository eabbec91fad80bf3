build-fuzz/src/mm/kmalloc.o: src/mm/kmalloc.c src/mm/kmalloc.h \
  src/mm/gfp.h src/mm/mm_types.h src/base/list.h src/base/types.h \
  src/base/panic.h src/mm/slab.h

src/mm/kmalloc.h:

src/mm/gfp.h:

src/mm/mm_types.h:

src/base/list.h:

src/base/types.h:

src/base/panic.h:

src/mm/slab.h:
