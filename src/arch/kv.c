// SPDX-License-Identifier: GPL-2.0-only
#include "arch/kv.h"

#include <string.h>

#include "arch/layout.h"
#include "base/panic.h"
#include "config/runtime.h"

void (*kv_check_hook)(vaddr_t va, u32 len, bool write);
vaddr_t kv_check_skip_start, kv_check_skip_end;

_Noreturn void kernel_oops(vaddr_t va, bool write)
{
	struct cpu *c = this_cpu();

	panic("Unable to handle kernel paging request at virtual address %08x (%s, %s fault) in %s on CPU%u",
	      va, write ? "write" : "read",
	      c->fault.kind == MMU_FAULT_PERMISSION ? "permission" :
						      "translation",
	      cc_names[c->cc], c->id);
}

/* Must the hook look at an access of [@va, @last]? */
static inline bool kv_check_wanted(vaddr_t va, vaddr_t last)
{
	if (!machine->checks || !kv_check_hook)
		return false;
	return !(va >= kv_check_skip_start && last < kv_check_skip_end &&
		 va <= last);
}

static inline void kv_check(vaddr_t va, u32 len, bool write)
{
	if (kv_check_wanted(va, va + (len ? len - 1 : 0)))
		kv_check_hook(va, len, write);
}

void kv_read(vaddr_t va, void *buf, u32 len)
{
	kv_check(va, len, false);
	if (hw_read(this_cpu(), va, buf, len, 0))
		kernel_oops(this_cpu()->fault.va, false);
}

/* The checks of @n loads of @size bytes from @va, each as kv_read32's. */
static inline void kv_check_run(vaddr_t va, u32 size, u32 n)
{
	/* Each load's check is skipped where the whole run's is. */
	if (kv_check_wanted(va, va + size * n - 1))
		for (u32 i = 0; i < n; i++)
			kv_check(va + i * size, size, false);
}

void kv_read_run(vaddr_t va, void *v, u32 size, u32 n)
{
	kv_check_run(va, size, n);
	if (hw_read_run(this_cpu(), va, v, size, n, 0))
		kernel_oops(va, false);
}

void kv_read_runs(const struct load_run *r, u32 nr)
{
	struct cpu *c = this_cpu();

	for (u32 i = 0; i < nr; i++)
		kv_check_run(r[i].va, r[i].size, r[i].n);
	if (hw_read_runs(c, r, nr, 0))
		kernel_oops(c->fault.va, false);
}

void kv_write(vaddr_t va, const void *buf, u32 len)
{
	kv_check(va, len, true);
	if (hw_write(this_cpu(), va, buf, len, 0))
		kernel_oops(this_cpu()->fault.va, true);
}

void (*kv_touch_hook)(vaddr_t va, u32 len, bool write);

void kv_touch(vaddr_t va, u32 len, bool write)
{
	struct cpu *c = this_cpu();

	if (unlikely(kv_touch_hook))
		kv_touch_hook(va, len, write);
	BUG_ON(!virt_addr_valid(va) || !virt_addr_valid(va + len - 1));
	/* In 64-byte pieces, each piece's first line not a stream's (as
	 * the loads and stores of fields are). */
	while (len) {
		u32 n = MIN(len, 64u);

		if (hw_touch(c, va, n, write))
			kernel_oops(c->fault.va, write);
		va += n;
		len -= n;
	}
}

u32 kv_read32(vaddr_t va)
{
	u32 v;

	kv_check(va, 4, false);
	if (hw_read32(this_cpu(), va, &v, 0))
		kernel_oops(va, false);
	return v;
}

u64 kv_read64(vaddr_t va)
{
	u64 v;

	kv_check(va, 8, false);
	if (hw_read64(this_cpu(), va, &v, 0))
		kernel_oops(va, false);
	return v;
}

void kv_write32(vaddr_t va, u32 v)
{
	kv_check(va, 4, true);
	if (hw_write32(this_cpu(), va, v, 0))
		kernel_oops(va, true);
}

void kv_write64(vaddr_t va, u64 v)
{
	kv_check(va, 8, true);
	if (hw_write64(this_cpu(), va, v, 0))
		kernel_oops(va, true);
}

void kv_memcpy_as(vaddr_t dst, vaddr_t src, u32 len, enum code_cost cc)
{
	kv_check(src, len, false);
	kv_check(dst, len, true);
	charge_bytes(cc, len);
	if (hw_copy(this_cpu(), dst, src, len, 0, 0))
		kernel_oops(this_cpu()->fault.va, this_cpu()->fault.write);
}

void kv_memcpy(vaddr_t dst, vaddr_t src, u32 len)
{
	CC_SCOPE(memcpy);

	kv_memcpy_as(dst, src, len, CODE_memcpy_kib);
}

void kv_memset(vaddr_t va, u8 c, u32 len)
{
	CC_SCOPE(memset);

	kv_check(va, len, true);
	charge_bytes(CODE_memset_kib, len);
	if (hw_fill(this_cpu(), va, c, len, 0))
		kernel_oops(this_cpu()->fault.va, true);
}
