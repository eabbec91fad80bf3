// SPDX-License-Identifier: GPL-2.0-only
/* FreeBSD i386 4/4's user access as copy_4g=tramp (see copy_tramp.h). */
#include "mm/copy_tramp.h"

#include <stdlib.h>
#include <string.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/pgtable.h"
#include "arch/tlbflush.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "hw/access.h"
#include "kernel/lock.h"
#include "kernel/sched.h"
#include "mm/gfp.h"
#include "mm/gup.h"
#include "mm/highmem.h"
#include "mm/mm.h"

/* cp_slow0's vm_page_t m[2]: a chunk spans at most two pages. */
#define CP_SLOW0_PAGES 2

/*
 * A CPU's window: pc_copyout_maddr (may not sleep, under
 * pc_copyout_mlock) or pc_copyout_saddr (may sleep, under
 * pc_copyout_slock), each kva_alloc(ptoa(2)) (pmap.c, pmap_init).  For
 * the checker: the pages mapped for the copy under way (nheld 0 once
 * they are unheld).
 */
struct cp_window {
	struct spinlock lock;
	struct page *held[CP_SLOW0_PAGES];
	u32 nheld;
};

static struct {
	u32 ncpus;
	u32 buf_pages; /* pages of copyout_buf, TRAMP_COPYOUT_SZ a CPU */
	u32 npages; /* the trampoline's: the buffers, then a stack a CPU */
	struct page **page;
	struct cp_window *win; /* [cpu * 2 + sleepable] */
} tramp;

/* What a cp_slow0 chunk does at the window's address. */
enum cp_op {
	CP_COPYOUT, /* copyout_slow0: kernel to user */
	CP_COPYIN, /* copyin_slow0: user to kernel */
	CP_FETCH, /* fueword_slow0, copyinstr_slow0: to a host value */
	CP_STORE, /* suword_slow0: from a host value */
};

struct cp_arg {
	enum cp_op op;
	vaddr_t kc; /* the kernel side, CP_COPYOUT and CP_COPYIN */
	void *host; /* the value, CP_FETCH and CP_STORE */
	u32 len;
};

bool copy_tramp_enabled(void)
{
	return tramp.page;
}

vaddr_t tramp_copyout_buf(u32 cpu)
{
	return layout.tramp_base + cpu * TRAMP_COPYOUT_SZ;
}

/* The top of @cpu's trampoline stack (PCPU(TRAMPSTK)). */
static vaddr_t tramp_stack_top(u32 cpu)
{
	return layout.tramp_base + (tramp.buf_pages + cpu + 1) * PAGE_SIZE;
}

vaddr_t cp_slow0_window(u32 cpu, bool sleepable)
{
	return layout.cpwin_base +
	       (cpu * 2 + sleepable) * CP_SLOW0_PAGES * PAGE_SIZE;
}

bool in_cp_slow0_window(vaddr_t va)
{
	return tramp.page && va >= layout.cpwin_base &&
	       va < cp_slow0_window(tramp.ncpus, false);
}

/*
 * pmap_trm_alloc for every CPU's copyout_buf and trampoline stack: pages
 * entered in the trampoline's PTE page, which user pgds share.
 */
void copy_tramp_init(void)
{
	if (!layout.tramp_base)
		return;
	tramp.ncpus = machine->ncpus;
	tramp.buf_pages =
		DIV_ROUND_UP(tramp.ncpus * TRAMP_COPYOUT_SZ, PAGE_SIZE);
	tramp.npages = tramp.buf_pages + tramp.ncpus;
	if (tramp.npages > PMD_SIZE / PAGE_SIZE ||
	    tramp.ncpus * 2 * CP_SLOW0_PAGES > PMD_SIZE / PAGE_SIZE)
		panic("copy_tramp_init: %u CPUs do not fit one PMD",
		      tramp.ncpus);
	tramp.page = calloc(tramp.npages, sizeof(*tramp.page));
	tramp.win = calloc(tramp.ncpus * 2, sizeof(*tramp.win));
	if (!tramp.page || !tramp.win)
		panic("copy_tramp_init: host out of memory");
	for (u32 i = 0; i < tramp.npages; i++) {
		struct page *p = alloc_page(GFP_KERNEL | __GFP_ZERO);

		if (!p)
			panic("copy_tramp_init: no lowmem for the trampoline");
		tramp.page[i] = p;
		set_pte_at(pte_offset_kernel(layout.tramp_base + i * PAGE_SIZE),
			   pfn_pte(page_to_pfn(p), kmap_prot));
	}
	for (u32 i = 0; i < tramp.ncpus * 2; i++)
		tramp.win[i].lock = SPINLOCK_INIT(i & 1 ? "pc_copyout_slock" :
							  "pc_copyout_mlock");
}

void copy_tramp_forget(void)
{
	free(tramp.page);
	free(tramp.win);
	memset(&tramp, 0, sizeof(tramp));
}

void copy_tramp_exit(void)
{
	if (!tramp.page)
		return;
	for (u32 i = 0; machine->checks && i < tramp.ncpus * 2; i++)
		if (tramp.win[i].nheld)
			panic("cp_slow0: CPU%u's window still holds %u pages at shutdown (a missing vm_page_unhold_pages)",
			      i / 2, tramp.win[i].nheld);
	for (u32 i = 0; i < tramp.npages; i++) {
		pte_clear(pte_offset_kernel(layout.tramp_base + i * PAGE_SIZE));
		__free_page(tramp.page[i]);
	}
	for (u32 i = 0; i < tramp.ncpus * 2 * CP_SLOW0_PAGES; i++)
		pte_clear(pte_offset_kernel(layout.cpwin_base + i * PAGE_SIZE));
	copy_tramp_forget();
}

/* ---- the trampoline ---- */

/*
 * Checker: the user pgd about to be loaded has the kernel's trampoline
 * PTE page at the buffer's PDE, and its PTE maps the buffer's page --
 * otherwise the copy after the CR3 load would reach other memory.
 */
void tramp_check_pgd(phys_addr_t pgd, u32 cpu)
{
	vaddr_t buf = tramp_copyout_buf(cpu);
	unsigned long kpt = pgtable->pmd_pfn_phys(swapper_pg_dir, buf);
	unsigned long upt = pgtable->pmd_pfn_phys(pgd, buf);
	pte_t pte;

	if (!kpt || upt != kpt)
		panic("copyout_fast: CPU%u's copyout_buf at %#x is not mapped alike in the kernel's table (PTE page pfn %#lx) and the user's (%#lx): the trampoline PDE is not shared",
		      cpu, buf, kpt, upt);
	pte = pte_read_phys(((phys_addr_t)kpt << PAGE_SHIFT) +
			    pte_offset_in_page(buf));
	if (!pte_present(pte) ||
	    pte_pfn(pte) !=
		    page_to_pfn(tramp.page[buf / PAGE_SIZE -
					   layout.tramp_base / PAGE_SIZE]))
		panic("copyout_fast: CPU%u's copyout_buf at %#x does not map its page",
		      cpu, buf);
}

/*
 * A fault on the user side with the user's CR3 loaded: IDTVEC(page) finds
 * the EIP in the trampoline, loads the kernel's CR3 (%ebx) and returns
 * to copyout_fault or fusufault (%edx), which return EFAULT.
 */
static int tramp_fault(struct cpu *c)
{
	vaddr_t va = c->fault.va;

	if (va >= layout.tramp_base && va < layout.tramp_base + PMD_SIZE)
		panic("copyout_fast: fault at %#x in the trampoline itself on CPU%u",
		      va, c->id);
	hw_set_cr3(c, swapper_pg_dir);
	charge(CODE_tramp_fault);
	hw_event(c, EV_tramp_fault);
	return -EFAULT;
}

/*
 * copyout_fast (copyout_fast.s), @kaddr 0 copying from the zero page:
 * the seven pushes on the trampoline stack, three pops and rep movsb into
 * the buffer, the user CR3 popped and loaded, three pops and rep movsb to
 * the user, the kernel CR3.  Return: 0 or -EFAULT.
 */
static int copyout_fast(vaddr_t kaddr, vaddr_t uaddr, u32 len)
{
	CC_SCOPE(copyout_fast);
	struct cpu *c = this_cpu();
	vaddr_t buf = tramp_copyout_buf(c->id), stk = tramp_stack_top(c->id);
	phys_addr_t ucr3 = current->mm->pgd;
	u32 frame[7] = { len, (u32)buf, kaddr, (u32)ucr3, len, uaddr, buf };
	u32 left;

	charge(CODE_copyout_fast);
	hw_event(c, EV_tramp_copy);
	if (unlikely(machine->checks))
		tramp_check_pgd(current->mm->pgd, c->id);
	kv_write(stk - sizeof(frame), frame, sizeof(frame));
	kv_read(stk - sizeof(frame), frame, 12);
	kv_memcpy(buf, kaddr ? kaddr : page_address(zero_page), len);
	kv_read(stk - 16, frame, 4);
	hw_set_cr3(c, ucr3);
	kv_read(stk - 12, frame, 12);
	charge_bytes(CODE_memcpy_kib, len);
	left = hw_copy(c, uaddr, buf, len, 0, 0);
	if (left)
		return tramp_fault(c);
	hw_set_cr3(c, swapper_pg_dir);
	return 0;
}

/*
 * copyin_fast: the six pushes, the user CR3, three pops and rep movsb
 * into the buffer, the kernel CR3, three pops and rep movsb to @kaddr.
 */
static int copyin_fast(vaddr_t uaddr, vaddr_t kaddr, u32 len)
{
	CC_SCOPE(copyin_fast);
	struct cpu *c = this_cpu();
	vaddr_t buf = tramp_copyout_buf(c->id), stk = tramp_stack_top(c->id);
	phys_addr_t ucr3 = current->mm->pgd;
	u32 frame[6] = { len, (u32)buf, uaddr, len, kaddr, buf };
	u32 left;

	charge(CODE_copyin_fast);
	hw_event(c, EV_tramp_copy);
	if (unlikely(machine->checks))
		tramp_check_pgd(current->mm->pgd, c->id);
	kv_write(stk - sizeof(frame), frame, sizeof(frame));
	hw_set_cr3(c, ucr3);
	kv_read(stk - sizeof(frame), frame, 12);
	charge_bytes(CODE_memcpy_kib, len);
	left = hw_copy(c, buf, uaddr, len, 0, 0);
	if (left)
		return tramp_fault(c);
	hw_set_cr3(c, swapper_pg_dir);
	kv_read(stk - 12, frame, 12);
	kv_memcpy(kaddr, buf, len);
	return 0;
}

/*
 * fueword_fast / suword_fast: the user CR3, one load or store with the
 * word in a register, the kernel CR3 (the trampoline stack is switched
 * to but not written).  Return: 0 or -EFAULT.
 */
static int fusu_fast(vaddr_t uaddr, u32 *val, bool store)
{
	struct cpu *c = this_cpu();
	u16 prev = cc_enter(c, store ? CC_suword_fast : CC_fueword_fast);
	u32 left;

	charge(CODE_fusu_fast);
	hw_event(c, EV_tramp_copy);
	hw_set_cr3(c, current->mm->pgd);
	left = store ? hw_write(c, uaddr, val, 4, 0) :
		       hw_read(c, uaddr, val, 4, 0);
	if (left)
		tramp_fault(c);
	else
		hw_set_cr3(c, swapper_pg_dir);
	cc_exit(c, prev);
	return left ? -EFAULT : 0;
}

/* ---- cp_slow0 ---- */

void cp_slow0_check_access(vaddr_t va, bool write)
{
	u32 slot = (va - layout.cpwin_base) >> PAGE_SHIFT;
	u32 cpu = slot / (2 * CP_SLOW0_PAGES), i = slot % CP_SLOW0_PAGES;
	const struct cp_window *w = &tramp.win[slot / CP_SLOW0_PAGES];
	pte_t pte;

	if (cpu != smp_processor_id())
		panic("%s: %s of %#x through CPU%u's cp_slow0 window from CPU%u",
		      cc_names[this_cpu()->cc], write ? "write" : "read", va,
		      cpu, smp_processor_id());
	if (i >= w->nheld)
		panic("%s: %s of %#x through CPU%u's cp_slow0 window, which holds no page there now (used after vm_page_unhold_pages?)",
		      cc_names[this_cpu()->cc], write ? "write" : "read", va,
		      cpu);
	pte = pte_read_phys(__pa(pte_offset_kernel(va & PAGE_MASK)));
	if (!pte_present(pte) || pte_pfn(pte) != page_to_pfn(w->held[i]))
		panic("%s: %s of %#x through CPU%u's cp_slow0 window, whose PTE does not map the page held (pfn %#lx; a lost pmap_cp_slow0_map store)",
		      cc_names[this_cpu()->cc], write ? "write" : "read", va,
		      cpu, page_to_pfn(w->held[i]));
}

/*
 * pmap_cp_slow0_map (pmap.c): per page a PTE store (PG_V | PG_RW | PG_A
 * | PG_M, the page's cache bits) and an invlpg.
 */
static void pmap_cp_slow0_map(struct cp_window *w, vaddr_t kaddr, u32 plen,
			      struct page **ma)
{
	for (u32 i = 0; i < plen; i++) {
		vaddr_t va = kaddr + i * PAGE_SIZE;

		charge(CODE_cp_slow0_page);
		hw_event(this_cpu(), EV_cp_slow0_map);
		set_pte_at(pte_offset_kernel(va),
			   pfn_pte(page_to_pfn(ma[i]), kmap_prot));
		local_flush_tlb_kernel_page(va);
		w->held[i] = ma[i];
	}
	w->nheld = plen;
}

/* copyout_slow0, copyin_slow0, fueword_slow0, suword_slow0 at @kva. */
static void cp_slow0_op(vaddr_t kva, const struct cp_arg *a)
{
	switch (a->op) {
	case CP_COPYOUT:
		kv_memcpy(kva, a->kc, a->len);
		break;
	case CP_COPYIN:
		kv_memcpy(a->kc, kva, a->len);
		break;
	case CP_FETCH:
		kv_read(kva, a->host, a->len);
		break;
	case CP_STORE:
		kv_write(kva, a->host, a->len);
		break;
	}
}

/*
 * cp_slow0 (copyout.c): hold the pages of [@uva, @uva + @a->len), map
 * them in this CPU's window and do @a there, unhold.  Return: 0, or
 * -EFAULT if a page could not be held.
 */
static int cp_slow0(vaddr_t uva, bool write, const struct cp_arg *a)
{
	CC_SCOPE(cp_slow0);
	u32 plen = DIV_ROUND_UP((uva & ~PAGE_MASK) + a->len, PAGE_SIZE);
	bool nofault = current->preempt_count || current->pagefault_disabled;
	struct page *m[CP_SLOW0_PAGES];
	struct cp_window *w;
	vaddr_t kva;
	int held;

	BUG_ON(plen > CP_SLOW0_PAGES);
	charge(CODE_cp_slow0);
	hw_event(this_cpu(), EV_cp_slow0);
	/*
	 * vm_fault_quick_hold_pages(..., VM_PROT_QUICK_NOFAULT): the pages
	 * the pmap has, the others faulted in -- unless the thread may not
	 * fault (TDP_NOFAULTING), when it fails.  Any it held go back.
	 */
	held = vm_fault_quick_hold_pages(
		uva & PAGE_MASK, plen,
		(write ? FOLL_WRITE : 0) | (nofault ? FOLL_NOFAULT : 0), m);
	if (held != (int)plen) {
		if (held > 0)
			put_user_pages(m, (u32)held);
		return -EFAULT;
	}
	/*
	 * sched_pin(); the window of this CPU that fits the context:
	 * pc_copyout_maddr under its mutex where the thread may not sleep,
	 * pc_copyout_saddr under its sx lock where it may (both uncontended
	 * here, priced as a spinlock pair).
	 */
	w = &tramp.win[smp_processor_id() * 2 + !nofault];
	kva = cp_slow0_window(smp_processor_id(), !nofault);
	spin_lock(&w->lock);
	pmap_cp_slow0_map(w, kva, plen, m);
	cp_slow0_op(kva + (uva & ~PAGE_MASK), a);
	/* sched_unpin(); the unlock; vm_page_unhold_pages. */
	spin_unlock(&w->lock);
	w->nheld = 0;
	put_user_pages(m, plen);
	return 0;
}

/*
 * copyout()'s and copyin()'s loop: cp_slow0 a page at a time; @kaddr 0
 * copies out of the zero page, from its start each time (no chunk is
 * longer than a page).  Return: bytes NOT done.
 */
static u32 copy_slow(vaddr_t uaddr, vaddr_t kaddr, u32 n, bool to_user)
{
	vaddr_t zero = kaddr ? 0 : page_address(zero_page);
	u32 done = 0;

	while (done < n) {
		vaddr_t uc = uaddr + done;
		struct cp_arg a = {
			.op = to_user ? CP_COPYOUT : CP_COPYIN,
			.kc = kaddr ? kaddr + done : zero,
			.len = MIN(n - done, PAGE_SIZE - (uc & ~PAGE_MASK)),
		};

		if (cp_slow0(uc, to_user, &a))
			break;
		done += a.len;
	}
	return n - done;
}

/* copyout()'s first test: the range must lie below VM_MAXUSER_ADDRESS. */
static bool user_range_bad(vaddr_t uaddr, u32 n)
{
	return (u64)uaddr + n > layout.task_size;
}

/* copyout() (@to_user) and copyin(): the range, the fast copy, the slow. */
static u32 tramp_copy(vaddr_t uaddr, vaddr_t kaddr, u32 n, bool to_user)
{
	if (!n)
		return 0;
	if (user_range_bad(uaddr, n))
		return n;
	if (n <= TRAMP_COPYOUT_SZ &&
	    !(to_user ? copyout_fast(kaddr, uaddr, n) :
			copyin_fast(uaddr, kaddr, n)))
		return 0;
	return copy_slow(uaddr, kaddr, n, to_user);
}

u32 tramp_copyout(vaddr_t uaddr, vaddr_t kaddr, u32 n)
{
	return tramp_copy(uaddr, kaddr, n, true);
}

u32 tramp_copyin(vaddr_t kaddr, vaddr_t uaddr, u32 n)
{
	return tramp_copy(uaddr, kaddr, n, false);
}

/* suword() (@store) and fueword(): the range, the fast access, the slow. */
static int tramp_fusu(vaddr_t uaddr, u32 *val, bool store)
{
	struct cp_arg a = { .op = store ? CP_STORE : CP_FETCH, .host = val,
			    .len = 4 };

	if (user_range_bad(uaddr, 4))
		return -EFAULT;
	if (!fusu_fast(uaddr, val, store))
		return 0;
	return cp_slow0(uaddr, store, &a);
}

int tramp_fueword(vaddr_t uaddr, u32 *val)
{
	return tramp_fusu(uaddr, val, false);
}

int tramp_suword(vaddr_t uaddr, u32 val)
{
	return tramp_fusu(uaddr, &val, true);
}

/*
 * copyinstr's copyinstr_slow0 reads a byte at a time up to the NUL; here
 * the chunk is read whole (the bytes' cost is the loads either way).
 */
long tramp_copyinstr(char *dst, vaddr_t src, u32 count)
{
	u32 done = 0;

	while (done < count) {
		vaddr_t uc = src + done;
		struct cp_arg a = {
			.op = CP_FETCH,
			.host = dst + done,
			.len = MIN(count - done, PAGE_SIZE - (uc & ~PAGE_MASK)),
		};
		char *nul;

		if (user_range_bad(uc, a.len) || cp_slow0(uc, false, &a))
			return -EFAULT;
		nul = memchr(dst + done, '\0', a.len);
		if (nul)
			return nul - dst;
		done += a.len;
	}
	return count;
}
