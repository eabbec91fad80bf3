/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Device interrupts, softirqs and kernel timers (kernel/irq, kernel/
 * softirq.c, kernel/timer.c), as far as a NIC and a watchdog need them.
 *
 * A device is an irq_source: it says when its interrupt line will next be
 * asserted, given its state, and has a handler.  Interrupts go to CPU 0
 * (the boards with a NIC are uniprocessors).  They are taken where the
 * simulation can interleave: at the running task's yield points (user
 * code, system-call boundaries, and irq_poll_point() where the kernel runs
 * with interrupts enabled in a long path), and by an idle CPU, whose clock
 * jumps to the next assertion.  Coarse: a real interrupt arrives between
 * any two instructions; here it waits for the next such point, at most a
 * few microseconds of kernel work later.
 *
 * Softirqs run on the way out of the outermost handler, unless bottom
 * halves are disabled, then at local_bh_enable(); there is no ksoftirqd.
 * Timers fire at their exact expiry time (an hrtimer, not a jiffy wheel).
 */
#ifndef VMSPLIT_KERNEL_IRQ_H
#define VMSPLIT_KERNEL_IRQ_H

#include "base/list.h"
#include "base/types.h"

struct irq_source {
	const char *name;
	/* Simulated time at which the line is next asserted (UINT64_MAX:
	 * not as things stand); may be in the past when already pending. */
	u64 (*next_assert)(void *data);
	/* The hard interrupt handler: must not sleep. */
	void (*handler)(void *data);
	void *data;
	struct list_head list;
};

/* Register / unregister a device's interrupt line (request_irq). */
void request_irq(struct irq_source *src);
void free_irq(struct irq_source *src);

enum softirq_nr {
	NET_TX_SOFTIRQ,
	NET_RX_SOFTIRQ,
	TASKLET_SOFTIRQ,
	NR_SOFTIRQS
};

void open_softirq(enum softirq_nr nr, void (*action)(void));
/* Mark @nr pending; it runs at the next irq exit or local_bh_enable. */
void raise_softirq(enum softirq_nr nr);
void local_bh_disable(void);
void local_bh_enable(void);
/* In a hard or soft interrupt handler. */
bool in_interrupt(void);
bool in_softirq(void);

struct timer_list {
	u64 expires;			/* simulated time, in CPU cycles */
	void (*function)(struct timer_list *t);
	bool pending;
	struct list_head entry;
};

/* Arm @t to fire at @expires (re-arming a pending timer moves it). */
void mod_timer(struct timer_list *t, u64 expires);
void del_timer(struct timer_list *t);

void irq_init(void);
void irq_shutdown(void);

/* The earliest time an interrupt is due on CPU 0, or UINT64_MAX. */
u64 irq_next_event(void);

/*
 * irq_poll - take every interrupt due on this CPU by its clock: each
 * handler runs in hard-interrupt context, then the pending softirqs.
 * Called by the scheduler (yield points, an idle CPU) and by
 * irq_poll_point().
 */
void irq_poll(void);

/* A point in a long kernel path where interrupts are enabled. */
void irq_poll_point(void);

#endif
