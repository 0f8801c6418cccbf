// gpuarray: double-precision elementary functions for generated kernels, as
// double ga_<name>_d (double x); the single class rounds their results. GLSL has no
// double-precision transcendentals (GLSL.std.450's are 16/32-bit only). Included only
// in kernels that call them.
//
// The target is the C library's answers (Octave's), within 2 ulp, with its
// special values (signed zeros, infinities, NaN, subnormals, overflow thresholds):
// - exp, log, log2 (and the exp and log inside pow, sinh, cosh, tanh) are computed with
//   extra precision (double-double, or a tail carried beside the double) and rounded
//   once, so they are almost always correctly rounded, like glibc's own;
// - sqrt refines the hardware's to the correctly rounded root;
// - sin, cos, tan, atan, asin, acos, expm1, log1p, asinh, acosh, atanh, erf, erfc follow
//   fdlibm (Sun's freely distributable libm): its argument reductions (Cody-Waite, and
//   Payne-Hanek with 2/pi in integer limbs for huge arguments) and minimax coefficients,
//   the ones glibc also uses for the last seven. Where lanes of a warp would take
//   different branches, the branches are selections (a warp runs every branch any of its
//   lanes takes: fdlibm's atan divided in four of them) with one division for all, and
//   polynomials are fused multiply-adds; a division or a square root costs as much as
//   the rest of such a function on NVIDIA, and each one left is needed;
// - log10, cbrt and gamma follow glibc's own algorithms step by step: theirs are up to
//   1.6, 3 and 5 ulp from the true values, so an accurate answer could differ from
//   them by more than the budget (sinh, cosh, tanh, up to 2.1 ulp off in glibc, are
//   accurate here instead: the expm1 under them is built with fma on some machines).
// Every variable whose rounding matters is `precise`, so no compiler contracts a*b+c
// into an fma or reassociates; exact products come from ga_two_prod (one fma where the
// driver's fma is known to round once, Dekker's splitting elsewhere: lavapipe rounds
// fma twice). Double constants need the lf suffix: a bare literal is a float.

// ---- building blocks -------------------------------------------------------------

double ga_m_nan() { return uint64BitsToDouble(0x7ff8000000000000ul); }
double ga_m_inf() { return uint64BitsToDouble(0x7ff0000000000000ul); }
// 2^n for -1022 <= n <= 1023
double ga_m_pow2(int n) { return uint64BitsToDouble(uint64_t(n + 1023) << 52); }
// The high 32 bits of x, as fdlibm's GET_HIGH_WORD.
uint ga_m_hi(double x) { return uint(doubleBitsToUint64(x) >> 32); }
int ga_m_ihi(double x) { return int(ga_m_hi(x)); }
// x with its low 32 bits cleared.
double ga_m_clear_lo(double x) { return uint64BitsToDouble(doubleBitsToUint64(x) & 0xffffffff00000000ul); }
double ga_m_with_hi(double x, uint hi)
{
  return uint64BitsToDouble((uint64_t(hi) << 32) | (doubleBitsToUint64(x) & 0xfffffffful));
}
double ga_m_copysign(double x, double s)
{
  return uint64BitsToDouble((doubleBitsToUint64(x) & 0x7ffffffffffffffful) |
                            (doubleBitsToUint64(s) & 0x8000000000000000ul));
}

// x * 2^n with one rounding (C's scalbn).
double ga_m_scalbn(double x, int n)
{
  precise double y = x;
  if (n > 1023) {
    y = y * ga_m_pow2(1023);
    n -= 1023;
    if (n > 1023) {
      y = y * ga_m_pow2(1023);
      n = min(n - 1023, 1023);
    }
  } else if (n < -1022) {
    y = y * ga_m_pow2(-969); // 2^-1022 * 2^53: stays exact while the result is normal
    n += 969;
    if (n < -1022) {
      y = y * ga_m_pow2(-969);
      n = max(n + 969, -1022);
    }
  }
  precise double r = y * ga_m_pow2(n);
  return r;
}

// a * b = p + e exactly, for |a|, |b| < 2^995 and products that do not underflow.
void ga_m_mul12(double a, double b, out double p, out double e)
{
  ga_two_prod(a, b, p, e);
}
// a + b = s + e exactly (Knuth).
void ga_m_add12(double a, double b, out double s, out double e)
{
  precise double ss = a + b;
  precise double bb = ss - a;
  precise double ee = (a - (ss - bb)) + (b - bb);
  s = ss;
  e = ee;
}
// a + b = s + e exactly, for |a| >= |b| (Dekker).
void ga_m_fast12(double a, double b, out double s, out double e)
{
  precise double ss = a + b;
  precise double ee = b - (ss - a);
  s = ss;
  e = ee;
}

// ---- mod, rem, max, min, bit functions ------------------------------------------
// Kernels that need only these (and the blocks above) define GA_MATH_LITE, which
// leaves out everything below: they compile in a fraction of the time.

// Octave's mod and rem of floating values (liboctave's octave::math::mod, rem): see
// ga_host_kernels.c. Every operation rounds as there (the quotient correctly rounded).
double ga_m_nint(double x) { return isinf(x) ? x : floor(x + 0.5lf); }
// copysign (r, s) deciding by comparison where it can: lavapipe was seen to return
// garbage from the bits of a push-constant scalar inside fused reductions
// (s's sign by comparison, r's set in its bits: NVIDIA's abs and negation of a NaN
// need not touch its sign, and rem (Inf, 3), mod (-Inf, 3) were -NaN on the H200)
double ga_m_copysign_cmp(double r, double s)
{
  uvec2 w = unpackDouble2x32(r);
  if (s < 0.0lf)
    return packDouble2x32(uvec2(w.x, w.y | 0x80000000u));
  if (s > 0.0lf)
    return packDouble2x32(uvec2(w.x, w.y & 0x7fffffffu));
  return ga_m_copysign(r, s);
}
double ga_mod_double(double x, double y)
{
  precise double r;
  if (y == 0.0lf) {
    r = x;
  } else {
    precise double q = ga_div_double(x, y);
    precise double nq = isnan(q) ? q : ga_m_nint(q);
    precise double rel = ga_div_double(q - nq, nq);
    if (ga_m_nint(y) != y && abs(rel) < 2.220446049250313e-16lf) {
      r = 0.0lf;
    } else {
      precise double t = y * floor(q);
      r = x - t;
    }
  }
  if (x != y && y != 0.0lf)
    r = ga_m_copysign_cmp(r, y);
  return r;
}
double ga_rem_double(double x, double y)
{
  precise double r;
  if (y == 0.0lf) {
    r = ga_m_nan();
  } else {
    precise double q = ga_div_double(x, y);
    precise double nq = isnan(q) ? q : ga_m_nint(q);
    precise double rel = ga_div_double(q - nq, nq);
    if (ga_m_nint(y) != y && abs(rel) < 2.220446049250313e-16lf) {
      r = 0.0lf;
    } else {
      precise double t = y * ga_trunc(q);
      r = x - t;
    }
  }
  if (x != y && y != 0.0lf)
    r = ga_m_copysign_cmp(r, x);
  return r;
}
float ga_copysign_f(float x, float s)
{
  return uintBitsToFloat((floatBitsToUint(x) & 0x7fffffffu) | (floatBitsToUint(s) & 0x80000000u));
}
// Octave's single mod and rem in double, each of its float operations rounded to single
// once (ga_f; double rounding is innocuous for + - * / at 53 >= 2 * 24 + 2 bits): the
// quotient, its nearest integer and y's, the product, the difference. Its test
// |(q - nq) / nq| < eps without the division: q - nq is exact where the test is close,
// and a single quotient rounds below 2^-23 just when it lies below the midpoint
// 2^-23 (1 - 2^-25) (a tie rounds to 2^-23, the even one). Emulated float steps and two
// divisions had made single mod 3 times slower than double's on the H200.
float ga_modrem_single(bool is_mod, float x, float y)
{
  float r;
  if (!ga_nz_f(y)) {
    r = is_mod ? x : uintBitsToFloat(0x7fc00000u);
  } else {
    precise double xd = ga_d(x), yd = ga_d(y);
    precise double q = ga_d(ga_f(xd / yd));
    precise double nq = isinf(q) ? q : floor(ga_d(ga_f(q + 0.5lf)));
    precise double ny = isinf(yd) ? yd : floor(ga_d(ga_f(yd + 0.5lf)));
    precise double a = ga_d(ga_f(q - nq));
    if (ny != yd && abs(a) * 8388608.0lf < abs(nq) * 0.9999999701976776lf) {
      r = 0.0;
    } else {
      precise double k = is_mod ? floor(q) : ga_trunc(q);
      precise double t = ga_d(ga_f(yd * k));
      r = ga_f(xd - t);
    }
  }
  if (GA_CV(x) != GA_CV(y) && ga_nz_f(y))
    r = ga_copysign_f(r, is_mod ? y : x);
  return r;
}
// integers (octave_int_arith): rem (x, 0) = 0, mod (x, 0) = x, mod takes y's sign;
// GLSL leaves % of negative operands undefined: magnitudes, then signs
int ga_modrem_int(bool is_mod, int x, int y)
{
  if (y == 0)
    return is_mod ? x : 0;
  uint m = uint(abs(x)) % uint(abs(y)); // abs (INT_MIN) reads right as uint
  int r = x < 0 ? -int(m) : int(m);
  if (is_mod && r != 0 && ((r < 0) != (y < 0)))
    r += y;
  return r;
}
uint ga_modrem_uint(bool is_mod, uint x, uint y) { return y == 0u ? (is_mod ? x : 0u) : x % y; }
int64_t ga_modrem_int64(bool is_mod, int64_t x, int64_t y)
{
  if (y == 0l)
    return is_mod ? x : 0l;
  uint64_t m;
  ga_udivmod64(ga_mag(x), ga_mag(y), m);
  int64_t r = x < 0l ? -int64_t(m) : int64_t(m);
  if (is_mod && r != 0l && ((r < 0l) != (y < 0l)))
    r += y;
  return r;
}
uint64_t ga_modrem_uint64(bool is_mod, uint64_t x, uint64_t y)
{
  if (y == 0ul)
    return is_mod ? x : 0ul;
  uint64_t m;
  ga_udivmod64(x, y, m);
  return m;
}

// max (p, q) and min as Octave's: p unless q is better or p is NaN (q NaN: p)
double ga_max_double(double p, double q) { return isnan(q) ? p : (p >= q ? p : q); }
double ga_min_double(double p, double q) { return isnan(q) ? p : (p <= q ? p : q); }
float ga_max_single(float p, float q) { return isnan(q) ? p : (ga_holds_ge(ga_order_f(p, q)) != 0u ? p : q); }
float ga_min_single(float p, float q) { return isnan(q) ? p : (ga_holds_le(ga_order_f(p, q)) != 0u ? p : q); }

// Octave's conversion of a floating value to uint64 for the bit functions: round half
// away, saturate, NaN -> 0; built from 32-bit halves (exact on every driver)
uint64_t ga_bits_of_float(double x)
{
  if (isnan(x) || x <= 0.0lf)
    return 0ul;
  x = ga_round_half_away(x);
  if (x >= 18446744073709551616.0lf)
    return GA_U64_MAX;
  double hi = floor(x * 2.3283064365386963e-10lf);
  double lo = x - hi * 4294967296.0lf;
  return (uint64_t(uint(hi)) << 32) | uint64_t(uint(lo));
}
// a uint64 as the nearest double (one rounding of an exact sum)
double ga_u64_to_double(uint64_t v)
{
  precise double r = double(uint(v >> 32)) * 4294967296.0lf + double(uint(v));
  return r;
}
// ... and as the nearest single: below 2^53 exactly through double; above, the bits
// beyond 53 folded into a sticky bit so the one rounding to single is right
float ga_u64_to_single(uint64_t v)
{
  if ((v >> 53) == 0ul)
    return ga_f(ga_u64_to_double(v));
  uint64_t t = (v >> 11) | ((v & 0x7fful) != 0ul ? 1ul : 0ul);
  return ga_f(ga_u64_to_double(t) * 2048.0lf);
}
// x86's conversion to int64, INT64_MIN out of range and for NaN (as Octave's bitshift
// of floating values reads them)
int64_t ga_x86_int64(double x)
{
  if (isnan(x) || x >= 9223372036854775808.0lf || x < -9223372036854775808.0lf)
    return GA_I64_MIN;
  double t = ga_trunc(abs(x));
  double hi = floor(t * 2.3283064365386963e-10lf);
  double lo = t - hi * 4294967296.0lf;
  int64_t m = int64_t((uint64_t(uint(hi)) << 32) | uint64_t(uint(lo)));
  return x < 0.0lf ? -m : m;
}
// Octave's bitshift of floating values: see ga_host_kernels.c (bitshift_op)
double ga_bitshift_float(double a, int k, bool single)
{
  bool neg = a < 0.0lf;
  double x = neg ? -a : a;
  uint64_t mask = single ? 0xfffffful : 0x1ffffffffffffful;
  uint64_t v = uint64_t(ga_x86_int64(x));
  uint64_t s;
  if (k >= (single ? 32 : 64))
    s = 0ul;
  else if (k > 0)
    s = (v << uint(k)) & mask;
  else if (k < 0)
    s = uint64_t(int64_t(v) >> uint((-k) & 63)) & mask;
  else
    s = v & mask;
  double d = ga_u64_to_double(s); // at most 53 bits: exact
  return neg ? -d : d;
}
// ... and of integer classes of `bits` bits, held sign-extended (signed) or zero-extended
int64_t ga_bitshift_signed(int64_t a, int k, int bits)
{
  if (k >= bits - 1)
    return 0l;
  int wrap = bits == 64 ? 63 : 31;
  uint64_t keep = bits == 64 ? GA_U64_MAX : ((1ul << uint(bits)) - 1ul);
  uint64_t s;
  if (k > 0)
    s = (uint64_t(a) << uint(k)) & keep;
  else if (k < 0)
    s = uint64_t(a >> uint((-k) & wrap)) & keep;
  else
    s = uint64_t(a) & keep;
  if (bits == 64)
    return int64_t(s);
  uint64_t sb = 1ul << uint(bits - 1);
  return int64_t(s ^ sb) - int64_t(sb);
}
uint64_t ga_bitshift_unsigned(uint64_t a, int k, int bits)
{
  if (k >= bits)
    return 0ul;
  int wrap = bits == 64 ? 63 : 31;
  uint64_t keep = bits == 64 ? GA_U64_MAX : ((1ul << uint(bits)) - 1ul);
  if (k > 0)
    return (a << uint(k)) & keep;
  if (k < 0)
    return (a >> uint((-k) & wrap)) & keep;
  return a & keep;
}
int ga_shift_count(double k) { return k >= 2147483648.0lf || k < -2147483648.0lf ? -2147483647 - 1 : int(k); }

#if !GA_MATH_LITE

// ---- tables read at per-lane indices ----------------------------------------------
// NVIDIA serves a constant array from its constant cache, where the lanes of a warp
// that read different entries take turns. A kernel whose workgroup can meet at a
// barrier before any invocation leaves (generated elementwise kernels, reduce.comp)
// defines GA_SHARED_<group> for the groups its functions read (ga_glsl_emit.c,
// expr_table_groups), and its invocations call ga_m_tables_load () first: those tables
// are copied once per workgroup into shared memory, which serves a warp's different
// entries at once. Other kernels (a product's epilogue) read the constant arrays.
// GA_TAB_<group> (t) names table t of the group either way.

// ---- exp -------------------------------------------------------------------------
// exp(xh + xl) = 2^k * (h + l), |xh| <= 746, relative error below 2^-68: x = n*ln2/8 + r
// (Cody-Waite, ln2/8 in three parts), 2^(j/8) from a table of double-double values
// (Tang's method), exp(r) - 1, |r| <= ln2/16, by its Taylor series with the terms up to
// r^2/2 in double-double. The table is small on purpose: drivers turn a dynamically
// indexed constant array into a chain of selects (lavapipe compiles one of 128 entries
// in 0.15 s), and every call site inlines its own copy.

const double GA_M_EXP8H[8] = double[](1.0lf, 1.0905077326652577lf, 1.189207115002721lf, 1.2968395546510096lf,
  1.4142135623730951lf, 1.5422108254079407lf, 1.681792830507429lf, 1.8340080864093424lf);
const double GA_M_EXP8L[8] = double[](0.0lf, -3.046782079812471e-17lf, 3.982015231465646e-17lf,
  2.5382502794888315e-17lf, -9.667293313452913e-17lf, 7.949834809697621e-17lf, 8.199010020581497e-17lf,
  3.283107224245627e-17lf);

int ga_m_exp_dd(double xh, double xl, out double h, out double l)
{
  precise double fn = roundEven(xh * 11.541560327111707lf); // 8/ln2
  int n = int(fn);
  int j = n & 7;
  int k = (n - j) / 8;
  // ln2/8 = L1 + L2 + L3, L1 and L2 of 39 bits: fn * L1, fn * L2 are exact
  precise double a = xh - fn * 0.08664339757001471lf;
  precise double rh, rl;
  ga_m_add12(a, -(fn * -2.1549305657039382e-14lf), rh, rl);
  rl = rl + (xl - fn * 2.08385740103819e-26lf);
  ga_m_fast12(rh, rl, rh, rl); // xl may exceed rh's rounding error: renormalize
  precise double q, qe;
  ga_m_mul12(rh, rh, q, qe);
  precise double p3 = rh * q * (0.16666666666666666lf + rh * (0.041666666666666664lf + rh * (0.008333333333333333lf +
                      rh * (0.001388888888888889lf + rh * (0.0001984126984126984lf + rh * (2.48015873015873e-05lf +
                      rh * (2.7557319223985893e-06lf + rh * 2.755731922398589e-07lf)))))));
  precise double ph, pe;
  ga_m_fast12(rh, 0.5lf * q, ph, pe);
  precise double pl = pe + (rl + (0.5lf * qe + (rh * rl + p3)));
  double th = GA_M_EXP8H[j];
  double tl = GA_M_EXP8L[j];
  precise double m, me;
  ga_m_mul12(th, ph, m, me);
  precise double s, se;
  ga_m_fast12(th, m, s, se);
  precise double lo = se + (me + (tl + (tl * ph + th * pl)));
  ga_m_fast12(s, lo, h, l);
  return k;
}

// (h + l) * 2^k rounded once, also where the result is subnormal; h in [0.5, 2],
// |l| <= ulp(h)/2. Scaling h rounds once; it can be wrong only where h lies exactly
// half-way between two subnormals, and then l decides.
double ga_m_dd_scale(double h, double l, int k)
{
  precise double y = ga_m_scalbn(h, k);
  if (k >= -1021 || l == 0.0lf)
    return y;
  precise double back = ga_m_scalbn(y, -k);
  precise double d = h - back;
  precise double u = ga_m_pow2(-1074 - k); // the subnormal spacing before scaling
  if (d == 0.5lf * u && l > 0.0lf)
    y = y + uint64BitsToDouble(1ul);
  else if (d == -0.5lf * u && l < 0.0lf)
    y = y - uint64BitsToDouble(1ul);
  return y;
}

// exp's NaN, overflow and underflow: true with the answer in r where x is one of them
bool ga_m_exp_outside(double x, out double r)
{
  r = isnan(x) ? x : (x > 709.782712893384lf ? ga_m_inf() : 0.0lf);
  return isnan(x) || x > 709.782712893384lf || x < -745.1332191019411lf;
}

// exp(x) in plain double arithmetic, nearly always correctly rounded (the double-double
// ga_m_exp_dd above serves sinh's and cosh's overflow range): x = k*ln2 + r, |r| <= ln2/2,
// with ln2 in two parts (fdlibm's), exp(r) by its Taylor series in fused multiply-adds
// with 1 + r kept exact, then 2^k as an exponent, in two factors where 2^k alone would
// leave the normal range. About 25 FP64 operations, where the double-double path took
// about 60: a chain such as sin(x).*y + exp(-x.^2) stays memory-bound, not FP64-bound.
double ga_m_pow2_fast(int n) { return packDouble2x32(uvec2(0u, uint(n + 1023) << 20)); }

// e^(x + xt) = 2^k (h + l) for |x| < 708, |xt| <= ulp(x)/2, the tail folded into the
// reduced argument; h + l rounds to h, with relative error about 2^-56 before that
// rounding (r^2 exact, the rest of exp(r) - 1 - r in fma): for exp, the unrounded pair
// also for sinh, cosh, tanh, whose budgets have room for its error where glibc's own
// answers are up to 2.1 ulp off, and none for a rounded exp
int ga_m_exp_unrounded(double x, double xt, out double h, out double l)
{
  precise double kd = roundEven(x * 1.4426950408889634lf);
  // r + rr = x + xt - k*ln2 to about 2^-100 (the first product is exact in the fma)
  precise double rh = fma(kd, -6.93147180369123816490e-01lf, x);
  precise double rl = fma(kd, -1.90821492927058770002e-10lf, xt);
  precise double r = rh + rl;
  precise double rr = (rh - r) + rl;
  // q = (exp(r) - 1 - r) / r^2 by its Taylor series to r^11 (the r^14 term of exp is below 2^-58)
  precise double q = fma(r, 1.6059043836821613e-10lf, 2.08767569878681e-09lf);
  q = fma(q, r, 2.505210838544172e-08lf);
  q = fma(q, r, 2.755731922398589e-07lf);
  q = fma(q, r, 2.755731922398589e-06lf);
  q = fma(q, r, 2.48015873015873e-05lf);
  q = fma(q, r, 0.0001984126984126984lf);
  q = fma(q, r, 0.001388888888888889lf);
  q = fma(q, r, 0.008333333333333333lf);
  q = fma(q, r, 0.041666666666666664lf);
  q = fma(q, r, 0.16666666666666666lf);
  q = fma(q, r, 0.5lf);
  precise double r2, r2e;
  ga_two_prod(r, r, r2, r2e);
  precise double e = fma(r2, q, fma(r2e, q, rr));
  // 1 + r exactly as s + sl; e is no tail (r^2/2 is up to 0.06): renormalised
  precise double s = 1.0lf + r;
  precise double sl = (1.0lf - s) + r;
  ga_m_fast12(s, sl + e, h, l);
  return int(kd);
}

// exp(x + xt) for |xt| <= ulp(x)/2 (xt = 0: exp(x)): correctly rounded but for cases
// within a few hundredths of an ulp of a half-way point (exp (1) is e rounded, as in
// glibc)
double ga_m_exp_sum(double x, double xt)
{
  double edge;
  if (ga_m_exp_outside(x, edge))
    return edge;
  precise double p, pl;
  int k = ga_m_exp_unrounded(x, xt, p, pl);
  if (k >= -1020 && k <= 1020)
    return p * ga_m_pow2_fast(k);
  // near overflow or in the subnormal range: the last product rounds once
  int k1 = k / 2;
  precise double part = p * ga_m_pow2_fast(k1);
  return part * ga_m_pow2_fast(k - k1);
}

double ga_exp_d(double x) { return ga_m_exp_sum(x, 0.0lf); }

// ---- log -------------------------------------------------------------------------

// x = 2^k m with m in [0.75, 1.5), for finite x > 0 (subnormals too)
double ga_m_split_34(double x, out int k)
{
  int e = 0;
  precise double xx = x;
  if (xx < 2.2250738585072014e-308lf) {
    xx = xx * 1.8014398509481984e+16lf; // 2^54
    e = -54;
  }
  uint64_t b = doubleBitsToUint64(xx);
  e += int(b >> 52) - 1023;
  precise double m = uint64BitsToDouble((b & 0x000ffffffffffffful) | 0x3ff0000000000000ul);
  bool upper = m >= 1.5lf;
  k = e + (upper ? 1 : 0);
  return upper ? 0.5lf * m : m;
}

// ---- pow (and the accurate log) --------------------------------------------------
// log(x) = h + l for finite x > 0, relative error below 2^-62 (an emulation over 6000
// points of [0.75, 1.5): 2^-62.8; pow's exp(y log x) needs |y log x| <= 746 to about
// 2^-54): x = 2^k m, m in [0.75, 1.5), c = 1 + i/16 nearest m,
// m/c = 1 + z + zl exactly (1/c rounded in a table, the product's error from an fma),
// log(1 + z + zl) = z - z^2/2 + z^3 P(z) + zl (1 - z + z^2) with z - z^2/2 in double-double,
// |z| <= 1/24, P to z^12 (Taylor: the next term is below 2^-68 relative). No division
// (an earlier double-double log had four: log2 and log10 on it ran at 36% of a copy on
// the H200). Also the log of log2 and of ga_m_log_acc. The table is short on purpose: lanes reading
// different entries of a constant array take turns (with 25 entries, a third of pow's
// time on the H200).
const double GA_M_POW_INVC[13] = double[](1.3333333333333333lf, 1.2307692307692308lf, 1.1428571428571428lf,
  1.0666666666666667lf, 1.0lf, 0.9411764705882353lf, 0.8888888888888888lf, 0.8421052631578947lf, 0.8lf,
  0.7619047619047619lf, 0.7272727272727273lf, 0.6956521739130435lf, 0.6666666666666666lf);
// -log(GA_M_POW_INVC[i]) = H[i] + L[i]
const double GA_M_POW_LOGH[13] = double[](-0.28768207245178085lf, -0.20763936477824455lf, -0.13353139262452257lf,
  -0.06453852113757116lf, 0.0lf, 0.060624621816434854lf, 0.11778303565638351lf, 0.17185025692665928lf,
  0.2231435513142097lf, 0.2719337154836418lf, 0.3184537311185346lf, 0.3629054936893685lf, 0.40546510810816444lf);
const double GA_M_POW_LOGL[13] = double[](-2.6071606164425637e-17lf, -1.2053243216686127e-17lf,
  3.664457663660086e-18lf, 6.470486661692933e-18lf, 0.0lf, 2.6424025938726934e-18lf, -1.1971685747593662e-18lf,
  -6.022453821011369e-18lf, -9.091270597324798e-18lf, 7.833196376974436e-19lf, -6.407962483026777e-19lf,
  6.2632141603179415e-18lf, -2.881138025962641e-18lf);
#ifdef GA_SHARED_POW
shared double GA_S_POW_INVC[13], GA_S_POW_LOGH[13], GA_S_POW_LOGL[13];
#define GA_TAB_POW(t) GA_S_##t
#else
#define GA_TAB_POW(t) GA_M_##t
#endif

void ga_m_log_pow(double x, out double h, out double l)
{
  int k;
  precise double m = ga_m_split_34(x, k);
  int i = int(roundEven((m - 1.0lf) * 16.0lf)) + 4;
  precise double p, zl;
  ga_two_prod(m, GA_TAB_POW(POW_INVC)[i], p, zl);
  precise double z = p - 1.0lf; // exact: p within 1/24 of 1
  precise double q, qe;
  ga_two_prod(z, z, q, qe);
  precise double s, se;
  ga_m_fast12(z, -0.5lf * q, s, se);
  precise double pz = fma(z, -0.06666666666666667lf, 0.07142857142857142lf);
  pz = fma(z, pz, -0.07692307692307693lf);
  pz = fma(z, pz, 0.08333333333333333lf);
  pz = fma(z, pz, -0.09090909090909091lf);
  pz = fma(z, pz, 0.1lf);
  pz = fma(z, pz, -0.1111111111111111lf);
  pz = fma(z, pz, 0.125lf);
  pz = fma(z, pz, -0.14285714285714285lf);
  pz = fma(z, pz, 0.16666666666666666lf);
  pz = fma(z, pz, -0.2lf);
  pz = fma(z, pz, 0.25lf);
  pz = fma(z, pz, -0.3333333333333333lf);
  // z^3 P with P = 1/3 - z/4 + ...: the series' signs alternate from z^3 on; zl's
  // share is zl / (1 + z) = zl (1 - z + z^2) to 2^-68 (zl (1 - z) alone had left
  // zl z^2, up to 2^-58 of log x: x .^ y was 3 ulp off at |y log x| = 89, 21 at 700)
  precise double tail = fma(z * q, -pz, fma(-0.5lf, qe, se)) + fma(zl, fma(z, z, -z), zl);
  precise double fk = double(k);
  precise double s1, e1;
  ga_m_add12(fk * 0.6931471805598903lf, GA_TAB_POW(POW_LOGH)[i], s1, e1); // ln2 to 42 bits: exact product
  precise double s2, e2;
  ga_m_add12(s1, s, s2, e2);
  precise double lo = (e1 + e2) + (tail + fma(fk, 5.497923018708371e-14lf, GA_TAB_POW(POW_LOGL)[i]));
  ga_m_fast12(s2, lo, h, l);
}

// x .^ y as C99's pow (Octave's .^ for doubles, and for singles through double): the
// special values as C99 says, then glibc's own pow (ARM's optimized-routines, pow.c) as
// its x86_64 fma build computes it, step by step: its log of x in two parts from a
// 128-entry table (ga_m_log_glibc_bits), y times that in two parts, and its exp of the
// pair (ga_m_exp_glibc, 128 entries), so that the answers are glibc's bits (it is within
// 0.52 ulp; a formula of our own within 0.6 had differed from it by 1 ulp at 1-3% of
// points). A negative base with a non-integer exponent (complex in Octave) never reaches
// here: the core refuses it first.
double ga_m_log_glibc_bits(uint64_t ix, out double tail); // in the gamma section
double ga_m_exp_glibc(double x, double xtail, bool base2);
double ga_m_fma1(double a, double b, double c);
double ga_pow_d(double x, double y)
{
  if (y == 0.0lf || x == 1.0lf)
    return 1.0lf;
  if (isnan(x) || isnan(y))
    return x + y;
  precise double ax = abs(x);
  bool yint = floor(y) == y;
  bool yodd = yint && abs(y) < 9007199254740992.0lf && floor(0.5lf * y) * 2.0lf != y;
  if (isinf(y)) {
    if (ax == 1.0lf)
      return 1.0lf;
    return (ax < 1.0lf) == (y > 0.0lf) ? 0.0lf : ga_m_inf();
  }
  if (ax == 0.0lf || isinf(ax)) {
    precise double r = (ax == 0.0lf) == (y > 0.0lf) ? 0.0lf : ga_m_inf();
    return yodd && (ga_m_hi(x) & 0x80000000u) != 0u ? -r : r;
  }
  if (x < 0.0lf && !yint)
    return ga_m_nan();
  uint ty = (ga_m_hi(y) >> 20) & 0x7ffu;
  precise double r;
  if (ty < 0x3beu || ty >= 0x43eu) { // |y| < 2^-65 or >= 2^63 (even): pow.c's own answers
    if (ax == 1.0lf)
      r = 1.0lf;
    else if (ty < 0x3beu)
      r = ax > 1.0lf ? 1.0lf + y : 1.0lf - y;
    else
      r = (ax > 1.0lf) == (y > 0.0lf) ? ga_m_inf() : 0.0lf;
  } else {
    uint64_t ix = doubleBitsToUint64(ax);
    if (ax < 2.2250738585072014e-308lf) // subnormal: normalized, the exponent below the field
      ix = doubleBitsToUint64(ax * 4503599627370496.0lf) - (52ul << 52);
    precise double lo;
    precise double hi = ga_m_log_glibc_bits(ix, lo);
    precise double ehi, e; // ehi = y hi, e = fma (y, hi, -ehi): exact where fma is not fused
    ga_m_mul12(y, hi, ehi, e);
    precise double elo = ga_m_fma1(y, lo, e);
    uint top = (ga_m_hi(ehi) >> 20) & 0x7ffu;
    if (top < 0x3c9u) // |y log x| < 2^-54
      r = 1.0lf;
    else if (top >= 0x409u) // |y log x| >= 1024
      r = ehi < 0.0lf ? 0.0lf : ga_m_inf();
    else
      r = ga_m_exp_glibc(ehi, elo, false);
  }
  return x < 0.0lf && yodd ? -r : r;
}
// a scalar exponent: Octave's exact cases (2, 3, -1, 0, 1), else pow
double ga_pow_scalar_double(double x, double y)
{
  if (y == 0.0lf || y == 1.0lf || y == -1.0lf || y == 2.0lf || y == 3.0lf)
    return ga_pow_exact_double(x, y);
  return ga_pow_d(x, y);
}
double ga_pow_double(double x, double y) { return ga_pow_d(x, y); }
// .^ with an integer result of 32 bits or fewer, before its rounding and saturation:
// Octave's rule for two integers with a negative exponent (0 unless the base is +-1),
// else pow in double: within an ulp of an integer power, which the rounding recovers
// wherever the class does not saturate; a negative base with a fractional exponent
// gives NaN, then 0
double ga_pow_int_result(double a, double b, bool both_int)
{
  if (both_int && b < 0.0lf)
    return abs(a) != 1.0lf ? 0.0lf : (a < 0.0lf && floor(0.5lf * b) * 2.0lf != b ? -1.0lf : 1.0lf);
  return ga_pow_d(a, b);
}
// (powf, glibc's, with the single functions below)
float ga_powf_single(float x, float y);
// singles: integer exponents and special values take ga_pow_d rounded once to single
// (Octave's route for integer exponents is pow in double: its answers, exact ones and
// ties included); other exponents glibc's powf step by step (Octave's route there)
float ga_pow_single(float x, float y)
{
  double xd = ga_d(x), yd = ga_d(y);
  if (floor(yd) == yd || isnan(yd) || !(xd > 0.0lf) || isinf(xd) || xd == 1.0lf)
    return ga_f(ga_pow_d(xd, yd));
  return ga_powf_single(x, y);
}
float ga_pow_scalar_single(float x, float y)
{
  if (y == 0.0 || y == 1.0 || y == -1.0 || y == 2.0 || y == 3.0)
    return ga_pow_exact_single(x, y);
  return ga_pow_single(x, y);
}

// log(x) rounded from pow's double-double log (relative error below 2^-62 before the
// rounding, no division): for the functions built on log whose own budget has no room
// for log's error (log10, gammaln, gamma follow glibc, whose log is within 0.52 ulp)
double ga_m_log_acc(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan()); // +inf, NaN
  precise double h, l;
  ga_m_log_pow(x, h, l);
  return h;
}

// log(x) within 1 ulp in plain double arithmetic: fdlibm's e_log.c (x = 2^k (1 + f),
// s = f / (2 + f), log(1 + f) = 2s + s R(s^2)), with both of its final forms as one
// (k = 0 gives the same operations) so lanes do not diverge. About 25 FP64 operations
// where the double-double path above takes about 70.
double ga_log_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan()); // +inf, NaN
  int k = 0;
  precise double xx = x;
  if (xx < 2.2250738585072014e-308lf) {
    xx = xx * 1.8014398509481984e+16lf; // 2^54
    k = -54;
  }
  int hx = ga_m_ihi(xx);
  k += (hx >> 20) - 1023;
  hx &= 0x000fffff;
  int i = (hx + 0x95f64) & 0x100000;
  xx = ga_m_with_hi(xx, uint(hx | (i ^ 0x3ff00000))); // x or x/2 in [sqrt(2)/2, sqrt(2))
  k += i >> 20;
  precise double f = xx - 1.0lf;
  precise double dk = double(k);
  if ((0x000fffff & (2 + hx)) < 3) { // |f| < 2^-20
    if (f == 0.0lf)
      return dk * 6.93147180369123816490e-01lf + dk * 1.90821492927058770002e-10lf;
    precise double rr = f * f * (0.5lf - 0.33333333333333333lf * f);
    return dk * 6.93147180369123816490e-01lf - ((rr - dk * 1.90821492927058770002e-10lf) - f);
  }
  precise double s = f / (2.0lf + f);
  precise double z = s * s;
  precise double w = z * z;
  // the two halves of fdlibm's R(z) in fused multiply-adds (one rounding each step)
  precise double t1 = w * fma(w, fma(w, 1.531383769920937332e-01lf, 2.222219843214978396e-01lf), 3.999999999940941908e-01lf);
  precise double t2 = z * fma(w, fma(w, fma(w, 1.479819860511658591e-01lf, 1.818357216161805012e-01lf),
                                     2.857142874366239149e-01lf), 6.666666666666735130e-01lf);
  precise double r = t2 + t1;
  bool big = ((hx - 0x6147a) | (0x6b851 - hx)) > 0;
  precise double hfsq = 0.5lf * f * f;
  precise double corr = big ? (hfsq - (s * (hfsq + r) + dk * 1.90821492927058770002e-10lf))
                            : (s * (f - r) - dk * 1.90821492927058770002e-10lf);
  return dk * 6.93147180369123816490e-01lf - (corr - f);
}

double ga_log2_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan());
  precise double h, l;
  ga_m_log_pow(x, h, l);
  precise double p, pe;
  ga_m_mul12(h, 1.4426950408889634lf, p, pe); // 1/ln2 = 1.4426950408889634 + 2.0355273740931033e-17
  precise double r = p + (pe + (h * 2.0355273740931033e-17lf + l * 1.4426950408889634lf));
  return r;
}

// glibc's formula (fdlibm's e_log10.c: log10(2^n * m) = n*log10(2) + log(m)/ln(10),
// n*log10(2) in two parts) on the log above: its rounding errors are glibc's.
double ga_log10_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return x == 0.0lf ? -ga_m_inf() : (x > 0.0lf ? x : ga_m_nan());
  int k = 0;
  precise double xx = x;
  if (xx < 2.2250738585072014e-308lf) {
    xx = xx * 1.8014398509481984e+16lf; // 2^54
    k = -54;
  }
  int hx = ga_m_ihi(xx);
  k += (hx >> 20) - 1023;
  int i = k < 0 ? 1 : 0;
  xx = ga_m_with_hi(xx, uint((hx & 0x000fffff) | ((0x3ff - i) << 20)));
  precise double y = double(k + i);
  precise double z = y * 3.694239077158931e-13lf + 0.4342944819032518lf * ga_m_log_acc(xx);
  precise double r = z + y * 0.30102999566361177lf;
  return r;
}

// ---- sqrt ------------------------------------------------------------------------
// sqrt (qh + ql) = sh + sl, |sl| <= ulp (sh) / 2, to ~2^-80 relative, for qh in single
// precision's normal range: single precision's inverse square root, a Newton step on it
// and the residual's correction, in fused multiply-adds (the residual's rounded once:
// lavapipe's fma rounds twice). NVIDIA's correctly rounded double sqrt costs about half
// a copy's time per element on an H200 on its own; this is a few multiply-adds.
void ga_m_sqrt_dd(double qh, double ql, out double sh, out double sl)
{
  precise double y0 = double(inversesqrt(float(qh)));
  precise double g = qh * y0;
  precise double y1 = fma(0.5lf * y0, fma(-g, y0, 1.0lf), y0); // 1/sqrt(q) to ~2^-41
  precise double g1 = qh * y1;
  precise double r = (ga_m_fma1(-g1, g1, qh) + ql) * (0.5lf * y1);
  ga_m_fast12(g1, r, sh, sl);
}

// The correctly rounded root of a positive finite x the slow way: the hardware's where it
// is IEEE's (NVIDIA), else the hardware's refined: r is right when r*r- < x <= r*r+ (r-,
// r+ its neighbours; Tuckerman), the products exact by Dekker.
double ga_m_sqrt_exact(double x)
{
#if GA_DIVSQRT_EXACT
  precise double root = sqrt(x);
  return root;
#endif
  precise double xs = x;
  int sc = 0;
  if (x < 2.983336292480083e-154lf) { // 2^-510: exact products need no underflow
    xs = x * 1.157920892373162e+77lf;  // 2^256
    sc = -128;
  } else if (x > 3.3519519824856493e+153lf) { // 2^510
    xs = x * 8.636168555094445e-78lf;  // 2^-256
    sc = 128;
  }
  precise double r = sqrt(xs);
  uint64_t rb = doubleBitsToUint64(r);
  precise double up = uint64BitsToDouble(rb + 1ul);
  precise double p, pe;
  ga_m_mul12(r, up, p, pe);
  precise double res = (xs - p) - pe;
  if (res > 0.0lf) {
    r = up;
  } else {
    precise double dn = uint64BitsToDouble(rb - 1ul);
    ga_m_mul12(r, dn, p, pe);
    res = (xs - p) - pe;
    if (res <= 0.0lf)
      r = dn;
  }
  precise double out_r = r * ga_m_pow2(sc);
  return out_r;
}

// x = m 4^k, m in [1, 4): sqrt (m) = sh + sl from ga_m_sqrt_dd (within ~2^-85), so sh
// is the correctly rounded root wherever |sl| stays 2^-66 clear of half an ulp (2^-53 for
// sh in [1, 2]); the rest (about 1 in 8000) the slow way. NVIDIA's own correctly rounded
// sqrt took about half a copy's time per element on an H200 (a fused chain of them:
// 0.21 ms per 1e8), which every function and chain with a root paid.
double ga_sqrt_d(double x)
{
  if (!(x > 0.0lf) || isinf(x))
    return (x == 0.0lf || x > 0.0lf) ? x : ga_m_nan(); // +-0, +inf; NaN and x < 0
  precise double xn = x;
  int e0 = 0;
  if (x < 2.2250738585072014e-308lf) { // subnormal: 2^108 times larger (exact)
    xn = x * 3.2451855365842673e+32lf;
    e0 = -54;
  }
  uint64_t b = doubleBitsToUint64(xn);
  int e = int(b >> 52) - 1023;
  int k = e >> 1; // floor (e / 2)
  precise double m = uint64BitsToDouble((b & 0x000ffffffffffffful) | (uint64_t(e - 2 * k + 1023) << 52));
  precise double sh, sl;
  ga_m_sqrt_dd(m, 0.0lf, sh, sl);
  if (abs(sl) < 1.1100874993535959e-16lf) { // 2^-53 (1 - 2^-13)
    precise double r = sh * ga_m_pow2(k + e0);
    return r;
  }
  return ga_m_sqrt_exact(x);
}

// ---- sin, cos, tan ---------------------------------------------------------------
// fdlibm's kernels on [-pi/4, pi/4] with the reduced argument's tail y. Reduction:
// Cody-Waite with pi/2 in three 33-bit parts below 2^20*pi/2 (e_rem_pio2.c), beyond it
// Payne-Hanek: the 53-bit significand times 224 bits of 2/pi in 32-bit integer limbs,
// from the word of 2/pi where the product stops being a multiple of 4.

double ga_m_ksin(double x, double y, bool tail)
{
  precise double z = x * x;
  precise double w = z * z;
  precise double r = 0.00833333333332249lf + z * (-0.0001984126982985795lf + z * 2.7557313707070068e-06lf) +
                     z * w * (-2.5050760253406863e-08lf + z * 1.58969099521155e-10lf);
  precise double v = z * x;
  precise double res;
  if (!tail)
    res = x + v * (-0.16666666666666632lf + z * r);
  else
    res = x - ((z * (0.5lf * y - v * r) - y) - v * -0.16666666666666632lf);
  return res;
}

double ga_m_kcos(double x, double y)
{
  precise double z = x * x;
  precise double w = z * z;
  precise double r = z * (0.0416666666666666lf + z * (-0.001388888888887411lf + z * 2.480158728947673e-05lf)) +
                     w * w * (-2.7557314351390663e-07lf + z * (2.087572321298175e-09lf + z * -1.1359647557788195e-11lf));
  precise double hz = 0.5lf * z;
  precise double ww = 1.0lf - hz;
  precise double res = ww + (((1.0lf - ww) - hz) + (z * r - x * y));
  return res;
}

// tan(x + y) (odd = 1) or -1/tan(x + y) (odd = -1): fdlibm's __kernel_tan with its
// branches as selections and one division for every lane (fdlibm divides for
// |x| >= 0.6744 and for odd, and a warp ran both divisions whenever its lanes
// disagreed), the polynomials in fused multiply-adds
double ga_m_ktan(double x, double y, int odd)
{
  uint hx = ga_m_hi(x);
  bool big = (hx & 0x7fffffffu) >= 0x3FE59428u; // |x| >= 0.6744: tan(pi/4 - |x|)
  bool neg = (hx >> 31) != 0u;
  precise double z0 = 0.7853981633974483lf - abs(x);
  precise double w0 = 3.061616997868383e-17lf - (neg ? -y : y);
  precise double xb = z0 + w0;
  precise double xx = big ? xb : x;
  precise double yy = big ? 0.0lf : y;
  precise double z = xx * xx;
  precise double w = z * z;
  precise double r = fma(w, -1.8558637485527546e-05lf, 7.817944429395571e-05lf);
  r = fma(w, r, 0.0005880412408202641lf);
  r = fma(w, r, 0.0035920791075913124lf);
  r = fma(w, r, 0.021869488294859542lf);
  r = fma(w, r, 0.13333333333320124lf);
  precise double v = fma(w, 2.590730518636337e-05lf, 7.140724913826082e-05lf);
  v = fma(w, v, 0.0002464631348184699lf);
  v = fma(w, v, 0.0014562094543252903lf);
  v = fma(w, v, 0.0088632398235993lf);
  v = fma(w, v, 0.05396825397622605lf);
  v = z * v;
  precise double s = z * xx;
  precise double rr = fma(z, fma(s, r + v, yy), yy);
  rr = fma(0.3333333333333341lf, s, rr);
  precise double ww = xx + rr;
  precise double vv = double(odd);
  // the one division: ww^2 / (ww + odd) where big, else -1/ww
  precise double q = (big ? ww * ww : -1.0lf) / (big ? ww + vv : ww);
  precise double rb = vv - 2.0lf * (xx - (q - rr));
  // -1/(x + r) accurately (q = -1/ww): its high parts t, zz have 21 significant bits
  precise double zz = ga_m_clear_lo(ww);
  precise double v2 = rr - (zz - xx);
  precise double t = ga_m_clear_lo(q);
  precise double s2 = fma(t, zz, 1.0lf);
  precise double rc = fma(q, fma(t, v2, s2), t);
  return big ? (neg ? -rb : rb) : (odd == 1 ? ww : rc);
}

// 2/pi in 32-bit words, most significant first
const uint GA_M_2PI[37] = uint[](0xA2F9836Eu, 0x4E441529u, 0xFC2757D1u, 0xF534DDC0u, 0xDB629599u, 0x3C439041u,
  0xFE5163ABu, 0xDEBBC561u, 0xB7246E3Au, 0x424DD2E0u, 0x06492EEAu, 0x09D1921Cu, 0xFE1DEB1Cu, 0xB129A73Eu, 0xE88235F5u,
  0x2EBB4484u, 0xE99C7026u, 0xB45F7E41u, 0x3991D639u, 0x835339F4u, 0x9C845F8Bu, 0xBDF9283Bu, 0x1FF897FFu, 0xDE05980Fu,
  0xEF2F118Bu, 0x5A0A6D1Fu, 0x6D367ECFu, 0x27CB09B7u, 0x4F463F66u, 0x9E5FEA2Du, 0x7527BAC7u, 0xEBE5F17Bu, 0x3D0739F7u,
  0x8A5292EAu, 0x6BFB5FB1u, 0x1F8D5D08u, 0x56033046u);

// bits p .. p+63 of a 384-bit little-endian number
uint64_t ga_m_bits64(uint v[12], int p)
{
  int w = p >> 5, sh = p & 31;
  uint64_t lo = uint64_t(v[w]) | (uint64_t(v[w + 1]) << 32);
  return sh == 0 ? lo : (lo >> sh) | (uint64_t(v[w + 2]) << (64 - sh));
}

// an integer below 2^53 as a double, without a 64-bit conversion
double ga_m_u53(uint64_t a) { return double(uint(a >> 32)) * 4294967296.0lf + double(uint(a)); }

// x - n*pi/2 = y0 + y1 for finite |x| > pi/4; returns n (its low bits are what count).
int ga_m_rem_pio2(double x, out double y0, out double y1)
{
  if (abs(x) < 1647099.3291652855lf) { // 2^20 * pi/2
    precise double fn = roundEven(x * 0.6366197723675814lf);
    int n = int(fn);
    precise double r = x - fn * 1.5707963267341256lf;
    precise double w = fn * 6.077100506506192e-11lf;
    int j = int(ga_m_hi(x) >> 20) & 0x7ff;
    precise double z = r - w;
    int i = j - (int(ga_m_hi(z) >> 20) & 0x7ff);
    if (i > 16) { // cancellation: the second 33 bits of pi/2
      precise double t = r;
      w = fn * 6.077100506303966e-11lf;
      r = t - w;
      w = fn * 2.0222662487959506e-21lf - ((t - r) - w);
      z = r - w;
      i = j - (int(ga_m_hi(z) >> 20) & 0x7ff);
      if (i > 49) { // and the third
        t = r;
        w = fn * 2.0222662487111665e-21lf;
        r = t - w;
        w = fn * 8.4784276603689e-32lf - ((t - r) - w);
        z = r - w;
      }
    }
    y0 = z;
    precise double zl = (r - z) - w;
    y1 = zl;
    return n;
  }
  // Payne-Hanek: |x| = m * 2^e, m a 53-bit integer
  uint64_t b = doubleBitsToUint64(x);
  int e = int((b >> 52) & 0x7fful) - 1075;
  uint64_t m = (b & 0x000ffffffffffffful) | 0x0010000000000000ul;
  uint ml = uint(m), mh = uint(m >> 32);
  // words before w0 contribute multiples of 4 to |x| * 2/pi
  int w0 = e >= 2 ? (e - 2) >> 5 : 0;
  int s = e - 32 * w0;
  uint64_t pl[7], ph[7];
  for (int i = 0; i < 7; i++) {
    uint f = GA_M_2PI[w0 + 6 - i];
    pl[i] = uint64_t(f) * uint64_t(ml);
    ph[i] = uint64_t(f) * uint64_t(mh);
  }
  uint v[12];
  uint64_t carry = 0ul;
  for (int c = 0; c < 9; c++) {
    uint64_t t = carry;
    if (c < 7)
      t += pl[c] & 0xfffffffful;
    if (c >= 1 && c <= 7)
      t += (pl[c - 1] >> 32) + (ph[c - 1] & 0xfffffffful);
    if (c >= 2 && c <= 8)
      t += ph[c - 2] >> 32;
    v[c] = uint(t);
    carry = t >> 32;
  }
  v[9] = 0u;
  v[10] = 0u;
  v[11] = 0u;
  // the product is |x| * 2/pi * 2^(224-s): bit fb is the units bit
  int fb = 224 - s;
  int q = int(ga_m_bits64(v, fb) & 3ul);
  uint64_t fh = ga_m_bits64(v, fb - 64), fl = ga_m_bits64(v, fb - 128);
  bool neg = (fh >> 63) != 0ul;
  if (neg) { // fraction >= 1/2: the remainder is negative, 1 - fraction
    q += 1;
    fl = ~fl + 1ul;
    fh = ~fh + (fl == 0ul ? 1ul : 0ul);
  }
  int lz = 0;
  if (fh == 0ul) {
    fh = fl;
    fl = 0ul;
    lz = 64;
  }
  uint top = uint(fh >> 32);
  int z = top != 0u ? 31 - findMSB(top) : 63 - findMSB(uint(fh));
  if (z > 0) {
    fh = (fh << z) | (fl >> (64 - z));
    fl = fl << z;
  }
  lz += z;
  precise double vh = ga_m_u53(fh >> 11) * ga_m_pow2(-53 - lz);
  precise double vl = ga_m_u53(((fh & 0x7fful) << 42) | (fl >> 22)) * ga_m_pow2(-106 - lz);
  precise double p, pe;
  ga_m_mul12(vh, 1.5707963267948966lf, p, pe);
  precise double lo = pe + (vh * 6.123233995736766e-17lf + vl * 1.5707963267948966lf);
  precise double r0, r1;
  ga_m_fast12(p, lo, r0, r1);
  if (neg != (x < 0.0lf)) {
    r0 = -r0;
    r1 = -r1;
  }
  y0 = r0;
  y1 = r1;
  return x < 0.0lf ? -q : q;
}

// sin or cos of the reduced argument x + y (|x| <= pi/4) in quadrant q: fdlibm's
// __kernel_sin and __kernel_cos with their tails, as one polynomial in z = x^2 whose
// coefficients are selected by q, so a warp whose lanes fall in different quadrants
// evaluates it once instead of serialising four branches (that took sin over [-10, 10]
// to 8x the time of a copy on the H100).
double ga_m_sincos_q(double x, double y, int q)
{
  bool c = (q & 1) != 0;
  precise double z = x * x;
  precise double p = c ? -1.13596475577881948265e-11lf : 1.58969099521155010221e-10lf;
  p = fma(p, z, c ? 2.08757232129817482790e-09lf : -2.50507602534068634195e-08lf);
  p = fma(p, z, c ? -2.75573143513906633035e-07lf : 2.75573137070700676789e-06lf);
  p = fma(p, z, c ? 2.48015872894767294178e-05lf : -1.98412698298579493134e-04lf);
  p = fma(p, z, c ? -1.38888888888741095749e-03lf : 8.33333333332248946124e-03lf);
  p = fma(p, z, c ? 4.16666666666666019037e-02lf : -1.66666666666666324348e-01lf);
  // sin: x + (x z p + y (1 - z/2)); cos: w + (((1 - w) - z/2) + (z^2 p - x y)), w = 1 - z/2
  precise double hz = 0.5lf * z;
  precise double ws = fma(z * x, p, fma(-hz, y, y));
  precise double rs = x + ws;
  precise double w = 1.0lf - hz;
  precise double rc = w + (((1.0lf - w) - hz) + (z * (z * p) - x * y));
  precise double r = c ? rc : rs;
  return (q & 2) != 0 ? -r : r;
}

double ga_sin_d(double x)
{
  if (abs(x) < 7.450580596923828e-09lf) // 2^-27: sin(x) = x, also -0 and subnormals
    return x;
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0 = x, y1 = 0.0lf;
  int n = 0;
  if ((ga_m_hi(x) & 0x7fffffffu) > 0x3fe921fbu) // |x| >~ pi/4
    n = ga_m_rem_pio2(x, y0, y1);
  return ga_m_sincos_q(y0, y1, n);
}

double ga_cos_d(double x)
{
  if (abs(x) < 7.450580596923828e-09lf)
    return 1.0lf;
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0 = x, y1 = 0.0lf;
  int n = 0;
  if ((ga_m_hi(x) & 0x7fffffffu) > 0x3fe921fbu)
    n = ga_m_rem_pio2(x, y0, y1);
  return ga_m_sincos_q(y0, y1, n + 1);
}

// sin (x) and cos (x), ga_sin_d's and ga_cos_d's values, with one argument reduction
// (and one copy of its code where both are needed)
void ga_sincos_d(double x, out double s, out double c)
{
  if (abs(x) < 7.450580596923828e-09lf) {
    s = x;
    c = 1.0lf;
    return;
  }
  if (isinf(x) || isnan(x)) {
    s = ga_m_nan();
    c = s;
    return;
  }
  precise double y0 = x, y1 = 0.0lf;
  int n = 0;
  if ((ga_m_hi(x) & 0x7fffffffu) > 0x3fe921fbu)
    n = ga_m_rem_pio2(x, y0, y1);
  s = ga_m_sincos_q(y0, y1, n);
  c = ga_m_sincos_q(y0, y1, n + 1);
}

// one call of the kernel (a warp whose lanes were on both sides of pi/4 ran two)
double ga_tan_d(double x)
{
  if (abs(x) < 7.450580596923828e-09lf) // 2^-27: tan(x) = x, also -0 and subnormals
    return x;
  if (isinf(x) || isnan(x))
    return ga_m_nan();
  precise double y0 = x, y1 = 0.0lf;
  int n = 0;
  if ((ga_m_hi(x) & 0x7fffffffu) > 0x3fe921fbu) // |x| >~ pi/4
    n = ga_m_rem_pio2(x, y0, y1);
  return ga_m_ktan(y0, y1, 1 - ((n & 1) << 1));
}

// ---- expm1, log1p (fdlibm s_expm1.c, s_log1p.c as glibc evaluates them) -----------

double ga_expm1_d(double x)
{
  uint hx = ga_m_hi(x);
  bool neg = (hx >> 31) != 0u;
  hx &= 0x7fffffffu;
  if (hx >= 0x4043687Au) { // |x| >= 56*ln2
    if (hx >= 0x40862E42u) {
      if (hx >= 0x7ff00000u)
        return isnan(x) ? x : (neg ? -1.0lf : x);
      if (x > 709.782712893384lf)
        return ga_m_inf();
    }
    if (neg)
      return -1.0lf;
  }
  precise double xx = x;
  precise double c = 0.0lf;
  int k = 0;
  if (hx > 0x3fd62e42u) { // |x| > 0.5*ln2
    precise double hi, lo;
    if (hx < 0x3FF0A2B2u) { // and < 1.5*ln2
      if (!neg) {
        hi = x - 0.6931471803691238lf;
        lo = 1.9082149292705877e-10lf;
        k = 1;
      } else {
        hi = x + 0.6931471803691238lf;
        lo = -1.9082149292705877e-10lf;
        k = -1;
      }
    } else {
      precise double kf = 1.4426950408889634lf * x + (neg ? -0.5lf : 0.5lf);
      k = int(kf);
      precise double t = double(k);
      hi = x - t * 0.6931471803691238lf;
      lo = t * 1.9082149292705877e-10lf;
    }
    xx = hi - lo;
    c = (hi - xx) - lo;
  } else if (hx < 0x3c900000u) { // |x| < 2^-54, also +-0
    return x;
  }
  precise double hfx = 0.5lf * xx;
  precise double hxs = xx * hfx;
  precise double r1 = 1.0lf + hxs * -0.03333333333333313lf;
  precise double h2 = hxs * hxs;
  precise double r2 = 0.0015873015872548146lf + hxs * -7.93650757867488e-05lf;
  precise double h4 = h2 * h2;
  precise double r3 = 4.008217827329362e-06lf + hxs * -2.0109921818362437e-07lf;
  precise double rr = r1 + h2 * r2 + h4 * r3;
  precise double t = 3.0lf - rr * hfx;
  precise double e = hxs * ((rr - t) / (6.0lf - xx * t));
  precise double y;
  if (k == 0) {
    y = xx - (xx * e - hxs);
    return y;
  }
  e = (xx * (e - c) - c);
  e = e - hxs;
  if (k == -1) {
    y = 0.5lf * (xx - e) - 0.5lf;
    return y;
  }
  if (k == 1) {
    if (xx < -0.25lf)
      y = -2.0lf * (e - (xx + 0.5lf));
    else
      y = 1.0lf + 2.0lf * (xx - e);
    return y;
  }
  if (k <= -2 || k > 56) {
    y = 1.0lf - (e - xx);
    y = ga_m_with_hi(y, ga_m_hi(y) + (uint(k) << 20)); // times 2^k
    y = y - 1.0lf;
    return y;
  }
  if (k < 20) {
    precise double t1 = ga_m_with_hi(0.0lf, 0x3ff00000u - (0x200000u >> k)); // 1 - 2^-k
    y = t1 - (e - xx);
  } else {
    precise double t2 = ga_m_with_hi(0.0lf, uint(0x3ff - k) << 20); // 2^-k
    y = xx - (e + t2);
    y = y + 1.0lf;
  }
  y = ga_m_with_hi(y, ga_m_hi(y) + (uint(k) << 20));
  return y;
}

// log1p: fdlibm's s_log1p.c (x + 1 = 2^k (1 + f), f = x where k = 0, c the rounding
// error of 1 + x; s = f/(2 + f), log(1 + f) = 2s + s R(s^2)) with its branches as
// selections, so lanes agree but for |f| < 2^-20, and one division: c/u, a correction
// below 2^-53 relative, needs a few bits only, and takes them from s (1/(1 + f) =
// (1 - s)/(1 + s) = 1 - 2s + 2s^2 - ...: 2^-7 at |s| <= 0.172); fused multiply-adds.
double ga_log1p_d(double x)
{
  int hx = ga_m_ihi(x);
  int ax = hx & 0x7fffffff;
  if (hx < 0x3FDA827A) { // x < 0.41422
    if (ax >= 0x3ff00000) // x <= -1
      return x == -1.0lf ? -ga_m_inf() : ga_m_nan();
    if (ax < 0x3e200000) { // |x| < 2^-29
      if (ax < 0x3c900000)
        return x;
      precise double r0 = x - x * x * 0.5lf;
      return r0;
    }
  } else if (hx >= 0x7ff00000) {
    return x; // +inf, NaN
  }
  // -0.2929 < x < 0.41422: f = x, k = 0
  bool direct = hx < 0x3FDA827A && (hx > 0 || hx <= int(0xbfd2bec3u));
  bool large = hx >= 0x43400000; // x >= 2^53: 1 + x = x, c = 0
  precise double u = large ? x : 1.0lf + x;
  int hu = ga_m_ihi(u);
  int k = (hu >> 20) - 1023;
  precise double c = large ? 0.0lf : (k > 0 ? 1.0lf - (u - x) : x - (u - 1.0lf));
  hu &= 0x000fffff;
  bool up = hu >= 0x6a09e; // u/2 in [sqrt(2)/2, 1)
  k += up ? 1 : 0;
  u = ga_m_with_hi(u, uint(hu | (up ? 0x3fe00000 : 0x3ff00000)));
  precise double f = direct ? x : u - 1.0lf;
  k = direct ? 0 : k;
  c = direct ? 0.0lf : c;
  int hf = direct ? 1 : (up ? (0x00100000 - hu) >> 2 : hu); // 0: |f| < 2^-20
  precise double fk = double(k);
  precise double sc = ga_m_pow2(max(-k, -1000)); // 2^-k (c = 0 where k > 1000)
  precise double hfsq = 0.5lf * f * f;
  precise double res;
  if (hf == 0) { // |f| < 2^-20
    c = c * sc;
    if (f == 0.0lf) {
      if (k == 0)
        return 0.0lf;
      res = fk * 0.6931471803691238lf + (c + fk * 1.9082149292705877e-10lf);
      return res;
    }
    precise double r = hfsq * (1.0lf - 0.6666666666666666lf * f);
    res = fk * 0.6931471803691238lf - ((r - (fk * 1.9082149292705877e-10lf + c)) - f);
    return res;
  }
  precise double s = f / (2.0lf + f);
  precise double z = s * s;
  precise double w = z * z;
  precise double r1 = fma(w, fma(w, 0.15313837699209373lf, 0.22222198432149784lf), 0.3999999999940942lf);
  precise double r2 = fma(w, fma(w, fma(w, 0.14798198605116586lf, 0.1818357216161805lf), 0.2857142874366239lf),
                          0.6666666666666735lf);
  precise double r = fma(z, r2, w * r1);
  // c/u: u = 2^k (1 + f) to the bits that count
  precise double cu = c * sc * fma(s, fma(s, 2.0lf, -2.0lf), 1.0lf);
  res = fk * 0.6931471803691238lf - ((hfsq - (fma(s, hfsq + r, fk * 1.9082149292705877e-10lf) + cu)) - f);
  return res;
}

// ---- atan, asin, acos (fdlibm) ---------------------------------------------------

// atan(a/b) for a > 0, b > 0 with a/b in the normal range: fdlibm's s_atan.c reductions
// (atan(t) = atan(c) + atan((t - c)/(1 + c t)), c = 0, 1/2, 1, 3/2 or infinity, by the
// range of t), with the reduced argument formed from a and b directly, so one division
// serves every lane of a warp whatever its range (fdlibm's four branches each divided,
// and a warp ran each one any lane took), and atan2 needs no quotient first: 2a - b and
// a - b are exact (Sterbenz), a - 1.5b and b + 1.5a round once in an fma. The
// polynomial in fused multiply-adds.
double ga_m_atan_ratio(double a, double b)
{
  bool r0 = a < 0.4375lf * b, r1 = a < 0.6875lf * b, r2 = a < 1.1875lf * b, r3 = a < 2.4375lf * b;
  precise double num = r0 ? a : r1 ? 2.0lf * a - b : r2 ? a - b : r3 ? fma(-1.5lf, b, a) : -b;
  precise double den = r0 ? b : r1 ? 2.0lf * b + a : r2 ? a + b : r3 ? fma(1.5lf, a, b) : a;
  precise double xx = num / den;
  precise double z = xx * xx;
  precise double w = z * z;
  precise double s1 = fma(w, 0.016285820115365782lf, 0.049768779946159324lf);
  s1 = fma(w, s1, 0.06661073137387531lf);
  s1 = fma(w, s1, 0.09090887133436507lf);
  s1 = fma(w, s1, 0.14285714272503466lf);
  s1 = fma(w, s1, 0.3333333333333293lf);
  precise double s2 = fma(w, -0.036531572744216916lf, -0.058335701337905735lf);
  s2 = fma(w, s2, -0.0769187620504483lf);
  s2 = fma(w, s2, -0.11111110405462356lf);
  s2 = fma(w, s2, -0.19999999999876483lf);
  precise double s = fma(z, s1, w * s2);
  // atan(c) = ahi + alo; c = 0 gives xx - xx s
  double ahi = r0 ? 0.0lf : r1 ? 0.4636476090008061lf : r2 ? 0.7853981633974483lf : r3 ? 0.982793723247329lf :
               1.5707963267948966lf;
  double alo = r0 ? 0.0lf : r1 ? 2.2698777452961687e-17lf : r2 ? 3.061616997868383e-17lf :
               r3 ? 1.3903311031230998e-17lf : 6.123233995736766e-17lf;
  precise double res = ahi - (fma(xx, s, -alo) - xx);
  return res;
}

double ga_atan_d(double x)
{
  uint ix = ga_m_hi(x) & 0x7fffffffu;
  if (ix >= 0x44100000u) // |x| >= 2^66
    return isnan(x) ? x : ga_m_copysign(1.5707963267948966lf, x);
  if (ix < 0x3e200000u) // |x| < 2^-29, also +-0
    return x;
  return ga_m_copysign(ga_m_atan_ratio(abs(x), 1.0lf), x);
}

// asin(x) - x = x^3 R(x^2) on [0, 0.5]: R = p(t)/q(t)
// asin (s) = s + s z P (z), z = s^2 <= 1/4: P of degree 14, a least-squares fit within
// 2^-61 relative (no division where fdlibm's R/S had one)
double ga_m_asin_poly(double z)
{
  precise double p = fma(z, 0.030725610715188194lf, -0.024032422623825295lf);
  p = fma(z, p, 0.022562763314158324lf);
  p = fma(z, p, 0.0003766606010524334lf);
  p = fma(z, p, 0.008796254313685853lf);
  p = fma(z, p, 0.008135574984770038lf);
  p = fma(z, p, 0.00979278781082287lf);
  p = fma(z, p, 0.011549082938993248lf);
  p = fma(z, p, 0.013965010189411774lf);
  p = fma(z, p, 0.017352757465606123lf);
  p = fma(z, p, 0.022372159280054694lf);
  p = fma(z, p, 0.030381944441356938lf);
  p = fma(z, p, 0.04464285714288347lf);
  p = fma(z, p, 0.07499999999999991lf);
  p = fma(z, p, 0.16666666666666666lf);
  return p;
}

// asin and acos on one polynomial: asin x = x + x z P (z), z = x^2, below 1/2; beyond,
// pi/2 - 2 asin (s) with s = sqrt ((1 - |x|)/2) in double-double (acos x: pi/2 - asin x,
// 2 asin (s), pi - 2 asin (s)). Within 0.65 ulp of the true value at 2e7 points (a C model
// of these steps against asinl and acosl), so within 2 ulp of glibc's (within 0.52 itself);
// fdlibm's forms had taken a correctly rounded square root and two divisions.
double ga_asin_d(double x)
{
  uint hx = ga_m_hi(x);
  uint ix = hx & 0x7fffffffu;
  if (ix >= 0x3ff00000u) { // |x| >= 1
    if (abs(x) == 1.0lf) {
      precise double r1 = x * 1.5707963267948966lf + x * 6.123233995736766e-17lf;
      return r1;
    }
    return ga_m_nan();
  }
  if (ix < 0x3e400000u) // |x| < 2^-27
    return x;
  precise double xa = abs(x);
  bool small = ix < 0x3fe00000u; // |x| < 0.5
  precise double z = small ? x * x : (1.0lf - xa) * 0.5lf; // exact beyond 1/2
  precise double p = ga_m_asin_poly(z);
  precise double r;
  if (small) {
    r = fma(xa * z, p, xa);
  } else {
    precise double sh, sl, h, e;
    ga_m_sqrt_dd(z, 0.0lf, sh, sl);
    ga_m_fast12(1.5707963267948966lf, -2.0lf * sh, h, e);
    r = h + (e + (6.123233995736766e-17lf - 2.0lf * (sl + sh * z * p)));
  }
  return ga_m_copysign(r, x);
}

double ga_acos_d(double x)
{
  uint hx = ga_m_hi(x);
  uint ix = hx & 0x7fffffffu;
  if (ix >= 0x3ff00000u) { // |x| >= 1
    if (x == 1.0lf)
      return 0.0lf;
    if (x == -1.0lf)
      return 3.141592653589793lf; // pi + 2*pio2_lo rounds to pi
    return ga_m_nan();
  }
  if (ix <= 0x3c600000u)
    return 1.5707963267948966lf;
  precise double xa = abs(x);
  bool small = ix < 0x3fe00000u; // |x| < 0.5
  precise double z = small ? x * x : (1.0lf - xa) * 0.5lf;
  precise double p = ga_m_asin_poly(z);
  precise double r, h, e;
  if (small) {
    ga_m_fast12(1.5707963267948966lf, -x, h, e);
    r = h + (e + (6.123233995736766e-17lf - x * z * p));
  } else {
    precise double sh, sl;
    ga_m_sqrt_dd(z, 0.0lf, sh, sl);
    precise double t = sl + sh * z * p;
    if (x > 0.0lf) {
      r = 2.0lf * sh + 2.0lf * t;
    } else {
      ga_m_fast12(3.141592653589793lf, -2.0lf * sh, h, e);
      r = h + (e + (1.2246467991473532e-16lf - 2.0lf * t));
    }
  }
  return r;
}

// ---- hyperbolic functions --------------------------------------------------------
// sinh, cosh, tanh from exp with extra precision (fdlibm's expm1-based formulas lose up
// to 2.1 ulp, glibc's included, so ours stay within about 0.6 ulp of the true value);
// series near 0. acosh and atanh are fdlibm's on the log and log1p here, as glibc's
// are; asinh is glibc's log of a double-double sum.

// sinh and cosh within about 0.6 ulp (as tanh): e^a/2 -+ e^-a/2 from the unrounded exp
// and its reciprocal (one division and its remainder), sinh from its Taylor series to
// x^21 below 1 (the next term is below 2^-58 of x), where the sum cancels; both for
// every lane, where a warp ran the double-double exp with its table and two divisions
// e^a/2 - e^-a/2 (minus) or e^a/2 + e^-a/2, rounded once, for 0 <= a < 22
double ga_m_exp_half_pm(double a, bool minus)
{
  precise double h, l;
  int k = ga_m_exp_unrounded(a, 0.0lf, h, l); // k in [0, 32]
  precise double inv = 1.0lf / h;
  precise double p, pe;
  ga_m_mul12(inv, h, p, pe);
  precise double il = (((1.0lf - p) - pe) - l * inv) * inv; // 1/(h + l) = inv + il
  precise double sc = ga_m_pow2_fast(k - 1), isc = ga_m_pow2_fast(-k - 1);
  precise double ph = inv * isc, pl = il * isc;
  precise double dh, dl;
  ga_m_add12(h * sc, minus ? -ph : ph, dh, dl);
  dl = dl + (l * sc + (minus ? -pl : pl));
  precise double res = dh + dl;
  return res;
}

double ga_sinh_d(double x)
{
  precise double a = abs(x);
  if (isnan(x) || isinf(x) || a < 3.725290298461914e-09lf) // 2^-28: sinh(x) = x, also +-0
    return x;
  precise double res;
  if (a < 22.0lf) {
    precise double z = a * a;
    precise double p = fma(z, 1.9572941063391263e-20lf, 8.22063524662433e-18lf);
    p = fma(z, p, 2.8114572543455206e-15lf);
    p = fma(z, p, 7.647163731819816e-13lf);
    p = fma(z, p, 1.6059043836821613e-10lf);
    p = fma(z, p, 2.505210838544172e-08lf);
    p = fma(z, p, 2.7557319223985893e-06lf);
    p = fma(z, p, 0.0001984126984126984lf);
    p = fma(z, p, 0.008333333333333333lf);
    p = fma(z, p, 0.16666666666666666lf);
    precise double rs = fma(a, z * p, a);
    res = a < 1.0lf ? rs : ga_m_exp_half_pm(a, true);
  } else { // e^a / 2, overflowing past ln(2*DBL_MAX)
    if (a > 710.5lf)
      return ga_m_copysign(ga_m_inf(), x);
    precise double h, l;
    int k = ga_m_exp_dd(a, 0.0lf, h, l);
    res = ga_m_dd_scale(h, l, k - 1);
  }
  return ga_m_copysign(res, x);
}

double ga_cosh_d(double x)
{
  precise double a = abs(x);
  if (isnan(x))
    return x;
  if (a < 22.0lf) // (e^a + e^-a)/2: no cancellation
    return ga_m_exp_half_pm(a, false);
  if (a > 710.5lf)
    return ga_m_inf();
  precise double h, l;
  int k = ga_m_exp_dd(a, 0.0lf, h, l);
  return ga_m_dd_scale(h, l, k - 1);
}

// tanh within about 0.6 ulp (glibc's own is up to 2.1 ulp off, so the budget leaves
// this much): below 0.375 its Taylor series to x^27 (the next term is below 2^-58 of
// x); above, -t/(2 + t) with t = e^(-2a) - 1 from exp's reduction and polynomial kept
// unrounded (relative error about 2^-56, t cancels by at most 0.9 there), one division
// and the quotient's remainder. Both for every lane, where a warp ran the double-double
// exp with its table and two divisions.
double ga_tanh_d(double x)
{
  precise double a = abs(x);
  if (isnan(x) || a < 2.7755575615628914e-17lf) // 2^-55: tanh(x) = x, also +-0
    return x;
  if (a >= 22.0lf)
    return ga_m_copysign(1.0lf, x);
  precise double z = a * a;
  precise double p = fma(z, -6.451689215655431e-06lf, 1.5918905069328964e-05lf);
  p = fma(z, p, -3.927832388331683e-05lf);
  p = fma(z, p, 9.691537956929451e-05lf);
  p = fma(z, p, -0.00023912911424355248lf);
  p = fma(z, p, 0.000590027440945586lf);
  p = fma(z, p, -0.0014558343870513183lf);
  p = fma(z, p, 0.003592128036572481lf);
  p = fma(z, p, -0.008863235529902197lf);
  p = fma(z, p, 0.021869488536155203lf);
  p = fma(z, p, -0.05396825396825397lf);
  p = fma(z, p, 0.13333333333333333lf);
  p = fma(z, p, -0.3333333333333333lf);
  precise double rs = fma(a, z * p, a);
  precise double h, l;
  int k = ga_m_exp_unrounded(-2.0lf * a, 0.0lf, h, l);
  precise double sc = ga_m_pow2_fast(k); // k in [-64, 0]
  // t = e^(-2a) - 1 = th + tl, 2 + t = dh + dl
  precise double th, tl, dh, dl;
  ga_m_add12(h * sc, -1.0lf, th, tl);
  tl = tl + l * sc;
  ga_m_fast12(th, tl, th, tl);
  ga_m_add12(2.0lf, th, dh, dl);
  dl = dl + tl;
  precise double inv = 1.0lf / dh;
  precise double qq = -th * inv;
  precise double pp, pe;
  ga_m_mul12(qq, dh, pp, pe);
  precise double rem = ((-th - pp) - pe) - (tl + qq * dl);
  precise double re = fma(rem, inv, qq);
  return ga_m_copysign(a < 0.375lf ? rs : re, x);
}


// asinh |x| = log (|x| + sqrt (x^2 + 1)) with the sum in double-double and glibc's log
// (pow's, with its tail) of it; beyond 2^28 log |x| + log 2; below 2^-6 the odd series
// to x^11 (the sum's error, ~2^-80, would be felt relative to asinh there). Within 0.501
// ulp of asinhl at 14e6 points (a C model of these steps), so within 2 ulp of glibc's,
// itself up to 1.75 ulp off (below 1); fdlibm's forms had taken a square root, two
// divisions (one in log1p) and a log1p: 51% of a copy's bandwidth on the H200.
double ga_asinh_d(double x)
{
  uint ix = ga_m_hi(x) & 0x7fffffffu;
  if (ix < 0x3e300000u || ix >= 0x7ff00000u) // |x| < 2^-28, also +-0; +-Inf, NaN
    return x;
  precise double xa = abs(x);
  precise double r;
  if (ix < 0x3f900000u) { // |x| < 2^-6
    precise double z = xa * xa;
    precise double p = fma(z, -0.022372159090909092lf, 0.030381944444444444lf);
    p = fma(z, p, -0.044642857142857144lf);
    p = fma(z, p, 0.075lf);
    p = fma(z, p, -0.16666666666666666lf);
    r = fma(xa * z, p, xa);
  } else {
    bool huge = ix >= 0x41b00000u; // |x| >= 2^28
    precise double uh = xa, ul = 0.0lf;
    if (!huge) {
      precise double p, pe, qh, ql;
      ga_m_mul12(xa, xa, p, pe);
      ga_m_add12(1.0lf, p, qh, ql);
      ql = ql + pe;
      precise double g1, sl;
      ga_m_sqrt_dd(qh, ql, g1, sl);
      precise double s1, e1;
      ga_m_fast12(g1, xa, s1, e1);
      ga_m_fast12(s1, e1 + sl, uh, ul);
    }
    precise double lt;
    precise double lh = ga_m_log_glibc_bits(doubleBitsToUint64(uh), lt);
    // log (uh + ul) = log (uh) + ul / uh: below 2^-53, a float quotient is enough
    precise double corr = double(float(ul) / float(uh));
    precise double sh, se;
    ga_m_add12(lh, huge ? 0.6931471805599453lf : 0.0lf, sh, se);
    r = sh + ((se + (huge ? 2.3190468138462996e-17lf : 0.0lf)) + (lt + corr));
  }
  return ga_m_copysign(r, x);
}

// fdlibm's e_acosh.c in the same way: 1 < x <= 2: log1p(t + sqrt(2t + t^2)), t = x - 1
// (exact); 2 < x <= 2^28: log(2x - 1/(x + sqrt(x^2 - 1))) as log1p of that less 1;
// beyond: log1p(x - 1) + log 2
double ga_acosh_d(double x)
{
  uint hx = ga_m_hi(x);
  if (!(x >= 1.0lf))
    return ga_m_nan(); // x < 1, NaN
  if (hx >= 0x7ff00000u || x == 1.0lf)
    return x == 1.0lf ? 0.0lf : x;
  bool huge = hx >= 0x41b00000u; // x > 2^28
  bool big = hx > 0x40000000u;   // x > 2
  precise double t = x - 1.0lf;
  // 2t + t^2 rounded twice, as fdlibm: near 1 acosh magnifies the root's argument, and
  // one fma's rounding put 142 of 2e6 points 2 ulp from glibc's on the H200 (none now)
  precise double u2 = 2.0lf * t + t * t;
  precise double root = ga_sqrt_d(big ? x * x - 1.0lf : u2);
  precise double d = 1.0lf / (x + root);
  precise double arg = huge ? t : (big ? (2.0lf * x - 1.0lf) - d : t + root);
  precise double res = ga_log1p_d(arg);
  res = res + (huge ? 0.6931471805599453lf : 0.0lf);
  return res;
}

// fdlibm's two forms as one log1p of an argument chosen per lane, with one division
double ga_atanh_d(double x)
{
  precise double xa = abs(x);
  if (xa < 3.725290298461914e-09lf) // 2^-28, also +-0
    return x;
  if (!(xa < 1.0lf))
    return xa == 1.0lf ? ga_m_copysign(ga_m_inf(), x) : ga_m_nan(); // |x| > 1, NaN
  bool small = xa < 0.5lf;
  precise double t = xa + xa;
  precise double q = (small ? t * xa : t) / (1.0lf - xa);
  precise double r = 0.5lf * ga_log1p_d(small ? t + q : q);
  return ga_m_copysign(r, x);
}

// ---- cbrt (glibc's: a polynomial guess and one Halley step) -----------------------

double ga_cbrt_d(double x)
{
  if (x == 0.0lf || isinf(x) || isnan(x))
    return x;
  precise double ax = abs(x);
  int xe = 0;
  if (ax < 2.2250738585072014e-308lf) {
    ax = ax * 1.8014398509481984e+16lf; // 2^54
    xe = -54;
  }
  uint64_t b = doubleBitsToUint64(ax);
  xe += int(b >> 52) - 1022;
  precise double xm = uint64BitsToDouble((b & 0x000ffffffffffffful) | 0x3fe0000000000000ul); // [0.5, 1)
  precise double u = (0.35489576504391984lf + ((1.508191937815849lf + ((-2.114994941673713lf +
                     ((2.4469312256353444lf + ((-1.8346927748361308lf + (0.7849323449766392lf -
                     0.14526389938548637lf * xm) * xm) * xm)) * xm)) * xm)) * xm));
  precise double t2 = u * u * u;
  // C's xe % 3 and xe / 3 truncate toward zero
  int ae = abs(xe), q = ae / 3, rm = ae - 3 * q;
  if (xe < 0) {
    q = -q;
    rm = -rm;
  }
  double f = rm == -2 ? 0.6299605249474365lf : rm == -1 ? 0.7937005259840997lf : rm == 0 ? 1.0lf :
             rm == 1 ? 1.2599210498948732lf : 1.5874010519681996lf;
  precise double ym = ga_div_double(u * (t2 + 2.0lf * xm), 2.0lf * t2 + xm) * f;
  return ga_m_scalbn(x > 0.0lf ? ym : -ym, q);
}

// ---- erf, erfc (fdlibm s_erf.c as glibc evaluates it) ----------------------------

double ga_m_exp_glibc(double x, double xtail, bool base2); // in the gamma section

// erf(x) - x = x*r/s on |x| < 0.84375 (ga_m_erf_rat's branch 0 without the selections,
// for erfinv's residual)
void ga_m_erf_rs(double z, out double r, out double s)
{
  precise double r1 = 0.12837916709551256lf + z * -0.3250421072470015lf;
  precise double z2 = z * z;
  precise double r2 = -0.02848174957559851lf + z * -0.005770270296489442lf;
  precise double z4 = z2 * z2;
  precise double s1 = 1.0lf + z * 0.39791722395915535lf;
  precise double s2 = 0.0650222499887673lf + z * 0.005081306281875766lf;
  precise double s3 = 0.00013249473800432164lf + z * -3.960228278775368e-06lf;
  precise double rr = r1 + z2 * r2 + z4 * -2.3763016656650163e-05lf;
  precise double ss = s1 + z2 * s2 + z4 * s3;
  r = rr;
  s = ss;
}
// fdlibm's four rational functions of erf and erfc as one, its coefficients chosen by
// the branch (lanes of a warp run every branch any of them takes): br 0, erf(x) - x
// = x R/S on |x| < 0.84375 (v = x^2); 1, erf(1 + v) - erx = P/Q on [0.84375, 1.25); 2
// and 3, x erfc(x) = exp(-x^2 - 0.5625 + R/S) on [1.25, 1/0.35) and [1/0.35, 28) (v =
// 1/x^2). The same operations in the same order as s_erf.c's: a missing term is a zero
// coefficient, and adding its zero product changes nothing. GA_M_ERF_K[4 j + br] is
// coefficient j of branch br: the numerator's four pairs (constant, v's), then the
// denominator's (its constant is 1 in every branch: only v's), then v^8's. A kernel
// with the table in shared memory reads each coefficient at the lane's branch; else
// each is a selection among four constants (constant memory read at per-lane indices
// was slower: 1.32 -> 1.63 ms for 1e8 erfs on the H200).
const double GA_M_ERF_K[64] = double[](
  0.12837916709551256lf, -0.0023621185607526594lf, -0.009864944034847148lf, -0.0098649429247001lf, // 0: n1
  -0.3250421072470015lf, 0.41485611868374833lf, -0.6938585727071818lf, -0.799283237680523lf, // 1: n1 v
  -0.02848174957559851lf, -0.3722078760357013lf, -10.558626225323291lf, -17.757954917754752lf, // 2: n2
  -0.005770270296489442lf, 0.31834661990116175lf, -62.375332450326006lf, -160.63638485582192lf, // 3: n2 v
  -2.3763016656650163e-05lf, -0.11089469428239668lf, -162.39666946257347lf, -637.5664433683896lf, // 4: n3
  0.0lf, 0.035478304325618236lf, -184.60509290671104lf, -1025.0951316110772lf, // 5: n3 v
  0.0lf, -0.002166375594868791lf, -81.2874355063066lf, -483.5191916086514lf, // 6: n4
  0.0lf, 0.0lf, -9.814329344169145lf, 0.0lf, // 7: n4 v
  0.39791722395915535lf, 0.10642088040084423lf, 19.651271667439257lf, 30.33806074348246lf, // 8: d1 v
  0.0650222499887673lf, 0.540397917702171lf, 137.65775414351904lf, 325.7925129965739lf, // 9: d2
  0.005081306281875766lf, 0.07182865441419627lf, 434.56587747522923lf, 1536.729586084437lf, // 10: d2 v
  0.00013249473800432164lf, 0.12617121980876164lf, 645.3872717332679lf, 3199.8582195085955lf, // 11: d3
  -3.960228278775368e-06lf, 0.01363708391202905lf, 429.00814002756783lf, 2553.0504064331644lf, // 12: d3 v
  0.0lf, 0.011984499846799107lf, 108.63500554177944lf, 474.52854120695537lf, // 13: d4
  0.0lf, 0.0lf, 6.570249770319282lf, -22.44095244658582lf, // 14: d4 v
  0.0lf, 0.0lf, -0.0604244152148581lf, 0.0lf // 15: v^8
);
#ifdef GA_SHARED_ERF
shared double GA_S_ERF_K[64];
#define GA_M_ERF_C(j) GA_S_ERF_K[4 * (j) + br]
#else
#define GA_M_ERF_C(j) (br == 0 ? GA_M_ERF_K[4 * (j)] : br == 1 ? GA_M_ERF_K[4 * (j) + 1] : br == 2 ? GA_M_ERF_K[4 * (j) + 2] : GA_M_ERF_K[4 * (j) + 3])
#endif
double ga_m_erf_rat(int br, double v)
{
  precise double n1 = GA_M_ERF_C(0) + v * GA_M_ERF_C(1);
  precise double n2 = GA_M_ERF_C(2) + v * GA_M_ERF_C(3);
  precise double n3 = GA_M_ERF_C(4) + v * GA_M_ERF_C(5);
  precise double n4 = GA_M_ERF_C(6) + v * GA_M_ERF_C(7);
  precise double d1 = 1.0lf + v * GA_M_ERF_C(8);
  precise double d2 = GA_M_ERF_C(9) + v * GA_M_ERF_C(10);
  precise double d3 = GA_M_ERF_C(11) + v * GA_M_ERF_C(12);
  precise double d4 = GA_M_ERF_C(13) + v * GA_M_ERF_C(14);
  precise double v2 = v * v;
  precise double v4 = v2 * v2;
  precise double v6 = v4 * v2;
  precise double v8 = v4 * v4;
  precise double num = n1 + v2 * n2 + v4 * n3 + v6 * n4;
  precise double den = d1 + v2 * d2 + v4 * d3 + v6 * d4 + v8 * GA_M_ERF_C(15);
  precise double q = num / den;
  return q;
}
// x erfc(x) for 1.25 <= x < 28 from its rational term rs (br 2 or 3): exp(-z^2 - 0.5625)
// exp((z - x)(z + x) + rs), z = x to 21 bits. exact: glibc's two exps step by step
// (ga_m_exp_glibc, below, ~75 FP64 operations each), so that its misrounded ones are
// reproduced and erfc equals glibc's; else one exp of the two arguments' exact sum
// (ga_m_exp_sum), within 1 ulp of glibc's erf, whose 1 - erfc absorbs the difference, and
// enough for erfinv's residual. (Two call sites of the glibc exp: a loop of two made
// lavapipe's kernel several times slower.)
double ga_m_erfc_tail_x(double x, double rs, bool exact)
{
  precise double z = ga_m_clear_lo(x);
  precise double a = -z * z - 0.5625lf, b = (z - x) * (z + x) + rs;
  precise double r;
  if (exact) {
    r = ga_m_exp_glibc(a, 0.0lf, false) * ga_m_exp_glibc(b, 0.0lf, false);
  } else {
    precise double sh, sl;
    ga_m_add12(a, b, sh, sl);
    r = ga_m_exp_sum(sh, sl);
  }
  return r;
}

double ga_erf_d(double x)
{
  uint hx = ga_m_hi(x);
  uint ix = hx & 0x7fffffffu;
  bool neg = (hx >> 31) != 0u;
  if (ix >= 0x7ff00000u)
    return isnan(x) ? x : (neg ? -1.0lf : 1.0lf);
  precise double res;
  if (ix < 0x3e300000u) { // |x| < 2^-28
    if (ix < 0x00800000u)
      res = 0.0625lf * (16.0lf * x + 2.0540666735282014lf * x); // 16 * efx
    else
      res = x + 0.1283791670955126lf * x;
    return res;
  }
  if (ix >= 0x40180000u) // |x| >= 6
    return neg ? -1.0lf : 1.0lf;
  int br = ix < 0x3feb0000u ? 0 : (ix < 0x3ff40000u ? 1 : (ix < 0x4006DB6Eu ? 2 : 3));
  precise double ax = abs(x);
  // one division for 1/x^2 and erfc's 1/x (erf's ulp absorbs the extra roundings)
  precise double inv = 1.0lf / ax;
  precise double v = br == 0 ? x * x : (br == 1 ? ax - 1.0lf : inv * inv);
  precise double q = ga_m_erf_rat(br, v);
  if (br == 0) {
    res = x + x * q;
  } else if (br == 1) {
    res = neg ? -0.8450629115104675lf - q : 0.8450629115104675lf + q;
  } else { // 1 - erfc
    res = 1.0lf - ga_m_erfc_tail_x(ax, q, false) * inv;
    res = neg ? -res : res;
  }
  return res;
}

double ga_m_erfc(double x, bool exact)
{
  uint hx = ga_m_hi(x);
  uint ix = hx & 0x7fffffffu;
  bool neg = (hx >> 31) != 0u;
  if (ix >= 0x7ff00000u)
    return isnan(x) ? x : (neg ? 2.0lf : 0.0lf);
  precise double res;
  if (ix < 0x3c700000u) { // |x| < 2^-56
    res = 1.0lf - x;
    return res;
  }
  if (ix >= 0x403c0000u || (neg && ix >= 0x40180000u)) // |x| >= 28, or x <= -6
    return neg ? 2.0lf : 0.0lf;
  int br = ix < 0x3feb0000u ? 0 : (ix < 0x3ff40000u ? 1 : (ix < 0x4006DB6Du ? 2 : 3));
  precise double ax = abs(x);
  precise double v = br == 0 ? x * x : (br == 1 ? ax - 1.0lf : 1.0lf / (ax * ax));
  precise double q = ga_m_erf_rat(br, v);
  if (br == 0) {
    if (neg || hx < 0x3fd00000u) { // x < 1/4 (s_erf.c's hx is signed)
      res = 1.0lf - (x + x * q);
    } else {
      precise double t = x * q;
      t = t + (x - 0.5lf);
      res = 0.5lf - t;
    }
  } else if (br == 1) {
    if (!neg) {
      precise double z = 1.0lf - 0.8450629115104675lf;
      res = z - q;
    } else {
      precise double z = 0.8450629115104675lf + q;
      res = 1.0lf + z;
    }
  } else {
    precise double r = ga_m_erfc_tail_x(ax, q, exact) / ax;
    res = neg ? 2.0lf - r : r;
  }
  return res;
}
double ga_erfc_d(double x) { return ga_m_erfc(x, true); }

// ---- gamma -----------------------------------------------------------------------
// glibc's tgamma (e_gamma_r.c) step by step: exp(lgamma) near 1, the product
// x(x+1)... down to there, Stirling's series from 12 on with pow and exp2 for x^x, the
// reflection formula for x < 0. Its answers are up to ~5 ulp from the true ones, and
// its sums (mul_expansion, div_expansion) turn one factor 1 ulp apart into up to ~5 ulp:
// only the same steps with the same rounded intermediate values give its answers. Its
// x86_64 build forms the product in x87 extended precision, emulated here; its exp,
// exp2 and pow are ARM's optimized-routines, reproduced here as its fma build (the one
// x86_64 machines with fma run) computes them; its log, sin and cos are (nearly)
// correctly rounded like the ones used here. Within 2 ulp of this machine's glibc at 1e6
// sweep points; on a machine whose glibc takes its non-fma exp and pow, up to ~5 ulp.

// 2^(a/16) and 2^(b/128) in triple-double: their product gives glibc's exp and exp2
// table (ga_m_exp_glibc)
const double GA_M_P16H[16] = double[](1.0lf, 1.0442737824274138lf, 1.0905077326652577lf, 1.1387886347566916lf,
  1.189207115002721lf, 1.241857812073484lf, 1.2968395546510096lf, 1.3542555469368927lf, 1.4142135623730951lf,
  1.4768261459394993lf, 1.5422108254079407lf, 1.6104903319492543lf, 1.681792830507429lf, 1.7562521603732995lf,
  1.8340080864093424lf, 1.9152065613971474lf);
const double GA_M_P16M[16] = double[](0.0lf, 8.551889705537965e-17lf, -3.046782079812471e-17lf,
  8.912812676025408e-17lf, 3.982015231465646e-17lf, 4.658027591836937e-17lf, 2.5382502794888315e-17lf,
  7.70094837980299e-17lf, -9.667293313452913e-17lf, -3.483994556892796e-17lf, 7.949834809697621e-17lf,
  2.4707192569797888e-17lf, 8.199010020581497e-17lf, 2.960140695448873e-17lf, 3.283107224245627e-17lf,
  -1.0619946056195963e-16lf);
const double GA_M_P16L[16] = double[](0.0lf, -4.330791080574723e-33lf, 2.0170548784884862e-33lf,
  -2.0074146328324945e-33lf, 1.1419596568854534e-33lf, -2.31439910378786e-33lf, 1.686782464618325e-34lf,
  -2.2407483643739503e-33lf, 4.1386753086994136e-33lf, -1.2115770452309058e-34lf, -9.159956374100367e-34lf,
  1.069684778889359e-33lf, 5.103515194728093e-33lf, 1.2334822744893002e-33lf, -6.4250893479530425e-34lf,
  -3.0577697567913255e-33lf);
const double GA_M_P128H[8] = double[](1.0lf, 1.0054299011128027lf, 1.0108892860517005lf, 1.016378314910953lf,
  1.0218971486541166lf, 1.0274459491187637lf, 1.0330248790212284lf, 1.0386341019613787lf);
const double GA_M_P128M[8] = double[](0.0lf, 9.499186535455032e-17lf, -1.5234778603368577e-17lf,
  -5.77217007319966e-17lf, 5.109225028973444e-17lf, -4.9560741746453704e-17lf, 7.600838874027088e-18lf,
  5.996273788852511e-17lf);
const double GA_M_P128L[8] = double[](0.0lf, 2.6919761479528557e-33lf, -1.2052777336398203e-33lf,
  -3.0181918643448167e-34lf, 7.884226564969274e-34lf, 1.5264728519152253e-33lf, 4.175476603364996e-34lf,
  -3.956637049580431e-33lf);
// exp_data.c's table itself, H[j] = 2^(j/128) rounded and T[j] = (2^(j/128) - H[j]) /
// H[j] rounded (computed from that definition with 80 digits), for kernels that read it
// from shared memory (GA_SHARED_EXPG): one lookup in place of the product above and its
// two divisions
const double GA_M_EXP128H[128] = double[](
  1.0lf, 1.0054299011128027lf, 1.0108892860517005lf, 1.016378314910953lf, 1.0218971486541166lf, 1.0274459491187637lf,
  1.0330248790212284lf, 1.0386341019613787lf, 1.0442737824274138lf, 1.0499440858006872lf, 1.0556451783605572lf,
  1.061377227289262lf, 1.0671404006768237lf, 1.0729348675259756lf, 1.0787607977571199lf, 1.0846183622133092lf,
  1.0905077326652577lf, 1.0964290818163769lf, 1.102382583307841lf, 1.1083684117236787lf, 1.1143867425958924lf,
  1.1204377524096067lf, 1.1265216186082418lf, 1.1326385195987192lf, 1.1387886347566916lf, 1.1449721444318042lf,
  1.1511892299529827lf, 1.1574400736337511lf, 1.1637248587775775lf, 1.1700437696832502lf, 1.1763969916502812lf,
  1.182784710984341lf, 1.189207115002721lf, 1.1956643920398273lf, 1.202156731452703lf, 1.2086843236265816lf,
  1.215247359980469lf, 1.2218460329727576lf, 1.22848053610687lf, 1.2351510639369334lf, 1.241857812073484lf,
  1.2486009771892048lf, 1.255380757024691lf, 1.2621973503942507lf, 1.2690509571917332lf, 1.275941778396392lf,
  1.2828700160787783lf, 1.2898358734066657lf, 1.2968395546510096lf, 1.3038812651919358lf, 1.3109612115247644lf,
  1.318079601266064lf, 1.3252366431597413lf, 1.3324325470831615lf, 1.339667524053303lf, 1.3469417862329458lf,
  1.3542555469368927lf, 1.3616090206382248lf, 1.3690024229745905lf, 1.3764359707545302lf, 1.383909881963832lf,
  1.3914243757719262lf, 1.3989796725383112lf, 1.4065759938190154lf, 1.4142135623730951lf, 1.4218926021691656lf,
  1.42961333839197lf, 1.4373759974489824lf, 1.4451808069770467lf, 1.4530279958490526lf, 1.460917794180647lf,
  1.4688504333369818lf, 1.4768261459394993lf, 1.4848451658727524lf, 1.4929077282912648lf, 1.5010140696264256lf,
  1.5091644275934228lf, 1.5173590411982147lf, 1.5255981507445384lf, 1.533881997840956lf, 1.5422108254079407lf,
  1.550584877685lf, 1.559004400237837lf, 1.567469639965553lf, 1.5759808451078865lf, 1.5845382652524937lf,
  1.593142151342267lf, 1.6017927556826934lf, 1.6104903319492543lf, 1.6192351351948637lf, 1.6280274218573478lf,
  1.6368674497669644lf, 1.645755478153965lf, 1.6546917676561943lf, 1.6636765803267364lf, 1.6727101796415966lf,
  1.681792830507429lf, 1.6909247992693053lf, 1.7001063537185235lf, 1.709337763100463lf, 1.718619298122478lf,
  1.7279512309618377lf, 1.7373338352737062lf, 1.746767386199169lf, 1.7562521603732995lf, 1.7657884359332727lf,
  1.7753764925265212lf, 1.785016611318935lf, 1.7947090750031072lf, 1.804454167806624lf, 1.8142521755003989lf,
  1.8241033854070534lf, 1.8340080864093424lf, 1.843966568958626lf, 1.8539791250833855lf, 1.864046048397789lf,
  1.8741676341103lf, 1.8843441790323345lf, 1.8945759815869656lf, 1.9048633418176741lf, 1.9152065613971474lf,
  1.925605943636125lf, 1.9360617934922943lf, 1.9465744175792332lf, 1.9571441241754002lf, 1.9677712232331759lf,
  1.978456026387951lf, 1.9891988469672663lf);
const double GA_M_EXP128T[128] = double[](
  0.0lf, 9.447885451727066e-17lf, -1.507066976926039e-17lf, -5.679155082825012e-17lf, 4.9997448722726326e-17lf,
  -4.823683599994895e-17lf, 7.357846871247418e-18lf, 5.773230223741951e-17lf, 8.189317638195515e-17lf,
  5.326891139980878e-17lf, 1.6665881442326747e-18lf, -1.128113245461828e-17lf, -7.402825309426177e-17lf,
  -3.578659767309563e-18lf, -6.170654745608695e-17lf, 2.919139999949279e-17lf, -2.7939114859515733e-17lf,
  -5.399285355184285e-17lf, 4.776959425256223e-17lf, -7.927701432338473e-17lf, 9.341710609905046e-17lf,
  -5.534520675707472e-17lf, 4.585670326662351e-17lf, 2.8582430411116143e-17lf, 7.826573258636076e-17lf,
  4.053626906769216e-17lf, 2.823784425951061e-17lf, -7.882802262487991e-17lf, 3.2904726646008416e-17lf,
  -1.5792094703347882e-18lf, 4.721368121170128e-17lf, 1.3045277096919659e-17lf, 3.3484623336251524e-17lf,
  3.8611199774925664e-17lf, 5.527550048505249e-17lf, -3.927184172445234e-17lf, -6.346552106729483e-17lf,
  -8.684417614865944e-17lf, -1.5456342819397733e-17lf, -8.70763476495455e-17lf, 3.750854201303127e-17lf,
  -6.616854503526488e-17lf, -5.346099009198751e-18lf, -2.443726321015018e-17lf, 2.1023049675215714e-18lf,
  7.771067937501065e-17lf, 1.3357510088834541e-17lf, 6.938291696959204e-17lf, 1.9572585293112036e-17lf,
  6.632256961675804e-17lf, -5.478069123926778e-17lf, -4.140839310392624e-17lf, -2.1571477251208752e-17lf,
  -3.8287766552120535e-17lf, 6.663804589232195e-17lf, 2.3936187400285282e-17lf, 5.68648095791174e-17lf,
  1.1264523354521684e-18lf, 7.007875046906994e-17lf, -5.0119214278381254e-17lf, -4.8923067513522756e-17lf,
  -3.5260089953269434e-17lf, -6.872303720902018e-17lf, 5.001446664133532e-18lf, -6.835808657661922e-17lf,
  -1.1307344092910212e-17lf, -8.416011634717156e-18lf, -2.9247977035436566e-17lf, -2.092304381843353e-17lf,
  -3.9778645875427124e-17lf, -3.833464968654295e-17lf, 5.763611164480894e-17lf, -2.3591094770850053e-17lf,
  7.260074661098575e-17lf, 9.50689710108796e-18lf, -4.272956133839906e-17lf, -6.735219232374683e-17lf,
  -2.8396044410430936e-17lf, -7.226635472101257e-17lf, 5.786121003395918e-17lf, 5.1548301170786783e-17lf,
  -9.416257568878152e-18lf, 2.4253985766689806e-17lf, -6.604314051707707e-17lf, -6.432131775424189e-18lf,
  -1.2204007601863921e-17lf, -6.336161863401293e-17lf, -3.7800879246373815e-17lf, 1.5341410053603723e-17lf,
  1.2932855580427452e-17lf, -4.123367330661149e-17lf, 4.703083974463456e-17lf, -6.152602891550265e-17lf,
  5.827849326195279e-17lf, 3.540948262646183e-17lf, -3.2741571320938764e-17lf, 4.875160526227062e-17lf,
  -5.718569790077838e-17lf, -4.719539664590972e-18lf, -5.773451958805706e-17lf, -1.0772487078934056e-17lf,
  -6.221808618533911e-17lf, 1.821405440362259e-17lf, -6.155536546227639e-17lf, 1.685487290628973e-17lf,
  5.3581249177694816e-17lf, 3.621615935336894e-17lf, 8.588379527574144e-18lf, 1.01562190116415e-17lf,
  -2.869134889187244e-17lf, -5.495118966122005e-17lf, -5.56965572431627e-17lf, 1.790126907604513e-17lf,
  -3.2211766346200164e-17lf, 5.265370768556274e-17lf, 3.5089866402403033e-17lf, -3.266924100901318e-17lf,
  -4.3657593008079375e-17lf, 1.7963932659833022e-17lf, 3.4300925275214166e-17lf, -5.545065618639427e-17lf,
  -5.149009745457733e-17lf, 5.336805878514151e-17lf, 3.498978661192973e-17lf, 4.5784915277060095e-17lf,
  -5.241934575393899e-17lf, 2.0414278897578303e-17lf, 4.124842848606488e-18lf);
#ifdef GA_SHARED_EXPG
shared double GA_S_EXP128H[128], GA_S_EXP128T[128];
#endif

// fma(a, b, c) rounded once: the hardware's where it rounds once (GA_FMA_EXACT), else
// the exact product and sum rounded at the end (correct but within ~2^-100 of a tie)
double ga_m_fma1(double a, double b, double c)
{
#if GA_FMA_EXACT
  precise double r = fma(a, b, c);
#else
  precise double p, e, sh, sl;
  ga_two_prod(a, b, p, e);
  ga_m_add12(p, c, sh, sl);
  precise double r = sh + (sl + e);
#endif
  return r;
}

// glibc's exp and exp2 (ARM's optimized-routines, exp_data.c's table and polynomials)
// step by step, for -1024 < x < 1024 away from 0 (|x| > 2^-54): exp(x + xtail) as its x86_64
// build with fma computes it (exp and pow; checked bit for bit against this machine's
// glibc on 40000 exps and on pow (m, x) for gamma's 6000 (m, x)), 2^x as its exp2,
// built without fma, computes it. Where glibc's answer is misrounded (about 1 call in
// 1000), gamma's sums below amplify the difference to up to ~5 ulp: the same steps
// give the same answers.
double ga_m_exp_glibc(double x, double xtail, bool base2)
{
  precise double kd, r;
  int k;
  if (base2) {
    kd = x + 52776558133248.0lf; // 1.5 * 2^52 / 128
    kd = kd - 52776558133248.0lf;
    r = x - kd;
    k = int(kd * 128.0lf);
  } else {
    precise double z = 184.6649652337873lf * x; // 128/ln2
    kd = z + 6755399441055744.0lf;              // 1.5 * 2^52
    k = int(uint(doubleBitsToUint64(kd)));      // kd's low bits: k in two's complement
    kd = kd - 6755399441055744.0lf;
    r = x + kd * -0.005415212348111709lf + kd * -1.2864023111638346e-14lf; // -ln2/128 in two parts
    r = r + xtail;
  }
  int j = k & 127;
  // 2^(j/128) = hh (1 + tail), exp_data.c's table: H[j] = 2^(j/128) rounded and T[j] =
  // (2^(j/128) - H[j]) / H[j] rounded. Read from shared memory where the kernel has it
  // there; else formed from 2^(ja/16) and 2^(jb/128) in triple-double, exactly for every
  // j (checked against glibc's values), without a 128-entry lookup in constant memory.
  precise double hh, tail;
#ifdef GA_SHARED_EXPG
  hh = GA_S_EXP128H[j];
  tail = GA_S_EXP128T[j];
#else
  int ja = j >> 3, jb = j & 7;
  double a0 = GA_M_P16H[ja], a1 = GA_M_P16M[ja], a2 = GA_M_P16L[ja];
  double b0 = GA_M_P128H[jb], b1 = GA_M_P128M[jb], b2 = GA_M_P128L[jb];
  precise double p0, e0, p1, e1, p2, e2, m, t, mid, t2;
  ga_m_mul12(a0, b0, p0, e0);
  ga_m_mul12(a0, b1, p1, e1);
  ga_m_mul12(a1, b0, p2, e2);
  ga_m_add12(p1, p2, m, t);
  ga_m_add12(e0, m, mid, t2);
  precise double low = (t + t2) + ((e1 + e2) + (a1 * b1 + (a0 * b2 + a2 * b0)));
  precise double hl, dh, dl;
  ga_m_fast12(p0, mid, hh, hl);
  ga_m_fast12(hl, low, dh, dl);
  precise double q = dh / hh;
  precise double qm, qe;
  ga_m_mul12(q, hh, qm, qe);
  tail = q + (((dh - qm) - qe) + dl) / hh;
#endif
  // its specialcase (): below -512 the scale 2^1022 times larger, the result rounded once
  // where subnormal; from 512 on 2^1009 times smaller (so that it stays finite)
  bool special = abs(x) >= 512.0lf;
  bool below = special && x < 0.0lf;
  precise double scale = hh * ga_m_pow2((k - j) / 128 + (below ? 1022 : (special ? -1009 : 0)));
  precise double r2 = r * r;
  precise double res;
  if (base2) {
    precise double tmp = tail + r * 0.6931471805599453lf + r2 * (0.24022650695909065lf + r * 0.0555041086686087lf) +
                         r2 * r2 * (0.009618131975721055lf + r * 0.0013332074570119598lf);
    res = scale + scale * tmp;
  } else {
    precise double c23 = ga_m_fma1(r, 0.16666666666665886lf, 0.49999999999996786lf);
    precise double c45 = ga_m_fma1(r, 0.008333335853059549lf, 0.0416666808410674lf);
    precise double tmp = ga_m_fma1(r2 * r2, c45, ga_m_fma1(r2, c23, tail + r));
    if (special) { // its specialcase (), where the sums are not fused
      precise double st = scale * tmp;
      res = scale + st;
      if (below) {
        if (res < 1.0lf) { // a subnormal result: rounded once, at its own precision
          precise double lo = (scale - res) + st;
          precise double hi = 1.0lf + res;
          lo = ((1.0lf - hi) + res) + lo;
          res = (hi + lo) - 1.0lf;
        }
        res = res * 2.2250738585072014e-308lf; // 2^-1022
      } else {
        // (fused here: unfused, 140 of 200000 pows in this range were 1 ulp from glibc's)
        res = ga_m_fma1(scale, tmp, scale) * ga_m_pow2(1009);
      }
    } else {
      res = ga_m_fma1(scale, tmp, scale);
    }
  }
  return res;
}

// glibc's pow's log (ARM's log_inline in pow.c, pow_log_data.c's table: 1/c, log(c) in
// two parts, generated here by that file's rule and equal to its values) as its
// x86_64 fma build computes it, for x in (0.5, 2): log(x) = y + tail, y nearly always
// the correctly rounded log
const double GA_M_POWLOG_INVC[128] = double[](
  1.4140625lf, 1.40625lf, 1.3984375lf, 1.390625lf, 1.3828125lf, 1.375lf, 1.3671875lf, 1.359375lf, 1.3515625lf,
  1.34375lf, 1.3359375lf, 1.3359375lf, 1.328125lf, 1.3203125lf, 1.3125lf, 1.3046875lf, 1.296875lf, 1.2890625lf,
  1.2890625lf, 1.28125lf, 1.2734375lf, 1.265625lf, 1.2578125lf, 1.25lf, 1.25lf, 1.2421875lf, 1.234375lf, 1.2265625lf,
  1.2265625lf, 1.21875lf, 1.2109375lf, 1.203125lf, 1.203125lf, 1.1953125lf, 1.1875lf, 1.1875lf, 1.1796875lf,
  1.171875lf, 1.171875lf, 1.1640625lf, 1.15625lf, 1.1484375lf, 1.1484375lf, 1.140625lf, 1.140625lf, 1.1328125lf,
  1.125lf, 1.125lf, 1.1171875lf, 1.109375lf, 1.109375lf, 1.1015625lf, 1.1015625lf, 1.09375lf, 1.0859375lf,
  1.0859375lf, 1.078125lf, 1.078125lf, 1.0703125lf, 1.0625lf, 1.0625lf, 1.0546875lf, 1.0546875lf, 1.046875lf,
  1.046875lf, 1.0390625lf, 1.0390625lf, 1.03125lf, 1.03125lf, 1.0234375lf, 1.015625lf, 1.015625lf, 1.0078125lf,
  1.0078125lf, 1.0lf, 1.0lf, 0.9921875lf, 0.984375lf, 0.9765625lf, 0.96875lf, 0.9609375lf, 0.953125lf, 0.9453125lf,
  0.94140625lf, 0.93359375lf, 0.92578125lf, 0.91796875lf, 0.9140625lf, 0.90625lf, 0.8984375lf, 0.89453125lf,
  0.88671875lf, 0.8828125lf, 0.875lf, 0.87109375lf, 0.86328125lf, 0.859375lf, 0.8515625lf, 0.84765625lf,
  0.83984375lf, 0.8359375lf, 0.83203125lf, 0.82421875lf, 0.8203125lf, 0.8125lf, 0.80859375lf, 0.8046875lf,
  0.80078125lf, 0.79296875lf, 0.7890625lf, 0.78515625lf, 0.78125lf, 0.7734375lf, 0.76953125lf, 0.765625lf,
  0.76171875lf, 0.7578125lf, 0.75390625lf, 0.74609375lf, 0.7421875lf, 0.73828125lf, 0.734375lf, 0.73046875lf,
  0.7265625lf, 0.72265625lf, 0.71875lf, 0.71484375lf, 0.7109375lf);
const double GA_M_POWLOG_LOGC[128] = double[](
  -0.3464667673462145lf, -0.34092658697056777lf, -0.3353555419211034lf, -0.3297532863724655lf,
  -0.32411946865420305lf, -0.31845373111855224lf, -0.31275571000389846lf, -0.3070250352949415lf,
  -0.3012613305781997lf, -0.2954642128938758lf, -0.28963329258306203lf, -0.28963329258306203lf,
  -0.28376817313062475lf, -0.27786845100342816lf, -0.2719337154836694lf, -0.2659635484970977lf,
  -0.25995752443691345lf, -0.25391520998095984lf, -0.25391520998095984lf, -0.2478361639045943lf,
  -0.2417199368871934lf, -0.23556607131274632lf, -0.22937410106487732lf, -0.22314355131425145lf,
  -0.22314355131425145lf, -0.21687393830063684lf, -0.21056476910735lf, -0.2042155414286526lf, -0.2042155414286526lf,
  -0.19782574332987224lf, -0.19139485299967873lf, -0.18492233849406148lf, -0.18492233849406148lf,
  -0.1784076574728033lf, -0.17185025692663203lf, -0.17185025692663203lf, -0.1652495728952772lf,
  -0.15860503017665906lf, -0.15860503017665906lf, -0.15191604202584585lf, -0.1451820098444614lf,
  -0.13840232285906495lf, -0.13840232285906495lf, -0.131576357788731lf, -0.131576357788731lf, -0.12470347850091912lf,
  -0.11778303565643lf, -0.11778303565643lf, -0.11081436634026431lf, -0.10379679368168127lf, -0.10379679368168127lf,
  -0.09672962645856842lf, -0.09672962645856842lf, -0.089612158689647lf, -0.08244366921110213lf,
  -0.08244366921110213lf, -0.07522342123763792lf, -0.07522342123763792lf, -0.06795066190852594lf,
  -0.06062462181648698lf, -0.06062462181648698lf, -0.053244514518837605lf, -0.053244514518837605lf,
  -0.045809536031242715lf, -0.045809536031242715lf, -0.038318864302141264lf, -0.038318864302141264lf,
  -0.03077165866670839lf, -0.03077165866670839lf, -0.023167059281490765lf, -0.015504186535963527lf,
  -0.015504186535963527lf, -0.0077821404420319595lf, -0.0077821404420319595lf, 0.0lf, 0.0lf, 0.007843177461040796lf,
  0.01574835696817445lf, 0.023716526617363343lf, 0.03174869831457272lf, 0.039845908547249564lf,
  0.048009219186383234lf, 0.056239718322899535lf, 0.06038051098892083lf, 0.06871389254808946lf,
  0.07711730334438016lf, 0.08559193033545398lf, 0.08985632912185793lf, 0.09844007281321865lf, 0.10709813555638448lf,
  0.11145544092528326lf, 0.12022742699821265lf, 0.12464244520731427lf, 0.13353139262449076lf, 0.13800567301939282lf,
  0.14701474296180095lf, 0.15154989812720032lf, 0.16068238169043525lf, 0.16528009093906348lf, 0.17453941635187675lf,
  0.17920142945774842lf, 0.18388527877016259lf, 0.1933193110035063lf, 0.19806991376208316lf, 0.20763936477828793lf,
  0.21245865121420593lf, 0.21730127569003344lf, 0.22216746534115828lf, 0.2319714654378231lf, 0.2369097470783572lf,
  0.24187253642048745lf, 0.2468600779315011lf, 0.2569104137850218lf, 0.26197371574153294lf, 0.2670627852490952lf,
  0.27217788591576664lf, 0.27731928541618345lf, 0.28248725557466514lf, 0.29290401643288533lf, 0.29815337231912054lf,
  0.3034304294199046lf, 0.30873548164959175lf, 0.3140688276249648lf, 0.31943077076641657lf, 0.3248216194012912lf,
  0.33024168687052224lf, 0.3356912916381134lf, 0.3411707574027787lf);
const double GA_M_POWLOG_LOGCT[128] = double[](
  5.929407345889625e-15lf, -2.544157440035963e-14lf, -3.443525940775045e-14lf, -2.500123826022799e-15lf,
  -8.929337133850617e-15lf, 1.7625431312172662e-14lf, 1.5688303180062087e-15lf, 2.9655274673691784e-14lf,
  3.7923164802093147e-14lf, 3.993416384387844e-14lf, 1.9352855826489123e-14lf, 1.9352855826489123e-14lf,
  -1.9852665484979036e-14lf, -2.814323765595281e-14lf, 2.7643769993528702e-14lf, -4.025092402293806e-14lf,
  -1.2621729398885316e-14lf, -3.600176732637335e-15lf, -3.600176732637335e-15lf, 1.3029797173308663e-14lf,
  4.8230289429940886e-14lf, -2.0592242769647135e-14lf, 3.149265065191484e-14lf, 4.169796584527195e-14lf,
  4.169796584527195e-14lf, 2.2477465222466186e-14lf, 3.6507188831790577e-16lf, -3.827767260205414e-14lf,
  -3.827767260205414e-14lf, -4.7641388950792196e-14lf, 4.9278276214647115e-14lf, 4.9485167661250996e-14lf,
  4.9485167661250996e-14lf, -1.5003333854266542e-14lf, -2.7194441649495324e-14lf, -2.7194441649495324e-14lf,
  -2.99659267292569e-14lf, 2.0472357800461955e-14lf, 2.0472357800461955e-14lf, 3.879296723063646e-15lf,
  -3.6506824353335045e-14lf, -5.4183331379008994e-14lf, -5.4183331379008994e-14lf, 1.1729485484531301e-14lf,
  1.1729485484531301e-14lf, -3.811763084710266e-14lf, 4.654729747598445e-14lf, 4.654729747598445e-14lf,
  -2.5799991283069902e-14lf, 3.7700471749674615e-14lf, 3.7700471749674615e-14lf, 1.7306161136093256e-14lf,
  1.7306161136093256e-14lf, -4.012913552726574e-14lf, 2.7541708360737882e-14lf, 2.7541708360737882e-14lf,
  5.0396178134370583e-14lf, 5.0396178134370583e-14lf, 1.8195060030168815e-14lf, 5.213620639136504e-14lf,
  5.213620639136504e-14lf, 2.532168943117445e-14lf, 2.532168943117445e-14lf, -5.148849572685811e-14lf,
  -5.148849572685811e-14lf, 4.6652946995830086e-15lf, 4.6652946995830086e-15lf, -4.529814257790929e-14lf,
  -4.529814257790929e-14lf, -4.361324067851568e-14lf, -1.7274567499706107e-15lf, -1.7274567499706107e-15lf,
  -2.298941004620351e-14lf, -2.298941004620351e-14lf, 0.0lf, 0.0lf, -1.4902732911301337e-14lf,
  -3.527980389655325e-14lf, -4.730054772033249e-14lf, 7.580310369375161e-15lf, -4.9893776716773285e-14lf,
  -2.262629393030674e-14lf, -2.345674491018699e-14lf, -1.3352588834854848e-14lf, -3.765296820388875e-14lf,
  5.1128335719851986e-14lf, -5.046674438470119e-14lf, 3.1218748807418837e-15lf, 3.3871241029241416e-14lf,
  -1.7376727386423858e-14lf, 3.957125899799804e-14lf, -5.2849453521890294e-14lf, -3.767012502308738e-14lf,
  3.1859736349078334e-14lf, 5.0900642926060466e-14lf, 8.710783796122478e-15lf, 6.157896229122976e-16lf,
  3.821577743916796e-14lf, 3.9440046718453496e-14lf, 2.2924522154618074e-14lf, -3.742530094732263e-14lf,
  -2.5223102140407338e-14lf, -1.0320443688698849e-14lf, 1.0634128304268335e-14lf, -4.3425422595242564e-14lf,
  -1.2527395755711364e-14lf, -5.204008743405884e-14lf, -3.979844515951702e-15lf, -4.7955860343296286e-14lf,
  5.015686013791602e-16lf, -7.252318953240293e-16lf, 2.4688324156011588e-14lf, 5.465121253624792e-15lf,
  4.102651071698446e-14lf, -4.996736502345936e-14lf, 4.903580708156347e-14lf, 5.089628039500759e-14lf,
  1.1782016386565151e-14lf, 4.727452940514406e-14lf, -4.4204083338755686e-14lf, 1.548345993498083e-14lf,
  2.1522127491642888e-14lf, 1.1054030169005386e-14lf, -5.534326352070679e-14lf, -5.351646604259541e-14lf,
  5.4612144489920215e-14lf, 2.8136969901227338e-14lf, -1.156568624616423e-14lf);
#ifdef GA_SHARED_LOGG
shared double GA_S_POWLOG_INVC[128], GA_S_POWLOG_LOGC[128], GA_S_POWLOG_LOGCT[128];
#define GA_TAB_LOGG(t) GA_S_##t
#else
#define GA_TAB_LOGG(t) GA_M_##t
#endif

// ix: x's bits, or for a subnormal x those of x 2^52 less 52 in the exponent field (pow.c's)
double ga_m_log_glibc_bits(uint64_t ix, out double tail)
{
  uint64_t tmp = ix - 0x3fe6955500000000ul;
  int i = int((tmp >> 45) & 127ul);
  precise double kd = double(int(int64_t(tmp) >> 52));
  precise double z = uint64BitsToDouble(ix - (tmp & 0xfff0000000000000ul));
  double invc = GA_TAB_LOGG(POWLOG_INVC)[i], logc = GA_TAB_LOGG(POWLOG_LOGC)[i], logctail = GA_TAB_LOGG(POWLOG_LOGCT)[i];
  precise double r = ga_m_fma1(z, invc, -1.0lf); // exact: 1/c has few bits
  precise double t1 = kd * 0.6931471805598903lf + logc;
  precise double t2 = t1 + r;
  precise double lo1 = kd * 5.497923018708371e-14lf + logctail;
  precise double lo2 = t1 - t2 + r;
  precise double ar = -0.5lf * r;
  precise double ar2, lo3; // ar2 = r * ar, lo3 = fma (ar, r, -ar2)
  ga_m_mul12(ar, r, ar2, lo3);
  precise double ar3 = r * ar2;
  precise double hi = t2 + ar2;
  precise double lo4 = t2 - hi + ar2;
  precise double poly = -0.6666666666666679lf + r * 0.5000000000000007lf + ar2 * (0.7999999995323976lf +
                        r * -0.6666666663487739lf + ar2 * (-1.142909628459501lf + r * 1.0000415263675542lf));
  // its fma build fuses the last product into the sum: lo1 + ... + ar3 * poly unfused put
  // 6 of 300000 pows with |y log x| in [100, 460] 1 ulp from glibc's (a C model of both)
  precise double lo = ga_m_fma1(ar3, poly, lo1 + lo2 + lo3 + lo4);
  precise double y = hi + lo;
  precise double tl = hi - y + lo;
  tail = tl;
  return y;
}
double ga_m_log_glibc(double x, out double tail) { return ga_m_log_glibc_bits(doubleBitsToUint64(x), tail); }

// fdlibm's lgamma on [0.5, 1.5]; logx = log(x), used where x's high word is at most
// 0x3feccccc (x <= 0.90000009)
double ga_m_lgamma_mid(double x, double logx)
{
  uint ix = ga_m_hi(x) & 0x7fffffffu;
  if (x == 1.0lf)
    return 0.0lf;
  precise double r, y;
  int i;
  if (ix <= 0x3feccccc) { // x <= 0.9: lgamma(x) = lgamma(x+1) - log(x)
    r = -logx;
    if (ix >= 0x3FE76944u) {
      y = 1.0lf - x;
      i = 0;
    } else if (ix >= 0x3FCDA661u) {
      y = x - 0.46163214496836225lf; // tc - 1
      i = 1;
    } else {
      y = x;
      i = 2;
    }
  } else {
    r = 0.0lf;
    if (ix >= 0x3FFBB4C3u) { // [1.7316, 2]
      y = 2.0lf - x;
      i = 0;
    } else if (ix >= 0x3FF3B4C4u) { // [1.23, 1.73]
      y = x - 1.4616321449683622lf;
      i = 1;
    } else {
      y = x - 1.0lf;
      i = 2;
    }
  }
  if (i == 0) {
    precise double z = y * y;
    precise double p1 = 0.07721566490153287lf + z * (0.06735230105312927lf + z * (0.007385550860814029lf +
                        z * (0.0011927076318336207lf + z * (0.00022086279071390839lf + z * 2.5214456545125733e-05lf))));
    precise double p2 = z * (0.3224670334241136lf + z * (0.020580808432516733lf + z * (0.0028905138367341563lf +
                        z * (0.0005100697921535113lf + z * (0.00010801156724758394lf + z * 4.4864094961891516e-05lf)))));
    precise double p = y * p1 + p2;
    r = r + (p - 0.5lf * y);
  } else if (i == 1) {
    precise double z = y * y;
    precise double w = z * y;
    precise double p1 = 0.48383612272381005lf + w * (-0.032788541075985965lf + w * (0.006100538702462913lf +
                        w * (-0.0014034646998923284lf + w * 0.00031563207090362595lf)));
    precise double p2 = -0.1475877229945939lf + w * (0.01797067508118204lf + w * (-0.0036845201678113826lf +
                        w * (0.000881081882437654lf + w * -0.00031275416837512086lf)));
    precise double p3 = 0.06462494023913339lf + w * (-0.010314224129834144lf + w * (0.0022596478090061247lf +
                        w * (-0.0005385953053567405lf + w * 0.0003355291926355191lf)));
    precise double p = z * p1 - (-3.638676997039505e-18lf - w * (p2 + y * p3));
    r = r + (-0.12148629053584961lf + p);
  } else {
    precise double p1 = y * (-0.07721566490153287lf + y * (0.6328270640250934lf + y * (1.4549225013723477lf +
                        y * (0.9777175279633727lf + y * (0.22896372806469245lf + y * 0.013381091853678766lf)))));
    precise double p2 = 1.0lf + y * (2.4559779371304113lf + y * (2.128489763798934lf + y * (0.7692851504566728lf +
                        y * (0.10422264559336913lf + y * 0.003217092422824239lf))));
    r = r + (-0.5lf * y + p1 / p2);
  }
  return r;
}

// sin(y) and cos(y) for |y| <= pi/4 with errors near 2^-66 before the final rounding,
// for the reflection formula, where glibc's sin and cos are within 0.55 ulp
double ga_m_sin_acc(double y)
{
  precise double q, qe;
  ga_m_mul12(y, y, q, qe);
  precise double a, ae;
  ga_m_mul12(y, q, a, ae); // y^3
  ae = ae + y * qe;
  precise double th = a / 6.0lf;
  precise double p, pe;
  ga_m_mul12(th, 6.0lf, p, pe);
  precise double tl = (((a - p) - pe) + ae) / 6.0lf;
  precise double b, be;
  ga_m_mul12(a, q, b, be); // y^5
  be = be + (a * qe + ae * q);
  precise double uh = b / 120.0lf;
  ga_m_mul12(uh, 120.0lf, p, pe);
  precise double ul = (((b - p) - pe) + be) / 120.0lf;
  precise double r7 = b * q * (-0.0001984126984126984lf + q * (2.7557319223985893e-06lf + q * (-2.505210838544172e-08lf +
                      q * (1.6059043836821613e-10lf + q * (-7.647163731819816e-13lf + q * (2.8114572543455206e-15lf +
                      q * (-8.22063524662433e-18lf + q * 1.9572941063391263e-20lf)))))));
  precise double s1, e1, s2, e2;
  ga_m_add12(y, -th, s1, e1);
  ga_m_add12(s1, uh, s2, e2);
  precise double res = s2 + ((e1 + e2) + ((ul - tl) + r7));
  return res;
}
double ga_m_cos_acc(double y)
{
  precise double q, qe;
  ga_m_mul12(y, y, q, qe);
  precise double b, be;
  ga_m_mul12(q, q, b, be); // y^4
  be = be + 2.0lf * q * qe;
  precise double vh = b / 24.0lf;
  precise double p, pe;
  ga_m_mul12(vh, 24.0lf, p, pe);
  precise double vl = (((b - p) - pe) + be) / 24.0lf;
  precise double r6 = b * q * (-0.001388888888888889lf + q * (2.48015873015873e-05lf + q * (-2.755731922398589e-07lf +
                      q * (2.08767569878681e-09lf + q * (-1.1470745597729725e-11lf + q * (4.779477332387385e-14lf +
                      q * (-1.5619206968586225e-16lf + q * 4.110317623312165e-19lf)))))));
  precise double s1, e1, s2, e2;
  ga_m_add12(1.0lf, -0.5lf * q, s1, e1);
  ga_m_add12(s1, vh, s2, e2);
  precise double res = s2 + ((e1 + e2) + ((vl - 0.5lf * qe) + r6));
  return res;
}

// x87 extended precision (64-bit significands), in which glibc's x86_64 build forms
// the product below: h + l rounded to 64 bits (ties to even), as a double-double
void ga_m_round64(double h, double l, out double rh, out double rl)
{
  precise double s, t;
  ga_m_add12(h, l, s, t);
  if (t == 0.0lf) {
    rh = s;
    rl = 0.0lf;
    return;
  }
  uint64_t b = doubleBitsToUint64(s);
  int e = int((b >> 52) & 0x7fful) - 1023;
  if ((b & 0x000ffffffffffffful) == 0ul && (t < 0.0lf) == (s > 0.0lf))
    e -= 1; // s a power of two with the rest pulling below it
  precise double tt = roundEven(t * ga_m_pow2(63 - e)) * ga_m_pow2(e - 63); // exact scalings
  precise double h2, l2;
  ga_m_fast12(s, tt, h2, l2);
  rh = h2;
  rl = l2;
}

// glibc's __gamma_product on x86_64 (x87): (x + x_eps)(x + x_eps + 1)... (n factors) in
// extended precision = ret * (1 + eps), ret and eps rounded to double
double ga_m_gamma_product(double x, double x_eps, int n, out double eps)
{
  precise double xh, xl, ph, pl;
  ga_m_round64(x, x_eps, xh, xl);
  ph = xh;
  pl = xl;
  for (int i = 1; i < n; i++) {
    precise double th, tl;
    precise double ah, al;
    ga_m_add12(xh, double(i), ah, al);
    ga_m_round64(ah, al + xl, th, tl);
    precise double p, pe;
    ga_m_mul12(ph, th, p, pe);
    precise double lo = pe + (ph * tl + pl * th + pl * tl);
    ga_m_round64(p, lo, ph, pl);
  }
  // eps = (prod - ret) / ret in extended precision, then rounded to double
  precise double q = pl / ph;
  precise double m, me;
  ga_m_mul12(q, ph, m, me);
  precise double ql = ((pl - m) - me) / ph;
  precise double eh, el;
  ga_m_round64(q, ql, eh, el);
  eps = eh;
  return ph;
}

// (h1 + l1) * (h2 + l2) = hi + lo, glibc's mul_expansion
void ga_m_mul_expansion(double h1, double l1, double h2, double l2, out double hi, out double lo)
{
  precise double h, l;
  ga_m_mul12(h1, h2, h, l);
  precise double r = h1 * l2 + h2 * l1;
  precise double s, e;
  ga_m_fast12(h, r, s, e);
  hi = s;
  precise double lo2 = l - e; // sic: glibc subtracts the error term here
  lo = lo2;
}

// (h1 + l1) / (h2 + l2) = hi + lo, glibc's div_expansion
void ga_m_div_expansion(double h1, double l1, double h2, double l2, out double hi, out double lo)
{
  precise double q = h1 / h2;
  precise double a, b;
  ga_m_mul12(q, h2, a, b);
  a = h1 - a;
  a = a - b;
  precise double ql = a / h2;
  precise double r = (l1 * h2 - l2 * h1) / (h2 * h2);
  precise double s, e;
  ga_m_fast12(q, r, s, e);
  ql = ql + e;
  ga_m_fast12(s, ql, hi, lo);
}

// gamma(x) = result * 2^e2 for 0 < x < 184. One call site each for the product and
// the log (pow's log of x_adj's mantissa in Stirling's branch, lgamma's log of x_adj
// below 6.5): each inlines a copy, four per packet, and lanes of a warp run both
// branches.
double ga_m_gamma_positive(double x, out int e2)
{
  e2 = 0;
  bool stirling = x >= 6.5lf;
  precise double eps = 0.0lf;
  precise double x_eps = 0.0lf;
  precise double prod = 1.0lf;
  precise double x_adj = x; // lgamma's argument below 6.5, Stirling's from there
  precise double n = 0.0lf, base = x;
  if (x < 0.5lf) {
    x_adj = x + 1.0lf;
  } else if (x > 1.5lf && x < 6.5lf) {
    n = ceil(x - 1.5lf);
    x_adj = x - n;
    base = x_adj;
  } else if (stirling && x < 12.0lf) {
    n = ceil(12.0lf - x);
    x_adj = x + n;
    x_eps = (x - (x_adj - n));
    base = x_adj - n;
  }
  if (n > 0.0lf)
    prod = ga_m_gamma_product(base, x_eps, int(n), eps);
  uint64_t b = doubleBitsToUint64(x_adj);
  int x_adj_log2 = int(b >> 52) - 1022;
  precise double x_adj_mant = uint64BitsToDouble((b & 0x000ffffffffffffful) | 0x3fe0000000000000ul);
  if (x_adj_mant < 0.7071067811865476lf) {
    x_adj_log2 -= 1;
    x_adj_mant = x_adj_mant * 2.0lf;
  }
  // glibc's log: pow's (nearly always correctly rounded) in place of lgamma's
  precise double lh, ll;
  lh = ga_m_log_glibc(stirling ? x_adj_mant : x_adj, ll);
  // glibc's exps: exp (lgamma) below 6.5; in Stirling's branch pow (x_adj_mant, x_adj)
  // = exp (x_adj (lh + ll)) as glibc's pow, exp (-x_adj), and exp2 (x_adj_log2 *
  // x_adj_frac) (written out: a loop over one call site made lavapipe's kernel 3-4
  // times slower)
  precise double ah = 0.0lf, al = 0.0lf, pw = 1.0lf, e = 1.0lf, e2v = 1.0lf;
  if (stirling) {
    precise double err;
    ga_m_mul12(x_adj, lh, ah, err);
    al = x_adj * ll + err;
  } else {
    ah = ga_m_lgamma_mid(x_adj, lh);
  }
  precise double x_adj_int = ga_trunc(x_adj + 0.5lf); // round half away (x_adj > 0)
  precise double x_adj_frac = x_adj - x_adj_int;
  e = ga_m_exp_glibc(ah, al, false);
  pw = e;
  if (stirling) {
    e = ga_m_exp_glibc(-x_adj, 0.0lf, false);
    e2v = ga_m_exp_glibc(double(x_adj_log2) * x_adj_frac, 0.0lf, true);
  }
  precise double res;
  if (!stirling) {
    if (x < 0.5lf)
      res = e / x;
    else if (x <= 1.5lf)
      res = e;
    else
      res = e * prod * (1.0lf + eps);
    return res;
  }
  e2 = x_adj_log2 * int(x_adj_int);
  precise double h1, l1, h2, l2;
  ga_m_mul12(pw, e2v, h1, l1);
  ga_m_mul12(e, ga_sqrt_d(ga_div_double(6.283185307179586lf, x_adj)), h2, l2);
  ga_m_mul_expansion(h1, l1, h2, l2, h1, l1);
  ga_m_div_expansion(h1, l1, prod, prod * eps, h1, l1);
  // x_eps * log (x_adj): x_eps is below 2^-50, so log's last bits do not matter
  precise double exp_adj = x_eps * (lh + double(x_adj_log2) * 0.6931471805599453lf);
  precise double bsum = -0.0019175269175269176lf;
  precise double x_adj2 = x_adj * x_adj;
  bsum = bsum / x_adj2 + 0.0008417508417508417lf;
  bsum = bsum / x_adj2 + -0.0005952380952380953lf;
  bsum = bsum / x_adj2 + 0.0007936507936507937lf;
  bsum = bsum / x_adj2 + -0.002777777777777778lf;
  bsum = bsum / x_adj2 + 0.08333333333333333lf;
  exp_adj = exp_adj + bsum / x_adj;
  l1 = l1 + h1 * ga_expm1_d(exp_adj);
  res = h1 + l1;
  return res;
}

// Octave's gamma: C's tgamma, but gamma(+-0) = +-Inf, gamma(-Inf) and gamma at the
// negative integers Inf
double ga_gamma_d(double x)
{
  if (isnan(x))
    return x;
  if (x == 0.0lf)
    return ga_m_copysign(ga_m_inf(), x);
  if (isinf(x) || (x < 0.0lf && x == floor(x)) || x >= 172.0lf)
    return ga_m_inf();
  if (x < 0.0lf && x >= -5.551115123125783e-17lf) { // -DBL_EPSILON/4
    precise double inv = 1.0lf / x;
    return inv;
  }
  if (x <= -184.0lf) // underflows; the sign is gamma's: negative where trunc(x) is even
    return ga_trunc(x) == 2.0lf * ga_trunc(ga_trunc(x) * 0.5lf) ? -0.0lf : 0.0lf;
  int e2;
  precise double g = ga_m_gamma_positive(abs(x), e2);
  if (x < 0.0lf) {
    // the reflection formula: gamma(x) = -pi / (x sin(pi x) gamma(-x))
    precise double tx = ga_trunc(x);
    bool neg = tx == 2.0lf * ga_trunc(tx * 0.5lf);
    precise double frac = tx - x;
    if (frac > 0.5lf)
      frac = 1.0lf - frac;
    precise double sinpix = frac <= 0.25lf ? ga_m_sin_acc(3.141592653589793lf * frac)
                                           : ga_m_cos_acc(3.141592653589793lf * (0.5lf - frac));
    precise double h1, l1, h2, l2;
    ga_m_mul12(sinpix, g, h1, l1);
    ga_m_mul12(h1, x, h2, l2);
    l2 = l2 + l1 * x;
    ga_m_div_expansion(3.141592653589793lf, 1.2246467991473532e-16lf, h2, l2, h1, l1);
    g = neg ? h1 : -h1;
    e2 = -e2;
  }
  return ga_m_scalbn(g, e2);
}

// ---- functions of two arrays: atan2, hypot ------------------------------------------

// C's atan2 where x or y is NaN, zero or infinite (true: r holds it, for doubles and, rounded,
// singles); m: the quadrant's bits, y's sign and x's sign times 2
bool ga_m_atan2_special(double y, double x, out double r, out int m)
{
  const double pi = 3.1415926535897931lf;
  bool yneg = (ga_m_hi(y) >> 31) != 0u, xneg = (ga_m_hi(x) >> 31) != 0u;
  m = (yneg ? 1 : 0) | (xneg ? 2 : 0);
  r = x + y; // NaN
  if (isnan(x) || isnan(y))
    return true;
  if (y == 0.0lf)
    r = m < 2 ? y : (m == 2 ? pi : -pi);
  else if (x == 0.0lf || (isinf(y) && !isinf(x)))
    r = yneg ? -1.5707963267948966lf : 1.5707963267948966lf;
  else if (isinf(x) && isinf(y))
    r = (yneg ? -1.0lf : 1.0lf) * (m < 2 ? 0.7853981633974483lf : 2.356194490192345lf);
  else if (isinf(x))
    r = m == 0 ? 0.0lf : m == 1 ? -0.0lf : m == 2 ? pi : -pi;
  return y == 0.0lf || x == 0.0lf || isinf(x) || isinf(y);
}

// fdlibm's atan2, with atan's argument y/x corrected by its rounding error (the exact
// remainder y - q*x), so the result is atan's own accuracy.
double ga_atan2_d(double y, double x)
{
  const double pi = 3.1415926535897931lf, pi_lo = 1.2246467991473532e-16lf;
  double special;
  int m;
  if (ga_m_atan2_special(y, x, special, m))
    return special;
  precise double ay = abs(y), ax = abs(x);
  int k = (int(ga_m_hi(ay) >> 20) - int(ga_m_hi(ax) >> 20));
  precise double z;
  if (k > 60) { // |y/x| > 2^60
    z = 1.5707963267948966lf + 0.5lf * 6.123233995736766e-17lf;
    m &= 1;
  } else if (m >= 2 && k < -60) { // |y|/x below -2^-60 (x negative)
    z = 0.0lf;
  } else {
    // atan(|y|/|x|) from |y| and |x| (no quotient first), both scaled by one power of 2
    // (exact) away from overflow of the reduction's sums and from the subnormal range,
    // where a - 1.5b would round to a coarse grid
    precise double sc = ax > 1e290lf ? ga_m_pow2(-600) : (ax < 1e-290lf ? ga_m_pow2(600) : 1.0lf);
    z = ga_m_atan_ratio(ay * sc, ax * sc);
  }
  precise double res;
  if (m == 0)
    res = z;
  else if (m == 1)
    res = -z;
  else if (m == 2)
    res = pi - (z - pi_lo);
  else
    res = (z - pi_lo) - pi;
  return res;
}

// sqrt(x^2 + y^2) with the sum in double-double and the root corrected once: correctly
// rounded but for rare near-halfway cases; scaled by powers of 2 away from overflow and
// from the subnormal range.
double ga_hypot_d(double x, double y)
{
  if (isinf(x) || isinf(y))
    return ga_m_inf();
  if (isnan(x) || isnan(y))
    return x + y;
  double a = max(abs(x), abs(y)), b = min(abs(x), abs(y));
  if (b == 0.0lf || b < a * 7.450580596923828e-09lf) // b/a < 2^-27: a is the rounded result
    return a;
  double scale = 1.0lf, unscale = 1.0lf;
  if (a > ga_m_pow2(300)) {
    scale = ga_m_pow2(-600);
    unscale = ga_m_pow2(600);
  } else if (a < ga_m_pow2(-300)) {
    scale = ga_m_pow2(600);
    unscale = ga_m_pow2(-600);
  }
  precise double as = a * scale, bs = b * scale;
  precise double ph, pl, qh, ql, sh, se;
  ga_two_prod(as, as, ph, pl);
  ga_two_prod(bs, bs, qh, ql);
  ga_m_fast12(ph, qh, sh, se);
  precise double sl = se + (pl + ql);
  precise double r = sqrt(sh);
  precise double rh, rl;
  ga_two_prod(r, r, rh, rl);
  precise double resid = ((sh - rh) - rl) + sl;
  precise double rr = r + resid / (2.0lf * r);
  precise double res = rr * unscale;
  return res;
}

// ---- erfinv, erfcinv -------------------------------------------------------------
// The steps of ga_host_kernels.c's erfinv and erfcinv: Giles' double-precision guess
// (M. Giles, "Approximating the erfinv function", GPU Computing Gems Jade, 2011: within
// ~4 ulp) and one Halley step on erf (on erfc where that residual is the better
// conditioned one, with erfc's fast exp); erf (y) - c is formed as (y - c) + y R/S from
// erf's own rational function on |y| < 0.84375, where y - c is exact, so that residual
// carries almost no rounding. Beyond the guess's range (erfcinv below ~1e-16) the
// asymptotic guess and four steps; below 1e-200 the equation in logarithms with erfc's
// asymptotic series, where erfc itself would be subnormal. erf's derivative in the
// step from single precision's exp. About 90 FP64 operations and two divisions where
// the residual is erf's, about 160 and three divisions through erfc's tail (two exps),
// and a warp whose lanes take all of erfc's branches about 250 (the earlier four Halley
// steps on the double-double erfc took about 1500).
double ga_m_erfinv_giles(double w)
{
  precise double p;
  if (w < 6.25lf) {
    w = w - 3.125lf;
    p = -3.6444120640178196996e-21lf;
    p = -1.685059138182016589e-19lf + p * w;
    p = 1.2858480715256400167e-18lf + p * w;
    p = 1.115787767802518096e-17lf + p * w;
    p = -1.333171662854620906e-16lf + p * w;
    p = 2.0972767875968561637e-17lf + p * w;
    p = 6.6376381343583238325e-15lf + p * w;
    p = -4.0545662729752068639e-14lf + p * w;
    p = -8.1519341976054721522e-14lf + p * w;
    p = 2.6335093153082322977e-12lf + p * w;
    p = -1.2975133253453532498e-11lf + p * w;
    p = -5.4154120542946279317e-11lf + p * w;
    p = 1.051212273321532285e-09lf + p * w;
    p = -4.1126339803469836976e-09lf + p * w;
    p = -2.9070369957882005086e-08lf + p * w;
    p = 4.2347877827932403518e-07lf + p * w;
    p = -1.3654692000834678645e-06lf + p * w;
    p = -1.3882523362786468719e-05lf + p * w;
    p = 0.0001867342080340571352lf + p * w;
    p = -0.00074070253416626697512lf + p * w;
    p = -0.0060336708714301490533lf + p * w;
    p = 0.24015818242558961693lf + p * w;
    p = 1.6536545626831027356lf + p * w;
  } else if (w < 16.0lf) {
    w = sqrt(w) - 3.25lf;
    p = 2.2137376921775787049e-09lf;
    p = 9.0756561938885390979e-08lf + p * w;
    p = -2.7517406297064545428e-07lf + p * w;
    p = 1.8239629214389227755e-08lf + p * w;
    p = 1.5027403968909827627e-06lf + p * w;
    p = -4.013867526981545969e-06lf + p * w;
    p = 2.9234449089955446044e-06lf + p * w;
    p = 1.2475304481671778723e-05lf + p * w;
    p = -4.7318229009055733981e-05lf + p * w;
    p = 6.8284851459573175448e-05lf + p * w;
    p = 2.4031110387097893999e-05lf + p * w;
    p = -0.0003550375203628474796lf + p * w;
    p = 0.00095328937973738049703lf + p * w;
    p = -0.0016882755560235047313lf + p * w;
    p = 0.0024914420961078508066lf + p * w;
    p = -0.0037512085075692412107lf + p * w;
    p = 0.005370914553590063617lf + p * w;
    p = 1.0052589676941592334lf + p * w;
    p = 3.0838856104922207635lf + p * w;
  } else {
    w = sqrt(w) - 5.0lf;
    p = -2.7109920616438573243e-11lf;
    p = -2.5556418169965252055e-10lf + p * w;
    p = 1.5076572693500548083e-09lf + p * w;
    p = -3.7894654401267369937e-09lf + p * w;
    p = 7.6157012080783393804e-09lf + p * w;
    p = -1.4960026627149240478e-08lf + p * w;
    p = 2.9147953450901080826e-08lf + p * w;
    p = -6.7711997758452339498e-08lf + p * w;
    p = 2.2900482228026654717e-07lf + p * w;
    p = -9.9298272942317002539e-07lf + p * w;
    p = 4.5260625972231537039e-06lf + p * w;
    p = -1.9681778105531670567e-05lf + p * w;
    p = 7.5995277030017761139e-05lf + p * w;
    p = -0.00021503011930044477347lf + p * w;
    p = -0.00013871931833623122026lf + p * w;
    p = 1.0103004648645343977lf + p * w;
    p = 4.8499064014085844221lf + p * w;
  }
  return p;
}
double ga_m_erfc_solve(double z, double c, bool have_c)
{
  // every helper has one call site here: each inlines a copy, four per packet
  precise double y;
  precise double w = -ga_log_d(z * (2.0lf - z));
  int steps = 1;
  if (w > 36.5lf) { // z below ~1e-16 (erfcinv only): erfc (y) ~ exp (-y^2) / (y sqrt (pi))
    bool logs = z < 1e-200lf; // erfc (y) would be subnormal: solve log erfc (y) = log z
    precise double t = -ga_m_log_acc(z);
    y = ga_sqrt_d(t);
    for (int i = 0; i < (logs ? 6 : 3); i++) {
      precise double ly = ga_log_d(y * 1.772453850905516lf);
      if (i < 3) {
        y = ga_sqrt_d(t - ly);
      } else { // log erfc (y) = -y^2 - log (y sqrt (pi)) + log (S (y)), S the asymptotic series
        precise double v = 1.0lf / (2.0lf * y * y);
        precise double term = 1.0lf, sum = 1.0lf;
        for (int k = 1; k <= 9; k++) {
          term = term * (-(2.0lf * double(k) - 1.0lf) * v);
          sum = sum + term;
        }
        precise double g = -y * y - ly + ga_log_d(sum) + t;
        precise double dg = -2.0lf * y - 1.0lf / y;
        y = y - g / dg;
      }
    }
    if (logs)
      return y;
    steps = 4;
  } else {
    y = (have_c ? c : 1.0lf - z) * ga_m_erfinv_giles(w);
  }
  bool small = have_c && c < 0.5lf; // then y < 0.48
  for (int i = 0; i < steps; i++) {
    precise double f;
    if (small) {
      precise double r, s;
      ga_m_erf_rs(y * y, r, s);
      f = (y - c) + y * (r / s);
    } else {
      f = z - ga_m_erfc(y, false);
    }
    // erf's derivative only scales a correction of a few ulp: single precision's exp
    // (one instruction) is enough where it does not underflow (y < 9.3, all of erfinv)
    // Halley's step y - u / (1 + y u), u = f / D, as one quotient f / (D + y f)
    precise double d = y < 9.0lf ? double(exp(float(-y * y))) : ga_exp_d(-y * y);
    precise double dd = 1.1283791670955126lf * d;
    y = y - f / (dd + y * f);
  }
  return y;
}
// erfinv (a) = a P (w), w = -log ((1 - a) (1 + a)), for w < 6.25 (|a| < 0.99805; erfcinv
// (z) for z in (0.00097, 1.999)), where random data mostly lies, without the solver above:
// P of degree 27 in t = w - 3.125 (Giles' variable, a least-squares fit to erfinv (a) / a
// within 2^-64 relative), its last two steps and the product with a in double-double,
// and w from the exact product (1 - a)(1 + a) through glibc's log with its tail (pow's),
// so that w carries ~2^-60 absolute error: within 0.57 ulp of the true value at 40000
// points of a C model of these steps against 40-digit references (more than 99% of them
// correctly rounded), against the solver's ~250 FP64 operations and three divisions.
// a = ah + al, 1 - a = uh + ul, 1 + a = vh + vl, each exactly; false where w >= 6.25.
// (qh + ql) = (ch + cl) + (qh + ql)(th + tl), a Horner step in double-double, for
// |ch| >= |qh th|
void ga_m_dd_horner(inout double qh, inout double ql, double th, double tl, double ch, double cl)
{
  precise double mh, me;
  ga_m_mul12(qh, th, mh, me);
  precise double sh, se;
  ga_m_fast12(ch, mh, sh, se); // |c0| > |t (c1 + ...)|, |c1| > |t (c2 + ...)| on the range
  precise double rest = se + (cl + (me + (qh * tl + ql * th)));
  precise double rh, rl;
  ga_m_fast12(sh, rest, rh, rl);
  qh = rh;
  ql = rl;
}
bool ga_m_erfinv_central(double ah, double al, double uh, double ul, double vh, double vl, out double y)
{
  precise double p, pe;
  ga_m_mul12(uh, vh, p, pe);
  precise double ph, pl;
  ga_m_fast12(p, pe + (uh * vl + ul * vh), ph, pl);
  y = 0.0lf;
  if (!(ph > 0.0019304541362277093lf)) // exp (-6.25)
    return false;
  precise double lt;
  precise double wh = -ga_m_log_glibc_bits(doubleBitsToUint64(ph), lt);
  // log (ph + pl) = log (ph) + pl / ph: below 2^-53, so a float quotient is enough
  precise double wl = -(lt + double(float(pl) / float(ph)));
  precise double th, te;
  ga_m_add12(wh, -3.125lf, th, te);
  precise double tl = te + wl;
  precise double q = -5.01880274073273e-25lf;
  q = fma(q, th, 8.538916980097899e-24lf);
  q = fma(q, th, 1.2540037608649467e-23lf);
  q = fma(q, th, -8.805243002913588e-22lf);
  q = fma(q, th, 3.47517101352878e-21lf);
  q = fma(q, th, 3.398938840075658e-20lf);
  q = fma(q, th, -3.6419585581582217e-19lf);
  q = fma(q, th, 3.9008119572788153e-19lf);
  q = fma(q, th, 1.5843805385282317e-17lf);
  q = fma(q, th, -1.1999591144793925e-16lf);
  q = fma(q, th, -4.312824689777338e-17lf);
  q = fma(q, th, 6.506995655763601e-15lf);
  q = fma(q, th, -3.9993500945467437e-14lf);
  q = fma(q, th, -8.065484614857114e-14lf);
  q = fma(q, th, 2.630402046495007e-12lf);
  q = fma(q, th, -1.297899972382595e-11lf);
  q = fma(q, th, -5.414264408592681e-11lf);
  q = fma(q, th, 1.0512237596766607e-09lf);
  q = fma(q, th, -4.112661220815192e-09lf);
  q = fma(q, th, -2.9070391740235368e-08lf);
  q = fma(q, th, 4.234788177920832e-07lf);
  q = fma(q, th, -1.3654691755641906e-06lf);
  q = fma(q, th, -1.3882523394626009e-05lf);
  q = fma(q, th, 0.00018673420801971447lf);
  q = fma(q, th, -0.0007407025341544304lf);
  q = fma(q, th, -0.006033670871426843lf);
  // c1 + t q, then c0 + t (c1 + t q), in double-double (written out: spirv-opt's
  // unrolled copies of a loop lose `precise`)
  precise double qh = q, ql = 0.0lf;
  ga_m_dd_horner(qh, ql, th, tl, 0.2401581824255883lf, 1.0058235233521348e-17lf);
  ga_m_dd_horner(qh, ql, th, tl, 1.6536545626831027lf, -2.3557057400672906e-17lf);
  y = ga_m_fma1(ah, qh, ah * ql + al * qh);
  return true;
}
double ga_erfinv_d(double x)
{
  if (isnan(x))
    return x;
  double ax = abs(x);
  if (ax > 1.0lf)
    return ga_m_nan();
  if (ax == 1.0lf)
    return ga_m_copysign(ga_m_inf(), x);
  if (x == 0.0lf)
    return x;
  precise double uh, ul, vh, vl, y;
  ga_m_fast12(1.0lf, -ax, uh, ul);
  ga_m_fast12(1.0lf, ax, vh, vl);
  if (!ga_m_erfinv_central(ax, 0.0lf, uh, ul, vh, vl, y))
    y = ga_m_erfc_solve(1.0lf - ax, ax, true);
  return ga_m_copysign(y, x);
}
double ga_erfcinv_d(double z)
{
  if (isnan(z))
    return z;
  if (z < 0.0lf || z > 2.0lf)
    return ga_m_nan();
  if (z == 0.0lf)
    return ga_m_inf();
  if (z == 2.0lf)
    return -ga_m_inf();
  if (z == 1.0lf)
    return 0.0lf;
  // one call site: every call of the solver inlines a copy of it
  bool neg = z > 1.0lf;
  double zz = neg ? 2.0lf - z : z; // exact
  precise double ah, al, vh, vl, y;
  ga_m_fast12(1.0lf, -zz, ah, al);
  ga_m_fast12(2.0lf, -zz, vh, vl);
  if (!ga_m_erfinv_central(ah, al, zz, 0.0lf, vh, vl, y)) {
    double c = neg ? z - 1.0lf : 1.0lf - z;
    y = ga_m_erfc_solve(zz, c, neg ? c >= 0.5lf : z >= 0.5lf);
  }
  return neg ? -y : y;
}

// ---- lgamma (gammaln) ------------------------------------------------------------
// fdlibm's lgamma (glibc's for x > -2): the rational approximations on (0, 2), on
// [2, 8) with the product (x-1)...(x-k) in one log, Stirling's series from 8 on; for
// x < 0 the reflection log(pi / |x sin(pi x)|) - lgamma(-x), with sin(pi x) from an
// exact reduction. (glibc computes (-28, -2) with its own lgamma_neg, accurate near the
// zeros of lgamma there, where this reflection loses relative accuracy.)
double ga_m_lgamma_pos(double x)
{
  if (x < 8.470329472543003e-22lf) // 2^-70
    return -ga_m_log_acc(x);
  if (x == 1.0lf || x == 2.0lf)
    return 0.0lf;
  if (x < 2.0lf)
    // the log where ga_m_lgamma_mid's test of the high word (fdlibm's) takes it: up to
    // 0.90000009 (x <= 0.9 left lgamma (0.9000000000000001) short of its -log (x))
    return ga_m_lgamma_mid(x, (ga_m_hi(x) & 0x7fffffffu) <= 0x3fecccccu ? ga_m_log_acc(x) : 0.0lf);
  precise double r;
  if (x < 8.0lf) {
    int i = int(x);
    precise double y = x - double(i);
    precise double p = y * (-0.07721566490153287lf + y * (0.21498241596060885lf + y * (0.325778796408931lf +
                       y * (0.14635047265246445lf + y * (0.02664227030336386lf + y * (0.0018402845140733772lf +
                       y * 3.194753265841009e-05lf))))));
    precise double q = 1.0lf + y * (1.3920053346762105lf + y * (0.7219355475671381lf + y * (0.17193386563280308lf +
                       y * (0.01864591917156529lf + y * (0.0007779424963818936lf + y * 7.326684307446256e-06lf)))));
    r = 0.5lf * y + ga_div_double(p, q);
    precise double z = 1.0lf;
    if (i >= 7)
      z = z * (y + 6.0lf);
    if (i >= 6)
      z = z * (y + 5.0lf);
    if (i >= 5)
      z = z * (y + 4.0lf);
    if (i >= 4)
      z = z * (y + 3.0lf);
    if (i >= 3) {
      z = z * (y + 2.0lf);
      r = r + ga_m_log_acc(z);
    }
    return r;
  }
  precise double t = ga_m_log_acc(x);
  if (x < 2.8823037615171174e17lf) { // 2^58
    precise double z = ga_div_double(1.0lf, x);
    precise double y = z * z;
    precise double w = 0.4189385332046727lf + z * (0.08333333333333297lf + y * (-0.0027777777772877554lf +
                       y * (0.0007936505586430196lf + y * (-0.00059518755745034lf + y * (0.0008363399189962821lf +
                       y * -0.0016309293409657527lf)))));
    r = (x - 0.5lf) * (t - 1.0lf) + w;
    return r;
  }
  r = x * (t - 1.0lf);
  return r;
}
double ga_lgamma_d(double x)
{
  if (isnan(x))
    return x;
  if (isinf(x))
    return ga_m_inf();
  if (x == 0.0lf)
    return ga_m_inf();
  if (x > 0.0lf)
    return ga_m_lgamma_pos(x);
  if (x <= -4503599627370496.0lf || x == floor(x)) // negative integers: poles
    return ga_m_inf();
  if (x > -8.470329472543003e-22lf)
    return -ga_m_log_acc(-x);
  // |sin(pi x)| from the distance of x to the nearest integer, |frac| <= 1/2
  precise double frac = abs(x - ga_trunc(x));
  if (frac > 0.5lf)
    frac = 1.0lf - frac;
  precise double s = frac <= 0.25lf ? ga_m_sin_acc(3.141592653589793lf * frac)
                                    : ga_m_cos_acc(3.141592653589793lf * (0.5lf - frac));
  precise double nadj = ga_m_log_acc(ga_div_double(3.141592653589793lf, abs(s * x)));
  precise double r = nadj - ga_m_lgamma_pos(-x);
  return r;
}

// ---- psi (digamma) ----------------------------------------------------------------
// Octave's psi (liboctave's xpsi) step by step, so that its answers come out: -Inf at 0
// and the negative integers; at positive integers -EulerGamma plus the sum of 1/k from
// k = z - 1 down to 1, at half integers the sum of 1/(2k - 1) (its "z + 0.5 is an
// integer" test included, rounding and all); elsewhere the recurrence up to z >= 10,
// then log(z) - 1/(2z) and ten terms in 1/z^2; psi(1 - z) - pi/tan(pi z) below 0. Its
// sums run z terms (psi (1e15) never returns in Octave): here they stop at 1024, and
// larger integers and half integers take the series instead (the true value within an
// ulp or two, where Octave's long sums carry their rounding). Integers of 2^63 and more
// (and Inf) give -EulerGamma, as Octave's loop counter overflows there.
const double GA_M_EULER = 0.57721566490153287lf;

// its series: the ten terms written out (a loop of precise code must not be unrolled by
// the compiler: shaders/README.md)
double ga_m_psi_series(double zc)
{
  precise double o2 = ga_div_double(1.0lf, zc * zc);
  precise double o = o2, p = -0.083333333333333333lf * o;
  o = o * o2; p = p + 0.0083333333333333333lf * o;
  o = o * o2; p = p + -0.0039682539682539683lf * o;
  o = o * o2; p = p + 0.0041666666666666667lf * o;
  o = o * o2; p = p + -0.0075757575757575758lf * o;
  o = o * o2; p = p + 0.021092796092796093lf * o;
  o = o * o2; p = p + -0.083333333333333333lf * o;
  o = o * o2; p = p + 0.4432598039215686lf * o;
  o = o * o2; p = p + -3.053954330270122lf * o;
  o = o * o2; p = p + 12.5318899521531lf * o;
  precise double t = ga_log_d(zc) - ga_div_double(0.5lf, zc);
  p = p + t;
  return p;
}

// z > 0 or NaN
double ga_m_psi_pos(double z)
{
  precise double p = 0.0lf;
  precise double zh = z + 0.5lf;
  if (floor(z) == z) {
    if (!(z < 9223372036854775808.0lf))
      return -GA_M_EULER;
    if (z > 1025.0lf)
      return ga_m_psi_series(z);
    p = -GA_M_EULER;
    for (int k = int(z) - 1; k > 0; k--)
      p = p + ga_div_double(1.0lf, double(k));
    return p;
  }
  if (floor(zh) == zh) {
    if (z > 1024.0lf)
      return ga_m_psi_series(z);
    for (int k = int(z); k > 0; k--)
      p = p + ga_div_double(1.0lf, double(2 * k - 1));
    precise double r = -GA_M_EULER - 2.0lf * 0.69314718055994531lf + 2.0lf * p;
    return r;
  }
  precise double zc = z;
  if (z < 10.0lf) {
    int n = int(10.0lf - z);
    for (int k = n - 1; k >= 0; k--)
      p = p - ga_div_double(1.0lf, double(k) + z);
    zc = zc + double(n);
  }
  p = p + ga_m_psi_series(zc);
  return p;
}

double ga_psi_d(double z)
{
  if (z <= 0.0lf) {
    if (floor(z) == z)
      return -ga_m_inf();
    precise double r = ga_m_psi_pos(1.0lf - z) - ga_div_double(3.141592653589793lf, ga_tan_d(3.141592653589793lf * z));
    return r;
  }
  return ga_m_psi_pos(z);
}

// expint (x) for x >= 0 (and -0, NaN; the method leaves x < 0, complex, to Octave):
// Octave 7.3's expint.m and __expint__ step by step, the host's ga_host_expint.c in
// GLSL. Where s is set each step is rounded to single, as Octave computes in single.
// v rounded to single where s is set: functions that follow Octave's single steps
precise double ga_round_if_single(double v, bool s) { return s ? ga_d(ga_f(v)) : v; }
// One of Octave's steps (gammainc, gammaincinv, betainc, betaincinv): each + - * / its own
// precise operation, so no compiler contracts a product and a sum into an fma, rounded to
// single where s is set (for + - * / that is the float operation's answer: 53 >= 2*24 + 2)
precise double ga_step_add(double p, double q, bool s)
{
  precise double r = p + q;
  return ga_round_if_single(r, s);
}
precise double ga_step_sub(double p, double q, bool s)
{
  precise double r = p - q;
  return ga_round_if_single(r, s);
}
precise double ga_step_mul(double p, double q, bool s)
{
  precise double r = p * q;
  return ga_round_if_single(r, s);
}
precise double ga_step_div(double p, double q, bool s) { return ga_round_if_single(ga_div_double(p, q), s); }
precise double ga_expint_d(double x, bool s)
{
  double tol = s ? 1.1920928955078125e-7lf : 2.220446049250313e-16lf;
  precise double t = ga_round_if_single(x + 19.5lf, s);
  bool series = ga_round_if_single(ga_div_double(ga_round_if_single(t * t, s), 420.25lf), s) <= 1.0lf;
  precise double u = ga_round_if_single(x + 1.0lf, s);
  bool cf = !series && ga_round_if_single(ga_div_double(ga_round_if_single(u * u, s), 1444.0lf), s) <= 1.0lf && x <= 35.0lf;
  if (series) { // the power series about 0
    precise double e1 = ga_round_if_single(ga_round_if_single(-0.5772156649015329lf, s) - ga_round_if_single(ga_log_d(x), s), s);
    precise double res = -x, sum = -x;
    for (double k = 1.0lf; k < 1000.0lf;) {
      precise double f = ga_round_if_single(ga_div_double(ga_round_if_single(k * -x, s), (k + 1.0lf) * (k + 1.0lf)), s);
      res = ga_round_if_single(res * f, s);
      sum = ga_round_if_single(sum + res, s);
      k += 1.0lf;
      if (!(abs(res) > ga_round_if_single(tol * abs(sum), s)))
        break;
    }
    return ga_round_if_single(e1 - sum, s);
  }
  precise double e = ga_round_if_single(ga_exp_d(-x), s);
  if (cf) { // Lentz's continued fraction: tiny 2^-100 (2^-50), 200 (100) terms
    double tiny = s ? 8.881784197001252e-16lf : 7.888609052210118e-31lf;
    precise double y = tiny, c = tiny, d = 0.0lf, alpha = 1.0lf, beta = x, delta = 0.0lf;
    int maxit = s ? 100 : 200;
    for (int j = 1; abs(ga_round_if_single(delta - 1.0lf, s)) > tol && j < maxit; j++) {
      d = ga_round_if_single(beta + ga_round_if_single(alpha * d, s), s);
      if (d == 0.0lf)
        d = tiny;
      c = ga_round_if_single(beta + ga_round_if_single(ga_div_double(alpha, c), s), s);
      if (c == 0.0lf)
        c = tiny;
      d = ga_round_if_single(ga_div_double(1.0lf, d), s);
      delta = ga_round_if_single(c * d, s);
      y = ga_round_if_single(y * delta, s);
      alpha = double((j + 1) / 2);
      beta = (j % 2) == 0 ? x : 1.0lf;
    }
    return ga_round_if_single(e * y, s);
  }
  // the asymptotic series, its terms while k < x (NaN and Inf land here too)
  precise double e1 = ga_round_if_single(ga_div_double(e, x), s);
  precise double res = 1.0lf, sum = 1.0lf;
  for (double k = 0.0lf; k < 1000.0lf;) {
    res = ga_round_if_single(ga_div_double(res, ga_round_if_single(ga_div_double(-x, k + 1.0lf), s)), s);
    sum = ga_round_if_single(sum + res, s);
    k += 1.0lf;
    if (!(abs(x) > k))
      break;
  }
  return ga_round_if_single(e1 * sum, s);
}

// ---- single-precision exp, log, sin, cos, pow: the C library's own algorithms --------
// Octave computes a single's exp, log, log2, sin and cos with glibc's expf, logf, log2f,
// sinf and cosf, and x .^ y of singles (y not an integer) with its powf
// (Debian 12: glibc 2.36, the double-precision algorithms of ARM's optimized routines,
// in their x86-64 FMA builds). These follow them operation by operation, each fused
// multiply-add where GCC fuses one there (ga_m_fma1: rounded once on every driver), so
// every single answer is glibc's, bit for bit (test_math_sweep asks for 0 ulp).
// About a third of the FP64 operations of the double functions they replaced, which ran
// singles in double and rounded (test_math_sweep: within 1 ulp of glibc).

// expf: tab[i] = bits of 2^(i/32) less i << 47, so that adding k << 47 gives 2^(k/32)
const uint64_t GA_M_EXP2F_T[32] = uint64_t[](0x3ff0000000000000ul, 0x3fefd9b0d3158574ul,
  0x3fefb5586cf9890ful, 0x3fef9301d0125b51ul, 0x3fef72b83c7d517bul, 0x3fef54873168b9aaul, 0x3fef387a6e756238ul,
  0x3fef1e9df51fdee1ul, 0x3fef06fe0a31b715ul, 0x3feef1a7373aa9cbul, 0x3feedea64c123422ul, 0x3feece086061892dul,
  0x3feebfdad5362a27ul, 0x3feeb42b569d4f82ul, 0x3feeab07dd485429ul, 0x3feea47eb03a5585ul, 0x3feea09e667f3bcdul,
  0x3fee9f75e8ec5f74ul, 0x3feea11473eb0187ul, 0x3feea589994cce13ul, 0x3feeace5422aa0dbul, 0x3feeb737b0cdc5e5ul,
  0x3feec49182a3f090ul, 0x3feed503b23e255dul, 0x3feee89f995ad3adul, 0x3feeff76f2fb5e47ul, 0x3fef199bdd85529cul,
  0x3fef3720dcef9069ul, 0x3fef5818dcfba487ul, 0x3fef7c97337b9b5ful, 0x3fefa4afa2a490daul, 0x3fefd0765b6e4540ul);
// logf: 1/c and log(c) for the 16 subintervals of [0x3f330000, 2 * that) as floats' bits
const double GA_M_LOGF_INVC[16] = double[](
  1.398907162146528lf, 1.3403141896637998lf, 1.286432210124115lf, 1.2367150214269895lf, 1.1906977166711752lf,
  1.1479821020556429lf, 1.1082251448272158lf, 1.0711297413057381lf, 1.036437278977283lf, 1.0lf,
  0.9492859795739057lf, 0.8951049428609004lf, 0.8476821620351103lf, 0.8050314851692001lf, 0.7664671008843108lf,
  0.731428603316328lf);
const double GA_M_LOGF_LOGC[16] = double[](
  -0.33569133332882284lf, -0.2929040563774074lf, -0.2518726580937369lf, -0.21245868807117255lf,
  -0.17453945183745634lf, -0.1380057072319758lf, -0.10275976698545139lf, -0.06871392447020525lf,
  -0.0357891387398228lf, 0.0lf, 0.05204517742929496lf, 0.11081431298787942lf, 0.1652495223695143lf,
  0.21687389031699977lf, 0.2659635028121397lf, 0.3127556664073557lf);
// powf: log2(c) for logf's 16 subintervals (the same 1/c)
const double GA_M_POWF_LOG2C[16] = double[](
  -0.48430022186289673lf, -0.42257122959194704lf, -0.3633754347673556lf, -0.30651309567405577lf,
  -0.25180720160537634lf, -0.19910014943794563lf, -0.14825100623281615lf, -0.09913323807318392lf,
  -0.051632812977629436lf, 0.0lf, 0.07508531937943004lf, 0.15987125980713107lf, 0.2384046664317681lf,
  0.31288288605863257lf, 0.38370422656453185lf, 0.451211048935815lf);
#ifdef GA_SHARED_F32
shared uint64_t GA_S_EXP2F_T[32];
shared double GA_S_LOGF_INVC[16], GA_S_LOGF_LOGC[16], GA_S_POWF_LOG2C[16];
#define GA_TAB_F32(t) GA_S_##t
#else
#define GA_TAB_F32(t) GA_M_##t
#endif

// 2^(k/32) from the shifter's bits ki (expf's table; k may be negative)
double ga_m_exp2f_scale(uint64_t ki)
{
  return uint64BitsToDouble(GA_TAB_F32(EXP2F_T)[uint(ki) & 31u] + (ki << 47));
}

float ga_expf_single(float x)
{
  uint abstop = (floatBitsToUint(x) >> 20) & 0x7ffu;
  if (abstop >= 0x42bu) { // |x| >= 88, Inf, NaN
    if (floatBitsToUint(x) == 0xff800000u)
      return 0.0;
    if (abstop >= 0x7f8u)
      return x;
    if (x > 88.72283172607422) // log(2^128)
      return uintBitsToFloat(0x7f800000u);
    if (x < -103.97207641601562) // log(2^-150)
      return 0.0;
  }
  // x*32/ln2 = k + r, |r| <= 1/2, k by the shifter 1.5 * 2^52 (both uses of the product fused)
  precise double xd = double(x); // a subnormal flushed to 0 gives exp's 1.0 all the same
  precise double kd = ga_m_fma1(46.16624130844683lf, xd, 6755399441055744.0lf);
  uint64_t ki = doubleBitsToUint64(kd);
  kd -= 6755399441055744.0lf;
  precise double r = ga_m_fma1(46.16624130844683lf, xd, -kd);
  precise double s = ga_m_exp2f_scale(ki);
  precise double z = ga_m_fma1(1.6938359250920212e-06lf, r, 0.00023459809789509004lf);
  precise double r2 = r * r;
  precise double y = ga_m_fma1(0.021660849396613134lf, r, 1.0lf);
  y = ga_m_fma1(z, r2, y);
  precise double ys = y * s;
  return ga_f(ys);
}

// The bits of a positive finite float, a subnormal's normalised exactly (its exponent
// field then below 1, as glibc's x * 2^23 - 23 << 23 gives it)
uint ga_m_f32_normal_bits(float x)
{
  uint ix = floatBitsToUint(x);
  return ix < 0x00800000u ? floatBitsToUint(float(ga_d(x) * 8388608.0lf)) - (23u << 23) : ix;
}

// logf's and log2f's answers for 0, Inf, NaN and negative x (true: r holds it)
bool ga_m_logf_special(float x, out float r)
{
  uint ix = floatBitsToUint(x);
  r = x; // +Inf
  if (ix * 2u == 0u)
    r = uintBitsToFloat(0xff800000u);
  else if ((ix & 0x80000000u) != 0u || ix * 2u > 0xff000000u)
    r = uintBitsToFloat(0x7fc00000u);
  return ix * 2u == 0u || ix >= 0x7f800000u;
}

// x = 2^k z (ix: x's normal bits), z in [0x3f330000, 2 * that), c near the centre of z's
// 16th (entry i): r = z/c - 1 in one fma, as logf, log2f and powf compute it
double ga_m_logf_reduce(uint ix, out uint i, out int k)
{
  uint tmp = ix - 0x3f330000u;
  i = (tmp >> 19) & 15u;
  k = int(tmp) >> 23;
  precise double z = double(uintBitsToFloat(ix - (tmp & 0xff800000u)));
  precise double r = ga_m_fma1(z, GA_TAB_F32(LOGF_INVC)[i], -1.0lf);
  return r;
}

// logf (base2 false) or log2f (true): the same reduction, logf's log(c) or powf's log2(c),
// each its own polynomial
float ga_m_logf_glibc(float x, bool base2)
{
  float special;
  if (ga_m_logf_special(x, special))
    return special;
  uint i;
  int k;
  precise double r = ga_m_logf_reduce(ga_m_f32_normal_bits(x), i, k);
  precise double r2 = r * r;
  precise double y;
  if (base2) {
    precise double y0 = GA_TAB_F32(POWF_LOG2C)[i] + double(k);
    y = ga_m_fma1(0.4811247078767291lf, r, -0.7213476299867769lf);
    y = ga_m_fma1(-0.36051725506874704lf, r2, y);
    precise double q = ga_m_fma1(1.4426950186867042lf, r, y0);
    y = ga_m_fma1(y, r2, q);
  } else {
    precise double y0 = ga_m_fma1(double(k), 0.6931471805599453lf, GA_TAB_F32(LOGF_LOGC)[i]);
    y = ga_m_fma1(0.333456765744066lf, r, -0.4999997485802103lf);
    y = ga_m_fma1(-0.25089342214237154lf, r2, y);
    y = ga_m_fma1(y, r2, y0 + r);
  }
  return float(y); // never a subnormal, NaN or infinite here
}
float ga_logf_single(float x) { return ga_m_logf_glibc(x, false); }
float ga_log2f_single(float x) { return ga_m_logf_glibc(x, true); }

// 4/pi to 192 bits, 8 new bits an entry
const uint GA_M_INV_PIO4[24] = uint[](0xa2u, 0xa2f9u, 0xa2f983u, 0xa2f9836eu, 0xf9836e4eu, 0x836e4e44u,
  0x6e4e4415u, 0x4e441529u, 0x441529fcu, 0x1529fc27u, 0x29fc2757u, 0xfc2757d1u, 0x2757d1f5u, 0x57d1f534u,
  0xd1f534ddu, 0xf534ddc0u, 0x34ddc0dbu, 0xddc0db62u, 0xc0db6295u, 0xdb629599u, 0x6295993cu, 0x95993c43u,
  0x993c4390u, 0x3c439041u);

// sin (n even) or cos (n odd) of the reduced x, x2 = x * x
float ga_m_sincosf_poly(double x, double x2, int n)
{
  if ((n & 1) == 0) {
    precise double x3 = x * x2;
    precise double s1 = ga_m_fma1(x2, -0.00019517298981385725lf, 0.008332178146138854lf);
    precise double x7 = x3 * x2;
    precise double s = ga_m_fma1(x3, -0.16666654943701084lf, x);
    return float(ga_m_fma1(x7, s1, s)); // |sin| of these arguments is far above single's subnormals
  }
  precise double x4 = x2 * x2;
  precise double c2 = ga_m_fma1(x2, 2.4390450703564542e-05lf, -0.001388676379437604lf);
  precise double c1 = ga_m_fma1(x2, -0.49999999725108224lf, 1.0lf);
  precise double x6 = x4 * x2;
  precise double c = ga_m_fma1(x4, 0.041666623324344516lf, c1);
  return float(ga_m_fma1(x6, c2, c));
}

// x (a float's value) as r + n pi/2, |r| <= pi/4 (about), n's quadrant
double ga_m_sincosf_reduce(float y, out int n)
{
  uint ya = floatBitsToUint(y) & 0x7fffffffu;
  if (ya < 0x42f00000u) { // |y| < 120: one fused multiply-subtract
    precise double x = double(y);
    precise double rq = x * 10680707.430881744lf; // 2/pi * 2^24
    n = (int(rq) + 0x800000) >> 24;
    precise double r = ga_m_fma1(-double(n), 1.5707963267948966lf, x);
    return r;
  }
  // 4/pi's bits from the exponent's octave: the exact 2.62 fixed-point remainder
  uint xi = floatBitsToUint(y);
  uint a = (xi >> 26) & 15u;
  uint m = ((xi & 0xffffffu) | 0x800000u) << ((xi >> 23) & 7u);
  uint64_t res0 = uint64_t(m * GA_M_INV_PIO4[a]);
  uint64_t res1 = uint64_t(m) * uint64_t(GA_M_INV_PIO4[a + 4u]);
  uint64_t res2 = uint64_t(m) * uint64_t(GA_M_INV_PIO4[a + 8u]);
  res0 = (res2 >> 32) | (res0 << 32);
  res0 += res1;
  uint64_t nn = (res0 + (1ul << 61)) >> 62;
  res0 -= nn << 62;
  n = int(nn);
  precise double rr = double(int64_t(res0)) * 3.4061215800865545e-19lf; // 2 pi * 2^-64
  return rr;
}

// cos = 1: cos, else sin
float ga_m_sincosf(float y, int cosine)
{
  uint ya = floatBitsToUint(y) & 0x7fffffffu;
  if (ya < 0x3f400000u) { // abstop12 below that of pi/4 as a float (0x3f490fdb)
    if (ya < 0x39800000u) // |y| < 2^-12
      return cosine == 1 ? 1.0 : y;
    precise double x = double(y);
    return ga_m_sincosf_poly(x, x * x, cosine);
  }
  if (ya >= 0x7f800000u)
    return uintBitsToFloat(0x7fc00000u); // Inf, NaN: NaN
  int n;
  precise double x = ga_m_sincosf_reduce(y, n);
  int q = ya < 0x42f00000u ? n : n + int(floatBitsToUint(y) >> 31);
  precise double sx = ((q & 3) == 1 || (q & 3) == 2) ? -x : x;
  float v = ga_m_sincosf_poly(sx, x * x, cosine == 1 ? n ^ 1 : n);
  // the cosine polynomial negated where glibc's second table negates it (exact)
  return ((cosine == 1 ? n ^ 1 : n) & 1) != 0 && (q & 2) != 0 ? -v : v;
}
float ga_sinf_single(float x) { return ga_m_sincosf(x, 0); }
float ga_cosf_single(float x) { return ga_m_sincosf(x, 1); }

// x^y for x > 0 finite other than 1 and y finite, not an integer: glibc's powf (log2 of
// x to about 2^-33 with logf's 1/c, then 2^(y log2 x) with expf's table), its fused
// multiply-adds as its FMA build has them (ga_m_fma1)
float ga_powf_single(float x, float y)
{
  uint i;
  int k;
  precise double r = ga_m_logf_reduce(ga_m_f32_normal_bits(x), i, k);
  precise double y0 = GA_TAB_F32(POWF_LOG2C)[i] + double(k);
  precise double r2 = r * r;
  precise double yl = ga_m_fma1(0.288457581109214lf, r, -0.36092606229713164lf);
  precise double p = ga_m_fma1(0.480898481472577lf, r, -0.7213474675006291lf);
  precise double r4 = r2 * r2;
  precise double q = ga_m_fma1(1.4426950408774342lf, r, y0);
  q = ga_m_fma1(p, r2, q);
  yl = ga_m_fma1(yl, r4, q);
  precise double ylogx = ga_d(y) * yl;
  if (ylogx > 127.99999995700433lf)
    return uintBitsToFloat(0x7f800000u);
  if (ylogx <= -150.0lf)
    return 0.0;
  // 2^ylogx = 2^(k/32) 2^rr, k by the shifter 1.5 * 2^52 / 32
  precise double kd = ylogx + 211106232532992.0lf;
  uint64_t ki = doubleBitsToUint64(kd);
  kd -= 211106232532992.0lf;
  precise double rr = ylogx - kd;
  precise double s = ga_m_exp2f_scale(ki);
  precise double zz = ga_m_fma1(0.05550361559341535lf, rr, 0.2402284522445722lf);
  precise double rr2 = rr * rr;
  precise double e = ga_m_fma1(0.6931471806916203lf, rr, 1.0lf);
  e = ga_m_fma1(zz, rr2, e);
  precise double es = e * s;
  return ga_f(es);
}

// ---- singles on short cores in double (ga_glsl_emit.c's unop_single_form) ----------
// Octave's answers come from glibc's float functions (fdlibm's, up to 2 ulp off, and
// their values are what test_math_sweep compares with: within 2 ulp, or 1 of the double
// answer rounded). These were the double functions rounded, as much FP64 work as a double
// (17-53% of a single copy's bandwidth on the H200). A single needs its value to about
// 2^-30 only, so they are composed of short pieces in double: expf's reduction and
// polynomial for exp (relative error about 2^-33), logf's 16-entry reduction with
// log1p's series to r^7 (2^-35), single precision's reciprocal and roots with one
// correction, and Chebyshev fits. C models of each (every 31st or 97th float) are within
// 1 ulp of correctly rounded, equal to it at all but a few in 10^4, and within 2 ulp of
// glibc's (erfc 3). Plain fma: lavapipe's, rounded twice, only blurs bits far below a
// single's ulp. A test x == 0.0 also holds for a subnormal x on NVIDIA (its comparisons
// flush): used only where the answer at a subnormal x is x itself.

float ga_m_nanf() { return uintBitsToFloat(0x7fc00000u); }

// exp(x) for |x| <= 700 (the caller clamps), expf's steps without its rounding to float;
// em: exp(-x) from the same reduction (2^(-k/32) and the polynomial at -r)
double ga_m_expf_core2(double x, out double em)
{
  precise double kd = fma(46.16624130844683lf, x, 6755399441055744.0lf);
  uint64_t ki = doubleBitsToUint64(kd);
  kd -= 6755399441055744.0lf;
  precise double r = fma(46.16624130844683lf, x, -kd);
  precise double s = ga_m_exp2f_scale(ki), sm = ga_m_exp2f_scale(0ul - ki);
  precise double r2 = r * r;
  precise double z = fma(1.6938359250920212e-06lf, r, 0.00023459809789509004lf);
  precise double zm = fma(-1.6938359250920212e-06lf, r, 0.00023459809789509004lf);
  precise double y = fma(z, r2, fma(0.021660849396613134lf, r, 1.0lf));
  precise double ym = fma(zm, r2, fma(-0.021660849396613134lf, r, 1.0lf));
  precise double ys = y * s;
  em = ym * sm;
  return ys;
}
double ga_m_expf_core(double x)
{
  double em;
  return ga_m_expf_core2(x, em);
}

// n/d where d and 1/d are normal singles: single precision's reciprocal and one
// correction (relative error about 2^-44), where NVIDIA's double division takes ~17 FP64
// operations' time
double ga_m_divf_core(double n, double d)
{
  precise double r0 = double(1.0 / float(d));
  precise double r1 = fma(r0, fma(-d, r0, 1.0lf), r0);
  precise double q = n * r1;
  return q;
}

// log(u) for a positive normal double u: u = 2^k z, z in logf's [0x3f330000, 2 * that)
// (as a double), r = z/c - 1 with |r| < 2^-5 (exact near 1, where c = 1), then
// log(c) + log1p(r) by its series to r^7
double ga_m_logf_core(double u)
{
  uint64_t iu = doubleBitsToUint64(u);
  uint tmp = uint(iu >> 32) - 0x3fe66000u;
  uint i = (tmp >> 16) & 15u;
  int k = int(tmp) >> 20;
  precise double z = uint64BitsToDouble(iu - (uint64_t(tmp & 0xfff00000u) << 32));
  precise double r = fma(z, GA_TAB_F32(LOGF_INVC)[i], -1.0lf);
  precise double p = fma(r, 0.14285714285714285lf, -0.16666666666666666lf);
  p = fma(r, p, 0.2lf);
  p = fma(r, p, -0.25lf);
  p = fma(r, p, 0.3333333333333333lf);
  p = fma(r, p, -0.5lf);
  precise double y0 = fma(double(k), 0.6931471805599453lf, GA_TAB_F32(LOGF_LOGC)[i]);
  precise double y = y0 + fma(r * r, p, r);
  return y;
}

// sqrt(v) for v in [2^-23, 2^25): single precision's inverse square root and one
// correction from the residual (relative error about 2^-44)
double ga_m_sqrtf_core(double v)
{
  precise double r0 = double(inversesqrt(float(v)));
  precise double y0 = v * r0;
  precise double h = fma(-y0, y0, v);
  precise double y = fma(h, 0.5lf * r0, y0);
  return y;
}

// e^y - 1 for |y| <= 100: below ln2/2 the series to y^9 (relative error 2^-35), above
// exp less 1 (which cancels by at most a factor 3.4 there)
double ga_m_expm1f_core(double y)
{
  precise double p = fma(y, 2.7557319223985893e-06lf, 2.48015873015873e-05lf);
  p = fma(y, p, 0.0001984126984126984lf);
  p = fma(y, p, 0.001388888888888889lf);
  p = fma(y, p, 0.008333333333333333lf);
  p = fma(y, p, 0.041666666666666664lf);
  p = fma(y, p, 0.16666666666666666lf);
  p = fma(y, p, 0.5lf);
  precise double s = fma(y * y, p, y);
  precise double e = ga_m_expf_core(y) - 1.0lf;
  return abs(y) < 0.34657359027997264lf ? s : e;
}

float ga_expm1f_single(float x)
{
  if (isnan(x) || x == 0.0)
    return x; // -0 too
  return ga_f(ga_m_expm1f_core(clamp(ga_d(x), -100.0lf, 100.0lf)));
}

// log(1 + x): 1 + x is exact in double for |x| >= 2^-29; below 2^-24 the answer is x
float ga_log1pf_single(float x)
{
  if (isnan(x) || abs(x) < 5.9604645e-08 || x == uintBitsToFloat(0x7f800000u)) // 2^-24, +-0, +Inf
    return x;
  if (x <= -1.0)
    return x == -1.0 ? uintBitsToFloat(0xff800000u) : ga_m_nanf();
  return ga_f(ga_m_logf_core(1.0lf + ga_d(x)));
}

// tanh|x| = e / (e + 2), e = e^(2|x|) - 1; 1 from 9.01 on (1 - tanh < 2^-25 there)
float ga_tanhf_single(float x)
{
  precise double a = abs(ga_d(x));
  if (isnan(x) || x == 0.0)
    return x;
  if (a >= 9.01lf)
    return ga_copysign_f(1.0, x);
  precise double e = ga_m_expm1f_core(2.0lf * a);
  precise double t = ga_m_divf_core(e, e + 2.0lf);
  return ga_copysign_f(ga_f(t), x);
}

// sinh|x|: below 1 the series to x^13 (2^-40); above (e^a - e^-a)/2, overflowing to Inf
// in the rounding to single
float ga_sinhf_single(float x)
{
  precise double a = abs(ga_d(x));
  if (isnan(x) || x == 0.0)
    return x;
  precise double z = a * a;
  precise double p = fma(z, 1.6059043836821613e-10lf, 2.505210838544172e-08lf);
  p = fma(z, p, 2.7557319223985893e-06lf);
  p = fma(z, p, 0.0001984126984126984lf);
  p = fma(z, p, 0.008333333333333333lf);
  p = fma(z, p, 0.16666666666666666lf);
  precise double s = fma(a * z, p, a);
  precise double em;
  precise double e = ga_m_expf_core2(min(a, 100.0lf), em);
  precise double h = 0.5lf * e - 0.5lf * em;
  return ga_copysign_f(ga_f(a < 1.0lf ? s : h), x);
}

float ga_coshf_single(float x)
{
  if (isnan(x))
    return x;
  precise double em;
  precise double e = ga_m_expf_core2(min(abs(ga_d(x)), 100.0lf), em);
  precise double c = 0.5lf * e + 0.5lf * em;
  return ga_f(c);
}

// asinh|x| = log(|x| + sqrt(x^2 + 1)) (x^2 is exact), log(2|x|) beyond 4096 (the
// dropped 1/(4x^2) is 2^-29 of the log there); below 1/8 the odd series to x^9 (2^-35)
float ga_asinhf_single(float x)
{
  if (isnan(x) || isinf(x) || x == 0.0)
    return x;
  precise double a = abs(ga_d(x));
  precise double z = a * a;
  precise double p = fma(z, 0.030381944444444444lf, -0.044642857142857144lf);
  p = fma(z, p, 0.075lf);
  p = fma(z, p, -0.16666666666666666lf);
  precise double s = fma(a * z, p, a);
  bool big = a > 4096.0lf;
  precise double t = big ? 2.0lf * a : a + ga_m_sqrtf_core(big ? 1.0lf : z + 1.0lf);
  precise double l = ga_m_logf_core(t);
  return ga_copysign_f(ga_f(a < 0.125lf ? s : l), x);
}

// acosh x = log(x + sqrt((x - 1)(x + 1))) (the product is exact), log(2x) beyond 4096
float ga_acoshf_single(float x)
{
  if (!(x >= 1.0))
    return ga_m_nanf(); // x < 1, NaN
  if (isinf(x) || x == 1.0)
    return x == 1.0 ? 0.0 : x;
  precise double a = ga_d(x);
  bool big = a > 4096.0lf;
  precise double t = big ? 2.0lf * a : a + ga_m_sqrtf_core(big ? 1.0lf : (a - 1.0lf) * (a + 1.0lf));
  return ga_f(ga_m_logf_core(t));
}

// atanh|x| = log((1 + |x|)/(1 - |x|))/2 (both exact); below 2^-6 the odd series to x^7
float ga_atanhf_single(float x)
{
  precise double a = abs(ga_d(x));
  if (isnan(x) || x == 0.0)
    return x;
  if (a >= 1.0lf)
    return a == 1.0lf ? ga_copysign_f(uintBitsToFloat(0x7f800000u), x) : ga_m_nanf();
  precise double z = a * a;
  precise double p = fma(z, 0.14285714285714285lf, 0.2lf);
  p = fma(z, p, 0.3333333333333333lf);
  precise double s = fma(a * z, p, a);
  precise double l = 0.5lf * ga_m_logf_core(ga_m_divf_core(1.0lf + a, 1.0lf - a));
  return ga_copysign_f(ga_f(a < 0.015625lf ? s : l), x);
}

// tan|x| on sinf's reduction (|x| = r + n pi/2, |r| <= pi/4): sin r / cos r, or -cos r /
// sin r for odd n, with sin and cos by their series to r^11 and r^12 (2^-37). In the C
// model 21 of 4.3e6 floats (stride 997) are 1 ulp from correctly rounded, none from glibc
// by more than 1.
float ga_tanf_single(float x)
{
  uint xa = floatBitsToUint(x) & 0x7fffffffu;
  if (xa >= 0x7f800000u)
    return ga_m_nanf(); // Inf, NaN
  if (xa < 0x39800000u) // |x| < 2^-12: tan x = x in single (also +-0)
    return x;
  int n;
  precise double r = ga_m_sincosf_reduce(uintBitsToFloat(xa), n);
  precise double r2 = r * r;
  precise double ps = fma(r2, -2.505210838544172e-08lf, 2.7557319223985893e-06lf);
  ps = fma(r2, ps, -0.0001984126984126984lf);
  ps = fma(r2, ps, 0.008333333333333333lf);
  ps = fma(r2, ps, -0.16666666666666666lf);
  precise double sn = fma(r * r2, ps, r);
  precise double pc = fma(r2, 2.08767569878681e-09lf, -2.755731922398589e-07lf);
  pc = fma(r2, pc, 2.48015873015873e-05lf);
  pc = fma(r2, pc, -0.001388888888888889lf);
  pc = fma(r2, pc, 0.041666666666666664lf);
  pc = fma(r2, pc, -0.5lf);
  precise double cs = fma(r2, pc, 1.0lf);
  bool odd = (n & 1) != 0;
  precise double t = ga_m_divf_core(odd ? -cs : sn, odd ? sn : cs);
  return ga_f(floatBitsToUint(x) != xa ? -t : t);
}

// cbrt|x| = v r^2 with r = v^(-1/3): single precision's exp2(-log2(v)/3) and one Newton
// step, r (4 - v r^3)/3 (quadratic: from 2^-19, GLSL's worst for those, to 2^-37);
// subnormals scaled by 2^150 first (a single's log2 may flush them)
float ga_cbrtf_single(float x)
{
  if (!ga_nz_f(x) || isinf(x) || isnan(x)) // (bits: NVIDIA's x == 0.0 holds for subnormal x)
    return x;
  precise double a = abs(ga_d(x));
  bool tiny = a < 7.888609052210118e-31lf; // 2^-100
  precise double v = tiny ? a * 1.427247692705959e+45lf : a; // 2^150
  precise double r0 = double(exp2(log2(float(v)) * -0.33333334));
  precise double u = fma(-(v * r0), r0 * r0, 1.0lf);
  precise double r1 = fma(r0 * 0.3333333333333333lf, u, r0);
  precise double c = v * r1 * r1 * (tiny ? 8.881784197001252e-16lf : 1.0lf); // 2^-50
  return ga_copysign_f(ga_f(c), x);
}

// erf and erfc of singles: below 1, erf(a) = a P(a^2) (P of degree 8, a Chebyshev fit of
// erf(sqrt t)/sqrt t on [0, 1] within 2^-39); from 1 on, erfc(a) = e^(-a^2) Q(1/a)/a with
// a^2 exact and Q of degree 15 (a fit of a e^(a^2) erfc(a) in 1/a on [1/10.5, 1], within
// 2^-33; past 10.5 a single erfc is 0). In the C model every 997th float is within 1 ulp
// of correctly rounded (all but 19 and 23 equal it); glibc's erfcf is up to 3 ulp off.
// Fits by mpmath's chebyfit. (The double forms, fdlibm's, took 17-21 percent of a copy.)
double ga_m_erff_poly(double a)
{
  precise double t = a * a;
  precise double p = fma(t, 1.058938064107502e-06lf, -1.3909340021874599e-05lf);
  p = fma(p, t, 0.0001195656256820733lf);
  p = fma(p, t, -0.0008542637997087229lf);
  p = fma(p, t, 0.005223783477189248lf);
  p = fma(p, t, -0.026866133235095593lf);
  p = fma(p, t, 0.11283791308604582lf);
  p = fma(p, t, -0.3761263888963531lf);
  p = fma(p, t, 1.1283791670946768lf);
  precise double r = a * p;
  return r;
}
double ga_m_erfcf_tail(double a)
{
  precise double u = ga_m_divf_core(1.0lf, a);
  precise double s = (u - 0.5476190476190477lf) * 2.2105263157894735lf;
  precise double q = fma(s, -1.2094648923674094e-06lf, 3.655011107896586e-07lf);
  q = fma(q, s, 7.913089175869175e-06lf);
  q = fma(q, s, -1.2326542018486738e-05lf);
  q = fma(q, s, 2.4722513623986476e-06lf);
  q = fma(q, s, 1.5980157295772534e-05lf);
  q = fma(q, s, -5.8570970738045486e-05lf);
  q = fma(q, s, 0.0001516775792635596lf);
  q = fma(q, s, -0.0002503764728347786lf);
  q = fma(q, s, 0.00011029594042461228lf);
  q = fma(q, s, 0.0009436828035593926lf);
  q = fma(q, s, -0.004087995486292549lf);
  q = fma(q, s, 0.009191417845526325lf);
  q = fma(q, s, -0.004311887462416559lf);
  q = fma(q, s, -0.07687601465675564lf);
  q = fma(q, s, 0.5027581520254398lf);
  precise double r = ga_m_expf_core(-a * a) * (q * u);
  return r;
}

float ga_erff_single(float x)
{
  if (isnan(x))
    return x;
  precise double a = abs(ga_d(x));
  precise double r = a < 1.0lf ? ga_m_erff_poly(a) : 1.0lf - ga_m_erfcf_tail(min(a, 10.5lf));
  return ga_copysign_f(ga_f(r), x);
}

float ga_erfcf_single(float x)
{
  if (isnan(x))
    return x;
  precise double a = abs(ga_d(x));
  bool neg = (floatBitsToUint(x) >> 31) != 0u;
  precise double e = ga_m_erff_poly(a);
  precise double t = ga_m_erfcf_tail(min(max(a, 1.0lf), 10.5lf));
  precise double r = a < 1.0lf ? 1.0lf - (neg ? -e : e) : (neg ? 2.0lf - t : t);
  return ga_f(r);
}

// atan, atan2, hypot and log10 of singles. atan on [0, 1] as t P(t^2), P of degree 12 (a
// Chebyshev fit of atan(sqrt s)/sqrt s on [0, 1], within 2^-36), beyond that pi/2 less
// atan(1/t); atan2 on the ratio of the smaller magnitude to the larger, with C's special
// cases from ga_m_atan2_special (as ga_atan2_d). C model: atan at every 997th float and atan2 at 4e7
// random pairs within 1 ulp of correctly rounded and of glibc's. hypot is glibc's
// hypotf itself: the double root of x^2 + y^2 (both squares exact), rounded.
double ga_m_atanf_01(double t)
{
  precise double s = t * t;
  precise double p = fma(s, 0.00041922786011272897lf, -0.0031954252407363944lf);
  p = fma(p, s, 0.011427633277375594lf);
  p = fma(p, s, -0.02600599597760862lf);
  p = fma(p, s, 0.04364658944281667lf);
  p = fma(p, s, -0.06022196387937433lf);
  p = fma(p, s, 0.07495262378099696lf);
  p = fma(p, s, -0.09049179093720577lf);
  p = fma(p, s, 0.11105306732424464lf);
  p = fma(p, s, -0.1428522560816021lf);
  p = fma(p, s, 0.19999978336217084lf);
  p = fma(p, s, -0.3333333295165722lf);
  p = fma(p, s, 0.9999999999887381lf);
  precise double r = t * p;
  return r;
}

float ga_atanf_single(float x)
{
  if (isnan(x))
    return x;
  precise double a = abs(ga_d(x));
  // (1/a for a up to 2^60 only: a single's reciprocal of more is subnormal, flushed on
  // NVIDIA, and pi/2 - 2^-60 rounds to the single pi/2 all the same)
  precise double u = ga_m_divf_core(1.0lf, clamp(a, 1.0lf, 1.152921504606847e+18lf));
  precise double r = a <= 1.0lf ? ga_m_atanf_01(a) : 1.5707963267948966lf - ga_m_atanf_01(u);
  return ga_copysign_f(ga_f(r), x);
}

float ga_atan2f_single(float yf, float xf)
{
  const double pi = 3.141592653589793lf;
  precise double y = ga_d(yf), x = ga_d(xf);
  double special;
  int m;
  if (ga_m_atan2_special(y, x, special, m))
    return ga_f(special);
  precise double ay = abs(y), ax = abs(x);
  precise double mx = max(ay, ax), mn = min(ay, ax);
  // both scaled by one power of 2 so that a single's reciprocal of the larger is normal
  precise double sc = mx > 1e30lf ? 7.888609052210118e-31lf : (mx < 1e-30lf ? 1.2676506002282294e+30lf : 1.0lf);
  precise double z = ga_m_atanf_01(ga_m_divf_core(mn * sc, mx * sc));
  z = ay > ax ? 1.5707963267948966lf - z : z;
  precise double res = m == 0 ? z : (m == 1 ? -z : (m == 2 ? pi - z : z - pi));
  return ga_f(res);
}

float ga_hypotf_single(float x, float y)
{
  uint ha = floatBitsToUint(x) & 0x7fffffffu, hb = floatBitsToUint(y) & 0x7fffffffu;
  if (ha == 0x7f800000u || hb == 0x7f800000u)
    return uintBitsToFloat(0x7f800000u); // Inf, also with a NaN
  if (ha > 0x7f800000u || hb > 0x7f800000u)
    return ga_m_nanf();
  precise double dx = ga_d(x), dy = ga_d(y);
  precise double s = dx * dx + dy * dy;
  return ga_f(ga_sqrt_d(s));
}

float ga_log10f_single(float x)
{
  float special;
  if (ga_m_logf_special(x, special))
    return special;
  precise double r = ga_m_logf_core(ga_d(x)) * 0.4342944819032518lf;
  return ga_f(r);
}

// asin and acos of singles: asin(t) = t P(t^2) on [0, 1/2] (P of degree 8, a Chebyshev
// fit of asin(sqrt s)/sqrt s on [0, 1/4], within 2^-39), beyond pi/2 - 2 asin(sqrt((1 -
// |x|)/2)) with the root from single precision's and one correction (acos: pi/2 - asin x,
// 2 asin(..), pi - 2 asin(..)). C model at every 97th float: within 1 ulp of correctly
// rounded and of glibc's. The double forms carried double-double roots.
double ga_m_asinf_poly(double s)
{
  precise double p = fma(s, 0.03295759470084881lf, 0.0019156113431105127lf);
  p = fma(p, s, 0.02068132717169167lf);
  p = fma(p, s, 0.02185574259984348lf);
  p = fma(p, s, 0.03042811901907943lf);
  p = fma(p, s, 0.04464056469220037lf);
  p = fma(p, s, 0.07500005655821883lf);
  p = fma(p, s, 0.16666666613278705lf);
  p = fma(p, s, 1.000000000000825lf);
  return p;
}
// sqrt(v) for v in [0, 1/4]: (1 - |x|)/2 is exact, and 0 at |x| = 1
double ga_m_asinf_root(double v)
{
  precise double r = ga_m_sqrtf_core(max(v, 2.938735877055719e-39lf)); // 2^-128
  return v == 0.0lf ? 0.0lf : r;
}

float ga_asinf_single(float x)
{
  precise double a = abs(ga_d(x));
  if (isnan(x) || a > 1.0lf)
    return ga_m_nanf();
  precise double v = (1.0lf - a) * 0.5lf;
  precise double z = a < 0.5lf ? a * a : v;
  precise double p = ga_m_asinf_poly(z);
  precise double s = ga_m_asinf_root(v);
  precise double r = a < 0.5lf ? a * p : 1.5707963267948966lf - 2.0lf * (s * p);
  return ga_copysign_f(ga_f(r), x);
}

float ga_acosf_single(float x)
{
  precise double xd = ga_d(x), a = abs(xd);
  if (isnan(x) || a > 1.0lf)
    return ga_m_nanf();
  precise double v = (1.0lf - a) * 0.5lf;
  precise double z = a < 0.5lf ? xd * xd : v;
  precise double p = ga_m_asinf_poly(z);
  precise double t = 2.0lf * (ga_m_asinf_root(v) * p);
  precise double r = a < 0.5lf ? 1.5707963267948966lf - xd * p : (xd > 0.0lf ? t : 3.141592653589793lf - t);
  return ga_f(r);
}

// erfinv and erfcinv of singles (Octave's are its double functions, rounded): with
// w = -log(z (2 - z)) (z = 1 - |x|; the product exact, the log logf's core), below 6.25
// |x| P1(w), beyond P2 or P3 of sqrt(w), split at 4.1 (single erfinv reaches 4.0, erfcinv
// 10.2). Chebyshev fits (mpmath at 130 digits) within 2^-38, 2^-35 and 2^-35. A C model
// refined by Newton steps on erfl/erfcl is within 1 ulp of correctly rounded at every
// 997th float in the domain (63 and 96 differ). The tails are taken by branches: under
// uniform data a warp seldom has lanes in both.
double ga_m_erfinvf_core(double w, double t)
{
  if (w < 6.25lf) {
    precise double u = (w - 3.125lf) * 0.32lf;
    precise double p = fma(u, 1.9339129658198364e-07lf, -8.358877382815253e-07lf);
    p = fma(p, u, -1.2513723844529904e-07lf);
    p = fma(p, u, 6.623529285109895e-06lf);
    p = fma(p, u, -1.1753757166627434e-05lf);
    p = fma(p, u, -1.451437800011567e-05lf);
    p = fma(p, u, 9.362303514683493e-05lf);
    p = fma(p, u, -0.00011717165816281809lf);
    p = fma(p, u, -0.0002644690708821729lf);
    p = fma(p, u, 0.0012325723157496449lf);
    p = fma(p, u, -0.001271680401278072lf);
    p = fma(p, u, -0.004137328354293833lf);
    p = fma(p, u, 0.01780836097596782lf);
    p = fma(p, u, -0.022604446448116065lf);
    p = fma(p, u, -0.05892256708627512lf);
    p = fma(p, u, 0.75049432005896lf);
    p = fma(p, u, 1.6536545626831027lf);
    precise double r = t * p;
    return r;
  }
  precise double s = ga_m_sqrtf_core(w);
  if (s < 4.1lf) {
    precise double u = (s - 3.3lf) * 1.2500000000000002lf;
    precise double p = fma(u, -1.8967296902588014e-08lf, 5.235579570121808e-07lf);
    p = fma(p, u, -2.0035917932103864e-06lf);
    p = fma(p, u, 2.640783255816515e-06lf);
    p = fma(p, u, 7.682615861905795e-06lf);
    p = fma(p, u, -7.01690387485037e-05lf);
    p = fma(p, u, 0.0003282882000878351lf);
    p = fma(p, u, -0.0011674394518672259lf);
    p = fma(p, u, 0.002750906514522712lf);
    p = fma(p, u, 0.8047620580173639lf);
    p = fma(p, u, 3.1341323159346017lf);
    return p;
  }
  precise double u = (s - 7.175lf) * 0.3252032520325203lf;
  precise double p = fma(u, -1.6420295282222562e-06lf, 4.0159429050749345e-06lf);
  p = fma(p, u, -3.864887767712279e-06lf);
  p = fma(p, u, 8.491410290193793e-06lf);
  p = fma(p, u, -2.6041371342640536e-05lf);
  p = fma(p, u, 5.6460693474182204e-05lf);
  p = fma(p, u, -0.00011188283636139732lf);
  p = fma(p, u, 0.00021488353738976547lf);
  p = fma(p, u, -0.0003633980113405373lf);
  p = fma(p, u, 0.00042683757966135907lf);
  p = fma(p, u, 0.0002924748089372531lf);
  p = fma(p, u, -0.004806540941998714lf);
  p = fma(p, u, 3.1008819428416023lf);
  p = fma(p, u, 7.045508224719113lf);
  return p;
}

float ga_erfinvf_single(float x)
{
  precise double a = abs(ga_d(x));
  if (isnan(x) || !ga_nz_f(x))
    return x;
  if (a >= 1.0lf)
    return a == 1.0lf ? ga_copysign_f(uintBitsToFloat(0x7f800000u), x) : ga_m_nanf();
  precise double w = -ga_m_logf_core((1.0lf - a) * (1.0lf + a));
  return ga_copysign_f(ga_f(ga_m_erfinvf_core(w, a)), x);
}

float ga_erfcinvf_single(float z)
{
  precise double zd = ga_d(z);
  if (isnan(z))
    return z;
  if (!(zd > 0.0lf && zd < 2.0lf))
    return zd == 0.0lf ? uintBitsToFloat(0x7f800000u) : (zd == 2.0lf ? uintBitsToFloat(0xff800000u) : ga_m_nanf());
  precise double w = -ga_m_logf_core(zd * (2.0lf - zd));
  precise double t = 1.0lf - zd;
  precise double r = ga_m_erfinvf_core(w, abs(t));
  return ga_f(t < 0.0lf ? -r : r);
}

// gamma of singles (Octave's gamma: Inf at 0 with its sign, at Inf and the negative
// integers): gamma(f) on [1, 2) from a Chebyshev fit (degree 14, 2^-37), times f (f + 1)
// ... up to z (below 36: beyond, a single overflows), z = x, x + 1 (then / x) or 1 - x
// (then the reflection pi / (sin(pi x) gamma(1 - x)), sin(pi r) from a fit of degree 6
// in r^2 on the exact r = x - round(x)). C model at every 97th float: within 1 ulp of
// correctly rounded; glibc's tgammaf, Octave's, is up to 7 ulp off (the sweep excuses
// it). The double form, glibc's steps, took 25 times a copy's time.
// gamma(z) for z in [1, 51]: the fit on [1, 2) times the product up to z
double ga_m_gammaf_core(double z)
{
  precise double f = z - floor(z) + 1.0lf;
  precise double u = 2.0lf * f - 3.0lf;
  precise double p = fma(u, 2.1530600415353899e-07lf, -6.457643835713572e-07lf);
  p = fma(p, u, 1.1291637388267724e-06lf);
  p = fma(p, u, -3.383982539658251e-06lf);
  p = fma(p, u, 1.1350707350444231e-05lf);
  p = fma(p, u, -3.393231117356351e-05lf);
  p = fma(p, u, 0.00010088706022669429lf);
  p = fma(p, u, -0.00029676686217559433lf);
  p = fma(p, u, 0.0009157947394346458lf);
  p = fma(p, u, -0.002422621609002165lf);
  p = fma(p, u, 0.00904033412486189lf);
  p = fma(p, u, -0.013411848124523808lf);
  p = fma(p, u, 0.10370336344398229lf);
  p = fma(p, u, 0.016169198658727093lf);
  p = fma(p, u, 0.886226925452758lf);
  for (precise double t = f; t < z - 0.5lf; t += 1.0lf)
    p *= t;
  return p;
}
// sin(pi x) from the exact r = x - round(x)
double ga_m_sinpif_core(double x)
{
  precise double k = floor(x + 0.5lf);
  precise double rr = x - k;
  precise double v = rr * rr;
  precise double q = fma(v, 0.0004474920849077101lf, -0.007364005472115722lf);
  q = fma(q, v, 0.08214479467064854lf);
  q = fma(q, v, -0.5992644339357286lf);
  q = fma(q, v, 2.550164035906745lf);
  q = fma(q, v, -5.167712779987959lf);
  q = fma(q, v, 3.141592653589635lf);
  precise double s = rr * q;
  return k == 2.0lf * floor(k * 0.5lf) ? s : -s;
}

float ga_gammaf_single(float xf)
{
  precise double x = ga_d(xf);
  if (isnan(xf))
    return xf;
  if (!ga_nz_f(xf))
    return ga_copysign_f(uintBitsToFloat(0x7f800000u), xf);
  if (isinf(x) || (x < 0.0lf && x == floor(x)) || x >= 36.0lf)
    return uintBitsToFloat(0x7f800000u);
  if (x <= -50.0lf) // underflows; the sign is gamma's: negative where trunc(x) is even
    return ga_trunc(x) == 2.0lf * ga_trunc(ga_trunc(x) * 0.5lf) ? -0.0 : 0.0;
  precise double g = ga_m_gammaf_core(x >= 1.0lf ? x : (x > 0.0lf ? x + 1.0lf : 1.0lf - x));
  precise double r;
  if (x >= 1.0lf)
    r = g;
  else if (x > 0.0lf)
    r = g / x;
  else
    r = 3.141592653589793lf / (ga_m_sinpif_core(x) * g);
  return ga_f(r);
}

// gammaln of singles (Octave's lgammaf where gamma > 0, log |gamma| elsewhere): on [1, 3)
// (x - 1)(x - 2) P(x - 2) (a Chebyshev fit of degree 17 within 2^-36, exact factors, so
// accurate at lgamma's zeros 1 and 2), below 1 the same at x + 1 less log(x), [3, 8)
// the log of the gamma core, from 8 Stirling's series to 1/x^7 with logf's core (2^-40),
// below 0 the reflection (Stirling's again beyond -36). C model at every 97th float:
// within 1 ulp of correctly rounded for x > 0 (3 points near negative zeros further).
double ga_m_lgammaf_stirling(double x)
{
  precise double u = ga_m_divf_core(1.0lf, min(x, 1.152921504606847e+18lf)); // (1/x beyond 2^60: nothing)
  precise double u2 = u * u;
  precise double c = u * fma(u2, fma(u2, fma(u2, -0.0005952380952380952lf, 0.0007936507936507937lf),
                                     -0.002777777777777778lf), 0.08333333333333333lf);
  precise double r = (x - 0.5lf) * (ga_m_logf_core(x) - 1.0lf) + (0.4189385332046727lf + c);
  return r;
}

float ga_lgammaf_single(float xf)
{
  precise double x = ga_d(xf);
  if (isnan(xf))
    return xf;
  if (isinf(x) || !ga_nz_f(xf) || (x < 0.0lf && x == floor(x)))
    return uintBitsToFloat(0x7f800000u);
  precise double r;
  if (x >= 8.0lf) {
    r = ga_m_lgammaf_stirling(x);
  } else if (x >= 3.0lf) {
    r = ga_m_logf_core(ga_m_gammaf_core(x));
  } else if (x > 0.0lf) {
    bool lo = x < 1.0lf;
    precise double v = lo ? x - 1.0lf : x - 2.0lf;
    precise double p = fma(v, -5.926157343507844e-07lf, 1.2415438637566427e-06lf);
    p = fma(p, v, 5.9543650952692606e-08lf);
    p = fma(p, v, -9.731305344529479e-08lf);
    p = fma(p, v, -4.860794513399682e-06lf);
    p = fma(p, v, 1.0337765749640927e-05lf);
    p = fma(p, v, -1.7030840318036683e-05lf);
    p = fma(p, v, 3.685229019378649e-05lf);
    p = fma(p, v, -8.332117815552447e-05lf);
    p = fma(p, v, 0.00018302436986256305lf);
    p = fma(p, v, -0.0004056624502292254lf);
    p = fma(p, v, 0.0009152831322329448lf);
    p = fma(p, v, -0.0021081352730488545lf);
    p = fma(p, v, 0.004998650427171173lf);
    p = fma(p, v, -0.012384192025692813lf);
    p = fma(p, v, 0.03296500027129177lf);
    p = fma(p, v, -0.10031730167539045lf);
    p = fma(p, v, 0.42278433510062985lf);
    precise double a = lo ? x : x - 1.0lf; // (z - 1)(z - 2) at z = x or x + 1, exactly
    r = a * v * p;
    r = lo ? r - ga_m_logf_core(x) : (x == 1.0lf ? 0.0lf : r); // (+0 at 1, where a v is -0)
  } else if (x > -36.0lf) {
    r = ga_m_logf_core(abs(3.141592653589793lf / (ga_m_sinpif_core(x) * ga_m_gammaf_core(1.0lf - x))));
  } else {
    r = 1.1447298858494002lf - ga_m_logf_core(abs(ga_m_sinpif_core(x))) - ga_m_lgammaf_stirling(1.0lf - x);
  }
  return ga_f(r);
}

// psi of singles: up to 6 by the recurrence, its sum of 1/(z + k) as one fraction s/p;
// from there the asymptotic series to 1/t^12 with logf's core (2^-37 at 6); below 0 the
// reflection, pi cos(pi x)/sin(pi x) from the sin(pi r) fit at x and x + 1/2 (both exact),
// folded into the same fraction: one double division. -Inf at 0 and the negative
// integers, -gamma at Inf and integers from 2^63 (ga_psi_d's). C model at every 997th float: within 0.5 eps (max (1, |psi|)) of
// a long double reference.
float ga_psif_single(float xf)
{
  precise double x = ga_d(xf);
  if (isnan(x))
    return xf;
  if (x <= 0.0lf && floor(x) == x)
    return uintBitsToFloat(0xff800000u);
  if (floor(x) == x && !(x < 9223372036854775808.0lf)) // Octave's integer path overflows there
    return ga_f(-GA_M_EULER);                          // (ga_m_psi_pos): -gamma, Inf included
  precise double z = x > 0.0lf ? x : 1.0lf - x;
  precise double p = 1.0lf, sm = 0.0lf, t = z;
  for (int k = 0; k < 6 && t < 6.0lf; k++) {
    sm = sm * t + p;
    p = p * t;
    t += 1.0lf;
  }
  precise double u = ga_m_divf_core(1.0lf, min(t, 1.152921504606847e+18lf)); // (2^60: beyond, nothing)
  precise double u2 = u * u;
  precise double a = fma(u2, -0.021092796092796094lf, 0.007575757575757576lf);
  a = fma(u2, a, -0.004166666666666667lf);
  a = fma(u2, a, 0.003968253968253968lf);
  a = fma(u2, a, -0.008333333333333333lf);
  a = fma(u2, a, 0.08333333333333333lf);
  precise double pt = ga_m_logf_core(t) - fma(u2, a, 0.5lf * u);
  bool neg = x < 0.0lf;
  precise double sn = neg ? ga_m_sinpif_core(x) : 1.0lf;
  precise double cs = neg ? 3.141592653589793lf * ga_m_sinpif_core(x + 0.5lf) : 0.0lf;
  precise double r = pt - (sm * sn + cs * p) / (p * sn);
  return ga_f(r);
}

// The tables of the groups this kernel defined GA_SHARED_<group> for, copied into shared
// memory; every invocation of the workgroup calls this once, before any leaves, with the
// workgroup's size (gl_WorkGroupSize is declared after this library).
#define GA_M_TAB_COPY(t, n) \
  for (uint j = gl_LocalInvocationIndex; j < (n); j += size) \
    GA_S_##t[j] = GA_M_##t[j];
void ga_m_tables_load(uint size)
{
#ifdef GA_SHARED_POW
  GA_M_TAB_COPY(POW_INVC, 13u)
  GA_M_TAB_COPY(POW_LOGH, 13u)
  GA_M_TAB_COPY(POW_LOGL, 13u)
#endif
#ifdef GA_SHARED_ERF
  GA_M_TAB_COPY(ERF_K, 64u)
#endif
#ifdef GA_SHARED_EXPG
  GA_M_TAB_COPY(EXP128H, 128u)
  GA_M_TAB_COPY(EXP128T, 128u)
#endif
#ifdef GA_SHARED_LOGG
  GA_M_TAB_COPY(POWLOG_INVC, 128u)
  GA_M_TAB_COPY(POWLOG_LOGC, 128u)
  GA_M_TAB_COPY(POWLOG_LOGCT, 128u)
#endif
#ifdef GA_SHARED_F32
  GA_M_TAB_COPY(EXP2F_T, 32u)
  GA_M_TAB_COPY(LOGF_INVC, 16u)
  GA_M_TAB_COPY(LOGF_LOGC, 16u)
  GA_M_TAB_COPY(POWF_LOG2C, 16u)
#endif
  barrier();
}

#endif // !GA_MATH_LITE
