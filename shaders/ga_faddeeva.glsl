// gpuarray: Octave's erfcx, and (after ga_complex.glsl, where GA_FADDEEVA_COMPLEX is
// set) its erf, erfc and erfcx of complex values, from the Faddeeva function
// w (z) = exp (-z^2) erfc (-iz) by S. G. Johnson's algorithms, which Octave 7 uses. The
// steps, thresholds and order of operations are those of src/core/ga_faddeeva.c (the
// host provider's reference, which says why); its tables are ga_faddeeva_tab.glsl,
// included before this file. Every rounding is plain: `precise` everywhere it matters,
// quotients by ga_div_double. Included only in kernels that call these functions.

// erfcx (x) for 0 <= x <= 50, from u = 400 / (4 + x)
double ga_fad_erfcx_u(double u)
{
  if (isnan(u))
    return u;
  if (u >= 100.0lf) // |x| below 4 eps
    return 1.0lf;
  return ga_fad_erfcx_poly(u);
}

const double GA_FAD_ISPI = 0.56418958354775628695lf; // 1 / sqrt (pi)

// the continued fractions of erfcx (s = 4.5, u = 5) and Im w (s = -4.5, u = -5)
double ga_fad_cf5(double x, double s, double u)
{
  precise double x2 = x * x;
  precise double num = GA_FAD_ISPI * (x2 * (x2 + s) + 2.0lf);
  precise double den = x * (x2 * (x2 + u) + 3.75lf);
  return ga_div_double(num, den);
}

double ga_erfcx_d(double x)
{
  if (x >= 0.0lf) {
    if (x > 50.0lf) {
      if (x > 5e7lf)
        return ga_div_double(GA_FAD_ISPI, x);
      return ga_fad_cf5(x, 4.5lf, 5.0lf);
    }
    precise double d = 4.0lf + x;
    return ga_fad_erfcx_u(ga_div_double(400.0lf, d));
  }
  if (x < -26.7lf)
    return ga_m_inf();
  precise double x2 = x * x;
  precise double e2 = 2.0lf * ga_exp_d(x2);
  if (x < -6.1lf)
    return e2;
  precise double d = 4.0lf - x;
  precise double r = e2 - ga_fad_erfcx_u(ga_div_double(400.0lf, d));
  return r;
}

// Im w (x), from u = 100 / (1 + |x|) and x = |x|
double ga_fad_w_im_u(double u, double x)
{
  if (isnan(u))
    return u;
  if (u >= 97.0lf) { // Taylor series, with Octave's last coefficient (ga_faddeeva.c)
    precise double x2 = x * x;
    precise double r = x * (1.1283791670955126lf -
                            x2 * (0.75225277806367508lf -
                                  x2 * (0.30090111122547003lf -
                                        x2 * (0.085971746064420005lf - x2 * 0.016931216931216932lf))));
    return r;
  }
  return ga_fad_wim_poly(u);
}

double ga_fad_w_im(double x)
{
  if (x > 45.0lf || x < -45.0lf) {
    if (x > 5e7lf || x < -5e7lf)
      return ga_div_double(GA_FAD_ISPI, x);
    return ga_fad_cf5(x, -4.5lf, -5.0lf);
  }
  if (x >= 0.0lf) {
    precise double d = 1.0lf + x;
    return ga_fad_w_im_u(ga_div_double(100.0lf, d), x);
  }
  precise double d = 1.0lf - x;
  return -ga_fad_w_im_u(ga_div_double(100.0lf, d), -x);
}

#if GA_FADDEEVA_COMPLEX

double ga_fad_sinc(double x, double sinx)
{
  precise double r;
  if (abs(x) < 1e-4lf)
    r = 1.0lf - 0.16666666666666666lf * x * x;
  else
    r = ga_div_double(sinx, x);
  return r;
}

double ga_fad_sinh_taylor(double x)
{
  precise double x2 = x * x;
  precise double r = x * (1.0lf + x2 * (0.16666666666666666lf + 0.0083333333333333332lf * x2));
  return r;
}

// The continued fraction of w for |z| large, xs the real part of z or -z (whichever
// has Im >= 0), ya = |Im z|
dvec2 ga_fad_w_cf(double xs, double x, double ya)
{
  precise double rr, ri;
  if (x + ya > 4000.0lf) {
    if (x + ya > 1e7lf) { // one term, i / sqrt (pi) / z, scaled against overflow
      if (x > ya) {
        precise double yax = ga_div_double(ya, xs);
        precise double dd = xs + yax * ya;
        precise double denom = ga_div_double(GA_FAD_ISPI, dd);
        rr = denom * yax;
        ri = denom;
      } else {
        precise double xya = ga_div_double(xs, ya);
        precise double dd = xya * xs + ya;
        precise double denom = ga_div_double(GA_FAD_ISPI, dd);
        rr = denom;
        ri = denom * xya;
      }
    } else { // two terms, i / sqrt (pi) z / (z^2 - 1/2)
      precise double dr = xs * xs - ya * ya - 0.5lf, di = 2.0lf * xs * ya;
      precise double dd = dr * dr + di * di;
      precise double denom = ga_div_double(GA_FAD_ISPI, dd);
      rr = denom * (xs * di - ya * dr);
      ri = denom * (xs * dr + ya * di);
    }
  } else { // nu terms, by Johnson's fit
    precise double q = 0.08254lf * x + 0.1421lf * ya + 0.2023lf;
    precise double nu = floor(3.9lf + ga_div_double(11.398lf, q));
    precise double wr = xs, wi = ya;
    for (nu = 0.5lf * (nu - 1.0lf); nu > 0.4lf; nu -= 0.5lf) {
      precise double m = wr * wr + wi * wi;
      precise double denom = ga_div_double(nu, m);
      wr = xs - wr * denom;
      wi = ya + wi * denom;
    }
    precise double m = wr * wr + wi * wi;
    precise double denom = ga_div_double(GA_FAD_ISPI, m);
    rr = denom * wi;
    ri = denom * wr;
  }
  return dvec2(rr, ri);
}

// w (z); single: Octave's relerr = FLT_EPSILON (the sum's step and stopping test); axes:
// whether z may lie on an axis (erf and erfc handle those themselves). Each costly
// function has one call site, its argument chosen by branch: the kernels hold four
// copies of all this, and their compile time grows with its length.
dvec2 ga_fad_w(dvec2 z, bool single, bool axes)
{
  double zr = z.x, zi = z.y;
  double x = abs(zr), y = zi, ya = abs(y);
  bool on_re = axes && zr == 0.0lf, on_im = axes && !on_re && zi == 0.0lf;
  bool cf = !on_re && !on_im &&
            (ya > 7.0lf || (x > 6.0lf && (ya > 0.1lf || (x > 8.0lf && ya > 1e-10lf) || x > 28.0lf)));
  bool sums = !on_re && !on_im && !cf && x < 10.0lf;
  bool big = !on_re && !on_im && !cf && !sums;
  if ((sums || big) && isnan(y))
    return dvec2(y, y);
  if (big && isnan(x))
    return dvec2(x, x);
  if (cf && x + ya > 1e7lf && !(x > ya) && isinf(ya))
    return isnan(x) || y < 0.0lf ? dvec2(ga_m_nan()) : dvec2(0.0lf);
  double relerr = single ? 1.1920928955078125e-07lf : 2.220446049250313e-16lf;
  double a = single ? GA_FAD_FA : GA_FAD_A, c = single ? GA_FAD_FC : GA_FAD_C;
  double a2 = single ? GA_FAD_FA2 : GA_FAD_A2;
  bool tiny = sums && x < 5e-4lf;

  // exp (-x^2): the real axis, the sums (but near x = 0) and large x
  precise double ex2 = 0.0lf;
  if (on_im || (sums && !tiny) || big) {
    precise double m = -(x * x);
    ex2 = ga_exp_d(m);
  }
  // erfcx (y): the imaginary axis, and the sums for y > -6
  precise double exy = 0.0lf;
  if (on_re || (sums && y > -6.0lf))
    exy = ga_erfcx_d(y);
  if (on_re)
    return dvec2(exy, zr);
  if (on_im)
    return dvec2(ex2, ga_fad_w_im(zr));

  if (cf) {
    double xs = y < 0.0lf ? -zr : zr; // w (-z) for y < 0
    dvec2 r = ga_fad_w_cf(xs, x, ya);
    if (y < 0.0lf) { // w (z) = 2 exp (-z^2) - w (-z), exp (-z^2) without overflow in z^2
      precise double er = (ya - xs) * (xs + ya), ei = 2.0lf * xs * y;
      dvec2 e = ga_cexp(dvec2(er, ei));
      precise double o1 = 2.0lf * e.x - r.x, o2 = 2.0lf * e.y - r.y;
      return dvec2(o1, o2);
    }
    return r;
  }

  precise double rr = 0.0lf, ri = 0.0lf;
  precise double sum1 = 0.0lf, sum2 = 0.0lf, sum3 = 0.0lf, sum4 = 0.0lf, sum5 = 0.0lf;
  if (sums) { // Algorithm 916's sums
    precise double prod2ax = 1.0lf, prodm2ax = 1.0lf, expx2, exp2ax, expm2ax;
    precise double a_2 = 2.0lf * a;
    if (tiny) {
      precise double x2 = x * x;
      expx2 = 1.0lf - x2 * (1.0lf - 0.5lf * x2);
    } else {
      expx2 = ex2;
    }
    if (tiny && !single) { // exp (+-2ax) by Taylor series
      precise double ax2 = GA_FAD_A2X * x;
      exp2ax = 1.0lf + ax2 * (1.0lf + ax2 * (0.5lf + 0.16666666666666666lf * ax2));
      expm2ax = 1.0lf - ax2 * (1.0lf - ax2 * (0.5lf - 0.16666666666666666lf * ax2));
    } else {
      precise double t = a_2 * x;
      exp2ax = ga_exp_d(t);
      expm2ax = ga_div_double(1.0lf, exp2ax);
    }
    precise double yy = y * y;
    for (int n = 1; n <= 200; n++) {
      double dn = double(n);
      precise double n2 = double(n * n);
      precise double an2 = a2 * n2;
      precise double e;
      if (single) {
        precise double m = -a2 * n2;
        e = ga_exp_d(m);
      } else {
        e = GA_FAD_EXPA2N2[min(n, 52) - 1]; // the last is 0: the loop ends there
      }
      precise double num = e * expx2;
      precise double coef = ga_div_double(num, an2 + yy);
      prod2ax *= exp2ax;
      prodm2ax *= expm2ax;
      sum1 += coef;
      sum2 += coef * prodm2ax;
      if (tiny) { // sum5 - sum4 as one sum
        sum3 += coef * prod2ax;
        precise double sh = ga_fad_sinh_taylor(a_2 * dn * x);
        sum5 += coef * a_2 * dn * sh;
        if (coef * prod2ax < relerr * sum3)
          break;
      } else {
        precise double adn = a * dn;
        precise double t4 = (coef * prodm2ax) * adn, t5 = (coef * prod2ax) * adn;
        sum4 += t4;
        sum3 += coef * prod2ax;
        sum5 += t5;
        if (t5 < relerr * sum5)
          break;
      }
    }
    precise double expx2erfcxy;
    if (y > -6.0lf) {
      expx2erfcxy = expx2 * exy;
    } else { // erfcx (y) is 2 exp (y^2) to double precision: without spurious overflow
      precise double m = y * y - x * x;
      expx2erfcxy = 2.0lf * ga_exp_d(m);
    }
    // y > 5: the imaginary terms cancel, and x (= |zr|) stands for zr
    double v = y > 5.0lf ? x : zr;
    precise double xy = v * y, xy2 = 2.0lf * v * y;
    precise double sinxy = ga_sin_d(xy), sin2xy, cos2xy;
    ga_sincos_d(xy2, sin2xy, cos2xy);
    precise double coef1 = expx2erfcxy - c * y * sum1;
    precise double coef2 = c * v * expx2;
    rr = coef1 * cos2xy + coef2 * sinxy * ga_fad_sinc(xy, sinxy);
    if (!(y > 5.0lf))
      ri = coef2 * ga_fad_sinc(xy2, sin2xy) - coef1 * sin2xy;
  } else { // large x near the real axis: sum3 and sum5, out from n0 both ways
    rr = ex2;
    precise double yy = y * y;
    precise double n0 = floor(ga_div_double(x, a) + 0.5lf);
    precise double dx = a * n0 - x;
    precise double mdx2 = -dx * dx;
    sum3 = ga_div_double(ga_exp_d(mdx2), a2 * (n0 * n0) + yy);
    sum5 = a * n0 * sum3;
    precise double a4dx = 4.0lf * a * dx;
    precise double exp1 = ga_exp_d(a4dx), exp1dn = 1.0lf;
    // n0 - dn and n0 + dn together while n0 - dn > 0, then n0 + dn alone; there
    // Johnson's loop steps dn before the exponent uses it, which Octave's values carry
    int dn = 1;
    bool both = true;
    for (int guard = 0; guard < 1000; guard++) {
      both = both && n0 - double(dn) > 0.0lf;
      precise double np = n0 + double(dn);
      precise double u = a * double(both ? dn : dn + 1) + dx;
      precise double mu2 = -(u * u);
      precise double tp = ga_exp_d(mu2);
      precise double s;
      if (both) {
        precise double nm = n0 - double(dn);
        exp1dn *= exp1;
        precise double tm = tp * exp1dn;
        tp = ga_div_double(tp, a2 * (np * np) + yy);
        tm = ga_div_double(tm, a2 * (nm * nm) + yy);
        sum3 += tp + tm;
        s = a * (np * tp + nm * tm);
      } else {
        tp = ga_div_double(tp, a2 * (np * np) + yy);
        sum3 += tp;
        s = a * np * tp;
      }
      sum5 += s;
      dn++;
      if (s < relerr * sum5)
        break;
    }
  }
  precise double hc = 0.5lf * c;
  precise double o1 = rr + hc * y * (sum2 + sum3);
  precise double o2 = ri + hc * ga_m_copysign(sum5 - sum4, zr);
  return dvec2(o1, o2);
}

// Octave's erf (z) (single: relerr = FLT_EPSILON, rounded by the caller)
dvec2 ga_cerf(dvec2 z, bool single)
{
  double x = z.x, y = z.y;
  if (y == 0.0lf)
    return dvec2(ga_erf_d(x), y);
  precise double mre = (y - x) * (x + y), mim = -2.0lf * x * y; // -z^2, Re without overflow
  if (x != 0.0lf && mre < -750.0lf)
    return dvec2(x >= 0.0lf ? 1.0lf : -1.0lf, 0.0lf);
  bool taylor = false, taylor_erfi = false;
  if (x == 0.0lf) {
  } else if (x >= 0.0lf) {
    if (x < 8e-2lf) {
      taylor = abs(y) < 1e-2lf;
      taylor_erfi = !taylor && abs(mim) < 5e-3lf && x < 5e-3lf;
    }
  } else if (x > -8e-2lf) {
    taylor = abs(y) < 1e-2lf;
    taylor_erfi = !taylor && abs(mim) < 5e-3lf && x > -5e-3lf;
  } else if (isnan(x)) {
    return dvec2(ga_m_nan()); // y is not 0 here
  }
  precise double y2 = y * y;
  if (x == 0.0lf && y2 > 720.0lf) // the limit at |y| = Inf, where IEEE would make NaN
    return dvec2(x, y > 0.0lf ? ga_m_inf() : -ga_m_inf());
  if (x == 0.0lf || taylor_erfi) { // erf (iy) = i exp (y^2) Im w (y), plus terms in x
    precise double expy2 = ga_exp_d(y2);
    precise double wy = ga_fad_w_im(y);
    if (x == 0.0lf) {
      precise double r = expy2 * wy;
      return dvec2(x, r);
    }
    precise double x2 = x * x;
    precise double re = expy2 * x *
                        (1.1283791670955126lf - x2 * (0.37612638903183754lf + 0.75225277806367508lf * y2) +
                         x2 * x2 * (0.11283791670955126lf + y2 * (0.45135166683820504lf + 0.15045055561273501lf * y2)));
    precise double im = expy2 * (wy - x2 * y *
                                 (1.1283791670955126lf - x2 * (0.56418958354775628lf + 0.37612638903183754lf * y2)));
    return dvec2(re, im);
  }
  if (taylor) { // z (T0 + m (T1 + m (T2 + m (T3 + m T4)))), m = -z^2 (2 / sqrt (pi) times 1, 1/3, 1/10, 1/42, 1/216)
    dvec2 m = dvec2(mre, mim);
    precise double p4r = 0.0052239776254421878lf * mre, p4i = 0.0052239776254421878lf * mim;
    precise double s3 = 0.026866170645131252lf + p4r;
    dvec2 p = ga_cmul(m, dvec2(s3, p4i));
    precise double s2 = 0.11283791670955126lf + p.x;
    p = ga_cmul(m, dvec2(s2, p.y));
    precise double s1 = 0.37612638903183754lf + p.x;
    p = ga_cmul(m, dvec2(s1, p.y));
    precise double s0 = 1.1283791670955126lf + p.x;
    return ga_cmul(z, dvec2(s0, p.y));
  }
  // exp (-z^2) w (iz) through exp and cos, sin (cexp would make NaN of Inf * 0)
  precise double e = ga_exp_d(mre);
  precise double cm, sm;
  ga_sincos_d(mim, sm, cm);
  dvec2 p = ga_cmul(dvec2(cm, sm), ga_fad_w(x >= 0.0lf ? dvec2(-y, x) : dvec2(y, -x), single, false));
  precise double er = e * p.x, ei = e * p.y;
  if (x >= 0.0lf) {
    precise double r = 1.0lf - er;
    return dvec2(r, ga_neg_d(ei));
  }
  precise double r = er - 1.0lf;
  return dvec2(r, ei);
}

// Octave's erfc (z)
dvec2 ga_cerfc(dvec2 z, bool single)
{
  double x = z.x, y = z.y;
  if (x == 0.0lf) {
    precise double y2 = y * y;
    if (y2 > 720.0lf)
      return dvec2(1.0lf, y > 0.0lf ? -ga_m_inf() : ga_m_inf());
    precise double r = -ga_exp_d(y2) * ga_fad_w_im(y);
    return dvec2(1.0lf, r);
  }
  if (y == 0.0lf) {
    precise double x2 = x * x;
    if (x2 > 750.0lf)
      return dvec2(x >= 0.0lf ? 0.0lf : 2.0lf, ga_neg_d(y));
    precise double mx2 = -x * x;
    precise double e = ga_exp_d(mx2);
    precise double r;
    if (x >= 0.0lf)
      r = e * ga_erfcx_d(x);
    else
      r = 2.0lf - e * ga_erfcx_d(-x);
    return dvec2(r, ga_neg_d(y));
  }
  precise double mre = (y - x) * (x + y), mim = -2.0lf * x * y;
  if (mre < -750.0lf)
    return dvec2(x >= 0.0lf ? 0.0lf : 2.0lf, 0.0lf);
  dvec2 p = ga_cmul(ga_cexp(dvec2(mre, mim)), ga_fad_w(x >= 0.0lf ? dvec2(-y, x) : dvec2(y, -x), single, false));
  if (x >= 0.0lf)
    return p;
  precise double r = 2.0lf - p.x;
  return dvec2(r, ga_neg_d(p.y));
}

// Octave's erfcx (z) = w (iz)
dvec2 ga_cerfcx(dvec2 z, bool single) { return ga_fad_w(dvec2(-z.y, z.x), single, true); }

#endif // GA_FADDEEVA_COMPLEX
