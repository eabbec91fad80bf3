// SPDX-License-Identifier: GPL-2.0-only
/*
 * The OOM killer's page-fault entry (mm/oom_kill.c).  A user fault whose
 * handler returned VM_FAULT_OOM does not deliver SIGSEGV: do_page_fault
 * calls pagefault_out_of_memory, which runs the OOM killer, and the victim
 * dies of SIGKILL, freeing its memory.
 */
#include "mm/oom_kill.h"

#include "config/runtime.h"
#include "kernel/exit.h"
#include "kernel/sched.h"

/*
 * The victim is the task whose fault could not allocate, as Linux picks it
 * with vm.oom_kill_allocating_task=1: the programs here have no signal
 * delivery between system calls, so a SIGKILL sent elsewhere could not be
 * acted on before the faulting task retried.
 */
_Noreturn void pagefault_out_of_memory(void)
{
	hw_event(this_cpu(), EV_oom_kill);
	do_exit(SIGKILL);
}
