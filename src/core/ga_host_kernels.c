/* The reference semantics: Octave's elementwise and reduction rules in plain C. The host
 * provider runs these; the planner runs them for what a device provider cannot do. */
#include "ga_internal.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A value as a node holds it: floating and logical classes widened to double, signed
 * integers to int64, unsigned to uint64. */
typedef struct {
  union {
    double f;
    int64_t i;
    uint64_t u;
  };
  double im; /* complex classes: the imaginary part (f the real one) */
} hval;

enum { BLOCK = 1024 };

static hval load(ga_class c, const void *base, int64_t k)
{
  hval v;
  switch (c) {
  case GA_DOUBLE: v.f = ((const double *)base)[k]; break;
  case GA_SINGLE: v.f = ((const float *)base)[k]; break;
  case GA_LOGICAL: v.f = ((const uint8_t *)base)[k] ? 1.0 : 0.0; break;
  case GA_INT8: v.i = ((const int8_t *)base)[k]; break;
  case GA_INT16: v.i = ((const int16_t *)base)[k]; break;
  case GA_INT32: v.i = ((const int32_t *)base)[k]; break;
  case GA_INT64: v.i = ((const int64_t *)base)[k]; break;
  case GA_UINT8: v.u = ((const uint8_t *)base)[k]; break;
  case GA_UINT16: v.u = ((const uint16_t *)base)[k]; break;
  case GA_UINT32: v.u = ((const uint32_t *)base)[k]; break;
  case GA_UINT64: v.u = ((const uint64_t *)base)[k]; break;
  case GA_CDOUBLE: v.f = ((const double *)base)[2 * k]; v.im = ((const double *)base)[2 * k + 1]; return v;
  case GA_CSINGLE: v.f = ((const float *)base)[2 * k]; v.im = ((const float *)base)[2 * k + 1]; return v;
  default: v.u = 0; break;
  }
  v.im = 0;
  return v;
}

static void store(ga_class c, void *base, int64_t k, hval v)
{
  switch (c) {
  case GA_DOUBLE: ((double *)base)[k] = v.f; break;
  case GA_SINGLE: ((float *)base)[k] = (float)v.f; break;
  case GA_LOGICAL: ((uint8_t *)base)[k] = v.f != 0.0; break;
  case GA_INT8: ((int8_t *)base)[k] = (int8_t)v.i; break;
  case GA_INT16: ((int16_t *)base)[k] = (int16_t)v.i; break;
  case GA_INT32: ((int32_t *)base)[k] = (int32_t)v.i; break;
  case GA_INT64: ((int64_t *)base)[k] = v.i; break;
  case GA_UINT8: ((uint8_t *)base)[k] = (uint8_t)v.u; break;
  case GA_UINT16: ((uint16_t *)base)[k] = (uint16_t)v.u; break;
  case GA_UINT32: ((uint32_t *)base)[k] = (uint32_t)v.u; break;
  case GA_UINT64: ((uint64_t *)base)[k] = v.u; break;
  case GA_CDOUBLE: ((double *)base)[2 * k] = v.f; ((double *)base)[2 * k + 1] = v.im; break;
  case GA_CSINGLE: ((float *)base)[2 * k] = (float)v.f; ((float *)base)[2 * k + 1] = (float)v.im; break;
  default: break;
  }
}

static double to_double(ga_class c, hval v)
{
  if (!ga_class_is_int(c))
    return v.f;
  return ga_class_is_signed(c) ? (double)v.i : (double)v.u;
}

/* Octave's conversion to an integer class: round half away from zero, saturate, NaN -> 0. */
static hval saturate_ld(ga_class c, long double x)
{
  hval v;
  if (isnan(x))
    x = 0;
  x = roundl(x);
  long double lo = ga_class_int_min(c), hi = ga_class_int_max(c);
  if (ga_class_is_signed(c)) {
    v.i = x <= lo ? (int64_t)lo : x >= hi ? (c == GA_INT64 ? INT64_MAX : (int64_t)hi) : (int64_t)x;
  } else {
    v.u = x <= 0 ? 0 : x >= hi ? (c == GA_UINT64 ? UINT64_MAX : (uint64_t)hi) : (uint64_t)x;
  }
  return v;
}

static hval saturate_d(ga_class c, double x)
{
  return saturate_ld(c, (long double)round(isnan(x) ? 0.0 : x));
}

static double float_op(ga_binop op, double a, double b)
{
  switch (op) {
  case GA_OP_PLUS: return a + b;
  case GA_OP_MINUS: return a - b;
  case GA_OP_TIMES: return a * b;
  case GA_OP_POWER: return pow(a, b); /* Octave's .^ is the C library's pow */
  default: return a / b;
  }
}

static float single_op(ga_binop op, float a, float b)
{
  switch (op) {
  case GA_OP_PLUS: return a + b;
  case GA_OP_MINUS: return a - b;
  case GA_OP_TIMES: return a * b;
  case GA_OP_POWER: /* Octave's std::pow (float, int) promotes an integer exponent to double */
    return b == floorf(b) && isfinite(b) ? (float)pow((double)a, (double)b) : powf(a, b);
  default: return a / b;
  }
}

/* An exact integer saturated to the range of integer class c. */
static hval clamp_int(ga_class c, __int128 r)
{
  hval v;
  if (ga_class_is_signed(c)) {
    __int128 lo = c == GA_INT64 ? (__int128)INT64_MIN : (__int128)ga_class_int_min(c);
    __int128 hi = c == GA_INT64 ? (__int128)INT64_MAX : (__int128)ga_class_int_max(c);
    v.i = (int64_t)(r < lo ? lo : r > hi ? hi : r);
  } else {
    __int128 hi = c == GA_UINT64 ? (__int128)UINT64_MAX : (__int128)ga_class_int_max(c);
    v.u = (uint64_t)(r < 0 ? 0 : r > hi ? hi : r);
  }
  return v;
}

/* Exact int64/uint64 arithmetic: 128-bit intermediates, Octave's rounding for division
 * (half away from zero) and its saturation, x/0 -> intmax/intmin, 0/0 -> 0. */
static hval int_exact_op(ga_binop op, ga_class c, __int128 a, __int128 b)
{
  __int128 r;
  switch (op) {
  case GA_OP_PLUS: r = a + b; break;
  case GA_OP_MINUS: r = a - b; break;
  case GA_OP_TIMES: {
    /* |a|, |b| < 2^64, so the magnitude of the product fits 128 unsigned bits */
    unsigned __int128 ma = (unsigned __int128)(a < 0 ? -a : a);
    unsigned __int128 mb = (unsigned __int128)(b < 0 ? -b : b);
    unsigned __int128 p = ma * mb, cap = (unsigned __int128)1 << 65;
    if (p > cap)
      p = cap;
    r = ((a < 0) != (b < 0)) ? -(__int128)p : (__int128)p;
  } break;
  default:
    if (b == 0) {
      r = a > 0 ? ((__int128)1 << 64) : a < 0 ? -((__int128)1 << 64) : 0;
    } else {
      __int128 q = a / b, m = a % b;
      __int128 am = m < 0 ? -m : m, ab = b < 0 ? -b : b;
      if (2 * am >= ab)
        q += ((a < 0) != (b < 0)) ? -1 : 1;
      r = q;
    }
    break;
  }
  return clamp_int(c, r);
}

static __int128 to_i128(ga_class c, hval v)
{
  if (!ga_class_is_int(c))
    return v.f != 0.0; /* logical */
  return ga_class_is_signed(c) ? (__int128)v.i : (__int128)v.u;
}

/* -1, 0, 1, or 2 when unordered (NaN): exact for every pair of classes */
static int compare_exact(ga_class ca, hval a, ga_class cb, hval b)
{
  bool fa = !ga_class_is_int(ca), fb = !ga_class_is_int(cb);
  if (fa && fb)
    return isnan(a.f) || isnan(b.f) ? 2 : a.f < b.f ? -1 : a.f > b.f;
  if (fa || fb) {
    /* Octave's rule for a 64-bit integer against a double: compare in double; only on
     * equality compare as integers, with intmax taken as greater and intmin('int64') as
     * smaller than the double they round to */
    bool swap = fa;
    ga_class ci = swap ? cb : ca;
    __int128 x = to_i128(ci, swap ? b : a);
    double y = swap ? a.f : b.f, xx = (double)x;
    int r;
    if (isnan(y))
      return 2;
    if (xx != y)
      r = xx < y ? -1 : 1;
    else if (xx == (ci == GA_UINT64 ? 0x1p64 : 0x1p63))
      r = 1;
    else if (ci == GA_INT64 && xx == -0x1p63)
      r = -1;
    else
      r = x < (__int128)xx ? -1 : x > (__int128)xx;
    return swap ? -r : r;
  }
  __int128 x = to_i128(ca, a), y = to_i128(cb, b);
  return x < y ? -1 : x > y;
}

static bool compare_holds(ga_binop op, int c)
{
  switch (op) {
  case GA_OP_EQ: return c == 0;
  case GA_OP_NE: return c != 0;
  case GA_OP_LT: return c == -1;
  case GA_OP_LE: return c == -1 || c == 0;
  case GA_OP_GT: return c == 1;
  default: return c == 1 || c == 0;
  }
}

static bool truth(ga_class c, hval v)
{
  return ga_class_is_int(c) ? v.u != 0 : v.f != 0.0;
}

/* erfinv and erfcinv (Octave has its own, not the C library's): Giles' double-precision
 * guess (M. Giles, "Approximating the erfinv function", GPU Computing Gems Jade, 2011),
 * then one Halley step on erf (erfc where that is the better conditioned residual); erf
 * (y) - c as (y - c) + y R/S with fdlibm's erf rational function on |y| < 0.84375 (y - c
 * exact); beyond the guess's range (erfcinv below ~1e-16) an asymptotic guess and four
 * steps; in the far tail of erfcinv the equation is solved in logarithms with erfc's
 * asymptotic series, where erfc itself would be subnormal.
 * shaders/ga_math.glsl (ga_erfinv_d, ga_erfcinv_d) runs the same steps. */
#define GA_2_SQRTPI 1.1283791670955126
static double erfinv_giles(double w)
{
  double p;
  if (w < 6.25) {
    w = w - 3.125;
    p = -3.6444120640178196996e-21;
    p = -1.685059138182016589e-19 + p * w;
    p = 1.2858480715256400167e-18 + p * w;
    p = 1.115787767802518096e-17 + p * w;
    p = -1.333171662854620906e-16 + p * w;
    p = 2.0972767875968561637e-17 + p * w;
    p = 6.6376381343583238325e-15 + p * w;
    p = -4.0545662729752068639e-14 + p * w;
    p = -8.1519341976054721522e-14 + p * w;
    p = 2.6335093153082322977e-12 + p * w;
    p = -1.2975133253453532498e-11 + p * w;
    p = -5.4154120542946279317e-11 + p * w;
    p = 1.051212273321532285e-09 + p * w;
    p = -4.1126339803469836976e-09 + p * w;
    p = -2.9070369957882005086e-08 + p * w;
    p = 4.2347877827932403518e-07 + p * w;
    p = -1.3654692000834678645e-06 + p * w;
    p = -1.3882523362786468719e-05 + p * w;
    p = 0.0001867342080340571352 + p * w;
    p = -0.00074070253416626697512 + p * w;
    p = -0.0060336708714301490533 + p * w;
    p = 0.24015818242558961693 + p * w;
    p = 1.6536545626831027356 + p * w;
  } else if (w < 16.0) {
    w = sqrt(w) - 3.25;
    p = 2.2137376921775787049e-09;
    p = 9.0756561938885390979e-08 + p * w;
    p = -2.7517406297064545428e-07 + p * w;
    p = 1.8239629214389227755e-08 + p * w;
    p = 1.5027403968909827627e-06 + p * w;
    p = -4.013867526981545969e-06 + p * w;
    p = 2.9234449089955446044e-06 + p * w;
    p = 1.2475304481671778723e-05 + p * w;
    p = -4.7318229009055733981e-05 + p * w;
    p = 6.8284851459573175448e-05 + p * w;
    p = 2.4031110387097893999e-05 + p * w;
    p = -0.0003550375203628474796 + p * w;
    p = 0.00095328937973738049703 + p * w;
    p = -0.0016882755560235047313 + p * w;
    p = 0.0024914420961078508066 + p * w;
    p = -0.0037512085075692412107 + p * w;
    p = 0.005370914553590063617 + p * w;
    p = 1.0052589676941592334 + p * w;
    p = 3.0838856104922207635 + p * w;
  } else {
    w = sqrt(w) - 5.0;
    p = -2.7109920616438573243e-11;
    p = -2.5556418169965252055e-10 + p * w;
    p = 1.5076572693500548083e-09 + p * w;
    p = -3.7894654401267369937e-09 + p * w;
    p = 7.6157012080783393804e-09 + p * w;
    p = -1.4960026627149240478e-08 + p * w;
    p = 2.9147953450901080826e-08 + p * w;
    p = -6.7711997758452339498e-08 + p * w;
    p = 2.2900482228026654717e-07 + p * w;
    p = -9.9298272942317002539e-07 + p * w;
    p = 4.5260625972231537039e-06 + p * w;
    p = -1.9681778105531670567e-05 + p * w;
    p = 7.5995277030017761139e-05 + p * w;
    p = -0.00021503011930044477347 + p * w;
    p = -0.00013871931833623122026 + p * w;
    p = 1.0103004648645343977 + p * w;
    p = 4.8499064014085844221 + p * w;
  }
  return p;
}

/* fdlibm's erf (x) - x = x R/S on |x| < 0.84375, with z = x^2 (s_erf.c's evaluation) */
static double erf_rs(double z)
{
  double z2 = z * z, z4 = z2 * z2;
  double r = (0.12837916709551256 + z * -0.3250421072470015) + z2 * (-0.02848174957559851 + z * -0.005770270296489442) +
             z4 * -2.3763016656650163e-05;
  double s = (1.0 + z * 0.39791722395915535) + z2 * (0.0650222499887673 + z * 0.005081306281875766) +
             z4 * (0.00013249473800432164 + z * -3.960228278775368e-06);
  return r / s;
}

/* y >= 0 with erfc (y) = z, for 0 < z <= 1; c = 1 - z when that is exact (x of erfinv) */
static double erfc_solve(double z, double c, bool have_c)
{
  double w = -log(z * (2.0 - z)), y;
  int steps = 1;
  if (w > 36.5) { /* z below ~1e-16 (erfcinv only): erfc (y) ~ exp (-y^2) / (y sqrt (pi)) */
    bool logs = z < 1e-200; /* erfc (y) would be subnormal: solve log erfc (y) = log z */
    double t = -log(z);
    y = sqrt(t);
    for (int i = 0; i < (logs ? 6 : 3); i++) {
      double ly = log(y * 1.772453850905516);
      if (i < 3) {
        y = sqrt(t - ly);
      } else { /* log erfc (y) = -y^2 - log (y sqrt (pi)) + log (S (y)), S the asymptotic series */
        double v = 1.0 / (2.0 * y * y), term = 1.0, sum = 1.0;
        for (int k = 1; k <= 9; k++) {
          term *= -(2.0 * k - 1.0) * v;
          sum += term;
        }
        double g = -y * y - ly + log(sum) + t; /* log erfc (y) - log z */
        double dg = -2.0 * y - 1.0 / y;       /* its derivative, closely */
        y -= g / dg;
      }
    }
    if (logs)
      return y;
    steps = 4;
  } else {
    y = (have_c ? c : 1.0 - z) * erfinv_giles(w);
  }
  bool small = have_c && c < 0.5; /* then y < 0.48 */
  for (int i = 0; i < steps; i++) {
    double f = small ? (y - c) + y * erf_rs(y * y) : z - erfc(y); /* erf (y) - x, both ways */
    double d = y < 9.0 ? (double)expf((float)(-y * y)) : exp(-y * y); /* scales a correction of a few ulp */
    y -= f / (GA_2_SQRTPI * d + y * f); /* Halley's y - u / (1 + y u), u = f / D, in one quotient */
  }
  return y;
}

/* erfinv (a) = a P (w), w = -log ((1 - a) (1 + a)), where w < 6.25: the device's central
 * range (shaders/ga_math.glsl's ga_m_erfinv_central says how) with the same polynomial,
 * double-double steps and exact products; w's log from long double (64 bits or more on
 * the x86-64 and arm64 Linux this builds for) where the device uses glibc's log with its
 * tail. a = ah + al, 1 - a = uh + ul, 1 + a = vh + vl; false where w >= 6.25. */
static void add12(double a, double b, double *s, double *e)
{
  double ss = a + b, bb = ss - a;
  *e = (a - (ss - bb)) + (b - bb);
  *s = ss;
}
static void fast12(double a, double b, double *s, double *e)
{
  double ss = a + b;
  *e = b - (ss - a);
  *s = ss;
}
static void dd_horner(double *qh, double *ql, double th, double tl, double ch, double cl)
{
  double mh = *qh * th, me = fma(*qh, th, -mh), sh, se;
  fast12(ch, mh, &sh, &se); /* |c0| > |t (c1 + ...)|, |c1| > |t (c2 + ...)| on the range */
  fast12(sh, se + (cl + (me + (*qh * tl + *ql * th))), qh, ql);
}
static bool erfinv_central(double ah, double al, double uh, double ul, double vh, double vl, double *y)
{
  double p = uh * vh, ph, pl;
  fast12(p, fma(uh, vh, -p) + (uh * vl + ul * vh), &ph, &pl);
  if (!(ph > 0.0019304541362277093)) /* exp (-6.25) */
    return false;
  long double lw = -logl((long double)ph);
  double wh = (double)lw, wl = (double)(lw - wh) - pl / ph, th, te;
  add12(wh, -3.125, &th, &te);
  double tl = te + wl;
  double q = -5.01880274073273e-25;
  q = fma(q, th, 8.538916980097899e-24);
  q = fma(q, th, 1.2540037608649467e-23);
  q = fma(q, th, -8.805243002913588e-22);
  q = fma(q, th, 3.47517101352878e-21);
  q = fma(q, th, 3.398938840075658e-20);
  q = fma(q, th, -3.6419585581582217e-19);
  q = fma(q, th, 3.9008119572788153e-19);
  q = fma(q, th, 1.5843805385282317e-17);
  q = fma(q, th, -1.1999591144793925e-16);
  q = fma(q, th, -4.312824689777338e-17);
  q = fma(q, th, 6.506995655763601e-15);
  q = fma(q, th, -3.9993500945467437e-14);
  q = fma(q, th, -8.065484614857114e-14);
  q = fma(q, th, 2.630402046495007e-12);
  q = fma(q, th, -1.297899972382595e-11);
  q = fma(q, th, -5.414264408592681e-11);
  q = fma(q, th, 1.0512237596766607e-09);
  q = fma(q, th, -4.112661220815192e-09);
  q = fma(q, th, -2.9070391740235368e-08);
  q = fma(q, th, 4.234788177920832e-07);
  q = fma(q, th, -1.3654691755641906e-06);
  q = fma(q, th, -1.3882523394626009e-05);
  q = fma(q, th, 0.00018673420801971447);
  q = fma(q, th, -0.0007407025341544304);
  q = fma(q, th, -0.006033670871426843);
  double qh = q, ql = 0.0;
  dd_horner(&qh, &ql, th, tl, 0.2401581824255883, 1.0058235233521348e-17);
  dd_horner(&qh, &ql, th, tl, 1.6536545626831027, -2.3557057400672906e-17);
  *y = fma(ah, qh, ah * ql + al * qh);
  return true;
}

static double host_erfinv(double x)
{
  if (isnan(x))
    return x;
  double ax = fabs(x);
  if (ax > 1.0)
    return NAN;
  if (ax == 1.0)
    return copysign(INFINITY, x);
  if (x == 0.0)
    return x;
  double uh, ul, vh, vl, y;
  fast12(1.0, -ax, &uh, &ul);
  fast12(1.0, ax, &vh, &vl);
  if (!erfinv_central(ax, 0.0, uh, ul, vh, vl, &y))
    y = erfc_solve(1.0 - ax, ax, true); /* 1 - ax: exact from 0.5 up, where it matters */
  return copysign(y, x);
}

static double host_erfcinv(double z)
{
  if (isnan(z))
    return z;
  if (z < 0.0 || z > 2.0)
    return NAN;
  if (z == 0.0)
    return INFINITY;
  if (z == 2.0)
    return -INFINITY;
  if (z == 1.0)
    return 0.0;
  bool neg = z > 1.0;
  double zz = neg ? 2.0 - z : z; /* exact */
  double ah, al, vh, vl, y;
  fast12(1.0, -zz, &ah, &al);
  fast12(2.0, -zz, &vh, &vl);
  if (!erfinv_central(ah, al, zz, 0.0, vh, vl, &y))
    y = neg ? erfc_solve(zz, z - 1.0, z - 1.0 >= 0.5) : erfc_solve(z, 1.0 - z, z >= 0.5);
  return neg ? -y : y;
}

/* Octave's psi (liboctave's xpsi, double and float instantiations) step by step; its
 * sums of z terms at integers and half integers stop at 1024 terms, as on the device
 * (shaders/ga_math.glsl says why), larger ones take the series. */
#define PSI_EULER 0.577215664901532860606512090082402431042
#define PSI_PI 3.14159265358979323846
static const double psi_coeff[10] = {-0.83333333333333333e-1, 0.83333333333333333e-2, -0.39682539682539683e-2,
                                     0.41666666666666667e-2,  -0.75757575757575758e-2, 0.21092796092796093e-1,
                                     -0.83333333333333333e-1, 0.4432598039215686,      -0.3053954330270122e+1,
                                     0.125318899521531e+2};

static double psi_series(double zc)
{
  double o2 = 1.0 / (zc * zc), o = o2, p = 0;
  for (int k = 0; k < 10; k++, o *= o2)
    p += psi_coeff[k] * o;
  return p + (log(zc) - 0.5 / zc);
}

static float psi_series_f(float zc)
{
  float o2 = 1.0f / (zc * zc), o = o2, p = 0;
  for (int k = 0; k < 10; k++, o *= o2)
    p += (float)psi_coeff[k] * o;
  return p + (logf(zc) - 0.5f / zc);
}

static double host_psi(double z)
{
  double p = 0;
  if (z <= 0)
    return floor(z) == z ? -INFINITY : host_psi(1 - z) - PSI_PI / tan(PSI_PI * z);
  if (floor(z) == z) {
    if (!(z < 0x1p63))
      return -PSI_EULER;
    if (z > 1025)
      return psi_series(z);
    p = -PSI_EULER;
    for (int64_t k = (int64_t)z - 1; k > 0; k--)
      p += 1.0 / (double)k;
    return p;
  }
  if (floor(z + 0.5) == z + 0.5) {
    if (z > 1024)
      return psi_series(z);
    for (int64_t k = (int64_t)z; k > 0; k--)
      p += 1.0 / (double)(2 * k - 1);
    return -PSI_EULER - 2 * log(2.0) + 2 * p;
  }
  double zc = z;
  if (z < 10) {
    int n = (int)(10 - z);
    for (int k = n - 1; k >= 0; k--)
      p -= 1.0 / (k + z);
    zc += n;
  }
  return p + psi_series(zc);
}

/* the float instantiation: float sums of double terms, double reflection */
static float host_psi_f(float z)
{
  float p = 0;
  if (z <= 0)
    return floorf(z) == z ? -INFINITY : (float)(host_psi_f(1 - z) - PSI_PI / tan(PSI_PI * z));
  if (floorf(z) == z) {
    if (!(z < 0x1p63f))
      return (float)-PSI_EULER;
    if (z > 1025)
      return psi_series_f(z);
    p = (float)-PSI_EULER;
    for (int64_t k = (int64_t)z - 1; k > 0; k--)
      p = (float)(p + 1.0 / (double)k);
    return p;
  }
  if (floor(z + 0.5) == z + 0.5) {
    if (z > 1024)
      return psi_series_f(z);
    for (int64_t k = (int64_t)z; k > 0; k--)
      p = (float)(p + 1.0 / (double)(2 * k - 1));
    return (float)(-PSI_EULER - 2 * log(2.0) + 2 * (double)p);
  }
  float zc = z;
  if (z < 10) {
    int n = (int)(10 - z);
    for (int k = n - 1; k >= 0; k--)
      p = (float)(p - 1.0 / (double)(k + z));
    zc += (float)n;
  }
  return p + psi_series_f(zc);
}

/* Octave's psi of complex values (lo-specfun.cc's xpsi for std::complex<T>) step by
 * step: the real psi where the imaginary part is 0; psi (1 - z) - pi / tan (pi z) where
 * the real part is negative; else the recurrence up to Re >= 8 (8 - Re truncated to an
 * unsigned char) and lanczos_approximation_psi instantiated for std::complex<T>, whose
 * coefficients are complex (complex products). Written with C's complex arithmetic,
 * which GCC compiles as libstdc++'s: complex products inline with libgcc's __muldc3
 * where both parts come out NaN, quotients through __divdc3 (a real numerator as
 * complex (x, 0), as libstdc++ writes x / z), a real operand of + - * part by part;
 * clog and ctan are glibc's. The float instantiation computes in float throughout. */
static double complex cpsi_series(double complex zc)
{
  double complex o2 = CMPLX(1.0, 0.0) / (zc * zc), o = o2, p = CMPLX(0.0, 0.0);
  for (int k = 0; k < 10; k++, o *= o2)
    p += CMPLX(psi_coeff[k], 0.0) * o;
  p += clog(zc) - CMPLX(0.5, 0.0) / zc;
  return p;
}

static float complex cpsi_series_f(float complex zc)
{
  float complex o2 = CMPLXF(1.0f, 0.0f) / (zc * zc), o = o2, p = CMPLXF(0.0f, 0.0f);
  for (int k = 0; k < 10; k++, o *= o2)
    p += CMPLXF((float)psi_coeff[k], 0.0f) * o;
  p += clogf(zc) - CMPLXF(0.5f, 0.0f) / zc;
  return p;
}

static double complex host_cpsi(double complex z)
{
  double zr = creal(z);
  double complex dgam = CMPLX(0.0, 0.0);
  if (cimag(z) == 0)
    return CMPLX(host_psi(zr), 0.0);
  if (zr < 0)
    return host_cpsi(1.0 - z) - CMPLX(PSI_PI, 0.0) / ctan(PSI_PI * z);
  double complex zm = z;
  if (zr < 8) {
    unsigned char n = (unsigned char)(8 - zr);
    zm = z + CMPLX((double)n, 0.0);
    double complex zp = z + (double)(n - 1);
    for (unsigned char k = n; k > 0; k--, zp -= 1.0)
      dgam -= CMPLX(1.0, 0.0) / zp;
  }
  dgam += cpsi_series(zm);
  return dgam;
}

static float complex host_cpsi_f(float complex z)
{
  float zr = crealf(z);
  float complex dgam = CMPLXF(0.0f, 0.0f);
  if (cimagf(z) == 0)
    return CMPLXF(host_psi_f(zr), 0.0f);
  if (zr < 0)
    return host_cpsi_f(1.0f - z) - CMPLXF((float)PSI_PI, 0.0f) / ctanf((float)PSI_PI * z);
  float complex zm = z;
  if (zr < 8) {
    unsigned char n = (unsigned char)(8 - zr);
    zm = z + CMPLXF((float)n, 0.0f);
    float complex zp = z + (float)(n - 1);
    for (unsigned char k = n; k > 0; k--, zp -= 1.0f)
      dgam -= CMPLXF(1.0f, 0.0f) / zp;
  }
  dgam += cpsi_series_f(zm);
  return dgam;
}

/* Octave's elementary functions are the C library's: the same calls give its results. */
double ga_host_unop_function(ga_unop op, double x)
{
  switch (op) {
  case GA_UOP_SQRT: return sqrt(x);
  case GA_UOP_EXP: return exp(x);
  case GA_UOP_EXPM1: return expm1(x);
  case GA_UOP_LOG: return log(x);
  case GA_UOP_LOG2: return log2(x);
  case GA_UOP_LOG10: return log10(x);
  case GA_UOP_LOG1P: return log1p(x);
  case GA_UOP_SIN: return sin(x);
  case GA_UOP_COS: return cos(x);
  case GA_UOP_TAN: return tan(x);
  case GA_UOP_ASIN: return asin(x);
  case GA_UOP_ACOS: return acos(x);
  case GA_UOP_ATAN: return atan(x);
  case GA_UOP_SINH: return sinh(x);
  case GA_UOP_COSH: return cosh(x);
  case GA_UOP_TANH: return tanh(x);
  case GA_UOP_ASINH: return asinh(x);
  case GA_UOP_ACOSH: return acosh(x);
  case GA_UOP_ATANH: return atanh(x);
  case GA_UOP_CBRT: return cbrt(x);
  case GA_UOP_ERF: return erf(x);
  case GA_UOP_ERFC: return erfc(x);
  case GA_UOP_GAMMA: /* Octave's xgamma: MATLAB's values at the poles and at -Inf */
    if (x == 0)
      return copysign(INFINITY, x);
    if ((x < 0 && x == floor(x)) || isinf(x))
      return INFINITY;
    return tgamma(x);
  case GA_UOP_ERFINV: return host_erfinv(x);
  case GA_UOP_ERFCINV: return host_erfcinv(x);
  case GA_UOP_ERFCX: return ga_fad_erfcx(x);
  case GA_UOP_PSI: return host_psi(x);
  case GA_UOP_EXPINT: return ga_host_expint(x, false);
  default: return lgamma(x);
  }
}

float ga_host_unop_function_single(ga_unop op, float x)
{
  switch (op) {
  case GA_UOP_SQRT: return sqrtf(x);
  case GA_UOP_EXP: return expf(x);
  case GA_UOP_EXPM1: return expm1f(x);
  case GA_UOP_LOG: return logf(x);
  case GA_UOP_LOG2: return log2f(x);
  case GA_UOP_LOG10: return log10f(x);
  case GA_UOP_LOG1P: return log1pf(x);
  case GA_UOP_SIN: return sinf(x);
  case GA_UOP_COS: return cosf(x);
  case GA_UOP_TAN: return tanf(x);
  case GA_UOP_ASIN: return asinf(x);
  case GA_UOP_ACOS: return acosf(x);
  case GA_UOP_ATAN: return atanf(x);
  case GA_UOP_SINH: return sinhf(x);
  case GA_UOP_COSH: return coshf(x);
  case GA_UOP_TANH: return tanhf(x);
  case GA_UOP_ASINH: return asinhf(x);
  case GA_UOP_ACOSH: return acoshf(x);
  case GA_UOP_ATANH: return atanhf(x);
  case GA_UOP_CBRT: return cbrtf(x);
  case GA_UOP_ERF: return erff(x);
  case GA_UOP_ERFC: return erfcf(x);
  case GA_UOP_GAMMA: /* Octave's xgamma for single: tgammaf, with the same pole rules */
    if (x == 0)
      return copysignf(INFINITY, x);
    if ((x < 0 && x == floorf(x)) || isinf(x))
      return INFINITY;
    return tgammaf(x);
  /* Octave computes single erfinv in double, without its refinement step */
  case GA_UOP_ERFINV: return (float)host_erfinv(x);
  case GA_UOP_ERFCINV: return (float)host_erfcinv(x);
  case GA_UOP_ERFCX: return (float)ga_fad_erfcx(x); /* Octave's float erfcx is the double one */
  case GA_UOP_PSI: return host_psi_f(x);
  case GA_UOP_EXPINT: return (float)ga_host_expint(x, true);
  default: return lgammaf(x);
  }
}

bool ga_unop_has_complex_domain(ga_unop op)
{
  switch (op) {
  case GA_UOP_SQRT: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10: case GA_UOP_LOG1P:
  case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ACOSH: case GA_UOP_ATANH: case GA_UOP_LGAMMA:
    return true;
  default:
    return false;
  }
}

/* ---- complex values ------------------------------------------------------------------
 * Octave computes with std::complex, whose operations and functions are C99's here
 * (libgcc's __muldc3 and __divdc3 with their Inf and NaN rules, glibc's csqrt, cexp,
 * ...): the same C calls give Octave's results. A real operand of a complex operation
 * stays real where std::complex has a mixed operator (z * x is (re x, im x), not the
 * complex product, which differs for Inf and NaN); single precision computes in float
 * complex, as Octave's FloatComplex. */
#define GA_PI 3.14159265358979323846
#define GA_LN2 0.69314718055994530942
#define GA_LN10 2.30258509299404568402

static hval hc(double re, double im)
{
  hval r;
  r.f = re;
  r.im = im;
  return r;
}

static hval hcd(double complex z) { return hc(creal(z), cimag(z)); }
static hval hcf(float complex z) { return hc(crealf(z), cimagf(z)); }

static double re_of(ga_class c, hval v) { return ga_class_is_complex(c) ? v.f : to_double(c, v); }
static double im_of(ga_class c, hval v) { return ga_class_is_complex(c) ? v.im : 0.0; }

/* Octave's ordering of complex values (oct-cmplx.h): by abs, then by arg, where an
 * arg of -pi counts as pi; a real operand's arg is taken as 0 whatever its sign
 * (measured: [-2 -2] < [2i 2i] holds, as does -2i < -2). */
static bool complex_order(ga_binop op, bool single, ga_class ca, hval a, ga_class cb, hval b)
{
  double ax, bx, ay, by;
  double ar = re_of(ca, a), ai = im_of(ca, a), br = re_of(cb, b), bi = im_of(cb, b);
  if (single) {
    ax = hypotf((float)ar, (float)ai);
    bx = hypotf((float)br, (float)bi);
  } else {
    ax = hypot(ar, ai);
    bx = hypot(br, bi);
  }
  if (ax == bx) {
    double pi = single ? (double)(float)GA_PI : GA_PI;
    ay = !ga_class_is_complex(ca) ? 0.0 : single ? (double)atan2f((float)ai, (float)ar) : atan2(ai, ar);
    by = !ga_class_is_complex(cb) ? 0.0 : single ? (double)atan2f((float)bi, (float)br) : atan2(bi, br);
    if (ay == -pi)
      ay = pi;
    if (by == -pi)
      by = pi;
    ax = ay;
    bx = by;
  }
  switch (op) {
  case GA_OP_LT: return ax < bx;
  case GA_OP_LE: return ax <= bx;
  case GA_OP_GT: return ax > bx;
  default: return ax >= bx;
  }
}

/* libstdc++'s pow (complex, int): repeated squaring */
#define DEFINE_CPOW_INT(T, SUF)                                                                                     \
  static T complex cpow_int_##SUF(T complex x, long n)                                                             \
  {                                                                                                                \
    unsigned long m = n < 0 ? -(unsigned long)n : (unsigned long)n;                                                \
    T complex y = m % 2 ? x : (T complex)1;                                                                        \
    while (m >>= 1) {                                                                                              \
      x = x * x;                                                                                                   \
      if (m % 2)                                                                                                   \
        y = y * x;                                                                                                 \
    }                                                                                                              \
    return n < 0 ? (T complex)1 / y : y;                                                                           \
  }
DEFINE_CPOW_INT(double, d)
DEFINE_CPOW_INT(float, f)

/* Octave's .^ with a complex operand (elem_xpow, libstdc++'s pow overloads):
 * complex .^ integer by squaring (-1 a quotient), complex .^ real through the
 * logarithm (a positive real base by the real pow), real .^ complex through polar
 * form for a positive base, complex .^ complex as cpow. */
static hval complex_power(ga_class ca, hval a, ga_class cb, hval b, bool single)
{
  double ar = re_of(ca, a), ai = im_of(ca, a), br = re_of(cb, b), bi = im_of(cb, b);
  /* a real base here is one Octave converted because some base was negative */
  bool za = ga_class_is_complex(ca), ca_c = za || ar < 0, cb_c = ga_class_is_complex(cb);
  if (single) {
    float complex x = CMPLXF((float)ar, (float)ai), y = CMPLXF((float)br, (float)bi);
    float yr = (float)br, xr = (float)ar;
    if (!cb_c) {
      if (za && yr == floorf(yr) && isfinite(yr) && fabsf(yr) < 0x1p31f)
        return yr == -1 ? hcf(1.0f / x) : hcf(cpow_int_f(x, (long)yr));
      if (cimagf(x) == 0 && crealf(x) > 0)
        return hc(powf(crealf(x), yr), 0);
      float complex t = clogf(x);
      float rho = expf(yr * crealf(t)), th = yr * cimagf(t);
      return hc(rho * cosf(th), rho * sinf(th));
    }
    if (!ca_c && xr > 0) {
      float rho = powf(xr, crealf(y)), th = cimagf(y) * logf(xr);
      return hc(rho * cosf(th), rho * sinf(th));
    }
    return hcf(cpowf(x, y));
  }
  double complex x = CMPLX(ar, ai), y = CMPLX(br, bi);
  if (!cb_c) {
    if (za && br == floor(br) && isfinite(br) && fabs(br) < 0x1p31)
      return br == -1 ? hcd(1.0 / x) : hcd(cpow_int_d(x, (long)br));
    if (ai == 0 && ar > 0)
      return hc(pow(ar, br), 0);
    double complex t = clog(x);
    double rho = exp(br * creal(t)), th = br * cimag(t);
    return hc(rho * cos(th), rho * sin(th));
  }
  if (!ca_c && ar > 0) {
    double rho = pow(ar, br), th = bi * log(ar);
    return hc(rho * cos(th), rho * sin(th));
  }
  return hcd(cpow(x, y));
}

/* + - .* ./ with at least one complex operand, in the class's precision */
static hval complex_arith(ga_binop op, bool single, ga_class ca, hval a, ga_class cb, hval b)
{
  bool za = ga_class_is_complex(ca), zb = ga_class_is_complex(cb);
  double ar = re_of(ca, a), ai = im_of(ca, a), br = re_of(cb, b), bi = im_of(cb, b);
  if (single) {
    float xr = (float)ar, xi = (float)ai, yr = (float)br, yi = (float)bi;
    switch (op) {
    case GA_OP_PLUS: return za && zb ? hc(xr + yr, xi + yi) : za ? hc(xr + yr, xi) : hc(xr + yr, yi);
    case GA_OP_MINUS: return za && zb ? hc(xr - yr, xi - yi) : za ? hc(xr - yr, xi) : hc(xr - yr, -yi);
    case GA_OP_TIMES:
      if (za && zb)
        return hcf(CMPLXF(xr, xi) * CMPLXF(yr, yi));
      return za ? hc(xr * yr, xi * yr) : hc(xr * yr, xr * yi);
    default:
      if (za && !zb)
        return hc(xr / yr, xi / yr);
      return hcf(CMPLXF(xr, xi) / CMPLXF(yr, yi));
    }
  }
  switch (op) {
  case GA_OP_PLUS: return za && zb ? hc(ar + br, ai + bi) : za ? hc(ar + br, ai) : hc(ar + br, bi);
  case GA_OP_MINUS: return za && zb ? hc(ar - br, ai - bi) : za ? hc(ar - br, ai) : hc(ar - br, -bi);
  case GA_OP_TIMES:
    if (za && zb)
      return hcd(CMPLX(ar, ai) * CMPLX(br, bi));
    return za ? hc(ar * br, ai * br) : hc(ar * br, ar * bi);
  default:
    if (za && !zb)
      return hc(ar / br, ai / br);
    return hcd(CMPLX(ar, ai) / CMPLX(br, bi));
  }
}

/* A binary node with a complex operand or result. */
static hval complex_binary(const ga_xnode *n, ga_class ca, hval a, ga_class cb, hval b)
{
  bool single = n->cls == GA_CSINGLE || n->mode == GA_CM_CMP_SINGLE;
  double ar = re_of(ca, a), ai = im_of(ca, a), br = re_of(cb, b), bi = im_of(cb, b);
  hval r = hc(0, 0);
  if (n->op == GA_OP_COMPLEX)
    return single ? hc((float)ar, (float)br) : hc(ar, br);
  if (single) {
    ar = (float)ar;
    ai = (float)ai;
    br = (float)br;
    bi = (float)bi;
  }
  switch (n->op) {
  case GA_OP_EQ: r.f = ar == br && ai == bi; return r;
  case GA_OP_NE: r.f = !(ar == br && ai == bi); return r;
  case GA_OP_LT: case GA_OP_LE: case GA_OP_GT: case GA_OP_GE:
    r.f = complex_order(n->op, single, ca, a, cb, b);
    return r;
  case GA_OP_AND: case GA_OP_OR: case GA_OP_XOR: {
    bool x = ar != 0 || ai != 0, y = br != 0 || bi != 0;
    r.f = n->op == GA_OP_AND ? (x && y) : n->op == GA_OP_OR ? (x || y) : (x != y);
    return r;
  }
  case GA_OP_POWER: return complex_power(ca, a, cb, b, n->cls == GA_CSINGLE);
  case GA_OP_MAX: case GA_OP_MIN: {
    /* Octave's max (x, y) of complex values (lo-mappers.h): by abs alone, x kept on ties
     * and whenever x is NaN, so a NaN on either side wins */
    double ax = single ? (double)hypotf((float)ar, (float)ai) : hypot(ar, ai);
    double bx = single ? (double)hypotf((float)br, (float)bi) : hypot(br, bi);
    bool keep = n->op == GA_OP_MAX ? ax >= bx : ax <= bx;
    return keep || isnan(ar) || isnan(ai) ? hc(ar, ai) : hc(br, bi);
  }
  default: return complex_arith(n->op, n->cls == GA_CSINGLE, ca, a, cb, b);
  }
}

/* Octave's asin and acos of complex values (lo-mappers.cc): std's, conjugated on the
 * real axis beyond 1 so that asin (2) is the value of the real function's extension */
static double complex oct_casin(double complex z)
{
  double complex y = casin(z);
  return cimag(z) == 0 && creal(z) > 1 ? conj(y) : y;
}
static double complex oct_cacos(double complex z)
{
  double complex y = cacos(z);
  return cimag(z) == 0 && creal(z) > 1 ? conj(y) : y;
}
static float complex oct_casinf(float complex z)
{
  float complex y = casinf(z);
  return cimagf(z) == 0 && crealf(z) > 1 ? conjf(y) : y;
}
static float complex oct_cacosf(float complex z)
{
  float complex y = cacosf(z);
  return cimagf(z) == 0 && crealf(z) > 1 ? conjf(y) : y;
}

/* Whether an elementary function is defined here for complex arguments. */
bool ga_unop_complex_defined(ga_unop op)
{
  switch (op) {
  case GA_UOP_SQRT: case GA_UOP_EXP: case GA_UOP_LOG: case GA_UOP_LOG2: case GA_UOP_LOG10:
  case GA_UOP_SIN: case GA_UOP_COS: case GA_UOP_TAN: case GA_UOP_ASIN: case GA_UOP_ACOS: case GA_UOP_ATAN:
  case GA_UOP_SINH: case GA_UOP_COSH: case GA_UOP_TANH: case GA_UOP_ASINH: case GA_UOP_ACOSH: case GA_UOP_ATANH:
  case GA_UOP_EXPM1: case GA_UOP_LOG1P: case GA_UOP_ERF: case GA_UOP_ERFC: case GA_UOP_ERFCX: case GA_UOP_PSI:
    return true;
  default:
    return false;
  }
}

/* Octave's expm1 and log1p of complex values (lo-specfun.cc): near 0 written out so
 * that small arguments keep their digits, elsewhere exp (z) - 1 and log (1 + z); the
 * sum 1 + z is complex + complex, so an imaginary part of -0 becomes +0. */
static double complex oct_cexpm1(double complex z)
{
  if (cabs(z) < 1) {
    double im = cimag(z), u = expm1(creal(z)), v = sin(im / 2);
    v = -2 * v * v;
    return CMPLX(u * v + u + v, (u + 1) * sin(im));
  }
  double complex e = cexp(z);
  return CMPLX(creal(e) - 1, cimag(e) - 0.0);
}
static double complex oct_clog1p(double complex z)
{
  double r = creal(z), i = cimag(z);
  if (fabs(r) < 0.5 && fabs(i) < 0.5) {
    double u = 2 * r + r * r + i * i;
    return CMPLX(log1p(u / (1 + sqrt(u + 1))), atan2(i, 1 + r));
  }
  return clog(CMPLX(1 + r, 0.0 + i));
}
static float complex oct_cexpm1f(float complex z)
{
  if (cabsf(z) < 1) {
    float im = cimagf(z), u = expm1f(crealf(z)), v = sinf(im / 2);
    v = -2 * v * v;
    return CMPLXF(u * v + u + v, (u + 1) * sinf(im));
  }
  float complex e = cexpf(z);
  return CMPLXF(crealf(e) - 1, cimagf(e) - 0.0f);
}
static float complex oct_clog1pf(float complex z)
{
  float r = crealf(z), i = cimagf(z);
  if (fabsf(r) < 0.5f && fabsf(i) < 0.5f) {
    float u = 2 * r + r * r + i * i;
    return CMPLXF(log1pf(u / (1 + sqrtf(u + 1))), atan2f(i, 1 + r));
  }
  return clogf(CMPLXF(1 + r, 0.0f + i));
}

static double complex cfun_d(ga_unop op, double complex z)
{
  switch (op) {
  case GA_UOP_EXPM1: return oct_cexpm1(z);
  case GA_UOP_LOG1P: return oct_clog1p(z);
  case GA_UOP_PSI: return host_cpsi(z);
  case GA_UOP_SQRT: return csqrt(z);
  case GA_UOP_EXP: return cexp(z);
  case GA_UOP_LOG: return clog(z);
  case GA_UOP_LOG2: { double complex l = clog(z); return CMPLX(creal(l) / GA_LN2, cimag(l) / GA_LN2); }
  case GA_UOP_LOG10: { double complex l = clog(z); return CMPLX(creal(l) / GA_LN10, cimag(l) / GA_LN10); }
  case GA_UOP_SIN: return csin(z);
  case GA_UOP_COS: return ccos(z);
  case GA_UOP_TAN: return ctan(z);
  case GA_UOP_ASIN: return oct_casin(z);
  case GA_UOP_ACOS: return oct_cacos(z);
  case GA_UOP_ATAN: return catan(z);
  case GA_UOP_SINH: return csinh(z);
  case GA_UOP_COSH: return ccosh(z);
  case GA_UOP_TANH: return ctanh(z);
  case GA_UOP_ASINH: return casinh(z);
  case GA_UOP_ACOSH: return cacosh(z);
  default: return catanh(z);
  }
}

static float complex cfun_f(ga_unop op, float complex z)
{
  switch (op) {
  case GA_UOP_EXPM1: return oct_cexpm1f(z);
  case GA_UOP_LOG1P: return oct_clog1pf(z);
  case GA_UOP_PSI: return host_cpsi_f(z);
  case GA_UOP_SQRT: return csqrtf(z);
  case GA_UOP_EXP: return cexpf(z);
  case GA_UOP_LOG: return clogf(z);
  case GA_UOP_LOG2: { float complex l = clogf(z); return CMPLXF(crealf(l) / (float)GA_LN2, cimagf(l) / (float)GA_LN2); }
  case GA_UOP_LOG10: { float complex l = clogf(z); return CMPLXF(crealf(l) / (float)GA_LN10, cimagf(l) / (float)GA_LN10); }
  case GA_UOP_SIN: return csinf(z);
  case GA_UOP_COS: return ccosf(z);
  case GA_UOP_TAN: return ctanf(z);
  case GA_UOP_ASIN: return oct_casinf(z);
  case GA_UOP_ACOS: return oct_cacosf(z);
  case GA_UOP_ATAN: return catanf(z);
  case GA_UOP_SINH: return csinhf(z);
  case GA_UOP_COSH: return ccoshf(z);
  case GA_UOP_TANH: return ctanhf(z);
  case GA_UOP_ASINH: return casinhf(z);
  case GA_UOP_ACOSH: return cacoshf(z);
  default: return catanhf(z);
  }
}

/* The sign lgamma_r reports (without it, which C11 lacks): gamma is negative at -0 and
 * where the floor of a negative non-integer is odd. */
static bool gamma_negative(double x)
{
  return (x < 0 && x != floor(x) && fmod(floor(x), 2) != 0) || (x == 0 && signbit(x));
}

/* Octave's function of a real argument whose result is complex (lo-mappers' rc_sqrt,
 * rc_log, ...): the real function where it is defined, else its extension, which for
 * sqrt and the logarithms is written out rather than taken from the complex function
 * (sqrt (-4) is 0+2i, where csqrt (-4-0i) would give 0-2i). */
static hval real_to_complex_fun(ga_unop op, double x, bool single)
{
  double complex z = CMPLX(x, 0.0);
  double complex r;
  switch (op) {
  case GA_UOP_SQRT: r = x < 0 ? CMPLX(0.0, sqrt(-x)) : CMPLX(sqrt(x), 0.0); break;
  case GA_UOP_LOG: r = x < 0 ? CMPLX(log(-x), GA_PI) : CMPLX(log(x), 0.0); break;
  case GA_UOP_LOG2: r = x < 0 ? CMPLX(log2(-x), GA_PI / GA_LN2) : CMPLX(log2(x), 0.0); break;
  case GA_UOP_LOG10: r = x < 0 ? CMPLX(log10(-x), GA_PI / GA_LN10) : CMPLX(log10(x), 0.0); break;
  case GA_UOP_LOG1P: r = x < -1 ? CMPLX(log(-(1 + x)), GA_PI) : CMPLX(log1p(x), 0.0); break;
  case GA_UOP_ASIN: r = fabs(x) > 1 ? oct_casin(z) : CMPLX(asin(x), 0.0); break;
  case GA_UOP_ACOS: r = fabs(x) > 1 ? oct_cacos(z) : CMPLX(acos(x), 0.0); break;
  case GA_UOP_ACOSH: r = x < 1 ? cacosh(z) : CMPLX(acosh(x), 0.0); break;
  case GA_UOP_LGAMMA: /* Octave's rc_lgamma: log |gamma|, plus pi i where gamma < 0 */
    r = CMPLX(lgamma(x), gamma_negative(x) ? GA_PI : 0.0);
    break;
  default: r = fabs(x) > 1 ? catanh(z) : CMPLX(atanh(x), 0.0); break;
  }
  if (!single)
    return hcd(r);
  float xf = (float)x;
  float complex zf = CMPLXF(xf, 0.0f), rf;
  switch (op) {
  case GA_UOP_SQRT: rf = xf < 0 ? CMPLXF(0.0f, sqrtf(-xf)) : CMPLXF(sqrtf(xf), 0.0f); break;
  case GA_UOP_LOG: rf = xf < 0 ? CMPLXF(logf(-xf), (float)GA_PI) : CMPLXF(logf(xf), 0.0f); break;
  case GA_UOP_LOG2: rf = xf < 0 ? CMPLXF(log2f(-xf), (float)(GA_PI / GA_LN2)) : CMPLXF(log2f(xf), 0.0f); break;
  case GA_UOP_LOG10: rf = xf < 0 ? CMPLXF(log10f(-xf), (float)(GA_PI / GA_LN10)) : CMPLXF(log10f(xf), 0.0f); break;
  case GA_UOP_LOG1P: rf = xf < -1 ? CMPLXF(logf(-(1 + xf)), (float)GA_PI) : CMPLXF(log1pf(xf), 0.0f); break;
  case GA_UOP_ASIN: rf = fabsf(xf) > 1 ? oct_casinf(zf) : CMPLXF(asinf(xf), 0.0f); break;
  case GA_UOP_ACOS: rf = fabsf(xf) > 1 ? oct_cacosf(zf) : CMPLXF(acosf(xf), 0.0f); break;
  case GA_UOP_ACOSH: rf = xf < 1 ? cacoshf(zf) : CMPLXF(acoshf(xf), 0.0f); break;
  case GA_UOP_LGAMMA:
    rf = CMPLXF(lgammaf(xf), gamma_negative(xf) ? (float)GA_PI : 0.0f);
    break;
  default: rf = fabsf(xf) > 1 ? catanhf(zf) : CMPLXF(atanhf(xf), 0.0f); break;
  }
  return hcf(rf);
}

/* Octave's eps (x): 2^(e - 52) for |x| in [2^e, 2^(e+1)) (single: 2^(e - 23)), the
 * smallest subnormal below the normal range, NaN for Inf and NaN */
static double eps_of(double x, bool single)
{
  if (!isfinite(x))
    return NAN;
  int e;
  if (single) {
    float ax = fabsf((float)x);
    if (ax < FLT_MIN)
      return (double)FLT_TRUE_MIN;
    frexpf(ax, &e);
    return (double)ldexpf(1.0f, e - 24);
  }
  double ax = fabs(x);
  if (ax < DBL_MIN)
    return DBL_TRUE_MIN;
  frexp(ax, &e);
  return ldexp(1.0, e - 53);
}

/* [f, e] = log2 (x): frexp's significand (x itself for 0, Inf and NaN) or exponent,
 * frexpf's for singles, as Octave's log2 (x, exp) */
static double frexp_part(double x, bool single, bool exponent)
{
  int e = 0;
  double f = single ? (double)frexpf((float)x, &e) : frexp(x, &e);
  return exponent ? (double)e : f;
}

/* [f, e] = log2 (z) of complex z, as Octave's: f' and e of |z| by frexp, f = (z / |z|) * f'
 * in z's own precision (z itself where |z| is its own f': 0, Inf, |z| in [0.5, 1)) */
static hval complex_frexp_part(double re, double im, bool single, bool exponent)
{
  int e = 0;
  hval r = hc(0, 0);
  if (single) {
    float fre = (float)re, fim = (float)im, ax = hypotf(fre, fim), lax = frexpf(ax, &e);
    if (exponent) {
      r.f = e;
      return r;
    }
    return ax != lax ? hc((fre / ax) * lax, (fim / ax) * lax) : hc(fre, fim);
  }
  double ax = hypot(re, im), lax = frexp(ax, &e);
  if (exponent) {
    r.f = e;
    return r;
  }
  return ax != lax ? hc((re / ax) * lax, (im / ax) * lax) : hc(re, im);
}

/* A unary node with a complex operand or result. */
static hval complex_unary(ga_unop op, ga_class out, ga_class ci, hval a)
{
  bool single = out == GA_CSINGLE || out == GA_SINGLE || ci == GA_CSINGLE;
  double re = re_of(ci, a), im = im_of(ci, a);
  hval r = hc(0, 0);
  if (ga_unop_is_function(op)) {
    if (!ga_class_is_complex(ci)) /* a real argument whose result is complex */
      return real_to_complex_fun(op, re, out == GA_CSINGLE);
    if (op == GA_UOP_ERF || op == GA_UOP_ERFC || op == GA_UOP_ERFCX) { /* in double, single or not */
      double fr, fi;
      ga_fad_complex(op, re, im, single, &fr, &fi);
      return single ? hc((float)fr, (float)fi) : hc(fr, fi);
    }
    return single ? hcf(cfun_f(op, CMPLXF((float)re, (float)im))) : hcd(cfun_d(op, CMPLX(re, im)));
  }
  switch (op) {
  case GA_UOP_NOT: r.f = !(re != 0 || im != 0); return r;
  case GA_UOP_ISNAN: r.f = isnan(re) || isnan(im); return r;
  case GA_UOP_ISINF: r.f = isinf(re) || isinf(im); return r;
  case GA_UOP_ISFINITE: r.f = isfinite(re) && isfinite(im); return r;
  case GA_UOP_REAL: r.f = re; return r;
  case GA_UOP_IMAG: r.f = im; return r;
  case GA_UOP_EPS: r.f = eps_of(re, ci == GA_CSINGLE); return r;
  case GA_UOP_FREXP_SIG: case GA_UOP_FREXP_EXP:
    return complex_frexp_part(re, im, ci == GA_CSINGLE, op == GA_UOP_FREXP_EXP);
  case GA_UOP_ANGLE: r.f = single ? (double)atan2f((float)im, (float)re) : atan2(im, re); return r;
  case GA_UOP_ABS: r.f = single ? (double)hypotf((float)re, (float)im) : hypot(re, im); return r;
  case GA_UOP_CONJ: return hc(re, -im);
  case GA_UOP_NEG: return hc(-re, -im);
  case GA_UOP_CAST:
    if (out == GA_LOGICAL) {
      r.f = re != 0 || im != 0;
      return r;
    }
    return out == GA_CSINGLE ? hc((float)re, (float)im) : hc(re, im); /* from real or complex */
  case GA_UOP_SIGN: { /* Octave's signum: z / abs (z) */
    if (single) {
      float m = hypotf((float)re, (float)im);
      return m == 0 ? hc(0, 0) : hcf(CMPLXF((float)re, (float)im) / m);
    }
    double m = hypot(re, im);
    return m == 0 ? hc(0, 0) : hc(re / m, im / m);
  }
  case GA_UOP_FLOOR: return hc(floor(re), floor(im));
  case GA_UOP_CEIL: return hc(ceil(re), ceil(im));
  case GA_UOP_ROUND: return hc(round(re), round(im));
  default: return hc(trunc(re), trunc(im));
  }
}

static hval unary(ga_unop op, ga_class out, ga_class ci, hval a)
{
  hval r;
  r.u = 0;
  r.im = 0;
  if (ga_class_is_complex(out) || ga_class_is_complex(ci))
    return complex_unary(op, out, ci, a);
  switch (op) { /* the parts of a real value */
  case GA_UOP_REAL: case GA_UOP_CONJ: return unary(GA_UOP_CAST, out, ci, a);
  case GA_UOP_IMAG: return unary(GA_UOP_CAST, out, ci, r);
  case GA_UOP_ANGLE: /* Octave's arg of a real x: pi where its sign bit is set (-0 and -NaN too) */
    r.f = signbit(to_double(ci, a)) ? (out == GA_SINGLE ? (double)(float)3.14159265358979323846 : 3.14159265358979323846) : 0.0;
    return r;
  default: break;
  }
  bool isint = ga_class_is_int(ci);
  double x = to_double(ci, a);
  if (ga_unop_is_function(op)) {
    r.f = out == GA_SINGLE ? (double)ga_host_unop_function_single(op, (float)x) : ga_host_unop_function(op, x);
    return r;
  }
  switch (op) {
  case GA_UOP_NOT: r.f = !truth(ci, a); return r;
  case GA_UOP_ISNAN: r.f = !isint && isnan(x); return r;
  case GA_UOP_ISINF: r.f = !isint && isinf(x); return r;
  case GA_UOP_ISFINITE: r.f = isint || isfinite(x); return r;
  case GA_UOP_SIGNBIT: r.f = isint ? (ga_class_is_signed(ci) && a.i < 0) : signbit(x) != 0; return r;
  case GA_UOP_EPS: r.f = eps_of(x, out == GA_SINGLE); return r;
  case GA_UOP_FREXP_SIG: case GA_UOP_FREXP_EXP: r.f = frexp_part(x, out == GA_SINGLE, op == GA_UOP_FREXP_EXP); return r;
  case GA_UOP_CAST:
    if (out == GA_LOGICAL) {
      r.f = truth(ci, a);
    } else if (ga_class_is_float(out)) {
      r.f = out == GA_SINGLE ? (double)(ga_class_is_int(ci) ? (ga_class_is_signed(ci) ? (float)a.i : (float)a.u)
                                                             : (float)x)
                             : (ga_class_is_int(ci) ? (ga_class_is_signed(ci) ? (double)a.i : (double)a.u) : x);
    } else if (isint) {
      r = clamp_int(out, to_i128(ci, a));
    } else {
      r = saturate_d(out, x);
    }
    return r;
  default:
    break;
  }
  if (isint) { /* integer classes keep their class */
    __int128 v = to_i128(ci, a);
    switch (op) {
    case GA_UOP_NEG: v = -v; break;
    case GA_UOP_ABS: v = v < 0 ? -v : v; break;
    case GA_UOP_SIGN: v = (v > 0) - (v < 0); break;
    default: break; /* rounding an integer changes nothing */
    }
    return clamp_int(out, v);
  }
  switch (op) {
  case GA_UOP_NEG: x = -x; break;
  case GA_UOP_ABS: x = fabs(x); break;
  case GA_UOP_SIGN: x = x > 0 ? 1.0 : x < 0 ? -1.0 : isnan(x) ? x : 0.0; break;
  case GA_UOP_FLOOR: x = floor(x); break;
  case GA_UOP_CEIL: x = ceil(x); break;
  case GA_UOP_ROUND: x = round(x); break;
  default: x = trunc(x); break;
  }
  r.f = out == GA_SINGLE ? (double)(float)x : x;
  return r;
}

/* Octave's x .^ y (elem_xpow): a scalar integer exponent of 2, 3 or -1 is a product or
 * a quotient in the data's own precision, any other integer exponent pow in double;
 * otherwise the C library's pow (powf for single). */
static double octave_power(double a, double b, bool single, bool scalar_exponent)
{
  if (scalar_exponent && b == floor(b) && isfinite(b)) {
    if (single) {
      float x = (float)a;
      if (b == 2)
        return x * x;
      if (b == 3)
        return (x * x) * x;
      if (b == -1)
        return 1.0f / x;
      return (float)pow(a, b);
    }
    if (b == 2)
      return a * a;
    if (b == 3)
      return (a * a) * a;
    if (b == -1)
      return 1.0 / a;
    return pow(a, b);
  }
  return single ? (double)powf((float)a, (float)b) : pow(a, b);
}

/* Octave's .^ with an integer result: two integers by its integers' rule (ga_int_power),
 * 64-bit integers with a logical by its rule for a double operand (ga_int64_mixed), the
 * narrower ones with a floating or logical operand through C's pow, rounded and
 * saturated (exact where Octave takes the integers' rule: those powers are exact in
 * double or saturate anyway). */
static hval int_power(ga_class c, ga_class ca, hval a, ga_class cb, hval b, bool scalar_exponent)
{
  bool ia = ga_class_is_int(ca), ib = ga_class_is_int(cb);
  if (ia && ib)
    return clamp_int(c, ga_int_power(c, to_i128(ca, a), to_i128(cb, b)));
  if (ga_class_is_wide_int(c)) {
    hval r;
    r.im = 0;
    r.u = ga_int64_mixed(GA_OP_POWER, c, ia ? a.u : b.u, ia ? to_double(cb, b) : to_double(ca, a), ia);
    return r;
  }
  return saturate_d(c, octave_power(to_double(ca, a), to_double(cb, b), false, scalar_exponent));
}

/* Octave's mod and rem for floating values (liboctave's octave::math::mod and rem,
 * lo-mappers.h), in the precision T of the result: x - y .* floor (x ./ y) (fix for
 * rem), 0 where y is no integer and x ./ y is within eps of one, mod (x, 0) = x,
 * rem (x, 0) = NaN, the result's sign that of y (mod) or x (rem). */
#define DEFINE_MODREM(T, SUF, EPS)                                                                                  \
  static T modrem_##SUF(bool is_mod, T x, T y)                                                                     \
  {                                                                                                                \
    T r;                                                                                                           \
    if (y == 0)                                                                                                    \
      r = is_mod ? x : (T)NAN;                                                                                     \
    else {                                                                                                         \
      volatile T q = x / y;                                                                                        \
      T ny = isfinite(y) ? floor##SUF(y + (T)0.5) : y;                                                             \
      T nq = isfinite(q) ? floor##SUF(q + (T)0.5) : q;                                                             \
      volatile T rel = (q - nq) / nq;                                                                              \
      if (ny != y && fabs##SUF(rel) < EPS)                                                                         \
        r = 0;                                                                                                     \
      else {                                                                                                       \
        T k = is_mod ? floor##SUF(q) : trunc##SUF(q);                                                              \
        volatile T t = y * k;                                                                                      \
        r = x - t;                                                                                                 \
      }                                                                                                            \
    }                                                                                                              \
    if (x != y && y != 0)                                                                                          \
      r = copysign##SUF(r, is_mod ? y : x);                                                                        \
    return r;                                                                                                      \
  }
DEFINE_MODREM(double, , 2.220446049250313e-16)
DEFINE_MODREM(float, f, 1.1920929e-07f)

/* An operand of a function of two arrays converted to integer class c as Octave does
 * before computing: floating values rounded and saturated (NaN -> 0), integers exact. */
static hval to_int_class(ga_class c, ga_class from, hval v)
{
  if (ga_class_is_int(from))
    return clamp_int(c, to_i128(from, v));
  return saturate_d(c, v.f);
}

/* Octave's conversion of a double to uint64 for the bit functions of floating values. */
static uint64_t bits_of_float(double x)
{
  if (isnan(x) || x <= 0)
    return 0;
  x = round(x);
  return x >= 0x1p64 ? UINT64_MAX : (uint64_t)x;
}

/* C's conversion to int64 where x86-64 gives INT64_MIN out of range (and for NaN), as
 * Octave's bitshift of floating values reads them */
static int64_t x86_int64(double x)
{
  return isnan(x) || x >= 0x1p63 || x < -0x1p63 ? INT64_MIN : (int64_t)x;
}

/* Octave's bitshift (a, k): a left shift wraps in the class's width and gives 0 from
 * k = (value bits of the class) on; right shift counts wrap as x86 shift counts do (at
 * 32 for classes narrower than 64 bits, which C promotes to int). Floating values shift
 * as int64 and keep their mantissa's bits, negative ones as -bitshift (-a, k). */
static hval bitshift_op(ga_class c, hval a, double kd)
{
  hval r;
  /* Octave's static_cast<int> of the count: x86 gives INT_MIN outside int's range, and
   * a shift by -INT_MIN is one by 0 there (counts are taken modulo the width) */
  int64_t k = kd >= 0x1p31 || kd < -0x1p31 ? INT32_MIN : (int64_t)kd;
  if (ga_class_is_float(c)) {
    bool single = c == GA_SINGLE;
    double x = a.f;
    bool neg = x < 0;
    if (neg)
      x = -x;
    uint64_t mask = single ? 0xfffffful : 0x1ffffffffffffful;
    uint64_t v = (uint64_t)x86_int64(single ? (double)(float)x : x);
    uint64_t s;
    if (k >= (single ? 32 : 64))
      s = 0;
    else if (k > 0)
      s = (v << k) & mask;
    else if (k < 0)
      s = (uint64_t)((int64_t)v >> ((-k) & 63)) & mask;
    else
      s = v & mask;
    double d = (double)(int64_t)s;
    if (neg)
      d = -d;
    r.f = single ? (double)(float)d : d;
    return r;
  }
  int bits = (int)ga_class_size(c) * 8;
  bool sgn = ga_class_is_signed(c);
  int digits = sgn ? bits - 1 : bits;
  int wrap = bits == 64 ? 63 : 31;
  if (k >= digits) {
    r.u = 0;
    return r;
  }
  uint64_t keep = bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1;
  uint64_t v = sgn ? (uint64_t)a.i : a.u, s;
  if (k > 0)
    s = (v << k) & keep;
  else if (k < 0)
    s = sgn ? (uint64_t)(a.i >> ((-k) & wrap)) & keep : (v >> ((-k) & wrap)) & keep;
  else
    s = v & keep;
  if (sgn) /* sign-extend the class's bits */
    r.i = bits == 64 ? (int64_t)s : (int64_t)(s ^ ((uint64_t)1 << (bits - 1))) - ((int64_t)1 << (bits - 1));
  else
    r.u = s;
  return r;
}

/* atan2 .. bitshift: the operands converted to the result's class first. Max and min
 * keep p unless q is better or p is NaN (Octave's max (p, q): isnan (q) ? p : p >= q ?
 * p : q); the API ordered the operands so that p is the one Octave keeps on ties. */
static hval function_op(ga_binop op, ga_class c, ga_class ca, hval a, ga_class cb, hval b)
{
  hval r;
  r.u = 0;
  if (op == GA_OP_BITSHIFT)
    return bitshift_op(c, a, to_double(cb, b));
  if (c == GA_LOGICAL) { /* max, min and the bit functions of two logical values */
    bool x = a.f != 0, y = b.f != 0;
    r.f = (op == GA_OP_MAX || op == GA_OP_BITOR) ? (x || y) : op == GA_OP_BITXOR ? (x != y) : (x && y);
    return r;
  }
  if (ga_class_is_float(c)) {
    bool single = c == GA_SINGLE;
    double x = to_double(ca, a), y = to_double(cb, b);
    if (single) {
      x = (float)x;
      y = (float)y;
    }
    switch (op) {
    case GA_OP_ATAN2: r.f = single ? atan2f((float)x, (float)y) : atan2(x, y); break;
    case GA_OP_HYPOT: r.f = single ? hypotf((float)x, (float)y) : hypot(x, y); break;
    case GA_OP_MOD: case GA_OP_REM:
      r.f = single ? modrem_f(op == GA_OP_MOD, (float)x, (float)y) : modrem_(op == GA_OP_MOD, x, y);
      break;
    case GA_OP_GAMMAINC: case GA_OP_GAMMAINC_UPPER: case GA_OP_GAMMAINC_SCALEDLOWER: case GA_OP_GAMMAINC_SCALEDUPPER:
      r.f = ga_host_gammainc(x, y, (int)(op - GA_OP_GAMMAINC), single);
      break;
    case GA_OP_GAMMAINCINV: case GA_OP_GAMMAINCINV_UPPER: case GA_OP_GAMMAINCINV_SCALAR:
    case GA_OP_GAMMAINCINV_UPPER_SCALAR:
      r.f = ga_host_gammaincinv(x, y, (int)(op - GA_OP_GAMMAINCINV), single);
      break;
    case GA_OP_MAX: r.f = isnan(y) ? x : x >= y ? x : y; break;
    case GA_OP_MIN: r.f = isnan(y) ? x : x <= y ? x : y; break;
    default: { /* bit functions through uint64 */
      uint64_t u = bits_of_float(x), v = bits_of_float(y);
      uint64_t w = op == GA_OP_BITAND ? (u & v) : op == GA_OP_BITOR ? (u | v) : (u ^ v);
      r.f = single ? (double)(float)w : (double)w;
    } break;
    }
    return r;
  }
  /* integer classes */
  hval x = to_int_class(c, ca, a), y = to_int_class(c, cb, b);
  bool sgn = ga_class_is_signed(c);
  switch (op) {
  case GA_OP_MAX: return (sgn ? x.i >= y.i : x.u >= y.u) ? x : y;
  case GA_OP_MIN: return (sgn ? x.i <= y.i : x.u <= y.u) ? x : y;
  case GA_OP_BITAND: r.u = x.u & y.u; return r; /* two's complement bits, already sign-extended */
  case GA_OP_BITOR: r.u = x.u | y.u; return r;
  case GA_OP_BITXOR: r.u = x.u ^ y.u; return r;
  default: break;
  }
  /* mod and rem (octave_int_arith): rem (x, 0) = 0, mod (x, 0) = x; mod takes y's sign */
  if (sgn) {
    if (y.i == 0) {
      r.i = op == GA_OP_MOD ? x.i : 0;
      return r;
    }
    int64_t m = y.i == -1 ? 0 : x.i % y.i; /* INT64_MIN % -1 traps in C */
    if (op == GA_OP_MOD && m != 0 && ((m < 0) != (y.i < 0)))
      m += y.i;
    r.i = m;
  } else {
    r.u = y.u == 0 ? (op == GA_OP_MOD ? x.u : 0) : x.u % y.u;
  }
  return r;
}

static hval binary(const ga_xnode *n, ga_class ca, hval a, ga_class cb, hval b)
{
  hval r;
  r.im = 0;
  if (ga_class_is_complex(n->cls) || ga_class_is_complex(ca) || ga_class_is_complex(cb) || n->op == GA_OP_COMPLEX)
    return complex_binary(n, ca, a, cb, b);
  if (ga_binop_is_function(n->op))
    return function_op(n->op, n->cls, ca, a, cb, b);
  switch (n->mode) {
  case GA_CM_CMP_DOUBLE: case GA_CM_CMP_INT64: case GA_CM_CMP_MIXED64:
    r.f = compare_holds(n->op, compare_exact(ca, a, cb, b));
    return r;
  case GA_CM_CMP_SINGLE: { /* Octave compares single with double in single */
    hval fa, fb;
    fa.f = (float)to_double(ca, a);
    fb.f = (float)to_double(cb, b);
    r.f = compare_holds(n->op, compare_exact(GA_DOUBLE, fa, GA_DOUBLE, fb));
    return r;
  }
  case GA_CM_LOGIC: {
    bool x = truth(ca, a), y = truth(cb, b);
    r.f = n->op == GA_OP_AND ? (x && y) : n->op == GA_OP_OR ? (x || y) : (x != y);
    return r;
  }
  default:
    break;
  }
  switch (n->mode) {
  case GA_CM_FLOAT:
    if (n->cls == GA_SINGLE)
      r.f = single_op(n->op, (float)to_double(ca, a), (float)to_double(cb, b));
    else
      r.f = float_op(n->op, to_double(ca, a), to_double(cb, b));
    break;
  case GA_CM_INT_DOUBLE:
    r = saturate_d(n->cls, float_op(n->op, to_double(ca, a), to_double(cb, b)));
    break;
  case GA_CM_INT_MIXED64: {
    bool int_first = ga_class_is_int(ca);
    hval i = int_first ? a : b;
    double y = int_first ? to_double(cb, b) : to_double(ca, a);
    r.u = ga_int64_mixed(n->op, n->cls, i.u, y, int_first);
  } break;
  default:
    r = int_exact_op(n->op, n->cls, to_i128(ca, a), to_i128(cb, b));
    break;
  }
  return r;
}

/* Whether node j depends only on scalars and 1x1 inputs: a scalar in Octave's eyes. */
static bool node_is_scalar(const ga_expr *x, int j)
{
  const ga_xnode *n = &x->nodes[j];
  switch (n->kind) {
  case GA_X_SCALAR: return true;
  case GA_X_INPUT: return ga_expr_input_numel(x, n->slot) == 1;
  case GA_X_UNARY: return node_is_scalar(x, n->a);
  case GA_X_RANDOM: case GA_X_INDEX: return false;
  case GA_X_TERNARY: return node_is_scalar(x, n->a) && node_is_scalar(x, n->b) && node_is_scalar(x, n->c);
  default: return node_is_scalar(x, n->a) && node_is_scalar(x, n->b);
  }
}

/* Linear index into input i for output element k under implicit expansion. */
static int64_t source_index(const ga_expr *x, int i, int64_t k)
{
  int64_t src = 0, stride = 1;
  for (int d = 0; d < x->ndims; d++) {
    int64_t n = x->dims[d], m = x->input_dims[i][d];
    int64_t sub = k % n;
    k /= n;
    if (m != 1)
      src += sub * stride;
    stride *= m;
  }
  return src;
}

ga_status ga_host_eval_expr(const ga_expr *x, const void *const *inputs, ga_class out_cls, void *out)
{
  hval *vals = malloc((size_t)x->nnodes * BLOCK * sizeof *vals);
  if (!vals)
    return ga_fail(GA_ERR_OOM, "out of host memory");
  bool same_shape[GA_X_MAX_INPUTS];
  for (int i = 0; i < x->ninputs; i++)
    same_shape[i] = ga_expr_input_numel(x, i) == x->numel;
  for (int64_t k0 = 0; k0 < x->numel; k0 += BLOCK) {
    int64_t len = x->numel - k0 < BLOCK ? x->numel - k0 : BLOCK;
    for (int j = 0; j < x->nnodes; j++) {
      const ga_xnode *n = &x->nodes[j];
      hval *v = vals + (size_t)j * BLOCK;
      if (n->kind == GA_X_INPUT && x->input_strided[n->slot]) {
        for (int64_t k = 0; k < len; k++)
          v[k] = load(n->cls, inputs[n->slot], ga_expr_input_position(x, n->slot, k0 + k));
      } else if (n->kind == GA_X_INPUT) {
        for (int64_t k = 0; k < len; k++)
          v[k] = load(n->cls, inputs[n->slot],
                       same_shape[n->slot] ? k0 + k : source_index(x, n->slot, k0 + k));
      } else if (n->kind == GA_X_SCALAR) {
        const ga_scalar *s = &x->scalars[n->slot];
        hval c;
        c.u = ga_scalar_bits(s);
        c.im = 0;
        for (int64_t k = 0; k < len; k++)
          v[k] = c;
      } else if (ga_xnode_is_generator(n)) { /* ga_rng.c: values exact in double */
        double g[BLOCK];
        ga_host_generate(x, n, k0, len, g);
        for (int64_t k = 0; k < len; k++) {
          if (!ga_class_is_int(n->cls))
            v[k].f = g[k];
          else if (ga_class_is_signed(n->cls))
            v[k].i = (int64_t)g[k];
          else
            v[k].u = (uint64_t)g[k];
        }
      } else if (n->kind == GA_X_UNARY) {
        const hval *a = vals + (size_t)n->a * BLOCK;
        ga_class ca = x->nodes[n->a].cls;
        for (int64_t k = 0; k < len; k++)
          v[k] = unary(n->uop, n->cls, ca, a[k]);
      } else if (n->kind == GA_X_TERNARY) { /* operands converted to the (floating) result class first */
        const hval *a = vals + (size_t)n->a * BLOCK, *b = vals + (size_t)n->b * BLOCK, *c = vals + (size_t)n->c * BLOCK;
        ga_class ca = x->nodes[n->a].cls, cb = x->nodes[n->b].cls, cc = x->nodes[n->c].cls;
        bool single = n->cls == GA_SINGLE;
        for (int64_t k = 0; k < len; k++)
          v[k].f = ga_host_ternary(n->top, ga_round_if_single(to_double(ca, a[k]), single),
                                   ga_round_if_single(to_double(cb, b[k]), single),
                                   ga_round_if_single(to_double(cc, c[k]), single), single);
      } else if (n->op == GA_OP_POWER && n->mode != GA_CM_INT_MIXED64 && !ga_class_is_complex(n->cls)) {
        const hval *a = vals + (size_t)n->a * BLOCK, *b = vals + (size_t)n->b * BLOCK;
        ga_class ca = x->nodes[n->a].cls, cb = x->nodes[n->b].cls;
        bool scalar_exponent = node_is_scalar(x, n->b);
        for (int64_t k = 0; k < len; k++) {
          if (n->mode != GA_CM_FLOAT) {
            v[k] = int_power(n->cls, ca, a[k], cb, b[k], scalar_exponent);
            continue;
          }
          v[k].f = octave_power(to_double(ca, a[k]), to_double(cb, b[k]), n->cls == GA_SINGLE, scalar_exponent);
        }
      } else {
        const hval *a = vals + (size_t)n->a * BLOCK, *b = vals + (size_t)n->b * BLOCK;
        ga_class ca = x->nodes[n->a].cls, cb = x->nodes[n->b].cls;
        for (int64_t k = 0; k < len; k++)
          v[k] = binary(n, ca, a[k], cb, b[k]);
      }
    }
    const hval *res = vals + (size_t)(x->nnodes - 1) * BLOCK;
    for (int64_t k = 0; k < len; k++)
      store(out_cls, out, k0 + k, res[k]);
  }
  free(vals);
  return GA_OK;
}

/* max/min: is a strictly better than b? NaN is never better, and anything beats NaN. */
static bool better(ga_reduce_op op, ga_class c, hval a, hval b)
{
  if (ga_class_is_complex(c)) { /* Octave's operator > of complex values: abs, then arg */
    if (isnan(a.f) || isnan(a.im))
      return false;
    if (isnan(b.f) || isnan(b.im))
      return true;
    return complex_order(op == GA_RED_MAX ? GA_OP_GT : GA_OP_LT, c == GA_CSINGLE, c, a, c, b);
  }
  if (ga_class_is_int(c)) {
    bool gt = ga_class_is_signed(c) ? a.i > b.i : a.u > b.u;
    bool lt = ga_class_is_signed(c) ? a.i < b.i : a.u < b.u;
    return op == GA_RED_MAX ? gt : lt;
  }
  if (isnan(a.f))
    return false;
  if (isnan(b.f))
    return true;
  return op == GA_RED_MAX ? a.f > b.f : a.f < b.f;
}

/* Reductions run in Octave's order (sequential along the reduced dimension) with
 * Octave's accumulators: double for default and 'double' sums and products, float for
 * single, and for 'native' integer ones the saturating integer arithmetic, applied step
 * by step. max/min keep the first extremum and skip NaN; any/all ignore NaN. */
ga_status ga_host_eval_reduce(const ga_reduce_desc *d, const void *in, void *out, double *out_index)
{
  ga_class ic = d->in_cls, oc = d->out_cls;
  ga_reduce_op op = d->op;
  for (int64_t o = 0; o < d->outer; o++)
    for (int64_t i = 0; i < d->inner; i++) {
      int64_t base = o * d->n * d->inner + i;
      hval r;
      r.u = 0;
      if (op == GA_RED_MAX || op == GA_RED_MIN) {
        int64_t best = -1;
        for (int64_t k = 0; k < d->n; k++) {
          hval v = load(ic, in, base + k * d->inner);
          if (best < 0 || better(op, ic, v, r)) {
            r = v;
            best = k;
          }
        }
        if (out_index)
          out_index[o * d->inner + i] = (double)(best + 1);
      } else if (ga_class_is_complex(ic) && (op == GA_RED_SUM || op == GA_RED_PROD)) {
        /* Octave's accumulators: Complex, or FloatComplex for single ones */
        if (oc == GA_CSINGLE) {
          float complex acc = op == GA_RED_PROD ? 1.0f : 0.0f;
          for (int64_t k = 0; k < d->n; k++) {
            hval v = load(ic, in, base + k * d->inner);
            float complex x = CMPLXF((float)v.f, (float)v.im);
            acc = op == GA_RED_PROD ? acc * x : acc + x;
          }
          r = hcf(acc);
        } else {
          double complex acc = op == GA_RED_PROD ? 1.0 : 0.0;
          for (int64_t k = 0; k < d->n; k++) {
            hval v = load(ic, in, base + k * d->inner);
            double complex x = CMPLX(v.f, v.im);
            acc = op == GA_RED_PROD ? acc * x : acc + x;
          }
          r = hcd(acc);
        }
      } else if (op == GA_RED_ANY || op == GA_RED_ALL) {
        bool acc = op == GA_RED_ALL;
        for (int64_t k = 0; k < d->n; k++) {
          hval v = load(ic, in, base + k * d->inner);
          double x = to_double(ic, v);
          if (ga_class_is_complex(ic)) /* Octave's xis_true of Complex: NaN if either part is */
            x = isnan(x) || isnan(v.im) ? NAN : x != 0.0 || v.im != 0.0 ? 1.0 : 0.0;
          if (op == GA_RED_ANY && x != 0.0 && !isnan(x)) {
            acc = true;
            break;
          }
          /* Octave's all counts NaN as true, but as false reducing strided data over
           * at most 8 elements (mx_inline_all's two loops; measured in Octave 7.3) */
          if (op == GA_RED_ALL && (x == 0.0 || (isnan(x) && d->inner > 1 && d->n <= 8))) {
            acc = false;
            break;
          }
        }
        r.f = acc;
      } else if (oc == GA_SINGLE && ic == GA_SINGLE) {
        float acc = op == GA_RED_PROD ? 1.0f : 0.0f;
        for (int64_t k = 0; k < d->n; k++) {
          float x = ((const float *)in)[base + k * d->inner];
          acc = op == GA_RED_PROD ? acc * x : acc + x;
        }
        r.f = acc;
      } else if (oc == GA_LOGICAL) {
        /* 'native' sums and products of logical: any and all */
        bool acc = op == GA_RED_PROD;
        for (int64_t k = 0; k < d->n; k++) {
          bool x = ((const uint8_t *)in)[base + k * d->inner] != 0;
          acc = op == GA_RED_PROD ? acc && x : acc || x;
        }
        r.f = acc;
      } else if (ga_class_is_int(oc)) {
        __int128 acc = op == GA_RED_PROD ? 1 : 0;
        hval v = clamp_int(oc, acc);
        for (int64_t k = 0; k < d->n; k++) {
          v = int_exact_op(op == GA_RED_PROD ? GA_OP_TIMES : GA_OP_PLUS, oc, acc,
                           to_i128(ic, load(ic, in, base + k * d->inner)));
          acc = to_i128(oc, v);
        }
        r = v;
      } else {
        double acc = op == GA_RED_PROD ? 1.0 : 0.0;
        for (int64_t k = 0; k < d->n; k++) {
          double x = to_double(ic, load(ic, in, base + k * d->inner));
          acc = op == GA_RED_PROD ? acc * x : acc + x;
        }
        r.f = acc;
      }
      store(oc, out, o * d->inner + i, r);
    }
  return GA_OK;
}

/* Octave's cumsum and cumprod: each line in order from its first element (kept as it is,
 * -0 and all), in the result class's arithmetic: double or float, FloatComplex for
 * single complex results, integers saturating step by step, logical sums or-ed. cummax
 * and cummin: a later element replaces the extremum only when strictly better (better:
 * NaN never is, anything is better than NaN) */
ga_status ga_host_eval_scan(const ga_scan_desc *d, const void *in, void *out, double *out_index)
{
  ga_class ic = d->in_cls, oc = d->out_cls;
  bool prod = d->op == GA_SCAN_PROD;
  for (int64_t o = 0; o < d->outer; o++)
    for (int64_t i = 0; i < d->inner; i++) {
      int64_t base = o * d->n * d->inner + i;
      if (d->op == GA_SCAN_MAX || d->op == GA_SCAN_MIN) {
        ga_reduce_op rop = d->op == GA_SCAN_MAX ? GA_RED_MAX : GA_RED_MIN;
        hval best = load(ic, in, base);
        int64_t at = 0;
        for (int64_t k = 0; k < d->n; k++) {
          hval v = load(ic, in, base + k * d->inner);
          if (k > 0 && better(rop, ic, v, best)) {
            best = v;
            at = k;
          }
          store(oc, out, base + k * d->inner, best);
          if (out_index)
            out_index[base + k * d->inner] = (double)(at + 1);
        }
      } else if (oc == GA_CDOUBLE || oc == GA_CSINGLE) {
        double complex acc = 0;
        float complex accf = 0;
        for (int64_t k = 0; k < d->n; k++) {
          hval v = load(ic, in, base + k * d->inner);
          if (oc == GA_CSINGLE) {
            float complex x = CMPLXF((float)v.f, (float)v.im);
            accf = k == 0 ? x : prod ? accf * x : accf + x;
            store(oc, out, base + k * d->inner, hcf(accf));
          } else {
            double complex x = CMPLX(v.f, v.im);
            acc = k == 0 ? x : prod ? acc * x : acc + x;
            store(oc, out, base + k * d->inner, hcd(acc));
          }
        }
      } else if (oc == GA_SINGLE) {
        float acc = 0.0f;
        for (int64_t k = 0; k < d->n; k++) {
          float x = (float)to_double(ic, load(ic, in, base + k * d->inner));
          acc = k == 0 ? x : prod ? acc * x : acc + x;
          ((float *)out)[base + k * d->inner] = acc;
        }
      } else if (oc == GA_LOGICAL) {
        bool acc = false;
        for (int64_t k = 0; k < d->n; k++) {
          bool x = ((const uint8_t *)in)[base + k * d->inner] != 0;
          acc = k == 0 ? x : prod ? acc && x : acc || x;
          ((uint8_t *)out)[base + k * d->inner] = acc;
        }
      } else if (ga_class_is_int(oc)) {
        __int128 acc = 0;
        for (int64_t k = 0; k < d->n; k++) {
          __int128 x = to_i128(ic, load(ic, in, base + k * d->inner));
          hval v = k == 0 ? clamp_int(oc, x) : int_exact_op(prod ? GA_OP_TIMES : GA_OP_PLUS, oc, acc, x);
          acc = to_i128(oc, v);
          store(oc, out, base + k * d->inner, v);
        }
      } else {
        double acc = 0.0;
        for (int64_t k = 0; k < d->n; k++) {
          double x = to_double(ic, load(ic, in, base + k * d->inner));
          acc = k == 0 ? x : prod ? acc * x : acc + x;
          ((double *)out)[base + k * d->inner] = acc;
        }
      }
    }
  return GA_OK;
}
