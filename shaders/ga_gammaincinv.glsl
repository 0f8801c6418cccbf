// ---- gammaincinv (y, a, tail) -----------------------------------------------------------
// Octave 7.3's gammaincinv.m and its newton_method step by step, the same code as the
// host provider's (src/core/ga_host_gammaincinv.c says how each step follows the m-file
// and what depends on the array). mode: bit 0 the upper tail, bit 1 a scalar's powers
// (pow for every constant exponent; an array multiplies for 2 and 3). NaN where Octave's
// steps leave the reals (a guess or an iterate below 0): the gpuArray method hands such
// calls to Octave. Where s is set every step is rounded to single, as Octave computes a
// single gammaincinv in single. Included after ga_gammainc.glsl, only by kernels that
// call it. Each large function has one call site (every call site is a copy of it in
// lavapipe's LLVM): the guess's powers come from one kept loop, and the Newton steps
// are another, with one call of gammainc. Each + - * is its own precise assignment
// (ga_step_add, _sub, _mul in ga_math.glsl), so no compiler contracts a product and a
// sum into an fma.

// Octave's own erfcinv (liboctave's do_erfcinv): P. J. Acklam's rational approximation
// and, in double, one Halley step; a single's is computed in double without it. Region
// 4's guess takes it as Octave's does (ga_erfcinv_d, the accurate one, is up to millions
// of ulp from it in the tails, and Newton from another guess lands elsewhere).
precise double ga_gii_erfcinv(double x, bool s)
{
  precise double y;
  if (x >= 0.04850lf && x <= 1.95150lf) {
    precise double q = ga_step_mul(0.5lf, ga_step_sub(1.0lf, x, false), false);
    precise double r = ga_step_mul(q, q, false);
    precise double yn = ga_step_add(ga_step_mul(-2.806989788730439e+01lf, r, false), 1.562324844726888e+02lf, false);
    yn = ga_step_add(ga_step_mul(yn, r, false), -1.951109208597547e+02lf, false);
    yn = ga_step_add(ga_step_mul(yn, r, false), 9.783370457507161e+01lf, false);
    yn = ga_step_add(ga_step_mul(yn, r, false), -2.168328665628878e+01lf, false);
    yn = ga_step_mul(ga_step_add(ga_step_mul(yn, r, false), 1.772453852905383e+00lf, false), q, false);
    precise double yd = ga_step_add(ga_step_mul(-5.447609879822406e+01lf, r, false), 1.615858368580409e+02lf, false);
    yd = ga_step_add(ga_step_mul(yd, r, false), -1.556989798598866e+02lf, false);
    yd = ga_step_add(ga_step_mul(yd, r, false), 6.680131188771972e+01lf, false);
    yd = ga_step_add(ga_step_mul(yd, r, false), -1.328068155288572e+01lf, false);
    yd = ga_step_add(ga_step_mul(yd, r, false), 1.0lf, false);
    y = ga_div_double(yn, yd);
  } else if (x > 0.0lf && x < 2.0lf) {
    precise double h = ga_step_mul(0.5lf, x < 1.0lf ? x : ga_step_sub(2.0lf, x, false), false);
    precise double q = ga_sqrt_d(ga_step_mul(-2.0lf, ga_log_d(h), false));
    precise double yn = ga_step_add(ga_step_mul(-5.504751339936943e-03lf, q, false), -2.279687217114118e-01lf, false);
    yn = ga_step_add(ga_step_mul(yn, q, false), -1.697592457770869e+00lf, false);
    yn = ga_step_add(ga_step_mul(yn, q, false), -1.802933168781950e+00lf, false);
    yn = ga_step_add(ga_step_mul(yn, q, false), 3.093354679843505e+00lf, false);
    yn = ga_step_add(ga_step_mul(yn, q, false), 2.077595676404383e+00lf, false);
    precise double yd = ga_step_add(ga_step_mul(7.784695709041462e-03lf, q, false), 3.224671290700398e-01lf, false);
    yd = ga_step_add(ga_step_mul(yd, q, false), 2.445134137142996e+00lf, false);
    yd = ga_step_add(ga_step_mul(yd, q, false), 3.754408661907416e+00lf, false);
    yd = ga_step_add(ga_step_mul(yd, q, false), 1.0lf, false);
    y = ga_div_double(yn, yd);
    if (x < 0.04850lf)
      y = -y;
  } else {
    return x == 0.0lf ? ga_m_inf() : x == 2.0lf ? -ga_m_inf() : ga_m_nan();
  }
  if (s)
    return ga_round_if_single(y, true);
  // u = (erf (y) - (1 - x)) * sqrt (pi) / 2 * exp (y^2); y -= u / (1 + y u)
  precise double u = ga_step_sub(ga_erf_d(y), ga_step_sub(1.0lf, x, false), false);
  u = ga_step_mul(ga_step_mul(u, 8.862269254527579e-01lf, false), ga_exp_d(ga_step_mul(y, y, false)), false);
  return ga_step_sub(y, ga_div_double(u, ga_step_add(1.0lf, ga_step_mul(y, u, false), false)), false);
}

precise double ga_gammaincinv_d(double y, double a, int mode, bool s)
{
  bool up = (mode & 1) != 0, scal = (mode & 2) != 0;
  // the special cases: y = 0 and y = 1 (assigned last in the m-file), then a = 1
  if (y == 0.0lf)
    return up ? ga_m_inf() : 0.0lf;
  if (y == 1.0lf)
    return up ? 0.0lf : ga_m_inf();
  if (a == 1.0lf && !up)
    return -ga_round_if_single(ga_log1p_d(-y), s);
  precise double p = up ? ga_step_sub(1.0lf, y, s) : y;
  precise double q = up ? y : ga_step_sub(1.0lf, y, s);

  // the region (0: a = 1, upper tail; 1, p small; 2, q small; 3, a small; 4, a large)
  // and the guess's powers: j = 0, (0.2 (1 + a)) .^ a, the test of region 1; 1, r =
  // (p gamma (1 + a)) .^ (1 / a) (regions 1 and 3); 2-4, (a + 1) .^ 2..4; 5-7, a .^ 2..4;
  // 8, (a + 2) .^ 2; 9-12, r .^ 2..5 (region 1); 10 with t for r, t .^ 3 (region 4)
  int region = 0;
  precise double a1 = ga_step_add(1.0lf, a, s), a2 = ga_step_add(a, 2.0lf, s);
  precise double g1 = 0.0lf, lga = 0.0lf, r = 0.0lf, t = 0.0lf;
  precise double pw[13];
  if (a != 1.0lf) {
    // gamma (1 + a) and gammaln (a) of a > 0 (or NaN): their positive branches alone
    int e2g;
    g1 = isnan(a1) ? a1 : a1 >= 172.0lf ? ga_m_inf() : ga_m_scalbn(ga_m_gamma_positive(a1, e2g), e2g);
    g1 = ga_round_if_single(g1, s);
    lga = ga_round_if_single(isnan(a) || isinf(a) ? abs(a) : ga_m_lgamma_pos(a), s);
    precise double e2 = ga_round_if_single(ga_exp_d(ga_step_mul(-0.5lf, a, s)), s);
    [[dont_unroll]] for (int j = 0; j < 13; j++) {
      int k = j < 5 ? j : j < 8 ? j - 3 : j == 8 ? 2 : j - 7;
      precise double b = j == 0 ? ga_step_mul(ga_round_if_single(0.2lf, s), a1, s)
                                : j == 1 ? ga_step_mul(p, g1, s)
                                         : j < 5 ? a1 : j < 8 ? a : j == 8 ? a2 : region == 4 ? t : r;
      precise double e = j == 0 ? a : j == 1 ? ga_step_div(1.0lf, a, s) : double(k);
      precise double v;
      if (j >= 2 && !scal && k == 2)
        v = ga_step_mul(b, b, s);
      else if (j >= 2 && !scal && k == 3)
        v = ga_step_mul(ga_step_mul(b, b, s), b, s);
      else
        v = ga_round_if_single(ga_pow_d(b, e), s);
      pw[j] = v;
      if (j == 0) {
        if (p < ga_step_div(v, g1, s))
          region = 1;
        else if (q < ga_step_div(e2, g1, s) && a > 0.0lf && a < 10.0lf)
          region = 2;
        else if (a > 0.0lf && a < 1.0lf)
          region = 3;
        else
          region = 4;
        if (region == 4) { // t = 1 - d + sqrt (2) * erfcinv (2 q) .* sqrt (d), d = 1 / (9 a)
          precise double d = ga_step_div(1.0lf, ga_step_mul(9.0lf, a, s), s);
          precise double ei = ga_gii_erfcinv(ga_step_mul(2.0lf, q, s), s);
          precise double sq = ga_step_mul(ga_round_if_single(1.4142135623730951lf, s), ei, s);
          precise double sd = ga_step_mul(sq, ga_round_if_single(ga_sqrt_d(d), s), s);
          t = ga_step_add(ga_step_sub(1.0lf, d, s), sd, s);
          if (!scal)
            break;
          j = 9; // next: t .^ 3
        }
        if (region == 2)
          break;
      } else if (j == 1) {
        r = v;
        if (region == 3)
          break;
      } else if (region == 4) {
        break;
      }
    }
  }
  precise double lq = region == 0 || region == 2 ? ga_round_if_single(ga_log_d(q), s) : 0.0lf;
  if (region == 0)
    return -lq;

  // the guess
  precise double x0;
  if (region == 1) { // r + c2 r^2 + c3 r^3 + c4 r^4 + c5 r^5
    precise double a3 = ga_step_add(a, 3.0lf, s), a4 = ga_step_add(a, 4.0lf, s);
    precise double c2 = ga_step_div(1.0lf, a1, s);
    precise double n3 = ga_step_add(ga_step_mul(3.0lf, a, s), 5.0lf, s);
    precise double c3 = ga_step_div(n3, ga_step_mul(ga_step_mul(2.0lf, pw[2], s), a2, s), s);
    precise double n4 = ga_step_add(ga_step_add(ga_step_mul(8.0lf, pw[5], s), ga_step_mul(33.0lf, a, s), s), 31.0lf, s);
    precise double d4 = ga_step_mul(ga_step_mul(ga_step_mul(3.0lf, pw[3], s), a2, s), a3, s);
    precise double c4 = ga_step_div(n4, d4, s);
    precise double n5 = ga_step_add(ga_step_mul(125.0lf, pw[7], s), ga_step_mul(1179.0lf, pw[6], s), s);
    n5 = ga_step_add(n5, ga_step_mul(3971.0lf, pw[5], s), s);
    n5 = ga_step_add(n5, ga_step_mul(5661.0lf, a, s), s);
    n5 = ga_step_add(n5, 2888.0lf, s);
    precise double d5 = ga_step_mul(ga_step_mul(24.0lf, pw[4], s), pw[8], s);
    d5 = ga_step_mul(ga_step_mul(d5, a3, s), a4, s);
    precise double c5 = ga_step_div(n5, d5, s);
    x0 = ga_step_add(r, ga_step_mul(c2, pw[9], s), s);
    x0 = ga_step_add(x0, ga_step_mul(c3, pw[10], s), s);
    x0 = ga_step_add(x0, ga_step_mul(c4, pw[11], s), s);
    x0 = ga_step_add(x0, ga_step_mul(c5, pw[12], s), s);
  } else if (region == 3) {
    x0 = r;
  } else if (region == 2) { // -log (q) - gammaln (a)
    x0 = ga_step_sub(-lq, lga, s);
  } else { // a t^3
    x0 = ga_step_mul(a, scal ? pw[10] : ga_step_mul(ga_step_mul(t, t, s), t, s), s);
  }

  // newton_method: res = -F ./ JF at the guess; while |res| >= tol |x| (20 times at
  // most) x += res and res anew; then x += res. Regions 1 and 3 invert the lower tail
  // with JF's sign negative, 2 and 4 the upper; 1 and 4 write JF with log (x), 2 and 3
  // with x .^ (a - 1).
  bool lowf = region == 1 || region == 3, uselog = region == 1 || region == 4;
  double tol = s ? 1.1920928955078125e-7lf : 2.220446049250313e-16lf;
  precise double pq = lowf ? p : q, am1 = ga_step_sub(a, 1.0lf, s);
  precise double x = x0, res = 0.0lf;
  [[dont_unroll]] for (int it = 0; it <= 20; it++) {
    if (it > 0)
      x = ga_step_add(x, res, s);
    if (x < 0.0lf) // Octave's gammainc and log of it are complex
      return ga_m_nan();
    precise double f = ga_step_sub(pq, ga_gammainc_d(x, a, lowf ? 0 : 1, s), s);
    precise double e0 = ga_step_sub(-lga, x, s);
    precise double lx = uselog ? ga_round_if_single(ga_log_d(x), s) : 0.0lf;
    precise double ex = ga_round_if_single(ga_exp_d(uselog ? ga_step_add(e0, ga_step_mul(am1, lx, s), s) : e0), s);
    precise double jf = uselog ? ex : ga_step_mul(ex, ga_round_if_single(ga_pow_d(x, am1), s), s);
    res = ga_step_div(-f, lowf ? -jf : jf, s);
    if (!(abs(res) >= ga_step_mul(tol, abs(x), s)))
      break;
  }
  return ga_step_add(x, res, s);
}
