// SPDX-License-Identifier: GPL-2.0-only
/*
 * The retransmit timer (net/ipv4/tcp_timer.c, inet_connection_sock.h,
 * 3.16): one timer per socket that is the RTO, the tail loss probe or the
 * early-retransmit delay as icsk_pending says.  Times are jiffies (HZ
 * 100) as the kernel keeps them: a timer armed for jiffies + n fires at
 * the tick that makes jiffies reach it (the timer wheel), here exactly at
 * that tick.  Fired while a process owns the socket, the work waits for
 * release_sock (TCP_WRITE_TIMER_DEFERRED, tcp_release_cb).
 */
#include "net/sock.h"

#include "base/errno.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "kernel/sched.h"
#include "net/net.h"
#include "net/sock_touch.h"

static void tcp_write_timer(struct timer_list *t)
{
	struct sock *sk = container_of(t, struct sock, retransmit_timer);

	if (!sk->owned)
		tcp_write_timer_handler(sk);
	else
		sk->write_timer_deferred = true;
}

void tcp_init_xmit_timers(struct sock *sk)
{
	sk->retransmit_timer = (struct timer_list){ .function =
							    tcp_write_timer };
	INIT_LIST_HEAD(&sk->retransmit_timer.entry);
}

void tcp_clear_xmit_timers(struct sock *sk)
{
	sk->icsk_pending = ICSK_TIME_NONE;
	sk->write_timer_deferred = false;
	del_timer(&sk->retransmit_timer);
}

/* inet_csk_reset_xmit_timer: @what fires @when jiffies from now (at most
 * TCP_RTO_MAX): icsk_pending and icsk_timeout stored, and sk_reset_timer's
 * mod_timer on icsk_retransmit_timer (its entry and expires, one line
 * with icsk_timeout on 3.x: a store to it stands for the lot). */
void inet_csk_reset_xmit_timer(struct sock *sk, u8 what, u32 when)
{
	if (when > TCP_RTO_MAX)
		when = TCP_RTO_MAX;
	sk->icsk_pending = what;
	sk_touch(sk, ICF_state, true);
	sk_touch(sk, ICF_timer, true);
	sk->icsk_timeout = tcp_time_stamp() + when;
	mod_timer(&sk->retransmit_timer,
		  tcp_jiffies_to_cycles(sk->icsk_timeout));
}

/* inet_csk_clear_xmit_timer(sk, ICSK_TIME_RETRANS): 3.16 leaves the timer
 * armed (INET_CSK_CLEAR_TIMERS is 0) and a fired one finds nothing
 * pending. */
void inet_csk_clear_xmit_timer(struct sock *sk)
{
	sk->icsk_pending = ICSK_TIME_NONE;
	sk_touch(sk, ICF_state, true);
}

/*
 * tcp_rearm_rto: restart the RTO after forward progress, or stop it when
 * nothing is out; a probe or early-retransmit timer is replaced by what
 * is left of the RTO counted from the head's last transmission.
 */
void tcp_rearm_rto(struct sock *sk)
{
	u32 rto = sk->icsk_rto;

	/* tp->fastopen_rsk (no Fast Open here); packets_out (its callers
	 * have just loaded or stored it); icsk_rto and icsk_pending. */
	sk_touch(sk, TPF_fastopen_rsk, false);
	if (!sk->packets_out) {
		inet_csk_clear_xmit_timer(sk);
		return;
	}
	sk_touch2(sk, ICF_rto, ICF_state, false);
	if (sk->icsk_pending == ICSK_TIME_EARLY_RETRANS ||
	    sk->icsk_pending == ICSK_TIME_LOSS_PROBE) {
		struct sk_buff *skb = tcp_write_queue_head(sk);
		s32 delta = (s32)(skb->when + rto - tcp_time_stamp());

		if (delta > 0)
			rto = (u32)delta;
	}
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS, rto);
}

/* sysctl_tcp_retries2's default (TCP_RETR2, include/net/tcp.h). */
#define TCP_RETR2 15

/*
 * retransmits_timed_out (3.16, net/ipv4/tcp_timer.c): have the RTOs since
 * the first retransmission (retrans_stamp, else the head's send time)
 * taken as long as @boundary of them would, backed off from TCP_RTO_MIN
 * and capped at TCP_RTO_MAX?  For tcp_retries2's 15: 1023 x 200 ms + 6 x
 * 120 s, 924.6 s at any HZ.
 */
static bool retransmits_timed_out(struct sock *sk, u32 boundary)
{
	u32 rto_base = TCP_RTO_MIN, thresh, timeout, start;

	if (!sk->icsk_retransmits)
		return false;
	start = sk->retrans_stamp ? sk->retrans_stamp :
				    tcp_write_queue_head(sk)->when;
	/* ilog2(TCP_RTO_MAX / rto_base): 9. */
	thresh = 31u - (u32)__builtin_clz(TCP_RTO_MAX / rto_base);
	if (boundary <= thresh)
		timeout = ((2u << boundary) - 1) * rto_base;
	else
		timeout = ((2u << thresh) - 1) * rto_base +
			  (boundary - thresh) * TCP_RTO_MAX;
	return tcp_time_stamp() - start >= timeout;
}

/*
 * tcp_write_err and tcp_done (3.16): the connection is given up --
 * sk_err ETIMEDOUT (sk_err_soft is never set in the model), the
 * retransmit timer stopped, a writer waiting for room woken to find the
 * error (sk_stream_wait_memory's -EPIPE).  The queue stays until close.
 */
static void tcp_write_err(struct sock *sk)
{
	sk->sk_err = ETIMEDOUT;
	sk_touch(sk, SKF_err, true);
	tcp_clear_xmit_timers(sk);
	if (sk->waiter)
		wake_up_process(sk->waiter);
}

/*
 * tcp_write_timeout (3.16), established: give up after tcp_retries2's
 * worth of RTOs.  retries1's black-hole steps (tcp_mtu_probing, off by
 * default; dst_negative_advice on a route the model does not cache) do
 * nothing here, and the model's receiver is no orphan.
 */
static bool tcp_write_timeout(struct sock *sk)
{
	if (!retransmits_timed_out(sk, TCP_RETR2))
		return false;
	tcp_write_err(sk);
	return true;
}

/*
 * tcp_retransmit_timer (3.16): the RTO.  Give the connection up after
 * tcp_retries2's RTOs (tcp_write_timeout, 924.6 s), else enter Loss
 * (everything not SACKed is lost, cwnd 1), retransmit the head, back
 * off.  The receiver never shrinks its window (no zero-window probes).
 */
static void tcp_retransmit_timer(struct sock *sk)
{
	if (!sk->packets_out)
		return;
	BUG_ON(!tcp_write_queue_head(sk));
	if (tcp_write_timeout(sk))
		return;
	sk->tlp_high_seq = 0;
	sk->rto_timeouts++;
	tcp_enter_loss(sk, 0);
	if (tcp_retransmit_skb(sk, tcp_write_queue_head(sk)) > 0) {
		/* Local congestion: no backoff. */
		if (!sk->icsk_retransmits)
			sk->icsk_retransmits = 1;
		inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS,
					  MIN(sk->icsk_rto,
					      TCP_RESOURCE_PROBE_INTERVAL));
		return;
	}
	sk->icsk_backoff++;
	sk->icsk_retransmits++;
	sk->icsk_rto = MIN(sk->icsk_rto << 1, TCP_RTO_MAX);
	inet_csk_reset_xmit_timer(sk, ICSK_TIME_RETRANS, sk->icsk_rto);
}

/* tcp_write_timer_handler: early, not pending, or the event. */
void tcp_write_timer_handler(struct sock *sk)
{
	u8 event = sk->icsk_pending;
	u32 now = tcp_time_stamp();

	if (sk->dead || !event)
		return;
	if ((s32)(sk->icsk_timeout - now) > 0) {
		mod_timer(&sk->retransmit_timer,
			  tcp_jiffies_to_cycles(sk->icsk_timeout));
		return;
	}
	switch (event) {
	case ICSK_TIME_EARLY_RETRANS:
		tcp_resume_early_retransmit(sk);
		break;
	case ICSK_TIME_LOSS_PROBE:
		tcp_send_loss_probe(sk);
		break;
	case ICSK_TIME_RETRANS:
		sk->icsk_pending = ICSK_TIME_NONE;
		tcp_retransmit_timer(sk);
		break;
	default:
		panic("tcp_write_timer_handler: event %u is not modelled",
		      event);
	}
}
