// SPDX-License-Identifier: GPL-2.0-only
/*
 * CUBIC, 3.16's default congestion control (net/ipv4/tcp_cubic.c, version
 * 2.3, with its module defaults: beta 717/1024, bic_scale 41, fast
 * convergence, TCP friendliness, HyStart with both the ACK-train and the
 * delay detector from a window of 16), and the Reno slow start and
 * additive increase it calls (net/ipv4/tcp_cong.c).  bictcp_clock is the
 * millisecond clock (HZ < 1000: ktime_get_real), here the CPU's.
 */
#include "net/sock.h"

#include "config/runtime.h"
#include "net/sock_touch.h"

/*
 * struct bictcp (3.16) in icsk_ca_priv, for kernel_data=mem_map: cnt 0 ..
 * tcp_cwnd 40 (bictcp_update's state: the cubic function and the TCP
 * friendliness estimate, delay_min 28 and epoch_start 32 among them),
 * delayed_ack 44, then HyStart's sample_cnt 46, found 47, round_start 48,
 * end_seq 52, last_ack 56, curr_rtt 60.  5.7's is laid out alike and
 * taken as 3.16's.
 */
#define CA_UPDATE 0		/* cnt .. tcp_cwnd */
#define CA_UPDATE_LEN 44
#define CA_DELAY_MIN 28		/* delay_min, epoch_start */
#define CA_DELAYED_ACK 44
#define CA_HYSTART 44		/* delayed_ack .. curr_rtt */
#define CA_HYSTART_LEN 20
#define CA_END_SEQ 52

#define BICTCP_BETA_SCALE 1024
#define BICTCP_HZ 10			/* BIC HZ 2^10 = 1024 */
#define HYSTART_ACK_TRAIN 0x1
#define HYSTART_DELAY 0x2
#define HYSTART_MIN_SAMPLES 8
#define HYSTART_DELAY_MIN (4u << 3)
#define HYSTART_DELAY_MAX (16u << 3)
#define ACK_RATIO_SHIFT 4
#define ACK_RATIO_LIMIT (32u << ACK_RATIO_SHIFT)

static const u32 beta = 717;		/* 717/1024 */
static const u32 bic_scale = 41;
static const u32 hystart_detect = HYSTART_ACK_TRAIN | HYSTART_DELAY;
static const u32 hystart_low_window = 16;
static const u32 hystart_ack_delta = 2;	/* ms */

/* cubictcp_register's precomputed factors (an srtt of 100 ms). */
static u32 beta_scale(void)
{
	return 8 * (BICTCP_BETA_SCALE + beta) / 3 / (BICTCP_BETA_SCALE - beta);
}

static u32 cube_rtt_scale(void)
{
	return bic_scale * 10;
}

static u64 cube_factor(void)
{
	return (1ull << (10 + 3 * BICTCP_HZ)) / (bic_scale * 10);
}

static u32 bictcp_clock(void)
{
	return (u32)(this_cpu()->cycles * 1000 / machine->cfg.cpu_hz);
}

static void bictcp_reset(struct bictcp *ca)
{
	ca->cnt = 0;
	ca->last_max_cwnd = 0;
	ca->last_cwnd = 0;
	ca->last_time = 0;
	ca->bic_origin_point = 0;
	ca->bic_K = 0;
	ca->delay_min = 0;
	ca->epoch_start = 0;
	ca->delayed_ack = 2 << ACK_RATIO_SHIFT;
	ca->ack_cnt = 0;
	ca->tcp_cwnd = 0;
	ca->found = 0;
}

static void bictcp_hystart_reset(struct sock *sk)
{
	struct bictcp *ca = &sk->ca;

	sk_touch(sk, TPF_snd_nxt, false);
	sk_ca_touch(sk, CA_HYSTART, CA_HYSTART_LEN, true);
	ca->round_start = ca->last_ack = bictcp_clock();
	ca->end_seq = sk->snd_nxt;
	ca->curr_rtt = 0;
	ca->sample_cnt = 0;
}

void bictcp_init(struct sock *sk)
{
	bictcp_reset(&sk->ca);
	sk->ca.loss_cwnd = 0;
	bictcp_hystart_reset(sk);
}

static int fls64(u64 x)
{
	return x ? 64 - __builtin_clzll(x) : 0;
}

/* cubic_root: Willy Tarreau's table and one Newton-Raphson step. */
static u32 cubic_root(u64 a)
{
	static const u8 v[] = {
		0,   54,  54,  54,  118, 118, 118, 118, 123, 129, 134, 138, 143,
		147, 151, 156, 157, 161, 164, 168, 170, 173, 176, 179, 181, 185,
		187, 190, 192, 194, 197, 199, 200, 202, 204, 206, 209, 211, 213,
		215, 217, 219, 221, 222, 224, 225, 227, 229, 231, 232, 234, 236,
		237, 239, 240, 242, 244, 245, 246, 248, 250, 251, 252, 254,
	};
	u32 x, b, shift;

	b = (u32)fls64(a);
	if (b < 7)
		return ((u32)v[(u32)a] + 35) >> 6;
	b = ((b * 84) >> 8) - 1;
	shift = (u32)(a >> (b * 3));
	x = ((u32)(((u32)v[shift] + 10) << b)) >> 6;
	x = (2 * x + (u32)(a / ((u64)x * (u64)(x - 1))));
	x = ((x * 341) >> 10);
	return x;
}

/* bictcp_update: the ACKs per cwnd increment, from the cubic function
 * and TCP friendliness. */
static void bictcp_update(struct bictcp *ca, u32 cwnd)
{
	u32 delta, bic_target, max_cnt, now = tcp_time_stamp();
	u64 offs, t;

	ca->ack_cnt++;
	if (ca->last_cwnd == cwnd &&
	    (s32)(now - ca->last_time) <= (s32)(HZ_TCP / 32))
		return;
	ca->last_cwnd = cwnd;
	ca->last_time = now;
	if (ca->epoch_start == 0) {
		ca->epoch_start = now;
		ca->ack_cnt = 1;
		ca->tcp_cwnd = cwnd;
		if (ca->last_max_cwnd <= cwnd) {
			ca->bic_K = 0;
			ca->bic_origin_point = cwnd;
		} else {
			ca->bic_K = cubic_root(cube_factor() *
					       (ca->last_max_cwnd - cwnd));
			ca->bic_origin_point = ca->last_max_cwnd;
		}
	}
	t = (u64)(s32)(now - ca->epoch_start);
	t += msecs_to_jiffies(ca->delay_min >> 3);
	t <<= BICTCP_HZ;
	t /= HZ_TCP;
	offs = t < ca->bic_K ? ca->bic_K - t : t - ca->bic_K;
	delta = (u32)((cube_rtt_scale() * offs * offs * offs) >>
		      (10 + 3 * BICTCP_HZ));
	if (t < ca->bic_K)
		bic_target = ca->bic_origin_point - delta;
	else
		bic_target = ca->bic_origin_point + delta;
	if (bic_target > cwnd)
		ca->cnt = cwnd / (bic_target - cwnd);
	else
		ca->cnt = 100 * cwnd;
	if (ca->last_max_cwnd == 0 && ca->cnt > 20)
		ca->cnt = 20;
	/* TCP friendly */
	delta = (cwnd * beta_scale()) >> 3;
	while (ca->ack_cnt > delta) {
		ca->ack_cnt -= delta;
		ca->tcp_cwnd++;
	}
	if (ca->tcp_cwnd > cwnd) {
		delta = ca->tcp_cwnd - cwnd;
		max_cnt = cwnd / delta;
		if (ca->cnt > max_cnt)
			ca->cnt = max_cnt;
	}
	ca->cnt = (ca->cnt << ACK_RATIO_SHIFT) / ca->delayed_ack;
	if (ca->cnt == 0)
		ca->cnt = 1;
}

/* tcp_slow_start (3.16): cwnd grows by what was acked, to ssthresh + 1
 * (snd_cwnd, snd_ssthresh and snd_cwnd_clamp: the line the caller has
 * just loaded). */
static void tcp_slow_start(struct sock *sk, u32 acked)
{
	u32 cwnd = sk->snd_cwnd + acked;

	sk_touch(sk, TPF_snd_cwnd, true);
	if (cwnd > sk->snd_ssthresh)
		cwnd = sk->snd_ssthresh + 1;
	sk->snd_cwnd = MIN(cwnd, sk->snd_cwnd_clamp);
}

/* tcp_cong_avoid_ai: one more after @w ACKs. */
static void tcp_cong_avoid_ai(struct sock *sk, u32 w)
{
	sk_touch(sk, TPF_snd_cwnd_cnt, false);
	sk_touch(sk, TPF_snd_cwnd_cnt, true);
	if (sk->snd_cwnd_cnt >= w) {
		sk_touch(sk, TPF_snd_cwnd, true);
		if (sk->snd_cwnd < sk->snd_cwnd_clamp)
			sk->snd_cwnd++;
		sk->snd_cwnd_cnt = 0;
	} else {
		sk->snd_cwnd_cnt++;
	}
}

/*
 * bictcp_cong_avoid: tcp_is_cwnd_limited (snd_cwnd, ssthresh; 3.16's
 * max_packets_out and is_cwnd_limited share packets_out's and
 * nonagle's lines); slow start with HyStart's end_seq, or bictcp_update
 * (the cubic state read and written) and the additive increase.
 */
void bictcp_cong_avoid(struct sock *sk, u32 ack, u32 acked)
{
	struct bictcp *ca = &sk->ca;

	sk_touch2(sk, TPF_snd_ssthresh, TPF_snd_cwnd, false);
	if (!tcp_is_cwnd_limited(sk))
		return;
	if (sk->snd_cwnd <= sk->snd_ssthresh) {
		sk_ca_touch(sk, CA_END_SEQ, 4, false);
		if (after(ack, ca->end_seq))
			bictcp_hystart_reset(sk);
		tcp_slow_start(sk, acked);
	} else {
		sk_ca_touch(sk, CA_UPDATE, CA_UPDATE_LEN + 2, false);
		bictcp_update(ca, sk->snd_cwnd);
		sk_ca_touch(sk, CA_UPDATE, CA_UPDATE_LEN, true);
		tcp_cong_avoid_ai(sk, ca->cnt);
	}
}

/* bictcp_recalc_ssthresh: the loss: Wmax (fast convergence) and
 * cwnd * 717/1024. */
u32 bictcp_recalc_ssthresh(struct sock *sk)
{
	struct bictcp *ca = &sk->ca;

	ca->epoch_start = 0;
	if (sk->snd_cwnd < ca->last_max_cwnd)
		ca->last_max_cwnd =
			(sk->snd_cwnd * (BICTCP_BETA_SCALE + beta)) /
			(2 * BICTCP_BETA_SCALE);
	else
		ca->last_max_cwnd = sk->snd_cwnd;
	ca->loss_cwnd = sk->snd_cwnd;
	return MAX((sk->snd_cwnd * beta) / BICTCP_BETA_SCALE, 2u);
}

u32 bictcp_undo_cwnd(struct sock *sk)
{
	return MAX(sk->snd_cwnd, sk->ca.loss_cwnd);
}

void bictcp_state(struct sock *sk, u8 new_state)
{
	if (new_state == TCP_CA_Loss) {
		bictcp_reset(&sk->ca);
		bictcp_hystart_reset(sk);
	}
}

/* hystart_update: leave slow start on an ACK train as long as half the
 * minimum delay, or on a delay increase. */
static void hystart_update(struct sock *sk, u32 delay)
{
	struct bictcp *ca = &sk->ca;

	if (ca->found & hystart_detect)
		return;
	{
		u32 now = bictcp_clock();

		if ((s32)(now - ca->last_ack) <= (s32)hystart_ack_delta) {
			ca->last_ack = now;
			if ((s32)(now - ca->round_start) >
			    (s32)(ca->delay_min >> 4))
				ca->found |= HYSTART_ACK_TRAIN;
		}
	}
	if (ca->sample_cnt < HYSTART_MIN_SAMPLES) {
		if (ca->curr_rtt == 0 || ca->curr_rtt > delay)
			ca->curr_rtt = delay;
		ca->sample_cnt++;
	} else {
		u32 thresh = ca->delay_min >> 4;

		thresh = MAX(HYSTART_DELAY_MIN, MIN(thresh, HYSTART_DELAY_MAX));
		if (ca->curr_rtt > ca->delay_min + thresh)
			ca->found |= HYSTART_DELAY;
	}
	if (ca->found & hystart_detect) {
		sk->snd_ssthresh = sk->snd_cwnd;
		sk_touch(sk, TPF_snd_ssthresh, true);
	}
}

/* bictcp_acked (pkts_acked): the delayed-ACK ratio, the minimum delay,
 * HyStart. */
void bictcp_acked(struct sock *sk, u32 cnt, s32 rtt_us)
{
	struct bictcp *ca = &sk->ca;
	u32 delay;

	/* icsk_ca_state: loaded by tcp_ack. */
	if (sk->ca_state == TCP_CA_Open) {
		u32 ratio = ca->delayed_ack;

		ratio -= ca->delayed_ack >> ACK_RATIO_SHIFT;
		ratio += cnt;
		ca->delayed_ack = (u16)MAX(1u, MIN(ratio, ACK_RATIO_LIMIT));
		sk_ca_touch(sk, CA_DELAYED_ACK, 2, false);
		sk_ca_touch(sk, CA_DELAYED_ACK, 2, true);
	}
	if (rtt_us < 0)
		return;
	sk_ca_touch(sk, CA_DELAY_MIN, 8, false);
	if (ca->epoch_start &&
	    (s32)(tcp_time_stamp() - ca->epoch_start) < (s32)HZ_TCP)
		return;
	delay = ((u32)rtt_us << 3) / 1000;
	if (delay == 0)
		delay = 1;
	if (ca->delay_min == 0 || ca->delay_min > delay) {
		ca->delay_min = delay;
		sk_ca_touch(sk, CA_DELAY_MIN, 4, true);
	}
	sk_touch2(sk, TPF_snd_ssthresh, TPF_snd_cwnd, false);
	if (sk->snd_cwnd <= sk->snd_ssthresh &&
	    sk->snd_cwnd >= hystart_low_window) {
		/* hystart_update: found, the ACK train's last_ack and
		 * round_start, the delay samples. */
		sk_ca_touch(sk, CA_HYSTART, CA_HYSTART_LEN, false);
		sk_ca_touch(sk, CA_HYSTART, CA_HYSTART_LEN, true);
		hystart_update(sk, delay);
	}
}
