/* expint (x) on the host provider for x >= 0 (and -0, NaN): Octave 7.3's expint.m and its
 * continued fraction (__expint__) step by step, in Octave's order of operations; the
 * gpuArray method leaves x < 0 (complex answers) to Octave itself. __expint__ runs in
 * complex arithmetic, but on a real x every imaginary part is 0 and each complex step
 * is exactly the real one. Single: every result rounded to single (ga_round_if_single), with the C
 * library's float functions, as Octave computes a single expint. shaders/ga_math.glsl's
 * ga_expint_d is the same code for the device. */
#include "ga_internal.h"

#include <float.h>
#include <math.h>

static double ex_exp(double v, bool s) { return s ? (double)expf((float)v) : exp(v); }
static double ex_log(double v, bool s) { return s ? (double)logf((float)v) : log(v); }

double ga_host_expint(double x, bool s)
{
  double tol = s ? FLT_EPSILON : DBL_EPSILON;
  double t = ga_round_if_single(x + 19.5, s);
  bool series = ga_round_if_single(ga_round_if_single(t * t, s) / 420.25, s) <= 1;
  double u = ga_round_if_single(x + 1, s);
  bool cf = !series && ga_round_if_single(ga_round_if_single(u * u, s) / 1444, s) <= 1 && x <= 35;
  if (series) { /* the power series about 0 */
    double e1 = ga_round_if_single(ga_round_if_single(-0.577215664901532860606512090082402431042159335, s) - ex_log(x, s), s);
    double res = -x, sum = res;
    for (double k = 1; k < 1e3;) {
      res = ga_round_if_single(res * ga_round_if_single(ga_round_if_single(k * -x, s) / ((k + 1) * (k + 1)), s), s);
      sum = ga_round_if_single(sum + res, s);
      k += 1;
      if (!(fabs(res) > ga_round_if_single(tol * fabs(sum), s)))
        break;
    }
    return ga_round_if_single(e1 - sum, s);
  }
  if (cf) { /* Lentz's continued fraction: tiny 2^-100 (2^-50), 200 (100) terms */
    double tiny = s ? 0x1p-50 : 0x1p-100;
    double y = tiny, c = y, d = 0, alpha = 1, beta = x, delta = 0;
    for (int j = 1; fabs(ga_round_if_single(delta - 1, s)) > tol && j < (s ? 100 : 200); j++) {
      d = ga_round_if_single(beta + ga_round_if_single(alpha * d, s), s);
      if (d == 0)
        d = tiny;
      c = ga_round_if_single(beta + ga_round_if_single(alpha / c, s), s);
      if (c == 0)
        c = tiny;
      d = ga_round_if_single(1 / d, s);
      delta = ga_round_if_single(c * d, s);
      y = ga_round_if_single(y * delta, s);
      alpha = (double)((j + 1) / 2);
      beta = j % 2 == 0 ? x : 1;
    }
    return ga_round_if_single(ex_exp(-x, s) * y, s);
  }
  /* the asymptotic series, its terms while k < x (NaN and Inf land here too) */
  double e1 = ga_round_if_single(ex_exp(-x, s) / x, s);
  double res = 1, sum = 1;
  for (double k = 0; k < 1e3;) {
    res = ga_round_if_single(res / ga_round_if_single(-x / (k + 1), s), s);
    sum = ga_round_if_single(sum + res, s);
    k += 1;
    if (!(fabs(x) > k))
      break;
  }
  return ga_round_if_single(e1 * sum, s);
}
