
// ---- betainc (x, a, b, tail) ------------------------------------------------------------
// Octave 7.3's betainc.m and its continued fraction (__betainc__) step by step, the same
// code as the host provider's (src/core/ga_host_betainc.c says how each step follows the
// m-file and what depends on the array). tail: 0 lower, 1 upper. Where s is set every
// operation's result is rounded to single, as Octave computes a single betainc in single
// throughout; the elementary functions are the library's double ones rounded (glibc's
// float ones on the host). Included after ga_math.glsl, only by kernels that call it.
// Every call site of a function is a copy of it in the compiled kernel (and lavapipe's
// LLVM takes seconds over each copy of the large ones): each elementary function is
// called once, the three gammaln (of positive values: lgamma's positive branch alone)
// and two logs from kept loops; betaincinv passes its gammaln in. Each + - * / is its own
// precise step (ga_step_add, ... in ga_math.glsl), so no compiler contracts a product
// and a sum into an fma.

// __betainc__: Lentz's continued fraction (tiny 2^-100, or 2^-50 in single; the class's
// eps; 200 terms), for x <= a / (a + b)
precise double ga_bi_lentz(double x, double a, double b, bool s)
{
  double tiny = s ? 8.881784197001252e-16lf : 7.888609052210118e-31lf;
  double eps = s ? 1.1920928955078125e-7lf : 2.220446049250313e-16lf;
  precise double y = tiny, cj = tiny, dj = 0.0lf, delta = 0.0lf, alpha = 1.0lf;
  precise double ab = ga_step_add(a, b, s);
  precise double beta = ga_step_sub(a, ga_step_mul(ga_step_div(ga_step_mul(a, ab, s), ga_step_add(a, 1.0lf, s), s), x, s), s);
  precise double x2 = ga_step_mul(x, x, s);
  for (int j = 1; abs(ga_step_sub(delta, 1.0lf, s)) > eps && j < 200; j++) {
    double jd = double(j);
    dj = ga_step_add(beta, ga_step_mul(alpha, dj, s), s);
    if (dj == 0.0lf)
      dj = tiny;
    cj = ga_step_add(beta, ga_step_div(alpha, cj, s), s);
    if (cj == 0.0lf)
      cj = tiny;
    dj = ga_step_div(1.0lf, dj, s);
    delta = ga_step_mul(cj, dj, s);
    y = ga_step_mul(y, delta, s);
    precise double a2j = ga_step_add(a, 2.0lf * jd, s);
    precise double a2 = ga_step_sub(a2j, 1.0lf, s);
    precise double num = ga_step_mul(ga_step_sub(ga_step_add(a, jd, s), 1.0lf, s), ga_step_sub(ga_step_add(ab, jd, s), 1.0lf, s), s);
    num = ga_step_mul(ga_step_mul(num, ga_step_sub(b, jd, s), s), jd, s);
    alpha = ga_step_mul(ga_step_div(num, ga_step_mul(a2, a2, s), s), x2, s);
    precise double t1 = ga_step_div(ga_step_mul(jd, ga_step_sub(b, jd, s), s), a2, s);
    precise double t2 = ga_step_div(ga_step_mul(ga_step_add(a, jd, s), ga_step_add(ab, jd, s), s), ga_step_add(a2j, 1.0lf, s), s);
    beta = ga_step_add(a2j, ga_step_mul(ga_step_sub(t1, t2, s), x, s), s);
  }
  return y;
}

// gammaln of a > 0, NaN or Inf (betainc's operands): lgamma's positive branch alone
precise double ga_bi_lgamma(double x, bool s)
{
  return ga_round_if_single(isnan(x) || isinf(x) ? abs(x) : ga_m_lgamma_pos(x), s);
}

// betainc with gammaln (a), gammaln (b), gammaln (a + b) given (betaincinv has them)
precise double ga_bi_core(double x, double a, double b, int tail, bool s, double ga, double gb, double gab)
{
  bool up = tail != 0, a1 = a == 1.0lf, b1 = b == 1.0lf;
  if (a1 && b1)
    return up ? ga_step_sub(1.0lf, x, s) : x;
  bool nt = !a1 && !b1;
  // the continued fraction converges for x <= a / (a + b): I_x (a, b) = 1 - I_1-x (b, a)
  // on the other side, and the upper tail the other way round
  precise double m = ga_step_div(a, ga_step_add(a, b, s), s);
  bool flag = nt && (up ? x < m : x > m);
  bool swap = nt && (up ? !flag : flag);
  precise double xs = swap ? ga_step_sub(1.0lf, x, s) : x, as = swap ? b : a, bs = swap ? a : b;
  precise double f = nt ? ga_bi_lentz(xs, as, bs, s) : 0.0lf;
  // log (x) and log (|f|) (Octave's log of a negative f has imaginary part pi)
  precise double lx = 0.0lf, lf = 0.0lf;
  [[dont_unroll]] for (int k = 0; k < 2; k++) {
    if (k == 1 && !nt)
      break;
    precise double l = ga_round_if_single(ga_log_d(k == 0 ? xs : abs(f)), s);
    if (k == 0)
      lx = l;
    else
      lf = l;
  }
  precise double l1 = ga_round_if_single(ga_log1p_d(ga_neg_d(xs)), s);
  // the answer is exp (z), -expm1 (z) or x ^ a: a = 1 (bug #62329's forms), b = 1, and
  // the continued fraction's exp (a log (x) + b log1p (-x) + log (1 / B (a, b)) + log (f))
  precise double z;
  int form = 0;
  if (a1) {
    z = ga_step_mul(l1, b, s);
    form = up ? 0 : 1;
  } else if (b1) {
    z = ga_step_mul(lx, a, s);
    form = up ? 1 : 2;
  } else {
    precise double lg = ga_step_sub(ga_step_sub(gab, swap ? gb : ga, s), swap ? ga : gb, s);
    z = ga_step_add(ga_step_add(ga_step_add(ga_step_mul(as, lx, s), ga_step_mul(bs, l1, s), s), lg, s), lf, s);
  }
  precise double r;
  if (form == 2) {
    r = ga_round_if_single(ga_pow_d(x, a), s);
  } else if (form == 1) {
    r = ga_neg_d(ga_round_if_single(ga_expm1_d(z), s));
  } else {
    // f < 0: real (exp (z + i pi)) as glibc's cexp gives it, cos (pi) being -1, with its
    // scaling of a real part beyond 709 (88 in single)
    double t = s ? 88.0lf : 709.0lf;
    bool neg = nt && f < 0.0lf;
    precise double c = 1.0lf;
    if (neg) {
      c = -1.0lf;
      for (int k = 0; k < 2 && z > t; k++) {
        c = ga_step_mul(c, s ? 1.65163627e+38lf : 8.2184074615549724e+307lf, s);
        z = ga_step_sub(z, t, s);
      }
    }
    precise double e = ga_round_if_single(ga_exp_d(z), s);
    r = neg && z > t ? ga_step_mul(s ? 3.4028234663852886e+38lf : 1.7976931348623157e+308lf, c, s) : ga_step_mul(e, c, s);
  }
  return flag ? ga_step_sub(1.0lf, r, s) : r;
}

precise double ga_betainc_d(double x, double a, double b, int tail, bool s)
{
  precise double g[3];
  bool nt = a != 1.0lf && b != 1.0lf;
  [[dont_unroll]] for (int k = 0; k < 3 && nt; k++)
    g[k] = ga_bi_lgamma(k == 0 ? a : k == 1 ? b : ga_step_add(a, b, s), s);
  return ga_bi_core(x, a, b, tail, s, nt ? g[0] : 0.0lf, nt ? g[1] : 0.0lf, nt ? g[2] : 0.0lf);
}
