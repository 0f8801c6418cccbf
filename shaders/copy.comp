// gpuarray: a copy between two views (ga_copy_desc in src/core/ga_internal.h). Element e
// of the iteration space (dimensions innermost first) goes from
//   src[sum_k pos_k(src)] to dst[dst_offset + sum_k pos_k(dst)],
// pos_k = (index vector ? index[j_k] : j_k) * stride_k. The core defines:
//   ESIZE  element size in bytes (1, 2, 4, 8)
//   NDIMS  dimensions of the iteration space (1..6)
//   SIDX, DIDX  bit k set: dimension k reads positions from an index vector
//   PACK   1: the destination is dense (positions dst_offset + e), and a thread writes
//          one whole 32-bit word of it, so elements smaller than a word need no atomics
// The description lives in a small buffer (too big for push constants on lavapipe):
//   w[0] source address (at its offset), w[1] destination buffer address, w[2] number of
//   elements, w[3] destination offset (elements), then per dimension k, from w[4 + 5k]:
//   extent, source stride, destination stride, source index address, destination index address.
layout(local_size_x = 256) in;

layout(push_constant) uniform Push {
  uint64_t params;
  uint groups_x;
} pc;

layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer GaCopyParams { uint64_t w[]; };

// a / b and a % b for a < 2^53: 32-bit division where it fits; otherwise through double
// with a correction (NVIDIA 580 miscompiles some 64-bit integer divisions).
uint64_t ga_cp_div(uint64_t a, uint64_t b, out uint64_t r)
{
  if (a < 4294967296ul && b < 4294967296ul) {
    uint q = uint(a) / uint(b);
    r = a - uint64_t(q) * b;
    return uint64_t(q);
  }
  uint64_t q = uint64_t(double(a) / double(b));
  int64_t rr = int64_t(a) - int64_t(q * b);
  while (rr < 0l) { q -= 1ul; rr += int64_t(b); }
  while (rr >= int64_t(b)) { q += 1ul; rr -= int64_t(b); }
  r = uint64_t(rr);
  return q;
}

void ga_cp_offsets(GaCopyParams p, uint64_t e, out int64_t so, out int64_t dof)
{
  so = 0l;
  dof = 0l;
  for (int k = 0; k < NDIMS; k++) {
    uint64_t j = e;
    if (k < NDIMS - 1) {
      uint64_t r;
      e = ga_cp_div(e, p.w[4 + 5 * k], r);
      j = r;
    }
    int64_t ps = ((SIDX >> k) & 1) != 0 ? GaI64(p.w[7 + 5 * k] + 8ul * j).v : int64_t(j);
    int64_t pd = ((DIDX >> k) & 1) != 0 ? GaI64(p.w[8 + 5 * k] + 8ul * j).v : int64_t(j);
    so += ps * int64_t(p.w[5 + 5 * k]);
    dof += pd * int64_t(p.w[6 + 5 * k]);
  }
}

#if ESIZE >= 4
#if ESIZE == 8
#define ELEM uint64_t
#define REF GaU64
#else
#define ELEM uint
#define REF GaU32
#endif
void main()
{
  GaCopyParams p = GaCopyParams(pc.params);
  uint64_t e = ga_invocation(pc.groups_x);
  if (e >= p.w[2])
    return;
  int64_t so, dof;
  ga_cp_offsets(p, e, so, dof);
  REF(p.w[1] + uint64_t(int64_t(p.w[3]) + dof) * uint64_t(ESIZE)).v = REF(p.w[0] + uint64_t(so * int64_t(ESIZE))).v;
}
#else
const uint BITS = uint(ESIZE) * 8u;
const uint PER = 4u / uint(ESIZE);

uint ga_cp_read(uint64_t base, int64_t pos)
{
  uint64_t a = base + uint64_t(pos * int64_t(ESIZE));
  return bitfieldExtract(GaU32(a & ~3ul).v, int((a & 3ul) * 8ul), int(BITS));
}

// another thread may write the other bytes of the word: change only ours, atomically
void ga_cp_write_shared(uint64_t a, uint v)
{
  uint shift = uint(a & 3ul) * 8u;
  uint mask = ((1u << BITS) - 1u) << shift;
  atomicAnd(GaU32(a & ~3ul).v, ~mask);
  atomicOr(GaU32(a & ~3ul).v, (v << shift) & mask);
}

void main()
{
  GaCopyParams p = GaCopyParams(pc.params);
  uint64_t t = ga_invocation(pc.groups_x);
  uint64_t n = p.w[2], off = p.w[3];
#if PACK
  // thread t writes word (off / PER + t) of the destination
  uint64_t first = (off / uint64_t(PER) + t) * uint64_t(PER);
  if (first >= off + n)
    return;
  bool whole = first >= off && first + uint64_t(PER) <= off + n;
  uint word = 0u;
  for (uint l = 0u; l < PER; l++) {
    uint64_t abs_e = first + uint64_t(l);
    if (abs_e < off || abs_e >= off + n)
      continue;
    int64_t so, dof;
    ga_cp_offsets(p, abs_e - off, so, dof);
    uint v = ga_cp_read(p.w[0], so);
    if (whole)
      word |= v << (l * BITS);
    else
      ga_cp_write_shared(p.w[1] + abs_e * uint64_t(ESIZE), v);
  }
  if (whole)
    GaU32(p.w[1] + first * uint64_t(ESIZE)).v = word;
#else
  if (t >= n)
    return;
  int64_t so, dof;
  ga_cp_offsets(p, t, so, dof);
  ga_cp_write_shared(p.w[1] + uint64_t(int64_t(off) + dof) * uint64_t(ESIZE), ga_cp_read(p.w[0], so));
#endif
}
#endif
