// SPDX-License-Identifier: GPL-2.0-only
/*
 * kpath-plugin.c - QEMU 7.2 TCG plugin that counts executed kernel
 * instructions per PC and per attribution context, in windows that the
 * guest delimits by calling sync().
 *
 * Arguments (comma separated after the .so path on -plugin):
 *	out=FILE	dump file (see below)
 *	cfg=FILE	configuration, one directive per line:
 *			  "arch arm" | "arch x86"
 *			  "klo HEX"	lowest kernel address (ARM 0xbf000000,
 *					x86 0xc0000000 for VMSPLIT_3G)
 *			  "marker HEX"	first insn of sys_sync: a TB starting
 *					here ends the window (dump + zero)
 *			  "tag NAME LO [HI]" TB starting in [LO,HI) while a
 *					user->kernel entry is still unattributed
 *					names the context of that entry
 *			  "vec LO [HI]"	TB starting in [LO,HI) right after a
 *					kernel TB: an exception or interrupt
 *					taken in kernel mode (context "kexc")
 *			  "eret LO HI"	(x86) iret/sysexit/sysret inside
 *					[LO,HI) end a kernel-mode exception
 *			  "switch LO HI" the context-switch code
 *					(__switch_to, __switch_to_asm)
 *
 * Dump format (text):
 *	"N id name"		context id declaration (before first use)
 *	"W idx"			start of window idx (counts since marker idx-1)
 *	"U n"			user-mode instructions executed
 *	"X id n"		entries into context id
 *	"P id pc n"		executions of the kernel insn at pc in context id
 *	"R id pc n"		(x86) extra executions of a REP string insn: QEMU
 *				runs one iteration per TB execution, so P counts
 *				every iteration and P - R counts each REP once
 *	"E key=val ..."		health counters (cumulative)
 *
 * Counting: a TB-exec callback per kernel TB adds one to each instruction
 * of the TB (a TB that faults midway is over-counted by its tail; the
 * kernel's uaccess fixups are the only such case and are rare).  A user TB
 * adds its length to the user count and marks the CPU as being in user
 * mode, so the next kernel TB starts a new entry.  Kernel TBs of an entry
 * are held pending until a tag names the entry; they are charged to
 * "other" if the CPU returns to user mode first.
 *
 * Context switches: the context belongs to the task, not the CPU.  In the
 * switch code the instruction that saves the outgoing task's stack pointer
 * into its task/thread_info (ARM: the stm of sp and lr, x86: mov %esp to
 * memory) and the one that loads the incoming one's (ARM: the ldm of sp
 * and pc, x86: mov memory to %esp) address the same per-task slot, so
 * that address names the task: the state is saved under the outgoing
 * task's slot and restored from the incoming one's.  A task never seen
 * switching out (kernel threads, the idle task, a new child before its
 * first return to user mode) runs in context "kthread".
 *
 * The QEMU plugin header is not packaged in Debian 12, so the handful of
 * declarations used are written out below for API version 1 (QEMU 7.2).
 */
#include <inttypes.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags {
	QEMU_PLUGIN_CB_NO_REGS,
	QEMU_PLUGIN_CB_R_REGS,
	QEMU_PLUGIN_CB_RW_REGS,
};
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index,
					    void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
					  qemu_plugin_vcpu_udata_cb_t cb,
					  enum qemu_plugin_cb_flags flags,
					  void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *
qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
typedef uint32_t qemu_plugin_meminfo_t;
enum qemu_plugin_mem_rw {
	QEMU_PLUGIN_MEM_R = 1,
	QEMU_PLUGIN_MEM_W,
	QEMU_PLUGIN_MEM_RW,
};
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index,
					  qemu_plugin_meminfo_t info,
					  uint64_t vaddr, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn,
				      qemu_plugin_vcpu_mem_cb_t cb,
				      enum qemu_plugin_cb_flags flags,
				      enum qemu_plugin_mem_rw rw,
				      void *userdata);

/* QEMU 7.2 refuses a plugin whose version is outside [1, 1]. */
__attribute__((visibility("default"))) int qemu_plugin_version = 1;

#define NCTX 1024
#define CTX_OTHER 0
#define CTX_KEXC 1
#define CTX_KTHREAD 2
#define NTASK 4096 /* saved task states, open addressing */
#define NSLOT (1u << 20)
#define HBITS 22
#define PENDMAX (1u << 18)
#define PENDING (-1)
#define NSTACK 32
#define MAXRANGE 4096

enum arch { ARCH_ARM, ARCH_X86 };

struct range {
	uint32_t lo, hi;
	int ctx; /* for tags */
};

struct tbrec {
	uint32_t n;
	uint32_t pc0;
	uint32_t last_pc;
	int tag; /* context id named by a tag at pc0, or -1 */
	int marker; /* pc0 is the window marker */
	int vec; /* pc0 is an exception/interrupt entry */
	int eret; /* the TB contains an exception return */
	int rep0; /* the first insn is a REP string instruction */
	uint32_t slot[];
};

/* Per-context counters with a list of the slots that became nonzero. */
struct ctxcnt {
	uint64_t *cnt, *rep;
	uint32_t *dirty, *rdirty;
	uint32_t ndirty, nrdirty;
	uint64_t entries;
};

static enum arch arch = ARCH_ARM;
static uint32_t klo = 0xbf000000u, marker_pc = 0xffffffffu;
static struct range tagr[MAXRANGE], vecr[MAXRANGE], eretr[MAXRANGE];
static int ntag, nvec, neret;
static char *ctxname[NCTX];
static int nctx;
static struct ctxcnt ctx[NCTX];

static uint32_t *slot_pc, *hash, nslot;
static uint64_t user_insns;
static int in_user = 1, state = PENDING;
static struct tbrec **pend;
static uint8_t *pend_cont;
static uint32_t npend;
static int stack[NSTACK], nstack;
static uint32_t prev_last_pc;
static FILE *out;
static int window;
static uint64_t n_pend_overflow, n_stack_overflow, n_eret_nostack, n_kexc;
static uint64_t n_switch, n_switch_unknown, n_task_full;
static struct range switchr[MAXRANGE];
static int nswitch;

/* The attribution state of a task that is not running. */
struct task {
	uint32_t key; /* the task's stack-pointer slot; 0 = free */
	int state;
	int nstack;
	int stack[NSTACK];
};

static struct task tasks[NTASK];
static int switch_armed; /* 1: next access saves, 2: next access loads */

static void die(const char *msg)
{
	fprintf(stderr, "kpath-plugin: %s\n", msg);
	exit(1);
}

/* Context ids are handed out on first use so the arrays stay small. */
static int ctx_id(const char *name)
{
	for (int i = 0; i < nctx; i++)
		if (!strcmp(ctxname[i], name))
			return i;
	if (nctx == NCTX)
		die("too many contexts");
	ctxname[nctx] = strdup(name);
	return nctx++;
}

static void ctx_alloc(int id)
{
	struct ctxcnt *c = &ctx[id];

	if (c->cnt)
		return;
	c->cnt = calloc(NSLOT, sizeof(*c->cnt));
	c->dirty = malloc(NSLOT * sizeof(*c->dirty));
	if (arch == ARCH_X86) {
		c->rep = calloc(NSLOT, sizeof(*c->rep));
		c->rdirty = malloc(NSLOT * sizeof(*c->rdirty));
	}
	if (!c->cnt || !c->dirty ||
	    (arch == ARCH_X86 && (!c->rep || !c->rdirty)))
		die("out of memory");
	fprintf(out, "N %d %s\n", id, ctxname[id]);
}

static uint32_t slot_for(uint32_t pc)
{
	uint32_t h = (pc * 2654435761u) >> (32 - HBITS);

	for (;;) {
		uint32_t s = hash[h];

		if (!s) {
			if (nslot == NSLOT)
				die("out of PC slots");
			slot_pc[nslot] = pc;
			hash[h] = ++nslot;
			return nslot - 1;
		}
		if (slot_pc[s - 1] == pc)
			return s - 1;
		h = (h + 1) & ((1u << HBITS) - 1);
	}
}

static void charge(int id, const struct tbrec *r, int cont)
{
	struct ctxcnt *c = &ctx[id];

	ctx_alloc(id);
	for (uint32_t i = 0; i < r->n; i++)
		if (c->cnt[r->slot[i]]++ == 0)
			c->dirty[c->ndirty++] = r->slot[i];
	if (cont && c->rep[r->slot[0]]++ == 0)
		c->rdirty[c->nrdirty++] = r->slot[0];
}

static void flush_pending(int id)
{
	for (uint32_t i = 0; i < npend; i++)
		charge(id, pend[i], pend_cont[i]);
	npend = 0;
}

static void enter(int id)
{
	ctx_alloc(id);
	ctx[id].entries++;
}

static void dump(void)
{
	fprintf(out, "W %d\nU %" PRIu64 "\n", window++, user_insns);
	user_insns = 0;
	for (int id = 0; id < nctx; id++) {
		struct ctxcnt *c = &ctx[id];

		if (!c->cnt)
			continue;
		if (c->entries)
			fprintf(out, "X %d %" PRIu64 "\n", id, c->entries);
		c->entries = 0;
		for (uint32_t i = 0; i < c->ndirty; i++) {
			uint32_t s = c->dirty[i];

			fprintf(out, "P %d %08x %" PRIu64 "\n", id, slot_pc[s],
				c->cnt[s]);
			c->cnt[s] = 0;
		}
		c->ndirty = 0;
		for (uint32_t i = 0; i < c->nrdirty; i++) {
			uint32_t s = c->rdirty[i];

			fprintf(out, "R %d %08x %" PRIu64 "\n", id, slot_pc[s],
				c->rep[s]);
			c->rep[s] = 0;
		}
		c->nrdirty = 0;
	}
	fprintf(out,
		"E pend_overflow=%" PRIu64 " stack_overflow=%" PRIu64
		" eret_nostack=%" PRIu64 " kexc=%" PRIu64 " switches=%" PRIu64
		" switch_unknown=%" PRIu64 " task_full=%" PRIu64 " slots=%u\n",
		n_pend_overflow, n_stack_overflow, n_eret_nostack, n_kexc,
		n_switch, n_switch_unknown, n_task_full, nslot);
	fflush(out);
}

static struct task *task_slot(uint32_t key)
{
	uint32_t h = (key * 2654435761u) >> 20;

	for (uint32_t i = 0; i < NTASK; i++, h++) {
		struct task *t = &tasks[h % NTASK];

		if (t->key == key || !t->key)
			return t;
	}
	return NULL;
}

static void switch_insn(unsigned int vcpu, void *udata)
{
	switch_armed = (int)(uintptr_t)udata;
}

/*
 * The first access of an armed save or load instruction: its address
 * names the task.  A pending entry cannot cross a switch (tags come first
 * on every entry path); if one does, it goes to "other".
 */
static void switch_access(unsigned int vcpu, qemu_plugin_meminfo_t info,
			  uint64_t vaddr, void *udata)
{
	struct task *t;
	int what = switch_armed;

	switch_armed = 0;
	if (!what)
		return;
	t = task_slot((uint32_t)vaddr);
	if (what == 1) {
		if (state == PENDING) {
			enter(CTX_OTHER);
			flush_pending(CTX_OTHER);
			state = CTX_OTHER;
		}
		if (!t) {
			n_task_full++;
			return;
		}
		t->key = (uint32_t)vaddr;
		t->state = state;
		t->nstack = nstack;
		memcpy(t->stack, stack, sizeof(stack));
		return;
	}
	n_switch++;
	if (t && t->key) {
		state = t->state;
		nstack = t->nstack;
		memcpy(stack, t->stack, sizeof(stack));
	} else {
		n_switch_unknown++;
		state = CTX_KTHREAD;
		nstack = 0;
	}
}

static void kernel_tb_exec(unsigned int vcpu, void *udata)
{
	struct tbrec *r = udata;
	/* A REP insn re-executed by a TB that starts at itself: one more iteration. */
	int cont = r->rep0 && prev_last_pc == r->pc0;

	if (in_user) {
		if (npend)
			flush_pending(CTX_OTHER);
		state = PENDING;
		in_user = 0;
		nstack = 0;
	} else if (r->vec) {
		if (nstack < NSTACK)
			stack[nstack++] = state;
		else
			n_stack_overflow++;
		state = CTX_KEXC;
		enter(CTX_KEXC);
		n_kexc++;
	}
	if (r->marker)
		dump();
	if (r->tag >= 0 && state == PENDING) {
		enter(r->tag);
		flush_pending(r->tag);
		state = r->tag;
	}
	if (state == PENDING) {
		if (npend == PENDMAX) {
			/* An entry that never names itself: give up on it. */
			enter(CTX_OTHER);
			flush_pending(CTX_OTHER);
			n_pend_overflow++;
			state = CTX_OTHER;
			charge(CTX_OTHER, r, cont);
		} else {
			pend_cont[npend] = cont;
			pend[npend++] = r;
		}
	} else {
		charge(state, r, cont);
	}
	if (r->eret) {
		if (nstack > 0)
			state = stack[--nstack];
		else
			n_eret_nostack++;
	}
	prev_last_pc = r->last_pc;
}

static void user_tb_exec(unsigned int vcpu, void *udata)
{
	user_insns += (uintptr_t)udata;
	in_user = 1;
	nstack = 0;
	prev_last_pc = 0;
}

static int in_range(const struct range *r, int n, uint32_t pc)
{
	for (int i = 0; i < n; i++)
		if (pc >= r[i].lo && pc < r[i].hi)
			return i;
	return -1;
}

/*
 * ARM exception returns (ARM state, the Debian kernels are not Thumb-2):
 * ldm with the PC in the list and the ^ bit, movs pc, lr, subs pc, lr,
 * #imm and rfe.  The vector stubs' own "movs pc, lr" switches into SVC
 * mode and is not a return, so the vector page is excluded by the caller.
 */
static int arm_is_eret(uint32_t w)
{
	if (((w >> 25) & 7) == 4 && (w & (1u << 22)) && (w & (1u << 20)) &&
	    (w & (1u << 15)))
		return 1;
	if ((w & 0x0fffffffu) == 0x01b0f00eu)
		return 1;
	if ((w & 0x0ffff000u) == 0x025ef000u)
		return 1;
	if ((w & 0xfe50ffffu) == 0xf8100a00u)
		return 1;
	return 0;
}

/* Skip x86 legacy prefixes; *rep is set when F2/F3 is among them. */
static const uint8_t *x86_opcode(const uint8_t *p, size_t len, int *rep)
{
	size_t i = 0;

	*rep = 0;
	for (; i < len; i++) {
		uint8_t b = p[i];

		if (b == 0xf2 || b == 0xf3)
			*rep = 1;
		else if (b != 0x66 && b != 0x67 && b != 0xf0 && b != 0x2e &&
			 b != 0x36 && b != 0x3e && b != 0x26 && b != 0x64 &&
			 b != 0x65)
			break;
	}
	return i < len ? p + i : NULL;
}

static int x86_is_string(uint8_t op)
{
	return (op >= 0xa4 && op <= 0xa7) || (op >= 0xaa && op <= 0xaf) ||
	       (op >= 0x6c && op <= 0x6f);
}

/*
 * In the switch code: 1 for the instruction saving the outgoing task's
 * stack pointer, 2 for the one loading the incoming task's, else 0.
 * ARM (entry-armv.S): stmia ip!, {r4 - sl, fp, sp, lr} and
 * ldmia r4, {r4 - sl, fp, sp, pc} (with VMAP_STACK: {r4 - sl, fp, ip, lr},
 * sp follows from ip).  x86 (entry_32.S):
 * movl %esp, TASK_threadsp(%eax) and movl TASK_threadsp(%edx), %esp.
 */
static int switch_kind(uint32_t pc, const uint8_t *p, size_t len)
{
	if (in_range(switchr, nswitch, pc) < 0)
		return 0;
	if (arch == ARCH_ARM) {
		uint32_t w;

		if (len != 4)
			return 0;
		memcpy(&w, p, 4);
		/* stm/ldm whose list starts at r4 and holds lr or pc */
		if (((w >> 25) & 7) != 4 ||
		    (w & 0xffff & -(w & 0xffff)) != 0x10 || !(w & 0xc000))
			return 0;
		return w & (1u << 20) ? 2 : 1;
	}

	int rep;
	const uint8_t *op = x86_opcode(p, len, &rep);

	if (!op || (size_t)(op - p) + 2 > len)
		return 0;
	if (((op[1] >> 3) & 7) != 4 || (op[1] >> 6) == 3)
		return 0;
	return op[0] == 0x89 ? 1 : op[0] == 0x8b ? 2 : 0;
}

static void decode(struct tbrec *r, size_t i, uint32_t pc, const uint8_t *p,
		   size_t len)
{
	if (arch == ARCH_ARM) {
		uint32_t w;

		if (len != 4 || pc >= 0xffff0000u)
			return;
		memcpy(&w, p, 4);
		if (arm_is_eret(w))
			r->eret = 1;
		return;
	}

	int rep;
	const uint8_t *op = x86_opcode(p, len, &rep);
	size_t rest;

	if (!op)
		return;
	rest = len - (size_t)(op - p);
	if (i == 0 && rep && x86_is_string(op[0]))
		r->rep0 = 1;
	if (in_range(eretr, neret, pc) < 0)
		return;
	if (op[0] == 0xcf) /* iret */
		r->eret = 1;
	if (rest >= 2 && op[0] == 0x0f && (op[1] == 0x35 || op[1] == 0x07))
		r->eret = 1; /* sysexit, sysret */
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);
	uint32_t pc0 = (uint32_t)qemu_plugin_tb_vaddr(tb);
	struct tbrec *r;
	int t;

	if (pc0 < klo) {
		qemu_plugin_register_vcpu_tb_exec_cb(tb, user_tb_exec,
						     QEMU_PLUGIN_CB_NO_REGS,
						     (void *)(uintptr_t)n);
		return;
	}
	r = malloc(sizeof(*r) + n * sizeof(r->slot[0]));
	if (!r)
		die("out of memory");
	memset(r, 0, sizeof(*r));
	r->n = n;
	r->pc0 = pc0;
	r->marker = pc0 == marker_pc;
	r->vec = in_range(vecr, nvec, pc0) >= 0;
	t = in_range(tagr, ntag, pc0);
	r->tag = t >= 0 ? tagr[t].ctx : -1;
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *in = qemu_plugin_tb_get_insn(tb, i);
		uint32_t pc = (uint32_t)qemu_plugin_insn_vaddr(in);

		const uint8_t *data = qemu_plugin_insn_data(in);
		size_t len = qemu_plugin_insn_size(in);
		int sw = switch_kind(pc, data, len);

		r->slot[i] = slot_for(pc);
		r->last_pc = pc;
		decode(r, i, pc, data, len);
		if (sw) {
			qemu_plugin_register_vcpu_insn_exec_cb(
				in, switch_insn, QEMU_PLUGIN_CB_NO_REGS,
				(void *)(uintptr_t)sw);
			qemu_plugin_register_vcpu_mem_cb(in, switch_access,
							 QEMU_PLUGIN_CB_NO_REGS,
							 QEMU_PLUGIN_MEM_RW,
							 NULL);
		}
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, kernel_tb_exec,
					     QEMU_PLUGIN_CB_NO_REGS, r);
}

static void at_exit(qemu_plugin_id_t id, void *udata)
{
	dump();
	fclose(out);
}

static int add_range(struct range *r, int *n, uint32_t lo, uint32_t hi, int id)
{
	if (*n == MAXRANGE)
		return -1;
	r[*n].lo = lo;
	r[*n].hi = hi > lo ? hi : lo + 1;
	r[*n].ctx = id;
	(*n)++;
	return 0;
}

static int read_cfg(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], name[256], word[32];
	unsigned int lo, hi;
	int k;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		hi = 0;
		if (sscanf(line, "arch %31s", word) == 1) {
			arch = strcmp(word, "x86") ? ARCH_ARM : ARCH_X86;
		} else if (sscanf(line, "klo %x", &lo) == 1) {
			klo = lo;
		} else if (sscanf(line, "marker %x", &lo) == 1) {
			marker_pc = lo;
		} else if ((k = sscanf(line, "tag %255s %x %x", name, &lo,
				       &hi)) >= 2) {
			if (add_range(tagr, &ntag, lo, hi, ctx_id(name)))
				return -1;
		} else if (sscanf(line, "vec %x %x", &lo, &hi) >= 1) {
			if (add_range(vecr, &nvec, lo, hi, 0))
				return -1;
		} else if (sscanf(line, "eret %x %x", &lo, &hi) == 2) {
			if (add_range(eretr, &neret, lo, hi, 0))
				return -1;
		} else if (sscanf(line, "switch %x %x", &lo, &hi) == 2) {
			if (add_range(switchr, &nswitch, lo, hi, 0))
				return -1;
		}
	}
	fclose(f);
	return 0;
}

__attribute__((visibility("default"))) int
qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
		    char **argv)
{
	const char *outp = NULL, *cfgp = NULL;

	/* Ids 0, 1 and 2 are fixed: "other", "kexc" and "kthread". */
	ctx_id("other");
	ctx_id("kexc");
	ctx_id("kthread");
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			outp = argv[i] + 4;
		else if (!strncmp(argv[i], "cfg=", 4))
			cfgp = argv[i] + 4;
		else
			return -1;
	}
	if (!outp || !cfgp || read_cfg(cfgp))
		return -1;
	out = fopen(outp, "w");
	slot_pc = calloc(NSLOT, sizeof(*slot_pc));
	hash = calloc(1u << HBITS, sizeof(*hash));
	pend = malloc(PENDMAX * sizeof(*pend));
	pend_cont = malloc(PENDMAX);
	if (!out || !slot_pc || !hash || !pend || !pend_cont)
		return -1;
	fprintf(out,
		"H arch=%s klo=%08x marker=%08x tags=%d vecs=%d erets=%d switch=%d\n",
		arch == ARCH_ARM ? "arm" : "x86", klo, marker_pc, ntag, nvec,
		neret, nswitch);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
