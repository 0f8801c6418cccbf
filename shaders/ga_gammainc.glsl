
// ---- gammainc (x, a, tail) --------------------------------------------------------------
// Octave 7.3's gammainc.m and its continued fraction (__gammainc__) step by step for
// x >= 0, the same code as the host provider's (src/core/ga_host_gammainc.c says how
// each case follows the m-file); the gpuArray method leaves x < 0 to Octave. tail: 0
// lower, 1 upper, 2 scaledlower, 3 scaledupper. Where s is set every operation's result
// is rounded to single, as Octave computes a single gammainc in single throughout; the
// elementary functions are the library's double ones rounded (glibc's float ones on the
// host). Included after ga_math.glsl, only by kernels that call it.

precise double ga_gi_pow(double a, int k, bool s)
{
  if (k == 3) {
    precise double a2 = ga_round_if_single(a * a, s);
    return ga_round_if_single(a2 * a, s);
  }
  return ga_round_if_single(ga_pow_d(a, double(k)), s);
}

// D (x, a) = exp (-x) x^a / Gamma (a + 1), the m-file's masks in its order (a NaN x or
// a falls through them and leaves 0, as there). Written with one call of each
// elementary function (and gammainc below calls this once): every call site is
// inlined, four times a thread, and lavapipe's LLVM took minutes over the first,
// straightforward form.
precise double ga_gi_D(double x, double a, bool s)
{
  if (x == 0.0lf)
    return 0.0lf;
  bool big = x > 0.0lf && a > 10.0lf;
  if (!big && !(x <= 0.0lf || a <= 10.0lf))
    return 0.0lf;
  precise double lg = ga_round_if_single(ga_log_d(big ? ga_round_if_single(ga_round_if_single(6.283185307179586lf, s) * a, s) : x), s);
  precise double z;
  if (big) {
    // log Gamma (a), Stirling's series as the m-file writes it
    const double num[10] = double[10](1.0lf, 1.0lf, 1.0lf, 1.0lf, 1.0lf, 691.0lf, 1.0lf, 3617.0lf, 43867.0lf,
                                      174611.0lf);
    const double den[10] = double[10](12.0lf, 360.0lf, 1260.0lf, 1680.0lf, 1188.0lf, 87360.0lf, 156.0lf, 122400.0lf,
                                      244188.0lf, 125400.0lf);
    precise double lnga = lg * 0.5lf;
    [[dont_unroll]] for (int i = 0; i < 10; i++) {
      double p = i == 0 ? a : ga_gi_pow(a, 2 * i + 1, s);
      precise double d = ga_round_if_single(den[i] * p, s);
      precise double term = ga_step_div(num[i], d, s);
      lnga = ga_round_if_single((i & 1) != 0 ? lnga - term : lnga + term, s);
    }
    bool ge = a >= x;
    precise double l1 = ga_round_if_single(ga_log1p_d(ga_step_div(ga_round_if_single(ge ? a - x : x - a, s), ge ? x : a, s)), s);
    precise double lns = ge ? l1 : -l1;
    precise double e1 = ga_round_if_single(ga_round_if_single(a - x, s) - ga_round_if_single(a * lns, s), s);
    z = ga_round_if_single(e1 - lnga, s);
  } else {
    precise double l = ga_round_if_single(a * lg, s);
    z = ga_round_if_single(ga_round_if_single(l - x, s) - ga_round_if_single(ga_m_lgamma_pos(ga_round_if_single(a + 1.0lf, s)), s), s);
  }
  return ga_round_if_single(ga_exp_d(z), s);
}

precise double ga_gammainc_d(double x, double a, int tail, bool s)
{
  bool lo = tail == 0, up = tail == 1, slo = tail == 2, sup = tail == 3;
  if (isinf(x) && x > 0.0lf && isinf(a) && a > 0.0lf)
    return ga_m_nan();
  if (x == 0.0lf && a == 0.0lf)
    return up || sup ? 0.0lf : 1.0lf;
  if (x == 0.0lf)
    return lo ? 0.0lf : up || slo ? 1.0lf : ga_m_inf();
  if (isinf(x) && x > 0.0lf)
    return lo ? 1.0lf : up || sup ? 0.0lf : ga_m_inf();
  if (isinf(a) && a > 0.0lf)
    return lo ? 0.0lf : up || slo ? 1.0lf : ga_m_inf();
  if (a == 0.0lf && !slo)
    return lo ? 1.0lf : 0.0lf;
  // the m-file's cases: a == 0 (scaledlower: exp (x)), a == 1, integer a (a finite
  // sum), the series, the continued fraction
  bool a0 = a == 0.0lf, a1 = a == 1.0lf;
  bool ia = !a0 && !a1 && floor(a) == a && a > 1.0lf && a <= 18.0lf && x <= 36.0lf && abs(x) >= ga_round_if_single(0.1lf, s);
  bool series = !a0 && !a1 && !ia && (((ga_round_if_single(x + 0.25lf, s) < a || x < 0.0lf) && x > -20.0lf) || abs(x) < 1.0lf);
  bool lentz = !a0 && !a1 && !ia && !series;
  // exp and expm1 once each, of x or -x
  bool xhalf = abs(x) < 0.5lf;
  bool em1 = a1 && xhalf && (lo || slo);
  precise double em = em1 ? ga_round_if_single(ga_expm1_d(lo ? -x : x), s) : 0.0lf;
  bool need_e = a0 || (a1 && !em1 && !sup) || ia;
  precise double e = need_e ? ga_round_if_single(ga_exp_d(a0 || (a1 && slo) ? x : -x), s) : 0.0lf;
  if (a0)
    return e;
  if (a1) {
    if (lo)
      return xhalf ? -em : ga_round_if_single(1.0lf - e, s);
    if (up)
      return e;
    if (slo)
      return ga_step_div(xhalf ? em : ga_round_if_single(e - 1.0lf, s), x, s);
    return ga_step_div(1.0lf, x, s);
  }
  bool need_d = (ia && (slo || sup)) || (series && !slo) || (lentz && !sup);
  precise double d = need_d ? ga_gi_D(x, a, s) : 0.0lf;
  if (ia) { // the finite sum of x^i / i!
    precise double y = 1.0lf, t = 1.0lf;
    for (double i = 1.0lf; a > i; i += 1.0lf) {
      t = ga_round_if_single(t * ga_step_div(x, i, s), s);
      y = ga_round_if_single(y + t, s);
    }
    if (lo)
      return ga_round_if_single(1.0lf - ga_round_if_single(e * y, s), s);
    if (up)
      return ga_round_if_single(y * e, s);
    if (slo)
      return ga_step_div(ga_round_if_single(1.0lf - ga_round_if_single(e * y, s), s), d, s);
    return ga_round_if_single(y * ga_step_div(e, d, s), s);
  }
  if (series) {
    // Numerical Recipes 6.2.5. Octave's eps is double's here in single too (times a
    // single: rounded to single). Octave's loop has no limit; this one stops at 2^22
    // terms (a of 1e11 and more just above x), where a GPU's watchdog would otherwise
    // end the kernel.
    bool scaled = slo || sup;
    precise double y = scaled ? 1.0lf : d;
    precise double a1p = ga_round_if_single(a + 1.0lf, s);
    precise double term = ga_step_div(scaled ? x : ga_round_if_single(y * x, s), a1p, s);
    precise double n = 1.0lf;
    while (abs(term) > ga_round_if_single(abs(y) * 2.220446049250313e-16lf, s) && n < 4194304.0lf) {
      n += 1.0lf;
      y = ga_round_if_single(y + term, s);
      precise double q = ga_step_div(x, ga_round_if_single(a + n, s), s);
      term = ga_round_if_single(term * q, s);
    }
    if (up)
      return ga_round_if_single(1.0lf - y, s);
    if (sup)
      return ga_round_if_single(ga_step_div(1.0lf, d, s) - y, s);
    return y;
  }
  // Lentz's continued fraction (__gammainc__: tiny 2^-100 or 2^-50, the class's eps,
  // 200 terms)
  double eps = s ? 1.1920928955078125e-7lf : 2.220446049250313e-16lf;
  precise double y = s ? 8.881784197001252e-16lf : 7.888609052210118e-31lf;
  precise double cj = y, dj = 0.0lf, delta = 0.0lf, aj = a;
  precise double bj = ga_round_if_single(ga_round_if_single(x - a, s) + 1.0lf, s);
  for (int j = 1; abs(ga_step_div(ga_round_if_single(delta - 1.0lf, s), y, s)) > eps && j < 200; j++) {
    cj = ga_round_if_single(bj + ga_step_div(aj, cj, s), s);
    dj = ga_step_div(1.0lf, ga_round_if_single(bj + ga_round_if_single(aj * dj, s), s), s);
    delta = ga_round_if_single(cj * dj, s);
    y = ga_round_if_single(y * delta, s);
    bj = ga_round_if_single(bj + 2.0lf, s);
    aj = ga_round_if_single(double(j) * ga_round_if_single(a - double(j), s), s);
  }
  if (lo)
    return ga_round_if_single(1.0lf - ga_round_if_single(y * d, s), s);
  if (up)
    return ga_round_if_single(y * d, s);
  if (slo)
    return ga_round_if_single(ga_step_div(1.0lf, d, s) - y, s);
  return y;
}
