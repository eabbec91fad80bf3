/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Locks that charge contention in simulated time.  The simulator runs one
 * critical section at a time on the host, so a lock is a record of when,
 * in simulated time, it becomes free: a CPU that takes it earlier than that
 * spins (spinlock, charged to the caller as busy time) or sleeps (rwsem,
 * charged as idle time) until then.
 *
 * Coarse, and said so in docs/fidelity.md: critical sections are not interleaved
 * instruction by instruction; a CPU whose clock is behind the lock's last
 * acquisition is treated as having come first and does not wait.
 */
#ifndef VMSPLIT_KERNEL_LOCK_H
#define VMSPLIT_KERNEL_LOCK_H

#include "base/types.h"

struct spinlock {
	const char *name;
	u64 acquired_at;	/* simulated time of the last acquisition */
	u64 free_at;		/* ... and of its release */
	s32 owner;		/* CPU holding it, -1 if free */
	/*
	 * The lock word's kernel address where the object holding it is
	 * placed (kernel_data=mem_map: a split PTE lock in its page-table
	 * page's struct page), else 0.  Taking the lock is then an atomic
	 * store to that line -- one read for ownership, which coherence=
	 * snoop makes a transfer when another CPU had it -- and releasing it
	 * a plain store.
	 */
	vaddr_t kva;
};

struct rw_semaphore {
	const char *name;
	u64 write_free_at;	/* end of the last write hold */
	u64 read_free_at;	/* end of the last read hold */
	u64 write_acquired_at;
	int readers, writer;	/* current holders (nesting check) */
	/* The count word's kernel address where its mm_struct is placed
	 * (kernel_data=mem_map), else 0: each down and up is then an
	 * atomic on that line. */
	vaddr_t kva;
};

#define SPINLOCK_INIT(n) ((struct spinlock){ .name = (n), .owner = -1 })
#define RWSEM_INIT(n) ((struct rw_semaphore){ .name = (n) })

void spin_lock(struct spinlock *l);
/* spin_lock without the code cost (a lock whose cost is charged apart). */
void spin_lock_nocharge(struct spinlock *l);
/* spin_trylock - take @l unless another CPU held it at this time. */
bool spin_trylock(struct spinlock *l);
void spin_unlock(struct spinlock *l);

void down_read(struct rw_semaphore *s);
void up_read(struct rw_semaphore *s);
void down_write(struct rw_semaphore *s);
void up_write(struct rw_semaphore *s);

#endif
