// SPDX-License-Identifier: GPL-2.0-only
/*
 * Socket layouts of 3.14, 3.16 and 5.7 (see net/sock_layout.h); every
 * number from pahole (docs/kernel-objects.md section 10).
 */
#include "net/sock_layout.h"

#include "platforms/platform.h"

/* 3.14.1 kirkwood_defconfig (UP: the socket_lock_t's slock is empty). */
static const struct sock_layout sock_3_14 = {
	.kernel = "3.14",
	.socket_alloc_size = 320, .socket_size = 28, .socket_inode = 32,
	.socket_sk = 20, .tcp_sock_size = 1184, .tcp_sock_align = 32,
	.off = { [SKF_state] = 18, [SKF_flags] = 132, [SKF_lock] = 56,
		 [SKF_wmem_alloc] = 144, [SKF_sndbuf] = 152,
		 [SKF_write_queue] = 156, [SKF_wmem_queued] = 172,
		 [SKF_send_head] = 336, [SKF_route_caps] = 192,
		 [SKF_gso_max_size] = 212, [SKF_pacing_rate] = 180,
		 [SKF_sndtimeo] = 272, [SKF_write_pending] = 344,
		 [SKF_socket] = 320, [SKF_tsq_flags] = 788,
		 [TPF_header_len] = 736, [TPF_snd_nxt] = 756,
		 [TPF_snd_una] = 760, [TPF_mss_cache] = 832,
		 [TPF_packets_out] = 876, [TPF_snd_cwnd] = 924,
		 [TPF_write_seq] = 960, [TPF_pushed_seq] = 968,
		 [TPF_nonagle] = 847 },
	.len = { [SKF_state] = 1, [SKF_flags] = 4, [SKF_lock] = 12,
		 [SKF_wmem_alloc] = 4, [SKF_sndbuf] = 4,
		 [SKF_write_queue] = 12, [SKF_wmem_queued] = 4,
		 [SKF_send_head] = 4, [SKF_route_caps] = 8,
		 [SKF_gso_max_size] = 4, [SKF_pacing_rate] = 4,
		 [SKF_sndtimeo] = 4, [SKF_write_pending] = 4,
		 [SKF_socket] = 4, [SKF_tsq_flags] = 4,
		 [TPF_header_len] = 2, [TPF_snd_nxt] = 4, [TPF_snd_una] = 4,
		 [TPF_mss_cache] = 4, [TPF_packets_out] = 4,
		 [TPF_snd_cwnd] = 4, [TPF_write_seq] = 4,
		 [TPF_pushed_seq] = 4, [TPF_nonagle] = 1 },
};

/* 3.16: struct sock as 3.14's; tcp_sock 8 bytes longer from snd_ssthresh
 * (920 -> 928) on. */
static const struct sock_layout sock_3_16 = {
	.kernel = "3.16",
	.socket_alloc_size = 320, .socket_size = 28, .socket_inode = 32,
	.socket_sk = 20, .tcp_sock_size = 1192, .tcp_sock_align = 32,
	.off = { [SKF_state] = 18, [SKF_flags] = 132, [SKF_lock] = 56,
		 [SKF_wmem_alloc] = 144, [SKF_sndbuf] = 152,
		 [SKF_write_queue] = 156, [SKF_wmem_queued] = 172,
		 [SKF_send_head] = 336, [SKF_route_caps] = 192,
		 [SKF_gso_max_size] = 212, [SKF_pacing_rate] = 180,
		 [SKF_sndtimeo] = 272, [SKF_write_pending] = 344,
		 [SKF_socket] = 320, [SKF_tsq_flags] = 788,
		 [TPF_header_len] = 736, [TPF_snd_nxt] = 756,
		 [TPF_snd_una] = 760, [TPF_mss_cache] = 832,
		 [TPF_packets_out] = 876, [TPF_snd_cwnd] = 932,
		 [TPF_write_seq] = 968, [TPF_pushed_seq] = 976,
		 [TPF_nonagle] = 847 },
	.len = { [SKF_state] = 1, [SKF_flags] = 4, [SKF_lock] = 12,
		 [SKF_wmem_alloc] = 4, [SKF_sndbuf] = 4,
		 [SKF_write_queue] = 12, [SKF_wmem_queued] = 4,
		 [SKF_send_head] = 4, [SKF_route_caps] = 8,
		 [SKF_gso_max_size] = 4, [SKF_pacing_rate] = 4,
		 [SKF_sndtimeo] = 4, [SKF_write_pending] = 4,
		 [SKF_socket] = 4, [SKF_tsq_flags] = 4,
		 [TPF_header_len] = 2, [TPF_snd_nxt] = 4, [TPF_snd_una] = 4,
		 [TPF_mss_cache] = 4, [TPF_packets_out] = 4,
		 [TPF_snd_cwnd] = 4, [TPF_write_seq] = 4,
		 [TPF_pushed_seq] = 4, [TPF_nonagle] = 1 },
};

/* 5.7.14 omap2plus_defconfig (SMP): sock_common 112 B, sk_lock 112
 * (slock, owned 116, wq 120). */
static const struct sock_layout sock_5_7 = {
	.kernel = "5.7",
	.socket_alloc_size = 576, .socket_size = 128, .socket_inode = 128,
	.socket_sk = 16, .tcp_sock_size = 1736, .tcp_sock_align = 64,
	.off = { [SKF_state] = 18, [SKF_flags] = 80, [SKF_lock] = 112,
		 [SKF_wmem_alloc] = 244, [SKF_sndbuf] = 236,
		 [SKF_write_queue] = 260, [SKF_wmem_queued] = 240,
		 [SKF_send_head] = 252, [SKF_route_caps] = 344,
		 [SKF_gso_max_size] = 372, [SKF_pacing_rate] = 324,
		 [SKF_sndtimeo] = 292, [SKF_write_pending] = 280,
		 [SKF_socket] = 472, [SKF_tsq_flags] = 248,
		 [TPF_header_len] = 1008, [TPF_snd_nxt] = 1044,
		 [TPF_snd_una] = 1076, [TPF_mss_cache] = 1132,
		 [TPF_packets_out] = 1268, [TPF_snd_cwnd] = 1328,
		 [TPF_write_seq] = 1404, [TPF_pushed_seq] = 1412,
		 [TPF_nonagle] = 1189 },
	.len = { [SKF_state] = 1, [SKF_flags] = 4, [SKF_lock] = 20,
		 [SKF_wmem_alloc] = 4, [SKF_sndbuf] = 4,
		 [SKF_write_queue] = 16, [SKF_wmem_queued] = 4,
		 [SKF_send_head] = 4, [SKF_route_caps] = 8,
		 [SKF_gso_max_size] = 4, [SKF_pacing_rate] = 4,
		 [SKF_sndtimeo] = 4, [SKF_write_pending] = 4,
		 [SKF_socket] = 4, [SKF_tsq_flags] = 4,
		 [TPF_header_len] = 2, [TPF_snd_nxt] = 4, [TPF_snd_una] = 4,
		 [TPF_mss_cache] = 4, [TPF_packets_out] = 4,
		 [TPF_snd_cwnd] = 4, [TPF_write_seq] = 4,
		 [TPF_pushed_seq] = 4, [TPF_nonagle] = 1 },
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
