/* gammaincinv (y, a, tail) on the host provider: Octave 7.3's gammaincinv.m and its
 * newton_method step by step, one element at a time. Octave evaluates the m-file with
 * whole-array operations, but every element's answer depends on that element alone
 * (its region, guess and Newton steps; the loop cap of 20 is the same for all), so each
 * case below is that evaluation for one element, in Octave's order of operations, and
 * the host answers are Octave's bit for bit. shaders/ga_gammaincinv.glsl is the same
 * code for the device. The Newton steps call gammainc (ga_host_gammainc.c).
 *
 * Where Octave's steps leave the real numbers (a guess or an iterate below 0, whose
 * gammainc and log are complex in Octave: the whole call then gives complex values or
 * fails in gammainc's "all inputs must be real") the answer is NaN: the gpuArray method
 * hands every call whose result holds a NaN to Octave's own gammaincinv on the host.
 *
 * What depends on the array: Octave's .^ with a constant integer exponent multiplies
 * for 2 and 3 and calls pow otherwise on an array (elem_xpow), but calls pow (powf in
 * single) on a scalar (xpow); a region of the m-file with one element is a scalar
 * there. mode's bit 1 asks for the scalar forms (the method sets it where the inputs are
 * one element each); in larger arrays the array forms, so where a region holds a single
 * element of a larger array the guess may differ from Octave's in the last bit (and
 * then the answer, rarely). Inside gammainc the same holds of the Stirling series'
 * powers of a when one element is left (a change below an ulp of the sum: not seen).
 *
 * Single: Octave computes in single throughout (a double constant meets a single array
 * as a single), so each operation's result is rounded to single (ga_round_if_single),
 * and the elementary functions are the float ones Octave calls. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>

enum { GII_UPPER = 1, GII_SCALAR = 2 };

static double gii_exp(double v, bool s) { return s ? (double)expf((float)v) : exp(v); }
static double gii_log(double v, bool s) { return s ? (double)logf((float)v) : log(v); }
static double gii_log1p(double v, bool s) { return s ? (double)log1pf((float)v) : log1p(v); }
static double gii_sqrt(double v, bool s) { return s ? (double)sqrtf((float)v) : sqrt(v); }
static double gii_fn(ga_unop op, double v, bool s)
{
  return s ? (double)ga_host_unop_function_single(op, (float)v) : ga_host_unop_function(op, v);
}

/* Octave's own erfcinv (liboctave's do_erfcinv: P. J. Acklam's rational approximation,
 * then in double one Halley step; a single is computed in double without it), which
 * region 4's guess takes. The provider's erfcinv (ga_host_kernels.c, ga_erfcinv_d) is
 * the accurate one, up to millions of ulp from this in the tails. */
static double gii_erfcinv(double x, bool s)
{
  static const double a[] = {-2.806989788730439e+01, 1.562324844726888e+02, -1.951109208597547e+02,
                             9.783370457507161e+01,  -2.168328665628878e+01, 1.772453852905383e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                             6.680131188771972e+01,  -1.328068155288572e+01};
  static const double c[] = {-5.504751339936943e-03, -2.279687217114118e-01, -1.697592457770869e+00,
                             -1.802933168781950e+00, 3.093354679843505e+00,  2.077595676404383e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                             3.754408661907416e+00};
  double y;
  if (s)
    x = (float)x;
  if (x >= 0.04850 && x <= 1.95150) {
    double q = 0.5 * (1 - x), r = q * q;
    double yn = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q;
    double yd = ((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0;
    y = yn / yd;
  } else if (x > 0.0 && x < 2.0) {
    double q = x < 1 ? sqrt(-2 * log(0.5 * x)) : sqrt(-2 * log(0.5 * (2 - x)));
    double yn = ((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5];
    double yd = (((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0;
    y = yn / yd;
    if (x < 0.04850)
      y = -y;
  } else if (x == 0.0) {
    return INFINITY;
  } else if (x == 2.0) {
    return -INFINITY;
  } else {
    return NAN;
  }
  if (s)
    return (float)y;
  double u = (erf(y) - (1 - x)) * 8.862269254527579e-01 * exp(y * y);
  return y - u / (1 + y * u);
}

/* x .^ y of two arrays or two scalars: std::pow of the class (powf in single) */
static double gii_pow(double x, double y, bool s) { return s ? (double)powf((float)x, (float)y) : pow(x, y); }

/* v .^ k for the m-file's integer constants: an array multiplies for 2 and 3 and calls
 * std::pow (v, int) otherwise (in double for a single v); a scalar calls std::pow of
 * its class */
static double gii_powk(double v, int k, bool scalar, bool s)
{
  if (scalar)
    return gii_pow(v, k, s);
  if (k == 2)
    return ga_round_if_single(v * v, s);
  if (k == 3)
    return ga_round_if_single(ga_round_if_single(v * v, s) * v, s);
  return ga_round_if_single(pow(v, k), s);
}

/* each step rounded where s is set; a power of a constant exponent */
#define R(v) ga_round_if_single((v), s)
#define PK(v, k) gii_powk((v), (k), scalar, s)

double ga_host_gammaincinv(double y, double a, int mode, bool s)
{
  bool upper = (mode & GII_UPPER) != 0, scalar = (mode & GII_SCALAR) != 0;
  double tol = s ? FLT_EPSILON : DBL_EPSILON;
  /* the special cases a = 1, y = 0, y = 1, in the m-file's order */
  double x = 0, p, q;
  if (!upper) {
    if (a == 1)
      x = -gii_log1p(-y, s);
    if (y == 0)
      x = 0;
    if (y == 1)
      x = INFINITY;
    p = y;
    q = R(1 - p);
  } else {
    if (a == 1)
      x = -gii_log(y, s);
    if (y == 0)
      x = INFINITY;
    if (y == 1)
      x = 0;
    q = y;
    p = R(1 - q);
  }
  if (!(a != 1 && y != 0 && y != 1))
    return x;

  /* the region: 1, p small; 2, q small (0 < a < 10); 3, a small; 4, a large */
  double a1 = R(1 + a);
  double g1 = gii_fn(GA_UOP_GAMMA, a1, s); /* gamma (1 + a), also gamma (a + 1) */
  double t1 = gii_pow(R(R(0.2) * a1), a, s);
  int region;
  if (p < R(t1 / g1))
    region = 1;
  else if (q < R(gii_exp(R(-0.5 * a), s) / g1) && a > 0 && a < 10)
    region = 2;
  else if (a > 0 && a < 1)
    region = 3;
  else
    region = 4;

  /* the initial guess */
  double x0, lga = gii_fn(GA_UOP_LGAMMA, a, s);
  if (region == 1 || region == 3) {
    double r = gii_pow(R(p * g1), R(1 / a), s);
    x0 = r;
    if (region == 1) { /* a series in r */
      double a2 = R(a + 2), a3 = R(a + 3), a4 = R(a + 4);
      double c2 = R(1 / a1);
      double c3 = R(R(R(3 * a) + 5) / R(R(2 * PK(a1, 2)) * a2));
      double c4 = R(R(R(R(8 * PK(a, 2)) + R(33 * a)) + 31) / R(R(R(3 * PK(a1, 3)) * a2) * a3));
      double n5 = R(R(R(R(R(125 * PK(a, 4)) + R(1179 * PK(a, 3))) + R(3971 * PK(a, 2))) + R(5661 * a)) + 2888);
      double d5 = R(R(R(R(24 * PK(a1, 4)) * PK(a2, 2)) * a3) * a4);
      double c5 = R(n5 / d5);
      x0 = R(R(R(R(r + R(c2 * PK(r, 2))) + R(c3 * PK(r, 3))) + R(c4 * PK(r, 4))) + R(c5 * PK(r, 5)));
    }
  } else if (region == 2) {
    x0 = R(-gii_log(q, s) - lga);
  } else {
    double d = R(1 / R(9 * a));
    double e = gii_erfcinv(R(2 * q), s);
    double t = R(R(1 - d) + R(R(R(1.4142135623730951) * e) * gii_sqrt(d, s)));
    x0 = R(a * PK(t, 3));
  }

  /* newton_method: res = -F ./ JF at the guess, then while |res| >= tol |x| (at most
   * 20 times) x += res and res again; last, x += res. Regions 1 and 3 invert the lower
   * tail, 2 and 4 the upper one. */
  bool lower_f = region == 1 || region == 3;
  double pq = lower_f ? p : q, am1 = R(a - 1);
  double res = 0;
  x = x0;
  for (int it = 0; it <= 20; it++) {
    if (it > 0)
      x = R(x + res);
    if (x < 0) /* Octave's gammainc and log of it are complex */
      return NAN;
    double f = R(pq - ga_host_gammainc(x, a, lower_f ? 0 : 1, s));
    double e0 = R(-lga - x), jf;
    if (region == 1 || region == 4) /* exp (-gammaln (a) - x + (a - 1) .* log (x)) */
      jf = gii_exp(R(e0 + R(am1 * gii_log(x, s))), s);
    else /* exp (-gammaln (a) - x) .* x .^ (a - 1) */
      jf = R(gii_exp(e0, s) * gii_pow(x, am1, s));
    if (lower_f)
      jf = -jf;
    res = R(-f / jf);
    if (!(fabs(res) >= R(tol * fabs(x))))
      break;
  }
  return R(x + res);
}
#undef R
#undef PK
