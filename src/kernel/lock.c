// SPDX-License-Identifier: GPL-2.0-only
#include "kernel/lock.h"

#include "arch/kv.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"

/*
 * Wait until @free_at if this CPU's clock is between the last acquisition
 * and that time: the other CPU held the lock then.
 */
static u64 contention(const struct cpu *c, u64 acquired_at, u64 free_at)
{
	if (c->cycles >= acquired_at && c->cycles < free_at)
		return free_at - c->cycles;
	return 0;
}

/* A store to a placed lock's word (kernel_data=mem_map): out of line,
 * so that the locks with no word pay one test. */
static __attribute__((noinline)) void lock_word_touch(vaddr_t kva)
{
	kv_touch(kva, 4, true);
}

void spin_lock(struct spinlock *l)
{
	charge(CODE_spin_lock);
	spin_lock_nocharge(l);
}

void spin_lock_nocharge(struct spinlock *l)
{
	struct cpu *c = this_cpu();
	u64 wait;

	if (l->owner == (s32)c->id)
		panic("spin_lock: %s: recursive lock on CPU%u", l->name, c->id);
	if (l->owner >= 0)
		panic("spin_lock: %s held by CPU%d across a switch", l->name,
		      l->owner);
	wait = contention(c, l->acquired_at, l->free_at);
	if (wait) {
		hw_event(c, EV_spin_contended);
		hw_event_add(c, EV_spin_wait_cycles, wait);
		hw_charge(c, CAUSE_lock_wait, wait);
	}
	/* ldrex/strex or lock xchg on the word: the line, for writing. */
	if (unlikely(l->kva))
		lock_word_touch(l->kva);
	l->owner = (s32)c->id;
	l->acquired_at = c->cycles;
	current->spinlocks_held++;
}

bool spin_trylock(struct spinlock *l)
{
	struct cpu *c = this_cpu();

	if (l->owner >= 0 || contention(c, l->acquired_at, l->free_at))
		return false;
	spin_lock(l);
	return true;
}

void spin_unlock(struct spinlock *l)
{
	struct cpu *c = this_cpu();

	if (l->owner != (s32)c->id)
		panic("spin_unlock: %s not held by CPU%u", l->name, c->id);
	if (unlikely(l->kva))
		lock_word_touch(l->kva);
	l->owner = -1;
	l->free_at = c->cycles;
	current->spinlocks_held--;
}


/* The atomic on the count word, where the semaphore is placed. */
static void rwsem_touch(const struct rw_semaphore *s)
{
	if (unlikely(s->kva))
		lock_word_touch(s->kva);
}

/* A sleeping wait: the CPU idles until the semaphore is free. */
static void rwsem_wait(u64 wait)
{
	struct cpu *c = this_cpu();

	if (!wait)
		return;
	hw_event(c, EV_rwsem_contended);
	hw_idle(c, wait);
}

void down_read(struct rw_semaphore *s)
{
	struct cpu *c = this_cpu();

	might_sleep("kernel/locking/rwsem.c");
	charge(CODE_rwsem);
	rwsem_wait(contention(c, s->write_acquired_at, s->write_free_at));
	rwsem_touch(s);
	s->readers++;
}

void up_read(struct rw_semaphore *s)
{
	if (s->readers <= 0)
		panic("up_read: %s not held", s->name);
	rwsem_touch(s);
	s->readers--;
	s->read_free_at = MAX(s->read_free_at, this_cpu()->cycles);
}

void down_write(struct rw_semaphore *s)
{
	struct cpu *c = this_cpu();
	u64 free_at = MAX(s->write_free_at, s->read_free_at);

	might_sleep("kernel/locking/rwsem.c");
	charge(CODE_rwsem);
	if (s->writer || s->readers)
		panic("down_write: %s already held (self-deadlock)", s->name);
	rwsem_wait(contention(c, s->write_acquired_at, free_at));
	rwsem_touch(s);
	s->writer = 1;
	s->write_acquired_at = c->cycles;
}

void up_write(struct rw_semaphore *s)
{
	if (!s->writer)
		panic("up_write: %s not held", s->name);
	rwsem_touch(s);
	s->writer = 0;
	s->write_free_at = this_cpu()->cycles;
}
