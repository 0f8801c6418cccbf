// gpuarray: the small kernels of the blocked factorisations (ga_vk_lu.c; the host
// reference is src/core/ga_la_host.c). The core defines T, ES, TMIN (the smallest normal
// of T), KIND and, per kind:
//   KIND 0  GETF2: LU with partial pivoting of a narrow panel (at most MAXW columns) by
//           one workgroup of WG threads; SUBGROUP 1 finds the pivot with subgroup
//           operations, 0 with a shared-memory tree (lavapipe's subgroup scans were once
//           wrong: the tree is the fallback).
//   KIND 1  TRSM: op(T)^-1 B for a triangle of at most MAXM rows, a thread per column
//   KIND 2  EYE: identity blocks
// GETF2 keeps every row of the panel's own columns with one thread (row i with thread
// i mod WG): a thread reads back only what it wrote itself, so no invocation needs
// another's global writes (which would need coherent memory); the pivot row travels
// through shared memory. The row interchange outside the panel's columns, which this
// kernel never reads, is spread over all threads.
#extension GL_EXT_control_flow_attributes : require
#if SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif

layout(buffer_reference, std430, buffer_reference_align = ES) buffer LuS { T v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer LuI { int v; };

#if KIND == 0
layout(local_size_x = WG) in;
layout(push_constant) uniform Params {
  uint64_t a;     // row r0, column 0 of the matrix
  uint64_t lda;
  uint64_t piv;   // int32 pivots: piv[j] for row r0 + j
  uint64_t info;  // int32
  uint rows;      // m - r0
  uint ncols;     // the matrix's columns (the interchanges span them all)
  uint c0;        // the panel's first column
  uint w;         // its width
  uint r0;
} pc;

shared T s_key[WG];
shared uint s_idx[WG];
shared T s_prow[MAXW], s_rowj[MAXW];
shared uint s_p;

uint64_t at(uint i, uint c) { return pc.a + (uint64_t(i) + uint64_t(c) * pc.lda) * uint64_t(ES); }
T keyof(T x) { return isnan(x) ? T(-1) : abs(x); }
// the first row of largest key wins
bool better(T k, uint i, T bk, uint bi) { return k > bk || (k == bk && i < bi); }

void main()
{
  uint tid = gl_LocalInvocationID.x;
  uint kmax = min(pc.rows, pc.w);
  T bk = T(-2);
  uint bi = 0xffffffffu;
  for (uint i = tid; i < pc.rows; i += uint(WG)) {
    T k = keyof(LuS(at(i, pc.c0)).v);
    if (better(k, i, bk, bi)) {
      bk = k;
      bi = i;
    }
  }
  for (uint j = 0u; j < kmax; j++) {
#if SUBGROUP
    T m = subgroupMax(bk);
    uint mi = subgroupMin(bk == m ? bi : 0xffffffffu);
    if (subgroupElect()) {
      s_key[gl_SubgroupID] = m;
      s_idx[gl_SubgroupID] = mi;
    }
    barrier();
    if (gl_SubgroupID == 0u) {
      T k2 = T(-2);
      uint i2 = 0xffffffffu;
      for (uint s = gl_SubgroupInvocationID; s < gl_NumSubgroups; s += gl_SubgroupSize)
        if (better(s_key[s], s_idx[s], k2, i2)) {
          k2 = s_key[s];
          i2 = s_idx[s];
        }
      T m2 = subgroupMax(k2);
      uint mi2 = subgroupMin(k2 == m2 ? i2 : 0xffffffffu);
      if (subgroupElect())
        s_p = mi2;
    }
    barrier();
#else
    s_key[tid] = bk;
    s_idx[tid] = bi;
    barrier();
    for (uint h = uint(WG) / 2u; h > 0u; h >>= 1) {
      if (tid < h && better(s_key[tid + h], s_idx[tid + h], s_key[tid], s_idx[tid])) {
        s_key[tid] = s_key[tid + h];
        s_idx[tid] = s_idx[tid + h];
      }
      barrier();
    }
    if (tid == 0u)
      s_p = s_idx[0];
    barrier();
#endif
    uint p = s_p;
    uint oj = j % uint(WG), op = p % uint(WG);
    // the two rows' panel columns into shared memory, each by its owner: all loads
    // issued before the stores
    if (tid == oj || tid == op) {
      // one thread may own both rows (p = j + k WG)
      T vp[MAXW], vj[MAXW];
      [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
        if (q < pc.w) {
          if (tid == op)
            vp[q] = LuS(at(p, pc.c0 + q)).v;
          if (tid == oj)
            vj[q] = LuS(at(j, pc.c0 + q)).v;
        }
      [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
        if (q < pc.w) {
          if (tid == op)
            s_prow[q] = vp[q];
          if (tid == oj)
            s_rowj[q] = vj[q];
        }
    }
    barrier();
    T pv = s_prow[j];
    if (tid == 0u) {
      LuI(pc.piv + 4ul * uint64_t(j)).v = int(pc.r0 + p);
      if (pv == T(0) && LuI(pc.info).v == 0)
        LuI(pc.info).v = int(pc.c0 + j + 1u);
    }
    bool last = j + 1u >= kmax;
    bk = T(-2);
    bi = 0xffffffffu;
    if (pv != T(0)) {
      if (p != j) {
        if (tid == oj)
          [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
            if (q < pc.w)
              LuS(at(j, pc.c0 + q)).v = s_prow[q];
        if (tid == op)
          [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
            if (q < pc.w)
              LuS(at(p, pc.c0 + q)).v = s_rowj[q];
        for (uint c = tid; c < pc.ncols - pc.w; c += uint(WG)) {
          uint cc = c < pc.c0 ? c : c + pc.w;
          T x = LuS(at(j, cc)).v, y = LuS(at(p, cc)).v;
          LuS(at(j, cc)).v = y;
          LuS(at(p, cc)).v = x;
        }
      }
      T rcp = T(1) / pv;
      bool tiny = abs(pv) < T(TMIN);
      // the rows below: multiplier, the rest of the panel updated, and the next
      // column's pivot search on the values just made
      uint first = j + 1u + (tid + uint(WG) - (j + 1u) % uint(WG)) % uint(WG);
      for (uint i = first; i < pc.rows; i += uint(WG)) {
        T v[MAXW];
        [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
          if (q >= j && q < pc.w)
            v[q] = LuS(at(i, pc.c0 + q)).v;
        T l = T(0);
        [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
          if (q == j)
            l = tiny ? v[q] / pv : v[q] * rcp;
        [[unroll]] for (uint q = 0u; q < uint(MAXW); q++) {
          if (q == j)
            LuS(at(i, pc.c0 + q)).v = l;
          if (q > j && q < pc.w) {
            T x = v[q] - l * s_prow[q];
            LuS(at(i, pc.c0 + q)).v = x;
            if (q == j + 1u && !last) {
              T k = keyof(x);
              if (better(k, i, bk, bi)) {
                bk = k;
                bi = i;
              }
            }
          }
        }
      }
    } else if (!last) {
      uint first = j + 1u + (tid + uint(WG) - (j + 1u) % uint(WG)) % uint(WG);
      for (uint i = first; i < pc.rows; i += uint(WG)) {
        T k = keyof(LuS(at(i, pc.c0 + j + 1u)).v);
        if (better(k, i, bk, bi)) {
          bk = k;
          bi = i;
        }
      }
    }
  }
}
#endif

#if KIND == 1
layout(local_size_x = 64) in;
layout(push_constant) uniform Params {
  uint64_t t, ldt, st; // the triangle, its leading dimension, page stride (elements)
  uint64_t b, ldb, sb;
  uint m, n, batch;
  uint flags;          // 1 lower, 2 unit diagonal, 4 transposed
  uint groups_x;
} pc;

shared T s_t[MAXM][MAXM]; // op(T), row-major

void main()
{
  uint group = gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x;
  uint per_page = (pc.n + 63u) / 64u;
  if (group >= per_page * pc.batch)
    return; // whole workgroups: the barrier below stays uniform
  uint page = group / per_page;
  uint col = (group % per_page) * 64u + gl_LocalInvocationID.x;
  bool lower = (pc.flags & 1u) != 0u, unit = (pc.flags & 2u) != 0u, trans = (pc.flags & 4u) != 0u;
  uint64_t tb = pc.t + uint64_t(page) * pc.st * uint64_t(ES);
  for (uint e = gl_LocalInvocationID.x; e < pc.m * pc.m; e += 64u) {
    uint i = e % pc.m, k = e / pc.m; // T(i, k)
    T v = LuS(tb + (uint64_t(i) + uint64_t(k) * pc.ldt) * uint64_t(ES)).v;
    if (trans)
      s_t[k][i] = v;
    else
      s_t[i][k] = v;
  }
  barrier();
  if (col >= pc.n)
    return;
  uint64_t xb = pc.b + (uint64_t(page) * pc.sb + uint64_t(col) * pc.ldb) * uint64_t(ES);
  T x[MAXM];
  [[unroll]] for (uint i = 0u; i < uint(MAXM); i++)
    x[i] = i < pc.m ? LuS(xb + uint64_t(i) * uint64_t(ES)).v : T(0);
  if (lower != trans) { // op(T) lower: forwards
    [[unroll]] for (uint i = 0u; i < uint(MAXM); i++) {
      if (i < pc.m) {
        T v = x[i];
        [[unroll]] for (uint k = 0u; k < i; k++)
          v -= s_t[i][k] * x[k];
        x[i] = unit ? v : v / s_t[i][i];
      }
    }
  } else {
    [[unroll]] for (uint s = 0u; s < uint(MAXM); s++) {
      uint i = uint(MAXM) - 1u - s;
      if (i < pc.m) {
        T v = x[i];
        [[unroll]] for (uint k = i + 1u; k < uint(MAXM); k++)
          if (k < pc.m)
            v -= s_t[i][k] * x[k];
        x[i] = unit ? v : v / s_t[i][i];
      }
    }
  }
  [[unroll]] for (uint i = 0u; i < uint(MAXM); i++)
    if (i < pc.m)
      LuS(xb + uint64_t(i) * uint64_t(ES)).v = x[i];
}
#endif

#if KIND == 2
layout(local_size_x = 256) in;
layout(push_constant) uniform Params {
  uint64_t a, lda, sa;
  uint m, n, batch;
  uint groups_x;
} pc;

void main()
{
  // 32-bit indices (the core keeps m n batch below 2^32): NVIDIA 580 has miscompiled
  // 64-bit integer division
  uint e = (gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x) * 256u + gl_LocalInvocationID.x;
  uint per = pc.m * pc.n;
  if (e >= per * pc.batch)
    return;
  uint page = e / per, r = e % per;
  uint i = r % pc.m, j = r / pc.m;
  LuS(pc.a + (uint64_t(page) * pc.sa + uint64_t(i) + uint64_t(j) * pc.lda) * uint64_t(ES)).v = i == j ? T(1) : T(0);
}
#endif
