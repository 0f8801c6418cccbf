// gpuarray: matrix-vector products, which read the matrix once and are bound by memory
// bandwidth (ga_vk_gemm.c). The matrix is column-major, rows x cols with leading
// dimension ld; the vector is contiguous. The core defines T, V4, ES and KIND:
//   KIND 0  y(r) = sum_c Mat(r, c) v(c): a thread owns four adjacent rows, so a warp
//           reads whole lines of each column; the workgroup's 256 threads are RT row
//           threads times 256 / RT column slices (flags bits 8-11: log2 RT, 32 to 256),
//           each slice summing every (256 / RT)-th column, added in shared memory in
//           slice order. Short, wide matrices (the triangular solves' 256 x 256 blocks)
//           then keep a warp's loads together and a thread's column run short: the
//           loads of a run are independent (four at a time), so a thread waits for
//           memory once per four columns, not once per column
//   KIND 1  y(c) = sum_r Mat(r, c) v(r): dot products down columns, a workgroup per
//           column, its threads striding down it with vector loads
//   KIND 2  y(i) = sum of nchunks partial results (Mat holds them, rows = outputs)
// KIND 0 and 1 split the summed index into nchunks slices when the outputs alone would
// leave the device idle; each slice writes a partial result and KIND 2 adds them.
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = 256) in;

layout(push_constant) uniform Params {
  uint64_t mat, vec, out_addr; // first page (offsets added)
  uint64_t ld;             // elements
  uint64_t smat, svec, sout; // page strides in elements
  uint rows, cols;
  uint chunk, nchunks;     // the summed index in slices of chunk
  uint blocks;             // workgroups per (page, slice)
  uint batch;
  uint groups_x;
  uint flags;              // 1: the matrix may be read as aligned 4-vectors; 2: the vector;
                           // 4: subtract the result from y instead of storing it;
                           // bits 8-11 (KIND 0): log2 of the row threads
} pc;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer GemvV4 { V4 v; };
layout(buffer_reference, std430, buffer_reference_align = ES) buffer GemvS { T v; };

T ld1(uint64_t a, uint64_t i) { return GemvS(a + i * uint64_t(ES)).v; }

// Mat(f0..f0+3, s) of a column-major matrix, zeros outside fmax x smax
V4 load4(uint64_t base, uint64_t ld, uint f0, uint fmax, uint s, uint smax, bool vec)
{
  V4 r = V4(0);
  if (s >= smax || f0 >= fmax)
    return r;
  uint64_t p = base + (uint64_t(f0) + uint64_t(s) * ld) * uint64_t(ES);
  if (vec && f0 + 3u < fmax)
    return GemvV4(p).v;
  [[unroll]] for (uint q = 0u; q < 4u; q++)
    if (f0 + q < fmax)
      r[q] = GemvS(p + uint64_t(q * ES)).v;
  return r;
}

#if KIND == 1
shared T part[256];
#elif KIND == 0
shared V4 part4[256];
#endif

void main()
{
  uint tid = gl_LocalInvocationID.x;
  uint64_t group = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);
  uint64_t per_page = uint64_t(pc.blocks) * uint64_t(pc.nchunks);
  if (group >= per_page * uint64_t(pc.batch))
    return;
  uint page = uint(group / per_page);
  uint rest = uint(group % per_page);
  uint blk = rest % pc.blocks, ch = rest / pc.blocks;
  uint64_t mat = pc.mat + uint64_t(page) * pc.smat * uint64_t(ES);
  uint64_t vec = pc.vec + uint64_t(page) * pc.svec * uint64_t(ES);
  // outputs of slice ch of page: rows (KIND 0) or columns (KIND 1) of y
  uint nout = KIND == 1 ? pc.cols : pc.rows;
  uint64_t dst = pc.out_addr + (uint64_t(page) * pc.sout + uint64_t(ch) * uint64_t(nout)) * uint64_t(ES);
  uint c0 = ch * pc.chunk, c1 = min(c0 + pc.chunk, KIND == 1 ? pc.rows : pc.cols);
#if KIND == 0
  uint rlog = (pc.flags >> 8) & 15u, rth = 1u << rlog, slices = 256u >> rlog;
  uint rt = tid & (rth - 1u), cs = tid >> rlog;
  uint r0 = (blk * rth + rt) * 4u;
  bool v4 = (pc.flags & 1u) != 0u;
  V4 acc = V4(0), acc1 = V4(0);
  if (r0 < pc.rows) {
    uint c = c0 + cs;
    for (; c + 3u * slices < c1; c += 4u * slices) {
      V4 x0 = load4(mat, pc.ld, r0, pc.rows, c, pc.cols, v4);
      V4 x1 = load4(mat, pc.ld, r0, pc.rows, c + slices, pc.cols, v4);
      V4 x2 = load4(mat, pc.ld, r0, pc.rows, c + 2u * slices, pc.cols, v4);
      V4 x3 = load4(mat, pc.ld, r0, pc.rows, c + 3u * slices, pc.cols, v4);
      T w0 = ld1(vec, c), w1 = ld1(vec, c + slices), w2 = ld1(vec, c + 2u * slices), w3 = ld1(vec, c + 3u * slices);
      acc = fma(x0, V4(w0), acc);
      acc1 = fma(x1, V4(w1), acc1);
      acc = fma(x2, V4(w2), acc);
      acc1 = fma(x3, V4(w3), acc1);
    }
    for (; c < c1; c += slices)
      acc = fma(load4(mat, pc.ld, r0, pc.rows, c, pc.cols, v4), V4(ld1(vec, c)), acc);
    acc += acc1;
  }
  if (slices > 1u) { // uniform: every invocation reaches the barrier
    part4[tid] = acc;
    barrier();
    if (cs != 0u)
      return;
    for (uint q = 1u; q < slices; q++)
      acc += part4[rt + q * rth];
  }
  if (r0 >= pc.rows)
    return;
  bool sub = (pc.flags & 4u) != 0u;
  [[unroll]] for (uint q = 0u; q < 4u; q++)
    if (r0 + q < pc.rows) {
      uint64_t y = dst + uint64_t((r0 + q) * ES);
      GemvS(y).v = sub ? GemvS(y).v - acc[q] : acc[q];
    }
#elif KIND == 1
  uint col = blk;
  bool v4 = (pc.flags & 3u) == 3u;
  V4 acc = V4(0), acc1 = V4(0);
  uint r = c0 + tid * 4u;
  for (; r + 1024u < c1; r += 2048u) {
    acc = fma(load4(mat, pc.ld, r, c1, col, pc.cols, v4), load4(vec, 0ul, r, c1, 0u, 1u, v4), acc);
    acc1 = fma(load4(mat, pc.ld, r + 1024u, c1, col, pc.cols, v4), load4(vec, 0ul, r + 1024u, c1, 0u, 1u, v4),
               acc1);
  }
  if (r < c1)
    acc = fma(load4(mat, pc.ld, r, c1, col, pc.cols, v4), load4(vec, 0ul, r, c1, 0u, 1u, v4), acc);
  acc += acc1;
  part[tid] = (acc.x + acc.y) + (acc.z + acc.w);
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (tid < s)
      part[tid] += part[tid + s];
    barrier();
  }
  if (tid == 0u) {
    uint64_t y = dst + uint64_t(col * ES);
    GemvS(y).v = (pc.flags & 4u) != 0u ? GemvS(y).v - part[0] : part[0];
  }
#else
  uint i = blk * 256u + tid;
  if (i >= pc.rows)
    return;
  T s = T(0);
  for (uint k = 0u; k < pc.cols; k++)
    s += ld1(mat, uint64_t(k) * uint64_t(pc.rows) + uint64_t(i));
  uint64_t y = dst + uint64_t(i * ES);
  GemvS(y).v = (pc.flags & 4u) != 0u ? GemvS(y).v - s : s;
#endif
}
