// gpuarray: a reduction along one dimension. The input is viewed as inner x n x outer
// and n is reduced in nchunks slices; a second pass (the same shader) combines the
// slices. The core defines:
//   ACC_T, IDENTITY, COMBINE(a, b)  the monoid (sum, prod, any, all)
//   LOAD(addr, k)                   element k widened to ACC_T (or a fused expression):
//                                   TO_ACC(LOAD_RAW(addr, k)), LOAD_RAW's type RAW_T
//   STORE(addr, k, v)               result k, converted to the output class
//   CONTIGUOUS                      inner == 1: a workgroup cooperates on one output
//   SEGMENTED, SEG_ROWS             inner == 1, short columns: a workgroup takes 256
//                                   whole columns, SEG_ROWS rows at a time
//   ARG                             max/min: (value, index) pairs, BETTER(a, b) the
//                                   strict order; ties go to the smaller index, so the
//                                   result is Octave's first extremum in any tree order
//   STORE_INDEX(addr, k, i)         ARG: where position i goes (uint64 between passes,
//                                   double in the result)
//   EXTRA_PARAMS                    a fused producer's inputs and scalars
layout(local_size_x = 256) in;

layout(push_constant) uniform Params {
  uint64_t in_addr;
  uint64_t out_addr;
  uint64_t inner;
  uint64_t n;
  uint64_t outer;
  uint64_t chunk;
  uint64_t nchunks;
  uint groups_x;
  uint pad;
#if ARG
  uint64_t in_index;   // pass 2: indices of the partial extrema (0 in pass 1)
  uint64_t out_index;  // where the indices go
#endif
#ifdef EXTRA_PARAMS
  EXTRA_PARAMS
#endif
} pc;

#if ARG
// (value, index) with index 0 meaning "nothing seen": the identity.
void ga_take(inout ACC_T v, inout uint64_t i, ACC_T w, uint64_t j)
{
  if (j == 0ul)
    return;
  if (i == 0ul || BETTER(w, v) || (!BETTER(v, w) && j < i)) {
    v = w;
    i = j;
  }
}

// ga_take for a stream of increasing positions j > 0 (one thread's own elements in the
// first pass): a later element wins only when strictly better
void ga_take_next(inout ACC_T v, inout uint64_t i, ACC_T w, uint64_t j)
{
  if (i == 0ul || BETTER(w, v)) {
    v = w;
    i = j;
  }
}

uint64_t ga_index_of(uint64_t pos, uint64_t k)
{
  return pc.in_index != 0ul ? GaU64(pc.in_index + 8ul * pos).v : k + 1ul;
}
#endif

#if CONTIGUOUS
shared ACC_T partial[256];
#if ARG
shared uint64_t partial_i[256];
#endif

void main()
{
#ifdef GA_SHARED_TABLES
  ga_m_tables_load(gl_WorkGroupSize.x); // a fused producer's math tables, before anyone leaves
#endif
  uint64_t group = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);
  if (group >= pc.outer * pc.nchunks)
    return; // whole workgroup leaves together: the barriers below stay uniform
  uint64_t o = group / pc.nchunks, c = group % pc.nchunks;
  uint64_t k0 = c * pc.chunk, k1 = min(k0 + pc.chunk, pc.n);
  uint64_t base = o * pc.n;
  uint t = gl_LocalInvocationID.x;
  ACC_T acc = IDENTITY;
#if ARG
  // four (value, index) pairs: four loads in flight per thread; merging them with
  // ga_take keeps the first extremum, since ties go to the smaller index
  uint64_t idx = 0ul, i1 = 0ul, i2 = 0ul, i3 = 0ul;
  ACC_T a1 = IDENTITY, a2 = IDENTITY, a3 = IDENTITY;
  uint64_t k = k0 + uint64_t(t);
  if (pc.in_index == 0ul) { // positions are k + 1: increasing, never 0
    for (; k + 768ul < k1; k += 1024ul) {
      ga_take_next(acc, idx, LOAD(pc.in_addr, base + k), k + 1ul);
      ga_take_next(a1, i1, LOAD(pc.in_addr, base + k + 256ul), k + 257ul);
      ga_take_next(a2, i2, LOAD(pc.in_addr, base + k + 512ul), k + 513ul);
      ga_take_next(a3, i3, LOAD(pc.in_addr, base + k + 768ul), k + 769ul);
    }
  }
  for (; k < k1; k += 256ul)
    ga_take(acc, idx, LOAD(pc.in_addr, base + k), ga_index_of(base + k, k));
  ga_take(acc, idx, a1, i1);
  ga_take(acc, idx, a2, i2);
  ga_take(acc, idx, a3, i3);
  partial_i[t] = idx;
#else
  // four independent accumulators: four loads in flight per thread, not one
  ACC_T a1 = IDENTITY, a2 = IDENTITY, a3 = IDENTITY;
  uint64_t k = k0 + uint64_t(t);
  for (; k + 768ul < k1; k += 1024ul) {
    acc = COMBINE(acc, LOAD(pc.in_addr, base + k));
    a1 = COMBINE(a1, LOAD(pc.in_addr, base + k + 256ul));
    a2 = COMBINE(a2, LOAD(pc.in_addr, base + k + 512ul));
    a3 = COMBINE(a3, LOAD(pc.in_addr, base + k + 768ul));
  }
  for (; k < k1; k += 256ul)
    acc = COMBINE(acc, LOAD(pc.in_addr, base + k));
  acc = COMBINE(COMBINE(acc, a1), COMBINE(a2, a3));
#endif
  partial[t] = acc;
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (t < s) {
#if ARG
      ACC_T v = partial[t];
      uint64_t i = partial_i[t];
      ga_take(v, i, partial[t + s], partial_i[t + s]);
      partial[t] = v;
      partial_i[t] = i;
#else
      partial[t] = COMBINE(partial[t], partial[t + s]);
#endif
    }
    barrier();
  }
  if (t == 0u) {
    STORE(pc.out_addr, o * pc.nchunks + c, partial[0]);
#if ARG
    STORE_INDEX(pc.out_index, o * pc.nchunks + c, partial_i[0]);
#endif
  }
}
#elif SEGMENTED
// The strided kernel's work where inner == 1 (a thread per column), with the reads
// coalesced: 256 consecutive columns are one run of memory, read SEG_ROWS rows at a
// time in memory order into shared memory, by (row, column) with an odd pitch; then each
// thread combines its column's rows in the strided kernel's order (even and odd rows in
// two accumulators, extrema in row order), so the results are that kernel's, bit for bit.
shared RAW_T seg[SEG_ROWS * 257];

void main()
{
#ifdef GA_SHARED_TABLES
  ga_m_tables_load(gl_WorkGroupSize.x);
#endif
  uint64_t o0 = (uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x)) * 256ul;
  if (o0 >= pc.outer)
    return; // whole workgroup leaves together: the barriers below stay uniform
  uint cols = uint(min(pc.outer - o0, 256ul));
  uint n = uint(pc.n); // short columns only (the core's choice)
  uint t = gl_LocalInvocationID.x;
  uint64_t base = o0 * pc.n;
  ACC_T acc = IDENTITY;
#if ARG
  uint64_t idx = 0ul;
#else
  ACC_T a1 = IDENTITY;
#endif
  for (uint r0 = 0u; r0 < n; r0 += SEG_ROWS) {
    uint rows = min(n - r0, uint(SEG_ROWS));
    uint count = cols * rows;
    // element e = t + 256 j of the step is row r of column c (one division per step:
    // the next element's position follows by adding 256 = q rows + qr)
    uint q = 256u / rows, qr = 256u - q * rows;
    uint c = t / rows, r = t - c * rows;
    uint64_t at = base + uint64_t(r0);
    for (uint e0 = t; e0 < count; e0 += 8u * 256u) {
      // eight loads in flight before their stores
      RAW_T v[8]; // as loaded: the widening (a single's, emulated) after the loads
      uint to[8];
      // written out, not an [[unroll]] loop: LOAD_RAW computes a fused producer, and
      // spirv-opt's unrolled copies lost `precise`'s NoContraction, so NVIDIA fused
      // products into sums there (9402 of 100000 gammaln in max (..., [], 1) of a
      // 2 x 100000 view differed from the same values computed alone, H200)
#define SEG_LOAD(j) \
      if (e0 + (j) * 256u < count) { \
        v[j] = LOAD_RAW(pc.in_addr, at + uint64_t(c * n + r)); \
        to[j] = r * 257u + c; \
      } \
      r += qr; \
      c += q; \
      if (r >= rows) { \
        r -= rows; \
        c++; \
      }
      SEG_LOAD(0u) SEG_LOAD(1u) SEG_LOAD(2u) SEG_LOAD(3u) SEG_LOAD(4u) SEG_LOAD(5u) SEG_LOAD(6u) SEG_LOAD(7u)
#undef SEG_LOAD
      [[unroll]] for (uint j = 0u; j < 8u; j++)
        if (e0 + j * 256u < count)
          seg[to[j]] = v[j];
    }
    barrier();
    if (t < cols) {
      for (uint k = 0u; k < rows; k++) {
#if ARG
        ga_take(acc, idx, TO_ACC(seg[k * 257u + t]), uint64_t(r0 + k) + 1ul);
#else
        if ((k & 1u) == 0u) // r0 is even (SEG_ROWS is): k's parity is the row's
          acc = COMBINE(acc, TO_ACC(seg[k * 257u + t]));
        else
          a1 = COMBINE(a1, TO_ACC(seg[k * 257u + t]));
#endif
      }
    }
    barrier();
  }
  if (t < cols) {
#if ARG
    STORE_INDEX(pc.out_index, o0 + uint64_t(t), idx);
#else
    acc = COMBINE(acc, a1);
#endif
    STORE(pc.out_addr, o0 + uint64_t(t), acc);
  }
}
#else
void main()
{
#ifdef GA_SHARED_TABLES
  ga_m_tables_load(gl_WorkGroupSize.x);
#endif
  uint64_t id = ga_invocation(pc.groups_x);
  uint64_t total = pc.inner * pc.outer * pc.nchunks;
  if (id >= total)
    return;
  uint64_t i = id % pc.inner, rest = id / pc.inner;
  uint64_t c = rest % pc.nchunks, o = rest / pc.nchunks;
  uint64_t k0 = c * pc.chunk, k1 = min(k0 + pc.chunk, pc.n);
  ACC_T acc = IDENTITY;
#if ARG
  uint64_t idx = 0ul;
  for (uint64_t k = k0; k < k1; k++) {
    uint64_t pos = (o * pc.n + k) * pc.inner + i;
    ga_take(acc, idx, LOAD(pc.in_addr, pos), ga_index_of(pos, k));
  }
  STORE_INDEX(pc.out_index, (o * pc.nchunks + c) * pc.inner + i, idx);
#else
  ACC_T a1 = IDENTITY;
  uint64_t k = k0;
  for (; k + 1ul < k1; k += 2ul) {
    acc = COMBINE(acc, LOAD(pc.in_addr, (o * pc.n + k) * pc.inner + i));
    a1 = COMBINE(a1, LOAD(pc.in_addr, (o * pc.n + k + 1ul) * pc.inner + i));
  }
  if (k < k1)
    acc = COMBINE(acc, LOAD(pc.in_addr, (o * pc.n + k) * pc.inner + i));
  acc = COMBINE(acc, a1);
#endif
  STORE(pc.out_addr, (o * pc.nchunks + c) * pc.inner + i, acc);
}
#endif
