// gpuarray: sort along a dimension, stable, in Octave's order: an LSD radix sort of
// order-preserving keys, 8 bits a pass, then passes on each element's line number so
// that the lines come out grouped (the sort is stable, so each line keeps its order).
// The array is inner x len x outer elements (total < 2^31); element e is the
// k = (e / inner) % len -th of line i + inner * o (i = e % inner, o = e / (inner len)).
// Each element travels as its key and its position e, bit 31 of which marks an element
// whose value its key does not give back (-0, a NaN of other bits than the key's one).
// Defined by ga_vk_sort.c:
//   KEY_T, KEY_BITS: the key's type (uint64_t or uint) and its width (64 or 32)
//   KEY_OF(e):      element e's key (in_addr): -0 as +0, every NaN as one NaN above +Inf,
//                   signed integers offset, so that unsigned order is Octave's
//   SPECIAL_OF(e):  whether element e's value differs from VALUE_OF(KEY_OF(e))
//   VALUE_OF(k):    the value's bits from its (ascending) key
//   ELEM_BYTES:     the element size (8, 4, 2, 1)
//   NSG_MAX:        subgroups in a workgroup of 256 (256 / the subgroup size)
//   MODE:           the kernel, below
//   TILE:           the elements of a tile (a multiple of 256; TILE keys and positions
//                   fit in shared memory)
// Kernels (MODE, a pipeline each):
//   0 histogram: counts[d * ntiles + g] = elements of tile g with digit d
//   1 offsets:   a workgroup per digit d: counts[d * ntiles + .] to exclusive prefix sums,
//                counts[256 ntiles + d] = the digit's total
//   4 starts:    one workgroup: the digits' totals to exclusive prefix sums (in place)
//   2 scatter:   tile g's elements sorted by digit in shared memory, stably (each
//                subgroup ranks a contiguous part of the tile, sgs elements at a time,
//                from ballots and its own counters; the subgroups' counts scanned per
//                digit), then written in that order, so that each digit's run of the
//                tile goes out to consecutive addresses
//   3 emit:      output position q from sorted position r of its line: the value (from
//                the key, or from the data where marked) and k + 1
//   5 spread:    before the passes, the key bits that differ anywhere (digits without
//                any are not sorted by)
// flags: 1 the first pass (keys from the data, positions e), 2 a line pass (the digit
// of the element's line), 8 descend (keys complemented in the first pass)
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 256) in;

#define RADIX 256u

layout(push_constant) uniform Params {
  uint64_t in_addr, key_src, idx_src, key_dst, idx_dst, counts, out_addr, outidx_addr;
  uint total, inner, len, ntiles;
  uint shift, pad, flags, groups_x;
} pc;

shared uint cnt[RADIX];
shared uint base[RADIX];
shared uint lbase[RADIX];
// per subgroup, the counts of its part's digits, two 16-bit counters a word (digits
// 2w and 2w + 1), then their exclusive sums over the subgroups before
shared uint sg_count[NSG_MAX][RADIX / 2];
#if MODE == 2
shared KEY_T tile_key[TILE];
shared uint tile_idx[TILE];
#endif

#define POS_MASK 0x7fffffffu
#define PER (TILE / 256u) // elements a thread

uint line_of(uint e)
{
  return e % pc.inner + pc.inner * (e / (pc.inner * pc.len));
}

// element p's key (pass order) and position; its digit for this pass
KEY_T key_at(uint p)
{
  if ((pc.flags & 1u) != 0u) {
    KEY_T k = KEY_OF(p);
    return (pc.flags & 8u) != 0u ? ~k : k;
  }
  return KEY_BITS == 64 ? KEY_T(GaU64(pc.key_src + 8ul * uint64_t(p)).v) : KEY_T(GaU32(pc.key_src + 4ul * uint64_t(p)).v);
}

uint idx_at(uint p)
{
  if ((pc.flags & 1u) != 0u)
    return SPECIAL_OF(p) ? p | ~POS_MASK : p;
  return GaU32(pc.idx_src + 4ul * uint64_t(p)).v;
}

uint digit_of(KEY_T k, uint ix)
{
  if ((pc.flags & 2u) != 0u)
    return (line_of(ix & POS_MASK) >> pc.shift) & 255u;
  return uint(k >> pc.shift) & 255u;
}

uint group_id() { return gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x; }

// the lanes of this subgroup that hold an element of digit d (the calling lane's), from
// 8 ballots (subgroupPartitionNV, one operation, was slower on the H200: scatter 1.43 ->
// 1.56 ms a pass of 1e8 doubles, counts 0.40 -> 0.75)
uvec4 same_digit(bool valid, uint d)
{
  uvec4 peers = subgroupBallot(valid);
  for (uint b = 0u; b < 8u; b++) {
    bool bit = ((d >> b) & 1u) != 0u;
    uvec4 m = subgroupBallot(bit);
    peers &= bit ? m : ~m;
  }
  return peers;
}

uint64_t count_addr(uint d, uint g) { return pc.counts + 4ul * (uint64_t(d) * uint64_t(pc.ntiles) + uint64_t(g)); }
// the digits' totals, after the counts
uint64_t total_addr(uint d) { return count_addr(RADIX, 0u) + 4ul * uint64_t(d); }

void histogram()
{
  uint g = group_id(), t = gl_LocalInvocationID.x;
  if (g >= pc.ntiles)
    return;
  cnt[t] = 0u;
  barrier();
  // the tile's digits first (all loads in flight at once), then counted: one atomic
  // for each digit a subgroup holds (a byte shared by all keys, the exponent of data
  // in one binade, would otherwise serialize the workgroup)
  bool line = (pc.flags & 2u) != 0u;
  uint dg[PER];
  [[unroll]] for (uint m = 0u; m < PER; m++) {
    uint p = g * TILE + m * 256u + t;
    dg[m] = RADIX;
    if (p < pc.total) {
      uint ix = line ? idx_at(p) : 0u;
      KEY_T k = line ? KEY_T(0) : key_at(p);
      dg[m] = digit_of(k, ix);
    }
  }
  [[unroll]] for (uint m = 0u; m < PER; m++) {
    bool valid = dg[m] < RADIX;
    uvec4 peers = same_digit(valid, dg[m]);
    if (valid && subgroupBallotBitCount(peers & gl_SubgroupLtMask) == 0u)
      atomicAdd(cnt[dg[m]], subgroupBallotBitCount(peers));
  }
  barrier();
  GaU32(count_addr(t, g)).v = cnt[t];
}

// inclusive sums of v over the workgroup's threads (Hillis and Steele in shared memory)
uint workgroup_scan(uint v)
{
  uint t = gl_LocalInvocationID.x;
  cnt[t] = v;
  barrier();
  for (uint w = 1u; w < 256u; w <<= 1) {
    uint a = t >= w ? cnt[t - w] : 0u;
    barrier();
    cnt[t] += a;
    barrier();
  }
  return cnt[t];
}

// a workgroup per digit: its row of counts in chunks of 2048, read and written whole
// (coalesced) through shared memory, each thread scanning 8 consecutive counts after
// the scan of the threads' sums
#if MODE == 1
shared uint chunk[2048];
void offsets()
{
  uint d = group_id(), t = gl_LocalInvocationID.x;
  if (d >= RADIX)
    return;
  uint carry = 0u;
  for (uint c0 = 0u; c0 < pc.ntiles; c0 += 2048u) {
    for (uint m = 0u; m < 8u; m++) {
      uint j = c0 + t + 256u * m;
      chunk[t + 256u * m] = j < pc.ntiles ? GaU32(count_addr(d, j)).v : 0u;
    }
    barrier();
    uint s = 0u;
    for (uint m = 0u; m < 8u; m++)
      s += chunk[8u * t + m];
    uint run = carry + workgroup_scan(s) - s;
    carry += cnt[255];
    for (uint m = 0u; m < 8u; m++) {
      uint v = chunk[8u * t + m];
      chunk[8u * t + m] = run;
      run += v;
    }
    barrier();
    for (uint m = 0u; m < 8u; m++) {
      uint j = c0 + t + 256u * m;
      if (j < pc.ntiles)
        GaU32(count_addr(d, j)).v = chunk[t + 256u * m];
    }
    barrier();
  }
  if (t == 0u)
    GaU32(total_addr(d)).v = carry;
}
#endif

void starts()
{
  uint t = gl_LocalInvocationID.x;
  uint64_t at = total_addr(t);
  uint c = GaU32(at).v;
  uint s = workgroup_scan(c);
  GaU32(at).v = s - c;
}

uint half_of(uint word, uint d) { return (word >> ((d & 1u) * 16u)) & 0xffffu; }

#if MODE == 2
void scatter()
{
  uint g = group_id(), t = gl_LocalInvocationID.x;
  if (g >= pc.ntiles)
    return;
  uint sg = gl_SubgroupID, nsg = gl_NumSubgroups, lane = gl_SubgroupInvocationID, sgs = gl_SubgroupSize;
  // the tile's count of digit t: the next tile's offset less its own (the digit's
  // total, the next digit's start less its own, after the last tile)
  uint off = GaU32(count_addr(t, g)).v, start = GaU32(total_addr(t)).v;
  uint next = g + 1u < pc.ntiles ? GaU32(count_addr(t, g + 1u)).v + start
            : (t < RADIX - 1u ? GaU32(total_addr(t + 1u)).v : pc.total);
  uint c = next - start - off;
  lbase[t] = workgroup_scan(c) - c;
  base[t] = start + off;
  for (uint w = 0u; w < nsg; w++)
    if (t < RADIX / 2u)
      sg_count[w][t] = 0u;
  barrier();
  // subgroup sg ranks the tile's elements sg * PER * sgs on, sgs at a time, each among
  // its subgroup's elements of its digit so far (sg_count: the subgroup's own counters)
  uint n = min(TILE, pc.total - g * TILE), first = sg * PER * sgs;
  KEY_T k[PER];
  uint ix[PER], dg[PER], rk[PER];
  [[unroll]] for (uint m = 0u; m < PER; m++) {
    uint local = first + m * sgs + lane;
    bool valid = local < n;
    k[m] = KEY_T(0);
    ix[m] = 0u;
    uint d = 0u;
    if (valid) {
      ix[m] = idx_at(g * TILE + local);
      k[m] = key_at(g * TILE + local);
      d = digit_of(k[m], ix[m]);
    }
    uvec4 peers = same_digit(valid, d);
    uint rank = subgroupBallotBitCount(peers & gl_SubgroupLtMask);
    rk[m] = half_of(sg_count[sg][d >> 1], d) + rank;
    dg[m] = valid ? d : RADIX;
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    if (valid && rank == 0u)
      atomicAdd(sg_count[sg][d >> 1], subgroupBallotBitCount(peers) << ((d & 1u) * 16u));
    subgroupMemoryBarrierShared();
    subgroupBarrier();
  }
  barrier();
  if (t < RADIX / 2u) { // the subgroups before, per digit: both halves at once (< 2^16)
    uint run = 0u;
    for (uint w = 0u; w < nsg; w++) {
      uint v = sg_count[w][t];
      sg_count[w][t] = run;
      run += v;
    }
  }
  barrier();
  [[unroll]] for (uint m = 0u; m < PER; m++) {
    uint d = dg[m];
    if (d < RADIX) {
      uint at = lbase[d] + half_of(sg_count[sg][d >> 1], d) + rk[m];
      tile_key[at] = k[m];
      tile_idx[at] = ix[m];
    }
  }
  barrier();
  for (uint j = t; j < n; j += 256u) {
    KEY_T kj = tile_key[j];
    uint ij = tile_idx[j], d = digit_of(kj, ij);
    uint dest = base[d] + j - lbase[d];
    if (KEY_BITS == 64)
      GaU64(pc.key_dst + 8ul * uint64_t(dest)).v = uint64_t(kj);
    else
      GaU32(pc.key_dst + 4ul * uint64_t(dest)).v = uint(kj);
    GaU32(pc.idx_dst + 4ul * uint64_t(dest)).v = ij;
  }
}
#endif

// output position q (a thread each), or q .. q + 3 for 1- and 2-byte elements (a word)
void emit_one(uint q, inout uint word)
{
  uint r = q; // lines along the first dimension (inner 1) are where they belong
  if (pc.inner != 1u) {
    uint i = q % pc.inner, rest = q / pc.inner, j = rest % pc.len, o = rest / pc.len;
    r = (i + pc.inner * o) * pc.len + j;
  }
  uint ix = GaU32(pc.idx_src + 4ul * uint64_t(r)).v, e = ix & POS_MASK;
  if (pc.outidx_addr != 0ul) {
    uint k = pc.inner != 1u ? (e / pc.inner) % pc.len : pc.len != pc.total ? e % pc.len : e;
    GaF64(pc.outidx_addr + 8ul * uint64_t(q)).v = double(k + 1u);
  }
  KEY_T k = key_at(r);
  k = (pc.flags & 8u) != 0u ? ~k : k;
  bool special = ix != e;
#if ELEM_BYTES == 8
  GaU64(pc.out_addr + 8ul * uint64_t(q)).v = special ? GaU64(pc.in_addr + 8ul * uint64_t(e)).v : VALUE_OF(k);
#elif ELEM_BYTES == 4
  GaU32(pc.out_addr + 4ul * uint64_t(q)).v = special ? GaU32(pc.in_addr + 4ul * uint64_t(e)).v : VALUE_OF(k);
#else
  word |= uint(VALUE_OF(k)) << ((q % (4u / ELEM_BYTES)) * 8u * ELEM_BYTES);
#endif
}

void emit()
{
  uint64_t tid = uint64_t(group_id()) * 256ul + uint64_t(gl_LocalInvocationID.x);
#if ELEM_BYTES >= 4
  uint word = 0u;
  if (tid < uint64_t(pc.total))
    emit_one(uint(tid), word);
#else
  uint64_t q4 = 4ul * tid;
  if (q4 >= uint64_t(pc.total))
    return;
  uint words[2] = uint[2](0u, 0u);
  for (uint u = 0u; u < 4u && q4 + uint64_t(u) < uint64_t(pc.total); u++)
    emit_one(uint(q4) + u, words[u * ELEM_BYTES / 4u]);
#if ELEM_BYTES == 2
  GaU32x2(pc.out_addr + 2ul * q4).v = uvec2(words[0], words[1]);
#else
  GaU32(pc.out_addr + q4).v = words[0];
#endif
#endif
}

// the bits in which some key differs from the first one: a digit that no key differs in
// orders nothing, and its pass is skipped (two words, or-ed into counts[0], counts[1])
#if MODE == 5
shared uint spread[2];
void spread_of_keys()
{
  uint g = group_id(), t = gl_LocalInvocationID.x;
  if (g >= pc.ntiles)
    return;
  if (t < 2u)
    spread[t] = 0u;
  barrier();
  KEY_T k0 = KEY_OF(0u), acc = KEY_T(0);
  [[unroll]] for (uint m = 0u; m < PER; m++) {
    uint p = g * TILE + m * 256u + t;
    if (p < pc.total)
      acc |= KEY_OF(p) ^ k0;
  }
  uint64_t a = uint64_t(acc);
  if (a != 0ul) {
    atomicOr(spread[0], uint(a));
    atomicOr(spread[1], uint(a >> 32));
  }
  barrier();
  if (t < 2u && spread[t] != 0u)
    atomicOr(GaU32(pc.counts + 4ul * uint64_t(t)).v, spread[t]);
}
#endif

void main()
{
#if MODE == 0
  histogram();
#elif MODE == 1
  offsets();
#elif MODE == 2
  scatter();
#elif MODE == 3
  emit();
#elif MODE == 5
  spread_of_keys();
#else
  starts();
#endif
}
