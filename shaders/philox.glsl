// gpuarray: arrays born on the device. Random numbers from Philox4x32-10 (Salmon et al.,
// "Parallel random numbers: as easy as 1, 2, 3", SC'11) and index functions (eye,
// linspace, ranges): element i is a function of i and a few scalars only, so these fuse
// into any elementwise kernel. src/core/ga_rng.c is the same code in C, the host's
// reference: change both together, operation by operation. Included only in kernels
// that use it; randn also needs ga_math.glsl (log, sqrt, sin, cos in double).

uvec4 ga_philox4x32_10(uvec4 c, uvec2 k)
{
  [[unroll]] for (int r = 0; r < 10; r++) { // integer only: nothing to contract
    if (r > 0)
      k += uvec2(0x9E3779B9u, 0xBB67AE85u);
    uint hi0, lo0, hi1, lo1;
    umulExtended(0xD2511F53u, c.x, hi0, lo0);
    umulExtended(0xCD9E8D57u, c.z, hi1, lo1);
    c = uvec4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
  }
  return c;
}

uvec2 ga_rng_key(uint64_t key) { return uvec2(uint(key), uint(key >> 32)); }

// block `block` of the stream; lane separates the retries of randi
uvec4 ga_rng_block(uint64_t key, uint64_t block, uint lane)
{
  return ga_philox4x32_10(uvec4(uint(block), uint(block >> 32), lane, 0u), ga_rng_key(key));
}

// 53 bits as a double in (0,1): k * 2^-53, k = 0 read as 2^-54
double ga_rng_u53(uint lo, uint hi)
{
  uint64_t k = ((uint64_t(hi) << 32) | uint64_t(lo)) >> 11;
  return k == 0ul ? 5.5511151231257827e-17lf : double(k) * 1.1102230246251565e-16lf;
}

// 24 bits as a single in (0,1), likewise
float ga_rng_u24(uint w)
{
  uint k = w >> 8;
  return k == 0u ? 2.98023223876953125e-8 : float(k) * 5.9604644775390625e-8;
}

double ga_rng_uniform_double(uint64_t key, uint64_t base, uint64_t i)
{
  uvec4 w = ga_rng_block(key, base + (i >> 1), 0u);
  return (i & 1ul) == 0ul ? ga_rng_u53(w.x, w.y) : ga_rng_u53(w.z, w.w);
}

float ga_rng_uniform_single(uint64_t key, uint64_t base, uint64_t i)
{
  uvec4 w = ga_rng_block(key, base + (i >> 2), 0u);
  return ga_rng_u24(w[int(i & 3ul)]);
}

// Elements first .. first+3 (first a multiple of 4) of a draw at once, for the
// elementwise kernels' packets: one Philox block per two doubles or four singles is
// computed once instead of once per element. The same operations as the functions of
// one element above, so the values are the same.
void ga_rng_uniform_double_packet(uint64_t key, uint64_t base, uint64_t first, out double z[4])
{
  // written out, not [[unroll]]: spirv-opt's unrolled copies lose `precise` (the
  // NoContraction that keeps these values equal to the host's)
  uvec4 w0 = ga_rng_block(key, base + (first >> 1), 0u);
  z[0] = ga_rng_u53(w0.x, w0.y);
  z[1] = ga_rng_u53(w0.z, w0.w);
  uvec4 w1 = ga_rng_block(key, base + (first >> 1) + 1ul, 0u);
  z[2] = ga_rng_u53(w1.x, w1.y);
  z[3] = ga_rng_u53(w1.z, w1.w);
}

void ga_rng_uniform_single_packet(uint64_t key, uint64_t base, uint64_t first, out float z[4])
{
  uvec4 w = ga_rng_block(key, base + (first >> 2), 0u);
  z = float[4](ga_rng_u24(w.x), ga_rng_u24(w.y), ga_rng_u24(w.z), ga_rng_u24(w.w));
}

#ifdef GA_RNG_NORMAL
// ---- Box-Muller, computed alike here and in src/core/ga_rng.c (which explains it) ----
// fdlibm's log for normal x > 0; division correctly rounded (ga_div_double)
double ga_rng_log(double x)
{
  int hx = ga_m_ihi(x);
  int k = (hx >> 20) - 1023;
  hx &= 0x000fffff;
  int i = (hx + 0x95f64) & 0x100000;
  precise double xx = ga_m_with_hi(x, uint(hx | (i ^ 0x3ff00000)));
  k += i >> 20;
  precise double f = xx - 1.0lf;
  precise double s = ga_div_double(f, 2.0lf + f);
  precise double dk = double(k);
  precise double z = s * s;
  precise double w = z * z;
  precise double t1 = w * (3.999999999940941908e-01lf + w * (2.222219843214978396e-01lf + w * 1.531383769920937332e-01lf));
  precise double t2 = z * (6.666666666666735130e-01lf + w * (2.857142874366239149e-01lf + w * (1.818357216161805012e-01lf +
                      w * 1.479819860511658591e-01lf)));
  precise double r = t2 + t1;
  precise double v;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    precise double hfsq = 0.5lf * f * f;
    v = dk * 6.93147180369123816490e-01lf - ((hfsq - (s * (hfsq + r) + dk * 1.90821492927058770002e-10lf)) - f);
  } else {
    v = dk * 6.93147180369123816490e-01lf - ((s * (f - r) - dk * 1.90821492927058770002e-10lf) - f);
  }
  return v;
}

// r cos (2 pi u2), r sin (2 pi u2), r = sqrt (-2 log u1), u2 reduced exactly to a quarter turn
void ga_rng_box_muller(double u1, double u2, out double c, out double s)
{
  precise double r = ga_sqrt_d(-2.0lf * ga_rng_log(u1));
  precise double q = floor(u2 * 4.0lf + 0.5lf);
  precise double f = u2 - q * 0.25lf;
  precise double x = f * 6.283185307179586lf;
  precise double sn = ga_m_ksin(x, 0.0lf, false), cs = ga_m_kcos(x, 0.0lf);
  int quadrant = int(q) & 3;
  precise double sin_t = quadrant == 0 ? sn : quadrant == 1 ? cs : quadrant == 2 ? -sn : -cs;
  precise double cos_t = quadrant == 0 ? cs : quadrant == 1 ? -sn : quadrant == 2 ? -cs : sn;
  precise double vc = r * cos_t, vs = r * sin_t;
  c = vc;
  s = vs;
}

// the even element takes r cos t, the odd one r sin t
double ga_rng_normal(uint64_t key, uint64_t base, uint64_t i)
{
  uvec4 w = ga_rng_block(key, base + (i >> 1), 0u);
  double c, s;
  ga_rng_box_muller(ga_rng_u53(w.x, w.y), ga_rng_u53(w.z, w.w), c, s);
  return (i & 1ul) == 0ul ? c : s;
}

void ga_rng_normal_packet(uint64_t key, uint64_t base, uint64_t first, out double z[4])
{
  // written out, not [[unroll]] (see ga_rng_uniform_double_packet)
  uvec4 w0 = ga_rng_block(key, base + (first >> 1), 0u);
  ga_rng_box_muller(ga_rng_u53(w0.x, w0.y), ga_rng_u53(w0.z, w0.w), z[0], z[1]);
  uvec4 w1 = ga_rng_block(key, base + (first >> 1) + 1ul, 0u);
  ga_rng_box_muller(ga_rng_u53(w1.x, w1.y), ga_rng_u53(w1.z, w1.w), z[2], z[3]);
}
#endif

// The 128-bit product x * m: high and low 64 bits, from 32-bit halves.
uint64_t ga_rng_mul128(uint64_t x, uint64_t m, out uint64_t lo)
{
  uint xl = uint(x), xh = uint(x >> 32), ml = uint(m), mh = uint(m >> 32);
  uint h0, l0, h1, l1, h2, l2, h3, l3;
  umulExtended(xl, ml, h0, l0);
  umulExtended(xl, mh, h1, l1);
  umulExtended(xh, ml, h2, l2);
  umulExtended(xh, mh, h3, l3);
  uint64_t mid = uint64_t(h0) + uint64_t(l1) + uint64_t(l2);
  lo = (mid << 32) | uint64_t(l0);
  return (uint64_t(h3) << 32) + uint64_t(l3) + uint64_t(h1) + uint64_t(h2) + (mid >> 32);
}

// randi: Lemire's multiply-shift with rejection, retries in further lanes (ga_rng.c)
double ga_rng_integer(uint64_t key, uint64_t base, uint64_t m, uint64_t threshold, uint64_t i)
{
  uint64_t hi = 0ul;
  for (uint t = 0u; t < 8u; t++) {
    uvec4 w = ga_rng_block(key, base + (i >> 1), t);
    uint64_t x = (i & 1ul) == 0ul ? ((uint64_t(w.y) << 32) | uint64_t(w.x)) : ((uint64_t(w.w) << 32) | uint64_t(w.z));
    uint64_t lo;
    hi = ga_rng_mul128(x, m, lo);
    if (lo >= threshold)
      break;
  }
  return double(hi);
}

// randperm: a Philox-keyed Feistel network on two h-bit halves, cycle-walked into [0, n)
uint ga_rng_feistel(uvec2 k, uint64_t base, uint h, uint x)
{
  uint mask = h >= 32u ? 0xffffffffu : (1u << h) - 1u;
  uint left = (x >> h) & mask, right = x & mask;
  for (uint r = 0u; r < 6u; r++) {
    uvec4 w = ga_philox4x32_10(uvec4(uint(base), uint(base >> 32), right, 0x80000000u | r), k);
    uint next = left ^ (w.x & mask);
    left = right;
    right = next;
  }
  return (left << h) | right;
}

double ga_rng_perm(uint64_t key, uint64_t base, uint64_t n, uint64_t h, uint64_t i)
{
  uvec2 k = ga_rng_key(key);
  uint x = uint(min(i, n - 1ul)); // padding elements of the last packet: any valid index
  do
    x = ga_rng_feistel(k, base, uint(h), x);
  while (uint64_t(x) >= n);
  return double(x) + 1.0lf;
}

uint ga_rng_raw(uint64_t key, uint64_t c01, uint64_t c23, uint64_t i)
{
  uint64_t b = c01 + (i >> 2);
  uvec4 w = ga_philox4x32_10(uvec4(uint(b), uint(b >> 32), uint(c23), uint(c23 >> 32)), ga_rng_key(key));
  return w[int(i & 3ul)];
}

// ---- index functions: Octave 7's linspace and range elements (ga_rng.c) ------------

double ga_linspace_double(double x1, double x2, double delta, uint64_t n, uint64_t i)
{
  uint64_t n2 = n >> 1; // no 64-bit division: NVIDIA 580 has miscompiled it
  if (i == 0ul)
    return n == 1ul ? x2 : x1;
  if (i == n - 1ul)
    return x2;
  precise double v;
  if (i < n2)
    v = x1 + double(i) * delta;
  else if ((n & 1ul) == 1ul && i == n2)
    v = x1 == -x2 ? 0.0lf : (x1 + x2) * 0.5lf; // = (x1 + x2) / 2, correctly rounded in any driver
  else
    v = x2 - double(n - 1ul - i) * delta;
  return v;
}

float ga_linspace_single(float x1, float x2, float delta, uint64_t n, uint64_t i)
{
  uint64_t n2 = n >> 1; // no 64-bit division: NVIDIA 580 has miscompiled it
  if (i == 0ul)
    return n == 1ul ? x2 : x1;
  if (i == n - 1ul)
    return x2;
  precise float v;
  if (i < n2)
    v = x1 + float(i) * delta;
  else if ((n & 1ul) == 1ul && i == n2)
    v = x1 == -x2 ? 0.0 : (x1 + x2) * 0.5;
  else
    v = x2 - float(n - 1ul - i) * delta;
  return v;
}

double ga_range_double(double base, double inc, double last, uint64_t n, uint64_t i)
{
  precise double v = base + double(i) * inc;
  return i == 0ul ? base : i == n - 1ul ? last : v;
}

float ga_range_single(float base, float inc, float last, uint64_t n, uint64_t i)
{
  precise float v = base + float(i) * inc;
  return i == 0ul ? base : i == n - 1ul ? last : v;
}
