/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What an incoming ACK did, as tcp_ack collects it for the loss recovery
 * (net/ipv4/tcp_input.c's FLAG_*, 3.16).
 */
#ifndef VMSPLIT_NET_TCP_FLAGS_H
#define VMSPLIT_NET_TCP_FLAGS_H

#define FLAG_DATA 0x01			/* the frame carried data */
#define FLAG_WIN_UPDATE 0x02		/* a window update */
#define FLAG_DATA_ACKED 0x04		/* new data acknowledged */
#define FLAG_RETRANS_DATA_ACKED 0x08	/* some of it retransmitted */
#define FLAG_SYN_ACKED 0x10
#define FLAG_DATA_SACKED 0x20		/* new SACK */
#define FLAG_ECE 0x40
#define FLAG_SLOWPATH 0x100		/* the window checks not skipped */
#define FLAG_ORIG_SACK_ACKED 0x200	/* unretransmitted data (s)acked */
#define FLAG_SND_UNA_ADVANCED 0x400
#define FLAG_DSACKING_ACK 0x800		/* SACK blocks with a D-SACK */
#define FLAG_SACK_RENEGING 0x2000	/* snd_una advanced to a SACKed seq */
#define FLAG_UPDATE_TS_RECENT 0x4000

#define FLAG_ACKED (FLAG_DATA_ACKED | FLAG_SYN_ACKED)
#define FLAG_NOT_DUP (FLAG_DATA | FLAG_WIN_UPDATE | FLAG_ACKED)
#define FLAG_CA_ALERT (FLAG_DATA_SACKED | FLAG_ECE)
#define FLAG_FORWARD_PROGRESS (FLAG_ACKED | FLAG_DATA_SACKED)

#endif
