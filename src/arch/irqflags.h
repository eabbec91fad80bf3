/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * raw_local_irq_save / raw_local_irq_restore (arch/arm/include/asm/
 * irqflags.h): mask IRQs around a sequence that must not be interrupted,
 * such as the two cp15 writes that program a Feroceon range operation.
 * Interrupt delivery is not modelled (the tick is charged apart), so only
 * the cost of the two CPSR writes is: the save's msr and the restore's.
 * The mrs/orr around them are instructions of the caller's code path.
 */
#ifndef VMSPLIT_ARCH_IRQFLAGS_H
#define VMSPLIT_ARCH_IRQFLAGS_H

#include "hw/access.h"

static inline void raw_local_irq_save(void)
{
	hw_irq_mask_write(this_cpu());
}

static inline void raw_local_irq_restore(void)
{
	hw_irq_mask_write(this_cpu());
}

#endif
