// SPDX-License-Identifier: GPL-2.0-only
/*
 * Host coroutines (src/kernel/coroutine.c): ping-pong and round-robin
 * switching in an exact order, deep recursion on a coroutine stack and the
 * ABI alignment of a fresh one, callee-saved integer and floating-point
 * state and the FP rounding mode surviving switches, a task function that
 * returns (to exit_to, or a panic without one), creation errors, the guard
 * page, many create/destroy cycles (ASan/LSan in `make check` catch
 * leaks and stale stack poison), and the reuse of freed stacks.
 */
#include <criterion/criterion.h>
#include <fenv.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/errno.h"
#include "base/panic.h"
#include "kernel/coroutine.h"

#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif

#ifdef TEST_ASAN
#include <sanitizer/lsan_interface.h>
#endif

#define STACK_SIZE (256 * 1024)

static struct coroutine self;

/* Create @co on a STACK_SIZE stack, returning to `self` when done. */
static void create(struct coroutine *co, void (*fn)(void *), void *arg)
{
	cr_assert_eq(coroutine_create(co, fn, arg, STACK_SIZE), 0);
	co->exit_to = &self;
}

/* Ping-pong: each resume adds one to the counter the main side checks. */

#define PING_PONG_ROUNDS 10000

static struct coroutine pong;
static unsigned long pp_counter;

static void pong_fn(void *arg)
{
	unsigned long *counter = arg;

	for (;;) {
		(*counter)++;
		coroutine_switch(&pong, &self);
	}
}

Test(coroutine, ping_pong)
{
	coroutine_init_self(&self);
	create(&pong, pong_fn, &pp_counter);
	for (unsigned long i = 0; i < PING_PONG_ROUNDS; i++) {
		cr_assert_eq(pp_counter, i);
		coroutine_switch(&self, &pong);
		cr_assert_eq(pp_counter, i + 1);
	}
	cr_assert(!pong.finished);
	coroutine_destroy(&pong);
	cr_assert_null(pong.stack);
}

/* Three coroutines hand over to each other in a ring: a, b, c, a, ... */

#define RR_TASKS 3
#define RR_ROUNDS 5

static struct coroutine rr[RR_TASKS];
static int rr_log[RR_TASKS * RR_ROUNDS];
static int rr_len;

static void rr_fn(void *arg)
{
	int id = (int)(intptr_t)arg;

	for (int round = 0; round < RR_ROUNDS; round++) {
		rr_log[rr_len++] = id * 100 + round;
		if (id == RR_TASKS - 1 && round == RR_ROUNDS - 1)
			break;
		coroutine_switch(&rr[id], &rr[(id + 1) % RR_TASKS]);
	}
	/* The last task ends the ring; the others stay suspended. */
}

Test(coroutine, round_robin_order)
{
	coroutine_init_self(&self);
	for (int i = 0; i < RR_TASKS; i++)
		create(&rr[i], rr_fn, (void *)(intptr_t)i);
	coroutine_switch(&self, &rr[0]);

	cr_assert_eq(rr_len, RR_TASKS * RR_ROUNDS);
	for (int round = 0; round < RR_ROUNDS; round++)
		for (int id = 0; id < RR_TASKS; id++)
			cr_assert_eq(rr_log[round * RR_TASKS + id],
				     id * 100 + round, "rr_log[%d] = %d",
				     round * RR_TASKS + id,
				     rr_log[round * RR_TASKS + id]);
	cr_assert(!rr[0].finished);
	cr_assert(!rr[1].finished);
	cr_assert(rr[2].finished);
	for (int i = 0; i < RR_TASKS; i++)
		coroutine_destroy(&rr[i]);
}

/*
 * 64 frames of 1 KiB each (64 KiB and change) on a 256 KiB stack, with a
 * switch away at the deepest point: the whole chain must be intact when
 * the coroutine resumes and unwinds.
 */

#define DEPTH 64
#define FRAME_BYTES 1024

static struct coroutine deep;
static int deep_reached;
static unsigned long deep_sum;

static __attribute__((noinline)) unsigned long recurse(int depth)
{
	volatile unsigned char frame[FRAME_BYTES];
	unsigned long sum = 0;

	for (int i = 0; i < FRAME_BYTES; i++)
		frame[i] = (unsigned char)(depth + i);
	if (depth == DEPTH) {
		deep_reached = depth;
		coroutine_switch(&deep, &self);
	} else {
		sum = recurse(depth + 1);
	}
	for (int i = 0; i < FRAME_BYTES; i++)
		sum += frame[i];
	return sum;
}

static void deep_fn(void *arg)
{
	deep_sum = recurse(1);
}

/* What recurse(1) returns: sum over depths and bytes of (depth + i) & 0xff. */
static unsigned long deep_expected(void)
{
	unsigned long sum = 0;

	for (int depth = 1; depth <= DEPTH; depth++)
		for (int i = 0; i < FRAME_BYTES; i++)
			sum += (unsigned char)(depth + i);
	return sum;
}

Test(coroutine, deep_recursion)
{
	coroutine_init_self(&self);
	create(&deep, deep_fn, NULL);
	coroutine_switch(&self, &deep);
	cr_assert_eq(deep_reached, DEPTH);
	cr_assert(!deep.finished);
	coroutine_switch(&self, &deep);
	cr_assert(deep.finished);
	cr_assert_eq(deep_sum, deep_expected(), "sum %lu, expected %lu",
		     deep_sum, deep_expected());
	coroutine_destroy(&deep);
}

/*
 * A fresh stack honours the ABI: the function the coroutine runs sees a
 * 16-byte aligned frame inside the usable part of the stack, and the size
 * was rounded up to whole host pages.
 */

static struct coroutine aligned;
static uintptr_t aligned_frame;

static __attribute__((noinline)) void aligned_fn(void *arg)
{
	aligned_frame = (uintptr_t)__builtin_frame_address(0);
}

Test(coroutine, fresh_stack_is_aligned)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	uintptr_t bottom, top;

	coroutine_init_self(&self);
	cr_assert_eq(coroutine_create(&aligned, aligned_fn, NULL, 1000), 0);
	aligned.exit_to = &self;
	cr_assert_eq(aligned.stack_size, page);
	coroutine_switch(&self, &aligned);
	cr_assert(aligned.finished);

	bottom = (uintptr_t)aligned.stack + page;
	top = bottom + aligned.stack_size;
	cr_assert_eq(aligned_frame % 16, 0, "frame %#lx",
		     (unsigned long)aligned_frame);
	cr_assert(aligned_frame > bottom && aligned_frame < top);
	coroutine_destroy(&aligned);
}

/*
 * Callee-saved state: churn() keeps more integer and double accumulators
 * live across each call of @between than the ABI has callee-saved
 * registers, so they sit in those registers and in the frame.  Both sides
 * churn with different seeds, switching to each other in between; the
 * results must equal runs with no switching at all.
 */

#define CHURN_ROUNDS 2000

struct churn_result {
	u64 x[6];
	double d[8];
};

static struct coroutine churner;

static void churn(struct churn_result *r, u64 seed, void (*between)(void))
{
	u64 a = seed, b = seed * 3, c = seed ^ 0x55, d = 7, e = 11, f = 13;
	double d0 = 0.5, d1 = 1.25, d2 = 3.0, d3 = (double)seed, d4 = 0.1,
	       d5 = -2.0, d6 = 1e-3, d7 = 42.0;

	for (u64 i = 0; i < CHURN_ROUNDS; i++) {
		a = a * 6364136223846793005ull + i;
		b ^= a >> 7;
		c += b * 3;
		d = d * 5 + (c >> 11);
		e -= d ^ i;
		f += e >> 3;
		d0 = d0 * 0.75 + (double)(a >> 40);
		d1 += d0 / 7.0;
		d2 = d2 * 0.5 + d1;
		d3 -= d2 * 0.125;
		d4 = d4 * 1.5 - d3 * 1e-6;
		d5 += d4 / 3.0;
		d6 = d6 * 0.999 + d5 * 1e-9;
		d7 = d7 * 0.25 + d6;
		between();
	}
	*r = (struct churn_result){
		.x = { a, b, c, d, e, f },
		.d = { d0, d1, d2, d3, d4, d5, d6, d7 },
	};
}

static void no_switch(void)
{
}

static void to_churner(void)
{
	coroutine_switch(&self, &churner);
}

static void to_self(void)
{
	coroutine_switch(&churner, &self);
}

static struct churn_result churner_result;

static void churner_fn(void *arg)
{
	churn(&churner_result, 0x1234, to_self);
}

static void assert_same(const struct churn_result *got,
			const struct churn_result *want)
{
	for (int i = 0; i < 6; i++)
		cr_assert_eq(got->x[i], want->x[i], "x[%d]: %#llx != %#llx", i,
			     (unsigned long long)got->x[i],
			     (unsigned long long)want->x[i]);
	for (int i = 0; i < 8; i++)
		cr_assert(memcmp(&got->d[i], &want->d[i], sizeof(double)) == 0,
			  "d[%d]: %a != %a", i, got->d[i], want->d[i]);
}

Test(coroutine, callee_saved_state_survives)
{
	struct churn_result mine, want_mine, want_churner;

	churn(&want_mine, 0x9876, no_switch);
	churn(&want_churner, 0x1234, no_switch);

	coroutine_init_self(&self);
	create(&churner, churner_fn, NULL);
	/* Each of our rounds resumes the churner for one of its rounds. */
	churn(&mine, 0x9876, to_churner);
	cr_assert(!churner.finished);
	coroutine_switch(&self, &churner);
	cr_assert(churner.finished);

	assert_same(&mine, &want_mine);
	assert_same(&churner_result, &want_churner);
	coroutine_destroy(&churner);
}

/*
 * The FP rounding mode (x87 control word and MXCSR on x86_64, FPCR on
 * aarch64) is per context: a task rounding upwards does not change how the
 * main side rounds, and keeps rounding upwards after being resumed.
 */

static struct coroutine rounder;
static volatile double one = 1.0, three = 3.0;
static double rounder_third;
static int rounder_mode;

static void rounder_fn(void *arg)
{
	fesetround(FE_UPWARD);
	coroutine_switch(&rounder, &self);
	rounder_mode = fegetround();
	rounder_third = one / three;
	fesetround(FE_TONEAREST);
}

Test(coroutine, rounding_mode_is_per_context)
{
	double nearest = one / three;

	coroutine_init_self(&self);
	create(&rounder, rounder_fn, NULL);
	coroutine_switch(&self, &rounder);
	cr_assert_eq(fegetround(), FE_TONEAREST);
	cr_assert(one / three == nearest);
	coroutine_switch(&self, &rounder);
	cr_assert(rounder.finished);

	cr_assert_eq(rounder_mode, FE_UPWARD);
	cr_assert(rounder_third == nextafter(nearest, 1.0), "%a vs %a",
		  rounder_third, nearest);
	cr_assert_eq(fegetround(), FE_TONEAREST);
	coroutine_destroy(&rounder);
}

/*
 * A task function that returns: the coroutine is finished and control goes
 * to exit_to; switching to it again panics.
 */

static struct coroutine once, exit_target;
static int once_ran;
static jmp_buf panic_jmp;
static char panic_msg[256];

static void once_fn(void *arg)
{
	once_ran++;
}

static void record_and_jump(const char *msg)
{
	snprintf(panic_msg, sizeof(panic_msg), "%s", msg);
	longjmp(panic_jmp, 1);
}

Test(coroutine, return_goes_to_exit_to)
{
	coroutine_init_self(&self);
	create(&once, once_fn, NULL);
	coroutine_switch(&self, &once);
	cr_assert_eq(once_ran, 1);
	cr_assert(once.finished);

	set_panic_hook(record_and_jump);
	if (!setjmp(panic_jmp)) {
		coroutine_switch(&self, &once);
		cr_assert_fail("switched to a finished coroutine");
	}
	set_panic_hook(NULL);
	cr_assert_str_eq(panic_msg,
			 "coroutine_switch: switching to a finished coroutine");
	cr_assert_eq(once_ran, 1);
	coroutine_destroy(&once);
}

/* exit_to need not be the context that started the coroutine. */

static void exit_target_fn(void *arg)
{
	for (;;) {
		once_ran += 10;
		coroutine_switch(&exit_target, &self);
	}
}

Test(coroutine, exit_to_another_coroutine)
{
	coroutine_init_self(&self);
	create(&once, once_fn, NULL);
	create(&exit_target, exit_target_fn, NULL);
	once.exit_to = &exit_target;
	coroutine_switch(&self, &once);
	/* once_fn ran, then exit_target ran and switched here. */
	cr_assert_eq(once_ran, 11);
	cr_assert(once.finished);
	cr_assert(!exit_target.finished);
	coroutine_destroy(&once);
	coroutine_destroy(&exit_target);
}

/*
 * Without exit_to, a return is a panic.  The hook runs on the coroutine's
 * stack, so rather than longjmp across stacks it switches back for good.
 */

static void switch_home(const char *msg)
{
	snprintf(panic_msg, sizeof(panic_msg), "%s", msg);
	coroutine_switch(&once, &self);
	abort();
}

Test(coroutine, return_without_exit_to_panics)
{
	coroutine_init_self(&self);
	cr_assert_eq(coroutine_create(&once, once_fn, NULL, STACK_SIZE), 0);
	cr_assert_null(once.exit_to);
	set_panic_hook(switch_home);
	coroutine_switch(&self, &once);
	set_panic_hook(NULL);
	cr_assert_eq(once_ran, 1);
	cr_assert(once.finished);
	cr_assert_str_eq(panic_msg, "coroutine: task function returned");
	coroutine_destroy(&once);
}

Test(coroutine, create_errors)
{
	struct coroutine co;

	cr_assert_eq(coroutine_create(&co, once_fn, NULL, 0), -EINVAL);
	cr_assert_eq(coroutine_create(&co, once_fn, NULL, SIZE_MAX), -ENOMEM);
	cr_assert_eq(coroutine_create(&co, once_fn, NULL, SIZE_MAX / 2 + 1),
		     -ENOMEM);
}

/* Destroying a context that owns no stack is a no-op. */
Test(coroutine, destroy_self_is_noop)
{
	coroutine_init_self(&self);
	coroutine_destroy(&self);
	cr_assert_null(self.stack);
}

/*
 * 1000 coroutines, each holding a heap block across a switch: a third run
 * to completion, a third are abandoned while suspended (after freeing
 * their block through the main side), a third never start.  Under `make
 * check` LeakSanitizer reports any stack or block left behind, and stale
 * redzones of abandoned frames would fault the next stack mapped there.
 */

#define MANY 1000

static struct coroutine many;
static void *many_block;

static void many_fn(void *arg)
{
	char *block = malloc(64);

	cr_assert_not_null(block);
	memset(block, (int)(intptr_t)arg, 64);
	many_block = block;
	coroutine_switch(&many, &self);
	free(block);
}

Test(coroutine, create_destroy_many)
{
	coroutine_init_self(&self);
	for (int i = 0; i < MANY; i++) {
		create(&many, many_fn, (void *)(intptr_t)(i & 0xff));
		switch (i % 3) {
		case 0:
			coroutine_switch(&self, &many);
			cr_assert_eq(((unsigned char *)many_block)[63],
				     i & 0xff);
			coroutine_switch(&self, &many);
			cr_assert(many.finished);
			break;
		case 1:
			coroutine_switch(&self, &many);
			free(many_block);
			break;
		default:
			break;
		}
		many_block = NULL;
		coroutine_destroy(&many);
	}
}

/*
 * A destroyed coroutine's stack serves the next coroutine of the same size
 * (which runs on it as on a fresh one); another size gets a mapping of its
 * own; the pool keeps every stack freed, however many; drain empties it.
 */

static struct coroutine reuse;
static int reuse_ran;

static void reuse_fn(void *arg)
{
	volatile char frame[8192];

	memset((char *)frame, 0x5a, sizeof(frame));
	reuse_ran += frame[sizeof(frame) - 1] == 0x5a;
}

Test(coroutine, freed_stack_is_reused)
{
	static struct coroutine more[100];
	struct coroutine other;
	void *old;

	coroutine_init_self(&self);
	coroutine_stacks_drain();
	cr_assert_eq(coroutine_stacks_pooled(), 0);
	create(&reuse, reuse_fn, NULL);
	old = reuse.stack;
	coroutine_destroy(&reuse);
	cr_assert_eq(coroutine_stacks_pooled(), 1);

	create(&reuse, reuse_fn, NULL);
	cr_assert_eq(reuse.stack, old);
	cr_assert_eq(coroutine_stacks_pooled(), 0);
	coroutine_switch(&self, &reuse);
	cr_assert(reuse.finished);
	cr_assert_eq(reuse_ran, 1);
	coroutine_destroy(&reuse);

	cr_assert_eq(coroutine_create(&other, reuse_fn, NULL, 2 * STACK_SIZE),
		     0);
	cr_assert_neq(other.stack, old);
	cr_assert_eq(coroutine_stacks_pooled(), 1);
	coroutine_destroy(&other);
	cr_assert_eq(coroutine_stacks_pooled(), 2);

	for (u32 i = 0; i < ARRAY_SIZE(more); i++)
		create(&more[i], reuse_fn, NULL);
	cr_assert_eq(coroutine_stacks_pooled(), 1);	/* the larger one */
	for (u32 i = 0; i < ARRAY_SIZE(more); i++)
		coroutine_destroy(&more[i]);
	cr_assert_eq(coroutine_stacks_pooled(), ARRAY_SIZE(more) + 1);
	coroutine_stacks_drain();
	cr_assert_eq(coroutine_stacks_pooled(), 0);
}

#ifdef TEST_ASAN
/*
 * A block only a suspended coroutine points to is still reachable: its
 * stack is a LeakSanitizer root.
 */

static struct coroutine holder;

static void holder_fn(void *arg)
{
	void *volatile block = malloc(4096);

	coroutine_switch(&holder, &self);
	free(block);
}

Test(coroutine, suspended_stack_is_a_leak_root)
{
	coroutine_init_self(&self);
	create(&holder, holder_fn, NULL);
	coroutine_switch(&self, &holder);
	cr_assert_eq(__lsan_do_recoverable_leak_check(), 0);
	coroutine_switch(&self, &holder);
	cr_assert(holder.finished);
	coroutine_destroy(&holder);
}
#else
/*
 * Running off the bottom of the stack hits the guard page.  (ASan builds
 * report the overflow themselves, so the test is left to plain builds.)
 */

static struct coroutine overflow;
/* Far deeper than the stack allows; a variable so the compiler cannot see
 * the recursion is unbounded. */
static volatile int overflow_limit = 1 << 30;

static __attribute__((noinline)) int overflow_recurse(int depth)
{
	volatile char frame[512];

	frame[0] = (char)depth;
	if (depth == overflow_limit)
		return 0;
	return overflow_recurse(depth + 1) + frame[0];
}

static void overflow_fn(void *arg)
{
	overflow_recurse(0);
}

Test(coroutine, guard_page_stops_overflow, .signal = SIGSEGV)
{
	coroutine_init_self(&self);
	create(&overflow, overflow_fn, NULL);
	coroutine_switch(&self, &overflow);
}

/* The same on a stack a destroyed coroutine left to the pool. */
Test(coroutine, guard_page_of_a_reused_stack, .signal = SIGSEGV)
{
	void *old;

	coroutine_init_self(&self);
	create(&overflow, overflow_fn, NULL);
	old = overflow.stack;
	coroutine_destroy(&overflow);
	create(&overflow, overflow_fn, NULL);
	cr_assert_eq(overflow.stack, old);
	coroutine_switch(&self, &overflow);
}
#endif
