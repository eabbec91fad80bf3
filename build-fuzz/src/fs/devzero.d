build-fuzz/src/fs/devzero.o: src/fs/devzero.c src/fs/file.h \
  src/base/list.h src/fs/vfs.h src/base/types.h src/kernel/user.h \
  src/mm/filemap.h src/mm/mm_types.h src/base/errno.h \
  src/config/runtime.h src/config/settings.h src/platforms/platform.h \
  src/hw/machine.h src/hw/cache.h src/hw/events.h src/base/events.def \
  src/base/cost_centres.def src/hw/mmu.h src/hw/ram.h src/hw/tlb.h \
  src/base/code_costs.def src/lib/uaccess.h

src/fs/file.h:

src/base/list.h:

src/fs/vfs.h:

src/base/types.h:

src/kernel/user.h:

src/mm/filemap.h:

src/mm/mm_types.h:

src/base/errno.h:

src/config/runtime.h:

src/config/settings.h:

src/platforms/platform.h:

src/hw/machine.h:

src/hw/cache.h:

src/hw/events.h:

src/base/events.def:

src/base/cost_centres.def:

src/hw/mmu.h:

src/hw/ram.h:

src/hw/tlb.h:

src/base/code_costs.def:

src/lib/uaccess.h:
