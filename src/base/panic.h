/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Broken invariants stop the run loudly.  panic() prints "vmsplit: panic:"
 * followed by the message (by convention "function: reason") and aborts;
 * tests install a hook that records the message and jumps back into the
 * test, so a checker can be shown to fire.
 */
#ifndef VMSPLIT_BASE_PANIC_H
#define VMSPLIT_BASE_PANIC_H

#include "base/types.h"

typedef void (*panic_hook_t)(const char *msg);

/* Stop the simulation: a broken invariant, never a user error. */
_Noreturn void panic(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/*
 * Install @hook (NULL restores the default): it is called with the formatted
 * message and must not return (it longjmps); if it does, panic() aborts.
 */
void set_panic_hook(panic_hook_t hook);

#define BUG_ON(cond)                                                      \
	do {                                                              \
		if (unlikely(cond))                                       \
			panic("%s: BUG_ON(%s) at %s:%d", __func__, #cond, \
			      __FILE__, __LINE__);                        \
	} while (0)

#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)

#endif
