/* Arrays born on the device: random numbers (Philox4x32-10) and index functions (eye,
 * linspace, ranges), as pending expressions whose element i is a function of i and a
 * few scalars. shaders/philox.glsl computes the same functions in kernels; this file is
 * the reference the host interpreter runs. Keep the two in step, operation by
 * operation: the uniform, integer and permutation draws must agree bit for bit. */
#include "ga_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- Philox4x32-10 ---------------------------------------------------------------- */

enum { PHILOX_M0 = 0xD2511F53u, PHILOX_M1 = 0xCD9E8D57u, PHILOX_W0 = 0x9E3779B9u, PHILOX_W1 = 0xBB67AE85u };

void ga_philox4x32_10(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4])
{
  uint32_t c0 = ctr[0], c1 = ctr[1], c2 = ctr[2], c3 = ctr[3], k0 = key[0], k1 = key[1];
  for (int r = 0; r < 10; r++) {
    if (r > 0) {
      k0 += PHILOX_W0;
      k1 += PHILOX_W1;
    }
    uint64_t p0 = (uint64_t)PHILOX_M0 * c0, p1 = (uint64_t)PHILOX_M1 * c2;
    uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1 ^ k0, n2 = (uint32_t)(p0 >> 32) ^ c3 ^ k1;
    c0 = n0;
    c1 = (uint32_t)p1;
    c2 = n2;
    c3 = (uint32_t)p0;
  }
  out[0] = c0;
  out[1] = c1;
  out[2] = c2;
  out[3] = c3;
}

/* Block `block` of the stream keyed by key; lane separates the retries of randi. */
static void draw_block(uint64_t key, uint64_t block, uint32_t lane, uint32_t w[4])
{
  uint32_t c[4] = {(uint32_t)block, (uint32_t)(block >> 32), lane, 0u};
  uint32_t k[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
  ga_philox4x32_10(c, k, w);
}

/* 53 random bits as a double in (0,1): k * 2^-53, with k = 0 (probability 2^-53) read
 * as 2^-54 so that the interval is open (log (u) stays finite in randn). */
static double u53(uint32_t lo, uint32_t hi)
{
  uint64_t k = (((uint64_t)hi << 32) | lo) >> 11;
  return k == 0 ? 0x1p-54 : (double)k * 0x1p-53;
}

/* 24 random bits as a single in (0,1), likewise */
static float u24(uint32_t w)
{
  uint32_t k = w >> 8;
  return k == 0 ? 0x1p-25f : (float)k * 0x1p-24f;
}

/* ---- Box-Muller, computed alike here and in the kernels ----------------------------------
 * The normal numbers must be the same on every provider, so the transform uses no C
 * library function: log is fdlibm's e_log.c (within 1 ulp), sin and cos of 2 pi u2 reduce
 * u2 exactly to a quarter turn and call fdlibm's kernels (ga_math.glsl's ga_m_ksin and
 * ga_m_kcos), sqrt and division are correctly rounded on both sides. Every expression is
 * written as philox.glsl writes it (same association; C11 does not contract into fma). */

static int32_t high_word(double x)
{
  uint64_t b;
  memcpy(&b, &x, 8);
  return (int32_t)(b >> 32);
}

static double with_high_word(double x, uint32_t hi)
{
  uint64_t b;
  memcpy(&b, &x, 8);
  b = ((uint64_t)hi << 32) | (b & 0xffffffffu);
  memcpy(&x, &b, 8);
  return x;
}

/* log (x) for normal x > 0 (fdlibm's __ieee754_log without its special cases) */
static double rng_log(double x)
{
  int32_t hx = high_word(x);
  int32_t k = (hx >> 20) - 1023;
  hx &= 0x000fffff;
  int32_t i = (hx + 0x95f64) & 0x100000;
  x = with_high_word(x, (uint32_t)(hx | (i ^ 0x3ff00000))); /* x or x/2 in [sqrt(2)/2, sqrt(2)) */
  k += i >> 20;
  double f = x - 1.0;
  double s = f / (2.0 + f);
  double dk = (double)k;
  double z = s * s;
  double w = z * z;
  double t1 = w * (3.999999999940941908e-01 + w * (2.222219843214978396e-01 + w * 1.531383769920937332e-01));
  double t2 = z * (6.666666666666735130e-01 + w * (2.857142874366239149e-01 + w * (1.818357216161805012e-01 +
              w * 1.479819860511658591e-01)));
  double r = t2 + t1;
  if (((hx - 0x6147a) | (0x6b851 - hx)) > 0) {
    double hfsq = 0.5 * f * f;
    return dk * 6.93147180369123816490e-01 - ((hfsq - (s * (hfsq + r) + dk * 1.90821492927058770002e-10)) - f);
  }
  return dk * 6.93147180369123816490e-01 - ((s * (f - r) - dk * 1.90821492927058770002e-10) - f);
}

/* fdlibm's __kernel_sin (x, 0) and __kernel_cos (x, 0), |x| <= pi/4 */
static double rng_ksin(double x)
{
  double z = x * x;
  double w = z * z;
  double r = 0.00833333333332249 + z * (-0.0001984126982985795 + z * 2.7557313707070068e-06) +
             z * w * (-2.5050760253406863e-08 + z * 1.58969099521155e-10);
  double v = z * x;
  return x + v * (-0.16666666666666632 + z * r);
}

static double rng_kcos(double x)
{
  double y = 0.0;
  double z = x * x;
  double w = z * z;
  double r = z * (0.0416666666666666 + z * (-0.001388888888887411 + z * 2.480158728947673e-05)) +
             w * w * (-2.7557314351390663e-07 + z * (2.087572321298175e-09 + z * -1.1359647557788195e-11));
  double hz = 0.5 * z;
  double ww = 1.0 - hz;
  return ww + (((1.0 - ww) - hz) + (z * r - x * y));
}

/* r cos (2 pi u2) and r sin (2 pi u2), r = sqrt (-2 log u1): u2 = q/4 + f exactly
 * (|f| <= 1/8), so 2 pi u2 = q pi/2 + 2 pi f with one rounding, in 2 pi f only */
static void box_muller(double u1, double u2, double *c, double *s)
{
  double r = sqrt(-2.0 * rng_log(u1));
  double q = floor(u2 * 4.0 + 0.5);
  double f = u2 - q * 0.25;
  double x = f * 6.283185307179586;
  double sn = rng_ksin(x), cs = rng_kcos(x);
  int quadrant = (int)q & 3;
  double sin_t = quadrant == 0 ? sn : quadrant == 1 ? cs : quadrant == 2 ? -sn : -cs;
  double cos_t = quadrant == 0 ? cs : quadrant == 1 ? -sn : quadrant == 2 ? -cs : sn;
  *c = r * cos_t;
  *s = r * sin_t;
}

/* Box-Muller on the two uniforms of one block: the even element takes r cos t, the odd
 * one r sin t. */
static double normal_at(uint64_t key, uint64_t base, uint64_t i)
{
  uint32_t w[4];
  draw_block(key, base + (i >> 1), 0, w);
  double c, s;
  box_muller(u53(w[0], w[1]), u53(w[2], w[3]), &c, &s);
  return (i & 1) ? s : c;
}

/* Lemire's multiply-shift on 64-bit draws with rejection: unbiased. A rejected draw is
 * drawn again from the next lane of the same block, so every element stays a function of
 * its own index; after GA_RANDI_TRIES draws (all rejected: probability below
 * (m / 2^64)^8 <= 2^-88 for m <= 2^53) the last is kept. */
#define GA_RANDI_TRIES 8
static uint64_t integer_at(uint64_t key, uint64_t base, uint64_t m, uint64_t threshold, uint64_t i)
{
  uint64_t hi = 0;
  for (uint32_t t = 0; t < GA_RANDI_TRIES; t++) {
    uint32_t w[4];
    draw_block(key, base + (i >> 1), t, w);
    unsigned j = (unsigned)(i & 1) * 2;
    uint64_t x = ((uint64_t)w[j + 1] << 32) | w[j];
    unsigned __int128 p = (unsigned __int128)x * m;
    hi = (uint64_t)(p >> 64);
    if ((uint64_t)p >= threshold)
      break;
  }
  return hi;
}

/* A bijection of [0, 4^h): a balanced Feistel network on two h-bit halves whose round
 * function is Philox keyed by the seed, its counter (base, right half, round) tagged in
 * word 3 so that no other draw uses it. */
#define GA_PERM_ROUNDS 6
static uint64_t feistel(uint64_t key, uint64_t base, unsigned h, uint64_t x)
{
  uint32_t mask = (uint32_t)((1ull << h) - 1u);
  uint32_t left = (uint32_t)(x >> h) & mask, right = (uint32_t)x & mask;
  uint32_t k[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
  for (uint32_t r = 0; r < GA_PERM_ROUNDS; r++) {
    uint32_t c[4] = {(uint32_t)base, (uint32_t)(base >> 32), right, 0x80000000u | r}, w[4];
    ga_philox4x32_10(c, k, w);
    uint32_t next = left ^ (w[0] & mask);
    left = right;
    right = next;
  }
  return ((uint64_t)left << h) | right;
}

/* Cycle walking: the permutation of [0, 4^h) restricted to [0, n) (i < n). */
static uint64_t perm_at(uint64_t key, uint64_t base, uint64_t n, unsigned h, uint64_t i)
{
  uint64_t x = i;
  do
    x = feistel(key, base, h, x);
  while (x >= n);
  return x;
}

/* ---- index functions ------------------------------------------------------------------ */

/* Octave 7's linspace (liboctave/array/dRowVector.cc, fRowVector.cc): both ends set,
 * the first half x1 + i*delta, the second x2 - (n-1-i)*delta, an odd middle the mean. */
static double linspace_at(bool single, double x1, double x2, double delta, uint64_t n, uint64_t i)
{
  uint64_t n2 = n / 2;
  if (i == 0)
    return n == 1 ? x2 : x1;
  if (i == n - 1)
    return x2;
  if (single) {
    float a = (float)x1, b = (float)x2, d = (float)delta;
    if (i < n2)
      return a + (float)i * d;
    if (n % 2 == 1 && i == n2)
      return a == -b ? 0.0f : (a + b) / 2.0f;
    return b - (float)(n - 1 - i) * d;
  }
  if (i < n2)
    return x1 + (double)i * delta;
  if (n % 2 == 1 && i == n2)
    return x1 == -x2 ? 0.0 : (x1 + x2) / 2.0;
  return x2 - (double)(n - 1 - i) * delta;
}

/* Octave 7's range element (liboctave/array/Range.h): the base, base + i*inc, and the
 * final value computed once (clipped to the limit) for the last. */
static double range_at(bool single, double base, double inc, double final_value, uint64_t n, uint64_t i)
{
  if (i == 0)
    return base;
  if (i == n - 1)
    return final_value;
  if (single)
    return (float)base + (float)i * (float)inc;
  return base + (double)i * inc;
}

/* ---- the host interpreter's side ------------------------------------------------------ */

bool ga_xnode_is_generator(const ga_xnode *n)
{
  return n->kind == GA_X_RANDOM || n->kind == GA_X_INDEX;
}

static uint64_t operand_bits(const ga_expr *x, int node)
{
  return ga_scalar_bits(&x->scalars[x->nodes[node].slot]);
}

static double operand_value(const ga_expr *x, int node)
{
  return x->scalars[x->nodes[node].slot].v.f; /* floating scalars are held as double */
}

void ga_host_generate(const ga_expr *x, const ga_xnode *n, int64_t k0, int64_t len, double *out)
{
  bool single = n->cls == GA_SINGLE;
  uint64_t key = operand_bits(x, n->a);
  switch (n->gen) {
  case GA_GEN_UNIFORM: {
    uint64_t base = operand_bits(x, n->b);
    for (int64_t k = 0; k < len; k++) {
      uint64_t i = (uint64_t)(k0 + k);
      uint32_t w[4];
      if (single) {
        draw_block(key, base + (i >> 2), 0, w);
        out[k] = u24(w[i & 3]);
      } else {
        draw_block(key, base + (i >> 1), 0, w);
        out[k] = u53(w[(i & 1) * 2], w[(i & 1) * 2 + 1]);
      }
    }
  } break;
  case GA_GEN_NORMAL: {
    uint64_t base = operand_bits(x, n->b);
    for (int64_t k = 0; k < len; k++) {
      double v = normal_at(key, base, (uint64_t)(k0 + k));
      out[k] = single ? (double)(float)v : v;
    }
  } break;
  case GA_GEN_INTEGER: {
    uint64_t base = operand_bits(x, n->b), m = operand_bits(x, n->c), th = operand_bits(x, n->d);
    for (int64_t k = 0; k < len; k++)
      out[k] = (double)integer_at(key, base, m, th, (uint64_t)(k0 + k));
  } break;
  case GA_GEN_PERM: {
    uint64_t base = operand_bits(x, n->b), nn = operand_bits(x, n->c);
    unsigned h = (unsigned)operand_bits(x, n->d);
    for (int64_t k = 0; k < len; k++)
      out[k] = (double)(perm_at(key, base, nn, h, (uint64_t)(k0 + k)) + 1);
  } break;
  case GA_GEN_RAW: {
    uint64_t c01 = operand_bits(x, n->b), c23 = operand_bits(x, n->c);
    uint32_t k2[2] = {(uint32_t)key, (uint32_t)(key >> 32)};
    for (int64_t k = 0; k < len; k++) {
      uint64_t i = (uint64_t)(k0 + k), blk = c01 + (i >> 2);
      uint32_t c[4] = {(uint32_t)blk, (uint32_t)(blk >> 32), (uint32_t)c23, (uint32_t)(c23 >> 32)}, w[4];
      ga_philox4x32_10(c, k2, w);
      out[k] = w[i & 3];
    }
  } break;
  case GA_GEN_EYE: {
    uint64_t m = key; /* operand a: the number of rows */
    for (int64_t k = 0; k < len; k++) {
      uint64_t i = (uint64_t)(k0 + k);
      out[k] = i % m == i / m ? 1.0 : 0.0;
    }
  } break;
  case GA_GEN_LINSPACE: {
    double x1 = operand_value(x, n->a), x2 = operand_value(x, n->b), d = operand_value(x, n->c);
    uint64_t nn = operand_bits(x, n->d);
    for (int64_t k = 0; k < len; k++)
      out[k] = linspace_at(single, x1, x2, d, nn, (uint64_t)(k0 + k));
  } break;
  case GA_GEN_RANGE: {
    double b = operand_value(x, n->a), inc = operand_value(x, n->b), f = operand_value(x, n->c);
    uint64_t nn = operand_bits(x, n->d);
    for (int64_t k = 0; k < len; k++)
      out[k] = range_at(single, b, inc, f, nn, (uint64_t)(k0 + k));
  } break;
  }
}

/* ---- building the pending values ------------------------------------------------------ */

static int add_scalar_node(ga_expr *x, ga_class cls, uint64_t bits_or_zero, double value)
{
  ga_scalar s = {.cls = cls};
  if (cls == GA_UINT64)
    s.v.u = bits_or_zero;
  else
    s.v.f = cls == GA_SINGLE ? (double)(float)value : value;
  int slot = x->nscalars++;
  x->scalars[slot] = s;
  x->nodes[x->nnodes] = (ga_xnode){.kind = GA_X_SCALAR, .cls = cls, .slot = slot};
  return x->nnodes++;
}

static int u64_node(ga_expr *x, uint64_t v) { return add_scalar_node(x, GA_UINT64, v, 0); }
static int value_node(ga_expr *x, ga_class cls, double v) { return add_scalar_node(x, cls, 0, v); }

static ga_status new_expr(int ndims, const int64_t *dims, ga_lazy **out, int *nd, int64_t *d)
{
  ga_status st = ga_shape_check(ndims, dims);
  if (st != GA_OK)
    return st;
  *nd = ndims;
  memcpy(d, dims, (size_t)ndims * sizeof *dims);
  ga_shape_normalize(nd, d);
  ga_lazy *lz = ga_lazy_new(*nd, d);
  if (!lz)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  *out = lz;
  return GA_OK;
}

static int generator_node(ga_expr *x, ga_xkind kind, ga_xgen gen, ga_class cls, int a, int b, int c, int d)
{
  x->nodes[x->nnodes] = (ga_xnode){.kind = kind, .gen = gen, .cls = cls, .a = a, .b = b < 0 ? a : b,
                                   .c = c < 0 ? a : c, .d = d < 0 ? a : d};
  return x->nnodes++;
}

static ga_status publish_lazy(ga_lazy *lz, ga_class cls, ga_id *out)
{
  ga_tensor *t;
  ga_status st;
  if (lz->x.numel == 0) { /* nothing to compute: an empty value */
    st = ga_tensor_new(cls, lz->x.ndims, lz->x.dims, &t);
    ga_lazy_free(lz);
  } else if ((st = ga_tensor_new_lazy(cls, lz->x.ndims, lz->x.dims, lz, &t)) != GA_OK) {
    ga_lazy_free(lz);
  }
  if (st != GA_OK)
    return st;
  if ((st = ga_handles_insert(t, out)) != GA_OK)
    ga_tensor_unref(t);
  return st;
}

/* Reserves the counter blocks of a draw: consecutive draws never share a block. */
static uint64_t take_blocks(uint64_t nblocks)
{
  uint64_t base = ga_g.rng_counter;
  ga_g.rng_counter += nblocks;
  return base;
}

ga_status ga_random(ga_rand_dist dist, ga_class cls, int ndims, const int64_t *dims, double lo, double hi,
                    ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)cls >= GA_NCLASSES)
    return ga_fail(GA_ERR_CLASS, "unsupported class");
  if (dist != GA_RAND_INTEGER && !ga_class_is_float(cls))
    return ga_fail(GA_ERR_CLASS, "%s: only double and single are supported",
                   dist == GA_RAND_UNIFORM ? "rand" : "randn");
  if (dist == GA_RAND_INTEGER &&
      (cls == GA_LOGICAL || !(lo == floor(lo)) || !(hi == floor(hi)) || hi < lo || hi - lo >= 0x1p53))
    return ga_fail(GA_ERR_ARG, "randi: require IMIN <= IMAX, integers, and IMAX - IMIN < 2^53");
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(ndims, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  uint64_t n = (uint64_t)x->numel;
  int key = u64_node(x, ga_g.rng_seed);
  if (dist == GA_RAND_UNIFORM) {
    int base = u64_node(x, take_blocks(cls == GA_SINGLE ? (n + 3) / 4 : (n + 1) / 2));
    generator_node(x, GA_X_RANDOM, GA_GEN_UNIFORM, cls, key, base, -1, -1);
  } else if (dist == GA_RAND_NORMAL) {
    int base = u64_node(x, take_blocks((n + 1) / 2));
    generator_node(x, GA_X_RANDOM, GA_GEN_NORMAL, cls, key, base, -1, -1);
  } else {
    uint64_t m = (uint64_t)(hi - lo) + 1u;
    int base = u64_node(x, take_blocks((n + 1) / 2));
    int mn = u64_node(x, m), th = u64_node(x, (0u - m) % m);
    int r = generator_node(x, GA_X_RANDOM, GA_GEN_INTEGER, GA_DOUBLE, key, base, mn, th);
    if (lo != 0) {
      int l = value_node(x, GA_DOUBLE, lo);
      x->nodes[x->nnodes++] = (ga_xnode){.kind = GA_X_BINARY, .cls = GA_DOUBLE, .op = GA_OP_PLUS,
                                         .mode = GA_CM_FLOAT, .a = r, .b = l};
    }
    if (cls != GA_DOUBLE) {
      x->nodes[x->nnodes] = (ga_xnode){.kind = GA_X_UNARY, .cls = cls, .uop = GA_UOP_CAST, .a = x->nnodes - 1};
      x->nnodes++;
    }
  }
  return publish_lazy(lz, cls, out);
}

ga_status ga_randperm(int64_t n, int64_t k, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if (n < 0 || k < 0 || k > n)
    return ga_fail(GA_ERR_ARG, "randperm: M and N must be non-negative integers with M <= N");
  if (n > (int64_t)0xffffffff)
    return ga_fail(GA_ERR_ARG, "randperm: N must be below 2^32 on the GPU");
  int64_t dims[2] = {1, k};
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(2, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  unsigned bits = 1;
  while (bits < 32 && (1ull << bits) < (uint64_t)n)
    bits++;
  unsigned h = (bits + 1) / 2;
  int key = u64_node(x, ga_g.rng_seed), base = u64_node(x, take_blocks(1));
  int nn = u64_node(x, (uint64_t)n), hn = u64_node(x, h);
  generator_node(x, GA_X_RANDOM, GA_GEN_PERM, GA_DOUBLE, key, base, nn, hn);
  return publish_lazy(lz, GA_DOUBLE, out);
}

ga_status ga_rng_get(uint64_t *seed, uint64_t *counter)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  *seed = ga_g.rng_seed;
  *counter = ga_g.rng_counter;
  return GA_OK;
}

ga_status ga_rng_set(uint64_t seed, uint64_t counter)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  ga_g.rng_seed = seed;
  ga_g.rng_counter = counter;
  return GA_OK;
}

ga_status ga_rng_raw(uint64_t key, uint64_t ctr01, uint64_t ctr23, int64_t n, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  int64_t dims[2] = {n < 0 ? 0 : n, 1};
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(2, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  int k = u64_node(x, key), a = u64_node(x, ctr01), b = u64_node(x, ctr23);
  generator_node(x, GA_X_RANDOM, GA_GEN_RAW, GA_UINT32, k, a, b, -1);
  return publish_lazy(lz, GA_UINT32, out);
}

ga_status ga_eye(ga_class cls, int64_t m, int64_t n, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if ((unsigned)cls >= GA_NCLASSES)
    return ga_fail(GA_ERR_CLASS, "unsupported class");
  int64_t dims[2] = {m < 0 ? 0 : m, n < 0 ? 0 : n};
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(2, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  generator_node(x, GA_X_INDEX, GA_GEN_EYE, cls, u64_node(x, (uint64_t)(dims[0] ? dims[0] : 1)), -1, -1, -1);
  return publish_lazy(lz, cls, out);
}

ga_status ga_linspace(ga_class cls, double x1, double x2, int64_t n, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if (!ga_class_is_float(cls))
    return ga_fail(GA_ERR_CLASS, "linspace: only double and single are supported");
  int64_t dims[2] = {1, n < 0 ? 0 : n};
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(2, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  double delta;
  if (cls == GA_SINGLE) { /* as fRowVector.cc: float arithmetic, n - 1 converted to float */
    x1 = (float)x1;
    x2 = (float)x2;
    delta = n > 1 ? (float)x2 - (float)x1 : 0.0f;
    delta = n > 1 ? (float)delta / (float)(uint64_t)(n - 1) : 0.0f;
  } else {
    delta = n > 1 ? (x2 - x1) / (double)(uint64_t)(n - 1) : 0.0;
  }
  int a = value_node(x, cls, x1), b = value_node(x, cls, x2), c = value_node(x, cls, delta);
  generator_node(x, GA_X_INDEX, GA_GEN_LINSPACE, cls, a, b, c, u64_node(x, (uint64_t)(n < 0 ? 0 : n)));
  return publish_lazy(lz, cls, out);
}

ga_status ga_range(ga_class cls, double base, double inc, double final_value, int64_t n, ga_id *out)
{
  ga_status st = ga_init();
  if (st != GA_OK)
    return st;
  if (!ga_class_is_float(cls))
    return ga_fail(GA_ERR_CLASS, "colon: only double and single are supported");
  int64_t dims[2] = {1, n < 0 ? 0 : n};
  ga_lazy *lz;
  int nd;
  int64_t d[GA_MAX_DIMS];
  if ((st = new_expr(2, dims, &lz, &nd, d)) != GA_OK)
    return st;
  ga_expr *x = &lz->x;
  int a = value_node(x, cls, base), b = value_node(x, cls, inc), c = value_node(x, cls, final_value);
  generator_node(x, GA_X_INDEX, GA_GEN_RANGE, cls, a, b, c, u64_node(x, (uint64_t)(n < 0 ? 0 : n)));
  return publish_lazy(lz, cls, out);
}
