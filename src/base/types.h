/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Fixed-width types for everything the simulated 32-bit machine sees.
 *
 * Kernel virtual addresses are 32 bits wide on every platform we model;
 * physical addresses are 64 bits because ARM LPAE (40 bits) and x86 PAE
 * (36 bits) reach beyond 4 GiB.  The host's pointer size never leaks into
 * the model: a simulated address is never a host pointer.
 */
#ifndef VMSPLIT_BASE_TYPES_H
#define VMSPLIT_BASE_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;
typedef int16_t s16;
typedef int32_t s32;
typedef int64_t s64;

/* A physical address (simulated RAM, up to 64 GiB). */
typedef u64 phys_addr_t;
/* A 32-bit virtual address, kernel or user, as the simulated CPU issues it. */
typedef u32 vaddr_t;

#define PAGE_SHIFT 12
#define PAGE_SIZE (1u << PAGE_SHIFT)
#define PAGE_MASK (~(PAGE_SIZE - 1))

#define SZ_1K 0x00000400u
#define SZ_4K 0x00001000u
#define SZ_1M 0x00100000u
#define SZ_2M 0x00200000u
#define SZ_16M 0x01000000u
#define SZ_1G 0x40000000ull

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define DIV_ROUND_CLOSEST(n, d) (((n) + (d) / 2) / (d))
#define ALIGN_DOWN(x, a) ((x) & ~((__typeof__(x))(a) - 1))
#define ALIGN_UP(x, a) ALIGN_DOWN((x) + (a) - 1, (a))
#define IS_ALIGNED(x, a) (((x) & ((__typeof__(x))(a) - 1)) == 0)
#define U64_MAX UINT64_MAX
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))

/*
 * The bits set in @x, as Linux's hweight32: inline arithmetic, where
 * __builtin_popcount without -mpopcnt (the x86-64 baseline) is a call
 * into libgcc.
 */
static inline u32 hweight32(u32 x)
{
	x -= (x >> 1) & 0x55555555u;
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (x * 0x01010101u) >> 24;
}

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#endif
