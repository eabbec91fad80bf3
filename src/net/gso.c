// SPDX-License-Identifier: GPL-2.0-only
/*
 * Software segmentation and checksumming (see net/gso.h).
 */
#include "net/gso.h"

#include "arch/kv.h"
#include "base/panic.h"
#include "config/runtime.h"
#include "net/checksum.h"
#include "net/ip.h"
#include "net/net.h"
#include "net/netdevice.h"
#include "net/sock.h"

#define GSO_HDR (14 + IP_HDR_LEN + TCP_HDR_LEN)

/* The ones'-complement sum of @len bytes at @offset of @skb's data, read
 * by the CPU (skb_checksum, csum_partial per KiB). */
static u32 skb_checksum(const struct sk_buff *skb, u32 offset, u32 len)
{
	CC_SCOPE(csum_partial);
	u8 buf[2048];
	u32 sum = 0;

	charge_bytes(CODE_csum_partial_kib, len);
	for (u32 done = 0; done < len; done += sizeof(buf)) {
		u32 n = MIN(len - done, (u32)sizeof(buf));

		skb_copy_bits(skb, offset + done, buf, n);
		sum = csum_block_add(sum, csum_partial(buf, n, 0), done);
	}
	return sum;
}

/* Reference the fragments of @from covering [@offset, @offset + @len)
 * (offsets into the data past the linear part) into @to. */
static void skb_ref_frags(const struct sk_buff *from, u32 offset, u32 len,
			  struct sk_buff *to)
{
	struct skb_shared_info *sh = skb_shinfo(to);

	for (int i = 0; len && i < skb_shinfo(from)->nr_frags; i++) {
		const struct skb_frag *f = &skb_shinfo(from)->frags[i];
		u32 n;

		if (offset >= f->size) {
			offset -= f->size;
			continue;
		}
		n = MIN(len, f->size - offset);
		BUG_ON(sh->nr_frags == MAX_SKB_FRAGS);
		sh->frags[sh->nr_frags] = *f;
		sh->frags[sh->nr_frags].page_offset += offset;
		sh->frags[sh->nr_frags].size = n;
		sh->nr_frags++;
		get_page(f->page);	/* __skb_frag_ref */
		len -= n;
		offset = 0;
	}
}

struct sk_buff *skb_gso_segment(struct sk_buff *skb, u32 features)
{
	CC_SCOPE(skb_gso_segment);
	bool sg = features & NETIF_F_SG, csum = features & NETIF_F_ALL_CSUM;
	u32 mss = skb_shinfo(skb)->gso_size, hl = skb_headlen(skb);
	u32 headroom = skb_headroom(skb), seq0, offset = GSO_HDR;
	struct sk_buff *first = NULL, **tail = &first;
	struct sock *sk = skb->sk;
	u8 h[GSO_HDR];
	u16 id0;

	charge(CODE_skb_gso_segment);
	BUG_ON(!mss || skb->len <= GSO_HDR);
	skb_copy_bits(skb, 0, h, GSO_HDR);
	id0 = get_be16(h + 14 + 4);
	seq0 = get_be32(h + 14 + IP_HDR_LEN + 4);
	while (offset < skb->len) {
		u32 len = MIN(mss, skb->len - offset);
		u32 hsize = hl > offset ? hl - offset : 0;
		bool last = offset + len == skb->len;
		struct sk_buff *nskb;
		vaddr_t iph, th;
		u8 ip[IP_HDR_LEN], t[TCP_HDR_LEN];

		charge(CODE_skb_segment);
		if (hsize > len || !sg)
			hsize = len;
		nskb = __alloc_skb(hsize + GSO_HDR + headroom, GFP_ATOMIC, false);
		if (!nskb)
			goto err;
		skb_reserve(nskb, headroom);
		kv_memcpy(skb_put(nskb, GSO_HDR), skb_data(skb), GSO_HDR);
		if (!sg) {
			/* skb_segment (3.16): the payload copied and summed
			 * in one pass. */
			vaddr_t to = skb_put(nskb, len);

			nskb->csum = skb_copy_and_csum_bits(skb, offset, to,
							    len);
			nskb->ip_summed = CHECKSUM_NONE;
		} else {
			if (hsize)
				kv_memcpy(skb_put(nskb, hsize),
					  skb_data(skb) + offset, hsize);
			if (len > hsize) {
				u32 from = offset + hsize - hl;

				skb_ref_frags(skb, from, len - hsize, nskb);
				nskb->data_len = len - hsize;
				nskb->len += nskb->data_len;
				nskb->truesize += nskb->data_len;
			}
			nskb->ip_summed = CHECKSUM_PARTIAL;
			if (!csum) {
				nskb->csum = skb_checksum(nskb, GSO_HDR, len);
				nskb->ip_summed = CHECKSUM_NONE;
			}
		}
		/* inet_gso_segment: id, length, ip_send_check. */
		iph = skb_data(nskb) + 14;
		kv_read(iph, ip, IP_HDR_LEN);
		put_be16(ip + 2, (u16)(IP_HDR_LEN + TCP_HDR_LEN + len));
		put_be16(ip + 4, (u16)(id0 + (offset - GSO_HDR) / mss));
		kv_write(iph, ip, 6);
		ip_send_check(iph);
		/* tcp_gso_segment: sequence, flags, checksum. */
		th = iph + IP_HDR_LEN;
		kv_read(th, t, TCP_HDR_LEN);
		put_be32(t + 4, seq0 + (offset - GSO_HDR));
		if (!last)
			t[13] &= (u8)~(TCPHDR_PSH | TCPHDR_FIN);
		put_be16(t + 16, 0);
		if (nskb->ip_summed == CHECKSUM_PARTIAL) {
			put_be16(t + 16,
				 (u16)~csum_fold(csum_tcpudp_nofold(
					 get_be32(ip + 12), get_be32(ip + 16),
					 TCP_HDR_LEN + len, 6, 0)));
		} else {
			u32 sum = csum_block_add(csum_partial(t, TCP_HDR_LEN, 0),
						 nskb->csum, TCP_HDR_LEN);

			put_be16(t + 16, csum_fold(csum_tcpudp_nofold(
						 get_be32(ip + 12),
						 get_be32(ip + 16),
						 TCP_HDR_LEN + len, 6, sum)));
		}
		kv_write(th, t, TCP_HDR_LEN);
		nskb->pcount = 1;
		if (sk) {
			nskb->sk = sk;
			nskb->destructor = tcp_wfree;
			sk->sk_wmem_alloc += nskb->truesize;
		}
		*tail = nskb;
		tail = &nskb->next;
		offset += len;
		net_count_gso_seg();
	}
	if (!first)
		return NULL;
	/* The segments carry TSQ's accounting now (tcp_gso_segment's
	 * destructor swap). */
	if (skb->destructor == tcp_wfree && sk) {
		sk->sk_wmem_alloc -= skb->truesize;
		skb->destructor = NULL;
	}
	net_count_gso_skb();
	return first;
err:
	/* skb_segment's err: kfree_skb_list(segs), ERR_PTR(-ENOMEM): no
	 * segment goes out, dev_hard_start_xmit drops the skb. */
	while (first) {
		struct sk_buff *n = first->next;

		first->next = NULL;
		kfree_skb(first);
		first = n;
	}
	return NULL;
}

void skb_checksum_help(struct sk_buff *skb)
{
	u32 l4 = skb->len - 14 - IP_HDR_LEN;
	u8 ip[IP_HDR_LEN];
	u32 sum;
	vaddr_t th = skb_data(skb) + 14 + IP_HDR_LEN;

	kv_read(skb_data(skb) + 14, ip, IP_HDR_LEN);
	kv_write(th + 16, (u8[2]){ 0, 0 }, 2);
	sum = skb_checksum(skb, 14 + IP_HDR_LEN, l4);
	{
		u8 c[2];

		put_be16(c, csum_fold(csum_tcpudp_nofold(get_be32(ip + 12),
							 get_be32(ip + 16), l4,
							 6, sum)));
		kv_write(th + 16, c, 2);
	}
	skb->ip_summed = CHECKSUM_NONE;
}
