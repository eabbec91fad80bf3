build-fuzz/src/mm/rmap_shadow.o: src/mm/rmap_shadow.c \
  src/mm/rmap_shadow.h src/mm/mm_types.h src/base/list.h \
  src/base/types.h src/mm/rmap.h src/arch/pgtable.h src/mm/gfp.h \
  src/base/panic.h

src/mm/rmap_shadow.h:

src/mm/mm_types.h:

src/base/list.h:

src/base/types.h:

src/mm/rmap.h:

src/arch/pgtable.h:

src/mm/gfp.h:

src/base/panic.h:
