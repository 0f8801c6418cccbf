// gpuarray: the kernels of the one-sided Jacobi SVD (ga_vk_svd.c; the host reference is
// src/core/ga_la_host.c, the driver src/core/ga_svd.c). The core defines T (the real
// type), ES (its size), CW (1 real, 2 complex: (re, im) pairs), KIND, WG:
//   KIND 0  JACOBI: one step of a round-robin sweep, a workgroup per column pair: the
//           pair's three inner products over rows 0 .. m-1 (a loop over the rows and a
//           shared-memory tree), Hestenes' rotation, applied to rows 0 .. rows-1 (V is
//           stored below A, so it turns with it)
//   KIND 1  COLNORM: a workgroup per column: its norm (scaled by its largest magnitude,
//           so no square overflows or underflows), and the column divided by it
// Each workgroup owns its columns for the whole dispatch, so no invocation reads
// another workgroup's writes; the steps of a sweep are separate dispatches.
#extension GL_EXT_control_flow_attributes : require

layout(buffer_reference, std430, buffer_reference_align = ES) buffer SvS { T v; };
layout(buffer_reference, std430, buffer_reference_align = 4) buffer SvI { int v; };

layout(local_size_x = WG) in;

// element (i, c); its imaginary part (CW 2) is the next T
uint64_t at(uint64_t a, uint64_t lda, uint i, uint c) { return a + (uint64_t(i) + uint64_t(c) * lda) * uint64_t(CW * ES); }

#if KIND == 0
layout(push_constant) uniform Params {
  uint64_t a;    // column 0 of the matrix
  uint64_t lda;
  uint64_t flag; // int32: set to the sweep's number (from 1) by any rotation
  uint m;        // rows of A (the inner products)
  uint rows;     // rows rotated: A's and V's below them
  uint n;        // columns
  uint step;     // sweep (N-1) + the round-robin step (N: n rounded up to even)
  float tol;
} pc;

shared T s_a[WG], s_b[WG], s_g[WG], s_i[WG];

void main()
{
  uint tid = gl_LocalInvocationID.x, k = gl_WorkGroupID.x;
  uint N = pc.n + (pc.n & 1u);
  // the circle method: column 0 stays, the others turn one place a step
  uint p, q;
  if (k == 0u) {
    p = 0u;
    q = 1u + pc.step % (N - 1u);
  } else {
    p = 1u + (k + pc.step) % (N - 1u);
    q = 1u + (N - 1u - k + pc.step) % (N - 1u);
  }
  if (max(p, q) >= pc.n)
    return; // the odd column's partner sits out (whole workgroup: barriers stay uniform)
  uint c0 = min(p, q), c1 = max(p, q);
  T alpha = T(0), beta = T(0), gamma = T(0), gim = T(0);
  for (uint i = tid; i < pc.m; i += uint(WG)) {
    uint64_t ap = at(pc.a, pc.lda, i, c0), aq = at(pc.a, pc.lda, i, c1);
    T x = SvS(ap).v, y = SvS(aq).v;
    alpha += x * x;
    beta += y * y;
    gamma += x * y;
#if CW == 2
    // gamma = a_p^H a_q
    T xi = SvS(ap + uint64_t(ES)).v, yi = SvS(aq + uint64_t(ES)).v;
    alpha += xi * xi;
    beta += yi * yi;
    gamma += xi * yi;
    gim += x * yi - xi * y;
#endif
  }
  s_a[tid] = alpha;
  s_b[tid] = beta;
  s_g[tid] = gamma;
  s_i[tid] = gim;
  barrier();
  for (uint h = uint(WG) / 2u; h > 0u; h >>= 1) {
    if (tid < h) {
      s_a[tid] += s_a[tid + h];
      s_b[tid] += s_b[tid + h];
      s_g[tid] += s_g[tid + h];
      s_i[tid] += s_i[tid + h];
    }
    barrier();
  }
  alpha = s_a[0];
  beta = s_b[0];
  // complex: |gamma| and its phase w = gamma / |gamma|; real: gamma itself, w = 1
  T gre = s_g[0], gi = s_i[0], wr = T(1), wi = T(0);
  gamma = gre;
#if CW == 2
  T big = max(abs(gre), abs(gi));
  gamma = big == T(0) ? T(0) : big * sqrt((gre / big) * (gre / big) + (gi / big) * (gi / big));
  if (gamma != T(0)) {
    wr = gre / gamma;
    wi = gi / gamma;
  }
#endif
  // converged pair (or a zero column): every thread decides alike
  if (gamma == T(0) || abs(gamma) <= T(pc.tol) * sqrt(alpha) * sqrt(beta))
    return;
  // the real rotation of (a_p, a_q conj (w)), whose inner product is |gamma|
  T zeta = (beta - alpha) / (T(2) * gamma), az = abs(zeta);
  // sqrt (1 + zeta^2) without squaring a large zeta
  T hyp = az > T(1) ? az * sqrt(T(1) + (T(1) / az) * (T(1) / az)) : sqrt(T(1) + az * az);
  T t = (zeta < T(0) ? T(-1) : T(1)) / (az + hyp);
  T c = T(1) / sqrt(T(1) + t * t), s = c * t;
  for (uint i = tid; i < pc.rows; i += uint(WG)) {
    uint64_t ap = at(pc.a, pc.lda, i, c0), aq = at(pc.a, pc.lda, i, c1);
#if CW == 2
    T x = SvS(ap).v, xi = SvS(ap + uint64_t(ES)).v, yr = SvS(aq).v, yi = SvS(aq + uint64_t(ES)).v;
    T y = yr * wr + yi * wi, yim = yi * wr - yr * wi; // a_q conj (w)
    SvS(ap).v = c * x - s * y;
    SvS(ap + uint64_t(ES)).v = c * xi - s * yim;
    SvS(aq).v = s * x + c * y;
    SvS(aq + uint64_t(ES)).v = s * xi + c * yim;
#else
    T x = SvS(ap).v, y = SvS(aq).v;
    SvS(ap).v = c * x - s * y;
    SvS(aq).v = s * x + c * y;
#endif
  }
  if (tid == 0u)
    SvI(pc.flag).v = int(pc.step / (N - 1u) + 1u); // the sweep's number
}
#endif

#if KIND == 1
layout(push_constant) uniform Params {
  uint64_t a, lda;
  uint64_t sig;  // sigma_j
  uint m, n;
  uint scale;    // divide the column by its norm
  uint groups_x;
} pc;

shared T s_r[WG];

// the workgroup's sum (op 0) or max (op 1) of v, in every thread
T wg_reduce(T v, bool mx)
{
  uint tid = gl_LocalInvocationID.x;
  s_r[tid] = v;
  barrier();
  for (uint h = uint(WG) / 2u; h > 0u; h >>= 1) {
    if (tid < h)
      s_r[tid] = mx ? max(s_r[tid], s_r[tid + h]) : s_r[tid] + s_r[tid + h];
    barrier();
  }
  T r = s_r[0];
  barrier();
  return r;
}

void main()
{
  uint tid = gl_LocalInvocationID.x, j = gl_WorkGroupID.y * pc.groups_x + gl_WorkGroupID.x;
  if (j >= pc.n)
    return;
  T big = T(0);
  for (uint i = tid; i < pc.m * uint(CW); i += uint(WG))
    big = max(big, abs(SvS(at(pc.a, pc.lda, 0u, j) + uint64_t(i) * uint64_t(ES)).v));
  big = wg_reduce(big, true);
  T sum = T(0);
  if (big > T(0))
    for (uint i = tid; i < pc.m * uint(CW); i += uint(WG)) {
      T x = SvS(at(pc.a, pc.lda, 0u, j) + uint64_t(i) * uint64_t(ES)).v / big;
      sum += x * x;
    }
  sum = wg_reduce(sum, false);
  T sigma = big * sqrt(sum);
  if (tid == 0u)
    SvS(pc.sig + uint64_t(j) * uint64_t(ES)).v = sigma;
  if (pc.scale != 0u && sigma > T(0))
    for (uint i = tid; i < pc.m * uint(CW); i += uint(WG)) {
      uint64_t e = at(pc.a, pc.lda, 0u, j) + uint64_t(i) * uint64_t(ES);
      SvS(e).v = SvS(e).v / sigma;
    }
}
#endif
