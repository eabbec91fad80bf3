// SPDX-License-Identifier: GPL-2.0-only
/*
 * exec (fs/exec.c do_execve, binfmt_elf load_elf_binary, exec_mmap), with
 * a program's image held in a page-cache object that every process
 * running it shares, so text pages carry pte_chains as long as the number
 * of processes mapping them.
 */
#include "kernel/process.h"

#include <string.h>

#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "kernel/exit.h"
#include "kernel/sched.h"
#include "kernel/task_stack.h"
#include "kernel/task_touch.h"
#include "kernel/user.h"
#include "mm/mm.h"

#define NR_IMAGES 64

static struct {
	const struct program *prog;
	struct address_space *as;
} images[NR_IMAGES];

vaddr_t text_base(void)
{
	return platform()->arch == PLAT_X86 ? 0x08048000u : 0x8000u;
}

/* The page-cache object holding @prog's text and data. */
static struct address_space *image_of(const struct program *prog)
{
	int free_slot = -1;

	for (int i = 0; i < NR_IMAGES; i++) {
		if (images[i].prog == prog)
			return images[i].as;
		if (!images[i].prog && free_slot < 0)
			free_slot = i;
	}
	if (free_slot < 0)
		panic("image_of: more than %d programs", NR_IMAGES);
	images[free_slot].prog = prog;
	images[free_slot].as = address_space_create(
		prog->name, prog->text_pages + prog->data_pages);
	if (!images[free_slot].as)
		panic("image_of: host out of memory");
	return images[free_slot].as;
}

void exec_init(void)
{
	memset(images, 0, sizeof(images));
}

void exec_drop_images(void)
{
	for (int i = 0; i < NR_IMAGES; i++) {
		if (!images[i].prog)
			continue;
		address_space_put(images[i].as);
		images[i].prog = NULL;
		images[i].as = NULL;
	}
}

/* Map @prog into the new @mm the way load_elf_binary lays it out. */
static int load_program(struct mm_struct *mm, const struct program *prog)
{
	struct address_space *as = image_of(prog);
	vaddr_t text = text_base();
	vaddr_t data = text + prog->text_pages * PAGE_SIZE;
	vaddr_t bss = data + prog->data_pages * PAGE_SIZE;
	vaddr_t stack_top = layout.task_size - STACK_TOP_GAP;
	long r;

	if (prog->text_pages) {
		r = do_mmap(mm, text, prog->text_pages * PAGE_SIZE,
			    VM_READ | VM_EXEC, as, 0);
		if (IS_ERR_VALUE(r))
			return (int)r;
	}
	if (prog->data_pages) {
		r = do_mmap(mm, data, prog->data_pages * PAGE_SIZE,
			    VM_READ | VM_WRITE, as, prog->text_pages);
		if (IS_ERR_VALUE(r))
			return (int)r;
	}
	mm->start_brk = mm->brk = bss;
	if (prog->bss_pages && do_brk(mm, bss + prog->bss_pages * PAGE_SIZE) ==
				       bss)
		return -ENOMEM;
	mm->start_brk = bss + prog->bss_pages * PAGE_SIZE;
	mm->brk = mm->start_brk;
	r = do_mmap(mm, stack_top - prog->stack_pages * PAGE_SIZE,
		    MAX(prog->stack_pages, 1u) * PAGE_SIZE,
		    VM_READ | VM_WRITE | VM_GROWSDOWN, NULL, 0);
	if (IS_ERR_VALUE(r))
		return (int)r;
	mm->start_stack = stack_top;
	return 0;
}

/* exec_mmap: install @mm, drop the old one. */
static void exec_mmap(struct mm_struct *mm)
{
	struct task_struct *t = current;
	struct mm_struct *old_mm = t->mm, *active_mm = t->active_mm;

	t->mm = mm;
	t->active_mm = mm;
	switch_mm(active_mm, mm);
	if (old_mm) {
		mm_release(t);
		mmput(old_mm);
		return;
	}
	if (active_mm)
		mmdrop(active_mm);
}

int do_execve(const struct program *prog, void *arg)
{
	struct task_struct *t = current;
	struct mm_struct *mm;
	int err;

	{
		CC_SCOPE(do_execve);

		charge(CODE_exec);
		hw_event(this_cpu(), EV_exec);
		mm = mm_alloc();
		if (!mm)
			return -ENOMEM;
		err = load_program(mm, prog);
		if (err) {
			mmput(mm);
			return err;
		}
		exec_mmap(mm);
		snprintf(t->comm, sizeof(t->comm), "%s", prog->name);
		/* start_thread: the return to user lands at the entry. */
		t->entry = prog->main;
		t->entry_arg = arg;
	}
	return 0;
}

/*
 * The new task execs its program, as ____call_usermodehelper does
 * (kernel/kmod.c): a failed exec -- -ENOMEM when memory ran out for the
 * mm, its page tables or its VMAs -- is the task's result, and it exits
 * with the errno as its status instead of taking the machine down.
 */
static void spawn_entry(void *arg)
{
	struct task_struct *t = arg;
	int err = sys_execve(t->spawn_prog, t->spawn_arg);

	if (err == -ENOMEM)
		hw_event(this_cpu(), EV_exec_enomem);
	do_exit((-err & 0xff) << 8);
}

int spawn_process(const struct program *prog, void *arg)
{
	struct task_struct *t = task_create(prog->name, spawn_entry, NULL, NULL);

	/* The task init's fork would make: a new object, written whole. */
	if (task_place(t) || task_stack_alloc(t)) {
		t->state = TASK_ZOMBIE;
		release_task(t);
		return -ENOMEM;
	}
	t->entry_arg = t;
	t->spawn_prog = prog;
	t->spawn_arg = arg;
	task_touch_all(t, true);
	t->files = files_alloc();
	if (!t->files) {
		t->state = TASK_ZOMBIE;
		release_task(t);
		return -ENOMEM;
	}
	wake_up_new_task(t);
	return t->pid;
}
