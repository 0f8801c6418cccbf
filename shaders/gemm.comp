// gpuarray: C = op(A) * op(B), column-major, for each page of a batch (ga_vk_gemm.c).
// The core defines (one variant of this one source is a gemm_tile in ga_vk_gemm.c):
//   T, V4              the element type and its 4-vector (float/vec4, double/dvec4)
//   ES                 bytes per element
//   BM, BN, BK         the workgroup's tile of C (BM x BN) and the depth of one step
//   TM, TN             each thread's block of C (4 or 8 each): fewer accumulators per
//                      thread (doubles take two registers each) buy more threads
//   WM                 0: consecutive threads walk m (a warp spans BM/TM rows of threads);
//                      else a warp is WM x 32/WM threads, so it reads fewer distinct
//                      vectors of A from shared memory per step (more of B)
//   PAD                4-vectors added to each shared row: the scalar stores of transposed
//                      loads (A transposed, B not) then fall into different banks
//   TRANS_A, TRANS_B   op is the transpose (A stored k x m, B stored n x k)
//   GROUP_M            tile rows walked together, so neighbouring groups share panels in L2
// Each thread owns TM x TN elements of C as TM/4 4-row pieces BM/(TM/4) apart and TN/4
// 4-column pieces BN/(TN/4) apart: its reads of shared memory are whole vectors, and a
// warp's rows are contiguous. Tiles of A and B go through shared memory twice buffered:
// the next step's global loads are in flight (in registers) while this step's products
// are formed, and one barrier per step suffices. Every load outside the matrices reads
// 0, so any size works; rows and columns outside C are computed and never stored.
#extension GL_EXT_control_flow_attributes : require
const uint TTM = BM / TM, TTN = BN / TN; // threads along m and n
const uint WG = TTM * TTN;
layout(local_size_x = WG) in;

layout(push_constant) uniform Params {
  uint64_t a, b, c;        // addresses of the first page (offsets already added)
  uint64_t lda, ldb, ldc;  // elements
  uint64_t sa, sb, sc;     // page strides in elements (0 repeats a page)
  uint m, n, k;
  uint tiles_m, tiles_n, batch;
  uint groups_x;
  uint flags;              // 1, 2, 4: A, B, C may be read/written as aligned 4-vectors;
                           // 8: C = C - op(A) * op(B) (the updates of ga_solve.c)
} pc;

layout(buffer_reference, std430, buffer_reference_align = 16) buffer GemmV4 { V4 v; };
layout(buffer_reference, std430, buffer_reference_align = ES) buffer GemmS { T v; };

shared V4 As[2][BK][BM / 4 + PAD];
shared V4 Bs[2][BK][BN / 4 + PAD];

// Four elements along the contiguous ("fast") index f0..f0+3 at slow index s; zeros
// outside fmax x smax. vec: the four may be loaded as one aligned vector.
V4 load4(uint64_t base, uint64_t ld, uint f0, uint fmax, uint s, uint smax, bool vec)
{
  V4 r = V4(0);
  if (s >= smax || f0 >= fmax)
    return r;
  uint64_t p = base + (uint64_t(f0) + uint64_t(s) * ld) * uint64_t(ES);
  if (vec)
    return GemmV4(p).v; // fmax is a multiple of 4: all four are inside
  [[unroll]] for (uint q = 0u; q < 4u; q++)
    if (f0 + q < fmax)
      r[q] = GemmS(p + uint64_t(q * ES)).v;
  return r;
}

// Units of four elements each thread moves per step, for A and for B.
const uint UA = (BM * BK / 4 + WG - 1) / WG;
const uint UB = (BN * BK / 4 + WG - 1) / WG;

// A tile of op(A): rows m0.. (BM), depth k0.. (BK). Unit u covers four elements along
// A's contiguous index: m without the transpose, k with it.
V4 fetch_a(uint64_t base, uint m0, uint k0, uint u)
{
#if TRANS_A
  uint kk4 = u % (BK / 4u), mm = u / (BK / 4u);
  return load4(base, pc.lda, k0 + kk4 * 4u, pc.k, m0 + mm, pc.m, (pc.flags & 1u) != 0u);
#else
  uint mm4 = u % (BM / 4u), kk = u / (BM / 4u);
  return load4(base, pc.lda, m0 + mm4 * 4u, pc.m, k0 + kk, pc.k, (pc.flags & 1u) != 0u);
#endif
}

void stash_a(uint buf, uint u, V4 v)
{
#if TRANS_A
  uint kk4 = u % (BK / 4u), mm = u / (BK / 4u);
  [[unroll]] for (uint q = 0u; q < 4u; q++)
    As[buf][kk4 * 4u + q][mm / 4u][mm % 4u] = v[q];
#else
  uint mm4 = u % (BM / 4u), kk = u / (BM / 4u);
  As[buf][kk][mm4] = v;
#endif
}

// op(B): depth k0.. (BK), columns n0.. (BN); contiguous along k without the transpose,
// along n with it.
V4 fetch_b(uint64_t base, uint n0, uint k0, uint u)
{
#if TRANS_B
  uint nn4 = u % (BN / 4u), kk = u / (BN / 4u);
  return load4(base, pc.ldb, n0 + nn4 * 4u, pc.n, k0 + kk, pc.k, (pc.flags & 2u) != 0u);
#else
  uint kk4 = u % (BK / 4u), nn = u / (BK / 4u);
  return load4(base, pc.ldb, k0 + kk4 * 4u, pc.k, n0 + nn, pc.n, (pc.flags & 2u) != 0u);
#endif
}

void stash_b(uint buf, uint u, V4 v)
{
#if TRANS_B
  uint nn4 = u % (BN / 4u), kk = u / (BN / 4u);
  Bs[buf][kk][nn4] = v;
#else
  uint kk4 = u % (BK / 4u), nn = u / (BK / 4u);
  [[unroll]] for (uint q = 0u; q < 4u; q++)
    Bs[buf][kk4 * 4u + q][nn / 4u][nn % 4u] = v[q];
#endif
}

void main()
{
  uint tid = gl_LocalInvocationID.x;
  uint64_t group = uint64_t(gl_WorkGroupID.y) * uint64_t(pc.groups_x) + uint64_t(gl_WorkGroupID.x);
  uint64_t per_page = uint64_t(pc.tiles_m) * uint64_t(pc.tiles_n);
  if (group >= per_page * uint64_t(pc.batch))
    return; // whole workgroups leave: the barriers below stay uniform
  // in 32 bits (a grid has fewer than 2^32 groups): NVIDIA 580 has miscompiled 64-bit
  // integer division elsewhere
  uint page = uint(group) / uint(per_page);
  uint pid = uint(group) % uint(per_page);
  // GROUP_M tile rows at a time, columns within them: a band of A stays in L2
  uint in_group = uint(GROUP_M) * pc.tiles_n;
  uint first_m = (pid / in_group) * uint(GROUP_M);
  uint rows_here = min(pc.tiles_m - first_m, uint(GROUP_M));
  uint tile_m = first_m + (pid % in_group) % rows_here;
  uint tile_n = (pid % in_group) / rows_here;
  uint m0 = tile_m * uint(BM), n0 = tile_n * uint(BN);

  uint64_t abase = pc.a + uint64_t(page) * pc.sa * uint64_t(ES);
  uint64_t bbase = pc.b + uint64_t(page) * pc.sb * uint64_t(ES);
  uint64_t cbase = pc.c + uint64_t(page) * pc.sc * uint64_t(ES);

#if WM > 0
  // warps of WM x (32 / WM) threads, tiled over the TTM x TTN threads
  uint lane = tid % 32u, warp = tid / 32u;
  uint tmi = (warp % (TTM / uint(WM))) * uint(WM) + lane % uint(WM);
  uint tni = (warp / (TTM / uint(WM))) * (32u / uint(WM)) + lane / uint(WM);
#else
  uint tmi = tid % TTM, tni = tid / TTM;
#endif
  T acc[TM][TN];
  [[unroll]] for (int i = 0; i < TM; i++)
    [[unroll]] for (int j = 0; j < TN; j++)
      acc[i][j] = T(0);

  V4 ra[UA], rb[UB];
  uint steps = (pc.k + uint(BK) - 1u) / uint(BK);
  [[unroll]] for (uint i = 0u; i < UA; i++)
    if (tid + i * WG < BM * BK / 4u)
      stash_a(0u, tid + i * WG, fetch_a(abase, m0, 0u, tid + i * WG));
  [[unroll]] for (uint i = 0u; i < UB; i++)
    if (tid + i * WG < BN * BK / 4u)
      stash_b(0u, tid + i * WG, fetch_b(bbase, n0, 0u, tid + i * WG));
  barrier();

  for (uint s = 0u; s < steps; s++) {
    uint cur = s & 1u;
    bool more = s + 1u < steps;
    if (more) {
      uint k1 = (s + 1u) * uint(BK);
      [[unroll]] for (uint i = 0u; i < UA; i++)
        if (tid + i * WG < BM * BK / 4u)
          ra[i] = fetch_a(abase, m0, k1, tid + i * WG);
      [[unroll]] for (uint i = 0u; i < UB; i++)
        if (tid + i * WG < BN * BK / 4u)
          rb[i] = fetch_b(bbase, n0, k1, tid + i * WG);
    }
    [[unroll]] for (uint kk = 0u; kk < uint(BK); kk++) {
      T av[TM], bv[TN];
      [[unroll]] for (uint g = 0u; g < uint(TM) / 4u; g++) {
        V4 x = As[cur][kk][tmi + g * TTM];
        [[unroll]] for (uint q = 0u; q < 4u; q++)
          av[4u * g + q] = x[q];
      }
      [[unroll]] for (uint g = 0u; g < uint(TN) / 4u; g++) {
        V4 y = Bs[cur][kk][tni + g * TTN];
        [[unroll]] for (uint q = 0u; q < 4u; q++)
          bv[4u * g + q] = y[q];
      }
      [[unroll]] for (int i = 0; i < TM; i++)
        [[unroll]] for (int j = 0; j < TN; j++)
          acc[i][j] = fma(av[i], bv[j], acc[i][j]);
    }
    if (more) {
      [[unroll]] for (uint i = 0u; i < UA; i++)
        if (tid + i * WG < BM * BK / 4u)
          stash_a(cur ^ 1u, tid + i * WG, ra[i]);
      [[unroll]] for (uint i = 0u; i < UB; i++)
        if (tid + i * WG < BN * BK / 4u)
          stash_b(cur ^ 1u, tid + i * WG, rb[i]);
    }
    barrier();
  }

  // every index into acc is a constant once unrolled: acc stays in registers
  bool vec_c = (pc.flags & 4u) != 0u;
  bool update = (pc.flags & 8u) != 0u;
  [[unroll]] for (int j = 0; j < TN; j++) {
    uint col = n0 + (uint(j / 4) * TTN + tni) * 4u + uint(j & 3);
    [[unroll]] for (int h = 0; h < TM / 4; h++) {
      uint row = m0 + (uint(h) * TTM + tmi) * 4u;
      V4 v = V4(acc[4 * h][j], acc[4 * h + 1][j], acc[4 * h + 2][j], acc[4 * h + 3][j]);
      if (col < pc.n && row < pc.m) {
        uint64_t p = cbase + (uint64_t(row) + uint64_t(col) * pc.ldc) * uint64_t(ES);
        if (vec_c) {
          if (update)
            v = GemmV4(p).v - v;
          GemmV4(p).v = v; // m is a multiple of 4: all four rows are inside
        } else {
          [[unroll]] for (uint q = 0u; q < 4u; q++)
            if (row + q < pc.m) {
              T old = update ? GemmS(p + uint64_t(q * ES)).v : T(0);
              GemmS(p + uint64_t(q * ES)).v = update ? old - v[q] : v[q];
            }
        }
      }
    }
  }
}
