// SPDX-License-Identifier: GPL-2.0-only
/*
 * Socket layouts of 3.14, 3.16 and 5.7 (see net/sock_layout.h); every
 * number from pahole (docs/kernel-objects.md section 10).
 */
#include "net/sock_layout.h"

#include "platforms/platform.h"

/*
 * 3.14.1 and 3.16, kirkwood_defconfig (UP: the socket_lock_t's slock and
 * every other spinlock are empty): struct sock (384 B), inet_sock (to
 * 520) and inet_connection_sock (to 736) are the same in both, and so is
 * tcp_sock up to retrans_out (880); 3.16 adds max_packets_out and
 * max_packets_seq there, so from rx_opt on everything is 8 bytes on.
 */
#define SOCK_3X_OFF                                                        \
	[SKF_daddr] = 0, [SKF_dport] = 12, [SKF_num] = 14, [SKF_state] = 18, \
	[SKF_prot] = 32, [SKF_refcnt] = 52, [SKF_owned] = 56,               \
	[SKF_lock_wq] = 60,                                                 \
	[SKF_backlog] = 80, [SKF_backlog_tail] = 92,                        \
	[SKF_forward_alloc] = 96, [SKF_wq] = 120, [SKF_flags] = 132,        \
	[SKF_dst_cache] = 140, [SKF_wmem_alloc] = 144, [SKF_sndbuf] = 152,  \
	[SKF_write_queue] = 156, [SKF_shutdown] = 168, [SKF_protocol] = 168, \
	[SKF_wmem_queued] = 172, [SKF_allocation] = 176,                    \
	[SKF_pacing_rate] = 180, [SKF_route_caps] = 192,                    \
	[SKF_gso_max_size] = 212, [SKF_gso_max_segs] = 216, [SKF_err] = 244, \
	[SKF_err_soft] = 248,                                               \
	[SKF_priority] = 256, [SKF_sndtimeo] = 272, [SKF_socket] = 320,     \
	[SKF_send_head] = 336, [SKF_mark] = 348,                            \
	[SKF_write_pending] = 344, [SKF_write_space] = 368,                 \
	[SKF_tsq_flags] = 788, [INF_saddr] = 384, [INF_uc_ttl] = 388,       \
	[INF_sport] = 392, [INF_id] = 394, [INF_opt] = 396,                 \
	[ICF_timer] = 544, [ICF_rto] = 604,                                 \
	[ICF_pmtu_cookie] = 608, [ICF_ca_ops] = 612, [ICF_af_ops] = 616,    \
	[ICF_state] = 624, [ICF_ext_hdr_len] = 630, [ICF_ack] = 632,        \
	[ICF_ca_priv] = 668,                                                \
	[TPF_header_len] = 736, [TPF_size_goal_segs] = 738,                 \
	[TPF_pred_flags] = 740,                                             \
	[TPF_rcv_nxt] = 744, [TPF_snd_nxt] = 756, [TPF_snd_una] = 760,      \
	[TPF_snd_sml] = 764, [TPF_rcv_tstamp] = 768, [TPF_lsndtime] = 772,  \
	[TPF_tsq_node] = 780, [TPF_snd_wl1] = 820, [TPF_snd_wnd] = 824,     \
	[TPF_max_window] = 828, [TPF_mss_cache] = 832, [TPF_nonagle] = 847, \
	[TPF_rtt] = 856, [TPF_packets_out] = 876, [TPF_retrans_out] = 880

#define SOCK_3X_LEN                                                        \
	[SKF_daddr] = 4, [SKF_dport] = 2, [SKF_num] = 2, [SKF_state] = 1,    \
	[SKF_prot] = 4, [SKF_refcnt] = 4, [SKF_owned] = 4, [SKF_lock_wq] = 4, \
	[SKF_backlog] = 16, [SKF_backlog_tail] = 4,                         \
	[SKF_forward_alloc] = 4, [SKF_wq] = 4, [SKF_flags] = 4,             \
	[SKF_dst_cache] = 4, [SKF_wmem_alloc] = 4, [SKF_sndbuf] = 4,        \
	[SKF_write_queue] = 12, [SKF_shutdown] = 4, [SKF_protocol] = 4,     \
	[SKF_wmem_queued] = 4,                                              \
	[SKF_allocation] = 4, [SKF_pacing_rate] = 4, [SKF_route_caps] = 8,  \
	[SKF_gso_max_size] = 4, [SKF_gso_max_segs] = 2, [SKF_err] = 4,      \
	[SKF_err_soft] = 4,                                                 \
	[SKF_priority] = 4, [SKF_sndtimeo] = 4, [SKF_socket] = 4,           \
	[SKF_send_head] = 4, [SKF_mark] = 4,                                \
	[SKF_write_pending] = 4, [SKF_write_space] = 4,                     \
	[SKF_tsq_flags] = 4, [INF_saddr] = 4, [INF_uc_ttl] = 2,             \
	[INF_sport] = 2, [INF_id] = 2, [INF_opt] = 12,                      \
	[ICF_timer] = 32, [ICF_rto] = 4, [ICF_pmtu_cookie] = 4,             \
	[ICF_ca_ops] = 4, [ICF_af_ops] = 4, [ICF_state] = 4,                \
	[ICF_ext_hdr_len] = 2, [ICF_ack] = 8, [ICF_ca_priv] = 64,           \
	[TPF_header_len] = 2,                                               \
	[TPF_size_goal_segs] = 2, [TPF_pred_flags] = 4, [TPF_rcv_nxt] = 4,  \
	[TPF_snd_nxt] = 4,                                                  \
	[TPF_snd_una] = 4, [TPF_snd_sml] = 4, [TPF_rcv_tstamp] = 4,         \
	[TPF_lsndtime] = 4, [TPF_tsq_node] = 8, [TPF_snd_wl1] = 4,          \
	[TPF_snd_wnd] = 4, [TPF_max_window] = 4, [TPF_mss_cache] = 4,       \
	[TPF_nonagle] = 1, [TPF_rtt] = 20, [TPF_packets_out] = 4,           \
	[TPF_retrans_out] = 4, [TPF_rx_opt] = 24, [TPF_snd_ssthresh] = 4,   \
	[TPF_snd_cwnd] = 4, [TPF_snd_cwnd_cnt] = 4, [TPF_snd_cwnd_stamp] = 4, \
	[TPF_rcv_wnd] = 4, [TPF_write_seq] = 4, [TPF_pushed_seq] = 4,       \
	[TPF_left_out] = 12, [TPF_tso_deferred] = 4, [TPF_skb_hints] = 8,   \
	[TPF_highest_sack] = 4, [TPF_lost_cnt_hint] = 4, [TPF_high_seq] = 4, \
	[TPF_fastopen_rsk] = 4

/* struct socket (28 B): state 0, type 4, flags 8, wq 12, file 16, sk 20,
 * ops 24; the kmalloc'd socket_wq: wait (8 B: UP's empty lock and the
 * list head) at 0, fasync_list 8, rcu 12. */
#define SOCKET_3X                                                          \
	.socket_alloc_size = 320, .socket_alloc_slab = 324,                 \
	.socket_alloc_align = 32, .socket_inode = 32, .wq_size = 20,        \
	.wq_off = 0, .wait_len = 8,                                         \
	.socket_off = { [SOF_type] = 4, [SOF_flags] = 8, [SOF_wq] = 12,     \
			[SOF_sk] = 20, [SOF_ops] = 24 },                    \
	.socket_len = { [SOF_type] = 2, [SOF_flags] = 4, [SOF_wq] = 4,      \
			[SOF_sk] = 4, [SOF_ops] = 4 }

static const struct sock_layout sock_3_14 = {
	.kernel = "3.14",
	SOCKET_3X,
	.tcp_sock_size = 1184, .tcp_sock_slab = 1188, .tcp_sock_align = 32,
	.off = { SOCK_3X_OFF, [TPF_rx_opt] = 896, [TPF_snd_ssthresh] = 920,
		 [TPF_snd_cwnd] = 924, [TPF_snd_cwnd_cnt] = 928,
		 [TPF_snd_cwnd_stamp] = 940, [TPF_rcv_wnd] = 956,
		 [TPF_write_seq] = 960, [TPF_pushed_seq] = 968,
		 [TPF_left_out] = 972, [TPF_tso_deferred] = 984,
		 [TPF_skb_hints] = 988, [TPF_highest_sack] = 1080,
		 [TPF_lost_cnt_hint] = 1084,
		 [TPF_high_seq] = 1100, [TPF_fastopen_rsk] = 1176 },
	.len = { SOCK_3X_LEN },
};

static const struct sock_layout sock_3_16 = {
	.kernel = "3.16",
	SOCKET_3X,
	.tcp_sock_size = 1192, .tcp_sock_slab = 1196, .tcp_sock_align = 32,
	.off = { SOCK_3X_OFF, [TPF_rx_opt] = 904, [TPF_snd_ssthresh] = 928,
		 [TPF_snd_cwnd] = 932, [TPF_snd_cwnd_cnt] = 936,
		 [TPF_snd_cwnd_stamp] = 948, [TPF_rcv_wnd] = 964,
		 [TPF_write_seq] = 968, [TPF_pushed_seq] = 976,
		 [TPF_left_out] = 980, [TPF_tso_deferred] = 992,
		 [TPF_skb_hints] = 996, [TPF_highest_sack] = 1088,
		 [TPF_lost_cnt_hint] = 1092,
		 [TPF_high_seq] = 1108, [TPF_fastopen_rsk] = 1184 },
	.len = { SOCK_3X_LEN },
};

/*
 * 5.7.14 omap2plus_defconfig (SMP, SLAB): sock_common 112 B (skc_flags at
 * 80), sk_lock 112 (slock, owned 116, wq 120: its lock, then the list
 * head at 124), struct sock 528 B, inet_sock to 712, inet_connection_sock
 * to 1008 (timer_list 20 B), tcp_sock 1736 B.  struct socket 128 B
 * (state 0, type 4, flags 8, file 12, sk 16, ops 20) with its socket_wq
 * embedded at 64 (wait: lock and list head, 12 B).  No fackets_out and
 * no tso_deferred any more.
 */
static const struct sock_layout sock_5_7 = {
	.kernel = "5.7",
	.socket_alloc_size = 576, .socket_alloc_slab = 576,
	.socket_alloc_align = 64, .socket_inode = 128, .wq_size = 0,
	.wq_off = 64, .wait_len = 12,
	.socket_off = { [SOF_type] = 4, [SOF_flags] = 8, [SOF_sk] = 16,
			[SOF_ops] = 20 },
	.socket_len = { [SOF_type] = 2, [SOF_flags] = 4, [SOF_sk] = 4,
			[SOF_ops] = 4 },
	.tcp_sock_size = 1736, .tcp_sock_slab = 1736, .tcp_sock_align = 64,
	.off = { [SKF_daddr] = 0, [SKF_dport] = 12, [SKF_num] = 14,
		 [SKF_state] = 18, [SKF_prot] = 32, [SKF_refcnt] = 100,
		 [SKF_slock] = 112,
		 [SKF_owned] = 116, [SKF_lock_wq] = 124, [SKF_backlog] = 176,
		 [SKF_backlog_tail] = 188, [SKF_forward_alloc] = 192,
		 [SKF_wq] = 212, [SKF_flags] = 80, [SKF_dst_cache] = 228,
		 [SKF_wmem_alloc] = 244, [SKF_sndbuf] = 236,
		 [SKF_write_queue] = 260, [SKF_shutdown] = 458,
		 [SKF_protocol] = 388, [SKF_priority] = 316, [SKF_mark] = 320,
		 [SKF_wmem_queued] = 240, [SKF_allocation] = 376,
		 [SKF_pacing_rate] = 324, [SKF_route_caps] = 344,
		 [SKF_gso_max_size] = 372, [SKF_gso_max_segs] = 390,
		 [SKF_err] = 404, [SKF_err_soft] = 408, [SKF_sndtimeo] = 292, [SKF_socket] = 472,
		 [SKF_send_head] = 252, [SKF_write_pending] = 280,
		 [SKF_write_space] = 496, [SKF_tsq_flags] = 248,
		 [INF_saddr] = 532, [INF_uc_ttl] = 536, [INF_sport] = 540,
		 [INF_id] = 542, [INF_opt] = 544,
		 [ICF_timer] = 768, [ICF_rto] = 812, [ICF_pmtu_cookie] = 816,
		 [ICF_ca_ops] = 820, [ICF_af_ops] = 824, [ICF_state] = 852,
		 [ICF_ext_hdr_len] = 858, [ICF_ack] = 860, [ICF_ca_priv] = 904,
		 [TPF_header_len] = 1008, [TPF_size_goal_segs] = 1010,
		 [TPF_pred_flags] = 1012,
		 [TPF_rcv_nxt] = 1032, [TPF_snd_nxt] = 1044,
		 [TPF_snd_una] = 1076, [TPF_snd_sml] = 1080,
		 [TPF_rcv_tstamp] = 1084, [TPF_lsndtime] = 1088,
		 [TPF_tsq_node] = 1104, [TPF_snd_wl1] = 1120,
		 [TPF_snd_wnd] = 1124, [TPF_max_window] = 1128,
		 [TPF_mss_cache] = 1132, [TPF_nonagle] = 1189,
		 [TPF_rtt] = 1224, [TPF_packets_out] = 1268,
		 [TPF_retrans_out] = 1272, [TPF_rx_opt] = 1300,
		 [TPF_snd_ssthresh] = 1324, [TPF_snd_cwnd] = 1328,
		 [TPF_snd_cwnd_cnt] = 1332, [TPF_snd_cwnd_stamp] = 1344,
		 [TPF_rcv_wnd] = 1400, [TPF_write_seq] = 1404,
		 [TPF_pushed_seq] = 1412, [TPF_left_out] = 1416,
		 [TPF_skb_hints] = 1520, [TPF_highest_sack] = 1608,
		 [TPF_lost_cnt_hint] = 1612,
		 [TPF_high_seq] = 1620, [TPF_fastopen_rsk] = 1728 },
	.len = { [SKF_daddr] = 4, [SKF_dport] = 2, [SKF_num] = 2,
		 [SKF_state] = 1, [SKF_prot] = 4, [SKF_refcnt] = 4, [SKF_slock] = 4,
		 [SKF_owned] = 4, [SKF_lock_wq] = 4, [SKF_backlog] = 16, [SKF_backlog_tail] = 4,
		 [SKF_forward_alloc] = 4, [SKF_wq] = 4, [SKF_flags] = 4,
		 [SKF_dst_cache] = 4, [SKF_wmem_alloc] = 4, [SKF_sndbuf] = 4,
		 [SKF_write_queue] = 16, [SKF_shutdown] = 1,
		 [SKF_protocol] = 2, [SKF_priority] = 4, [SKF_mark] = 4,
		 [SKF_wmem_queued] = 4, [SKF_allocation] = 4,
		 [SKF_pacing_rate] = 4, [SKF_route_caps] = 8,
		 [SKF_gso_max_size] = 4, [SKF_gso_max_segs] = 2, [SKF_err] = 4,
		 [SKF_err_soft] = 4, [SKF_sndtimeo] = 4, [SKF_socket] = 4, [SKF_send_head] = 4,
		 [SKF_write_pending] = 4, [SKF_write_space] = 4,
		 [SKF_tsq_flags] = 4, [INF_saddr] = 4, [INF_uc_ttl] = 2,
		 [INF_sport] = 2, [INF_id] = 2, [INF_opt] = 12, [ICF_timer] = 24, [ICF_rto] = 4,
		 [ICF_pmtu_cookie] = 4, [ICF_ca_ops] = 4, [ICF_af_ops] = 4,
		 [ICF_state] = 4, [ICF_ext_hdr_len] = 2, [ICF_ack] = 8,
		 [ICF_ca_priv] = 64,
		 [TPF_header_len] = 2, [TPF_size_goal_segs] = 2,
		 [TPF_pred_flags] = 4, [TPF_rcv_nxt] = 4, [TPF_snd_nxt] = 4, [TPF_snd_una] = 4,
		 [TPF_snd_sml] = 4, [TPF_rcv_tstamp] = 4, [TPF_lsndtime] = 4,
		 [TPF_tsq_node] = 8, [TPF_snd_wl1] = 4, [TPF_snd_wnd] = 4,
		 [TPF_max_window] = 4, [TPF_mss_cache] = 4, [TPF_nonagle] = 1,
		 [TPF_rtt] = 20, [TPF_packets_out] = 4, [TPF_retrans_out] = 4,
		 [TPF_rx_opt] = 24, [TPF_snd_ssthresh] = 4, [TPF_snd_cwnd] = 4,
		 [TPF_snd_cwnd_cnt] = 4, [TPF_snd_cwnd_stamp] = 4,
		 [TPF_rcv_wnd] = 4, [TPF_write_seq] = 4, [TPF_pushed_seq] = 4,
		 [TPF_left_out] = 8, [TPF_skb_hints] = 8,
		 [TPF_highest_sack] = 4, [TPF_lost_cnt_hint] = 4,
		 [TPF_high_seq] = 4, [TPF_fastopen_rsk] = 4 },
};

const struct sock_layout *sock_layout_of(u32 kernel_version)
{
	if (kernel_version < KERNEL_VERSION(2, 6, 0))
		return NULL;
	if (kernel_version < KERNEL_VERSION(3, 15, 0))
		return &sock_3_14;
	if (kernel_version < KERNEL_VERSION(5, 0, 0))
		return &sock_3_16;
	return &sock_5_7;
}
