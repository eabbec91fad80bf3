// SPDX-License-Identifier: GPL-2.0-only
#include "base/panic.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static panic_hook_t panic_hook;

void set_panic_hook(panic_hook_t hook)
{
	panic_hook = hook;
}

_Noreturn void panic(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (panic_hook)
		panic_hook(msg);
	fprintf(stderr, "vmsplit: panic: %s\n", msg);
	fflush(stderr);
	abort();
}
