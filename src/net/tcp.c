// SPDX-License-Identifier: GPL-2.0-only
/*
 * tcp_sendmsg and what it calls to queue data (net/ipv4/tcp.c, 3.14): the
 * copy loop into linear skbs or page fragments, tcp_push with
 * autocorking, and the sleep on a full send buffer.
 */
#include "net/sock.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/irq.h"
#include "kernel/sched.h"
#include "lib/uaccess.h"
#include "mm/highmem.h"
#include "mm/mm_types.h"
#include "net/checksum.h"
#include "net/netdevice.h"
#include "net/net.h"
#include "net/sock_touch.h"

/*
 * lock_sock_nested (net/core/sock.c, 3.16): spin_lock_bh(&sk_lock.slock)
 * (a word on SMP only), sk_lock.owned tested and set, spin_unlock.
 */
void lock_sock(struct sock *sk)
{
	sk_touch_rmw(sk, SKF_slock);
	sk_touch(sk, SKF_owned, false);
	/* Uniprocessor, one writer: the lock is always free here. */
	BUG_ON(sk->owned);
	sk->owned = true;
	sk_touch(sk, SKF_owned, true);
	sk_touch(sk, SKF_slock, true);
}

/*
 * release_sock (net/core/sock.c, 3.16): under the slock, the backlog
 * (sk_backlog.tail tested; __release_sock takes the list and clears it),
 * sk->sk_prot->release_cb (tcp_release_cb: tsq_flags, a cmpxchg when a
 * deferred flag is set), sock_release_ownership, and
 * waitqueue_active(&sk_lock.wq).
 */
void release_sock(struct sock *sk)
{
	sk_touch_rmw(sk, SKF_slock);
	sk_touch(sk, SKF_backlog_tail, false);
	if (!list_empty(&sk->backlog))
		sk_touch_rmw(sk, SKF_backlog);
	/* __release_sock: what softirq input queued while we owned it. */
	while (!list_empty(&sk->backlog)) {
		struct sk_buff *skb =
			list_first_entry(&sk->backlog, struct sk_buff, list);

		list_del(&skb->list);
		INIT_LIST_HEAD(&skb->list);
		sk->backlog_acks++;
		local_bh_disable();
		tcp_v4_do_rcv(sk, skb);
		local_bh_enable();
	}
	sk_touch(sk, SKF_prot, false);
	sk_touch(sk, SKF_tsq_flags, false);
	/* tcp_release_cb: a retransmit timer that fired meanwhile. */
	sk->owned = false;
	sk_touch(sk, SKF_owned, true);
	if (sk->write_timer_deferred) {
		sk_touch(sk, SKF_tsq_flags, true);
		sk->write_timer_deferred = false;
		local_bh_disable();
		tcp_write_timer_handler(sk);
		local_bh_enable();
	}
	sk_touch(sk, SKF_lock_wq, false);
	sk_touch(sk, SKF_slock, true);
}

static bool sk_can_gso(const struct sock *sk)
{
	return sk->sk_route_caps & NETIF_F_GSO_SOFTWARE;
}

/* tcp_bound_to_half_wnd: never more than half the largest window seen. */
static u32 tcp_bound_to_half_wnd(const struct sock *sk, u32 pktsize)
{
	u32 cutoff;

	sk_touch(sk, TPF_max_window, false);
	cutoff = sk->max_window > TCP_MSS_DEFAULT ? sk->max_window >> 1 :
						    sk->max_window;

	if (cutoff && pktsize > cutoff)
		return MAX(cutoff, 68u - TCP_HDR_LEN);
	return pktsize;
}

/* tcp_xmit_size_goal: how big an skb tcp_sendmsg builds (the header
 * length from icsk_af_ops->net_header_len, icsk_ext_hdr_len and
 * tcp_header_len; the pacing rate; the device's GSO limits). */
static u32 tcp_xmit_size_goal(struct sock *sk, u32 mss_now)
{
	u32 goal = mss_now, gso_size, old;

	sk_touch(sk, SKF_route_caps, false);
	if (!sk_can_gso(sk))
		return goal;
	sk_touch(sk, ICF_af_ops, false);
	sk_touch(sk, ICF_ext_hdr_len, false);
	sk_touch(sk, TPF_header_len, false);
	/* One packet per ms of pacing rate at least, two MSS at least. */
	sk_touch(sk, SKF_pacing_rate, false);
	gso_size = (u32)MIN(sk->sk_pacing_rate / 2000, 0xffffffffull);
	gso_size = MAX(gso_size, SYSCTL_TCP_MIN_TSO_SEGS * mss_now);
	sk_touch(sk, SKF_gso_max_size, false);
	goal = MIN(gso_size, sk->sk_gso_max_size - 1 - IP_HDR_LEN - TCP_HDR_LEN);
	goal = tcp_bound_to_half_wnd(sk, goal);
	sk_touch(sk, TPF_size_goal_segs, false);
	old = (u32)sk->xmit_size_goal_segs * mss_now;
	if (old <= goal && old + mss_now > goal)
		return old;
	sk_touch(sk, SKF_gso_max_segs, false);
	sk->xmit_size_goal_segs = (u16)MIN(goal / mss_now, sk->sk_gso_max_segs);
	sk_touch(sk, TPF_size_goal_segs, true);
	return MAX((u32)sk->xmit_size_goal_segs * mss_now, mss_now);
}

/*
 * tcp_send_mss -> tcp_current_mss (tcp_output.c, 3.16): mss_cache; the
 * route (__sk_dst_get) and its MTU against icsk_pmtu_cookie;
 * tcp_established_options (rx_opt) against tcp_header_len.
 */
u32 tcp_send_mss(struct sock *sk, u32 *size_goal)
{
	u32 mss_now = sk->mss_cache;

	tcp_current_mss_touch(sk);
	*size_goal = tcp_xmit_size_goal(sk, mss_now);
	return mss_now;
}

/* select_size: the linear part of a new skb (mss_cache, sk_can_gso). */
static u32 select_size(const struct sock *sk, bool sg)
{
	u32 tmp = sk->mss_cache;

	sk_touch(sk, TPF_mss_cache, false);
	if (sg) {
		sk_touch(sk, SKF_route_caps, false);
		if (sk_can_gso(sk))
			/* SKB_WITH_OVERHEAD(2048 - MAX_TCP_HEADER): the head
			 * is one kmalloc-2048 object. */
			return 2048 - MAX_TCP_HEADER - SKB_SHINFO_SIZE;
		/* SKB_MAX_HEAD(MAX_TCP_HEADER) is a page's worth. */
		if (tmp >= PAGE_SIZE - MAX_TCP_HEADER - SKB_SHINFO_SIZE)
			return 0;
	}
	return tmp;
}

/*
 * sk_stream_alloc_skb + skb_entail (tcp_sendmsg's new_segment; net/ipv4/
 * tcp.c, 3.16): sk->sk_prot->max_header, sk_wmem_schedule's
 * sk_forward_alloc, the checksum capability; skb_entail's write_seq,
 * tcp_add_write_queue_tail (the queue, sk_send_head and highest_sack),
 * sk_wmem_queued, sk_mem_charge and nonagle.
 */
static struct sk_buff *sk_stream_alloc_skb(struct sock *sk, u32 size)
{
	CC_SCOPE(sk_stream_alloc_skb);
	struct sk_buff *skb;

	charge(CODE_sk_stream_alloc_skb);
	sk_touch(sk, SKF_prot, false);
	skb = alloc_skb_fclone(size + MAX_TCP_HEADER, GFP_KERNEL);
	if (!skb)
		return NULL;
	sk_touch(sk, SKF_forward_alloc, false);
	skb_reserve(skb, MAX_TCP_HEADER);
	skb->sk = sk;
	sk_touch(sk, SKF_route_caps, false);
	sk_touch(sk, TPF_write_seq, false);
	skb->seq = skb->end_seq = sk->write_seq;
	skb->tcp_flags = TCPHDR_ACK;
	skb->ip_summed = (sk->sk_route_caps & NETIF_F_ALL_CSUM) ?
				 CHECKSUM_PARTIAL :
				 CHECKSUM_NONE;
	list_add_tail(&skb->list, &sk->write_queue);
	sk_touch_rmw(sk, SKF_write_queue);
	sk_touch(sk, SKF_send_head, false);
	if (!sk->send_head) {
		sk->send_head = skb;
		sk_touch(sk, SKF_send_head, true);
		sk_touch(sk, TPF_highest_sack, false);
	}
	sk->sk_wmem_queued += skb->truesize;
	sk_touch_rmw(sk, SKF_wmem_queued);
	sk_touch_rmw(sk, SKF_forward_alloc);
	sk_touch(sk, TPF_nonagle, false);
	return skb;
}

/*
 * csum_and_copy_from_user: the copy and the sum in one pass (the
 * CHECKSUM_NONE path, without scatter-gather or checksum offload).  The
 * copy's memory traffic and instructions are copy_from_user's; the sum's
 * extra instructions are csum_partial_copy_kib.  The sum itself is taken
 * of the bytes that landed.
 */
static u32 csum_and_copy_from_user(vaddr_t from, vaddr_t to, u32 len,
				   int *err)
{
	CC_SCOPE(csum_partial_copy_from_user);
	u8 buf[2048];
	u32 sum = 0;

	charge_bytes(CODE_csum_partial_copy_kib, len);
	if (copy_from_user(to, from, len)) {
		*err = -EFAULT;
		return 0;
	}
	for (u32 off = 0; off < len; off += sizeof(buf)) {
		u32 n = MIN(len - off, (u32)sizeof(buf));

		net_peek(to + off, buf, n);
		sum = csum_block_add(sum, csum_partial(buf, n, 0), off);
	}
	return sum;
}

/* skb_add_data_nocache: user data into the linear part. */
static int skb_add_data_nocache(struct sock *sk, struct sk_buff *skb,
				vaddr_t from, u32 copy)
{
	u32 off = skb->len;
	vaddr_t to = skb_put(skb, copy);
	int err = 0;

	if (skb->ip_summed == CHECKSUM_NONE) {
		u32 csum = csum_and_copy_from_user(from, to, copy, &err);

		if (err)
			goto fail;
		skb->csum = csum_block_add(skb->csum, csum, off);
		return 0;
	}
	/* skb_do_copy_data_nocache: NETIF_F_NOCACHE_COPY? */
	sk_touch(sk, SKF_route_caps, false);
	if (copy_from_user(to, from, copy)) {
		err = -EFAULT;
		goto fail;
	}
	return 0;
fail:
	/* __skb_trim(skb, off) */
	skb->tail -= copy;
	skb->len -= copy;
	return err;
}

/* skb_copy_to_page_nocache: user data into a page fragment
 * (skb_do_copy_data_nocache's sk_route_caps; sk_wmem_queued,
 * sk_mem_charge). */
static int skb_copy_to_page_nocache(struct sock *sk, vaddr_t from,
				    struct sk_buff *skb, struct page *page,
				    u32 off, u32 copy)
{
	sk_touch(sk, SKF_route_caps, false);
	if (copy_from_user(page_address(page) + off, from, copy))
		return -EFAULT;
	skb->len += copy;
	skb->data_len += copy;
	skb->truesize += copy;
	sk->sk_wmem_queued += copy;
	sk_touch_rmw(sk, SKF_wmem_queued);
	sk_touch_rmw(sk, SKF_forward_alloc);
	return 0;
}

static bool forced_push(const struct sock *sk)
{
	sk_touch(sk, TPF_write_seq, false);
	sk_touch(sk, TPF_pushed_seq, false);
	sk_touch(sk, TPF_max_window, false);
	return after(sk->write_seq, sk->pushed_seq + (sk->max_window >> 1));
}

static void tcp_mark_push(struct sock *sk, struct sk_buff *skb)
{
	skb->tcp_flags |= TCPHDR_PSH;
	sk_touch(sk, TPF_write_seq, false);
	sk->pushed_seq = sk->write_seq;
	sk_touch(sk, TPF_pushed_seq, true);
}

/* tcp_should_autocork: tcp_write_queue_head, sk_wmem_alloc. */
static bool tcp_should_autocork(struct sock *sk, struct sk_buff *skb,
				u32 size_goal)
{
	if (skb->len >= size_goal)
		return false;
	sk_touch(sk, SKF_write_queue, false);
	if (skb == tcp_write_queue_head(sk))
		return false;
	sk_touch(sk, SKF_wmem_alloc, false);
	return sk->sk_wmem_alloc > skb->truesize;
}

void tcp_push(struct sock *sk, int flags, u32 mss_now, int nonagle,
	      u32 size_goal)
{
	struct sk_buff *skb;

	sk_touch(sk, SKF_send_head, false);
	if (!sk->send_head)
		return;
	CC_SCOPE(tcp_push);
	charge(CODE_tcp_push);
	sk_touch(sk, SKF_write_queue, false);
	skb = tcp_write_queue_tail(sk);
	tcp_mark_push(sk, skb);
	/*
	 * Autocorking (3.14): data still sits in the qdisc or the NIC, so
	 * let the skb grow; the TX completion (tcp_wfree -> TSQ) pushes.
	 * TSQ_THROTTLED is tested, set if it was not, and sk_wmem_alloc
	 * read again.
	 */
	if (tcp_should_autocork(sk, skb, size_goal)) {
		sk_touch(sk, SKF_tsq_flags, false);
		if (!sk->tsq_throttled) {
			sk->autocork_events++;
			sk_touch_rmw(sk, SKF_tsq_flags);
		}
		sk->tsq_throttled = true;
		sk_touch(sk, SKF_wmem_alloc, false);
		return;
	}
	__tcp_push_pending_frames(sk, mss_now, nonagle);
}

/* set_bit or clear_bit on sk->sk_socket->flags. */
static void sk_socket_flags_touch(struct sock *sk)
{
	sk_touch(sk, SKF_socket, false);
	socket_touch(sk, SOF_flags, false);
	socket_touch(sk, SOF_flags, true);
}

/*
 * sk_stream_wait_memory (net/core/stream.c, 3.16): sleep until the send
 * buffer has room.  Each time round: SOCK_ASYNC_NOSPACE set,
 * prepare_to_wait on sk_sleep(sk), sk_err and sk_shutdown, the signal,
 * SOCK_ASYNC_NOSPACE cleared, sk_stream_memory_free; then SOCK_NOSPACE
 * set and sk_write_pending up around sk_wait_event (release_sock, the
 * sleep, lock_sock); finish_wait at the end.
 */
static int sk_stream_wait_memory(struct sock *sk)
{
	CC_SCOPE(sk_stream_wait_memory);
	struct task_struct *t = current;
	int err = 0;

	charge(CODE_sk_stream_wait_memory);
	sk->sndbuf_waits++;
	sk_stream_memory_free_touch(sk);
	/* 3.16's loop tests the error and a pending signal before the free
	 * memory, each time round: a signal ends the wait even when an ACK
	 * has made room meanwhile. */
	for (;;) {
		sk_socket_flags_touch(sk);
		sk_sleep_touch(sk, true);
		sk_touch(sk, SKF_err, false);
		sk_touch(sk, SKF_shutdown, false);
		if (sk->sk_err) {
			err = -EPIPE;
			break;
		}
		if (t->signal_pending) {
			err = -EINTR;
			break;
		}
		sk_socket_flags_touch(sk);
		sk_stream_memory_free_touch(sk);
		if (sk_stream_memory_free(sk))
			break;
		sk_socket_flags_touch(sk);
		sk->sock_nospace = true;
		sk_touch_rmw(sk, SKF_write_pending);
		sk->waiter = t;
		release_sock(sk);
		if (!sk_stream_memory_free(sk) && !t->signal_pending) {
			t->state = TASK_INTERRUPTIBLE;
			schedule();
		}
		sk->waiter = NULL;
		lock_sock(sk);
		sk_touch_rmw(sk, SKF_write_pending);
	}
	sk_sleep_touch(sk, true);
	return err;
}

long tcp_sendmsg(struct sock *sk, vaddr_t from, u32 size)
{
	CC_SCOPE(tcp_sendmsg);
	bool sg = sk->sk_route_caps & NETIF_F_SG;
	u32 mss_now, size_goal, copied = 0;
	long err = 0;

	lock_sock(sk);
	charge(CODE_sock_sendmsg);
	/* sock_sndtimeo, the state (ESTABLISHED), tp->repair, and
	 * clear_bit(SOCK_ASYNC_NOSPACE, &sk->sk_socket->flags). */
	sk_touch(sk, SKF_sndtimeo, false);
	sk_touch(sk, SKF_state, false);
	sk_touch(sk, TPF_nonagle, false);
	sk_socket_flags_touch(sk);
	mss_now = tcp_send_mss(sk, &size_goal);
	sk_touch(sk, SKF_err, false);
	sk_touch(sk, SKF_shutdown, false);
	if (sk->sk_err) {
		err = -EPIPE;
		goto out_err;
	}
	sk_touch(sk, SKF_route_caps, false);
	while (size) {
		struct sk_buff *skb = tcp_write_queue_tail(sk);
		u32 copy = 0, max = size_goal;

		sk_touch(sk, SKF_write_queue, false);
		sk_touch(sk, SKF_send_head, false);
		if (skb && sk->send_head) {
			if (skb->ip_summed == CHECKSUM_NONE)
				max = mss_now;
			copy = max > skb->len ? max - skb->len : 0;
		}
		if (!copy) {
new_segment:
			sk_stream_memory_free_touch(sk);
			if (!sk_stream_memory_free(sk))
				goto wait_for_sndbuf;
			sk_touch(sk, SKF_allocation, false);
			skb = sk_stream_alloc_skb(sk, select_size(sk, sg));
			if (!skb)
				goto wait_for_memory;
			copy = size_goal;
			max = size_goal;
		}
		charge(CODE_tcp_sendmsg_copy);
		if (copy > size)
			copy = size;
		if (skb_availroom(skb) > 0) {
			copy = MIN(copy, skb_availroom(skb));
			err = skb_add_data_nocache(sk, skb, from, copy);
			if (err)
				goto do_fault;
		} else {
			struct page_frag *pfrag = &sk->pfrag;
			int i = skb_shinfo(skb)->nr_frags;
			bool merge = false;

			/* sk_page_frag: sk_allocation (current's frag). */
			sk_touch(sk, SKF_allocation, false);
			if (!skb_page_frag_refill(32, pfrag, GFP_KERNEL))
				goto wait_for_memory;
			if (i && skb_shinfo(skb)->frags[i - 1].page == pfrag->page &&
			    skb_shinfo(skb)->frags[i - 1].page_offset +
					    skb_shinfo(skb)->frags[i - 1].size ==
				    pfrag->offset) {
				merge = true;
			} else if (i == MAX_SKB_FRAGS || !sg) {
				tcp_mark_push(sk, skb);
				goto new_segment;
			}
			copy = MIN(copy, pfrag->size - pfrag->offset);
			/* sk_wmem_schedule */
			sk_touch(sk, SKF_forward_alloc, false);
			err = skb_copy_to_page_nocache(sk, from, skb,
						       pfrag->page,
						       pfrag->offset, copy);
			if (err)
				goto do_error;
			if (merge) {
				skb_shinfo(skb)->frags[i - 1].size += copy;
			} else {
				skb_fill_page_desc(skb, i, pfrag->page,
						   pfrag->offset, copy);
				get_page(pfrag->page);
			}
			pfrag->offset += copy;
		}
		if (!copied)
			skb->tcp_flags &= (u8)~TCPHDR_PSH;
		sk->write_seq += copy;
		sk_touch_rmw(sk, TPF_write_seq);
		skb->end_seq += copy;
		skb_shinfo(skb)->gso_segs = 0;
		from += copy;
		copied += copy;
		size -= copy;
		if (!size)
			break;
		if (skb->len < max)
			continue;
		if (forced_push(sk)) {
			tcp_mark_push(sk, skb);
			__tcp_push_pending_frames(sk, mss_now, TCP_NAGLE_PUSH);
		} else {
			/* tcp_push_one: tcp_send_head. */
			sk_touch(sk, SKF_send_head, false);
			if (skb == sk->send_head) {
				sk_touch(sk, SKF_send_head, false);
				tcp_write_xmit(sk, mss_now, sk->nonagle, true);
			}
		}
		/* Interrupts and softirqs are enabled in this loop. */
		irq_poll_point();
		continue;

wait_for_sndbuf:
		sk_socket_flags_touch(sk);
		sk->sock_nospace = true;
wait_for_memory:
		if (copied)
			tcp_push(sk, 0, mss_now, TCP_NAGLE_PUSH, size_goal);
		err = sk_stream_wait_memory(sk);
		if (err)
			goto do_error;
		mss_now = tcp_send_mss(sk, &size_goal);
	}
	if (copied) {
		sk_touch(sk, TPF_nonagle, false);
		tcp_push(sk, 0, mss_now, sk->nonagle, size_goal);
	}
	release_sock(sk);
	return copied;

do_fault:
	/* An skb the fault left empty is dropped (tcp_check_send_head). */
do_error:
	if (copied) {
		tcp_push(sk, 0, mss_now, sk->nonagle, size_goal);
		release_sock(sk);
		return copied;
	}
out_err:
	release_sock(sk);
	return err;
}
