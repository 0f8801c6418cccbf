// gpuarray: the small kernels of the blocked factorisations (ga_vk_lu.c; the host
// reference is src/core/ga_la_host.c). The core defines T, ES, TMIN (the smallest normal
// of T), KIND and, per kind:
//   KIND 0  GETF2: LU with partial pivoting of a narrow panel (at most MAXW columns) by
//           one workgroup of WG threads; SUBGROUP 1 finds the pivot with subgroup
//           operations, 0 with a shared-memory tree (lavapipe's subgroup scans were once
//           wrong: the tree is the fallback).
//   KIND 1  TRSM: op(T)^-1 B for a triangle of at most MAXM rows, a thread per column
//   KIND 2  EYE: identity blocks
//   KIND 3  LASWP: a panel's interchanges applied to the other columns, a thread per column
//   KIND 4  PANEL: GETF2 by GROUPS workgroups that hold the panel in registers (RPT rows
//           of MAXW columns a thread) and meet once per column through global memory;
//           with PRE > 0 it first does the blocked LU's step with the PRE columns before
//           the panel (U12 = L11^-1 A12, the panel's rows -= L21 U12)
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
      LuI(pc.piv + 4ul * uint64_t(j)).v = int(pc.r0 + (pv == T(0) ? j : p));
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

#if KIND == 3
layout(local_size_x = 64) in;
layout(push_constant) uniform Params {
  uint64_t a;   // row 0, column 0 of the matrix
  uint64_t lda;
  uint64_t piv; // piv[r0]
  uint ncols, c0, w, r0;
  uint k;       // interchanges
  uint groups_x;
} pc;

// The interchanges as one permutation of the rows they touch (at most 2 MAXW): position
// s_pos[e] receives the row that was at s_src[e], so a column is read once and written
// once, with no order among its loads or among its stores. Slots 0 .. k-1 are rows r0 ..
// r0+k-1; a pivot row below them gets the next free slot where it first appears. The
// pivots are read by k threads at once and every pivot's slot found in parallel: one
// thread walking them read one pivot a round trip (16 us a call on the H200).
shared uint s_pos[2 * MAXW], s_src[2 * MAXW];
shared uint s_piv[MAXW], s_slot[MAXW];
shared uint s_n;

void main()
{
  uint tid = gl_LocalInvocationID.x;
  if (tid < pc.k)
    s_piv[tid] = uint(LuI(pc.piv + 4ul * uint64_t(tid)).v);
  barrier();
  if (tid < pc.k) {
    uint p = s_piv[tid], slot = p - pc.r0;
    if (p >= pc.r0 + pc.k) { // below the first k rows: the slot of its first appearance
      uint first = tid;
      [[unroll]] for (uint q = 0u; q < uint(MAXW); q++)
        if (q < tid && s_piv[q] == p && q < first)
          first = q;
      uint before = 0u; // distinct rows below the first k that appeared before `first`
      [[unroll]] for (uint q = 0u; q < uint(MAXW); q++) {
        uint pq = s_piv[q < pc.k ? q : 0u];
        bool fresh = q < first && pq >= pc.r0 + pc.k;
        [[unroll]] for (uint u = 0u; u < uint(MAXW); u++)
          if (u < q && s_piv[u] == pq)
            fresh = false;
        if (fresh)
          before++;
      }
      slot = pc.k + before;
      s_pos[slot] = p;
      s_src[slot] = p;
    }
    s_slot[tid] = slot;
    s_pos[tid] = pc.r0 + tid;
    s_src[tid] = pc.r0 + tid;
  }
  barrier();
  if (tid == 0u) {
    uint n = pc.k;
    for (uint q = 0u; q < pc.k; q++) {
      uint e = s_slot[q];
      n = max(n, e + 1u);
      uint x = s_src[q];
      s_src[q] = s_src[e];
      s_src[e] = x;
    }
    s_n = n;
  }
  barrier();
  uint c = (gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x) * 64u + tid;
  if (c >= pc.ncols - pc.w)
    return;
  uint cc = c < pc.c0 ? c : c + pc.w;
  uint n = s_n;
  uint64_t col = pc.a + uint64_t(cc) * pc.lda * uint64_t(ES);
  T v[2 * MAXW];
  [[unroll]] for (uint e = 0u; e < uint(2 * MAXW); e++)
    if (e < n)
      v[e] = LuS(col + uint64_t(s_src[e]) * uint64_t(ES)).v;
  [[unroll]] for (uint e = 0u; e < uint(2 * MAXW); e++)
    if (e < n && s_pos[e] != s_src[e])
      LuS(col + uint64_t(s_pos[e]) * uint64_t(ES)).v = v[e];
}
#endif

#if KIND == 4
// Workgroup g holds rows g RPT WG + k WG + tid (k < RPT) of the panel in registers from
// the first load to the last store. Per column each workgroup finds its best candidate,
// publishes it (key, row index, the row's PMAXW values) and the owner of the diagonal row
// publishes that row, in the half of the scratch of the column's parity; then all meet
// at a counter (the workgroups of one dispatch are all resident: the core asks for at
// most GA_LA_PANEL_GROUPS and only on devices that run them side by side), read every
// candidate, and agree on the winner with LAPACK's order. A workgroup can be at most one
// column ahead of another, so two halves suffice. The last workgroup to leave zeroes
// the counter for the next dispatch.
layout(local_size_x = WG) in;
layout(push_constant) uniform Params {
  uint64_t a;    // row r0, column c0
  uint64_t lda;
  uint64_t piv;  // piv[r0]
  uint64_t info; // int32
  uint64_t work; // GA_LA_WORK_BYTES of scratch
  uint rows, w, r0, c0, groups;
} pc;

layout(buffer_reference, std430, buffer_reference_align = ES) coherent buffer LuCS { T v; };
layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer LuCU { uint v; };

const uint NONE = 0xffffffffu;
const uint SLOT = uint(GMAX) * (uint(ES) + 4u + uint(ES) * uint(PMAXW)) + uint(ES) * uint(PMAXW);

shared T s_k[WG];
shared uint s_i[WG];
shared T s_bk;
shared uint s_bi;
shared T s_crow[GMAX][PMAXW];
shared T s_rowj[PMAXW];
#if PRE > 0
shared T s_l11[PRE][PRE];   // L11 (row-major), then
shared T s_u12[PRE][PMAXW]; // U12 = L11^-1 A12 (row p, panel column q)
#endif

uint64_t at(uint i, uint c) { return pc.a + (uint64_t(i) + uint64_t(c) * pc.lda) * uint64_t(ES); }
T keyof(T x) { return isnan(x) ? T(-1) : abs(x); }
bool better(T k, uint i, T bk, uint bi) { return k > bk || (k == bk && i < bi); }

// the workgroup's best (key, row) into every thread
void wg_best(inout T bk, inout uint bi)
{
  uint tid = gl_LocalInvocationID.x;
#if SUBGROUP
  T m = subgroupMax(bk);
  uint mi = subgroupMin(bk == m ? bi : NONE);
  if (subgroupElect()) {
    s_k[gl_SubgroupID] = m;
    s_i[gl_SubgroupID] = mi;
  }
  barrier();
  if (gl_SubgroupID == 0u) {
    T k2 = T(-2);
    uint i2 = NONE;
    for (uint s = gl_SubgroupInvocationID; s < gl_NumSubgroups; s += gl_SubgroupSize)
      if (better(s_k[s], s_i[s], k2, i2)) {
        k2 = s_k[s];
        i2 = s_i[s];
      }
    T m2 = subgroupMax(k2);
    uint mi2 = subgroupMin(k2 == m2 ? i2 : NONE);
    if (subgroupElect()) {
      s_bk = m2;
      s_bi = mi2;
    }
  }
  barrier();
#else
  s_k[tid] = bk;
  s_i[tid] = bi;
  barrier();
  for (uint h = uint(WG) / 2u; h > 0u; h >>= 1) {
    if (tid < h && better(s_k[tid + h], s_i[tid + h], s_k[tid], s_i[tid])) {
      s_k[tid] = s_k[tid + h];
      s_i[tid] = s_i[tid + h];
    }
    barrier();
  }
  if (tid == 0u) {
    s_bk = s_k[0];
    s_bi = s_i[0];
  }
  barrier();
#endif
  bk = s_bk;
  bi = s_bi;
}

void main()
{
  uint tid = gl_LocalInvocationID.x, g = gl_WorkGroupID.x, G = pc.groups;
  uint span = uint(WG) * uint(RPT), base = g * span + tid;
  uint kmax = min(pc.rows, pc.w);
  T v[RPT][PMAXW];
  [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
    [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
      v[k][q] = base + k * uint(WG) < pc.rows && q < pc.w ? LuS(at(base + k * uint(WG), q)).v : T(0);
#if PRE > 0
  {
    // The step before the panel (ga_la_desc.pre, PRE columns, a variant of its own: the
    // unrolled update made every KIND 4 slow to compile on lavapipe): every workgroup
    // solves U12 = L11^-1 A12 (PRE x w, just above the panel) itself, a thread a column,
    // then its rows lose L21 U12. U12 goes back to memory only after the last meeting
    // below, when every workgroup has read A12.
    for (uint e = tid; e < uint(PRE * PRE); e += uint(WG)) {
      uint i = e % uint(PRE), p = e / uint(PRE);
      s_l11[i][p] = LuS(pc.a + (uint64_t(i) + uint64_t(p) * pc.lda - uint64_t(PRE) * (pc.lda + 1ul)) *
                            uint64_t(ES)).v;
    }
    for (uint e = tid; e < uint(PRE) * pc.w; e += uint(WG)) {
      uint i = e % uint(PRE), q = e / uint(PRE);
      s_u12[i][q] = LuS(pc.a + (uint64_t(i) + uint64_t(q) * pc.lda - uint64_t(PRE)) * uint64_t(ES)).v;
    }
    barrier();
    if (tid < pc.w) {
      T u[PRE];
      [[unroll]] for (uint i = 0u; i < uint(PRE); i++) {
        T x = s_u12[i][tid];
        [[unroll]] for (uint p = 0u; p < i; p++)
          x -= s_l11[i][p] * u[p];
        u[i] = x;
      }
      [[unroll]] for (uint i = 0u; i < uint(PRE); i++)
        s_u12[i][tid] = u[i];
    }
    barrier();
    [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
      uint i = base + k * uint(WG);
      if (i < pc.rows) {
        T l[PRE];
        [[unroll]] for (uint p = 0u; p < uint(PRE); p++)
          l[p] = LuS(pc.a + (uint64_t(i) + uint64_t(p) * pc.lda - uint64_t(PRE) * pc.lda) * uint64_t(ES)).v;
        [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
          [[unroll]] for (uint p = 0u; p < uint(PRE); p++)
            v[k][q] -= l[p] * s_u12[p][q];
      }
    }
  }
#endif
  uint64_t counter = pc.work;
  [[unroll]] for (uint j = 0u; j < uint(PMAXW); j++) {
    if (j < kmax) {
      T bk = T(-2);
      uint bi = NONE;
      [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
        uint i = base + k * uint(WG);
        if (i < pc.rows && i >= j && better(keyof(v[k][j]), i, bk, bi)) {
          bk = keyof(v[k][j]);
          bi = i;
        }
      }
      wg_best(bk, bi);
      uint64_t slot = pc.work + 64ul + uint64_t((j & 1u) * SLOT);
      uint64_t keys = slot, idx = slot + uint64_t(GMAX) * uint64_t(ES);
      uint64_t crow = idx + uint64_t(GMAX) * 4ul, rowj = crow + uint64_t(GMAX * PMAXW) * uint64_t(ES);
      if (tid == 0u) {
        LuCS(keys + uint64_t(g) * uint64_t(ES)).v = bk;
        LuCU(idx + uint64_t(g) * 4ul).v = bi;
      }
      [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
        uint i = base + k * uint(WG);
        if (i == bi)
          [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
            LuCS(crow + uint64_t(g * uint(PMAXW) + q) * uint64_t(ES)).v = v[k][q];
        if (i == j)
          [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
            LuCS(rowj + uint64_t(q) * uint64_t(ES)).v = v[k][q];
      }
      memoryBarrierBuffer();
      barrier();
      if (tid == 0u) {
        atomicAdd(LuCU(counter).v, 1u);
        uint target = (j + 1u) * G;
        // bounded: a device that does not run the workgroups side by side reports it
        // (info -1) instead of hanging
        for (uint spin = 0u; int(atomicAdd(LuCU(counter).v, 0u) - target) < 0; spin++)
          if (spin > (1u << 24)) {
            LuI(pc.info).v = -1;
            break;
          }
      }
      memoryBarrierBuffer();
      barrier();
      T ck = T(-2);
      uint ci = NONE;
      if (tid < G) {
        ck = LuCS(keys + uint64_t(tid) * uint64_t(ES)).v;
        ci = LuCU(idx + uint64_t(tid) * 4ul).v;
        [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
          s_crow[tid][q] = LuCS(crow + uint64_t(tid * uint(PMAXW) + q) * uint64_t(ES)).v;
      }
      if (tid < uint(PMAXW))
        s_rowj[tid] = LuCS(rowj + uint64_t(tid) * uint64_t(ES)).v;
      wg_best(ck, ci); // its barriers publish s_crow and s_rowj too
      uint p = ci, pg = p / span;
      T prow[PMAXW];
      [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
        prow[q] = s_crow[pg][q];
      T pv = prow[j];
      if (g == 0u && tid == 0u) {
        LuI(pc.piv + 4ul * uint64_t(j)).v = int(pc.r0 + (pv == T(0) ? j : p));
        if (pv == T(0) && LuI(pc.info).v == 0)
          LuI(pc.info).v = int(pc.c0 + j + 1u);
      }
      if (pv != T(0)) {
        if (p != j)
          [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
            uint i = base + k * uint(WG);
            if (i == j)
              [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
                v[k][q] = prow[q];
            if (i == p)
              [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
                v[k][q] = s_rowj[q];
          }
        T rcp = T(1) / pv;
        bool tiny = abs(pv) < T(TMIN);
        [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
          uint i = base + k * uint(WG);
          if (i < pc.rows && i > j) {
            T l = tiny ? v[k][j] / pv : v[k][j] * rcp;
            v[k][j] = l;
            [[unroll]] for (uint q = j + 1u; q < uint(PMAXW); q++)
              v[k][q] -= l * prow[q];
          }
        }
      }
    }
  }
  [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
    [[unroll]] for (uint q = 0u; q < uint(PMAXW); q++)
      if (base + k * uint(WG) < pc.rows && q < pc.w)
        LuS(at(base + k * uint(WG), q)).v = v[k][q];
#if PRE > 0
  if (g == 0u)
    for (uint e = tid; e < uint(PRE) * pc.w; e += uint(WG)) {
      uint i = e % uint(PRE), q = e / uint(PRE);
      LuS(pc.a + (uint64_t(i) + uint64_t(q) * pc.lda - uint64_t(PRE)) * uint64_t(ES)).v = s_u12[i][q];
    }
#endif
  if (tid == 0u) {
    uint last = kmax * G + G - 1u;
    if (atomicAdd(LuCU(counter).v, 1u) == last)
      atomicExchange(LuCU(counter).v, 0u);
  }
}
#endif

#if KIND == 5
// GETF2 by one workgroup with the panel in registers: thread tid keeps rows tid + k WG
// (k < RPT) of SW columns (a block column), so a column costs no global memory access
// and, with subgroups, one barrier. Panels wider than SW go block column by block
// column, as LAPACK's blocked GETRF does inside the panel: factor the block in
// registers, then its interchanges on the panel's other columns, U12 = L11^-1 A12 and
// A22 -= L21 U12 on the columns to its right, each row updated by its owner. Every row
// is only ever written and read by its owner thread (rows move between threads through
// shared memory), so no invocation needs another's global writes. The arithmetic and
// its order are GETF2's: a zero pivot column neither swaps nor updates anything.
layout(local_size_x = WG) in;
layout(push_constant) uniform Params {
  uint64_t a;    // row r0, column c0 of the matrix
  uint64_t lda;
  uint64_t piv;  // int32 pivots: piv[j] for row r0 + j
  uint64_t info; // int32
  uint rows, w, r0, c0;
} pc;

const uint NONE = 0xffffffffu;
// candidates: row << 10 | slot, so the smaller row wins a tie of keys
#if SUBGROUP
shared T s_ck[2][NSLOT];
shared uint s_ci[2][NSLOT];
#else
shared T s_k[WG];
shared uint s_i[WG];
#endif
shared T s_crow[2][NSLOT][SW]; // the candidates' rows (block columns)
shared T s_rowj[2][SW];        // the diagonal row, which moves to the pivot's place
shared uint s_pos[2 * SW], s_src[2 * SW], s_n;
shared T s_x[2 * SW][MAXW];    // the interchanged rows' other columns; then U12
shared T s_l[SW][SW];          // L11

uint64_t at(uint i, uint c) { return pc.a + (uint64_t(i) + uint64_t(c) * pc.lda) * uint64_t(ES); }
T keyof(T x) { return isnan(x) ? T(-1) : abs(x); }
bool better(T k, uint i, T bk, uint bi) { return k > bk || (k == bk && i < bi); }

void main()
{
  uint tid = gl_LocalInvocationID.x;
  uint kmax = min(pc.rows, pc.w);
  for (uint j0 = 0u; j0 < kmax; j0 += uint(SW)) {
    uint sw = min(uint(SW), pc.w - j0); // the block's columns
    uint kk = min(sw, kmax - j0);       // of them with a pivot row
    T v[RPT][SW];
    [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
      [[unroll]] for (uint q = 0u; q < uint(SW); q++) {
        uint i = tid + k * uint(WG);
        T x = T(0);
        if (i >= j0 && i < pc.rows && q < sw)
          x = LuS(at(i, j0 + q)).v;
        v[k][q] = x;
      }
    uint pr[SW];
    uint zmask = 0u; // the block's columns with a zero pivot
    [[unroll]] for (uint j = 0u; j < uint(SW); j++) {
      pr[j] = j0 + j;
      if (j < kk) {
        uint jj = j0 + j, b = j & 1u;
        T bk = T(-2);
        uint bi = NONE;
        [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
          uint i = tid + k * uint(WG);
          if (i >= jj && i < pc.rows && better(keyof(v[k][j]), i, bk, bi)) {
            bk = keyof(v[k][j]);
            bi = i;
          }
          if (i == jj)
            [[unroll]] for (uint q = 0u; q < uint(SW); q++)
              s_rowj[b][q] = v[k][q];
        }
#if SUBGROUP
        // the subgroup's best into its slot, then every subgroup reduces the slots
        T m = subgroupMax(bk);
        uint mi = subgroupMin(bk == m ? bi : NONE);
        uint slot = gl_SubgroupID;
        if (gl_SubgroupInvocationID == 0u) {
          s_ck[b][slot] = m;
          s_ci[b][slot] = mi == NONE ? NONE : (mi << 10) | slot;
        }
        if (bi == mi && mi != NONE)
          [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
            if (tid + k * uint(WG) == mi)
              [[unroll]] for (uint q = 0u; q < uint(SW); q++)
                s_crow[b][slot][q] = v[k][q];
        barrier();
        T ck = T(-2);
        uint cp = NONE;
        for (uint s = gl_SubgroupInvocationID; s < gl_NumSubgroups; s += gl_SubgroupSize)
          if (better(s_ck[b][s], s_ci[b][s], ck, cp)) {
            ck = s_ck[b][s];
            cp = s_ci[b][s];
          }
        T cm = subgroupMax(ck);
        uint pp = subgroupMin(ck == cm ? cp : NONE);
#else
        s_k[tid] = bk;
        s_i[tid] = bi;
        barrier();
        for (uint h = uint(WG) / 2u; h > 0u; h >>= 1) {
          if (tid < h && better(s_k[tid + h], s_i[tid + h], s_k[tid], s_i[tid])) {
            s_k[tid] = s_k[tid + h];
            s_i[tid] = s_i[tid + h];
          }
          barrier();
        }
        uint pp = s_i[0];
        [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
          if (tid + k * uint(WG) == pp)
            [[unroll]] for (uint q = 0u; q < uint(SW); q++)
              s_crow[b][0][q] = v[k][q];
        pp <<= 10; // slot 0
        barrier();
#endif
        uint p = pp >> 10, ps = pp & 1023u;
        T pv = s_crow[b][ps][j];
        bool zero = pv == T(0);
        pr[j] = zero ? jj : p;
        zmask |= zero ? 1u << j : 0u;
        if (tid == 0u) {
          LuI(pc.piv + 4ul * uint64_t(jj)).v = int(pc.r0 + pr[j]);
          if (zero && LuI(pc.info).v == 0)
            LuI(pc.info).v = int(pc.c0 + jj + 1u);
        }
        if (!zero) {
          if (p != jj)
            [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
              uint i = tid + k * uint(WG);
              if (i == jj)
                [[unroll]] for (uint q = 0u; q < uint(SW); q++)
                  v[k][q] = s_crow[b][ps][q];
              else if (i == p)
                [[unroll]] for (uint q = 0u; q < uint(SW); q++)
                  v[k][q] = s_rowj[b][q];
            }
          T rcp = T(1) / pv;
          bool tiny = abs(pv) < T(TMIN);
          T l[RPT];
          [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
            uint i = tid + k * uint(WG);
            l[k] = T(0);
            if (i > jj && i < pc.rows) {
              l[k] = tiny ? v[k][j] / pv : v[k][j] * rcp;
              v[k][j] = l[k];
            }
          }
          [[unroll]] for (uint q = j + 1u; q < uint(SW); q++) {
            T u = s_crow[b][ps][q];
            [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
              if (tid + k * uint(WG) > jj)
                v[k][q] -= l[k] * u;
          }
        }
      }
    }
    [[unroll]] for (uint k = 0u; k < uint(RPT); k++)
      [[unroll]] for (uint q = 0u; q < uint(SW); q++) {
        uint i = tid + k * uint(WG);
        if (i >= j0 && i < pc.rows && q < sw)
          LuS(at(i, j0 + q)).v = v[k][q];
      }
    if (pc.w <= sw)
      break; // the whole panel was one block
    // the block's interchanges as one permutation of the rows they touch (as LASWP):
    // position s_pos[e] receives the row at s_src[e]; positions j0 .. j0+kk-1 first
    if (tid == 0u) {
      uint n = kk;
      for (uint q = 0u; q < kk; q++) {
        s_pos[q] = j0 + q;
        s_src[q] = j0 + q;
      }
      [[unroll]] for (uint q = 0u; q < uint(SW); q++) {
        uint p = pr[q];
        if (q < kk && p != j0 + q) {
          uint e = n;
          for (uint t = 0u; t < n; t++)
            if (s_pos[t] == p)
              e = t;
          if (e == n) {
            s_pos[n] = p;
            s_src[n] = p;
            n++;
          }
          uint x = s_src[q];
          s_src[q] = s_src[e];
          s_src[e] = x;
        }
      }
      s_n = n;
    }
    [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
      uint i = tid + k * uint(WG);
      if (i >= j0 && i < j0 + kk)
        [[unroll]] for (uint q = 0u; q < uint(SW); q++)
          s_l[i - j0][q] = v[k][q];
    }
    barrier();
    uint n = s_n, right = j0 + sw;
    // the moved rows' other columns, each loaded by its owner
    for (uint e = 0u; e < n; e++) {
      uint r = s_src[e];
      if (r % uint(WG) == tid)
        for (uint c0 = 0u; c0 < pc.w; c0 += 4u) {
          T x[4];
          [[unroll]] for (uint cc = 0u; cc < 4u; cc++)
            if (c0 + cc < pc.w && (c0 + cc < j0 || c0 + cc >= right))
              x[cc] = LuS(at(r, c0 + cc)).v;
          [[unroll]] for (uint cc = 0u; cc < 4u; cc++)
            if (c0 + cc < pc.w && (c0 + cc < j0 || c0 + cc >= right))
              s_x[e][c0 + cc] = x[cc];
        }
    }
    barrier();
    for (uint e = 0u; e < n; e++) {
      uint r = s_pos[e];
      if (r != s_src[e] && r % uint(WG) == tid)
        for (uint c = 0u; c < pc.w; c++)
          if (c < j0 || c >= right)
            LuS(at(r, c)).v = s_x[e][c];
    }
    // U12 = L11^-1 A12, a thread a column, in GETF2's order
    if (tid < pc.w - right) {
      uint c = right + tid;
      [[unroll]] for (uint r = 1u; r < uint(SW); r++)
        if (r < kk) {
          T y = s_x[r][c];
          [[unroll]] for (uint t = 0u; t < r; t++)
            if ((zmask & (1u << t)) == 0u)
              y -= s_l[r][t] * s_x[t][c];
          s_x[r][c] = y;
        }
    }
    barrier();
    // A22 -= L21 U12 by the rows' owners; U12 into its rows
    for (uint c0 = right; c0 < pc.w; c0 += 4u) {
      [[unroll]] for (uint k = 0u; k < uint(RPT); k++) {
        uint i = tid + k * uint(WG);
        if (i >= j0 && i < pc.rows) {
          T y[4];
          [[unroll]] for (uint cc = 0u; cc < 4u; cc++)
            if (c0 + cc < pc.w && i >= j0 + kk)
              y[cc] = LuS(at(i, c0 + cc)).v;
          [[unroll]] for (uint cc = 0u; cc < 4u; cc++) {
            uint c = c0 + cc;
            if (c < pc.w) {
              if (i < j0 + kk) {
                LuS(at(i, c)).v = s_x[i - j0][c];
              } else {
                T a = y[cc];
                [[unroll]] for (uint r = 0u; r < uint(SW); r++)
                  if (r < kk && (zmask & (1u << r)) == 0u)
                    a -= v[k][r] * s_x[r][c];
                LuS(at(i, c)).v = a;
              }
            }
          }
        }
      }
    }
  }
}
#endif
