// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device interrupts, softirqs and timers (see kernel/irq.h).
 */
#include "kernel/irq.h"

#include "base/panic.h"
#include "hw/machine.h"
#include "kernel/sched.h"

/* A handler that leaves its line asserted this many times in a row is a
 * broken device model (a real kernel would report an IRQ storm). */
#define IRQ_STORM 100000

static struct list_head sources;
static struct list_head timers;
static void (*softirq_vec[NR_SOFTIRQS])(void);
static u32 softirq_pending;
static int hardirq_depth, softirq_depth, bh_disabled;
static bool initialised;

void irq_init(void)
{
	INIT_LIST_HEAD(&sources);
	INIT_LIST_HEAD(&timers);
	for (int i = 0; i < NR_SOFTIRQS; i++)
		softirq_vec[i] = NULL;
	softirq_pending = 0;
	hardirq_depth = softirq_depth = bh_disabled = 0;
	initialised = true;
}

void irq_shutdown(void)
{
	initialised = false;
}

void request_irq(struct irq_source *src)
{
	list_add_tail(&src->list, &sources);
}

void free_irq(struct irq_source *src)
{
	list_del(&src->list);
}

void open_softirq(enum softirq_nr nr, void (*action)(void))
{
	softirq_vec[nr] = action;
}

void raise_softirq(enum softirq_nr nr)
{
	softirq_pending |= 1u << nr;
}

bool in_interrupt(void)
{
	return hardirq_depth || softirq_depth;
}

bool in_softirq(void)
{
	return softirq_depth > 0;
}

/* __do_softirq: every pending vector, in number order, until none. */
static void do_softirq(void)
{
	int rounds = 0;

	if (in_interrupt() || bh_disabled)
		return;
	softirq_depth++;
	current->preempt_count++;
	while (softirq_pending) {
		u32 pending = softirq_pending;

		softirq_pending = 0;
		for (int i = 0; i < NR_SOFTIRQS; i++)
			if ((pending & (1u << i)) && softirq_vec[i])
				softirq_vec[i]();
		if (++rounds > IRQ_STORM)
			panic("do_softirq: softirqs re-raise themselves forever");
	}
	current->preempt_count--;
	softirq_depth--;
}

void local_bh_disable(void)
{
	bh_disabled++;
}

void local_bh_enable(void)
{
	BUG_ON(bh_disabled <= 0);
	if (--bh_disabled == 0 && softirq_pending)
		do_softirq();
}

void mod_timer(struct timer_list *t, u64 expires)
{
	if (t->pending)
		list_del(&t->entry);
	t->expires = expires;
	t->pending = true;
	list_add_tail(&t->entry, &timers);
}

void del_timer(struct timer_list *t)
{
	if (!t->pending)
		return;
	list_del(&t->entry);
	t->pending = false;
}

static struct timer_list *first_timer(void)
{
	struct timer_list *best = NULL, *t;

	list_for_each_entry(t, &timers, entry)
		if (!best || t->expires < best->expires)
			best = t;
	return best;
}

u64 irq_next_event(void)
{
	struct irq_source *s;
	struct timer_list *t;
	u64 when = UINT64_MAX;

	if (!initialised)
		return UINT64_MAX;
	list_for_each_entry(s, &sources, list) {
		u64 w = s->next_assert(s->data);

		if (w < when)
			when = w;
	}
	t = first_timer();
	if (t && t->expires < when)
		when = t->expires;
	return when;
}

void irq_poll(void)
{
	struct cpu *c = this_cpu();
	u16 saved_cc = c->cc;
	int storms = 0;

	if (!initialised || c->id != 0 || hardirq_depth)
		return;
	for (;;) {
		struct irq_source *s, *due = NULL;
		struct timer_list *t = first_timer();

		list_for_each_entry(s, &sources, list)
			if (s->next_assert(s->data) <= c->cycles) {
				due = s;
				break;
			}
		if (due) {
			hardirq_depth++;
			current->preempt_count++;
			due->handler(due->data);
			current->preempt_count--;
			hardirq_depth--;
		} else if (t && t->expires <= c->cycles) {
			/* run_timer_softirq */
			del_timer(t);
			softirq_depth++;
			current->preempt_count++;
			t->function(t);
			current->preempt_count--;
			softirq_depth--;
		} else {
			break;
		}
		/* irq_exit: softirqs unless a bottom half is disabled. */
		do_softirq();
		if (++storms > IRQ_STORM)
			panic("irq_poll: %s stays asserted after its handler",
			      due ? due->name : "a timer");
	}
	c->cc = saved_cc;
}

void irq_poll_point(void)
{
	if (initialised && irq_next_event() <= this_cpu()->cycles)
		irq_poll();
}
