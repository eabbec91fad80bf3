// SPDX-License-Identifier: GPL-2.0-only
/*
 * System call entry/exit and the system calls (kernel/sys.c, mm/mmap.c's
 * sys_mmap2/sys_munmap/sys_brk, kernel/exit.c's sys_wait4, ...).
 */
#include "kernel/syscall.h"

#include <string.h>

#include "arch/kv.h"
#include "arch/layout.h"
#include "arch/mmu_context.h"
#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "fs/file.h"
#include "fs/pipe.h"
#include "fs/vfs.h"
#include "kernel/exit.h"
#include "kernel/process.h"
#include "kernel/sched.h"
#include "kernel/task_touch.h"
#include "kernel/task_stack.h"
#include "kernel/user.h"
#include "lib/uaccess.h"
#include "mm/gfp.h"
#include "mm/highmem.h"
#include "mm/mm.h"
#include "net/net.h"

/* struct new_utsname, in simulated lowmem (init_uts_ns). */
static struct page *uts_page;
static vaddr_t utsname;

void syscall_init(void)
{
	static const char *const fields[6] = {
		"Linux", "vmsplit", "2.6.0", "#1", "sim", "(none)",
	};

	uts_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!uts_page)
		panic("syscall_init: no memory for utsname");
	utsname = page_address(uts_page);
	for (int i = 0; i < 6; i++)
		kv_write(utsname + (u32)i * UTSNAME_LEN, fields[i],
			 (u32)strlen(fields[i]));
}

void syscall_exit(void)
{
	if (uts_page)
		__free_page(uts_page);
	uts_page = NULL;
}

u16 syscall_enter(void)
{
	struct task_struct *t = current;
	u16 prev;

	sched_yield_point();
	t->in_user = false;
	prev = cc_enter(this_cpu(), CC_syscall);
	charge(CODE_syscall_entry);
	/* Under 4G/4G the stack is reached once the kernel's tables are. */
	arch_enter_kernel();
	task_stack_entry();
	hw_event(this_cpu(), EV_syscall);
	return prev;
}

/* What must hold whenever the kernel returns to user space. */
static void check_return_to_user(void)
{
	struct task_struct *t = current;

	if (t->preempt_count || t->pagefault_disabled || t->kmap_ctrl.idx ||
	    percpu[smp_processor_id()].kmap_atomic_idx ||
	    percpu[smp_processor_id()].km_type_in_use)
		panic("return to user: %s holds kmaps or atomic state (preempt %d, kmap_local %d, kmap_atomic %d)",
		      t->comm, t->preempt_count, t->kmap_ctrl.idx,
		      percpu[smp_processor_id()].kmap_atomic_idx);
}

void syscall_leave(u16 prev_cc)
{
	charge(CODE_syscall_exit);
	task_stack_return();
	cc_exit(this_cpu(), prev_cc);
	/*
	 * do_signal on the way out: SIGKILL has no handler; any other signal
	 * is the alarm's, whose handler only notes it, so it is delivered
	 * and no longer pending.
	 */
	if (fatal_signal_pending(current))
		do_exit(SIGKILL);
	current->signal_pending = false;
	if (machine->checks)
		check_return_to_user();
	current->in_user = true;
	sched_return_to_user();
	arch_return_to_user();
	sched_yield_point();
}

int sys_getpid(void)
{
	u16 cc = syscall_enter();
	int pid = current->pid;

	syscall_leave(cc);
	return pid;
}

int sys_getppid(void)
{
	u16 cc = syscall_enter();
	/* task_tgid_vnr(rcu_dereference(current->real_parent)). */
	int ppid = current->parent ? current->parent->pid : 0;

	syscall_leave(cc);
	return ppid;
}

int sys_fork(void (*child)(void *), void *arg)
{
	u16 cc = syscall_enter();
	int ret = do_fork(0, child, arg);

	syscall_leave(cc);
	return ret;
}

int sys_vfork(void (*child)(void *), void *arg)
{
	u16 cc = syscall_enter();
	int ret = do_fork(CLONE_VM | CLONE_VFORK, child, arg);

	syscall_leave(cc);
	return ret;
}

int sys_execve(const struct program *prog, void *arg)
{
	u16 cc = syscall_enter();
	int ret = do_execve(prog, arg);

	/*
	 * One return to user either way (ret_fast_syscall); a successful
	 * exec's lands at the new program's entry, not back in the caller.
	 */
	syscall_leave(cc);
	if (!ret)
		longjmp(current->start, 1);
	return ret;
}

_Noreturn void sys_exit(int code)
{
	syscall_enter();
	do_exit((code & 0xff) << 8);
}

int sys_wait4(int pid, int *status)
{
	u16 cc = syscall_enter();
	int ret = do_wait(pid, status);

	syscall_leave(cc);
	return ret;
}

static u32 prot_to_vm(int prot)
{
	return (prot & PROT_READ ? VM_READ : 0) |
	       (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

long sys_mmap(vaddr_t addr, u32 len, int prot, int flags, int fd, u32 pgoff)
{
	u16 cc = syscall_enter();
	struct mm_struct *mm = current->mm;
	struct address_space *as = NULL;
	u32 vm = prot_to_vm(prot);
	bool may_write = true;
	long ret;

	/* vm_mmap_pgoff: mm = current->mm. */
	task_touch(current, TF_mm, false);
	if (!(flags & MAP_ANONYMOUS)) {
		struct file *f = fget(fd);

		if (!f) {
			syscall_leave(cc);
			return -EBADF;
		}
		as = f->f_mapping;
		may_write = file_writable(f);
	}
	/*
	 * do_mmap_pgoff: a shared mapping may become writable (mprotect)
	 * only if its file is open for writing.  Linux refuses PROT_WRITE
	 * on such a file with -EACCES; the model maps it (its VM_MAYWRITE
	 * kept), as it always has.
	 */
	if (flags & MAP_SHARED) {
		vm |= VM_SHARED | VM_MAYSHARE;
		if (may_write)
			vm |= VM_MAYWRITE;
	}
	if (!(flags & MAP_FIXED))
		addr = 0;
	down_write(&mm->mmap_sem);
	ret = do_mmap(mm, addr, len, vm, as, pgoff);
	up_write(&mm->mmap_sem);
	syscall_leave(cc);
	return ret;
}

int sys_mprotect(vaddr_t addr, u32 len, int prot)
{
	u16 cc = syscall_enter();
	int ret = do_mprotect(current->mm, addr, len, (u32)prot);

	syscall_leave(cc);
	return ret;
}

long sys_mremap(vaddr_t addr, u32 old_len, u32 new_len, int flags,
		vaddr_t new_addr)
{
	u16 cc = syscall_enter();
	struct mm_struct *mm = current->mm;
	long ret;

	down_write(&mm->mmap_sem);
	ret = do_mremap(mm, addr, old_len, new_len, (u32)flags, new_addr);
	up_write(&mm->mmap_sem);
	syscall_leave(cc);
	return ret;
}

int sys_munmap(vaddr_t addr, u32 len)
{
	u16 cc = syscall_enter();
	struct mm_struct *mm = current->mm;
	int ret;

	task_touch(current, TF_mm, false);
	down_write(&mm->mmap_sem);
	ret = do_munmap(mm, addr, len);
	up_write(&mm->mmap_sem);
	syscall_leave(cc);
	return ret;
}

long sys_brk(vaddr_t brk)
{
	u16 cc = syscall_enter();
	struct mm_struct *mm = current->mm;
	long ret;

	task_touch(current, TF_mm, false);
	down_write(&mm->mmap_sem);
	ret = brk ? do_brk(mm, brk) : mm->brk;
	up_write(&mm->mmap_sem);
	syscall_leave(cc);
	return ret;
}

int sys_shm_open(const char *name, u32 size)
{
	u16 cc = syscall_enter();
	int ret = do_shm_open(name, size);

	syscall_leave(cc);
	return ret;
}

long sys_uname(vaddr_t buf)
{
	u16 cc = syscall_enter();
	long ret = copy_to_user(buf, utsname, UTSNAME_SIZE) ? -EFAULT : 0;

	syscall_leave(cc);
	return ret;
}

long sys_sethostname(vaddr_t name, u32 len)
{
	u16 cc = syscall_enter();
	vaddr_t nodename = utsname + UTSNAME_LEN;
	long ret = 0;

	if (len > UTSNAME_LEN - 1)
		ret = -EINVAL;
	else if (copy_from_user(nodename, name, len))
		ret = -EFAULT;
	else
		kv_memset(nodename + len, 0, UTSNAME_LEN - len);
	syscall_leave(cc);
	return ret;
}

/* The path argument of a file system call, copied into a host buffer. */
static long getname(char *buf, vaddr_t upath)
{
	long len = strncpy_from_user(buf, upath, PATH_MAX_LEN);

	if (len < 0)
		return len;
	if (len >= PATH_MAX_LEN)
		return -ENAMETOOLONG;
	return 0;
}

int sys_open(vaddr_t path, int flags)
{
	u16 cc = syscall_enter();
	char name[PATH_MAX_LEN];
	int ret = (int)getname(name, path);

	if (!ret)
		ret = vfs_open(name, flags);
	syscall_leave(cc);
	return ret;
}

long sys_read(int fd, vaddr_t buf, u32 count)
{
	u16 cc = syscall_enter();
	long ret = vfs_read(fd, buf, count);

	syscall_leave(cc);
	return ret;
}

long sys_write(int fd, vaddr_t buf, u32 count)
{
	u16 cc = syscall_enter();
	long ret = vfs_write(fd, buf, count);

	syscall_leave(cc);
	return ret;
}

/* The alarm's signal: its handler only sets a flag, so a blocked system
 * call returns -EINTR (or what it did so far) and the program goes on. */
static void alarm_fired(struct timer_list *t)
{
	struct task_struct *p = container_of(t, struct task_struct, alarm);

	p->signal_pending = true;
	wake_up_process(p);
}

long sys_alarm_ns(u64 ns)
{
	u16 cc = syscall_enter();
	struct task_struct *t = current;

	t->alarm.function = alarm_fired;
	if (ns)
		mod_timer(&t->alarm,
			  this_cpu()->cycles +
				  (u64)((unsigned __int128)ns *
					machine->cfg.cpu_hz / 1000000000ull));
	else
		del_timer(&t->alarm);
	syscall_leave(cc);
	return 0;
}

int sys_kill(int pid, int sig)
{
	u16 cc = syscall_enter();
	struct task_struct *p = find_task_by_pid(pid);
	int ret = 0;

	if (sig != 0 && sig != SIGKILL)
		ret = -EINVAL;
	else if (!p)
		ret = -ESRCH;
	else if (sig == SIGKILL)
		send_sig_kill(p);
	syscall_leave(cc);
	return ret;
}

int sys_socket(void)
{
	u16 cc = syscall_enter();
	int ret = sock_socket();

	syscall_leave(cc);
	return ret;
}

int sys_connect(int fd)
{
	u16 cc = syscall_enter();
	int ret = sock_connect(fd);

	syscall_leave(cc);
	return ret;
}

s64 sys_lseek(int fd, s64 offset, int whence)
{
	u16 cc = syscall_enter();
	s64 ret = vfs_lseek(fd, offset, whence);

	syscall_leave(cc);
	return ret;
}

int sys_ftruncate(int fd, u64 length)
{
	u16 cc = syscall_enter();
	int ret = vfs_ftruncate(fd, length);

	syscall_leave(cc);
	return ret;
}

int sys_unlink(vaddr_t path)
{
	u16 cc = syscall_enter();
	char name[PATH_MAX_LEN];
	int ret = (int)getname(name, path);

	if (!ret)
		ret = vfs_unlink(name);
	syscall_leave(cc);
	return ret;
}

int sys_rename(vaddr_t oldpath, vaddr_t newpath)
{
	u16 cc = syscall_enter();
	char from[PATH_MAX_LEN], to[PATH_MAX_LEN];
	int ret = (int)getname(from, oldpath);

	if (!ret)
		ret = (int)getname(to, newpath);
	if (!ret)
		ret = vfs_rename(from, to);
	syscall_leave(cc);
	return ret;
}

int sys_fsync(int fd)
{
	u16 cc = syscall_enter();
	int ret = vfs_fsync(fd);

	syscall_leave(cc);
	return ret;
}

int sys_close(int fd)
{
	u16 cc = syscall_enter();
	int ret = vfs_close(fd);

	syscall_leave(cc);
	return ret;
}

int sys_stat(vaddr_t path, vaddr_t buf)
{
	u16 cc = syscall_enter();
	char name[PATH_MAX_LEN];
	int ret = (int)getname(name, path);

	if (!ret)
		ret = vfs_stat(name, buf);
	syscall_leave(cc);
	return ret;
}

int sys_fstat(int fd, vaddr_t buf)
{
	u16 cc = syscall_enter();
	int ret = vfs_fstat(fd, buf);

	syscall_leave(cc);
	return ret;
}

int sys_pipe(int fds[2])
{
	u16 cc = syscall_enter();
	int ret = do_pipe(fds);

	syscall_leave(cc);
	return ret;
}

/*
 * The product of cycles and 10^9 is formed in 128 bits: in 64 it wraps
 * after 1.845e10 cycles (11.5 s on the Kirkwood's 1.6 GHz), and every
 * rate read from the clock after that was wrong.  In 128 bits the ns
 * count is exact (floor) for as long as a u64 of ns lasts: 584 years.
 */
u64 cycles_to_ns(u64 cycles, u64 hz)
{
	return (u64)((unsigned __int128)cycles * 1000000000u / hz);
}

u64 sys_clock_gettime(void)
{
	u16 cc = syscall_enter();
	u64 ns = cycles_to_ns(this_cpu()->cycles, machine->cfg.cpu_hz);

	syscall_leave(cc);
	return ns;
}
