// SPDX-License-Identifier: GPL-2.0-only
/* The wire (see net/wire.h). */
#include "net/wire.h"

#include "base/panic.h"

u32 eth_wire_bytes(u32 len)
{
	BUG_ON(len < ETH_HLEN);
	return MAX(len, (u32)ETH_ZLEN) + ETH_FCS_LEN + ETH_PREAMBLE_LEN +
	       ETH_IFG_LEN;
}

u64 eth_wire_ps(u32 len, u32 mbps)
{
	BUG_ON(!mbps);
	/* 8 bits a byte, 10^6 ps per us: 8e6 / mbps ps a byte. */
	return (u64)eth_wire_bytes(len) * 8000000ull / mbps;
}

u64 eth_goodput_kbps(u32 payload, u32 hdrs, u32 mbps)
{
	/* payload * 8 bits per frame time (ps), scaled to kbit/s. */
	return (u64)payload * 8ull * 1000000000ull /
	       eth_wire_ps(payload + hdrs, mbps);
}
