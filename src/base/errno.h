/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error returns are negative errno values, as in the kernel.  We reuse the
 * host's <errno.h> numbering; only the sign convention is ours.
 */
#ifndef VMSPLIT_BASE_ERRNO_H
#define VMSPLIT_BASE_ERRNO_H

#include <errno.h>

#endif
