// gpuarray: sort along a dimension, stable, in Octave's order: an LSD radix sort of
// order-preserving keys, 4 bits a pass, then passes on each element's line number so
// that the lines come out grouped (the sort is stable, so each line keeps its order).
// The array is inner x len x outer elements (total < 2^32); element e is the
// k = (e / inner) % len -th of line i + inner * o (i = e % inner, o = e / (inner len)).
// Defined by ga_vk_sort.c:
//   KEY_T, KEY_BITS: the key's type (uint64_t or uint) and the bits that order it
//   KEY_OF(e):      element e's key (in_addr): -0 as +0, every NaN as one NaN above +Inf,
//                   signed integers offset, so that unsigned order is Octave's
//   ELEM_BYTES:     the element size (8, 4, 2, 1), for the final copy of the values
// Passes (pc.mode):
//   0 histogram: counts[d * ntiles + g] = elements of tile g (TILE elements) with digit d
//   1 offsets:   a workgroup per digit d: counts[d * ntiles + .] to exclusive prefix sums,
//                counts[16 ntiles + d] = the digit's total
//   2 scatter:   tile g's elements to their places, in order within each digit (the
//                tile's 256-element blocks one after another, each ranked by one scan of
//                sixteen 16-bit counters packed in eight words)
//   3 emit:      output position q from sorted position r of its line: the value and k + 1
// flags: 1 the first pass (keys from the data, positions e), 2 a line pass (the digit
// of the element's line, keys not read), 4 keys not written (no later pass reads them),
// 8 descend (keys complemented in the first pass)
layout(local_size_x = 256) in;

#define TILE 4096u

layout(push_constant) uniform Params {
  uint64_t in_addr, key_src, idx_src, key_dst, idx_dst, counts, out_addr, outidx_addr;
  uint total, inner, len, ntiles;
  uint shift, mode, flags, groups_x;
} pc;

shared uint cnt[16];
shared uint base[16];
shared uvec4 scan_lo[256], scan_hi[256];

uint line_of(uint e)
{
  uint il = pc.inner * pc.len;
  return e % pc.inner + pc.inner * (e / il);
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
  return (pc.flags & 1u) != 0u ? p : GaU32(pc.idx_src + 4ul * uint64_t(p)).v;
}

uint digit_of(KEY_T k, uint ix)
{
  if ((pc.flags & 2u) != 0u)
    return (line_of(ix) >> pc.shift) & 15u;
  return uint(k >> pc.shift) & 15u;
}

uint group_id() { return gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x; }

void histogram()
{
  uint g = group_id(), t = gl_LocalInvocationID.x;
  if (g >= pc.ntiles)
    return;
  if (t < 16u)
    cnt[t] = 0u;
  barrier();
  bool line = (pc.flags & 2u) != 0u;
  for (uint s = 0u; s < TILE; s += 256u) {
    uint p = g * TILE + s + t;
    if (p < pc.total) {
      uint ix = line ? idx_at(p) : 0u;
      KEY_T k = line ? KEY_T(0) : key_at(p);
      atomicAdd(cnt[digit_of(k, ix)], 1u);
    }
  }
  barrier();
  if (t < 16u)
    GaU32(pc.counts + 4ul * (uint64_t(t) * uint64_t(pc.ntiles) + uint64_t(g))).v = cnt[t];
}

// a workgroup per digit: each thread adds a run of tiles' counts, the runs' sums are
// scanned in shared memory, and each thread writes its run's exclusive prefixes
shared uint run_sum[256];
void offsets()
{
  uint d = group_id(), t = gl_LocalInvocationID.x;
  if (d >= 16u)
    return;
  uint per = (pc.ntiles + 255u) / 256u, a = min(pc.ntiles, t * per), b = min(pc.ntiles, a + per);
  uint64_t row = pc.counts + 4ul * uint64_t(d) * uint64_t(pc.ntiles);
  uint s = 0u;
  for (uint j = a; j < b; j++)
    s += GaU32(row + 4ul * uint64_t(j)).v;
  run_sum[t] = s;
  barrier();
  for (uint w = 1u; w < 256u; w <<= 1) {
    uint v = t >= w ? run_sum[t - w] : 0u;
    barrier();
    run_sum[t] += v;
    barrier();
  }
  uint acc = run_sum[t] - s;
  for (uint j = a; j < b; j++) {
    uint c = GaU32(row + 4ul * uint64_t(j)).v;
    GaU32(row + 4ul * uint64_t(j)).v = acc;
    acc += c;
  }
  if (t == 255u)
    GaU32(pc.counts + 4ul * (16ul * uint64_t(pc.ntiles) + uint64_t(d))).v = run_sum[255];
}

uint field(uvec4 lo, uvec4 hi, uint d)
{
  uint w = (d & 7u) >> 1;
  uint word = d < 8u ? lo[w] : hi[w];
  return (word >> ((d & 1u) * 16u)) & 0xffffu;
}

void scatter()
{
  uint g = group_id(), t = gl_LocalInvocationID.x;
  if (g >= pc.ntiles)
    return;
  if (t < 16u) {
    cnt[t] = 0u;
    base[t] = GaU32(pc.counts + 4ul * (uint64_t(t) * uint64_t(pc.ntiles) + uint64_t(g))).v;
  }
  barrier();
  if (t == 0u) { // the digits' totals to their starts
    uint s = 0u;
    for (uint d = 0u; d < 16u; d++) {
      uint c = GaU32(pc.counts + 4ul * (16ul * uint64_t(pc.ntiles) + uint64_t(d))).v;
      base[d] += s;
      s += c;
    }
  }
  barrier();
  bool line = (pc.flags & 2u) != 0u, keep_keys = (pc.flags & 4u) == 0u;
  for (uint s = 0u; s < TILE && g * TILE + s < pc.total; s += 256u) {
    uint p = g * TILE + s + t;
    bool valid = p < pc.total;
    KEY_T k = KEY_T(0);
    uint ix = 0u, d = 0u;
    uvec4 lo = uvec4(0u), hi = uvec4(0u);
    if (valid) {
      ix = idx_at(p);
      if (!line)
        k = key_at(p);
      d = digit_of(k, ix);
      uint one = 1u << ((d & 1u) * 16u), w = (d & 7u) >> 1;
      if (d < 8u)
        lo[w] = one;
      else
        hi[w] = one;
    }
    uvec4 mlo = lo, mhi = hi;
    scan_lo[t] = lo;
    scan_hi[t] = hi;
    barrier();
    for (uint w = 1u; w < 256u; w <<= 1) { // inclusive sums of the counters
      uvec4 a = uvec4(0u), b = uvec4(0u);
      if (t >= w) {
        a = scan_lo[t - w];
        b = scan_hi[t - w];
      }
      barrier();
      lo += a;
      hi += b;
      scan_lo[t] = lo;
      scan_hi[t] = hi;
      barrier();
    }
    if (valid) {
      uint dest = base[d] + cnt[d] + field(lo - mlo, hi - mhi, d);
      if (keep_keys) {
        if (KEY_BITS == 64)
          GaU64(pc.key_dst + 8ul * uint64_t(dest)).v = uint64_t(k);
        else
          GaU32(pc.key_dst + 4ul * uint64_t(dest)).v = uint(k);
      }
      GaU32(pc.idx_dst + 4ul * uint64_t(dest)).v = ix;
    }
    barrier();
    if (t < 16u)
      cnt[t] += field(scan_lo[255], scan_hi[255], t);
    barrier();
  }
}

// output positions 4 q .. 4 q + 3 (a word of 1- and 2-byte elements at once)
void emit()
{
  uint64_t q4 = 4ul * (uint64_t(group_id()) * 256ul + uint64_t(gl_LocalInvocationID.x));
  if (q4 >= uint64_t(pc.total))
    return;
  uint packed[2] = uint[2](0u, 0u);
  for (uint u = 0u; u < 4u; u++) {
    uint q = uint(q4) + u;
    if (q >= pc.total)
      break;
    uint i = q % pc.inner, rest = q / pc.inner, j = rest % pc.len, o = rest / pc.len;
    uint r = (i + pc.inner * o) * pc.len + j;
    uint e = GaU32(pc.idx_src + 4ul * uint64_t(r)).v;
    if (pc.outidx_addr != 0ul)
      GaF64(pc.outidx_addr + 8ul * uint64_t(q)).v = double((e / pc.inner) % pc.len + 1u);
#if ELEM_BYTES == 8
    GaU64(pc.out_addr + 8ul * uint64_t(q)).v = GaU64(pc.in_addr + 8ul * uint64_t(e)).v;
#elif ELEM_BYTES == 4
    GaU32(pc.out_addr + 4ul * uint64_t(q)).v = GaU32(pc.in_addr + 4ul * uint64_t(e)).v;
#elif ELEM_BYTES == 2
    packed[u >> 1] |= ga_ld_uint16(pc.in_addr, uint64_t(e)) << ((u & 1u) * 16u);
#else
    packed[0] |= ga_ld_uint8(pc.in_addr, uint64_t(e)) << (u * 8u);
#endif
  }
#if ELEM_BYTES == 2
  GaU32x2(pc.out_addr + 2ul * q4).v = uvec2(packed[0], packed[1]);
#elif ELEM_BYTES == 1
  GaU32(pc.out_addr + q4).v = packed[0];
#endif
}

void main()
{
  if (pc.mode == 0u)
    histogram();
  else if (pc.mode == 1u)
    offsets();
  else if (pc.mode == 2u)
    scatter();
  else
    emit();
}
