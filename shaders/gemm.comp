// gpuarray: C = op(A) * op(B), column-major, for each page of a batch (ga_vk_gemm.c).
// The core defines:
//   T, V4              the element type and its 4-vector (float/vec4, double/dvec4)
//   ES                 bytes per element
//   BM, BN, BK         the workgroup's tile of C (BM x BN) and the depth of one step
//   TRANS_A, TRANS_B   op is the transpose (A stored k x m, B stored n x k)
//   GROUP_M            tile rows walked together, so neighbouring groups share panels in L2
// Each thread owns an 8 x 8 block of C as two 4-row halves BM/2 apart and two 4-column
// halves BN/2 apart: its reads of shared memory are whole vectors, and a warp's rows
// are contiguous. Tiles of A and B go through shared memory twice buffered: the next
// step's global loads are in flight while this step's products are formed, and one
// barrier per step suffices. Every load outside the matrices reads 0, so any size works;
// rows and columns outside C are computed and never stored.
#extension GL_EXT_control_flow_attributes : require
layout(local_size_x = (BM / 8) * (BN / 8)) in;

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

const uint WG = (BM / 8) * (BN / 8);
shared V4 As[2][BK][BM / 4];
shared V4 Bs[2][BK][BN / 4];

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

  uint tmi = tid % (BM / 8u), tni = tid / (BM / 8u);
  T acc[8][8];
  [[unroll]] for (int i = 0; i < 8; i++)
    [[unroll]] for (int j = 0; j < 8; j++)
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
      V4 a0 = As[cur][kk][tmi], a1 = As[cur][kk][tmi + BM / 8u];
      V4 b0 = Bs[cur][kk][tni], b1 = Bs[cur][kk][tni + BN / 8u];
      T av[8] = T[8](a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w);
      T bv[8] = T[8](b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w);
      [[unroll]] for (int i = 0; i < 8; i++)
        [[unroll]] for (int j = 0; j < 8; j++)
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
  [[unroll]] for (int j = 0; j < 8; j++) {
    uint col = n0 + (j < 4 ? 0u : uint(BN) / 2u) + tni * 4u + uint(j & 3);
    [[unroll]] for (int h = 0; h < 2; h++) {
      uint row = m0 + (h == 0 ? 0u : uint(BM) / 2u) + tmi * 4u;
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
