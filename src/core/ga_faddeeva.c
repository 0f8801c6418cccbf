/* Octave's erfcx, and its erf, erfc and erfcx of complex values: the host provider's
 * reference for shaders/ga_faddeeva.glsl, which runs the same steps.
 *
 * Octave 7 computes them with S. G. Johnson's Faddeeva package (liboctave's
 * Faddeeva.cc), from the Faddeeva function w (z) = exp (-z^2) erfc (-iz): for large |z|
 * a continued fraction (Gautschi; Poppe and Wijers) with a fitted number of terms, else
 * the sums of Zaghloul and Ali's Algorithm 916, with erfcx and Im w of real arguments
 * from Chebyshev polynomials on 100 subintervals of a transformed variable; erf and erfc
 * add Taylor series near the axes, where 1 - exp (-z^2) w (iz) would cancel. Its
 * results are matched by taking the same branches, at the same thresholds, with the
 * same double operations in the same order (plain roundings: Octave's x86-64 build has
 * no fma, and C11 here contracts nothing), and with std::complex's mixed operators (a
 * real times a complex value part by part, a real minus a complex value negating the
 * imaginary part). The polynomial tables are our own fits (tools/gen_faddeeva_tables.py),
 * so results can differ from Octave's in the last bits, more where a difference of
 * nearly equal terms amplifies them.
 *
 * Single precision: Octave converts to double and passes relerr = FLT_EPSILON, which
 * changes the sum's step and stopping test (and computes exp (-a^2 n^2) as it goes);
 * the result is rounded to single by the caller. */
#include "ga_internal.h"
#include "ga_faddeeva_tab.h"

#include <complex.h>
#include <float.h>
#include <math.h>

#define ISPI 0.56418958354775628694807945156 /* 1 / sqrt (pi) */

/* erfcx (x) for 0 <= x <= 50, from u = 400 / (4 + x) (Johnson's 100 y) */
static double erfcx_u(double u)
{
  if (isnan(u))
    return u;
  if (u >= 100) /* |x| below 4 eps: erfcx is 1 to double precision */
    return 1.0;
  return ga_fad_erfcx_poly(u);
}

double ga_fad_erfcx(double x)
{
  if (x >= 0) {
    if (x > 50) { /* continued fraction: 1 term beyond 5e7 (where x^4 would overflow), else 5 */
      if (x > 5e7)
        return ISPI / x;
      return ISPI * ((x * x) * (x * x + 4.5) + 2) / (x * ((x * x) * (x * x + 5) + 3.75));
    }
    return erfcx_u(400 / (4 + x));
  }
  if (x < -26.7) /* exp (x^2) overflows */
    return HUGE_VAL;
  if (x < -6.1) /* erfc (-x) below eps of 2 */
    return 2 * exp(x * x);
  return 2 * exp(x * x) - erfcx_u(400 / (4 - x));
}

/* Im w (x) = 2 Dawson (x) / sqrt (pi), from u = 100 / (1 + |x|) and x = |x| */
static double w_im_u(double u, double x)
{
  if (isnan(u))
    return u;
  if (u >= 97) {
    /* |x| <= 0.0309: the Taylor series of 2 Dawson (x) / sqrt (pi), whose last
     * coefficient in Octave is 16/945 without the factor 2 / sqrt (pi) (a few ulp near
     * the end of the range): kept so, to give Octave's values */
    double x2 = x * x;
    return x * (1.1283791670955126 -
                x2 * (0.75225277806367508 -
                      x2 * (0.30090111122547003 - x2 * (0.085971746064420005 - x2 * 0.016931216931216932))));
  }
  return ga_fad_wim_poly(u);
}

static double w_im(double x)
{
  if (x >= 0) {
    if (x > 45) { /* continued fraction, as erfcx's */
      if (x > 5e7)
        return ISPI / x;
      return ISPI * ((x * x) * (x * x - 4.5) + 2) / (x * ((x * x) * (x * x - 5) + 3.75));
    }
    return w_im_u(100 / (1 + x), x);
  }
  if (x < -45) {
    if (x < -5e7)
      return ISPI / x;
    return ISPI * ((x * x) * (x * x - 4.5) + 2) / (x * ((x * x) * (x * x - 5) + 3.75));
  }
  return -w_im_u(100 / (1 - x), -x);
}

static double sinc(double x, double sinx) { return fabs(x) < 1e-4 ? 1 - 0.16666666666666666 * x * x : sinx / x; }

static double sinh_taylor(double x)
{
  return x * (1 + (x * x) * (0.16666666666666666 + 0.0083333333333333332 * (x * x)));
}

/* w (z), by Johnson's algorithm: relerr is DBL_EPSILON, or FLT_EPSILON for single */
static double complex faddeeva_w(double complex z, bool single)
{
  double zr = creal(z), zi = cimag(z);
  if (zr == 0.0)
    return CMPLX(ga_fad_erfcx(zi), zr); /* zr's sign of zero for Im w */
  if (zi == 0)
    return CMPLX(exp(-(zr * zr)), w_im(zr));
  double relerr = single ? FLT_EPSILON : DBL_EPSILON;
  double a = single ? GA_FAD_FA : GA_FAD_A, c = single ? GA_FAD_FC : GA_FAD_C;
  double a2 = single ? GA_FAD_FA2 : GA_FAD_A2;
  double x = fabs(zr), y = zi, ya = fabs(y);
  double ret_re = 0, ret_im = 0;
  double sum1 = 0, sum2 = 0, sum3 = 0, sum4 = 0, sum5 = 0;

  /* the continued fraction where it converges fast, except near the real axis about
   * |x| ~ 6, where its real part loses relative accuracy */
  if (ya > 7 || (x > 6 && (ya > 0.1 || (x > 8 && ya > 1e-10) || x > 28))) {
    double xs = y < 0 ? -zr : zr; /* w (-z) for y < 0 */
    if (x + ya > 4000) {
      if (x + ya > 1e7) { /* one term, i / sqrt (pi) / z, scaled against overflow */
        if (x > ya) {
          double yax = ya / xs;
          double denom = ISPI / (xs + yax * ya);
          ret_re = denom * yax;
          ret_im = denom;
        } else if (isinf(ya)) {
          return isnan(x) || y < 0 ? CMPLX(NAN, NAN) : CMPLX(0, 0);
        } else {
          double xya = xs / ya;
          double denom = ISPI / (xya * xs + ya);
          ret_re = denom;
          ret_im = denom * xya;
        }
      } else { /* two terms, i / sqrt (pi) z / (z^2 - 1/2) */
        double dr = xs * xs - ya * ya - 0.5, di = 2 * xs * ya;
        double denom = ISPI / (dr * dr + di * di);
        ret_re = denom * (xs * di - ya * dr);
        ret_im = denom * (xs * dr + ya * di);
      }
    } else { /* nu terms, from Johnson's fit for machine precision */
      double nu = floor(3.9 + 11.398 / (0.08254 * x + 0.1421 * ya + 0.2023));
      double wr = xs, wi = ya;
      for (nu = 0.5 * (nu - 1); nu > 0.4; nu -= 0.5) {
        double denom = nu / (wr * wr + wi * wi);
        wr = xs - wr * denom;
        wi = ya + wi * denom;
      }
      double denom = ISPI / (wr * wr + wi * wi);
      ret_re = denom * wi;
      ret_im = denom * wr;
    }
    if (y < 0) { /* w (z) = 2 exp (-z^2) - w (-z), exp (-z^2) without overflow in z^2 */
      double complex e = cexp(CMPLX((ya - xs) * (xs + ya), 2 * xs * y));
      return CMPLX(2.0 * creal(e) - ret_re, 2.0 * cimag(e) - ret_im);
    }
    return CMPLX(ret_re, ret_im);
  }

  if (x < 10) { /* Algorithm 916's sums */
    double prod2ax = 1, prodm2ax = 1, expx2;
    if (isnan(y))
      return CMPLX(y, y);
    if (x < 5e-4) { /* sum5 - sum4 as one sum, the exponentials by Taylor series */
      double x2 = x * x;
      expx2 = 1 - x2 * (1 - 0.5 * x2);
      double exp2ax, expm2ax;
      if (!single) {
        double ax2 = GA_FAD_A2X * x;
        exp2ax = 1 + ax2 * (1 + ax2 * (0.5 + 0.16666666666666666 * ax2));
        expm2ax = 1 - ax2 * (1 - ax2 * (0.5 - 0.16666666666666666 * ax2));
      } else {
        exp2ax = exp((2 * a) * x);
        expm2ax = 1 / exp2ax;
      }
      for (int n = 1; n <= 200; n++) {
        double e = single ? exp(-a2 * (double)(n * n)) : GA_FAD_EXPA2N2[n < 52 ? n - 1 : 51];
        double coef = e * expx2 / (a2 * (double)(n * n) + y * y);
        prod2ax *= exp2ax;
        prodm2ax *= expm2ax;
        sum1 += coef;
        sum2 += coef * prodm2ax;
        sum3 += coef * prod2ax;
        sum5 += coef * (2 * a) * n * sinh_taylor((2 * a) * n * x);
        if (coef * prod2ax < relerr * sum3)
          break;
      }
    } else {
      expx2 = exp(-x * x);
      double exp2ax = exp((2 * a) * x), expm2ax = 1 / exp2ax;
      for (int n = 1; n <= 200; n++) {
        double e = single ? exp(-a2 * (double)(n * n)) : GA_FAD_EXPA2N2[n < 52 ? n - 1 : 51];
        double coef = e * expx2 / (a2 * (double)(n * n) + y * y);
        prod2ax *= exp2ax;
        prodm2ax *= expm2ax;
        sum1 += coef;
        sum2 += coef * prodm2ax;
        sum4 += (coef * prodm2ax) * (a * n);
        sum3 += coef * prod2ax;
        sum5 += (coef * prod2ax) * (a * n);
        if ((coef * prod2ax) * (a * n) < relerr * sum5) /* sum5 decays slowest */
          break;
      }
    }
    /* erfcx (y) is 2 exp (y^2) to double precision below -6: without spurious overflow */
    double expx2erfcxy = y > -6 ? expx2 * ga_fad_erfcx(y) : 2 * exp(y * y - x * x);
    if (y > 5) { /* the imaginary terms cancel */
      double sinxy = sin(x * y);
      ret_re = (expx2erfcxy - c * y * sum1) * cos(2 * x * y) + (c * x * expx2) * sinxy * sinc(x * y, sinxy);
    } else {
      double xs = zr;
      double sinxy = sin(xs * y);
      double sin2xy = sin(2 * xs * y), cos2xy = cos(2 * xs * y);
      double coef1 = expx2erfcxy - c * y * sum1;
      double coef2 = c * xs * expx2;
      ret_re = coef1 * cos2xy + coef2 * sinxy * sinc(xs * y, sinxy);
      ret_im = coef2 * sinc(2 * xs * y, sin2xy) - coef1 * sin2xy;
    }
  } else { /* large x (near the real axis): only sum3 and sum5, summed out from n0 */
    if (isnan(x))
      return CMPLX(x, x);
    if (isnan(y))
      return CMPLX(y, y);
    ret_re = exp(-x * x); /* |y| < 1e-10: the one term of exp (-x^2) erfcx (y) that counts */
    double n0 = floor(x / a + 0.5);
    double dx = a * n0 - x;
    sum3 = exp(-dx * dx) / (a2 * (n0 * n0) + y * y);
    sum5 = a * n0 * sum3;
    double exp1 = exp(4 * a * dx), exp1dn = 1;
    int dn;
    bool done = false;
    for (dn = 1; n0 - dn > 0; ++dn) { /* n0 - dn and n0 + dn together */
      double np = n0 + dn, nm = n0 - dn;
      double tp = exp(-((a * dn + dx) * (a * dn + dx)));
      double tm = tp * (exp1dn *= exp1);
      tp /= (a2 * (np * np) + y * y);
      tm /= (a2 * (nm * nm) + y * y);
      sum3 += tp + tm;
      sum5 += a * (np * tp + nm * tm);
      if (a * (np * tp + nm * tm) < relerr * sum5) {
        done = true;
        break;
      }
    }
    /* then n0 + dn alone; Johnson's loop steps dn before the exponent uses it, which
     * Octave's results carry, so this does too */
    for (int guard = 0; !done && guard < 400; guard++) {
      double np = n0 + dn++;
      double tp = exp(-((a * dn + dx) * (a * dn + dx))) / (a2 * (np * np) + y * y);
      sum3 += tp;
      sum5 += a * np * tp;
      done = a * np * tp < relerr * sum5;
    }
  }
  /* ret + the sums' part, a complex sum (so a zero imaginary part of ret is +0) */
  return CMPLX(ret_re + (0.5 * c) * y * (sum2 + sum3), ret_im + (0.5 * c) * copysign(sum5 - sum4, zr));
}

/* The Taylor coefficients of erf near 0: 2 / sqrt (pi) times 1, 1/3, 1/10, 1/42, 1/216 */
#define T0 1.1283791670955126
#define T1 0.37612638903183754
#define T2 0.11283791670955126
#define T3 0.026866170645131252
#define T4 0.0052239776254421878

static double complex cerf_(double complex z, bool single)
{
  double x = creal(z), y = cimag(z);
  if (y == 0)
    return CMPLX(erf(x), y);
  if (x == 0) /* exp (y^2) Im w (y), whose limit at |y| = Inf IEEE would make NaN */
    return CMPLX(x, y * y > 720 ? (y > 0 ? INFINITY : -INFINITY) : exp(y * y) * w_im(y));
  double mre = (y - x) * (x + y), mim = -2 * x * y; /* -z^2, Re without overflow */
  if (mre < -750)
    return CMPLX(x >= 0 ? 1.0 : -1.0, 0.0);
  bool taylor = false, taylor_erfi = false;
  if (x >= 0) {
    if (x < 8e-2) {
      taylor = fabs(y) < 1e-2;
      taylor_erfi = !taylor && fabs(mim) < 5e-3 && x < 5e-3;
    }
  } else if (x > -8e-2) {
    taylor = fabs(y) < 1e-2;
    taylor_erfi = !taylor && fabs(mim) < 5e-3 && x > -5e-3;
  } else if (isnan(x)) {
    return CMPLX(NAN, NAN); /* y is not 0 here */
  }
  if (taylor) { /* z (T0 + m (T1 + m (T2 + m (T3 + m T4)))), m = -z^2 */
    double complex m = CMPLX(mre, mim);
    double complex p = CMPLX(T4 * mre, T4 * mim);
    p = m * CMPLX(T3 + creal(p), cimag(p));
    p = m * CMPLX(T2 + creal(p), cimag(p));
    p = m * CMPLX(T1 + creal(p), cimag(p));
    return z * CMPLX(T0 + creal(p), cimag(p));
  }
  if (taylor_erfi) { /* erf (iy) plus the first terms in x (x and xy small) */
    double x2 = x * x, y2 = y * y;
    double expy2 = exp(y2);
    return CMPLX(expy2 * x *
                     (1.1283791670955126 - x2 * (0.37612638903183754 + 0.75225277806367508 * y2) +
                      x2 * x2 * (0.11283791670955126 + y2 * (0.45135166683820504 + 0.15045055561273501 * y2))),
                 expy2 * (w_im(y) - x2 * y * (1.1283791670955126 - x2 * (0.56418958354775628 + 0.37612638903183754 * y2))));
  }
  /* exp (-z^2) w (iz) through exp and cos, sin: cexp would make NaN of Inf * 0 where w
   * is exponentially small; x < 0 by symmetry, away from overflow */
  double e = exp(mre);
  double complex cs = CMPLX(cos(mim), sin(mim));
  double complex p = cs * faddeeva_w(x >= 0 ? CMPLX(-y, x) : CMPLX(y, -x), single);
  if (x >= 0)
    return CMPLX(1.0 - e * creal(p), -(e * cimag(p)));
  return CMPLX(e * creal(p) - 1.0, e * cimag(p));
}

static double complex cerfc_(double complex z, bool single)
{
  double x = creal(z), y = cimag(z);
  if (x == 0.)
    return CMPLX(1, y * y > 720 ? (y > 0 ? -INFINITY : INFINITY) : -exp(y * y) * w_im(y));
  if (y == 0.) {
    if (x * x > 750)
      return CMPLX(x >= 0 ? 0.0 : 2.0, -y);
    return CMPLX(x >= 0 ? exp(-x * x) * ga_fad_erfcx(x) : 2. - exp(-x * x) * ga_fad_erfcx(-x), -y);
  }
  double mre = (y - x) * (x + y), mim = -2 * x * y;
  if (mre < -750)
    return CMPLX(x >= 0 ? 0.0 : 2.0, 0.0);
  double complex p = cexp(CMPLX(mre, mim)) * faddeeva_w(x >= 0 ? CMPLX(-y, x) : CMPLX(y, -x), single);
  if (x >= 0)
    return p;
  return CMPLX(2.0 - creal(p), -cimag(p));
}

void ga_fad_complex(ga_unop op, double re, double im, bool single, double *ore, double *oim)
{
  double complex z = CMPLX(re, im), r;
  if (op == GA_UOP_ERF)
    r = cerf_(z, single);
  else if (op == GA_UOP_ERFC)
    r = cerfc_(z, single);
  else /* erfcx (z) = w (iz) */
    r = faddeeva_w(CMPLX(-im, re), single);
  *ore = creal(r);
  *oim = cimag(r);
}
