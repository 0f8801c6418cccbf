/* gammainc (x, a, tail) on the host provider: Octave 7.3's gammainc.m and its
 * continued fraction (__gammainc__) step by step, for x >= 0 (the gpuArray method
 * leaves x < 0, where Octave's answers are complex or come through a recurrence, to
 * Octave itself). Octave evaluates the m-file with whole-array operations; each case
 * below is that evaluation for one element, in Octave's order of operations, so the
 * host answers are Octave's bit for bit. shaders/ga_gammainc.glsl is the same code for
 * the device.
 *
 * Single: Octave computes in single throughout (a double constant meets a single array
 * as a single), so each operation's result is rounded to single (ga_round_if_single): for + - * /
 * that is the float operation's answer (53 >= 2 * 24 + 2), and the elementary
 * functions are the C library's float ones that Octave calls. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>

enum { GI_LOWER = 0, GI_UPPER, GI_SCALEDLOWER, GI_SCALEDUPPER };

/* The series' iterations stop here: Octave's loop has no limit, but a sum of millions
 * of terms (a of 1e11 and more with x just below it) would hold a GPU past its
 * watchdog. The device stops at the same count. */
#define GI_MAX_TERMS 4194304

static double gi_exp(double v, bool s) { return s ? (double)expf((float)v) : exp(v); }
static double gi_expm1(double v, bool s) { return s ? (double)expm1f((float)v) : expm1(v); }
static double gi_log(double v, bool s) { return s ? (double)logf((float)v) : log(v); }
static double gi_log1p(double v, bool s) { return s ? (double)log1pf((float)v) : log1p(v); }
static double gi_lgamma(double v, bool s) { return s ? (double)lgammaf((float)v) : lgamma(v); }

/* a .^ k: Octave multiplies for k = 3 and calls pow otherwise (a float's pow in double) */
static double gi_pow(double a, int k, bool s)
{
  return k == 3 ? ga_round_if_single(ga_round_if_single(a * a, s) * a, s) : ga_round_if_single(pow(a, k), s);
}

/* log (Gamma (a)) by Stirling's series, as gammainc.m's D writes it for a > 10 */
static double gi_lnga(double a, bool s)
{
  static const struct {
    double num, den;
    int k;
  } t[10] = {{1, 12, 1},         {1, 360, 3},     {1, 1260, 5},        {1, 1680, 7},
             {1, 1188, 9},       {691, 87360, 11}, {1, 156, 13},       {3617, 122400, 15},
             {43867, 244188, 17}, {174611, 125400, 19}};
  double y = gi_log(ga_round_if_single(ga_round_if_single(2 * 3.141592653589793, s) * a, s), s) / 2;
  for (int i = 0; i < 10; i++) {
    double p = t[i].k == 1 ? a : gi_pow(a, t[i].k, s);
    double term = ga_round_if_single(t[i].num / ga_round_if_single(t[i].den * p, s), s);
    y = ga_round_if_single(i % 2 ? y - term : y + term, s);
  }
  return y;
}

/* D (x, a) = exp (-x) x^a / Gamma (a + 1), gammainc.m's masks in its order (a NaN a
 * or x falls through them all and leaves 0, as there) */
static double gi_D(double x, double a, bool s)
{
  if (x == 0)
    return 0;
  if (x > 0 && a > 10) {
    double lnga = gi_lnga(a, s);
    double lns = a >= x ? gi_log1p(ga_round_if_single(ga_round_if_single(a - x, s) / x, s), s) : -gi_log1p(ga_round_if_single(ga_round_if_single(x - a, s) / a, s), s);
    return gi_exp(ga_round_if_single(ga_round_if_single(ga_round_if_single(a - x, s) - ga_round_if_single(a * lns, s), s) - lnga, s), s);
  }
  if (x <= 0 || a <= 10)
    return gi_exp(ga_round_if_single(ga_round_if_single(ga_round_if_single(a * gi_log(x, s), s) - x, s) - gi_lgamma(ga_round_if_single(a + 1, s), s), s), s);
  return 0;
}

/* the series (Numerical Recipes 6.2.5), for x + 0.25 < a or x < 1 */
static double gi_series(double x, double a, int tail, bool s)
{
  bool scaled = tail == GI_SCALEDLOWER || tail == GI_SCALEDUPPER;
  double y = scaled ? 1 : gi_D(x, a, s);
  double term = scaled ? ga_round_if_single(x / ga_round_if_single(a + 1, s), s) : ga_round_if_single(ga_round_if_single(y * x, s) / ga_round_if_single(a + 1, s), s);
  /* Octave's eps is double's here, in single too (times a single: rounded to single) */
  for (double n = 1; fabs(term) > ga_round_if_single(fabs(y) * DBL_EPSILON, s) && n < GI_MAX_TERMS;) {
    n += 1;
    y = ga_round_if_single(y + term, s);
    term = ga_round_if_single(term * ga_round_if_single(x / ga_round_if_single(a + n, s), s), s);
  }
  if (tail == GI_UPPER)
    return ga_round_if_single(1 - y, s);
  if (tail == GI_SCALEDUPPER)
    return ga_round_if_single(ga_round_if_single(1 / gi_D(x, a, s), s) - y, s);
  return y;
}

/* Lentz's continued fraction (__gammainc__: tiny 2^-100 or 2^-50, the class's eps,
 * 200 terms), for x large against a */
static double gi_lentz(double x, double a, bool s)
{
  double eps = s ? FLT_EPSILON : DBL_EPSILON;
  double y = s ? 0x1p-50 : 0x1p-100, cj = y, dj = 0, bj = ga_round_if_single(ga_round_if_single(x - a, s) + 1, s), aj = a, delta = 0;
  for (int j = 1; fabs(ga_round_if_single(ga_round_if_single(delta - 1, s) / y, s)) > eps && j < 200; j++) {
    cj = ga_round_if_single(bj + ga_round_if_single(aj / cj, s), s);
    dj = ga_round_if_single(1 / ga_round_if_single(bj + ga_round_if_single(aj * dj, s), s), s);
    delta = ga_round_if_single(cj * dj, s);
    y = ga_round_if_single(y * delta, s);
    bj = ga_round_if_single(bj + 2, s);
    aj = ga_round_if_single(j * ga_round_if_single(a - j, s), s);
  }
  return y;
}

static double gi_large(double x, double a, int tail, bool s)
{
  double y = gi_lentz(x, a, s);
  switch (tail) {
  case GI_LOWER: return ga_round_if_single(1 - ga_round_if_single(y * gi_D(x, a, s), s), s);
  case GI_UPPER: return ga_round_if_single(y * gi_D(x, a, s), s);
  case GI_SCALEDLOWER: return ga_round_if_single(ga_round_if_single(1 / gi_D(x, a, s), s) - y, s);
  default: return y;
  }
}

/* integer a in 2..18, 0.1 <= x <= 36: the finite sum of x^i / i! */
static double gi_integer_a(double x, double a, int tail, bool s)
{
  double y = 1, t = 1;
  for (double i = 1; a > i; i++) {
    t = ga_round_if_single(t * ga_round_if_single(x / i, s), s);
    y = ga_round_if_single(y + t, s);
  }
  double e = gi_exp(-x, s);
  switch (tail) {
  case GI_LOWER: return ga_round_if_single(1 - ga_round_if_single(e * y, s), s);
  case GI_UPPER: return ga_round_if_single(y * e, s);
  case GI_SCALEDLOWER: return ga_round_if_single(ga_round_if_single(1 - ga_round_if_single(e * y, s), s) / gi_D(x, a, s), s);
  default: return ga_round_if_single(y * ga_round_if_single(e / gi_D(x, a, s), s), s);
  }
}

double ga_host_gammainc(double x, double a, int tail, bool s)
{
  bool up = tail == GI_UPPER, sup = tail == GI_SCALEDUPPER, slo = tail == GI_SCALEDLOWER;
  if (x == INFINITY && a == INFINITY)
    return NAN;
  if (x == 0 && a == 0)
    return up || sup ? 0 : 1;
  if (x == 0)
    return tail == GI_LOWER ? 0 : up || slo ? 1 : INFINITY;
  if (x == INFINITY)
    return tail == GI_LOWER ? 1 : up || sup ? 0 : INFINITY;
  if (a == INFINITY)
    return tail == GI_LOWER ? 0 : up || slo ? 1 : INFINITY;
  if (a == 0)
    return tail == GI_LOWER ? 1 : slo ? gi_exp(x, s) : 0;
  if (a == 1) {
    switch (tail) {
    case GI_LOWER: return fabs(x) < 0.5 ? -gi_expm1(-x, s) : ga_round_if_single(1 - gi_exp(-x, s), s);
    case GI_UPPER: return gi_exp(-x, s);
    case GI_SCALEDLOWER:
      return fabs(x) < 0.5 ? ga_round_if_single(gi_expm1(x, s) / x, s) : ga_round_if_single(ga_round_if_single(gi_exp(x, s) - 1, s) / x, s);
    default: return ga_round_if_single(1 / x, s);
    }
  }
  if (a == trunc(a) && a > 1 && a <= 18 && x <= 36 && fabs(x) >= ga_round_if_single(0.1, s))
    return gi_integer_a(x, a, tail, s);
  bool series = ((ga_round_if_single(x + 0.25, s) < a || x < 0) && x > -20) || fabs(x) < 1;
  return series ? gi_series(x, a, tail, s) : gi_large(x, a, tail, s);
}
