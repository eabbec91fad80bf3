// SPDX-License-Identifier: GPL-2.0-only
/*
 * Device interrupts, softirqs and timers (src/kernel/irq.c) with a fake
 * device whose line is asserted from a time the test sets: irq_poll takes
 * it only once this CPU's clock has got there, runs the handler in hard-
 * interrupt context and the softirqs it raised after it -- or, with bottom
 * halves disabled, at local_bh_enable().  Timers fire in expiry order,
 * re-arming moves them, and irq_next_event() is the earliest of it all.
 * A line that never goes down is a broken device: irq_poll stops the run.
 */
#include "helpers.h"

#include "hw/machine.h"
#include "kernel/irq.h"
#include "kernel/sched.h"

#define KW "kirkwood-openblocks-a7"
#define MAX_LOG 16

/* What ran, in order: 'H' handler, 'T'/'R' softirqs, 'a'/'b'/'c' timers. */
static struct {
	char what[MAX_LOG];
	u64 at[MAX_LOG]; /* this CPU's clock then */
	bool in_irq[MAX_LOG]; /* in_interrupt() */
	bool in_soft[MAX_LOG]; /* in_softirq() */
	int preempt[MAX_LOG]; /* current->preempt_count */
	u32 n;
} run_log;

static void log_it(char what)
{
	u32 i = run_log.n++;

	cr_assert_lt(i, MAX_LOG);
	run_log.what[i] = what;
	run_log.at[i] = this_cpu()->cycles;
	run_log.in_irq[i] = in_interrupt();
	run_log.in_soft[i] = in_softirq();
	run_log.preempt[i] = current->preempt_count;
}

static const char *log_str(void)
{
	static char s[MAX_LOG + 1];

	memcpy(s, run_log.what, run_log.n);
	s[run_log.n] = '\0';
	return s;
}

/* The fake device: its line is up from @assert_at until the handler
 * lowers it (and raises the softirqs in @raise). */
struct fake_dev {
	u64 assert_at;
	u32 raise; /* softirq bits the handler raises */
	bool stuck; /* the handler leaves the line up */
	u32 handled;
};

static u64 fake_next_assert(void *data)
{
	struct fake_dev *d = data;

	return d->assert_at;
}

static void fake_handler(void *data)
{
	struct fake_dev *d = data;

	d->handled++;
	if (d->stuck)
		return;
	log_it('H');
	d->assert_at = UINT64_MAX;
	for (int i = 0; i < NR_SOFTIRQS; i++)
		if (d->raise & (1u << i))
			raise_softirq((enum softirq_nr)i);
}

static void tx_action(void)
{
	log_it('T');
}

static void rx_action(void)
{
	log_it('R');
}

static struct fake_dev dev;
static struct irq_source src = {
	.name = "fake-eth",
	.next_assert = fake_next_assert,
	.handler = fake_handler,
	.data = &dev,
};

static void setup(void)
{
	TEST_BOOT(KW);
	memset(&run_log, 0, sizeof(run_log));
	dev = (struct fake_dev){ .assert_at = UINT64_MAX };
	open_softirq(NET_TX_SOFTIRQ, tx_action);
	open_softirq(NET_RX_SOFTIRQ, rx_action);
}

static void teardown(void)
{
	test_shutdown();
}

/* Let this CPU's clock reach @cycles. */
static void clock_to(u64 cycles)
{
	struct cpu *c = this_cpu();

	cr_assert_geq(cycles, c->cycles);
	hw_idle(c, cycles - c->cycles);
}

TestSuite(irq, .init = setup, .fini = teardown);

Test(irq, nothing_registered)
{
	cr_assert_eq(irq_next_event(), UINT64_MAX);
	irq_poll();
	cr_assert_eq(run_log.n, 0);
	cr_assert_not(in_interrupt());
	cr_assert_not(in_softirq());
}

/*
 * The line goes up at 5000: irq_poll at 4999 does nothing; at 5000 the
 * handler runs with in_interrupt() and a raised preempt count, then the
 * softirqs it raised, in number order (NET_TX before NET_RX), in softirq
 * context; afterwards the CPU is back in process context.
 */
Test(irq, handler_runs_when_due_then_softirqs)
{
	dev.assert_at = 5000;
	dev.raise = 1u << NET_RX_SOFTIRQ | 1u << NET_TX_SOFTIRQ;
	request_irq(&src);
	cr_assert_eq(irq_next_event(), 5000);

	clock_to(4999);
	irq_poll();
	cr_assert_eq(dev.handled, 0);
	irq_poll_point();
	cr_assert_eq(dev.handled, 0);

	clock_to(5000);
	irq_poll();
	cr_assert_eq(dev.handled, 1);
	cr_assert_str_eq(log_str(), "HTR");
	cr_assert_eq(run_log.at[0], 5000);
	cr_assert(run_log.in_irq[0]);
	cr_assert_not(run_log.in_soft[0]);
	cr_assert_eq(run_log.preempt[0], 1);
	for (int i = 1; i < 3; i++) {
		cr_assert(run_log.in_irq[i]);
		cr_assert(run_log.in_soft[i]);
		cr_assert_eq(run_log.preempt[i], 1);
	}
	cr_assert_not(in_interrupt());
	cr_assert_eq(current->preempt_count, 0);
	cr_assert_eq(irq_next_event(), UINT64_MAX);

	/* Nothing more to take. */
	irq_poll();
	cr_assert_eq(dev.handled, 1);
	cr_assert_eq(run_log.n, 3);
	free_irq(&src);
}

/* irq_poll_point takes a due interrupt too. */
Test(irq, poll_point_takes_due_interrupt)
{
	dev.assert_at = 100;
	request_irq(&src);
	clock_to(100);
	irq_poll_point();
	cr_assert_eq(dev.handled, 1);
	cr_assert_str_eq(log_str(), "H");
	free_irq(&src);
}

/* A line already up in the past is taken at the next poll. */
Test(irq, past_assertion_taken_at_once)
{
	clock_to(9000);
	dev.assert_at = 10;
	request_irq(&src);
	irq_poll();
	cr_assert_eq(dev.handled, 1);
	cr_assert_eq(run_log.at[0], 9000);
	free_irq(&src);
}

/*
 * With bottom halves disabled the handler still runs, but its softirq
 * waits for local_bh_enable -- the outermost one, in process context.
 */
Test(irq, softirq_deferred_by_bh_disable)
{
	dev.assert_at = 0;
	dev.raise = 1u << NET_RX_SOFTIRQ;
	request_irq(&src);
	local_bh_disable();
	local_bh_disable();
	irq_poll();
	cr_assert_str_eq(log_str(), "H");
	local_bh_enable();
	cr_assert_str_eq(log_str(), "H");
	local_bh_enable();
	cr_assert_str_eq(log_str(), "HR");
	cr_assert(run_log.in_soft[1]);
	cr_assert_not(in_softirq());
	free_irq(&src);
}

/* raise_softirq in process context runs nothing by itself: the next
 * local_bh_enable does. */
Test(irq, raise_in_process_context)
{
	raise_softirq(NET_TX_SOFTIRQ);
	cr_assert_eq(run_log.n, 0);
	local_bh_disable();
	local_bh_enable();
	cr_assert_str_eq(log_str(), "T");
}

/* A vector without an action is skipped; the others still run. */
Test(irq, softirq_without_action)
{
	dev.assert_at = 0;
	dev.raise = 1u << TASKLET_SOFTIRQ | 1u << NET_TX_SOFTIRQ;
	request_irq(&src);
	irq_poll();
	cr_assert_str_eq(log_str(), "HT");
	free_irq(&src);
}

/* Two devices due: both are taken in one poll, each followed by its
 * softirqs. */
Test(irq, two_sources)
{
	struct fake_dev dev2 = { .assert_at = 300,
				 .raise = 1u << NET_TX_SOFTIRQ };
	struct irq_source src2 = {
		.name = "fake-2",
		.next_assert = fake_next_assert,
		.handler = fake_handler,
		.data = &dev2,
	};

	dev.assert_at = 200;
	dev.raise = 1u << NET_RX_SOFTIRQ;
	request_irq(&src);
	request_irq(&src2);
	cr_assert_eq(irq_next_event(), 200);
	clock_to(250);
	irq_poll();
	cr_assert_str_eq(log_str(), "HR");
	cr_assert_eq(irq_next_event(), 300);
	clock_to(400);
	irq_poll();
	cr_assert_str_eq(log_str(), "HRHT");
	cr_assert_eq(dev2.handled, 1);
	free_irq(&src2);
	free_irq(&src);
}

static struct timer_list ta, tb, tc;

static void timer_fn(struct timer_list *t)
{
	log_it(t == &ta ? 'a' : t == &tb ? 'b' : 'c');
}

/* Timers fire at their expiry, earliest first, in softirq context. */
Test(irq, timers_fire_in_expiry_order)
{
	ta.function = tb.function = tc.function = timer_fn;
	mod_timer(&ta, 3000);
	mod_timer(&tb, 1000);
	mod_timer(&tc, 2000);
	cr_assert(ta.pending && tb.pending && tc.pending);
	cr_assert_eq(irq_next_event(), 1000);

	clock_to(999);
	irq_poll();
	cr_assert_eq(run_log.n, 0);
	clock_to(1000);
	irq_poll();
	cr_assert_str_eq(log_str(), "b");
	cr_assert_eq(run_log.at[0], 1000);
	cr_assert(run_log.in_soft[0]);
	cr_assert_eq(run_log.preempt[0], 1);
	cr_assert_not(tb.pending);
	cr_assert_eq(irq_next_event(), 2000);

	/* Both due at once: still in expiry order. */
	clock_to(5000);
	irq_poll();
	cr_assert_str_eq(log_str(), "bca");
	cr_assert_eq(irq_next_event(), UINT64_MAX);
}

/* Re-arming moves a pending timer; del_timer removes it. */
Test(irq, mod_timer_moves_and_del_timer_removes)
{
	ta.function = tb.function = tc.function = timer_fn;
	mod_timer(&ta, 1000);
	mod_timer(&tb, 2000);
	mod_timer(&ta, 3000);
	cr_assert_eq(ta.expires, 3000);
	cr_assert_eq(irq_next_event(), 2000);
	mod_timer(&tb, 4000);
	cr_assert_eq(irq_next_event(), 3000);

	clock_to(2500);
	irq_poll();
	cr_assert_eq(run_log.n, 0);
	clock_to(3000);
	irq_poll();
	cr_assert_str_eq(log_str(), "a");

	del_timer(&tb);
	cr_assert_not(tb.pending);
	cr_assert_eq(irq_next_event(), UINT64_MAX);
	del_timer(&tb);
	clock_to(10000);
	irq_poll();
	cr_assert_str_eq(log_str(), "a");

	/* A fired timer can be armed again. */
	mod_timer(&ta, 12000);
	clock_to(12000);
	irq_poll();
	cr_assert_str_eq(log_str(), "aa");
	cr_assert_eq(run_log.at[1], 12000);
}

/* A timer that re-arms itself fires once per poll round that reaches its
 * new expiry, never twice for one expiry. */
static void rearm_fn(struct timer_list *t)
{
	log_it('c');
	if (run_log.n < 3)
		mod_timer(t, t->expires + 100);
}

Test(irq, timer_rearms_itself)
{
	tc.function = rearm_fn;
	mod_timer(&tc, 100);
	clock_to(250);
	irq_poll();
	/* 100 and 200 are due; 300 is not. */
	cr_assert_str_eq(log_str(), "cc");
	cr_assert_eq(irq_next_event(), 300);
	clock_to(300);
	irq_poll();
	cr_assert_str_eq(log_str(), "ccc");
	cr_assert_not(tc.pending);
}

/* irq_next_event: the minimum over the sources and the timers. */
Test(irq, next_event_is_minimum)
{
	ta.function = timer_fn;
	dev.assert_at = 700;
	request_irq(&src);
	mod_timer(&ta, 500);
	cr_assert_eq(irq_next_event(), 500);
	dev.assert_at = 300;
	cr_assert_eq(irq_next_event(), 300);
	mod_timer(&ta, 200);
	cr_assert_eq(irq_next_event(), 200);
	del_timer(&ta);
	cr_assert_eq(irq_next_event(), 300);
	dev.assert_at = UINT64_MAX;
	cr_assert_eq(irq_next_event(), UINT64_MAX);
	free_irq(&src);
	cr_assert_eq(irq_next_event(), UINT64_MAX);
}

/* A device interrupt and a timer both due: the device first, then the
 * timer, each followed by the softirqs. */
Test(irq, device_before_timer)
{
	ta.function = timer_fn;
	dev.assert_at = 600;
	dev.raise = 1u << NET_TX_SOFTIRQ;
	request_irq(&src);
	mod_timer(&ta, 500);
	clock_to(600);
	irq_poll();
	cr_assert_str_eq(log_str(), "HTa");
	free_irq(&src);
}

/* A line that stays up after its handler: an interrupt storm. */
Test(irq, stuck_line_panics)
{
	dev.assert_at = 0;
	dev.stuck = true;
	request_irq(&src);
	EXPECT_PANIC("fake-eth stays asserted", irq_poll());
	cr_assert_gt(dev.handled, 1);
}

/* A handler that polls again (as a long handler's irq_poll_point would):
 * interrupts do not nest, so the other due device waits for the outer
 * loop. */
static struct fake_dev dev_inner;

static void nesting_handler(void *data)
{
	fake_handler(data);
	irq_poll();
	irq_poll_point();
	cr_assert_eq(dev_inner.handled, 0);
}

Test(irq, no_nested_interrupts)
{
	struct irq_source outer = {
		.name = "outer",
		.next_assert = fake_next_assert,
		.handler = nesting_handler,
		.data = &dev,
	};
	struct irq_source inner = {
		.name = "inner",
		.next_assert = fake_next_assert,
		.handler = fake_handler,
		.data = &dev_inner,
	};

	dev.assert_at = 0;
	dev_inner = (struct fake_dev){ .assert_at = 0 };
	request_irq(&outer);
	request_irq(&inner);
	irq_poll();
	cr_assert_eq(dev.handled, 1);
	cr_assert_eq(dev_inner.handled, 1);
	cr_assert_str_eq(log_str(), "HH");
	free_irq(&inner);
	free_irq(&outer);
}
