// SPDX-License-Identifier: GPL-2.0-only
/*
 * The wire (src/net/wire.c): the byte times of a frame with its padding,
 * FCS, preamble and gap, and the line-rate goodput a TCP sender can reach.
 */
#include <criterion/criterion.h>

#include "helpers.h"
#include "net/wire.h"

/* Ethernet 14 + IP 20 + TCP 20 + timestamps 12. */
#define TCP_TS_HDRS 66

/* A full segment at a 1500-byte MTU: 1448 B of payload, a 1514-B frame. */
Test(wire, full_segment)
{
	cr_assert_eq(eth_wire_bytes(1448 + TCP_TS_HDRS), 1538);
	/* 1538 byte times at 1 Gbit/s: 12.304 us. */
	cr_assert_eq(eth_wire_ps(1514, 1000), 12304000);
	/* 1448 * 8 / 12.304 us = 941.482 Mbit/s. */
	cr_assert_eq(eth_goodput_kbps(1448, TCP_TS_HDRS, 1000), 941482);
}

/* A pure ACK with timestamps (66 B) needs no padding; a 42-B ARP does. */
Test(wire, short_frames)
{
	cr_assert_eq(eth_wire_bytes(TCP_TS_HDRS), 66 + 4 + 8 + 12);
	cr_assert_eq(eth_wire_bytes(42), 60 + 4 + 8 + 12);
	cr_assert_eq(eth_wire_bytes(60), 84);
	/* 84 byte times at 100 Mbit/s: 6.72 us. */
	cr_assert_eq(eth_wire_ps(42, 100), 6720000);
}

/* Less than a header is no frame; a link of no speed is no link. */
Test(wire, bad_input)
{
	EXPECT_PANIC("BUG", { eth_wire_bytes(13); });
	EXPECT_PANIC("BUG", { eth_wire_ps(100, 0); });
}
