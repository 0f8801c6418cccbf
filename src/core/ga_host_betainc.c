/* betainc (x, a, b, tail) and betaincinv (y, a, b, tail) on the host provider: Octave
 * 7.3's betainc.m with its continued fraction (__betainc__.cc), and betaincinv.m with its
 * starting points and newton_method, step by step for one element. Octave evaluates the
 * m-files with whole-array operations, but every element's answer depends on that
 * element alone, so each case below is that evaluation for one element, in Octave's
 * order of operations, and the host answers are Octave's bit for bit.
 * shaders/ga_betainc.glsl is the same code for the device.
 *
 * What depends on the array: betainc.m's log (f) turns the whole array complex when one
 * continued fraction f is negative, and exp of a complex value is glibc's cexp, whose
 * real part is exp (re) cos (im): -exp (re) for that element (cos (pi) rounds to -1), and
 * for the others exp (re) as here, except above re = 709 (88 in single), where cexp
 * scales: only for results beyond 1e307, never a probability.
 *
 * betaincinv: where Octave's steps would fail or leave the reals (an iterate outside
 * [0, 1] handed to betainc, whose range check then fails the whole call) the answer is
 * NaN: the gpuArray method hands every call whose result holds a NaN where no input
 * was NaN to Octave's own betaincinv on the host. Octave's Newton loop runs while |dx|
 * shrinks, without a limit; here it stops with NaN as well after GA_BETAINCINV_MAX_STEPS
 * steps, so that no GPU thread runs for ever. Measured against Octave (a, b in 1e-3..1e4,
 * 20000 points a class and tail): y down to 1e-30 took at most 75 steps; y of 1e-160 to
 * 1e-300 with a, b in the hundreds or thousands more than 200 (3% of such points), whose
 * starting points lie far out on the flat side.
 *
 * Single: Octave computes in single throughout (a double constant meets a single array
 * as a single; __betainc__ in float), so each operation's result is rounded to single
 * (ga_round_if_single), and the elementary functions are glibc's float ones, which Octave
 * calls. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>

#define R(v) ga_round_if_single((v), s)

/* Newton steps of betaincinv before it gives up with NaN (Octave's loop has no limit) */
#define GA_BETAINCINV_MAX_STEPS 200

static double bi_log(double v, bool s) { return s ? (double)logf((float)v) : log(v); }
static double bi_log1p(double v, bool s) { return s ? (double)log1pf((float)v) : log1p(v); }
static double bi_exp(double v, bool s) { return s ? (double)expf((float)v) : exp(v); }
static double bi_expm1(double v, bool s) { return s ? (double)expm1f((float)v) : expm1(v); }
static double bi_lgamma(double v, bool s) { return s ? (double)lgammaf((float)v) : lgamma(v); }
/* x .^ y of two arrays or two scalars alike: std::pow of the class */
static double bi_pow(double x, double y, bool s) { return s ? (double)powf((float)x, (float)y) : pow(x, y); }

/* __betainc__: Lentz's continued fraction (tiny 2^-100, or 2^-50 in single; the class's
 * eps; 200 terms). Its int j meets the arithmetic converted exactly (j < 200). */
static double bi_lentz(double x, double a, double b, bool s)
{
  double tiny = s ? 0x1p-50 : 0x1p-100, eps = s ? FLT_EPSILON : DBL_EPSILON;
  double y = tiny, cj = y, dj = 0, delta = 0, alpha = 1;
  double ab = R(a + b);
  double beta = R(a - R(R(R(a * ab) / R(a + 1)) * x));
  double x2 = R(x * x);
  for (int j = 1; fabs(R(delta - 1)) > eps && j < 200; j++) {
    dj = R(beta + R(alpha * dj));
    if (dj == 0)
      dj = tiny;
    cj = R(beta + R(alpha / cj));
    if (cj == 0)
      cj = tiny;
    dj = R(1 / dj);
    delta = R(cj * dj);
    y = R(y * delta);
    double a2 = R(R(a + 2 * j) - 1); /* aj + 2 * j - 1 */
    double num = R(R(R(R(R(a + j) - 1) * R(R(ab + j) - 1)) * R(b - j)) * j);
    alpha = R(R(num / R(a2 * a2)) * x2);
    double t1 = R(R(j * R(b - j)) / a2);
    double t2 = R(R(R(a + j) * R(ab + j)) / R(R(a + 2 * j) + 1));
    beta = R(R(a + 2 * j) + R(R(t1 - t2) * x));
  }
  return y;
}

/* real (exp (complex (re, pi))) as glibc's cexp gives it (cos (pi) is -1 in both
 * classes); NaN and infinite re come out as cexp's special cases do */
static double bi_cexp_re_pi(double re, bool s)
{
  double t = s ? 88 : 709, c = -1;
  for (int k = 0; k < 2 && re > t; k++) {
    c = R(c * bi_exp(t, s));
    re = R(re - t);
  }
  if (re > t)
    return R((s ? FLT_MAX : DBL_MAX) * c);
  return R(bi_exp(re, s) * c);
}

double ga_host_betainc(double x, double a, double b, int tail, bool s)
{
  bool upper = tail != 0;
  /* the trivial cases: a = b = 1, a = 1, b = 1 (bug #62329's forms) */
  if (a == 1 && b == 1)
    return upper ? R(1 - x) : x;
  if (a == 1) {
    double l = R(bi_log1p(-x, s) * b);
    return upper ? bi_exp(l, s) : -bi_expm1(l, s);
  }
  if (b == 1)
    return upper ? -bi_expm1(R(bi_log(x, s) * a), s) : bi_pow(x, a, s);
  /* the continued fraction converges for x <= a / (a + b): I_x (a, b) = 1 - I_1-x (b, a)
   * on the other side, and the upper tail the other way round */
  double m = R(a / R(a + b));
  bool flag = upper ? x < m : x > m;
  if (upper ? !flag : flag) {
    double t = a;
    a = b;
    b = t;
    x = R(1 - x);
  }
  double f = bi_lentz(x, a, b, s);
  double lg = R(R(bi_lgamma(R(a + b), s) - bi_lgamma(a, s)) - bi_lgamma(b, s));
  double re = R(R(R(R(a * bi_log(x, s)) + R(b * bi_log1p(-x, s))) + lg) + bi_log(f < 0 ? -f : f, s));
  double y = f < 0 ? bi_cexp_re_pi(re, s) : bi_exp(re, s);
  return flag ? R(1 - y) : y;
}

double ga_host_betaincinv(double y, double a, double b, int tail, bool s)
{
  bool upper = tail != 0;
  double ys = upper ? R(1 - y) : y;
  double am1 = R(a - 1), bm1 = R(b - 1), c = R(am1 * bm1);
  double lab = R(R(bi_lgamma(a, s) + bi_lgamma(b, s)) - bi_lgamma(R(a + b), s)); /* betaln; beta is its exp */
  /* the starting point: with a point of inflection x_i (c > 0) from its side, else by
   * the curvature's sign; NaN in a or b gives neither, and x stays 0 */
  double x = 0;
  if (c > 0) {
    double xi = R(am1 / R(R(a + b) - 2));
    if (xi < 0 || xi > 1) /* betainc's range check fails the whole call */
      return NAN;
    double yi = ga_host_betainc(xi, a, b, 0, s);
    if (a > 1)
      x = xi;
    else if (yi >= ys)
      x = R(bi_pow(R(ys / yi), R(1 / a), s) * xi);
    else if (yi < ys)
      x = R(1 - R(bi_pow(R(R(1 - ys) / R(1 - yi)), R(1 / b), s) * R(1 - xi)));
  } else if (c <= 0) {
    double beta = bi_exp(lab, s);
    if (a < 1)
      x = bi_pow(R(R(ys * beta) * a), R(1 / a), s);
    else if (a >= 1)
      x = R(1 - bi_pow(R(R(R(1 - ys) * beta) * b), R(1 / b), s));
  }
  if (y == 0)
    return upper ? 1 : 0;
  if (y == 1)
    return upper ? 0 : 1;
  /* newton_method: x += -F ./ JF, first once (done where dx is 0), then while |dx|
   * shrinks; the step that stops the loop stays in x */
  double dx_old = 0;
  for (int it = 0; it <= GA_BETAINCINV_MAX_STEPS; it++) {
    if (x < 0 || x > 1) /* betainc's range check fails the whole call */
      return NAN;
    double f = R(y - ga_host_betainc(x, a, b, tail, s));
    double jf = bi_exp(R(R(R(am1 * bi_log(x, s)) + R(bm1 * bi_log1p(-x, s))) - lab), s);
    double step = R(-f / (upper ? jf : -jf));
    double x_old = x;
    x = R(x + step);
    double dx = R(x - x_old);
    if (it == 0 ? !(dx != 0) : !(fabs(dx) < fabs(dx_old)))
      return x;
    dx_old = dx;
  }
  return NAN;
}

double ga_host_ternary(ga_terop op, double a, double b, double c, bool s)
{
  int tail = op == GA_TOP_BETAINC_UPPER || op == GA_TOP_BETAINCINV_UPPER;
  return ga_terop_is_betaincinv(op) ? ga_host_betaincinv(a, b, c, tail, s) : ga_host_betainc(a, b, c, tail, s);
}
#undef R
